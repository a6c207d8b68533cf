"""The clocks on a case as stored rows: start, close, recompute — always through the deadline engine.

The workflow controller calls these inside its transaction; the UI never does. The calendars are
built from the rules (``resources/calendars``) plus the days the office set in ``calendar_day``.
A due date an issued paper already told its reader (``issued_document_date``) is never shortened
by a later fact, a clock started again or a calendar change (:func:`told_dates`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.deadlines import (
    BusinessCalendar,
    ClockKind,
    ClockRule,
    Closure,
    DayKind,
    DueDate,
    Receipt,
    ReceiptBasis,
    ToldDate,
    city_calendar,
    clock,
    compute_due,
    presumed_receipt,
    state_calendar,
)
from ethics_desk.models import (
    CalendarDay,
    Complaint,
    Deadline,
    DeadlineStatus,
    IssuedDocument,
    StatedDate,
)


@dataclass(frozen=True)
class Calendars:
    """The City's calendar (every § 2-83 clock) and the State's (the Public Information Act)."""

    city: BusinessCalendar
    state: BusinessCalendar

    def for_rule(self, rule: ClockRule) -> BusinessCalendar:
        """The calendar a clock counts on."""
        return self.state if rule.calendar == "state" else self.city


def load_calendars(session: Session) -> Calendars:
    """Both calendars with the office's closures from the database."""
    rows = session.scalars(select(CalendarDay)).all()
    by_calendar: dict[str, list[Closure]] = {"city": [], "state": []}
    for row in rows:
        kind = DayKind.FIESTA if row.kind == "fiesta" else DayKind.CLOSURE
        by_calendar.setdefault(row.calendar, []).append(Closure(row.day, row.name, kind))
    return Calendars(city=city_calendar(by_calendar["city"]),
                     state=state_calendar(by_calendar["state"]))


def start_clock(session: Session, complaint: Complaint, kind: ClockKind, trigger: Receipt,
                calendars: Calendars, *, subject: str = "", subject_label: str = "",
                length: int | None = None, extension_days: int = 0,
                presumption_days: int | None = None) -> Deadline:
    """Open a clock on the case (replacing an open one for the same clock and subject).

    ``subject`` is the key of whose clock it is (a reviewer role, ``respondent:<id>``);
    ``subject_label`` is how a clerk reads it, added to the title ("— Chair of the …").

    ``presumption_days`` is kept with a presumed receipt so that a calendar change can presume
    the receipt again. Time granted on the open clock it replaces (:func:`extend_clock`) stays
    granted: a receipt recorded later restarts the count, not the grant.
    """
    rule = clock(kind, length=length)
    replaced = open_deadlines(session, complaint, kind, subject)
    extension_days = max([extension_days, *(d.extension_days for d in replaced)])
    due = compute_due(rule, trigger, calendars.for_rule(rule), extension_days=extension_days)
    due = due.at_least(told_dates(session, complaint.id).get((complaint.id, kind.value, subject)))
    for existing in replaced:
        existing.status = DeadlineStatus.CANCELLED
        existing.closed_on = trigger.day
    deadline = Deadline(
        complaint_id=complaint.id, clock=kind.value, subject=subject,
        title=f"{rule.title} — {subject_label}" if subject_label else rule.title,
        citation=rule.citation, trigger_on=trigger.day, trigger_basis=trigger.basis.value,
        trigger_detail=trigger.detail, trigger_mailed_on=trigger.mailed_on,
        presumption_days=presumption_days, length=rule.length, extension_days=extension_days,
        calendar=rule.calendar, due_on=due.due, explanation=due.explain(),
        status=DeadlineStatus.OPEN)
    session.add(deadline)
    session.flush()
    refresh_next_due(session, complaint)
    return deadline


def extend_clock(session: Session, complaint: Complaint, deadline: Deadline, days: int,
                 calendars: Calendars) -> tuple[date, date]:
    """Add ``days`` of time granted to an open ``deadline`` (counted as its own clock counts:
    business days for a response, calendar days for the written opinion), its due date and
    explanation counted again; a date a paper already told is never shortened. Returns the due
    date before and after."""
    if days < 1:
        raise ValueError(f"time granted must be at least one day ({days})")
    before = deadline.due_on
    deadline.extension_days += days
    due = _recompute(deadline, calendars).at_least(told_dates(session, complaint.id).get(
        (complaint.id, deadline.clock, deadline.subject)))
    deadline.due_on = due.due
    deadline.explanation = due.explain()
    refresh_next_due(session, complaint)
    return before, due.due


_SPENT = (DeadlineStatus.MET, DeadlineStatus.MISSED)
"""A deadline whose act was done: the dates papers told of it bind no later clock."""


def told_dates(session: Session, complaint_id: int | None = None
               ) -> dict[tuple[int, str, str], ToldDate]:
    """The latest due date each (case, clock, subject) was told in an issued paper not voided,
    of a deadline not yet done (open, or replaced by a clock started again), with the paper:
    what :meth:`~ethics_desk.deadlines.DueDate.at_least` holds a new count to. One case's with
    ``complaint_id``."""
    query = (select(IssuedDocument.complaint_id, StatedDate.clock, StatedDate.subject,
                    StatedDate.stated_on, IssuedDocument.kind, IssuedDocument.recipient,
                    IssuedDocument.id)
             .join(IssuedDocument, IssuedDocument.id == StatedDate.document_id)
             .outerjoin(Deadline, Deadline.id == StatedDate.deadline_id)
             .where(IssuedDocument.voided_at.is_(None),
                    Deadline.status.is_(None) | Deadline.status.not_in(_SPENT))
             .order_by(StatedDate.stated_on, StatedDate.id))
    if complaint_id is not None:
        query = query.where(IssuedDocument.complaint_id == complaint_id)
    told: dict[tuple[int, str, str], ToldDate] = {}
    for case_id, kind, subject, day, paper, recipient, document_id in session.execute(query):
        to = f" to {recipient}" if recipient else ""
        told[(case_id, kind, subject)] = ToldDate(day, f"the {paper}{to} (document {document_id})")
    return told


def open_deadlines(session: Session, complaint: Complaint, kind: ClockKind | None = None,
                   subject: str | None = None) -> list[Deadline]:
    """The case's open clocks, optionally of one kind and subject."""
    query = select(Deadline).where(Deadline.complaint_id == complaint.id,
                                   Deadline.status == DeadlineStatus.OPEN)
    if kind is not None:
        query = query.where(Deadline.clock == kind.value)
    if subject is not None:
        query = query.where(Deadline.subject == subject)
    return list(session.scalars(query.order_by(Deadline.due_on, Deadline.id)))


def close_clock(deadline: Deadline, on: date) -> None:
    """Stop a clock because what it waited for happened on ``on``: met, or missed if late."""
    deadline.status = DeadlineStatus.MET if on <= deadline.due_on else DeadlineStatus.MISSED
    deadline.closed_on = on


def close_clocks(session: Session, complaint: Complaint, kind: ClockKind, on: date,
                 subject: str | None = None) -> list[Deadline]:
    """Close every open clock of a kind (and subject) on the case; returns them."""
    closed = open_deadlines(session, complaint, kind, subject)
    for deadline in closed:
        close_clock(deadline, on)
    refresh_next_due(session, complaint)
    return closed


def cancel_open_clocks(session: Session, complaint: Complaint, on: date) -> None:
    """Stop every clock on a case that has ended (returned or resolved)."""
    for deadline in open_deadlines(session, complaint):
        deadline.status = DeadlineStatus.CANCELLED
        deadline.closed_on = on
    refresh_next_due(session, complaint)


def refresh_next_due(session: Session, complaint: Complaint) -> None:
    """Keep the case's earliest open due date and its title in step (the inbox shows them)."""
    session.flush()
    first = session.execute(
        select(Deadline.due_on, Deadline.title).where(Deadline.complaint_id == complaint.id,
                                                      Deadline.status == DeadlineStatus.OPEN)
        .order_by(Deadline.due_on, Deadline.id).limit(1)).first()
    complaint.next_due_on = first.due_on if first else None
    complaint.next_due_title = first.title if first else ""


@dataclass(frozen=True)
class MovedDeadline:
    """An open deadline whose due date a calendar change moves."""

    deadline_id: int
    complaint_id: int
    title: str
    subject: str
    old_due: date
    new_due: date


def recompute_open(session: Session, calendars: Calendars, *, apply: bool) -> list[MovedDeadline]:
    """Recompute every open deadline on ``calendars``; with ``apply``, store the new dates.

    Without ``apply`` nothing is changed (the preview a clerk sees before saving).
    """
    moved: list[MovedDeadline] = []
    touched: set[int] = set()
    told = told_dates(session)
    query = select(Deadline).where(Deadline.status == DeadlineStatus.OPEN)
    # A preview (``check``'s too) reads them a batch at a time: its memory does not grow with
    # the open deadlines; saving keeps each one it changes.
    deadlines = session.scalars(query) if apply else session.scalars(
        query.execution_options(yield_per=1000))
    for deadline in deadlines:
        due = _recompute(deadline, calendars).at_least(
            told.get((deadline.complaint_id, deadline.clock, deadline.subject)))
        if due.due != deadline.due_on:
            moved.append(MovedDeadline(deadline.id, deadline.complaint_id, deadline.title,
                                       deadline.subject, deadline.due_on, due.due))
        if apply and (due.due != deadline.due_on or due.explain() != deadline.explanation):
            deadline.trigger_on = due.trigger.day
            deadline.trigger_detail = due.trigger.detail
            deadline.due_on = due.due
            deadline.explanation = due.explain()
            touched.add(deadline.complaint_id)
    if apply:
        for complaint_id in touched:
            complaint = session.get(Complaint, complaint_id)
            if complaint is not None:
                refresh_next_due(session, complaint)
    return moved


def _recompute(deadline: Deadline, calendars: Calendars) -> DueDate:
    """The due date a stored clock has on ``calendars`` (a presumed receipt is presumed anew)."""
    rule = clock(ClockKind(deadline.clock), length=deadline.length)
    calendar = calendars.for_rule(rule)
    if deadline.trigger_basis == ReceiptBasis.PRESUMED.value and deadline.trigger_mailed_on:
        receipt = presumed_receipt(deadline.trigger_mailed_on, calendar,
                                   deadline.presumption_days if deadline.presumption_days
                                   is not None else 3)
    else:  # an actual receipt (a presumed one always keeps its mailing date)
        receipt = Receipt(day=deadline.trigger_on, basis=ReceiptBasis.ACTUAL,
                          detail=deadline.trigger_detail)
    return compute_due(rule, receipt, calendar, extension_days=deadline.extension_days)
