"""Every action is reachable by keyboard: the case window's workflow buttons, whose labels come
from the workflow table, each get an Alt-key that no other control of the window uses."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.mnemonics import mnemonic_of, window_mnemonics, with_mnemonic
from ethics_desk.workflow import WorkflowController
from tests.ui.test_action_forms import _cases
from tests.ui.test_case_window import _window


def test_a_label_gets_the_first_free_initial_then_any_free_letter() -> None:
    taken = {"f", "t"}
    assert with_mnemonic("Forward to the reviewers", taken) == "Forward to the &reviewers"
    assert with_mnemonic("Fort", taken) == "F&ort"
    assert taken == {"f", "t", "r", "o"}
    assert with_mnemonic("Fort", taken) == "Fort"  # every letter is taken: left as it is
    assert with_mnemonic("&Accept", taken) == "&Accept"


def test_a_mnemonic_is_the_letter_after_a_single_ampersand() -> None:
    assert mnemonic_of("Re&views") == "v"
    assert mnemonic_of("Fish && &Chips") == "c"
    assert mnemonic_of("Fish && Chips") is None


def test_every_workflow_button_has_an_alt_key_no_other_control_of_the_case_window_uses(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    for state, case_id in _cases(controller, database).items():
        window = _window(qtbot, context, case_id)
        assert window.action_buttons, state
        without = [b.text() for b in window.action_buttons.values() if mnemonic_of(b.text()) is None]
        assert without == [], state
        clashes = {letter: texts for letter, texts in window_mnemonics(window).items()
                   if len(texts) > 1}
        assert clashes == {}, state
        window.close()


def test_no_two_controls_of_a_main_window_screen_share_an_alt_key(
        qtbot: QtBot, context: AppContext) -> None:
    from ethics_desk.ui.main_window import SCREENS, MainWindow

    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    found: dict[str, dict[str, list[str]]] = {}
    for screen in SCREENS:
        window.go(screen)
        qtbot.wait(10)
        clashes = {letter: texts for letter, texts in window_mnemonics(window).items()
                   if len(texts) > 1}
        if clashes:
            found[screen] = clashes
    assert found == {}
