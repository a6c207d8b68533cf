"""The guard every writer of a file the person named asks first
(:mod:`ethics_desk.storage.write_targets`): never over the open database however it is spelt,
its companions, an Ethics Desk database or backup, or the key folder; and a database's companion
is never opened as a database."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.maintenance.backup import backup_sqlite
from ethics_desk.maintenance.opening import open_database
from ethics_desk.maintenance.transfer import copy_records
from ethics_desk.storage import backup_files, record_key
from ethics_desk.storage.database import Database
from ethics_desk.storage.private_files import write_private
from ethics_desk.storage.write_targets import refuse_record_target
from tests.conftest import CLOCK, examples

pytestmark = pytest.mark.sqlite_file

COMPANIONS = ("", "-wal", "-shm", "-journal", "-anchor")


def contents(db_path: Path) -> dict[str, bytes | None]:
    """The database file and its companions, byte for byte (None: not there)."""
    return {ending: (path.read_bytes() if path.exists() else None)
            for ending in COMPANIONS
            for path in [db_path.with_name(db_path.name + ending)]}


@pytest.fixture
def spellings(database: Database, db_path: Path, tmp_path: Path,
              monkeypatch: pytest.MonkeyPatch) -> Path:
    """The open database in a folder with a subfolder, a link to the folder and a hard link
    to the file; the working folder is the database's."""
    (tmp_path / "sub").mkdir()
    (tmp_path.parent / f"{tmp_path.name}-link").symlink_to(tmp_path, target_is_directory=True)
    os.link(db_path, tmp_path / "hard-link.sqlite")
    monkeypatch.chdir(tmp_path)
    return db_path


FOLDERS = st.sampled_from(["{abs}", ".", "../{name}", "{link}", "../{name}-link", "sub/..",
                           "./sub/../.", "{abs}//sub/..//"])
"""The database's folder as a person might type it."""
FILES = st.sampled_from(["ethics-desk.sqlite", "ethics-desk.sqlite-wal",
                         "ethics-desk.sqlite-shm", "ethics-desk.sqlite-journal",
                         "ethics-desk.sqlite-anchor", "hard-link.sqlite"])
"""The database, its companions and a hard link to it."""


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(folder=FOLDERS, extra=st.lists(st.sampled_from([".", "sub/.."]), max_size=3),
       name=FILES, trailing=st.sampled_from(["", "/", "//"]))
def test_no_spelling_of_the_open_database_or_its_companions_is_written_over(
        spellings: Path, folder: str, extra: list[str], name: str, trailing: str) -> None:
    tmp = spellings.parent
    typed = "/".join([folder.format(abs=tmp, name=tmp.name, link=f"{tmp}-link"), *extra,
                      name]) + trailing
    before = contents(spellings)
    with pytest.raises(StorageError, match="nothing was written") as refused:
        write_private(Path(typed), b"%PDF-1.7 a paper")
    assert "Give another file name." in str(refused.value)
    assert contents(spellings) == before


def test_an_ordinary_file_or_another_applications_database_may_be_replaced(
        database: Database, tmp_path: Path) -> None:
    paper = tmp_path / "receipt.pdf"
    paper.write_bytes(b"%PDF-1.7 the old one")
    other = tmp_path / "photos.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE photo (name TEXT)")
    conn.close()
    for target in (paper, other, tmp_path / "new.pdf"):
        refuse_record_target(target)
        write_private(target, b"%PDF-1.7 the new one")
        assert target.read_bytes() == b"%PDF-1.7 the new one"


def test_a_backup_a_damaged_database_and_a_write_ahead_log_are_never_written_over(
        database: Database, db_path: Path, tmp_path: Path) -> None:
    backup = backup_sqlite(db_path, tmp_path / "monday.sqlite", clock=CLOCK).path
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4080)
    log = tmp_path / "saved-log"
    log.write_bytes(b"\x37\x7f\x06\x82" + b"\x00" * 28)
    for target, words in [(backup, "an Ethics Desk database or backup"),
                          (damaged, "cannot be read"), (log, "write-ahead log")]:
        kept = target.read_bytes()
        with pytest.raises(StorageError, match=words):
            write_private(target, b"%PDF-1.7")
        assert target.read_bytes() == kept


def test_a_companion_of_any_database_beside_it_is_never_written(
        database: Database, db_path: Path, tmp_path: Path) -> None:
    backup = backup_sqlite(db_path, tmp_path / "monday.sqlite", clock=CLOCK).path
    for ending in ("-wal", "-shm", "-journal", "-anchor", "-queued", "-check-failed"):
        target = backup.with_name(backup.name + ending)
        with pytest.raises(StorageError, match=f"of the database {backup}"):
            write_private(target, b"%PDF-1.7")
        assert not target.exists()


def test_every_file_the_application_keeps_beside_a_database_is_guarded_as_its_companion(
) -> None:
    from ethics_desk.storage import queued_records, read_only, record_anchor
    from ethics_desk.storage.private_files import DATABASE_COMPANIONS
    from ethics_desk.storage.write_targets import COMPANIONS

    kept = {record_anchor.SUFFIX, queued_records.QUEUE_SUFFIX, read_only.CHECK_FAILED_SUFFIX,
            *DATABASE_COMPANIONS}
    assert kept <= set(COMPANIONS)


def test_a_backup_is_never_written_as_the_databases_anchor_or_into_the_key_folder(
        database: Database, db_path: Path) -> None:
    anchor = db_path.with_name(db_path.name + "-anchor")
    with pytest.raises(StorageError, match="record anchor of the office's database"):
        backup_sqlite(db_path, anchor, clock=CLOCK)
    assert not anchor.exists()
    into_keys = record_key.key_folder() / "copy.sqlite"
    with pytest.raises(StorageError, match="folder that keeps the record keys"):
        backup_sqlite(db_path, into_keys, clock=CLOCK)
    assert not into_keys.exists()


def test_a_copy_of_the_records_is_never_made_in_the_key_folder(database: Database) -> None:
    into_keys = record_key.key_folder() / "before-upgrade.sqlite"
    with pytest.raises(StorageError, match="folder that keeps the record keys"):
        copy_records(database, into_keys)  # as server setup --backup-folder copies a server
    assert not into_keys.exists()


def test_a_key_is_never_exported_into_the_key_folder(database: Database) -> None:
    from ethics_desk.storage import journal

    with database.engine.connect() as conn:
        key_id = journal.key_id_of(conn)
    assert key_id is not None
    target = record_key.key_folder() / "carried.key"
    with pytest.raises(StorageError, match="folder that keeps the record keys"):
        record_key.export_key(key_id, target)
    assert not target.exists()


def test_the_key_folder_is_never_the_backup_folder() -> None:
    with pytest.raises(UserError, match="folder that keeps the record keys") as refused:
        backup_files.check_folder(str(record_key.key_folder()))
    assert refused.value.fix == "Choose another folder for the backups."


# -- a companion named as the database --------------------------------------------------------


@pytest.mark.parametrize("ending", ["-wal", "-shm", "-journal", "-anchor"])
def test_an_empty_companion_of_a_live_database_is_never_made_a_database(
        database: Database, db_path: Path, ending: str) -> None:
    with database.engine.connect() as conn:  # the log folded in and emptied, the file kept open
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    companion = db_path.with_name(db_path.name + ending)
    if not companion.exists():
        companion.write_bytes(b"")
    before = contents(db_path)
    with pytest.raises(StorageError, match=f"Give the database file itself \\(--db {db_path}"):
        open_database(companion, clock=CLOCK, create=False)
    assert contents(db_path) == before


def test_an_ethics_desk_database_that_happens_to_end_so_opens_when_alone(
        database: Database, db_path: Path, tmp_path: Path) -> None:
    named = backup_sqlite(db_path, tmp_path / "ethics-journal", clock=CLOCK).path
    opened = open_database(named, clock=CLOCK, create=False, migrate=False)
    opened.dispose()
