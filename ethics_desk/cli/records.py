"""``ethics-desk check``, ``backup``, ``restore``, ``repair-search``, ``migrate-to`` and ``server
setup``: the record's safety net, for IT and the Administrator. None of them ever writes over
the record: each path written to is checked first (:mod:`ethics_desk.storage.write_targets`)."""

from __future__ import annotations

import argparse
import os
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ethics_desk.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    PASSWORD_ENV,
    PROG,
    USER_ENV,
    ProgressLine,
    UsageError,
    allowed,
    ask_new_password,
    ask_password,
    clock_of,
    db_arg,
    fail,
    note,
    on_record,
    open_as_it_is,
    open_for_writing,
    open_to_change,
    os_login,
    receives_every_case,
    refuse_record_target,
    refuse_unc_here,
    signed_in_for,
    signs_in,
)
from ethics_desk.core.clock import file_stamp
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act

# Each command imports what it needs when it runs, so that starting the application (the
# default command) does not pay for the demonstration data, the integrity checks or Alembic.
if TYPE_CHECKING:
    from sqlalchemy.engine import URL

    from ethics_desk.core.account import Account
    from ethics_desk.storage.database import Database



@signs_in(Act.BACKUP_AND_CHECK, "Building the search index again", opening=open_to_change)
def cmd_repair_search(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``repair-search``: the search index built again (an Administrator's act)."""
    from ethics_desk.cases.search_repair import rebuild_search_index

    count = rebuild_search_index(database, account=account, clock=clock_of(args))
    print(f"The search index was built again: {count} case(s).")
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    """``check``: every check with ok/FAILED; exit 1 when one fails."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.maintenance.integrity import Anchor, run_checks
    from ethics_desk.storage.addresses import describe, sqlite_path
    from ethics_desk.storage.database import resolve_url
    from ethics_desk.storage.journal import key_missing_for_file, parse_anchor
    from ethics_desk.storage.record_anchor import lost_acts

    url = resolve_url(db_arg(args))
    path = sqlite_path(url)
    anchors = [Anchor(*parse_anchor(value), "given with --anchor") for value in args.anchor or ()]
    lost = lost_acts(path) if path is not None and path.is_file() else None
    if path is not None and path.is_file() and (_cannot_be_written(path) or lost is not None
                                                or key_missing_for_file(path) is not None):
        account = _verified_unrecorded(args, url, path)  # its sign-in could not be recorded
    else:
        database = open_as_it_is(args)
        try:
            account = signed_in_for(args, database, Act.BACKUP_AND_CHECK,
                                     "Checking the database")
        finally:
            database.dispose()
    if args.accept_lost_acts:
        return _accept_lost_acts(args, account)
    line = ProgressLine("Checking")
    try:
        results = run_checks(url, anchors, names_cases=receives_every_case(account),
                             progress=line)
    finally:
        line.end()
    print(f"Checking {describe(url)}")
    for result in results:
        mark = ("FAILED" if not result.ok else "not run" if result.not_run
                else "warning" if result.warning else "ok")
        print(f"  {mark:<7} {result.name}")
        for detail in result.details:
            print(f"          {detail}")
    failed = [r for r in results if not r.ok]
    warned = [r for r in results if r.ok and r.warning]
    not_run = [r for r in results if r.not_run]
    ran = len(results) - len(not_run)
    if not failed and path is not None:
        _remind_of_the_recovery_sheet(path)  # a failed check's one line is for IT
    if path is not None and key_missing_for_file(path) is None:
        # Without the key the journal cannot be verified here: that is this computer's lack,
        # not the file's damage, and the file is read-only here for it already.
        _mark_checked(path, [r.name for r in failed], clock_of(args)())
    if not failed:
        print(f"All {ran} checks hold."
              + (f" {len(not_run)} not run on this older schema revision until the database "
                 "is upgraded (opening it with this version does so, after a verified backup)."
                 if not_run else "")
              + (f" {len(warned)} warning(s) for the office: "
                 f"{'; '.join(r.name for r in warned)} (details above)." if warned else ""))
        return EXIT_OK
    return fail(f"{len(failed)} of {ran} checks FAILED: "
                 f"{'; '.join(r.name for r in failed)} (details above). Make a copy of the file "
                 "as it is and call IT: every desk opens it read-only until a check holds "
                 "again or a backup is restored.", status=EXIT_FAILED)


def _mark_checked(path: Path, failed: list[str], at: datetime) -> None:
    """After ``check`` of the SQLite file ``path``: a failed check recorded beside it (every
    desk then opens it read-only), a check that holds clearing that record
    (:mod:`ethics_desk.storage.read_only`). A folder that cannot be written keeps what it had,
    said on stderr."""
    from ethics_desk.storage.read_only import clear_failed_check, record_failed_check

    try:
        if failed:
            record_failed_check(path, failed, at=at)
        else:
            clear_failed_check(path)
    except OSError as exc:
        note(f"warning: the result of this check could not be recorded beside {path} "
              f"({exc.strerror or exc}); "
              + ("other desks may go on saving into it: tell them." if failed else
                 "the database stays read-only until it can be."))


def _accept_lost_acts(args: argparse.Namespace, account: Account) -> int:
    """``check --accept-lost-acts``: the Administrator accepts the acts the database lost
    (:func:`ethics_desk.maintenance.integrity.accept_lost_acts`, audited)."""
    from ethics_desk.maintenance.integrity import accept_lost_acts

    database = open_as_it_is(args)
    try:
        lost = accept_lost_acts(database, actor=account.display, clock=clock_of(args))
    finally:
        database.dispose()
    print(f"Accepted the loss of journal {lost.numbers} from {database.description} "
          f"(recorded in its audit trail, by {account.display}); it takes writes again.")
    return EXIT_OK


def _cannot_be_written(path: Path) -> bool:
    """Whether the SQLite file at ``path`` cannot be written here: its folder is read-only (a
    read-only share), its disk is full, or the file itself is read-only."""
    from ethics_desk.storage.sqlite_file import unwritable

    return unwritable(path.resolve().parent) is not None or not os.access(path, os.W_OK)


def _verified_unrecorded(args: argparse.Namespace, url: URL, path: Path) -> Account:
    """For ``check`` on a file that cannot be written: the Administrator's login and password
    verified without being recorded (:func:`ethics_desk.staff.accounts.verify_unrecorded`),
    said on stderr; the checks then read the file as it is."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.maintenance.integrity import read_only_database_engine
    from ethics_desk.staff.accounts import verify_unrecorded
    from ethics_desk.storage.database import Database
    from ethics_desk.storage.failures import translate_errors

    database = Database(url, read_only_database_engine(path))
    try:
        login = getattr(args, "user", None) or os.environ.get(USER_ENV) or os_login()
        password = ask_password(f"Password for {login}: ", PASSWORD_ENV)
        with translate_errors():
            account = verify_unrecorded(database, login, password, clock=clock_of(args))
    finally:
        database.dispose()
    allowed(account, Act.BACKUP_AND_CHECK, "Checking the database")
    from ethics_desk.storage.journal import key_missing_for_file
    from ethics_desk.storage.record_anchor import lost_acts

    why = ("this computer does not have its record key" if key_missing_for_file(path)
           else "it has lost committed acts and takes no writes" if lost_acts(path)
           else "it cannot be written here")
    note(f"For {path} {why}, so this sign-in of {account.display} could not be recorded in "
          "it; the checks read the file as it is.")
    return account


def cmd_backup(args: argparse.Namespace) -> int:
    """``backup DEST``: a verified copy of the SQLite file."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.maintenance.backup import BACKED_UP, backup_sqlite
    from ethics_desk.storage.addresses import sqlite_path
    from ethics_desk.storage.database import resolve_url

    url = resolve_url(db_arg(args))
    source = sqlite_path(url)
    if not args.dest.strip():
        raise UsageError(f"Say where the backup goes: {PROG} backup FOLDER or FILE.sqlite.")
    refuse_unc_here(args.dest, "backup")
    dest = Path(args.dest).expanduser()
    if not dest.exists() and (not dest.suffix or args.dest.endswith(("/", os.sep))):
        raise UserError(f"There is no folder {dest} to put the backup in.",
                        "Create the folder first, or give a file name ending in .sqlite.")
    refuse_record_target(dest, db_arg(args))  # before the sign-in is recorded
    database = open_as_it_is(args)
    try:
        account = signed_in_for(args, database, Act.BACKUP_AND_CHECK, "Backing up the database")
        on_record(args, database, account, BACKED_UP,
                   f"Took a backup of every record into {dest.name}", {"file": str(dest)})
        if source is None:
            return _backup_server(args, database, url, dest)
    finally:
        database.dispose()
    from ethics_desk.storage.journal import format_anchor, head_of_file

    line = ProgressLine("Backing up")
    try:
        report = backup_sqlite(source, dest, clock=clock_of(args), progress=line)
    finally:
        line.end()
    if report.removed:
        note(f"Removed what an interrupted backup had left in {report.path.parent}: "
              f"{', '.join(path.name for path in report.removed)}.")
    anchor = head_of_file(report.path)  # kept apart from the file, check --anchor proves it
    anchored = f"record anchor {format_anchor(anchor)}, " if anchor is not None else ""
    print(f"Backed up to {report.path}: {report.tables} tables, {report.rows} rows, "
          f"{report.size} bytes, {anchored}verified.")
    _remind_of_the_recovery_sheet(source)
    return EXIT_OK


def _remind_of_the_recovery_sheet(path: Path) -> None:
    """One line on stderr when the SQLite file's recovery sheet has never been made (and its
    key is here to make it)."""
    from ethics_desk.storage.journal import key_missing_for_file
    from ethics_desk.storage.recovery_sheet import reminder, sheet_missing_for_file

    if sheet_missing_for_file(path) is not None and key_missing_for_file(path) is None:
        note(f"warning: {reminder(f'{PROG} key sheet FILE.pdf')}")


def cmd_restore(args: argparse.Namespace) -> int:
    """``restore BACKUP``: what the backup holds, a question, then the verified restore."""
    from ethics_desk.maintenance.backup_description import describe_backup
    from ethics_desk.maintenance.restore import SERVER_REFUSAL, restore_backup, restore_target
    from ethics_desk.storage.addresses import sqlite_path
    from ethics_desk.storage.database import resolve_url

    if not args.backup.strip():
        raise UsageError(f"Say which backup to restore: {PROG} restore FILE.sqlite.")
    url = resolve_url(db_arg(args))
    target = sqlite_path(url)
    if target is None:
        raise SERVER_REFUSAL
    line = ProgressLine("Checking the backup")
    try:
        description = describe_backup(args.backup, progress=line)
    finally:
        line.end()
    refusal = description.refusal()
    if refusal is not None:
        raise refusal
    target = restore_target(target)
    if target == description.path:
        raise UserError(f"{target} is the database itself; it cannot be restored over itself.",
                        "Give the backup file, and the database with --db.")
    if not args.yes and not sys.stdin.isatty():
        raise UsageError("No terminal to ask whether to restore on, so nothing was restored. "
                         "Give --yes to restore without asking.")
    account = _restorer(args, target, description.path)
    print("\n".join(description.lines()))
    if not args.yes:
        answer = input(f"Restore this backup over {target}? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            return fail("Nothing was restored.", status=EXIT_FAILED)
    line = ProgressLine("Restoring")
    try:
        report = restore_backup(description.path, target, clock=clock_of(args),
                                actor=account.display, progress=line)
    finally:
        line.end()
    print("\n".join(report.lines()))
    return EXIT_OK


def _restorer(args: argparse.Namespace, target: Path, backup: Path) -> Account:
    """The Administrator restoring: signed in to the database as it is; or, where there is no
    database yet, an Administrator of the backup, verified without being recorded (the backup
    is never written, and the restore's own record names them)."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.maintenance.integrity import read_only_database_engine
    from ethics_desk.staff.accounts import verify_unrecorded
    from ethics_desk.storage.database import Database
    from ethics_desk.storage.failures import translate_errors
    from ethics_desk.storage.record_anchor import lost_acts

    doing = "Restoring a backup"
    if target.exists() and target.stat().st_size and lost_acts(target) is not None:
        from sqlalchemy.engine import URL as FileURL

        return _verified_unrecorded(args, FileURL.create("sqlite", database=str(target)), target)
    if target.exists() and target.stat().st_size:
        from ethics_desk.maintenance.backup_description import DESCRIBED

        database = open_as_it_is(args)
        try:
            account = signed_in_for(args, database, Act.BACKUP_AND_CHECK, doing)
            on_record(args, database, account, DESCRIBED,  # before it is shown
                       f"Looked at what the backup {backup.name} holds, to restore it",
                       {"file": str(backup)})
            return account
        finally:
            database.dispose()
    from sqlalchemy.engine import URL

    database = Database(URL.create("sqlite", database=str(backup)),
                        read_only_database_engine(backup))
    try:
        login = getattr(args, "user", None) or os.environ.get(USER_ENV) or os_login()
        password = ask_password(f"Password for {login} (an Administrator of the backup): ",
                             PASSWORD_ENV)
        with translate_errors():
            account = verify_unrecorded(database, login, password, clock=clock_of(args))
    finally:
        database.dispose()
    allowed(account, Act.BACKUP_AND_CHECK, doing)
    note(f"There is no database at {target} yet: {account.display} signed in with the backup's "
          "account; the restore's audit record names them.")
    return account


def _backup_server(args: argparse.Namespace, database: Database, url: URL, dest: Path) -> int:
    """``backup DEST --db URL``: the server's records into a new SQLite file, verified."""
    from ethics_desk.maintenance.transfer import copy_records
    from ethics_desk.storage.addresses import describe

    if dest.is_dir():
        dest = dest / f"ethics-desk-{file_stamp(clock_of(args))}.sqlite"
    elif not dest.parent.exists():
        raise UserError(f"The folder {dest.parent} does not exist.",
                        "Create it first, or choose another destination.")
    line = ProgressLine("Backing up")
    try:
        report = copy_records(database, dest, progress=line)
    finally:
        line.end()
    print(f"Backed up {describe(url)} to {dest}: {report.tables} tables, {report.rows} rows "
          f"({report.audit_records} audit records), verified.")
    return EXIT_OK


def cmd_migrate_to(args: argparse.Namespace) -> int:
    """``migrate-to URL``: every record into a new server database, verified."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.maintenance.transfer import copy_records

    if not args.target.strip():
        raise UsageError(f"Say where the records go: {PROG} migrate-to "
                         "postgresql+psycopg://owner@server/ethics.")
    refuse_unc_here(args.target, "copy")
    database = open_for_writing(args)  # an older file is brought to this version first
    try:
        signed_in_for(args, database, Act.BACKUP_AND_CHECK,
                       "Moving the records to a server")
        line = ProgressLine("Moving the records")
        try:
            report = copy_records(database, args.target, progress=line)
        finally:
            line.end()
    finally:
        database.dispose()
    print(f"Copied {database.description} into {report.target}: {report.tables} tables, "
          f"{report.rows} rows ({report.audit_records} audit records); every count and the "
          "audit chain match. Point the workstations at the server (--db, ETHICS_DESK_DB or "
          "the machine-wide setting; see the IT guide, docs/it/server.md) and keep the file as it is, as "
          "the record of the move.")
    return EXIT_OK


def cmd_server_setup(args: argparse.Namespace) -> int:
    """``server setup URL``: the schema created or upgraded, the workstations' rights granted."""
    from ethics_desk.maintenance.server import setup_server
    from ethics_desk.storage.addresses import describe
    from ethics_desk.storage.database import resolve_url

    url = resolve_url(args.url)
    first = None
    if args.first_administrator:
        if args.convert_office:
            raise UsageError("--first-administrator is for a new office, --convert-office for "
                             "one with accounts; give one of them.")
        name = args.name or (input(f"Full name of {args.first_administrator}: ")
                             if sys.stdin.isatty() else args.first_administrator)
        first = (args.first_administrator, name, ask_new_password(args.first_administrator))
    report = setup_server(url, clock=clock_of(args), backup_folder=Path(args.backup_folder),
                          workstations=args.workstations, first_administrator=first,
                          convert=args.convert_office)
    where = describe(url)
    if report.before is None:
        print(f"Created the Ethics Desk schema (revision {report.after}) on {where}.")
    elif report.before != report.after:
        print(f"Upgraded {where} from revision {report.before} to {report.after}, after a "
              f"verified copy of every record in {report.backup}.")
    else:
        print(f"{where} is already at revision {report.after}; nothing to upgrade.")
    if report.first_administrator:
        print(f"{report.first_administrator} is the office's first Administrator; they sign "
              "in as their own role on the server.")
    if report.converted:
        print("Each person's temporary password (shown this once; give it to them in person — "
              "they choose their own at the first sign-in):")
        for login, temporary in report.converted:
            print(f"  {login:20} {temporary}")
    elif args.convert_office:
        print("Every account was already its person's own role; nothing to convert.")
    if report.workstations:
        print(f"The role {report.workstations} has no right on this database any more; drop "
              "it once no other database needs it, and remove its password from every desk.")
    return EXIT_OK
