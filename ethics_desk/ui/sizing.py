"""Window sizes that respect the screen, whatever the display scaling."""

from __future__ import annotations

from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QWidget


def fit_to_screen(widget: QWidget, width: int, height: int) -> None:
    """Resize to ``width`` × ``height`` (logical pixels), shrunk to fit the available screen."""
    screen: QScreen | None = widget.screen()  # None when no screen is attached (Qt allows it)
    if screen is None:
        widget.resize(width, height)
        return
    available = screen.availableGeometry()
    widget.resize(min(width, int(available.width() * 0.92)),
                  min(height, int(available.height() * 0.9)))
