"""Signing in at the command line, for the tests: an account of each role in a test's database,
and the environment a command reads the login and the password from (``ETHICS_DESK_USER``,
``ETHICS_DESK_PASSWORD``), as a scheduled job would give them. Nothing here weakens the rule:
every command still signs in with a real account and its Argon2id-hashed password."""

from __future__ import annotations

import pytest

from ethics_desk.cli.common import PASSWORD_ENV, USER_ENV
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.staff.accounts import (
    add_account,
    change_own_password,
    create_first_administrator,
    list_accounts,
    needs_first_administrator,
)
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK

PASSWORD = "a passphrase for the tests"
"""Every test account's password (long enough, and containing none of their logins)."""

ADMINISTRATOR = "ada"
"""The login of the first Administrator of a test's database."""


def account_of(database: Database, role: Role) -> Account:
    """The account of ``role`` in ``database`` (logged in as the role's value, ``clerk`` …,
    the Administrator as ``ada``), made with the first Administrator if there is none yet."""
    if needs_first_administrator(database):
        create_first_administrator(database, ADMINISTRATOR, "Ada Lovelace", PASSWORD,
                                   clock=CLOCK)
    accounts = {account.login: account for account in list_accounts(database)}
    login = ADMINISTRATOR if role is Role.ADMIN else role.value
    if login in accounts:
        return accounts[login]
    made = add_account(database, login, f"Test {role.label}", role, f"first {PASSWORD}",
                       by=accounts[ADMINISTRATOR], clock=CLOCK)
    if made.must_change_password:  # as the person does at their first sign-in
        made = change_own_password(database, made, f"first {PASSWORD}", PASSWORD, clock=CLOCK)
    return made


def sign_in_as(monkeypatch: pytest.MonkeyPatch, database: Database, role: Role) -> Account:
    """Make ``role``'s account and have every command of this test sign in with it."""
    account = account_of(database, role)
    monkeypatch.setenv(USER_ENV, account.login)
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    return account


def sign_in_to_the_demonstration(monkeypatch: pytest.MonkeyPatch, role: Role) -> None:
    """Have every command of this test sign in as the demonstration's account of ``role``
    (``ethics-desk demo``: one per role, named after it, password "demo")."""
    from ethics_desk.staff.accounts import DEMO_LOGINS, DEMO_PASSWORD

    monkeypatch.setenv(USER_ENV, DEMO_LOGINS[role])
    monkeypatch.setenv(PASSWORD_ENV, DEMO_PASSWORD)
