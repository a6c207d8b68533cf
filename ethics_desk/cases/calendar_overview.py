"""The deadline calendar: what falls due on each day, beside the days the offices are closed.

Read-only views for the Calendar screen and its closures editor, computed here so that the
interface never counts deadlines or asks the engine itself:

* :func:`month_overview` — per day, the open deadlines due and how many are overdue, with the
  day's non-business reason on the City and the State calendar (one grouped query for the
  counts, whatever the length of the month);
* :func:`deadlines_on` — the deadlines due on one day, with the case and its parties;
* :func:`calendar_days` — a year's rule holidays and the office's closures on both calendars;
* :func:`fiesta_warning` — a sentence when a day the office must set each year is missing;
* :func:`preview_remove` and :func:`describe_moves` — which open deadlines a change moves,
  with their case numbers (``calendar_admin.preview_add`` previews an addition).
"""

from __future__ import annotations

import calendar as month_calendar
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from types import MappingProxyType
from typing import TYPE_CHECKING

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.deadlines import BusinessCalendar, DayKind
from ethics_desk.deadlines.calendar import WEEKDAY_NAMES
from ethics_desk.deadlines.closures import CALENDARS
from ethics_desk.deadlines.schedule import Calendars, MovedDeadline, load_calendars, recompute_open
from ethics_desk.models import CalendarDay, Complaint, Deadline, DeadlineStatus
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.scope import case_condition
from ethics_desk.storage.database import Database

if TYPE_CHECKING:
    from ethics_desk.public_information.log import RequestClock, RequestView

__all__ = [
    "CALENDAR_TITLES",
    "CalendarEntry",
    "DayDeadline",
    "DayMark",
    "DayOverview",
    "MonthOverview",
    "MoveLine",
    "calendar_days",
    "deadlines_on",
    "describe_moves",
    "fiesta_warning",
    "kind_label",
    "long_day",
    "missing_fiesta_years",
    "month_overview",
    "preview_remove",
    "required_days_missing",
    "short_day",
]

CALENDAR_TITLES: Mapping[str, str] = MappingProxyType({
    "city": "City of San Antonio",
    "state": "State of Texas",
})
"""How each calendar is named to a clerk."""

MONTH_NAMES: tuple[str, ...] = tuple(month_calendar.month_name[1:])
"""English month names, independent of the process locale (``calendar`` uses C month names)."""

_KIND_LABELS: Mapping[DayKind, str] = MappingProxyType({
    DayKind.WEEKEND: "weekend",
    DayKind.HOLIDAY: "holiday",
    DayKind.CITY_DAY: "City day",
    DayKind.FIESTA: "Fiesta",
    DayKind.CLOSURE: "closure",
})

OFFICE_KINDS = frozenset({DayKind.FIESTA, DayKind.CLOSURE})
"""The kinds of day the office sets (and may remove); the others come from the rules."""


def kind_label(kind: DayKind, calendar: str = "city") -> str:
    """A clerk's word for a kind of closed day: "holiday", "City day", "Fiesta", "closure"…"""
    if kind is DayKind.CITY_DAY and calendar != "city":
        return "State day"
    return _KIND_LABELS[kind]


def long_day(day: date) -> str:
    """"Thursday 26 November 2026" (English, whatever the locale)."""
    return f"{WEEKDAY_NAMES[day.weekday()]} {day.day} {MONTH_NAMES[day.month - 1]} {day.year}"


def short_day(day: date) -> str:
    """"Thu 26 Nov 2026" (English, whatever the locale)."""
    return (f"{WEEKDAY_NAMES[day.weekday()][:3]} {day.day} {MONTH_NAMES[day.month - 1][:3]} "
            f"{day.year}")


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


# --------------------------------------------------------------------------------------------
# The month
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DayMark:
    """Why the offices of one calendar are closed on a day: the kind and the name(s)."""

    calendar: str
    kind: DayKind
    reason: str

    @property
    def label(self) -> str:
        """The kind in words ("holiday", "closure" …)."""
        return kind_label(self.kind, self.calendar)

    @property
    def set_by_office(self) -> bool:
        """Whether the office set this day (a closure or Fiesta), rather than a rule."""
        return self.kind in OFFICE_KINDS

    def describe(self) -> str:
        """"Thanksgiving Day (holiday)"; a weekend is just its weekday name."""
        if self.kind is DayKind.WEEKEND:
            return self.reason
        return f"{self.reason} ({self.label})"


@dataclass(frozen=True)
class DayOverview:
    """One day of the calendar: the open deadlines due on it and whether the offices are open."""

    day: date
    open_count: int
    overdue_count: int
    city: DayMark | None
    state: DayMark | None

    @property
    def is_business_day(self) -> bool:
        """Whether City offices are open (every § 2-83 clock counts on the City calendar)."""
        return self.city is None

    def count_text(self) -> str:
        """"3 due (1 overdue ⚠)", "2 due", or "" when nothing is due."""
        if not self.open_count:
            return ""
        if self.overdue_count:
            return f"{self.open_count} due ({self.overdue_count} overdue ⚠)"
        return f"{self.open_count} due"

    def summary(self) -> str:
        """A sentence about the day: the deadlines due and which offices are closed, and why."""
        parts = [long_day(self.day)]
        if self.open_count:
            due = f"{_plural(self.open_count, 'open deadline')} due"
            if self.overdue_count:
                due += f", {self.overdue_count} overdue"
            parts.append(due)
        else:
            parts.append("no open deadline due")
        if self.city is None and self.state is None:
            parts.append("City and State offices open")
        elif self.city is not None and self.state is not None and \
                self.city.reason == self.state.reason:
            parts.append(f"City and State offices closed: {self.city.describe()}")
        else:
            parts.append(f"City offices closed: {self.city.describe()}" if self.city
                         else "City offices open")
            parts.append(f"State offices closed: {self.state.describe()}" if self.state
                         else "State offices open")
        return " — ".join(parts[:2]) + ". " + "; ".join(parts[2:]) + "."


@dataclass(frozen=True)
class MonthOverview:
    """A month of :class:`DayOverview`, keyed by date; ``days`` may reach into the months around.

    ``month_days`` and the totals cover the month itself only.
    """

    year: int
    month: int
    today: date
    days: Mapping[date, DayOverview]

    @property
    def first(self) -> date:
        """The first day of the month."""
        return date(self.year, self.month, 1)

    @property
    def last(self) -> date:
        """The last day of the month."""
        return date(self.year, self.month, month_calendar.monthrange(self.year, self.month)[1])

    @property
    def title(self) -> str:
        """"November 2026"."""
        return f"{MONTH_NAMES[self.month - 1]} {self.year}"

    def in_month(self, day: date) -> bool:
        """Whether ``day`` belongs to the month (not a day shown around it)."""
        return (day.year, day.month) == (self.year, self.month)

    @property
    def month_days(self) -> list[DayOverview]:
        """The days of the month, first to last."""
        return [self.days[self.first + timedelta(days=n)] for n in range(self.last.day)]

    def get(self, day: date) -> DayOverview | None:
        """The overview of ``day``, or None when it is outside the span."""
        return self.days.get(day)

    @property
    def open_count(self) -> int:
        """Open deadlines due in the month."""
        return sum(d.open_count for d in self.month_days)

    @property
    def overdue_count(self) -> int:
        """Of those, the ones already overdue."""
        return sum(d.overdue_count for d in self.month_days)


def _mark(calendar: BusinessCalendar, name: str, day: date) -> DayMark | None:
    info = calendar.classify(day)
    return None if info is None else DayMark(name, info[0], info[1])


@case_reader("Counting the deadlines of a span of days")
def open_counts(database: Database, first: date, last: date, today: date, *,
                account: Account) -> dict[date, tuple[int, int]]:
    """Open deadlines due on each day from ``first`` to ``last``: (count, overdue), one query;
    of the complaints ``account`` receives only (§ 2-83(h)(1): the count tells nothing of the
    others)."""
    overdue = func.sum(case((Deadline.due_on < today, 1), else_=0))
    query = (select(Deadline.due_on, func.count(Deadline.id), overdue)
             .where(Deadline.status == DeadlineStatus.OPEN, Deadline.due_on >= first,
                    Deadline.due_on <= last)
             .group_by(Deadline.due_on))
    query = query.join(Complaint, Complaint.id == Deadline.complaint_id) \
        .where(case_condition(account))
    with database.read_session() as session:
        counts = {row[0]: (int(row[1]), int(row[2] or 0)) for row in session.execute(query)}
        for _request, clock in _request_clocks(session, first, last, account):
            count, late = counts.get(clock.due_on, (0, 0))
            counts[clock.due_on] = (count + 1, late + (clock.due_on < today))
        return counts


def _request_clocks(session: Session, first: date, last: date, account: Account
                    ) -> list[tuple[RequestView, RequestClock]]:
    """The Public Information Act clocks due in the span, for a person who handles requests
    (§ 2-83(h)(3)); for anyone else none, and nothing tells them a request exists."""
    from ethics_desk.core.permissions import Act, may
    from ethics_desk.public_information.log import open_clocks_between

    if not may(account.role, Act.PUBLIC_INFORMATION):
        return []
    return open_clocks_between(session, first, last)


@case_reader("The calendar's month")
def month_overview(database: Database, year: int, month: int, today: date, *,
                   margin_days: int = 0, account: Account) -> MonthOverview:
    """Every day of the month with its open and overdue deadlines and its closures.

    ``margin_days`` extends the span on both sides, for a month view that shows the last days
    of the month before and the first of the month after.
    """
    first = date(year, month, 1) - timedelta(days=margin_days)
    last = date(year, month, month_calendar.monthrange(year, month)[1]) + \
        timedelta(days=margin_days)
    counts = open_counts(database, first, last, today, account=account)
    with database.read_session() as session:
        calendars = load_calendars(session)
    days: dict[date, DayOverview] = {}
    day = first
    while day <= last:
        count, overdue = counts.get(day, (0, 0))
        days[day] = DayOverview(day, count, overdue, _mark(calendars.city, "city", day),
                                _mark(calendars.state, "state", day))
        day += timedelta(days=1)
    return MonthOverview(year, month, today, MappingProxyType(days))


# --------------------------------------------------------------------------------------------
# One day's deadlines
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DayDeadline:
    """A deadline due on the chosen day, with its case for the clerk to open."""

    deadline_id: int
    complaint_id: int
    case_number: str
    complainant_names: str
    respondent_names: str
    title: str
    citation: str
    due_on: date
    status: DeadlineStatus
    overdue: bool
    explanation: str
    calendar: str = "city"

    @property
    def parties(self) -> str:
        """"José Peña v. Nguyễn Thị Minh Khai" (who complains of whom)."""
        return f"{self.complainant_names or '—'} v. {self.respondent_names or '—'}"

    @property
    def status_text(self) -> str:
        """"Open", "Overdue ⚠", "Met" or "Missed"."""
        if self.overdue:
            return "Overdue ⚠"
        return self.status.label


_STATUS_ORDER = {DeadlineStatus.OPEN: 0, DeadlineStatus.MISSED: 1, DeadlineStatus.MET: 2,
                 DeadlineStatus.CANCELLED: 3}


@case_reader("A day's deadlines")
def deadlines_on(database: Database, day: date, today: date, *,
                 include_closed: bool = False, account: Account,
                 clock: Clock | None = None) -> list[DayDeadline]:
    """The open deadlines due on ``day`` (with ``include_closed``, the met and missed ones too).

    Open ones come first, then by case number and title. A deadline is overdue when it is still
    open and ``day`` is before ``today``. Cancelled clocks (replaced or ended) are never listed.
    Only the complaints ``account`` receives (§ 2-83(h)(1)); given the ``clock``, the list shown
    is a read on record, naming its cases (:func:`ethics_desk.cases.list_reads.list_shown`).
    """
    statuses = [DeadlineStatus.OPEN]
    if include_closed:
        statuses += [DeadlineStatus.MET, DeadlineStatus.MISSED]
    query = (select(Deadline, Complaint.case_number, Complaint.complainant_names,
                    Complaint.respondent_names)
             .join(Complaint, Complaint.id == Deadline.complaint_id)
             .where(Deadline.due_on == day, Deadline.status.in_(statuses)))
    query = query.where(case_condition(account))  # only those received, § 2-83(h)(1)
    with database.read_session() as session:
        rows = session.execute(query).all()
        requests = _request_clocks(session, day, day, account)
    found = [DayDeadline(
        deadline_id=deadline.id, complaint_id=deadline.complaint_id,
        case_number=case_number or f"Draft {deadline.complaint_id}",
        complainant_names=complainants or "", respondent_names=respondents or "",
        title=deadline.title, citation=deadline.citation, due_on=deadline.due_on,
        status=deadline.status,
        overdue=deadline.status is DeadlineStatus.OPEN and deadline.due_on < today,
        explanation=deadline.explanation, calendar=deadline.calendar)
        for deadline, case_number, complainants, respondents in rows]
    found += [DayDeadline(  # a request's clock has no case to open: complaint_id 0
        deadline_id=0, complaint_id=0, case_number=request.number,
        complainant_names=request.requester_name, respondent_names="the City",
        title=clock.rule.title, citation=clock.rule.citation, due_on=clock.due_on,
        status=clock.status, overdue=clock.due_on < today, explanation=clock.explain(),
        calendar=clock.rule.calendar) for request, clock in requests]
    found.sort(key=lambda d: (_STATUS_ORDER[d.status], d.case_number, d.title, d.deadline_id))
    if clock is not None:  # parties' names shown, § 2-83(h)
        from ethics_desk.cases.list_reads import CALENDAR_DAY, list_shown
        from ethics_desk.storage.audit import Viewer

        list_shown(database, CALENDAR_DAY, [d.complaint_id for d in found],
                   viewer=Viewer.of(account, clock))
    return found


# --------------------------------------------------------------------------------------------
# The calendars for the editor
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CalendarEntry:
    """A weekday a calendar is closed: a rule holiday (read-only) or a day the office set."""

    calendar: str
    day: date
    name: str
    kind: DayKind

    @property
    def set_by_office(self) -> bool:
        """Whether the office set it (and may remove it); rule holidays stay."""
        return self.kind in OFFICE_KINDS

    @property
    def label(self) -> str:
        """The kind in words."""
        return kind_label(self.kind, self.calendar)

    @property
    def source(self) -> str:
        """The kind and where it comes from: "Holiday (rule)", "Closure (office)"."""
        where = "office" if self.set_by_office else "rule"
        return f"{self.label[0].upper()}{self.label[1:]} ({where})"


def calendar_days(database: Database, year: int) -> list[CalendarEntry]:
    """Every weekday of ``year`` closed on the City and State calendars, City first, by date.

    The office's closures are read from the database as set (their kind as stored); every other
    closed weekday is a rule of the calendar (a holiday or a City day).
    """
    with database.read_session() as session:
        calendars = load_calendars(session)
        rows = session.scalars(select(CalendarDay).where(
            CalendarDay.day >= date(year, 1, 1), CalendarDay.day <= date(year, 12, 31))).all()
    office = {(row.calendar, row.day): row for row in rows}
    entries: list[CalendarEntry] = []
    for name in CALENDARS:
        calendar: BusinessCalendar = getattr(calendars, name)
        days = {day for day, _reason in calendar.non_business_weekdays(year)}
        days.update(day for (cal, day) in office if cal == name)
        for day in sorted(days):
            row = office.get((name, day))
            if row is not None:
                kind = DayKind.FIESTA if row.kind == "fiesta" else DayKind.CLOSURE
                entries.append(CalendarEntry(name, day, row.name, kind))
                continue
            info = calendar.classify(day)
            if info is not None:
                entries.append(CalendarEntry(name, day, info[1], info[0]))
    return entries


# --------------------------------------------------------------------------------------------
# The days the office must set
# --------------------------------------------------------------------------------------------


def _years_list(years: list[int]) -> str:
    text = [str(y) for y in years]
    return text[0] if len(text) == 1 else ", ".join(text[:-1]) + " or " + text[-1]


def required_days_missing(database: Database, year: int) -> list[tuple[str, str]]:
    """(calendar, day name) of each day the office must set in ``year`` that is not set."""
    with database.read_session() as session:
        calendars = load_calendars(session)
    return [(name, day_name) for name in CALENDARS
            for day_name in getattr(calendars, name).missing_required_days(year)]


def _missing_required(database: Database, today: date) -> dict[tuple[str, str], list[int]]:
    """(calendar, day name) → the years of this and next year it is not set in."""
    with database.read_session() as session:
        calendars = load_calendars(session)
    missing: dict[tuple[str, str], list[int]] = {}
    for name in CALENDARS:
        calendar: BusinessCalendar = getattr(calendars, name)
        for year in (today.year, today.year + 1):
            for day_name in calendar.missing_required_days(year):
                missing.setdefault((name, day_name), []).append(year)
    return missing


def missing_fiesta_years(database: Database, today: date) -> list[int]:
    """This year and next, those with a day the office must set missing on the City calendar."""
    missing = _missing_required(database, today)
    return sorted({year for (name, _day), years in missing.items() if name == "city"
                   for year in years})


def fiesta_warning(database: Database, today: date) -> str | None:
    """A sentence when this year or next has no Fiesta San Jacinto Day (or other required day).

    None when every required day of both years is set on both calendars.
    """
    missing = _missing_required(database, today)
    if not missing:
        return None
    sentences = []
    for (name, day_name), years in missing.items():
        where = "" if name == "city" else f" on the {CALENDAR_TITLES[name]} calendar"
        sentences.append(
            f"{day_name} is not set for {_years_list(years)}{where}: until it is, deadlines "
            f"count that day as a business day. Once the City announces the date, set it with "
            f"“Closures and holidays…” → Add a day, kind “{day_name}”.")
    return " ".join(sentences)


# --------------------------------------------------------------------------------------------
# Previewing a change
# --------------------------------------------------------------------------------------------


@service(Act.EDIT_CALENDAR, "Reopening the offices on a day")
def preview_remove(database: Database, day: date, *, account: Account,
                   calendar: str = "city") -> list[MovedDeadline]:
    """The open deadlines that removing the office's closure on ``day`` would move (nothing saved).

    Raises :class:`UserError` as ``calendar_admin.remove_closure`` would: no such calendar, or no
    closure set on that day (a rule holiday cannot be removed).
    """
    if calendar not in CALENDARS:
        raise UserError(f"There is no calendar called “{calendar}”.", "Use city or state.")
    with database.read_session() as session:
        existing = session.scalar(select(CalendarDay).where(CalendarDay.calendar == calendar,
                                                            CalendarDay.day == day))
        if existing is None:
            calendars: Calendars = load_calendars(session)
            reason = getattr(calendars, calendar).non_business_reason(day)
            fix = (f"It is {reason}, a rule of the calendar, not a closure."
                   if reason else "Choose a closure set by the office.")
            raise UserError(f"No closure is set on {day.isoformat()} on the {calendar} "
                            "calendar.", fix)
        session.delete(existing)
        session.flush()
        moved = recompute_open(session, load_calendars(session), apply=False)
        session.rollback()
        return moved


@dataclass(frozen=True)
class MoveLine:
    """A deadline a calendar change moves, with its case number for the clerk to recognise."""

    deadline_id: int
    complaint_id: int
    case_number: str
    title: str
    old_due: date
    new_due: date


@service(Act.EDIT_CALENDAR, "Naming the deadlines a calendar change moves")
def describe_moves(database: Database, moved: Iterable[MovedDeadline], *,
                   account: Account) -> list[MoveLine]:
    """The moved deadlines with their case numbers, by case number, title and old date."""
    moved = list(moved)
    ids = {m.complaint_id for m in moved}
    numbers: dict[int, str] = {}
    if ids:
        with database.read_session() as session:
            numbers = {cid: number or f"Draft {cid}" for cid, number in session.execute(
                select(Complaint.id, Complaint.case_number).where(Complaint.id.in_(ids)))}
    lines = [MoveLine(m.deadline_id, m.complaint_id, numbers.get(m.complaint_id,
                                                                 f"Draft {m.complaint_id}"),
                      m.title, m.old_due, m.new_due) for m in moved]
    lines.sort(key=lambda m: (m.case_number, m.title, m.old_due, m.deadline_id))
    return lines
