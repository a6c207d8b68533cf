"""An account is the one Ethics Desk saved: on a SQLite file, sign-in holds the account's row to
the record's journal (its MACs verified) and refuses a row changed outside the application — an
account added, a role raised, a password hash replaced — saying what to do, on record."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from argon2 import PasswordHasher
from sqlalchemy import select

from ethics_desk.core.account import Account
from ethics_desk.core.errors import UserError
from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord
from ethics_desk.staff.accounts import add_account, create_first_administrator, sign_in, verify_unrecorded
from ethics_desk.storage import record_key
from ethics_desk.storage.addresses import sqlite_path
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK

SECRET = "correct horse battery staple"
OTHER = "a different passphrase"
FORGED = "the forger's own passphrase"

pytestmark = pytest.mark.usefixtures("sqlite_only")


@pytest.fixture
def sqlite_only(database: Database) -> None:
    if sqlite_path(database.url) is None:
        pytest.skip("a file's accounts are held to its journal; a server keeps its own")


@pytest.fixture
def admin(database: Database) -> Account:
    return create_first_administrator(database, "admin", "Ada Admin", SECRET, clock=CLOCK)


@pytest.fixture
def member(database: Database, admin: Account) -> Account:
    made = add_account(database, "mlopez", "Mía López", Role.MEMBER, OTHER, by=admin,
                       clock=CLOCK)
    return made


@contextmanager
def outside_ethics_desk(database: Database, *, restore_triggers: bool = False
                        ) -> Iterator[sqlite3.Connection]:
    """The file opened with the ``sqlite3`` module alone, as a SQL tool opens it: without the
    record key, so the journal's triggers must be dropped first (and, ``restore_triggers``, put
    back as they were afterwards, to hide the edit)."""
    path = sqlite_path(database.url)
    assert path is not None
    database.dispose()
    conn = sqlite3.connect(path)
    triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND "
                            "tbl_name = 'staff_account'").fetchall()
    for name, _ in triggers:
        conn.execute(f'DROP TRIGGER "{name}"')
    try:
        yield conn
        if restore_triggers:
            for _, sql in triggers:
                conn.execute(sql)
        conn.commit()
    finally:
        conn.close()


def refused_as_altered(database: Database, login: str, password: str) -> UserError:
    with pytest.raises(UserError) as raised:
        sign_in(database, login, password, clock=CLOCK)
    error = raised.value
    assert f"The account “{login}” was changed outside Ethics Desk" in error.problem
    assert "restore the newest backup" in error.fix and "Call IT" in error.fix
    assert "hash" not in f"{error.problem} {error.fix}".lower()
    return error


def test_a_role_raised_outside_ethics_desk_is_refused_at_sign_in(
        database: Database, member: Account) -> None:
    with outside_ethics_desk(database) as conn:
        conn.execute("UPDATE staff_account SET role = 'clerk' WHERE login = 'mlopez'")
    refused_as_altered(database, "mlopez", OTHER)
    with database.read_session() as session:
        [record] = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "account.sign_in_refused"))
    assert record.actor == "mlopez" and "changed outside Ethics Desk" in record.summary
    assert json.loads(record.detail or "{}")["login"] == "mlopez"
    assert sign_in(database, "admin", SECRET, clock=CLOCK).login == "admin"  # others still can


def test_a_password_hash_replaced_outside_ethics_desk_is_refused_at_sign_in(
        database: Database, admin: Account) -> None:
    with outside_ethics_desk(database) as conn:
        conn.execute("UPDATE staff_account SET password_hash = ? WHERE login = 'admin'",
                     (PasswordHasher().hash(FORGED),))
    refused_as_altered(database, "admin", FORGED)


def test_an_account_added_outside_ethics_desk_is_refused_at_sign_in(
        database: Database, admin: Account) -> None:
    with outside_ethics_desk(database) as conn:
        conn.execute(
            "INSERT INTO staff_account (login, name, role, password_hash, must_change_password, "
            "failed_attempts, created_at, created_by, version) VALUES ('intruder', 'I. Truder', "
            "'admin', ?, 0, 0, '2026-11-30 16:00:00.000000', 'admin', 1)",
            (PasswordHasher().hash(FORGED),))
    refused_as_altered(database, "intruder", FORGED)


def test_an_edit_hidden_by_putting_the_triggers_back_is_still_refused(
        database: Database, member: Account) -> None:
    with outside_ethics_desk(database, restore_triggers=True) as conn:
        conn.execute("UPDATE staff_account SET role = 'admin' WHERE login = 'mlopez'")
    refused_as_altered(database, "mlopez", OTHER)


def test_without_the_record_key_the_row_is_still_held_to_its_journals_values(
        database: Database, member: Account, monkeypatch: pytest.MonkeyPatch) -> None:
    with outside_ethics_desk(database) as conn:
        conn.execute("UPDATE staff_account SET role = 'clerk' WHERE login = 'mlopez'")
    monkeypatch.setattr(record_key, "find_key", lambda _key_id: None)
    with pytest.raises(UserError, match="changed outside Ethics Desk"):
        verify_unrecorded(database, "mlopez", OTHER, clock=CLOCK)
    assert verify_unrecorded(database, "admin", SECRET, clock=CLOCK).login == "admin"
