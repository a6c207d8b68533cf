"""Form pieces the intake pages share: a field with its inline message, a text box.

Dates are :class:`ethics_desk.ui.date_field.DateField`.
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import announce, buddy

W = TypeVar("W", bound=QWidget)


class FieldMessage(QLabel):
    """The message shown right under a field when it needs attention (hidden otherwise)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        palette.set_style(self, "error")
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hide()

    def say(self, text: str, *, aloud: bool = True) -> None:
        """Show ``text`` (with a warning sign, so it is not told by colour alone); a screen
        reader hears it at once unless ``aloud`` is false (the caller announces it)."""
        if text:
            self.setText(f"⚠ {text}")
            self.show()
            if aloud:
                announce(self, text, urgent=True)
        else:
            self.clear()
            self.hide()


class FieldForm:
    """A form whose rows each carry an inline :class:`FieldMessage`, keyed by field path."""

    def __init__(self, parent: QWidget) -> None:
        self.layout = QFormLayout()
        self.layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.parent = parent
        self.messages: dict[str, FieldMessage] = {}
        self.widgets: dict[str, QWidget] = {}

    def add(self, key: str, label: str, widget: W) -> W:
        """A labelled row: the widget with its message under it. ``&`` in the label = mnemonic."""
        holder = QWidget(self.parent)
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addWidget(widget)
        message = FieldMessage(holder)
        message.setObjectName(f"message:{key}")
        column.addWidget(message)
        caption = QLabel(label, self.parent)
        buddy(caption, widget)
        self.layout.addRow(caption, holder)
        widget.setObjectName(key)
        self.messages[key] = message
        self.widgets[key] = widget
        return widget

    def clear_except(self, keys: set[str]) -> None:
        """Clear the message of every field not in ``keys`` (a field fixed since it was shown)."""
        for key, message in self.messages.items():
            if key not in keys and not message.isHidden():
                message.say("")
                self.widgets[key].setAccessibleDescription("")

    def any_showing(self) -> bool:
        """Whether any field's message is shown."""
        return any(not message.isHidden() for message in self.messages.values())

    def show(self, problems: dict[str, str]) -> None:
        """Show each problem beside its field; clear the others. Focus the first problem.

        A screen reader hears the problems at once (an announcement), and each field's
        problem again as the field's description when the focus comes to it.
        """
        first = None
        said: list[str] = []
        for key, message in self.messages.items():
            text = problems.get(key, "")
            message.say(text, aloud=False)
            self.widgets[key].setAccessibleDescription(text)
            if text:
                said.append(text)
                if first is None:
                    first = self.widgets[key]
        if first is not None:
            count = "1 problem" if len(said) == 1 else f"{len(said)} problems"
            announce(first, f"{count} to fix: " + " ".join(said), urgent=True)
            first.setFocus(Qt.FocusReason.OtherFocusReason)


def text_box(parent: QWidget, height: int = 90, *, grows: bool = False) -> QPlainTextEdit:
    """A multi-line text field where Tab moves on (keyboard users are not trapped).

    ``height`` is its height in pixels at 100 % scaling; a box that ``grows`` takes the room
    the page has left (the statement of facts).
    """
    box = QPlainTextEdit(parent)
    box.setTabChangesFocus(True)
    lines = box.fontMetrics().lineSpacing()
    box.setMinimumHeight(max(height, 3 * lines))
    if not grows:
        box.setMaximumHeight(max(height, 3 * lines) + lines)
    return box
