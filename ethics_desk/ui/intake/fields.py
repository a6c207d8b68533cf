"""Form pieces the intake pages share: a field with its inline message (in a form, or side by
side in a row), a text box.

Dates are :class:`ethics_desk.ui.date_field.DateField`.
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
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
        caption, holder = self._field(key, label, widget)
        self.layout.addRow(caption, holder)
        return widget

    def _field(self, key: str, label: str, widget: QWidget) -> tuple[QLabel, QWidget]:
        """The caption (the widget's buddy) and the holder of the widget and its message."""
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
        widget.setObjectName(key)
        self.messages[key] = message
        self.widgets[key] = widget
        return caption, holder

    def rekey(self, old: str, new: str) -> None:
        """Rename the fields whose key starts with ``old`` to start with ``new`` instead (a row
        of a list renumbered when one above it is removed)."""
        for key in [k for k in self.messages if k.startswith(old)]:
            renamed = new + key[len(old):]
            self.messages[renamed] = self.messages.pop(key)
            self.widgets[renamed] = self.widgets.pop(key)
            self.messages[renamed].setObjectName(f"message:{renamed}")
            self.widgets[renamed].setObjectName(renamed)

    def clear_except(self, keys: set[str]) -> None:
        """Clear the message of every field not in ``keys`` (a field fixed since it was shown)."""
        for key, message in self.messages.items():
            if key not in keys and not message.isHidden():
                message.say("")
                self.widgets[key].setAccessibleDescription("")

    def any_showing(self) -> bool:
        """Whether any field's message is shown."""
        return any(not message.isHidden() for message in self.messages.values())

    def show(self, problems: dict[str, str], *, quiet: bool = False) -> None:
        """Show each problem beside its field; clear the others. Focus the first problem.

        A screen reader hears the problems at once (an announcement), and each field's
        problem again as the field's description when the focus comes to it. ``quiet``: only
        show them (a page of several forms announces and focuses once, for all of them).
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
        if first is not None and not quiet:
            tell_problems(first, said)


def tell_problems(first: QWidget, said: list[str]) -> None:
    """Announce the problems to fix, and put the cursor on the field of the first."""
    count = "1 problem" if len(said) == 1 else f"{len(said)} problems"
    announce(first, f"{count} to fix: " + " ".join(said), urgent=True)
    first.setFocus(Qt.FocusReason.OtherFocusReason)


class FieldRow(FieldForm):
    """Fields side by side on one line, each with its caption before it and its message under
    it (one line of a list: a witness's name, who identified them, how to reach them)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.row = QHBoxLayout()
        self.row.setContentsMargins(0, 0, 0, 0)
        self.captions: dict[str, QLabel] = {}

    def add(self, key: str, label: str, widget: W, stretch: int = 1) -> W:
        """The caption, then the widget with its message under it, at the end of the line."""
        caption, holder = self._field(key, label, widget)
        caption.setMinimumHeight(widget.sizeHint().height())  # level with the field
        self.row.addWidget(caption, 0, Qt.AlignmentFlag.AlignTop)
        self.row.addWidget(holder, stretch, Qt.AlignmentFlag.AlignTop)
        self.captions[key] = caption
        return widget

    def rekey(self, old: str, new: str) -> None:
        """As :meth:`FieldForm.rekey`, the captions too."""
        for key in [k for k in self.captions if k.startswith(old)]:
            self.captions[new + key[len(old):]] = self.captions.pop(key)
        super().rekey(old, new)


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
