"""The inbox: which complaints to show, in what order, a page at a time, and how urgent each is.

Everything is answered in SQL on the complaint's listing columns (``ethics_desk.cases.listing``):
filters, search and sorting, one query per page with ``LIMIT``/``OFFSET`` and a tie-break on
the id, so that 100,000 cases list as fast as forty and no page ever repeats or skips a case.
Only the rows of a page are turned into :class:`InboxRow`, and only for them are business days
counted, on the City's calendar (loaded once per query, and only when a row is not due today).

This module holds what the inbox *is* — views, filters, rows, business-day counting, urgency —
with no database code, so that the first screen can be built before SQLAlchemy is loaded; the
SQL is in :mod:`ethics_desk.cases.inbox_query` (``InboxQuery``),
which imports this module and never the other way round.

Search takes the words the clerk typed, folds them the way the search key was folded
(:func:`ethics_desk.core.folding.fold`: "PEÑA", "Peña" and "pena" are the same word, "Nguyễn" is
"nguyen"), and keeps the cases whose key contains every word. ``%`` and ``_`` typed by the clerk
are matched literally.

The due windows and the urgency look at a case's *next* deadline — the earliest open one, the
one the inbox shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta, tzinfo
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from ethics_desk.cases.view_names import (
    ALL_CASES,
    ALL_PENDING,
    AWAITING_RESPONSE,
    CUSTOM,
    DRAFTS,
    DUE_TODAY,
    OVERDUE,
    THIS_WEEK,
)
from ethics_desk.core.folding import fold
from ethics_desk.core.office_time import in_office_time, stamp
from ethics_desk.core.vocabulary import CaseState, ReviewerRole, Route
from ethics_desk.deadlines.clocks import short_title

if TYPE_CHECKING:
    from ethics_desk.deadlines import BusinessCalendar

__all__ = [
    "ALL_CASES",
    "ALL_PENDING",
    "AWAITING_RESPONSE",
    "COLUMNS",
    "CUSTOM",
    "DRAFTS",
    "DUE_TODAY",
    "FIND_LIMIT",
    "OVERDUE",
    "PAGE_SIZE",
    "PENDING_STATES",
    "SAVED_VIEWS",
    "THIS_WEEK",
    "BusinessDayCounter",
    "Column",
    "DueWindow",
    "InboxFilter",
    "InboxLine",
    "InboxRow",
    "InboxSource",
    "SavedView",
    "SortKey",
    "Urgency",
    "day_text",
    "days_phrase",
    "deadline_tip",
    "find_filter",
    "inbox_line",
    "inbox_row",
    "like_pattern",
    "saved_view",
    "search_words",
    "urgency_of",
    "view_name",
]

PAGE_SIZE = 200
"""How many rows the inbox loads at a time."""

SOON_BUSINESS_DAYS = 2
"""A deadline within this many business days after today is "due soon"."""

WEEK_BUSINESS_DAYS = 5
""""This week" is today and the following business days, five business days in all."""

LIKE_ESCAPE = "\\"


class DueWindow(StrEnum):
    """When the next deadline of a case falls, relative to today, on the City's calendar."""

    OVERDUE = "overdue"  # before today
    TODAY = "today"  # today
    THIS_WEEK = "this_week"  # from today through the fifth business day counting today
    NEXT_TWO_BUSINESS_DAYS = "next_two_business_days"  # after today, within two business days
    NONE = "none"  # no open deadline

    @property
    def label(self) -> str:
        """The window as a clerk reads it."""
        return _WINDOW_LABELS[self]


_WINDOW_LABELS = {
    DueWindow.OVERDUE: "Overdue",
    DueWindow.TODAY: "Due today",
    DueWindow.THIS_WEEK: "Due this week (five business days)",
    DueWindow.NEXT_TWO_BUSINESS_DAYS: "Due in the next two business days",
    DueWindow.NONE: "No open deadline",
}


class Urgency(StrEnum):
    """How pressing a case's next deadline is."""

    OVERDUE = "overdue"
    DUE_TODAY = "due_today"
    DUE_SOON = "due_soon"  # within two business days after today
    LATER = "later"
    NONE = "none"  # no open deadline


class SortKey(StrEnum):
    """The inbox's columns, each sortable in SQL (ties broken by the case's id)."""

    CASE = "case"
    RECEIVED = "received"
    COMPLAINANT = "complainant"
    RESPONDENTS = "respondents"
    ROUTE = "route"
    STATE = "state"
    NEXT_DEADLINE = "next_deadline"
    DUE = "due"
    DAYS_LEFT = "days_left"


@dataclass(frozen=True)
class InboxFilter:
    """What the inbox shows: search words, states, routes, a reviewer, a due window, the order.

    ``None`` (or empty text) means "any". ``reviewer`` keeps the cases on which that reviewer's
    (d)(1) review clock is open. ``sort`` and ``descending`` give the order; cases without the
    sorted value (drafts have no number or receipt, many cases no deadline) come last either way.
    """

    text: str = ""
    states: frozenset[CaseState] | None = None
    routes: frozenset[Route] | None = None
    reviewer: ReviewerRole | None = None
    due: DueWindow | None = None
    sort: SortKey = SortKey.DUE
    descending: bool = False

    def with_text(self, text: str) -> InboxFilter:
        """The same filter searching for ``text``."""
        return replace(self, text=text)

    def sorted_by(self, key: SortKey, descending: bool = False) -> InboxFilter:
        """The same filter in another order."""
        return replace(self, sort=key, descending=descending)


@dataclass(frozen=True)
class SavedView:
    """A named filter the clerk picks from a list ("Due today", "Drafts" …)."""

    name: str
    filter: InboxFilter
    description: str


PENDING_STATES = frozenset(state for state in CaseState if state.is_pending)
"""The states of a complaint still pending under § 2-83(h)."""

SAVED_VIEWS: tuple[SavedView, ...] = (
    SavedView(DUE_TODAY, InboxFilter(due=DueWindow.TODAY),
              "Cases whose next deadline is today"),
    SavedView(OVERDUE, InboxFilter(due=DueWindow.OVERDUE),
              "Cases whose next deadline has passed, oldest first"),
    SavedView(THIS_WEEK, InboxFilter(due=DueWindow.THIS_WEEK),
              "Next deadline today or within the next five business days"),
    SavedView(AWAITING_RESPONSE, InboxFilter(states=frozenset({CaseState.AWAITING_RESPONSE})),
              "Accepted complaints waiting for the respondent's sworn response, § 2-83(e)(1)"),
    SavedView(DRAFTS, InboxFilter(states=frozenset({CaseState.DRAFT}), sort=SortKey.CASE),
              "Intakes started at the counter and not yet filed"),
    SavedView(ALL_PENDING, InboxFilter(states=PENDING_STATES),
              "Every complaint filed and not finally disposed of"),
    SavedView(ALL_CASES, InboxFilter(sort=SortKey.RECEIVED, descending=True),
              "Every complaint and draft, newest first"),
)
"""The inbox's saved views, in the order the clerk sees them; the first is shown at start-up."""


def view_name(inbox_filter: InboxFilter) -> str:
    """The saved view whose filters ``inbox_filter`` has (whatever its order and search), or
    :data:`CUSTOM`; the first such view in the clerk's own order of the views."""
    bare = inbox_filter.with_text("")
    return next((view.name for view in SAVED_VIEWS
                 if view.filter.sorted_by(bare.sort, bare.descending) == bare), CUSTOM)


def saved_view(name: str) -> InboxFilter:
    """The filter of the saved view called ``name`` (KeyError for an unknown name)."""
    for view in SAVED_VIEWS:
        if view.name == name:
            return view.filter
    raise KeyError(name)


FIND_LIMIT = 12
"""How many cases "Find a case" (Ctrl+K) shows at most: the newest that match; more words
narrow the list."""


def find_filter(text: str) -> InboxFilter:
    """What "Find a case" asks: every case of every view — drafts, pending and resolved alike
    — whose number or party's name holds every word of ``text`` (folded, as the inbox's search
    is), newest first. It is answered by the inbox's own query, so a person finds only the
    complaints they receive (:class:`~ethics_desk.cases.inbox_query.InboxQuery`, § 2-83(h)(1))."""
    return saved_view(ALL_CASES).with_text(text)


@dataclass(frozen=True)
class InboxRow:
    """One line of the inbox, ready to show.

    ``received_at`` is aware UTC (None for a draft); ``business_days_left`` is counted on the
    City's calendar: 0 when due today, negative when overdue, None without an open deadline.
    """

    id: int
    case_number: str  # "ERB-2026-014", or "Draft 43" before filing
    received_at: datetime | None
    complainant: str
    respondents: str
    route: Route | None
    route_label: str
    state: CaseState
    state_label: str
    next_due_on: date | None
    next_due_title: str
    business_days_left: int | None
    urgency: Urgency


# -- business days ------------------------------------------------------------------------------


class BusinessDayCounter:
    """Counts business days between two dates on one calendar, with a cached running total.

    ``ordinal(day)`` is the number of business days from an origin through ``day``; the table
    grows a year at a time in either direction, so a thousand rows cost a thousand lookups.
    """

    def __init__(self, calendar: BusinessCalendar) -> None:
        self.calendar = calendar
        self._origin: date | None = None
        self._totals: list[int] = []

    def _cover(self, day: date) -> None:
        if self._origin is None:
            self._origin = date(day.year, 1, 1)
            self._totals = []
            self._extend_to(date(day.year, 12, 31))
        if day < self._origin:
            start = date(day.year, 1, 1)
            before: list[int] = []
            running = 0
            current = start
            while current < self._origin:
                running += self.calendar.is_business_day(current)
                before.append(running)
                current += timedelta(days=1)
            self._totals = before + [total + running for total in self._totals]
            self._origin = start
        end = self._origin + timedelta(days=len(self._totals) - 1)
        if day > end:
            self._extend_to(date(day.year, 12, 31))

    def _extend_to(self, last: date) -> None:
        assert self._origin is not None
        current = self._origin + timedelta(days=len(self._totals))
        running = self._totals[-1] if self._totals else 0
        while current <= last:
            running += self.calendar.is_business_day(current)
            self._totals.append(running)
            current += timedelta(days=1)

    def ordinal(self, day: date) -> int:
        """Business days from the origin through ``day`` (inclusive).

        The origin moves back when an earlier day is asked for: compare only ordinals read
        after both days were covered.
        """
        self._cover(day)
        assert self._origin is not None
        return self._totals[(day - self._origin).days]

    def days_left(self, today: date, due: date) -> int:
        """Business days after ``today`` through ``due``; negative (at most -1) once overdue.

        Due tomorrow (a business day) is 1; due today is 0; due on the last business day before
        today is -1. Counting follows the Code Construction Act: today is not counted.
        """
        if due == today:
            return 0
        self._cover(today)
        self._cover(due)  # both covered before either is read: covering may shift the origin
        left = self.ordinal(due) - self.ordinal(today)
        return min(left, -1) if due < today else left

    def nth_after(self, today: date, count: int) -> date:
        """The ``count``-th business day after ``today`` (today itself is not counted)."""
        current, counted = today, 0
        while counted < count:
            current += timedelta(days=1)
            counted += self.calendar.is_business_day(current)
        return current

    def week_end(self, today: date) -> date:
        """The last day of "this week": the fifth business day counting today if it is one."""
        counted = 1 if self.calendar.is_business_day(today) else 0
        return self.nth_after(today, WEEK_BUSINESS_DAYS - counted)


def urgency_of(today: date, due: date | None, days_left: int | None) -> Urgency:
    """How pressing a deadline due on ``due`` is, ``days_left`` business days away."""
    if due is None or days_left is None:
        return Urgency.NONE
    if due < today:
        return Urgency.OVERDUE
    if due == today:
        return Urgency.DUE_TODAY
    if days_left <= SOON_BUSINESS_DAYS:
        return Urgency.DUE_SOON
    return Urgency.LATER


def inbox_row(values: Sequence[Any], today: date,
              counter: Callable[[], BusinessDayCounter]) -> InboxRow:
    """A row of the inbox from the listing columns of one complaint.

    ``values`` are the complaint's id, case number, received (aware UTC), complainant names,
    respondent names, route, state, next due date and its title. ``counter`` gives the City
    calendar's day counter; it is asked only for a deadline not due today (due today is 0
    business days away on any calendar), so the start-up view needs no calendar.
    """
    (complaint_id, number, received_at, complainants, respondents, route, state, due,
     title) = values
    if due is None:
        left = None
    elif due == today:
        left = 0
    else:
        left = counter().days_left(today, due)
    return InboxRow(
        id=complaint_id, case_number=number or f"Draft {complaint_id}",
        received_at=received_at, complainant=complainants, respondents=respondents,
        route=route, route_label=route.label if route is not None else "",
        state=state, state_label=state.label, next_due_on=due,
        next_due_title=title if due is not None else "", business_days_left=left,
        urgency=urgency_of(today, due, left))


def listing_values(row: Sequence[Any]) -> tuple[Any, ...]:
    """The listing columns as :func:`inbox_row` takes them, from their stored form.

    SQLite hands back text (the receipt as naive UTC, dates in ISO form, enum values); other
    databases may hand back the types themselves, which are kept.
    """
    (complaint_id, number, received_at, complainants, respondents, route, state, due,
     title) = row
    if isinstance(received_at, str):
        received_at = datetime.fromisoformat(received_at).replace(tzinfo=UTC)
    elif received_at is not None and received_at.tzinfo is None:
        received_at = received_at.replace(tzinfo=UTC)
    if isinstance(due, str):
        due = date.fromisoformat(due)
    return (complaint_id, number, received_at, complainants, respondents,
            None if route is None else Route(route), CaseState(state), due, title)


class RowPage:
    """Rows of the inbox, each built from its listing values the first time it is read.

    A page holds a couple of hundred rows and a view shows about thirty: the others are built
    only if the clerk scrolls to them. The case id of every row is known without building it.
    """

    def __init__(self, values: Sequence[Sequence[Any]],
                 build: Callable[[Sequence[Any]], InboxRow]) -> None:
        self._values = list(values)
        self._build = build
        self._built: dict[int, InboxRow] = {}

    @classmethod
    def of(cls, rows: Sequence[InboxRow]) -> RowPage:
        """A page of rows already built."""
        page = cls([(row.id,) for row in rows], _unbuildable)
        page._built = dict(enumerate(rows))
        return page

    def __len__(self) -> int:
        return len(self._values)

    def __getitem__(self, index: int) -> InboxRow:
        if index < 0:
            index += len(self._values)
        row = self._built.get(index)
        if row is None:
            row = self._build(self._values[index])
            self._built[index] = row
        return row

    def id_at(self, index: int) -> int:
        """The case id on row ``index`` (the row is not built)."""
        return int(self._values[index][0])

    def head(self, count: int) -> RowPage:
        """The first ``count`` rows."""
        page = RowPage(self._values[:count], self._build)
        page._built = {i: row for i, row in self._built.items() if i < count}
        return page

    def extend(self, other: RowPage) -> None:
        """Append another page's rows (rows from another source are built now)."""
        start = len(self._values)
        if other._build is self._build:
            self._values.extend(other._values)
            self._built.update({start + i: row for i, row in other._built.items()})
            return
        rows = other.built()
        self._values.extend((row.id,) for row in rows)
        self._built.update({start + i: row for i, row in enumerate(rows)})

    def built(self) -> list[InboxRow]:
        """Every row, built."""
        return [self[i] for i in range(len(self._values))]


def _unbuildable(values: Sequence[Any]) -> InboxRow:
    raise AssertionError("a page of built rows has every row built")


# -- what the list shows of a row -------------------------------------------------------------


MARKERS = {
    Urgency.OVERDUE: "⚠ OVERDUE",
    Urgency.DUE_TODAY: "● TODAY",
    Urgency.DUE_SOON: "◐ Soon",
}
"""The text that carries the urgency without colour."""

ROUTE_NAMES = {Route.ETHICS_CODE: "Ethics Code", Route.CAMPAIGN_FINANCE: "Campaign finance"}
"""The routes as the list shows them (the full label, with its sections, is the tooltip)."""

_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def day_text(day: date) -> str:
    """"Tue 2026-11-24": the weekday matters to a deadline, ISO dates sort by eye."""
    return f"{_WEEKDAYS[day.weekday()]} {day.isoformat()}"


def days_phrase(row: InboxRow) -> str:
    """The deadline in words: "overdue by 3 business days", "due today", "2 business days left"."""
    left = row.business_days_left
    if row.next_due_on is None or left is None:
        return "no open deadline"
    if row.urgency is Urgency.OVERDUE:
        return f"overdue by {-left} business day{'' if left == -1 else 's'}"
    if row.urgency is Urgency.DUE_TODAY:
        return "due today"
    return f"{left} business day{'' if left == 1 else 's'} left"


def deadline_tip(row: InboxRow) -> str:
    """The tooltip of the deadline cells: the deadline's title, its date and the days left."""
    if row.next_due_on is None:
        return f"{row.case_number}: no open deadline"
    return (f"{row.case_number} — {row.next_due_title}\nDue {day_text(row.next_due_on)}: "
            f"{days_phrase(row)} (City business days)")


@dataclass(frozen=True, slots=True)
class InboxLine:
    """One line of the inbox with every text the list shows of it, worded once.

    The query layer builds it (in the inbox's worker thread, off the GUI thread), so that
    painting only draws: ``texts`` holds each column's cell text in :class:`SortKey` order
    (the list's columns), ``received_tip`` and ``deadline_tip`` the tooltips that are not the
    cell's own text (the deadline's is also what a screen reader reads of the Due cells), and
    the route's tooltip is the row's ``route_label``.
    """

    row: InboxRow
    texts: tuple[str, ...]
    received_tip: str
    deadline_tip: str

    def tooltip(self, key: SortKey) -> str:
        """The tooltip of the cell in column ``key``."""
        if key in (SortKey.NEXT_DEADLINE, SortKey.DUE, SortKey.DAYS_LEFT):
            return self.deadline_tip
        if key is SortKey.RECEIVED:
            return self.received_tip
        if key is SortKey.ROUTE:
            return self.row.route_label
        return self.texts[_KEY_NUMBER[key]]


_KEY_NUMBER = {key: number for number, key in enumerate(SortKey)}


def inbox_line(row: InboxRow, zone: tzinfo) -> InboxLine:
    """Every text the list shows of ``row``, the receipt in the office's time ``zone``."""
    if row.received_at is not None:
        local = in_office_time(row.received_at, zone)
        received = local.date().isoformat()
        received_tip = (f"Received {day_text(local.date())} at "
                        f"{stamp(local, zone, with_date=False)}")
    else:
        received, received_tip = "", f"{row.case_number} has not been filed"
    if row.next_due_on is None:
        due = left = ""
    else:
        marker = MARKERS.get(row.urgency)
        due = f"{marker} {row.next_due_on.isoformat()}" if marker else row.next_due_on.isoformat()
        left = str(row.business_days_left)
    texts = (row.case_number, received, row.complainant, row.respondents,  # SortKey order
             ROUTE_NAMES[row.route] if row.route is not None else "", row.state_label,
             short_title(row.next_due_title), due, left)
    return InboxLine(row, texts, received_tip, deadline_tip(row))


assert tuple(SortKey) == (SortKey.CASE, SortKey.RECEIVED, SortKey.COMPLAINANT,
                          SortKey.RESPONDENTS, SortKey.ROUTE, SortKey.STATE,
                          SortKey.NEXT_DEADLINE, SortKey.DUE, SortKey.DAYS_LEFT), \
    "inbox_line words the columns in SortKey order"


@dataclass(frozen=True)
class Column:
    """One column of the inbox: what it sorts by, its title, the heading's tooltip — read by
    the list (the window's inbox table) and the docket's export (:mod:`ethics_desk.cases.docket`).

    ``heading`` is the title as the header shows it, when it is broken over two lines.
    """

    key: SortKey
    title: str
    tip: str
    heading: str = ""


COLUMNS: tuple[Column, ...] = (
    Column(SortKey.CASE, "Case", "The case number (ERB-year-number), or the draft's number"),
    Column(SortKey.RECEIVED, "Received", "When the City Clerk received the complaint"),
    Column(SortKey.COMPLAINANT, "Complainant", "Who filed the complaint, § 2-83(c)(1)"),
    Column(SortKey.RESPONDENTS, "Respondent(s)", "Each person complained about, § 2-83(c)(3)"),
    Column(SortKey.ROUTE, "Route", "Ethics Code (d)(3) or campaign finance (d)(2)"),
    Column(SortKey.STATE, "State", "Where the complaint stands in the § 2-83 process"),
    Column(SortKey.NEXT_DEADLINE, "Next deadline", "The earliest open deadline on the case"),
    Column(SortKey.DUE, "Due", "When the next deadline falls, with its urgency"),
    Column(SortKey.DAYS_LEFT, "Business days left",
           "City business days after today through the due date (today is not counted); "
           "negative when overdue", "Business\ndays left"),
)
assert tuple(column.key for column in COLUMNS) == tuple(SortKey), \
    "the columns are in SortKey order: InboxLine.texts is"


# -- search ------------------------------------------------------------------------------------


def search_words(text: str) -> list[str]:
    """The folded words of a search ("José  PEÑA" → ["jose", "pena"])."""
    return [word for word in fold(text).split() if word]


def like_pattern(word: str) -> str:
    """A ``LIKE`` pattern that finds ``word`` anywhere, its ``%``, ``_`` and ``\\`` literal."""
    escaped = (word.replace(LIKE_ESCAPE, LIKE_ESCAPE * 2).replace("%", LIKE_ESCAPE + "%")
               .replace("_", LIKE_ESCAPE + "_"))
    return f"%{escaped}%"


# -- who answers ----------------------------------------------------------------------------


class InboxSource(Protocol):
    """What the inbox table asks for one day: pages of rows and counts for a filter.

    :class:`~ethics_desk.cases.inbox_query.InboxQuery` answers everything in SQL (tests give
    the inbox's model sources of their own, to hold or record its questions).
    """

    today: date

    def page(self, inbox_filter: InboxFilter, offset: int = 0,
             limit: int = PAGE_SIZE) -> list[InboxRow]:
        """Rows ``offset`` to ``offset + limit`` of the filter's list."""
        ...

    def rows(self, inbox_filter: InboxFilter, offset: int = 0,
             limit: int = PAGE_SIZE) -> RowPage:
        """:meth:`page`, each row built when first read."""
        ...

    def count(self, inbox_filter: InboxFilter) -> int:
        """How many cases match."""
        ...

    def rows_of(self, ids: Sequence[int]) -> RowPage:
        """The rows of these cases, in the order of ``ids``, read by their primary keys (a
        page read again after it left the inbox's cache; a case no longer listed is left out)."""
        ...
