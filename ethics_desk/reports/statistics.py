"""The office's statistics for a period: what § 2-83 brought in, how it ended, how long it took.

:func:`office_statistics` counts, for the days ``start`` to ``end`` (both included):

- **received** — the complaints the City Clerk received (§ 2-83(c)), by the office's date of
  receipt (``received_at`` is an instant; the day is the office's, :mod:`ethics_desk.core.office_time`),
  by route (§ 2-83(d)(2), (d)(3)), sworn or not (§ 2-83(c), last paragraph) and by each
  provision alleged (§ 2-83(c)(5)) with its label from the catalogue;
- **endings** — the cases that ended on a day of the period: returned as not sworn (§ 2-83(c)),
  returned as defective (§ 2-83(d)(3)), campaign-finance complaints not cured (§ 2-83(d)(2)),
  and each disposition of a resolution (§ 2-83(d)(4); cured, § 2-82(b)(2); frivolous, (f)(6));
- **steps** — the City's business days (the calendar the deadlines count on) from receipt to
  each statutory step taken in the period, on the day recorded for it: forwarded for review
  (the Compliance Auditor's receipt, from which the (d)(2) and (d)(3) clocks run), each review
  completed, the campaign-finance forward, acceptance, the forward to the Board (the closing of
  the (d)(3) clock), the first sworn response, the resolution; the median and the 90th
  percentile;
- **deadlines** — the clocks due on a day of the period: met, missed, open (past due or not),
  cancelled, and those a closure or a Fiesta day moved at least once (the audit records of
  ``calendar.add`` and ``calendar.remove`` name them, :mod:`ethics_desk.deadlines.closures`);
- **board** — meetings held (the days the Board voted), votes, show-cause orders (§ 2-83(f)(2)),
  frivolous determinations ((f)(6)), sanctions ((g)(2), (g)(3)) and civil penalties imposed,
  paid and waived ((g)(2)(a));
- **public_information** — requests under the Public Information Act (§ 2-83(h)(3); Gov't Code
  ch. 552): received, ruled on, released, withheld, closed, and their clocks.

Every count is an SQL aggregate (``COUNT``, ``SUM``, ``GROUP BY``) in one read session
(:func:`_queries`, one set for both backends); only the (receipt, step) date pairs of the steps
and the dates of the requests received in the reach of the period are fetched, to be counted on
the calendars here. No names are read or returned: counts of the whole office.

Who may count them is :data:`~ethics_desk.core.permissions.Act.STATISTICS`. The count is
recorded in the audit trail (who counted which period), without waiting for another desk's
write (:mod:`ethics_desk.storage.queued_records`). On a file the queries run in the person's
session. On the office's server each person reads only the rows the server's policies give
their role (:mod:`ethics_desk.staff.server_policies`) — the City Clerk's staff no Public
Information Act request, the Administrator no case — so the same queries are run there by the
owner's :data:`STATISTICS_FUNCTION` (``server setup`` installs it, callable by the roles of the
act alone, :func:`~ethics_desk.staff.server_policies.statistics_check` first), which returns
their rows — counts, sums, dates and the application's vocabularies, never a record's text —
and the figures are made from them here as on a file: the same for the same records. No Qt
here.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo
from functools import cache
from typing import Any

from sqlalchemy import (
    Connection,
    Date,
    DateTime,
    Select,
    String,
    and_,
    any_,
    case,
    cast,
    distinct,
    func,
    literal,
    literal_column,
    or_,
    select,
    text,
)
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock, utc_now
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import at_office_time, office_date
from ethics_desk.core.permissions import Act
from ethics_desk.deadlines import CLOCKS, BusinessCalendar, ClockKind, ReceiptBasis
from ethics_desk.deadlines.schedule import load_calendars
from ethics_desk.models import (
    Allegation,
    AuditRecord,
    BoardAction,
    BoardVote,
    CivilPenalty,
    Complaint,
    Deadline,
    DeadlineStatus,
    Decision,
    DecisionKind,
    Disposition,
    Filing,
    FilingKind,
    InformationRequest,
    Oath,
    Provision,
    Review,
    ReviewerRole,
    Route,
    RulingBy,
    RulingOutcome,
    Sanction,
    SanctionKind,
    ShowCauseOrder,
)
from ethics_desk.models.complaint import provision_citation
from ethics_desk.office import settings
from ethics_desk.public_information.log import calendar_for, clocks_of
from ethics_desk.staff.acting import service
from ethics_desk.storage import queued_records
from ethics_desk.storage.database import Database

ACTION = "statistics.read"
"""The audit action of a count of the office's statistics (no case named: no access history)."""
CALENDAR_CHANGES = ("calendar.add", "calendar.remove")
"""The audit actions whose detail names the deadlines a closure moved (``"moved"``)."""
PIA_CLOCK_REACH = timedelta(days=400)
"""How long before the period a request may have been received and still have a clock due in
it: the longest clock is 15 State business days, and a clarification may hold them; a year and
more is ample."""
_CHUNK = 500  # ids in one IN (…)


# -- the figures ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """One counted line: what is counted (``key``, and in words), how many, and the provision
    that gives it ("" where the statute names none)."""

    key: str
    label: str
    count: int
    citation: str = ""


@dataclass(frozen=True)
class Received:
    """The complaints received in the period (§ 2-83(c)): by route, sworn or not, by provision.

    ``by_provision`` counts the complaints alleging each provision (a complaint alleging two
    counts under both, so the lines may add up to more than ``total``); ``no_provision`` the
    complaints whose allegations name none (the complainant was not sure, § 2-83(c)(5))."""

    total: int
    by_route: tuple[Figure, ...]
    sworn: int
    not_sworn: int
    by_provision: tuple[Figure, ...]
    no_provision: int


@dataclass(frozen=True)
class Endings:
    """How the cases that ended in the period ended, each on its own date in the period.

    ``not_cured`` is not an ending — the complaint goes on to the Board (§ 2-83(d)(2)) — and is
    not in :attr:`total`."""

    returned_unsworn: int
    returned_defective: int
    not_cured: int
    by_disposition: tuple[Figure, ...]
    sanctions_imposed: int

    @property
    def total(self) -> int:
        """The cases that ended: returned (not sworn or defective) or resolved."""
        return (self.returned_unsworn + self.returned_defective
                + sum(line.count for line in self.by_disposition))

    def disposition(self, disposition: Disposition) -> int:
        """How many resolutions in the period had ``disposition``."""
        return next(line.count for line in self.by_disposition if line.key == disposition.value)


@dataclass(frozen=True)
class StepTime:
    """The City's business days from a complaint's receipt to one statutory step, over the
    cases that took the step in the period: how many, the median and the 90th percentile
    (nearest rank: the smallest count with at least half, or nine in ten, of the cases at or
    below it; None when no case took the step)."""

    key: str
    label: str
    citation: str
    cases: int
    median: int | None
    p90: int | None


@dataclass(frozen=True)
class ClockTally:
    """The clocks of one kind (or all) due on a day of the period, by how each stands."""

    key: str
    label: str
    citation: str
    met: int
    missed: int
    open_past_due: int
    open_not_yet_due: int
    cancelled: int
    moved_by_closures: int

    @property
    def due(self) -> int:
        """Every clock due in the period, whatever its standing."""
        return (self.met + self.missed + self.open_past_due + self.open_not_yet_due
                + self.cancelled)

    @property
    def share_met(self) -> float | None:
        """The share met of the clocks decided either way, met or missed (open and cancelled
        ones are neither yet); None when none was decided."""
        decided = self.met + self.missed
        return self.met / decided if decided else None


@dataclass(frozen=True)
class BoardFigures:
    """The Ethics Review Board's acts in the period (§ 2-83(d)(4), (f), (g))."""

    meetings: int
    votes: int
    votes_carried: int
    votes_by_action: tuple[Figure, ...]
    show_cause_orders: int
    frivolous_determinations: int
    sanctions_by_kind: tuple[Figure, ...]
    penalties_imposed: int
    penalties_imposed_cents: int
    penalties_paid: int
    penalties_paid_cents: int
    penalties_waived: int
    penalties_outstanding: int
    """Civil penalties imposed by the end of the period, neither paid nor waived by then."""

    @property
    def sanctions(self) -> int:
        """Every sanction and notification imposed in the period."""
        return sum(line.count for line in self.sanctions_by_kind)


@dataclass(frozen=True)
class PublicInformationFigures:
    """The Public Information Act requests (§ 2-83(h)(3); Gov't Code ch. 552) in the period:
    received, ruled on, released, withheld (in whole or in part), closed, and their clocks due
    in the period (§§ 552.301, 552.221(d), on the State's business days)."""

    received: int
    ruled_by_attorney_general: int
    decided_by_city_attorney: int
    released: int
    withheld: int
    withheld_in_part: int
    closed: int
    clocks: tuple[ClockTally, ...]
    clocks_total: ClockTally


@dataclass(frozen=True)
class OfficeStatistics:
    """Every figure of the period ``start`` to ``end`` (both included), counted on ``counted_on``
    (the office's date; "past due" is before it)."""

    start: date
    end: date
    counted_on: date
    received: Received
    endings: Endings
    steps: tuple[StepTime, ...]
    deadlines: tuple[ClockTally, ...]
    deadlines_total: ClockTally
    board: BoardFigures
    public_information: PublicInformationFigures

    def as_dict(self) -> dict[str, Any]:
        """The figures as plain data (dates as ISO text), for JSON."""
        data: dict[str, Any] = json.loads(json.dumps(asdict(self), default=str))
        data["endings"]["total"] = self.endings.total
        data["board"]["sanctions"] = self.board.sanctions
        data["deadlines_total"]["due"] = self.deadlines_total.due
        for tally, shown in zip(self.deadlines, data["deadlines"], strict=True):
            shown["due"] = tally.due
        pia = data["public_information"]
        pia["clocks_total"]["due"] = self.public_information.clocks_total.due
        for tally, shown in zip(self.public_information.clocks, pia["clocks"], strict=True):
            shown["due"] = tally.due
        return data


# -- counting on the business-day calendar -------------------------------------------------------


class BusinessDayCounter:
    """The business days of ``calendar`` between two dates, counted as the deadlines count them
    (the first day not counted, each business day after it up to the last, Code Construction
    Act § 311.014): ``count(first, last)``. Built once for the days from ``low`` to ``high``,
    it answers each pair with one subtraction, so 100,000 pairs cost no more than a calendar
    of a few years; :meth:`running` gives the running count of a day typed as ISO text, the
    form a date is read from the database in, without making a date of it."""

    def __init__(self, calendar: BusinessCalendar, low: date, high: date) -> None:
        self._low = low.toordinal()
        self._calendar = calendar
        running, table = 0, [0]
        by_text = {low.isoformat(): 0}
        day = low
        while day < high:
            day += timedelta(days=1)
            running += calendar.is_business_day(day)
            table.append(running)
            by_text[day.isoformat()] = running
        self._table = table
        self._by_text = by_text

    def count(self, first: date, last: date) -> int:
        """Business days after ``first`` up to and including ``last`` (0 when ``last`` is not
        after ``first``)."""
        if last <= first:
            return 0
        low, high = first.toordinal() - self._low, last.toordinal() - self._low
        if low >= 0 and high < len(self._table):
            return self._table[high] - self._table[low]
        return business_days(self._calendar, first, last)

    def running(self, day: str) -> int | None:
        """The business days from the table's first day to ``day`` (ISO text), or None for a
        day outside the table."""
        return self._by_text.get(day[:10])


def business_days(calendar: BusinessCalendar, first: date, last: date) -> int:
    """Business days of ``calendar`` after ``first`` up to and including ``last``."""
    count, day = 0, first
    while day < last:
        day += timedelta(days=1)
        count += calendar.is_business_day(day)
    return count


def nearest_rank(values: Sequence[int], percent: int) -> int | None:
    """The ``percent``-th percentile by nearest rank: the smallest value with at least
    ``percent`` per cent of ``values`` at or below it (None for no values)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-percent * len(ordered) // 100))
    return ordered[rank - 1]


# -- the service ---------------------------------------------------------------------------------

@service(Act.STATISTICS, "The office's statistics")
def office_statistics(database: Database, *, start: date, end: date, account: Account,
                      clock: Clock) -> OfficeStatistics:
    """Count every figure of the days ``start`` to ``end`` (both included) in one read, and
    record who counted which period. A period that ends before it starts is refused."""
    if end < start:
        raise UserError(f"The period ends ({end.isoformat()}) before it starts "
                        f"({start.isoformat()}).", "Give a start on or before the end.")
    with database.read_session() as session:
        figures = _count(session, start, end, clock)
    queued_records.record(database, [queued_records.Pending(  # never waits for a writer
        utc_now(clock), account.display, ACTION,
        f"Counted the office's statistics from {start.isoformat()} to {end.isoformat()}",
        detail={"start": start.isoformat(), "end": end.isoformat()})])
    return figures


def count_in(session: Session, start: date, end: date, clock: Clock) -> OfficeStatistics:
    """Every figure of ``start`` to ``end`` counted in ``session``, recording nothing: for a
    service that has decided who may count and records its own act (the annual report,
    :mod:`ethics_desk.reports.annual_report`)."""
    return _count(session, start, end, clock)


def _count(session: Session, start: date, end: date, clock: Clock) -> OfficeStatistics:
    zone = settings.time_zone(session)
    today = office_date(clock(), zone)
    calendar = load_calendars(session).city
    first, after = _instants(start, end, zone)
    bounds = _Bounds(start, end, today, first, after, start - PIA_CLOCK_REACH)
    if session.get_bind().dialect.name == "postgresql":
        rows = _server_rows(session, bounds)
    else:
        rows = _file_rows(session, bounds)
    received = _received(session, rows)
    endings = _endings(rows)
    steps = _steps(rows, start, end, zone, calendar)
    deadlines, deadlines_total = _deadlines(rows)
    board = _board(rows, endings)
    public = _public_information(rows, calendar_for(session), start, end, today)
    return OfficeStatistics(start, end, today, received, endings, steps, deadlines,
                            deadlines_total, board, public)


# -- the counting queries ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Bounds:
    """The period as the counting queries take it: its first and last days, the day counted on
    ("past due" is before it), the instants the office's first day and the day after its last
    begin (UTC), and the earliest receipt of a request whose clock may fall in the period —
    values on a file, the arguments of :data:`STATISTICS_FUNCTION` on the server."""

    start: Any
    end: Any
    today: Any
    first: Any
    after: Any
    reach: Any


Query = Select[*tuple[Any, ...]]
"""A counting query, whatever its columns."""
Rows = dict[str, Sequence[Sequence[Any]]]
"""Each counting query's rows, by its name in :func:`_queries`."""


def _queries(b: _Bounds) -> dict[str, Query]:
    """Every count the figures are made of, by name: counts, the keys they are grouped by (the
    application's vocabularies: routes, kinds, dispositions, statuses, clocks; a provision by
    its id), sums of cents, and dates — never a name, a subject, a requester or any other text
    of a record. The same queries are run on a file and, as the owner, on the server
    (:func:`pg_statistics_function`)."""
    received_in = and_(Complaint.case_number.is_not(None), Complaint.received_at >= b.first,
                       Complaint.received_at < b.after)
    named = select(Allegation.complaint_id).where(Allegation.provision_id.is_not(None))
    queries: dict[str, Query] = {
        "received_by_route": select(Complaint.route, func.count()).where(received_in)
        .group_by(Complaint.route),
        "received_sworn": select(func.count()).select_from(Complaint).join(Oath)
        .where(received_in, Oath.sworn.is_(True)),
        "received_by_provision": select(Allegation.provision_id,
                                        func.count(distinct(Allegation.complaint_id)))
        .select_from(Allegation).join(Complaint)
        .where(received_in, Allegation.provision_id.is_not(None))
        .group_by(Allegation.provision_id),
        "received_no_provision": select(func.count()).select_from(Complaint)
        .where(received_in, Complaint.id.not_in(named)),
        "endings_by_kind": select(Decision.kind, Decision.disposition, func.count())
        .where(Decision.decided_on.between(b.start, b.end))
        .group_by(Decision.kind, Decision.disposition),
        "endings_sanctions": select(func.count()).select_from(Sanction)
        .where(Sanction.imposed_on.between(b.start, b.end)),
    }
    queries.update(_step_queries(b))
    past_due = case((Deadline.due_on < b.today, 1), else_=0)
    queries["deadlines_by_status"] = (
        select(Deadline.clock, Deadline.status, past_due, func.count())
        .where(Deadline.due_on.between(b.start, b.end))
        .group_by(Deadline.clock, Deadline.status, past_due))
    queries.update(_board_queries(b))
    queries.update(_public_information_queries(b))
    return queries


def _step_queries(b: _Bounds) -> dict[str, Query]:
    """Each step's (receipt, step) pairs, as text — an instant and a date, read by no type:
    four reads, each of one table with its case's receipt looked up by key, whatever the number
    of cases. A case is "resolved" by a resolution with a disposition of § 2-83(d)(4), on its
    date — the endings count the same decisions."""
    def receipt(complaint_id: Any) -> Any:
        return (select(cast(Complaint.received_at, String)).where(Complaint.id == complaint_id)
                .scalar_subquery())

    def on_in_period(column: Any, *where: Any) -> Any:
        """The day ``column`` holds, as text, when it is in the period (NULL otherwise)."""
        return func.max(case((and_(column.between(b.start, b.end), *where),
                              cast(column, String))))

    return {
        # The reviews: one row a case, its Compliance Auditor's receipt (the forward for
        # review) and each reviewer's completion in the period side by side.
        "steps_reviews": select(receipt(Review.complaint_id),
                                on_in_period(Review.received_on,
                                             Review.role == ReviewerRole.COMPLIANCE_AUDITOR),
                                *(on_in_period(Review.completed_on, Review.role == role)
                                  for role in ReviewerRole))
        .where(or_(Review.received_on.between(b.start, b.end),
                   Review.completed_on.between(b.start, b.end)))
        .group_by(Review.complaint_id),
        # Acceptance, the campaign-finance forward and the resolution (one with a disposition:
        # a return as not sworn is recorded as a resolution without one) are decisions.
        "steps_decisions": select(case((Decision.kind == DecisionKind.ACCEPT, "accepted"),
                                       (Decision.kind == DecisionKind.RESOLUTION, "resolved"),
                                       else_=literal("forwarded_campaign_finance")),
                                  receipt(Decision.complaint_id),
                                  cast(Decision.decided_on, String))
        .where(Decision.kind.in_((DecisionKind.ACCEPT, DecisionKind.FORWARD_CAMPAIGN_FINANCE,
                                  DecisionKind.RESOLUTION)),
               or_(Decision.kind != DecisionKind.RESOLUTION, Decision.disposition.is_not(None)),
               Decision.decided_on.between(b.start, b.end)),
        "steps_forwarded_to_board": select(literal("forwarded_to_board"),
                                           receipt(Deadline.complaint_id),
                                           cast(Deadline.closed_on, String))
        .where(Deadline.clock == ClockKind.ETHICS_FORWARD.value,
               Deadline.status.in_((DeadlineStatus.MET, DeadlineStatus.MISSED)),
               Deadline.closed_on.between(b.start, b.end)),
        "steps_responses": select(literal("response_filed"), receipt(Filing.complaint_id),
                                  cast(func.min(Filing.received_on), String))
        .where(Filing.kind == FilingKind.RESPONSE).group_by(Filing.complaint_id)
        .having(func.min(Filing.received_on).between(b.start, b.end)),
    }


def _board_queries(b: _Bounds) -> dict[str, Query]:
    in_period = BoardVote.meeting_on.between(b.start, b.end)
    return {
        "board_meetings": select(func.count(distinct(BoardVote.meeting_on))).where(in_period),
        "board_votes": select(BoardVote.action, BoardVote.carried, func.count())
        .where(in_period).group_by(BoardVote.action, BoardVote.carried),
        "board_show_cause": select(func.count()).select_from(ShowCauseOrder)
        .where(ShowCauseOrder.ordered_on.between(b.start, b.end)),
        "board_sanctions": select(Sanction.kind, func.count(), func.sum(Sanction.amount_cents))
        .where(Sanction.imposed_on.between(b.start, b.end)).group_by(Sanction.kind),
        "board_paid": select(func.count(), func.sum(CivilPenalty.paid_cents))
        .where(CivilPenalty.paid_on.between(b.start, b.end)),
        "board_waived": select(func.count()).select_from(CivilPenalty)
        .where(CivilPenalty.waived_on.between(b.start, b.end)),
        "board_outstanding": select(func.count()).select_from(CivilPenalty).join(Sanction)
        .where(Sanction.kind == SanctionKind.CIVIL_PENALTY, Sanction.imposed_on <= b.end,
               or_(CivilPenalty.paid_on.is_(None), CivilPenalty.paid_on > b.end),
               or_(CivilPenalty.waived_on.is_(None), CivilPenalty.waived_on > b.end)),
    }


_REQUEST_DATES = ("received_on", "postmarked_on", "clarification_asked_on",
                  "clarification_answered_on", "ruling_requested_on", "requester_told_on",
                  "arguments_sent_on", "release_certified_on", "released_on", "outcome_on",
                  "closed_on")
"""The dates of a request its clocks are computed from (:func:`clocks_of`)."""


def _public_information_queries(b: _Bounds) -> dict[str, Query]:
    def count(*where: Any) -> Query:
        return select(func.count()).select_from(InformationRequest).where(*where)

    ruled = InformationRequest.outcome_on.between(b.start, b.end)
    return {
        "pia_received": count(InformationRequest.received_on.between(b.start, b.end)),
        "pia_ruled_by_attorney_general": count(
            ruled, InformationRequest.outcome_by == RulingBy.ATTORNEY_GENERAL),
        "pia_decided_by_city_attorney": count(
            ruled, InformationRequest.outcome_by == RulingBy.CITY_ATTORNEY),
        "pia_released": count(InformationRequest.released_on.between(b.start, b.end)),
        "pia_withheld": count(ruled, InformationRequest.outcome == RulingOutcome.WITHHOLD),
        "pia_withheld_in_part": count(ruled,
                                      InformationRequest.outcome == RulingOutcome.PARTIAL),
        "pia_closed": count(InformationRequest.closed_on.between(b.start, b.end)),
        # the dates alone, and whether the receipt is presumed from a postmark and whether a
        # previous determination is cited: never the requester, what is asked for or any words
        "pia_requests": select(
            *(getattr(InformationRequest, name) for name in _REQUEST_DATES),
            InformationRequest.received_basis == ReceiptBasis.PRESUMED.value,
            func.coalesce(InformationRequest.previous_determination, "") != "")
        .where(InformationRequest.received_on <= b.end,
               InformationRequest.received_on >= b.reach),
    }


def _file_rows(session: Session, bounds: _Bounds) -> Rows:
    """The counts read in the person's own session (a file: the application is the door)."""
    connection = session.connection()  # the session's read: plain rows, no ORM between
    rows: dict[str, Sequence[Sequence[Any]]] = {
        name: connection.execute(query).all() for name, query in _queries(bounds).items()}
    moved: dict[str, int] = {}
    due_in = Deadline.due_on.between(bounds.start, bounds.end)
    for chunk in _chunks(_moved_ids(session)):
        for kind, count in connection.execute(
                select(Deadline.clock, func.count()).where(due_in, Deadline.id.in_(chunk))
                .group_by(Deadline.clock)).all():
            moved[kind] = moved.get(kind, 0) + count
    rows["deadlines_moved"] = list(moved.items())
    return rows


def _moved_ids(session: Session) -> set[int]:
    """The deadlines a closure or a Fiesta day moved, as their audit records name them."""
    moved: set[int] = set()
    for detail in session.scalars(select(AuditRecord.detail).where(
            AuditRecord.action.in_(CALENDAR_CHANGES))):
        try:
            named = json.loads(detail or "{}").get("moved", [])
        except (ValueError, AttributeError):
            continue  # a record emptied by a disposal's redaction names nothing
        moved.update(int(item) for item in named if isinstance(item, int))
    return moved


def _chunks(ids: Iterable[int]) -> Iterable[list[int]]:
    ordered = sorted(ids)
    for first in range(0, len(ordered), _CHUNK):
        yield ordered[first:first + _CHUNK]


# -- on the office's server: the owner counts ----------------------------------------------------


STATISTICS_FUNCTION = "ethics_desk_statistics"
"""PostgreSQL: the owner's function that counts the office's figures for a person who reads
only a part of the records (row-level security: the City Clerk's staff read no Public
Information Act request, the Administrator no case). It runs :func:`_queries` and returns
one row ``(figure, lines)`` a query: its name and its rows as a JSON array of arrays — counts,
sums, dates and the application's vocabularies only. Only the roles of
:data:`~ethics_desk.core.permissions.Act.STATISTICS` may call it."""
STATISTICS_ARGUMENTS = "date, date, date, timestamp without time zone, " \
                       "timestamp without time zone, date"
"""The function's argument types: the period's first and last days, the day counted on, the
instants its first day and the day after its last begin (naive UTC, as stored), the earliest
receipt of a request whose clock may fall in it."""
_VERSION = "version"
_MOVED = "deadlines_moved"


def _server_bounds() -> _Bounds:
    return _Bounds(*(literal_column(f"p_{name}", kind) for name, kind in (
        ("start", Date()), ("end", Date()), ("today", Date()), ("first", DateTime()),
        ("after", DateTime()), ("reach", Date()))))


# SQLAlchemy's dialect constructor is untyped
_POSTGRESQL: Dialect = postgresql.psycopg.dialect()  # type: ignore[no-untyped-call]


def _compiled(query: Query) -> str:
    return str(query.compile(dialect=_POSTGRESQL,
                             compile_kwargs={"literal_binds": True}))


def _lines(name: str, query: Query) -> str:
    """The statement that returns the rows of ``query`` as one row ``(name, lines)``: a JSON
    array of each row's values as an array (one value to decode, whatever the number of rows)."""
    counted = query.subquery("counted")
    lines = func.coalesce(func.json_agg(func.json_build_array(*counted.c)),
                          literal_column("'[]'::json"))
    return f"RETURN QUERY SELECT '{name}'::text, {_compiled(select(lines))[len('SELECT '):]};"


@cache
def _server_statements() -> tuple[str, str]:
    """The function's counting statements (PL/pgSQL) and their fingerprint, which the
    function returns first: a function installed by another version of Ethics Desk is told
    from this one's, and not read as if it were."""
    bounds = _server_bounds()
    statements = [_lines(name, query) for name, query in _queries(bounds).items()]
    changes = _compiled(select(AuditRecord.detail).where(
        AuditRecord.action.in_(CALENDAR_CHANGES)))
    moved = _lines(_MOVED, select(Deadline.clock, func.count()).where(
        Deadline.due_on.between(bounds.start, bounds.end),
        Deadline.id == any_(literal_column("moved_ids"))).group_by(Deadline.clock))
    # The deadlines a closure moved, as the audit records of the calendar name them (a record
    # a disposal emptied, or whose detail is not JSON, names none) — ids, never the detail.
    statements.append(
        f"FOR r IN {changes} LOOP\n"
        "  BEGIN parsed := r.detail::jsonb; EXCEPTION WHEN others THEN CONTINUE; END;\n"
        "  IF jsonb_typeof(parsed) = 'object' AND jsonb_typeof(parsed -> 'moved') = 'array' "
        "THEN\n"
        "    moved_ids := moved_ids || ARRAY(SELECT (e #>> '{}')::bigint FROM "
        "jsonb_array_elements(parsed -> 'moved') e WHERE jsonb_typeof(e) = 'number' "
        "AND (e #>> '{}') ~ '^-?[0-9]{1,18}$');\n"
        "  END IF;\n"
        "END LOOP;\n"
        + moved)
    body = "\n".join(statements)
    return body, hashlib.sha256(body.encode()).hexdigest()[:16]


def pg_statistics_function(check: str) -> str:
    """:data:`STATISTICS_FUNCTION` as ``server setup`` installs it: owner-run
    (``SECURITY DEFINER``, its own ``search_path``), ``check`` first — the statement that
    refuses a caller who may not count the statistics — then :func:`_queries` with the period
    as its arguments."""
    body, fingerprint = _server_statements()
    return (
        f"CREATE FUNCTION {STATISTICS_FUNCTION}(p_start date, p_end date, p_today date, "
        "p_first timestamp without time zone, p_after timestamp without time zone, "
        "p_reach date) RETURNS TABLE (figure text, lines json) LANGUAGE plpgsql STABLE "
        "SECURITY DEFINER SET search_path = public, pg_temp SET TimeZone = 'UTC' AS $fn$\n"
        "DECLARE r record; parsed jsonb; moved_ids bigint[] := '{}';\n"
        "BEGIN\n"
        + check +
        f"RETURN QUERY SELECT '{_VERSION}'::text, "
        f"json_build_array(json_build_array('{fingerprint}'::text));\n"
        + body + "\nEND $fn$")


def install_server_function(conn: Connection) -> None:
    """Install (or install again) :data:`STATISTICS_FUNCTION` as the schema's owner, callable
    by the server's groups of the roles of ``Act.STATISTICS`` and no one else."""
    from ethics_desk.staff.server_policies import act_groups, statistics_check

    signature = f"{STATISTICS_FUNCTION}({STATISTICS_ARGUMENTS})"
    conn.exec_driver_sql(f"DROP FUNCTION IF EXISTS {signature}")
    conn.exec_driver_sql(pg_statistics_function(statistics_check()).replace("%", "%%"))
    conn.exec_driver_sql(f"REVOKE ALL ON FUNCTION {signature} FROM PUBLIC")
    conn.exec_driver_sql(f"GRANT EXECUTE ON FUNCTION {signature} TO "
                         f"{act_groups(Act.STATISTICS)}")


def _server_rows(session: Session, bounds: _Bounds) -> Rows:
    """The counts made by the owner's :data:`STATISTICS_FUNCTION` (the office's whole
    records, whatever the person's own row-level security lets them read)."""
    installed = session.scalar(text("SELECT to_regprocedure(:f) IS NOT NULL"),
                               {"f": f"{STATISTICS_FUNCTION}({STATISTICS_ARGUMENTS})"})
    if not installed:
        raise _not_installed()
    naive = [moment.astimezone(UTC).replace(tzinfo=None) for moment in (bounds.first,
                                                                        bounds.after)]
    found: dict[str, list[Sequence[Any]]] = {}
    for figure, lines in session.execute(
            text(f"SELECT figure, lines FROM {STATISTICS_FUNCTION}(:start, :end, :today, "
                 ":first, :after, :reach)"),
            {"start": bounds.start, "end": bounds.end, "today": bounds.today, "first": naive[0],
             "after": naive[1], "reach": bounds.reach}):
        found[str(figure)] = json.loads(lines) if isinstance(lines, str) else lines
    if found.get(_VERSION) != [[_server_statements()[1]]]:
        raise _not_installed()
    dialect = session.get_bind().dialect
    rows: dict[str, Sequence[Sequence[Any]]] = {}
    for name, query in _queries(bounds).items():
        readers = [_reader(column.type, dialect) for column in query.selected_columns]
        rows[name] = [tuple(read(value) for read, value in zip(readers, line, strict=True))
                      for line in found.get(name, [])]
    rows[_MOVED] = [(str(kind), int(count)) for kind, count in found.get(_MOVED, [])]
    return rows


def _not_installed() -> UserError:
    return UserError("The office's server counts the statistics with a function its setup "
                     "installs, and this server's is missing or was installed by another "
                     "version of Ethics Desk.",
                     "Ask IT to run “ethics-desk server setup” again (docs/it).")


def _reader(kind: Any, dialect: Any) -> Callable[[Any], Any]:
    """How a value of a column of type ``kind``, as JSON gives it, is read as the column's own
    read gives it on a file (a day from its ISO text, a vocabulary's member from its value)."""
    if isinstance(kind, Date):
        return lambda value: None if value is None else date.fromisoformat(value)
    processor: Callable[[Any], Any] | None = kind.dialect_impl(dialect).result_processor(
        dialect, None)
    return processor if processor is not None else (lambda value: value)


# -- the figures from the counts -----------------------------------------------------------------


def _instants(start: date, end: date, zone: tzinfo) -> tuple[datetime, datetime]:
    """The instants the office's day ``start`` begins and the day after ``end`` begins, in UTC."""
    return (at_office_time(start, 0, 0, zone).astimezone(UTC),
            at_office_time(end + timedelta(days=1), 0, 0, zone).astimezone(UTC))


def _one(rows: Rows, name: str) -> int:
    found = rows.get(name) or [(0,)]
    return int(found[0][0] or 0)


def _received(session: Session, rows: Rows) -> Received:
    by_route = {route: int(count) for route, count in rows["received_by_route"]}
    total = sum(by_route.values())
    routes = [Figure(route.value, route.label, by_route.get(route, 0),
                     "§ 2-83(d)(2)" if route is Route.CAMPAIGN_FINANCE else "§ 2-83(d)(3)")
              for route in Route]
    if by_route.get(None):
        routes.append(Figure("unknown", "Route not recorded", by_route[None]))
    sworn = _one(rows, "received_sworn")
    counts = {int(provision): int(count) for provision, count in rows["received_by_provision"]}
    catalogue = session.execute(select(Provision.id, Provision.code, Provision.section,
                                       Provision.title).where(Provision.id.in_(counts))).all()
    by_provision = sorted(
        (Figure(f"{code} {section}", provision_citation(code, section, title),
                counts[provision], "§ 2-83(c)(5)")
         for provision, code, section, title in catalogue),
        key=lambda line: (-line.count, line.label))
    return Received(total, tuple(routes), sworn, total - sworn, tuple(by_provision),
                    _one(rows, "received_no_provision"))


def _endings(rows: Rows) -> Endings:
    kinds = {(kind, disposition): int(count)
             for kind, disposition, count in rows["endings_by_kind"]}
    # A return as not sworn is recorded as a resolution without a disposition (§ 2-83(c);
    # ethics_desk.workflow.effects.filing.return_unsworn), and nothing else is.
    unsworn = kinds.get((DecisionKind.RESOLUTION, None), 0)
    dispositions = tuple(
        Figure(disposition.value, disposition.label,
               kinds.get((DecisionKind.RESOLUTION, disposition), 0),
               _DISPOSITION_CITATIONS[disposition]) for disposition in Disposition)
    return Endings(unsworn, kinds.get((DecisionKind.RETURN_DEFECTIVE, None), 0),
                   kinds.get((DecisionKind.NOT_CURED, None), 0), dispositions,
                   _one(rows, "endings_sanctions"))


_DISPOSITION_CITATIONS: dict[Disposition, str] = {
    Disposition.DISMISSED: "§ 2-83(d)(4)",
    Disposition.NO_VIOLATION: "§ 2-83(d)(4)",
    Disposition.VIOLATION_FOUND: "§ 2-83(d)(4)",
    Disposition.CURED: "§ 2-83(d)(2); § 2-82(b)(2)",
    Disposition.WITHDRAWN: "§ 2-83(d)(4)",
    Disposition.FRIVOLOUS: "§ 2-83(f)(6)",
}


def _steps(rows: Rows, start: date, end: date, zone: tzinfo,
           calendar: BusinessCalendar) -> tuple[StepTime, ...]:
    """Each step's (receipt, step) pairs (:func:`_step_queries`) counted on ``calendar``."""
    review_keys = ("forwarded_for_review", *(f"review_{role.value}" for role in ReviewerRole))
    in_period: list[Sequence[Any]] = []  # (key, the receipt's instant, the step's day)
    for name in ("steps_decisions", "steps_forwarded_to_board", "steps_responses"):
        in_period.extend(rows[name])
    for at, *days in rows["steps_reviews"]:
        in_period.extend((key, at, on) for key, on in zip(review_keys, days, strict=True) if on)

    first = min((row[1] for row in in_period if row[1]), default=None)
    low = (datetime.fromisoformat(first[:19]).date() if first else start) - timedelta(days=2)
    counter = BusinessDayCounter(calendar, low, end)
    received_on = _OfficeDays(zone, counter, low, end)
    gaps: dict[str, list[int]] = {}
    running = counter.running
    for key, at, on in in_period:
        if not at:
            continue  # never received: no time to count
        before, after = received_on(at), running(on)
        if before is None or after is None:  # a day outside the table: counted day by day
            gap = counter.count(received_on.date_of(at), date.fromisoformat(on[:10]))
        else:
            gap = after - before if after > before else 0
        gaps.setdefault(key, []).append(gap)
    steps = []
    for key, label, citation in _STEPS:
        found = gaps.get(key, [])
        steps.append(StepTime(key, label, citation, len(found), nearest_rank(found, 50),
                              nearest_rank(found, 90)))
    return tuple(steps)


_STEPS: tuple[tuple[str, str, str], ...] = (
    ("forwarded_for_review", "Forwarded for review (received by the Compliance Auditor)",
     "§ 2-83(d)(1)"),
    *((f"review_{role.value}", f"Review completed: {role.short_label}", "§ 2-83(d)(1)")
      for role in ReviewerRole),
    ("forwarded_campaign_finance", "Campaign finance: forwarded to the respondent",
     "§ 2-83(d)(2)"),
    ("accepted", "Accepted for the Board", "§ 2-83(d)(3)"),
    ("forwarded_to_board", "Forwarded to the Board and the respondents (Ethics Code)",
     "§ 2-83(d)(3)"),
    ("response_filed", "Sworn response filed", "§ 2-83(e)(1)"),
    ("resolved", "Resolved", "§ 2-83(d)(4)"),
)
"""The statutory steps timed from receipt, in the order of § 2-83: key, label, citation."""


class _OfficeDays:
    """The running business-day count (:meth:`BusinessDayCounter.running`) of the office's date
    of an instant read as UTC text, remembered by the hour when the zone's offsets in the
    period are whole hours (by the minute otherwise), so 100,000 receipts cost a few thousand
    conversions."""

    def __init__(self, zone: tzinfo, counter: BusinessDayCounter, low: date, high: date) -> None:
        self._zone = zone
        self._counter = counter
        self._seen: dict[str, int | None] = {}
        offsets = {at_office_time(date(year, month, 1), 12, 0, zone).utcoffset()
                   for year in range(low.year, high.year + 1) for month in (1, 4, 7, 10)}
        whole = all(offset is not None and offset.total_seconds() % 3600 == 0
                    for offset in offsets)
        self._width = 13 if whole else 16  # "YYYY-MM-DD HH" or "YYYY-MM-DD HH:MM"

    def date_of(self, moment: str) -> date:
        """The office's date at ``moment``, UTC as ISO text."""
        return office_date(datetime.fromisoformat(moment[:19]).replace(tzinfo=UTC), self._zone)

    def __call__(self, moment: str) -> int | None:
        """The running count of the office's date at ``moment`` (None: outside the table)."""
        key = moment[:self._width]
        try:
            return self._seen[key]
        except KeyError:
            found = self._seen[key] = self._counter.running(self.date_of(moment).isoformat())
            return found




def _deadlines(rows: Rows) -> tuple[tuple[ClockTally, ...], ClockTally]:
    counts: dict[str, dict[tuple[DeadlineStatus, int], int]] = {}
    for kind, status, late, count in rows["deadlines_by_status"]:
        counts.setdefault(kind, {})[(status, int(late))] = int(count)
    moved = {kind: int(count) for kind, count in rows[_MOVED]}
    tallies = []
    for kind in ClockKind:
        if kind.value.startswith("pia_"):
            continue  # a request's clocks are computed, not stored: see public_information
        rule = CLOCKS[kind]
        tallies.append(_tally(kind.value, rule.title, rule.citation, counts.get(kind.value, {}),
                              moved.get(kind.value, 0)))
    for kind in sorted(set(counts) - {kind.value for kind in ClockKind}):  # an old clock's name
        tallies.append(_tally(kind, kind, "", counts[kind], moved.get(kind, 0)))
    return tuple(tallies), _total(tallies)


def _tally(key: str, label: str, citation: str, counts: dict[tuple[DeadlineStatus, int], int],
           moved: int) -> ClockTally:
    def of(status: DeadlineStatus) -> int:
        return counts.get((status, 0), 0) + counts.get((status, 1), 0)

    return ClockTally(key, label, citation, of(DeadlineStatus.MET), of(DeadlineStatus.MISSED),
                      counts.get((DeadlineStatus.OPEN, 1), 0),
                      counts.get((DeadlineStatus.OPEN, 0), 0), of(DeadlineStatus.CANCELLED),
                      moved)


def _total(tallies: Sequence[ClockTally]) -> ClockTally:
    return ClockTally("all", "Every clock", "", sum(t.met for t in tallies),
                      sum(t.missed for t in tallies), sum(t.open_past_due for t in tallies),
                      sum(t.open_not_yet_due for t in tallies),
                      sum(t.cancelled for t in tallies),
                      sum(t.moved_by_closures for t in tallies))




def _board(rows: Rows, endings: Endings) -> BoardFigures:
    by_action: dict[tuple[BoardAction, bool], int] = {
        (action, bool(carried)): int(count) for action, carried, count in rows["board_votes"]}
    actions = tuple(Figure(action.value, action.label,
                           by_action.get((action, True), 0) + by_action.get((action, False), 0),
                           action.citation) for action in BoardAction)
    kinds = {kind: (int(count), int(cents or 0))
             for kind, count, cents in rows["board_sanctions"]}
    sanctions = tuple(Figure(kind.value, kind.label, kinds.get(kind, (0, 0))[0], kind.citation)
                      for kind in SanctionKind)
    paid, paid_cents = (rows["board_paid"] or [(0, 0)])[0]
    penalties, penalty_cents = kinds.get(SanctionKind.CIVIL_PENALTY, (0, 0))
    return BoardFigures(
        meetings=_one(rows, "board_meetings"), votes=sum(by_action.values()),
        votes_carried=sum(count for (_a, carried), count in by_action.items() if carried),
        votes_by_action=actions, show_cause_orders=_one(rows, "board_show_cause"),
        frivolous_determinations=endings.disposition(Disposition.FRIVOLOUS),
        sanctions_by_kind=sanctions, penalties_imposed=penalties,
        penalties_imposed_cents=penalty_cents, penalties_paid=int(paid or 0),
        penalties_paid_cents=int(paid_cents or 0),
        penalties_waived=_one(rows, "board_waived"),
        penalties_outstanding=_one(rows, "board_outstanding"))


def _public_information(rows: Rows, calendar: BusinessCalendar, start: date, end: date,
                        today: date) -> PublicInformationFigures:
    figures = {name: _one(rows, f"pia_{name}") for name in (
        "received", "ruled_by_attorney_general", "decided_by_city_attorney", "released",
        "withheld", "withheld_in_part", "closed")}
    counts: dict[str, dict[tuple[DeadlineStatus, int], int]] = {}
    for *days, presumed, cites_previous in rows["pia_requests"]:
        # the request as its clocks need it: its dates, how its receipt is known, and whether
        # it cites a previous determination (the words are not counted, so not read)
        request = InformationRequest(
            **dict(zip(_REQUEST_DATES, days, strict=True)),
            received_basis=(ReceiptBasis.PRESUMED if presumed else ReceiptBasis.ACTUAL).value,
            received_detail="counted", previous_determination="cited" if cites_previous else "")
        for request_clock in clocks_of(request, calendar):
            if start <= request_clock.due_on <= end:
                key = (request_clock.status, int(request_clock.due_on < today))
                tally = counts.setdefault(request_clock.rule.kind.value, {})
                tally[key] = tally.get(key, 0) + 1
    clocks = tuple(_tally(kind.value, CLOCKS[kind].title, CLOCKS[kind].citation,
                          counts.get(kind.value, {}), 0)
                   for kind in ClockKind if kind.value.startswith("pia_"))
    return PublicInformationFigures(**figures, clocks=clocks, clocks_total=_total(clocks))
