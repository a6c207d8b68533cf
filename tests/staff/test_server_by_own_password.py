"""A desk given the office's server by its address alone — server and database, no user, no
password, as ``docs/it/server.md`` tells IT to set every desk — where the server lets people in
by their own passwords (SCRAM-SHA-256): nothing can be read before someone signs in, so the
desk opens the database without reading it, and the sign-in connects as the person, checks the
schema as them and records itself as them.

The suite's clusters trust loopback but for one database, ``ethics_by_password``
(``.ci/postgres-up``); one test at a time uses it on each worker's cluster. Before this, every
desk set up as the guide says was told "the database server cannot be reached".
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from ethics_desk.cli import main
from ethics_desk.cli.common import PASSWORD_ENV, USER_ENV
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.server import setup_server
from ethics_desk.ui.app import open_context
from ethics_desk.ui.sign_in import SignInDialog
from tests.conftest import CLOCK, server_url, test_server
from tests.ui.conftest import type_keys

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="a server's door needs the suite's PostgreSQL server")

NAME = "ethics_by_password"
"""The one database the suite's clusters let people into by password only."""
OWNER_PASSWORD = "the owners passphrase"
ADMIN_PASSWORD = "an administrator's passphrase"
CLERK_PASSWORD = "a clerks passphrase"


@pytest.fixture
def office(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """The office's server set up as IT does, by password; the desks' address (no user, no
    password) and its first Administrator's login."""
    server = test_server()
    assert server is not None
    owner, admin = f"owner{os.getpid()}", f"ada{os.getpid()}"
    with server.admin.connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{NAME}"'))
        conn.execute(sa.text(f'DROP ROLE IF EXISTS "{admin}"'))
        conn.execute(sa.text(f'DROP ROLE IF EXISTS "{owner}"'))
        conn.execute(sa.text(f"CREATE ROLE \"{owner}\" LOGIN CREATEROLE PASSWORD '{OWNER_PASSWORD}'"))
        conn.execute(sa.text(f'CREATE DATABASE "{NAME}" OWNER "{owner}"'))
    at = server.url.set(database=NAME)
    try:
        setup_server(at.set(username=owner, password=OWNER_PASSWORD), clock=CLOCK,
                     backup_folder=tmp_path, first_administrator=(admin, "Ada Admin",
                                                                  ADMIN_PASSWORD))
        desks = f"{at.drivername}://{at.host}:{at.port}/{NAME}"
        _the_door_wants_a_password(desks)
        yield desks, admin
    finally:
        with server.admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{NAME}" WITH (FORCE)'))
            for role in (f"clerk{os.getpid()}", admin, owner):  # the people, then the owner
                conn.execute(sa.text(f'DROP ROLE IF EXISTS "{role}"'))


def _the_door_wants_a_password(address: str) -> None:
    """The cluster lets nobody into the office's database by the address alone (else these
    tests would prove nothing: the cluster was not started by ``.ci/postgres-up``)."""
    engine = sa.create_engine(address, poolclass=sa.pool.NullPool)
    try:
        with pytest.raises(sa.exc.OperationalError, match="password"):
            engine.connect().close()
    finally:
        engine.dispose()


def _as(monkeypatch: pytest.MonkeyPatch, login: str, password: str) -> None:
    monkeypatch.setenv(USER_ENV, login)
    monkeypatch.setenv(PASSWORD_ENV, password)


def test_a_command_given_the_address_alone_signs_in_by_the_persons_own_password(
        office: tuple[str, str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    address, admin = office
    _as(monkeypatch, admin, ADMIN_PASSWORD)
    assert main(["user", "list", "--db", address], clock=CLOCK) == 0
    out, err = capsys.readouterr()
    assert admin in out and "Administrator" in out and err == ""


def test_a_wrong_password_there_is_the_one_refusal_not_an_unreachable_server(
        office: tuple[str, str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    address, admin = office
    _as(monkeypatch, admin, "not the passphrase")
    assert main(["user", "list", "--db", address], clock=CLOCK) != 0
    _out, err = capsys.readouterr()
    assert "login or the password is not right" in err and "cannot be reached" not in err


def test_the_window_signs_in_there_and_the_sign_in_is_recorded_as_the_person(
        qtbot: QtBot, office: tuple[str, str]) -> None:
    address, admin = office
    context = open_context(address, interactive=True, clock=CLOCK)
    assert context is not None
    dialog = SignInDialog(context)
    qtbot.addWidget(dialog)
    dialog.show()
    from ethics_desk.ui.app import load_in_steps

    load_in_steps(context)
    dialog.login.clear()
    type_keys(dialog.login, admin)
    type_keys(dialog.password, ADMIN_PASSWORD)
    QTest.keyClick(dialog.password, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.account is not None or "not right" in dialog.message.text()
                    or "cannot" in dialog.message.text(), timeout=30_000)
    assert dialog.account is not None, dialog.message.text()
    assert dialog.account.login == admin and dialog.account.role is Role.ADMIN
    database = context.database
    assert database.url.username == admin  # connected as the person from the sign-in on
    with database.read_session() as session:
        actor = session.execute(sa.text(
            "SELECT actor FROM audit_record WHERE action = 'account.sign_in' "
            "ORDER BY seq DESC LIMIT 1")).scalar()
    assert actor == admin
    database.dispose()


def test_someone_else_signing_in_at_the_same_desk_is_recorded_as_themselves(
        office: tuple[str, str]) -> None:
    """At the idle lock another person signs in on the desk connected as the first: their
    record was written through the first person's connection, and the server refused it; the
    first person's sign-out is recorded before, while the connection still is theirs."""
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.staff.accounts import add_account, sign_in_at_desk

    address, admin = office
    clerk = f"clerk{os.getpid()}"
    database = open_database(address, clock=CLOCK, create=False, migrate=False)
    try:
        assert database.awaits_the_person
        first = sign_in_at_desk(database, admin, ADMIN_PASSWORD, clock=CLOCK)
        add_account(database, clerk, "Maria Clerk", Role.CLERK, CLERK_PASSWORD, by=first,
                    clock=CLOCK)
        second = sign_in_at_desk(database, clerk, CLERK_PASSWORD, clock=CLOCK, leaving=first)
        assert second.login == clerk and database.url.username == clerk
        with database.read_session() as session:
            acts = [tuple(row) for row in session.execute(sa.text(
                "SELECT action, actor FROM audit_record WHERE action LIKE 'account.sign_%' "
                "ORDER BY seq"))]
        assert acts[-3:] == [("account.sign_in", admin), ("account.sign_out", admin),
                             ("account.sign_in", clerk)]  # each through their own connection
    finally:
        database.dispose()  # her role is dropped with the office's database
