"""The office's commands of every day: the window itself (no command), a case's access history,
the Public Information Act requests, the letter wording, the catalogue of provisions, the
disposal list, and a demonstration database."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ethics_desk.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    PROG,
    ProgressLine,
    clock_of,
    db_arg,
    fail,
    note,
    open_for_reading,
    open_for_writing,
    open_to_change,
    parse_day,
    pdf_out,
    signed_in,
    signed_in_for,
    signs_in,
)
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act

# Each command imports what it needs when it runs, so that starting the application (the
# default command) does not pay for the demonstration data, the integrity checks or Alembic.
if TYPE_CHECKING:
    from ethics_desk.core.account import Account
    from ethics_desk.storage.database import Database



def cmd_gui(args: argparse.Namespace) -> int:
    """No command: open the application window."""
    try:
        from ethics_desk.ui.app import run_gui
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith(("ethics_desk.ui", "PySide6", "shiboken6")):
            raise
        return fail(f"The application window cannot open: {exc}. Reinstall Ethics Desk; the "
                     f"commands still work (see “{PROG} --help”).", status=EXIT_FAILED)
    return run_gui(db_arg(args), args.quit_when_ready, clock=clock_of(args))


@signs_in(Act.ACCESS_HISTORY, "The access history of a case (§ 2-83(h))")
def cmd_access(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``access CASE``: the case's access history."""
    from ethics_desk.cases.access import access_history
    from ethics_desk.core.office_time import stamp
    from ethics_desk.documents.making import find_case
    from ethics_desk.office import settings

    case_id = find_case(database, args.case, account=account)  # § 2-83(h)(1)
    lines = access_history(database, case_id, account=account, clock=clock_of(args))
    with database.read_session() as session:
        zone = settings.time_zone(session)  # the office's time, not this computer's
    for line in lines:
        print(f"{stamp(line.at, zone, with_zone=False)}  {line.actor:24}  {line.summary}")
    return EXIT_OK


def cmd_search(args: argparse.Namespace) -> int:
    """``search TEXT…``: the words of the facts, allegations, notes, exhibits and issued papers
    of the cases the signed-in person receives, newest first, each with a snippet."""
    from ethics_desk.cases.full_text import LIMIT, parse, search_documents
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage.failures import translate_errors

    words = " ".join(args.text)
    parse(words)  # a search that cannot be made is said before anyone is asked for a password
    database = open_database(db_arg(args), clock=clock_of(args), create=False, migrate=False)
    try:
        with translate_errors():
            # No act of the permission table: each person searches the cases they receive
            # (§ 2-83(h)(1)); the search is on record, naming the cases shown.
            account = signed_in(args, database)
            found = search_documents(database, words, account=account, clock=clock_of(args))
    finally:
        database.dispose()
    for hit in found.hits:
        textless = f" ({hit.textless}: no text, a scan; not searched)" if hit.textless else ""
        print(f"{hit.case_number}  {hit.where}{textless}")
        print(f"    {hit.plain_snippet()}")
    cases = len(found.cases)
    if not found.hits:
        print("Nothing found in the cases you receive.")
    elif found.more:
        print(f"The newest {LIMIT} results are shown ({cases} case(s)); there are more: add "
              "words, or a phrase in quotation marks, to narrow the search.")
    else:
        print(f"{len(found.hits)} result(s) in {cases} case(s).")
    return EXIT_OK


def _trail_typed(args: argparse.Namespace) -> None:
    """The period and the CSV file checked before anyone is asked for a password."""
    from ethics_desk.maintenance.audit_trail import TrailFilter

    start = parse_day(args.start, "--from") if args.start else None
    end = parse_day(args.end, "--to") if args.end else None
    args.trail_filter = TrailFilter(args.who or "", args.act or "", args.case or "", start, end)
    args.csv_out = None
    if args.csv is not None:
        from ethics_desk.cli.common import refuse_record_target, refuse_unc_here

        if not args.csv.strip():
            raise UserError("Say where to write the CSV file with --csv FILE.csv.")
        refuse_unc_here(args.csv, "CSV file")
        out = Path(args.csv).expanduser()
        if out.is_dir():
            raise UserError(f"{out} is a folder.",
                            "Give the name of the CSV file to write in it.")
        refuse_record_target(out, db_arg(args))
        if out.exists() and not args.force:
            raise UserError(f"{out} already exists.", "Give another file, or --force to "
                                                      "replace it.")
        args.csv_out = out


@signs_in(Act.AUDIT_TRAIL, "Reading the audit trail", first=_trail_typed)
def cmd_audit(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``audit [--who LOGIN] [--act PREFIX] [--case NUMBER] [--from DATE] [--to DATE]
    [--csv FILE]``: the audit trail the person may read, newest first, and whether the chain
    verifies up to each record — or those records written to a CSV file."""
    from ethics_desk.maintenance.audit_trail import export_csv, next_page, open_trail

    clock = clock_of(args)
    if args.csv_out is not None:
        written = export_csv(database, args.trail_filter, args.csv_out, account=account,
                             clock=clock)
        note(f"wrote {written} record(s) of the audit trail to {args.csv_out}")
        return EXIT_OK
    trail = open_trail(database, args.trail_filter, account=account, clock=clock)
    page = trail.first
    shown = 0
    while True:
        for line in page.lines:
            mark = "" if line.verified else "  [not verified]"
            case = f"  {line.case_number}" if line.case_number else ""
            print(f"{line.when}  {line.actor}  {line.act}{case}  {line.summary}{mark}")
            shown += 1
        if page.next_before is None:
            break
        page = next_page(database, trail, page.next_before, account=account)
    if not shown:
        print("No record of the audit trail you may read matches.")
    print(trail.chain.words)
    return EXIT_OK if trail.chain.holds else EXIT_FAILED


@signs_in(Act.PUBLIC_INFORMATION, "The Public Information Act requests (§ 2-83(h)(3))")
def cmd_requests(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``requests``: the Public Information Act requests with their due dates."""
    from ethics_desk.public_information import list_requests
    from ethics_desk.public_information.log import summaries

    views = list_requests(database, account=account, include_closed=args.all)
    if not views:
        print("No open request." if not args.all else "No request.")
    for view, line in zip(views, summaries(views), strict=True):
        print(line)
        if args.explain:
            for clock in view.clocks:
                print("    " + clock.explain().replace("\n", "\n    "))
    return EXIT_OK


@signs_in(Act.EDIT_WORDING, "The office's letter wording")
def cmd_wording_list(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``wording list``: each paper's wording and the enclosure, as every desk prints them."""
    from ethics_desk.documents.kinds import template_titles
    from ethics_desk.documents.wording import read_enclosure, wording_entries

    for entry in wording_entries(database, template_titles()):
        whose = (f"office's wording ({entry.changed_by}, {entry.changed_at:%Y-%m-%d})"
                 if entry.office and entry.changed_at else "shipped wording")
        print(f"{entry.file_name:32} {entry.title} ({entry.language.label}): {whose}")
    enclosed = read_enclosure(database)
    print(f"{'Ethics Code enclosure':32} " + (
        "the shipped PLACEHOLDER (store the Code in Settings)" if enclosed.placeholder
        else f"{enclosed.label}, {enclosed.pages} pages"
        + ("" if enclosed.sha256 else " (a file path set at one desk; store it in "
                                      "Settings or run “wording bring-in” there)")))
    return EXIT_OK


@signs_in(Act.EDIT_WORDING, "Storing the office's letter wording", opening=open_to_change)
def cmd_wording_bring_in(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``wording bring-in [--folder DIR]``."""
    from ethics_desk.documents.wording import bring_in_this_desk

    folder = Path(args.folder).expanduser() if args.folder is not None else None
    if folder is not None and not folder.is_dir():
        raise UserError(f"There is no folder {args.folder} of wording files"
                        + (" (it is a file)." if folder.exists() else "."),
                        "Give the folder that holds them, or leave out --folder for this "
                        "desk's old folder.")
    done = bring_in_this_desk(database, account=account, clock=clock_of(args), folder=folder)
    print(f"Stored in the office's database: {', '.join(done)}." if done else
          "Nothing to bring in: this desk has no wording files or enclosure of its own "
          "that the database does not already hold.")
    return EXIT_OK


def cmd_provisions_list(args: argparse.Namespace) -> int:
    """``provisions list [--on DATE]``."""
    from ethics_desk.intake.catalogue import provision_choices
    from ethics_desk.storage.failures import translate_errors

    on = parse_day(args.on, "--on") if args.on else None
    database = open_for_reading(args)
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


def cmd_provisions_load(args: argparse.Namespace) -> int:
    """``provisions load FILE.csv [--repealed-on DATE]``."""
    from ethics_desk.intake.catalogue import load_catalogue, read_provisions_csv
    from ethics_desk.storage.failures import translate_errors

    repealed_on = parse_day(args.repealed_on, "--repealed-on") if args.repealed_on else None
    rows = read_provisions_csv(Path(args.file).expanduser())  # before anyone signs in
    database = open_to_change(args)
    try:
        with translate_errors():
            account = signed_in_for(args, database, Act.EDIT_SETTINGS,
                                     "Loading a revised catalogue of provisions")
            change = load_catalogue(database, rows, repealed_on=repealed_on, account=account,
                                    clock=clock_of(args))
    finally:
        database.dispose()
    print(f"Loaded the revised catalogue: {change.sentence()}.")
    return EXIT_OK


def cmd_demo(args: argparse.Namespace) -> int:
    """``demo --db FILE``: a demonstration database, one line per case."""
    from ethics_desk.demo.build import build_demo
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.office.settings import office_today
    from ethics_desk.storage.addresses import describe
    from ethics_desk.storage.database import resolve_url
    from ethics_desk.storage.location import default_database_path

    url = resolve_url(db_arg(args))
    if url == resolve_url(str(default_database_path())):
        raise UserError(f"The demonstration cases would go into the office's own database "
                        f"({describe(url)}).",
                        f"Give a separate file, e.g. {PROG} demo --db demo.sqlite, then open it "
                        f"with {PROG} --db demo.sqlite.")
    database = open_database(db_arg(args), clock=clock_of(args))
    try:
        with database.read_session() as session:
            day = office_today(session, clock_of(args))  # the office's day, not the desk's
        line = ProgressLine("Building the demonstration")
        try:
            cases = build_demo(database, today=day, progress=line)
        finally:
            line.end()
    finally:
        database.dispose()
    for number, state in cases:
        print(f"{number} {state}")
    note(f"{len(cases)} demonstration cases in {database.description}.")
    from ethics_desk.staff.accounts import DEMO_LOGINS, DEMO_PASSWORD

    note(f"Accounts, password “{DEMO_PASSWORD}”: " + ", ".join(
        f"{login} ({role.label})" for role, login in DEMO_LOGINS.items()) + ".")
    return EXIT_OK


def cmd_retention(args: argparse.Namespace) -> int:
    """``retention [--out FILE.pdf]``: the disposal list of today (and the paper)."""
    from ethics_desk.retention.certificate import render_certificate
    from ethics_desk.retention.disposal import disposal_list
    from ethics_desk.storage.private_files import write_private

    out = pdf_out(args.out, force=args.force, db=db_arg(args)) if args.out else None
    database = open_for_writing(args)
    try:
        account = signed_in_for(args, database, Act.RETENTION,
                                 "The disposal list (Local Schedule GR)")
        listed = disposal_list(database, account=account, clock=clock_of(args))
        pdf = render_certificate(database, account=account, clock=clock_of(args)) if out else None
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
