"""The Retention screen as the Records officer uses it: the disposal list of the day, a
disposal only after a confirmation that names the case and says it cannot be undone, holds
placed and released with their reasons, the adopted period, the log; the City Attorney's
Office sees the holds only."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.core.clock import fixed_clock
from ethics_desk.models import Complainant, Complaint, DisposalRecord, HoldKind
from ethics_desk.retention.holds import place_hold
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.screens.retention_screen import RetentionScreen
from tests.conftest import OFFICE_TZ
from tests.ui.conftest import sign_in_through_dialog

LATER = datetime(2029, 1, 15, 10, 0, tzinfo=OFFICE_TZ)
"""A day when the demonstration's cases resolved in 2026 have been eligible for weeks."""


def records_context(database: Database, login: str = "records") -> AppContext:
    """The demonstration's ``login`` signed in through the sign-in dialog, the clock at
    :data:`LATER`."""
    context = AppContext(database, clock=fixed_clock(LATER))
    context.account = sign_in_through_dialog(context, login, "demo")
    return context


@pytest.fixture
def screen(qtbot: QtBot, demo_database: Database) -> RetentionScreen:
    """The Records officer's Retention screen on the demonstration database."""
    shown = RetentionScreen(records_context(demo_database))
    qtbot.addWidget(shown)
    shown.show()
    return shown


def _complainants(database: Database, number: str) -> int:
    with database.read_session() as session:
        case = session.scalar(select(Complaint.id).where(Complaint.case_number == number))
        return len(session.scalars(select(Complainant).where(Complainant.complaint_id == case))
                   .all())


def test_the_records_officer_disposes_after_a_confirmation_naming_the_case(
        screen: RetentionScreen, demo_database: Database) -> None:
    assert screen.eligible.rowCount() > 0
    screen.eligible_view.selectRow(0)
    line = screen.selected_line()
    assert line is not None and line.eligible_on <= date(2029, 1, 15)
    asked: list[str] = []
    screen.confirm = lambda question: asked.append(question) or True
    assert screen.dispose_selected()
    assert line.case_number in asked[0] and "cannot be undone" in asked[0]
    assert _complainants(demo_database, line.case_number) == 0
    assert [e.case_number for e in screen.log.rows()] == [line.case_number]
    assert line.case_number not in {r.case_number for r in screen.eligible.rows()}
    assert line.case_number in screen.status.text()


def test_declining_the_confirmation_destroys_nothing(screen: RetentionScreen,
                                                     demo_database: Database) -> None:
    screen.eligible_view.selectRow(0)
    line = screen.selected_line()
    assert line is not None
    before = _complainants(demo_database, line.case_number)
    screen.confirm = lambda _question: False
    assert not screen.dispose_selected()
    assert _complainants(demo_database, line.case_number) == before
    with demo_database.read_session() as session:
        assert session.scalars(select(DisposalRecord)).all() == []


def test_a_hold_placed_on_the_screen_moves_the_case_to_the_held_list_until_released(
        qtbot: QtBot, screen: RetentionScreen) -> None:
    number = screen.eligible.rows()[0].case_number
    screen.hold_kind.setCurrentIndex(list(HoldKind).index(HoldKind.LITIGATION))
    screen.hold_cases.setText(number)
    screen.hold_reason.setText("Ruiz v. City of San Antonio")
    assert screen.place_hold() is not None
    assert number in {r.case_number for r in screen.held.rows()}
    assert number not in {r.case_number for r in screen.eligible.rows()}
    screen.holds_view.selectRow(0)
    dialog = screen.release_dialog()
    assert dialog is not None
    qtbot.waitExposed(dialog)
    reason = dialog.findChild(type(screen.hold_reason), "releaseReason")
    assert reason is not None
    reason.setText("Dismissed with prejudice")
    dialog.save()
    assert not dialog.isVisible()
    assert number in {r.case_number for r in screen.eligible.rows()}
    assert not screen.holds.rows()[0].in_force


def test_a_refused_hold_is_said_under_the_form_and_keeps_what_was_typed(
        screen: RetentionScreen) -> None:
    screen.hold_cases.setText("ERB-2099-999")
    screen.hold_reason.setText("Audit AU-29-01")
    assert screen.place_hold() is None
    assert "There is no case ERB-2099-999" in screen.hold_message.text()
    assert screen.hold_cases.text() == "ERB-2099-999"
    assert screen.hold_reason.text() == "Audit AU-29-01"


def test_the_office_lengthens_the_period_and_the_list_follows(
        screen: RetentionScreen) -> None:
    assert screen.years.minimum() == 2  # never below the State's minimum, GR1000-24
    screen.years.setValue(10)
    assert screen.adopt()
    assert screen.eligible.rowCount() == 0
    assert "10 years" in screen.list_caption.text()


def test_the_city_attorney_sees_the_holds_only(qtbot: QtBot, demo_database: Database) -> None:
    attorney = RetentionScreen(records_context(demo_database, "attorney"))
    qtbot.addWidget(attorney)
    assert [attorney.tabs.tabText(i) for i in range(attorney.tabs.count())] == ["Hold&s"]


def test_a_held_case_is_listed_with_the_reason(screen: RetentionScreen,
                                               demo_database: Database) -> None:
    number = screen.eligible.rows()[-1].case_number
    context = screen.context
    place_hold(demo_database, account=context.signed_in, clock=context.clock, kind=HoldKind.AUDIT,
               reason="City Auditor AU-29-02", case_numbers=[number])
    screen.refresh()
    [held] = [r for r in screen.held.rows() if r.case_number == number]
    assert "AU-29-02" in held.held_because
