"""Each screen in the navigation has an icon of its own that says what the screen is (a
freely licensed set shipped with its licence), never one of Qt's stock file-dialog pictures."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from pytestqt.qtbot import QtBot

from ethics_desk.core.resources import resource_path
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import SCREENS, MainWindow, screen_icon


def test_every_screen_has_its_own_icon_at_both_sizes_with_its_licence() -> None:
    folder = resource_path("icons", "screens")
    assert (folder / "COPYING-Adwaita.txt").is_file()
    images = set()
    for key in SCREENS:
        icon = screen_icon(key)
        assert not icon.isNull(), key
        assert {(s.width(), s.height()) for s in icon.availableSizes()} >= {(24, 24), (48, 48)}
        images.add(icon.pixmap(QSize(24, 24)).toImage().bits().tobytes())
        assert key in (folder / "README.md").read_text(encoding="utf-8")
    assert len(images) == len(SCREENS)  # no two screens look alike


def test_the_navigation_shows_each_screens_icon(qtbot: QtBot, context: AppContext) -> None:
    window = MainWindow(context)
    qtbot.addWidget(window)
    for row, key in enumerate(SCREENS):
        item = window.navigation.item(row)
        assert item.data(Qt.ItemDataRole.UserRole) == key
        shown = item.icon().pixmap(QSize(24, 24)).toImage()
        assert shown == screen_icon(key).pixmap(QSize(24, 24)).toImage(), key
