"""What a kind's builder reads: the session, the office, the day, and what the paper is
made for (a case and the copy's recipient, the intake, a meeting, a request), with the small
readings of a case that builders of several stages share. No Qt here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.office_time import office_date
from ethics_desk.core.vocabulary import Language
from ethics_desk.documents.render.data import (
    Letterhead,
    Party,
)
from ethics_desk.documents.render.letter_data import (
    CodeProvided,
    DueBasis,
)
from ethics_desk.documents.render.recovery_sheet import RecoverySheetPaper
from ethics_desk.documents.render.retention_certificate import (
    RetentionPaper,
)
from ethics_desk.intake.record import Intake
from ethics_desk.models import (
    Complaint,
    Deadline,
    DeadlineStatus,
    Decision,
    DecisionKind,
    Filing,
    FilingKind,
)
from ethics_desk.public_information.log import RequestView


@dataclass(frozen=True)
class Meeting:
    """What the Board packet is made for: the meeting, its cases in order, when and by whom."""

    meeting_on: date
    complaint_ids: tuple[int, ...]
    produced_at: datetime
    actor: str | None = None


@dataclass(frozen=True)
class Recipient:
    """One person a kind goes to for a case: the party as printed, and which one they are."""

    party: Party
    role: str
    respondent_id: int | None = None
    language: Language = Language.ENGLISH
    """The recipient's preferred language as recorded at intake (the Papers tab's default)."""

    @property
    def name(self) -> str:
        """The recipient's name."""
        return self.party.name


@dataclass
class PaperContext:
    """What a kind's builder reads: the session, the office, today, and what the paper is made
    for — a case and the copy's recipient, the complaint being taken at the counter, or a
    meeting of the Board."""

    session: Session
    letterhead: Letterhead
    today: date
    case: Complaint | None = None
    people: Sequence[Recipient] = ()
    index: int = 0
    intake: Intake | None = None
    citations: tuple[str, ...] = ()
    meeting: Meeting | None = None
    records: RetentionPaper | None = None
    recovery: RecoverySheetPaper | None = None
    information_request: RequestView | None = None
    code_provided: CodeProvided | None = None

    @property
    def pia(self) -> RequestView:
        """The Public Information Act request the paper is made for."""
        assert self.information_request is not None, "a paper made for a request"
        return self.information_request

    @property
    def complaint(self) -> Complaint:
        """The case the paper is made for."""
        assert self.case is not None, "a paper made for a case"
        return self.case

    @property
    def recipient(self) -> Recipient:
        """The recipient of this copy."""
        return self.people[self.index]

    def common(self) -> dict[str, Any]:
        """The fields every :class:`CaseLetter` has."""
        c = self.complaint
        assert c.received_at is not None and c.case_number is not None
        return {"letterhead": self.letterhead, "case_number": c.case_number,
                "issued_on": self.today, "recipient": self.recipient.party,
                "complainant": complainant_of(c),
                "respondents": tuple(party_of(r) for r in c.respondents),
                "filed_on": office_date(c.received_at, self.letterhead.zone),
                "nature": c.nature.strip(),
                "provisions": tuple(dict.fromkeys(a.provision.citation for a in c.allegations
                                                  if a.provision is not None))}


def is_sworn(complaint: Complaint) -> bool | None:
    """Whether the complaint was sworn (None: not recorded), as the kinds' table asks."""
    return complaint.oath.sworn if complaint.oath is not None else None


def party_of(person: Any) -> Party:
    """A complainant or respondent of the case as the papers address them."""
    return Party(name=person.name, title=getattr(person, "title", ""),
                 department=getattr(person, "department", ""), address=person.address,
                 phone=getattr(person, "phone", ""), email=person.email)


def complainant_of(complaint: Complaint) -> Party:
    return party_of(complaint.complainants[0]) if complaint.complainants else Party(name="")


def filings_of(session: Session, complaint: Complaint, kind: FilingKind) -> list[Filing]:
    return list(session.scalars(select(Filing).where(
        Filing.complaint_id == complaint.id, Filing.kind == kind).order_by(Filing.id)))


def deadline_of(session: Session, complaint: Complaint, clock: str,
              subject: str | None = None) -> Deadline | None:
    """The case's latest deadline of ``clock`` (for ``subject``), a cancelled one last."""
    query = select(Deadline).where(Deadline.complaint_id == complaint.id, Deadline.clock == clock)
    if subject is not None:
        query = query.where(Deadline.subject == subject)
    found = list(session.scalars(query.order_by(Deadline.id.desc())))
    live = [d for d in found if d.status is not DeadlineStatus.CANCELLED]
    return (live or found)[0] if found else None


def latest_decision(session: Session, complaint: Complaint,
                     kind: DecisionKind) -> Decision | None:
    return session.scalar(select(Decision).where(
        Decision.complaint_id == complaint.id, Decision.kind == kind)
        .order_by(Decision.id.desc()).limit(1))


def due_basis(deadline: Deadline) -> DueBasis:
    """What a stored deadline counts from, for the plain sentence a letter states it in."""
    return DueBasis(deadline.trigger_on, deadline.trigger_basis == "presumed",
                    deadline.trigger_mailed_on)
