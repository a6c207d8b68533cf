"""The Board packet for a meeting: which cases go on the agenda, and one confidential PDF of them.

:func:`agenda` lists the cases a clerk would put before the Ethics Review Board at a meeting:
every case the Board has on its merits or in show cause (accepted, awaiting the response,
response or reply filed, show cause), and any case whose show-cause hearing (§ 2-83(f)(4)(b)) is
set for that day — each with why it is listed. :func:`render_packet` reads the chosen cases in
one session into plain data, renders the packet (``ethics_desk.documents.render.board_packet``: a cover
with the agenda, then a summary sheet per case, CONFIDENTIAL under § 2-83(h) on every page), and
records its production in the audit trail of each case in one transaction, since a confidential
paper about pending complaints has been produced. No Qt here.

**Whose packet.** Each function takes the signed-in ``account`` and keeps to the complaints it
receives (:mod:`ethics_desk.staff.scope`): the City Clerk's staff every case before the Board; a
member of the Board only a complaint forwarded to it under § 2-83(d)(3), and never one to which
they are a party (their name is a complainant's or a respondent's) — such a member's packet
has no sheet of it, and a case they do not receive is refused exactly as one that does not
exist, § 2-83(h)(1). The account is the actor on the packet's records; producing or printing
a packet is for the roles the permission table gives ``Act.BOARD_PACKET``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, tzinfo
from typing import TYPE_CHECKING

from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import Session, selectinload

from ethics_desk.board.roster import pending_elections_for
from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import in_office_time, office_date
from ethics_desk.core.parties import respondent_of
from ethics_desk.core.permissions import Act
from ethics_desk.documents.kinds import KindRule, Meeting, party_of, render_for_meeting, vote_record
from ethics_desk.documents.render.data import Letterhead, clock_time, long_date
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
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.scope import case_condition, receives
from ethics_desk.storage import queued_records
from ethics_desk.storage.database import Database
from ethics_desk.storage.journal import head

if TYPE_CHECKING:
    from ethics_desk.documents.render.board_packet import BoardPacketPaper, CaseSheet

BEFORE_THE_BOARD = (CaseState.ACCEPTED, CaseState.AWAITING_RESPONSE, CaseState.RESPONSE_FILED,
                    CaseState.REPLY_FILED, CaseState.SHOW_CAUSE)
"""The states in which the Board has a complaint: accepted under (d)(3), or in show cause (f)."""

AUDIT_ACTION = "board.packet"

UNNAMED_ACTOR = "Ethics Desk"
"""Who produced a packet the application made without an account or an actor."""

_WHY = {
    CaseState.ACCEPTED: "Accepted; to be forwarded to the Board and the respondents "
                        "(§ 2-83(d)(3))",
    CaseState.AWAITING_RESPONSE: "Before the Board; the respondent's sworn response is awaited "
                                 "(§ 2-83(e)(1))",
    CaseState.RESPONSE_FILED: "Before the Board; a sworn response has been filed (§ 2-83(e)(1))",
    CaseState.REPLY_FILED: "Before the Board; the complainant's sworn reply has been filed "
                           "(§ 2-83(e)(3))",
    CaseState.SHOW_CAUSE: "The complainant has been ordered to show cause (§ 2-83(f)(2))",
}
_ACTIONS = {BoardAction.SHOW_CAUSE: "Order to show cause (§ 2-83(f)(2))",
            BoardAction.FRIVOLOUS: "Determination of a frivolous complaint (§ 2-83(f)(6))",
            BoardAction.DISPOSITION: "Disposition of the complaint (§ 2-83(d)(4))",
            BoardAction.SANCTIONS: "Sanctions for filing a frivolous complaint (§ 2-83(g))"}


@dataclass(frozen=True)
class AgendaCase:
    """A case for a meeting's agenda: which, where it stands, the parties, and why it is listed."""

    complaint_id: int
    case_number: str
    state: CaseState
    complainants: str
    respondents: str
    reasons: tuple[str, ...]

    @property
    def why(self) -> str:
        """The reasons on one line."""
        return "; ".join(self.reasons)

    @property
    def parties(self) -> str:
        """"José Peña v. Nguyễn Thị Minh Khai"."""
        return f"{self.complainants} v. {self.respondents}"


def agenda(session: Session, meeting_on: date, *,
           within: ColumnElement[bool] | None = None) -> list[AgendaCase]:
    """The cases a clerk would put on the agenda of the meeting on ``meeting_on``, by number:
    of them, only those ``within`` the scope given (:func:`ethics_desk.staff.scope.
    case_condition` of the acting account; ``None``: every one), § 2-83(d), (h)(1)."""
    hearings = _show_cause_hearings(session)
    zone = settings.time_zone(session)
    on_the_day = {h.complaint_id for h in hearings if _local_day(h, zone) == meeting_on}
    query = select(Complaint).where(Complaint.case_number.is_not(None),
                                    Complaint.state.in_(BEFORE_THE_BOARD)
                                    | Complaint.id.in_(on_the_day))
    if within is not None:
        query = query.where(within)
    complaints = session.scalars(
        query.options(selectinload(Complaint.complainants), selectinload(Complaint.respondents))
        .order_by(Complaint.case_number)).all()
    return [_agenda_case(session, c, meeting_on, hearings) for c in complaints]


@case_reader("Reading the agenda of a Board meeting")
def meeting_agenda(database: Database, meeting_on: date, *,
                   account: Account) -> list[AgendaCase]:
    """The agenda of the meeting on ``meeting_on`` (:func:`agenda`), of the cases ``account``
    receives, § 2-83(d), (h)(1): the packet screen's list and ``ethics-desk packet``'s cases."""
    with database.read_session() as session:
        return agenda(session, meeting_on, within=case_condition(account))


def no_filed_case(complaint_id: int) -> UserError:
    """The one answer for a case the packet cannot hold: missing, not filed, or not received
    by the person asking (§ 2-83(h)(1): they cannot tell which)."""
    return UserError(f"There is no filed case with id {complaint_id} to put in the packet.",
                     "Choose the cases from the meeting's agenda.")


def _received(session: Session, account: Account | None, ids: Sequence[int]) -> None:
    """Refuse, as missing, any case of ``ids`` that ``account`` does not receive."""
    if account is None:
        return
    for complaint_id in ids:
        complaint = session.get(Complaint, complaint_id)
        if complaint is None or not receives(session, account, complaint):
            raise no_filed_case(complaint_id)


@service(Act.BOARD_PACKET, "Producing the Board packet")
def render_packet(database: Database, meeting_on: date, complaint_ids: Sequence[int], *,
                  clock: Clock, account: Account) -> bytes:
    """The packet for ``meeting_on`` with the cases ``complaint_ids`` (in that order), as PDF
    bytes, produced at the ``clock``'s time; its production is audited on each case, in one
    transaction, naming ``account`` — never waiting for another desk's write: queued meanwhile
    (:mod:`ethics_desk.storage.queued_records`).

    A case ``account`` does not receive is refused exactly as one that does not exist,
    § 2-83(h)(1).
    """
    ids = list(dict.fromkeys(complaint_ids))
    if not ids:
        raise UserError("The packet has no case in it.",
                        "Choose at least one case from the agenda.")
    with database.read_session() as session:
        _received(session, account, ids)  # before anything of the cases is read
    who = account.display
    moment = clock().astimezone()
    paper, pdf = render_for_meeting(database, Meeting(meeting_on, tuple(ids), moment, who),
                                    account=account)
    who, sheets = paper.produced_by, paper.sheets
    numbers = [s.case_number for s in sheets]
    with database.read_session() as session:
        _received(session, account, ids)  # still theirs when the packet is handed over
    queued_records.record(database, [queued_records.Pending(
        moment, who or "unknown", AUDIT_ACTION,
        f"Board packet for the meeting of {meeting_on.isoformat()} produced, with "
        f"{', '.join(numbers)} (confidential, § 2-83(h))", complaint_id=complaint_id,
        detail={"meeting_on": meeting_on.isoformat(), "cases": numbers,
                "sha256": hashlib.sha256(pdf).hexdigest()}) for complaint_id in ids])
    return pdf


@service(Act.BOARD_PACKET, "Recording that the Board packet was saved or printed")
def record_packet_use(database: Database, meeting_on: date, complaint_ids: Sequence[int], *,
                      action: str, what: str, clock: Clock, account: Account) -> None:
    """Record that the packet was saved or printed (``action`` such as
    ``print.board-packet``; ``what`` in words), on each of its cases that ``account`` receives,
    in one transaction, naming ``account``; never waiting for another desk's write (queued
    meanwhile)."""
    meeting = meeting_on.isoformat()
    now = clock()
    who = account.display
    with database.read_session() as session:
        theirs = [complaint_id for complaint_id in dict.fromkeys(complaint_ids)
                  if (complaint := session.get(Complaint, complaint_id)) is not None
                  and receives(session, account, complaint)]
        # not theirs to have printed, § 2-83(h)(1): nothing is recorded of the others
    queued_records.record(database, [queued_records.Pending(
        now, who, action, f"Board packet for the meeting of {meeting} {what} (confidential, "
        "§ 2-83(h))", complaint_id=complaint_id, detail={"meeting_on": meeting})
        for complaint_id in theirs])


def packet_paper(session: Session, letterhead: Letterhead, meeting: Meeting,
                 rule: KindRule) -> BoardPacketPaper:
    """The packet's data (the builder of its row in ``KINDS``): the agenda's reasons and a
    summary sheet for each of the meeting's cases, each a case the packet applies to."""
    from ethics_desk.documents.render.board_packet import BoardPacketPaper

    who = meeting.actor or UNNAMED_ACTOR
    listed = {a.complaint_id: a for a in agenda(session, meeting.meeting_on)}
    sheets = []
    for complaint_id in meeting.complaint_ids:
        complaint = session.get(Complaint, complaint_id)
        if complaint is None or not rule.applies_to(complaint.state):
            raise no_filed_case(complaint_id)
        reasons = (listed[complaint_id].reasons if complaint_id in listed
                   else (f"Added by the Clerk ({complaint.state.label})",))
        sheets.append(_sheet(session, complaint, reasons,
                             office_date(meeting.produced_at, letterhead.zone)))
    return BoardPacketPaper(letterhead=letterhead, meeting_on=meeting.meeting_on,
                            produced_at=meeting.produced_at, produced_by=who,
                            sheets=tuple(sheets), record_anchor=head(session.connection()))


# -- the agenda ---------------------------------------------------------------------------------


def _show_cause_hearings(session: Session) -> list[Hearing]:
    return list(session.scalars(select(Hearing).where(
        Hearing.kind == HearingKind.SHOW_CAUSE, Hearing.scheduled_at.is_not(None))
        .order_by(Hearing.id)))


def _local_day(hearing: Hearing, zone: tzinfo) -> date | None:
    return office_date(hearing.scheduled_at, zone) if hearing.scheduled_at else None


def _names(people: Iterable[object]) -> str:
    found = [str(getattr(p, "name", "")).strip() for p in people]
    found = [n for n in found if n]
    if len(found) <= 1:
        return "".join(found) or "—"
    return ", ".join(found[:-1]) + " and " + found[-1]


def _agenda_case(session: Session, complaint: Complaint, meeting_on: date,
                 hearings: list[Hearing]) -> AgendaCase:
    reasons: list[str] = []
    if complaint.state in _WHY:
        reasons.append(_WHY[complaint.state])
    for h in (h for h in hearings if h.complaint_id == complaint.id):
        assert h.scheduled_at is not None
        zone = settings.time_zone(session)
        local = in_office_time(h.scheduled_at, zone)
        if local.date() == meeting_on and h.held_on is None:
            reasons.append(f"Show-cause hearing on this day at {clock_time(local, zone)}, "
                           f"{h.place} (§ 2-83(f)(4)(b), (f)(5))")
        elif local.date() == meeting_on:
            reasons.append(f"Show-cause hearing set for this day; held on "
                           f"{h.held_on.isoformat() if h.held_on else ''} (§ 2-83(f)(5))")
        elif complaint.state is CaseState.SHOW_CAUSE and h.held_on is None:
            reasons.append(f"Show-cause hearing set for {long_date(local.date())} "
                           "(§ 2-83(f)(4)(b))")
        elif complaint.state is CaseState.SHOW_CAUSE and h.concluded is False:
            reasons.append(f"Show-cause hearing of {h.held_on} was continued (§ 2-83(f)(5))")
        elif complaint.state is CaseState.SHOW_CAUSE:
            reasons.append("Hearing held; the record vote of § 2-83(f)(6) is due")
    requests = session.scalars(select(Filing).where(
        Filing.complaint_id == complaint.id, Filing.kind == FilingKind.HEARING_REQUEST)).all()
    for r in requests:
        reasons.append(f"A hearing was requested by {r.party_name or 'a party'} on "
                       f"{r.received_on.isoformat()} (§ 2-83(e)(4))")
    assert complaint.case_number is not None
    return AgendaCase(complaint.id, complaint.case_number, complaint.state,
                      _names(complaint.complainants), _names(complaint.respondents),
                      tuple(dict.fromkeys(reasons)))


# -- the summary sheets -------------------------------------------------------------------------


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
    from ethics_desk.documents.render.board_packet import CaseSheet, SheetDeadline, SheetReview, SheetVote

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
    from ethics_desk.documents.render.data import period_in_words

    return period_in_words(complaint.violation_period, complaint.violation_start,
                           complaint.violation_end)
