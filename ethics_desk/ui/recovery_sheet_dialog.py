"""File → Recovery sheet…: an Administrator prints or saves the recovery sheet of the record key.

The main window opens this dialog by itself when an Administrator signs in to a SQLite database
whose sheet has never been made (:func:`ethics_desk.storage.recovery_sheet.sheet_missing_for`),
and File → Recovery sheet… opens it to make the sheet again. The sheet is rendered by the
domain (:func:`~ethics_desk.maintenance.recovery_sheet.render_recovery_sheet`) and never shown on
the screen: it is printed through the system's print dialog, or saved as a new PDF private to
the user (:func:`~ethics_desk.maintenance.recovery_sheet.make_recovery_sheet`). Either records it
as made, audited (:func:`~ethics_desk.storage.recovery_sheet.record_made`); "Later" records
nothing, and the window asks again at the next sign-in.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtPdf import QPdfDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.ui.mnemonics import give_alt_keys

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter

    from ethics_desk.ui.context import AppContext

EXPLANATION = (
    "<p><b>Print the recovery sheet of this database's record key, and lock it away.</b></p>"
    "<p>The record's journal is sealed with a key kept on this computer only. If this computer "
    "is lost, no backup can be verified or restored anywhere else — unless the key is on "
    "paper. The recovery sheet holds it, with what to do on a new computer.</p>"
    "<p>Keep it in the office's safe, apart from the backups. You can make it again at any "
    "time: File → Recovery sheet….</p>")


class RecoverySheetDialog(QDialog):
    """Print or save the recovery sheet; "Later" leaves it not made."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.made = False
        """Whether the sheet was printed or saved (and recorded) through this dialog."""
        self.setWindowTitle("Ethics Desk — recovery sheet")
        text = QLabel(EXPLANATION, self)
        text.setWordWrap(True)
        buttons = QDialogButtonBox(self)
        self.print_button = buttons.addButton("&Print…", QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button = buttons.addButton("&Save as PDF…",
                                             QDialogButtonBox.ButtonRole.ActionRole)
        self.later_button = buttons.addButton("&Later", QDialogButtonBox.ButtonRole.RejectRole)
        self.print_button.clicked.connect(lambda: self.print_sheet())
        self.save_button.clicked.connect(lambda: self.save_sheet())
        self.later_button.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(buttons)
        self.print_button.setDefault(True)
        give_alt_keys(self)

    def print_sheet(self, printer: QPrinter | None = None) -> bool:
        """Print the sheet (through the system's dialog, or on ``printer``) and record it."""
        from ethics_desk.maintenance.recovery_sheet import render_recovery_sheet
        from ethics_desk.storage.recovery_sheet import record_made
        from ethics_desk.ui.pdf_view import choose_printer, print_document

        try:
            key_id, pdf = render_recovery_sheet(self.context.database, actor=self.context.actor,
                                                clock=self.context.clock)
        except UserError as exc:
            return self._refused(exc)
        printer = printer or choose_printer(self)
        if printer is None:
            return False
        document = QPdfDocument(self)
        buffer = QBuffer(self)
        buffer.setData(QByteArray(pdf))
        buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        document.load(buffer)
        try:
            print_document(document, printer)
        except OSError as exc:
            QMessageBox.warning(self, "Ethics Desk — printing failed", str(exc))
            return False
        finally:
            document.close()
            buffer.close()
        try:
            record_made(self.context.database, key_id, actor=self.context.actor,
                        clock=self.context.clock, where="printed")
        except UserError as exc:
            return self._refused(exc)
        return self._done()

    def save_sheet(self, dest: Path | None = None) -> bool:
        """Save the sheet as a new PDF (chosen in a file dialog, or ``dest``) and record it."""
        from ethics_desk.maintenance.recovery_sheet import make_recovery_sheet

        if dest is None:
            chosen, _filter = QFileDialog.getSaveFileName(
                self, "Save the recovery sheet", "recovery-sheet.pdf", "PDF files (*.pdf)")
            if not chosen:
                return False
            dest = Path(chosen)
        try:
            make_recovery_sheet(self.context.database, dest, actor=self.context.actor,
                                clock=self.context.clock)
        except UserError as exc:
            return self._refused(exc)
        return self._done()

    def _refused(self, exc: UserError) -> bool:
        QMessageBox.warning(self, "Ethics Desk — recovery sheet", f"{exc.problem}\n\n{exc.fix}")
        return False

    def _done(self) -> bool:
        self.made = True
        self.accept()
        return True
