"""A user action the database refuses for a moment's collision with another workstation — a
deadlock, a serialization failure, a unique key taken at the same moment — is run again afresh
a bounded number of times (``WRITE_TRIES``) and saved once; refused every time, it ends in the
message that another workstation saved the same record, with nothing saved; a § 2-83 rule, a
stale version or any other failure is never run again. These tests run on the suite's database,
whichever it is (SQLite files, or the PostgreSQL server of ``ETHICS_DESK_TEST_DATABASE``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from typing import Any

import pytest
from sqlalchemy import event, func, select
from sqlalchemy.orm import Session

from ethics_desk.core.errors import ConflictError, RuleError, StorageError, UserError
from ethics_desk.deadlines.closures import KNOWN_FIESTA_DAYS
from ethics_desk.models import AuditRecord, CalendarDay, CaseState, Complaint
from ethics_desk.office.actions import record_access
from ethics_desk.storage import audit
from ethics_desk.storage.database import WRITE_TRIES, Database
from ethics_desk.storage.failures import is_refused
from ethics_desk.workflow import FileComplaint
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK, complete_intake

ICE_STORM = date(2026, 12, 7)


class Refusals:
    """How many audit records the database was asked to add, and how many it refused."""

    def __init__(self, times: int) -> None:
        self.left = times
        self.refused = 0


@contextmanager
def refused_as_a_deadlock(database: Database, times: int) -> Iterator[Refusals]:
    """The database refuses the first ``times`` additions to the audit trail with its driver's
    own "deadlock detected" error, as PostgreSQL does to one of two colliding transactions."""
    refusals = Refusals(times)
    driver = database.engine.dialect.loaded_dbapi

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO AUDIT_RECORD") and refusals.left:
            refusals.left -= 1
            refusals.refused += 1
            raise driver.OperationalError("deadlock detected")

    event.listen(database.engine, "before_cursor_execute", before)
    try:
        yield refusals
    finally:
        event.remove(database.engine, "before_cursor_execute", before)


def _audit_actions(database: Database, action: str) -> int:
    with database.read_session() as session:
        assert audit.verify_chain(session) == []
        return session.scalar(select(func.count()).select_from(AuditRecord)
                              .where(AuditRecord.action == action)) or 0


def test_a_closure_refused_once_for_a_key_taken_at_the_same_moment_is_saved_once(
        database: Database) -> None:
    calls: list[Session] = []

    def add_closure(session: Session) -> None:
        calls.append(session)
        # The first try collides with a day already on the City's calendar (a real unique
        # violation); the second, reading afresh, records the day that was meant.
        day = min(KNOWN_FIESTA_DAYS) if len(calls) == 1 else ICE_STORM
        session.add(CalendarDay(calendar="city", day=day, name="Ice storm closure",
                                kind="closure"))
        session.flush()
        audit.append(session, actor="Maria Clerk", action="calendar.add", at=CLOCK(),
                     summary=f"Closure on {day.isoformat()}")

    database.write(add_closure)

    assert len(calls) == 2 and calls[0] is not calls[1]  # a new session for the second try
    with database.read_session() as session:
        assert session.scalars(select(CalendarDay.day)
                               .where(CalendarDay.name == "Ice storm closure")).all() == [
            ICE_STORM]
    assert _audit_actions(database, "calendar.add") == 1


def test_filing_refused_once_by_a_deadlock_is_run_again_and_filed_once(
        controller: WorkflowController, database: Database) -> None:
    draft = controller.save_draft(complete_intake())

    with refused_as_a_deadlock(database, times=1) as refusals:
        filed = controller.fire(draft.complaint_id, FileComplaint())

    assert refusals.refused == 1
    assert (filed.state, filed.case_number) == (CaseState.FILED, "ERB-2026-001")
    with database.read_session() as session:
        numbers = session.scalars(select(Complaint.case_number)
                                  .where(Complaint.case_number.is_not(None))).all()
    assert numbers == ["ERB-2026-001"]  # § 2-83(c): one number, taken once
    assert _audit_actions(database, "event.file") == 1


def test_saving_a_draft_refused_once_by_a_deadlock_makes_one_draft(
        controller: WorkflowController, database: Database) -> None:
    with refused_as_a_deadlock(database, times=1) as refusals:
        saved = controller.save_draft(complete_intake())

    assert refusals.refused == 1
    with database.read_session() as session:
        assert session.scalars(select(Complaint.id)).all() == [saved.complaint_id]
    assert _audit_actions(database, "draft.create") == 1


def test_a_view_refused_once_by_a_deadlock_is_recorded_once(database: Database) -> None:
    with refused_as_a_deadlock(database, times=1) as refusals:
        record_access(database, account=CLERK, action="view.case", clock=CLOCK,
                      summary="Opened the case file (§ 2-83(h))")

    assert refusals.refused == 1
    assert _audit_actions(database, "view.case") == 1


def test_an_action_refused_every_time_is_tried_write_tries_times_and_nothing_is_saved(
        controller: WorkflowController, database: Database) -> None:
    draft = controller.save_draft(complete_intake())

    with refused_as_a_deadlock(database, times=100) as refusals, \
            pytest.raises(StorageError) as refused:
        controller.fire(draft.complaint_id, FileComplaint())

    assert refusals.refused == WRITE_TRIES == 3
    assert "Another workstation saved the same record at the same moment" in \
        refused.value.problem
    assert "try again" in refused.value.fix.lower()
    with database.read_session() as session:
        complaint = session.get(Complaint, draft.complaint_id)
        assert complaint is not None
        assert (complaint.state, complaint.case_number) == (CaseState.DRAFT, None)
    assert _audit_actions(database, "event.file") == 0


@pytest.mark.parametrize("refusal", [
    RuleError("An unsworn complaint is not forwarded", "§ 2-83(d)"),
    ConflictError("ERB-2026-001 was changed by Desk 2 after you opened it; nothing was saved."),
    UserError("There is no complaint with id 99."),
    StorageError("The disk holding the database is full; nothing was saved."),
], ids=["rule", "stale version", "user error", "disk full"])
def test_a_rule_a_stale_version_or_another_failure_is_never_run_again(
        database: Database, refusal: UserError) -> None:
    calls: list[int] = []

    def action(session: Session) -> None:
        calls.append(1)
        audit.append(session, actor="Maria Clerk", action="test.write", at=CLOCK(),
                     summary="never kept")
        raise refusal

    with pytest.raises(type(refusal)) as raised:
        database.write(action)

    assert raised.value is refusal and calls == [1]
    assert _audit_actions(database, "test.write") == 0


def test_a_stale_case_version_is_a_conflict_tried_once(
        controller: WorkflowController, database: Database) -> None:
    draft = controller.save_draft(complete_intake())
    attempts: list[int] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT PG_ADVISORY_XACT_LOCK") or \
                statement.upper().startswith("BEGIN IMMEDIATE"):
            attempts.append(1)

    event.listen(database.engine, "before_cursor_execute", count)
    try:
        with pytest.raises(ConflictError):
            controller.fire(draft.complaint_id, FileComplaint(),
                            expected_version=draft.version + 1)
    finally:
        event.remove(database.engine, "before_cursor_execute", count)
    assert len(attempts) == 1


class _ServerError(Exception):
    """A psycopg error as PostgreSQL reports it: its SQLSTATE, and words in the server's
    language (which need not be English)."""

    def __init__(self, sqlstate: str) -> None:
        super().__init__("la transacción fue rechazada")
        self.sqlstate = sqlstate


@pytest.mark.parametrize("sqlstate", ["40001", "40P01", "23505"])
def test_the_servers_codes_for_a_collision_are_refusals_whatever_the_language(
        sqlstate: str) -> None:
    assert is_refused(_ServerError(sqlstate))


@pytest.mark.parametrize("words", ["deadlock detected",
                                   "could not serialize access due to concurrent update",
                                   'duplicate key value violates unique constraint "x"',
                                   "UNIQUE constraint failed: calendar_day.calendar"])
def test_the_drivers_words_for_a_collision_are_refusals(words: str) -> None:
    assert is_refused(Exception(words))


@pytest.mark.parametrize("words", ["database is locked", "attempt to write a readonly database",
                                   "database or disk is full"])
def test_a_busy_read_only_or_full_database_is_not_a_refusal(words: str) -> None:
    assert not is_refused(Exception(words)) and not is_refused(_ServerError("55P03"))
