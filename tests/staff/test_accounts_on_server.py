"""On a PostgreSQL server each person is their own database role: the account services make,
change and disable the person's role in the same transaction as the account, no application
password hash is kept there, and signing in is PostgreSQL's own authentication.

PostgreSQL only: these run when the suite has its server (``ETHICS_DESK_TEST_DATABASE``). Roles
belong to the whole server, so every login made here is one no other test uses, dropped after
the test's database.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator

import psycopg
import pytest
import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError

from ethics_desk.core.account import Account
from ethics_desk.core.errors import UserError
from ethics_desk.core.roles import Role
from ethics_desk.models import StaffAccount
from ethics_desk.staff import accounts
from ethics_desk.staff.accounts import (
    NOT_SIGNED_IN,
    SERVER_PASSWORD,
    SignInRefused,
    add_account,
    change_own_password,
    create_first_administrator,
    disable_account,
    reset_password,
    sign_in,
)
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK, TestServer, server_url, test_server

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="a person's role needs the suite's PostgreSQL server")

SECRET = "correct horse battery staple"
OTHER = "a different passphrase"
_LOGINS = itertools.count(1)


@pytest.fixture
def people() -> Iterator[list[str]]:
    """Logins no other test uses; their roles dropped after the test's database (this fixture
    is asked for before ``database``, so it ends after it)."""
    made: list[str] = []
    yield made
    server = test_server()
    assert server is not None
    with server.admin.connect() as conn:
        for login in made:
            conn.execute(sa.text(f'DROP ROLE IF EXISTS "{login}"'))


def new_login(people: list[str]) -> str:
    login = f"q{os.getpid()}.{next(_LOGINS)}"
    people.append(login)
    return login


@pytest.fixture
def admin(people: list[str], database: Database) -> Account:
    return create_first_administrator(database, new_login(people), "Ada Admin", SECRET,
                                      clock=CLOCK)


def _server(database: Database, sql: str, **params: object) -> object:
    with database.engine.connect() as conn:  # IT's view of the server (the suite's owner)
        return conn.execute(sa.text(sql), params).scalar()


def _groups(database: Database, login: str) -> set[str]:
    with database.engine.connect() as conn:
        return set(conn.execute(sa.text(
            "SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
            "JOIN pg_roles p ON p.oid = m.member WHERE p.rolname = :l"), {"l": login}).scalars())


def _connect_as(database: Database, login: str) -> object:
    engine = sa.create_engine(database.url.set(username=login, password=None),
                              poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as conn:
            return conn.execute(sa.text("SELECT session_user || ' ' || current_user")).scalar()
    finally:
        engine.dispose()


def test_a_person_signs_in_to_the_server_as_their_own_role(
        people: list[str], database: Database, admin: Account) -> None:
    clerk = add_account(database, new_login(people), "Carla Clerk", Role.CLERK, SECRET,
                        by=admin, clock=CLOCK)
    assert _groups(database, clerk.login) == {"ethics_desk_clerk"}
    assert _connect_as(database, clerk.login) == f"{clerk.login} {clerk.login}"
    signed = sign_in(database, f"  {clerk.login.upper()} ", SECRET, clock=CLOCK)
    assert signed.login == clerk.login and signed.role is Role.CLERK
    # The account is the one whose login is the role the server authenticated: an account row
    # with no role of its own on the server is not signed in, whatever the password.
    with database.engine.begin() as conn:
        conn.execute(sa.text(f'ALTER ROLE "{clerk.login}" NOLOGIN'))
    with pytest.raises(SignInRefused):
        sign_in(database, clerk.login, SECRET, clock=CLOCK)


def test_no_application_password_hash_is_kept_on_the_server(
        people: list[str], database: Database, admin: Account) -> None:
    clerk = add_account(database, new_login(people), "Carla Clerk", Role.CLERK, SECRET,
                        by=admin, clock=CLOCK)
    reset_password(database, clerk.login, OTHER, by=admin, clock=CLOCK)
    change_own_password(database, admin, SECRET, f"new {SECRET}", clock=CLOCK)
    with database.read_session() as session:
        assert set(session.scalars(sa.select(StaffAccount.password_hash))) == {SERVER_PASSWORD}
    for login in (admin.login, clerk.login):
        stored = _server(database, "SELECT rolpassword FROM pg_authid WHERE rolname = :l",
                         l=login)
        assert isinstance(stored, str) and stored.startswith("SCRAM-SHA-256$"), login
        assert SECRET not in stored and OTHER not in stored
    # The marker is never taken for a password (no hash compares it)
    assert not accounts._verify(SERVER_PASSWORD, SERVER_PASSWORD)


def test_a_disabled_account_can_no_longer_connect_to_the_server(
        people: list[str], database: Database, admin: Account) -> None:
    member = add_account(database, new_login(people), "Mo Member", Role.MEMBER, SECRET,
                         by=admin, clock=CLOCK)
    disable_account(database, member.login, by=admin, clock=CLOCK)
    with pytest.raises(DBAPIError, match="not permitted to log in"):
        _connect_as(database, member.login)
    with pytest.raises(SignInRefused) as refused:
        sign_in(database, member.login, SECRET, clock=CLOCK)
    assert refused.value.problem == NOT_SIGNED_IN[0]
    reset_password(database, member.login, OTHER, by=admin, clock=CLOCK)  # enabled again
    assert sign_in(database, member.login, OTHER, clock=CLOCK).login == member.login


def test_a_wrong_password_and_an_unknown_login_get_the_same_answer_on_the_server(
        people: list[str], database: Database, admin: Account,
        monkeypatch: pytest.MonkeyPatch) -> None:
    member = add_account(database, new_login(people), "Mo Member", Role.MEMBER, SECRET,
                         by=admin, clock=CLOCK)
    disabled = add_account(database, new_login(people), "Di Sabled", Role.MEMBER, SECRET,
                           by=admin, clock=CLOCK)
    disable_account(database, disabled.login, by=admin, clock=CLOCK)
    told = {}
    for what, login in (("unknown", f"{member.login}x"), ("disabled", disabled.login),
                        ("not a login", "x")):
        with pytest.raises(SignInRefused) as refused:
            sign_in(database, login, SECRET, clock=CLOCK)
        told[what] = (refused.value.problem, refused.value.fix)
    # The suite's server trusts its loopback, so PostgreSQL's refusal of a wrong password is
    # given as the server words it (a server of the office asks scram-sha-256).
    real = psycopg.connect

    def wrong_password(*args: object, **kwargs: object) -> psycopg.Connection[object]:
        if kwargs.get("user") == member.login:
            raise psycopg.OperationalError(
                f'connection failed: FATAL:  password authentication failed for user '
                f'"{member.login}"')
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(psycopg, "connect", wrong_password)
    with pytest.raises(SignInRefused) as refused:
        sign_in(database, member.login, "not the password", clock=CLOCK)
    told["wrong password"] = (refused.value.problem, refused.value.fix)
    assert set(told.values()) == {NOT_SIGNED_IN}, told


def test_a_role_left_by_an_office_that_is_gone_is_taken_over(
        people: list[str], database: Database, admin: Account) -> None:
    server = test_server()
    assert isinstance(server, TestServer)
    login = new_login(people)
    with database.engine.begin() as conn:  # a role an office now dropped had, as its clerk
        conn.execute(sa.text(f'CREATE ROLE "{login}" LOGIN IN ROLE ethics_desk_clerk'))
    add_account(database, login, "Mo Member", Role.MEMBER, SECRET, by=admin, clock=CLOCK)
    assert _groups(database, login) == {"ethics_desk_member"}
    # One that may still connect to another office's database is that office's person
    other, name = new_login(people), server.new_name("person_other")
    server.create(name)
    try:
        with database.engine.begin() as conn:
            conn.execute(sa.text(f'CREATE ROLE "{other}" LOGIN IN ROLE ethics_desk_clerk'))
            conn.execute(sa.text(f'GRANT CONNECT ON DATABASE "{name}" TO "{other}"'))
        with pytest.raises(UserError, match="already used on the database server"):
            add_account(database, other, "Mo Member", Role.MEMBER, SECRET, by=admin,
                        clock=CLOCK)
    finally:
        server.drop(name)
    with database.read_session() as session:  # the account was not made either
        assert session.scalar(sa.select(StaffAccount.id).where(
            StaffAccount.login == other)) is None
    assert _groups(database, other) == {"ethics_desk_clerk"}


def test_on_the_server_only_it_makes_the_first_administrator(
        people: list[str], database: Database) -> None:
    from ethics_desk.core.errors import NotAllowed
    from ethics_desk.maintenance.opening import open_database

    desk = new_login(people)
    with database.engine.begin() as conn:  # a person of the office, on an office with no one
        conn.execute(sa.text(f'CREATE ROLE "{desk}" LOGIN IN ROLE ethics_desk_clerk'))
    at_the_desk = open_database(database.url.set(username=desk, password=None)
                                .render_as_string(hide_password=False), clock=CLOCK)
    try:
        with pytest.raises(NotAllowed) as refused:
            create_first_administrator(at_the_desk, new_login(people), "Eve", SECRET,
                                       clock=CLOCK)
    finally:
        at_the_desk.dispose()
    assert "--first-administrator" in refused.value.fix
    assert _groups(database, people[-1]) == set()
