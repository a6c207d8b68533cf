"""The inbox's search "in documents": ticked from the keyboard, it finds the words of the facts,
notes, exhibits and papers of the cases the person receives, shows each result with its case and
a snippet, and opens the case; a person who does not receive the case sees nothing of it; a
search that cannot be made is said on the status line, the words typed kept."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from ethics_desk.core.roles import Role
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.screens.inbox_screen import InboxScreen
from ethics_desk.workflow.controller import WorkflowController
from tests.cases.test_full_text import WORDS_OF_THE_EXHIBIT, case_with_exhibit
from tests.ui.conftest import (
    CLERK_PASSWORD,
    clerk_context,
    make_account,
    signed_in_context,
    type_text,
)


def _inbox(qtbot: QtBot, context: AppContext) -> InboxScreen:
    screen = InboxScreen(context)
    qtbot.addWidget(screen)
    screen.resize(1180, 720)
    screen.show()
    qtbot.waitExposed(screen)
    screen.activateWindow()
    qtbot.waitUntil(screen.isActiveWindow)
    return screen


def _search_in_documents(qtbot: QtBot, screen: InboxScreen, words: str) -> None:
    screen.focus_search()
    qtbot.keyClick(screen.search, Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(screen.in_documents.isChecked)
    screen.search.clear()
    type_text(qtbot, screen.search, words)
    qtbot.keyClick(screen.search, Qt.Key.Key_Return)


def test_a_word_of_an_exhibit_is_found_in_documents_and_enter_opens_its_case(
        qtbot: QtBot, database: Database, controller: WorkflowController) -> None:
    case = case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT)
    screen = _inbox(qtbot, clerk_context(database))
    _search_in_documents(qtbot, screen, "quixotic")
    results = screen.document_results
    qtbot.waitUntil(lambda: results.count() == 1)
    assert results.isVisible() and not screen.table.isVisible()
    text = results.item(0).text()
    assert "ERB-2026-" in text and "exhibit “contract.pdf”" in text and "«Quixotic»" in text
    assert "1 result(s) in 1 case(s)" in screen.status.text()
    assert results.accessibleName() == "Documents found"
    qtbot.keyClick(screen.search, Qt.Key.Key_Down)
    assert results.hasFocus()
    with qtbot.waitSignal(screen.case_requested) as opened:
        qtbot.keyClick(results, Qt.Key.Key_Return)
    assert opened.args == [case]


def test_a_board_member_finds_nothing_of_a_case_they_do_not_receive(
        qtbot: QtBot, database: Database, controller: WorkflowController) -> None:
    case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT)
    make_account(database, "amember", "Alma Member", Role.MEMBER)
    screen = _inbox(qtbot, signed_in_context(database, "amember", CLERK_PASSWORD))
    _search_in_documents(qtbot, screen, '"parking contract"')
    qtbot.waitUntil(lambda: "Nothing found" in screen.status.text())
    assert screen.document_results.count() == 0


def test_a_search_that_cannot_be_made_is_said_on_the_status_line_and_the_words_stay(
        qtbot: QtBot, database: Database) -> None:
    screen = _inbox(qtbot, clerk_context(database))
    _search_in_documents(qtbot, screen, '"parking contract')
    qtbot.waitUntil(lambda: "not closed" in screen.status.text())
    assert screen.search.text() == '"parking contract'
    screen.in_documents.setChecked(False)  # back to numbers and names: the case list
    assert screen.table.isVisible() and not screen.document_results.isVisible()
