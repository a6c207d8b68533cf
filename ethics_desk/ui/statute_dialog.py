"""Help → § 2-83 text: the statute the application implements, to read and search."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout, QWidget

from ethics_desk.core.resources import resource_path
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.sizing import fit_to_screen


def statute_text() -> str:
    """City Code § 2-83 as shipped in resources/statute."""
    return resource_path("statute", "sec-2-83.txt").read_text(encoding="utf-8")


class StatuteDialog(QDialog):
    """A read-only window with the text of § 2-83."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("City Code § 2-83 — Complaints")
        fit_to_screen(self, 760, 820)
        self.text = QPlainTextEdit(self)
        self.text.setAccessibleName("Text of City Code § 2-83")
        self.text.setReadOnly(True)
        self.text.setPlainText(statute_text())
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.GeneralFont)
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.text.setFont(font)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        give_alt_keys(self)  # Close
