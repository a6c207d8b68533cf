"""On the office's server each person is their own database role: ``server setup`` makes one
group role per office role, and a person's login role is made only through the schema owner's
function, by an Administrator of the office or by IT, with PostgreSQL's SCRAM-SHA-256 verifier
and never the password itself.

PostgreSQL only (these are the server's own rules): they run when the suite has its server
(``ETHICS_DESK_TEST_DATABASE``), as ``.ci/run`` gives it. Roles belong to the whole server: the
group roles are shared by every test database (made once, never dropped); each person made here
has a login no other test uses, and is dropped after its database.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError

from ethics_desk.core.errors import StorageError
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.server import setup_server
from ethics_desk.storage.server_roles import (
    FUNCTIONS,
    add_person,
    disable_person,
    group_role,
    group_roles,
    set_password,
)
from tests.conftest import CLOCK, TestServer, server_url, test_server

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="the server's rules need the suite's PostgreSQL server")

PASSWORD = "a passphrase for the tests"
_LOGINS = itertools.count(1)


@pytest.fixture
def server() -> TestServer:
    found = test_server()
    assert found is not None
    return found


@pytest.fixture
def people(server: TestServer) -> Iterator[list[str]]:
    """Logins no other test uses; their roles are dropped after the test's databases."""
    made: list[str] = []
    yield made
    with server.admin.connect() as conn:
        for login in made:
            conn.execute(sa.text(f'DROP ROLE IF EXISTS "{login}"'))


def new_login(people: list[str]) -> str:
    login = f"p{os.getpid()}.{next(_LOGINS)}"
    people.append(login)
    return login


@pytest.fixture
def office(server: TestServer, tmp_path: Path, people: list[str]) -> Iterator[str]:
    """An office set up on the server (its people fixture dropped after it)."""
    name = server.new_name("server_roles")
    url = server.create(name)
    try:
        setup_server(url, clock=CLOCK, backup_folder=tmp_path)
        yield url
    finally:  # a failed setup leaves no database behind either
        server.drop(name)


def as_person(url: str, login: str) -> sa.Engine:
    """An engine connected as ``login`` (the suite's server trusts its loopback)."""
    return sa.create_engine(sa.make_url(url).set(username=login, password=None),
                            poolclass=sa.pool.NullPool)


def _one(url: str, sql: str, **params: object) -> object:
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            return conn.execute(sa.text(sql), params).scalar()
    finally:
        engine.dispose()


def _account(url: str, login: str, role: Role) -> None:
    """The person's account row, as the application's Administrator would have added it."""
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(
                "INSERT INTO staff_account (login, name, role, password_hash, "
                "must_change_password, failed_attempts, created_at, created_by, version) "
                "VALUES (:l, :l, :r, '', false, 0, now(), 'it', 1)"),
                {"l": login, "r": role.value})
    finally:
        engine.dispose()


def _groups_of(url: str, login: str) -> set[str]:
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            return set(conn.execute(sa.text(
                "SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
                "JOIN pg_roles p ON p.oid = m.member WHERE p.rolname = :l"),
                {"l": login}).scalars())
    finally:
        engine.dispose()


def test_setup_makes_one_group_role_per_office_role_and_none_signs_in(office: str) -> None:
    assert list(group_roles()) == list(Role)
    for role in Role:
        assert _one(office, "SELECT rolcanlogin FROM pg_roles WHERE rolname = :g",
                    g=group_role(role)) is False, role


def test_only_the_groups_named_may_call_each_person_function(office: str) -> None:
    for signature, (_what, roles) in FUNCTIONS.items():
        assert _one(office, "SELECT has_function_privilege('public', :f, 'EXECUTE')",
                    f=signature) is False
        for role in Role:
            assert _one(office, "SELECT has_function_privilege(:g, :f, 'EXECUTE')",
                        g=group_role(role), f=signature) is (role in roles), (signature, role)


def test_a_person_is_a_login_role_in_their_group_with_a_scram_verifier_only(
        office: str, people: list[str]) -> None:
    login = new_login(people)
    engine = sa.create_engine(office, poolclass=sa.pool.NullPool)
    try:
        with engine.begin() as conn:  # IT, as the owner: the first Administrator, say
            add_person(conn, login, Role.CLERK, PASSWORD)
    finally:
        engine.dispose()
    stored = _one(office, "SELECT rolpassword FROM pg_authid WHERE rolname = :l", l=login)
    assert isinstance(stored, str) and stored.startswith("SCRAM-SHA-256$")
    assert PASSWORD not in stored
    assert _groups_of(office, login) == {"ethics_desk_clerk"}
    person = as_person(office, login)
    try:
        with person.connect() as conn:
            assert conn.execute(sa.text("SELECT session_user")).scalar() == login
    finally:
        person.dispose()


def test_only_an_administrator_of_this_office_adds_a_person(
        office: str, people: list[str]) -> None:
    owner = sa.create_engine(office, poolclass=sa.pool.NullPool)
    clerk, admin, newcomer = (new_login(people) for _ in range(3))
    try:
        with owner.begin() as conn:
            add_person(conn, clerk, Role.CLERK, PASSWORD)
            add_person(conn, admin, Role.ADMIN, PASSWORD)
    finally:
        owner.dispose()
    for login, refusal in ((clerk, "permission denied for function"),
                           # in the Administrators' group, but no Administrator's account here
                           (admin, "only an Administrator of this office")):
        person = as_person(office, login)
        try:
            with pytest.raises(DBAPIError, match=refusal), person.begin() as conn:
                add_person(conn, newcomer, Role.CLERK, PASSWORD)
        finally:
            person.dispose()
    _account(office, admin, Role.ADMIN)
    person = as_person(office, admin)
    try:
        with person.begin() as conn:
            add_person(conn, newcomer, Role.MEMBER, PASSWORD)
    finally:
        person.dispose()
    assert _groups_of(office, newcomer) == {"ethics_desk_member"}


def test_the_person_functions_refuse_forged_arguments(
        office: str, people: list[str], server: TestServer) -> None:
    owner = sa.create_engine(office, poolclass=sa.pool.NullPool)
    member = new_login(people)
    try:
        with owner.begin() as conn:
            add_person(conn, member, Role.MEMBER, PASSWORD)
        for call, refusal in (
                (f"SELECT ethics_desk_person_add('{member}x', 'clerk', '{PASSWORD}')",
                 "SCRAM-SHA-256 verifier only"),
                (f"SELECT ethics_desk_person_add('{server.url.username}', 'admin', "
                 "'SCRAM-SHA-256$x')", "is not an Ethics Desk person's"),
                ("SELECT ethics_desk_person_add('pg_read_all_data', 'admin', 'SCRAM-SHA-256$x')",
                 "cannot be a person's login"),
                ("SELECT ethics_desk_person_add('ethics_desk_admin', 'admin', 'SCRAM-SHA-256$x')",
                 "cannot be a person's login"),
                (f"SELECT ethics_desk_person_add('{member}x', 'superuser', 'SCRAM-SHA-256$x')",
                 "no office role"),
                (f"SELECT ethics_desk_person_add('{member}', 'clerk', 'SCRAM-SHA-256$x')",
                 "has another office role"),
                (f"SELECT ethics_desk_person_disable('{server.url.username}')",
                 "is not an Ethics Desk person's"),
                (f"SELECT ethics_desk_person_password('{member}', 'SCRAM-SHA-256$x')",
                 "no person .* in this office")):
            with pytest.raises(DBAPIError, match=refusal), owner.begin() as conn:
                conn.execute(sa.text(call))
    finally:
        owner.dispose()
    assert _groups_of(office, member) == {"ethics_desk_member"}


def test_a_person_changes_their_own_password_and_no_one_elses(
        office: str, people: list[str]) -> None:
    owner = sa.create_engine(office, poolclass=sa.pool.NullPool)
    first, second = new_login(people), new_login(people)
    try:
        with owner.begin() as conn:
            for login in (first, second):
                add_person(conn, login, Role.MEMBER, PASSWORD)
    finally:
        owner.dispose()
    for login in (first, second):
        _account(office, login, Role.MEMBER)
    before = _one(office, "SELECT rolpassword FROM pg_authid WHERE rolname = :l", l=second)
    person = as_person(office, first)
    try:
        with person.begin() as conn:
            set_password(conn, first, f"new {PASSWORD}")
        with pytest.raises(DBAPIError, match="only an Administrator"), person.begin() as conn:
            set_password(conn, second, f"new {PASSWORD}")
        with pytest.raises(DBAPIError, match="permission denied for function"), \
                person.begin() as conn:
            disable_person(conn, second)
    finally:
        person.dispose()
    assert _one(office, "SELECT rolpassword FROM pg_authid WHERE rolname = :l",
                l=second) == before


def test_a_disabled_person_can_no_longer_connect(office: str, people: list[str]) -> None:
    owner = sa.create_engine(office, poolclass=sa.pool.NullPool)
    login = new_login(people)
    try:
        with owner.begin() as conn:
            add_person(conn, login, Role.RECORDS, PASSWORD)
        _account(office, login, Role.RECORDS)
        with owner.begin() as conn:
            disable_person(conn, login)
    finally:
        owner.dispose()
    person = as_person(office, login)
    try:
        with pytest.raises(DBAPIError, match="not permitted to log in"), person.connect():
            pass
    finally:
        person.dispose()


def _person(office: str, people: list[str], role: Role) -> str:
    """A person of ``role`` with their account in the office."""
    login = new_login(people)
    owner = sa.create_engine(office, poolclass=sa.pool.NullPool)
    try:
        with owner.begin() as conn:
            add_person(conn, login, role, PASSWORD)
    finally:
        owner.dispose()
    _account(office, login, role)
    return login


AUDIT_INSERT = (
    "INSERT INTO audit_record (seq, at, actor, action, summary, detail, prev_hash, hash) "
    "VALUES (999999, now(), :actor, 'case.open', 'Opened a case', '{}', "
    "repeat('0', 64), repeat('0', 64))")


def test_a_person_writes_audit_records_naming_themselves_only(
        office: str, people: list[str]) -> None:
    member, clerk = _person(office, people, Role.MEMBER), _person(office, people, Role.CLERK)
    person = as_person(office, member)
    try:
        for actor in (f"Test City Clerk staff ({clerk})", clerk, f"{member} ({clerk})",
                      f"Someone ({member}x)", "Ethics Desk"):
            with pytest.raises(DBAPIError, match="names the person who writes it"), \
                    person.begin() as conn:
                conn.execute(sa.text(AUDIT_INSERT), {"actor": actor})
            with pytest.raises(DBAPIError, match="names the person who writes it"), \
                    person.begin() as conn:  # nor by taking their group's role
                conn.execute(sa.text(f"SET ROLE {group_role(Role.MEMBER)}"))
                conn.execute(sa.text(AUDIT_INSERT), {"actor": actor})
        for actor in (member, f"Test member ({member})"):
            with person.connect() as conn:
                transaction = conn.begin()
                conn.execute(sa.text(AUDIT_INSERT), {"actor": actor})
                transaction.rollback()
    finally:
        person.dispose()


VOUCHED_JOURNAL = (
    "INSERT INTO journal_redaction (seq, table_name, op, row_key, before_sha, after_sha, mac, "
    "redacted_at, reason) SELECT seq, table_name, op, row_key, NULL, "
    "encode(sha256(convert_to(after, 'UTF8')), 'hex'), mac, now(), 'a disposal' "
    "FROM journal_record WHERE after IS NOT NULL ORDER BY seq LIMIT 1",
    "SELECT ethics_desk_journal_redact(array_agg(seq)) FROM journal_redaction")
VOUCHED_AUDIT = (  # a record the person may read: one of their own
    "INSERT INTO audit_record (seq, at, actor, action, summary, detail, prev_hash, hash) "
    "VALUES (999999, now(), session_user, 'retention.dispose', 'Disposed', '{}', "
    "repeat('0', 64), repeat('0', 64))",
    "INSERT INTO audit_redaction (seq, hash, summary_sha, detail_sha, redacted_at, reason) "
    "SELECT seq, hash, encode(sha256(convert_to(summary, 'UTF8')), 'hex'), "
    "encode(sha256(convert_to(detail, 'UTF8')), 'hex'), now(), 'a disposal' "
    "FROM audit_record WHERE seq = 999999",
    "SELECT ethics_desk_audit_redact(array_agg(seq), 'emptied') FROM audit_redaction")


def test_no_one_empties_records_without_a_disposal_recorded_with_them(
        office: str, people: list[str]) -> None:
    for role in Role:
        person = as_person(office, _person(office, people, role))
        try:
            for statements in (VOUCHED_JOURNAL, VOUCHED_AUDIT):
                with person.connect() as conn:
                    transaction = conn.begin()
                    try:  # no disposal recorded in the transaction: no voucher either
                        with pytest.raises(DBAPIError,
                                           match=r"of no case whose disposal|permission denied"):
                            for statement in statements:
                                conn.execute(sa.text(statement))
                    finally:
                        transaction.rollback()
        finally:
            person.dispose()


def test_no_group_reads_a_password_hash_or_writes_the_accounts(
        office: str, people: list[str]) -> None:
    for role in Role:
        group = group_role(role)
        assert _one(office, "SELECT has_column_privilege(:g, 'staff_account', "
                            "'password_hash', 'SELECT')", g=group) is False, role
        assert _one(office, "SELECT has_column_privilege(:g, 'staff_account', 'login', "
                            "'SELECT')", g=group) is True, role
        for right in ("INSERT", "UPDATE", "DELETE", "TRUNCATE"):
            assert _one(office, "SELECT has_table_privilege(:g, 'staff_account', :r)",
                        g=group, r=right) is False, (role, right)
    admin = as_person(office, _person(office, people, Role.ADMIN))
    try:
        for statement in ("SELECT password_hash FROM staff_account",
                          "UPDATE staff_account SET role = 'clerk'",
                          "DELETE FROM staff_account"):
            with pytest.raises(DBAPIError, match="permission denied"), admin.begin() as conn:
                conn.execute(sa.text(statement))
    finally:
        admin.dispose()


def test_only_the_offices_people_connect_to_its_database(office: str) -> None:
    for group in ("public", *group_roles().values()):
        assert _one(office, "SELECT has_database_privilege(:g, current_database(), "
                            "'CONNECT')", g=group) is False, group


def test_setup_by_an_owner_who_may_not_create_roles_says_what_to_ask_for(
        server: TestServer, tmp_path: Path, people: list[str]) -> None:
    owner = new_login(people).replace(".", "_")
    people.append(owner)
    name = server.new_name("server_roles_owner")
    with server.admin.connect() as conn:
        conn.execute(sa.text(f"CREATE ROLE {owner} LOGIN"))
        conn.execute(sa.text(f'CREATE DATABASE "{name}" OWNER {owner}'))
    try:
        url = sa.make_url(server.url_of(name)).set(username=owner, password=None)
        with pytest.raises(StorageError) as refused:
            setup_server(url, clock=CLOCK, backup_folder=tmp_path)
        assert f"role {owner} may not create the roles" in refused.value.problem
        assert f"ALTER ROLE {owner} CREATEROLE" in refused.value.fix
    finally:
        server.drop(name)
