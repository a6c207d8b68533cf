"""The screenshot tour: every screen and every intake page, saved as PNG when
``ETHICS_DESK_SCREENSHOTS=<folder>`` is set (so a person can look at them), and always checked
to render at a usable size."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.intake.wizard import IntakeWizard
from ethics_desk.ui.main_window import SCREENS, MainWindow
from ethics_desk.ui.screens.lazy import LazyScreen
from ethics_desk.workflow.controller import WorkflowController
from tests.ui.intake_driver import (
    exhibit_pdf,
    fill_affidavit,
    fill_allegation,
    fill_complainant,
    fill_documents,
    fill_facts,
    fill_oath,
    fill_respondent,
    fill_witnesses,
    next_page,
)


def shoot(widget: QWidget, name: str, qtbot: QtBot | None = None) -> None:
    """Grab the widget; save it when screenshots are asked for.

    With ``qtbot``, first give QPdfView the moment it needs to render pages in the background.
    """
    if qtbot is not None:
        qtbot.wait(400)
    pixmap = widget.grab()
    assert pixmap.width() >= 400 and pixmap.height() >= 300, name
    folder = os.environ.get("ETHICS_DESK_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        assert pixmap.save(str(Path(folder) / f"{name}.png"))


def test_tour_of_the_main_window(qtbot: QtBot, demo_context: AppContext) -> None:
    window = MainWindow(demo_context)
    qtbot.addWidget(window)
    window.resize(1180, 760)
    window.show()
    qtbot.waitExposed(window)
    for number, key in enumerate(SCREENS, start=1):
        if not window.allows(key):  # the Records officer's: test_tour_of_the_retention_screen
            continue
        window.go(key)
        shown = window.stack.currentWidget()
        content = shown.content() if isinstance(shown, LazyScreen) else shown
        qtbot.waitUntil(lambda: content.isVisible() and content.width() > 400)  # noqa: B023
        qtbot.wait(50)  # a screen built just now is laid out and painted
        shoot(window, f"main-{number}-{key}")


def test_tour_of_the_records_requests_screen(qtbot: QtBot, demo_context: AppContext) -> None:
    from tests.ui.window_tour import records_window

    for number, stop in enumerate(records_window(qtbot, demo_context)):
        qtbot.wait(50)  # laid out and painted
        shoot(stop.window, f"requests-{number}-{stop.name.split()[0]}")


def test_tour_of_the_audit_trail_screen(qtbot: QtBot, demo_context: AppContext) -> None:
    from tests.ui.window_tour import audit_window

    for stop in audit_window(qtbot, demo_context):
        qtbot.wait(50)  # laid out and painted
        shoot(stop.window, "audit-0-screen")


def test_tour_of_the_intake_wizard(qtbot: QtBot, context: AppContext, tmp_path: Path) -> None:
    wizard = IntakeWizard(context)
    qtbot.addWidget(wizard)
    wizard.resize(980, 780)
    wizard.show()
    qtbot.waitExposed(wizard)
    next_page(qtbot, wizard)  # an empty page shows its messages
    shoot(wizard, "intake-0-complainant-messages")
    steps = [(fill_complainant, "1-complainant"), (fill_respondent, "2-respondents"),
             (fill_allegation, "3-allegation"), (fill_facts, "4-facts"),
             (fill_witnesses, "4-facts-witnesses"),
             (lambda q, w: fill_documents(q, w, exhibit_pdf(tmp_path)), "5-documents"),
             (fill_affidavit, "6-affidavit"), (fill_oath, "7-signing")]
    for fill, name in steps:
        fill(qtbot, wizard)
        shoot(wizard, f"intake-{name}", qtbot if "signing" in name else None)
        if name != "4-facts":  # the facts' step is shot again with its witnesses
            next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.REVIEW
    shoot(wizard, "intake-8-review")
    wizard.accept()
    papers = wizard.result_dialog
    assert papers is not None
    papers.resize(840, 900)
    qtbot.waitExposed(papers)
    shoot(papers, "intake-9-filing-papers", qtbot)
    papers.close()


def test_tour_of_case_windows_in_each_main_state(qtbot: QtBot, demo_context: AppContext) -> None:
    from sqlalchemy import select

    from ethics_desk.models import CaseState, Complaint
    from ethics_desk.ui.case.case_window import CaseWindow

    wanted = [CaseState.FILED, CaseState.UNDER_REVIEW, CaseState.CAMPAIGN_FINANCE,
              CaseState.AWAITING_RESPONSE, CaseState.REPLY_FILED, CaseState.RESOLVED]
    with demo_context.database.read_session() as session:
        ids = {state: session.scalar(select(Complaint.id).where(Complaint.state == state)
                                     .order_by(Complaint.id).limit(1)) for state in wanted}
    for number, state in enumerate(wanted, start=1):
        case_id = ids[state]
        assert case_id is not None, state
        window = CaseWindow(demo_context, case_id)
        qtbot.addWidget(window)
        window.resize(1100, 760)
        window.show()
        qtbot.waitExposed(window)
        shoot(window, f"case-{number}-{state.value}")
        if state is CaseState.UNDER_REVIEW:
            window.tabs.setCurrentIndex(2)
            shoot(window, f"case-{number}-{state.value}-reviews")
            window.tabs.setCurrentIndex(3)
            window.deadlines_view.selectRow(0)
            shoot(window, f"case-{number}-{state.value}-deadlines")
            button = window.action_buttons["record_review"]
            button.click()
            window.dialog.resize(700, 560)
            qtbot.waitExposed(window.dialog)
            shoot(window.dialog, "case-review-form")
            window.dialog.reject()
        if state is CaseState.AWAITING_RESPONSE:  # the (e) notice issued, mailed certified
            window.tabs.setCurrentWidget(window.papers)
            assert window.papers.issued.rowCount() and window.papers.mailings.rowCount()
            shoot(window, f"case-{number}-{state.value}-papers")
        if state is CaseState.REPLY_FILED:  # the filed papers, and entering one into a record
            window.tabs.setCurrentWidget(window.hearing_record.parentWidget())
            window.documents_view.selectRow(window.documents.rowCount() - 1)
            shoot(window, f"case-{number}-{state.value}-documents")
            dialog = window.hearing_record.open_enter_dialog()
            assert dialog is not None
            dialog.resize(760, 360)
            qtbot.waitExposed(dialog)
            shoot(dialog, "case-enter-into-record")  # § 2-83(h)(2)
            dialog.reject()
        window.close()


def test_tour_of_signing_in_and_the_accounts(qtbot: QtBot, demo_context: AppContext) -> None:
    from ethics_desk.ui.accounts_dialog import AccountsDialog
    from ethics_desk.ui.sign_in import SignInDialog
    from tests.ui.conftest import signed_in_context

    dialog = SignInDialog(demo_context)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.message.setText("The login or the password is not right. Type them again.")
    shoot(dialog, "signin-1-dialog")
    admin = signed_in_context(demo_context.database, "admin", "demo")
    accounts = AccountsDialog(admin)
    qtbot.addWidget(accounts)
    accounts.show()
    qtbot.waitExposed(accounts)
    shoot(accounts, "signin-2-staff-accounts")
    member = MainWindow(signed_in_context(demo_context.database, "member", "demo"))
    qtbot.addWidget(member)
    member.resize(1180, 760)
    member.show()
    qtbot.waitExposed(member)
    member.go("inbox")
    member.inbox_screen.show_view("All cases")
    qtbot.wait(50)
    shoot(member, "signin-3-a-board-members-inbox")


@pytest.mark.sqlite_file  # a backup of the file is restored into the file
def test_tour_of_the_restore_dialog(qtbot: QtBot, demo_database: Database,
                                    tmp_path: Path) -> None:
    from ethics_desk.maintenance.backup import backup_sqlite
    from ethics_desk.ui.restore_dialog import RestoreDialog
    from tests.conftest import CLOCK
    from tests.ui.conftest import signed_in_context

    backup = backup_sqlite(tmp_path / "demo.sqlite", tmp_path / "backup.sqlite",
                           clock=CLOCK).path
    dialog = RestoreDialog(signed_in_context(demo_database, "admin", "demo"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.path.setText(str(backup))
    dialog.look()
    qtbot.waitUntil(lambda: dialog.restore_button.isEnabled(), timeout=30000)
    shoot(dialog, "restore-a-backup")


def test_tour_of_the_retention_screen(qtbot: QtBot, demo_database: Database) -> None:
    """The Records officer's screen at 1280 × 720, on a day when the demonstration's resolved
    cases are eligible: one held, one disposed of, each tab, the release and the paper."""
    from ethics_desk.models import HoldKind
    from ethics_desk.retention.disposal import dispose
    from ethics_desk.retention.holds import place_hold
    from ethics_desk.ui.screens.retention_screen import RetentionScreen
    from tests.ui.test_retention_screen import records_context

    context = records_context(demo_database)
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.go("retention")
    screen = window.retention_screen
    assert isinstance(screen, RetentionScreen)
    first, second = screen.eligible.rows()[:2]
    place_hold(demo_database, account=context.signed_in, clock=context.clock, kind=HoldKind.LITIGATION,
               reason="Ruiz v. City of San Antonio, No. 2028-CI-04411", case_numbers=[first.case_number])
    dispose(demo_database, second.case_id, account=context.signed_in, clock=context.clock)
    screen.refresh()
    qtbot.waitUntil(lambda: screen.isVisible() and screen.width() > 400)
    for index in range(screen.tabs.count()):
        screen.tabs.setCurrentIndex(index)
        qtbot.wait(50)
        name = screen.tabs.tabText(index).replace("&", "").lower().replace(" ", "-")
        shoot(window, f"main-7-retention-{index + 1}-{name}")
    screen.tabs.setCurrentIndex(1)
    screen.holds_view.selectRow(0)
    dialog = screen.release_dialog()
    assert dialog is not None
    dialog.resize(640, 320)
    qtbot.waitExposed(dialog)
    shoot(dialog, "retention-release-a-hold")
    dialog.reject()
    paper = screen.show_paper()
    assert paper is not None
    qtbot.waitExposed(paper)
    shoot(paper, "retention-paper", qtbot)
    paper.close()


def test_tour_of_the_statistics_screen_and_the_annual_report_dialog(
        qtbot: QtBot, demo_context: AppContext) -> None:
    from ethics_desk.ui.screens.statistics_screen import StatisticsScreen

    window = MainWindow(demo_context)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.go("statistics")
    screen = window.statistics_screen
    assert isinstance(screen, StatisticsScreen)
    qtbot.waitUntil(lambda: screen.figures is not None)
    for index in range(screen.tabs.count()):
        screen.tabs.setCurrentIndex(index)
        qtbot.wait(50)  # laid out and painted
        shoot(window, f"statistics-{index + 1}")
    dialog = screen.issue_annual_report()
    qtbot.waitExposed(dialog)
    dialog.resize(max(dialog.width(), 560), max(dialog.height(), 320))
    qtbot.wait(50)
    shoot(dialog, "statistics-annual-report-dialog")
    dialog.reject()


def test_tour_of_the_documents_search_the_email_and_the_calendar_dialogs(
        qtbot: QtBot, demo_context: AppContext, context: AppContext,
        controller: WorkflowController) -> None:
    from PySide6.QtCore import Qt

    from ethics_desk.ui.case.papers_panel import PapersPanel
    from ethics_desk.ui.my_calendar import MyCalendarDialog
    from tests.ui.test_case_documents import forwarded_case, issue_notice

    window = MainWindow(demo_context)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    inbox = window.inbox_screen
    window.go("inbox")
    inbox.in_documents.setChecked(True)
    inbox.search.setText("contract")
    qtbot.keyClick(inbox.search, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: inbox.document_results.count() > 0)
    qtbot.wait(50)
    shoot(window, "inbox-in-documents")
    window.close()

    panel = PapersPanel(context, forwarded_case(controller))
    qtbot.addWidget(panel)
    issue_notice(panel)
    [issued] = panel.issued.rows()
    panel.select_issued(issued.document_id)
    dialog = panel.open_email_dialog()
    assert dialog is not None
    qtbot.waitExposed(dialog)
    dialog.resize(max(dialog.width(), 560), max(dialog.height(), 320))
    qtbot.wait(50)
    shoot(dialog, "papers-send-by-email")
    dialog.reject()

    calendar = MyCalendarDialog(demo_context)
    qtbot.addWidget(calendar)
    calendar.show()
    qtbot.waitExposed(calendar)
    calendar.resize(max(calendar.width(), 560), max(calendar.height(), 320))
    qtbot.wait(50)
    shoot(calendar, "my-deadlines-in-outlook")
