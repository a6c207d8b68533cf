"""Alt-key mnemonics for labels that come from the workflow table, chosen so that no two
controls of one window share a letter (a clash makes Alt+letter cycle instead of act)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6.QtWidgets import (
    QAbstractButton,
    QDialogButtonBox,
    QLabel,
    QMenuBar,
    QPushButton,
    QTabWidget,
    QWidget,
)

_MNEMONIC = re.compile(r"&([^&\s])")


def mnemonic_of(text: str) -> str | None:
    """The letter after the single ``&`` of ``text``, lower-cased (``&&`` is a literal &)."""
    found = _MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).lower() if found else None


def with_mnemonic(label: str, taken: set[str]) -> str:
    """``label`` with ``&`` before the first letter of a word that no other control of the
    window uses (else any free letter of it), recorded in ``taken``; unchanged if none is free
    or it already has one."""
    if mnemonic_of(label) is not None:
        return label
    starts = [m.start() for m in re.finditer(r"\b[A-Za-z]", label)]
    others = [i for i, ch in enumerate(label) if ch.isalpha() and i not in starts]
    for index in starts + others:
        letter = label[index].lower()
        if letter not in taken:
            taken.add(letter)
            return label[:index] + "&" + label[index:]
    return label


def _candidates(label: str) -> list[int]:
    """The places of ``label`` that may take the ``&``: the first letter of each word, then
    every other letter, in order."""
    starts = [m.start() for m in re.finditer(r"\b[A-Za-z]", label)]
    return starts + [i for i, ch in enumerate(label) if ch.isalpha() and i not in starts]


def with_mnemonics(labels: list[str], taken: set[str]) -> list[str]:
    """Each of ``labels`` with an ``&`` before a letter no other control uses and no other of
    the labels takes — as many of them as the free letters allow (a maximum matching of labels
    and letters, so that an early label never takes the one letter a later label could have;
    each still prefers the first letter of a word, in order). Those already with an Alt-key
    keep it; the letters chosen are added to ``taken``."""
    chosen: dict[int, int] = {}  # label's number → place of its letter
    holder: dict[str, int] = {}  # letter → number of the label holding it

    def place(number: int, seen: set[str]) -> bool:
        label = labels[number]
        for index in _candidates(label):
            letter = label[index].lower()
            if letter in taken or letter in seen:
                continue
            seen.add(letter)
            if letter not in holder or place(holder[letter], seen):
                holder[letter] = number
                chosen[number] = index
                return True
        return False

    taken.update(m for m in map(mnemonic_of, labels) if m is not None)
    for number, label in enumerate(labels):
        if mnemonic_of(label) is None:
            place(number, set())
    taken.update(holder)
    return [label if number not in chosen
            else label[:chosen[number]] + "&" + label[chosen[number]:]
            for number, label in enumerate(labels)]


def window_mnemonics(window: QWidget, *, leave_out: Iterable[QWidget] = (),
                     shown_only: bool = True) -> dict[str, list[str]]:
    """Each letter used by the window's shown controls — buttons, labels with a buddy, tabs and
    the menu bar — with the texts that use it; disabled ones count (a selection enables them).

    ``shown_only=False`` counts the hidden ones too: the controls of every tab of a tab widget,
    not only of the tab shown.
    """
    skip = set(map(id, leave_out))

    def counted(widget: QWidget) -> bool:
        return id(widget) not in skip and (not shown_only or widget.isVisibleTo(window))

    texts: list[str] = []
    texts += [b.text() for b in window.findChildren(QAbstractButton) if counted(b)]
    buddied: list[QLabel] = [label for label in window.findChildren(QLabel) if counted(label)]
    texts += [label.text() for label in buddied if bool(label.buddy())]
    for tabs in window.findChildren(QTabWidget):
        if counted(tabs):
            texts += [tabs.tabText(i) for i in range(tabs.count())]
    for bar in window.findChildren(QMenuBar):
        texts += [action.text() for action in bar.actions()]
    letters: dict[str, list[str]] = {}
    for text in texts:
        letter = mnemonic_of(text)
        if letter is not None:
            letters.setdefault(letter, []).append(text)
    return letters


def give_alt_keys(window: QWidget) -> None:
    """Give each push button of ``window`` that has no Alt-key a letter of its label that no
    other control of the window uses (see :func:`with_mnemonic`); OK and Cancel of a button box
    keep the platform's text, Enter and Escape press them. Call it once the window is built."""
    exempt: set[int] = set()
    for box in window.findChildren(QDialogButtonBox):
        for which in (QDialogButtonBox.StandardButton.Ok, QDialogButtonBox.StandardButton.Cancel):
            button = box.button(which)
            if isinstance(button, QPushButton):  # None when the box has no such button
                exempt.add(id(button))
    taken = set(window_mnemonics(window, shown_only=False))
    for button in window.findChildren(QPushButton):
        if id(button) not in exempt and button.text():
            button.setText(with_mnemonic(button.text(), taken))


def give_label_keys(window: QWidget) -> None:
    """Give each plain-text label of ``window`` that names a field (has a buddy) and has no
    Alt-key a letter no other control of the window uses (:func:`with_mnemonic`): Alt and the
    letter then move to the field. Call it once the window's buttons have their letters."""
    taken = set(window_mnemonics(window, shown_only=False))
    for label in window.findChildren(QLabel):
        text = label.text()
        if bool(label.buddy()) and "<" not in text and mnemonic_of(text) is None:
            label.setText(with_mnemonic(text, taken))
