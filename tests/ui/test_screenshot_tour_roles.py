"""The screenshot tour of each of the eight roles: what each person sees after signing in at
1280 × 720 — every screen their role opens, each tab, and the case window of the first case in
their inbox — saved as ``role-<role>-…png`` when ``ETHICS_DESK_SCREENSHOTS=<folder>`` is set.
Run it again with ``QT_SCALE_FACTOR=1.5`` for the same at 150 % (1920 × 1080 pixels). Without
the folder it still checks that each role's window renders, opens at least its inbox, and that
the case it opens is one its inbox lists (a person sees only the cases their role receives)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QTabWidget
from pytestqt.qtbot import QtBot

from ethics_desk.core.roles import Role
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import SCREENS, MainWindow
from ethics_desk.ui.screens.lazy import LazyScreen
from tests.ui.conftest import make_account, signed_in_context
from tests.ui.test_screenshot_tour import shoot


@pytest.mark.parametrize("role", list(Role), ids=[role.value for role in Role])
def test_tour_of_a_roles_window(qtbot: QtBot, demo_context: AppContext, role: Role) -> None:
    login = f"tour.{role.value}"
    make_account(demo_context.database, login, f"Tour {role.label}", role)
    context = signed_in_context(demo_context.database, login)
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    shown = 0
    for number, key in enumerate(SCREENS, start=1):
        if not window.allows(key):
            continue
        window.go(key)
        screen = window.stack.currentWidget()
        content = screen.content() if isinstance(screen, LazyScreen) else screen
        qtbot.waitUntil(lambda: content.isVisible() and content.width() > 400)  # noqa: B023
        qtbot.wait(50)
        tabs = content.findChildren(QTabWidget)
        for index in range(tabs[0].count() if tabs else 1):
            if tabs:
                tabs[0].setCurrentIndex(index)
                qtbot.wait(20)
            shoot(window, f"role-{role.value}-{number}-{key}" + (f"-{index + 1}" if tabs else ""))
            shown += 1
    assert shown >= 1 and window.allows("inbox")
    inbox = window.inbox_screen
    window.go("inbox")
    qtbot.waitUntil(lambda: inbox.model.settled)
    if inbox.model.rowCount():
        case_id = inbox.model.case_id(0)
        case = window.open_case(case_id)
        assert case is not None
        qtbot.waitExposed(case)
        case.resize(1280, 720)
        qtbot.wait(50)
        shoot(case, f"role-{role.value}-case")
        case.close()
