"""Export the list…: the inbox's button and File menu entry (Ctrl+Shift+E) write the list shown —
its view, filters, search and order, every row — to the file the person names, .xlsx or .csv,
and say on the status line what they wrote; a file that cannot be written is one message naming
the fix, and nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import load_workbook
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.cases.access import LIST_EXPORTED
from ethics_desk.cases.docket import DocketFormat
from ethics_desk.cases.inbox import ALL_PENDING, COLUMNS, SortKey
from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord
from ethics_desk.staff.accounts import DEMO_LOGINS, DEMO_PASSWORD
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.screens.inbox_screen import InboxScreen
from tests.ui.conftest import signed_in_context


def inbox(qtbot: QtBot, context: AppContext) -> InboxScreen:
    screen = InboxScreen(context)
    qtbot.addWidget(screen)
    screen.resize(1180, 720)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def loaded_numbers(screen: InboxScreen) -> list[str]:
    model = screen.model
    while model.canFetchMore():
        model.fetchMore()
    return [model.row_at(row).case_number for row in range(model.rowCount())]


def exported(database: Database) -> list[AuditRecord]:
    with database.read_session() as session:
        return list(session.scalars(select(AuditRecord).where(
            AuditRecord.action == LIST_EXPORTED)))


def test_the_export_holds_the_rows_the_inbox_shows_in_its_order_and_says_so(
        qtbot: QtBot, demo_context: AppContext, tmp_path: Path) -> None:
    screen = inbox(qtbot, demo_context)
    screen.show_view(ALL_PENDING)
    screen.model.sort(screen.column_of(SortKey.RESPONDENTS))  # the person's own order
    shown = loaded_numbers(screen)
    done = screen.export_to(tmp_path / "pending.xlsx")
    assert done is not None
    sheet = load_workbook(tmp_path / "pending.xlsx").active
    assert [cell.value for cell in sheet[2]] == [column.title for column in COLUMNS]
    assert [row[0] for row in sheet.iter_rows(min_row=3, values_only=True)] == shown
    assert screen.status.text().startswith(f"Exported {len(shown)} cases of “{ALL_PENDING}”")
    assert str(tmp_path / "pending.xlsx") in screen.status.text()
    [record] = exported(demo_context.database)
    assert record.actor == demo_context.actor
    assert json.loads(record.detail)["case_numbers"] == shown


def test_the_dialogs_kind_gives_the_name_its_ending_and_the_name_proposed_is_the_views(
        qtbot: QtBot, demo_context: AppContext, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    screen = inbox(qtbot, demo_context)
    screen.show_view(ALL_PENDING)
    asked: list[str] = []

    def save_file_name(*args: object) -> tuple[str, str]:
        asked.append(str(args[2]))
        return str(tmp_path / "for the board"), DocketFormat.CSV.label

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_file_name)
    done = screen.export_list()
    assert done is not None and done.path == tmp_path / "for the board.csv"
    assert Path(asked[0]).name == f"Inbox {ALL_PENDING} {demo_context.today().isoformat()}.xlsx"
    assert (tmp_path / "for the board.csv").read_bytes().startswith(b"\xef\xbb\xbf")


def test_a_folder_that_cannot_be_written_is_one_message_naming_the_fix(
        qtbot: QtBot, demo_context: AppContext, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []

    def capture(box: QMessageBox) -> int:
        shown.append(f"{box.text()} {box.informativeText()}")
        return int(QMessageBox.StandardButton.Ok)

    monkeypatch.setattr(QMessageBox, "exec", capture)
    screen = inbox(qtbot, demo_context)
    before = screen.status.text()
    assert screen.export_to(tmp_path / "gone" / "list.xlsx") is None
    assert len(shown) == 1 and "folder you may write to" in shown[0]
    assert screen.status.text() == before and exported(demo_context.database) == []
    assert not (tmp_path / "gone").exists()


def test_the_file_menu_offers_the_export_to_every_role_with_its_shortcut(
        qtbot: QtBot, demo_database: Database) -> None:
    for role in (Role.MEMBER, Role.RECORDS):
        context = signed_in_context(demo_database, DEMO_LOGINS[role], DEMO_PASSWORD)
        window = MainWindow(context)
        qtbot.addWidget(window)
        action = window.findChild(QAction, "actionExportList")
        assert action is not None and action.isEnabled() and action.isVisible()
        assert action.shortcut() == QKeySequence("Ctrl+Shift+E")
        assert window.inbox_screen.export_button.isEnabled()
        window.close()
