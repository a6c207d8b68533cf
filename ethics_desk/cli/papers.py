"""``ethics-desk letter``, ``packet`` and ``case-file``: a case's paper previewed as PDF
(audited, as at the window), the Board packet of a meeting, and the whole case file."""

from __future__ import annotations

import argparse

from ethics_desk.cli.common import (
    EXIT_OK,
    PROG,
    UsageError,
    clock_of,
    db_arg,
    parse_day,
    pdf_out,
    signed_in,
    signed_in_for,
)
from ethics_desk.core.errors import UserError


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
