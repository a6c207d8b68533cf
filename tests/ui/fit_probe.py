"""Run by ``test_windows_fit`` in a process of its own, on an offscreen screen of a given size:
open each window a clerk meets, and print as JSON where each one and its own buttons lie.

Given the path of a copy of the demonstration database (the first argument), it opens too the
windows that need its Board roster and mailed papers: the roster's dialogs (add a member, add
a term, end a term), the Papers tab's mailing, delivery and void dialogs, and the closures
editor's confirmation of a change that moves many deadlines.

A process of its own, because the screen's size is fixed when Qt starts (the offscreen
platform's ``configfile``) and the suite's own application already has one.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractButton, QAbstractScrollArea, QApplication, QWidget

from ethics_desk.ui import none_guard


def _scrolled(widget: QWidget, window: QWidget) -> bool:
    """Inside a scroll area of the window: reached by scrolling, so not held to the screen."""
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def _rect(r: QRect) -> list[int]:
    return [r.x(), r.y(), r.width(), r.height()]


def _demo_windows(path: str) -> tuple[dict[str, QWidget], list[QWidget]]:
    """The windows opened from the demonstration's roster and papers (and what holds them)."""
    from datetime import date, timedelta

    from sqlalchemy import select

    from ethics_desk.cases.calendar_overview import MoveLine
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.models.mail import Mailing
    from ethics_desk.ui.calendar_editor import ConfirmChangeDialog
    from ethics_desk.ui.case.case_window import CaseWindow
    from ethics_desk.ui.screens.board_screen import BoardScreen
    from tests.conftest import CLOCK
    from tests.ui.conftest import clerk_context

    database = open_database(path, create=False, clock=CLOCK)
    context = clerk_context(database)
    board = BoardScreen(context)
    board.refresh()
    board.roster_view.selectRow(0)
    windows: dict[str, QWidget] = {}
    for name, open_dialog in (("add a member", board.add_member_dialog),
                              ("add a term", board.add_term_dialog),
                              ("end a term", board.end_term_dialog)):
        change = open_dialog()
        assert change is not None, name
        windows[f"roster: {name}"] = change
    with database.read_session() as session:
        mailed = session.scalars(select(Mailing.complaint_id).order_by(Mailing.id)).first()
    assert mailed is not None
    case = CaseWindow(context, mailed)
    panel = case.papers
    case.tabs.setCurrentWidget(panel)
    panel.refresh()
    issued = [ref for ref in panel.issued.rows() if not ref.is_void]
    for name, open_paper in (("mailing", panel.open_mailing_dialog),
                             ("delivery or return", panel.open_outcome_dialog)):
        panel.select_issued(issued[0].document_id)
        panel.select_mailing(panel.mailings.rows()[0].mailing_id)
        dialog = open_paper()
        assert dialog is not None, name
        windows[f"papers: {name}"] = dialog
        dialog.hide()
    panel.select_issued(issued[0].document_id)
    panel.preview()
    void = panel.open_void_dialog()
    assert void is not None
    windows["papers: void and reissue"] = void
    start = date(2026, 11, 2)
    moves = [MoveLine(n, n, f"ERB-2026-{n:03d}", "The respondent's sworn response (§ 2-83(e))",
                      start + timedelta(days=n), start + timedelta(days=n + 1))
             for n in range(1, 61)]
    windows["closures: confirm a change"] = ConfirmChangeDialog(
        "Add a closure", "Closing the offices on this day moves these deadlines.", moves, None)
    from ethics_desk.ui.main_window import MainWindow
    from tests.ui.conftest import signed_in_context

    auditor = MainWindow(signed_in_context(database, "auditor", "demo"))
    auditor.go("audit")
    windows["audit trail"] = auditor
    return windows, [board, case]


def main() -> None:
    """Open the windows, show each, and print one JSON object on the last line."""
    none_guard.guard()
    app = QApplication(sys.argv[:1])
    from ethics_desk.cases.case_file import load_case
    from ethics_desk.core.events import Event
    from ethics_desk.documents import papers
    from ethics_desk.maintenance.opening import older_schema, open_database
    from ethics_desk.ui.accounts_dialog import AccountsDialog
    from ethics_desk.ui.calendar_editor import CalendarEditorDialog
    from ethics_desk.ui.case.case_window import CaseWindow
    from ethics_desk.ui.case.forms import ActionDialog, form_for
    from ethics_desk.ui.documents import FilingPapersDialog
    from ethics_desk.ui.intake.wizard import IntakeWizard
    from ethics_desk.ui.key_from_sheet_dialog import KeyFromSheetDialog
    from ethics_desk.ui.main_window import MainWindow
    from ethics_desk.ui.pdf_view import PdfPreviewDialog
    from ethics_desk.ui.recovery_sheet_dialog import RecoverySheetDialog
    from ethics_desk.ui.restore_dialog import RestoreDialog
    from ethics_desk.ui.schema_wait import SchemaWaitDialog
    from ethics_desk.ui.sign_in import ChangePasswordDialog, SignInDialog
    from ethics_desk.ui.statute_dialog import StatuteDialog
    from ethics_desk.workflow.controller import WorkflowController
    from tests.conftest import CLOCK
    from tests.factories import filed_case
    from tests.ui.conftest import clerk_context
    from tests.ui.text_fit import cut_texts

    database = open_database(Path(tempfile.mkdtemp()) / "fit.sqlite", clock=CLOCK)
    case_id = filed_case(WorkflowController.unrestricted(database, "Maria Clerk", clock=CLOCK))
    context = clerk_context(database)
    main_window = MainWindow(context)
    windows: dict[str, QWidget] = {
        "main window": main_window,
        "§ 2-83 text": StatuteDialog(main_window),
        "filing papers": FilingPapersDialog(context, case_id, main_window),
        "information sheet": PdfPreviewDialog(
            "How to file", papers.info_sheet(database, today=context.today()), main_window),
        "intake wizard": IntakeWizard(context, parent=main_window),
        "case window": CaseWindow(context, case_id),
        "closures and holidays": CalendarEditorDialog(context, main_window),
        "sign in": SignInDialog(context),
        "desk locked": SignInDialog(context, locked_for=context.signed_in),
        "change my password": ChangePasswordDialog(context, context.signed_in, parent=main_window),
        "staff accounts": AccountsDialog(context, main_window),
        "restore a backup": RestoreDialog(context, main_window),
        "recovery sheet": RecoverySheetDialog(context, main_window),
        "the key from a recovery sheet": KeyFromSheetDialog(context, main_window),
        "waiting for the server's setup": SchemaWaitDialog(
            older_schema(database.description, "0004", "0005"), lambda: database, clock=CLOCK),
    }
    # Every action's form, as the case window opens it (the largest carry a vote entry).
    case = load_case(database, case_id, account=context.signed_in)
    for event in Event:
        form = form_for(event, case, context.today(), context.actor, database,
                        context.signed_in)
        if form is not None:
            windows[f"form: {form.title}"] = ActionDialog(form, lambda _payload: False, main_window)
    holders: list[QWidget] = []
    if len(sys.argv) > 1:
        demo, holders = _demo_windows(sys.argv[1])
        windows.update(demo)
    available = app.primaryScreen().availableGeometry()
    report: dict[str, object] = {"screen": _rect(available), "windows": {}}
    for name, window in windows.items():
        window.show()
        app.processEvents()
        buttons = [b for b in window.findChildren(QAbstractButton)
                   if b.isVisible() and b.window() is window and not _scrolled(b, window)]
        report["windows"][name] = {  # type: ignore[index]
            "cut": cut_texts(window),
            "frame": _rect(window.frameGeometry()),
            "buttons": {(b.text() or b.objectName() or type(b).__name__):
                        _rect(QRect(b.mapToGlobal(QPoint(0, 0)), b.size())) for b in buttons},
        }
        window.hide()
    holders.clear()
    database.dispose()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
