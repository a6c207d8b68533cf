"""``ethics-desk due`` and ``calendar``: when something is due under § 2-83, and which days the
offices are closed. Neither signs in, so neither loads the permissions, and on a computer
without a database they load nothing of the database either: they answer from the calendars'
rules at once. Closing or reopening the offices on a day (``closure``) is in
:mod:`ethics_desk.cli.closures`."""

from __future__ import annotations

import argparse
from datetime import date
from typing import TYPE_CHECKING

from ethics_desk.cli.common import EXIT_OK, PROG, db_arg, note, open_for_reading, parse_day
from ethics_desk.core.errors import UserError

# Each command imports what it needs when it runs, so that starting the application (the
# default command) does not pay for the demonstration data, the integrity checks or Alembic.
if TYPE_CHECKING:
    from ethics_desk.deadlines import BusinessCalendar


def _calendars(args: argparse.Namespace) -> tuple[BusinessCalendar, str]:
    """The calendar asked for, and a line saying where the office's closures came from.

    On a computer without a database yet (none named, no file in the data folder) the rules
    alone are used, and nothing of the storage is loaded: the answer comes at once."""
    from ethics_desk.storage.location import default_database_path, named_database

    if db_arg(args) is None and not named_database():
        path = default_database_path()
        if not path.exists():
            from ethics_desk.deadlines import city_calendar, state_calendar

            calendar = city_calendar() if args.calendar == "city" else state_calendar()
            return calendar, _no_closures(str(path))
    from ethics_desk.deadlines.schedule import load_calendars
    from ethics_desk.storage.addresses import describe
    from ethics_desk.storage.database import resolve_url
    from ethics_desk.storage.failures import translate_errors

    database = open_for_reading(args)
    if database is None:
        from ethics_desk.deadlines import city_calendar, state_calendar

        calendar = city_calendar() if args.calendar == "city" else state_calendar()
        return calendar, _no_closures(describe(resolve_url(db_arg(args))))
    try:
        with translate_errors(), database.read_session() as session:
            calendars = load_calendars(session)
    finally:
        database.dispose()
    calendar = calendars.city if args.calendar == "city" else calendars.state
    return calendar, f"Office closures: as set in the database at {database.description}."


def _no_closures(where: str) -> str:
    """The line of ``due`` when there is no database at ``where`` to read closures from."""
    return (f"Office closures: none, because there is no database yet at {where}; only the "
            "calendar's rules were used.")


def cmd_due(args: argparse.Namespace) -> int:
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
            note(f"warning: {name} {year} is not set on the {calendar.name} calendar, so this "
                  f"count takes it as a business day; add it with: {PROG} closure add DATE "
                  f"\"{name}\" --kind fiesta")
    _fiesta_season_notes(calendar, years)
    return EXIT_OK


def cmd_calendar(args: argparse.Namespace) -> int:
    """``calendar YEAR``: the closed weekdays, then a warning for any per-year day not set."""
    calendar, _closures = _calendars(args)
    for day, name in calendar.non_business_weekdays(args.year):
        print(f"{day.isoformat()} {name}")
    kinds = {required.name: required.kind.value for required in calendar.rules.required_days}
    for name in calendar.missing_required_days(args.year):
        note(f"warning: {name} {args.year} is not set on the {calendar.name} calendar; add it "
              f"with: {PROG} closure add DATE \"{name}\" --kind {kinds.get(name, 'closure')}")
    _fiesta_season_notes(calendar, [args.year])
    return EXIT_OK


def _fiesta_season_notes(calendar: BusinessCalendar, years: list[int]) -> None:
    """Warn of a Fiesta San Jacinto Day set outside April and May in ``years``."""
    from ethics_desk.deadlines.calendar import DayKind, fiesta_season_warning

    for closure in calendar.closures:
        if closure.day.year in years and closure.kind is DayKind.FIESTA:
            warning = fiesta_season_warning(closure.day)
            if warning is not None:
                note(f"warning: {warning} Move it with: {PROG} closure remove "
                      f"{closure.day.isoformat()}, then closure add DATE \"{closure.name}\" "
                      "--kind fiesta")
