"""The Board packet panel: the meeting's agenda checked by default, preview in the panel, save and
print the packet, all from the keyboard, every production recorded."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.models import AuditRecord
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.screens.board_packet_panel import BoardPacketPanel
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import HEARING_AT, awaiting_response, show_cause
from tests.documents.render.helpers import flat, pages_text


def _panel(qtbot: QtBot, context: AppContext) -> BoardPacketPanel:
    panel = BoardPacketPanel(context)
    qtbot.addWidget(panel)
    panel.resize(1100, 700)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_meeting(HEARING_AT.date())
    return panel


def _actions(database: Database, action: str) -> list[int | None]:
    with database.read_session() as session:
        return list(session.scalars(select(AuditRecord.complaint_id).where(
            AuditRecord.action == action).order_by(AuditRecord.seq)))


def test_the_agenda_is_listed_checked_with_why_each_case_is_on_it(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    first, second = awaiting_response(controller), show_cause(controller)
    panel = _panel(qtbot, context)
    assert panel.chosen_ids() == [first, second]
    assert "Show-cause hearing on this day at 5:30 p.m." in panel.cases.item(1).text()
    assert "ERB-2026-001 — José Peña v. Nguyễn Thị Minh Khai" in panel.cases.item(0).text()


def test_space_unticks_a_case_and_preview_shows_only_the_checked_ones(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    first, second = awaiting_response(controller), show_cause(controller)
    panel = _panel(qtbot, context)
    panel.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is panel)
    qtbot.keyClick(panel.meeting, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)  # &Agenda
    assert QApplication.focusWidget() is panel.cases
    panel.cases.setCurrentRow(0)
    qtbot.keyClick(panel.cases, Qt.Key.Key_Space)
    assert panel.chosen_ids() == [second]
    qtbot.keyClick(panel.cases, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is panel.preview_button
    qtbot.keyClick(panel.preview_button, Qt.Key.Key_Space)
    assert panel.viewer.page_count() >= 2
    text = flat("\n".join(pages_text(panel.viewer.pdf_bytes)))
    assert "1. ERB-2026-002 —" in text and "ERB-2026-001" not in text
    assert "CONFIDENTIAL — § 2-83(h)" in text
    assert _actions(database, "board.packet") == [second]
    assert first not in _actions(database, "board.packet")


def test_save_and_print_use_the_previewed_packet_and_are_recorded(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, database: Database,
        tmp_path: Path) -> None:
    cases = [awaiting_response(controller) for _ in range(3)]
    panel = _panel(qtbot, context)
    assert panel.preview()
    target = tmp_path / "packet.pdf"
    assert panel.save_to(target)
    assert target.read_bytes() == panel.viewer.pdf_bytes
    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    pages = panel.print_packet(printer)
    assert pages == panel.viewer.page_count() == len(PdfReader(tmp_path / "printed.pdf").pages)
    for written in (target, tmp_path / "printed.pdf"):  # § 2-83(h)(1): the user's only
        assert stat.S_IMODE(written.stat().st_mode) == 0o600
    assert _actions(database, "board.packet") == cases  # rendered once, for the preview
    assert _actions(database, "export.board-packet") == cases
    assert _actions(database, "print.board-packet") == cases


def test_with_nothing_checked_the_buttons_are_greyed_and_preview_says_why(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []

    def capture(box: QMessageBox) -> int:
        shown.append(f"{box.text()} {box.informativeText()}")
        return int(QMessageBox.StandardButton.Ok)

    monkeypatch.setattr(QMessageBox, "exec", capture)
    awaiting_response(controller)
    panel = _panel(qtbot, context)
    panel.cases.item(0).setCheckState(Qt.CheckState.Unchecked)
    assert not panel.preview_button.isEnabled() and not panel.print_button.isEnabled()
    assert not panel.preview()
    assert panel.viewer.page_count() == 0
    assert shown == ["No case is checked for the packet. Tick at least one case on the agenda, "
                     "or choose another meeting date."]


@pytest.mark.sqlite_file
def test_the_packet_is_never_saved_over_the_open_database(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, database: Database,
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []

    def capture(box: QMessageBox) -> int:
        shown.append(f"{box.text()} {box.informativeText()}")
        return int(QMessageBox.StandardButton.Ok)

    monkeypatch.setattr(QMessageBox, "exec", capture)
    awaiting_response(controller)
    panel = _panel(qtbot, context)
    before = db_path.read_bytes()
    assert not panel.save_to(db_path)
    assert db_path.read_bytes() == before
    assert shown == [f"{db_path} is the office's database; nothing was written. "
                     "Give another file name."]
    assert _actions(database, "export.board-packet") == []
