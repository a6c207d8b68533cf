"""After a switch of screens the cursor waits in the screen's first field — the inbox's search,
the calendar's month, the print queue, the first setting, the drafts, the Board's first field —
never on the navigation list or a container; arrowing through the list leaves it in the list."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from ethics_desk.ui.context import AppContext
from ethics_desk.ui.focus import is_tab_stop
from ethics_desk.ui.main_window import SCREENS, MainWindow, screen_number


def _shown(qtbot: QtBot, context: AppContext) -> MainWindow:
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


def _focused(window: MainWindow) -> QWidget | None:
    return QApplication.focusWidget() if window.isActiveWindow() else window.focusWidget()


def _resolved(widget: QWidget) -> QWidget:
    """The widget that takes the focus given to ``widget`` (a calendar gives it to its grid)."""
    while (proxy := widget.focusProxy()) is not None:
        widget = proxy
    return widget


FIRST_FIELDS: dict[str, Callable[[MainWindow], QWidget]] = {
    "new": lambda w: w.new_screen.drafts,  # the demonstration has drafts to resume
    "inbox": lambda w: w.inbox_screen.search,
    "calendar": lambda w: w.calendar_screen.month_view,  # type: ignore[attr-defined]
    "mail": lambda w: w._mail.content().queue_view,  # type: ignore[attr-defined]
    "settings": lambda w: w.settings_screen.fields["security.lock_minutes"],
    "board": lambda w: w.board_screen.serving_on,  # type: ignore[attr-defined]
    "retention": lambda w: w.retention_screen.eligible_view,  # type: ignore[attr-defined]
    "requests": lambda w: w.requests_screen.requests_view,  # type: ignore[attr-defined]
    "statistics": lambda w: w.statistics_screen.period,  # type: ignore[attr-defined]
}


def _assert_in_first_field(window: MainWindow, key: str) -> None:
    focused = _focused(window)
    expected = _resolved(FIRST_FIELDS[key](window))
    assert focused is expected, f"{key}: the cursor is on {focused!r}, not {expected!r}"
    assert is_tab_stop(focused, window)
    assert not [child for child in focused.findChildren(QWidget) if is_tab_stop(child, window)]


def test_ctrl_and_a_number_puts_the_cursor_in_the_first_field_of_every_screen(
        qtbot: QtBot, demo_context: AppContext) -> None:
    window = _shown(qtbot, demo_context)
    _assert_in_first_field(window, "inbox")  # where the window opens
    for key in reversed(SCREENS):
        if not window.allows(key):  # the Records officer's: the test below
            continue
        window.navigation.setFocus()
        QTest.keyClick(window, getattr(Qt.Key, f"Key_{screen_number(key)}"),
                       Qt.KeyboardModifier.ControlModifier)
        assert window.current_screen() == key
        _assert_in_first_field(window, key)


def test_arrowing_through_the_screens_stays_in_the_list_and_enter_goes_to_the_screen(
        qtbot: QtBot, demo_context: AppContext) -> None:
    window = _shown(qtbot, demo_context)
    window.go("new")
    window.navigation.setFocus()
    for key in [k for k in SCREENS[1:] if window.allows(k)]:
        QTest.keyClick(window.navigation, Qt.Key.Key_Down)
        assert window.current_screen() == key
        assert _focused(window) is window.navigation, key
        QTest.keyClick(window.navigation, Qt.Key.Key_Return)
        _assert_in_first_field(window, key)
        window.navigation.setFocus()


def test_the_records_officer_reaches_the_retention_screen_by_ctrl_7_into_its_first_field(
        qtbot: QtBot, demo_context: AppContext) -> None:
    from tests.ui.conftest import signed_in_context

    window = _shown(qtbot, signed_in_context(demo_context.database, "records", "demo"))
    window.navigation.setFocus()
    QTest.keyClick(window, Qt.Key.Key_7, Qt.KeyboardModifier.ControlModifier)
    assert window.current_screen() == "retention"
    _assert_in_first_field(window, "retention")


def test_a_screen_chosen_from_the_menus_gets_the_cursor_too(
        qtbot: QtBot, demo_context: AppContext) -> None:
    window = _shown(qtbot, demo_context)
    settings = window.findChild(type(window.new_action), "actionSettings")
    assert settings is not None
    settings.trigger()
    _assert_in_first_field(window, "settings")
