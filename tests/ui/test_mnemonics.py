"""Every action is reachable by keyboard: the case window's workflow buttons, whose labels come
from the workflow table, each get an Alt-key that no other control of the window uses; in every
window a clerk meets, no two controls share an Alt-key and every push button has one while a
letter of its label is free."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox, QPushButton, QWizard
from pytestqt.qtbot import QtBot

from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.mnemonics import mnemonic_of, window_mnemonics, with_mnemonic
from ethics_desk.workflow.controller import WorkflowController
from tests.ui.test_action_forms import _cases
from tests.ui.test_case_window import _window
from tests.ui.window_tour import Stop, tour


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


def _platform_buttons(stop: Stop) -> set[int]:
    """OK and Cancel of a button box, and the wizard's Cancel: Enter and Escape press them."""
    found: set[int] = set()
    for box in stop.window.findChildren(QDialogButtonBox):
        for which in (QDialogButtonBox.StandardButton.Ok, QDialogButtonBox.StandardButton.Cancel):
            button = box.button(which)
            if isinstance(button, QPushButton) and mnemonic_of(button.text()) is None:
                found.add(id(button))
    if isinstance(stop.window, QWizard):
        found.add(id(stop.window.button(QWizard.WizardButton.CancelButton)))
    return found


def _without_a_key(stop: Stop, taken: set[str]) -> list[str]:
    """The shown push buttons with no Alt-key though a letter of their label is free (a disabled
    one too: a selection enables it)."""
    platform = _platform_buttons(stop)
    return [button.text() for button in stop.window.findChildren(QPushButton)
            if button.isVisibleTo(stop.window) and button.text()
            and id(button) not in platform and mnemonic_of(button.text()) is None
            and {ch.lower() for ch in button.text() if ch.isalpha()} - taken]


def test_in_every_window_no_two_controls_share_an_alt_key_and_each_button_has_one(
        qtbot: QtBot, demo_context: AppContext, tmp_path: Path) -> None:
    clashes: dict[str, dict[str, list[str]]] = {}
    keyless: dict[str, list[str]] = {}
    seen: list[Stop] = []  # the tour's windows stay referenced while it goes on
    for stop in tour(qtbot, demo_context, tmp_path):
        seen.append(stop)
        letters = window_mnemonics(stop.window)
        shared = {letter: texts for letter, texts in letters.items() if len(texts) > 1}
        if shared:
            clashes[stop.name] = shared
        if missing := _without_a_key(stop, set(letters)):
            keyless[stop.name] = missing
    assert clashes == {}, "\n".join(f"{name}: {found}" for name, found in clashes.items())
    assert keyless == {}, "\n".join(f"{name}: {found}" for name, found in keyless.items())


def test_an_earlier_label_never_takes_the_only_letter_a_later_one_could_have() -> None:
    from ethics_desk.ui.mnemonics import with_mnemonics

    taken = {"x"}
    assert with_mnemonics(["Ab", "A", "X"], taken) == ["A&b", "&A", "X"]
    assert taken == {"a", "b", "x"}
    assert with_mnemonics(["&Keep", "Kite"], set()) == ["&Keep", "K&ite"]
