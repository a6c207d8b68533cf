"""The command line's words: every command, its arguments and its help text, each command's
function named once here (``handler``, a :class:`~ethics_desk.cli.handlers.Handler`: its module
is imported only when the command runs, so this module imports nothing heavy)."""

from __future__ import annotations

import argparse
import contextlib
import functools
from collections.abc import Iterator, Sequence

from ethics_desk import __version__
from ethics_desk.cases.view_names import SAVED_VIEW_NAMES
from ethics_desk.cli.common import (
    MAX_DAYS,
    NEW_PASSWORD_ENV,
    PASSWORD_ENV,
    PROG,
    USER_ENV,
    Parser,
    day_count,
    year,
)
from ethics_desk.cli.handlers import Handler
from ethics_desk.core.roles import Role


def build_parser() -> argparse.ArgumentParser:
    """The command line, with a help text for every command."""
    with _words_looked_up_once():
        return _build_parser()


@contextlib.contextmanager
def _words_looked_up_once() -> Iterator[None]:
    """While the parser is built, each of argparse's own words ("options", "show this help
    message and exit") is looked up in the locale's message catalogues once, not afresh for each
    of the seventy parsers: a lookup that finds no catalogue is not remembered by ``gettext``
    and checks a dozen files each time, half the time building the parser takes. argparse's
    own function is put back before the parser is used."""
    original = getattr(argparse, "_", None)
    if original is None:  # another version of argparse: built as it is
        yield
        return
    argparse._ = functools.lru_cache(maxsize=None)(original)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = original  # type: ignore[attr-defined]


def _build_parser() -> argparse.ArgumentParser:
    """The command line (:func:`build_parser`)."""
    db_option = Parser(add_help=False)
    db_option.add_argument(
        "--db", metavar="DB", default=argparse.SUPPRESS,
        help="the database: a file path or a SQLAlchemy URL (default: $ETHICS_DESK_DB, else "
             "the machine-wide setting IT made, else the file in your data folder)")
    calendar_option = Parser(add_help=False)
    calendar_option.add_argument(
        "--calendar", choices=("city", "state"), default="city",
        help="city: the City of San Antonio's business days, for every § 2-83 clock (default); "
             "state: the State of Texas's, for the Public Information Act")

    signin_option = Parser(add_help=False)
    signin_option.add_argument(
        "--user", metavar="LOGIN", default=argparse.SUPPRESS,
        help=f"your login (default: ${USER_ENV}, else the operating-system login); the password "
             f"is asked for, or read from ${PASSWORD_ENV} for scripts and scheduled jobs")
    signed_in = [db_option, signin_option]

    parser = Parser(
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
    due.add_argument("days", metavar="N", type=day_count,
                     help=f"the number of business days, 0 to {MAX_DAYS}")
    due.set_defaults(handler=Handler("ethics_desk.cli.calendar", "cmd_due"))

    calendar = commands.add_parser(
        "calendar", parents=[db_option, calendar_option],
        help="the weekdays of a year that are not business days",
        description="Every weekday of YEAR on which the offices are closed, one "
                    "“YYYY-MM-DD name” a line: the calendar's holidays and the office's closures. "
                    "Warns when a day the office must set each year (Fiesta San Jacinto Day) is "
                    "not set. Needs no sign-in: it shows no case and changes nothing.")
    calendar.add_argument("year", metavar="YEAR", type=year, help="the year, e.g. 2027")
    calendar.set_defaults(handler=Handler("ethics_desk.cli.calendar", "cmd_calendar"))

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
    add.set_defaults(handler=Handler("ethics_desk.cli.closures", "cmd_closure_add"))
    remove = actions.add_parser(
        "remove", parents=[*signed_in, calendar_option],
        help="reopen the offices on DATE (a closure the office set)",
        description="Remove a closure the office set: audited, open deadlines recomputed. "
                    "The calendar's rule holidays cannot be removed.")
    remove.add_argument("day", metavar="DATE", help="the day, YYYY-MM-DD")
    remove.set_defaults(handler=Handler("ethics_desk.cli.closures", "cmd_closure_remove"))

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
    listing.set_defaults(handler=Handler("ethics_desk.cli.office", "cmd_provisions_list"))
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
    load.set_defaults(handler=Handler("ethics_desk.cli.office", "cmd_provisions_load"))

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
    demo.set_defaults(handler=Handler("ethics_desk.cli.office", "cmd_demo"))

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
    check.set_defaults(handler=Handler("ethics_desk.cli.records", "cmd_check"))

    repair_search = commands.add_parser(
        "repair-search", parents=signed_in,
        help="build the search index again from the cases (when check says it disagrees)",
        description="For an Administrator, signed in (--user). Build the inbox's search index "
                    "again from the cases' own numbers and names, in one transaction, audited. "
                    "Run it when ethics-desk check reports that the search index does not hold "
                    "what the cases hold.")
    repair_search.set_defaults(handler=Handler("ethics_desk.cli.records", "cmd_repair_search"))

    backup = commands.add_parser(
        "backup", parents=signed_in, help="write a verified copy of the database",
        description="For an Administrator, signed in (--user). "
                    "Copy the database to DEST (a file, or a folder for a dated file) while "
                    "others may be working, then verify the copy (integrity, references, row "
                    "counts, audit chain). A SQLite file is copied as it is; a server's records "
                    "(--db postgresql+psycopg://…) are copied into a new SQLite file.")
    backup.add_argument("dest", metavar="DEST", help="the backup file, or a folder to put it in")
    backup.set_defaults(handler=Handler("ethics_desk.cli.records", "cmd_backup"))

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
    restore.set_defaults(handler=Handler("ethics_desk.cli.records", "cmd_restore"))

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
    migrate_to.set_defaults(handler=Handler("ethics_desk.cli.records", "cmd_migrate_to"))

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
    setup.set_defaults(handler=Handler("ethics_desk.cli.records", "cmd_server_setup"))

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
        .set_defaults(handler=Handler("ethics_desk.cli.office", "cmd_wording_list"))
    bring_in = wording_actions.add_parser(
        "bring-in", parents=signed_in,
        help="store this desk's old wording files and enclosure in the database")
    bring_in.add_argument("--folder", metavar="DIR",
                          help="the folder of wording files (default: this desk's old folder)")
    bring_in.set_defaults(handler=Handler("ethics_desk.cli.office", "cmd_wording_bring_in"))

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
    user_add.set_defaults(handler=Handler("ethics_desk.cli.users", "cmd_user_add"))
    user_actions.add_parser("list", parents=signed_in,
                            help="every account, its role and whether it is disabled") \
        .set_defaults(handler=Handler("ethics_desk.cli.users", "cmd_user_list"))
    user_actions.add_parser(
        "password", parents=signed_in,
        help="change your own password (also the one an Administrator reset), any role") \
        .set_defaults(handler=Handler("ethics_desk.cli.users", "cmd_user_password"))
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
    key_export.set_defaults(handler=Handler("ethics_desk.cli.keys", "cmd_key_export"))
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
    key_import.set_defaults(handler=Handler("ethics_desk.cli.keys", "cmd_key_import"))
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
    key_sheet.set_defaults(handler=Handler("ethics_desk.cli.keys", "cmd_key_sheet"))
    for action, text, handler in (
            ("disable", "stop an account from signing in (its records keep its name)",
             Handler("ethics_desk.cli.users", "cmd_user_disable")),
            ("reset", "give an account a new password, to be changed at its next sign-in",
             Handler("ethics_desk.cli.users", "cmd_user_reset")),
            ("clear-delay", "let an account try its password again at once, after wrong ones",
             Handler("ethics_desk.cli.users", "cmd_user_clear_delay"))):
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
    access.set_defaults(handler=Handler("ethics_desk.cli.office", "cmd_access"))

    search = commands.add_parser(
        "search", parents=signed_in,
        help="find words in the cases' facts, allegations, notes, exhibits and papers",
        description="Every statement of facts, allegation, note, exhibit and issued paper of "
                    "the cases you receive that holds all the words, newest first (at most 50), "
                    "each with its case number, where the words are and a snippet with them "
                    "[in brackets]. Capitals and accents do not matter. A phrase in quotation "
                    "marks is found with its words in order (quote it for the shell too: "
                    "'\"parking contract\"'); a word ending in * finds every word that begins "
                    "so (contra*). An exhibit's pages scanned without text cannot be searched "
                    "and are named. Signed in (--user); the search is recorded, naming the "
                    "cases shown. A case you do not receive is never found (§ 2-83(h)(1)).")
    search.add_argument("text", metavar="TEXT", nargs="+",
                        help="the words, phrases and word starts to find")
    search.set_defaults(handler=Handler("ethics_desk.cli.office", "cmd_search"))

    trail = commands.add_parser(
        "audit", parents=signed_in,
        help="browse the audit trail, or write it to a CSV file",
        description="The audit trail's records you may read, newest first, each with when, "
                    "who, the act, the case and what it says, and whether the hash chain "
                    "verifies up to it; the last line says whether the chain holds, or where "
                    "it breaks (exit status 1). Reading is itself recorded. For the Compliance "
                    "Auditor (the records of the complaints they receive, their own, and the "
                    "office's that name no case), the Records officer and the Administrator "
                    "(their own, and the office's that name no case; the Records officer's "
                    "retention and Public Information Act records too), signed in (--user).")
    trail.add_argument("--who", metavar="LOGIN", help="only the records of this person (their "
                                                      "login, or a part of their name)")
    trail.add_argument("--act", metavar="PREFIX", help="only the acts whose name begins so, "
                                                       "e.g. account. or event.file")
    trail.add_argument("--case", metavar="NUMBER", help="only the records of this case, e.g. "
                                                        "ERB-2026-001")
    trail.add_argument("--from", dest="start", metavar="DATE",
                       help="the first day (YYYY-MM-DD, the office's time zone)")
    trail.add_argument("--to", dest="end", metavar="DATE",
                       help="the last day (YYYY-MM-DD, the office's time zone)")
    trail.add_argument("--csv", metavar="FILE", help="write the records to this CSV file "
                                                     "(UTF-8 with a byte-order mark) instead")
    trail.add_argument("--force", action="store_true", help="replace the CSV file if it exists")
    trail.set_defaults(handler=Handler("ethics_desk.cli.office", "cmd_audit"))

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
    requests.set_defaults(handler=Handler("ethics_desk.cli.office", "cmd_requests"))

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
    letter.set_defaults(handler=Handler("ethics_desk.cli.papers", "cmd_letter"))

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
    packet.set_defaults(handler=Handler("ethics_desk.cli.papers", "cmd_packet"))

    case_file = commands.add_parser(
        "case-file", parents=signed_in, help="the whole case file as one PDF, with bookmarks",
        description="Write the whole case file of CASE to FILE.pdf: a cover and the contents, "
                    "the sworn complaint, its exhibits, every issued paper (the recorded "
                    "copies, each checked against its SHA-256; a void one marked void), the "
                    "mail ledger, the reviews and decisions, the Board's votes and ballots, the "
                    "deadlines with how each was counted, the notes and the access record — "
                    "one bookmark per part and per paper. For the City Attorney's Office, the "
                    "Records officer (the cases a logged Public Information Act request names) "
                    "and the City Clerk's staff, signed in (--user); any other case is answered "
                    "as one that does not exist (§ 2-83(h)(1)). Its making is recorded in the "
                    "case's history with the file's SHA-256 and page count.")
    case_file.add_argument("case", metavar="CASE", help="the case number, e.g. ERB-2026-001")
    case_file.add_argument("--out", metavar="FILE.pdf", required=True,
                           help="where to write the PDF")
    case_file.add_argument("--force", action="store_true", help="replace FILE.pdf if it exists")
    case_file.set_defaults(handler=Handler("ethics_desk.cli.papers", "cmd_case_file"))
    docket = commands.add_parser(
        "docket", parents=signed_in,
        help="the inbox's list as a spreadsheet (.xlsx for Excel, or .csv)",
        description="Write the inbox's list — a saved view (default “All pending”), searched "
                    "with --text as the inbox's search box is — to FILE.xlsx (an Excel workbook: "
                    "real dates, the header row frozen and filtered) or FILE.csv (UTF-8 for "
                    "Excel). Every row of the view, with the inbox's columns in its order. You "
                    "sign in (--user): the list holds only the complaints you receive "
                    "(§ 2-83(d), (h)(1)), as your inbox does, and the export is recorded in each "
                    "listed case's history, naming you, the file and every case.")
    docket.add_argument("--view", metavar="NAME",
                        help="the inbox's saved view: " + ", ".join(
                            f"“{name}”" for name in SAVED_VIEW_NAMES) + " (default “All pending”)")
    docket.add_argument("--text", metavar="WORDS", default="",
                        help="keep the cases whose number or party's name holds every word")
    docket.add_argument("--out", metavar="FILE.xlsx|FILE.csv", required=True,
                        help="where to write the list; its ending chooses the kind of file")
    docket.add_argument("--force", action="store_true", help="replace the file if it exists")
    docket.set_defaults(handler=Handler("ethics_desk.cli.papers", "cmd_docket"))

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
    retention.set_defaults(handler=Handler("ethics_desk.cli.office", "cmd_retention"))

    statistics = commands.add_parser(
        "statistics", parents=signed_in,
        help="the office's figures for a period: complaints, endings, times, deadlines, Board",
        description="Counts of the whole office for the days --from to --to (both included; "
                    "by default this year up to today, the office's date): complaints received "
                    "by route, sworn or not and by provision alleged (§ 2-83(c)); how cases "
                    "ended (returned, cured, each disposition of § 2-83(d)(4)); the City's "
                    "business days from receipt to each statutory step (median and 90th "
                    "percentile); deadlines due met, missed, open and moved by closures; the "
                    "Board's meetings, votes, show-cause orders, sanctions and civil penalties "
                    "(§ 2-83(f), (g)); Public Information Act requests (§ 2-83(h)(3)). No names. "
                    "For the City Clerk's staff and the Administrator, signed in (--user); the "
                    "count is recorded.")
    statistics.add_argument("--from", dest="start", metavar="DATE",
                            help="the first day, YYYY-MM-DD (default: 1 January)")
    statistics.add_argument("--to", dest="end", metavar="DATE",
                            help="the last day, YYYY-MM-DD (default: today)")
    statistics.add_argument("--year", type=year, metavar="YYYY",
                            help="the whole calendar year (instead of --from and --to)")
    statistics.add_argument("--json", action="store_true",
                            help="print one JSON object instead of lines")
    statistics.set_defaults(handler=Handler("ethics_desk.cli.reports", "cmd_statistics"))

    report = commands.add_parser(
        "report", help="the office's reports: the annual report",
        description="The office's reports, issued like any paper (frozen bytes, SHA-256, an "
                    "audit record).")
    report_kinds = report.add_subparsers(dest="report_kind", metavar="REPORT", required=True)
    annual = report_kinds.add_parser(
        "annual", parents=signed_in,
        help="issue the annual report for YEAR and write it as a PDF",
        description="Issue the office's annual report for the calendar year YEAR (to today, "
                    "the office's date, while the year runs) and write it to FILE.pdf: "
                    "complaints received, how the cases ended, the business days to each "
                    "step, the deadlines, the Board and the Public Information Act requests, "
                    "with charts, signed by you for the City Clerk. The public edition gives "
                    "counts only and hides the small ones (1 to 4) by the rule it states; it "
                    "names no case, party or witness. --confidential gives every count exactly, "
                    "for the Ethics Review Board, marked § 2-83(h)(1) on every page. For the "
                    "City Clerk's staff, signed in (--user); the issued copy is kept in the "
                    "record with its SHA-256.")
    annual.add_argument("year", type=year, metavar="YEAR", help="the calendar year, e.g. 2026")
    annual.add_argument("--confidential", action="store_true",
                        help="the Board's edition: every count exact (§ 2-83(h)(1))")
    annual.add_argument("--out", metavar="FILE.pdf", required=True,
                        help="where to write the PDF")
    annual.add_argument("--force", action="store_true", help="replace FILE.pdf if it exists")
    annual.set_defaults(handler=Handler("ethics_desk.cli.reports", "cmd_report_annual"))
    _add_mail_commands(commands, signed_in)
    return parser


def _add_mail_commands(commands: argparse._SubParsersAction,  # type: ignore[type-arg]
                       signed_in: Sequence[argparse.ArgumentParser]) -> None:
    """Add ``email`` and ``deadlines`` to the command line."""
    email_command = commands.add_parser(
        "email", help="send a case's paper by e-mail through the office's mail server",
        description="Send an issued paper as its PDF, with the office's covering message, to a "
                    "party or a recorded witness of its case, at the address recorded for them "
                    "with who gave it (§ 2-83(h)(1)); the send is recorded in the mail ledger "
                    "with the server's answer and the Message-ID. A paper the statute sends by "
                    "mail is e-mailed only as a courtesy copy and still waits to be mailed.")
    actions = email_command.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", parents=list(signed_in),
                                 help="the case's papers and the recipients' keys and addresses")
    listing.add_argument("case", metavar="CASE", help="the case number")
    listing.set_defaults(handler=Handler("ethics_desk.cli.mail", "cmd_email_list"))
    address = actions.add_parser("address", parents=list(signed_in),
                                 help="record a party's or a witness's e-mail address")
    address.add_argument("case", metavar="CASE", help="the case number")
    address.add_argument("key", metavar="KEY", help="the recipient, as “email list” shows it")
    address.add_argument("address", metavar="ADDRESS", help="the address (empty: remove it)")
    address.add_argument("--given-by", metavar="WHO", default="",
                         help="who gave the address, e.g. “the complainant, by telephone”")
    address.set_defaults(handler=Handler("ethics_desk.cli.mail", "cmd_email_address"))
    send = actions.add_parser("send", parents=list(signed_in), help="send an issued paper by e-mail")
    send.add_argument("document", metavar="DOCUMENT", type=int,
                      help="the issued paper's number, as “email list” shows it")
    send.add_argument("--to", metavar="KEY", required=True,
                      help="the recipient, as “email list” shows it")
    send.set_defaults(handler=Handler("ethics_desk.cli.mail", "cmd_email_send"))
    password = actions.add_parser(
        "password", parents=list(signed_in),
        help="keep the mail server's password in this computer's credential store")
    password.add_argument("--remove", action="store_true", help="remove it instead")
    password.set_defaults(handler=Handler("ethics_desk.cli.mail", "cmd_email_password"))

    deadlines = commands.add_parser(
        "deadlines", parents=list(signed_in),
        help="your deadlines in your own calendar (invitations) or as an .ics file",
        description="Each open deadline of the cases you receive, as an all-day event on its "
                    "due day named by the case number and the step (never a party). --opt-in "
                    "sends them to your mailbox as calendar invitations, moved and cancelled as "
                    "the deadlines move or are met; --send sends what your calendar is owed "
                    "(run it as a scheduled task, or let the window do it); --ics saves them as "
                    "one file. Each is recorded in the audit trail.")
    deadlines.add_argument("--ics", metavar="FILE.ics", help="save your deadlines to FILE.ics")
    deadlines.add_argument("--force", action="store_true", help="replace FILE.ics if it exists")
    choice = deadlines.add_mutually_exclusive_group()
    choice.add_argument("--opt-in", metavar="MAILBOX",
                        help="send your deadlines to MAILBOX as calendar invitations")
    choice.add_argument("--opt-out", action="store_true", help="stop the invitations")
    deadlines.add_argument("--send", action="store_true",
                           help="send what your calendar is owed now")
    deadlines.set_defaults(handler=Handler("ethics_desk.cli.mail", "cmd_deadlines"))
