"""The Board screen: the roster shows who serves on a chosen date from the terms, members and
terms are added and ended through the domain (audited), a refused change keeps what was typed,
and the elections list is kept for the § 2-83(f)(3)(a) timing factor."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QLineEdit, QMessageBox
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.board import roster
from ethics_desk.models import AuditRecord, BoardRole
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.screens.board_screen import BoardScreen, ChangeDialog
from tests.conftest import CLOCK
from tests.factories import CLERK
from tests.ui.conftest import type_text

ACTOR = "Maria Clerk"


@pytest.fixture(autouse=True)
def _no_message_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A message box here is a failure: refusals are said in the form."""
    def refuse(box: QMessageBox) -> int:
        raise AssertionError(f"unexpected message: {box.text()} {box.informativeText()}")

    monkeypatch.setattr(QMessageBox, "exec", refuse)


def _screen(qtbot: QtBot, context: AppContext) -> BoardScreen:
    screen = BoardScreen(context)
    qtbot.addWidget(screen)
    screen.resize(1000, 700)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def _save(qtbot: QtBot, dialog: ChangeDialog) -> None:
    box = dialog.findChild(QDialogButtonBox)
    qtbot.mouseClick(box.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)


def _audit(context: AppContext) -> list[str]:
    """The audit actions recorded, oldest first."""
    with context.database.read_session() as session:
        return list(session.scalars(select(AuditRecord.action).order_by(AuditRecord.seq)))


def test_the_roster_shows_who_serves_on_the_date_chosen(qtbot: QtBot,
                                                         context: AppContext) -> None:
    roster.add_member(context.database, "Alma Reyes", role=BoardRole.CHAIR,
                     starts_on=date(2025, 1, 1), account=CLERK, clock=CLOCK)
    roster.add_member(context.database, "Ben Ortiz", role=BoardRole.MEMBER,
                     starts_on=date(2024, 1, 1), ends_on=date(2026, 6, 30), account=CLERK, clock=CLOCK)
    roster.add_member(context.database, "Dee Staff", role=BoardRole.STAFF,
                     starts_on=date(2020, 1, 1), account=CLERK, clock=CLOCK)
    screen = _screen(qtbot, context)
    ModelTester(None).check(screen.roster)
    shown = {r.name: r.status for r in screen.roster.rows()}
    assert shown == {"Alma Reyes": "Chair", "Dee Staff": "Staff", "Ben Ortiz": "Former member"}
    assert screen.serving_count.text() == "1 member(s) serving on 2026-11-30"
    screen.serving_on.set_date(date(2026, 3, 1))
    assert {r.name: r.status for r in screen.roster.rows()}["Ben Ortiz"] == "Member"
    assert screen.serving_count.text() == "2 member(s) serving on 2026-03-01"
    ben = next(r for r in screen.roster.rows() if r.name == "Ben Ortiz")
    assert screen.roster.data(screen.roster.index(screen.roster.rows().index(ben), 2)) == \
        "Member, 2024-01-01 – 2026-06-30"


def test_members_and_terms_are_added_and_ended_through_the_roster(
        qtbot: QtBot, context: AppContext) -> None:
    screen = _screen(qtbot, context)
    dialog = screen.add_member_dialog()
    name = dialog.findChild(QLineEdit, "name")
    type_text(qtbot, name, "José Peña")
    role = dialog.findChild(QComboBox, "role")
    role.setCurrentIndex(role.findText("Vice Chair"))
    assert dialog.findChild(DateField, "starts").date() == date(2026, 11, 30)  # the date shown
    dialog.findChild(DateField, "starts").set_date(date(2025, 2, 1))
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    [row] = screen.roster.rows()
    assert (row.name, row.status) == ("José Peña", "Vice Chair")
    assert screen.selected_member() == row

    # A second Vice Chair at the same time is refused in the form, the name kept.
    roster.add_member(context.database, "Alma Reyes", role=BoardRole.MEMBER,
                     starts_on=date(2025, 1, 1), account=CLERK, clock=CLOCK)
    screen.refresh()
    dialog = screen.add_member_dialog()
    type_text(qtbot, dialog.findChild(QLineEdit, "name"), "Cora Diaz")
    dialog.findChild(QComboBox, "role").setCurrentIndex(2)  # Vice Chair
    _save(qtbot, dialog)
    assert dialog.isVisible()
    assert "one Vice Chair at a time" in dialog.message.text()
    assert dialog.findChild(QLineEdit, "name").text() == "Cora Diaz"
    dialog.reject()

    # End José Peña's term as Vice Chair; he is then a former member.
    screen.select_member(row.id)
    assert screen.end_term_button.isEnabled()
    dialog = screen.end_term_dialog()
    assert dialog is not None
    dialog.findChild(DateField, "last").set_date(date(2026, 11, 29))
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    pena = next(r for r in screen.roster.rows() if r.name == "José Peña")
    assert pena.status == "Former member" and not screen.end_term_button.isEnabled()

    # A new term as a plain member from tomorrow.
    screen.select_member(pena.id)
    dialog = screen.add_term_dialog()
    assert dialog is not None
    dialog.findChild(DateField, "starts").set_date(date(2026, 12, 1))
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    screen.serving_on.set_date(date(2026, 12, 1))
    assert {r.name: r.status for r in screen.roster.rows()}["José Peña"] == "Member"
    actions = _audit(context)
    assert actions.count("board.member_add") == 2 and actions.count("board.term_end") == 1
    assert actions.count("board.term_add") == 1


def test_the_elections_list_is_kept_on_its_tab(qtbot: QtBot, context: AppContext) -> None:
    screen = _screen(qtbot, context)
    screen.tabs.setCurrentIndex(1)
    ModelTester(None).check(screen.elections)
    screen.election_name.setText("General Election")
    assert screen.add_election() is None  # no date yet: said, and the name kept
    assert "Enter the date of the election" in screen.election_message.text()
    assert screen.election_name.text() == "General Election"
    screen.election_on.set_date(date(2027, 5, 1))
    type_text(qtbot, screen.candidates, "Nguyễn Thị Minh Khai\nSofía Benavides")
    assert screen.add_election() is not None
    [row] = screen.elections.rows()
    assert screen.elections.data(screen.elections.index(0, 2)) == \
        "Nguyễn Thị Minh Khai; Sofía Benavides"
    assert screen.elections.data(screen.elections.index(0, 3)) == "pending"
    assert screen.election_name.text() == "" and not screen.election_message.isVisible()
    screen.elections_view.selectRow(0)
    asked: list[str] = []
    screen.confirm = lambda question: asked.append(question) or False
    assert not screen.remove_election() and screen.elections.rows() == [row]
    screen.confirm = lambda question: True
    assert screen.remove_election() and screen.elections.rows() == []
    assert "General Election" in asked[0]
    actions = _audit(context)
    assert "board.election_add" in actions and "board.election_remove" in actions


def test_the_board_screen_opens_from_the_main_window_with_ctrl_6(
        qtbot: QtBot, context: AppContext) -> None:
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    action = window.findChild(type(window.new_action), "actionGo_board")
    assert action.shortcut().toString() == "Ctrl+6" and action.text() == "&6 Board"
    action.trigger()
    assert window.current_screen() == "board"
    assert isinstance(window.board_screen, BoardScreen)
    assert window.navigation.currentItem().text() == "Board"
