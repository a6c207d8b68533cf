"""View → My deadlines in Outlook…: a person asks for their deadlines as invitations, the
loopback SMTP server receives them, and their open deadlines save as one .ics file."""

from __future__ import annotations

from pathlib import Path

from icalendar import Calendar
from pytestqt.qtbot import QtBot

from ethics_desk.ui.context import AppContext
from ethics_desk.ui.my_calendar import MyCalendarDialog
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import filed_case
from tests.mail.smtp_server import LoopbackSMTP
from tests.mail.test_email import configure


def test_asking_for_invitations_sends_ones_deadlines_and_stopping_cancels_them(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        smtp: LoopbackSMTP) -> None:
    configure(context.database, smtp.port)
    filed_case(controller)
    dialog = MyCalendarDialog(context)
    qtbot.addWidget(dialog)
    assert dialog.status.text() == "Your deadlines do not go to your calendar."
    dialog.mailbox.setText("maria.clerk@sanantonio.example")
    assert dialog.opt_in_button.isEnabled()
    dialog.opt_in_button.click()
    assert dialog.status.text() == "Sent 1 calendar message."
    dialog.send_button.click()
    assert dialog.status.text() == "Your calendar is up to date."
    dialog.opt_out_button.click()
    assert dialog.status.text() == "Sent 1 calendar message."
    methods = [str(Calendar.from_ical(part.get_content())["METHOD"])
               for item in smtp.received for part in item.message.walk()
               if part.get_content_type() == "text/calendar"]
    assert methods == ["REQUEST", "CANCEL"]


def test_ones_deadlines_save_as_an_ics_file(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        tmp_path: Path) -> None:
    filed_case(controller)
    dialog = MyCalendarDialog(context)
    qtbot.addWidget(dialog)
    written = dialog.save_file(tmp_path / "mine")
    assert written == tmp_path / "mine.ics"
    [event] = Calendar.from_ical(written.read_bytes()).walk("VEVENT")
    assert str(event["SUMMARY"]).startswith("ERB-2026-001: ")
    assert dialog.status.text() == "Saved 1 deadline(s) to mine.ics."


def test_an_open_window_sends_the_calendar_of_a_person_who_asked_without_send_now(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        smtp: LoopbackSMTP) -> None:
    from ethics_desk.mail import calendar as outlook
    from ethics_desk.ui.main_window import MainWindow
    from tests.conftest import CLOCK

    configure(context.database, smtp.port)
    outlook.opt_in(context.database, "maria.clerk@sanantonio.example",
                   account=context.signed_in, clock=CLOCK)
    sent_at_opt_in = len(smtp.received)
    filed_case(controller)  # a deadline the calendar has not been sent
    window = MainWindow(context)
    qtbot.addWidget(window)
    thread = window.start_calendar_sync()
    assert thread is not None
    thread.join(30)
    assert not thread.is_alive()
    assert len(smtp.received) == sent_at_opt_in + 1  # the new case's deadline, as an invitation
    window.close()


def test_the_window_sends_nothing_for_a_person_who_did_not_ask(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        smtp: LoopbackSMTP) -> None:
    from ethics_desk.ui.main_window import MainWindow

    configure(context.database, smtp.port)
    filed_case(controller)
    window = MainWindow(context)
    qtbot.addWidget(window)
    thread = window.sync_calendar()
    assert thread is not None
    thread.join(30)
    assert smtp.received == []
    window.close()
