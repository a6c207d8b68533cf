"""Where the keyboard goes: the first Tab stop inside a part of a window, for a screen that
names no first field of its own."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget


def is_tab_stop(widget: QWidget, window: QWidget) -> bool:
    """Whether Tab stops at ``widget``: shown (or shown once ``window`` is), enabled, taking
    focus by Tab and passing it to no proxy."""
    return ((widget.focusPolicy() & Qt.FocusPolicy.TabFocus) == Qt.FocusPolicy.TabFocus
            and widget.isVisibleTo(window) and widget.isEnabled()
            and widget.focusProxy() is None)


def first_tab_stop(part: QWidget) -> QWidget | None:
    """The first Tab stop inside ``part`` in its window's Tab order, or None."""
    window = part.window()
    seen: set[int] = set()
    widget: QWidget | None = window.nextInFocusChain()
    while widget is not None and widget is not window and id(widget) not in seen:
        seen.add(id(widget))
        if part.isAncestorOf(widget) and is_tab_stop(widget, window):
            return widget
        widget = widget.nextInFocusChain()
    return None
