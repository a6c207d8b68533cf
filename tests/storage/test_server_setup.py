"""The office's server is set up and upgraded by IT alone: a workstation never creates or
upgrades the shared schema, an upgrade keeps a verified copy first, two setups take turns, and
the workstations' role can do the clerk's work but never change the audit trail or the schema.

PostgreSQL only (these are the server's own rules): they run when the suite has its server
(``ETHICS_DESK_TEST_DATABASE``), as ``.ci/run`` gives it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from sqlalchemy.exc import DBAPIError

from ethics_desk.core.errors import StorageError
from ethics_desk.storage.migrate import alembic_config, current_revision, head_revision
from ethics_desk.storage.opening import open_database
from ethics_desk.storage.server import setup_server
from ethics_desk.workflow import WorkflowController
from tests.conftest import CLOCK, TestServer, server_url, test_server
from tests.factories import filed_case

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="the server's rules need the suite's PostgreSQL server")


@pytest.fixture
def server() -> TestServer:
    found = test_server()
    assert found is not None
    return found


@pytest.fixture
def office(server: TestServer) -> Iterator[str]:
    """A new, empty database on the server: the office's, before IT has set it up."""
    name = server.new_name("office")
    url = server.create(name)
    yield url
    server.drop(name)


@pytest.fixture
def desk_role(server: TestServer, office: str) -> Iterator[str]:
    """The role the workstations sign in as (IT creates it; here without a password, since the
    suite's server trusts loopback). The office's database is dropped before the role."""
    role = f"ed_desk_{server.new_name('r').split('_', 1)[1]}"
    with server.admin.connect() as conn:
        conn.execute(sa.text(f"CREATE ROLE {role} LOGIN"))
    yield role
    name = sa.make_url(office).database
    assert name
    server.drop(name)
    with server.admin.connect() as conn:
        conn.execute(sa.text(f"DROP ROLE IF EXISTS {role}"))


def _as(url: str, role: str) -> str:
    return sa.make_url(url).set(username=role, password=None).render_as_string(
        hide_password=False)


def test_a_workstation_never_creates_the_shared_schema_and_says_who_does(office: str) -> None:
    with pytest.raises(StorageError) as refused:
        open_database(office, clock=CLOCK)
    assert "no Ethics Desk records yet" in refused.value.problem
    assert "ethics-desk server setup" in refused.value.fix
    engine = sa.create_engine(office)
    try:
        assert sa.inspect(engine).get_table_names() == []  # nothing was created
    finally:
        engine.dispose()


def test_setup_creates_the_schema_once_and_a_second_setup_finds_it_done(
        office: str, tmp_path: Path) -> None:
    first = setup_server(office, clock=CLOCK, backup_folder=tmp_path)
    again = setup_server(office, clock=CLOCK, backup_folder=tmp_path)
    assert (first.before, first.after) == (None, head_revision())
    assert (again.before, again.after, again.backup) == (head_revision(), head_revision(), None)
    database = open_database(office, clock=CLOCK)
    try:
        case_id = filed_case(WorkflowController(database, "Maria Clerk", clock=CLOCK))
        assert case_id
    finally:
        database.dispose()


def test_two_setups_started_at_once_take_turns(office: str, tmp_path: Path) -> None:
    outcomes: list[object] = []

    def run() -> None:
        try:
            outcomes.append(setup_server(office, clock=CLOCK, backup_folder=tmp_path).before)
        except BaseException as exc:
            outcomes.append(exc)

    setups = [threading.Thread(target=run) for _ in range(2)]
    for thread in setups:
        thread.start()
    for thread in setups:
        thread.join(120)
    assert sorted(outcomes, key=str) == sorted([None, head_revision()], key=str)


def test_an_older_schema_is_upgraded_only_by_setup_after_a_verified_copy(
        office: str, tmp_path: Path) -> None:
    engine = sa.create_engine(office)
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0004")
        conn.execute(sa.text("INSERT INTO calendar_day (calendar, day, name, kind, version) "
                             "VALUES ('city', '2026-12-07', 'Ice storm closure', 'closure', 1)"))
    engine.dispose()
    with pytest.raises(StorageError) as refused:
        open_database(office, clock=CLOCK)
    assert "schema 0004" in refused.value.problem and "server setup" in refused.value.fix
    report = setup_server(office, clock=CLOCK, backup_folder=tmp_path)
    assert (report.before, report.after) == ("0004", head_revision())
    assert report.backup is not None and report.backup.parent == tmp_path
    kept = sa.create_engine(f"sqlite:///{report.backup}")
    try:
        assert current_revision(kept) == "0004"  # the records as they were before
        with kept.connect() as conn:
            assert conn.execute(sa.text("SELECT name FROM calendar_day")).scalars().all() == [
                "Ice storm closure"]
    finally:
        kept.dispose()


def test_the_workstations_role_does_the_clerks_work_but_never_changes_the_trail_or_schema(
        office: str, desk_role: str, tmp_path: Path) -> None:
    setup_server(office, clock=CLOCK, backup_folder=tmp_path, workstations=desk_role)
    desk = _as(office, desk_role)
    database = open_database(desk, clock=CLOCK)
    try:
        filed_case(WorkflowController(database, "Maria Clerk", clock=CLOCK))
    finally:
        database.dispose()
    engine = sa.create_engine(desk)
    try:
        for statement in ("UPDATE audit_record SET actor = 'x'", "DELETE FROM audit_record",
                          "TRUNCATE audit_record", "CREATE TABLE notes (note text)",
                          "DROP TABLE complaint", "UPDATE alembic_version SET version_num = 'x'"):
            with pytest.raises(DBAPIError, match=r"permission denied|must be owner"), \
                    engine.begin() as conn:
                conn.execute(sa.text(statement))
    finally:
        engine.dispose()


def test_setup_names_a_missing_role_instead_of_failing_half_way(
        office: str, tmp_path: Path) -> None:
    with pytest.raises(StorageError) as refused:
        setup_server(office, clock=CLOCK, backup_folder=tmp_path, workstations="no_such_role")
    assert "no role" in refused.value.problem and "CREATE ROLE" in refused.value.fix


def test_setup_as_the_workstations_role_says_to_run_it_as_the_owner(
        office: str, desk_role: str, tmp_path: Path) -> None:
    with pytest.raises(StorageError) as refused:
        setup_server(_as(office, desk_role), clock=CLOCK, backup_folder=tmp_path)
    assert f"role {desk_role} may not create" in refused.value.problem
    assert "owns the database" in refused.value.fix


def test_the_workstations_role_cannot_read_the_record_key_nor_write_or_silence_the_journal(
        office: str, desk_role: str, tmp_path: Path) -> None:
    from ethics_desk.storage.integrity import JOURNAL, RECORDS, TRIGGERS, run_checks

    setup_server(office, clock=CLOCK, backup_folder=tmp_path, workstations=desk_role)
    desk = _as(office, desk_role)
    database = open_database(desk, clock=CLOCK)
    try:
        filed_case(WorkflowController(database, "Maria Clerk", clock=CLOCK))
    finally:
        database.dispose()
    engine = sa.create_engine(desk)
    try:
        for statement in (
                "SELECT * FROM journal_key",
                "INSERT INTO journal_record (seq, table_name, op, row_key, prev_mac, mac) "
                "VALUES (999999, 'complaint', 'insert', '1', 'x', 'y')",
                "UPDATE journal_record SET after = NULL", "DELETE FROM journal_record",
                "UPDATE journal_redaction SET mac = 'x'", "DELETE FROM journal_redaction",
                "ALTER TABLE complaint DISABLE TRIGGER journal_complaint",
                "DROP TRIGGER journal_complaint ON complaint",
                "SELECT ethics_desk_journal_append('complaint', 'insert', '1', NULL, '{}')"):
            with pytest.raises(DBAPIError, match=r"permission denied|must be owner"), \
                    engine.begin() as conn:
                conn.execute(sa.text(statement))
        with engine.begin() as conn:  # what the role may do to a record is journalled
            conn.execute(sa.text("UPDATE complaint SET facts = 'rewritten at the database'"))
    finally:
        engine.dispose()
    results = {r.name: r for r in run_checks(desk)}
    assert results[TRIGGERS].ok and results[JOURNAL].ok and results[RECORDS].ok, results


def test_the_workstations_role_removes_no_journal_value_without_its_voucher(
        office: str, desk_role: str, tmp_path: Path) -> None:
    from ethics_desk.storage.integrity import JOURNAL, run_checks

    setup_server(office, clock=CLOCK, backup_folder=tmp_path, workstations=desk_role)
    desk = _as(office, desk_role)
    database = open_database(desk, clock=CLOCK)
    try:
        filed_case(WorkflowController(database, "Maria Clerk", clock=CLOCK))
    finally:
        database.dispose()
    engine = sa.create_engine(desk)
    try:
        with pytest.raises(DBAPIError, match="has no voucher matching it"), \
                engine.begin() as conn:
            conn.execute(sa.text("SELECT ethics_desk_journal_redact(ARRAY[1, 2]::bigint[])"))
        with pytest.raises(DBAPIError, match="of no case whose disposal"), \
                engine.begin() as conn:  # a voucher that does not match its record
            conn.execute(sa.text(
                "INSERT INTO journal_redaction (seq, table_name, op, row_key, before_sha, "
                "after_sha, mac, redacted_at, reason) SELECT seq, table_name, op, row_key, NULL, "
                "repeat('0', 64), mac, now(), 'forged' FROM journal_record WHERE seq = 1"))
            conn.execute(sa.text("SELECT ethics_desk_journal_redact(ARRAY[1]::bigint[])"))
    finally:
        engine.dispose()
    assert {r.name: r for r in run_checks(desk)}[JOURNAL].ok
