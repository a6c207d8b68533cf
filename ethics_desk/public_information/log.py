"""The request log: logging a request, its steps, its ruling, its release and its close.

Each act is one transaction with its audit record (``pia.*``), by an account the permission
table allows (:data:`ethics_desk.core.permissions.Act.PUBLIC_INFORMATION`: the Records officer
and the City Attorney's Office); anyone else is told they may not, and no read tells them a
request exists. The audit records of requests name no case (a case's access history would
otherwise show a request to those who receive the case).

The clocks (:func:`clocks_of`) are computed from the date of receipt on the Public Information
Act's calendar (:func:`calendar_for`) each time they are read, so a change to the calendar moves
them at once. No Qt here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import TypeVar

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.case_numbers import is_case_number
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import ConflictError, NotAllowed, RuleError, UserError
from ethics_desk.core.office_time import in_office_time
from ethics_desk.core.permissions import Act, may, who_may
from ethics_desk.core.vocabulary import (
    CaseState,
    DeadlineStatus,
    Language,
    RequestChannel,
    RequestStatus,
    RulingBy,
    RulingOutcome,
)
from ethics_desk.deadlines import (
    CLOCKS,
    PIA_MAILED_RECEIPT_BUSINESS_DAYS,
    PIA_MAILED_RECEIPT_CITATION,
    PUBLIC_INFORMATION_CLOCKS,
    BusinessCalendar,
    ClockKind,
    ClockRule,
    DueDate,
    Receipt,
    ReceiptBasis,
    WithDesignatedDays,
    add_business_days,
    compute_due,
    format_day,
)
from ethics_desk.deadlines.schedule import load_calendars
from ethics_desk.models import CaseRegister, InformationRequest, RequestedRecord
from ethics_desk.office import settings
from ethics_desk.office.settings import office_today
from ethics_desk.staff.acting import service
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

T = TypeVar("T")

PENDING_CITATION = "City Code § 2-83(h)(1), (h)(3)"
"""Why a record of a pending complaint is not released without a ruling or decision."""
RELEASE_CITATION = "Tex. Gov't Code §§ 552.301, 552.352"
WITHHOLDING_CITATION = "Tex. Gov't Code § 552.301(a)"
"""Information is withheld only on a request for the Attorney General's ruling or under a
previous determination of the Attorney General."""
EXCEPTIONS_CITATION = "Tex. Gov't Code § 552.301(b)"
"""The request for a ruling states the exceptions that apply."""
PRESUMPTION_CITATION = "Tex. Gov't Code § 552.302"
PRESUMED_PUBLIC = ("the information requested is presumed to be subject to required public "
                   "disclosure and must be released unless there is a compelling reason to "
                   "withhold it")
"""What § 552.302 presumes when a clock of § 552.301 is missed."""
PRESUMPTION_CLOCKS: tuple[ClockKind, ...] = (ClockKind.PIA_RULING, ClockKind.PIA_ARGUMENTS)
"""The clocks of § 552.301 whose miss § 552.302 makes a presumption of (not § 552.221(d)'s)."""
CLARIFICATION_CITATION = ("Tex. Gov't Code § 552.222(b); City of Dallas v. Abbott, "
                          "304 S.W.3d 380 (Tex. 2010)")
"""Asking the requester to clarify a request in good faith: the ten business days run again from
the day the answer is received."""
ON_HOLD = "the clocks wait for the requester's clarification (Tex. Gov't Code § 552.222(b))"
"""What a request whose clocks wait for a clarification has next."""
ESTIMATE_CITATION = "Tex. Gov't Code § 552.2615"
"""The itemized statement of estimated charges, owed before charges over $40 accrue."""
ESTIMATE_OWED_ABOVE_CENTS = 4000
"""§ 552.2615(a): the statement is owed when the charges are estimated to exceed $40."""
ESTIMATE_ANSWER_BUSINESS_DAYS = 10
"""§ 552.2615(b): the requester answers by the 10th business day after the day the statement is
sent, or the request is considered withdrawn."""
_EXCEPTION_SECTION = re.compile(r"\b552\.1\d\d\b")
"""An exception names its section of subchapter C of ch. 552 (§§ 552.101 and after)."""


# -- what is read --------------------------------------------------------------------------------


@dataclass(frozen=True)
class RecordStatus:
    """One record a request asks for, with its § 2-83(h)(1) status."""

    description: str
    case_number: str = ""
    complaint_id: int | None = None
    state: CaseState | None = None

    @property
    def pending(self) -> bool:
        """Whether the complaint is pending, so confidential under § 2-83(h)(1)."""
        return self.state is not None and self.state.is_pending

    @property
    def h1_status(self) -> str:
        """The record's (h)(1) status in words, as the log shows it."""
        if self.state is None:
            return "Not a complaint record" if not self.case_number else "Case no longer held"
        if self.pending:
            return f"Pending ({self.state.label}): confidential, § 2-83(h)(1)"
        return f"Not pending ({self.state.label})"

    @property
    def label(self) -> str:
        """"ERB-2026-004 — the complaint and its exhibits", or the description alone."""
        if self.case_number and self.description:
            return f"{self.case_number} — {self.description}"
        return self.case_number or self.description


@dataclass(frozen=True)
class CostItem:
    """One line of the itemized statement of estimated charges (§ 552.2615(a)): what is charged,
    how many (pages, hours…), and the charge for one, in cents."""

    description: str
    quantity: Decimal
    unit_cents: int

    @property
    def amount_cents(self) -> int:
        """The line's charge, rounded to the cent."""
        return int((self.quantity * self.unit_cents).quantize(Decimal(1), ROUND_HALF_UP))


@dataclass(frozen=True)
class RequestClock:
    """One clock of a request: its rule, its due date with the explanation, and how it stands."""

    rule: ClockRule
    due: DueDate
    done_on: date | None
    stopped_on: date | None = None
    stopped_why: str = ""
    lapsed: bool = False
    """Stopped (the request closed) after its due date without being done: missed, and it stays
    missed (§ 552.302), not cancelled."""
    waiting: bool = False
    """On hold since ``stopped_on``: the City asked the requester to clarify the request, and
    the clock runs again from the day the answer is received (§ 552.222(b))."""

    @property
    def status(self) -> DeadlineStatus:
        """Open, met (done by the due date), missed (done late, or not done by the due date of a
        request closed after it), or cancelled (not needed)."""
        if self.done_on is not None:
            return DeadlineStatus.MET if self.done_on <= self.due.due else DeadlineStatus.MISSED
        if self.stopped_on is not None:
            return DeadlineStatus.MISSED if self.lapsed else DeadlineStatus.CANCELLED
        return DeadlineStatus.OPEN

    @property
    def status_label(self) -> str:
        """The status in words; a clock on hold for a clarification says so."""
        return "Waiting for the clarification" if self.waiting else self.status.label

    @property
    def presumes_public(self) -> bool:
        """Whether this is a clock of § 552.301 that was missed, so that § 552.302 presumes the
        information public."""
        return self.rule.kind in PRESUMPTION_CLOCKS and self.status is DeadlineStatus.MISSED

    @property
    def due_on(self) -> date:
        """The due date."""
        return self.due.due

    def explain(self) -> str:
        """The deadline engine's explanation, and how the clock stands."""
        lines = [self.due.explain()]
        status = self.status
        if status is DeadlineStatus.OPEN:
            lines.append("Open. Gov't Code § 552.302: missing it makes the information presumed "
                         "public." if self.rule.kind in PRESUMPTION_CLOCKS else "Open.")
        elif self.waiting:
            lines.append(f"On hold since {self.stopped_on}: {self.stopped_why}.")
        elif status is DeadlineStatus.CANCELLED:
            lines.append(f"Not needed: {self.stopped_why} on {self.stopped_on}.")
        elif self.done_on is None:
            lines.append(f"Missed: not done by {self.due_on}; {self.stopped_why} on "
                         f"{self.stopped_on}.")
        else:
            lines.append(f"{status.label}: done on {self.done_on}.")
        if self.presumes_public:
            lines.append(f"{PRESUMPTION_CITATION}: {PRESUMED_PUBLIC}.")
        return "\n".join(lines)


@dataclass(frozen=True)
class RequestView:
    """A request as the log shows it: who asked, for what, when, its records and its clocks."""

    request_id: int
    number: str
    version: int
    requester_name: str
    requester_address: str
    requester_email: str
    language: Language
    channel: RequestChannel
    postmarked_on: date | None
    received_on: date
    received_basis: ReceiptBasis
    received_detail: str
    asked_for: str
    status: RequestStatus
    records: tuple[RecordStatus, ...]
    clocks: tuple[RequestClock, ...]
    calendar_title: str
    exceptions_claimed: tuple[str, ...] = ()
    """The exceptions the City claims, as the request for a ruling states them (§ 552.301(b))."""
    previous_determination: str = ""
    """The previous determination a withholding without a ruling relies on (§ 552.301(a))."""
    clarification_asked_on: date | None = None
    clarification_question: str = ""
    clarification_answered_on: date | None = None
    clocks_from: str = ""
    """What the clocks run from when it is not the receipt: the answer to a clarification."""
    estimate: tuple[CostItem, ...] = ()
    """The itemized statement of estimated charges (§ 552.2615), or ()."""
    estimate_sent_on: date | None = None
    estimate_answer_due: date | None = None
    """The 10th business day after the statement was sent (§ 552.2615(b))."""
    ruling_requested_on: date | None = None
    requester_told_on: date | None = None
    arguments_sent_on: date | None = None
    release_certified_on: date | None = None
    release_promised_at: datetime | None = None
    outcome: RulingOutcome | None = None
    outcome_by: RulingBy | None = None
    outcome_on: date | None = None
    outcome_reference: str = ""
    released_on: date | None = None
    closed_on: date | None = None
    close_note: str = ""
    papers: tuple[tuple[str, date, str], ...] = field(default=())
    """Issued papers: (kind, issued on, by whom)."""

    @property
    def touches_pending(self) -> bool:
        """Whether any record asked for is of a complaint pending under § 2-83(h)(1)."""
        return any(record.pending for record in self.records)

    @property
    def next_due(self) -> RequestClock | None:
        """The earliest open clock, if any."""
        running = [c for c in self.clocks if c.status is DeadlineStatus.OPEN]
        return min(running, key=lambda c: c.due_on) if running else None

    def clock(self, kind: ClockKind) -> RequestClock:
        """The clock of ``kind``."""
        return next(c for c in self.clocks if c.rule.kind is kind)

    @property
    def on_hold(self) -> bool:
        """Whether the clocks wait for the requester's answer to a clarification."""
        return any(c.waiting for c in self.clocks)

    @property
    def estimate_total_cents(self) -> int:
        """The estimated charges in all, in cents."""
        return sum(item.amount_cents for item in self.estimate)

    @property
    def presumption(self) -> str:
        """What § 552.302 presumes once a clock of § 552.301 is missed, naming the clocks
        missed; "" while none is."""
        missed = [c for c in self.clocks if c.presumes_public]
        if not missed:
            return ""
        which = " and ".join(f"{c.rule.citation.removeprefix('Tex. ')} (due {c.due_on})"
                             for c in missed)
        return (f"{PRESUMPTION_CITATION.removeprefix('Tex. ')}: missed {which}, so "
                f"{PRESUMED_PUBLIC}.")

    @property
    def ruling_label(self) -> str:
        """"Attorney General's ruling: Withhold (OR2026-01234), 2026-12-20", or ""."""
        if self.outcome is None or self.outcome_by is None:
            return ""
        reference = f" ({self.outcome_reference})" if self.outcome_reference else ""
        previous = (f", under the previous determination {self.previous_determination} "
                    f"({WITHHOLDING_CITATION.removeprefix('Tex. ')})"
                    if self.previous_determination else "")
        return (f"{self.outcome_by.label}: {self.outcome.label}{reference}, {self.outcome_on}"
                f"{previous}")


@dataclass(frozen=True)
class HoldingRequest:
    """An open request that touches a case: disposal of the case's records waits for it
    (Local Gov't Code § 202.002)."""

    request_id: int
    number: str
    received_on: date
    asked_for: str


# -- what is typed -------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewRequest:
    """A written request as the Records officer logs it.

    ``received_on`` is the actual date of receipt; for a request by mail whose actual receipt
    cannot be established, leave it empty and give ``postmarked_on``: the request is received
    on the third business day after the postmark (§ 552.301(a-1)). ``case_numbers`` are the
    cases it touches (``ERB-2026-004``); ``other_records`` describe anything else asked for.
    """

    requester_name: str
    channel: RequestChannel
    asked_for: str
    received_on: date | None = None
    postmarked_on: date | None = None
    requester_address: str = ""
    requester_email: str = ""
    language: Language = Language.ENGLISH
    case_numbers: tuple[str, ...] = ()
    other_records: tuple[str, ...] = ()


# -- the calendar and the clocks -----------------------------------------------------------------


def calendar_for(session: Session) -> BusinessCalendar:
    """The Public Information Act's calendar: the State's (§ 552.0031), with the City's own
    designated non-business days when the office's setting says they count."""
    calendars = load_calendars(session)
    if settings.get(session, settings.PIA_CITY_DAYS) == "yes":
        return WithDesignatedDays(calendars.state, calendars.city)
    return calendars.state


def mailed_receipt(postmarked_on: date, calendar: BusinessCalendar) -> Receipt:
    """The date a mailed request is received when its actual receipt cannot be established:
    the third business day after the postmark (§ 552.301(a-1))."""
    day, _skipped = add_business_days(calendar, postmarked_on, PIA_MAILED_RECEIPT_BUSINESS_DAYS)
    return Receipt(day=day, basis=ReceiptBasis.PRESUMED, mailed_on=postmarked_on,
                   detail=f"received on the {_ordinal(PIA_MAILED_RECEIPT_BUSINESS_DAYS)} "
                          f"business day after the postmark of {postmarked_on.isoformat()}, "
                          f"{PIA_MAILED_RECEIPT_CITATION}")


def receipt_of(row: InformationRequest, calendar: BusinessCalendar) -> Receipt:
    """The receipt that starts a request's clocks: actual, or presumed from the postmark."""
    if row.received_basis == ReceiptBasis.PRESUMED.value and row.postmarked_on is not None:
        return mailed_receipt(row.postmarked_on, calendar)
    return Receipt(day=row.received_on, basis=ReceiptBasis.ACTUAL,
                   detail=row.received_detail or f"received by {row.channel.label.lower()}")


def due_dates(receipt: Receipt | date, calendar: BusinessCalendar) -> dict[ClockKind, DueDate]:
    """Each clock of the Public Information Act (:data:`PUBLIC_INFORMATION_CLOCKS`) from a
    receipt, on ``calendar``."""
    return {kind: compute_due(CLOCKS[kind], receipt, calendar)
            for kind in PUBLIC_INFORMATION_CLOCKS}


def clocks_of(row: InformationRequest, calendar: BusinessCalendar) -> tuple[RequestClock, ...]:
    """The request's clocks, each with what stops it.

    § 552.301(b), (d): met once the ruling is asked for and the requester told (the later of
    the two dates). § 552.301(e), (e-1): met once the arguments and the information are sent.
    § 552.221(d): met once a date and hour for release is certified, or the information is
    released. A clock not yet met is not needed once the information is released (the ruling's
    two), once it is withheld under a previous determination without asking (§ 552.301(a); the
    ruling's two), or once the request is closed before its due date; closed after it, the
    clock was missed and stays missed (§ 552.302 presumes the information public).
    """
    start, waiting_since = clocks_start(row, calendar)
    dues = due_dates(start, calendar)
    ruling_done = (max(row.ruling_requested_on, row.requester_told_on)
                   if row.ruling_requested_on and row.requester_told_on else None)
    release_done = row.release_certified_on or row.released_on
    done = {ClockKind.PIA_RULING: ruling_done,
            ClockKind.PIA_ARGUMENTS: row.arguments_sent_on,
            ClockKind.PIA_RELEASE_DATE: release_done}
    out = []
    for kind in PUBLIC_INFORMATION_CLOCKS:
        stopped_on, why, lapsed = None, "", False
        if kind is not ClockKind.PIA_RELEASE_DATE:
            if row.previous_determination and row.ruling_requested_on is None:
                stopped_on = row.outcome_on
                why = (f"withheld under the previous determination "
                       f"{row.previous_determination} ({WITHHOLDING_CITATION})")
            elif row.released_on is not None:
                stopped_on, why = row.released_on, "the information was released"
        if row.closed_on is not None and stopped_on is None:
            stopped_on, why = row.closed_on, "the request was closed"
            lapsed = done[kind] is None and row.closed_on > dues[kind].due
        waiting = stopped_on is None and done[kind] is None and waiting_since is not None
        if waiting:
            stopped_on = waiting_since
            why = ("the City asked the requester to clarify the request; the clock runs again "
                   f"from the day the answer is received ({CLARIFICATION_CITATION})")
        out.append(RequestClock(CLOCKS[kind], dues[kind], done[kind], stopped_on, why, lapsed,
                                waiting))
    return tuple(out)


def clocks_start(row: InformationRequest,
                 calendar: BusinessCalendar) -> tuple[Receipt, date | None]:
    """What the clocks run from, and the day they have been on hold since (or None).

    A clarification asked in good faith by the 10th business day after receipt puts the clocks
    on hold, and the requester's answer starts them again from the day it is received
    (§ 552.222(b); City of Dallas v. Abbott); one asked later changes nothing.
    """
    receipt = receipt_of(row, calendar)
    asked = row.clarification_asked_on
    if asked is None or asked > compute_due(CLOCKS[ClockKind.PIA_RULING], receipt, calendar).due:
        return receipt, None
    answered = row.clarification_answered_on
    if answered is None:
        return receipt, asked
    return Receipt(day=answered, basis=ReceiptBasis.ACTUAL,
                   detail=f"the requester's answer to the request for clarification of "
                          f"{asked.isoformat()}, received on {answered.isoformat()}: the "
                          f"period runs again from it ({CLARIFICATION_CITATION})"), None


# -- reading -------------------------------------------------------------------------------------


def require(account: Account | None) -> Account:
    """The account, if the permission table lets it handle requests; otherwise refused."""
    if account is None or not may(account.role, Act.PUBLIC_INFORMATION):
        raise NotAllowed("Requests under the Public Information Act are handled by the "
                         f"{who_may(Act.PUBLIC_INFORMATION)} (§ 2-83(h)(3)).",
                         "Hand the written request to the Records officer.")
    return account


@service(Act.PUBLIC_INFORMATION, "The list of Public Information Act requests")
def list_requests(database: Database, *, account: Account,
                  include_closed: bool = False) -> list[RequestView]:
    """The requests, the open ones first by their next due date (closed ones too, if asked)."""
    require(account)
    with database.read_session() as session:
        calendar = calendar_for(session)
        query = select(InformationRequest)
        if not include_closed:
            query = query.where(InformationRequest.status == RequestStatus.OPEN)
        views = [view_of(session, row, calendar) for row in session.scalars(
            query.order_by(InformationRequest.received_on, InformationRequest.id))]
    far = date.max

    def order(view: RequestView) -> tuple[int, date, str]:
        nxt = view.next_due
        return (view.status is not RequestStatus.OPEN, nxt.due_on if nxt else far, view.number)

    return sorted(views, key=order)


@service(Act.PUBLIC_INFORMATION, "A Public Information Act request")
def get_request(database: Database, request_id: int, *, account: Account) -> RequestView:
    """One request as the log shows it."""
    require(account)
    with database.read_session() as session:
        return view_of(session, _row(session, request_id), calendar_for(session))


def view_of(session: Session, row: InformationRequest,
            calendar: BusinessCalendar) -> RequestView:
    """The view of a stored request (its records' (h)(1) status as they stand now)."""
    records = []
    for record in row.records:
        complaint = (session.get(CaseRegister, record.complaint_id)
                     if record.complaint_id is not None else None)
        records.append(RecordStatus(
            description=record.description,
            case_number=complaint.display_number if complaint is not None else "",
            complaint_id=record.complaint_id,
            state=complaint.state if complaint is not None else None))
    receipt = receipt_of(row, calendar)
    start, _waiting = clocks_start(row, calendar)
    estimate = estimate_of(row.estimate_items)
    answer_due = (add_business_days(calendar, row.estimate_sent_on,
                                    ESTIMATE_ANSWER_BUSINESS_DAYS)[0]
                  if row.estimate_sent_on is not None else None)
    return RequestView(
        request_id=row.id, number=row.number, version=row.version,
        requester_name=row.requester_name, requester_address=row.requester_address,
        requester_email=row.requester_email, language=row.language, channel=row.channel,
        postmarked_on=row.postmarked_on, received_on=receipt.day, received_basis=receipt.basis,
        received_detail=receipt.detail, asked_for=row.asked_for, status=row.status,
        records=tuple(records), clocks=clocks_of(row, calendar),
        calendar_title=calendar.title, exceptions_claimed=exceptions_of(row.exceptions_claimed),
        previous_determination=row.previous_determination,
        clarification_asked_on=row.clarification_asked_on,
        clarification_question=row.clarification_question,
        clarification_answered_on=row.clarification_answered_on,
        clocks_from=start.detail if start != receipt else "",
        estimate=estimate, estimate_sent_on=row.estimate_sent_on,
        estimate_answer_due=answer_due,
        ruling_requested_on=row.ruling_requested_on,
        requester_told_on=row.requester_told_on, arguments_sent_on=row.arguments_sent_on,
        release_certified_on=row.release_certified_on,
        release_promised_at=row.release_promised_at, outcome=row.outcome,
        outcome_by=row.outcome_by, outcome_on=row.outcome_on,
        outcome_reference=row.outcome_reference, released_on=row.released_on,
        closed_on=row.closed_on, close_note=row.close_note,
        papers=tuple((p.kind, p.issued_on, p.issued_by) for p in row.papers))


def open_requests_touching(session: Session, case_id: int) -> list[HoldingRequest]:
    """The open requests that touch the case ``case_id``: while one is pending, no record that
    it involves may be destroyed (Local Gov't Code § 202.002). For the retention schedule's
    disposal, in its own session; it reads no account (the caller has checked its own act)."""
    return open_requests_by_case(session, case_id).get(case_id, [])


def open_requests_by_case(session: Session,
                          case_id: int | None = None) -> dict[int, list[HoldingRequest]]:
    """:func:`open_requests_touching` for every case at once (one query), by case id — or for
    ``case_id`` alone; a case no open request touches is not a key."""
    statement = (select(RequestedRecord.complaint_id, InformationRequest)
                 .join(InformationRequest, InformationRequest.id == RequestedRecord.request_id)
                 .where(InformationRequest.status == RequestStatus.OPEN,
                        RequestedRecord.complaint_id.is_not(None))
                 .order_by(InformationRequest.received_on, InformationRequest.id).distinct())
    if case_id is not None:
        statement = statement.where(RequestedRecord.complaint_id == case_id)
    found: dict[int, list[HoldingRequest]] = {}
    for complaint_id, row in session.execute(statement):
        assert complaint_id is not None  # the query keeps only records of a case
        found.setdefault(complaint_id, []).append(
            HoldingRequest(row.id, row.number, row.received_on, row.asked_for))
    return found


def open_clocks_between(session: Session, first: date, last: date
                        ) -> list[tuple[RequestView, RequestClock]]:
    """Every open clock of an open request due from ``first`` to ``last`` (the Calendar
    screen's days), with its request. The caller has checked that the person may see requests."""
    calendar = calendar_for(session)
    found = []
    for row in session.scalars(select(InformationRequest).where(
            InformationRequest.status == RequestStatus.OPEN)):
        view = view_of(session, row, calendar)
        found += [(view, c) for c in view.clocks
                  if c.status is DeadlineStatus.OPEN and first <= c.due_on <= last]
    return found


@service(Act.PUBLIC_INFORMATION, "Counting the requests due")
def due_summary(database: Database, today: date, *, account: Account) -> str:
    """One line for the inbox of a person who handles requests: how many are open, how many
    of their clocks are overdue, and the next one due (anyone else is refused, and the inbox
    does not ask)."""
    views = list_requests(database, account=account)
    if not views:
        return "Public Information Act: no open request."
    running = [(v, c) for v in views for c in v.clocks if c.status is DeadlineStatus.OPEN]
    overdue = sum(1 for _v, c in running if c.due_on < today)
    text = f"Public Information Act: {len(views)} open request{'s' if len(views) != 1 else ''}"
    if overdue:
        text += f", {overdue} clock{'s' if overdue != 1 else ''} overdue ⚠ (§ 552.302)"
    if running:
        view, nxt = min(running, key=lambda pair: (pair[1].due_on, pair[0].number))
        text += (f"; next due {format_day(nxt.due_on)}: {view.number}, "
                 f"{nxt.rule.title.removeprefix('Public Information Act: ')} "
                 f"({nxt.rule.citation})")
    return text + ". See Records requests."


# -- acting --------------------------------------------------------------------------------------


@service(Act.PUBLIC_INFORMATION, "Logging a Public Information Act request")
def log_request(database: Database, new: NewRequest, *, account: Account,
                clock: Clock) -> RequestView:
    """Log a written request (numbered ``PIA-YYYY-NNN`` in the year of receipt); one audited act.

    Refused with the rule and the fix: no requester, nothing asked for, no date of receipt (or,
    for a mailed request, no postmark), a postmark on a request that did not come by mail, a
    date after today, or a case number that is not a filed case's.
    """
    who = require(account)
    name, asked_for = new.requester_name.strip(), new.asked_for.strip()
    if not name:
        raise UserError("The request needs the requester's name.",
                        "Type the name as the request gives it (a person or an organisation).")
    if not asked_for:
        raise UserError("The request needs what is asked for.",
                        "Copy what the written request asks for, in its own words.")
    if new.postmarked_on is not None and new.channel is not RequestChannel.MAIL:
        raise UserError(f"A postmark is for a request that came by mail, not by "
                        f"{new.channel.label.lower()} ({PIA_MAILED_RECEIPT_CITATION}).",
                        "Clear the postmark, or choose U.S. mail.")
    if new.received_on is None and new.postmarked_on is None:
        fix = ("Enter the date it was received; if that cannot be established, enter the "
               "postmark: it is then received on the third business day after it "
               f"({PIA_MAILED_RECEIPT_CITATION})." if new.channel is RequestChannel.MAIL
               else "Enter the date it was received.")
        raise UserError("The request needs the date it was received (its clocks run from it, "
                        "Gov't Code § 552.301(b)).", fix)
    now = clock()
    with database.read_session() as session:
        on = office_today(session, clock)
    for what, day in (("date received", new.received_on), ("postmark", new.postmarked_on)):
        if day is not None and day > on:
            raise UserError(f"The {what} ({day.isoformat()}) is after today "
                            f"({on.isoformat()}).", f"Enter the {what} as it is on the request.")
    if (new.received_on is not None and new.postmarked_on is not None
            and new.received_on < new.postmarked_on):
        raise UserError("The request cannot be received before its postmark.",
                        "Check the two dates.")

    def act(session: Session) -> RequestView:
        calendar = calendar_for(session)
        complaints = [_case_numbered(session, number) for number in new.case_numbers
                      if number.strip()]
        if new.received_on is not None:
            basis, received = ReceiptBasis.ACTUAL, new.received_on
            detail = f"received by {new.channel.label.lower()} on {received.isoformat()}"
        else:
            assert new.postmarked_on is not None
            receipt = mailed_receipt(new.postmarked_on, calendar)
            basis, received, detail = receipt.basis, receipt.day, receipt.detail
        year = received.year
        seq = (session.scalar(select(func.max(InformationRequest.request_seq))
                              .where(InformationRequest.request_year == year)) or 0) + 1
        row = InformationRequest(
            number=f"PIA-{year}-{seq:03d}", request_year=year, request_seq=seq,
            requester_name=name, requester_address=new.requester_address.strip(),
            requester_email=new.requester_email.strip(), language=new.language,
            channel=new.channel, postmarked_on=new.postmarked_on, received_on=received,
            received_basis=basis.value, received_detail=detail, asked_for=asked_for,
            status=RequestStatus.OPEN, outcome_reference="", close_note="",
            logged_by=who.display, logged_at=now)
        for complaint in dict.fromkeys(complaints):
            row.records.append(RequestedRecord(complaint_id=complaint.id,
                                               description="the complaint's records"))
        for text in new.other_records:
            if text.strip():
                row.records.append(RequestedRecord(description=text.strip()))
        session.add(row)
        session.flush()
        audit.append(session, actor=who.display, action="pia.log", at=now,
                     summary=f"Logged Public Information Act request {row.number} from {name}",
                     detail={"request": row.number, "received_on": received.isoformat(),
                             "basis": basis.value, "channel": new.channel.value})
        return view_of(session, row, calendar)

    return database.write(act)


@service(Act.PUBLIC_INFORMATION, "Recording the exceptions claimed")
def record_exceptions(database: Database, request_id: int, *, account: Account,
                      exceptions: Sequence[str], clock: Clock,
                      seen_version: int | None = None) -> RequestView:
    """Record the exceptions the City claims, one a line, each naming its section of ch. 552
    (``§ 552.101 — information confidential by law: City Code § 2-83(h)(1)``): the request for
    a ruling states them (§ 552.301(b)), so its letter is made only once they are recorded."""
    claimed = checked_exceptions(exceptions)

    def change(session: Session, row: InformationRequest, on: date) -> str:
        row.exceptions_claimed = "\n".join(claimed)
        return f"Recorded the exceptions claimed on {row.number}: {'; '.join(claimed)}"

    return _change(database, account, request_id, clock, "pia.exceptions", change,
                   seen_version)


@service(Act.PUBLIC_INFORMATION, "Asking the Attorney General for a ruling")
def record_ruling_asked(database: Database, request_id: int, *, account: Account,
                        asked_on: date, told_on: date, clock: Clock,
                        exceptions: Sequence[str] | None = None,
                        seen_version: int | None = None) -> RequestView:
    """Record that the Attorney General was asked for a ruling on ``asked_on`` and the requester
    told in writing on ``told_on`` (§ 552.301(b), (d)), with the exceptions the request stated
    (``exceptions``, or those already recorded): refused with none (§ 552.301(b))."""
    claimed = checked_exceptions(exceptions) if exceptions is not None else None

    def change(session: Session, row: InformationRequest, on: date) -> str:
        for what, day in (("ruling was asked for", asked_on), ("requester was told", told_on)):
            _check_day(row, day, on, what)
        if claimed is not None:
            row.exceptions_claimed = "\n".join(claimed)
        if not row.exceptions_claimed:
            raise RuleError(f"A request for the Attorney General's ruling on {row.number} "
                            "states the exceptions that apply, and none is recorded.",
                            EXCEPTIONS_CITATION, _EXCEPTIONS_FIX)
        row.ruling_requested_on, row.requester_told_on = asked_on, told_on
        return (f"Recorded the request for an Attorney General's ruling on {row.number} "
                f"({asked_on.isoformat()}; requester told {told_on.isoformat()})")

    return _change(database, account, request_id, clock, "pia.ruling_asked", change,
                   seen_version)


@service(Act.PUBLIC_INFORMATION, "Asking the requester to clarify the request")
def record_clarification_asked(database: Database, request_id: int, *, account: Account,
                               asked_on: date, question: str, clock: Clock,
                               seen_version: int | None = None) -> RequestView:
    """Record that the requester was asked in writing on ``asked_on`` to clarify the request,
    with the question (§ 552.222(b)): asked by the 10th business day after receipt, the clocks
    wait for the answer and run again from the day it is received."""
    text = question.strip()

    def change(session: Session, row: InformationRequest, on: date) -> str:
        _check_day(row, asked_on, on, "clarification was asked for")
        if not text:
            raise UserError("The request for clarification needs its question.",
                            "Type what the requester is asked to clarify or narrow.")
        if row.clarification_asked_on is not None and row.clarification_answered_on is None:
            raise UserError(f"A clarification asked on {row.clarification_asked_on} awaits "
                            f"the requester's answer on {row.number}.",
                            "Record the answer first.")
        row.clarification_asked_on, row.clarification_question = asked_on, text
        row.clarification_answered_on = None
        return f"Asked the requester to clarify {row.number} ({asked_on.isoformat()})"

    return _change(database, account, request_id, clock, "pia.clarification", change,
                   seen_version)


@service(Act.PUBLIC_INFORMATION, "Recording the requester's clarification")
def record_clarification_answered(database: Database, request_id: int, *, account: Account,
                                  answered_on: date, clock: Clock,
                                  seen_version: int | None = None) -> RequestView:
    """Record the day the requester's answer to the request for clarification was received:
    the ten business days run again from it (§ 552.222(b); City of Dallas v. Abbott)."""
    def change(session: Session, row: InformationRequest, on: date) -> str:
        asked = row.clarification_asked_on
        if asked is None or row.clarification_answered_on is not None:
            raise UserError(f"No clarification awaits an answer on {row.number}.",
                            "Record the request for clarification first.")
        _check_day(row, answered_on, on, "answer was received")
        if answered_on < asked:
            raise UserError(f"The answer ({answered_on.isoformat()}) cannot come before the "
                            f"clarification was asked for ({asked.isoformat()}).",
                            "Check the date.")
        row.clarification_answered_on = answered_on
        return (f"Received the requester's clarification of {row.number} "
                f"({answered_on.isoformat()})")

    return _change(database, account, request_id, clock, "pia.clarified", change,
                   seen_version)


@service(Act.PUBLIC_INFORMATION, "Recording an itemized statement of estimated charges")
def record_cost_estimate(database: Database, request_id: int, *, account: Account,
                         items: Sequence[CostItem], sent_on: date, clock: Clock,
                         seen_version: int | None = None) -> RequestView:
    """Record the itemized statement of estimated charges sent to the requester on ``sent_on``
    (§ 552.2615(a)); its paper (``pia-cost-estimate``) is made from it. Each item needs what it
    is, a quantity above zero and a charge that is not negative."""
    lines = tuple(CostItem(item.description.strip(), item.quantity, item.unit_cents)
                  for item in items if item.description.strip())
    if not lines:
        raise UserError("The statement of estimated charges needs at least one item.",
                        "Enter each charge: what it is, how many, and the charge for one "
                        f"({ESTIMATE_CITATION}(a)).")
    for item in lines:
        if item.quantity <= 0 or item.unit_cents < 0:
            raise UserError(f"The item “{item.description}” needs a quantity above zero and a "
                            "charge for one that is not negative.", "Correct the item.")

    def change(session: Session, row: InformationRequest, on: date) -> str:
        _check_day(row, sent_on, on, "statement was sent")
        row.estimate_items = json.dumps(
            [{"description": i.description, "quantity": str(i.quantity),
              "unit_cents": i.unit_cents} for i in lines], ensure_ascii=False)
        row.estimate_sent_on = sent_on
        total = sum(item.amount_cents for item in lines)
        return (f"Sent the itemized statement of estimated charges on {row.number}: "
                f"${total / 100:,.2f}")

    return _change(database, account, request_id, clock, "pia.estimate", change, seen_version)


@service(Act.PUBLIC_INFORMATION, "Sending the arguments to the Attorney General")
def record_arguments_sent(database: Database, request_id: int, *, account: Account,
                          sent_on: date, clock: Clock,
                          seen_version: int | None = None) -> RequestView:
    """Record that the reasons, the copy of the request, the signed statement of its date of
    receipt and the information were sent to the Attorney General (§ 552.301(e), (e-1))."""
    def change(session: Session, row: InformationRequest, on: date) -> str:
        if row.ruling_requested_on is None:
            raise RuleError(f"No ruling was asked for on {row.number}.",
                            "Tex. Gov't Code § 552.301(e)",
                            "Record the request for a ruling first.")
        _check_day(row, sent_on, on, "arguments were sent")
        row.arguments_sent_on = sent_on
        return f"Recorded the arguments sent to the Attorney General on {row.number}"

    return _change(database, account, request_id, clock, "pia.arguments", change, seen_version)


@service(Act.PUBLIC_INFORMATION, "Certifying a date for the release")
def certify_release_date(database: Database, request_id: int, *, account: Account,
                         certified_on: date, release_at: datetime, clock: Clock,
                         seen_version: int | None = None) -> RequestView:
    """Record the written certification to the requester that the information cannot be
    produced within ten business days, with the date and hour it will be (§ 552.221(d))."""
    if release_at.tzinfo is None:
        raise ValueError("the hour of release is a timezone-aware time")

    def change(session: Session, row: InformationRequest, on: date) -> str:
        _check_day(row, certified_on, on, "certification was made")
        release = in_office_time(release_at, settings.time_zone(session))  # the office's hour
        if release.date() <= certified_on:
            raise RuleError("The date set for release must come after the certification.",
                            "Tex. Gov't Code § 552.221(d)", "Enter a later date and hour.")
        row.release_certified_on, row.release_promised_at = certified_on, release_at
        return f"Certified {release:%Y-%m-%d %H:%M} for release on {row.number}"

    return _change(database, account, request_id, clock, "pia.certify", change, seen_version)


@service(Act.PUBLIC_INFORMATION, "Recording the Attorney General's ruling")
def record_ruling(database: Database, request_id: int, *, account: Account,
                  by: RulingBy, outcome: RulingOutcome, decided_on: date, reference: str = "",
                  previous_determination: str = "", clock: Clock,
                  seen_version: int | None = None) -> RequestView:
    """Record the Attorney General's ruling (§ 552.306) or, instead, the City Attorney's
    decision: release, withhold, or partial release.

    Withholding (all or part) needs a recorded request for the Attorney General's ruling or,
    for the City Attorney's decision without one, the citation of the Attorney General's
    previous determination it relies on (``previous_determination``, § 552.301(a)); without
    either it is refused, saying so.
    """
    citation = previous_determination.strip()
    withholds = outcome is not RulingOutcome.RELEASE

    def change(session: Session, row: InformationRequest, on: date) -> str:
        _check_day(row, decided_on, on, "ruling was made")
        if by is RulingBy.ATTORNEY_GENERAL and row.ruling_requested_on is None:
            raise RuleError(f"No Attorney General's ruling was asked for on {row.number}.",
                            "Tex. Gov't Code § 552.301(b)",
                            "Record the request for a ruling first, or record the City "
                            "Attorney's decision.")
        if citation and (by is RulingBy.ATTORNEY_GENERAL or not withholds):
            raise UserError("A previous determination is cited only by the City Attorney's "
                            "decision to withhold without asking for a ruling "
                            f"({WITHHOLDING_CITATION}).",
                            "Clear the previous determination; give the ruling's number as "
                            "its reference.")
        if withholds and row.ruling_requested_on is None and not citation:
            raise RuleError(
                f"The {by.label} to withhold ({outcome.label.lower()}) on {row.number} is "
                "refused: no request for the Attorney General's ruling is recorded, and no "
                "previous determination of the Attorney General is cited; information is "
                "withheld only on one or the other", WITHHOLDING_CITATION,
                "Record the request for a ruling (with the exceptions claimed), or give the "
                "citation of the previous determination that allows withholding this "
                "information without asking (e.g. Open Records Decision No. 684).")
        row.outcome_by, row.outcome, row.outcome_on = by, outcome, decided_on
        row.outcome_reference = reference.strip()
        row.previous_determination = citation
        under = f" under the previous determination {citation}" if citation else ""
        return f"Recorded the {by.label} on {row.number}: {outcome.label}{under}"

    return _change(database, account, request_id, clock, "pia.ruling", change, seen_version)


@service(Act.PUBLIC_INFORMATION, "Releasing the information requested")
def release_information(database: Database, request_id: int, *, account: Account,
                        released_on: date, clock: Clock,
                        seen_version: int | None = None) -> RequestView:
    """Record the release of the information to the requester.

    Refused while any record asked for is of a complaint pending under § 2-83(h)(1) and no
    ruling of the Attorney General nor decision of the City Attorney is recorded, and refused
    when the ruling or decision was to withhold (releasing confidential information is an
    offence, Gov't Code § 552.352).
    """
    def change(session: Session, row: InformationRequest, on: date) -> str:
        _check_day(row, released_on, on, "information was released")
        if row.released_on is not None:
            raise UserError(f"{row.number} was released on {row.released_on.isoformat()}.",
                            "Close the request.")
        if row.outcome is RulingOutcome.WITHHOLD:
            assert row.outcome_by is not None
            raise RuleError(f"The {row.outcome_by.label} on {row.number} was to withhold the "
                            "information; nothing is released.", RELEASE_CITATION,
                            "Close the request, telling the requester of the ruling.")
        pending = [complaint.display_number for record in row.records
                   if record.complaint_id is not None
                   and (complaint := session.get(CaseRegister, record.complaint_id)) is not None
                   and complaint.state.is_pending]
        if pending and row.outcome is None:
            raise RuleError(
                f"{row.number} asks for records of {', '.join(pending)}, pending under "
                "§ 2-83(h)(1): nothing about a pending complaint is released until a ruling of "
                "the Attorney General or the City Attorney's decision is recorded",
                f"{PENDING_CITATION}; {RELEASE_CITATION}",
                "Record the ruling or the decision first.")
        row.released_on = released_on
        partial = " (in part)" if row.outcome is RulingOutcome.PARTIAL else ""
        return f"Released the information{partial} on {row.number}"

    return _change(database, account, request_id, clock, "pia.release", change, seen_version)


@service(Act.PUBLIC_INFORMATION, "Closing a Public Information Act request")
def close_request(database: Database, request_id: int, *, account: Account,
                  closed_on: date, note: str = "", clock: Clock,
                  seen_version: int | None = None) -> RequestView:
    """Close the request (answered, withdrawn, or withheld on a ruling), with a note."""
    def change(session: Session, row: InformationRequest, on: date) -> str:
        _check_day(row, closed_on, on, "request was closed")
        row.status, row.closed_on, row.close_note = RequestStatus.CLOSED, closed_on, note.strip()
        return f"Closed Public Information Act request {row.number}"

    return _change(database, account, request_id, clock, "pia.close", change, seen_version)


# -- helpers -------------------------------------------------------------------------------------


def _row(session: Session, request_id: int) -> InformationRequest:
    row = session.get(InformationRequest, request_id)
    if row is None:
        raise UserError(f"There is no request with id {request_id}.", "Refresh the list.")
    return row


def _case_numbered(session: Session, number: str) -> CaseRegister:
    text = number.strip().upper()
    complaint = (session.scalar(select(CaseRegister).where(CaseRegister.case_number == text))
                 if is_case_number(text) else None)
    if complaint is None:
        raise UserError(f"There is no filed case numbered “{number.strip()}”.",
                        "Type a case number such as ERB-2026-004, or describe the records "
                        "under “Other records”.")
    return complaint


def _check_day(row: InformationRequest, day: date, on: date, what: str) -> None:
    if day > on:
        raise UserError(f"The date the {what} ({day.isoformat()}) is after today "
                        f"({on.isoformat()}).", "Enter the date it happened.")
    if day < row.received_on:
        raise UserError(f"The date the {what} ({day.isoformat()}) is before {row.number} was "
                        f"received ({row.received_on.isoformat()}).", "Check the date.")


def _change(database: Database, account: Account | None, request_id: int, clock: Clock,
            action: str, change: Callable[[Session, InformationRequest, date], str],
            seen_version: int | None) -> RequestView:
    """One audited act on an open request: refused on a closed one, or on one another desk
    changed since it was shown (``seen_version``)."""
    who = require(account)
    now = clock()

    def act(session: Session) -> RequestView:
        on = office_today(session, clock)
        row = _row(session, request_id)
        if seen_version is not None and row.version != seen_version:
            raise ConflictError(f"Another desk changed {row.number} after you opened it; "
                                "nothing was saved.", "Look at the request again, then redo "
                                "your change.")
        if row.status is RequestStatus.CLOSED:
            raise UserError(f"{row.number} was closed on {row.closed_on}.",
                            "A closed request is not changed; log a new request.")
        summary = change(session, row, on)
        session.flush()
        audit.append(session, actor=who.display, action=action, at=now, summary=summary,
                     detail={"request": row.number})
        return view_of(session, row, calendar_for(session))

    return database.write(act)


_EXCEPTIONS_FIX = ("Record the exceptions claimed, one a line, each with its section of "
                   "the Act: e.g. “§ 552.101 — information confidential by law: City Code "
                   "§ 2-83(h)(1)”.")


def checked_exceptions(lines: Sequence[str]) -> tuple[str, ...]:
    """The exceptions typed, one a line (blank lines dropped); refused when there is none or
    when one names no section of the Act's exceptions (§ 552.101 and after)."""
    claimed = tuple(dict.fromkeys(line.strip() for line in lines if line.strip()))
    if not claimed:
        raise RuleError("A request for the Attorney General's ruling states the exceptions "
                        "that apply; none was given.", EXCEPTIONS_CITATION, _EXCEPTIONS_FIX)
    for line in claimed:
        if not _EXCEPTION_SECTION.search(line):
            raise UserError(f"The exception “{line}” names no section of the Act "
                            f"({EXCEPTIONS_CITATION}).", _EXCEPTIONS_FIX)
        if len(line) > 300:
            raise UserError(f"The exception “{line[:40]}…” is longer than 300 characters.",
                            "State the exception and its section briefly; the reasons go "
                            "with the arguments (§ 552.301(e)).")
    return claimed


def estimate_of(stored: str) -> tuple[CostItem, ...]:
    """The statement of estimated charges recorded on a request."""
    if not stored:
        return ()
    return tuple(CostItem(item["description"], Decimal(item["quantity"]), int(item["unit_cents"]))
                 for item in json.loads(stored))


def cost_item(description: str, quantity: str, unit_charge: str) -> CostItem:
    """An item as typed: "120" pages at "$0.10"; refused, naming the item, when a number is
    not one."""
    try:
        count = Decimal(quantity.strip().replace(",", ""))
        cents = (Decimal(unit_charge.strip().removeprefix("$").replace(",", "")) * 100)
    except InvalidOperation:
        raise UserError(f"The item “{description.strip()}” needs a number for its quantity "
                        f"(“{quantity}”) and for its charge (“{unit_charge}”).",
                        "Type numbers such as 120 and 0.10.") from None
    if not count.is_finite() or not cents.is_finite():
        raise UserError(f"The item “{description.strip()}” needs finite numbers.",
                        "Type numbers such as 120 and 0.10.")
    return CostItem(description, count, int(cents.quantize(Decimal(1), ROUND_HALF_UP)))


def typed_cost_items(lines: Sequence[str]) -> tuple[CostItem, ...]:
    """The items of a statement typed one a line as “what; how many; charge for one”
    (``Paper copies; 120; 0.10``); a line not in that form is refused, naming it."""
    items = []
    for line in lines:
        if not line.strip():
            continue
        parts = [part.strip() for part in line.split(";")]
        if len(parts) != 3 or not parts[0]:
            raise UserError(f"The line “{line.strip()}” is not “what; how many; charge for "
                            "one”.", "Type each item as, e.g., “Paper copies; 120; 0.10”.")
        items.append(cost_item(*parts))
    return tuple(items)


def exceptions_of(stored: str) -> tuple[str, ...]:
    """The exceptions recorded on a request, one a line."""
    return tuple(line for line in stored.splitlines() if line.strip())


def _ordinal(number: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(number, f"{number}th")


def summaries(views: Sequence[RequestView]) -> list[str]:
    """One line per request for the command line: number, requester, next due, status."""
    lines = []
    for view in views:
        nxt = view.next_due
        due = (f"next due {nxt.due_on.isoformat()} — {nxt.rule.title} ({nxt.rule.citation})"
               if nxt else ON_HOLD if view.on_hold else "no clock running")
        pending = "; touches a pending complaint (§ 2-83(h)(1))" if view.touches_pending else ""
        presumed = f"; presumed public ({PRESUMPTION_CITATION})" if view.presumption else ""
        lines.append(f"{view.number}  received {view.received_on.isoformat()}  "
                     f"{view.requester_name}  {view.status.label}: {due}{pending}{presumed}")
    return lines
