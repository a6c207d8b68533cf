"""A disposal may take a destroyed record's values out of the journal (Local Government Code
ch. 202: a record destroyed is destroyed everywhere), and the record still proves itself: each
record whose values were removed has a sealed voucher, and a value removed without one — or a
voucher removed — is tampering that ``check`` names.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from ethics_desk.core.errors import StorageError
from ethics_desk.storage import journal
from ethics_desk.storage.database import Database
from ethics_desk.storage.integrity import JOURNAL, run_checks
from tests.conftest import NOW

NAME = "Jane Roe-Castañeda"


def _failing(database: Database) -> dict[str, list[str]]:
    return {r.name: r.details for r in run_checks(database.url, []) if not r.ok}


def _journal_text(database: Database) -> str:
    with database.engine.connect() as conn:
        rows = conn.execute(text("SELECT coalesce(before, '') || coalesce(after, '') "
                                 "FROM journal_record")).scalars().all()
    return "\n".join(str(r) for r in rows)


def _write(database: Database, statement: str, **params: object) -> None:
    with database.unit_of_work() as session:
        session.execute(text(statement), params)


def _redact(database: Database, rows: list[tuple[str, str]]) -> int:
    with database.unit_of_work() as session:
        return journal.redact_rows(session.connection(), rows, reason="disposal of a test row",
                                   at=NOW)


def test_a_destroyed_rows_values_leave_the_journal_and_the_chain_still_verifies(
        database: Database) -> None:
    _write(database, "INSERT INTO setting (key, value, version) VALUES ('test.party', :v, 1)",
           v=NAME)
    _write(database, "UPDATE setting SET value = :v, version = 2 WHERE key = 'test.party'",
           v=NAME + " (amended)")
    _write(database, "DELETE FROM setting WHERE key = 'test.party'")
    assert NAME in _journal_text(database)
    assert _redact(database, [("setting", "test.party")]) == 3
    assert NAME not in _journal_text(database)
    assert not _failing(database)
    with database.engine.connect() as conn:
        assert journal.verify(conn).redacted == 3


def test_a_row_emptied_in_place_keeps_its_present_values_and_loses_the_earlier_ones(
        database: Database) -> None:
    _write(database, "INSERT INTO setting (key, value, version) VALUES ('test.party', :v, 1)",
           v=NAME)
    _write(database, "UPDATE setting SET value = 'destroyed under GR1000-24', version = 2 "
                     "WHERE key = 'test.party'")
    _redact(database, [("setting", "test.party")])
    assert NAME not in _journal_text(database)
    with database.engine.connect() as conn:
        recorded = journal.recorded_state(conn, "setting", "test.party")
    assert recorded is not None and recorded["value"] == "destroyed under GR1000-24"
    assert not _failing(database)


def test_a_record_redacted_twice_is_redacted_once(database: Database) -> None:
    _write(database, "INSERT INTO setting (key, value, version) VALUES ('test.party', :v, 1)",
           v=NAME)
    _write(database, "DELETE FROM setting WHERE key = 'test.party'")
    assert _redact(database, [("setting", "test.party")]) == 2
    assert _redact(database, [("setting", "test.party")]) == 0
    assert not _failing(database)


def _tool(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


@pytest.mark.sqlite_file
def test_a_value_removed_from_the_journal_without_a_voucher_is_named_by_check(
        database: Database, db_path: Path) -> None:
    _write(database, "INSERT INTO setting (key, value, version) VALUES ('test.party', :v, 1)",
           v=NAME)
    database.dispose()
    conn = _tool(db_path)
    try:
        conn.execute("UPDATE journal_record SET after = NULL WHERE table_name = 'setting' "
                     "AND row_key = 'test.party'")
    finally:
        conn.close()
    details = _failing(database)[JOURNAL]
    assert any("lost its values outside a recorded disposal" in d for d in details)


@pytest.mark.sqlite_file
def test_a_redactions_voucher_removed_is_named_by_check(database: Database,
                                                        db_path: Path) -> None:
    _write(database, "INSERT INTO setting (key, value, version) VALUES ('test.party', :v, 1)",
           v=NAME)
    _write(database, "DELETE FROM setting WHERE key = 'test.party'")
    _redact(database, [("setting", "test.party")])
    database.dispose()
    conn = _tool(db_path)
    try:
        triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' "
                                "AND tbl_name = 'journal_redaction'").fetchall()
        for name, _ in triggers:
            conn.execute(f'DROP TRIGGER "{name}"')
        conn.execute("DELETE FROM journal_redaction")
        for _, sql in triggers:
            conn.execute(sql)
    finally:
        conn.close()
    failing = _failing(database)
    assert any("outside a recorded disposal" in d for d in failing[JOURNAL])


@pytest.mark.sqlite_file
def test_the_journal_refuses_every_other_change_to_a_record(database: Database,
                                                             db_path: Path) -> None:
    _write(database, "INSERT INTO setting (key, value, version) VALUES ('test.party', :v, 1)",
           v=NAME)
    database.dispose()
    conn = _tool(db_path)
    try:
        for statement in ("UPDATE journal_record SET mac = 'x'",
                          "UPDATE journal_record SET after = 'x' WHERE after IS NOT NULL",
                          "UPDATE journal_record SET row_key = 'x'",
                          "DELETE FROM journal_record"):
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                conn.execute(statement)
    finally:
        conn.close()
    assert not _failing(database)


@pytest.mark.sqlite_file
def test_a_row_that_vanished_without_a_journalled_deletion_is_not_redacted(
        database: Database, db_path: Path) -> None:
    _write(database, "INSERT INTO setting (key, value, version) VALUES ('test.party', :v, 1)",
           v=NAME)
    database.dispose()
    conn = _tool(db_path)
    try:
        triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' "
                                "AND tbl_name = 'setting'").fetchall()
        for name, _ in triggers:
            conn.execute(f'DROP TRIGGER "{name}"')
        conn.execute("DELETE FROM setting WHERE key = 'test.party'")
        for _, sql in triggers:
            conn.execute(sql)
    finally:
        conn.close()
    with pytest.raises(StorageError, match="never recorded its deletion"):
        _redact(database, [("setting", "test.party")])
    assert NAME in _journal_text(database)
