"""The hearing a party requests under § 2-83(e)(4), in the case window: the clerk schedules it
through its form (a time less than 72 hours ahead refused inside the form, naming the earliest
time, Gov't Code § 551.043), issues nothing yet, and records it held once the day has come."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from PySide6.QtWidgets import QLabel, QLineEdit, QMessageBox
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.models import Hearing, HearingKind, PartyRole
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.mnemonics import mnemonic_of, window_mnemonics
from ethics_desk.workflow import RequestHearing
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import NOW
from tests.ui.test_case_documents import forwarded_case
from tests.ui.test_case_window import _act, _save, _window
from tests.ui.test_screenshot_tour import shoot
from tests.workflow.helpers import audit_actions

PLACE = "City Council Chambers, 114 W. Commerce St."


@pytest.fixture(autouse=True)
def _no_message_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A message box in these tests is a failure: refusals are said inside the form."""
    def refuse(box: QMessageBox) -> int:
        raise AssertionError(f"unexpected message: {box.text()} {box.informativeText()}")

    monkeypatch.setattr(QMessageBox, "exec", refuse)


def _hearing(database: Database) -> Hearing:
    with database.read_session() as session:
        hearing = session.scalar(select(Hearing).where(Hearing.kind == HearingKind.REQUESTED))
        assert hearing is not None
        session.expunge(hearing)
        return hearing


def test_the_clerk_schedules_the_requested_hearing_at_least_72_hours_ahead(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    case_id = forwarded_case(controller)
    controller.fire(case_id, RequestHearing(party=PartyRole.COMPLAINANT, received_on=NOW.date()))
    window = _window(qtbot, context, case_id)
    assert not window.action_buttons["record_hearing"].isEnabled()
    dialog = _act(qtbot, window, "schedule_hearing")
    assert dialog.inputs["hearing_at"].accessibleName() == "Hearing date and time (e)(4)"
    labels = [label for label in dialog.findChildren(QLabel) if label.buddy()]
    assert labels and all(mnemonic_of(label.text()) for label in labels)  # Alt to each field
    assert all(len(texts) == 1 for texts in window_mnemonics(dialog).values())
    place = dialog.inputs["place"]
    assert isinstance(place, QLineEdit) and place.accessibleName() == "Hearing place (e)(4)"
    place.setText(PLACE)
    dialog.inputs["hearing_at"].set_moment(datetime(2026, 12, 3, 9, 0))  # 71 hours ahead
    _save(qtbot, dialog)
    assert dialog.isVisible()
    assert "at least 72 hours before it" in dialog.message.text()
    assert "Set the hearing for 2026-12-03 10:00 CST or later." in dialog.message.text()
    dialog.resize(700, 360)
    shoot(dialog, "case-schedule-hearing-refused")  # the tour's view of the refusal
    assert _hearing(database).scheduled_at is None
    dialog.inputs["hearing_at"].set_moment(datetime(2026, 12, 3, 10, 0))  # 72 hours exactly
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    hearing = _hearing(database)
    assert hearing.scheduled_at is not None and hearing.place == PLACE
    assert audit_actions(database, case_id)[-1] == "event.schedule_hearing"
    assert not window.action_buttons["schedule_hearing"].isEnabled()
    assert window.action_buttons["record_hearing"].isEnabled()
    held = _act(qtbot, window, "record_hearing")
    assert held.inputs["appeared"].accessibleName() == "Who appeared"
    assert held.inputs["on"].date() == date(2026, 11, 30)
    _save(qtbot, held)  # today, before the day it was set for: refused in the form
    assert held.isVisible() and "scheduled for 2026-12-03" in held.message.text()
    held.resize(700, 420)
    shoot(held, "case-record-hearing-refused")
    assert _hearing(database).held_on is None
