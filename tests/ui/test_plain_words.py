"""The window speaks the clerk's words, never the program's: no document kind by its stored
name (``certificate-of-mailing``), no value of an enumeration as stored (``awaiting_response``).

Signed in as each of the eight roles on the demonstration database, every screen the role is
shown, and a case window of each state of the cases the role receives, tab by tab, are read as a
person reads them: labels, buttons, tab titles, group titles, combo-box and list items, and the
cells and headers of every table and list (the model's DisplayRole). A slug (lowercase words
joined by hyphens, such as a kind of :data:`ethics_desk.documents.kinds.KINDS`) or an underscore
in that text fails the test, naming the screen and the widget.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QListWidget,
    QTabBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from ethics_desk.core.roles import Role
from ethics_desk.documents.kinds import KINDS
from ethics_desk.storage.database import Database
from ethics_desk.ui.main_window import MainWindow
from tests.ui.test_every_role_every_action import (
    cases_to_open,
    every_screen,
    messages,
    window_as,
)

__all__ = ["messages"]  # every message box answered at once (a fixture of every test here)

SLUG = re.compile(r"(?<![\w./@-])[a-z]+(?:-[a-z]+)+(?![\w/@-]|\.\w)")
"""Lowercase words joined by hyphens, as a kind's stored name is (not a word of a file's or an
address's name)."""

ENGLISH = frozenset({
    "e-mail", "e-mailed", "e-mails", "two-thirds", "first-class", "non-latin", "set-aside",
    "follow-up", "re-sent", "co-respondent", "self-addressed", "show-cause", "ex-officio",
    "vice-chair", "wrong-date", "one-time", "per-case", "post-office", "year-month-day",
    "month-day-year", "double-click", "campaign-finance", "right-click", "sign-in",
})
"""Hyphenated English a clerk writes (a slug's shape, but words)."""


def plain(text: str) -> str:
    """What a person reads of ``text`` (rich text without its markup)."""
    if "<" in text and ">" in text:
        document = QTextDocument()
        document.setHtml(text)
        return document.toPlainText()
    return text


def program_words(text: str) -> list[str]:
    """The slugs and underscored words in ``text`` (a kind's stored name always counts)."""
    found = [word for word in SLUG.findall(text) if word not in ENGLISH or word in KINDS]
    found += re.findall(r"\S*_\S*", text)
    return found


def model_texts(model: QAbstractItemModel, parent: QModelIndex | None = None,
                depth: int = 0) -> Iterator[str]:
    """Every header and cell of ``model`` as shown (DisplayRole), children too."""
    parent = parent or QModelIndex()
    if depth == 0:
        for orientation, count in ((Qt.Orientation.Horizontal, model.columnCount()),
                                   (Qt.Orientation.Vertical, 0)):
            for section in range(count):
                header = model.headerData(section, orientation, Qt.ItemDataRole.DisplayRole)
                if isinstance(header, str):
                    yield header
    for row in range(model.rowCount(parent)):
        for column in range(model.columnCount(parent)):
            index = model.index(row, column, parent)
            value = index.data(Qt.ItemDataRole.DisplayRole)
            if isinstance(value, str):
                yield value
            if depth < 2 and column == 0 and model.rowCount(index) > 0:
                yield from model_texts(model, index, depth + 1)


def visible_texts(root: QWidget) -> Iterator[tuple[str, str]]:
    """(what, text) for everything a person reads under ``root``."""
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) and widget is not root:
            continue
        what = f"{type(widget).__name__} {widget.objectName()!r}"
        if isinstance(widget, QHeaderView):
            continue  # its model is its table's: the headers are read with the table
        if isinstance(widget, (QLabel, QAbstractButton)):
            yield what, plain(widget.text())
        elif isinstance(widget, QGroupBox):
            yield what, widget.title()
        elif isinstance(widget, QTabBar):
            for index in range(widget.count()):
                yield f"{what} tab {index}", widget.tabText(index)
        elif isinstance(widget, QComboBox):
            for index in range(widget.count()):
                yield f"{what} item {index}", widget.itemText(index)
        elif isinstance(widget, QListWidget):
            for index in range(widget.count()):
                yield f"{what} item {index}", widget.item(index).text()
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            for text in model_texts(widget.model()):
                yield f"{what} cell", text


def wrong_words(root: QWidget, where: str) -> list[str]:
    """Each program word under ``root``, with the place and the widget it is in."""
    return [f"{where}: {what}: {word!r} in {text[:120]!r}"
            for what, text in visible_texts(root) for word in program_words(text)]


def test_the_checker_catches_a_kind_and_an_enum_value_and_passes_english() -> None:
    assert program_words("Printed certificate-of-mailing for ERB-2026-001") == [
        "certificate-of-mailing"]
    assert program_words("State: awaiting_response") == ["awaiting_response"]
    assert program_words("reviewer-transmittal") == ["reviewer-transmittal"]
    assert program_words("Certificate of mailing, by first-class mail, e-mailed to "
                         "ana@example.org from C:/papers/truck-photos.pdf") == []


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    """Wait until the inbox's list has been read (the other screens read as they are built)."""
    from ethics_desk.ui.screens.inbox_screen import InboxScreen

    inbox = window.findChild(InboxScreen)
    if inbox is not None:
        qtbot.waitUntil(lambda: inbox.model.settled)
    QApplication.processEvents()


@pytest.mark.parametrize("role", list(Role), ids=[role.value for role in Role])
def test_no_screen_or_case_window_shows_a_program_word(
        qtbot: QtBot, demo_database: Database, role: Role) -> None:
    window = window_as(qtbot, demo_database, role)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    wrong: list[str] = []
    seen = 0
    for key, _screen in every_screen(window):  # each built, those of other roles too
        if not window.allows(key):
            continue
        window.go(key)
        _settle(qtbot, window)
        seen += 1
        wrong += wrong_words(window.stack.currentWidget(), f"{role.value}, screen {key}")
    assert seen, "no screen was read"
    for case_id in cases_to_open(demo_database):
        case_window = window.open_case(case_id)
        if case_window is None:  # a case the role does not receive
            continue
        qtbot.addWidget(case_window)
        case_window.show()
        qtbot.waitExposed(case_window)
        where = f"{role.value}, case window {case_window.windowTitle()}"
        wrong += wrong_words(case_window, where)
        for index in range(case_window.tabs.count()):
            case_window.tabs.setCurrentIndex(index)
            QApplication.processEvents()
            wrong += wrong_words(case_window.tabs.currentWidget(),
                                 f"{where}, tab {case_window.tabs.tabText(index)!r}")
        case_window.close()
    assert not wrong, "\n".join(dict.fromkeys(wrong))
