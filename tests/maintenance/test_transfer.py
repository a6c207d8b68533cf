"""Moving an office's records between databases: every row and the audit chain arrive, the
target is always a new database, and a copy that does not prove equal is never kept.

The source is the suite's database (a SQLite file, or the PostgreSQL server of
``ETHICS_DESK_TEST_DATABASE``); a move onto the server runs when the suite has one.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import Connection, Table, select, text

from ethics_desk.cli import main
from ethics_desk.cli.common import PASSWORD_ENV, USER_ENV
from ethics_desk.core.errors import StorageError
from ethics_desk.core.roles import Role
from ethics_desk.maintenance import transfer
from ethics_desk.maintenance.opening import open_database
from ethics_desk.maintenance.transfer import copy_records
from ethics_desk.models import AuditRecord, Complaint
from ethics_desk.storage.audit import verify_chain
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, TestServer, test_server
from tests.factories import filed_case
from tests.signing_in import sign_in_as
from tests.test_cli import Terminal, assert_progress_cleared


def _counts(database: Database) -> dict[str, int]:
    with database.engine.connect() as conn:
        return transfer._counts(conn)


@pytest.fixture
def server_database() -> Iterator[tuple[TestServer, str]]:
    """A new, empty database on the suite's server."""
    server = test_server()
    if server is None:
        pytest.skip("a move onto a server needs the suite's PostgreSQL server "
                    "(ETHICS_DESK_TEST_DATABASE)")
    name = server.new_name("target")
    url = server.create(name)
    yield server, url
    server.drop(name)


def test_a_copy_into_a_new_file_has_every_row_and_a_chain_that_verifies(
        demo_database: Database, tmp_path: Path) -> None:
    report = copy_records(demo_database, tmp_path / "copy.sqlite")
    assert not (tmp_path / "copy.sqlite-wal").exists()  # one self-contained file
    copy = open_database(tmp_path / "copy.sqlite", clock=CLOCK, create=False)
    try:
        assert _counts(copy) == _counts(demo_database)
        assert report.rows == sum(_counts(copy).values()) and report.audit_records > 600
        with copy.read_session() as session:
            assert verify_chain(session) == []
    finally:
        copy.dispose()


def test_a_copy_tells_each_table_by_name_and_number_as_its_copy_starts(
        database: Database, tmp_path: Path) -> None:
    steps: list[str] = []
    report = copy_records(database, tmp_path / "copy.sqlite", progress=steps.append)
    tables = transfer._model_tables()
    assert len(tables) == report.tables
    assert [step for step in steps if step.startswith("copying ")] == [
        f"copying {table.name.replace('_', ' ')} ({number} of {report.tables} tables)"
        for number, table in enumerate(tables, start=1)]
    assert "copying audit record (" in " ".join(steps)
    assert steps.index("creating the tables of the copy") < steps.index(
        f"copying {tables[0].name.replace('_', ' ')} (1 of {report.tables} tables)")
    assert steps[-2:] == ["verifying the audit chain on both sides",
                          "writing the copy as one file"]


def test_migrate_to_shows_on_a_terminal_each_table_it_copies_and_clears_the_line(
        database: Database, db_arg: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code = main(["migrate-to", str(tmp_path / "moved.sqlite"), "--db", db_arg], clock=CLOCK)
    out, _ = capsys.readouterr()
    shown = terminal.getvalue()
    assert code == 0, out + shown
    assert re.search(r"\rMoving the records: copying complaint \(\d+ of \d+ tables\)…", shown)
    assert "\rMoving the records: verifying the audit chain on both sides…" in shown
    assert_progress_cleared(shown, "Moving the records")
    assert "every count and the audit chain match" in out and "Moving the records" not in out


def test_migrate_to_adds_no_progress_to_a_log(
        database: Database, db_arg: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    assert main(["migrate-to", str(tmp_path / "moved.sqlite"), "--db", db_arg], clock=CLOCK) == 0
    out, err = capsys.readouterr()
    assert err == "" and "\r" not in out


def test_a_copy_never_goes_over_an_existing_file_or_a_database_with_tables(
        database: Database, demo_database: Database, tmp_path: Path) -> None:
    taken = tmp_path / "taken.sqlite"
    taken.write_bytes(b"someone's file")
    with pytest.raises(StorageError, match="already exists"):
        copy_records(demo_database, taken)
    assert taken.read_bytes() == b"someone's file"
    with pytest.raises(StorageError, match=r"nothing was written|not empty"):  # file, server
        copy_records(demo_database, database.url.render_as_string(hide_password=False))
    with database.read_session() as session:
        assert session.scalars(select(Complaint)).first() is None  # nothing was written there


def test_a_copy_that_does_not_prove_equal_is_not_kept(
        demo_database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = transfer._copy_tables

    def loses_the_calendar(source: Connection, target: Connection, tables: list[Table], *,
                           own_key: bool, progress: Callable[[str], None] | None) -> None:
        real(source, target, tables, own_key=own_key, progress=progress)
        target.execute(text("DELETE FROM calendar_day"))  # as a copy that went wrong would

    monkeypatch.setattr(transfer, "_copy_tables", loses_the_calendar)
    with pytest.raises(StorageError, match="differ from the source's in calendar_day"):
        copy_records(demo_database, tmp_path / "short.sqlite")
    assert list(tmp_path.glob("short.sqlite*")) == []


def test_an_office_moved_onto_the_server_goes_on_filing_where_it_left_off(
        demo_database: Database, server_database: tuple[TestServer, str]) -> None:
    _, url = server_database
    copy_records(demo_database, url)
    server = open_database(url, clock=CLOCK, create=False)
    try:
        assert _counts(server) == _counts(demo_database)
        with demo_database.read_session() as session:
            last = max(n for n in session.scalars(select(Complaint.case_number)) if n)
        case_id = filed_case(WorkflowController.unrestricted(server, "Maria Clerk", clock=CLOCK))
        with server.read_session() as session:
            complaint = session.get(Complaint, case_id)
            assert complaint is not None and complaint.case_number is not None
            assert complaint.case_number > last  # the next number, on a fresh id
            assert verify_chain(session) == []
    finally:
        server.dispose()


def test_the_command_line_moves_a_file_onto_the_server_and_it_backs_the_server_up(
        server_database: tuple[TestServer, str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """An office's file — its accounts with it — moved onto the server by its Administrator;
    then IT, the server's owner, backs the server up (a person's role could copy only part of
    the records: the copy is IT's)."""
    import os

    from ethics_desk.staff.accounts import create_first_administrator
    from tests.signing_in import PASSWORD

    source = tmp_path / "office.sqlite"
    login = f"move{os.getpid()}"
    office = open_database(source, clock=CLOCK)
    try:
        create_first_administrator(office, login, "The Administrator", PASSWORD, clock=CLOCK)
        filed_case(WorkflowController.unrestricted(office, "Maria Clerk", clock=CLOCK))
    finally:
        office.dispose()
    monkeypatch.setenv(USER_ENV, login)
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    _, url = server_database
    assert main(["--db", str(source), "migrate-to", url], clock=CLOCK) == 0
    assert "every count and the audit chain match" in capsys.readouterr().out
    assert main(["--db", str(source), "migrate-to", url], clock=CLOCK) == 2
    assert "not empty" in capsys.readouterr().err
    server = open_database(url, clock=CLOCK, create=False)
    moved = open_database(source, clock=CLOCK, create=False)
    try:
        copy_records(server, tmp_path / "backup.sqlite")
        copy = open_database(tmp_path / "backup.sqlite", clock=CLOCK, create=False)
        try:
            assert _counts(copy) == _counts(server)
            assert _counts(server)["complaint"] == _counts(moved)["complaint"] == 1
            with copy.read_session() as session:
                assert verify_chain(session) == []
                newest = session.scalars(select(AuditRecord).order_by(
                    AuditRecord.seq.desc()).limit(1)).one()
                assert (newest.action, newest.actor) == ("account.sign_in", login)
        finally:
            copy.dispose()
    finally:
        server.dispose()
        moved.dispose()


def test_every_copy_taken_while_four_desks_write_is_kept_and_is_one_moment_of_the_source(
        database: Database, tmp_path: Path) -> None:
    """The source's rows, counts, chain and head are read in one snapshot (on a server one
    REPEATABLE READ transaction), so rows committed meanwhile never make the copy differ."""
    import threading

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

    desks = [threading.Thread(target=desk, args=(n,)) for n in range(1, 5)]
    for thread in desks:
        thread.start()
    reports = []
    try:
        for number in range(10):
            for _ in range(4):  # the desks have written since the last copy
                assert committed.acquire(timeout=60)
            reports.append(copy_records(database, tmp_path / f"copy-{number}.sqlite"))
    finally:
        stop.set()
        for thread in desks:
            thread.join(60)
    assert failures == []
    assert len({report.audit_records for report in reports}) == 10  # each a later moment
    for number, report in enumerate(reports):
        copy = open_database(tmp_path / f"copy-{number}.sqlite", create=False, migrate=False,
                             clock=CLOCK)
        try:
            with copy.read_session() as session:
                assert verify_chain(session) == []
            assert _counts(copy)["audit_record"] == report.audit_records
        finally:
            copy.dispose()
