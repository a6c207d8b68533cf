"""The Records requests screen: the Public Information Act log (Gov't Code ch. 552,
§ 2-83(h)(3)) as the Records officer works it — log a request, read its clocks and the (h)(1)
status of its records, record the steps, and be refused a release the law forbids."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit
from pytestqt.qtbot import QtBot

from ethics_desk.core.errors import RuleError, UserError
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import DeadlineStatus, RequestChannel, RulingBy, RulingOutcome
from ethics_desk.models import Complaint
from ethics_desk.public_information import NewRequest, RequestView, close_request, log_request
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.main_window import SCREENS, MainWindow
from ethics_desk.ui.screens.requests_screen import RequestsScreen
from tests.conftest import CLOCK
from tests.ui.conftest import make_account, signed_in_context


@pytest.fixture
def records_context(demo_database: Database) -> AppContext:
    """The Records officer signed in on the demonstration database."""
    make_account(demo_database, "rosa", "Rosa Records", Role.RECORDS)
    return signed_in_context(demo_database, "rosa")


def _pending_case_number(database: Database) -> str:
    with database.read_session() as session:
        for complaint in session.query(Complaint).all():
            if complaint.state.is_pending and complaint.case_number:
                return complaint.case_number
    raise AssertionError("the demonstration has a pending complaint")


def _screen(qtbot: QtBot, context: AppContext) -> RequestsScreen:
    screen = RequestsScreen(context)
    qtbot.addWidget(screen)
    screen.resize(1200, 700)
    screen.show()
    return screen


def test_the_records_officer_logs_a_request_and_sees_its_clocks_and_the_h1_status(
        qtbot: QtBot, records_context: AppContext) -> None:
    screen = _screen(qtbot, records_context)
    number = _pending_case_number(records_context.database)
    dialog = screen.log_dialog()
    qtbot.addWidget(dialog)
    dialog.findChild(QLineEdit, "requesterName").setText("Maria Gomez")
    dialog.findChild(QPlainTextEdit, "askedFor").setPlainText("The complaint and its exhibits")
    dialog.findChild(QLineEdit, "caseNumbers").setText(number)
    channel = dialog.findChild(QComboBox, "requestChannel")
    channel.setCurrentIndex(channel.findData(RequestChannel.HAND))
    before = screen.requests.rowCount()  # the demonstration's own requests
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    logged = dialog.result_value
    assert isinstance(logged, RequestView) and logged.requester_name == "Maria Gomez"
    screen.refresh(select=logged.request_id)
    assert screen.requests.rowCount() == before + 1
    view = screen.selected()
    assert view is not None and view.number == logged.number
    assert screen.clocks.rowCount() == 3
    assert "§ 552.301(b), (d)" in screen.explanation.toPlainText()
    assert screen.records.rows()[0].pending
    assert "§ 2-83(h)(1)" in screen.records.rows()[0].h1_status


def test_a_release_about_a_pending_complaint_is_refused_and_the_dialog_stays_open(
        qtbot: QtBot, records_context: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    database = records_context.database
    logged = log_request(database,
                         NewRequest(
        requester_name="Maria Gomez", channel=RequestChannel.EMAIL, asked_for="The complaint",
        received_on=date(2026, 11, 30), case_numbers=(_pending_case_number(database),)),
                         account=records_context.account, clock=CLOCK)
    shown: list[UserError] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda _parent, error, _title="": shown.append(error))
    screen = _screen(qtbot, records_context)
    screen.refresh(select=logged.request_id)
    dialog = screen.act_dialog("release")
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted  # still open, nothing lost
    assert len(shown) == 1 and isinstance(shown[0], RuleError)
    assert "§ 2-83(h)(1)" in str(shown[0])
    assert dialog.findChild(DateField, "releasedOn").date() == date(2026, 11, 30)


def test_a_mailed_request_without_a_known_receipt_takes_its_date_from_the_postmark(
        qtbot: QtBot, records_context: AppContext) -> None:
    screen = _screen(qtbot, records_context)
    dialog = screen.log_dialog()
    qtbot.addWidget(dialog)
    dialog.findChild(QLineEdit, "requesterName").setText("Juan Perez")
    dialog.findChild(QPlainTextEdit, "askedFor").setPlainText("The Board's minutes")
    channel = dialog.findChild(QComboBox, "requestChannel")
    channel.setCurrentIndex(channel.findData(RequestChannel.MAIL))
    dialog.findChild(DateField, "receivedOn").set_date(None)
    dialog.findChild(DateField, "postmarkedOn").set_date(date(2026, 11, 20))
    dialog.accept()
    logged = dialog.result_value
    assert isinstance(logged, RequestView)
    screen.refresh(select=logged.request_id)
    view = screen.selected()
    assert view is not None and view.received_on == date(2026, 11, 25)  # § 552.301(a-1)


def test_the_clerk_has_no_records_requests_screen(qtbot: QtBot,
                                                  demo_context: AppContext) -> None:
    window = MainWindow(demo_context)
    qtbot.addWidget(window)
    window.show()
    window.go("requests")
    assert window.current_screen() == "inbox"
    assert window.navigation.item(SCREENS.index("requests")).isHidden()


def test_the_inbox_tells_the_records_officer_of_the_requests_and_the_clerk_nothing(
        qtbot: QtBot, records_context: AppContext, demo_context: AppContext) -> None:
    officer = MainWindow(records_context)
    qtbot.addWidget(officer)
    officer.show()
    officer.inbox_screen.refresh()
    line = officer.inbox_screen.requests_line
    assert line.isVisible() and line.text().startswith("Public Information Act: 2 open")
    clerk = MainWindow(demo_context)
    qtbot.addWidget(clerk)
    clerk.show()
    clerk.inbox_screen.refresh()
    assert not clerk.inbox_screen.requests_line.isVisible()
    assert clerk.inbox_screen.requests_line.text() == ""


def test_withholding_without_a_ruling_asked_is_refused_until_a_previous_determination_is_cited(
        qtbot: QtBot, records_context: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    logged = log_request(records_context.database, NewRequest(
        requester_name="Maria Gomez", channel=RequestChannel.EMAIL, asked_for="The minutes",
        received_on=date(2026, 11, 30)), account=records_context.account, clock=CLOCK)
    shown: list[UserError] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda _parent, error, _title="": shown.append(error))
    screen = _screen(qtbot, records_context)
    screen.refresh(select=logged.request_id)
    dialog = screen.act_dialog("ruling")
    assert dialog is not None
    qtbot.addWidget(dialog)
    by = dialog.findChild(QComboBox, "rulingBy")
    by.setCurrentIndex(by.findData(RulingBy.CITY_ATTORNEY))
    outcome = dialog.findChild(QComboBox, "rulingOutcome")
    outcome.setCurrentIndex(outcome.findData(RulingOutcome.WITHHOLD))
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted  # refused; the dialog stays open
    assert len(shown) == 1 and "§ 552.301(a)" in str(shown[0])
    dialog.findChild(QLineEdit, "previousDetermination").setText("Open Records Decision No. 684")
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    screen.refresh(select=logged.request_id)
    assert "previous determination Open Records Decision No. 684" in (
        screen.explanation.toPlainText())


def test_the_screen_says_what_552_302_presumes_once_a_clock_was_missed_before_the_close(
        qtbot: QtBot, records_context: AppContext) -> None:
    database = records_context.database
    logged = log_request(database, NewRequest(
        requester_name="Juan Perez", channel=RequestChannel.EMAIL, asked_for="The minutes",
        received_on=date(2026, 11, 2)), account=records_context.account, clock=CLOCK)
    close_request(database, logged.request_id, account=records_context.account,
                  closed_on=date(2026, 11, 30), clock=CLOCK)
    screen = _screen(qtbot, records_context)
    screen.show_closed.setChecked(True)
    screen.refresh(select=logged.request_id)
    row = [v.request_id for v in screen.requests.rows()].index(logged.request_id)
    assert screen.requests.index(row, 5).data() == "Closed, presumed public (§ 552.302)"
    assert [c.status for c in screen.clocks.rows()][:2] == [DeadlineStatus.MISSED] * 2
    assert screen.clocks.index(0, 3).data() == "Missed"
    assert "§ 552.302: missed" in screen.explanation.toPlainText()
    assert "presumed to be subject to required public disclosure" in (
        screen.explanation.toPlainText())


def test_the_exceptions_claimed_are_recorded_from_the_screen_and_listed(
        qtbot: QtBot, records_context: AppContext) -> None:
    logged = log_request(records_context.database, NewRequest(
        requester_name="Juan Perez", channel=RequestChannel.EMAIL, asked_for="The minutes",
        received_on=date(2026, 11, 30)), account=records_context.account, clock=CLOCK)
    screen = _screen(qtbot, records_context)
    screen.refresh(select=logged.request_id)
    dialog = screen.act_dialog("exceptions")
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.findChild(QPlainTextEdit, "exceptionsClaimed").setPlainText(
        "§ 552.101 — information confidential by law: City Code § 2-83(h)(1)")
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    screen.refresh(select=logged.request_id)
    assert ("Exceptions claimed (Gov't Code § 552.301(b)): § 552.101 — information "
            "confidential by law") in screen.explanation.toPlainText()
    asked = screen.act_dialog("asked")
    assert asked is not None
    qtbot.addWidget(asked)
    assert asked.findChild(QPlainTextEdit, "exceptionsClaimed").toPlainText().startswith(
        "§ 552.101")


def test_the_requesters_answer_to_a_clarification_restarts_the_clocks_on_the_screen(
        qtbot: QtBot, records_context: AppContext) -> None:
    logged = log_request(records_context.database, NewRequest(
        requester_name="Juan Perez", channel=RequestChannel.EMAIL, asked_for="Everything",
        received_on=date(2026, 11, 16)), account=records_context.account, clock=CLOCK)
    screen = _screen(qtbot, records_context)
    screen.refresh(select=logged.request_id)
    dialog = screen.act_dialog("clarify")
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.findChild(DateField, "clarificationAskedOn").set_date(date(2026, 11, 18))
    dialog.findChild(QPlainTextEdit, "clarificationQuestion").setPlainText("Which months?")
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    screen.refresh(select=logged.request_id)
    assert screen.clocks.index(0, 3).data() == "Waiting for the clarification"
    row = [v.request_id for v in screen.requests.rows()].index(logged.request_id)
    assert "wait for the requester's clarification" in screen.requests.index(row, 4).data()
    assert "Clarification asked 2026-11-18 (awaiting the answer" in (
        screen.explanation.toPlainText())
    answered = screen.act_dialog("clarified")
    assert answered is not None
    qtbot.addWidget(answered)
    answered.accept()  # received today, 30 November
    assert answered.result() == answered.DialogCode.Accepted
    screen.refresh(select=logged.request_id)
    assert screen.clocks.index(0, 2).data() == "2026-12-14"  # ten business days from the answer
    assert screen.clocks.index(0, 3).data() == "Open"
    assert "City of Dallas v. Abbott" in screen.explanation.toPlainText()


def test_a_cost_estimate_is_recorded_from_the_screen_and_a_bad_line_keeps_the_dialog_open(
        qtbot: QtBot, records_context: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    logged = log_request(records_context.database, NewRequest(
        requester_name="Juan Perez", channel=RequestChannel.EMAIL, asked_for="Everything",
        received_on=date(2026, 11, 30)), account=records_context.account, clock=CLOCK)
    shown: list[UserError] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda _parent, error, _title="": shown.append(error))
    screen = _screen(qtbot, records_context)
    screen.refresh(select=logged.request_id)
    dialog = screen.act_dialog("estimate")
    assert dialog is not None
    qtbot.addWidget(dialog)
    items = dialog.findChild(QPlainTextEdit, "estimateItems")
    items.setPlainText("Paper copies 120 at 0.10")
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted and len(shown) == 1
    assert items.toPlainText() == "Paper copies 120 at 0.10"  # nothing typed is lost
    items.setPlainText("Paper copies; 120; 0.10\nLabor, hours; 2.5; 15.00")
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
    screen.refresh(select=logged.request_id)
    assert ("Estimated charges $49.50, sent 2026-11-30; the requester answers by 2026-12-14 "
            "(Gov't Code § 552.2615(b))") in screen.explanation.toPlainText()
