"""Staff accounts: the first sign-in makes the Administrator, passwords are Argon2id hashes that
never appear anywhere else, guessing is slowed down, and only an Administrator manages accounts."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from ethics_desk.core.account import Account
from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.roles import Role, role_named
from ethics_desk.models import AuditRecord, StaffAccount
from ethics_desk.staff import accounts
from ethics_desk.staff.accounts import (
    NOT_SIGNED_IN,
    add_account,
    change_own_password,
    create_first_administrator,
    disable_account,
    reset_password,
    sign_in,
)
from ethics_desk.storage.database import Database
from ethics_desk.storage.sign_in_delays import DELAY_CAP_SECONDS, DELAY_FORGOTTEN
from tests.conftest import CLOCK, NOW

SECRET = "correct horse battery staple"
OTHER = "a different passphrase"


@pytest.fixture
def admin(database: Database) -> Account:
    return create_first_administrator(database, "Admin", "Ada Admin", SECRET, clock=CLOCK)


def everything_stored(database: Database) -> str:
    """Every value of every table, as one text (to look for a password in it)."""
    from ethics_desk.models import Base

    out = []
    with database.read_session() as session:
        for table in Base.metadata.sorted_tables:
            for row in session.execute(select(table)):
                out.append(" ".join(str(v) for v in row))
    return "\n".join(out)


def test_the_first_sign_in_of_an_empty_database_makes_its_administrator(
        database: Database) -> None:
    assert accounts.needs_first_administrator(database)
    first = create_first_administrator(database, "MOrtiz", "María  Ortiz", SECRET, clock=CLOCK)
    assert (first.login, first.name, first.role) == ("mortiz", "María Ortiz", Role.ADMIN)
    assert not accounts.needs_first_administrator(database)
    with pytest.raises(NotAllowed, match="already has its Administrator"):
        create_first_administrator(database, "intruder", "I. Truder", OTHER, clock=CLOCK)


@pytest.mark.sqlite_file  # Argon2 and the growing delay: the file's; on a server PostgreSQL's
def test_a_password_is_kept_only_as_an_argon2id_hash_and_never_recorded(
        database: Database, admin: Account) -> None:
    add_account(database, "jpena", "José Peña", Role.CLERK, OTHER, by=admin, clock=CLOCK)
    sign_in(database, "jpena", OTHER, clock=CLOCK)
    with pytest.raises(UserError):
        sign_in(database, "jpena", "a wrong guess here", clock=CLOCK, workstation="DESK-3")
    with pytest.raises(UserError):  # a password typed in the login field
        sign_in(database, "my secret words", "oops", clock=CLOCK, workstation="DESK-3")
    stored = everything_stored(database)
    assert "my secret words" not in stored
    assert SECRET not in stored and OTHER not in stored and "a wrong guess" not in stored
    with database.read_session() as session:
        hashes = list(session.scalars(select(StaffAccount.password_hash)))
    assert all(h.startswith("$argon2id$") for h in hashes)


def test_the_right_password_signs_in_and_is_audited_under_the_account(
        database: Database, admin: Account) -> None:
    account = sign_in(database, " ADMIN ", SECRET, clock=CLOCK)
    assert account == admin
    with database.read_session() as session:
        record = session.scalars(select(AuditRecord).order_by(AuditRecord.seq.desc())).first()
    assert record is not None
    assert (record.action, record.actor) == ("account.sign_in", "admin")


@pytest.mark.sqlite_file  # Argon2 and the growing delay: the file's; on a server PostgreSQL's
@pytest.mark.parametrize("login", ["nobody", "admin-disabled", "x", "admin"])
def test_unknown_login_wrong_password_and_disabled_account_get_the_same_answer(
        database: Database, admin: Account, login: str) -> None:
    add_account(database, "admin-disabled", "Dee Disabled", Role.CLERK, OTHER, by=admin,
                clock=CLOCK)
    disable_account(database, "admin-disabled", by=admin, clock=CLOCK)
    password = OTHER if login == "admin-disabled" else "not the password"
    with pytest.raises(UserError) as raised:
        sign_in(database, login, password, clock=CLOCK)
    assert raised.value.problem == NOT_SIGNED_IN[0]
    assert "Wait 1 second(s)" in raised.value.fix


class Ticking:
    """A clock the test moves on by hand (never the machine's)."""

    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now

    def wait(self, seconds: int) -> None:
        self.now += timedelta(seconds=seconds)


def answers(database: Database, login: str, password: str, clock: Ticking,
            tries: int) -> list[tuple[str, str]]:
    """What ``tries`` sign-ins of ``login`` at one moment were told."""
    told = []
    for _ in range(tries):
        with pytest.raises(UserError) as raised:
            sign_in(database, login, password, clock=clock)
        told.append((raised.value.problem, raised.value.fix))
    return told


@pytest.mark.sqlite_file  # Argon2 and the growing delay: the file's; on a server PostgreSQL's
def test_five_wrong_passwords_do_not_lock_the_owner_out_for_fifteen_minutes(
        database: Database, admin: Account) -> None:
    clock = Ticking()
    for seconds in (1, 2, 4, 8, 16):
        with pytest.raises(UserError, match=rf"Wait {seconds} second\(s\)"):
            sign_in(database, "admin", "not the password", clock=clock, workstation="DESK-9")
        clock.wait(seconds)
    assert sign_in(database, "admin", SECRET, clock=clock) == admin
    with pytest.raises(UserError, match=r"Wait 1 second\(s\)"):  # the right one ended it
        sign_in(database, "admin", "not the password", clock=clock)


@pytest.mark.sqlite_file  # Argon2 and the growing delay: the file's; on a server PostgreSQL's
def test_a_try_made_before_the_wait_ended_is_not_heard_and_told_as_a_wrong_one(
        database: Database, admin: Account) -> None:
    clock = Ticking()
    [wrong] = answers(database, "admin", "not the password", clock, 1)
    [too_soon] = answers(database, "admin", SECRET, clock, 1)
    assert too_soon == wrong
    clock.wait(1)
    assert sign_in(database, "admin", SECRET, clock=clock) == admin
    with database.read_session() as session:
        refused = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "account.sign_in_refused")).all()
    assert len(refused) == 1  # the try made too soon was not heard


@pytest.mark.sqlite_file  # Argon2 and the growing delay: the file's; on a server PostgreSQL's
def test_the_wait_grows_to_a_minute_at_most(database: Database, admin: Account) -> None:
    clock = Ticking()
    for _ in range(12):
        with pytest.raises(UserError) as raised:
            sign_in(database, "admin", "not the password", clock=clock)
        clock.wait(DELAY_CAP_SECONDS)
    assert f"Wait {DELAY_CAP_SECONDS} second(s)" in raised.value.fix
    assert sign_in(database, "admin", SECRET, clock=clock) == admin


@pytest.mark.sqlite_file  # Argon2 and the growing delay: the file's; on a server PostgreSQL's
def test_a_wait_that_ended_long_ago_is_forgotten(database: Database, admin: Account) -> None:
    clock = Ticking()
    for _ in range(8):
        answers(database, "admin", "not the password", clock, 1)
        clock.wait(DELAY_CAP_SECONDS)
    clock.wait(int(DELAY_FORGOTTEN.total_seconds()))
    [told] = answers(database, "admin", "not the password", clock, 1)
    assert "Wait 1 second(s)" in told[1]


@pytest.mark.sqlite_file  # Argon2 and the growing delay: the file's; on a server PostgreSQL's
def test_locked_disabled_unknown_and_wrong_logins_get_the_identical_answer(
        database: Database, admin: Account) -> None:
    add_account(database, "dee", "Dee Disabled", Role.CLERK, OTHER, by=admin, clock=CLOCK)
    disable_account(database, "dee", by=admin, clock=CLOCK)
    clock = Ticking()
    told = {"unknown": answers(database, "nobody", "not the password", clock, 7),
            "disabled": answers(database, "dee", OTHER, clock, 7),
            "wrong, then locked": answers(database, "admin", "not the password", clock, 6)
            + answers(database, "admin", SECRET, clock, 1)}
    assert told["unknown"] == told["disabled"] == told["wrong, then locked"]
    assert not any("lock" in problem + fix for problem, fix in told["unknown"])


@pytest.mark.sqlite_file  # Argon2 and the growing delay: the file's; on a server PostgreSQL's
def test_wrong_tries_at_a_workstation_slow_that_workstation_not_the_owners(
        database: Database, admin: Account) -> None:
    clock = Ticking()
    for login in ("alpha", "bravo", "charlie"):
        clock.wait(DELAY_CAP_SECONDS)
        with pytest.raises(UserError):
            sign_in(database, login, "a guess", clock=clock, workstation="LOBBY-PC")
    with pytest.raises(UserError, match=r"Wait 4 second\(s\)"):
        sign_in(database, "admin", SECRET, clock=clock, workstation="LOBBY-PC")
    assert sign_in(database, "admin", SECRET, clock=clock, workstation="CLERK-1") == admin


@pytest.mark.sqlite_file  # Argon2 and the growing delay: the file's; on a server PostgreSQL's
def test_an_administrator_clears_a_delay_on_record(database: Database, admin: Account) -> None:
    add_account(database, "jpena", "José Peña", Role.CLERK, OTHER, by=admin, clock=CLOCK)
    clock = Ticking()
    for seconds in (1, 2, 4, 8):
        answers(database, "jpena", "not the password", clock, 1)
        clock.wait(seconds)
    answers(database, "jpena", "not the password", clock, 1)
    clerk = accounts.clear_delay(database, " JPena ", by=admin, clock=clock)
    assert sign_in(database, "jpena", OTHER, clock=clock) == clerk
    with database.read_session() as session:
        record = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "account.clear_delay")).one()
    assert (record.actor, json.loads(record.detail or "{}")) == ("admin", {"login": "jpena"})
    assert "José Peña (jpena)" in record.summary
    with pytest.raises(NotAllowed):
        accounts.clear_delay(database, "admin", by=clerk, clock=clock)


@pytest.mark.parametrize(("password", "problem"), [
    ("short", "too short"), ("demo", "demonstration database only"),
    ("jpena-secret-1", "contains the login")])
def test_a_password_easy_to_guess_is_refused_saying_why(
        database: Database, admin: Account, password: str, problem: str) -> None:
    with pytest.raises(UserError, match=problem):
        add_account(database, "jpena", "José Peña", Role.CLERK, password, by=admin, clock=CLOCK)


def test_only_an_administrator_manages_accounts(database: Database, admin: Account) -> None:
    clerk = add_account(database, "jpena", "José Peña", Role.CLERK, OTHER, by=admin,
                        clock=CLOCK)
    with pytest.raises(NotAllowed, match="Only an Administrator"):
        add_account(database, "friend", "A Friend", Role.ADMIN, OTHER, by=clerk, clock=CLOCK)
    with pytest.raises(NotAllowed):
        reset_password(database, "admin", OTHER, by=clerk, clock=CLOCK)
    with pytest.raises(NotAllowed):
        disable_account(database, "admin", by=clerk, clock=CLOCK)


@pytest.mark.sqlite_file  # Argon2 and the growing delay: the file's; on a server PostgreSQL's
def test_a_reset_ends_the_wait_and_asks_for_a_new_password_at_the_next_sign_in(
        database: Database, admin: Account) -> None:
    add_account(database, "jpena", "José Peña", Role.CLERK, OTHER, by=admin, clock=CLOCK)
    for _ in range(5):
        with pytest.raises(UserError):
            sign_in(database, "jpena", "not the password", clock=CLOCK)
    reset_password(database, "jpena", "a temporary passphrase", by=admin, clock=CLOCK)
    account = sign_in(database, "jpena", "a temporary passphrase", clock=CLOCK)
    assert account.must_change_password
    changed = change_own_password(database, account, "a temporary passphrase",
                                  "my own passphrase now", clock=CLOCK)
    assert not changed.must_change_password
    assert sign_in(database, "jpena", "my own passphrase now", clock=CLOCK).login == "jpena"


def test_an_account_is_disabled_never_deleted_and_not_by_itself(
        database: Database, admin: Account) -> None:
    add_account(database, "jpena", "José Peña", Role.CLERK, OTHER, by=admin, clock=CLOCK)
    assert disable_account(database, "jpena", by=admin, clock=CLOCK).disabled
    assert [a.login for a in accounts.list_accounts(database)] == ["admin", "jpena"]
    with pytest.raises(UserError, match="your own account"):
        disable_account(database, "admin", by=admin, clock=CLOCK)


def test_two_accounts_cannot_share_a_login(database: Database, admin: Account) -> None:
    add_account(database, "jpena", "José Peña", Role.CLERK, OTHER, by=admin, clock=CLOCK)
    with pytest.raises(UserError, match="already an account"):
        add_account(database, "JPena", "Juan Peña", Role.AUDITOR, OTHER, by=admin, clock=CLOCK)


def test_a_login_is_letters_digits_and_a_few_marks(database: Database, admin: Account) -> None:
    with pytest.raises(UserError, match="cannot be a login"):
        add_account(database, "josé peña", "José Peña", Role.CLERK, OTHER, by=admin,
                    clock=CLOCK)


def test_a_role_is_named_by_its_value_or_its_label() -> None:
    assert role_named("vicechair") is Role.VICE_CHAIR
    assert role_named("Compliance Auditor") is Role.AUDITOR
    with pytest.raises(UserError, match="clerk \\(City Clerk staff\\)"):
        role_named("janitor")


def test_the_role_column_refuses_a_role_the_statute_does_not_give(
        database: Database, admin: Account) -> None:
    with pytest.raises(IntegrityError), database.unit_of_work() as session:
        session.execute(text("UPDATE staff_account SET role = 'mayor' WHERE login = 'admin'"))


def test_the_demonstration_has_one_account_per_role_with_the_password_demo(
        demo_database: Database) -> None:
    listed = {a.login: a.role for a in accounts.list_accounts(demo_database)}
    assert listed == {role.value: role for role in Role}
    for login in ("clerk", "member", "admin"):
        assert sign_in(demo_database, login, "demo", clock=CLOCK).login == login
    clerk = sign_in(demo_database, "clerk", "demo", clock=CLOCK)
    assert not clerk.must_change_password


def test_only_a_demonstration_database_accepts_the_password_demo(
        database: Database, admin: Account, demo_database: Database) -> None:
    with pytest.raises(UserError, match="demonstration database only"):
        reset_password(database, "admin", "demo", by=admin, clock=CLOCK)
    demo_admin = sign_in(demo_database, "admin", "demo", clock=CLOCK)
    add_account(demo_database, "visitor", "A Visitor", Role.CLERK, "demo", by=demo_admin,
                clock=CLOCK)
    assert sign_in(demo_database, "visitor", "demo", clock=CLOCK).login == "visitor"


def test_the_shipped_hasher_is_argon2id_at_argon2_cffis_default_cost() -> None:
    from argon2 import PasswordHasher, Type

    from tests.conftest import SHIPPED_HASHER

    default = PasswordHasher()
    assert SHIPPED_HASHER.type is Type.ID
    assert (SHIPPED_HASHER.time_cost, SHIPPED_HASHER.memory_cost, SHIPPED_HASHER.parallelism) == \
        (default.time_cost, default.memory_cost, default.parallelism)
