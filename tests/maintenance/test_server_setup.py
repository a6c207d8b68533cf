"""The office's server is set up and upgraded by IT alone: a workstation never creates or
upgrades the shared schema, an upgrade keeps a verified copy first, two setups take turns, a
person's own role can do the clerk's work but never change the audit trail or the schema, and the
setup makes the first Administrator or converts an office whose desks shared one role.

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
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.opening import open_database
from ethics_desk.maintenance.server import setup_server
from ethics_desk.staff.server_policies import keep_name_keys
from ethics_desk.storage.migrate import alembic_config, current_revision, head_revision
from ethics_desk.workflow.controller import WorkflowController
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


def _a_clerk(server: TestServer, office: str, role: str, office_role: str = "clerk") -> None:
    """Make ``role`` a person of the Clerk's staff (or of ``office_role``), with an account,
    as ``ethics_desk_person_add`` would (a clerk, kept from a complaint naming them, needs
    the server to know their folded name, as a Board member does)."""
    name = sa.make_url(office).database
    with server.admin.connect() as conn:
        conn.execute(sa.text(f"GRANT ethics_desk_{office_role} TO {role}"))
        conn.execute(sa.text(f'GRANT CONNECT ON DATABASE "{name}" TO {role}'))
    engine = sa.create_engine(office, poolclass=sa.pool.NullPool)  # the policies read it
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(
                "INSERT INTO staff_account (login, name, role, password_hash, "
                "must_change_password, failed_attempts, created_at, created_by, version) "
                "VALUES (:l, :l, :r, 'server:scram', false, 0, now(), 'it', 1)"),
                {"l": role, "r": office_role})
            keep_name_keys(conn)  # its folded name, as adding an account writes it
    finally:
        engine.dispose()


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
        case_id = filed_case(WorkflowController.unrestricted(database, "Maria Clerk", clock=CLOCK))
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


def test_a_clerks_own_role_does_the_clerks_work_but_never_changes_the_trail_or_schema(
        server: TestServer, office: str, desk_role: str, tmp_path: Path) -> None:
    setup_server(office, clock=CLOCK, backup_folder=tmp_path)
    _a_clerk(server, office, desk_role)
    desk = _as(office, desk_role)
    database = open_database(desk, clock=CLOCK)
    try:
        filed_case(WorkflowController.unrestricted(database, f"Maria Clerk ({desk_role})", clock=CLOCK))
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
    assert "no role" in refused.value.problem and "leave out --workstations" in refused.value.fix


def test_setup_as_the_workstations_role_says_to_run_it_as_the_owner(
        office: str, desk_role: str, tmp_path: Path) -> None:
    with pytest.raises(StorageError) as refused:
        setup_server(_as(office, desk_role), clock=CLOCK, backup_folder=tmp_path)
    assert f"role {desk_role} may not create" in refused.value.problem
    assert "owns the database" in refused.value.fix


def test_a_clerks_own_role_cannot_read_the_record_key_nor_write_or_silence_the_journal(
        server: TestServer, office: str, desk_role: str, tmp_path: Path) -> None:
    from ethics_desk.maintenance.integrity import JOURNAL, RECORDS, TRIGGERS, run_checks

    setup_server(office, clock=CLOCK, backup_folder=tmp_path)
    _a_clerk(server, office, desk_role)
    desk = _as(office, desk_role)
    database = open_database(office, clock=CLOCK)
    try:
        filed_case(WorkflowController.unrestricted(database, f"Maria Clerk ({desk_role})", clock=CLOCK))
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
        with engine.begin() as conn:  # what the Clerk's staff may do to a record is journalled
            conn.execute(sa.text("UPDATE complaint SET facts = 'rewritten at the database'"))
    finally:
        engine.dispose()
    results = {r.name: r for r in run_checks(office)}  # IT's check, as the owner
    assert results[TRIGGERS].ok and results[JOURNAL].ok and results[RECORDS].ok, results


def test_the_records_officers_own_role_removes_no_journal_value_without_its_voucher(
        server: TestServer, office: str, desk_role: str, tmp_path: Path) -> None:
    from ethics_desk.maintenance.integrity import JOURNAL, run_checks

    setup_server(office, clock=CLOCK, backup_folder=tmp_path)
    _a_clerk(server, office, desk_role, "records")
    desk = _as(office, desk_role)
    database = open_database(office, clock=CLOCK)
    try:
        filed_case(WorkflowController.unrestricted(database, f"Maria Clerk ({desk_role})", clock=CLOCK))
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
    assert {r.name: r for r in run_checks(office)}[JOURNAL].ok


def test_the_checks_on_the_server_are_its_owners_to_run(
        server: TestServer, office: str, desk_role: str, tmp_path: Path) -> None:
    """A role that is not the owner reads only part of the records (row-level security): its
    checks would report the rest as missing, so it is told whose command this is."""
    from ethics_desk.maintenance.integrity import run_checks

    setup_server(office, clock=CLOCK, backup_folder=tmp_path)
    _a_clerk(server, office, desk_role)
    with pytest.raises(StorageError) as refused:
        run_checks(_as(office, desk_role))
    assert "only IT's role" in refused.value.problem and "owns the database" in refused.value.fix
    from ethics_desk.maintenance.integrity import AUDIT, JOURNAL
    results = {result.name: result for result in run_checks(office)}  # as the owner
    assert results[JOURNAL].ok and results[AUDIT].ok, results


def test_a_copy_of_the_servers_records_is_its_owners_to_take(
        server: TestServer, office: str, desk_role: str, tmp_path: Path) -> None:
    """A copy made by a role that reads only part of the records would be a backup missing
    cases, verified against the same part: it is refused, in words."""
    from ethics_desk.maintenance.transfer import copy_records

    setup_server(office, clock=CLOCK, backup_folder=tmp_path)
    _a_clerk(server, office, desk_role)
    database = open_database(_as(office, desk_role), clock=CLOCK)
    try:
        with pytest.raises(StorageError) as refused:
            copy_records(database, tmp_path / "backup.sqlite")
        assert "only IT's role" in refused.value.problem
        assert not (tmp_path / "backup.sqlite").exists()
    finally:
        database.dispose()


@pytest.fixture
def people(server: TestServer) -> Iterator[list[str]]:
    """Logins no other test uses; their roles dropped after the office (asked for first)."""
    made: list[str] = []
    yield made
    with server.admin.connect() as conn:
        for login in made:
            conn.execute(sa.text(f'DROP ROLE IF EXISTS "{login}"'))


def _login(server: TestServer, people: list[str]) -> str:
    login = server.new_name("p").replace("_", ".")
    people.append(login)
    return login


def _groups(office: str, login: str) -> set[str]:
    engine = sa.create_engine(office, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            return set(conn.execute(sa.text(
                "SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
                "JOIN pg_roles p ON p.oid = m.member WHERE p.rolname = :l"),
                {"l": login}).scalars())
    finally:
        engine.dispose()


def test_setup_makes_the_first_administrator_their_own_role(
        people: list[str], server: TestServer, office: str, tmp_path: Path) -> None:
    from ethics_desk.staff.accounts import sign_in

    login = _login(server, people)
    report = setup_server(office, clock=CLOCK, backup_folder=tmp_path,
                          first_administrator=(login, "Ada Admin", "a passphrase for IT"))
    assert report.first_administrator == login
    assert _groups(office, login) == {"ethics_desk_admin"}
    database = open_database(office, clock=CLOCK)
    try:
        account = sign_in(database, login, "a passphrase for IT", clock=CLOCK)
    finally:
        database.dispose()
    assert account.name == "Ada Admin" and account.role.value == "admin"


def test_converting_an_office_takes_every_right_from_the_shared_role(
        people: list[str], server: TestServer, office: str, desk_role: str,
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ethics_desk.cli import main
    from ethics_desk.maintenance.server import grant_workstations
    from ethics_desk.staff.accounts import SERVER_PASSWORD, sign_in
    from ethics_desk.storage.server_roles import group_role

    setup_server(office, clock=CLOCK, backup_folder=tmp_path)
    database = open_database(office, clock=CLOCK)
    try:  # the office as it was: one shared role, the application's own Argon2 hashes
        grant_workstations(database, desk_role)
        clerk, member = _login(server, people), _login(server, people)
        with database.engine.begin() as conn:
            for login, role, disabled in ((clerk, "clerk", None), (member, "member", "now()")):
                conn.execute(sa.text(
                    "INSERT INTO staff_account (login, name, role, password_hash, "
                    "must_change_password, failed_attempts, created_at, created_by, version, "
                    f"disabled_at) VALUES (:l, :l, :r, '$argon2id$v=19$m=65536,t=3,p=4$x$y', "
                    f"false, 0, now(), 'it', 1, {disabled or 'NULL'})"), {"l": login, "r": role})
    finally:
        database.dispose()
    assert main(["server", "setup", office, "--convert-office", "--workstations", desk_role,
                 "--backup-folder", str(tmp_path)], clock=CLOCK) == 0
    said = capsys.readouterr().out
    [line] = [line for line in said.splitlines() if clerk in line]
    temporary = line.split()[-1]
    assert member not in said  # a disabled account is given no password
    engine = sa.create_engine(office, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            for table in conn.execute(sa.text(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).scalars():
                for right in ("SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE"):
                    assert conn.execute(sa.text(
                        "SELECT has_table_privilege(:r, :t, :p)"),
                        {"r": desk_role, "t": table, "p": right}).scalar() is False, table
            assert conn.execute(sa.text(
                "SELECT has_database_privilege(:r, current_database(), 'CONNECT')"),
                {"r": desk_role}).scalar() is False
            hashes = set(conn.execute(sa.text("SELECT password_hash FROM staff_account"))
                         .scalars())
            trail = " ".join(conn.execute(sa.text(
                "SELECT summary || detail FROM audit_record")).scalars())
    finally:
        engine.dispose()
    assert hashes == {SERVER_PASSWORD} and temporary not in trail
    with pytest.raises(DBAPIError, match="permission denied for database"):
        sa.create_engine(_as(office, desk_role), poolclass=sa.pool.NullPool).connect()
    assert _groups(office, clerk) == {group_role(Role.CLERK)}
    assert _groups(office, member) == {group_role(Role.MEMBER)}
    database = open_database(office, clock=CLOCK)
    try:
        account = sign_in(database, clerk, temporary, clock=CLOCK)
        assert account.must_change_password
    finally:
        database.dispose()


def test_the_first_administrator_from_the_command_line_is_asked_their_password(
        people: list[str], server: TestServer, office: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.cli import main
    from ethics_desk.cli.common import NEW_PASSWORD_ENV

    login = _login(server, people)
    monkeypatch.setenv(NEW_PASSWORD_ENV, "a passphrase for IT")
    assert main(["server", "setup", office, "--first-administrator", login, "--name",
                 "Ada Admin", "--backup-folder", str(tmp_path)], clock=CLOCK) == 0
    assert _groups(office, login) == {"ethics_desk_admin"}
