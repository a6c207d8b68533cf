"""A civil penalty of § 2-83(g)(2)(a) through the real windows: shown on the case with its due
date, its payment recorded from the case window, the Board screen's list of what is outstanding;
and the office's time on a workstation set to another zone."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from pytestqt.qtbot import QtBot

from ethics_desk.models import CaseState
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.date_field import DateTimeField
from ethics_desk.ui.screens.board_screen import BoardScreen
from ethics_desk.workflow import WaivePenalty
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import HEARING_AT, PENALTY_DUE_ON, frivolous, later
from tests.conftest import OFFICE_TZ, set_workstation_zone
from tests.ui.conftest import type_text
from tests.ui.test_case_window import _act, _choose, _save, _window
from tests.workflow.helpers import case

AFTER_THE_MEETING = HEARING_AT + timedelta(hours=3)


@pytest.fixture
def _workstation_in_utc(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workstation's clock set to UTC, not the office's zone."""
    set_workstation_zone(monkeypatch, "UTC")


def test_a_civil_penalty_is_shown_on_the_case_and_its_payment_recorded_in_the_window(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    case_id = frivolous(controller)
    context.clock = lambda: AFTER_THE_MEETING
    window = _window(qtbot, context, case_id)
    summary = window.summary.toPlainText()
    assert "Civil penalties — § 2-83(g)(2)(a)" in summary
    assert "$350.00, imposed 2026-12-10, due 2027-01-11 — Outstanding, due 2027-01-11" in summary
    dialog = _act(qtbot, window, "record_penalty_payment")
    dialog.inputs["amount"].setText("300")
    _save(qtbot, dialog)  # not the whole penalty: refused, the amount kept
    assert dialog.isVisible()
    assert "The civil penalty is $350.00; $300.00 was entered" in dialog.message.text()
    assert dialog.inputs["amount"].text() == "300"
    dialog.inputs["amount"].setText("350.00")
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    assert "$350.00, imposed 2026-12-10, due 2027-01-11 — Paid 2026-12-10 ($350.00)" in \
        window.summary.toPlainText()
    button = window.action_buttons["record_penalty_payment"]
    assert not button.isEnabled() and "No civil penalty is outstanding" in button.toolTip()
    assert case(controller.database, case_id).state is CaseState.RESOLVED


def test_a_civil_penalty_waived_from_the_case_window_names_by_whom_and_why(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    case_id = frivolous(controller)
    context.clock = lambda: AFTER_THE_MEETING
    window = _window(qtbot, context, case_id)
    dialog = _act(qtbot, window, "record_penalty_payment")
    _choose(dialog, "outcome", "Waived")
    dialog.inputs["reason"].setPlainText("Hardship shown at the meeting.")
    _save(qtbot, dialog)  # who waived it is missing: refused, the reason kept
    assert dialog.isVisible() and "who waived" in dialog.message.text()
    assert dialog.inputs["reason"].toPlainText() == "Hardship shown at the meeting."
    dialog.inputs["by"].setText("The Ethics Review Board")
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    assert ("Waived 2026-12-10 by The Ethics Review Board: Hardship shown at the meeting."
            in window.summary.toPlainText())
    assert "waive_penalty" not in window.action_buttons  # one button for payment or waiver


def test_the_board_screen_lists_each_civil_penalty_outstanding_and_marks_it_overdue(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    case_id = frivolous(controller)
    context.clock = lambda: datetime(2027, 1, 12, 9, 0, tzinfo=OFFICE_TZ)  # a day past due
    screen = BoardScreen(context)
    qtbot.addWidget(screen)
    screen.show()
    qtbot.waitExposed(screen)
    [line] = screen.penalties.rows()
    assert (line.case_number, line.amount, line.due_on) == ("ERB-2026-001", "$350.00",
                                                           PENALTY_DUE_ON)
    row = [screen.penalties.index(0, c).data() for c in range(screen.penalties.columnCount())]
    assert row == ["ERB-2026-001", "José Peña", "$350.00", "2026-12-10", "2027-01-11",
                   "Overdue since 2027-01-11"]
    later(controller, AFTER_THE_MEETING).fire(case_id, WaivePenalty(
        waived_by="The Ethics Review Board", reason="Hardship shown at its meeting."))
    screen.refresh()
    assert screen.penalties.rows() == []


@pytest.mark.usefixtures("_workstation_in_utc")
def test_on_a_workstation_set_to_utc_the_case_shows_and_takes_the_offices_time(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    case_id = frivolous(controller, sanctions=False)
    window = _window(qtbot, context, case_id)
    assert "received 2026-11-30 10:00 CST" in window.header.text()
    assert "UTC" not in window.header.text()
    field = DateTimeField(window, today=date(2026, 11, 30))
    qtbot.addWidget(field)
    type_text(qtbot, field.edit, "2026-12-15 14:00")
    assert field.moment() == datetime(2026, 12, 15, 14, 0, tzinfo=OFFICE_TZ)
    field.set_moment(datetime(2026, 12, 16, 2, 0, tzinfo=UTC))  # 8 p.m. in San Antonio
    assert field.edit.text() == "2026-12-15 20:00"
