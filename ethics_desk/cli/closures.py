"""``ethics-desk closure add`` and ``remove``: closing or reopening the offices on a day, an act
of ``Act.EDIT_CALENDAR`` that recomputes the open deadlines it moves and names them (apart from
``due`` and ``calendar``, :mod:`ethics_desk.cli.calendar`, which sign in to nothing and so load
no permissions)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ethics_desk.cli.common import EXIT_OK, clock_of, note, open_to_change, parse_day, signs_in
from ethics_desk.core.permissions import Act

if TYPE_CHECKING:
    from ethics_desk.core.account import Account
    from ethics_desk.deadlines.closures import CalendarChange
    from ethics_desk.storage.database import Database


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
        note(f"warning: {paper.sentence()}; reissue it corrected from the case's Papers tab")


def _day_typed(args: argparse.Namespace) -> object:
    """The DATE of ``closure``, refused before a password is asked if it is no date."""
    return parse_day(args.day, "DATE")


@signs_in(Act.EDIT_CALENDAR, "Closing the offices on a day", opening=open_to_change,
          first=_day_typed)
def cmd_closure_add(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``closure add DATE NAME``."""
    from ethics_desk.deadlines.closures import add_closure, fiesta_season_warning

    day = parse_day(args.day, "DATE")
    change = add_closure(database, day, args.name, account=account, clock=clock_of(args),
                         calendar=args.calendar, kind=args.kind)
    _print_change(database, change, account)
    season = fiesta_season_warning(day) if args.kind == "fiesta" else None
    if season is not None:
        note(f"warning: {season}")
    return EXIT_OK


@signs_in(Act.EDIT_CALENDAR, "Reopening the offices on a day", opening=open_to_change,
          first=_day_typed)
def cmd_closure_remove(args: argparse.Namespace, database: Database, account: Account) -> int:
    """``closure remove DATE``."""
    from ethics_desk.deadlines.closures import remove_closure

    change = remove_closure(database, parse_day(args.day, "DATE"), account=account,
                            clock=clock_of(args), calendar=args.calendar)
    _print_change(database, change, account)
    return EXIT_OK
