"""The Board's findings in the case window (City Code §§ 2-85(b), (c)): the clerk records the
written notice of a rule not alleged through its form, and the resolution's form collects the
provisions found violated — "violation found" with none ticked is refused inside the form, and a
rule not alleged is refused until its ten business days have run, then saved with the finding."""

from __future__ import annotations

from datetime import datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QMessageBox
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.models import CaseState, Complaint, Disposition, RuleNotice, ViolationFinding
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import OFFICE_TZ
from tests.ui.test_case_documents import forwarded_case
from tests.ui.test_case_window import _act, _choose, _save, _window
from tests.ui.test_screenshot_tour import shoot
from tests.workflow.helpers import audit_actions

AFTER_THE_TEN_DAYS = datetime(2026, 12, 15, 10, 0, tzinfo=OFFICE_TZ)
"""The notice is given on Monday 30 November 2026; ten business days, counted by hand (Dec 1, 2,
3, 4, 7, 8, 9, 10, 11, 14), run to Monday 14 December: the violation may be found from the 15th."""


@pytest.fixture(autouse=True)
def _no_message_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A message box in these tests is a failure: refusals are said inside the form."""
    def refuse(box: QMessageBox) -> int:
        raise AssertionError(f"unexpected message: {box.text()} {box.informativeText()}")

    monkeypatch.setattr(QMessageBox, "exec", refuse)


def _tick(dialog: object, text: str) -> None:
    ticks = dialog.inputs["findings"]  # type: ignore[attr-defined]
    assert isinstance(ticks, QListWidget)
    [item] = ticks.findItems(text, Qt.MatchFlag.MatchContains)
    item.setCheckState(Qt.CheckState.Checked)


def test_a_rule_not_alleged_is_noticed_then_found_through_the_case_window(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    case_id = forwarded_case(controller)
    window = _window(qtbot, context, case_id)
    notice = _act(qtbot, window, "give_rule_notice")
    assert notice.inputs["provision"].accessibleName() == "Provision not alleged"
    _choose(notice, "provision", "§ 2-45 Gifts")
    assert notice.width() <= 800  # a long provision's title does not widen the dialog
    notice.resize(700, 360)
    shoot(notice, "case-give-rule-notice")
    _save(qtbot, notice)
    assert not notice.isVisible(), notice.message.text()
    with database.read_session() as session:
        assert len(session.scalars(select(RuleNotice)).all()) == 1
    assert audit_actions(database, case_id)[-1] == "event.give_rule_notice"

    resolve = _act(qtbot, window, "resolve")
    assert resolve.inputs["findings"].accessibleName() == "Provisions found violated (§ 2-85(b))"
    _choose(resolve, "disposition", Disposition.VIOLATION_FOUND.label)
    _save(qtbot, resolve)  # nothing ticked
    assert resolve.isVisible() and "names each provision" in resolve.message.text()
    _tick(resolve, "§ 2-45 Gifts")
    _save(qtbot, resolve)  # the tests' day, inside the ten business days
    assert resolve.isVisible()
    assert "may be found on or after 2026-12-15" in resolve.message.text()
    resolve.resize(920, 600)
    shoot(resolve, "case-resolve-finding-refused")
    resolve.reject()

    context.clock = lambda: AFTER_THE_TEN_DAYS
    later = _window(qtbot, context, case_id)
    resolve = _act(qtbot, later, "resolve")
    _choose(resolve, "disposition", Disposition.VIOLATION_FOUND.label)
    _tick(resolve, "§ 2-45 Gifts")
    _save(qtbot, resolve)
    assert not resolve.isVisible(), resolve.message.text()
    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None and complaint.state is CaseState.RESOLVED
        assert [f.alleged for f in session.scalars(select(ViolationFinding))] == [False]
