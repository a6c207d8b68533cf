"""Editing the office's calendars: closures and Fiesta San Jacinto Day, each change audited.

A change is previewed (which open deadlines it moves) before it is saved; saving recomputes every
open deadline in the same transaction as the change and its audit record.

A closure's name is one line of at most :data:`NAME_LIMIT` characters, without control
characters (it is quoted in every deadline explanation and on papers), and its day lies in the
years a typed date may (:data:`ethics_desk.core.dates.YEARS`): the command line and the window's
calendar editor both meet this rule here (:func:`check_name`).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.dates import FIRST_YEAR, LAST_YEAR, YEARS
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.deadlines.calendar import fiesta_season_warning as fiesta_season_warning
from ethics_desk.deadlines.schedule import Calendars, MovedDeadline, load_calendars, recompute_open
from ethics_desk.models import CalendarDay
from ethics_desk.staff.acting import service
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

CALENDARS = ("city", "state")
KINDS = ("closure", "fiesta")
NAME_LIMIT = 100
"""The longest name a closure may have, in characters: "Fiesta San Jacinto Day" has 22, and a
name is quoted in every deadline explanation it moves and on the papers that state one."""
LINE_BREAKING = frozenset({"Cc", "Zl", "Zp"})
"""The Unicode categories no closure name may hold: control characters (a new line, a tab,
NUL, escape) and the line and paragraph separators."""
KNOWN_FIESTA_DAYS = {date(2023, 4, 28), date(2025, 5, 2)}
"""Fiesta San Jacinto Days from City announcements; the office sets later years in the calendar."""


@dataclass(frozen=True)
class CalendarChange:
    """The result of a calendar edit: what changed and which deadlines moved."""

    summary: str
    moved: list[MovedDeadline]


def _check_calendar(calendar: str) -> None:
    if calendar not in CALENDARS:
        raise UserError(f"There is no calendar called “{calendar}”.", "Use city or state.")


def check_name(name: str) -> None:
    """Refuse a closure name that is empty, longer than :data:`NAME_LIMIT` characters, or not
    one line (a control character or a line separator in it)."""
    if not name.strip():
        raise UserError("A closure needs a name (it appears in every deadline explanation).",
                        "Give a name such as “Winter weather closure”.")
    if any(unicodedata.category(char) in LINE_BREAKING for char in name):
        raise UserError("A closure's name is one line without control characters (a new line, "
                        "a tab) — it is quoted in every deadline explanation.",
                        "Type the name again on one line, such as “Winter weather closure”.")
    if len(name.strip()) > NAME_LIMIT:
        raise UserError(f"A closure's name is at most {NAME_LIMIT} characters; this one has "
                        f"{len(name.strip()):,}.",
                        "Give a shorter name, such as “Winter weather closure”.")


def _find(session: Session, calendar: str, day: date) -> CalendarDay | None:
    return session.scalar(select(CalendarDay).where(CalendarDay.calendar == calendar,
                                                    CalendarDay.day == day))


def _validate_new(session: Session, calendars: Calendars, calendar: str, day: date, name: str,
                  kind: str) -> None:
    _check_calendar(calendar)
    if kind not in KINDS:
        raise UserError(f"“{kind}” is not a kind of closure.", "Use closure or fiesta.")
    check_name(name)
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise UserError(f"{day.isoformat()} is not in the years the calendars keep ({YEARS}).",
                        "Choose the day the offices close.")
    existing = _find(session, calendar, day)
    if existing is not None:
        raise UserError(f"{day.isoformat()} is already closed on the {calendar} calendar "
                        f"({existing.name}).", "Remove it first to rename it.")
    reason = getattr(calendars, calendar).non_business_reason(day)
    if reason is not None:
        raise UserError(f"{day.isoformat()} is already not a business day ({reason}).",
                        "Choose a day when the offices would otherwise be open.")
    if kind == "fiesta":
        if day.weekday() != 4:
            raise UserError(f"Fiesta San Jacinto Day is a Friday; {day.isoformat()} is a "
                            f"{day.strftime('%A')}.", "Choose the Friday the City announced.")
        other = session.scalar(select(CalendarDay).where(
            CalendarDay.calendar == calendar, CalendarDay.kind == "fiesta",
            CalendarDay.day >= date(day.year, 1, 1), CalendarDay.day <= date(day.year, 12, 31)))
        if other is not None:
            raise UserError(f"Fiesta San Jacinto Day {day.year} is already set "
                            f"({other.day.isoformat()}).", "Remove that day first to move it.")


@service(Act.EDIT_CALENDAR, "Closing the offices on a day")
def preview_add(database: Database, day: date, name: str, *, account: Account,
                calendar: str = "city", kind: str = "closure") -> list[MovedDeadline]:
    """The open deadlines that adding this closure would move (nothing is saved)."""
    with database.read_session() as session:
        calendars = load_calendars(session)
        _validate_new(session, calendars, calendar, day, name, kind)
        session.add(CalendarDay(calendar=calendar, day=day, name=name.strip(), kind=kind))
        session.flush()
        moved = recompute_open(session, load_calendars(session), apply=False)
        session.rollback()
        return moved


@service(Act.EDIT_CALENDAR, "Closing the offices on a day")
def add_closure(database: Database, day: date, name: str, *, account: Account, clock: Clock,
                calendar: str = "city", kind: str = "closure") -> CalendarChange:
    """Close the offices on ``day``: saved, audited, and every open deadline recomputed."""
    with database.unit_of_work() as session:
        _validate_new(session, load_calendars(session), calendar, day, name, kind)
        session.add(CalendarDay(calendar=calendar, day=day, name=name.strip(), kind=kind))
        session.flush()
        moved = recompute_open(session, load_calendars(session), apply=True)
        summary = (f"Added {name.strip()} on {day.isoformat()} to the {calendar} calendar; "
                   f"{len(moved)} open deadline(s) moved")
        audit.append(session, actor=account.display, action="calendar.add", summary=summary, at=clock(),
                     detail={"calendar": calendar, "day": day.isoformat(), "name": name.strip(),
                             "kind": kind, "moved": [m.deadline_id for m in moved]})
        return CalendarChange(summary, moved)


@service(Act.EDIT_CALENDAR, "Reopening the offices on a day")
def remove_closure(database: Database, day: date, *, account: Account, clock: Clock,
                   calendar: str = "city") -> CalendarChange:
    """Reopen the offices on ``day`` (a closure set by the office; rule holidays stay)."""
    with database.unit_of_work() as session:
        _check_calendar(calendar)
        existing = _find(session, calendar, day)
        if existing is None:
            reason = getattr(load_calendars(session), calendar).non_business_reason(day)
            fix = (f"It is {reason}, a rule of the calendar, not a closure."
                   if reason else "Check the date with “ethics-desk calendar YEAR”.")
            raise UserError(f"No closure is set on {day.isoformat()} on the {calendar} "
                            "calendar.", fix)
        name = existing.name
        session.delete(existing)
        session.flush()
        moved = recompute_open(session, load_calendars(session), apply=True)
        summary = (f"Removed {name} on {day.isoformat()} from the {calendar} calendar; "
                   f"{len(moved)} open deadline(s) moved")
        audit.append(session, actor=account.display, action="calendar.remove", summary=summary, at=clock(),
                     detail={"calendar": calendar, "day": day.isoformat(), "name": name,
                             "moved": [m.deadline_id for m in moved]})
        return CalendarChange(summary, moved)
