"""A damaged database takes no more data: SQLite's ``quick_check`` at the opening, the record of a
failed check beside the file, and the service refusing every change with one sentence while
reads, and the reads' audit, go on."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import func, select, text

from ethics_desk.cases.access import LIST_SHOWN
from ethics_desk.cases.case_file import load_case
from ethics_desk.cases.list_reads import INBOX, list_shown
from ethics_desk.core.account import Account
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.roles import Role
from ethics_desk.deadlines.closures import add_closure
from ethics_desk.deadlines.schedule import load_calendars
from ethics_desk.maintenance.backup import backup_sqlite
from ethics_desk.maintenance.opening import open_database
from ethics_desk.maintenance.restore import restore_backup
from ethics_desk.models import AuditRecord, CalendarDay
from ethics_desk.staff.accounts import sign_in
from ethics_desk.storage import queued_records, read_only
from ethics_desk.storage.audit import Viewer
from ethics_desk.storage.database import Database
from ethics_desk.storage.read_only import (
    REASON_PROVIDERS,
    ReadOnlyKind,
    ReadOnlyReason,
    check_failed_marker,
    clear_failed_check,
    failed_check,
    provider,
    record_failed_check,
)
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.damaged_files import break_a_page, closed, fingerprint
from tests.factories import CLERK, filed_case
from tests.signing_in import PASSWORD, account_of

pytestmark = pytest.mark.sqlite_file


def audit_records(database: Database) -> int:
    with database.read_session() as session:
        return int(session.scalar(select(func.count()).select_from(AuditRecord)) or 0)


def test_a_file_whose_quick_check_fails_opens_read_only_and_refuses_every_change(
        database: Database, db_path: Path) -> None:
    closed(database, db_path)
    break_a_page(db_path)
    before = fingerprint(db_path)
    damaged = open_database(db_path, clock=CLOCK, create=False)
    try:
        reason = damaged.read_only_reason()
        assert reason is not None and reason.kind is ReadOnlyKind.DAMAGED
        assert reason.problem.startswith(f"The database file {db_path.name} is damaged")
        assert "Restore the latest backup" in reason.fix and "call IT" in reason.fix
        with pytest.raises(StorageError) as refused:
            add_closure(damaged, date(2026, 12, 10), "Snow", account=CLERK, clock=CLOCK)
        assert str(refused.value) == reason.sentence
        with damaged.read_session() as session:  # reading goes on
            assert load_calendars(session).city.classify(date(2026, 12, 10)) is None
    finally:
        damaged.dispose()
    assert fingerprint(db_path) == before


def test_a_large_file_is_quick_checked_in_the_background_and_the_first_change_waits_for_it(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    closed(database, db_path)
    break_a_page(db_path)
    monkeypatch.setattr(read_only, "QUICK_CHECK_IN_BACKGROUND_BYTES", 0)
    damaged = open_database(db_path, clock=CLOCK, create=False)
    try:
        check = damaged._quick_check
        assert check is not None and check._thread is not None  # in the background
        with pytest.raises(StorageError, match="is damaged"):
            add_closure(damaged, date(2026, 12, 10), "Snow", account=CLERK, clock=CLOCK)
        assert check.done
    finally:
        damaged.dispose()


def test_closing_the_database_waits_for_its_quick_check_in_the_background(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    closed(database, db_path)
    monkeypatch.setattr(read_only, "QUICK_CHECK_IN_BACKGROUND_BYTES", 0)

    def slow_check(path: Path) -> list[str]:
        time.sleep(0.3)  # a large file from a cold disk
        return []

    monkeypatch.setattr(read_only, "quick_check", slow_check)
    opened = open_database(db_path, clock=CLOCK, create=False)
    check = opened._quick_check
    assert check is not None and check._thread is not None  # in the background
    opened.dispose()
    assert check.done and not check._thread.is_alive()  # no thread reads a closed file


def _records_of(database: Database, act: str) -> int:
    with database.read_session() as session:
        return int(session.scalar(select(func.count()).select_from(AuditRecord)
                                  .where(AuditRecord.action == act)) or 0)


def _held_check(monkeypatch: pytest.MonkeyPatch, found: list[str]) -> threading.Event:
    """Every large file's check held until the event is set, then answering ``found``."""
    monkeypatch.setattr(read_only, "QUICK_CHECK_IN_BACKGROUND_BYTES", 0)
    release = threading.Event()

    def held(path: Path) -> list[str]:
        release.wait(timeout=60)
        return found

    monkeypatch.setattr(read_only, "quick_check", held)
    return release


@contextmanager
def _opened_while_checking(database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch,
                           found: list[str]) -> Iterator[tuple[Database, Account, threading.Event]]:
    """The file opened again while its check (answering ``found`` once released) still
    reads it; a clerk's account; the release."""
    clerk = account_of(database, Role.CLERK)
    closed(database, db_path)
    release = _held_check(monkeypatch, found)
    opened = open_database(db_path, clock=CLOCK, create=False)
    try:
        yield opened, clerk, release
    finally:
        release.set()
        opened.dispose()


def test_signing_in_does_not_wait_for_a_large_files_check_and_its_record_is_kept(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _opened_while_checking(database, db_path, monkeypatch, []) as (opened, clerk, release):
        before = _records_of(opened, "account.sign_in")
        assert opened.checking
        assert sign_in(opened, clerk.login, PASSWORD, clock=CLOCK).login == clerk.login
        assert opened.checking  # the sign-in did not wait for the check
        assert [p.action for p in queued_records.waiting(opened.url)] == ["account.sign_in"]
        release.set()
        opened.dispose()  # the check has answered: the queued record is written
        assert _records_of(opened, "account.sign_in") == before + 1
        assert queued_records.waiting(opened.url) == []


def test_a_list_and_a_case_shown_during_a_large_files_check_are_queued_not_waited_for(
        database: Database, db_path: Path, controller: WorkflowController,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Choosing "All cases" on a million cases while the opening check still read the file
    waited four seconds for it: what a person is shown is recorded as the sign-in is."""
    case = filed_case(controller)
    with _opened_while_checking(database, db_path, monkeypatch, []) as (opened, clerk, release):
        before = _records_of(opened, LIST_SHOWN), _records_of(opened, "view.case")
        assert list_shown(opened, INBOX, [case], viewer=Viewer.of(clerk, CLOCK))
        shown = load_case(opened, case, account=clerk, opened=CLOCK)
        assert opened.checking  # neither waited for the check
        assert [p.action for p in queued_records.waiting(opened.url)] == [
            LIST_SHOWN, "view.case"]
        assert shown.timeline[-1].action == "view.case"  # the history lists it from the queue
        release.set()
        opened.dispose()  # the check has answered: the queued records are written
        assert (_records_of(opened, LIST_SHOWN), _records_of(opened, "view.case")) == (
            before[0] + 1, before[1] + 1)
        assert queued_records.waiting(opened.url) == []


def test_a_wrong_password_during_a_large_files_check_is_counted_as_ever_once_it_answers(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _opened_while_checking(database, db_path, monkeypatch, []) as (
            opened, clerk, release):
        before = _records_of(opened, "account.sign_in_refused")
        answer = threading.Timer(0.2, release.set)  # the check answers while the try waits
        answer.start()
        try:
            with pytest.raises(UserError):
                sign_in(opened, clerk.login, "not the password", clock=CLOCK)
        finally:
            answer.join()
        assert not opened.checking  # the refusal waited for the check …
        assert queued_records.waiting(opened.url) == []  # … and was written, not queued
        assert _records_of(opened, "account.sign_in_refused") == before + 1
        with pytest.raises(UserError, match="Wait"):  # the growing wait holds at once
            sign_in(opened, clerk.login, "not the password either", clock=CLOCK)


def test_a_sign_in_made_before_the_check_found_damage_stays_queued_for_the_restored_file(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = ["Page 7: btreeInitPage() returns error code 11"]
    with _opened_while_checking(database, db_path, monkeypatch, found) as (
            opened, clerk, release):
        sign_in(opened, clerk.login, PASSWORD, clock=CLOCK)
        release.set()
        reason = opened.read_only_reason()
        assert reason is not None and reason.kind is ReadOnlyKind.DAMAGED
        opened.dispose()
        kept = queued_records.waiting(opened.url)  # not written into a damaged file, not lost
        assert [(p.action, p.actor) for p in kept] == [("account.sign_in", clerk.login)]


def test_a_sound_file_passes_its_quick_check_and_takes_changes(database: Database) -> None:
    assert database.read_only_reason() is None
    add_closure(database, date(2026, 12, 10), "Snow", account=CLERK, clock=CLOCK)


def test_a_failed_check_recorded_beside_the_file_refuses_changes_at_every_desk_already_open(
        database: Database, db_path: Path) -> None:
    records = audit_records(database)
    record_failed_check(db_path, ["SQLite integrity (PRAGMA integrity_check)"],
                        at=CLOCK())
    reason = database.read_only_reason()
    assert reason == failed_check(db_path)
    assert reason is not None and reason.kind is ReadOnlyKind.CHECK_FAILED
    assert reason.problem == (f"The database {db_path.name} failed its check on 2026-11-30 at "
                              "16:00 UTC (SQLite integrity (PRAGMA integrity_check)), so it takes no "
                              "more data until it is put right.")
    with pytest.raises(StorageError) as refused:
        add_closure(database, date(2026, 12, 10), "Snow", account=CLERK, clock=CLOCK)
    assert str(refused.value) == reason.sentence
    assert audit_records(database) == records
    clear_failed_check(db_path)
    assert not check_failed_marker(db_path).exists()
    add_closure(database, date(2026, 12, 10), "Snow", account=CLERK, clock=CLOCK)


def test_the_database_itself_refuses_a_change_made_in_sql_on_a_read_only_database(
        database: Database, db_path: Path) -> None:
    record_failed_check(db_path, ["Audit trail hash chain"], at=CLOCK())
    with pytest.raises(StorageError) as refused, database.unit_of_work() as session:
        session.execute(text("INSERT INTO calendar_day (calendar, day, name, kind) "
                             "VALUES ('city', '2026-12-10', 'Snow', 'closure')"))
    assert str(refused.value) == read_only.failed_check(db_path).sentence  # type: ignore[union-attr]
    clear_failed_check(db_path)
    with database.read_session() as session:
        assert session.scalar(select(func.count()).select_from(CalendarDay)
                              .where(CalendarDay.name == "Snow")) == 0
    add_closure(database, date(2026, 12, 11), "Ice", account=CLERK, clock=CLOCK)


def test_on_a_read_only_database_a_case_is_still_opened_and_signed_in_to_unrecorded(
        database: Database, db_path: Path, controller: WorkflowController) -> None:
    case = filed_case(controller)
    clerk = account_of(database, Role.CLERK)
    records = audit_records(database)
    record_failed_check(db_path, ["Audit trail hash chain"], at=CLOCK())
    assert sign_in(database, clerk.login, PASSWORD, clock=CLOCK).login == clerk.login
    opened = load_case(database, case, account=clerk, opened=CLOCK)
    assert opened.id == case and opened.number.startswith("ERB-")
    assert audit_records(database) == records  # nothing could be recorded, and nothing was


def test_a_restore_clears_the_failed_check_and_the_restored_database_takes_changes(
        database: Database, db_path: Path, tmp_path: Path) -> None:
    made = backup_sqlite(db_path, tmp_path / "backup.sqlite", clock=CLOCK).path
    record_failed_check(db_path, ["Audit trail hash chain"], at=CLOCK())
    database.dispose()
    restore_backup(made, db_path, clock=CLOCK, actor="Ada Lovelace (ada)")
    assert not check_failed_marker(db_path).exists()
    restored = open_database(db_path, clock=CLOCK, create=False)
    try:
        assert restored.read_only_reason() is None
        add_closure(restored, date(2026, 12, 10), "Snow", account=CLERK, clock=CLOCK)
    finally:
        restored.dispose()


def test_a_restore_that_is_undone_puts_the_failed_check_back(
        database: Database, db_path: Path, tmp_path: Path) -> None:
    made = backup_sqlite(db_path, tmp_path / "backup.sqlite", clock=CLOCK).path
    record_failed_check(db_path, ["Audit trail hash chain"], at=CLOCK())
    database.dispose()
    import ethics_desk.maintenance.restore as restore

    def fails(*_args: object, **_kwargs: object) -> None:
        raise StorageError("its checks failed: made to fail")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(restore, "_opened_checked_and_recorded", fails)
        with pytest.raises(StorageError, match="did not hold"):
            restore_backup(made, db_path, clock=CLOCK, actor="Ada Lovelace (ada)")
    reason = failed_check(db_path)
    assert reason is not None and "Audit trail hash chain" in reason.problem


def test_a_reason_provider_plugs_in_with_one_line(database: Database, db_path: Path) -> None:
    class LostActs:
        problem = "Acts 41 to 44 were lost."
        fix = "Restore the backup of 2026-11-30."

    found = provider(ReadOnlyKind.LOST_ACTS, lambda path: LostActs() if path == db_path else None)
    REASON_PROVIDERS.append(found)
    try:
        assert database.read_only_reason() == ReadOnlyReason(
            ReadOnlyKind.LOST_ACTS, "Acts 41 to 44 were lost.", "Restore the backup of 2026-11-30.")
        with pytest.raises(StorageError, match="Acts 41 to 44 were lost"):
            add_closure(database, date(2026, 12, 10), "Snow", account=CLERK, clock=CLOCK)
    finally:
        REASON_PROVIDERS.remove(found)
    assert database.read_only_reason() is None
