"""File → Bring the key from a recovery sheet…: on a new computer, an Administrator types the
record key from the office's recovery sheet (or opens the sheet's saved PDF), and it is kept on
this computer as ``ethics-desk key import --sheet`` keeps it.

Each line is checked as it is typed against its check letters
(:func:`ethics_desk.storage.recovery_sheet.read_key_line`): a wrong line is named under the
lines, and nothing typed is lost. The key is kept by
:func:`~ethics_desk.storage.recovery_sheet.import_from_sheet`; nothing is written to the
database. Then File → Restore a backup… restores the newest backup.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.ui.mnemonics import give_alt_keys

if TYPE_CHECKING:
    from ethics_desk.ui.context import AppContext

INTRODUCTION = (
    "Type the record key from the office's recovery sheet: the key id, then each of the key's "
    "four lines as printed, its groups and its check. A line that does not match its check is "
    "named. IT may open the sheet's saved PDF instead.")


class KeyFromSheetDialog(QDialog):
    """The key id and the key's four lines, typed or read from the sheet's PDF, then kept."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        from ethics_desk.storage.recovery_sheet import KEY_LINES

        super().__init__(parent)
        self.context = context
        self.key_id: str | None = None
        """The identifier of the key kept (None until one is)."""
        self.setWindowTitle("Ethics Desk — the record key from a recovery sheet")
        intro = QLabel(INTRODUCTION, self)
        intro.setWordWrap(True)
        form = QFormLayout()
        self.id_field = QLineEdit(self)
        self.id_field.setAccessibleName("Key id")
        form.addRow("&Key id:", self.id_field)
        self.line_fields: list[QLineEdit] = []
        for number in range(1, KEY_LINES + 1):
            field = QLineEdit(self)
            field.setAccessibleName(f"Line {number}")
            form.addRow(f"Line &{number}:", field)
            self.line_fields.append(field)
        self.message = QLabel("", self)
        self.message.setWordWrap(True)
        self.message.setAccessibleName("What is wrong")
        buttons = QDialogButtonBox(self)
        self.keep_button = buttons.addButton("K&eep the key",
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        self.pdf_button = buttons.addButton("Open the sheet's &PDF…",
                                            QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.keep_button.clicked.connect(lambda: self.keep_typed())
        self.pdf_button.clicked.connect(lambda: self.keep_from_pdf())
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        give_alt_keys(self)

    def keep_typed(self) -> bool:
        """Check the typed lines and keep the key; a wrong line is named, and focused."""
        from ethics_desk.storage.recovery_sheet import SheetError, read_sheet

        try:
            key_id, key = read_sheet(self.id_field.text(),
                                     [field.text() for field in self.line_fields])
        except SheetError as wrong:
            self._say(wrong)
            fields = {"Key id": self.id_field,
                      **{f"Line {n}": f for n, f in enumerate(self.line_fields, start=1)}}
            fields.get(wrong.line, self.id_field).setFocus()
            return False
        return self._keep(key_id, key)

    def keep_from_pdf(self, path: Path | None = None) -> bool:
        """Read the key from the sheet's PDF (chosen, or ``path``) and keep it."""
        from ethics_desk.storage.recovery_sheet import read_sheet_pdf

        if path is None:
            chosen, _filter = QFileDialog.getOpenFileName(
                self, "The recovery sheet's PDF", "", "PDF files (*.pdf)")
            if not chosen:
                return False
            path = Path(chosen)
        try:
            key_id, key = read_sheet_pdf(path)
        except UserError as exc:
            self._say(exc)
            return False
        return self._keep(key_id, key)

    def _keep(self, key_id: str, key: bytes) -> bool:
        from ethics_desk.storage.recovery_sheet import import_from_sheet

        try:
            self.key_id = import_from_sheet(key_id, key)
        except UserError as exc:
            self._say(exc)
            return False
        self.accept()
        return True

    def _say(self, exc: UserError) -> None:
        self.message.setText(f"{exc.problem} {exc.fix}")
