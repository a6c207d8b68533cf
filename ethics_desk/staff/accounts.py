"""Staff accounts: creating them, signing in, disabling and resetting — no Qt here.

Every person signs in with their own login; the account is who the audit trail names. The
password is hashed with Argon2id (``argon2-cffi``, its default parameters, kept inside each hash
so they can be raised later: an older hash is re-made at the next sign-in) and is never stored,
logged, audited or put in a message.

**Guessing is slowed down.** Five wrong passwords in a row lock the account for
:data:`LOCK_MINUTES` minutes; a right password resets the count. A login that does not exist, a
wrong password and a disabled account get the same answer, so trying logins tells nothing.

**The first Administrator.** A database without any account has its first one created by the
first sign-in (in the window, or a command given a login and password): that person is the
Administrator, who then creates the others. An Administrator adds, disables and resets accounts;
an account is never deleted, because the audit trail names it.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.models import Setting, StaffAccount
from ethics_desk.staff.roles import Role
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

MAX_FAILED = 5
"""Wrong passwords in a row before the account is locked."""

LOCK_MINUTES = 15
"""How long a locked account waits before it may try again."""

MIN_PASSWORD = 10
"""The shortest password accepted (a passphrase of a few words is best)."""

DEMO_PASSWORD = "demo"
"""The password of the demonstration database's accounts; refused everywhere else."""

DEMO_MARK = "database.demonstration"
"""The ``setting`` row that marks a demonstration database (``ethics-desk demo``)."""

DEMO_LOGINS: dict[Role, str] = {role: role.value for role in Role}
"""The demonstration's accounts, one per role, each named after its role (``clerk``,
``auditor`` … ``admin``)."""

_LOGIN = re.compile(r"^[a-z][a-z0-9._-]{1,59}$")
_HASHER = PasswordHasher()  # Argon2id with argon2-cffi's defaults (RFC 9106's second choice)

NOT_SIGNED_IN = ("The login or the password is not right.",
                 "Type them again (the password is case-sensitive); if you have forgotten it, "
                 "ask an Administrator to reset it.")


@dataclass(frozen=True)
class Account:
    """A staff account as the rest of the application sees it (never its hash)."""

    account_id: int
    login: str
    name: str
    role: Role
    must_change_password: bool = False
    disabled: bool = False

    @property
    def display(self) -> str:
        """The person as messages and records name them: "María Ortiz (mortiz)"."""
        return f"{self.name} ({self.login})"


def _account(row: StaffAccount) -> Account:
    return Account(row.id, row.login, row.name, row.role, row.must_change_password,
                   row.disabled_at is not None)


def normal_login(login: str) -> str:
    """The login as stored: trimmed, compatibility-normalised and lower-cased; refused with the
    rule when it is not one."""
    text = unicodedata.normalize("NFKC", login).strip().casefold()
    if not _LOGIN.match(text):
        raise UserError(f"“{login.strip()}” cannot be a login.",
                        "Use 2 to 60 letters a–z, digits, dots, hyphens or underscores, starting "
                        "with a letter (for example mortiz).")
    return text


def check_password(password: str, *, login: str = "", demo: bool = False) -> None:
    """Refuse a password that is too easy to guess, saying why (the password is not repeated)."""
    if demo and password == DEMO_PASSWORD:
        return
    if password == DEMO_PASSWORD:
        raise UserError("The password “demo” belongs to the demonstration database only.",
                        "Choose a password of your own.")
    if len(password) < MIN_PASSWORD:
        raise UserError(f"The password is too short ({len(password)} characters).",
                        f"Use at least {MIN_PASSWORD} characters; a few words make a good one.")
    if login and login.casefold() in password.casefold():
        raise UserError("The password contains the login.", "Choose one that does not.")


def count_accounts(session: Session) -> int:
    """How many accounts the database has (0: the first sign-in makes the Administrator)."""
    return session.scalar(select(func.count()).select_from(StaffAccount)) or 0


def needs_first_administrator(database: Database) -> bool:
    """Whether the database has no account yet."""
    with database.read_session() as session:
        return count_accounts(session) == 0


def _row(session: Session, login: str) -> StaffAccount | None:
    return session.scalars(select(StaffAccount).where(StaffAccount.login == login)).first()


def is_demonstration(session: Session) -> bool:
    """Whether the database is a demonstration (where the password "demo" is allowed)."""
    return session.get(Setting, DEMO_MARK) is not None


def _new(session: Session, login: str, name: str, role: Role, password: str, *, by: str,
         now: datetime) -> StaffAccount:
    login = normal_login(login)
    name = " ".join(name.split())
    if not name:
        raise UserError("The account needs the person's name.", "Type their full name.")
    if len(name) > 120:
        raise UserError("The name is longer than 120 characters.", "Shorten it.")
    check_password(password, login=login, demo=is_demonstration(session))
    if _row(session, login) is not None:
        raise UserError(f"There is already an account “{login}”.",
                        "Choose another login, or reset that account's password.")
    row = StaffAccount(login=login, name=name, role=role, password_hash=_HASHER.hash(password),
                       created_at=now, created_by=by)
    session.add(row)
    session.flush()
    return row


def create_first_administrator(database: Database, login: str, name: str, password: str, *,
                               clock: Clock) -> Account:
    """The first account of a database without any: its Administrator (audited). Refused once
    any account exists (two desks racing here: the second is told)."""
    with database.unit_of_work() as session:
        if count_accounts(session):
            raise NotAllowed("This database already has its Administrator.",
                             "Sign in with your account; an Administrator creates new ones.")
        now = clock()
        row = _new(session, login, name, Role.ADMIN, password, by=normal_login(login), now=now)
        audit.append(session, actor=row.login, action="account.create", at=now,
                     summary=f"Created the first Administrator, {row.name} ({row.login})",
                     detail={"login": row.login, "role": row.role.value, "first": True})
        return _account(row)


def _require_admin(session: Session, by: Account) -> None:
    row = session.get(StaffAccount, by.account_id)
    if row is None or row.disabled_at is not None or row.role is not Role.ADMIN:
        raise NotAllowed("Only an Administrator manages accounts.",
                         "Ask an Administrator to do it.")


def add_account(database: Database, login: str, name: str, role: Role, password: str, *,
                by: Account, clock: Clock) -> Account:
    """A new account, created by an Administrator (audited; the password is not)."""
    with database.unit_of_work() as session:
        _require_admin(session, by)
        now = clock()
        row = _new(session, login, name, role, password, by=by.login, now=now)
        row.must_change_password = not is_demonstration(session)
        audit.append(session, actor=by.login, action="account.create", at=now,
                     summary=f"Created the account of {row.name} ({row.login}), "
                             f"{row.role.label}",
                     detail={"login": row.login, "role": row.role.value})
        # A Board member's account is matched against every filed complaint's parties, for the
        # Clerk to decide (§ 2-83(h)(1)); imported here: the matching module needs Account
        from ethics_desk.board.party_matches import find_for_account
        find_for_account(session, row.id, actor=by.login, now=now)
        return _account(row)


def list_accounts(database: Database) -> list[Account]:
    """Every account, disabled ones included, by login."""
    with database.read_session() as session:
        return [_account(row) for row in session.scalars(
            select(StaffAccount).order_by(StaffAccount.login))]


def _target(session: Session, login: str) -> StaffAccount:
    row = _row(session, normal_login(login))
    if row is None:
        raise UserError(f"There is no account “{login.strip()}”.",
                        "Check the login (ethics-desk user list shows them).")
    return row


def disable_account(database: Database, login: str, *, by: Account, clock: Clock) -> Account:
    """Disable an account: it can no longer sign in; its records keep its name (audited)."""
    with database.unit_of_work() as session:
        _require_admin(session, by)
        row = _target(session, login)
        if row.id == by.account_id:
            raise UserError("You cannot disable your own account.",
                            "Ask another Administrator to do it.")
        if row.disabled_at is None:
            now = clock()
            row.disabled_at = now
            audit.append(session, actor=by.login, action="account.disable", at=now,
                         summary=f"Disabled the account of {row.name} ({row.login})",
                         detail={"login": row.login})
        return _account(row)


def reset_password(database: Database, login: str, password: str, *, by: Account,
                   clock: Clock) -> Account:
    """Give an account a new password, to be changed at its next sign-in; unlocks it and
    enables it again (audited; the password is not)."""
    with database.unit_of_work() as session:
        _require_admin(session, by)
        row = _target(session, login)
        check_password(password, login=row.login, demo=is_demonstration(session))
        now = clock()
        row.password_hash = _HASHER.hash(password)
        row.must_change_password = row.id != by.account_id
        row.failed_attempts, row.locked_until, row.disabled_at = 0, None, None
        audit.append(session, actor=by.login, action="account.reset", at=now,
                     summary=f"Reset the password of {row.name} ({row.login})",
                     detail={"login": row.login})
        return _account(row)


def change_own_password(database: Database, account: Account, old: str, new: str, *,
                        clock: Clock) -> Account:
    """The signed-in person's new password (the old one checked first; audited)."""
    with database.unit_of_work() as session:
        row = session.get(StaffAccount, account.account_id)
        if row is None or not _verify(row.password_hash, old):
            raise UserError("The present password is not right.", "Type it again.")
        if new == old:
            raise UserError("The new password is the present one.", "Choose a new password.")
        check_password(new, login=row.login)
        row.password_hash = _HASHER.hash(new)
        row.must_change_password = False
        audit.append(session, actor=row.login, action="account.password", at=clock(),
                     summary=f"{row.name} ({row.login}) changed their password",
                     detail={"login": row.login})
        return _account(row)


def _verify(stored: str, password: str) -> bool:
    try:
        return _HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def _unlocked_row(session: Session, login: str, password: str, now: datetime) -> StaffAccount:
    """The account row of ``login`` if it exists and is not locked at ``now``; else the one
    answer for an unknown login (after the same hashing work, so timing tells nothing), or the
    locked account's message with its minutes."""
    try:
        wanted = normal_login(login)
    except UserError:
        raise UserError(*NOT_SIGNED_IN) from None
    row = _row(session, wanted)
    if row is None:
        _HASHER.hash(password)  # the same work as for a real account: timing tells nothing
        raise UserError(*NOT_SIGNED_IN)
    if row.locked_until is not None and row.locked_until > now:
        minutes = max(1, math.ceil((row.locked_until - now).total_seconds() / 60))
        raise UserError(f"This account is locked for {minutes} more minute(s) after "
                        f"{MAX_FAILED} wrong passwords.",
                        "Wait and try again, or ask an Administrator to reset the password.")
    return row


def sign_in(database: Database, login: str, password: str, *, clock: Clock) -> Account:
    """The account whose login and password these are, or the one message that tells nothing
    (unknown login, wrong password and disabled account alike); five wrong passwords in a row
    lock it for :data:`LOCK_MINUTES` minutes. Each sign-in and each refusal of a known account
    is audited; the password never is.

    Signing in never waits for another desk's write: while another desk holds the writers'
    lock, the password is verified against the database as it is and the sign-in's record (or
    the refusal's, counted) is queued (:mod:`ethics_desk.storage.queued_records`). On a
    database that takes no more data
    (:meth:`~ethics_desk.storage.database.Database.read_only_reason`) nothing can be recorded:
    the sign-in is :func:`verify_unrecorded`'s, so that its records can still be read."""
    from ethics_desk.storage.database import WriterBusy

    if database.read_only_reason() is not None:
        return verify_unrecorded(database, login, password, clock=clock)
    now = clock()
    try:
        signed = database.write(lambda session: _sign_in(session, login, password, now),
                                wait=False)
    except WriterBusy:
        signed = _sign_in_queued(database, login, password, now)
    if signed is None:
        raise UserError(*NOT_SIGNED_IN)
    return signed


def _sign_in(session: Session, login: str, password: str, now: datetime) -> Account | None:
    """The sign-in in a writer's transaction: the account, or None when refused (the count and
    the record kept, the transaction to be committed)."""
    row = _unlocked_row(session, login, password, now)
    if not _verify(row.password_hash, password) or row.disabled_at is not None:
        if row.disabled_at is None:
            row.failed_attempts += 1
            if row.failed_attempts >= MAX_FAILED:
                row.locked_until = now + timedelta(minutes=LOCK_MINUTES)
                row.failed_attempts = 0
        audit.append(session, actor=row.login, action="account.sign_in_refused", at=now,
                     summary=_refused(row.login, locked=bool(row.locked_until
                                                              and row.locked_until > now)),
                     detail={"login": row.login})
        return None
    if _HASHER.check_needs_rehash(row.password_hash):
        row.password_hash = _HASHER.hash(password)
    row.failed_attempts, row.locked_until = 0, None
    audit.append(session, actor=row.login, action="account.sign_in", at=now,
                 summary=_signed_in(row), detail={"login": row.login})
    return _account(row)


def _refused(login: str, *, locked: bool) -> str:
    return f"A sign-in as {login} was refused" + (" (the account is now locked)" if locked
                                                   else "")


def _signed_in(row: StaffAccount) -> str:
    return f"{row.name} ({row.login}) signed in"


def _sign_in_queued(database: Database, login: str, password: str,
                    now: datetime) -> Account | None:
    """The sign-in while another desk writes: verified against the database as it is, its
    record queued. The refusals still queued count towards the lock as written ones do: five
    in a row, and the account is locked until :data:`LOCK_MINUTES` after the fifth."""
    from ethics_desk.storage import queued_records
    from ethics_desk.storage.queued_records import REFUSED, SIGNED_IN, Pending

    with database.read_session() as session:
        row = _unlocked_row(session, login, password, now)
        failed, locked_until = row.failed_attempts, None
        for earlier in queued_records.waiting(database.url, session=session,
                                                login=row.login):
            if earlier.effect == SIGNED_IN:
                failed, locked_until = 0, None
            elif earlier.effect == REFUSED and row.disabled_at is None:
                failed += 1
                if failed >= MAX_FAILED:
                    failed, locked_until = 0, earlier.at + timedelta(minutes=LOCK_MINUTES)
        if locked_until is not None and locked_until > now:
            minutes = max(1, math.ceil((locked_until - now).total_seconds() / 60))
            raise UserError(f"This account is locked for {minutes} more minute(s) after "
                            f"{MAX_FAILED} wrong passwords.",
                            "Wait and try again, or ask an Administrator to reset the password.")
        ok = _verify(row.password_hash, password) and row.disabled_at is None
        account = _account(row)
        summary = _signed_in(row) if ok else _refused(
            row.login, locked=row.disabled_at is None and failed + 1 >= MAX_FAILED)
    queued_records.record(database, [Pending(
        now, row.login, "account.sign_in" if ok else "account.sign_in_refused", summary,
        detail={"login": row.login}, login=row.login, effect=SIGNED_IN if ok else REFUSED)])
    return account if ok else None


def verify_unrecorded(database: Database, login: str, password: str, *, clock: Clock) -> Account:
    """The account whose login and password these are, on a database that cannot be written
    (a read-only folder or share, a full disk, a database in read-only mode): the same answers
    as :func:`sign_in` — one for an unknown login, a wrong password and a disabled account, and
    a locked account stays locked — but nothing is counted or recorded, because nothing can be.
    Whoever can read such a file can read all of it anyway."""
    with database.read_session() as session:
        row = _unlocked_row(session, login, password, clock())
        if not _verify(row.password_hash, password) or row.disabled_at is not None:
            raise UserError(*NOT_SIGNED_IN)
        return _account(row)


def create_demo_accounts(database: Database, *, clock: Clock) -> list[Account]:
    """Mark an account-less database as a demonstration and give it one account per role,
    each with the password "demo" (audited); the Administrator is ``admin``."""
    with database.unit_of_work() as session:
        if count_accounts(session):
            raise UserError("The database has accounts already; the demonstration's are only "
                            "made in a new demonstration database.",
                            "Build the demonstration in a new file (--db demo.sqlite).")
        session.add(Setting(key=DEMO_MARK, value="true"))
        session.flush()
        now = clock()
        made = []
        for role, login in DEMO_LOGINS.items():
            row = _new(session, login, f"{role.label} (demonstration)", role, DEMO_PASSWORD,
                       by=DEMO_LOGINS[Role.ADMIN], now=now)
            made.append(_account(row))
        audit.append(session, actor=DEMO_LOGINS[Role.ADMIN], action="account.create", at=now,
                     summary="Created the demonstration's accounts, one per role, password "
                             "“demo”",
                     detail={"logins": list(DEMO_LOGINS.values())})
        return made
