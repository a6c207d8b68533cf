"""``ethics-desk letter``, ``packet``, ``case-file`` and ``docket``: a case's paper previewed as
PDF (audited, as at the window), the Board packet of a meeting, the whole case file, and the
inbox's list as a spreadsheet."""

from __future__ import annotations

import argparse
from pathlib import Path

from ethics_desk.cli.common import (
    EXIT_OK,
    PROG,
    UsageError,
    clock_of,
    db_arg,
    parse_day,
    pdf_out,
    refuse_record_target,
    refuse_unc_here,
    signed_in,
    signed_in_for,
    signs_in,
)
from ethics_desk.core.account import Account
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.storage.database import Database


def cmd_letter(args: argparse.Namespace) -> int:
    """``letter CASE KIND --out FILE.pdf`` (a preview) and ``letter --list``."""
    from ethics_desk.documents.kinds import kinds, rule_for
    from ethics_desk.documents.making import find_case, language_of, render_letter

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
    out = pdf_out(args.out, force=args.force, db=db_arg(args))
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage.failures import translate_errors
    from ethics_desk.storage.private_files import write_private

    database = open_database(db_arg(args), clock=clock_of(args), create=False, migrate=False)
    try:
        with translate_errors():
            # No act of the permission table: the case's reach decides. Whoever receives the
            # case may preview its papers (audited); anyone else is told it does not exist,
            # § 2-83(h)(1).
            account = signed_in(args, database)
            case_id = find_case(database, args.case, account=account)
            pdf = render_letter(database, case_id, args.kind,
                                recipient_index=args.recipient - 1, account=account,
                                clock=clock_of(args), language=language)
    finally:
        database.dispose()
    write_private(out, pdf)  # § 2-83(h)(1): readable by this user only
    in_language = "" if language.value == "en" else f" in {language.label}"
    print(f"Wrote a preview of {args.kind}{in_language} for {args.case.upper()} to {out} "
          f"({len(pdf)} bytes); it is not issued.")
    return EXIT_OK


def cmd_packet(args: argparse.Namespace) -> int:
    """``packet --meeting YYYY-MM-DD [--case NUMBER ...] --out FILE.pdf``."""
    from ethics_desk.board.agenda import meeting_agenda
    from ethics_desk.core.permissions import Act
    from ethics_desk.documents.board_packet import render_packet
    from ethics_desk.documents.making import find_case

    meeting_on = parse_day(args.meeting, "The meeting date")
    out = pdf_out(args.out, force=args.force, db=db_arg(args))
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage.failures import translate_errors
    from ethics_desk.storage.private_files import write_private

    database = open_database(db_arg(args), clock=clock_of(args), create=False)  # audits
    try:
        with translate_errors():
            account = signed_in_for(args, database, Act.BOARD_PACKET,
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
            pdf = render_packet(database, meeting_on, ids, clock=clock_of(args), account=account)
    finally:
        database.dispose()
    write_private(out, pdf)  # § 2-83(h)(1): readable by this user only
    print(f"Wrote the Board packet for {meeting_on.isoformat()} with {len(ids)} case(s) to "
          f"{out} ({len(pdf)} bytes); it is confidential (§ 2-83(h)) and its production is "
          "recorded in each case's history.")
    return EXIT_OK


def cmd_case_file(args: argparse.Namespace) -> int:
    """``case-file CASE --out FILE.pdf``: the whole case file as one PDF with bookmarks."""
    from ethics_desk.cases.case_file_pdf import case_file_case, save_case_file, write_case_file
    from ethics_desk.core.permissions import Act

    out = pdf_out(args.out, force=args.force, db=db_arg(args))
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage.failures import translate_errors

    def save(data: bytes) -> str:
        write_case_file(out, data)  # beside it first, then in its place; readable by you only
        return out.name

    database = open_database(db_arg(args), clock=clock_of(args), create=False)  # audits
    try:
        with translate_errors():
            account = signed_in_for(args, database, Act.CASE_FILE,
                                     "The whole case file (§ 2-83(h))")
            # A case outside the account's scope is answered as one that does not exist,
            # § 2-83(h)(1).
            case_id = case_file_case(database, args.case, account=account)
            made = save_case_file(database, case_id, save, account=account,
                                  clock=clock_of(args))
    finally:
        database.dispose()
    print(f"Wrote the whole case file of {made.number} to {out}: {made.page_count} pages, "
          f"{len(made.pdf)} bytes, SHA-256 {made.sha256}. Its making is recorded in the "
          "case's history.")
    return EXIT_OK


DOCKET_VIEW = "All pending"
"""The inbox's view ``docket`` exports unless ``--view`` names another: every complaint filed
and not finally disposed of."""


def docket_out(args: argparse.Namespace) -> Path:
    """Where ``docket`` writes, checked before anyone signs in: a name ending in .xlsx or .csv,
    not part of the record, in a folder that exists, and not over a file without ``--force``;
    and the view it names, one of the inbox's saved views."""
    from ethics_desk.cases.docket import docket_format
    from ethics_desk.cases.inbox import SAVED_VIEWS

    names = [view.name for view in SAVED_VIEWS]
    wanted = (args.view or DOCKET_VIEW).strip().casefold()
    matching = [name for name in names if name.casefold() == wanted]
    if not matching:
        raise UsageError(f"There is no view “{args.view}” in the inbox. Choose one of: "
                         + ", ".join(f"“{name}”" for name in names) + ".")
    args.view = matching[0]
    if not args.out.strip():
        raise UsageError("Say where to write the list with --out FILE.xlsx or --out FILE.csv.")
    refuse_unc_here(args.out, "list")
    out = Path(args.out).expanduser()
    if out.is_dir():
        raise UserError(f"{out} is a folder.", "Give the name of the file to write in it.")
    docket_format(out)
    refuse_record_target(out, db_arg(args))
    if out.exists() and not args.force:
        raise UserError(f"{out} already exists.", "Give another file, or --force to replace it.")
    if not out.parent.is_dir():
        raise UserError(f"There is no folder {out.parent} to write the list in.",
                        "Create the folder first.")
    return out


@signs_in(Act.EXPORT_LIST, "Exporting the list", first=docket_out)
def cmd_docket(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``docket [--view NAME] [--text WORDS] --out FILE.xlsx|.csv``: the inbox's list as the
    signed-in person's inbox shows it, in a spreadsheet (recorded as a disclosure)."""
    from ethics_desk.cases.docket import export_docket
    from ethics_desk.cases.inbox import saved_view

    out = docket_out(args)  # again, as it is now that the password is typed
    inbox_filter = saved_view(args.view).with_text(args.text or "")
    done = export_docket(database, out, inbox_filter, view=args.view, account=account,
                         clock=clock_of(args))
    print(f"{done.sentence()} The export is recorded in each case's history.")
    return EXIT_OK
