"""What a screen reader says: names for controls, and announcements of what changed.

Qt hands its accessibility tree to AT-SPI on Linux and to UI Automation on Windows (where
NVDA, JAWS and Narrator read it). A control is named after its visible label as
:func:`spoken` reads it — without the Alt-key's ampersand, the trailing colon or any markup.
A field labelled by a ``QLabel`` buddy is named by that label (:func:`buddy`), because Qt
names a field from its label only when the label is its direct neighbour, which a field with
its message under it is not.

:func:`announce` tells the screen reader something that changed away from the focus — a
field's message, a saved action, a status line — without moving the focus there.
"""

from __future__ import annotations

import re
from html import unescape

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

FIELDS = (QLineEdit, QPlainTextEdit, QTextEdit, QComboBox, QAbstractSpinBox, QAbstractItemView)
"""The kinds of control a label stands for (a button names itself)."""

_TAGS = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")


def spoken(label: str) -> str:
    """``label`` as it is read aloud: no ``&`` of an Alt-key (``&&`` stays one ``&``), no
    markup, no trailing colon, one space between words."""
    text = unescape(_TAGS.sub(" ", label)) if "<" in label else label
    text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return _SPACE.sub(" ", text).strip().rstrip(":").strip()


def buddy(label: QLabel, widget: QWidget) -> None:
    """Make ``label`` the visible label of ``widget``: its Alt-key moves there, and the
    widget is named after it (unless it already has a name of its own)."""
    label.setBuddy(widget)
    said = spoken(label.text())
    if not widget.accessibleName():
        widget.setAccessibleName(said)
    proxy = widget.focusProxy()
    if proxy is not None and not proxy.accessibleName():  # the date field's text
        proxy.setAccessibleName(said)
    if widget.focusPolicy() == Qt.FocusPolicy.NoFocus:  # a holder: name the field it holds
        for field in widget.findChildren(QWidget):
            if (isinstance(field, FIELDS) and field.focusPolicy() != Qt.FocusPolicy.NoFocus
                    and not field.accessibleName()):
                field.setAccessibleName(said)
                break


def announce(widget: QWidget, text: str, *, urgent: bool = False) -> None:
    """Have the screen reader say ``text`` on behalf of ``widget`` (an error is ``urgent``:
    it interrupts; anything else waits for the reader to finish)."""
    if not text:
        return
    event = QAccessibleAnnouncementEvent(widget, text)
    event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive if urgent
                        else QAccessible.AnnouncementPoliteness.Polite)
    _send(event)


def _send(event: QAccessibleAnnouncementEvent) -> None:
    """Hand the event to the platform's screen-reader bridge (AT-SPI, UI Automation)."""
    QAccessible.updateAccessibility(event)


class StatusLine(QLabel):
    """A line that tells what just happened ("Saved 2 changes.", "Printing failed…"): a
    screen reader hears each new text without the focus moving to it (an ``urgent`` line
    interrupts, as a refusal should)."""

    def __init__(self, parent: QWidget | None = None, *, urgent: bool = False) -> None:
        super().__init__(parent)
        self.urgent = urgent

    def setText(self, text: str) -> None:
        """Show ``text`` and announce it when it is new."""
        changed = text != self.text()
        super().setText(text)
        if changed and text:
            announce(self, spoken(text), urgent=self.urgent)
