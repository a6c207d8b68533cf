"""A printed paper is an issued paper: what the counter prints or saves for the complainant
(the filing receipt, the return of an unsworn complaint) is issued first — frozen, on the case's
Papers tab, audited — and printing it again prints that same copy; *Save as PDF…* stands beside
every *Print*, and is offered when the computer has no printer."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from PySide6.QtPrintSupport import QPrinter, QPrinterInfo
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from ethics_desk.documents.issuing import issued_for_case, print_queue
from ethics_desk.models import MailMethod
from ethics_desk.ui.case.papers_panel import PapersPanel
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.documents import FilingPapersDialog
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import filed_case
from tests.workflow.helpers import audit_actions


def _pdf_printer(path: Path) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


def _receipts(context: AppContext, case_id: int) -> list[str]:
    return [ref.sha256 for ref in issued_for_case(context.database, case_id,
                                                   account=context.signed_in)
            if ref.kind == "receipt"]


def _dialog(qtbot: QtBot, context: AppContext, controller: WorkflowController
            ) -> tuple[FilingPapersDialog, int]:
    case_id = filed_case(controller)
    dialog = FilingPapersDialog(context, case_id)
    qtbot.addWidget(dialog)
    return dialog, case_id


def test_the_receipt_printed_at_the_counter_is_issued_and_on_the_papers_tab(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        tmp_path: Path) -> None:
    dialog, case_id = _dialog(qtbot, context, controller)
    assert _receipts(context, case_id) == []  # shown, not yet given to anyone
    assert dialog.print_current(_pdf_printer(tmp_path / "printed.pdf")) >= 1
    [sha] = _receipts(context, case_id)
    assert sha == hashlib.sha256(dialog.viewers["receipt"].pdf_bytes).hexdigest()
    actions = audit_actions(context.database, case_id)
    assert actions[-2:] == ["document.issue", "print.receipt"]
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    assert [ref.kind for ref in panel.issued.rows()] == ["receipt"]
    assert "Issued" in dialog.status.text() and "Papers tab" in dialog.status.text()


def test_printing_the_receipt_again_prints_the_same_issued_copy(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        tmp_path: Path) -> None:
    dialog, case_id = _dialog(qtbot, context, controller)
    assert dialog.print_current(_pdf_printer(tmp_path / "one.pdf")) >= 1
    assert dialog.print_current(_pdf_printer(tmp_path / "two.pdf")) >= 1
    assert len(_receipts(context, case_id)) == 1
    assert audit_actions(context.database, case_id).count("print.receipt") == 2


def test_the_receipt_saved_as_pdf_is_the_issued_copy_and_the_save_is_audited(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        tmp_path: Path) -> None:
    dialog, case_id = _dialog(qtbot, context, controller)
    saved = dialog.save_current(tmp_path / "receipt.pdf")
    assert saved == tmp_path / "receipt.pdf"
    [sha] = _receipts(context, case_id)
    assert hashlib.sha256(saved.read_bytes()).hexdigest() == sha
    assert audit_actions(context.database, case_id)[-1] == "export.receipt"


def test_with_no_printer_the_counter_is_offered_to_save_the_receipt_as_pdf(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dialog, case_id = _dialog(qtbot, context, controller)
    said: list[str] = []

    def warn(_parent: object, _title: str, text: str, *_args: object) -> QMessageBox.StandardButton:
        said.append(text)
        return QMessageBox.StandardButton.Save

    target = tmp_path / "ERB receipt.pdf"
    monkeypatch.setattr(QPrinterInfo, "availablePrinters", staticmethod(lambda: []))
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warn))
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *_args: (str(target), "PDF files (*.pdf)")))
    assert dialog.print_current() == 0  # nothing printed…
    assert said and "No printer is set up" in said[0] and "save the paper as a PDF" in said[0]
    [sha] = _receipts(context, case_id)  # …but saved, and so issued
    assert hashlib.sha256(target.read_bytes()).hexdigest() == sha


def test_cancelling_the_print_dialog_issues_nothing(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        monkeypatch: pytest.MonkeyPatch) -> None:
    dialog, case_id = _dialog(qtbot, context, controller)
    monkeypatch.setattr("ethics_desk.ui.documents.choose_printer", lambda *_args, **_kw: None)
    assert dialog.print_current() == 0
    assert _receipts(context, case_id) == []


def test_a_receipt_handed_over_at_the_counter_leaves_the_print_queue(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        tmp_path: Path) -> None:
    dialog, case_id = _dialog(qtbot, context, controller)
    assert not dialog.handed_button.isEnabled()  # nothing issued yet to hand over
    dialog.print_current(_pdf_printer(tmp_path / "printed.pdf"))
    queued = [item.kind for item in print_queue(context.database, account=context.signed_in)
              if item.complaint_id == case_id]
    assert queued == ["receipt"]
    assert dialog.record_handed_over() is not None
    assert [item for item in print_queue(context.database, account=context.signed_in)
            if item.complaint_id == case_id] == []
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    [mailing] = panel.mailings.rows()
    assert mailing.method_label == MailMethod.HAND_DELIVERY.label


def _issued_receipt(qtbot: QtBot, context: AppContext, controller: WorkflowController,
                    tmp_path: Path) -> tuple[PapersPanel, str]:
    dialog, case_id = _dialog(qtbot, context, controller)
    dialog.save_current(tmp_path / "at-the-counter.pdf")
    [sha] = _receipts(context, case_id)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    [ref] = panel.issued.rows()
    panel.select_issued(ref.document_id)
    return panel, sha


def test_reprint_on_the_papers_tab_prints_the_recorded_bytes(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        tmp_path: Path) -> None:
    panel, sha = _issued_receipt(qtbot, context, controller, tmp_path)
    assert panel.reprint_button.isEnabled() and panel.save_button.isEnabled()
    out = tmp_path / "reprinted.pdf"
    assert panel.reprint_and_print(_pdf_printer(out)) >= 1
    assert out.exists() and out.stat().st_size > 0  # it printed, not only showed
    assert hashlib.sha256(panel.viewer.pdf_bytes).hexdigest() == sha  # the issued copy
    assert audit_actions(context.database, panel.case_id)[-1] == "print.receipt"


def test_save_as_pdf_on_the_papers_tab_writes_the_recorded_bytes_and_is_audited(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        tmp_path: Path) -> None:
    panel, sha = _issued_receipt(qtbot, context, controller, tmp_path)
    saved = panel.save_issued(tmp_path / "copy.pdf")
    assert saved is not None and hashlib.sha256(saved.read_bytes()).hexdigest() == sha
    assert audit_actions(context.database, panel.case_id)[-1] == "export.receipt"


def test_a_save_that_cannot_be_written_says_why_and_records_nothing(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    panel, _sha = _issued_receipt(qtbot, context, controller, tmp_path)
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: said.append(
        f"{box.text()} {box.informativeText()}") or 0)
    before = audit_actions(context.database, panel.case_id)
    assert panel.save_issued(tmp_path / "no-such-folder" / "copy.pdf") is None
    assert said and "could not be saved" in said[0] and "Choose a folder" in said[0]
    assert audit_actions(context.database, panel.case_id) == before
