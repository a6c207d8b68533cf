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

Every count is an SQL aggregate (``COUNT``, ``SUM``, ``GROUP BY``) in one read session; only
the (receipt, step) date pairs of the steps are fetched, two dates a case, to be counted on the
business-day calendar here. No names are read or returned: counts of the whole office.

Who may count them is :data:`~ethics_desk.core.permissions.Act.STATISTICS`. The count is
recorded in the audit trail (who counted which period), without waiting for another desk's
write (:mod:`ethics_desk.storage.queued_records`). On the office's server each person reads
only the rows the server's policies give their role (:mod:`ethics_desk.staff.server_policies`):
the Administrator reads no case there and is told so rather than shown noughts. No Qt here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Any

from sqlalchemy import String, and_, case, cast, distinct, func, literal, or_, select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock, utc_now
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import at_office_time, office_date
from ethics_desk.core.permissions import Act
from ethics_desk.core.roles import Role
from ethics_desk.deadlines import CLOCKS, BusinessCalendar, ClockKind
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
    if database.url.get_backend_name() == "postgresql" and account.role is not Role.CLERK:
        # On the server each person reads only the cases they receive (row-level security,
        # ethics_desk.staff.server_policies): the Administrator receives none, so every count
        # would be nought. The City Clerk's staff receive every case.
        raise UserError("On the office's server the statistics are counted by the City "
                        "Clerk's staff, who receive every case; your account receives none, "
                        "so every figure would be nought.",
                        "Ask the City Clerk's staff to count them.")
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
    received = _received(session, start, end, zone)
    endings = _endings(session, start, end)
    steps = _steps(session, start, end, zone, calendar)
    deadlines, deadlines_total = _deadlines(session, start, end, today)
    board = _board(session, start, end, endings)
    public = _public_information(session, start, end, today)
    return OfficeStatistics(start, end, today, received, endings, steps, deadlines,
                            deadlines_total, board, public)


def _instants(start: date, end: date, zone: tzinfo) -> tuple[datetime, datetime]:
    """The instants the office's day ``start`` begins and the day after ``end`` begins, in UTC."""
    return (at_office_time(start, 0, 0, zone).astimezone(UTC),
            at_office_time(end + timedelta(days=1), 0, 0, zone).astimezone(UTC))


def _received_in(start: date, end: date, zone: tzinfo) -> Any:
    first, after = _instants(start, end, zone)
    return and_(Complaint.case_number.is_not(None), Complaint.received_at >= first,
                Complaint.received_at < after)


def _received(session: Session, start: date, end: date, zone: tzinfo) -> Received:
    received_in = _received_in(start, end, zone)
    by_route = dict(session.execute(
        select(Complaint.route, func.count()).where(received_in).group_by(Complaint.route)).all())
    total = sum(by_route.values())
    routes = [Figure(route.value, route.label, by_route.get(route, 0),
                     "§ 2-83(d)(2)" if route is Route.CAMPAIGN_FINANCE else "§ 2-83(d)(3)")
              for route in Route]
    if by_route.get(None):
        routes.append(Figure("unknown", "Route not recorded", by_route[None]))
    sworn = session.scalar(select(func.count()).select_from(Complaint).join(Oath)
                           .where(received_in, Oath.sworn.is_(True))) or 0
    provisions = session.execute(
        select(Provision.code, Provision.section, Provision.title,
               func.count(distinct(Allegation.complaint_id)))
        .select_from(Allegation).join(Complaint).join(Provision)
        .where(received_in).group_by(Provision.id, Provision.code, Provision.section,
                                     Provision.title)).all()
    by_provision = sorted(
        (Figure(f"{code} {section}", provision_citation(code, section, title),
                count, "§ 2-83(c)(5)") for code, section, title, count in provisions),
        key=lambda line: (-line.count, line.label))
    named = select(Allegation.complaint_id).where(Allegation.provision_id.is_not(None))
    no_provision = session.scalar(select(func.count()).select_from(Complaint).where(
        received_in, Complaint.id.not_in(named))) or 0
    return Received(total, tuple(routes), sworn, total - sworn, tuple(by_provision),
                    no_provision)


def _endings(session: Session, start: date, end: date) -> Endings:
    in_period = Decision.decided_on.between(start, end)
    kinds = {(kind, disposition): count for kind, disposition, count in session.execute(
        select(Decision.kind, Decision.disposition, func.count()).where(in_period)
        .group_by(Decision.kind, Decision.disposition)).all()}
    # A return as not sworn is recorded as a resolution without a disposition (§ 2-83(c);
    # ethics_desk.workflow.effects.filing.return_unsworn), and nothing else is.
    unsworn = kinds.get((DecisionKind.RESOLUTION, None), 0)
    dispositions = tuple(
        Figure(disposition.value, disposition.label,
               kinds.get((DecisionKind.RESOLUTION, disposition), 0),
               _DISPOSITION_CITATIONS[disposition]) for disposition in Disposition)
    sanctions = session.scalar(select(func.count()).select_from(Sanction).where(
        Sanction.imposed_on.between(start, end))) or 0
    return Endings(unsworn, kinds.get((DecisionKind.RETURN_DEFECTIVE, None), 0),
                   kinds.get((DecisionKind.NOT_CURED, None), 0), dispositions, sanctions)


_DISPOSITION_CITATIONS: dict[Disposition, str] = {
    Disposition.DISMISSED: "§ 2-83(d)(4)",
    Disposition.NO_VIOLATION: "§ 2-83(d)(4)",
    Disposition.VIOLATION_FOUND: "§ 2-83(d)(4)",
    Disposition.CURED: "§ 2-83(d)(2); § 2-82(b)(2)",
    Disposition.WITHDRAWN: "§ 2-83(d)(4)",
    Disposition.FRIVOLOUS: "§ 2-83(f)(6)",
}


def _steps(session: Session, start: date, end: date, zone: tzinfo,
           calendar: BusinessCalendar) -> tuple[StepTime, ...]:
    """Each step's (receipt, step) pairs, fetched by SQL as text — an instant and a date, read
    by no type — and counted on ``calendar``: five reads, each of one table with its case's
    receipt looked up by key, whatever the number of cases. A case is "resolved" by a resolution
    with a disposition of § 2-83(d)(4), on its date — the endings count the same decisions."""
    def receipt(complaint_id: Any) -> Any:
        return (select(cast(Complaint.received_at, String)).where(Complaint.id == complaint_id)
                .scalar_subquery())

    def on_in_period(column: Any, *where: Any) -> Any:
        """The day ``column`` holds, as text, when it is in the period (NULL otherwise)."""
        return func.max(case((and_(column.between(start, end), *where), cast(column, String))))

    # The reviews: one row a case, its Compliance Auditor's receipt (the forward for review)
    # and each reviewer's completion in the period side by side.
    review_keys = ("forwarded_for_review", *(f"review_{role.value}" for role in ReviewerRole))
    reviews = (select(receipt(Review.complaint_id),
                      on_in_period(Review.received_on,
                                   Review.role == ReviewerRole.COMPLIANCE_AUDITOR),
                      *(on_in_period(Review.completed_on, Review.role == role)
                        for role in ReviewerRole))
               .where(or_(Review.received_on.between(start, end),
                          Review.completed_on.between(start, end)))
               .group_by(Review.complaint_id))
    queries = [
        # Acceptance, the campaign-finance forward and the resolution (one with a disposition:
        # a return as not sworn is recorded as a resolution without one) are decisions.
        select(case((Decision.kind == DecisionKind.ACCEPT, "accepted"),
                    (Decision.kind == DecisionKind.RESOLUTION, "resolved"),
                    else_=literal("forwarded_campaign_finance")), receipt(Decision.complaint_id),
               cast(Decision.decided_on, String))
        .where(Decision.kind.in_((DecisionKind.ACCEPT, DecisionKind.FORWARD_CAMPAIGN_FINANCE,
                                  DecisionKind.RESOLUTION)),
               or_(Decision.kind != DecisionKind.RESOLUTION, Decision.disposition.is_not(None)),
               Decision.decided_on.between(start, end)),
        select(literal("forwarded_to_board"), receipt(Deadline.complaint_id),
               cast(Deadline.closed_on, String))
        .where(Deadline.clock == ClockKind.ETHICS_FORWARD.value,
               Deadline.status.in_((DeadlineStatus.MET, DeadlineStatus.MISSED)),
               Deadline.closed_on.between(start, end)),
        select(literal("response_filed"), receipt(Filing.complaint_id),
               cast(func.min(Filing.received_on), String))
        .where(Filing.kind == FilingKind.RESPONSE).group_by(Filing.complaint_id)
        .having(func.min(Filing.received_on).between(start, end)),
    ]
    connection = session.connection()  # the session's read: plain rows, no ORM between
    in_period: list[Sequence[Any]] = []  # (key, the receipt's instant, the step's day)
    for query in queries:
        in_period.extend(connection.execute(query).all())
    for at, *days in connection.execute(reviews).all():
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


def _deadlines(session: Session, start: date, end: date,
               today: date) -> tuple[tuple[ClockTally, ...], ClockTally]:
    due_in = Deadline.due_on.between(start, end)
    past_due = case((Deadline.due_on < today, 1), else_=0)
    counts: dict[str, dict[tuple[DeadlineStatus, int], int]] = {}
    for kind, status, late, count in session.execute(
            select(Deadline.clock, Deadline.status, past_due, func.count()).where(due_in)
            .group_by(Deadline.clock, Deadline.status, past_due)).all():
        counts.setdefault(kind, {})[(status, late)] = count
    moved: dict[str, int] = {}
    for chunk in _chunks(_moved_ids(session)):
        for kind, count in session.execute(
                select(Deadline.clock, func.count()).where(due_in, Deadline.id.in_(chunk))
                .group_by(Deadline.clock)).all():
            moved[kind] = moved.get(kind, 0) + count
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


def _board(session: Session, start: date, end: date, endings: Endings) -> BoardFigures:
    in_period = BoardVote.meeting_on.between(start, end)
    meetings = session.scalar(select(func.count(distinct(BoardVote.meeting_on))).where(
        in_period)) or 0
    by_action: dict[tuple[BoardAction, bool], int] = {
        (action, bool(carried)): count for action, carried, count in session.execute(
            select(BoardVote.action, BoardVote.carried, func.count()).where(in_period)
            .group_by(BoardVote.action, BoardVote.carried)).all()}
    actions = tuple(Figure(action.value, action.label,
                           by_action.get((action, True), 0) + by_action.get((action, False), 0),
                           action.citation) for action in BoardAction)
    orders = session.scalar(select(func.count()).select_from(ShowCauseOrder).where(
        ShowCauseOrder.ordered_on.between(start, end))) or 0
    imposed_in = Sanction.imposed_on.between(start, end)
    kinds = {kind: (count, cents or 0) for kind, count, cents in session.execute(
        select(Sanction.kind, func.count(), func.sum(Sanction.amount_cents)).where(imposed_in)
        .group_by(Sanction.kind)).all()}
    sanctions = tuple(Figure(kind.value, kind.label, kinds.get(kind, (0, 0))[0], kind.citation)
                      for kind in SanctionKind)
    paid, paid_cents = session.execute(
        select(func.count(), func.sum(CivilPenalty.paid_cents)).where(
            CivilPenalty.paid_on.between(start, end))).one()
    waived = session.scalar(select(func.count()).select_from(CivilPenalty).where(
        CivilPenalty.waived_on.between(start, end))) or 0
    outstanding = session.scalar(
        select(func.count()).select_from(CivilPenalty).join(Sanction).where(
            Sanction.kind == SanctionKind.CIVIL_PENALTY, Sanction.imposed_on <= end,
            or_(CivilPenalty.paid_on.is_(None), CivilPenalty.paid_on > end),
            or_(CivilPenalty.waived_on.is_(None), CivilPenalty.waived_on > end))) or 0
    penalties, penalty_cents = kinds.get(SanctionKind.CIVIL_PENALTY, (0, 0))
    return BoardFigures(
        meetings=meetings, votes=sum(by_action.values()),
        votes_carried=sum(count for (_a, carried), count in by_action.items() if carried),
        votes_by_action=actions, show_cause_orders=orders,
        frivolous_determinations=endings.disposition(Disposition.FRIVOLOUS),
        sanctions_by_kind=sanctions, penalties_imposed=penalties,
        penalties_imposed_cents=penalty_cents, penalties_paid=paid or 0,
        penalties_paid_cents=paid_cents or 0, penalties_waived=waived,
        penalties_outstanding=outstanding)


def _public_information(session: Session, start: date, end: date,
                        today: date) -> PublicInformationFigures:
    def count(*where: Any) -> int:
        return session.scalar(select(func.count()).select_from(InformationRequest)
                              .where(*where)) or 0

    ruled = InformationRequest.outcome_on.between(start, end)
    figures = dict(
        received=count(InformationRequest.received_on.between(start, end)),
        ruled_by_attorney_general=count(ruled,
                                        InformationRequest.outcome_by == RulingBy.ATTORNEY_GENERAL),
        decided_by_city_attorney=count(ruled,
                                       InformationRequest.outcome_by == RulingBy.CITY_ATTORNEY),
        released=count(InformationRequest.released_on.between(start, end)),
        withheld=count(ruled, InformationRequest.outcome == RulingOutcome.WITHHOLD),
        withheld_in_part=count(ruled, InformationRequest.outcome == RulingOutcome.PARTIAL),
        closed=count(InformationRequest.closed_on.between(start, end)))
    calendar = calendar_for(session)
    counts: dict[str, dict[tuple[DeadlineStatus, int], int]] = {}
    for row in session.scalars(select(InformationRequest).where(
            InformationRequest.received_on <= end,
            InformationRequest.received_on >= start - PIA_CLOCK_REACH)):
        for request_clock in clocks_of(row, calendar):
            if start <= request_clock.due_on <= end:
                key = (request_clock.status, int(request_clock.due_on < today))
                tally = counts.setdefault(request_clock.rule.kind.value, {})
                tally[key] = tally.get(key, 0) + 1
    clocks = tuple(_tally(kind.value, CLOCKS[kind].title, CLOCKS[kind].citation,
                          counts.get(kind.value, {}), 0)
                   for kind in ClockKind if kind.value.startswith("pia_"))
    return PublicInformationFigures(**figures, clocks=clocks, clocks_total=_total(clocks))
