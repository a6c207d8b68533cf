"""Every window a clerk meets, opened one after the other on the demonstration database.

The walks that hold every window to a rule — accessible names, Alt-keys, Tab order — take
their windows from :func:`tour`, so a window added here is checked by all of them. Each stop
is shown (and exposed) while the caller looks at it, and hidden again afterwards.

The stops: each main-window screen and each tab of the Board screen; the Records officer's
Retention screen, each tab, and its release of a hold; each step of the intake
wizard, reached by filling the steps before it as a clerk would (the facts' step again with two
witnesses); each tab of the case window;
the form of every workflow action the demonstration's cases offer; the Papers tab's void,
mailing and outcome dialogs; the Documents tab's dialog entering a paper into the record of a
proceeding (§ 2-83(h)(2)); the Board roster's dialogs; the closures editor and its
confirmation; the filing papers, the information sheet, a PDF preview and the § 2-83 text;
the restore of a backup; the start-up's wait for IT to upgrade the server's schema; the Find a
case window (Ctrl+K) listing what it found; and, as the
Records officer signs in, the Records requests screen and its dialogs (Public Information Act,
§ 2-83(h)(3)); as the Compliance Auditor signs in, the Audit trail screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QApplication, QTabWidget, QWidget
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.cases.case_file import load_case
from ethics_desk.core.events import Event
from ethics_desk.documents import papers
from ethics_desk.models.complaint import Complaint
from ethics_desk.models.mail import Mailing
from ethics_desk.ui.context import AppContext
from tests.ui import intake_driver as drive


@dataclass(frozen=True)
class Stop:
    """One window as the clerk sees it: a name for messages, the window, and the part of it
    that is this stop's own (a screen, a tab, a wizard step; the window itself otherwise)."""

    name: str
    window: QWidget
    part: QWidget


def _shown(qtbot: QtBot, window: QWidget) -> None:
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()


def _main_window(qtbot: QtBot, context: AppContext) -> Iterator[Stop]:
    from ethics_desk.ui.main_window import SCREENS, MainWindow

    window = MainWindow(context)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    _shown(qtbot, window)
    for key in SCREENS:
        if not window.allows(key):  # another role's screen (the Retention screen: below)
            continue
        window.go(key)
        qtbot.wait(20)
        screen = window.stack.currentWidget()
        tabs = screen.findChildren(QTabWidget)
        if tabs:
            for index in range(tabs[0].count()):
                tabs[0].setCurrentIndex(index)
                qtbot.wait(10)
                yield Stop(f"screen {key}, tab {tabs[0].tabText(index)!r}", window, screen)
        else:
            yield Stop(f"screen {key}", window, screen)
    yield from _board_dialogs(qtbot, window)
    window.close()


def _board_dialogs(qtbot: QtBot, window: QWidget) -> Iterator[Stop]:
    from ethics_desk.ui.screens.board_screen import BoardScreen

    board = window.findChild(BoardScreen)
    assert board is not None
    board.refresh()
    board.roster_view.selectRow(0)
    for open_dialog in (board.add_member_dialog, board.add_term_dialog, board.end_term_dialog):
        dialog = open_dialog()
        assert dialog is not None, open_dialog.__name__
        qtbot.waitExposed(dialog)
        yield Stop(f"Board: {dialog.windowTitle()}", dialog, dialog)
        dialog.reject()


def _wizard(qtbot: QtBot, context: AppContext, folder: Path) -> Iterator[Stop]:
    from ethics_desk.ui.intake.wizard import IntakeWizard

    wizard = IntakeWizard(context)
    qtbot.addWidget(wizard)
    _shown(qtbot, wizard)
    exhibit = drive.exhibit_pdf(folder)
    steps = (drive.fill_complainant, drive.fill_respondent, drive.fill_allegation,
             drive.fill_facts, lambda q, w: drive.fill_documents(q, w, exhibit),
             drive.fill_affidavit, drive.fill_oath)
    for number, fill in enumerate(steps, start=1):
        yield Stop(f"wizard step {number}: {wizard.currentPage().title()}", wizard,
                   wizard.currentPage())
        fill(qtbot, wizard)
        if fill is drive.fill_facts:  # and its witnesses' lines, as a clerk fills them
            drive.fill_witnesses(qtbot, wizard)
            yield Stop(f"wizard step {number} with two witnesses", wizard, wizard.currentPage())
        before = wizard.currentId()
        drive.next_page(qtbot, wizard)
        assert wizard.currentId() != before, f"step {number} did not go on"
    yield Stop(f"wizard step {len(steps) + 1}: {wizard.currentPage().title()}", wizard,
               wizard.currentPage())
    wizard.save_draft()
    wizard.hide()


def _case_ids(context: AppContext) -> dict[str, int]:
    """One case of each state, the first filed of each."""
    with context.database.read_session() as session:
        found: dict[str, int] = {}
        for complaint in session.scalars(select(Complaint).order_by(Complaint.id)):
            found.setdefault(str(complaint.state), complaint.id)
    return found


def _mailed_case(context: AppContext) -> int:
    """The first case whose papers went out by mail (its Papers tab has every list filled)."""
    with context.database.read_session() as session:
        found = session.scalars(select(Mailing.complaint_id).order_by(Mailing.id)).first()
    assert found is not None, "the demonstration has mailings"
    return found


def _case_windows(qtbot: QtBot, context: AppContext) -> Iterator[Stop]:
    from ethics_desk.ui.case.case_window import CaseWindow
    from ethics_desk.ui.case.forms import ActionDialog, form_for

    cases = _case_ids(context)
    window = CaseWindow(context, _mailed_case(context))
    qtbot.addWidget(window)
    window.resize(1200, 680)
    _shown(qtbot, window)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(10)
        yield Stop(f"case window, tab {window.tabs.tabText(index)!r}", window,
                   window.tabs.currentWidget())
    yield from _papers_dialogs(qtbot, window)
    yield from _hearing_record_dialog(qtbot, window)
    seen: set[Event] = set()
    controller = context.controller()
    # Each action's form on a case whose state offers it (as its window does), then any form
    # no case of the demonstration offers, on the first case.
    offers = [(state, case_id, {option.event for option in controller.available_events(case_id)
                                if option.in_state})
              for state, case_id in cases.items()]
    offers.append((*next(iter(cases.items())), set(Event)))
    for state, case_id, offered in offers:
        case = load_case(context.database, case_id, account=context.signed_in)
        for event in Event:
            if event in seen or event not in offered:
                continue
            form = form_for(event, case, context.today(), context.actor, context.database,
                            context.signed_in)
            if form is None:
                continue
            seen.add(event)
            dialog = ActionDialog(form, lambda _payload: False, window)
            _shown(qtbot, dialog)
            yield Stop(f"form {form.title!r} (a case {state})", dialog, dialog)
            dialog.reject()
            dialog.deleteLater()
    window.close()


def _papers_dialogs(qtbot: QtBot, window: QWidget) -> Iterator[Stop]:
    from ethics_desk.ui.case.case_window import CaseWindow

    assert isinstance(window, CaseWindow)
    panel = window.papers
    window.tabs.setCurrentWidget(panel)
    panel.refresh()
    issued = [ref for ref in panel.issued.rows() if not ref.is_void]
    assert issued, "the mailed case has issued papers"
    for open_dialog in (panel.open_mailing_dialog, panel.open_email_dialog,
                        panel.open_outcome_dialog):
        QApplication.processEvents()
        panel.select_issued(issued[0].document_id)
        assert panel.mailings.rowCount(), "the case's papers went out by mail"
        panel.select_mailing(panel.mailings.rows()[0].mailing_id)
        dialog = open_dialog()
        assert dialog is not None, open_dialog.__name__
        qtbot.waitExposed(dialog)
        yield Stop(f"papers: {dialog.windowTitle()}", dialog, dialog)
        dialog.reject()
    panel.preview()
    dialog = panel.open_void_dialog()
    assert dialog is not None
    qtbot.waitExposed(dialog)
    yield Stop(f"papers: {dialog.windowTitle()}", dialog, dialog)
    dialog.reject()


def _hearing_record_dialog(qtbot: QtBot, window: QWidget) -> Iterator[Stop]:
    from ethics_desk.ui.case.case_window import CaseWindow

    assert isinstance(window, CaseWindow)
    window.tabs.setCurrentWidget(window.hearing_record.parentWidget())
    window.documents_view.selectRow(0)
    dialog = window.hearing_record.open_enter_dialog()
    assert dialog is not None
    qtbot.waitExposed(dialog)
    yield Stop(f"documents: {dialog.windowTitle()}", dialog, dialog)
    dialog.reject()


def _other_dialogs(qtbot: QtBot, context: AppContext) -> Iterator[Stop]:
    from ethics_desk.maintenance.opening import older_schema
    from ethics_desk.ui.annual_report_dialog import AnnualReportDialog
    from ethics_desk.ui.calendar_editor import CalendarEditorDialog, ConfirmChangeDialog
    from ethics_desk.ui.documents import FilingPapersDialog, InfoSheetDialog
    from ethics_desk.ui.first_start import FirstStartPage
    from ethics_desk.ui.key_from_sheet_dialog import KeyFromSheetDialog
    from ethics_desk.ui.manual_window import ManualWindow
    from ethics_desk.ui.my_calendar import MyCalendarDialog
    from ethics_desk.ui.recovery_sheet_dialog import RecoverySheetDialog
    from ethics_desk.ui.restore_dialog import RestoreDialog
    from ethics_desk.ui.schema_wait import SchemaWaitDialog
    from ethics_desk.ui.statute_dialog import StatuteDialog
    from ethics_desk.ui.wording_dialog import WordingDialog

    case_id = next(iter(_case_ids(context).values()))
    makers = (
        lambda: StatuteDialog(None),
        lambda: ManualWindow(None, None),
        lambda: FilingPapersDialog(context, case_id, None),
        lambda: InfoSheetDialog(context, papers.info_sheet(context.database,
                                                           today=context.today()), None),
        lambda: CalendarEditorDialog(context, None),
        lambda: ConfirmChangeDialog("Add a closure", "The closure moves these deadlines.", [],
                                    None),
        lambda: WordingDialog(context, None),
        lambda: MyCalendarDialog(context, None),
        lambda: RestoreDialog(context, None),
        lambda: RecoverySheetDialog(context, None),
        lambda: AnnualReportDialog(context, context.today().year, None),
        lambda: KeyFromSheetDialog(context, None),
        lambda: FirstStartPage(context, None, accounts=lambda: None, sheet=lambda: None,
                               sign_out=lambda: None),
        lambda: SchemaWaitDialog(older_schema(context.database.description, "0005", "0006"),
                                 lambda: context.database, clock=context.clock),
    )
    for make in makers:
        dialog = make()
        qtbot.addWidget(dialog)
        _shown(qtbot, dialog)
        yield Stop(f"dialog {dialog.windowTitle()!r}", dialog, dialog)
        dialog.close()


def _find_a_case(qtbot: QtBot, context: AppContext) -> Iterator[Stop]:
    from ethics_desk.ui.find_case import FindCaseDialog

    dialog = FindCaseDialog(context, None)
    qtbot.addWidget(dialog)
    dialog.start()
    qtbot.waitExposed(dialog)
    dialog.search.setText("an")  # cases listed, as the clerk sees them
    qtbot.waitUntil(lambda: not dialog.searching)
    yield Stop(f"dialog {dialog.windowTitle()!r}", dialog, dialog)
    dialog.close()


def _retention(qtbot: QtBot, context: AppContext) -> Iterator[Stop]:
    """The Records officer's Retention screen, each tab, with a hold to release (its dialog):
    the demonstration's records account, on a day its resolved cases are eligible."""
    from ethics_desk.models import HoldKind
    from ethics_desk.retention.holds import place_hold
    from ethics_desk.ui.main_window import MainWindow
    from ethics_desk.ui.screens.retention_screen import RetentionScreen
    from tests.ui.test_retention_screen import records_context

    records = records_context(context.database)
    window = MainWindow(records)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    _shown(qtbot, window)
    window.go("retention")
    screen = window.retention_screen
    assert isinstance(screen, RetentionScreen)
    eligible = screen.eligible.rows()
    assert eligible, "the demonstration's resolved cases are eligible on the tour's day"
    place_hold(records.database, account=records.signed_in, clock=records.clock, kind=HoldKind.AUDIT,
               reason="City Auditor AU-29-01", case_numbers=[eligible[0].case_number])
    screen.refresh()
    for index in range(screen.tabs.count()):
        screen.tabs.setCurrentIndex(index)
        qtbot.wait(10)
        yield Stop(f"screen retention, tab {screen.tabs.tabText(index)!r}", window, screen)
    screen.holds_view.selectRow(0)
    dialog = screen.release_dialog()
    assert dialog is not None
    qtbot.waitExposed(dialog)
    yield Stop(f"Retention: {dialog.windowTitle()}", dialog, dialog)
    dialog.reject()


def records_window(qtbot: QtBot, context: AppContext) -> Iterator[Stop]:
    """The Records officer's window on the same database: the Records requests screen, then
    the dialogs of its acts on a request (Gov't Code ch. 552, § 2-83(h)(3))."""
    from ethics_desk.core.roles import Role
    from ethics_desk.ui.main_window import MainWindow
    from ethics_desk.ui.screens.requests_screen import RequestsScreen
    from tests.ui.conftest import make_account, signed_in_context

    make_account(context.database, "rosa", "Rosa Records", Role.RECORDS)
    window = MainWindow(signed_in_context(context.database, "rosa"))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    _shown(qtbot, window)
    window.go("requests")
    qtbot.wait(20)
    screen = window.requests_screen
    assert isinstance(screen, RequestsScreen)
    yield Stop("screen requests", window, window.stack.currentWidget())
    dialogs = [screen.log_dialog(), screen.papers_dialog(),
               *(screen.act_dialog(key) for key in ("exceptions", "asked", "arguments",
                                                    "certify", "ruling", "release", "close",
                                                    "clarify", "clarified", "estimate"))]
    for dialog in dialogs:
        if dialog is None:
            continue
        qtbot.addWidget(dialog)
        _shown(qtbot, dialog)
        yield Stop(f"dialog {dialog.windowTitle()!r}", dialog, dialog)
        dialog.close()
    window.close()


def audit_window(qtbot: QtBot, context: AppContext) -> Iterator[Stop]:
    """The Compliance Auditor's window on the same database (the demonstration's auditor):
    the Audit trail screen, a record chosen."""
    from ethics_desk.ui.main_window import MainWindow
    from ethics_desk.ui.screens.audit_screen import AuditScreen
    from tests.ui.conftest import signed_in_context

    window = MainWindow(signed_in_context(context.database, "auditor", "demo"))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    _shown(qtbot, window)
    window.go("audit")
    qtbot.wait(20)
    screen = window.audit_screen
    assert isinstance(screen, AuditScreen)
    assert screen.model.rowCount() > 0, "the auditor reads the trail of the cases they receive"
    yield Stop("screen audit", window, window.stack.currentWidget())
    window.close()


def tour(qtbot: QtBot, context: AppContext, folder: Path) -> Iterator[Stop]:
    """Every window, screen, tab, wizard step and dialog, each shown in turn."""
    yield from _main_window(qtbot, context)
    yield from _wizard(qtbot, context, folder)
    yield from _case_windows(qtbot, context)
    yield from _other_dialogs(qtbot, context)
    yield from _find_a_case(qtbot, context)
    yield from _retention(qtbot, context)
    yield from audit_window(qtbot, context)


    yield from records_window(qtbot, context)
