"""``ethics-desk statistics``: the office's figures for a period, as plain lines or one JSON
object (an act of ``Act.STATISTICS``; the figures are
:func:`ethics_desk.reports.statistics.office_statistics`'s); ``ethics-desk report annual``:
the year's annual report issued and written as a PDF (an act of ``Act.ANNUAL_REPORT``)."""

from __future__ import annotations

import argparse
import json
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from ethics_desk.cli.common import (
    EXIT_OK,
    UsageError,
    clock_of,
    db_arg,
    parse_day,
    pdf_out,
    signs_in,
)
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act

if TYPE_CHECKING:
    from ethics_desk.core.account import Account
    from ethics_desk.reports.statistics import ClockTally, OfficeStatistics, StepTime
    from ethics_desk.storage.database import Database


def period_typed(args: argparse.Namespace) -> tuple[date | None, date | None]:
    """The period typed (``--year``, or ``--from`` and ``--to``), checked before anyone is asked
    for a password; a day not given is None (the office's date decides it)."""
    if args.year is not None and (args.start is not None or args.end is not None):
        raise UsageError("Give either --year or --from/--to, not both.")
    if args.year is not None:
        return date(args.year, 1, 1), date(args.year, 12, 31)
    start = parse_day(args.start, "--from") if args.start is not None else None
    end = parse_day(args.end, "--to") if args.end is not None else None
    if start is not None and end is not None and end < start:
        raise UsageError(f"--to {end.isoformat()} is before --from {start.isoformat()}; give "
                         "a period that ends on or after the day it starts.")
    return start, end


def _period(args: argparse.Namespace, database: Database) -> tuple[date, date]:
    """The period asked for: by default this year up to the office's date today; --from alone
    runs to today, --to alone from the first of January of its year."""
    from ethics_desk.core.office_time import office_date, office_zone
    from ethics_desk.office.actions import read_setting

    start, end = period_typed(args)
    if start is not None and end is not None:
        return start, end
    today = office_date(clock_of(args)(), office_zone(read_setting(database, "office.time_zone")))
    if end is None:
        end = today
    if start is None:
        start = date(end.year, 1, 1)
    if end < start:
        raise UsageError(f"--from {start.isoformat()} is after today, {end.isoformat()}; give "
                         "--to as well.")
    return start, end


@signs_in(Act.STATISTICS, "The office's statistics", first=period_typed)
def cmd_statistics(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``statistics [--from DATE] [--to DATE] [--year YYYY] [--json]``."""
    from ethics_desk.reports.statistics import office_statistics

    start, end = _period(args, database)
    figures = office_statistics(database, start=start, end=end, account=account,
                                clock=clock_of(args))
    if args.json:
        print(json.dumps(figures.as_dict(), ensure_ascii=False))
    else:
        print("\n".join(statistics_lines(figures)))
    return EXIT_OK



def _step(step: StepTime) -> str:
    if not step.cases:
        return f"  {step.label} ({step.citation}): no case"
    return (f"  {step.label} ({step.citation}): {step.cases} case(s), median "
            f"{step.median}, 90th percentile {step.p90} business day(s)")


def _clocks(tally: ClockTally) -> str:
    cited = f" ({tally.citation})" if tally.citation else ""
    return (f"  {tally.label}{cited}: {tally.due} due — {tally.met} met, {tally.missed} missed, "
            f"{tally.open_past_due} open past due, {tally.open_not_yet_due} open not yet due, "
            f"{tally.cancelled} cancelled; {tally.moved_by_closures} moved by closures")


def statistics_lines(figures: OfficeStatistics) -> list[str]:
    """The figures as plain lines, each with the provision that gives it."""
    from ethics_desk.core.words import ENGLISH

    received, endings, board = figures.received, figures.endings, figures.board
    pia = figures.public_information
    lines = [f"The office's statistics from {figures.start.isoformat()} to "
             f"{figures.end.isoformat()} (counted on {figures.counted_on.isoformat()})",
             "", f"Complaints received (§ 2-83(c)): {received.total}"]
    lines += [f"  {line.label} ({line.citation}): {line.count}" if line.citation
              else f"  {line.label}: {line.count}" for line in received.by_route]
    lines += [f"  Sworn: {received.sworn}", f"  Not sworn: {received.not_sworn}",
              "Provisions alleged (§ 2-83(c)(5)), complaints alleging each:"]
    lines += [f"  {line.label}: {line.count}" for line in received.by_provision]
    lines += [f"  No provision named: {received.no_provision}", "",
              f"Cases ended: {endings.total}",
              f"  Returned as not sworn (§ 2-83(c)): {endings.returned_unsworn}",
              f"  Returned as defective (§ 2-83(d)(3)): {endings.returned_defective}"]
    lines += [f"  Resolved — {line.label} ({line.citation}): {line.count}"
              for line in endings.by_disposition]
    lines += [f"Campaign finance not cured, gone on to the Board (§ 2-83(d)(2)): "
              f"{endings.not_cured}", "",
              "Business days from receipt to each step (the City's calendar):"]
    lines += [_step(step) for step in figures.steps]
    lines += ["", "Deadlines due in the period:", _clocks(figures.deadlines_total)]
    lines += [_clocks(tally) for tally in figures.deadlines if tally.due]
    lines += ["", "The Ethics Review Board:", f"  Meetings held (days it voted): {board.meetings}",
              f"  Votes: {board.votes}, carried {board.votes_carried}"]
    lines += [f"    {line.label} ({line.citation}): {line.count}"
              for line in board.votes_by_action]
    lines += [f"  Orders to show cause (§ 2-83(f)(2)): {board.show_cause_orders}",
              f"  Frivolous determinations (§ 2-83(f)(6)): {board.frivolous_determinations}",
              f"  Sanctions imposed (§ 2-83(g)): {board.sanctions}"]
    lines += [f"    {line.label} ({line.citation}): {line.count}"
              for line in board.sanctions_by_kind]
    lines += [f"  Civil penalties imposed (§ 2-83(g)(2)(a)): {board.penalties_imposed}, "
              f"{ENGLISH.dollars(board.penalties_imposed_cents)}",
              f"  Civil penalties paid: {board.penalties_paid}, "
              f"{ENGLISH.dollars(board.penalties_paid_cents)}",
              f"  Civil penalties waived: {board.penalties_waived}",
              f"  Civil penalties outstanding at {figures.end.isoformat()}: "
              f"{board.penalties_outstanding}", "",
              "Public Information Act requests (§ 2-83(h)(3); Gov't Code ch. 552):",
              f"  Received: {pia.received}",
              f"  Ruled on by the Attorney General: {pia.ruled_by_attorney_general}",
              f"  Decided by the City Attorney: {pia.decided_by_city_attorney}",
              f"  Released: {pia.released}",
              f"  Withheld: {pia.withheld}; withheld in part: {pia.withheld_in_part}",
              f"  Closed: {pia.closed}", _clocks(pia.clocks_total)]
    lines += [_clocks(tally) for tally in pia.clocks if tally.due]
    return lines


def _annual_out(args: argparse.Namespace) -> Path:
    """Where the annual report goes, checked before anyone is asked for a password."""
    return pdf_out(args.out, force=args.force, db=db_arg(args))


@signs_in(Act.ANNUAL_REPORT, "The office's annual report", first=_annual_out)
def cmd_report_annual(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``report annual YEAR [--confidential] --out FILE.pdf [--force]``: issue the year's report
    (:func:`ethics_desk.reports.annual_report.issue_annual_report`) and write it to FILE.pdf."""
    from ethics_desk.reports.annual_report import Edition, issue_annual_report
    from ethics_desk.storage.private_files import write_private

    out = _annual_out(args)
    edition = Edition.CONFIDENTIAL if args.confidential else Edition.PUBLIC
    issued, pdf = issue_annual_report(database, args.year, edition=edition, account=account,
                                      clock=clock_of(args))
    try:
        write_private(out, pdf)  # beside the target first, then in its place
    except OSError as exc:
        raise UserError(f"The annual report for {args.year} was issued (report "
                        f"{issued.report_id}, SHA-256 {issued.sha256[:12]}…) but could not be "
                        f"saved to {out} ({exc.strerror or exc}).",
                        "Run the command again with a folder you may write to; the issued "
                        "copy stays in the record.") from exc
    pages = f"{issued.page_count} page{'s' if issued.page_count != 1 else ''}"
    print(f"Issued the annual report for {args.year}, {edition.within} (report "
          f"{issued.report_id}, {pages}, SHA-256 {issued.sha256}), and wrote it to {out}.")
    if edition is Edition.CONFIDENTIAL:
        print("It is confidential (§ 2-83(h)(1)): for the Ethics Review Board only.")
    return EXIT_OK
