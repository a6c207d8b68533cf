"""A screen built the first time it is shown, so that starting the application pays only for
the screen the clerk sees first."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget


class LazyScreen(QWidget):
    """Holds a factory; builds the real screen on first show (or first ask) and shows it."""

    def __init__(self, factory: Callable[[], QWidget], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._factory = factory
        self._content: QWidget | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)

    @property
    def is_built(self) -> bool:
        """Whether the real screen exists yet."""
        return self._content is not None

    def content(self) -> QWidget:
        """The real screen, built now if it was not yet."""
        if self._content is None:
            self._content = self._factory()
            self._layout.addWidget(self._content)
            self._content.show()  # now, not after the event loop: the cursor can go into it
        return self._content

    def showEvent(self, event: QShowEvent) -> None:
        """Build on first show."""
        self.content()
        super().showEvent(event)

    def refresh(self) -> None:
        """Refresh the real screen, if it has been built (an unbuilt one is fresh when built)."""
        refresh = getattr(self._content, "refresh", None)
        if callable(refresh):
            refresh()
