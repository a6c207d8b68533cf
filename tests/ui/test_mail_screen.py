"""The Mail screen: the print queue (printing the frozen bytes, a failed print leaving the item
queued, recording its mailing taking it off), the returned items across cases, and opening the
case on double-click."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt, QTimer
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QMessageBox, QTableView
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from ethics_desk.core.roles import Role
from ethics_desk.documents.issuing import IssuedRef, issue, print_queue
from ethics_desk.documents.making import render_letter
from ethics_desk.mail.batch import BatchPaper
from ethics_desk.mail.ledger import record_mailing, record_outcome
from ethics_desk.models import MailMethod, MailOutcome
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.screens.lazy import LazyScreen
from ethics_desk.ui.screens.mail_screen import MailScreen
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import DESK_CLERK, filed_case
from tests.ui.conftest import make_account, signed_in_context
from tests.ui.test_case_documents import ARTICLE, RESPONDENT, forwarded_case, issue_notice


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Warnings shown (instead of popping up); any other message box fails the test."""
    shown: list[str] = []

    def warn(_parent: object, _title: str, text: str, *args: object) -> int:
        shown.append(text)
        return int(QMessageBox.StandardButton.Ok)

    def refuse(box: QMessageBox) -> int:
        raise AssertionError(f"unexpected message: {box.text()} {box.informativeText()}")

    monkeypatch.setattr(QMessageBox, "warning", warn)
    monkeypatch.setattr(QMessageBox, "exec", refuse)
    return shown


def issued_notice(qtbot: QtBot, context: AppContext, controller: WorkflowController) -> int:
    """A forwarded case whose (e) notice was issued from the Papers tab; the case id."""
    from ethics_desk.ui.case.papers_panel import PapersPanel

    case_id = forwarded_case(controller)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    issue_notice(panel)
    return case_id


def pdf_printer(path: Path) -> QPrinter:
    """A printer writing a PDF file."""
    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


def screen_for(qtbot: QtBot, context: AppContext) -> MailScreen:
    """The Mail screen, shown."""
    screen = MailScreen(context)
    qtbot.addWidget(screen)
    screen.resize(990, 700)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def double_click(qtbot: QtBot, view: QTableView, row: int) -> None:
    """Double-click a row of a table."""
    rect = view.visualRect(view.model().index(row, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_print_the_queued_notice_then_record_its_mailing(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, tmp_path: Path,
        warnings: list[str]) -> None:
    case_id = issued_notice(qtbot, context, controller)
    screen = screen_for(qtbot, context)
    [item] = screen.queue.rows()
    assert (item.complaint_id, item.kind, item.recipient) == (case_id, "respondent-notice",
                                                             RESPONDENT)
    assert screen.queue.data(screen.queue.index(0, 0)) == "ERB-2026-001"
    assert not screen.print_button.isEnabled()  # nothing selected
    screen.select_document(item.document_id)
    assert screen.print_button.isEnabled()

    out = tmp_path / "printed.pdf"
    pages = screen.print_selected(pdf_printer(out))
    assert pages == item.page_count
    assert len(PdfReader(io.BytesIO(out.read_bytes())).pages) == item.page_count
    assert warnings == []
    assert "Printed “Notice to a respondent" in screen.status.text()  # by its title
    assert [q.document_id for q in print_queue(context.database, account=DESK_CLERK)] == [item.document_id]

    dialog = screen.open_mailing_dialog()
    assert dialog is not None
    assert "P.O. Box 839966" in dialog.address.toPlainText()
    dialog.tracking.setText(ARTICLE)
    dialog.accept()
    assert dialog.mailing_id is not None
    assert screen.queue.rowCount() == 0
    assert print_queue(context.database, account=DESK_CLERK) == []


@pytest.mark.qt_log_ignore("QPainter::begin")  # the failure itself, as Qt reports it
def test_a_failed_print_says_so_and_the_item_stays_queued(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, tmp_path: Path,
        warnings: list[str]) -> None:
    issued_notice(qtbot, context, controller)
    screen = screen_for(qtbot, context)
    [item] = screen.queue.rows()
    screen.select_document(item.document_id)
    printer = pdf_printer(tmp_path / "no-such-folder" / "printed.pdf")
    assert screen.print_selected(printer) == 0
    assert warnings and "printer" in warnings[0] and "stays in the print queue" in warnings[0]
    screen.refresh()
    assert [q.document_id for q in screen.queue.rows()] == [item.document_id]


def test_no_printer_set_up_is_a_clear_message(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        warnings: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtPrintSupport import QPrinterInfo

    issued_notice(qtbot, context, controller)
    screen = screen_for(qtbot, context)
    screen.select_document(screen.queue.rows()[0].document_id)
    monkeypatch.setattr(QPrinterInfo, "availablePrinters", staticmethod(lambda: []))
    assert screen.print_selected() == 0
    assert warnings and "No printer is set up" in warnings[0]
    assert screen.queue.rowCount() == 1


def returned_receipt(context: AppContext, case_id: int) -> IssuedRef:
    """The complainant's filing receipt issued, mailed first class and returned today."""
    database = context.database
    ref = issue(database, case_id, "receipt", account=DESK_CLERK, clock=context.clock)
    mailing = record_mailing(database, ref.document_id, recipient_name="José Peña",
                             recipient_role="complainant", recipient_ref="complainant",
                             address="411 W. Nueva St.", method=MailMethod.FIRST_CLASS,
                             mailed_on=context.now().date(), account=DESK_CLERK,
                             clock=context.clock)
    record_outcome(database, mailing, MailOutcome.RETURNED, context.now().date(),
                   account=DESK_CLERK, clock=context.clock)
    return ref


def test_returned_items_are_listed_and_double_click_opens_the_case(
        qtbot: QtBot, qtmodeltester: ModelTester, context: AppContext,
        controller: WorkflowController, warnings: list[str]) -> None:
    case_id = issued_notice(qtbot, context, controller)
    returned_receipt(context, case_id)
    screen = screen_for(qtbot, context)
    [line] = screen.returned.rows()
    assert (line.case_number, line.mailing.document_kind) == ("ERB-2026-001", "receipt")
    assert screen.returned.data(screen.returned.index(0, 5)) == "⚠ returned 2026-11-30"
    assert screen.returned.data(screen.returned.index(0, 6)) == "NO — send again"
    for model in (screen.queue, screen.returned):
        qtmodeltester.check(model)

    with qtbot.waitSignal(screen.case_requested) as opened:
        double_click(qtbot, screen.returned_view, 0)
    assert opened.args == [case_id]
    with qtbot.waitSignal(screen.case_requested) as opened:
        double_click(qtbot, screen.queue_view, 0)
    assert opened.args == [case_id]


def test_the_main_window_builds_the_mail_screen_and_opens_cases_from_it(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        warnings: list[str]) -> None:
    case_id = issued_notice(qtbot, context, controller)
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.go("mail")
    lazy = window.stack.currentWidget()
    assert isinstance(lazy, LazyScreen) and lazy.is_built
    screen = lazy.content()
    assert isinstance(screen, MailScreen)
    assert screen.queue.rowCount() == 1
    screen.case_requested.emit(case_id)
    assert case_id in window.case_windows
    for case_window in window.case_windows.values():
        case_window.close()


def test_the_whole_queue_prints_in_the_background(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, tmp_path: Path,
        warnings: list[str]) -> None:

    case_id = issued_notice(qtbot, context, controller)
    issue(context.database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    screen = screen_for(qtbot, context)
    screen.refresh()
    queued = screen.queue.rows()
    assert len(queued) == 2 and screen.print_queue_button.isEnabled()
    out = tmp_path / "batch.pdf"
    batch = screen.print_batch(BatchPaper.LETTERS, pdf_printer(out))
    assert batch is not None
    with qtbot.waitSignal(batch.finished, timeout=20_000) as done:
        pass
    documents, pages, cancelled = done.args
    assert (documents, cancelled) == (2, False)
    assert pages == sum(q.page_count for q in queued)
    printed = PdfReader(io.BytesIO(out.read_bytes()))
    assert len(printed.pages) == pages
    assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height)))
            for p in printed.pages} == {(612, 792)}  # each page on US Letter, as issued
    assert "Sent the letters to the printer: 2 document(s)" in screen.status.text()
    assert len(print_queue(context.database, account=DESK_CLERK)) == 2  # printing is not mailing
    assert warnings == []


def test_cancel_stops_a_batch_and_everything_stays_queued(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        tmp_path: Path) -> None:
    from ethics_desk.ui.batch_print import BatchPrintWorker, PrintItem

    case_id = issued_notice(qtbot, context, controller)
    data = render_letter(context.database, case_id, "respondent-notice",
                         account=context.signed_in, clock=context.clock)
    worker = BatchPrintWorker([PrintItem("one", data), PrintItem("two", data)],
                              pdf_printer(tmp_path / "cancelled.pdf"))
    worker.cancel()  # the clerk pressed Cancel before the first page
    with qtbot.waitSignal(worker.done, timeout=10_000) as done:
        worker.run()
    assert done.args == [0, 0, True]
    assert not (tmp_path / "cancelled.pdf").exists()  # no job was started
    assert len(print_queue(context.database, account=DESK_CLERK)) == 1


def two_cases_queued(qtbot: QtBot, context: AppContext, controller: WorkflowController) -> int:
    """The (e) notice and the receipt of one case, and the receipt of a second, queued."""
    from tests.factories import filed_case

    case_id = issued_notice(qtbot, context, controller)
    issue(context.database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    other = filed_case(controller)
    issue(context.database, other, "receipt", account=DESK_CLERK, clock=CLOCK)
    return case_id


def print_and_wait(qtbot: QtBot, screen: MailScreen, paper: BatchPaper,
                   out: Path) -> list[tuple[int, int]]:
    """Print ``paper`` for the queue to a PDF file; each printed page's size in points."""
    batch = screen.print_batch(paper, pdf_printer(out))
    assert batch is not None
    with qtbot.waitSignal(batch.finished, timeout=20_000) as done:
        pass
    assert done.args[2] is False
    return [(round(float(p.mediabox.width)), round(float(p.mediabox.height)))
            for p in PdfReader(io.BytesIO(out.read_bytes())).pages]


def test_envelopes_labels_and_certificates_print_for_the_whole_queue(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, tmp_path: Path,
        warnings: list[str]) -> None:
    two_cases_queued(qtbot, context, controller)
    screen = screen_for(qtbot, context)
    screen.refresh()
    assert screen.queue.rowCount() == 3
    envelopes = print_and_wait(qtbot, screen, BatchPaper.ENVELOPES, tmp_path / "env.pdf")
    assert envelopes == [(684, 297)] * 3  # a #10 envelope each, fed landscape
    assert "Sent the #10 envelopes to the printer: 3 document(s)" in screen.status.text()
    assert print_and_wait(qtbot, screen, BatchPaper.LABELS, tmp_path / "labels.pdf") == [
        (612, 792)]  # one sheet of 30
    certificates = print_and_wait(qtbot, screen, BatchPaper.CERTIFICATE, tmp_path / "cert.pdf")
    assert len(certificates) >= 2  # one certificate for each of the two cases
    assert "for 3 item(s)" in screen.status.text()
    assert warnings == []
    assert len(print_queue(context.database, account=DESK_CLERK)) == 3  # printing is not mailing


@pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard")  # offscreen
def test_the_print_menu_offers_every_paper_by_keyboard(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        warnings: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    issued_notice(qtbot, context, controller)
    screen = screen_for(qtbot, context)
    assert screen.print_queue_button.text() == "Print the &queue"
    menu = screen.print_queue_button.menu()
    assert menu is not None
    texts = [action.text() for action in menu.actions()]
    assert texts == ["&Letters, as issued…", "&Envelopes (#10)…",
                     "&Address labels (30 a sheet)…", "&Certificate of mailing…"]
    assert len({text[text.index("&") + 1].lower() for text in texts}) == len(texts)

    chosen: list[BatchPaper] = []
    monkeypatch.setattr(screen, "print_batch", lambda paper, printer=None: chosen.append(paper))

    def pick_envelopes_once_open() -> None:
        if menu.isVisible():
            poll.stop()
            qtbot.keyClick(menu, Qt.Key.Key_E)

    poll = QTimer(screen)
    poll.timeout.connect(pick_envelopes_once_open)
    poll.start(20)
    screen.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is screen)
    screen.queue_view.setFocus()
    qtbot.keyClick(screen.queue_view, Qt.Key.Key_Q,
                   Qt.KeyboardModifier.AltModifier)  # opens the menu
    qtbot.waitUntil(lambda: chosen == [BatchPaper.ENVELOPES])
    assert not menu.isVisible()


@pytest.mark.qt_log_ignore("QPainter::begin")  # the failure itself, as Qt reports it
def test_a_failed_batch_says_so_and_everything_stays_queued(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, tmp_path: Path,
        warnings: list[str]) -> None:
    two_cases_queued(qtbot, context, controller)
    screen = screen_for(qtbot, context)
    screen.refresh()
    batch = screen.print_batch(BatchPaper.ENVELOPES,
                               pdf_printer(tmp_path / "no-such-folder" / "env.pdf"))
    assert batch is not None
    with qtbot.waitSignal(batch.failed, timeout=20_000):
        pass
    assert warnings and "could not be started" in warnings[0]
    assert "the items stay in the print queue" in warnings[0]
    assert "Printing failed" in screen.status.text()
    assert len(print_queue(context.database, account=DESK_CLERK)) == 3


@pytest.mark.parametrize("role", [Role.MEMBER, Role.RECORDS, Role.ADMIN])
def test_the_mail_screen_forced_open_by_a_role_without_cases_lists_none(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, role: Role) -> None:
    case_id = filed_case(controller)  # at the Clerk's desk, before any review, § 2-83(c)
    returned_receipt(context, case_id)
    issue(context.database, case_id, "receipt", account=context.signed_in,
          clock=context.clock)
    clerks = screen_for(qtbot, context)
    assert (clerks.queue.rowCount(), clerks.returned.rowCount()) == (1, 1)
    make_account(context.database, role.value, f"Test {role.label}", role)
    other = signed_in_context(context.database, role.value)
    screen = screen_for(qtbot, other)
    assert (screen.queue.rowCount(), screen.returned.rowCount()) == (0, 0)


def test_the_mail_queue_shown_is_one_record_naming_its_cases(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    import json

    from ethics_desk.cases.list_reads import ACTION, MAIL_QUEUE
    from tests.another_desk import records_of

    case_id = issued_notice(qtbot, context, controller)
    screen = screen_for(qtbot, context)
    assert screen.queue.rowCount() == 1
    screen.refresh()  # shown again with the same case: no second record
    [record] = records_of(context.database, ACTION)
    assert record.actor == context.actor
    assert json.loads(record.detail) == {"list": MAIL_QUEUE, "cases": [case_id]}
