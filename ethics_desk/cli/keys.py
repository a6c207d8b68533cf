"""``ethics-desk key …``: the record key that seals a SQLite database's journal — exported to a
private file, imported on a new computer, or printed on the recovery sheet for the office's
safe. Exporting and printing it are audited acts of ``Act.BACKUP_AND_CHECK``."""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable
from pathlib import Path

from ethics_desk.cli.common import (
    EXIT_OK,
    PROG,
    UsageError,
    clock_of,
    db_arg,
    on_record,
    open_as_it_is,
    refuse_record_target,
    refuse_unc_here,
    signed_in_for,
)
from ethics_desk.core.errors import UserError


def cmd_key_export(args: argparse.Namespace) -> int:
    """``key export FILE``: the SQLite database's record key into a new, private file."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.storage import journal, record_key
    from ethics_desk.storage.addresses import sqlite_path
    from ethics_desk.storage.failures import translate_errors

    refuse_record_target(Path(args.file).expanduser(), db_arg(args))  # before the sign-in
    database = open_as_it_is(args)
    try:
        if sqlite_path(database.url) is None:
            raise UserError("A database server keeps its record key itself, in a table only "
                            "the owner role may read; there is nothing to export.",
                            "To move the server's records, use ethics-desk backup or migrate-to.")
        account = signed_in_for(args, database, Act.BACKUP_AND_CHECK,
                                 "Exporting the record key")
        with translate_errors(), database.engine.connect() as conn:
            key_id = journal.key_id_of(conn)
        if key_id is not None:
            on_record(args, database, account, record_key.KEY_EXPORTED,
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


def cmd_key_import(args: argparse.Namespace) -> int:
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


def cmd_key_sheet(args: argparse.Namespace) -> int:
    """``key sheet FILE.pdf``: the recovery sheet, written private, recorded as made."""
    from ethics_desk.core.permissions import Act
    from ethics_desk.maintenance.recovery_sheet import make_recovery_sheet

    dest = Path(args.file).expanduser()
    refuse_unc_here(args.file, "recovery sheet")
    database = open_as_it_is(args)
    try:
        account = signed_in_for(args, database, Act.BACKUP_AND_CHECK,
                                 "Making the recovery sheet")
        made = make_recovery_sheet(database, dest, actor=account.display, clock=clock_of(args))
    finally:
        database.dispose()
    print(f"The recovery sheet of the record key {made.key_id} is in {dest}. Print it, lock it "
          "away apart from the backups, then delete the file.")
    return EXIT_OK
