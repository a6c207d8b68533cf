"""``ethics-desk user …``: the office's staff accounts (an Administrator's acts), and a person's
own new password.

Each command but ``user password`` signs in for ``Act.MANAGE_ACCOUNTS``; the services
(:mod:`ethics_desk.staff.accounts`) decide again and audit each act, naming the Administrator.
A new or reset password is typed twice at a prompt, or read from ``ETHICS_DESK_NEW_PASSWORD``;
it never reaches a log, a message or the database in clear.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ethics_desk.cli.common import (
    EXIT_OK,
    ask_new_password,
    clock_of,
    open_to_change,
    signed_in,
    signs_in,
)
from ethics_desk.core.permissions import Act

if TYPE_CHECKING:
    from ethics_desk.core.account import Account
    from ethics_desk.storage.database import Database


def _role_typed(args: argparse.Namespace) -> object:
    """The role of ``user add``, refused before a password is asked if there is none such."""
    from ethics_desk.core.roles import role_named

    return role_named(args.role)


@signs_in(Act.MANAGE_ACCOUNTS, "Adding an account", opening=open_to_change, first=_role_typed)
def cmd_user_add(args: argparse.Namespace, database: Database, by: Account) -> int:
    """``user add LOGIN --name NAME --role ROLE``."""
    from ethics_desk.core.roles import role_named
    from ethics_desk.staff.accounts import add_account

    account = add_account(database, args.login, args.name, role_named(args.role),
                          ask_new_password(args.login), by=by, clock=clock_of(args))
    print(f"Created {account.display}, {account.role.label}; they choose their own "
          "password at their first sign-in.")
    return EXIT_OK


@signs_in(Act.MANAGE_ACCOUNTS, "Listing the accounts")
def cmd_user_list(args: argparse.Namespace, database: Database, by: Account) -> int:
    """``user list``."""
    from ethics_desk.staff.accounts import list_accounts

    for account in list_accounts(database):
        state = " (disabled)" if account.disabled else ""
        print(f"{account.login:20} {account.name} — {account.role.label}{state}")
    return EXIT_OK


@signs_in(Act.MANAGE_ACCOUNTS, "Disabling an account", opening=open_to_change)
def cmd_user_disable(args: argparse.Namespace, database: Database, by: Account) -> int:
    """``user disable LOGIN``."""
    from ethics_desk.staff.accounts import disable_account

    account = disable_account(database, args.login, by=by, clock=clock_of(args))
    print(f"{account.display} can no longer sign in.")
    return EXIT_OK


@signs_in(Act.MANAGE_ACCOUNTS, "Resetting a password", opening=open_to_change)
def cmd_user_reset(args: argparse.Namespace, database: Database, by: Account) -> int:
    """``user reset LOGIN``."""
    from ethics_desk.staff.accounts import reset_password

    account = reset_password(database, args.login, ask_new_password(args.login), by=by,
                             clock=clock_of(args))
    print(f"{account.display} has a new password and may sign in at once"
          + ("; they choose their own at their next sign-in." if
             account.must_change_password else "."))
    return EXIT_OK


@signs_in(Act.MANAGE_ACCOUNTS, "Clearing a sign-in delay", opening=open_to_change)
def cmd_user_clear_delay(args: argparse.Namespace, database: Database, by: Account) -> int:
    """``user clear-delay LOGIN``: the account's login need not wait after wrong passwords."""
    from ethics_desk.staff.accounts import clear_delay

    account = clear_delay(database, args.login, by=by, clock=clock_of(args))
    print(f"{account.display} may try their password again at once.")
    return EXIT_OK


def cmd_user_password(args: argparse.Namespace) -> int:
    """``user password``: the signed-in person's own new password (typed twice, or
    ``ETHICS_DESK_NEW_PASSWORD``). Anyone signed in may change their own, even one whose
    password an Administrator gave, so it signs in for no act."""
    from ethics_desk.staff.accounts import change_own_password

    database = open_to_change(args)
    try:
        account = signed_in(args, database, changing_password=True)
        changed = change_own_password(database, account, args.present_password,
                                      ask_new_password(account.login), clock=clock_of(args))
        print(f"{changed.display} has a new password.")
    finally:
        database.dispose()
    return EXIT_OK
