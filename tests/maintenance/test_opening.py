"""Storage: migrations, verified backups, and clear messages when the database cannot be used."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import func, inspect, select

from ethics_desk.core.errors import StorageError
from ethics_desk.maintenance.backup import backup_sqlite
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import AuditRecord, Base, Provision
from ethics_desk.office import settings
from ethics_desk.staff.server_policies import NAME_KEY_TABLE
from ethics_desk.storage import database as db_module
from ethics_desk.storage import full_text_table, search_table, sqlite_file
from ethics_desk.storage.database import Database
from ethics_desk.storage.failures import storage_error
from ethics_desk.storage.migrate import current_revision, head_revision
from ethics_desk.storage.sqlite_file import verify_sqlite_file
from tests.conftest import CLOCK, NOW


def count(database: Database, model: type[Base]) -> int:
    with database.read_session() as session:
        return session.scalar(select(func.count()).select_from(model)) or 0


# -- migrations -------------------------------------------------------------------------------


def test_migrations_create_every_table_and_record_the_head_revision(database: Database) -> None:
    tables = set(inspect(database.engine).get_table_names())
    assert set(Base.metadata.tables) <= tables
    server_only = ({"journal_key", NAME_KEY_TABLE} if database.url.get_backend_name() == "postgresql"
                   else set())
    search = {name for name in tables if search_table.is_index_table(name)}
    shadows = ("data", "idx", "docsize", "config")
    assert search == ({search_table.TABLE, *(f"{search_table.TABLE}_{s}" for s in shadows),
                       full_text_table.TABLE,
                       *(f"{full_text_table.TABLE}_{s}" for s in (*shadows, "content"))}
                      if database.url.get_backend_name() == "sqlite"
                      else {full_text_table.TABLE})  # the server's index is a table of its own
    assert tables - set(Base.metadata.tables) - search == {"alembic_version"} | server_only
    assert current_revision(database.engine) == head_revision()


def test_reopening_a_current_database_changes_nothing(database: Database,
                                                      db_path: Path) -> None:
    records, provisions = count(database, AuditRecord), count(database, Provision)
    again = open_database(db_path, clock=CLOCK)
    try:
        assert current_revision(again.engine) == head_revision()
        assert (count(again, AuditRecord), count(again, Provision)) == (records, provisions)
    finally:
        again.dispose()
    assert list(db_path.parent.rglob("*.before-*")) == []


@pytest.mark.sqlite_file
def test_a_database_from_a_newer_version_is_refused_with_the_fix(database: Database,
                                                                 db_path: Path) -> None:
    database.dispose()
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE alembic_version SET version_num = 'ffff'")
    conn.commit()
    conn.close()
    with pytest.raises(StorageError, match="newer version of Ethics Desk") as caught:
        open_database(db_path, clock=CLOCK)
    assert "Install the newer version" in caught.value.fix


def test_a_missing_database_is_not_created_when_creation_is_refused(tmp_path: Path) -> None:
    missing = tmp_path / "elsewhere" / "ethics-desk.sqlite"
    with pytest.raises(StorageError, match="There is no database"):
        open_database(missing, create=False, clock=CLOCK)
    assert not missing.parent.exists()


# -- backups ----------------------------------------------------------------------------------


@pytest.mark.sqlite_file
def test_a_backup_is_a_verified_copy_with_every_row(database: Database, db_path: Path,
                                                    tmp_path: Path) -> None:
    dest = tmp_path / "backups" / "copy.sqlite"
    dest.parent.mkdir()
    report = backup_sqlite(db_path, dest, clock=CLOCK)
    assert report.path == dest and dest.exists()
    assert verify_sqlite_file(dest) == []
    assert report.tables == len(Base.metadata.tables) + 1  # and alembic_version
    conn = sqlite3.connect(dest)
    try:
        assert conn.execute("SELECT count(*) FROM provision").fetchone()[0] == \
            count(database, Provision)
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one file
    finally:
        conn.close()
    assert not list(dest.parent.glob("*.partial"))


@pytest.mark.sqlite_file
def test_a_backup_into_a_folder_gets_a_dated_name(database: Database, db_path: Path,
                                                  tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    report = backup_sqlite(db_path, folder, clock=CLOCK)
    assert report.path.parent == folder
    assert report.path.name.startswith("ethics-desk-") and report.path.suffix == ".sqlite"


@pytest.mark.parametrize(("source", "dest", "words"), [
    ("missing.sqlite", "copy.sqlite", "There is no database"),
    ("ethics-desk.sqlite", "ethics-desk.sqlite", "is the office.s database; nothing was written"),
    ("ethics-desk.sqlite", "no-such-folder/copy.sqlite", "does not exist"),
])
@pytest.mark.sqlite_file
def test_a_backup_that_cannot_be_made_is_refused_with_the_reason(
        database: Database, db_path: Path, source: str, dest: str, words: str) -> None:
    with pytest.raises(StorageError, match=words):
        backup_sqlite(db_path.parent / source, db_path.parent / dest, clock=CLOCK)


# -- when the database cannot be used ---------------------------------------------------------


def test_a_database_locked_by_another_workstation_is_reported_as_busy(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_file, "BUSY_TIMEOUT_MS", 200)
    monkeypatch.setattr(db_module, "WRITER_WAIT_SECONDS", 0.5)  # not the desk's half minute
    database = open_database(db_path, clock=CLOCK)
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StorageError, match="busy: another workstation") as caught, \
                database.unit_of_work() as session:
            settings.set_value(session, "office.phone", "210-555-0100", actor="Maria Clerk", at=NOW)
        assert "try again" in caught.value.fix
    finally:
        other.execute("ROLLBACK")
        other.close()
        database.dispose()


@pytest.mark.sqlite_file
def test_a_read_only_database_is_readable_and_refuses_writes_clearly(
        database: Database, db_path: Path) -> None:
    # Tests run as root, which chmod does not stop; SQLite's read-only mode does.
    provisions = count(database, Provision)
    read_only = open_database(f"sqlite:///file:{db_path}?mode=ro&uri=true", clock=CLOCK)
    try:
        assert count(read_only, Provision) == provisions
        with pytest.raises(StorageError, match="read-only") as caught, \
                read_only.unit_of_work() as session:
            settings.set_value(session, "office.phone", "210-555-0100", actor="Maria Clerk", at=NOW)
        assert "write permission" in caught.value.fix
    finally:
        read_only.dispose()
    with database.read_session() as session:
        assert settings.get(session, "office.phone") == "210-207-7253"


def test_a_full_disk_is_reported_with_what_to_do() -> None:
    translated = storage_error(sqlite3.OperationalError("database or disk is full"))
    assert isinstance(translated, StorageError)
    assert "full; nothing was saved" in translated.problem
    assert "Free some space" in translated.fix


def test_a_damaged_file_is_reported_as_not_a_database(tmp_path: Path) -> None:
    junk = tmp_path / "letter.sqlite"
    junk.write_bytes(b"This is a letter, not a database. " * 200)
    with pytest.raises(StorageError, match="not an Ethics Desk database, or it is damaged"):
        open_database(junk, clock=CLOCK)


def test_a_file_that_is_not_sqlite_is_left_byte_for_byte_as_it_was(tmp_path: Path) -> None:
    junk = tmp_path / "letter.sqlite"
    junk.write_bytes(b"x")  # too short for SQLite to call it "not a database": it would write
    with pytest.raises(StorageError, match="nothing was changed"):
        open_database(junk, clock=CLOCK)
    assert junk.read_bytes() == b"x"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["letter.sqlite"]


def test_a_file_name_too_long_for_the_disk_is_a_message_for_the_window_too(tmp_path: Path) -> None:
    from ethics_desk.maintenance.first_look import first_look

    too_long = tmp_path / ("a" * 300 + ".sqlite")
    assert first_look(str(too_long)) is None  # the full path says why
    with pytest.raises(StorageError):  # "cannot be used: File name too long", on POSIX
        open_database(too_long, clock=CLOCK)


# -- a database of another application ----------------------------------------------------------


def another_applications_file(path: Path, *, wal: bool = False) -> bytes:
    """A SQLite file as another program leaves it: its own tables, no ``alembic_version``."""
    conn = sqlite3.connect(path)
    if wal:
        conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE invoice (id INTEGER PRIMARY KEY, customer TEXT, total REAL)")
    conn.execute("INSERT INTO invoice (customer, total) VALUES ('Alamo Supply', 120.5)")
    conn.commit()
    conn.close()
    return path.read_bytes()


@pytest.mark.parametrize("wal", [False, True], ids=["rollback-journal", "wal"])
@pytest.mark.parametrize(("create", "migrate"), [(True, True), (False, True), (False, False)],
                         ids=["window", "command", "check"])
def test_a_database_of_another_application_is_refused_and_left_byte_for_byte_as_it_was(
        tmp_path: Path, wal: bool, create: bool, migrate: bool) -> None:
    other = tmp_path / "inventory.db"
    before = another_applications_file(other, wal=wal)
    with pytest.raises(StorageError) as refused:
        open_database(other, clock=CLOCK, create=create, migrate=migrate)
    assert str(refused.value) == (
        f"{other} is not an Ethics Desk database (it has tables of another application) — "
        "nothing was changed; give the path of an Ethics Desk database, or a new file name.")
    assert other.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["inventory.db"]  # no backup, no WAL
    conn = sqlite3.connect(other)
    try:
        assert [name for (name,) in conn.execute("SELECT name FROM sqlite_master")] == ["invoice"]
    finally:
        conn.close()


def test_an_empty_file_becomes_a_new_database(tmp_path: Path) -> None:
    empty = tmp_path / "new.sqlite"
    empty.touch()
    database = open_database(empty, clock=CLOCK)
    try:
        assert current_revision(database.engine) == head_revision()
        assert count(database, Provision) > 0
    finally:
        database.dispose()


def test_a_sqlite_file_with_nothing_in_it_becomes_a_new_database(tmp_path: Path) -> None:
    blank = tmp_path / "blank.sqlite"
    conn = sqlite3.connect(blank)
    conn.execute("PRAGMA user_version = 0")
    conn.execute("VACUUM")  # a valid SQLite file of one page, without a table
    conn.close()
    assert blank.stat().st_size > 0
    database = open_database(blank, clock=CLOCK)
    try:
        assert current_revision(database.engine) == head_revision()
    finally:
        database.dispose()


@pytest.mark.parametrize("change", ["update", "delete"])
def test_the_audit_trail_refuses_changes_through_the_orm(database: Database,
                                                         change: str) -> None:
    with pytest.raises(StorageError, match="audit trail cannot be changed"), \
            database.unit_of_work() as session:
        record = session.get(AuditRecord, 1)
        assert record is not None
        if change == "update":
            record.summary = "Nothing was loaded"
        else:
            session.delete(record)
    with database.read_session() as session:
        record = session.get(AuditRecord, 1)
        assert record is not None and record.summary.startswith("Loaded the provisions")


def test_a_uri_style_sqlite_url_names_its_file(db_path: Path) -> None:
    from ethics_desk.storage.addresses import sqlite_path
    from ethics_desk.storage.database import resolve_url

    assert sqlite_path(resolve_url(f"sqlite:///file:{db_path}?mode=ro&uri=true")) == db_path
    assert sqlite_path(resolve_url(str(db_path))) == db_path
    assert sqlite_path(resolve_url("sqlite://")) is None


@pytest.mark.sqlite_file
def test_a_backup_never_replaces_an_existing_file(database: Database, db_path: Path,
                                                  tmp_path: Path) -> None:
    existing = tmp_path / "old-backup.sqlite"
    existing.write_bytes(b"an older backup")
    with pytest.raises(StorageError, match="never replaces"):
        backup_sqlite(db_path, existing, clock=CLOCK)
    assert existing.read_bytes() == b"an older backup"


def test_a_writable_database_passes_the_start_up_write_check(database: Database) -> None:
    database.check_writable()


@pytest.mark.sqlite_file
def test_a_read_only_database_fails_the_start_up_write_check(database: Database,
                                                             db_path: Path) -> None:
    read_only = open_database(f"sqlite:///file:{db_path}?mode=ro&uri=true", migrate=False, clock=CLOCK)
    try:
        with pytest.raises(StorageError, match="read-only"):
            read_only.check_writable()
    finally:
        read_only.dispose()


@pytest.mark.sqlite_file
def test_a_locked_database_fails_the_start_up_write_check(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_file, "BUSY_TIMEOUT_MS", 100)
    holder = sqlite3.connect(db_path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        fresh = open_database(db_path, migrate=False, clock=CLOCK)
        try:
            with pytest.raises(StorageError, match="busy"):
                fresh.check_writable()
        finally:
            fresh.dispose()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
