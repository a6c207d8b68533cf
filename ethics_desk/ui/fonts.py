"""The application's own fonts, in the window on every platform as in the papers.

The papers are set in DejaVu Sans with Droid Sans Fallback (``resources/fonts/``); the window
uses the platform's fonts (Segoe UI on Windows), with these two registered beside them so a
name in any script the papers can print also shows on screen.

One platform brings no fonts at all: Qt's ``offscreen`` platform on Windows (the tests, the
smoke test) reads FreeType fonts from a folder PySide6 does not ship (``QT_QPA_FONTDIR``, by
default ``lib\\fonts`` beside Qt), so every glyph would be a box and every width a guess. Before
the application starts, that folder is pointed at the application's fonts unless someone chose
another; and where the platform still offers no family of its own, DejaVu Sans is the
application's font.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication
from PySide6.QtWidgets import QApplication

from ethics_desk.core.resources import resource_path

FONT_FOLDER_ENV = "QT_QPA_FONTDIR"
"""Where Qt's FreeType font database (the offscreen and minimal platforms) reads its fonts."""

FAMILY = "DejaVu Sans"
"""The papers' family: the window's own where the platform has none."""

DEFAULT_POINT_SIZE = 9.0
"""Windows' message font size, for a window whose platform names none."""


def prepare_platform() -> None:
    """Before the QApplication: a FreeType font database finds the application's fonts."""
    os.environ.setdefault(FONT_FOLDER_ENV, str(resource_path("fonts")))


def register(app: QGuiApplication) -> tuple[str, ...]:
    """Register every font in ``resources/fonts`` with Qt; returns the families they add.

    A font Qt cannot read is left out (the platform's fonts remain); on a platform with no
    family of its own, DejaVu Sans becomes the application's font.
    """
    families: list[str] = []
    for path in sorted(resource_path("fonts").glob("*.ttf")):
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id >= 0:
            families.extend(QFontDatabase.applicationFontFamilies(font_id))
    own = tuple(dict.fromkeys(families))
    if own and not set(QFontDatabase.families()) - set(own):
        font = QFont(FAMILY)
        size = app.font().pointSizeF()
        font.setPointSizeF(size if size > 0 else DEFAULT_POINT_SIZE)
        app.setFont(font)
    return own


class DeskApplication(QApplication):
    """The QApplication of Ethics Desk: its fonts found and registered before the first window
    (the tests start the same class: ``qapp_cls`` in ``tests/conftest.py``)."""

    def __init__(self, arguments: Sequence[str]) -> None:
        prepare_platform()
        super().__init__(list(arguments))
        self.own_families = register(self)
        """The families the application's fonts added (DejaVu Sans, Droid Sans Fallback)."""
