"""``check`` holds every change of a staff account to the audit trail: an account created, given
another role, disabled or given a new password without the ``account.*`` record of the act
that does it was changed outside Ethics Desk's acts (by SQL on the server, or by a program that
holds the record key), and the check names it — by login, never by a hash."""

from __future__ import annotations

from pathlib import Path

from argon2 import PasswordHasher
from sqlalchemy import select

from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.integrity import ACCOUNTS, run_checks
from ethics_desk.models import StaffAccount
from ethics_desk.staff import accounts
from ethics_desk.staff.accounts import (
    add_account,
    change_own_password,
    clear_delay,
    create_first_administrator,
    disable_account,
    reset_password,
    sign_in,
)
from ethics_desk.storage.addresses import sqlite_path
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK

SECRET = "correct horse battery staple"
OTHER = "a different passphrase"


def accounts_check(database: Database) -> tuple[bool, list[str]]:
    path = sqlite_path(database.url)
    database.dispose()
    [result] = [r for r in run_checks(path if path is not None else database.url)
                if r.name == ACCOUNTS]
    return result.ok, result.details


def office(database: Database) -> Account:
    """An office's accounts, each changed by the application's own acts."""
    admin = create_first_administrator(database, "admin", "Ada Admin", SECRET, clock=CLOCK)
    add_account(database, "mlopez", "Mía López", Role.MEMBER, OTHER, by=admin, clock=CLOCK)
    member = sign_in(database, "mlopez", OTHER, clock=CLOCK)
    change_own_password(database, member, OTHER, "my own passphrase", clock=CLOCK)
    disable_account(database, "mlopez", by=admin, clock=CLOCK)
    reset_password(database, "mlopez", "a temporary passphrase", by=admin, clock=CLOCK)
    clear_delay(database, "mlopez", by=admin, clock=CLOCK)
    return admin


def behind_the_acts(database: Database, login: str, **values: object) -> None:
    """Change an account's row with the record key at hand (journalled, as the server's
    triggers journal any SQL) but without the act that would record it."""
    with database.unit_of_work() as session:
        row = session.scalars(select(StaffAccount).where(StaffAccount.login == login)).one()
        for name, value in values.items():
            setattr(row, name, value)


def test_accounts_changed_by_the_applications_acts_are_each_on_record(
        database: Database) -> None:
    office(database)
    ok, details = accounts_check(database)
    assert ok, details
    assert "each with its audit record" in details[0]


def test_check_names_a_role_raised_without_an_audit_record(database: Database) -> None:
    office(database)
    behind_the_acts(database, "mlopez", role=Role.CLERK)
    ok, details = accounts_check(database)
    assert not ok
    assert details == ["the account “mlopez” was given another role 1 time(s) with no audit "
                       "record of it (account.role): made outside Ethics Desk's acts; ask IT "
                       "to compare it with the newest backup"]


def test_check_names_a_password_replaced_without_an_audit_record_never_the_hash(
        database: Database) -> None:
    office(database)
    forged = accounts._HASHER.hash("the forger's own passphrase")  # the office's parameters
    behind_the_acts(database, "admin", password_hash=forged)
    ok, details = accounts_check(database)
    assert not ok
    assert len(details) == 1 and "“admin” was given a new password" in details[0]
    assert forged not in details[0] and "$argon2" not in details[0]


def test_check_names_an_account_created_or_disabled_without_an_audit_record(
        database: Database, tmp_path: Path) -> None:
    office(database)
    with database.unit_of_work() as session:
        session.add(StaffAccount(login="intruder", name="I. Truder", role=Role.ADMIN,
                                 password_hash=PasswordHasher().hash(OTHER),
                                 created_at=CLOCK(), created_by="admin"))
    behind_the_acts(database, "admin", disabled_at=CLOCK())
    ok, details = accounts_check(database)
    assert not ok
    assert [line.split(" with ")[0] for line in details] == [
        "the account “admin” was disabled 1 time(s)",
        "the account “intruder” was created 1 time(s)"]
