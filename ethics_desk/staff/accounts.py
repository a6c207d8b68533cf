"""Staff accounts: creating them, signing in, disabling and resetting — no Qt here.

Every person signs in with their own login; the account is who the audit trail names. The
password is hashed with Argon2id (``argon2-cffi``, its default parameters, kept inside each hash
so they can be raised later: an older hash is re-made at the next sign-in) and is never stored,
logged, audited or put in a message.

**Guessing is slowed down, never locked out.** Each wrong try makes the next try of that login,
and at that workstation, wait longer (1, 2, 4 … seconds, a minute at most), whether the login
has an account or not; a right password ends the wait, and so can an Administrator. A login
that does not exist, a wrong password, a disabled account and a try made too soon get the same
answer, with the same wait, so trying logins tells nothing.

**The account is the one Ethics Desk saved.** On a SQLite file, the account's row is checked
against the record's journal at each sign-in; a row changed outside Ethics Desk is refused.

**On a PostgreSQL server each person is their own database role**
(:mod:`ethics_desk.storage.server_roles`): the services make, change and disable it in the
account's own transaction, the password reaches the server only as its SCRAM-SHA-256 verifier,
no application hash is kept (:data:`SERVER_PASSWORD`), and PostgreSQL authenticates the sign-in
(:func:`sign_in`); slowing down guessing is the server's ``auth_delay``. IT makes the first
Administrator there.

**The first Administrator.** A database without any account has its first one created by the
first sign-in (in the window, or a command given a login and password): that person is the
Administrator, who then creates the others. An Administrator adds, disables and resets accounts;
an account is never deleted, because the audit trail names it.
"""

from __future__ import annotations

import re
import socket
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import Connection, func, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.roles import Role
from ethics_desk.models import Setting, StaffAccount
from ethics_desk.staff.party_matches import find_for_account
from ethics_desk.storage import audit, server_roles, sign_in_delays
from ethics_desk.storage.database import Database
from ethics_desk.storage.failures import translate_errors
from ethics_desk.storage.migrate import check_the_servers_schema

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

SERVER_PASSWORD = server_roles.SERVER_PASSWORD
"""What an account's ``password_hash`` holds on a PostgreSQL server, where the person's password
is PostgreSQL's own (their login role's SCRAM-SHA-256 verifier, or the office's single sign-on):
no Argon2 hash, and no password verifies it — it is never compared (:func:`_verify`)."""

NOT_SIGNED_IN = ("The login or the password is not right.",
                 "Type them again (the password is case-sensitive); if you have forgotten it, "
                 "ask an Administrator to reset it.")


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


def copy_of_a_server(session: Session) -> bool:
    """Whether this is a file whose accounts were all a server's — a copy of the office's server
    (a backup, or records moved off it): their passwords are PostgreSQL's, which the file
    cannot check, so none of them can sign in there as they are."""
    if on_server(session) or not count_accounts(session):
        return False
    return not session.scalar(select(func.count()).select_from(StaffAccount).where(
        StaffAccount.password_hash != SERVER_PASSWORD))


def needs_first_administrator(database: Database) -> bool:
    """Whether the database has no account yet — or no account that can sign in on it, a copy
    of the office's server (:func:`copy_of_a_server`), whose first Administrator to sign in
    gives their account a password of this file's. Never on the office's server that lets
    nobody in before the person signs in: its first Administrator is made by IT's setup."""
    if database.awaits_the_person:
        return False
    with database.read_session() as session:
        return count_accounts(session) == 0 or copy_of_a_server(session)


def _row(session: Session, login: str) -> StaffAccount | None:
    return session.scalars(select(StaffAccount).where(StaffAccount.login == login)).first()


def is_demonstration(session: Session) -> bool:
    """Whether the database is a demonstration (where the password "demo" is allowed)."""
    return session.get(Setting, DEMO_MARK) is not None


def on_server(session: Session) -> bool:
    """Whether the session's database is a PostgreSQL server, where each person is their own
    database role (:mod:`ethics_desk.storage.server_roles`) and PostgreSQL checks passwords."""
    return session.connection().dialect.name == "postgresql"


def _person_on_server(session: Session, act: Callable[[Connection], None], login: str) -> None:
    """Do ``act`` to ``login``'s role on the server, in the session's own transaction; a login
    the server keeps for someone else is refused, saying so."""
    try:
        with session.begin_nested():
            act(session.connection())
    except DBAPIError as exc:
        said = str(exc.orig)
        if "has another office role" in said or "is not an Ethics Desk person" in said \
                or "cannot be a person's login" in said:
            raise UserError(f"The login “{login}” is already used on the database server by "
                            "another person or program.",
                            "Choose another login (or ask IT which roles the server has)."
                            ) from None
        raise


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
    server = on_server(session)
    if server:  # the account through the Administrator's function: no group inserts one
        made = session.execute(text(
            f"SELECT {server_roles.ACCOUNT_FUNCTION}(:l, :n, :r, :b, :t, false)"),
            {"l": login, "n": name, "r": role.value, "b": by,
             "t": now.astimezone(UTC).replace(tzinfo=None)}).scalar()
        found = session.get(StaffAccount, made)
        assert found is not None
        row = found
    else:
        row = StaffAccount(login=login, name=name, role=role,
                           password_hash=_HASHER.hash(password), created_at=now,
                           created_by=by)
        session.add(row)
        session.flush()
    if server:  # the person's own login role, its password's verifier only
        _person_on_server(session, lambda conn: server_roles.add_person(
            conn, login, role, password), login)
        # The server keeps the name folded, for its own case scope (§ 2-83(h)(1))
        from ethics_desk.staff.server_policies import set_name_key
        set_name_key(session.connection(), row.login, row.name)
    return row


def create_first_administrator(database: Database, login: str, name: str, password: str, *,
                               clock: Clock) -> Account:
    """The first account of a database without any: its Administrator (audited). Refused once
    any account exists (two desks racing here: the second is told)."""
    with database.unit_of_work() as session:
        if copy_of_a_server(session):
            return _take_back_on_a_copy(session, login, password, clock=clock)
        if count_accounts(session):
            raise NotAllowed("This database already has its Administrator.",
                             "Sign in with your account; an Administrator creates new ones.")
        if on_server(session) and not session.scalar(text(
                "SELECT session_user = pg_get_userbyid(datdba) FROM pg_database "
                "WHERE datname = current_database()")):
            raise NotAllowed("On the office's server, IT makes the first Administrator.",
                             "Ask IT to run “ethics-desk server setup URL --first-administrator "
                             "LOGIN” as the database's owner; then sign in.")
        now = clock()
        row = _new(session, login, name, Role.ADMIN, password, by=normal_login(login), now=now)
        audit.append(session, actor=row.login, action="account.create", at=now,
                     summary=f"Created the first Administrator, {row.name} ({row.login})",
                     detail={"login": row.login, "role": row.role.value, "first": True})
        return _account(row)


def _take_back_on_a_copy(session: Session, login: str, password: str, *,
                         clock: Clock) -> Account:
    """On a copy of the office's server, an Administrator of the office gives their own account
    a password of this file's, and is signed in (audited): whoever holds the copy holds its
    records already; the sign-in keeps what is done with it on record, and in an
    Administrator's name."""
    row = _row(session, normal_login(login))
    if row is None or row.role is not Role.ADMIN or row.disabled_at is not None:
        raise NotAllowed("This file is a copy of the office's server: its accounts' passwords "
                         "were the server's, and an Administrator of the office signs in to "
                         "it first.",
                         "Sign in with the login of one of the office's Administrators, "
                         "choosing the password this copy will know them by.")
    check_password(password, login=row.login)
    row.password_hash = _HASHER.hash(password)
    now = clock()
    audit.append(session, actor=row.login, action="account.password", at=now,
                 summary=f"{row.name} ({row.login}) chose a password for this copy of the "
                         "office's server (its accounts' passwords were the server's)",
                 detail={"login": row.login, "copy_of_a_server": True})
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
        # Clerk to decide (§ 2-83(h)(1))
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
            if on_server(session):
                _person_on_server(session, lambda conn: server_roles.disable_person(
                    conn, row.login), row.login)
            audit.append(session, actor=by.login, action="account.disable", at=now,
                         summary=f"Disabled the account of {row.name} ({row.login})",
                         detail={"login": row.login})
        return _account(row)


def reset_password(database: Database, login: str, password: str, *, by: Account,
                   clock: Clock) -> Account:
    """Give an account a new password, to be changed at its next sign-in; ends its login's
    sign-in delay and enables it again (audited; the password is not)."""
    with database.unit_of_work() as session:
        _require_admin(session, by)
        row = _target(session, login)
        check_password(password, login=row.login, demo=is_demonstration(session))
        now = clock()
        if on_server(session):  # a disabled person's role may log in again, too
            enable = row.disabled_at is not None
            role = row.role
            _person_on_server(session, lambda conn: server_roles.add_person(
                conn, row.login, role, password) if enable else server_roles.set_password(
                conn, row.login, password), row.login)
        else:
            row.password_hash = _HASHER.hash(password)
        row.must_change_password = row.id != by.account_id
        row.disabled_at = None
        sign_in_delays.clear_delays(session, sign_in_delays.subjects_of(row.login, None))
        audit.append(session, actor=by.login, action="account.reset", at=now,
                     summary=f"Reset the password of {row.name} ({row.login})",
                     detail={"login": row.login})
        return _account(row)


def change_own_password(database: Database, account: Account, old: str, new: str, *,
                        clock: Clock) -> Account:
    """The signed-in person's new password (the old one checked first; audited)."""
    with database.unit_of_work() as session:
        row = session.get(StaffAccount, account.account_id)
        server = on_server(session)
        if row is None or not (server_authenticates(database, row.login, old) if server
                               else _verify(row.password_hash, old)):
            raise UserError("The present password is not right.", "Type it again.")
        if new == old:
            raise UserError("The new password is the present one.", "Choose a new password.")
        check_password(new, login=row.login)
        if server:
            _person_on_server(session, lambda conn: server_roles.set_password(
                conn, row.login, new), row.login)
        else:
            row.password_hash = _HASHER.hash(new)
        row.must_change_password = False
        audit.append(session, actor=row.login, action="account.password", at=clock(),
                     summary=f"{row.name} ({row.login}) changed their password",
                     detail={"login": row.login})
        return _account(row)


def _verify(stored: str, password: str) -> bool:
    if stored == SERVER_PASSWORD:  # the server's account: PostgreSQL checks its password
        return False
    try:
        return _HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def this_workstation() -> str:
    """The name of this computer, as the window and the commands give it to :func:`sign_in` (its
    one reader, as the clock is the time's)."""
    return socket.gethostname()


class SignInRefused(UserError):
    """The one answer to a refused sign-in — an unknown login, a wrong password, a disabled
    account, and a try made before the wait ended alike — with the seconds to wait before the
    next try (0: none)."""

    def __init__(self, wait: int = 0) -> None:
        fix = NOT_SIGNED_IN[1] if wait <= 0 else (
            f"Wait {wait} second(s), then type them again (each wrong try makes the next one "
            "wait longer, a minute at most; the password is case-sensitive); if you have "
            "forgotten it, ask an Administrator to reset it.")
        super().__init__(NOT_SIGNED_IN[0], fix)
        self.wait = wait


def account_altered(login: str) -> UserError:
    """The refusal of an account whose row was changed outside Ethics Desk."""
    return UserError(f"The account “{login}” was changed outside Ethics Desk, so it cannot be "
                     "used to sign in.",
                     "Call IT: restore the newest backup that holds the account as Ethics Desk "
                     "last saved it (an Administrator's “ethics-desk check” names what changed).")


def _altered(session: Session, row: StaffAccount) -> str | None:
    """What is wrong with the account's row against the record's journal, on a SQLite file
    (:func:`ethics_desk.storage.journal.row_problem`); None when it is as Ethics Desk saved
    it. On a server the server keeps the accounts."""
    from ethics_desk.storage import journal

    conn = session.connection()
    if conn.dialect.name != "sqlite" or not journal.has_journal(conn):
        return None
    return journal.row_problem(conn, StaffAccount.__tablename__, str(row.id))


def _account_row(session: Session, login: str, password: str) -> StaffAccount | None:
    """The account row of ``login``, or None after the same hashing work a real account's
    verification costs (timing tells nothing)."""
    try:
        row = _row(session, normal_login(login))
    except UserError:
        row = None
    if row is None:
        _HASHER.hash(password)
    return row


def sign_in(database: Database, login: str, password: str, *, clock: Clock,
            workstation: str | None = None, leaving: Account | None = None) -> Account:
    """The account whose login and password these are, or the one answer that tells nothing
    (:class:`SignInRefused`: an unknown login, a wrong password, a disabled account alike).

    **A wrong try slows the next one down** instead of locking the account: the next try of
    that login — whether an account has it or not — and at that ``workstation`` (the computer's
    name, :func:`this_workstation`) is heard only so many seconds later
    (:func:`~ethics_desk.storage.sign_in_delays.delay_after`: 1, 2, 4 … a minute at most); a
    try made sooner gets the same answer, unheard. A right password ends both delays, and an
    Administrator can end a login's (:func:`clear_delay`). Nobody can keep the owner of an
    account out for longer than a minute a try.

    **The account is the one Ethics Desk saved**: on a SQLite file the account's row is checked
    against the record's journal, its MACs verified, before anything else; a row changed
    outside Ethics Desk (an account added, a role raised, a password hash replaced) is refused,
    saying so (:func:`account_altered`), and the refusal recorded.

    Each sign-in and each refusal of a known account is audited; the password never is.
    Signing in never waits for another desk's write: while another desk holds the writers'
    lock, the password is verified against the database as it is and the sign-in's record (or
    the refusal's, counted when written) is queued (:mod:`ethics_desk.storage.queued_records`);
    while a large file's ``quick_check`` still reads it at the opening
    (:attr:`~ethics_desk.storage.database.Database.checking`), a sign-in is queued so, not
    waiting for the check, and a refusal is counted as ever once the check has answered.
    On a database that takes no more data
    (:meth:`~ethics_desk.storage.database.Database.read_only_reason`) nothing can be recorded:
    the sign-in is :func:`verify_unrecorded`'s, so that its records can still be read.

    ``leaving`` is the person the desk was locked for (the idle lock): on the server, should
    someone else sign in, their sign-out is recorded before the desk connects as the newcomer,
    while the connection still is theirs (a record names its writer there); elsewhere
    :func:`sign_in_at_desk` records it after."""
    from ethics_desk.storage.failures import WriterBusy

    if database.url.get_backend_name() == "postgresql":
        return _sign_in_on_server(database, login, password, clock=clock,
                                  workstation=workstation, leaving=leaving)
    if database.read_only_reason(wait=False) is not None:
        return verify_unrecorded(database, login, password, clock=clock, workstation=workstation)
    now = clock()
    if database.checking:  # a large file's check still reads it: the sign-in queued …
        signed = _sign_in_queued(database, login, password, now, workstation, checking=True)
        if isinstance(signed, Account):
            return signed
        # … a refusal is answered and counted below, once the check has answered
        if database.read_only_reason() is not None:  # it found the file damaged
            return verify_unrecorded(database, login, password, clock=clock,
                                     workstation=workstation)
    subjects = sign_in_delays.subjects_of(login, workstation)
    try:
        signed = database.write(lambda session: _sign_in(session, login, password, now,
                                                         subjects), wait=False)
    except WriterBusy:
        signed = _sign_in_queued(database, login, password, now, workstation)
    if signed is None:  # not given without checking; never an account unanswered
        raise SignInRefused()
    if isinstance(signed, UserError):
        raise signed
    return signed


LEFT_AT_THE_LOCK = "another person signed in at the idle lock"
"""How the sign-out of a person the idle lock was for is recorded when someone else signs in."""


def sign_in_at_desk(database: Database, login: str, password: str, *, clock: Clock,
                    workstation: str | None = None, leaving: Account | None = None) -> Account:
    """The sign-in of the person at this desk (the window's, a command's): :func:`sign_in`, in
    which on the office's server the desk connects as that person's own role, so that everything
    it does for them meets the server's rules as theirs (:meth:`Database.connect_as`) — unless
    the desk was opened as IT's role, the database's owner, which stays so (IT's own commands,
    a backup or the checks of the server, read every record).

    ``leaving``: the person the idle lock was for. If someone else signs in, ``leaving`` is
    signed out at once, recorded as such (:data:`LEFT_AT_THE_LOCK`) — on the server before the
    newcomer's sign-in, through the connection that was still theirs."""
    account = sign_in(database, login, password, clock=clock, workstation=workstation,
                      leaving=leaving)
    if leaving is not None and leaving.account_id != account.account_id \
            and database.url.get_backend_name() != "postgresql":
        sign_out(database, leaving, clock=clock, workstation=workstation, how=LEFT_AT_THE_LOCK)
    return account


def sign_out(database: Database, account: Account, *, clock: Clock,
             workstation: str | None = None, how: str = "") -> None:
    """Record that ``account`` signed out at this desk (``how``: File → Sign out, or another
    person signing in at the idle lock), audited as the sign-in is: written now, or queued
    while another desk writes (never waits). A database that takes no more data records
    nothing, as it recorded no sign-in."""
    from ethics_desk.storage import queued_records
    from ethics_desk.storage.queued_records import Pending

    if database.read_only_reason(wait=False) is not None:
        return
    detail: dict[str, object] = {"login": account.login}
    if workstation:
        detail["workstation"] = workstation
    if how:
        detail["how"] = how
    queued_records.record(database, [Pending(
        clock(), account.login, "account.sign_out", f"{account.display} signed out",
        detail=detail)])


def office_has_clerk(database: Database) -> bool:
    """Whether the office has an account of the City Clerk's staff that may sign in: until it
    does, the first start is not over (the first Administrator cannot take a complaint)."""
    return any(account.role is Role.CLERK and not account.disabled
               for account in list_accounts(database))


def server_authenticates(database: Database, login: str, password: str | None) -> bool:
    """Whether PostgreSQL lets ``login`` into the office's database with ``password`` (None:
    single sign-on) as that very role."""
    return server_roles.session_user_of(database.url, login, password) == login


def _sign_in_on_server(database: Database, login: str, password: str, *, clock: Clock,
                       workstation: str | None = None,
                       leaving: Account | None = None) -> Account:
    """The sign-in on a PostgreSQL server: PostgreSQL authenticates the person — the desk
    connects as the typed login with the typed password (SCRAM-SHA-256), or with none where
    IT set up single sign-on — and the account is the one whose login is the connection's
    ``session_user``, read through that connection; the sign-in is recorded (or queued while
    another desk saves, as on a file) through the person's own connection, the server
    refusing a record its writer does not name — the desk connects as them first when it
    awaited them or was another person's (someone else signing in at the idle lock). A wrong
    password, an unknown login, a role that may not log in and a disabled account get the one
    answer.
    The growing delay is the server's (PostgreSQL's ``auth_delay``, set up by IT): the desk
    cannot write anything before the person is authenticated."""
    from ethics_desk.storage.database import make_engine

    try:
        typed = normal_login(login)
    except UserError:
        raise SignInRefused() from None
    user = server_roles.session_user_of(database.url, typed, password or None)
    if user != typed:
        raise SignInRefused()
    from ethics_desk.storage import queued_records
    from ethics_desk.storage.queued_records import SIGNED_IN, Pending

    url = server_roles.person_url(database.url, typed, password or None)
    if database.awaits_the_person:  # nothing could be read before: from now on as the person
        database.connect_as(url)
        with translate_errors():
            check_the_servers_schema(database.engine, database.description)
        database.awaits_the_person = False
    person = Database(url, make_engine(url))
    try:
        with person.read_session() as session:  # as the person: their group's columns only
            found = session.execute(select(
                StaffAccount.id, StaffAccount.login, StaffAccount.name, StaffAccount.role,
                StaffAccount.must_change_password, StaffAccount.disabled_at).where(
                StaffAccount.login == func.session_user())).first()
    finally:
        person.dispose()
    if found is None or found.disabled_at is not None:
        raise SignInRefused()
    account = Account(found.id, found.login, found.name, found.role,
                      found.must_change_password, False)
    if leaving is not None and leaving.login != typed:  # still through their connection
        sign_out(database, leaving, clock=clock, workstation=workstation, how=LEFT_AT_THE_LOCK)
    if database.url.username != typed and not server_roles.is_the_owner(database.engine):
        database.connect_as(url)  # from now on as the person (a desk at the lock was another's)
    # Written now if no other desk is saving, else queued for the next save (never waits)
    queued_records.record(database, [Pending(
        clock(), account.login, "account.sign_in", f"{account.display} signed in",
        detail={"login": account.login}, login=account.login, effect=SIGNED_IN)])
    return account


def _sign_in(session: Session, login: str, password: str, now: datetime,
             subjects: list[str]) -> Account | UserError:
    """The sign-in in a writer's transaction: the account, or the refusal to raise once the
    delays and the record are committed."""
    wait = sign_in_delays.wait_for(session, subjects, now)
    if wait:
        return SignInRefused(wait)  # too soon: not heard, not counted
    row = _account_row(session, login, password)
    if row is not None and (altered := _altered(session, row)) is not None:
        audit.append(session, actor=row.login, action="account.sign_in_refused", at=now,
                     summary=f"A sign-in as {row.login} was refused: the account was changed "
                             "outside Ethics Desk",
                     detail={"login": row.login, "altered": altered})
        return account_altered(row.login)
    if row is None or not _verify(row.password_hash, password) or row.disabled_at is not None:
        wait = sign_in_delays.count_failure(session, subjects, now)
        if row is not None:
            audit.append(session, actor=row.login, action="account.sign_in_refused", at=now,
                         summary=_refused(row.login), detail={"login": row.login})
        return SignInRefused(wait)
    if _HASHER.check_needs_rehash(row.password_hash):
        row.password_hash = _HASHER.hash(password)
    sign_in_delays.clear_delays(session, subjects)
    audit.append(session, actor=row.login, action="account.sign_in", at=now,
                 summary=_signed_in(row), detail={"login": row.login})
    return _account(row)


def _refused(login: str) -> str:
    return f"A sign-in as {login} was refused"


def _signed_in(row: StaffAccount) -> str:
    return f"{row.name} ({row.login}) signed in"


def _sign_in_queued(database: Database, login: str, password: str, now: datetime,
                    workstation: str | None, *, checking: bool = False,
                    ) -> Account | UserError | None:
    """The sign-in while another desk writes: verified against the database as it is, its
    record queued (a refusal of a known account counted when it is written). The wait is the
    database's as it is; the answer to a refusal gives the wait one more wrong try brings, as
    a counted one does.

    With ``checking`` — a large file's ``quick_check`` still reading it at the opening — only
    a sign-in is queued (without waiting for the check); for any refusal None is returned and
    nothing recorded, so that the caller refuses and counts it as ever once the check has
    answered: a wrong password gets its growing wait at once, the check or not."""
    from ethics_desk.storage import queued_records
    from ethics_desk.storage.queued_records import REFUSED, SIGNED_IN, Pending

    subjects = sign_in_delays.subjects_of(login, workstation)
    with database.read_session() as session:
        wait = sign_in_delays.wait_for(session, subjects, now)
        if wait:
            return None if checking else SignInRefused(wait)
        row = _account_row(session, login, password)
        if row is None:
            return None if checking else SignInRefused(
                sign_in_delays.next_wait(session, subjects, now))
        altered = _altered(session, row)
        ok = altered is None and _verify(row.password_hash, password) \
            and row.disabled_at is None
        account, next_wait = _account(row), sign_in_delays.next_wait(session, subjects, now)
        summary = _signed_in(row) if ok else _refused(row.login)
    if checking and not ok:
        return None
    detail: dict[str, object] = {"login": account.login}
    if workstation:
        detail["workstation"] = workstation
    if altered is not None:
        queued_records.record(database, [Pending(
            now, account.login, "account.sign_in_refused",
            f"A sign-in as {account.login} was refused: the account was changed outside "
            "Ethics Desk", detail={"login": account.login, "altered": altered})])
        return account_altered(account.login)
    queued_records.record(database, [Pending(
        now, account.login, "account.sign_in" if ok else "account.sign_in_refused", summary,
        detail=detail, login=account.login, effect=SIGNED_IN if ok else REFUSED)],
        before_the_check=checking)
    return account if ok else SignInRefused(next_wait)


def verify_unrecorded(database: Database, login: str, password: str, *, clock: Clock,
                      workstation: str | None = None) -> Account:
    """The account whose login and password these are, on a database that cannot be written
    (a read-only folder or share, a full disk, a database in read-only mode, a computer without
    the record key): the same answers as :func:`sign_in` — one for an unknown login, a wrong
    password and a disabled account; a try made before a delay ended waits; an account changed
    outside Ethics Desk is refused — but nothing is counted or recorded, because nothing can
    be. Without the record key the account's row is held to its journal's values, their MACs
    unverified. Whoever can read such a file can read all of it anyway."""
    now = clock()
    with database.read_session() as session:
        wait = sign_in_delays.wait_for(session, sign_in_delays.subjects_of(login, workstation), now)
        if wait:
            raise SignInRefused(wait)
        row = _account_row(session, login, password)
        if row is not None and _altered(session, row) is not None:
            raise account_altered(row.login)
        if row is None or not _verify(row.password_hash, password) or row.disabled_at is not None:
            raise SignInRefused()
        return _account(row)


def clear_delay(database: Database, login: str, *, by: Account, clock: Clock) -> Account:
    """End the wait of an account's login after wrong passwords, so that its owner may try at
    once (an Administrator's; audited)."""
    with database.unit_of_work() as session:
        _require_admin(session, by)
        row = _target(session, login)
        sign_in_delays.clear_delays(session, sign_in_delays.subjects_of(row.login, None))
        audit.append(session, actor=by.login, action="account.clear_delay", at=clock(),
                     summary=f"Cleared the sign-in delay of {row.name} ({row.login})",
                     detail={"login": row.login})
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
