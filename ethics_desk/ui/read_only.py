"""The window in read-only mode: a banner that says what happened and what to do, and every
action that would write offered disabled, its tooltip the same sentence.

The storage layer decides that a database takes no more data and why
(:mod:`ethics_desk.storage.read_only`); the window only shows it
(:meth:`ethics_desk.ui.context.AppContext.read_only`). The service refuses a change anyway, so a
control this module does not reach still cannot write: it is told so in the same words.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from ethics_desk.storage.read_only import ReadOnlyReason
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import announce
from ethics_desk.ui.context import AppContext


class ReadOnlyBanner(QLabel):
    """The line at the top of the main window while the database takes no more data: the
    problem and the fix in the error style, announced to a screen reader when it appears; hidden
    otherwise."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("readOnlyBanner")
        self.setAccessibleName("The database takes no more data")
        self.setWordWrap(True)
        self.setMargin(8)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        palette.set_style(self, "error")
        self.reason: ReadOnlyReason | None = None
        self.hide()

    def show_reason(self, reason: ReadOnlyReason | None) -> None:
        """Show ``reason`` (announced when it is new), or nothing when there is none."""
        new = reason is not None and reason != self.reason
        self.reason = reason
        text = reason.sentence if reason is not None else ""
        self.setText(text)
        self.setToolTip(text)
        self.setAccessibleDescription(text)
        self.setVisible(reason is not None)
        if new:
            announce(self, text, urgent=True)


def refuse_while_read_only(context: AppContext, *widgets: QWidget) -> ReadOnlyReason | None:
    """Disable ``widgets`` (each an action that would write), their tooltip the read-only mode's
    sentence, while the database takes no more data; the reason, or None (then nothing is
    touched: what the role and the case allow stays as the caller set it)."""
    reason = context.read_only()
    if reason is not None:
        for widget in widgets:
            widget.setEnabled(False)
            widget.setToolTip(reason.sentence)
    return reason
