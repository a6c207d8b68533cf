"""The automatic backups through the real window: the day's copy is taken off the GUI thread
when the window starts, a failed or stale one is a line on the status bar (named for a screen
reader), nothing shows when all is well, and Settings edits the folder and the counts."""

from __future__ import annotations

import errno
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from ethics_desk.core.clock import fixed_clock
from ethics_desk.maintenance import auto_backup
from ethics_desk.maintenance.auto_backup import daily_backup
from ethics_desk.office.actions import read_settings
from ethics_desk.storage.backup_files import backups_in
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.ui.screens.settings_screen import SettingsScreen
from tests.conftest import NOW
from tests.maintenance.test_auto_backup import refusing_the_folder
from tests.ui.conftest import clerk_context

STEM = "ethics-desk"


def backups_folder(db_path: Path) -> Path:
    return db_path.parent / "Backups"


def started(qtbot: QtBot, context: AppContext) -> MainWindow:
    """The main window shown, its day's backup started as the application starts it, and
    finished."""
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.backup_status_shown, timeout=60000):
        window.start_daily_backup()
    backup = window.daily_backup
    assert backup is not None
    qtbot.waitUntil(lambda: not backup.running)
    return window


@pytest.mark.sqlite_file
def test_the_window_takes_the_days_backup_off_the_gui_thread_and_says_nothing_when_all_is_well(
        qtbot: QtBot, context: AppContext, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[threading.Thread] = []
    take = auto_backup.daily_backup

    def watched(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread())
        return take(*args, **kwargs)

    monkeypatch.setattr(auto_backup, "daily_backup", watched)
    window = started(qtbot, context)
    assert threads and threads[0] is not threading.main_thread()
    assert [c.path.name for c in backups_in(backups_folder(db_path), STEM)] == [
        f"{STEM}.daily-20261130-100000.sqlite"]
    assert window.backup_label.isHidden() and window.backup_label.text() == ""


@pytest.mark.sqlite_file
@pytest.mark.parametrize(("error", "words"), [
    (PermissionError(errno.EACCES, "Permission denied"), "the folder is read-only"),
    (OSError(errno.ENOSPC, "No space left on device"), "the disk is full"),
], ids=["read-only folder", "full disk"])
def test_a_failed_backup_shows_on_the_status_bar_and_the_desk_opens_as_ever(
        qtbot: QtBot, context: AppContext, db_path: Path, monkeypatch: pytest.MonkeyPatch,
        error: OSError, words: str) -> None:
    folder = backups_folder(db_path)
    folder.mkdir()
    refusing_the_folder(monkeypatch, folder, error)
    window = started(qtbot, context)
    line = window.backup_label
    assert line.isVisible() and line.accessibleName() == "Backup status"
    assert line.text().startswith(
        f"The last backup failed on 30 November 2026 at 10:00: No backup can be written in "
        f"the backup folder: {words}")
    assert "Settings" in line.text() and line.accessibleDescription() == line.text()
    assert line.toolTip() == line.text()
    assert window.current_screen() == "inbox" and window.inbox_screen.isVisible()
    assert list(folder.iterdir()) == []


@pytest.mark.sqlite_file
def test_a_bug_in_the_backup_is_logged_and_shown_never_stopping_the_desk(
        qtbot: QtBot, context: AppContext, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(auto_backup, "daily_backup", broken)
    window = started(qtbot, context)
    assert window.backup_label.isVisible()
    assert window.backup_label.text().startswith("The last backup failed:")
    assert "failed unexpectedly" in caplog.text and "a bug" in caplog.text


@pytest.mark.sqlite_file
def test_a_backup_older_than_a_day_shows_on_the_status_bar(
        qtbot: QtBot, database: Database, db_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    context = clerk_context(database)
    daily_backup(database, actor="Maria Clerk", clock=fixed_clock(NOW - timedelta(days=2)))
    with monkeypatch.context() as patch:  # today's copy was taken, but not recorded
        patch.setattr(auto_backup, "record_quietly", lambda *args, **kwargs: False)
        daily_backup(database, actor="Maria Clerk", clock=fixed_clock(NOW - timedelta(hours=1)))
    window = started(qtbot, context)
    assert len(backups_in(backups_folder(db_path), STEM)) == 2  # none more today
    assert window.backup_label.isVisible()
    assert window.backup_label.text().startswith(
        "The last backup was taken on 28 November 2026 at 10:00, more than a day ago.")


@pytest.mark.sqlite_file
def test_closing_the_window_stops_the_copy_under_way_and_keeps_nothing_half_made(
        qtbot: QtBot, context: AppContext, db_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.maintenance import backup

    checking = threading.Event()
    verify = backup._copy_problems
    window = MainWindow(context)

    def slow_verification(*args: Any) -> Any:  # a large file's checks: seconds, until stopped
        checking.set()
        running = window.daily_backup
        assert running is not None
        running.worker.stop.wait(60)
        return verify(*args)

    monkeypatch.setattr(backup, "_copy_problems", slow_verification)
    qtbot.addWidget(window)
    window.show()
    window.start_daily_backup()
    qtbot.waitUntil(checking.is_set, timeout=60000)
    window.close()  # Quit: the copy is stopped, not waited for
    backup_run = window.daily_backup
    assert backup_run is not None and not backup_run.running
    assert list(backups_folder(db_path).iterdir()) == []  # no copy, no copy under way
    monkeypatch.setattr(backup, "_copy_problems", verify)
    again = started(qtbot, context)  # the next start of the day takes it
    assert again.backup_label.isHidden()
    assert len(backups_in(backups_folder(db_path), STEM)) == 1


# -- Settings -----------------------------------------------------------------------------------

def test_settings_edits_the_backup_folder_and_the_three_counts(
        qtbot: QtBot, context: AppContext, tmp_path: Path) -> None:
    screen = SettingsScreen(context)
    qtbot.addWidget(screen)
    screen.show()
    folder = screen.fields["backup.folder"]
    daily = screen.fields["backup.keep_daily"]
    assert folder.accessibleName() == "Backup folder (empty: a “Backups” folder beside the database)"
    assert daily.minimum() == 1  # type: ignore[attr-defined]
    chosen = tmp_path / "backups"
    chosen.mkdir()
    folder.setText(str(chosen))  # type: ignore[attr-defined]
    daily.setValue(10)  # type: ignore[attr-defined]
    screen.fields["backup.keep_monthly"].setValue(24)  # type: ignore[attr-defined]
    screen.save()
    stored = read_settings(context.database)
    assert (stored["backup.folder"], stored["backup.keep_daily"], stored["backup.keep_weekly"],
            stored["backup.keep_monthly"]) == (str(chosen), 10, 4, 24)


def test_a_backup_folder_that_does_not_exist_is_refused_in_settings_with_the_fix(
        qtbot: QtBot, context: AppContext, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    errors: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda parent, error, title="": errors.append(str(error)))
    screen = SettingsScreen(context)
    qtbot.addWidget(screen)
    screen.show()
    screen.fields["backup.folder"].setText(str(tmp_path / "nowhere"))  # type: ignore[attr-defined]
    screen.save()
    assert errors == [f"The backup folder {tmp_path / 'nowhere'} does not exist. Create it "
                      "first, choose another folder, or leave it empty for a “Backups” folder "
                      "beside the database."]
    assert read_settings(context.database)["backup.folder"] == ""
