"""A disposal may take a destroyed record's values out of the journal, and its parties' names
out of the audit trail (Local Government Code ch. 202: a record destroyed is destroyed
everywhere), and the record still proves itself: each record emptied has a sealed voucher, and
a value removed without one — or a voucher removed — is tampering that ``check`` names.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import select, text

from ethics_desk.core.errors import StorageError
from ethics_desk.maintenance.integrity import JOURNAL, run_checks
from ethics_desk.storage import audit, journal
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import NOW
from tests.factories import filed_case
from tests.storage.test_journal import as_tamperer, unjournalled

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


@pytest.mark.sqlite_file
def test_a_value_removed_from_the_journal_without_a_voucher_is_named_by_check(
        database: Database, db_path: Path) -> None:
    _write(database, "INSERT INTO setting (key, value, version) VALUES ('test.party', :v, 1)",
           v=NAME)
    database.dispose()
    conn = as_tamperer(db_path)
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
    conn = as_tamperer(db_path)
    try:
        unjournalled(conn, "journal_redaction", "DELETE FROM journal_redaction")
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
    conn = as_tamperer(db_path)
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
    conn = as_tamperer(db_path)
    try:
        unjournalled(conn, "setting", "DELETE FROM setting WHERE key = 'test.party'")
    finally:
        conn.close()
    with pytest.raises(StorageError, match="never recorded its deletion"):
        _redact(database, [("setting", "test.party")])
    assert NAME in _journal_text(database)


# -- the audit trail -------------------------------------------------------------------------

def _complainant_name(database: Database, case_id: int) -> str:
    from ethics_desk.models import Complainant

    with database.read_session() as session:
        found = session.scalars(select(Complainant).where(
            Complainant.complaint_id == case_id)).first()
        assert found is not None
        return found.name


def _empty_case_audit(database: Database, case_id: int) -> list[int]:
    with database.unit_of_work() as session:
        ids = audit.redact_case(session, case_id, summary="Destroyed with the case file",
                                at=NOW, reason="test disposal")
        journal.redact_rows(session.connection(), [("audit_record", str(i)) for i in ids],
                            reason="test disposal", at=NOW)
        return ids


def _audit_text(database: Database, case_id: int) -> str:
    from ethics_desk.models import AuditRecord

    with database.read_session() as session:
        return "\n".join(r.summary + r.detail for r in session.scalars(
            select(AuditRecord).where(AuditRecord.complaint_id == case_id)))


def test_a_disposal_empties_the_audit_trail_of_the_cases_names_and_the_chain_holds(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    name = _complainant_name(database, case_id)
    with database.unit_of_work() as session:
        audit.append(session, actor="Maria Clerk (mclerk)", action="issue_document", at=NOW,
                     complaint_id=case_id, summary=f"Issued the receipt to {name}",
                     detail={"to": name})
    first = name.split()[0]
    assert first in _audit_text(database, case_id)
    assert _empty_case_audit(database, case_id)
    assert first not in _audit_text(database, case_id)
    with database.read_session() as session:
        assert audit.verify_chain(session) == []
    assert not _failing(database)
    assert _empty_case_audit(database, case_id) == [], "a second emptying finds nothing to do"


@pytest.mark.sqlite_file
def test_the_audit_trail_refuses_any_change_without_a_voucher_even_to_an_emptied_record(
        controller: WorkflowController, database: Database, db_path: Path) -> None:
    case_id = filed_case(controller)
    _empty_case_audit(database, case_id)
    database.dispose()
    conn = as_tamperer(db_path)
    journal.register_functions(conn)  # even with the application's own functions and key
    try:
        for statement in (f"UPDATE audit_record SET actor = 'Someone else' "
                          f"WHERE complaint_id = {case_id}",
                          f"UPDATE audit_record SET summary = '' WHERE complaint_id IS NOT "
                          f"{case_id}",
                          "DELETE FROM audit_record"):
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                conn.execute(statement)
    finally:
        conn.close()
    assert not _failing(database)


# -- a migration that changes a table's columns ---------------------------------------------

def _records(database: Database) -> int:
    with database.engine.connect() as conn:
        return int(conn.execute(text("SELECT count(*) FROM journal_record")).scalar() or 0)


def test_a_migration_that_adds_a_column_journals_each_row_anew_and_check_still_passes(
        controller: WorkflowController, database: Database) -> None:
    filed_case(controller)
    before = _records(database)
    with database.unit_of_work() as session:
        conn = session.connection()
        conn.execute(text("ALTER TABLE respondent ADD COLUMN nickname VARCHAR(40) "
                          "DEFAULT 'none'"))
        journal.install(conn)
    with database.engine.connect() as conn:
        respondents = int(conn.execute(text("SELECT count(*) FROM respondent")).scalar() or 0)
    assert respondents and _records(database) == before + respondents
    assert not _failing(database)


def test_installing_the_journal_again_on_unchanged_tables_journals_nothing(
        controller: WorkflowController, database: Database) -> None:
    filed_case(controller)
    before = _records(database)
    with database.unit_of_work() as session:
        journal.install(session.connection())
    assert _records(database) == before
