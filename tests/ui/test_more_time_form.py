"""Time granted to a respondent, in the case window (§ 2-83(e)(1); § 2-87(a)): the form offers
the respondents whose response is still due and the business days granted; saved, the response
date and the written opinion's move, and the case's history says by how much."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from ethics_desk.models import DeadlineStatus
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.workflow.controller import WorkflowController
from tests.ui.test_case_documents import forwarded_case
from tests.ui.test_case_window import _act, _choose, _save, _window
from tests.ui.test_screenshot_tour import shoot
from tests.workflow.helpers import audit_actions, deadlines


@pytest.fixture(autouse=True)
def _no_message_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A message box in these tests is a failure: refusals are said inside the form."""
    def refuse(box: QMessageBox) -> int:
        raise AssertionError(f"unexpected message: {box.text()} {box.informativeText()}")

    monkeypatch.setattr(QMessageBox, "exec", refuse)


def _due(database: Database, case_id: int, clock: str) -> date:
    [running] = [d for d in deadlines(database, case_id, clock)
                 if d.status is DeadlineStatus.OPEN]
    return running.due_on


def test_the_clerk_records_time_granted_to_the_respondent(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    case_id = forwarded_case(controller)
    response, opinion = _due(database, case_id, "response"), _due(database, case_id, "opinion")
    window = _window(qtbot, context, case_id)
    dialog = _act(qtbot, window, "grant_more_time")
    assert dialog.inputs["days"].accessibleName() == "More time granted"
    assert dialog.inputs["respondent"].currentText() == "Nguyễn Thị Minh Khai"  # the one due
    _choose(dialog, "days", "5 business days")
    _save(qtbot, dialog)  # who granted it left empty
    assert dialog.isVisible() and "Say who granted the time" in dialog.message.text()
    dialog.inputs["by"].setText("the Ethics Review Board, by its Chair")
    dialog.resize(700, 430)
    shoot(dialog, "case-grant-more-time")
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    assert audit_actions(database, case_id)[-1] == "event.grant_more_time"
    moved = _due(database, case_id, "response")
    assert moved > response  # five business days later, a week in calendar days
    assert (moved - response).days == 7
    assert (_due(database, case_id, "opinion") - opinion).days >= 7
