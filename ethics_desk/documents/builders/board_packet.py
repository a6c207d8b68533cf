"""The Board packet's data: the agenda's reasons and a confidential summary sheet of each case
on it — state, parties, provisions, filings, deadlines, reviews, votes, hearings, pending
elections (§ 2-83(h)). The cases are the meeting's agenda (:mod:`ethics_desk.board.agenda`);
producing the packet is :mod:`ethics_desk.documents.board_packet`'s."""

from __future__ import annotations

from datetime import date, tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from ethics_desk.board.agenda import agenda, no_filed_case
from ethics_desk.board.roster import pending_elections_for
from ethics_desk.core.office_time import in_office_time, office_date
from ethics_desk.core.parties import respondent_of
from ethics_desk.documents.builders.board import vote_record
from ethics_desk.documents.paper_context import Meeting, party_of
from ethics_desk.documents.render.board_packet import (
    BoardPacketPaper,
    CaseSheet,
    SheetDeadline,
    SheetReview,
    SheetVote,
)
from ethics_desk.documents.render.data import Letterhead, clock_time, long_date, period_in_words
from ethics_desk.models import (
    BoardAction,
    BoardVote,
    CaseState,
    Complaint,
    Deadline,
    DeadlineStatus,
    Filing,
    FilingKind,
    Hearing,
    HearingKind,
    Review,
    ReviewerRole,
    ShowCauseOrder,
)
from ethics_desk.office import settings
from ethics_desk.storage.journal import head

UNNAMED_ACTOR = "Ethics Desk"
"""Who produced a packet the application made without an account or an actor."""

_ACTIONS = {BoardAction.SHOW_CAUSE: "Order to show cause (§ 2-83(f)(2))",
            BoardAction.FRIVOLOUS: "Determination of a frivolous complaint (§ 2-83(f)(6))",
            BoardAction.DISPOSITION: "Disposition of the complaint (§ 2-83(d)(4))",
            BoardAction.SANCTIONS: "Sanctions for filing a frivolous complaint (§ 2-83(g))"}


def packet_paper(session: Session, letterhead: Letterhead, meeting: Meeting,
                 states: frozenset[CaseState]) -> BoardPacketPaper:
    """The packet's data (the builder of its row in ``KINDS``): the agenda's reasons and a
    summary sheet for each of the meeting's cases, each a case the packet applies to."""

    who = meeting.actor or UNNAMED_ACTOR
    listed = {a.complaint_id: a for a in agenda(session, meeting.meeting_on)}
    sheets = []
    for complaint_id in meeting.complaint_ids:
        complaint = session.get(Complaint, complaint_id)
        if complaint is None or complaint.state not in states:
            raise no_filed_case(complaint_id)
        reasons = (listed[complaint_id].reasons if complaint_id in listed
                   else (f"Added by the Clerk ({complaint.state.label})",))
        sheets.append(_sheet(session, complaint, reasons,
                             office_date(meeting.produced_at, letterhead.zone)))
    return BoardPacketPaper(letterhead=letterhead, meeting_on=meeting.meeting_on,
                            produced_at=meeting.produced_at, produced_by=who,
                            sheets=tuple(sheets), record_anchor=head(session.connection()))


def _deadline_status(deadline: Deadline, today: date) -> str:
    if deadline.status is DeadlineStatus.OPEN:
        if deadline.due_on < today:
            return "OVERDUE — open"
        return "Due today — open" if deadline.due_on == today else "Open"
    if deadline.status is DeadlineStatus.MET:
        return f"Met on {deadline.closed_on}" if deadline.closed_on else "Met"
    if deadline.status is DeadlineStatus.MISSED:
        return f"Missed — done {deadline.closed_on}" if deadline.closed_on else "Missed"
    return f"Stopped {deadline.closed_on}" if deadline.closed_on else "Stopped"


def _subject(subject: str, complaint: Complaint) -> str:
    if (respondent_id := respondent_of(subject)) is not None:
        for r in complaint.respondents:
            if r.id == respondent_id:
                return r.name
    roles = {role.value: role.label for role in ReviewerRole}
    return roles.get(subject, "")


def _sheet(session: Session, complaint: Complaint, reasons: tuple[str, ...],
           today: date) -> CaseSheet:

    cid = complaint.id
    deadlines = tuple(
        SheetDeadline(d.title, d.citation, _subject(d.subject, complaint), d.due_on,
                      _deadline_status(d, today))
        for d in session.scalars(select(Deadline).where(Deadline.complaint_id == cid)
                                 .order_by(Deadline.due_on, Deadline.id)))
    stored = {r.role: r for r in session.scalars(
        select(Review).where(Review.complaint_id == cid).options(selectinload(Review.defects)))}
    reviews = []
    for role in ReviewerRole:
        review = stored.get(role)
        if review is None:
            reviews.append(SheetReview(role.label, "", None, None, "Not forwarded"))
            continue
        result = (review.determination.label if review.determination
                  else "Not completed yet")
        if review.defects:
            result += ": " + "; ".join(f"{d.item.citation} {d.note}".strip()
                                       for d in review.defects)
        reviews.append(SheetReview(role.label, review.reviewer_name, review.received_on,
                                   review.completed_on, result, review.notes.strip()))
    votes = tuple(
        SheetVote(_ACTIONS.get(v.action, v.action.value), vote_record(session, v))
        for v in session.scalars(select(BoardVote).where(BoardVote.complaint_id == cid)
                                 .options(selectinload(BoardVote.ballots))
                                 .order_by(BoardVote.meeting_on, BoardVote.id)))
    filings = tuple(
        f"{_FILING[f.kind]} of {f.party_name or 'a party'}, received "
        f"{f.received_on.isoformat()}" + (" (sworn)" if f.sworn else "")
        for f in session.scalars(select(Filing).where(Filing.complaint_id == cid)
                                 .order_by(Filing.received_on, Filing.id)))
    zone = settings.time_zone(session)
    hearings = tuple(_hearing_line(h, zone) for h in session.scalars(
        select(Hearing).where(Hearing.complaint_id == cid).order_by(Hearing.id)))
    orders = session.scalars(select(ShowCauseOrder).where(ShowCauseOrder.complaint_id == cid)
                             .order_by(ShowCauseOrder.id)).all()
    hearings += tuple(f"Order to show cause of {o.ordered_on.isoformat()}: {o.explanation}"
                      for o in orders)
    elections = tuple(f"{e.name}, {e.held_on.isoformat()}" for e in pending_elections_for(
        session, [r.name for r in complaint.respondents], today))
    assert complaint.case_number is not None
    return CaseSheet(
        case_number=complaint.case_number, state=complaint.state.label, reasons=reasons,
        filed_on=office_date(complaint.received_at, zone) if complaint.received_at else None,
        route=complaint.route.label if complaint.route else "",
        complainants=tuple(party_of(p) for p in complaint.complainants),
        respondents=tuple(party_of(p) for p in complaint.respondents),
        nature=complaint.nature.strip(),
        provisions=tuple(dict.fromkeys(a.provision.citation if a.provision else "not sure"
                                       for a in complaint.allegations)),
        period=_period(complaint), filings=filings, deadlines=deadlines,
        reviews=tuple(reviews), votes=votes, hearings=hearings, elections=elections)


_FILING = {FilingKind.RESPONSE: "Sworn response (§ 2-83(e)(1))",
           FilingKind.REPLY: "Reply (§ 2-83(e)(3))",
           FilingKind.HEARING_REQUEST: "Hearing request (§ 2-83(e)(4))"}


def _hearing_line(hearing: Hearing, zone: tzinfo) -> str:
    kind = ("Show-cause hearing (§ 2-83(f)(5))" if hearing.kind is HearingKind.SHOW_CAUSE
            else f"Hearing requested by {hearing.requested_by or 'a party'} (§ 2-83(e)(4))")
    parts = [kind]
    if hearing.scheduled_at is not None:
        local = in_office_time(hearing.scheduled_at, zone)
        parts.append(f"set for {long_date(local.date())} at {clock_time(local, zone)}"
                     + (f", {hearing.place}" if hearing.place else ""))
    if hearing.held_on is not None:
        state = "concluded" if hearing.concluded else "continued"
        parts.append(f"held {hearing.held_on.isoformat()} ({state})")
        if hearing.appeared:
            parts.append(f"appeared: {hearing.appeared}")
        if hearing.counsel:
            parts.append(f"counsel: {hearing.counsel}")
    return "; ".join(parts)


def _period(complaint: Complaint) -> str:
    return period_in_words(complaint.violation_period, complaint.violation_start,
                           complaint.violation_end)
