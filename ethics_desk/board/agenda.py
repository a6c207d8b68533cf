"""The agenda of a Board meeting: which cases go before the Board that day, and why.

:func:`agenda` lists the cases a clerk would put before the Ethics Review Board at a meeting:
every case the Board has on its merits or in show cause (accepted, awaiting the response,
response or reply filed, show cause), and any case whose show-cause hearing (§ 2-83(f)(4)(b)) is
set for that day — each with why it is listed. The packet made of them is
:mod:`ethics_desk.documents.board_packet`'s. No Qt here.

**Whose agenda.** :func:`meeting_agenda` takes the signed-in ``account`` and keeps to the
complaints it receives (:mod:`ethics_desk.staff.scope`): the City Clerk's staff every case
before the Board; a member of the Board only a complaint forwarded to it under § 2-83(d)(3),
and never one to which they are a party, § 2-83(h)(1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, tzinfo

from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import Session, selectinload

from ethics_desk.core.account import Account
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import in_office_time, office_date
from ethics_desk.core.words import ENGLISH
from ethics_desk.models import (
    CaseState,
    Complaint,
    Filing,
    FilingKind,
    Hearing,
    HearingKind,
)
from ethics_desk.office import settings
from ethics_desk.staff.acting import case_reader
from ethics_desk.staff.scope import case_condition
from ethics_desk.storage.database import Database

BEFORE_THE_BOARD = (CaseState.ACCEPTED, CaseState.AWAITING_RESPONSE, CaseState.RESPONSE_FILED,
                    CaseState.REPLY_FILED, CaseState.SHOW_CAUSE)
"""The states in which the Board has a complaint: accepted under (d)(3), or in show cause (f)."""


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
            reasons.append(f"Show-cause hearing on this day at {ENGLISH.clock_time(local, zone)}, "
                           f"{h.place} (§ 2-83(f)(4)(b), (f)(5))")
        elif local.date() == meeting_on:
            reasons.append(f"Show-cause hearing set for this day; held on "
                           f"{h.held_on.isoformat() if h.held_on else ''} (§ 2-83(f)(5))")
        elif complaint.state is CaseState.SHOW_CAUSE and h.held_on is None:
            reasons.append(f"Show-cause hearing set for {ENGLISH.long_date(local.date())} "
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


