"""The first look: only a current, writable database gets one (everything else takes the full
opening), and it reads the settings as the ORM does."""

from __future__ import annotations

import sqlite3
from datetime import date
from pathlib import Path

import pytest

from ethics_desk.maintenance.first_look import FirstLook, first_look
from ethics_desk.maintenance.opening import open_database
from ethics_desk.office import settings
from ethics_desk.office.actions import save_settings
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK
from tests.factories import CLERK

TODAY = date(2026, 11, 30)



def _address(database: Database) -> str:
    """The database as ``--db`` names it: the file's path, or the server's address."""
    if database.url.get_backend_name() == "sqlite":
        return database.description
    return database.url.render_as_string(hide_password=False)


def _look(database: Database) -> FirstLook:
    look = first_look(_address(database))
    assert look is not None
    return look


def test_the_first_look_reads_a_setting_as_the_settings_do(database: Database) -> None:
    look = _look(database)
    with database.read_session() as session:
        assert look.setting("display.date_style") == settings.get(session, "display.date_style")
    save_settings(database, {"display.date_style": "us"}, account=CLERK, clock=CLOCK)
    assert look.setting("display.date_style") == "us"


def test_a_current_writable_database_gets_a_first_look_named_as_the_database_is(
        database: Database) -> None:
    assert _look(database).description == database.description


def test_a_missing_file_or_an_unreachable_server_gets_no_first_look(tmp_path: Path) -> None:
    assert first_look(str(tmp_path / "nothing-here.sqlite")) is None
    assert not (tmp_path / "nothing-here.sqlite").exists()  # and none was created
    assert first_look("postgresql+psycopg://clerk@127.0.0.1:1/ethics") is None
    assert first_look("mysql://clerk@server/ethics") is None  # no first look for other kinds


def test_a_server_address_is_shown_without_its_password() -> None:
    from ethics_desk.maintenance.first_look import _server_address

    assert _server_address("postgresql+psycopg://desk:s3cret@dbserver:5433/ethics") == (
        "postgresql://desk:s3cret@dbserver:5433/ethics",
        "postgresql+psycopg://desk:***@dbserver:5433/ethics")
    assert _server_address("sqlite:///office.sqlite") is None


@pytest.mark.parametrize("revision", ["0001", "ffff"])
def test_a_database_to_migrate_or_from_a_newer_version_gets_no_first_look(
        database: Database, revision: str) -> None:
    from sqlalchemy import text

    with database.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": revision})
    assert first_look(_address(database)) is None


def test_a_file_that_is_not_an_ethics_desk_database_gets_no_first_look(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite"
    sqlite3.connect(empty).close()
    text = tmp_path / "notes.sqlite"
    text.write_text("not a database")
    assert first_look(str(empty)) is None and first_look(str(text)) is None


@pytest.mark.sqlite_file
def test_a_database_another_workstation_is_writing_gets_no_first_look(
        db_path: Path, database: Database) -> None:
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        assert first_look(str(db_path)) is None  # the full opening waits, then says "busy"
        other.execute("ROLLBACK")
        assert first_look(str(db_path)) is not None
    finally:
        other.close()


def test_the_default_database_gets_a_first_look_once_it_exists() -> None:
    assert first_look(None) is None
    open_database(None, clock=CLOCK).dispose()
    assert first_look(None) is not None




@pytest.mark.sqlite_file
def test_a_large_files_check_begins_at_the_first_look_and_the_opening_takes_it_over(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """Begun when the ORM was opened, the check of a 100,000-case file still read it when
    Enter was pressed at once, and slowed the password's check: it now begins as the loading
    behind the dialog starts."""
    from ethics_desk.storage import read_only

    small = _look(database)
    small.begin_check()
    assert small.check is None  # a small file is checked at once when opened
    monkeypatch.setattr(read_only, "QUICK_CHECK_IN_BACKGROUND_BYTES", 0)
    look = _look(database)
    assert look.check is None  # not before the dialog is shown: it would delay it
    look.begin_check()
    assert look.check is not None and look.check.path == Path(database.description)
    opened = look.open()
    try:
        assert opened._quick_check is look.check  # taken over, not run again
        assert opened.read_only_reason() is None  # waited for, and the file holds
    finally:
        opened.dispose()
