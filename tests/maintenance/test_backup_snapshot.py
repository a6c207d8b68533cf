"""One snapshot: a backup's copy and its verification read the same read transaction of the
database, so a backup taken while other workstations file cases and record acts is kept, and is
exactly the database as it was at one moment. And an honest ``check``: a read-only folder or a
full disk is named as such, and every check still runs on the file as it is."""

from __future__ import annotations

import errno
import sqlite3
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest

from ethics_desk.core.errors import StorageError
from ethics_desk.maintenance import backup as backup_module
from ethics_desk.maintenance.backup import Snapshot, backup_sqlite
from ethics_desk.maintenance.integrity import AS_IT_IS, INTEGRITY, run_checks
from ethics_desk.storage.database import Database
from ethics_desk.storage.sqlite_file import verify_sqlite_file
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import filed_case

pytestmark = pytest.mark.sqlite_file

WRITERS = 4
BACKUPS = 10


def rows(path: Path, table: str) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    finally:
        conn.close()


def test_a_case_filed_while_the_copy_is_taken_is_in_neither_the_copy_nor_its_counts(
        database: Database, db_path: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Another desk commits between the snapshot's counts and the copy: the copy is the snapshot."""
    read = backup_module._read_snapshot
    calls: list[Snapshot] = []

    def another_desk_files_a_case_meanwhile(conn: sqlite3.Connection) -> Snapshot:
        snapshot = read(conn)
        if not calls:  # the database's own snapshot, before its pages are copied
            desk = threading.Thread(target=filed_case,
                                    args=(WorkflowController.unrestricted(database, "Desk 2", clock=CLOCK),))
            desk.start()
            desk.join(60)
        calls.append(snapshot)
        return snapshot

    monkeypatch.setattr(backup_module, "_read_snapshot", another_desk_files_a_case_meanwhile)
    report = backup_sqlite(db_path, tmp_path / "copy.sqlite", clock=CLOCK)
    assert rows(report.path, "complaint") == 0 and rows(db_path, "complaint") == 1
    assert calls[0] == calls[1] and report.head == calls[0].head
    assert rows(db_path, "audit_record") > rows(report.path, "audit_record")


def test_every_backup_taken_while_four_desks_write_is_kept_and_verifies(
        database: Database, db_path: Path, tmp_path: Path) -> None:
    stop = threading.Event()
    committed = threading.Semaphore(0)
    failures: list[BaseException] = []

    def desk(number: int) -> None:
        controller = WorkflowController.unrestricted(database, f"Desk {number}", clock=CLOCK)
        try:
            while not stop.is_set():
                filed_case(controller)
                committed.release()
        except BaseException as exc:  # reported below
            failures.append(exc)
            committed.release()

    desks = [threading.Thread(target=desk, args=(n,)) for n in range(1, WRITERS + 1)]
    for thread in desks:
        thread.start()
    reports = []
    try:
        for number in range(BACKUPS):
            for _ in range(WRITERS):  # the desks have written since the last backup
                assert committed.acquire(timeout=60)
            reports.append(backup_sqlite(db_path, tmp_path / f"backup-{number}.sqlite",
                                         clock=CLOCK))
    finally:
        stop.set()
        for thread in desks:
            thread.join(60)
    assert failures == []
    assert len(reports) == BACKUPS
    assert len({report.head for report in reports}) == BACKUPS  # each a later moment
    for report in reports:
        assert verify_sqlite_file(report.path) == []
        assert all(result.ok for result in run_checks(report.path)), report.path
        assert report.head is not None and rows(report.path, "audit_record") == report.head[0]


# -- an honest check ----------------------------------------------------------------------------


class Refusing:
    """The operating system and SQLite as they answer for a folder that cannot be written (or
    a disk that is full): SQLite cannot make the ``-shm`` of a read-only open, and a file made
    in the folder is refused with ``error``. Root, as the tests run, is never refused by chmod."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, database_file: Path, error: OSError,
                 sqlite_says: str) -> None:
        self.file = database_file
        connect = sqlite3.connect

        def sqlite_connect(target: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
            text = str(target)
            if kwargs.get("uri") and "immutable=1" not in text and "mode=ro" in text:
                raise sqlite3.OperationalError(sqlite_says)
            return connect(target, *args, **kwargs)

        def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
            raise error

        monkeypatch.setattr(sqlite3, "connect", sqlite_connect)
        monkeypatch.setattr(tempfile, "mkstemp", mkstemp)


@pytest.mark.parametrize(("error", "sqlite_says", "line"), [
    (PermissionError(errno.EACCES, "Permission denied"), "attempt to write a readonly database",
     "the folder is read-only: {folder} cannot be written (Permission denied), which does not "
     "make the database damaged"),
    (OSError(errno.EROFS, "Read-only file system"), "unable to open database file",
     "the folder is read-only: {folder} cannot be written (Read-only file system), which does "
     "not make the database damaged"),
    (OSError(errno.ENOSPC, "No space left on device"), "disk I/O error",
     "the disk is full: nothing more can be written in {folder} (No space left on device), "
     "which does not make the database damaged"),
], ids=["read-only folder", "read-only share", "full disk"])
def test_check_names_a_read_only_folder_or_a_full_disk_and_still_runs_every_check(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch,
        error: OSError, sqlite_says: str, line: str) -> None:
    database.dispose()
    Refusing(monkeypatch, db_path, error, sqlite_says)
    results = run_checks(db_path)
    assert results[0].name == AS_IT_IS and results[0].ok
    assert results[0].details[0] == line.format(folder=db_path.parent)
    assert [r.name for r in results if not r.ok] == []
    assert len(results) == 18  # the note, and all 17 checks of a file


def test_a_damaged_file_on_a_read_only_folder_still_fails_check(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database.dispose()
    with db_path.open("r+b") as file:
        file.seek(4096 * 3)
        file.write(b"\xff" * 4096 * 4)
    Refusing(monkeypatch, db_path, PermissionError(errno.EACCES, "Permission denied"),
             "attempt to write a readonly database")
    results = {result.name: result for result in run_checks(db_path)}
    assert results[AS_IT_IS].ok and not results[INTEGRITY].ok


def test_a_file_sqlite_cannot_read_in_a_writable_folder_is_not_called_read_only(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database.dispose()
    connect = sqlite3.connect

    def unreadable(target: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if kwargs.get("uri"):
            raise sqlite3.OperationalError("disk I/O error")
        return connect(target, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", unreadable)
    results = {result.name: result for result in run_checks(db_path)}
    assert AS_IT_IS not in results
    assert not results[INTEGRITY].ok and "disk I/O error" in results[INTEGRITY].details[0]


@pytest.mark.parametrize(("error", "words"), [
    (PermissionError(errno.EACCES, "Permission denied"), "the folder is read-only: "),
    (OSError(errno.ENOSPC, "No space left on device"), "the disk is full: "),
], ids=["read-only folder", "full disk"])
def test_a_backup_of_a_database_sqlite_cannot_read_on_a_read_only_folder_or_full_disk_says_so(
        database: Database, db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        error: OSError, words: str) -> None:
    database.dispose()
    Refusing(monkeypatch, db_path, error, "attempt to write a readonly database")
    with pytest.raises(StorageError, match="cannot be read for a backup here") as caught:
        backup_sqlite(db_path, tmp_path / "copy.sqlite", clock=CLOCK)
    assert words in caught.value.problem and "does not make the database damaged" in \
        caught.value.problem
    assert list(tmp_path.glob("copy.sqlite*")) == []


def test_a_backup_called_verified_is_one_a_restore_takes(database: Database, db_path: Path,
                                                        tmp_path: Path) -> None:
    """A backup is called verified only by the verification a restore applies: a database whose
    search index disagrees with its cases (behind the application's back) passes the copy's own
    page, count and chain checks, but a restore would refuse the copy, so none is kept."""
    from ethics_desk.maintenance.backup_description import describe_backup
    from ethics_desk.storage import search_table

    filed_case(WorkflowController.unrestricted(database, "Desk 1", clock=CLOCK))
    good = backup_sqlite(db_path, tmp_path / "good.sqlite", clock=CLOCK)
    assert describe_backup(good.path).verifies
    with database.engine.begin() as conn:
        conn.exec_driver_sql(
            f"INSERT INTO {search_table.TABLE}({search_table.TABLE}, rowid, search_key, "
            "search_words) SELECT 'delete', id, search_key, search_words FROM complaint")
    with pytest.raises(StorageError, match=r"a restore would refuse it.*search index"):
        backup_sqlite(db_path, tmp_path / "refused.sqlite", clock=CLOCK)
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("refused")]


def test_a_copy_told_page_by_page_is_still_one_moment_of_the_database(
        database: Database, db_path: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Copied a page at a time, with another desk filing a case between two steps: every step
    reads the one read transaction, so the copy holds the database as it was when it began."""
    monkeypatch.setattr(backup_module, "COPY_PAGES", 1)
    steps: list[str] = []

    def another_desk_files_a_case_after_the_first_page(step: str) -> None:
        steps.append(step)
        if step.startswith("copying the database (1 of "):
            desk = threading.Thread(target=filed_case,
                                    args=(WorkflowController.unrestricted(database, "Desk 2", clock=CLOCK),))
            desk.start()
            desk.join(60)

    report = backup_sqlite(db_path, tmp_path / "copy.sqlite", clock=CLOCK,
                           progress=another_desk_files_a_case_after_the_first_page)
    pages = [step for step in steps if step.startswith("copying the database (")]
    total = len(pages)
    assert total > 1 and pages == [f"copying the database ({n} of {total} pages)"
                                   for n in range(1, total + 1)]
    assert steps[:2] == ["counting the database's rows", "copying the database"]
    assert steps.index("checking the database's pages") < steps.index("verifying the copy")
    assert "checking the copy as a restore would: Schema revision" in steps
    assert rows(report.path, "complaint") == 0 and rows(db_path, "complaint") == 1
