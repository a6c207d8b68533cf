"""The Settings screen fits the desk's screen: at 1280 × 720, and at 150 % (the same screen
with 853 × 480 points to lay out in), a long label wraps onto lines of its own instead of
pushing every field off the right edge; the screen scrolls only up and down."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from ethics_desk.office import settings
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.screens.settings_screen import SettingsScreen


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (853, 480)])
def test_every_setting_and_its_whole_label_are_within_the_width_of_the_screen(
        qtbot: QtBot, context: AppContext, width: int, height: int) -> None:
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.resize(width, height)
    window.show()
    window.go("settings")
    screen = window.settings_screen
    assert isinstance(screen, SettingsScreen)
    QApplication.processEvents()
    viewport = screen.scroll_area.viewport()
    assert screen.scroll_area.widget().width() <= viewport.width()
    for key, field in screen.fields.items():
        right = field.mapTo(viewport, field.rect().topRight()).x()
        assert right <= viewport.width(), f"{key} ends at {right} of {viewport.width()}"
    labels = [label for label in screen.findChildren(QLabel) if label.buddy() is not None]
    assert len(labels) >= len([k for k in settings.OPTIONS if k in screen.fields])
    for label in labels:
        needed = label.heightForWidth(label.width()) if label.wordWrap() else \
            label.sizeHint().height()
        assert label.width() >= min(label.sizeHint().width(), label.maximumWidth()), label.text()
        assert label.height() >= needed, f"{label.text()!r} is cut: {label.height()} < {needed}"
