"""The dates an issued paper stated, and the issued papers a later change has made wrong.

A paper that tells its reader a date — the (e) notice's response date (§ 2-83(e)(1)), the copy
of a response with its reply date ((e)(3)), the transmittal with each reviewer's date ((d)(1)),
the order to show cause with its hearing ((f)(4)) — keeps, when it is issued, each date it
stated and what the date was read from (:class:`~ethics_desk.models.StatedDate`). The dates are
read as the paper's builder in :mod:`ethics_desk.documents.kinds` reads them: the case's latest
deadline of the clock and subject, or the hearing of the order.

A closure that moves a deadline, a receipt that restarts a clock or a hearing set again then
leaves such a paper stating a date that no longer holds. :func:`stale_papers` names each one
(not voided; its deadline still open, or its hearing not yet held), with the date it stated and
the date that holds now, for the calendar editor (before and after a change), the case window,
the Papers tab (which offers the corrected reissue) and ``ethics-desk check`` (a warning). No Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.office_time import office_date
from ethics_desk.core.parties import respondent_key, respondent_of
from ethics_desk.core.permissions import Act
from ethics_desk.deadlines import format_day
from ethics_desk.models import (
    Complaint,
    Deadline,
    DeadlineStatus,
    Filing,
    FilingKind,
    Hearing,
    IssuedDocument,
    ReviewerRole,
    ShowCauseOrder,
    StatedDate,
)
from ethics_desk.office import settings
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.scope import case_for
from ethics_desk.storage.database import Database


class Moved(Protocol):
    """A deadline a calendar change moves (:class:`~ethics_desk.deadlines.schedule.MovedDeadline`,
    :class:`~ethics_desk.cases.calendar_overview.MoveLine`): which, and its new date."""

    @property
    def deadline_id(self) -> int:
        """The moved deadline."""

    @property
    def new_due(self) -> date:
        """Its date after the change."""


HEARING = "hearing"
"""The ``clock`` of a stated date read from a hearing rather than a deadline."""


@dataclass(frozen=True)
class Stated:
    """A date a paper states, and the deadline (clock and subject) or hearing it comes from."""

    clock: str
    subject: str
    label: str
    stated_on: date
    deadline_id: int | None = None
    hearing_id: int | None = None


def _latest(session: Session, complaint_id: int, clock: str, subject: str) -> Deadline | None:
    """The case's latest deadline of ``clock`` for ``subject``, a cancelled one only when
    there is no other (the deadline a paper's builder reads)."""
    found = list(session.scalars(select(Deadline).where(
        Deadline.complaint_id == complaint_id, Deadline.clock == clock,
        Deadline.subject == subject).order_by(Deadline.id.desc())))
    live = [d for d in found if d.status is not DeadlineStatus.CANCELLED]
    return (live or found)[0] if found else None


def _deadline_dates(session: Session, complaint: Complaint, clock: str,
                    subjects: Iterable[str]) -> list[Stated]:
    out = []
    for subject in subjects:
        deadline = _latest(session, complaint.id, clock, subject)
        if deadline is not None:
            out.append(Stated(clock, subject, deadline.title, deadline.due_on, deadline.id))
    return out


def _respondent_id(complaint: Complaint, recipient: str, respondent_id: int | None) -> int | None:
    if respondent_id is not None:
        return respondent_id
    return next((r.id for r in complaint.respondents if r.name == recipient), None)


def _response_notice(session: Session, complaint: Complaint, recipient: str,
                     respondent_id: int | None) -> list[Stated]:
    found = _respondent_id(complaint, recipient, respondent_id)
    return [] if found is None else _deadline_dates(session, complaint, "response",
                                                    [respondent_key(found)])


def _response_copy(session: Session, complaint: Complaint, recipient: str,
                   respondent_id: int | None) -> list[Stated]:
    if respondent_id is None:  # the latest response's, as the copy for one response states
        respondent_id = session.scalar(select(Filing.respondent_id).where(
            Filing.complaint_id == complaint.id, Filing.kind == FilingKind.RESPONSE)
            .order_by(Filing.id.desc()).limit(1))
    return [] if respondent_id is None else _deadline_dates(session, complaint, "reply",
                                                            [respondent_key(respondent_id)])


def _reviewer_transmittal(session: Session, complaint: Complaint, recipient: str,
                          respondent_id: int | None) -> list[Stated]:
    return _deadline_dates(session, complaint, "review", [role.value for role in ReviewerRole])


def _show_cause_order(session: Session, complaint: Complaint, recipient: str,
                      respondent_id: int | None) -> list[Stated]:
    order = session.scalar(select(ShowCauseOrder).where(
        ShowCauseOrder.complaint_id == complaint.id).order_by(ShowCauseOrder.id.desc()).limit(1))
    hearing = session.get(Hearing, order.hearing_id) if order is not None else None
    if hearing is None or hearing.scheduled_at is None:
        return []
    return [Stated(HEARING, str(hearing.id), "Show-cause hearing (§ 2-83(f)(4), (f)(5))",
                   office_date(hearing.scheduled_at, settings.time_zone(session)),
                   hearing_id=hearing.id)]


DATED_KINDS: Mapping[str, Callable[[Session, Complaint, str, int | None], list[Stated]]] = {
    "respondent-notice": _response_notice,
    "response-copy": _response_copy,
    "reviewer-transmittal": _reviewer_transmittal,
    "show-cause-order": _show_cause_order,
}
"""The kinds of :data:`ethics_desk.documents.kinds.KINDS` that state a date, and how to read
the dates one copy states (its case, its recipient, the respondent it is about)."""


def respondents_stated(session: Session, document_id: int) -> list[int]:
    """The respondents whose dates an issued paper states (a copy of one respondent's response
    states that respondent's reply date), by id, in order."""
    subjects = session.scalars(select(StatedDate.subject).where(
        StatedDate.document_id == document_id))
    return sorted({r for r in map(respondent_of, subjects) if r is not None})


def record(session: Session, document: IssuedDocument, *,
           respondent_id: int | None = None) -> list[Stated]:
    """Keep the dates ``document`` (just issued, flushed) states, in ``session``."""
    read = DATED_KINDS.get(document.kind)
    complaint = session.get(Complaint, document.complaint_id)
    if read is None or complaint is None:
        return []
    stated = read(session, complaint, document.recipient, respondent_id)
    for item in stated:
        session.add(StatedDate(document_id=document.id, clock=item.clock, subject=item.subject,
                               deadline_id=item.deadline_id, hearing_id=item.hearing_id,
                               label=item.label, stated_on=item.stated_on))
    session.flush()
    return stated


@dataclass(frozen=True)
class StalePaper:
    """An issued paper that states a date which no longer holds, and the date that does."""

    document_id: int
    complaint_id: int
    case_number: str
    kind: str
    recipient: str
    issued_at: datetime
    issued_on: date
    """The day it was issued, in the office's time (``office.time_zone``)."""
    label: str
    stated_on: date
    now_on: date
    deadline_id: int | None = None
    subject: str = ""
    """Whose clock the date is (``respondent:<id>``, a reviewer's role), as the deadline says."""

    @property
    def title(self) -> str:
        """What the paper is, as the table of kinds names it."""
        from ethics_desk.documents.kinds import title_of

        return title_of(self.kind)

    def sentence(self) -> str:
        """E.g. "ERB-2026-001: “Notice to a respondent with the (e) items and the response
        date” to Jane Roe issued 2026-12-01 (document 4) states “Respondent's sworn response —
        Jane Roe” Monday 2026-12-14; it is now Tuesday 2026-12-15" (the paper by its title)."""
        to = f" to {self.recipient}" if self.recipient else ""
        return (f"{self.case_number}: “{self.title}”{to} issued "
                f"{self.issued_on.isoformat()} (document {self.document_id}) states "
                f"“{self.label}” {format_day(self.stated_on)}; it is now "
                f"{format_day(self.now_on)}")


def stale_papers(session: Session, complaint_id: int | None = None, *,
                 moved: Iterable[Moved] = ()) -> list[StalePaper]:
    """Every issued paper, not voided, stating a date that differs from the one that holds now:
    its deadline's due date (the case's latest of that clock and subject, while it is open) or
    its hearing's date (while it is not yet held). ``moved`` gives the dates a calendar change
    being previewed would set (nothing is saved). One case's papers with ``complaint_id``."""
    new_due = {m.deadline_id: m.new_due for m in moved}
    query = (select(StatedDate, IssuedDocument, Complaint.case_number)
             .join(IssuedDocument, IssuedDocument.id == StatedDate.document_id)
             .join(Complaint, Complaint.id == IssuedDocument.complaint_id)
             .where(IssuedDocument.voided_at.is_(None)))
    if complaint_id is not None:
        query = query.where(IssuedDocument.complaint_id == complaint_id)
    found: list[StalePaper] = []
    zone = settings.time_zone(session)  # dates are the office's, whatever the desk's zone
    for stated, document, number in session.execute(
            query.order_by(IssuedDocument.complaint_id, IssuedDocument.id, StatedDate.id)
            .execution_options(yield_per=1000)):  # a batch at a time, however many papers
        now_on: date | None = None
        deadline_id: int | None = None
        if stated.clock == HEARING:
            hearing = session.get(Hearing, stated.hearing_id) if stated.hearing_id else None
            if hearing is not None and hearing.held_on is None and hearing.scheduled_at:
                now_on = office_date(hearing.scheduled_at, zone)
        else:
            deadline = _latest(session, document.complaint_id, stated.clock, stated.subject)
            if deadline is not None and deadline.status is DeadlineStatus.OPEN:
                now_on, deadline_id = new_due.get(deadline.id, deadline.due_on), deadline.id
        if now_on is not None and now_on != stated.stated_on:
            found.append(StalePaper(document.id, document.complaint_id,
                                    number or f"Draft {document.complaint_id}", document.kind,
                                    document.recipient, document.issued_at,
                                    office_date(document.issued_at, zone), stated.label,
                                    stated.stated_on, now_on, deadline_id, stated.subject))
    return found


@case_reader("Reading which of a case's papers state a wrong date")
def stale_in(database: Database, complaint_id: int, *, account: Account) -> list[StalePaper]:
    """:func:`stale_papers` of one case, in a read session of its own (a case ``account`` does
    not receive gets the answer of one that does not exist)."""
    with database.read_session() as session:
        case_for(session, account, complaint_id)
        return stale_papers(session, complaint_id)


@service(Act.EDIT_CALENDAR, "Finding the papers a change of the calendar makes wrong")
def made_wrong_by(database: Database, moved: Iterable[Moved], *, saved: bool,
                  account: Account) -> list[StalePaper]:
    """The issued papers a calendar change makes state a wrong date: those whose deadline it
    moves. Before saving (``saved`` False) the moved dates are the preview's; after, the stored
    ones. For those who may change the calendar (the Clerk's staff, who receive every case)."""
    moved = list(moved)
    ids = {m.deadline_id for m in moved}
    if not ids:
        return []
    with database.read_session() as session:
        found = stale_papers(session, moved=() if saved else moved)
    return [s for s in found if s.deadline_id in ids]


def papers_sentence(papers: Iterable[StalePaper], *, saved: bool) -> str:
    """What a calendar change does to issued papers, in one paragraph ("" when nothing)."""
    papers = list(papers)
    if not papers:
        return ""
    lead = (f"{len(papers)} issued paper(s) now state a date that no longer holds"
            if saved else f"Saving leaves {len(papers)} issued paper(s) stating a date that no "
                          "longer holds")
    return (f"⚠ {lead} — reissue each corrected from its case's Papers tab: "
            + "; ".join(p.sentence() for p in papers) + ".")


def reissue_reason(stale: StalePaper) -> str:
    """The reason a corrected reissue gives for voiding the paper (kept with the void copy)."""
    return (f"It states {stale.label} {stale.stated_on.isoformat()}; the date is now "
            f"{stale.now_on.isoformat()}.")
