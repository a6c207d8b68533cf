"""Papers entered into the record of a formal hearing or a Board proceeding, § 2-83(h)(2).

While a complaint is pending, § 2-83(h)(1) lets nothing about it go to anyone but the
respondent, the complainant and the witnesses; (h)(2) adds that "information otherwise
confidential under this section may be disclosed by entering it into the record of a formal
hearing or Ethics Review Board proceeding". The Clerk marks a paper of the case — an exhibit
attached to it, a paper a party filed, or a document the office issued — as entered into the
record of a proceeding: a hearing of the case (requested under (e)(4), or on an order to show
cause under (f)(5)), or a meeting of the Board named by its date. Marking, and taking a mark off
(entered by mistake, with the reason), is one audited act each.

What the mark changes: the mail ledger lets such a paper go to anyone, citing (h)(2)
(:func:`ethics_desk.mail.ledger.record_mailing`), and the case view says so on its document
lines. No Qt here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date

from sqlalchemy import select
from sqlalchemy.orm import Session, object_session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import office_date
from ethics_desk.core.permissions import Act
from ethics_desk.models import (
    Attachment,
    Complaint,
    DocumentItem,
    Filing,
    Hearing,
    HearingKind,
    IssuedDocument,
    RecordEntry,
)
from ethics_desk.office import settings
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.scope import case_for
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

CITATION = "§ 2-83(h)(2)"
ATTACHMENT, FILING, ISSUED = "attachment", "filing", "issued"
"""The kinds of paper that can be entered, as the first part of a paper's key."""
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
"""The months as a mark writes them (never the machine's locale)."""


@dataclass(frozen=True)
class Paper:
    """A paper of the case that can be entered into the record."""

    key: str  # "attachment:3", "filing:2", "issued:5"
    label: str  # "Exhibit: Vehicle logs (logs.pdf)"


@dataclass(frozen=True)
class Proceeding:
    """A hearing of the case, as the Clerk chooses the proceeding a paper was entered in."""

    hearing_id: int
    label: str  # "the show-cause hearing of 10 Dec 2026"
    on: date | None  # the day it was held, or set for; None while not set


@dataclass(frozen=True)
class RecordLine:
    """One paper entered into the record of one proceeding, as the case window lists it."""

    entry_id: int
    paper_key: str
    paper: str
    proceeding: str  # "the show-cause hearing of 10 Dec 2026"
    entered_on: date
    entered_by: str

    @property
    def in_words(self) -> str:
        """"Entered into the record of the show-cause hearing of 10 Dec 2026 (§ 2-83(h)(2))"."""
        return in_record_words([self])


def in_record_words(lines: Iterable[RecordLine]) -> str:
    """The marks of one paper in a phrase: "Entered into the record of the show-cause hearing
    of 10 Dec 2026 and of the Ethics Review Board meeting of 4 Jan 2027 (§ 2-83(h)(2))"; ``""``
    when it was not entered into any."""
    proceedings = list(dict.fromkeys(line.proceeding for line in lines))
    if not proceedings:
        return ""
    return f"Entered into the record of {' and of '.join(proceedings)} ({CITATION})"


def short_date(day: date) -> str:
    """"3 Nov 2026", as the marks name a proceeding's day."""
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"


def hearing_day(hearing: Hearing) -> date | None:
    """The day a hearing was held, or else the day it is set for."""
    if hearing.held_on is not None:
        return hearing.held_on
    if hearing.scheduled_at is None:
        return None
    session = object_session(hearing)
    zone = settings.time_zone(session) if session is not None else UTC
    return office_date(hearing.scheduled_at, zone)


def hearing_label(hearing: Hearing) -> str:
    """"the show-cause hearing of 10 Dec 2026", "the hearing requested under § 2-83(e)(4)"."""
    day = hearing_day(hearing)
    if hearing.kind is HearingKind.SHOW_CAUSE:
        return f"the show-cause hearing of {short_date(day)}" if day else \
            "the show-cause hearing (§ 2-83(f)(5))"
    return f"the hearing of {short_date(day)}" if day else \
        "the hearing requested under § 2-83(e)(4)"


def meeting_label(day: date) -> str:
    """"the Ethics Review Board meeting of 3 Nov 2026"."""
    return f"the Ethics Review Board meeting of {short_date(day)}"


def paper_key(entry: RecordEntry) -> str:
    """The key of the paper an entry names."""
    if entry.attachment_id is not None:
        return f"{ATTACHMENT}:{entry.attachment_id}"
    if entry.filing_id is not None:
        return f"{FILING}:{entry.filing_id}"
    return f"{ISSUED}:{entry.issued_document_id}"


def _complaint(session: Session, case_id: int) -> Complaint:
    complaint = session.get(Complaint, case_id)
    if complaint is None:
        raise UserError(f"There is no complaint with id {case_id}.", "Refresh the list.")
    return complaint


def _papers(session: Session, case_id: int, *, void_too: bool = False) -> list[Paper]:
    """The exhibits (attachments not scanned from a filing), the filed papers and the issued
    documents still in force, in that order; ``void_too`` adds the voided documents (to name
    a mark made before its document was voided)."""
    from ethics_desk.documents.kinds import title_of  # the table of kinds, only when listing

    filings = list(session.scalars(select(Filing).where(Filing.complaint_id == case_id)
                                   .order_by(Filing.received_on, Filing.id)))
    scanned = {f.attachment_id for f in filings if f.attachment_id is not None}
    described = {d.attachment_id: d.description for d in session.scalars(
        select(DocumentItem).where(DocumentItem.complaint_id == case_id,
                                   DocumentItem.attachment_id.is_not(None)))}
    out = []
    for a in session.scalars(select(Attachment).where(Attachment.complaint_id == case_id)
                             .order_by(Attachment.id)):
        if a.id in scanned:
            continue
        about = described.get(a.id, "").strip()
        out.append(Paper(f"{ATTACHMENT}:{a.id}",
                         f"Exhibit: {about} ({a.file_name})" if about else f"Exhibit: {a.file_name}"))
    out += [Paper(f"{FILING}:{f.id}", f"{f.kind.label} of {f.party_name}, received "
                                      f"{f.received_on.isoformat()}") for f in filings]
    zone = settings.time_zone(session)
    issued = select(IssuedDocument).where(IssuedDocument.complaint_id == case_id)
    if not void_too:
        issued = issued.where(IssuedDocument.voided_at.is_(None))
    out += [Paper(f"{ISSUED}:{d.id}", f"{title_of(d.kind)}, issued to {d.recipient} on "
                                      f"{office_date(d.issued_at, zone).isoformat()}"
                                      + (" (void)" if d.voided_at is not None else ""))
            for d in session.scalars(issued.order_by(IssuedDocument.id))]
    return out


def _hearings(session: Session, case_id: int) -> list[Hearing]:
    return list(session.scalars(select(Hearing).where(Hearing.complaint_id == case_id)
                                .order_by(Hearing.id)))


def _lines(session: Session, entries: Iterable[RecordEntry],
           papers: dict[str, str] | None = None) -> list[RecordLine]:
    hearings: dict[int, Hearing] = {}
    out = []
    for e in entries:
        if e.hearing_id is not None:
            hearing = hearings.get(e.hearing_id) or session.get(Hearing, e.hearing_id)
            assert hearing is not None
            hearings[e.hearing_id] = hearing
            proceeding = hearing_label(hearing)
        else:
            assert e.meeting_on is not None
            proceeding = meeting_label(e.meeting_on)
        key = paper_key(e)
        out.append(RecordLine(e.id, key, (papers or {}).get(key, key), proceeding,
                              e.entered_on, e.entered_by))
    return out


def _entries(session: Session, case_id: int) -> list[RecordEntry]:
    return list(session.scalars(select(RecordEntry).where(RecordEntry.complaint_id == case_id)
                                .order_by(RecordEntry.entered_on, RecordEntry.id)))


def marks_in(session: Session, case_id: int) -> dict[str, list[RecordLine]]:
    """The case's marks by the key of the paper they name, read in ``session`` (for the case
    view and the mail ledger)."""
    found: dict[str, list[RecordLine]] = {}
    for line in _lines(session, _entries(session, case_id)):
        found.setdefault(line.paper_key, []).append(line)
    return found


def marks_of_document(session: Session, document: IssuedDocument) -> list[RecordLine]:
    """The marks of one issued document: the proceedings whose record it was entered into."""
    entries = session.scalars(select(RecordEntry).where(
        RecordEntry.issued_document_id == document.id).order_by(RecordEntry.id))
    return _lines(session, entries)


@case_reader("Reading a case's papers")
def papers(database: Database, case_id: int, *, account: Account) -> list[Paper]:
    """The papers of the case that can be entered into the record of a proceeding."""
    with database.read_session() as session:
        case_for(session, account, case_id)
        return _papers(session, case_id)


@case_reader("Reading a case's hearings")
def proceedings(database: Database, case_id: int, *, account: Account) -> list[Proceeding]:
    """The hearings of the case; a Board meeting is named by its date instead."""
    with database.read_session() as session:
        case_for(session, account, case_id)
        return [Proceeding(h.id, hearing_label(h), hearing_day(h))
                for h in _hearings(session, case_id)]


@case_reader("Reading a case's record of proceedings")
def entries(database: Database, case_id: int, *, account: Account) -> list[RecordLine]:
    """The case's papers entered into the record of a proceeding, in the order entered."""
    with database.read_session() as session:
        case_for(session, account, case_id)
        labels = {p.key: p.label for p in _papers(session, case_id, void_too=True)}
        return _lines(session, _entries(session, case_id), labels)


@service(Act.ENTER_INTO_RECORD, "Entering a paper into the record of a proceeding")
def enter_into_record(database: Database, case_id: int, paper: str, *, entered_on: date,
                      hearing_id: int | None = None, meeting_on: date | None = None,
                      account: Account, clock: Clock) -> RecordLine:
    """Mark ``paper`` (a :class:`Paper` key) as entered on ``entered_on`` into the record of the
    hearing ``hearing_id`` of the case, or of the Board meeting of ``meeting_on``; audited."""
    if (hearing_id is None) == (meeting_on is None):
        raise UserError("Choose the proceeding: a hearing of the case, or a meeting of the "
                        f"Ethics Review Board and its date ({CITATION}).",
                        "Choose it in “Proceeding”.")
    with database.read_session() as session:
        today = settings.office_today(session, clock)  # the office's day, not the desk's
    if entered_on > today:
        raise UserError(f"The date {entered_on.isoformat()} is in the future: a paper is marked "
                        "once it has been entered into the record.", "Check the date.")
    if meeting_on is not None and meeting_on > today:
        raise UserError(f"The Board meeting of {meeting_on.isoformat()} has not happened yet.",
                        "Mark the paper once the meeting has entered it into its record.")
    if meeting_on is not None and entered_on < meeting_on:
        raise UserError(f"The paper cannot be entered on {entered_on.isoformat()}, before the "
                        f"meeting of {meeting_on.isoformat()}.", "Check the dates.")

    def mark(session: Session) -> RecordLine:
        complaint = _complaint(session, case_id)
        if complaint.case_number is None:
            raise UserError("A paper is entered into the record of a filed complaint's "
                            "proceeding.", "File the complaint first.")
        labels = {p.key: p.label for p in _papers(session, case_id)}
        if paper not in labels:
            raise UserError("That paper is not one of this case's (or its document was voided).",
                            "Choose the paper again; refresh the case.")
        if hearing_id is not None:
            hearing = session.get(Hearing, hearing_id)
            if hearing is None or hearing.complaint_id != case_id:
                raise UserError("That hearing is not one of this case's.", "Refresh the case.")
            proceeding = hearing_label(hearing)
            day = hearing_day(hearing)
            if day is not None and entered_on < day:
                raise UserError(f"The paper cannot be entered on {entered_on.isoformat()}, "
                                f"before {proceeding}.", "Check the date.")
        else:
            assert meeting_on is not None
            proceeding = meeting_label(meeting_on)
        for line in _lines(session, _entries(session, case_id)):
            if line.paper_key == paper and line.proceeding == proceeding:
                raise UserError(f"{labels[paper]} is already marked as entered into the record "
                                f"of {proceeding}.", "Nothing to do.")
        kind, _, number = paper.partition(":")
        entry = RecordEntry(complaint_id=case_id, hearing_id=hearing_id, meeting_on=meeting_on,
                            entered_on=entered_on, entered_by=account.display, entered_at=clock(),
                            attachment_id=int(number) if kind == ATTACHMENT else None,
                            filing_id=int(number) if kind == FILING else None,
                            issued_document_id=int(number) if kind == ISSUED else None)
        session.add(entry)
        session.flush()
        line = _lines(session, [entry], labels)[0]
        audit.append(session, actor=account.display, action="record.enter", complaint_id=case_id,
                     at=clock(),
                     summary=f"Marked {labels[paper]} as entered on {entered_on.isoformat()} into "
                             f"the record of {proceeding}: it may be disclosed ({CITATION})",
                     detail={"entry_id": entry.id, "paper": paper, "hearing_id": hearing_id,
                             "meeting_on": meeting_on.isoformat() if meeting_on else None,
                             "entered_on": entered_on.isoformat(), "citation": CITATION})
        return line

    return database.write(mark)


@service(Act.ENTER_INTO_RECORD, "Taking a paper off the record of a proceeding")
def take_off_record(database: Database, case_id: int, entry_id: int, reason: str, *,
                    account: Account, clock: Clock) -> None:
    """Take a mark off (entered by mistake), saying why; audited. The paper is confidential
    again under § 2-83(h)(1) unless another mark remains."""
    reason = " ".join(reason.split())
    if not reason:
        raise UserError("Say why the mark is taken off.",
                        "For example: marked on the wrong paper.")

    def unmark(session: Session) -> None:
        entry = session.get(RecordEntry, entry_id)
        if entry is None or entry.complaint_id != case_id:
            raise UserError("That mark is not recorded on this case.", "Refresh the case.")
        labels = {p.key: p.label for p in _papers(session, case_id, void_too=True)}
        line = _lines(session, [entry], labels)[0]
        session.delete(entry)
        audit.append(session, actor=account.display, action="record.withdraw", complaint_id=case_id,
                     at=clock(),
                     summary=f"Took off the mark that {line.paper} was entered into the record "
                             f"of {line.proceeding} ({CITATION}): {reason}",
                     detail={"entry_id": entry_id, "paper": line.paper_key,
                             "entered_on": line.entered_on.isoformat(), "reason": reason})

    database.write(unmark)
