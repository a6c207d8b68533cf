"""One "today" for the office: the window dates everything by the office's clock and zone
(``office.time_zone``), never by the zone the workstation is set to. At 8 p.m. on a Friday in
San Antonio it is already Saturday in London and in Tokyo; a desk set to either still says
Friday on every screen and in every date it offers."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.core.errors import UserError
from ethics_desk.mail.ledger import record_mailing
from ethics_desk.models import IssuedDocument, MailMethod
from ethics_desk.storage.database import Database
from ethics_desk.ui.case.papers_panel import MailingDialog
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.screens.calendar_screen import CalendarScreen
from tests.conftest import OFFICE_TZ, set_workstation_zone
from tests.ui.conftest import signed_in_context

FRIDAY_EVENING = datetime(2026, 12, 4, 20, 0, tzinfo=OFFICE_TZ)
"""Friday 4 December 2026, 8 p.m. in San Antonio: Saturday already in London and Tokyo."""
FRIDAY = date(2026, 12, 4)
WORKSTATION_ZONES = ("Europe/London", "Asia/Tokyo")


def _desk_in(zone: str, database: Database, monkeypatch: pytest.MonkeyPatch) -> AppContext:
    """The clerk's context on a workstation set to ``zone``: its clock reads the moment as
    that workstation's clock does (the application's clock is the machine's, in its zone)."""
    set_workstation_zone(monkeypatch, zone)
    context = signed_in_context(database, "clerk", "demo")
    seen = FRIDAY_EVENING.astimezone(ZoneInfo(zone))
    assert seen.date() == date(2026, 12, 5)  # the workstation's own date is Saturday
    context.clock = lambda: seen
    return context


@pytest.mark.parametrize("zone", WORKSTATION_ZONES)
def test_the_inbox_says_the_offices_today_on_a_desk_set_to_another_zone_in_the_evening(
        zone: str, qtbot: QtBot, demo_database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    context = _desk_in(zone, demo_database, monkeypatch)
    assert context.today() == FRIDAY
    window = MainWindow(context)
    qtbot.addWidget(window)
    heading = window.inbox_screen.heading.text()
    assert "Today is Fri 2026-12-04" in heading, heading


@pytest.mark.parametrize("zone", WORKSTATION_ZONES)
def test_the_calendar_opens_on_the_offices_today_on_a_desk_set_to_another_zone(
        zone: str, qtbot: QtBot, demo_database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    context = _desk_in(zone, demo_database, monkeypatch)
    window = MainWindow(context)
    qtbot.addWidget(window)
    screen = window.calendar_screen
    assert isinstance(screen, CalendarScreen)
    chosen = screen.month_view.selectedDate()
    assert (chosen.year(), chosen.month(), chosen.day()) == (2026, 12, 4)


@pytest.mark.parametrize("zone", WORKSTATION_ZONES)
def test_a_mailing_is_offered_and_checked_against_the_offices_day(
        zone: str, qtbot: QtBot, demo_database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    context = _desk_in(zone, demo_database, monkeypatch)
    with demo_database.read_session() as session:
        document = session.scalars(select(IssuedDocument).where(
            IssuedDocument.voided_at.is_(None)).order_by(IssuedDocument.id)).first()
        assert document is not None
        document_id, case_id = document.id, document.complaint_id
        kind, recipient = document.kind, document.recipient
    dialog = MailingDialog(context, document_id, case_id, kind, recipient)
    qtbot.addWidget(dialog)
    assert dialog.mailed_on.date() == FRIDAY  # the office's Friday, not the desk's Saturday
    with pytest.raises(UserError, match="is in the future"):  # Saturday has not come yet
        record_mailing(demo_database, document_id, recipient_name=recipient or "Someone",
                       recipient_role="", recipient_ref="", address="1 Main St",
                       method=MailMethod.FIRST_CLASS, mailed_on=date(2026, 12, 5),
                       account=context.signed_in, clock=context.clock)
