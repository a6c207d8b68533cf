"""A case as the case view shows it: read in one session into plain data (no Qt, no ORM
objects escaping), and the attachments checked against their SHA-256 before anyone opens them."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from ethics_desk.board.findings import Findable, findable, noticeable
from ethics_desk.board.roster import members_who_are_parties
from ethics_desk.board.sanctions import PenaltyLine, penalties_of
from ethics_desk.cases import hearing_record
from ethics_desk.cases.notes import NoteLine, notes_in
from ethics_desk.cases.steps import Step, outstanding_steps
from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.vocabulary import Determination, ReviewerRole
from ethics_desk.deadlines import BusinessCalendar
from ethics_desk.deadlines.schedule import load_calendars
from ethics_desk.documents.stated_dates import StalePaper, stale_papers
from ethics_desk.models import (
    Attachment,
    AuditRecord,
    CaseState,
    Complainant,
    Complaint,
    Deadline,
    DeadlineStatus,
    Filing,
    FilingKind,
    Language,
    Respondent,
    Review,
    Route,
)
from ethics_desk.office import settings
from ethics_desk.staff.acting import case_reader
from ethics_desk.staff.scope import (
    case_condition,
    case_for,
    receives,
    staff_who_may_be_parties,
)
from ethics_desk.storage import queued_records
from ethics_desk.storage.database import Database
from ethics_desk.storage.journal import recorded_state


@dataclass(frozen=True)
class PartyLine:
    """A complainant or respondent as listed."""

    id: int
    role: str
    name: str
    title: str
    department: str
    address: str
    phone: str
    email: str


@dataclass(frozen=True)
class DocumentLine:
    """One entry of the (c)(7) lists, or a paper filed later (a response, a reply)."""

    section: str
    description: str
    location: str
    attachment_id: int | None
    file_name: str
    size: int
    sha256: str
    in_record: str = ""
    """The (h)(2) mark, "Entered into the record of the show-cause hearing of 10 Dec 2026
    (§ 2-83(h)(2))", or ``""`` while the paper is confidential (:mod:`.hearing_record`)."""
    filing_id: int | None = None
    """The filed paper a line of a response or a reply stands for."""


@dataclass(frozen=True)
class DeadlineLine:
    """A clock on the case, with its explanation and whether it was met."""

    id: int
    title: str
    citation: str
    subject: str
    trigger_on: date
    trigger_basis: str
    due_on: date
    status: DeadlineStatus
    closed_on: date | None
    explanation: str
    calendar: BusinessCalendar | None = field(default=None, compare=False, repr=False)
    """The calendar the clock counts on (the City's, or the State's), with the office's
    closures: what :meth:`business_days_left` counts on."""

    def business_days_left(self, today: date) -> int | None:
        """Business days after ``today`` through the due date, as the inbox counts them (0:
        due today; negative: overdue by that many); None once the clock is not open."""
        if self.status is not DeadlineStatus.OPEN or self.calendar is None:
            return None
        from ethics_desk.cases.inbox import BusinessDayCounter

        return BusinessDayCounter(self.calendar).days_left(today, self.due_on)

    def is_overdue(self, today: date) -> bool:
        """Whether the clock is open past its due date."""
        return self.status is DeadlineStatus.OPEN and self.due_on < today

    def standing(self, today: date) -> str:
        """An open clock on ``today`` in words: "Overdue by 3 business days", "Due today",
        "Open — 2 business days left"; once it is closed, its :attr:`outcome`."""
        left = self.business_days_left(today)
        if left is None:
            return self.outcome
        if self.due_on < today:
            return f"Overdue by {-left} business day{'' if left == -1 else 's'}"
        if left == 0:
            return "Due today"
        return f"Open — {left} business day{'' if left == 1 else 's'} left"

    @property
    def outcome(self) -> str:
        """"Open", "Met on …", "Missed (done …)", "Stopped" in words."""
        if self.status is DeadlineStatus.OPEN:
            return "Open"
        if self.status is DeadlineStatus.MET:
            return f"Met on {self.closed_on}"
        if self.status is DeadlineStatus.MISSED:
            return f"Missed — done {self.closed_on}"
        return f"Stopped {self.closed_on or ''}".strip()


@dataclass(frozen=True)
class ReviewLine:
    """One reviewer's record (d)(1)."""

    role: ReviewerRole
    reviewer_name: str
    received_on: date
    completed_on: date | None
    determination: Determination | None
    states_allegation_on_face: bool | None
    defects: tuple[tuple[str, str, str], ...]  # (citation, what it requires, note)
    notes: str


@dataclass(frozen=True)
class TimelineLine:
    """One entry of the case's history, from the audit trail."""

    at: datetime
    actor: str
    action: str
    summary: str


@dataclass(frozen=True)
class CaseFile:
    """Everything the case view shows about one complaint."""

    id: int
    version: int
    number: str
    state: CaseState
    route: Route | None
    received_at: datetime | None
    updated_at: datetime
    updated_by: str
    next_due_on: date | None
    next_due_title: str
    nature: str
    provisions: tuple[str, ...]
    facts: str
    period: str
    sworn: bool | None
    affirmation: str
    knowledge: str
    source_and_basis: str
    complainants: tuple[PartyLine, ...]
    respondents: tuple[PartyLine, ...]
    documents: tuple[DocumentLine, ...]
    deadlines: tuple[DeadlineLine, ...]
    reviews: tuple[ReviewLine, ...]
    timeline: tuple[TimelineLine, ...]
    penalties: tuple[PenaltyLine, ...] = ()
    """Each civil penalty of § 2-83(g)(2)(a), with its due date and its payment or waiver."""
    steps: tuple[Step, ...] = ()
    """The steps of § 2-83 the case still owes (:mod:`ethics_desk.cases.steps`)."""
    refiling_of: str = ""
    """The number of the returned complaint this one refiles, if the reader receives it."""
    refiled_as: tuple[str, ...] = ()
    """The numbers of the complaints that refile this one, those the reader receives."""
    findable: tuple[Findable, ...] = ()
    """Each provision the Board may find each respondent violated: alleged, or noticed under
    § 2-85(c) (:func:`ethics_desk.board.findings.findable`)."""
    staff_parties: tuple[str, ...] = ()
    """The City Clerk's staff who are, or may be, a party (kept from the case, § 2-83(h)(1))."""
    tell_of_staff_party: str = ""
    """Whom the office tells of such a complaint (the setting ``clerk_party.tell``)."""
    noticeable: tuple[tuple[str, int], ...] = ()
    """The provisions a notice of a rule not alleged may name, (citation, id), § 2-85(c)."""
    notes: tuple[NoteLine, ...] = ()
    """The notes of calls, visits and e-mails, oldest first (:mod:`ethics_desk.cases.notes`):
    part of the case file, never of a paper sent to a party."""
    party_members: tuple[str, ...] = ()
    """The serving Board members who are parties to the complaint on the day it is shown,
    recused from every vote on it (§ 2-83(h); § 2-85): read with ``shown_on``."""
    stale: tuple[StalePaper, ...] = ()
    """Each issued paper stating a date that no longer holds, to reissue corrected
    (:mod:`ethics_desk.documents.stated_dates`): read with ``shown_on``."""


FILING_LABELS = {FilingKind.RESPONSE: "Response (§ 2-83(e)(1))",
                 FilingKind.REPLY: "Reply (§ 2-83(e)(3))",
                 FilingKind.HEARING_REQUEST: "Hearing request (§ 2-83(e)(4))"}


def _period(complaint: Complaint) -> str:
    start = complaint.violation_start.isoformat() if complaint.violation_start else "(no date)"
    kind = complaint.violation_period.value if complaint.violation_period else "single_date"
    if kind == "range":
        end = complaint.violation_end.isoformat() if complaint.violation_end else "(no end)"
        return f"From {start} to {end}"
    return f"Ongoing since {start}" if kind == "ongoing_since" else f"On {start}"


@dataclass(frozen=True)
class FiledCase:
    """What the counter shows of a case it has just filed: its number, its state (sworn and
    filed, or returned unsworn, § 2-83(c)) and the complainant's language for the papers."""

    case_number: str
    state: CaseState
    language: Language


@case_reader("Reading a case just filed")
def filed_case(database: Database, case_id: int, *, account: Account) -> FiledCase:
    """The number, state and complainant's language of ``case_id``, § 2-83(a), (c)."""
    with database.read_session() as session:
        complaint = case_for(session, account, case_id)
        first = complaint.complainants[0] if complaint.complainants else None
        return FiledCase(complaint.case_number or "", complaint.state,
                         first.preferred_language if first is not None else Language.ENGLISH)


@case_reader("Opening a case")
def load_case(database: Database, case_id: int, *, account: Account,
              opened: Clock | None = None, shown_on: date | None = None) -> CaseFile:
    """Read the case, its parties, documents, reviews, deadlines, notes and history — and with
    ``shown_on`` (the day the case window shows it), what its header warns of: the Board
    members who are parties that day and the issued papers stating a date that no longer holds.

    A reader who does not receive the case (:mod:`ethics_desk.staff.scope`) gets the answer a
    case that does not exist gets.

    The case is read once, in one snapshot, after the account's scope has found it there (a
    case the account may not see is never read). A case the person opens (``opened``: the
    clock that stamps the opening) then has its ``view.case`` audit record, naming ``account``,
    § 2-83(h), and the history returned ends with this opening. It never waits for another
    desk's write: while one holds the writers' lock the record is queued, fsynced, and the
    history lists it from the queue (:mod:`ethics_desk.storage.queued_records`). Without
    ``opened`` (the window reading the case again after an act) nothing is recorded.
    """
    with database.read_session() as session:
        case_for(session, account, case_id)  # the same answer as a missing case
        found = replace(_read_case(session, case_id), **_refilings(session, account, case_id),
                        **(_warnings(session, case_id, shown_on) if shown_on else {}))
        waiting = list(queued_records.waiting(database.url, session=session,
                                              complaint_id=case_id))
    if opened is not None:
        opening = queued_records.Pending(opened(), account.display, "view.case",
                                         "Opened the case", complaint_id=case_id)
        queued_records.record(database, [opening], before_the_check=True)
        waiting.append(opening)
    if not waiting:
        return found
    return replace(found, timeline=found.timeline + tuple(
        TimelineLine(p.at, p.actor, p.action, p.summary) for p in waiting))


def _read_case(session: Session, case_id: int) -> CaseFile:
    """The case as :func:`load_case` gives it, read in ``session``."""
    c = session.scalar(select(Complaint).where(Complaint.id == case_id).options(
        selectinload(Complaint.complainants), selectinload(Complaint.respondents),
        selectinload(Complaint.allegations), selectinload(Complaint.documents),
        selectinload(Complaint.attachments)))
    if c is None:
        raise UserError(f"There is no complaint with id {case_id}.",
                        "Refresh the inbox; it may have been discarded.")
    sizes = {a.id: (a.file_name, a.size, a.sha256) for a in c.attachments}
    marks = hearing_record.marks_in(session, case_id)  # § 2-83(h)(2)

    def in_record(*keys: str) -> str:
        return hearing_record.in_record_words(m for key in keys for m in marks.get(key, []))

    documents = tuple(DocumentLine(
        d.list_kind.label, d.description, d.location, d.attachment_id,
        *(sizes.get(d.attachment_id, ("", 0, "")) if d.attachment_id else ("", 0, "")),
        in_record=in_record(f"attachment:{d.attachment_id}") if d.attachment_id else "")
        for d in c.documents)
    filings = session.scalars(select(Filing).where(
        Filing.complaint_id == case_id, Filing.kind != FilingKind.HEARING_REQUEST)
        .order_by(Filing.received_on, Filing.id)).all()
    documents += tuple(DocumentLine(
        FILING_LABELS[f.kind], f"{FILING_LABELS[f.kind]} of {f.party_name}, received "
        f"{f.received_on}" + (" (sworn)" if f.sworn else ""), "", f.attachment_id,
        *(sizes.get(f.attachment_id, ("", 0, "")) if f.attachment_id else ("", 0, "")),
        in_record=in_record(f"filing:{f.id}", f"attachment:{f.attachment_id}"), filing_id=f.id)
        for f in filings)
    calendars = load_calendars(session)  # what an open clock's days left are counted on
    deadlines = tuple(DeadlineLine(
        d.id, d.title, d.citation, d.subject, d.trigger_on, d.trigger_basis, d.due_on,
        d.status, d.closed_on, d.explanation,
        calendars.state if d.calendar == "state" else calendars.city)
        for d in session.scalars(select(Deadline).where(Deadline.complaint_id == case_id)
                                 .order_by(Deadline.due_on, Deadline.id)))
    reviews = tuple(ReviewLine(
        r.role, r.reviewer_name, r.received_on, r.completed_on, r.determination,
        r.states_allegation_on_face,
        tuple((d.item.citation, d.item.label, d.note) for d in r.defects), r.notes)
        for r in session.scalars(select(Review).where(Review.complaint_id == case_id)
                                 .options(selectinload(Review.defects))
                                 .order_by(Review.id)))
    timeline = tuple(TimelineLine(at, actor, action, summary)  # the four columns shown
                     for at, actor, action, summary in session.execute(select(
                         AuditRecord.at, AuditRecord.actor, AuditRecord.action,
                         AuditRecord.summary).where(AuditRecord.complaint_id == case_id)
                         .order_by(AuditRecord.seq)))
    oath = c.oath

    def party(p: Complainant | Respondent, role: str) -> PartyLine:
        return PartyLine(p.id, role, p.name, getattr(p, "title", ""),
                         getattr(p, "department", ""), p.address,
                         getattr(p, "phone", ""), p.email)

    return CaseFile(
        id=c.id, version=c.version, number=c.display_number, state=c.state, route=c.route,
        received_at=c.received_at, updated_at=c.updated_at, updated_by=c.updated_by,
        next_due_on=c.next_due_on, next_due_title=c.next_due_title, nature=c.nature,
        provisions=tuple(a.provision.citation if a.provision else "not sure"
                         for a in c.allegations),
        facts=c.facts, period=_period(c),
        sworn=oath.sworn if oath else None,
        affirmation=oath.affirmation.label if oath and oath.affirmation else "",
        knowledge=oath.knowledge.label if oath and oath.knowledge else "",
        source_and_basis=oath.source_and_basis if oath else "",
        complainants=tuple(party(p, "complainant") for p in c.complainants),
        respondents=tuple(party(p, "respondent") for p in c.respondents),
        documents=documents, deadlines=deadlines, reviews=reviews, timeline=timeline,
        penalties=penalties_of(session, c),
        steps=outstanding_steps(session, c),
        findable=tuple(findable(session, c)) if c.state.is_pending else (),
        noticeable=tuple(noticeable(session, c)) if c.state.is_pending else (),
        staff_parties=tuple(staff_who_may_be_parties(session, c.id)),
        notes=tuple(notes_in(session, c.id)),
        tell_of_staff_party=str(settings.get(session, settings.CLERK_PARTY_TELL)))


def _warnings(session: Session, case_id: int, day: date) -> dict[str, Any]:
    """What the case window's header warns of on ``day``, read in the case's ``session``."""
    return {"party_members": tuple(v.name for v in members_who_are_parties(session, case_id, day)),
            "stale": tuple(stale_papers(session, case_id))}


def _refilings(session: Session, account: Account, case_id: int) -> dict[str, Any]:
    """The complaint this one refiles and those that refile it, by number — only those the
    reader receives: of any other they cannot tell it exists, § 2-83(h)(1)."""
    complaint = session.get(Complaint, case_id)
    assert complaint is not None
    earlier = (session.get(Complaint, complaint.refiling_of_id)
               if complaint.refiling_of_id is not None else None)
    later = sorted(session.scalars(select(Complaint).where(  # a few: put in order here, not
        Complaint.refiling_of_id == case_id,  # in SQL (ordered there, SQLite may walk the
        Complaint.case_number.is_not(None),  # whole index of case numbers to keep the order)
        case_condition(account))).all(), key=lambda c: c.case_number or "")
    return {"refiling_of": earlier.display_number if earlier is not None
            and receives(session, account, earlier) else "",
            "refiled_as": tuple(c.display_number for c in later)}


@case_reader("Opening an exhibit")
def verified_attachment(database: Database, attachment_id: int, *, account: Account,
                        clock: Clock) -> tuple[str, bytes]:
    """The attachment's file name and bytes, refused if they no longer match the SHA-256
    recorded when it was filed — as the record's journal holds it, its MAC verified, not only
    the hash in the row beside the bytes (:func:`~ethics_desk.storage.journal.recorded_state`).
    The view is recorded in the audit trail (§ 2-83(h)). An
    ``account`` that does not receive the case gets the answer a missing attachment gets."""
    with database.read_session() as session:
        attachment = session.get(Attachment, attachment_id)
        if attachment is not None:
            complaint = session.get(Complaint, attachment.complaint_id)
            if complaint is None or not receives(session, account, complaint):
                attachment = None
        if attachment is None:
            raise UserError(f"Attachment {attachment_id} no longer exists.", "Reopen the case.")
        content, name = attachment.content, attachment.file_name
        expected, complaint_id = attachment.sha256, attachment.complaint_id
        recorded = recorded_state(session.connection(), "attachment", str(attachment_id))
    digest = hashlib.sha256(content).hexdigest()
    if recorded is None or recorded.get("content") != digest or recorded.get("sha256") != expected:
        raise StorageError(f"“{name}” is not the exhibit the record's journal holds for it (its "
                           "bytes or its recorded SHA-256 were changed outside the application).",
                           "Do not rely on it. Run “ethics-desk check”, and restore the database "
                           "from a backup that passes it.")
    if digest != expected:
        raise StorageError(f"“{name}” no longer matches the SHA-256 recorded when it was filed; "
                           "the stored copy is damaged or was altered.",
                           "Do not rely on it. Restore the database from a backup and run "
                           "“ethics-desk check”.")
    queued_records.record(database, [queued_records.Pending(  # never waits for a writer
        clock(), account.display, "view.attachment", f"Opened the attachment “{name}” (SHA-256 verified)",
        complaint_id=complaint_id, detail={"attachment_id": attachment_id})],
        before_the_check=True)
    return name, content
