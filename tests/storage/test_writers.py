"""Writers from several workstations take turns, on a file and on a server alike: the next case
number and the audit chain are never read by two at once, and the audit trail is append-only at
the database itself. These tests run on the suite's database, whichever it is (SQLite files, or
the PostgreSQL server of ``ETHICS_DESK_TEST_DATABASE``)."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from ethics_desk.core.errors import StorageError
from ethics_desk.models import AuditRecord
from ethics_desk.storage import audit, sqlite_file
from ethics_desk.storage import database as storage
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, server_url
from tests.factories import filed_case


def test_a_second_writer_waits_until_the_first_has_committed(database: Database) -> None:
    order: list[str] = []
    first_in = threading.Event()

    def first() -> None:
        with database.unit_of_work() as session:
            first_in.set()
            time.sleep(0.3)
            audit.append(session, actor="Desk 1", action="test.write", summary="first",
                         at=CLOCK())
            order.append("first committed")

    thread = threading.Thread(target=first)
    thread.start()
    assert first_in.wait(10)
    with database.unit_of_work() as session:
        order.append("second began")
        audit.append(session, actor="Desk 2", action="test.write", summary="second", at=CLOCK())
    thread.join(10)
    assert order == ["first committed", "second began"]
    with database.read_session() as session:
        assert audit.verify_chain(session) == []


def test_a_writer_kept_waiting_too_long_is_told_the_database_is_busy(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage, "WRITER_WAIT_SECONDS", 0.5)
    held = threading.Event()
    release = threading.Event()

    def holder() -> None:
        with database.unit_of_work():
            held.set()
            release.wait(30)

    thread = threading.Thread(target=holder)
    thread.start()
    assert held.wait(10)
    if database.url.get_backend_name() == "sqlite":  # its busy handler would wait 5 s first
        monkeypatch.setattr(sqlite_file, "BUSY_TIMEOUT_MS", 100)
    try:
        with pytest.raises(StorageError) as refused, database.unit_of_work():
            pass
    finally:
        release.set()
        thread.join(10)
    assert "busy" in refused.value.problem and "try again" in refused.value.fix.lower()


def test_two_desks_filing_at_once_get_consecutive_case_numbers(database: Database) -> None:
    numbers: list[int] = []
    problems: list[BaseException] = []

    def desk(name: str) -> None:
        controller = WorkflowController.unrestricted(database, name, clock=CLOCK)
        try:
            for _ in range(5):
                numbers.append(filed_case(controller))
        except BaseException as exc:
            problems.append(exc)

    desks = [threading.Thread(target=desk, args=(f"Desk {n}",)) for n in (1, 2)]
    for thread in desks:
        thread.start()
    for thread in desks:
        thread.join(60)
    assert problems == []
    from sqlalchemy import select

    from ethics_desk.models import Complaint

    with database.read_session() as session:
        case_numbers = sorted(n for n in session.scalars(select(Complaint.case_number)) if n)
        assert audit.verify_chain(session) == []
    assert case_numbers == [f"ERB-2026-{n:03d}" for n in range(1, 11)]


@pytest.mark.parametrize("statement", [
    "UPDATE audit_record SET actor = 'someone else'",
    "DELETE FROM audit_record",
])
def test_the_audit_trail_refuses_to_be_changed_at_the_database_itself(
        database: Database, statement: str) -> None:
    with database.unit_of_work() as session:
        audit.append(session, actor="Maria Clerk", action="test.write", summary="kept",
                     at=CLOCK())
    with pytest.raises((StorageError, DBAPIError)) as refused, \
            database.engine.begin() as conn:
        conn.execute(text(statement))
    assert "append-only" in str(refused.value)
    with database.read_session() as session:
        assert session.query(AuditRecord).count() >= 1


@pytest.mark.skipif(server_url() is None, reason="TRUNCATE is PostgreSQL's; SQLite has none")
def test_on_a_server_the_audit_trail_cannot_be_truncated_either(database: Database) -> None:
    with pytest.raises(DBAPIError, match="append-only"), database.engine.begin() as conn:
        conn.execute(text("TRUNCATE audit_record"))


def test_check_reports_an_audit_trail_the_database_no_longer_guards(
        database: Database, db_arg: str) -> None:
    from ethics_desk.maintenance.integrity import APPEND_ONLY, run_checks

    assert [r.ok for r in run_checks(db_arg) if r.name == APPEND_ONLY] == [True]
    with database.engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            conn.execute(text("DROP TRIGGER audit_record_no_update"))
        else:
            conn.execute(text("ALTER TABLE audit_record DISABLE TRIGGER audit_record_no_update"))
    [guard] = [r for r in run_checks(db_arg) if r.name == APPEND_ONLY]
    assert not guard.ok and "audit_record_no_update" in guard.details[0]
