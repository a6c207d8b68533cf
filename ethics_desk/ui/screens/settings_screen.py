"""Settings: the staff member at the desk, the letterhead, and the office's policy days."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.office import settings
from ethics_desk.office.actions import read_settings, save_settings
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt

MULTILINE = {"office.mailing_address", "office.filing_address"}


class SettingsScreen(QWidget):
    """Every declared setting in a form; Save stores the changed ones (each change audited)."""

    saved = Signal(list)

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.fields: dict[str, QWidget] = {}
        form = QFormLayout()
        for key, option in settings.OPTIONS.items():
            widget: QWidget
            if option.choices:
                combo = QComboBox(self)
                for value, text in option.choices:
                    combo.addItem(text, value)
                widget = combo
            elif isinstance(option.default, int):
                spin = QSpinBox(self)
                spin.setRange(0, 30)
                spin.setMaximumWidth(90)
                widget = spin
            elif key in MULTILINE:
                edit = QPlainTextEdit(self)
                edit.setTabChangesFocus(True)
                edit.setFixedHeight(58)
                widget = edit
            else:
                widget = QLineEdit(self)
            widget.setObjectName(key)
            label = QLabel(f"&{option.label}:" if key == "staff.name" else f"{option.label}:")
            buddy(label, widget)
            form.addRow(label, widget)
            self.fields[key] = widget
        self.status = StatusLine(self)
        self.status.setObjectName("settingsStatus")
        self.revert_button = QPushButton("&Revert", self)  # made first: Tab reaches it first,
        self.save_button = QPushButton("S&ave settings", self)  # as it stands left of Save
        self.save_button.clicked.connect(self.save)
        self.revert_button.clicked.connect(self.load)
        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<h2>Settings</h2>"))
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addStretch(1)
        self.load()

    def load(self) -> None:
        """Show the stored values (and remember them: a save writes only what was changed
        here, and refuses a setting another desk changed meanwhile)."""
        for key, value in read_settings(self.context.database).items():
            self._set(self.fields[key], value)
        self.shown = self.values()
        self.status.setText("")

    def values(self) -> dict[str, Any]:
        """The values in the form."""
        out: dict[str, Any] = {}
        for key, widget in self.fields.items():
            if isinstance(widget, QComboBox):
                out[key] = str(widget.currentData())
            elif isinstance(widget, QSpinBox):
                out[key] = widget.value()
            elif isinstance(widget, QPlainTextEdit):
                out[key] = widget.toPlainText().strip()
            elif isinstance(widget, QLineEdit):
                out[key] = widget.text().strip()
        return out

    def save(self) -> None:
        """Store the changed settings (one transaction, audited)."""
        actor = self.values().get("staff.name") or self.context.staff_name
        values = self.values()
        changed = attempt(self, lambda: save_settings(self.context.database, values,
                                                      actor=actor, clock=self.context.clock,
                                                      seen=self.shown))
        if changed is FAILED:
            return
        self.shown = values
        self.status.setText(f"Saved {len(changed)} change(s)." if changed else "No changes.")
        self.saved.emit(changed)

    @staticmethod
    def _set(widget: QWidget, value: Any) -> None:
        if isinstance(widget, QComboBox):
            widget.setCurrentIndex(max(0, widget.findData(value)))
        elif isinstance(widget, QSpinBox):
            widget.setValue(int(value))
        elif isinstance(widget, QPlainTextEdit):
            widget.setPlainText(str(value))
        elif isinstance(widget, QLineEdit):
            widget.setText(str(value))

    def first_field(self) -> QWidget:
        """Where the cursor goes when the screen is shown: the first setting (who is at the
        desk)."""
        return next(iter(self.fields.values()))
