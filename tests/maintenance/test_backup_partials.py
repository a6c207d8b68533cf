"""A copy under way never stays behind: a backup that fails removes its ``.partial`` file and
its ``.partial-journal``; what a killed backup left is removed by the next backup into the same
folder, and said — only files Ethics Desk names so, holding what they hold, never anything else."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from ethics_desk.cli import main
from ethics_desk.core.errors import StorageError
from ethics_desk.core.roles import Role
from ethics_desk.maintenance import backup
from ethics_desk.maintenance.backup import Progress, backup_sqlite
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK
from tests.signing_in import sign_in_as

pytestmark = pytest.mark.sqlite_file

JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")
"""How SQLite's rollback journal begins."""


def partials(folder: Path) -> list[str]:
    """The names of the copies under way in ``folder``."""
    return sorted(p.name for p in folder.iterdir() if ".partial" in p.name)


def test_a_failed_backup_removes_its_partial_file_and_its_journal(
        database: Database, db_path: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()

    def fails_half_written(source: Path, partial: Path, progress: Progress | None = None) -> None:
        shutil.copyfile(source, partial)  # a full-size copy, and SQLite's journal beside it
        partial.with_name(partial.name + "-journal").write_bytes(JOURNAL_MAGIC + bytes(504))
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(backup, "_copy_one_snapshot", fails_half_written)
    database.dispose()
    with pytest.raises(StorageError, match="The backup could not be written"):
        backup_sqlite(db_path, folder, clock=CLOCK)
    assert partials(folder) == []
    assert list(folder.iterdir()) == []


def killed_backup_remains(folder: Path, db_path: Path, *, hours_ago: float) -> list[Path]:
    """What backups killed ``hours_ago`` (by the tests' clock) leave: a full-size copy under
    way of ``ethics-desk backup FOLDER``, the journal of an automatic daily copy, and an empty
    copy of one killed at once."""
    left = [folder / "ethics-desk-20261129-180000.sqlite.partial",
            folder / "ethics-desk.daily-20261129-080000.sqlite.partial-journal",
            folder / "ethics-desk.before-0017-20261129-080000.sqlite.partial"]
    shutil.copyfile(db_path, left[0])
    left[1].write_bytes(JOURNAL_MAGIC + bytes(504))
    left[2].write_bytes(b"")
    stamp = (CLOCK() - timedelta(hours=hours_ago)).timestamp()
    for path in left:
        os.utime(path, (stamp, stamp))
    return left


def test_the_next_backup_removes_what_a_killed_backup_left_and_nothing_else(
        database: Database, db_path: Path, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    database.dispose()
    left = killed_backup_remains(folder, db_path, hours_ago=3)
    others = {"notes.partial": b"the clerk's own file",
              "minutes.sqlite.partial": b"SQLite format 3\x00 another program's",
              "photo-20261129-180000.sqlite.partial": b"not a copy at all"}
    for name, content in others.items():
        (folder / name).write_bytes(content)
        stamp = (CLOCK() - timedelta(hours=3)).timestamp()
        os.utime(folder / name, (stamp, stamp))
    (folder / "linked-20261129-180000.sqlite.partial").symlink_to(db_path)
    report = backup_sqlite(db_path, folder, clock=CLOCK)
    assert sorted(report.removed) == sorted(left)
    assert not any(path.exists() for path in left)
    for name, content in others.items():
        assert (folder / name).read_bytes() == content
    assert (folder / "linked-20261129-180000.sqlite.partial").is_symlink()
    assert db_path.exists() and report.path.exists()


def test_a_copy_under_way_just_now_is_left_to_the_backup_writing_it(
        database: Database, db_path: Path, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    database.dispose()
    left = killed_backup_remains(folder, db_path, hours_ago=0.5)
    report = backup_sqlite(db_path, folder, clock=CLOCK)
    assert report.removed == ()
    assert all(path.exists() for path in left)


def test_the_backup_command_says_what_it_removed(
        database: Database, db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    folder = tmp_path / "backups"
    folder.mkdir()
    database.dispose()
    killed_backup_remains(folder, db_path, hours_ago=24 * 7)
    code = main(["backup", str(folder), "--db", str(db_path)], clock=CLOCK)
    _, err = capsys.readouterr()
    assert code == 0
    assert (f"ethics-desk: Removed what an interrupted backup had left in {folder}: "
            "ethics-desk-20261129-180000.sqlite.partial, ") in err
    assert partials(folder) == []


KILLED_BACKUP = """
import os, signal, sys
from pathlib import Path
from ethics_desk.maintenance import backup
from tests.conftest import CLOCK

def power_cut(*args, **kwargs):  # the copy is written; the process dies before verifying it
    os.kill(os.getpid(), signal.SIGKILL)

backup._copy_problems = power_cut
backup.backup_sqlite(Path(sys.argv[1]), Path(sys.argv[2]), clock=CLOCK)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL on Windows")
def test_a_backup_killed_mid_way_leaves_a_copy_the_next_backup_removes(
        database: Database, db_path: Path, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    database.dispose()
    killed = subprocess.run([sys.executable, "-c", KILLED_BACKUP, str(db_path), str(folder)],
                            cwd=Path(__file__).parents[2], check=False)
    assert killed.returncode == -signal.SIGKILL
    [left] = folder.iterdir()
    assert left.name.endswith(".sqlite.partial")
    size = left.stat().st_size
    two_hours_ago = (CLOCK() - timedelta(hours=2)).timestamp()
    os.utime(left, (two_hours_ago, two_hours_ago))  # as the power cut left it, two hours ago
    report = backup_sqlite(db_path, folder, clock=CLOCK)
    assert report.removed == (left,)
    assert size == report.size  # what was left was a full copy of every case
    assert list(folder.iterdir()) == [report.path]


def test_a_restore_that_cannot_keep_the_database_aside_leaves_no_partial_copy(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The copy of the database as it was, taken before a restore, is removed with its
    journal when it fails: nothing full-size is left beside the database."""
    from ethics_desk.maintenance import restore

    counted = restore.counts_and_head
    calls: list[Path] = []

    def the_copy_differs(conn: sqlite3.Connection) -> Any:
        found = counted(conn)
        calls.append(db_path)
        if len(calls) == 2:  # the copy: its journal still there, its rows not the same
            for partial in db_path.parent.glob("*.partial"):
                partial.with_name(partial.name + "-journal").write_bytes(JOURNAL_MAGIC + bytes(504))
            return ({}, None)
        return found

    monkeypatch.setattr(restore, "counts_and_head", the_copy_differs)
    database.dispose()
    before = sorted(p.name for p in db_path.parent.iterdir())
    conn = sqlite3.connect(db_path)
    try:
        with pytest.raises(StorageError, match="does not hold the same records"):
            restore._keep(conn, db_path, CLOCK)
    finally:
        conn.close()
    assert len(calls) == 2
    assert sorted(p.name for p in db_path.parent.iterdir()) == before
