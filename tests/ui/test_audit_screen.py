"""The Audit trail screen: shown to the roles that may read the trail, its filters keep their
records, the list reads on as it is scrolled, the chosen record is shown whole with the chain's
state, and Export to CSV… writes what the filters keep."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.screens.audit_screen import AuditScreen
from tests.ui.conftest import signed_in_context


def auditor_context(database: Database, login: str = "auditor") -> AppContext:
    """The demonstration's ``login`` (the Compliance Auditor's account) signed in through the
    sign-in dialog."""
    return signed_in_context(database, login, "demo")


def _screen(qtbot: QtBot, context: AppContext) -> AuditScreen:
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    window.go("audit")
    screen = window.audit_screen
    assert isinstance(screen, AuditScreen)
    return screen


def _choose(combo: QComboBox, words: str) -> None:
    combo.setCurrentIndex(combo.findText(words))


def test_the_screen_is_shown_to_the_auditor_and_not_to_the_clerk(
        qtbot: QtBot, demo_context: AppContext) -> None:
    window = MainWindow(demo_context)
    qtbot.addWidget(window)
    assert not window.allows("audit")
    auditor = MainWindow(auditor_context(demo_context.database))
    qtbot.addWidget(auditor)
    assert auditor.allows("audit")


def test_the_auditor_reads_the_trail_with_the_chain_verified(
        qtbot: QtBot, demo_database: Database) -> None:
    screen = _screen(qtbot, auditor_context(demo_database))
    assert screen.model.rowCount() > 0
    assert "The chain verifies" in screen.chain.text()
    first = screen.model.row(0)
    assert first.act == "Read: the audit trail"  # this browse, on record
    assert "Who: Compliance Auditor" in screen.record.toPlainText()
    assert "the chain verifies from the first record up to this one" in \
        screen.record.toPlainText()


def test_the_list_reads_the_next_page_when_scrolled_to_its_end(
        qtbot: QtBot, demo_database: Database) -> None:
    screen = _screen(qtbot, auditor_context(demo_database))
    first_page = screen.model.rowCount()
    assert screen.model.canFetchMore()
    screen.view.scrollToBottom()
    qtbot.waitUntil(lambda: screen.model.rowCount() > first_page)
    seqs = [line.seq for line in screen.model.rows()]
    assert seqs == sorted(set(seqs), reverse=True)


def test_the_act_and_case_filters_keep_their_records(
        qtbot: QtBot, demo_database: Database) -> None:
    screen = _screen(qtbot, auditor_context(demo_database))
    _choose(screen.act, "Steps of a case")
    screen.case.setText("ERB-2026-001")
    screen.show_button.click()
    rows = screen.model.rows()
    assert rows and {row.case_number for row in rows} == {"ERB-2026-001"}
    assert all(row.act.startswith("Step: ") for row in rows)
    screen.clear_button.click()
    assert screen.case.text() == "" and screen.act.currentIndex() == 0


def test_a_case_number_never_used_is_one_message_and_the_filters_stay(
        qtbot: QtBot, demo_database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = _screen(qtbot, auditor_context(demo_database))
    said: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda _parent, error, _title="": said.append(str(error)))
    screen.case.setText("ERB-2026-999")
    screen.show_button.click()
    assert said == ["There is no case ERB-2026-999. Check the number in the inbox."]
    assert screen.case.text() == "ERB-2026-999"


def test_export_to_csv_writes_what_the_filters_keep(
        qtbot: QtBot, demo_database: Database, tmp_path: Path) -> None:
    screen = _screen(qtbot, auditor_context(demo_database))
    _choose(screen.act, "Accounts and signing in")
    screen.show_button.click()
    shown = screen.model.rowCount()
    target = screen.export(tmp_path / "trail.csv")
    assert target == tmp_path / "trail.csv"
    with target.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert len(rows) - 1 == shown
    assert all(row[2].startswith("Account: ") for row in rows[1:])
    assert "Exported" in screen.chain.text()
