"""The window's long acts run off the GUI thread, the window painting meanwhile, and their
refusals are shown the one way every refusal is."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget
from pytestqt.qtbot import QtBot

from ethics_desk.core.errors import RuleError, UserError
from ethics_desk.ui import errors, operations
from ethics_desk.ui.errors import FAILED
from ethics_desk.ui.operations import operate, perform


@pytest.fixture
def window(qtbot: QtBot) -> QWidget:
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


def test_an_act_runs_on_a_thread_of_its_own_and_its_result_comes_back(window: QWidget) -> None:
    ran_on: list[threading.Thread] = []

    def act() -> str:
        ran_on.append(threading.current_thread())
        return "issued"

    assert operate(window, "Issuing the paper", act) == "issued"
    assert ran_on and ran_on[0] is not threading.main_thread()


def test_the_window_runs_its_timers_while_an_act_waits(window: QWidget) -> None:
    # The act can end only when a timer of the GUI thread has fired: were the GUI thread
    # blocked on the act, this would never return.
    fired = threading.Event()
    QTimer.singleShot(20, fired.set)

    def act() -> int:
        fired.wait()
        return 1

    assert operate(window, "Rendering the packet", act) == 1


def test_a_long_act_names_itself_in_a_progress_window(window: QWidget,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(operations, "SHOW_AFTER_MS", 0)
    seen: list[str] = []
    looked = threading.Event()

    def look() -> None:
        seen.extend(d.labelText() for d in QApplication.topLevelWidgets()
                    if isinstance(d, QProgressDialog) and d.isVisible())
        looked.set()

    QTimer.singleShot(30, look)

    def act() -> None:
        looked.wait()

    assert operate(window, "Issuing the paper", act) is None
    assert seen == ["Issuing the paper…"]
    assert not [d for d in QApplication.topLevelWidgets()
                if isinstance(d, QProgressDialog) and d.isVisible()]


def test_a_refused_act_is_shown_once_and_gives_failed(window: QWidget,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[UserError] = []
    monkeypatch.setattr(errors, "show_user_error",
                        lambda parent, error, title="": shown.append(error))
    refusal = RuleError("The complaint is not sworn (§ 2-83(c)).", "Return it to the complainant.")

    def act() -> None:
        raise refusal

    assert operate(window, "Forwarding for review", act) is FAILED
    assert shown == [refusal]


def test_perform_leaves_the_refusal_to_the_screen(window: QWidget,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[UserError] = []
    monkeypatch.setattr(errors, "show_user_error",
                        lambda parent, error, title="": shown.append(error))

    def act() -> None:
        raise RuleError("Not yet.", "Wait.")

    with pytest.raises(RuleError, match="Not yet"):
        perform(window, "Recording the vote", act)
    assert shown == []


def test_a_bug_in_an_act_reaches_the_crash_handler_on_the_gui_thread(window: QWidget) -> None:
    def act() -> None:
        raise ZeroDivisionError("a bug")

    with pytest.raises(ZeroDivisionError, match="a bug"):
        operate(window, "Issuing the paper", act)
