"""Signed in as each of the eight roles, every screen (forced open, those the role is not shown
too) and a case window of each case the role receives (every tab built) are searched for the
buttons and menu entries a person can use: each declares the act it leads to
(:mod:`ethics_desk.ui.acts`), and none is enabled whose act the permission table denies the role.
Then the controls of a Board member's finding are used as a member does, and nothing is
written."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLineEdit,
    QListWidget,
    QPushButton,
    QTabBar,
    QToolButton,
    QWidget,
)
from pytestqt.qtbot import QtBot
from sqlalchemy import func, select

from ethics_desk.core.events import Event
from ethics_desk.core.permissions import Act, may, may_fire
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import CaseState
from ethics_desk.models import AuditRecord, BoardMember, BoardTerm, CalendarDay, Complaint, Election
from ethics_desk.staff.accounts import DEMO_LOGINS, DEMO_PASSWORD
from ethics_desk.storage.database import Database
from ethics_desk.ui.acts import ACT_PROPERTY, HARMLESS
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.screens.lazy import LazyScreen
from tests.ui.conftest import signed_in_context

CASE_STATES = tuple(CaseState)
"""The states of the cases whose windows are searched: the first case of each state the
demonstration has (a draft, one in review (d)(1), one before the Board (d)(3) …)."""


def text_of(control: QObject) -> str:
    """How a person reads the control: its text without the mnemonic, else its name."""
    text = control.text() if isinstance(control, (QAction, QPushButton, QToolButton)) else ""
    return text.replace("&", "") or control.objectName() or type(control).__name__


def made_by_qt(control: QObject) -> bool:
    """Qt's own parts of a widget (a tab bar's scroll arrows, a line edit's clear button, the
    menu bar's overflow), which lead to nothing of the application."""
    parent = control.parent()
    return (control.objectName().startswith(("qt_", "_q_"))
            or isinstance(parent, (QTabBar, QLineEdit)))


def menu_entries(window: MainWindow) -> list[QObject]:
    """The entries of the window's menus (their actions belong to the window)."""
    return [entry for title in window.menuBar().actions() if title.menu() is not None
            for entry in title.menu().actions()]


def controls(root: QWidget | list[QObject]) -> Iterator[QObject]:
    """Every button and menu entry under ``root`` (or in it) that a person could use now
    (enabled)."""
    for control in root if isinstance(root, list) else root.findChildren(QObject):
        if not isinstance(control, (QAction, QPushButton, QToolButton)) or made_by_qt(control):
            continue
        if isinstance(control, QAction) and (control.isSeparator() or control.menu()):
            continue  # a menu's title opens the menu, whose entries are searched each
        if control.isEnabled():
            yield control


def choose_first_rows(root: QWidget) -> None:
    """Choose the first row of every list and table under ``root`` (the first case on the
    agenda ticked), as a person does before the buttons that act on a chosen row wake up."""
    for view in root.findChildren(QAbstractItemView):
        model = view.model()
        if model is not None and model.rowCount() > 0 and not isinstance(view, QListWidget):
            view.setCurrentIndex(model.index(0, 0))
        elif isinstance(view, QListWidget) and view.count():
            view.setCurrentRow(0)
            first = view.item(0)
            if first.flags() & Qt.ItemFlag.ItemIsUserCheckable:
                first.setCheckState(Qt.CheckState.Checked)


def refused(role: Role, declared: str) -> bool:
    """Whether the permission table denies ``role`` the act a control declares."""
    if declared.startswith("event:"):
        return not may_fire(role, Event(declared.removeprefix("event:")))
    return not may(role, Act(declared))


def wrong_controls(role: Role, root: QWidget | list[QObject], where: str,
                   offered: set[str] | None = None) -> list[str]:
    """The controls under ``root`` that declare no act, or are enabled for a denied one (and
    into ``offered`` the declarations of those enabled)."""
    wrong = []
    for control in controls(root):
        declared = control.property(ACT_PROPERTY)
        if offered is not None and isinstance(declared, str):
            offered.add(declared)
        if not isinstance(declared, str) or not declared:
            wrong.append(f"declares no act ({where}): {text_of(control)}")
        elif declared != HARMLESS and refused(role, declared):
            wrong.append(f"enabled for {role.value} ({where}): {text_of(control)} "
                         f"[{declared}]")
    return wrong


def every_screen(window: MainWindow) -> Iterator[tuple[str, QWidget]]:
    """Each screen of the window, built now (those the role is not shown too)."""
    from ethics_desk.ui.main_window import SCREENS

    for index, key in enumerate(SCREENS):
        shown = window.stack.widget(index)
        yield key, shown.content() if isinstance(shown, LazyScreen) else shown


def cases_to_open(database: Database) -> list[int]:
    """The first case of each of :data:`CASE_STATES` in the demonstration."""
    with database.read_session() as session:
        rows = session.execute(select(Complaint.id, Complaint.state).order_by(Complaint.id))
        first: dict[CaseState, int] = {}
        for complaint_id, state in rows:
            first.setdefault(state, complaint_id)
    return [first[state] for state in CASE_STATES if state in first]


@pytest.fixture(autouse=True)
def messages(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text of every message box shown (a screen forced open for a role it is not shown
    to may say why it shows nothing); none blocks."""
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []

    def capture(box: QMessageBox) -> int:
        shown.append(f"{box.text()} {box.informativeText()}")
        box.setParent(None)  # answered: gone from the window, as a closed box is
        return int(QMessageBox.StandardButton.Ok)

    monkeypatch.setattr(QMessageBox, "exec", capture)
    return shown


def window_as(qtbot: QtBot, database: Database, role: Role) -> MainWindow:
    """The main window, signed in through the sign-in dialog as the demonstration's ``role``."""
    context = signed_in_context(database, DEMO_LOGINS[role], DEMO_PASSWORD)
    assert context.signed_in.role is role
    window = MainWindow(context)
    qtbot.addWidget(window)
    return window


@pytest.mark.parametrize("role", list(Role), ids=[role.value for role in Role])
def test_no_control_is_enabled_whose_act_the_table_denies_the_role(
        qtbot: QtBot, demo_database: Database, role: Role) -> None:
    window = window_as(qtbot, demo_database, role)
    wrong: list[str] = []
    offered: set[str] = set()
    for key, screen in every_screen(window):
        screen.show()
        choose_first_rows(screen)
        wrong += wrong_controls(role, screen, key, offered)
    wrong += wrong_controls(role, menu_entries(window), "menus", offered)
    opened = 0
    for case_id in cases_to_open(demo_database):
        case_window = window.open_case(case_id)
        if case_window is None:  # a case the role does not receive
            continue
        opened += 1
        qtbot.addWidget(case_window)
        case_window.pages.build_all()  # the tabs not yet chosen, each built as choosing it does
        choose_first_rows(case_window)
        wrong += wrong_controls(role, case_window, f"case window {case_window.windowTitle()}",
                                offered)
        case_window.close()
    assert opened or role in (Role.RECORDS, Role.ADMIN), "no case window was searched"
    assert not wrong, "\n".join(wrong)
    # the search reaches the controls of the acts the role does have (each role's own screen)
    reached = {Role.CLERK: {Act.MANAGE_BOARD, Act.EDIT_CALENDAR, Act.MAIL_PAPERS},
               Role.MEMBER: {Act.BOARD_PACKET}, Role.RECORDS: {Act.LEGAL_HOLD},
               Role.ATTORNEY: {Act.PUBLIC_INFORMATION}, Role.ADMIN: {Act.MANAGE_ACCOUNTS}}
    assert {act.value for act in reached.get(role, set())} <= offered


# -- finding 1: a Board member changed the roster and the closed days from the window ---------


def written(database: Database) -> tuple[int, ...]:
    """The roster, the elections, the closed days, and their audit records, counted."""
    with database.read_session() as session:
        rows = [session.scalar(select(func.count()).select_from(table)) or 0
                for table in (BoardMember, BoardTerm, Election, CalendarDay)]
        audited = session.scalar(select(func.count()).select_from(AuditRecord).where(
            AuditRecord.action.like("board.%") | AuditRecord.action.like("calendar.%")))
        return (*rows, audited or 0)


def test_a_board_member_using_the_roster_and_the_fiesta_banner_writes_nothing(
        qtbot: QtBot, demo_database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    from datetime import date

    from PySide6.QtWidgets import QDialog

    from ethics_desk.ui.calendar_editor import ConfirmChangeDialog
    from ethics_desk.ui.screens.board_screen import BoardScreen
    from ethics_desk.ui.screens.calendar_screen import CalendarScreen

    monkeypatch.setattr(ConfirmChangeDialog, "exec",
                        lambda _dialog: int(QDialog.DialogCode.Accepted))
    window = window_as(qtbot, demo_database, Role.MEMBER)
    before = written(demo_database)
    window.go("board")
    board = window.board_screen
    assert isinstance(board, BoardScreen)
    add_member = board.findChild(QPushButton, "addMember")
    assert add_member is not None
    add_member.click()  # as the member did: the dialog, a name, Save
    if board.dialog is not None and board.dialog.isVisible():
        name = board.dialog.findChild(QLineEdit, "name")
        assert name is not None
        name.setText("Pat Uninvited")
        board.dialog.save()
    board.election_name.setText("Special Election")
    board.election_on.set_date(date(2027, 5, 1))
    board.candidates.setPlainText("Pat Uninvited")
    add_election = board.findChild(QPushButton, "addElection")
    assert add_election is not None
    add_election.click()
    window.go("calendar")
    calendar = window.calendar_screen
    assert isinstance(calendar, CalendarScreen)
    calendar.banner_button.click()  # Set Fiesta San Jacinto Day…: the editor, a Friday, Add
    editor = calendar.editor
    if editor is not None and editor.isVisible():
        editor.day.set_date(date(editor.year.value(), 4, 23))
        editor.add_button.click()
    assert written(demo_database) == before
    for name in ("addTerm", "endTerm", "removeElection"):
        button = board.findChild(QPushButton, name)
        assert button is not None and not button.isEnabled(), name
    assert not add_member.isEnabled() and "City Clerk staff" in add_member.toolTip()
    assert not calendar.banner_button.isEnabled()
    assert "City Clerk staff" in calendar.banner_button.toolTip()
