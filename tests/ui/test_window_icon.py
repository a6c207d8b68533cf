"""The application's icon is on every window: set on the application at start, from the PNGs
drawn with the executables' icon (installer/make_icon.py), at every size a title bar, the
taskbar and Alt+Tab ask for."""

from __future__ import annotations

import os
import subprocess
import sys

from PySide6.QtCore import QSize
from pytestqt.qtbot import QtBot

from ethics_desk.ui.app import WINDOW_ICON_SIZES, window_icon


def test_the_window_icon_has_every_size_and_none_is_empty(qtbot: QtBot) -> None:
    icon = window_icon()
    assert not icon.isNull()
    assert set(WINDOW_ICON_SIZES) <= {size.width() for size in icon.availableSizes()}
    for size in WINDOW_ICON_SIZES:
        assert not icon.pixmap(QSize(size, size)).toImage().isNull()


def test_every_window_of_the_started_application_carries_the_icon() -> None:
    """The real start (a process of its own: the tests' QApplication is pytest-qt's)."""
    script = (
        "import sys\n"
        "from PySide6.QtWidgets import QWidget\n"
        "from ethics_desk.ui.app import application\n"
        "app = application()\n"
        "window = QWidget()\n"
        "sizes = sorted(s.width() for s in window.windowIcon().availableSizes())\n"
        "print(sizes)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=False, timeout=120,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(sorted(WINDOW_ICON_SIZES))

