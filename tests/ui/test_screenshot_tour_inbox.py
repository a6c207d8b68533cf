"""The inbox's screenshot tour on the demonstration database: the start-up view "Due today" and
"All pending", at the main window's first-run size and wider; saved as PNG when
``ETHICS_DESK_SCREENSHOTS`` is set (so a person can look at them), and always checked to render
at a usable size."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from ethics_desk.cases.inbox import ALL_PENDING, DUE_TODAY
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.screens.inbox_screen import InboxScreen
from tests.ui.test_screenshot_tour import shoot


def test_tour_of_the_inbox(qtbot: QtBot, demo_context: AppContext) -> None:
    screen = InboxScreen(demo_context)
    qtbot.addWidget(screen)
    screen.resize(990, 720)  # the main window's stack at its first-run size
    screen.show()
    qtbot.waitExposed(screen)
    assert screen.current_view() == DUE_TODAY and screen.model.rowCount() > 0
    shoot(screen, "inbox-1-due-today")

    screen.show_view(ALL_PENDING)
    screen.table.selectRow(2)
    assert screen.model.rowCount() > 20
    shoot(screen, "inbox-2-all-pending")

    screen.resize(1250, 760)  # a maximised window on a 1440-pixel-wide screen
    qtbot.wait(10)
    shoot(screen, "inbox-3-all-pending-wide")

    screen.search.setText("peña")
    qtbot.waitUntil(lambda: not screen.searching)  # asked after the pause, off the GUI thread
    shoot(screen, "inbox-4-search-in-all-pending")
