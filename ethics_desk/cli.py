"""The ``ethics-desk`` command: the window by default, and the office's admin commands.

``ethics-desk`` alone opens the application. The commands answer the questions a clerk or IT
asks outside the window: when is something due (``due``), which days are closed (``calendar``),
close or reopen the offices on a day (``closure``), build a demonstration database (``demo``),
is the database sound (``check``), make a verified copy (``backup``) or put one back
(``restore``), preview a document
for a case (``letter``), and write the Board packet for a meeting (``packet``).

Every command takes ``--db`` (a file path or a SQLAlchemy URL); without it, ``ETHICS_DESK_DB``;
without that, the machine-wide setting office IT made (:mod:`ethics_desk.storage.location`);
without that, the file in the user's data folder. An error is one line on stderr,
``ethics-desk: <problem> <fix>``, with exit status 2; a failed ``check`` exits with 1.

**Who is at the command line.** Every command that shows case content or changes anything signs
in first (``--user LOGIN``, else ``ETHICS_DESK_USER``, else the operating-system login; the
password typed at a prompt or read from ``ETHICS_DESK_PASSWORD``), and the signed-in account is
the actor of every audit record it makes. Each command then asks the permission table
(:mod:`ethics_desk.core.permissions`) whether the account's role may do its act, and refuses
naming who may. A case the account does not receive (:mod:`ethics_desk.staff.scope`) is
answered exactly as a case number that does not exist, § 2-83(h)(1). ``due``, ``calendar``,
``letter --list``, ``--version`` and ``--help`` show no case and change nothing; ``demo`` only
builds a new demonstration database with its accounts; ``server setup`` is run by IT as the
server role that owns the database, whose own login authenticates it: none of these signs in.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import getpass
import os
import sys
from collections.abc import Callable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

from ethics_desk import __version__
from ethics_desk.core.clock import Clock, file_stamp, system_clock, today
from ethics_desk.core.errors import NotAllowed, StorageError, UserError
from ethics_desk.core.roles import Role

# Each command imports what it needs when it runs, so that starting the application (the
# default command) does not pay for the demonstration data, the integrity checks or Alembic.
if TYPE_CHECKING:
    from sqlalchemy.engine import URL

    from ethics_desk.core.account import Account
    from ethics_desk.core.permissions import Act
    from ethics_desk.deadlines import BusinessCalendar
    from ethics_desk.deadlines.closures import CalendarChange
    from ethics_desk.storage.database import Database

DB_ENV = "ETHICS_DESK_DB"  # the same name as ethics_desk.storage.database.DB_ENV (checked by a test)

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


class _Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes become one line (``ethics-desk: …``), not a usage dump."""

    def error(self, message: str) -> NoReturn:
        """Raise instead of printing the usage and exiting."""
        raise UsageError(f"{message[:1].upper()}{message[1:]}. "
                         f"See “{self.prog} --help”.")


# -- arguments ------------------------------------------------------------------------------


def parse_day(text: str, what: str) -> date:
    """A date typed on the command line — strictly ``YYYY-MM-DD``, within the years
    :data:`ethics_desk.core.dates.YEARS` — or a message naming the argument and the form."""
    from ethics_desk.core.dates import DateTypingError, parse_iso_date

    try:
        return parse_iso_date(text)
    except DateTypingError as exc:
        raise UsageError(f"{what} {exc}") from None


def _day_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"“{text}” is not a whole number of business days "
                                         f"(0 to {MAX_DAYS})") from None
    if not 0 <= count <= MAX_DAYS:
        raise argparse.ArgumentTypeError(f"the number of business days must be from 0 to "
                                         f"{MAX_DAYS}, not {count}")
    return count


def _year(text: str) -> int:
    try:
        year = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"“{text}” is not a year such as 2027") from None
    from ethics_desk.core.dates import FIRST_YEAR, LAST_YEAR

    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise argparse.ArgumentTypeError(f"the year must be from {FIRST_YEAR} to {LAST_YEAR}, "
                                         f"not {year}")
    return year


def build_parser() -> argparse.ArgumentParser:
    """The command line, with a help text for every command."""
    db_option = _Parser(add_help=False)
    db_option.add_argument(
        "--db", metavar="DB", default=argparse.SUPPRESS,
        help="the database: a file path or a SQLAlchemy URL (default: $ETHICS_DESK_DB, else "
             "the machine-wide setting IT made, else the file in your data folder)")
    calendar_option = _Parser(add_help=False)
    calendar_option.add_argument(
        "--calendar", choices=("city", "state"), default="city",
        help="city: the City of San Antonio's business days, for every § 2-83 clock (default); "
             "state: the State of Texas's, for the Public Information Act")

    signin_option = _Parser(add_help=False)
    signin_option.add_argument(
        "--user", metavar="LOGIN", default=argparse.SUPPRESS,
        help=f"your login (default: ${USER_ENV}, else the operating-system login); the password "
             f"is asked for, or read from ${PASSWORD_ENV} for scripts and scheduled jobs")
    signed_in = [db_option, signin_option]

    parser = _Parser(
        prog=PROG, parents=[db_option], formatter_class=argparse.RawDescriptionHelpFormatter,
        description="The City Clerk's desk for sworn ethics complaints under City Code § 2-83.\n"
                    "Without a command, opens the application window; each command below has "
                    "its own --help.\n\n"
                    "Every command that shows a case or changes anything signs you in first:\n"
                    f"--user LOGIN (default ${USER_ENV}, else your operating-system login), "
                    "the password\n"
                    f"typed at the prompt or read from ${PASSWORD_ENV}. On a database without "
                    "any account,\n"
                    "that first sign-in creates its Administrator. due, calendar, letter --list, "
                    "demo and\n"
                    "server setup need no sign-in.",
        epilog="examples:\n"
               "  ethics-desk                      open the application window\n"
               "  ethics-desk due 2026-11-24 10    ten business days after 24 November 2026\n"
               "  ethics-desk calendar 2027        the City's closed weekdays in 2027\n"
               "  ethics-desk closure add 2027-04-23 \"Fiesta San Jacinto Day\" --kind fiesta\n"
               "  ethics-desk check                is the database sound?\n"
               "  ethics-desk backup D:\\Backups    a verified, dated copy")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument("--quit-when-ready", action="store_true",
                        help="open the window and quit as soon as it is ready (a start-up test)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    due = commands.add_parser(
        "due", parents=[db_option, calendar_option],
        help="the date N business days after START, with how it was counted",
        description="The due date N business days after START (the start day is not counted; "
                    "Code Construction Act § 311.014), on the City calendar with the office's "
                    "closures from the database if there is one. The first line is the date "
                    "(YYYY-MM-DD); the lines after it explain the count. Needs no sign-in: it "
                    "shows no case and changes nothing.")
    due.add_argument("start", metavar="START", help="the day of the triggering event, YYYY-MM-DD")
    due.add_argument("days", metavar="N", type=_day_count,
                     help=f"the number of business days, 0 to {MAX_DAYS}")
    due.set_defaults(handler=_cmd_due)

    calendar = commands.add_parser(
        "calendar", parents=[db_option, calendar_option],
        help="the weekdays of a year that are not business days",
        description="Every weekday of YEAR on which the offices are closed, one "
                    "“YYYY-MM-DD name” a line: the calendar's holidays and the office's closures. "
                    "Warns when a day the office must set each year (Fiesta San Jacinto Day) is "
                    "not set. Needs no sign-in: it shows no case and changes nothing.")
    calendar.add_argument("year", metavar="YEAR", type=_year, help="the year, e.g. 2027")
    calendar.set_defaults(handler=_cmd_calendar)

    closure = commands.add_parser(
        "closure", help="close or reopen the offices on a day (audited; open deadlines move)",
        description="Add or remove a closure set by the office (Fiesta San Jacinto Day, a "
                    "winter-holiday or weather closure). The change is audited and every open "
                    "deadline is recomputed; the deadlines that move are listed. For the City "
                    "Clerk's staff, signed in (--user).")
    actions = closure.add_subparsers(dest="action", metavar="ACTION", title="actions")
    add = actions.add_parser(
        "add", parents=[*signed_in, calendar_option], help="close the offices on DATE",
        description="Close the offices on DATE: saved, audited, open deadlines recomputed.")
    add.add_argument("day", metavar="DATE", help="the day, YYYY-MM-DD")
    add.add_argument("name", metavar="NAME",
                     help="its name as deadline explanations show it, e.g. \"Winter weather "
                          "closure\"")
    add.add_argument("--kind", choices=("closure", "fiesta"), default="closure",
                     help="fiesta for Fiesta San Jacinto Day (one Friday a year); otherwise "
                          "closure (default)")
    add.set_defaults(handler=_cmd_closure_add)
    remove = actions.add_parser(
        "remove", parents=[*signed_in, calendar_option],
        help="reopen the offices on DATE (a closure the office set)",
        description="Remove a closure the office set: audited, open deadlines recomputed. "
                    "The calendar's rule holidays cannot be removed.")
    remove.add_argument("day", metavar="DATE", help="the day, YYYY-MM-DD")
    remove.set_defaults(handler=_cmd_closure_remove)

    provisions = commands.add_parser(
        "provisions", help="the catalogue of provisions a complaint can cite (§ 2-83(c)(5))",
        description="List the provisions of the Ethics Code and the Campaign Finance Code the "
                    "intake offers, with the dates they were law, or load a revised catalogue.")
    provision_actions = provisions.add_subparsers(dest="action", metavar="ACTION",
                                                  title="actions")
    listing = provision_actions.add_parser(
        "list", parents=[db_option], help="list the provisions (those in force on a day)",
        description="List the catalogue; with --on, only the provisions in force that day. "
                    "Needs no sign-in: the catalogue is public law.")
    listing.add_argument("--on", metavar="DATE", help="only those in force on DATE, YYYY-MM-DD")
    listing.set_defaults(handler=_cmd_provisions_list)
    load = provision_actions.add_parser(
        "load", parents=signed_in, help="load a revised catalogue (audited)",
        description="Bring the catalogue up to a revised CSV file (columns code, section, "
                    "title, division, effective, note, and optionally repealed): new sections "
                    "are added, changed ones revised, and sections the file leaves out are "
                    "recorded as repealed on --repealed-on (never deleted: complaints cite "
                    "them). For the City Clerk's staff, signed in (--user).")
    load.add_argument("file", metavar="FILE.csv", help="the revised catalogue")
    load.add_argument("--repealed-on", metavar="DATE",
                      help="the day the sections the file leaves out were repealed")
    load.set_defaults(handler=_cmd_provisions_load)

    demo = commands.add_parser(
        "demo", parents=[db_option],
        help="build a demonstration database (give a separate file with --db)",
        description="Fill an empty database with about forty realistic, fictitious complaints "
                    "in every state of the § 2-83 process, made through the workflow like real "
                    "ones, with one account per role named after it (clerk, auditor, attorney, "
                    "chair, vicechair, member, records, admin), password “demo”. Refuses a "
                    "database that already has complaints, and the office's own default "
                    "database: give a separate file with --db. Needs no sign-in: it only builds "
                    "a new demonstration database and its accounts.")
    demo.set_defaults(handler=_cmd_demo)

    check = commands.add_parser(
        "check", parents=signed_in,
        help="check the database: file integrity, schema, audit trail, deadlines",
        description="For an Administrator, signed in (--user). Check the database without "
                    "changing it (only the sign-in is recorded): SQLite integrity and references, "
                    "the schema revision, the audit trail's hash chain, the record's journal "
                    "(its keyed chain, every row against it, every paper and exhibit re-hashed, "
                    "its triggers, the anchors given), and that every open "
                    "deadline falls on a business day of the current calendars. Exit status 0 "
                    "when every check holds, 1 when one fails.")
    check.add_argument("--anchor", action="append", metavar="SEQ:MAC",
                       help="a record anchor (printed by backup and on each Board packet) the "
                            "journal must still hold; may be given more than once")
    check.add_argument("--accept-lost-acts", action="store_true",
                       help="when check reports committed acts lost from the database (its "
                            "journal behind the record anchor beside the file), accept the "
                            "loss instead of restoring a backup: audited, naming the lost "
                            "records; the database then takes writes again")
    check.set_defaults(handler=_cmd_check)

    repair_search = commands.add_parser(
        "repair-search", parents=signed_in,
        help="build the search index again from the cases (when check says it disagrees)",
        description="For an Administrator, signed in (--user). Build the inbox's search index "
                    "again from the cases' own numbers and names, in one transaction, audited. "
                    "Run it when ethics-desk check reports that the search index does not hold "
                    "what the cases hold.")
    repair_search.set_defaults(handler=_cmd_repair_search)

    backup = commands.add_parser(
        "backup", parents=signed_in, help="write a verified copy of the database",
        description="For an Administrator, signed in (--user). "
                    "Copy the database to DEST (a file, or a folder for a dated file) while "
                    "others may be working, then verify the copy (integrity, references, row "
                    "counts, audit chain). A SQLite file is copied as it is; a server's records "
                    "(--db postgresql+psycopg://…) are copied into a new SQLite file.")
    backup.add_argument("dest", metavar="DEST", help="the backup file, or a folder to put it in")
    backup.set_defaults(handler=_cmd_backup)

    restore = commands.add_parser(
        "restore", parents=signed_in, help="put a verified backup in place of the database",
        description="For an Administrator, signed in (--user). Show what BACKUP holds (when it "
                    "was taken, its schema, its records, whether every check holds on it), ask, "
                    "then put it in place of the database (--db): the database as it was is "
                    "kept beside it first (NAME.before-restore-STAMP.sqlite), the backup is "
                    "written in through SQLite (never copied over the file), every check must "
                    "then hold, and the restore is recorded in the audit trail. Close Ethics "
                    "Desk on this computer first. A backup of an older version is upgraded as "
                    "it is restored; a database that does not exist yet is made from the "
                    "backup (sign in then with an Administrator's account of the backup).")
    restore.add_argument("backup", metavar="BACKUP", help="the backup file (.sqlite)")
    restore.add_argument("--yes", action="store_true",
                         help="restore without asking (for scripts); otherwise you are asked")
    restore.set_defaults(handler=_cmd_restore)

    migrate_to = commands.add_parser(
        "migrate-to", parents=signed_in,
        help="move the office's records into a new, empty database on a server",
        description="For an Administrator, signed in (--user). "
                    "Copy every record of the database (--db, usually the office's SQLite "
                    "file) into URL, a new and empty database on the server (create it first, "
                    "e.g. with createdb). The schema is created there, every table copied, "
                    "and nothing is kept unless every table's row count and the audit chain "
                    "match on both sides. The source is left as it was.")
    migrate_to.add_argument("target", metavar="URL",
                            help="the new database, e.g. postgresql+psycopg://owner@server/ethics")
    migrate_to.set_defaults(handler=_cmd_migrate_to)

    server = commands.add_parser(
        "server", help="set up or upgrade the office's database server (IT)",
        description="The office's PostgreSQL database, shared by every workstation.")
    server_commands = server.add_subparsers(dest="server_command", metavar="ACTION",
                                            required=True)
    setup = server_commands.add_parser(
        "setup", help="create or upgrade the schema; make the first Administrator or convert "
                      "an office",
        description="Run as the role that owns the database (IT, once, and after each update "
                    "of Ethics Desk). Creates the schema on a new database, or upgrades an "
                    "older one after copying every record into a verified SQLite file in "
                    "--backup-folder; two setups at once take turns. Each person signs in as "
                    "their own server role, in their office role's group. With "
                    "--first-administrator LOGIN, makes the office's first Administrator "
                    "(name and password asked). With --convert-office, makes each account of "
                    "an office whose desks shared one role its person's own role, with a "
                    "temporary password printed once, to be changed at the first sign-in. "
                    "Needs no Ethics Desk sign-in: the server's own login of the owning role "
                    "authenticates it.")
    setup.add_argument("url", metavar="URL",
                       help="the office's database, e.g. postgresql+psycopg://owner@dbserver/ethics")
    setup.add_argument("--workstations", metavar="ROLE",
                       help="the shared workstations' role of old: every right of it on this "
                            "database is taken (REVOKE, CONNECT too); no role is granted "
                            "anything any more")
    setup.add_argument("--first-administrator", metavar="LOGIN",
                       help="make the office's first Administrator (name and password asked)")
    setup.add_argument("--name", help="the first Administrator's full name (default: asked, "
                                      "or the login where there is no terminal)")
    setup.add_argument("--convert-office", action="store_true",
                       help="make each account its person's own server role, with a "
                            "temporary password printed once")
    setup.add_argument("--backup-folder", metavar="DIR", default=".",
                       help="where the copy before an upgrade goes (default: this folder)")
    setup.set_defaults(handler=_cmd_server_setup)

    wording_command = commands.add_parser(
        "wording",
        help="the office's letter wording and Ethics Code enclosure, shared by every desk",
        description="The wording of the papers and the Ethics Code enclosure of § 2-83(e) are "
                    "kept in the database, so every desk prints the same letters (Settings → "
                    "Letter wording). “list” shows which papers use the office's wording; "
                    "“bring-in” stores the wording files this desk kept itself in earlier "
                    "versions (the templates folder in its data folder) and the enclosure file "
                    "it was set to, each checked first, audited. For the City Clerk's staff, "
                    "signed in (--user).")
    wording_actions = wording_command.add_subparsers(dest="wording_command", metavar="ACTION",
                                                     required=True)
    wording_actions.add_parser("list", parents=signed_in,
                               help="each paper and whose wording it prints in") \
        .set_defaults(handler=_cmd_wording_list)
    bring_in = wording_actions.add_parser(
        "bring-in", parents=signed_in,
        help="store this desk's old wording files and enclosure in the database")
    bring_in.add_argument("--folder", metavar="DIR",
                          help="the folder of wording files (default: this desk's old folder)")
    bring_in.set_defaults(handler=_cmd_wording_bring_in)

    user_command = commands.add_parser(
        "user", help="staff accounts: add, list, disable, reset, clear-delay (an Administrator)",
        description="Each person signs in with their own account and the role § 2-83 gives "
                    "them. An Administrator adds, lists, disables and resets accounts; an "
                    "account is never deleted, because the audit trail names it. On a database "
                    "without any account, the first sign-in creates its first Administrator. "
                    f"A new password is asked for twice, or read from {NEW_PASSWORD_ENV}.")
    user_actions = user_command.add_subparsers(dest="user_command", metavar="ACTION",
                                               required=True)
    user_add = user_actions.add_parser("add", parents=signed_in,
                                       help="create an account")
    user_add.add_argument("login", metavar="LOGIN", help="the new account's login, e.g. mortiz")
    user_add.add_argument("--name", required=True, help="the person's full name")
    user_add.add_argument("--role", required=True,
                          help="one of: " + ", ".join(r.value for r in Role))
    user_add.set_defaults(handler=_cmd_user_add)
    user_actions.add_parser("list", parents=signed_in,
                            help="every account, its role and whether it is disabled") \
        .set_defaults(handler=_cmd_user_list)
    user_actions.add_parser(
        "password", parents=signed_in,
        help="change your own password (also the one an Administrator reset), any role") \
        .set_defaults(handler=_cmd_user_password)
    key_command = commands.add_parser(
        "key", help="the record key of a SQLite database: export it, import it (office IT)",
        description="The journal of every change to a SQLite database is sealed with a key kept "
                    "outside the file, in this computer's credential store or a private key file. "
                    "The same database on another computer (a restored backup, a second desk) "
                    "needs the same key: an Administrator exports it on the computer that has it, "
                    "IT carries the file, and imports it on the other. The file is the key: keep "
                    "it as you would a password, and delete it once imported.")
    key_actions = key_command.add_subparsers(dest="key_command", metavar="ACTION", required=True)
    key_export = key_actions.add_parser("export", parents=signed_in,
                                        help="write the database's key into a new file")
    key_export.add_argument("file", metavar="FILE", help="the new file for the key")
    key_export.set_defaults(handler=_cmd_key_export)
    key_import = key_actions.add_parser(
        "import", parents=[db_option],
        help="keep the key in FILE (or typed from the recovery sheet) on this computer",
        description="Keep a record key on this computer: from FILE, written by “key export” "
                    "on the computer that has it; or, with --sheet, typed from the office's "
                    "recovery sheet (the key id, then each of the key's four lines with its "
                    "check: a mistyped line is named) or read from the sheet's PDF (--sheet "
                    "FILE.pdf).")
    key_import.add_argument("file", metavar="FILE", nargs="?",
                            help="the file “key export” wrote (with --sheet: the sheet's PDF)")
    key_import.add_argument("--sheet", action="store_true",
                            help="type the key from the recovery sheet (or give its PDF as FILE)")
    key_import.set_defaults(handler=_cmd_key_import)
    key_sheet = key_actions.add_parser(
        "sheet", parents=signed_in,
        help="write the recovery sheet (the key on one page, for the safe) to FILE.pdf",
        description="For an Administrator, signed in (--user). Write the recovery sheet of the "
                    "database's record key to the new file FILE.pdf: the key id and the key, "
                    "each line with a check, to be typed back with “key import --sheet” on a "
                    "new computer, the database's name and the date, and what to do. Print it, "
                    "lock it away apart from the backups, and delete the file. Recorded in the "
                    "audit trail (never the key).")
    key_sheet.add_argument("file", metavar="FILE.pdf", help="the new PDF file")
    key_sheet.set_defaults(handler=_cmd_key_sheet)
    for action, text, handler in (
            ("disable", "stop an account from signing in (its records keep its name)",
             _cmd_user_disable),
            ("reset", "give an account a new password, to be changed at its next sign-in",
             _cmd_user_reset),
            ("clear-delay", "let an account try its password again at once, after wrong ones",
             _cmd_user_clear_delay)):
        one = user_actions.add_parser(action, parents=signed_in, help=text)
        one.add_argument("login", metavar="LOGIN")
        one.set_defaults(handler=handler)

    access = commands.add_parser(
        "access", parents=signed_in,
        help="who saw a case and when (its access history, § 2-83(h))",
        description="Every read of the case, oldest first: each opening of the case window, "
                    "preview, print, save, Board packet, attachment opened and paper issued, "
                    "with who and when. Looking is itself recorded. For the City Clerk's staff, "
                    "signed in (--user); a case you do not receive is answered as one that does "
                    "not exist (§ 2-83(h)(1)).")
    access.add_argument("case", metavar="CASE", help="the case number, e.g. ERB-2026-001")
    access.set_defaults(handler=_cmd_access)

    requests = commands.add_parser(
        "requests", parents=signed_in,
        help="the Public Information Act requests and their due dates (§ 2-83(h)(3))",
        description="The open requests under the Public Information Act (Gov't Code ch. 552), "
                    "the next due date first: each with its date of receipt, the requester, its "
                    "next clock on the State's business days (§§ 552.0031, 552.301, 552.221(d)) "
                    "and whether it touches a complaint pending under § 2-83(h)(1). --all adds "
                    "the closed ones, --explain each clock's counting. For the Records officer "
                    "and the City Attorney's Office, signed in (--user).")
    requests.add_argument("--all", action="store_true", help="closed requests too")
    requests.add_argument("--explain", action="store_true",
                          help="each clock with how its due date was counted")
    requests.set_defaults(handler=_cmd_requests)

    letter = commands.add_parser(
        "letter", parents=signed_in, help="preview a document for a case as a PDF",
        description="Render a preview of document KIND for case CASE to FILE.pdf (it is not "
                    "issued: nothing is recorded as sent). CASE is a case number such as "
                    "ERB-2026-001 or a draft's number. A kind that does not apply to the case's "
                    "state is refused. You sign in (--user): anyone who receives the case under "
                    "§ 2-83(d) may preview its papers, and the preview is recorded in the case's "
                    "history; a case you do not receive is answered as one that does not exist "
                    "(§ 2-83(h)(1)). --list lists the kinds and needs no sign-in.")
    letter.add_argument("case", metavar="CASE", nargs="?", help="the case number or draft number")
    letter.add_argument("kind", metavar="KIND", nargs="?", help="the document, see --list")
    letter.add_argument("--out", metavar="FILE.pdf", help="where to write the PDF")
    letter.add_argument("--recipient", metavar="N", type=int, default=1,
                        help="which recipient's copy, 1 for the first (default 1)")
    letter.add_argument("--force", action="store_true", help="replace FILE.pdf if it exists")
    letter.add_argument("--language", metavar="LANG", default="en",
                        help="the paper's language: en (English, the default) or es (Spanish, "
                             "for the papers that have a Spanish template)")
    letter.add_argument("--list", action="store_true",
                        help="list the kinds and exit (no sign-in: it shows no case)")
    letter.set_defaults(handler=_cmd_letter)

    packet = commands.add_parser(
        "packet", parents=signed_in, help="the Board packet for a meeting, as one PDF",
        description="Write the Board packet for the meeting on --meeting to FILE.pdf: a cover "
                    "with the agenda, then a summary sheet for each case, every page marked "
                    "CONFIDENTIAL (§ 2-83(h)). Without --case, the cases on the meeting's "
                    "agenda (those before the Board, and any show-cause hearing that day). "
                    "Producing it is recorded in each case's history. For the City Clerk's "
                    "staff and the Board's members, signed in (--user): each gets only the cases "
                    "they receive (§ 2-83(d)), never one to which they are a party, and a --case "
                    "they do not receive is answered as one that does not exist (§ 2-83(h)(1)).")
    packet.add_argument("--meeting", metavar="YYYY-MM-DD", required=True,
                        help="the date of the Board's meeting")
    packet.add_argument("--case", metavar="NUMBER", action="append", default=[],
                        help="a case to include (repeat for several; default: the agenda)")
    packet.add_argument("--out", metavar="FILE.pdf", required=True, help="where to write the PDF")
    packet.add_argument("--force", action="store_true", help="replace FILE.pdf if it exists")
    packet.set_defaults(handler=_cmd_packet)

    retention = commands.add_parser(
        "retention", parents=signed_in,
        help="the complaint files eligible for disposal, and those held (the Records officer)",
        description="List the complaint files eligible for disposal today under the City's "
                    "retention schedule (Local Schedule GR, GR1000-24: the office's period "
                    "after resolution), then those held and why (Local Government Code "
                    "§ 202.002): case numbers and dates only. With --out, also write the "
                    "Records officer's paper, the list and the log of destruction, to "
                    "FILE.pdf. For the Records officer, signed in (--user); disposing of a "
                    "case is done on the Retention screen.")
    retention.add_argument("--out", metavar="FILE.pdf",
                           help="also write the list and the log of destruction as a PDF")
    retention.add_argument("--force", action="store_true", help="replace FILE.pdf if it exists")
    retention.set_defaults(handler=_cmd_retention)
    return parser


# -- entry point ----------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None, *, clock: Clock = system_clock) -> int:
    """Run the command line; returns the exit status (0 ok, 1 a check failed, 2 an error).

    ``clock`` is the one clock every command reads "now" and "today" from and stamps its acts
    with: the machine's, unless a caller (a test) gives another.
    """
    _never_fail_on_encoding(sys.stdout)
    _never_fail_on_encoding(sys.stderr)
    parser = build_parser()
    try:
        arguments = list(argv) if argv is not None else sys.argv[1:]
        _check_arguments(arguments)
        try:
            args = parser.parse_args(arguments)
        except SystemExit as exc:  # --help and --version print and "exit" here
            return exc.code if isinstance(exc.code, int) else EXIT_OK
        args.clock = clock
        if args.command is None:
            return _cmd_gui(args)
        handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
        if handler is None:  # "closure" without add/remove, "provisions" without list/load
            actions = "list or load" if args.command == "provisions" else "add or remove"
            raise UsageError(f"Say what to do: {PROG} {args.command} {actions}. "
                             f"See “{PROG} {args.command} --help”.")
        return handler(args)
    except UsageError as exc:
        return _fail(str(exc))
    except UserError as exc:
        return _fail(f"{exc.problem} {exc.fix}".strip())
    except BrokenPipeError:
        # The reader stopped (``ethics-desk demo | head``): not an error; silence the flush.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        return _fail(f"{exc.strerror or exc}{where}. Check the path and that you may read and "
                     "write there.")
    except KeyboardInterrupt:
        return _fail("Interrupted; nothing more was done.", status=130)
    except Exception as exc:
        problem = _storage_problem(exc)
        if problem is None:
            raise  # a bug: its traceback is what gets it fixed
        return _fail(f"{problem.problem} {problem.fix}".strip())


def _check_arguments(arguments: Sequence[str]) -> None:
    """Refuse an argument no file name, date or value can hold: a NUL character, or bytes that
    are not text (a lone surrogate: the terminal's encoding is not UTF-8)."""
    for argument in arguments:
        if "\0" in argument:
            shown = argument.replace("\0", "\\0")
            raise UsageError(f"The argument “{shown}” contains a NUL character (\\0), which no "
                             "file name or value may hold. Type it again without it.")
        try:
            argument.encode("utf-8")
        except UnicodeEncodeError:
            shown = argument.encode("utf-8", "replace").decode("utf-8")
            raise UsageError(f"The argument “{shown}” is not readable text (its bytes are not "
                             "UTF-8). Type it again, or set the terminal to UTF-8.") from None


def _storage_problem(exc: Exception) -> StorageError | None:
    """A database driver's failure that reached the command line untranslated, in the user's
    words (:func:`ethics_desk.storage.database.storage_error`); None for anything else."""
    if not type(exc).__module__.startswith(("sqlite3", "sqlalchemy")):
        return None
    from ethics_desk.storage.database import storage_error

    translated = storage_error(exc)
    return translated if isinstance(translated, StorageError) else None


def _note(message: str) -> None:
    """A line for the person at the terminal, on stderr: ``ethics-desk: <message>``."""
    print(f"{PROG}: {message}", file=sys.stderr)


def _fail(message: str, *, status: int = EXIT_USAGE) -> int:
    """One line on stderr: ``ethics-desk: <problem> <fix>``."""
    print(f"{PROG}: {' '.join(message.split())}", file=sys.stderr)
    return status


def _never_fail_on_encoding(stream: TextIO) -> None:
    """A console that cannot show "李" or "→" shows "?" rather than crash (Windows code pages)."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):  # a closed or unusual stream: leave it
            reconfigure(errors="replace")


# -- the database a command uses --------------------------------------------------------------


def _db_arg(args: argparse.Namespace) -> str | None:
    """``--db`` as typed (None when not given)."""
    value: str | None = getattr(args, "db", None)
    return value


def _clock(args: argparse.Namespace) -> Clock:
    """The command line's one clock (set by :func:`main`)."""
    clock: Clock = args.clock
    return clock


def _db_named(args: argparse.Namespace) -> bool:
    """Whether a database was named (``--db``, ``ETHICS_DESK_DB`` or the machine-wide setting)
    rather than the default."""
    from ethics_desk.storage.location import named_database

    return _db_arg(args) is not None or bool(named_database())


def _open_for_reading(args: argparse.Namespace) -> Database | None:
    """The database for ``due``/``calendar``, or None when the default one does not exist yet.

    Nothing is created or migrated: on a fresh machine the calendars are the rules alone.
    """
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage.database import resolve_url, sqlite_path

    url = resolve_url(_db_arg(args))
    path = sqlite_path(url)
    if path is not None and not path.exists() and not _db_named(args):
        return None
    return open_database(_db_arg(args), clock=_clock(args), create=False, migrate=False)


def _open_for_writing(args: argparse.Namespace) -> Database:
    """The database for a command that changes it (migrated, after a backup, if older).

    The default one is created on first use; a named one must exist, so that a mistyped --db
    does not silently start an empty database.
    """
    from ethics_desk.maintenance.opening import open_database

    return open_database(_db_arg(args), clock=_clock(args), create=not _db_named(args))


def _open_to_change(args: argparse.Namespace) -> Database:
    """The database for a command whose point is a change (:func:`_open_for_writing`), refused
    at once — before anyone signs in or types a password — while it takes no more data (damaged,
    a failed check: :mod:`ethics_desk.storage.read_only`), in the read-only mode's sentence. (The
    service refuses the change anyway; this says so before anything is asked.)"""
    database = _open_for_writing(args)
    reason = database.read_only_reason()
    if reason is not None:
        database.dispose()
        raise reason.error()
    return database


def _open_as_it_is(args: argparse.Namespace) -> Database:
    """The database for ``check`` and ``backup``: it must exist, and is neither created nor
    upgraded (the check reports the schema as it is; a backup copies it as it is)."""
    from ethics_desk.maintenance.opening import open_database

    return open_database(_db_arg(args), clock=_clock(args), create=False, migrate=False)


def _calendars(args: argparse.Namespace) -> tuple[BusinessCalendar, str]:
    """The calendar asked for, and a line saying where the office's closures came from."""
    from ethics_desk.deadlines import city_calendar, state_calendar
    from ethics_desk.deadlines.schedule import load_calendars
    from ethics_desk.storage.database import describe, resolve_url, translate_errors

    database = _open_for_reading(args)
    if database is None:
        calendar = city_calendar() if args.calendar == "city" else state_calendar()
        where = describe(resolve_url(_db_arg(args)))
        return calendar, (f"Office closures: none, because there is no database yet at {where}; "
                          "only the calendar's rules were used.")
    try:
        with translate_errors(), database.read_session() as session:
            calendars = load_calendars(session)
    finally:
        database.dispose()
    calendar = calendars.city if args.calendar == "city" else calendars.state
    return calendar, f"Office closures: as set in the database at {database.description}."


# -- commands -----------------------------------------------------------------------------------


def _cmd_gui(args: argparse.Namespace) -> int:
    """No command: open the application window."""
    try:
        from ethics_desk.ui.app import run_gui
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith(("ethics_desk.ui", "PySide6", "shiboken6")):
            raise
        return _fail(f"The application window cannot open: {exc}. Reinstall Ethics Desk; the "
                     f"commands still work (see “{PROG} --help”).", status=EXIT_FAILED)
    return run_gui(_db_arg(args), args.quit_when_ready, clock=_clock(args))


def _cmd_due(args: argparse.Namespace) -> int:
    """``due START N``: the due date, then how it was counted."""
    from ethics_desk.deadlines import CLOCKS, CountUnit, add_business_days, format_day

    start = parse_day(args.start, "START")
    calendar, closures = _calendars(args)
    try:
        due, skipped = add_business_days(calendar, start, args.days)
    except OverflowError:
        raise UserError(f"{args.days} business days after {start.isoformat()} is past "
                        f"{date.max.isoformat()}, the last day the calendar has.",
                        "Give an earlier START.") from None
    noun = "business day" if args.days == 1 else "business days"
    lines = [due.isoformat(),
             f"Due {format_day(due)}: {args.days} {noun} after {format_day(start)}, on the "
             f"{calendar.title} calendar ({calendar.name}).",
             "Counting: the start day is not counted; each business day after it counts, and the "
             "last one counted is the due date (Code Construction Act, Tex. Gov't Code "
             "§ 311.014). A business day is a weekday on which the offices are open."]
    if args.days == 0:
        lines.append("With 0 days the due date is the start day itself if it is a business day, "
                      "otherwise the next business day.")
    if skipped:
        lines.append("Not counted, because the offices were closed:")
        lines.extend(f"  - {format_day(s.day)}: {s.reason}" for s in skipped)
    else:
        lines.append("No day was skipped.")
    lines.append(closures)
    same = [f"{rule.title} ({rule.citation})" for rule in CLOCKS.values()
            if rule.unit is CountUnit.BUSINESS_DAYS and rule.length == args.days
            and rule.calendar == calendar.name and not rule.is_policy]
    if same:
        lines.append("Clocks of this length: " + "; ".join(same) + ".")
    print("\n".join(lines))
    years = list(range(start.year, due.year + 1))
    for year in years:
        for name in calendar.missing_required_days(year):
            _note(f"warning: {name} {year} is not set on the {calendar.name} calendar, so this "
                  f"count takes it as a business day; add it with: {PROG} closure add DATE "
                  f"\"{name}\" --kind fiesta")
    _fiesta_season_notes(calendar, years)
    return EXIT_OK


def _cmd_calendar(args: argparse.Namespace) -> int:
    """``calendar YEAR``: the closed weekdays, then a warning for any per-year day not set."""
    calendar, _closures = _calendars(args)
    for day, name in calendar.non_business_weekdays(args.year):
        print(f"{day.isoformat()} {name}")
    kinds = {required.name: required.kind.value for required in calendar.rules.required_days}
    for name in calendar.missing_required_days(args.year):
        _note(f"warning: {name} {args.year} is not set on the {calendar.name} calendar; add it "
              f"with: {PROG} closure add DATE \"{name}\" --kind {kinds.get(name, 'closure')}")
    _fiesta_season_notes(calendar, [args.year])
    return EXIT_OK


def _fiesta_season_notes(calendar: BusinessCalendar, years: list[int]) -> None:
    """Warn of a Fiesta San Jacinto Day set outside April and May in ``years``."""
    from ethics_desk.deadlines.calendar import DayKind
    from ethics_desk.deadlines.closures import fiesta_season_warning

    for closure in calendar.closures:
        if closure.day.year in years and closure.kind is DayKind.FIESTA:
            warning = fiesta_season_warning(closure.day)
            if warning is not None:
                _note(f"warning: {warning} Move it with: {PROG} closure remove "
                      f"{closure.day.isoformat()}, then closure add DATE \"{closure.name}\" "
                      "--kind fiesta")


def _print_change(database: Database, change: CalendarChange, account: Account) -> None:
    """The summary of a calendar change and each deadline it moved, by case number."""
    from sqlalchemy import select

    from ethics_desk.models import Complaint

    print(change.summary + ".")
    if not change.moved:
        return
    ids = {m.complaint_id for m in change.moved}
    with database.read_session() as session:
        numbers = {complaint_id: number for complaint_id, number in session.execute(
            select(Complaint.id, Complaint.case_number).where(Complaint.id.in_(ids)))}
    for moved in change.moved:
        print(f"{numbers.get(moved.complaint_id) or f'Draft {moved.complaint_id}'} "
              f"{moved.title} {moved.old_due.isoformat()} → {moved.new_due.isoformat()}")
    from ethics_desk.documents.stated_dates import made_wrong_by

    for paper in made_wrong_by(database, change.moved, saved=True, account=account):
        _note(f"warning: {paper.sentence()}; reissue it corrected from the case's Papers tab")


def _password(prompt: str, env: str) -> str:
    """A password from ``env`` (scripts, scheduled jobs) or typed at a prompt (not echoed)."""
    given = os.environ.get(env)
    if given is not None:
        return given
    if not sys.stdin.isatty():
        raise UsageError(f"No terminal to type the password in; give it in {env}.")
    return getpass.getpass(prompt)


def _new_password(login: str) -> str:
    """The new password of ``login``: from the environment, or typed twice."""
    if NEW_PASSWORD_ENV in os.environ:
        return os.environ[NEW_PASSWORD_ENV]
    first = _password(f"New password for {login}: ", NEW_PASSWORD_ENV)
    if _password("The same password again: ", NEW_PASSWORD_ENV) != first:
        raise UsageError("The two passwords differ; nothing was changed. Type them again.")
    return first


def _signed_in(args: argparse.Namespace, database: Database, *,
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
    from ethics_desk.storage.database import translate_errors

    with translate_errors():
        has_accounts_table = inspect(database.engine).has_table("staff_account")
    if not has_accounts_table:
        raise StorageError(f"{database.description} was written by an older version of Ethics "
                           "Desk, from before staff accounts: no one can sign in to it as it is.",
                           "Open it once with the application (it is backed up, then brought "
                           "up to date), then run the command again.")
    login = getattr(args, "user", None) or os.environ.get(USER_ENV) or _os_login()
    password = _password(f"Password for {login}: ", PASSWORD_ENV)
    with translate_errors():
        if needs_first_administrator(database):
            with database.read_session() as session:
                copy = copy_of_a_server(session)
            account = create_first_administrator(database, login, login, password,
                                                 clock=_clock(args))
            _note(f"This file is a copy of the office's server: {account.login} now signs in "
                  "to it with the password just given." if copy else
                  f"This database had no account: {account.login} is now its first "
                  "Administrator.")
            return account
        account = sign_in_at_desk(database, login, password, clock=_clock(args),
                          workstation=this_workstation())
    if changing_password:
        args.present_password = password  # checked just now; for the change, nowhere else
    if account.must_change_password and not changing_password:
        raise NotAllowed(f"The password of {account.display} was given by an Administrator; "
                         "choose your own before anything else.",
                         f"Run “{PROG} user password --user {account.login}” (or sign in at "
                         "the window, which asks for it), then the command again.")
    return account


def _signed_in_for(args: argparse.Namespace, database: Database, act: Act,
                   doing: str) -> Account:
    """The account signing in (:func:`_signed_in`), if the permission table lets its role do
    ``act`` (``doing`` says it in words, "Closing the offices on a day"); else
    :class:`NotAllowed`, naming who may. Checked before the command does anything else."""
    return _allowed(_signed_in(args, database), act, doing)


def _allowed(account: Account, act: Act, doing: str) -> Account:
    """``account`` if the permission table lets its role do ``act``; else :class:`NotAllowed`,
    naming who may (``doing`` says the act in words)."""
    from ethics_desk.staff.acting import allowed, refusal

    if not allowed(account, act):  # the services' own answer, with the command line's way out
        raise NotAllowed(refusal(account, act, doing).problem,
                         "Ask one of them to do it, or sign in as one of them with --user.")
    return account


def _os_login() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no login name (a service account)
        raise UsageError(f"Say who you are: --user LOGIN (or {USER_ENV}).") from None


def _cmd_key_export(args: argparse.Namespace) -> int:
    """``key export FILE``: the SQLite database's record key into a new, private file."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.storage import journal, record_key
    from ethics_desk.storage.database import sqlite_path, translate_errors

    _refuse_record_target(Path(args.file).expanduser(), _db_arg(args))  # before the sign-in
    database = _open_as_it_is(args)
    try:
        if sqlite_path(database.url) is None:
            raise UserError("A database server keeps its record key itself, in a table only "
                            "the owner role may read; there is nothing to export.",
                            "To move the server's records, use ethics-desk backup or migrate-to.")
        account = _signed_in_for(args, database, Act.BACKUP_AND_CHECK,
                                 "Exporting the record key")
        with translate_errors(), database.engine.connect() as conn:
            key_id = journal.key_id_of(conn)
        if key_id is not None:
            _on_record(args, database, account, record_key.KEY_EXPORTED,
                       f"Exported the record key {key_id} into a file",
                       {"key": key_id, "file": str(Path(args.file).expanduser())})
    finally:
        database.dispose()
    if key_id is None:
        raise UserError("This database has no record key yet.", "Open it once with this version.")
    record_key.export_key(key_id, Path(args.file).expanduser())
    print(f"The record key {key_id} is in {args.file}. It is the key: carry it to the other "
          "computer, run ethics-desk key import there, then delete the file.")
    return EXIT_OK


def _cmd_key_import(args: argparse.Namespace) -> int:
    """``key import FILE`` and ``key import --sheet [FILE.pdf]``: keep a record key here."""
    from ethics_desk.storage import record_key, recovery_sheet

    if not args.sheet:
        if not args.file:
            raise UsageError(f"Give the key file: {PROG} key import FILE, or type the recovery "
                             f"sheet with {PROG} key import --sheet.")
        key_id = record_key.import_key(Path(args.file).expanduser())
        print(f"The record key {key_id} is kept on this computer; the database it seals can be "
              "opened here. Delete the file now.")
        return EXIT_OK
    if args.file:
        key_id, key = recovery_sheet.read_sheet_pdf(Path(args.file).expanduser())
    else:
        key_id, key = _typed_sheet()
    recovery_sheet.import_from_sheet(key_id, key)
    print(f"The record key {key_id} is kept on this computer; the database it seals, and its "
          "backups, can be opened here. Put the recovery sheet back in the safe.")
    return EXIT_OK


def _typed_sheet() -> tuple[str, bytes]:
    """The key id and the key typed from the recovery sheet, line by line. At a terminal a
    line that does not match its check is named and asked again (the others are kept); from
    a script the first wrong line ends the command, named."""
    from ethics_desk.storage.recovery_sheet import (
        KEY_LINES,
        SheetError,
        read_id_line,
        read_key_line,
        read_sheet,
    )

    asking = sys.stdin.isatty()
    if asking:
        print("Type the recovery sheet's lines as printed: its groups, then the check.")

    def line(prompt: str, read: Callable[[str], str]) -> str:
        while True:
            try:
                typed = input(prompt)
            except EOFError:
                raise UsageError("The recovery sheet's lines ended before its last one; "
                                 "nothing was kept. Type the key id and the key's "
                                 f"{KEY_LINES} lines.") from None
            try:
                read(typed)
                return typed
            except SheetError as wrong:
                if not asking:
                    raise
                print(f"{wrong.problem} {wrong.fix}", file=sys.stderr)

    id_text = line("Key id: ", read_id_line)
    lines = [line(f"Line {n}: ", functools.partial(read_key_line, n))
             for n in range(1, KEY_LINES + 1)]
    return read_sheet(id_text, lines)


def _cmd_key_sheet(args: argparse.Namespace) -> int:
    """``key sheet FILE.pdf``: the recovery sheet, written private, recorded as made."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.maintenance.recovery_sheet import make_recovery_sheet

    dest = Path(args.file).expanduser()
    _refuse_unc_here(args.file, "recovery sheet")
    database = _open_as_it_is(args)
    try:
        account = _signed_in_for(args, database, Act.BACKUP_AND_CHECK,
                                 "Making the recovery sheet")
        made = make_recovery_sheet(database, dest, actor=account.display, clock=_clock(args))
    finally:
        database.dispose()
    print(f"The recovery sheet of the record key {made.key_id} is in {dest}. Print it, lock it "
          "away apart from the backups, then delete the file.")
    return EXIT_OK


def _cmd_user_add(args: argparse.Namespace) -> int:
    """``user add LOGIN --name NAME --role ROLE``."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.core.roles import role_named
    from ethics_desk.staff.accounts import add_account

    database = _open_to_change(args)
    try:
        role = role_named(args.role)
        by = _signed_in_for(args, database, Act.MANAGE_ACCOUNTS, "Adding an account")
        account = add_account(database, args.login, args.name, role,
                              _new_password(args.login), by=by, clock=_clock(args))
        print(f"Created {account.display}, {account.role.label}; they choose their own "
              "password at their first sign-in.")
    finally:
        database.dispose()
    return EXIT_OK


def _cmd_user_list(args: argparse.Namespace) -> int:
    """``user list``."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.staff.accounts import list_accounts

    database = _open_for_writing(args)
    try:
        _signed_in_for(args, database, Act.MANAGE_ACCOUNTS, "Listing the accounts")
        for account in list_accounts(database):
            state = " (disabled)" if account.disabled else ""
            print(f"{account.login:20} {account.name} — {account.role.label}{state}")
    finally:
        database.dispose()
    return EXIT_OK


def _cmd_user_disable(args: argparse.Namespace) -> int:
    """``user disable LOGIN``."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.staff.accounts import disable_account

    database = _open_to_change(args)
    try:
        by = _signed_in_for(args, database, Act.MANAGE_ACCOUNTS, "Disabling an account")
        account = disable_account(database, args.login, by=by, clock=_clock(args))
        print(f"{account.display} can no longer sign in.")
    finally:
        database.dispose()
    return EXIT_OK


def _cmd_user_reset(args: argparse.Namespace) -> int:
    """``user reset LOGIN``."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.staff.accounts import reset_password

    database = _open_to_change(args)
    try:
        by = _signed_in_for(args, database, Act.MANAGE_ACCOUNTS, "Resetting a password")
        account = reset_password(database, args.login, _new_password(args.login), by=by,
                                 clock=_clock(args))
        print(f"{account.display} has a new password and may sign in at once"
              + ("; they choose their own at their next sign-in." if
                 account.must_change_password else "."))
    finally:
        database.dispose()
    return EXIT_OK


def _cmd_user_clear_delay(args: argparse.Namespace) -> int:
    """``user clear-delay LOGIN``: the account's login need not wait after wrong passwords."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.staff.accounts import clear_delay

    database = _open_to_change(args)
    try:
        by = _signed_in_for(args, database, Act.MANAGE_ACCOUNTS, "Clearing a sign-in delay")
        account = clear_delay(database, args.login, by=by, clock=_clock(args))
        print(f"{account.display} may try their password again at once.")
    finally:
        database.dispose()
    return EXIT_OK


def _cmd_user_password(args: argparse.Namespace) -> int:
    """``user password``: the signed-in person's own new password (typed twice, or
    ``ETHICS_DESK_NEW_PASSWORD``)."""
    from ethics_desk.staff.accounts import change_own_password

    database = _open_to_change(args)
    try:
        account = _signed_in(args, database, changing_password=True)
        changed = change_own_password(database, account, args.present_password,
                                      _new_password(account.login), clock=_clock(args))
        print(f"{changed.display} has a new password.")
    finally:
        database.dispose()
    return EXIT_OK


def _cmd_access(args: argparse.Namespace) -> int:
    """``access CASE``: the case's access history."""
    from ethics_desk.cases.access import access_history
    from ethics_desk.core.office_time import stamp
    from ethics_desk.core.permissions import Act
    from ethics_desk.documents.kinds import find_case
    from ethics_desk.office import settings

    database = _open_for_writing(args)
    try:
        account = _signed_in_for(args, database, Act.ACCESS_HISTORY,
                                 "The access history of a case (§ 2-83(h))")
        case_id = find_case(database, args.case, account=account)  # § 2-83(h)(1)
        lines = access_history(database, case_id, account=account, clock=_clock(args))
        with database.read_session() as session:
            zone = settings.time_zone(session)  # the office's time, not this computer's
    finally:
        database.dispose()
    for line in lines:
        print(f"{stamp(line.at, zone, with_zone=False)}  {line.actor:24}  {line.summary}")
    return EXIT_OK


def _cmd_requests(args: argparse.Namespace) -> int:
    """``requests``: the Public Information Act requests with their due dates."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.public_information import list_requests
    from ethics_desk.public_information.log import summaries

    database = _open_for_writing(args)
    try:
        account = _signed_in_for(args, database, Act.PUBLIC_INFORMATION,
                                 "The Public Information Act requests (§ 2-83(h)(3))")
        views = list_requests(database, account=account, include_closed=args.all)
    finally:
        database.dispose()
    if not views:
        print("No open request." if not args.all else "No request.")
    for view, line in zip(views, summaries(views), strict=True):
        print(line)
        if args.explain:
            for clock in view.clocks:
                print("    " + clock.explain().replace("\n", "\n    "))
    return EXIT_OK


def _cmd_wording_list(args: argparse.Namespace) -> int:
    """``wording list``: each paper's wording and the enclosure, as every desk prints them."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.documents.wording import read_enclosure, wording_entries

    database = _open_for_writing(args)
    try:
        _signed_in_for(args, database, Act.EDIT_WORDING, "The office's letter wording")
        for entry in wording_entries(database):
            whose = (f"office's wording ({entry.changed_by}, {entry.changed_at:%Y-%m-%d})"
                     if entry.office and entry.changed_at else "shipped wording")
            print(f"{entry.file_name:32} {entry.title} ({entry.language.label}): {whose}")
        enclosed = read_enclosure(database)
        print(f"{'Ethics Code enclosure':32} " + (
            "the shipped PLACEHOLDER (store the Code in Settings)" if enclosed.placeholder
            else f"{enclosed.label}, {enclosed.pages} pages"
            + ("" if enclosed.sha256 else " (a file path set at one desk; store it in "
                                          "Settings or run “wording bring-in” there)")))
    finally:
        database.dispose()
    return EXIT_OK


def _cmd_wording_bring_in(args: argparse.Namespace) -> int:
    """``wording bring-in [--folder DIR]``."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.documents.wording import bring_in_this_desk

    database = _open_to_change(args)
    try:
        account = _signed_in_for(args, database, Act.EDIT_WORDING,
                                 "Storing the office's letter wording")
        folder = Path(args.folder).expanduser() if args.folder is not None else None
        if folder is not None and not folder.is_dir():
            raise UserError(f"There is no folder {args.folder} of wording files"
                            + (" (it is a file)." if folder.exists() else "."),
                            "Give the folder that holds them, or leave out --folder for this "
                            "desk's old folder.")
        done = bring_in_this_desk(database, account=account, clock=_clock(args),
                                  folder=folder)
        print(f"Stored in the office's database: {', '.join(done)}." if done else
              "Nothing to bring in: this desk has no wording files or enclosure of its own "
              "that the database does not already hold.")
    finally:
        database.dispose()
    return EXIT_OK


def _cmd_closure_add(args: argparse.Namespace) -> int:
    """``closure add DATE NAME``."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.deadlines.closures import add_closure, fiesta_season_warning

    day = parse_day(args.day, "DATE")
    database = _open_to_change(args)
    try:
        account = _signed_in_for(args, database, Act.EDIT_CALENDAR,
                                 "Closing the offices on a day")
        change = add_closure(database, day, args.name, account=account,
                             clock=_clock(args), calendar=args.calendar, kind=args.kind)
        _print_change(database, change, account)
        season = fiesta_season_warning(day) if args.kind == "fiesta" else None
        if season is not None:
            _note(f"warning: {season}")
    finally:
        database.dispose()
    return EXIT_OK


def _cmd_closure_remove(args: argparse.Namespace) -> int:
    """``closure remove DATE``."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.deadlines.closures import remove_closure

    day = parse_day(args.day, "DATE")
    database = _open_to_change(args)
    try:
        account = _signed_in_for(args, database, Act.EDIT_CALENDAR,
                                 "Reopening the offices on a day")
        change = remove_closure(database, day, account=account, clock=_clock(args),
                                calendar=args.calendar)
        _print_change(database, change, account)
    finally:
        database.dispose()
    return EXIT_OK


def _cmd_provisions_list(args: argparse.Namespace) -> int:
    """``provisions list [--on DATE]``."""
    from ethics_desk.intake.catalogue import provision_choices
    from ethics_desk.storage.database import translate_errors

    on = parse_day(args.on, "--on") if args.on else None
    database = _open_for_reading(args)
    if database is None:
        raise UserError("There is no database here yet, so there is no catalogue to list.",
                        f"Start {PROG} once (or name the database with --db).")
    try:
        with translate_errors():
            choices = provision_choices(database, on)
    finally:
        database.dispose()
    for choice in choices:
        print(f"{choice.label} — {choice.in_force_words()}")
    return EXIT_OK


def _cmd_provisions_load(args: argparse.Namespace) -> int:
    """``provisions load FILE.csv [--repealed-on DATE]``."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.intake.catalogue import load_catalogue, read_provisions_csv
    from ethics_desk.storage.database import translate_errors

    repealed_on = parse_day(args.repealed_on, "--repealed-on") if args.repealed_on else None
    rows = read_provisions_csv(Path(args.file).expanduser())  # before anyone signs in
    database = _open_to_change(args)
    try:
        with translate_errors():
            account = _signed_in_for(args, database, Act.EDIT_SETTINGS,
                                     "Loading a revised catalogue of provisions")
            change = load_catalogue(database, rows, repealed_on=repealed_on, account=account,
                                    clock=_clock(args))
    finally:
        database.dispose()
    print(f"Loaded the revised catalogue: {change.sentence()}.")
    return EXIT_OK


def _cmd_demo(args: argparse.Namespace) -> int:
    """``demo --db FILE``: a demonstration database, one line per case."""
    from ethics_desk.demo.build import build_demo
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage.database import describe, resolve_url
    from ethics_desk.storage.location import default_database_path

    url = resolve_url(_db_arg(args))
    if url == resolve_url(str(default_database_path())):
        raise UserError(f"The demonstration cases would go into the office's own database "
                        f"({describe(url)}).",
                        f"Give a separate file, e.g. {PROG} demo --db demo.sqlite, then open it "
                        f"with {PROG} --db demo.sqlite.")
    database = open_database(_db_arg(args), clock=_clock(args))
    try:
        cases = build_demo(database, today=today(_clock(args)))
    finally:
        database.dispose()
    for number, state in cases:
        print(f"{number} {state}")
    _note(f"{len(cases)} demonstration cases in {database.description}.")
    from ethics_desk.staff.accounts import DEMO_LOGINS, DEMO_PASSWORD

    _note(f"Accounts, password “{DEMO_PASSWORD}”: " + ", ".join(
        f"{login} ({role.label})" for role, login in DEMO_LOGINS.items()) + ".")
    return EXIT_OK


def _cmd_repair_search(args: argparse.Namespace) -> int:
    """``repair-search``: the search index built again (an Administrator's act)."""
    from ethics_desk.cases.search_repair import rebuild_search_index
    from ethics_desk.core.permissions import Act

    database = _open_to_change(args)
    try:
        account = _signed_in_for(args, database, Act.BACKUP_AND_CHECK,
                                 "Building the search index again")
        count = rebuild_search_index(database, account=account, clock=_clock(args))
    finally:
        database.dispose()
    print(f"The search index was built again: {count} case(s).")
    return EXIT_OK


def _cmd_check(args: argparse.Namespace) -> int:
    """``check``: every check with ok/FAILED; exit 1 when one fails."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.maintenance.integrity import Anchor, run_checks
    from ethics_desk.storage.database import describe, resolve_url, sqlite_path
    from ethics_desk.storage.journal import key_missing_for_file, parse_anchor
    from ethics_desk.storage.record_anchor import lost_acts

    url = resolve_url(_db_arg(args))
    path = sqlite_path(url)
    anchors = [Anchor(*parse_anchor(value), "given with --anchor") for value in args.anchor or ()]
    lost = lost_acts(path) if path is not None and path.is_file() else None
    if path is not None and path.is_file() and (_cannot_be_written(path) or lost is not None
                                                or key_missing_for_file(path) is not None):
        account = _verified_unrecorded(args, url, path)  # its sign-in could not be recorded
    else:
        database = _open_as_it_is(args)
        try:
            account = _signed_in_for(args, database, Act.BACKUP_AND_CHECK,
                                     "Checking the database")
        finally:
            database.dispose()
    if args.accept_lost_acts:
        return _accept_lost_acts(args, account)
    results = run_checks(url, anchors, names_cases=_receives_every_case(account))
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
        _mark_checked(path, [r.name for r in failed], _clock(args)())
    if not failed:
        print(f"All {ran} checks hold."
              + (f" {len(not_run)} not run on this older schema revision until the database "
                 "is upgraded (opening it with this version does so, after a verified backup)."
                 if not_run else "")
              + (f" {len(warned)} warning(s) for the office: "
                 f"{'; '.join(r.name for r in warned)} (details above)." if warned else ""))
        return EXIT_OK
    return _fail(f"{len(failed)} of {ran} checks FAILED: "
                 f"{'; '.join(r.name for r in failed)} (details above). Make a copy of the file "
                 "as it is and call IT: every desk opens it read-only until a check holds "
                 "again or a backup is restored.", status=EXIT_FAILED)


def _on_record(args: argparse.Namespace, database: Database, account: Account, action: str,
               summary: str, detail: dict[str, str]) -> None:
    """One audit record of a read by ``account`` (a backup, the key exported, a backup's
    description): written now, or queued while another desk writes — never waiting
    (:func:`ethics_desk.storage.queued_records.record`)."""
    from ethics_desk.storage import queued_records
    from ethics_desk.storage.database import translate_errors

    with translate_errors():
        queued_records.record(database, [queued_records.Pending(
            _clock(args)(), account.display, action, summary, detail=dict(detail))])


def _receives_every_case(account: Account) -> bool:
    """Whether ``account`` receives every case from its filing (the City Clerk's staff), so
    that what a check or a backup finds may name a case, a party or a paper to them; the
    Administrator and the Records officer, who receive none, are told counts (§ 2-83(h)(1))."""
    from ethics_desk.core.permissions import SEES_FROM, Reach

    return SEES_FROM.get(account.role) is Reach.AT_THE_CLERK


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
        _note(f"warning: the result of this check could not be recorded beside {path} "
              f"({exc.strerror or exc}); "
              + ("other desks may go on saving into it: tell them." if failed else
                 "the database stays read-only until it can be."))


def _accept_lost_acts(args: argparse.Namespace, account: Account) -> int:
    """``check --accept-lost-acts``: the Administrator accepts the acts the database lost
    (:func:`ethics_desk.storage.record_anchor.accept_lost_acts`, audited)."""
    from ethics_desk.storage.record_anchor import accept_lost_acts

    database = _open_as_it_is(args)
    try:
        lost = accept_lost_acts(database, actor=account.display, clock=_clock(args))
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
    from ethics_desk.storage.database import Database, translate_errors

    database = Database(url, read_only_database_engine(path))
    try:
        login = getattr(args, "user", None) or os.environ.get(USER_ENV) or _os_login()
        password = _password(f"Password for {login}: ", PASSWORD_ENV)
        with translate_errors():
            account = verify_unrecorded(database, login, password, clock=_clock(args))
    finally:
        database.dispose()
    _allowed(account, Act.BACKUP_AND_CHECK, "Checking the database")
    from ethics_desk.storage.journal import key_missing_for_file
    from ethics_desk.storage.record_anchor import lost_acts

    why = ("this computer does not have its record key" if key_missing_for_file(path)
           else "it has lost committed acts and takes no writes" if lost_acts(path)
           else "it cannot be written here")
    _note(f"For {path} {why}, so this sign-in of {account.display} could not be recorded in "
          "it; the checks read the file as it is.")
    return account


def _cmd_backup(args: argparse.Namespace) -> int:
    """``backup DEST``: a verified copy of the SQLite file."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.maintenance.backup import BACKED_UP, backup_sqlite
    from ethics_desk.storage.database import resolve_url, sqlite_path

    url = resolve_url(_db_arg(args))
    source = sqlite_path(url)
    if not args.dest.strip():
        raise UsageError(f"Say where the backup goes: {PROG} backup FOLDER or FILE.sqlite.")
    _refuse_unc_here(args.dest, "backup")
    dest = Path(args.dest).expanduser()
    if not dest.exists() and (not dest.suffix or args.dest.endswith(("/", os.sep))):
        raise UserError(f"There is no folder {dest} to put the backup in.",
                        "Create the folder first, or give a file name ending in .sqlite.")
    _refuse_record_target(dest, _db_arg(args))  # before the sign-in is recorded
    database = _open_as_it_is(args)
    try:
        account = _signed_in_for(args, database, Act.BACKUP_AND_CHECK, "Backing up the database")
        _on_record(args, database, account, BACKED_UP,
                   f"Took a backup of every record into {dest.name}", {"file": str(dest)})
        if source is None:
            return _backup_server(args, database, url, dest)
    finally:
        database.dispose()
    from ethics_desk.storage.journal import format_anchor, head_of_file

    report = backup_sqlite(source, dest, clock=_clock(args))
    if report.removed:
        _note(f"Removed what an interrupted backup had left in {report.path.parent}: "
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
        _note(f"warning: {reminder(f'{PROG} key sheet FILE.pdf')}")


def _cmd_restore(args: argparse.Namespace) -> int:
    """``restore BACKUP``: what the backup holds, a question, then the verified restore."""
    from ethics_desk.maintenance.restore import (
        SERVER_REFUSAL,
        describe_backup,
        restore_backup,
        restore_target,
    )
    from ethics_desk.storage.database import resolve_url, sqlite_path

    if not args.backup.strip():
        raise UsageError(f"Say which backup to restore: {PROG} restore FILE.sqlite.")
    url = resolve_url(_db_arg(args))
    target = sqlite_path(url)
    if target is None:
        raise SERVER_REFUSAL
    description = describe_backup(args.backup)
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
            return _fail("Nothing was restored.", status=EXIT_FAILED)
    report = restore_backup(description.path, target, clock=_clock(args), actor=account.display)
    print("\n".join(report.lines()))
    return EXIT_OK


def _restorer(args: argparse.Namespace, target: Path, backup: Path) -> Account:
    """The Administrator restoring: signed in to the database as it is; or, where there is no
    database yet, an Administrator of the backup, verified without being recorded (the backup
    is never written, and the restore's own record names them)."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.maintenance.integrity import read_only_database_engine
    from ethics_desk.staff.accounts import verify_unrecorded
    from ethics_desk.storage.database import Database, translate_errors
    from ethics_desk.storage.record_anchor import lost_acts

    doing = "Restoring a backup"
    if target.exists() and target.stat().st_size and lost_acts(target) is not None:
        from sqlalchemy.engine import URL as FileURL

        return _verified_unrecorded(args, FileURL.create("sqlite", database=str(target)), target)
    if target.exists() and target.stat().st_size:
        from ethics_desk.maintenance.restore import DESCRIBED

        database = _open_as_it_is(args)
        try:
            account = _signed_in_for(args, database, Act.BACKUP_AND_CHECK, doing)
            _on_record(args, database, account, DESCRIBED,  # before it is shown
                       f"Looked at what the backup {backup.name} holds, to restore it",
                       {"file": str(backup)})
            return account
        finally:
            database.dispose()
    from sqlalchemy.engine import URL

    database = Database(URL.create("sqlite", database=str(backup)),
                        read_only_database_engine(backup))
    try:
        login = getattr(args, "user", None) or os.environ.get(USER_ENV) or _os_login()
        password = _password(f"Password for {login} (an Administrator of the backup): ",
                             PASSWORD_ENV)
        with translate_errors():
            account = verify_unrecorded(database, login, password, clock=_clock(args))
    finally:
        database.dispose()
    _allowed(account, Act.BACKUP_AND_CHECK, doing)
    _note(f"There is no database at {target} yet: {account.display} signed in with the backup's "
          "account; the restore's audit record names them.")
    return account


def _refuse_unc_here(path: str, what: str) -> None:
    """Refuse a Windows network path (``\\\\server\\share``, ``//server/share``) where it is not
    one: on POSIX it would name folders at the root of the disk."""
    from ethics_desk.storage.network_share import is_unc
    from ethics_desk.storage.private_files import on_windows

    if "://" not in path and not on_windows() and is_unc(path):
        raise UserError(f"“{path}” is a Windows network path (UNC); on this computer it would "
                        "be a folder at the root of the disk, so the "
                        f"{what} does not go there.",
                        "Mount the share and give its local path (e.g. /mnt/share/…).")


def _backup_server(args: argparse.Namespace, database: Database, url: URL, dest: Path) -> int:
    """``backup DEST --db URL``: the server's records into a new SQLite file, verified."""
    from ethics_desk.maintenance.transfer import copy_records
    from ethics_desk.storage.database import describe

    if dest.is_dir():
        dest = dest / f"ethics-desk-{file_stamp(_clock(args))}.sqlite"
    elif not dest.parent.exists():
        raise UserError(f"The folder {dest.parent} does not exist.",
                        "Create it first, or choose another destination.")
    report = copy_records(database, dest)
    print(f"Backed up {describe(url)} to {dest}: {report.tables} tables, {report.rows} rows "
          f"({report.audit_records} audit records), verified.")
    return EXIT_OK


def _cmd_migrate_to(args: argparse.Namespace) -> int:
    """``migrate-to URL``: every record into a new server database, verified."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.maintenance.transfer import copy_records

    if not args.target.strip():
        raise UsageError(f"Say where the records go: {PROG} migrate-to "
                         "postgresql+psycopg://owner@server/ethics.")
    _refuse_unc_here(args.target, "copy")
    database = _open_for_writing(args)  # an older file is brought to this version first
    try:
        _signed_in_for(args, database, Act.BACKUP_AND_CHECK,
                       "Moving the records to a server")
        report = copy_records(database, args.target)
    finally:
        database.dispose()
    print(f"Copied {database.description} into {report.target}: {report.tables} tables, "
          f"{report.rows} rows ({report.audit_records} audit records); every count and the "
          "audit chain match. Point the workstations at the server (--db, ETHICS_DESK_DB or "
          "the machine-wide setting; see the IT guide, docs/it/server.md) and keep the file as it is, as "
          "the record of the move.")
    return EXIT_OK


def _cmd_server_setup(args: argparse.Namespace) -> int:
    """``server setup URL``: the schema created or upgraded, the workstations' rights granted."""
    from ethics_desk.maintenance.server import setup_server
    from ethics_desk.storage.database import describe, resolve_url

    url = resolve_url(args.url)
    first = None
    if args.first_administrator:
        if args.convert_office:
            raise UsageError("--first-administrator is for a new office, --convert-office for "
                             "one with accounts; give one of them.")
        name = args.name or (input(f"Full name of {args.first_administrator}: ")
                             if sys.stdin.isatty() else args.first_administrator)
        first = (args.first_administrator, name, _new_password(args.first_administrator))
    report = setup_server(url, clock=_clock(args), backup_folder=Path(args.backup_folder),
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


def _cmd_letter(args: argparse.Namespace) -> int:
    """``letter CASE KIND --out FILE.pdf`` (a preview) and ``letter --list``."""
    from ethics_desk.documents.kinds import (
        find_case,
        kinds,
        language_of,
        render_letter,
        rule_for,
    )

    if args.list:
        for kind, title in kinds():
            print(f"{kind:<24} {title}")
        return EXIT_OK
    if not args.case or not args.kind:
        raise UsageError(f"Give the case and the document: {PROG} letter CASE KIND --out "
                         f"FILE.pdf; {PROG} letter --list lists the kinds.")
    language = language_of(args.language)
    rule_for(args.kind).check_language(args.kind, language)
    if not args.out:
        raise UsageError("Say where to write the PDF with --out FILE.pdf.")
    out = _pdf_out(args.out, force=args.force, db=_db_arg(args))
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage.database import translate_errors
    from ethics_desk.storage.private_files import write_private

    database = open_database(_db_arg(args), clock=_clock(args), create=False, migrate=False)
    try:
        with translate_errors():
            # No act of the permission table: the case's reach decides. Whoever receives the
            # case may preview its papers (audited); anyone else is told it does not exist,
            # § 2-83(h)(1).
            account = _signed_in(args, database)
            case_id = find_case(database, args.case, account=account)
            pdf = render_letter(database, case_id, args.kind,
                                recipient_index=args.recipient - 1, account=account,
                                clock=_clock(args), language=language)
    finally:
        database.dispose()
    write_private(out, pdf)  # § 2-83(h)(1): readable by this user only
    in_language = "" if language.value == "en" else f" in {language.label}"
    print(f"Wrote a preview of {args.kind}{in_language} for {args.case.upper()} to {out} "
          f"({len(pdf)} bytes); it is not issued.")
    return EXIT_OK


def _pdf_out(path: str, *, force: bool, db: str | None = None) -> Path:
    """Where to write a PDF: refused if it exists (without ``--force``) or its folder does not,
    and, whatever ``--force`` says, if it is part of the record — the database ``db`` names,
    its companions, any Ethics Desk database or backup, the key folder (before the database is
    opened: nothing is written)."""
    if not path.strip():
        raise UsageError("Say where to write the PDF with --out FILE.pdf.")
    _refuse_unc_here(path, "PDF")
    out = Path(path).expanduser()
    if out.is_dir():
        raise UserError(f"{out} is a folder.", "Give the name of the PDF file to write in it.")
    _refuse_record_target(out, db)
    if out.exists() and not force:
        raise UserError(f"{out} already exists.", "Give another file, or --force to replace it.")
    if not out.parent.is_dir():
        raise UserError(f"There is no folder {out.parent} to write the PDF in.",
                        "Create the folder first.")
    return out


def _refuse_record_target(target: Path, db: str | None) -> None:
    """Refuse ``target`` when it is part of the record, the database ``db`` names included
    (:func:`ethics_desk.storage.write_targets.refuse_record_target`)."""
    from ethics_desk.storage.location import database_file
    from ethics_desk.storage.write_targets import refuse_record_target

    try:
        database = database_file(db)
    except (OSError, RuntimeError, UserError):  # a --db that cannot be followed: opening says so
        database = None
    refuse_record_target(target, database=database)


def _cmd_packet(args: argparse.Namespace) -> int:
    """``packet --meeting YYYY-MM-DD [--case NUMBER ...] --out FILE.pdf``."""
    from ethics_desk.board.packet import meeting_agenda, render_packet
    from ethics_desk.core.permissions import Act
    from ethics_desk.documents.kinds import find_case

    meeting_on = parse_day(args.meeting, "The meeting date")
    out = _pdf_out(args.out, force=args.force, db=_db_arg(args))
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage.database import translate_errors
    from ethics_desk.storage.private_files import write_private

    database = open_database(_db_arg(args), clock=_clock(args), create=False)  # audits
    try:
        with translate_errors():
            account = _signed_in_for(args, database, Act.BOARD_PACKET,
                                     "The Board packet (§ 2-83(h))")
            # Only the cases the account receives, § 2-83(d); any other is answered as one
            # that does not exist, § 2-83(h)(1).
            if args.case:
                ids = [find_case(database, number, account=account) for number in args.case]
            else:
                ids = [a.complaint_id for a in meeting_agenda(database, meeting_on,
                                                               account=account)]
                if not ids:
                    raise UserError(f"No case is on the agenda for {meeting_on.isoformat()}.",
                                    "Name the cases with --case ERB-YYYY-NNN.")
            pdf = render_packet(database, meeting_on, ids, clock=_clock(args), account=account)
    finally:
        database.dispose()
    write_private(out, pdf)  # § 2-83(h)(1): readable by this user only
    print(f"Wrote the Board packet for {meeting_on.isoformat()} with {len(ids)} case(s) to "
          f"{out} ({len(pdf)} bytes); it is confidential (§ 2-83(h)) and its production is "
          "recorded in each case's history.")
    return EXIT_OK


def _cmd_retention(args: argparse.Namespace) -> int:
    """``retention [--out FILE.pdf]``: the disposal list of today (and the paper)."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.retention.certificate import render_certificate
    from ethics_desk.retention.disposal import disposal_list
    from ethics_desk.storage.private_files import write_private

    out = _pdf_out(args.out, force=args.force, db=_db_arg(args)) if args.out else None
    database = _open_for_writing(args)
    try:
        account = _signed_in_for(args, database, Act.RETENTION,
                                 "The disposal list (Local Schedule GR)")
        listed = disposal_list(database, account=account, clock=_clock(args))
        pdf = render_certificate(database, account=account, clock=_clock(args)) if out else None
    finally:
        database.dispose()
    print(f"Eligible for disposal on {listed.today.isoformat()} ({listed.series.series.code}, "
          f"{listed.series.period}): {len(listed.eligible)}")
    for line in listed.eligible:
        print(f"  {line.case_number:14} resolved {line.resolved_on.isoformat()}  eligible since "
              f"{line.eligible_on.isoformat()}")
    print(f"Held (Local Government Code § 202.002): {len(listed.held)}")
    for line in listed.held:
        print(f"  {line.case_number:14} resolved {line.resolved_on.isoformat()}  eligible "
              f"{line.eligible_on.isoformat()}  held: {line.held_because}")
    if out is not None and pdf is not None:
        write_private(out, pdf)
        print(f"Wrote the disposal list and the log of destruction to {out} ({len(pdf)} bytes).")
    return EXIT_OK
