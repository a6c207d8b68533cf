"""File → Restore a backup…: an Administrator chooses a backup in the real window, sees what it
holds, restores it off the GUI thread, and Ethics Desk closes; the menu is an Administrator's
only, and a backup that does not verify or a database held open elsewhere is refused in the
dialog, nothing changed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.maintenance.backup import backup_sqlite
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import AuditRecord
from ethics_desk.storage.backup_files import RESTORED
from ethics_desk.storage.database import Database
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.restore_dialog import RestoreDialog
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import filed_case
from tests.ui.conftest import clerk_context, signed_in_context

pytestmark = pytest.mark.sqlite_file


def complaints(path: Path) -> int:
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT count(*) FROM complaint").fetchone()[0])
    finally:
        conn.close()


@pytest.fixture
def backup(demo_database: Database, tmp_path: Path) -> Path:
    """A verified backup of the demonstration, after which one more case was filed."""
    folder = tmp_path / "backups"
    folder.mkdir()
    made = backup_sqlite(tmp_path / "demo.sqlite", folder, clock=CLOCK).path
    filed_case(WorkflowController.unrestricted(demo_database, "Maria Clerk", clock=CLOCK))
    return made


def _answer_yes_and_note(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    told: list[str] = []

    def note(parent: object, title: str, text: str) -> QMessageBox.StandardButton:
        told.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "question",
                        lambda *args, **kwargs: QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QMessageBox, "information", note)
    return told


def test_an_administrator_restores_a_backup_through_the_window_and_ethics_desk_closes(
        qtbot: QtBot, demo_database: Database, backup: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "demo.sqlite"
    held = complaints(backup)
    assert complaints(target) == held + 1
    admin = signed_in_context(demo_database, "admin", "demo")
    window = MainWindow(admin)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    action = window.findChild(QAction, "actionRestore")
    assert action is not None and action.isVisible() and action.isEnabled()
    told = _answer_yes_and_note(monkeypatch)
    seen: list[str] = []
    looked: list[str] = []
    dialogs: list[RestoreDialog] = []

    def drive() -> None:
        dialog = next(w for w in QApplication.topLevelWidgets()
                      if isinstance(w, RestoreDialog) and w.isVisible())
        dialog.path.setText(str(backup))
        dialog.look_button.click()
        qtbot.waitUntil(lambda: dialog.restore_button.isEnabled(), timeout=30000)
        seen.append(dialog.held.toPlainText())
        assert dialog.background is not None
        looked.extend(dialog.background.steps)
        dialogs.append(dialog)
        dialog.restore_button.click()

    QTimer.singleShot(0, drive)
    action.trigger()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=30000)

    assert "It verifies: every check holds." in seen[0] and f"Backup: {backup}" in seen[0]
    # the progress named each step as it ran: the checks read, then the restore's own
    assert looked[0] == "reading the backup's rows" and len(looked) > 5  # then each check
    restoring = dialogs[0].background
    assert restoring is not None
    assert any(step.startswith("writing the backup into the database")
               for step in restoring.steps)
    assert "verifying the restored records" in restoring.steps
    assert window.restored
    assert told and "Ethics Desk closes now" in told[0]
    assert complaints(target) == held
    restored = open_database(target, clock=CLOCK, create=False)
    try:
        with restored.read_session() as session:
            record = session.scalars(select(AuditRecord).order_by(AuditRecord.seq.desc())
                                     .limit(1)).one()
        assert record.action == RESTORED and record.actor == admin.actor
    finally:
        restored.dispose()
    assert list(tmp_path.glob("demo.before-restore-*.sqlite"))


def test_the_restore_menu_entry_is_an_administrators_only(
        qtbot: QtBot, demo_database: Database) -> None:
    window = MainWindow(clerk_context(demo_database))
    qtbot.addWidget(window)
    action = window.findChild(QAction, "actionRestore")
    assert action is not None and not action.isVisible() and not action.isEnabled()


def test_a_backup_that_does_not_verify_is_shown_with_its_problem_and_cannot_be_restored(
        qtbot: QtBot, demo_database: Database, backup: Path, tmp_path: Path) -> None:
    with backup.open("r+b") as file:
        file.seek(4096 * 3)
        file.write(b"\xff" * 4096 * 4)
    dialog = RestoreDialog(signed_in_context(demo_database, "admin", "demo"))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path.setText(str(backup))
    dialog.look_button.click()
    qtbot.waitUntil(lambda: "does not verify" in dialog.message.text(), timeout=30000)
    assert not dialog.restore_button.isEnabled()
    assert "FAILED" in dialog.held.toPlainText()


def test_a_database_held_open_elsewhere_is_refused_in_the_dialog_and_nothing_changes(
        qtbot: QtBot, demo_database: Database, backup: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "demo.sqlite"
    before = complaints(target)
    dialog = RestoreDialog(signed_in_context(demo_database, "admin", "demo"))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path.setText(str(backup))
    dialog.path.returnPressed.emit()
    qtbot.waitUntil(lambda: dialog.restore_button.isEnabled(), timeout=30000)
    _answer_yes_and_note(monkeypatch)
    elsewhere = sqlite3.connect(target)  # another window of Ethics Desk, or a SQLite tool
    try:
        elsewhere.execute("SELECT count(*) FROM complaint").fetchone()
        dialog.restore_button.click()
        qtbot.waitUntil(lambda: "open in another program" in dialog.message.text(),
                        timeout=30000)
    finally:
        elsewhere.close()
    assert "Close Ethics Desk on this computer first" in dialog.message.text()
    assert dialog.report is None and dialog.isVisible()
    assert complaints(target) == before


def test_every_control_of_the_dialog_is_named_and_has_an_alt_key(
        qtbot: QtBot, demo_database: Database) -> None:
    from ethics_desk.ui.mnemonics import mnemonic_of, window_mnemonics

    dialog = RestoreDialog(signed_in_context(demo_database, "admin", "demo"))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.path.accessibleName() == "Backup file"
    assert dialog.held.accessibleName() == "What the backup holds"
    assert dialog.choose_button.accessibleName() == "Choose the backup file"
    for button in (dialog.choose_button, dialog.look_button, dialog.restore_button):
        assert mnemonic_of(button.text()) is not None
    assert all(len(texts) == 1 for texts in window_mnemonics(dialog).values())


def test_a_clerk_who_reaches_the_dialog_is_told_who_may_restore_and_nothing_changes(
        qtbot: QtBot, demo_database: Database, backup: Path, tmp_path: Path) -> None:
    target = tmp_path / "demo.sqlite"
    before = complaints(target)
    dialog = RestoreDialog(clerk_context(demo_database))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path.setText(str(backup))
    dialog.look()
    qtbot.waitUntil(lambda: dialog.restore_button.isEnabled(), timeout=30000)
    dialog.restore_button.click()
    assert "Restoring a backup is for: Administrator" in dialog.message.text()
    assert dialog.report is None and complaints(target) == before
