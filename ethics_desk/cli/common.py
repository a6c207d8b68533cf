"""What every command of ``ethics-desk`` shares: its words (the environment's names, the exit
statuses, one line on stderr), the database a command opens, and signing in for an act.

:func:`signs_in` is the one way a command that shows case content or changes anything begins:
it opens the database the command names, signs the person in (``--user``, else
``ETHICS_DESK_USER``, else the operating-system login; the password typed or read from
``ETHICS_DESK_PASSWORD``), asks the permission table whether the account's role may do the
command's act — refusing, naming who may, before anything else is done — then runs the command
with the database and the account, and closes the database whatever happens."""

from __future__ import annotations

import argparse
import contextlib
import functools
import getpass
import os
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import NotAllowed, StorageError, UserError

# Each command imports what it needs when it runs, so that starting the application (the
# default command) does not pay for the demonstration data, the integrity checks or Alembic.
if TYPE_CHECKING:
    from ethics_desk.core.account import Account
    from ethics_desk.core.permissions import Act
    from ethics_desk.storage.database import Database


DB_ENV = "ETHICS_DESK_DB"  # the same name as ethics_desk.storage.location.DB_ENV (checked by a test)
USER_ENV = "ETHICS_DESK_USER"
PASSWORD_ENV = "ETHICS_DESK_PASSWORD"  # for scripts and scheduled jobs; never printed or logged
NEW_PASSWORD_ENV = "ETHICS_DESK_NEW_PASSWORD"  # the new password of "user add" and "user reset"

PROG = "ethics-desk"
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
MAX_DAYS = 1000
"""The longest count ``due`` accepts (about four years of business days)."""


class UsageError(Exception):
    """The command line cannot be understood; the message says what to type instead."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes become one line (``ethics-desk: …``), not a usage dump."""

    def error(self, message: str) -> NoReturn:
        """Raise instead of printing the usage and exiting."""
        raise UsageError(f"{message[:1].upper()}{message[1:]}. "
                         f"See “{self.prog} --help”.")


def parse_day(text: str, what: str) -> date:
    """A date typed on the command line — strictly ``YYYY-MM-DD``, within the years
    :data:`ethics_desk.core.dates.YEARS` — or a message naming the argument and the form."""
    from ethics_desk.core.dates import DateTypingError, parse_iso_date

    try:
        return parse_iso_date(text)
    except DateTypingError as exc:
        raise UsageError(f"{what} {exc}") from None


def day_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"“{text}” is not a whole number of business days "
                                         f"(0 to {MAX_DAYS})") from None
    if not 0 <= count <= MAX_DAYS:
        raise argparse.ArgumentTypeError(f"the number of business days must be from 0 to "
                                         f"{MAX_DAYS}, not {count}")
    return count


def year(text: str) -> int:
    try:
        year = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"“{text}” is not a year such as 2027") from None
    from ethics_desk.core.dates import FIRST_YEAR, LAST_YEAR

    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise argparse.ArgumentTypeError(f"the year must be from {FIRST_YEAR} to {LAST_YEAR}, "
                                         f"not {year}")
    return year


def storage_problem(exc: Exception) -> StorageError | None:
    """A database driver's failure that reached the command line untranslated, in the user's
    words (:func:`ethics_desk.storage.database.storage_error`); None for anything else."""
    if not type(exc).__module__.startswith(("sqlite3", "sqlalchemy")):
        return None
    from ethics_desk.storage.failures import storage_error

    translated = storage_error(exc)
    return translated if isinstance(translated, StorageError) else None


def note(message: str) -> None:
    """A line for the person at the terminal, on stderr: ``ethics-desk: <message>``."""
    print(f"{PROG}: {message}", file=sys.stderr)


def fail(message: str, *, status: int = EXIT_USAGE) -> int:
    """One line on stderr: ``ethics-desk: <problem> <fix>``."""
    print(f"{PROG}: {' '.join(message.split())}", file=sys.stderr)
    return status


def never_fail_on_encoding(stream: TextIO, *, platform: str = sys.platform) -> None:
    """Every name prints, whatever the stream. On Windows each stream writes UTF-8: output
    redirected to a file or a pipe would otherwise be in the ANSI code page (cp1252), which
    garbles “quotes” and cannot hold 王伟 or محمد at all — a scheduled ``ethics-desk backup >
    log.txt`` would fail on one; the console itself takes Unicode either way. Elsewhere a stream
    keeps the locale's encoding, and a letter it cannot hold shows as "?" rather than crash."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):  # a closed or unusual stream: leave it
            if platform == "win32":
                reconfigure(encoding="utf-8", errors="replace")
            else:
                reconfigure(errors="replace")


def db_arg(args: argparse.Namespace) -> str | None:
    """``--db`` as typed (None when not given)."""
    value: str | None = getattr(args, "db", None)
    return value


def clock_of(args: argparse.Namespace) -> Clock:
    """The command line's one clock (set by :func:`main`)."""
    clock: Clock = args.clock
    return clock


def _db_named(args: argparse.Namespace) -> bool:
    """Whether a database was named (``--db``, ``ETHICS_DESK_DB`` or the machine-wide setting)
    rather than the default."""
    from ethics_desk.storage.location import named_database

    return db_arg(args) is not None or bool(named_database())


def open_for_reading(args: argparse.Namespace) -> Database | None:
    """The database for ``due``/``calendar``, or None when the default one does not exist yet.

    Nothing is created or migrated: on a fresh machine the calendars are the rules alone.
    """
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage.addresses import sqlite_path
    from ethics_desk.storage.database import resolve_url

    url = resolve_url(db_arg(args))
    path = sqlite_path(url)
    if path is not None and not path.exists() and not _db_named(args):
        return None
    return open_database(db_arg(args), clock=clock_of(args), create=False, migrate=False)


def open_for_writing(args: argparse.Namespace) -> Database:
    """The database for a command that changes it (migrated, after a backup, if older).

    The default one is created on first use; a named one must exist, so that a mistyped --db
    does not silently start an empty database.
    """
    from ethics_desk.maintenance.opening import open_database

    return open_database(db_arg(args), clock=clock_of(args), create=not _db_named(args))


def open_to_change(args: argparse.Namespace) -> Database:
    """The database for a command whose point is a change (:func:`open_for_writing`), refused
    at once — before anyone signs in or types a password — while it takes no more data (damaged,
    a failed check: :mod:`ethics_desk.storage.read_only`), in the read-only mode's sentence. (The
    service refuses the change anyway; this says so before anything is asked.)"""
    database = open_for_writing(args)
    reason = database.read_only_reason()
    if reason is not None:
        database.dispose()
        raise reason.error()
    return database


def open_as_it_is(args: argparse.Namespace) -> Database:
    """The database for ``check`` and ``backup``: it must exist, and is neither created nor
    upgraded (the check reports the schema as it is; a backup copies it as it is)."""
    from ethics_desk.maintenance.opening import open_database

    return open_database(db_arg(args), clock=clock_of(args), create=False, migrate=False)


def ask_password(prompt: str, env: str) -> str:
    """A password from ``env`` (scripts, scheduled jobs) or typed at a prompt (not echoed)."""
    given = os.environ.get(env)
    if given is not None:
        return given
    if not sys.stdin.isatty():
        raise UsageError(f"No terminal to type the password in; give it in {env}.")
    return getpass.getpass(prompt)


def ask_new_password(login: str) -> str:
    """The new password of ``login``: from the environment, or typed twice."""
    if NEW_PASSWORD_ENV in os.environ:
        return os.environ[NEW_PASSWORD_ENV]
    first = ask_password(f"New password for {login}: ", NEW_PASSWORD_ENV)
    if ask_password("The same password again: ", NEW_PASSWORD_ENV) != first:
        raise UsageError("The two passwords differ; nothing was changed. Type them again.")
    return first


def signed_in(args: argparse.Namespace, database: Database, *,
               changing_password: bool = False) -> Account:
    """The account signing in to this command: ``--user`` (or its defaults) and its password.

    On a database without any account, this sign-in creates the first Administrator. An account
    whose password an Administrator reset does nothing before its person has chosen a new one
    (``user password``, or the window's sign-in), unless ``changing_password`` is what it does.
    """
    from sqlalchemy import inspect

    from ethics_desk.staff.accounts import (
        copy_of_a_server,
        create_first_administrator,
        needs_first_administrator,
        sign_in_at_desk,
        this_workstation,
    )
    from ethics_desk.storage.failures import translate_errors

    with translate_errors():  # a server that lets in only the person: its schema at sign-in
        has_accounts_table = database.awaits_the_person \
            or inspect(database.engine).has_table("staff_account")
    if not has_accounts_table:
        raise StorageError(f"{database.description} was written by an older version of Ethics "
                           "Desk, from before staff accounts: no one can sign in to it as it is.",
                           "Open it once with the application (it is backed up, then brought "
                           "up to date), then run the command again.")
    login = getattr(args, "user", None) or os.environ.get(USER_ENV) or os_login()
    password = ask_password(f"Password for {login}: ", PASSWORD_ENV)
    with translate_errors():
        if needs_first_administrator(database):
            with database.read_session() as session:
                copy = copy_of_a_server(session)
            account = create_first_administrator(database, login, login, password,
                                                 clock=clock_of(args))
            note(f"This file is a copy of the office's server: {account.login} now signs in "
                  "to it with the password just given." if copy else
                  f"This database had no account: {account.login} is now its first "
                  "Administrator.")
            return account
        account = sign_in_at_desk(database, login, password, clock=clock_of(args),
                          workstation=this_workstation())
    if changing_password:
        args.present_password = password  # checked just now; for the change, nowhere else
    if account.must_change_password and not changing_password:
        raise NotAllowed(f"The password of {account.display} was given by an Administrator; "
                         "choose your own before anything else.",
                         f"Run “{PROG} user password --user {account.login}” (or sign in at "
                         "the window, which asks for it), then the command again.")
    return account


def signed_in_for(args: argparse.Namespace, database: Database, act: Act,
                   doing: str) -> Account:
    """The account signing in (:func:`signed_in`), if the permission table lets its role do
    ``act`` (``doing`` says it in words, "Closing the offices on a day"); else
    :class:`NotAllowed`, naming who may. Checked before the command does anything else."""
    return allowed(signed_in(args, database), act, doing)


Opening = Callable[[argparse.Namespace], "Database"]
"""How a command opens its database (:func:`open_for_writing`, :func:`open_to_change`,
:func:`open_as_it_is`)."""
ActCommand = Callable[[argparse.Namespace, "Database", "Account"], int]
"""A command's work, given the database it opened and the account signed in for its act."""


def signs_in(act: Act, doing: str, *, opening: Opening | None = None,
             first: Callable[[argparse.Namespace], object] | None = None,
             ) -> Callable[[ActCommand], Callable[[argparse.Namespace], int]]:
    """The command signs in for ``act`` (``doing`` says it in words, "Adding an account"): its
    database opened by ``opening`` (:func:`open_for_writing` unless said), ``first`` run before
    anyone is asked for a password (an argument checked, so a mistyped role is refused before
    the password is typed), the person signed in and the permission table asked — refused,
    naming who may, before the command does anything — then the command run with the
    database and the account; the database is closed whatever happens."""
    def decorate(command: ActCommand) -> Callable[[argparse.Namespace], int]:
        @functools.wraps(command)
        def run(args: argparse.Namespace) -> int:
            database = (opening or open_for_writing)(args)
            try:
                if first is not None:
                    first(args)
                return command(args, database, signed_in_for(args, database, act, doing))
            finally:
                database.dispose()
        return run
    return decorate


def allowed(account: Account, act: Act, doing: str) -> Account:
    """``account`` if the permission table lets its role do ``act``; else :class:`NotAllowed`,
    naming who may (``doing`` says the act in words)."""
    from ethics_desk.staff.acting import allowed, refusal

    if not allowed(account, act):  # the services' own answer, with the command line's way out
        raise NotAllowed(refusal(account, act, doing).problem,
                         "Ask one of them to do it, or sign in as one of them with --user.")
    return account


def os_login() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no login name (a service account)
        raise UsageError(f"Say who you are: --user LOGIN (or {USER_ENV}).") from None


def on_record(args: argparse.Namespace, database: Database, account: Account, action: str,
               summary: str, detail: dict[str, str]) -> None:
    """One audit record of a read by ``account`` (a backup, the key exported, a backup's
    description): written now, or queued while another desk writes — never waiting
    (:func:`ethics_desk.storage.queued_records.record`)."""
    from ethics_desk.storage import queued_records
    from ethics_desk.storage.failures import translate_errors

    with translate_errors():
        queued_records.record(database, [queued_records.Pending(
            clock_of(args)(), account.display, action, summary, detail=dict(detail))])


def receives_every_case(account: Account) -> bool:
    """Whether ``account`` receives every case from its filing (the City Clerk's staff), so
    that what a check or a backup finds may name a case, a party or a paper to them; the
    Administrator and the Records officer, who receive none, are told counts (§ 2-83(h)(1))."""
    from ethics_desk.core.permissions import SEES_FROM, Reach

    return SEES_FROM.get(account.role) is Reach.AT_THE_CLERK


def refuse_record_target(target: Path, db: str | None) -> None:
    """Refuse ``target`` when it is part of the record, the database ``db`` names included
    (:func:`ethics_desk.storage.write_targets.refuse_record_target`)."""
    from ethics_desk.storage.location import database_file
    from ethics_desk.storage.write_targets import refuse_record_target

    try:
        database = database_file(db)
    except (OSError, RuntimeError, UserError):  # a --db that cannot be followed: opening says so
        database = None
    refuse_record_target(target, database=database)


def pdf_out(path: str, *, force: bool, db: str | None = None) -> Path:
    """Where to write a PDF: refused if it exists (without ``--force``) or its folder does not,
    and, whatever ``--force`` says, if it is part of the record — the database ``db`` names,
    its companions, any Ethics Desk database or backup, the key folder (before the database is
    opened: nothing is written)."""
    if not path.strip():
        raise UsageError("Say where to write the PDF with --out FILE.pdf.")
    refuse_unc_here(path, "PDF")
    out = Path(path).expanduser()
    if out.is_dir():
        raise UserError(f"{out} is a folder.", "Give the name of the PDF file to write in it.")
    refuse_record_target(out, db)
    if out.exists() and not force:
        raise UserError(f"{out} already exists.", "Give another file, or --force to replace it.")
    if not out.parent.is_dir():
        raise UserError(f"There is no folder {out.parent} to write the PDF in.",
                        "Create the folder first.")
    return out


def refuse_unc_here(path: str, what: str) -> None:
    """Refuse a Windows network path (``\\\\server\\share``, ``//server/share``) where it is not
    one: on POSIX it would name folders at the root of the disk."""
    from ethics_desk.storage.network_share import is_unc
    from ethics_desk.storage.private_files import on_windows

    if "://" not in path and not on_windows() and is_unc(path):
        raise UserError(f"“{path}” is a Windows network path (UNC); on this computer it would "
                        "be a folder at the root of the disk, so the "
                        f"{what} does not go there.",
                        "Mount the share and give its local path (e.g. /mnt/share/…).")


class ProgressLine:
    """Which step of a long command runs now, on one line of the terminal rewritten in place
    ("Checking: the journal…"), cleared when the command is done. Written only to a terminal:
    where standard error is a file or a pipe (a log, a scheduled task) the command's own lines
    say it all, and nothing is added to them."""

    def __init__(self, doing: str, stream: TextIO | None = None) -> None:
        self.doing = doing
        self.stream = stream if stream is not None else sys.stderr
        self.shown = False
        self.steps: list[str] = []
        self._width = 0  # what the line took last: rewritten over with spaces (no escape
        # sequences, which an older Windows console prints as they are)

    def on_terminal(self) -> bool:
        """Whether the line is shown (standard error is a terminal)."""
        isatty = getattr(self.stream, "isatty", None)
        return bool(isatty is not None and isatty())

    def __call__(self, step: str) -> None:
        """Say that ``step`` runs now."""
        self.steps.append(step)
        if not self.on_terminal():
            return
        line = f"{self.doing}: {step}…"[:79]
        self.stream.write("\r" + line.ljust(self._width))
        self.stream.flush()
        self._width = len(line)
        self.shown = True

    def end(self) -> None:
        """Take the line away (the results follow on their own lines)."""
        if self.shown:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self.shown = False
