"""Reading never waits for a writer: while another desk holds the writers' lock (a SQLite
``BEGIN IMMEDIATE`` on a second connection, or the server's advisory lock in another session),
every command that only reads runs at once, and the records it makes — its sign-in, the access
history's and a preview's records of § 2-83(h) — are queued, never lost, and written into the
audit chain, in order and with their own times, by the next writer once the lock is free.

These tests run on the suite's database, whichever it is (SQLite files, or the PostgreSQL server
of ``ETHICS_DESK_TEST_DATABASE``). The waits are made short, so that on code that waits for the
lock the commands fail at once with "busy" rather than after half a minute."""

from __future__ import annotations

import stat
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from ethics_desk.cli import main
from ethics_desk.cli.common import PASSWORD_ENV
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.roles import Role
from ethics_desk.staff.accounts import disable_account
from ethics_desk.storage import audit, queued_records
from ethics_desk.storage import database as storage
from ethics_desk.storage.database import Database
from ethics_desk.storage.failures import storage_error
from ethics_desk.storage.queued_records import queue_path
from ethics_desk.storage.recovery_sheet import REMINDER
from ethics_desk.workflow.controller import WorkflowController
from tests.another_desk import (
    another_desk_writing,
    records_of,
    short_waits,
    the_next_writer_writes,
)
from tests.conftest import CLOCK, NOW
from tests.factories import filed_case
from tests.signing_in import PASSWORD, account_of, sign_in_as

pytestmark = pytest.mark.usefixtures(short_waits.__name__)  # waiting code fails at once


def run(capsys: pytest.CaptureFixture[str], *args: str,
        later: int = 0) -> tuple[int, str, str]:
    """The command line in-process, at the tests' moment or ``later`` seconds after it."""
    code = main(list(args), clock=fixed_clock(NOW + timedelta(seconds=later)))
    out, err = capsys.readouterr()
    return code, out, err


READERS = {
    "check": (Role.ADMIN, ["check"], None),
    "backup": (Role.ADMIN, ["backup", "{tmp}/copy.sqlite"], None),
    "access": (Role.CLERK, ["access", "ERB-2026-001"], "view.access"),
    "letter": (Role.CLERK, ["letter", "ERB-2026-001", "receipt", "--out", "{tmp}/receipt.pdf"],
               "preview.receipt"),
    "user list": (Role.ADMIN, ["user", "list"], None),
    "requests": (Role.RECORDS, ["requests", "--all"], None),
    "wording list": (Role.CLERK, ["wording", "list"], None),
    "retention": (Role.RECORDS, ["retention", "--out", "{tmp}/disposal.pdf"],
                  "retention.certificate"),
    "packet": (Role.CLERK, ["packet", "--meeting", "2026-12-10", "--case", "ERB-2026-001",
                            "--out", "{tmp}/packet.pdf"], "board.packet"),
}
"""Every command that only reads (but for its records), with a role that may run it and the
record of what it showed, if it makes one besides the sign-in."""


@pytest.mark.parametrize("command", list(READERS))
def test_a_reading_command_runs_while_another_desk_holds_the_write_lock_and_its_records_are_kept(
        command: str, controller: WorkflowController, database: Database, db_arg: str,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    role, args, shown = READERS[command]
    filed_case(controller)
    account = sign_in_as(monkeypatch, database, role)
    before = len(records_of(database, "account.sign_in"))
    with another_desk_writing(database):
        code, out, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in args),
                             "--db", db_arg)
        said = [line for line in err.splitlines() if REMINDER not in line]  # the sheet's
        assert (code, said) == (0, []), err
        assert out
        assert len(records_of(database, "account.sign_in")) == before  # queued, not yet written
    the_next_writer_writes(database)
    signed = records_of(database, "account.sign_in")
    assert len(signed) == before + 1
    assert (signed[-1].actor, signed[-1].at) == (account.login, CLOCK())
    if shown is not None:
        [record] = records_of(database, shown)
        assert (record.actor, record.at) == (account.display, CLOCK())
        assert record.seq > signed[-1].seq  # in the order they were made
    with database.read_session() as session:
        assert audit.verify_chain(session) == []


def test_the_access_history_read_while_another_desk_writes_lists_itself_and_keeps_its_record(
        controller: WorkflowController, database: Database, db_arg: str,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    case_id = filed_case(controller)
    sign_in_as(monkeypatch, database, Role.CLERK)
    with another_desk_writing(database):
        code, out, _ = run(capsys, "access", "ERB-2026-001", "--db", db_arg)
    assert code == 0
    assert out.splitlines()[-1].endswith("Looked at who saw the case (the access history)")
    the_next_writer_writes(database)
    [seen] = records_of(database, "view.access")
    assert (seen.complaint_id, seen.at) == (case_id, CLOCK())


def test_a_preview_made_while_another_desk_writes_is_on_record_once_the_lock_frees(
        controller: WorkflowController, database: Database, db_arg: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    case_id = filed_case(controller)
    clerk = sign_in_as(monkeypatch, database, Role.CLERK)
    with another_desk_writing(database):
        code, _, _ = run(capsys, "letter", "ERB-2026-001", "receipt", "--out",
                         str(tmp_path / "receipt.pdf"), "--db", db_arg)
    assert code == 0 and (tmp_path / "receipt.pdf").exists()
    the_next_writer_writes(database)
    [preview] = records_of(database, "preview.receipt")
    assert (preview.complaint_id, preview.actor, preview.at) == (case_id, clerk.display, CLOCK())
    [signed] = records_of(database, "account.sign_in")[-1:]
    assert signed.seq < preview.seq  # in the order they were made


def test_records_queued_by_several_commands_are_written_once_each_in_their_order(
        controller: WorkflowController, database: Database, db_arg: str,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    filed_case(controller)
    sign_in_as(monkeypatch, database, Role.CLERK)
    with another_desk_writing(database):
        for _ in range(3):
            assert run(capsys, "access", "ERB-2026-001", "--db", db_arg)[0] == 0
    the_next_writer_writes(database)
    the_next_writer_writes(database)
    assert len(records_of(database, "view.access")) == 3
    path = queue_path(database.url)
    assert path is not None and path.read_bytes().count(b"\n") == 1  # its header alone
    sign_in_as(monkeypatch, database, Role.ADMIN)
    code, out, _ = run(capsys, "check", "--db", db_arg)
    assert code == 0 and "checks hold" in out


def test_a_writer_that_dies_before_emptying_the_queue_leaves_nothing_written_twice(
        controller: WorkflowController, database: Database, db_arg: str,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    filed_case(controller)
    sign_in_as(monkeypatch, database, Role.CLERK)
    with another_desk_writing(database):
        assert run(capsys, "access", "ERB-2026-001", "--db", db_arg)[0] == 0
    with monkeypatch.context() as killed:  # committed, then gone before the queue was emptied
        killed.setattr(queued_records, "forget", lambda _drained: None)
        the_next_writer_writes(database)
    path = queue_path(database.url)
    assert path is not None and b"view.access" in path.read_bytes()
    the_next_writer_writes(database)
    assert len(records_of(database, "view.access")) == 1
    assert b"view.access" not in path.read_bytes()


def test_a_queued_record_cut_short_by_a_kill_is_dropped_and_the_rest_are_written(
        controller: WorkflowController, database: Database, db_arg: str,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    filed_case(controller)
    sign_in_as(monkeypatch, database, Role.CLERK)
    with another_desk_writing(database):
        assert run(capsys, "access", "ERB-2026-001", "--db", db_arg)[0] == 0
        path = queue_path(database.url)
        assert path is not None
        with path.open("ab") as queue:  # a process killed in the middle of its append
            queue.write(b'{"id": "cut", "at": "2026-11-30T1')
        assert run(capsys, "access", "ERB-2026-001", "--db", db_arg)[0] == 0
    the_next_writer_writes(database)
    assert len(records_of(database, "view.access")) == 2


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_the_queue_of_records_is_private_to_the_user(
        controller: WorkflowController, database: Database, db_arg: str,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    filed_case(controller)
    sign_in_as(monkeypatch, database, Role.CLERK)
    with another_desk_writing(database):
        assert run(capsys, "access", "ERB-2026-001", "--db", db_arg)[0] == 0
        path = queue_path(database.url)
        assert path is not None and stat.S_IMODE(path.stat().st_mode) == 0o600
        assert b"Looked at who saw the case" in path.read_bytes()


@pytest.mark.sqlite_file  # refusals counted by the desk: a file's; the server refuses at its door
def test_wrong_passwords_while_another_desk_writes_are_refused_and_counted_when_written(
        database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    sign_in_as(monkeypatch, database, Role.CLERK)
    with another_desk_writing(database):
        monkeypatch.setenv(PASSWORD_ENV, "not the passphrase")
        for _ in range(5):
            code, out, err = run(capsys, "wording", "list", "--db", db_arg)
            assert (code, out) == (2, "") and "The login or the password is not right." in err
    the_next_writer_writes(database)
    assert len(records_of(database, "account.sign_in_refused")) == 5
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    code, _, err = run(capsys, "wording", "list", "--db", db_arg)
    assert code == 2 and "Wait 16 second(s)" in err and "lock" not in err
    assert run(capsys, "wording", "list", "--db", db_arg, later=16)[0] == 0


@pytest.mark.sqlite_file  # refusals counted by the desk: a file's; the server refuses at its door
def test_a_disabled_account_is_refused_while_another_desk_writes(
        database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    clerk = sign_in_as(monkeypatch, database, Role.CLERK)
    disable_account(database, clerk.login, by=account_of(database, Role.ADMIN), clock=CLOCK)
    with another_desk_writing(database):
        code, out, err = run(capsys, "wording", "list", "--db", db_arg)
    assert (code, out) == (2, "") and "The login or the password is not right." in err
    the_next_writer_writes(database)
    [refused] = records_of(database, "account.sign_in_refused")
    assert refused.actor == clerk.login


def test_a_change_kept_waiting_names_the_database_it_waited_for(
        database: Database) -> None:
    with another_desk_writing(database), pytest.raises(storage.StorageError) as busy:
        database.write(lambda _session: None)
    message = f"{busy.value.problem} {busy.value.fix}"
    assert database.description in message
    if database.url.get_backend_name() == "sqlite":
        assert "database file" in message
    else:
        assert "database server" in message and "file" not in message


def test_a_servers_lock_timeout_is_worded_for_a_server_not_a_file() -> None:
    class LockNotAvailable(Exception):
        """psycopg's error for a lock timeout."""

    LockNotAvailable.__module__ = "psycopg.errors"
    message = storage_error(LockNotAvailable("canceling statement due to lock timeout"))
    assert isinstance(message, storage.StorageError)
    assert "server" in message.problem and "file" not in f"{message.problem} {message.fix}"


@pytest.mark.sqlite_file  # refusals counted by the desk: a file's; the server refuses at its door
def test_refusals_written_but_not_yet_emptied_from_the_queue_are_counted_once(
        database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    sign_in_as(monkeypatch, database, Role.CLERK)
    monkeypatch.setenv(PASSWORD_ENV, "not the passphrase")
    with another_desk_writing(database):
        for _ in range(4):
            assert run(capsys, "wording", "list", "--db", db_arg)[0] == 2
    with monkeypatch.context() as killed:  # committed, then gone before the queue was emptied
        killed.setattr(queued_records, "forget", lambda _drained: None)
        the_next_writer_writes(database)
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    with another_desk_writing(database):  # four refusals wait 8 s; counted twice, a minute
        code, out, err = run(capsys, "wording", "list", "--db", db_arg, later=8)
    assert (code, err) == (0, "") and out
