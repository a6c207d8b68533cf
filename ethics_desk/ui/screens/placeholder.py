"""An honest placeholder for a screen a later release builds: it says so and does nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget


class PlaceholderScreen(QWidget):
    """A screen not built yet: its title and what it will do."""

    def __init__(self, title: str, promise: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        heading = QLabel(f"<h2>{title}</h2>")
        text = QLabel(f"{promise}<br><br><i>This screen is not built yet; nothing here is "
                      "stored or counted.</i>")
        text.setWordWrap(True)
        text.setObjectName("placeholderText")
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(text)
        layout.addStretch(1)
        layout.setAlignment(Qt.AlignmentFlag.AlignTop)
