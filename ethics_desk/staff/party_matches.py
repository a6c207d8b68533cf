"""Possible matches of a Board member and a party, found where names are recorded.

The finding half of :mod:`ethics_desk.board.party_links` (the City Clerk's decisions are
there), used inside the transaction that records a name: a complaint filed or a witness
recorded (:func:`find_for_complaint`), a member put on the roster (:func:`find_for_member`), an
account of a Board role made (:func:`find_for_account`). Each pair whose names may be one person
(:func:`~ethics_desk.core.names.may_be_same_person`) and which has no row yet is kept
*undecided* (:class:`~ethics_desk.models.PartyLink`), with one audit record per act.
:func:`members_who_may_be_parties` is the vote's rule (recused) for the roster's members.

No permission check here: finding is part of the act that records the name; no service here
shows a party to anyone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.folding import fold
from ethics_desk.core.names import may_be_same_person
from ethics_desk.core.vocabulary import CaseParty, CaseState, SamePerson
from ethics_desk.models import (
    BoardMember,
    Complainant,
    Complaint,
    PartyLink,
    Respondent,
    StaffAccount,
    Witness,
)
from ethics_desk.storage import audit

PARTY_TABLES: dict[CaseParty, type[Complainant | Respondent | Witness]] = {
    CaseParty.COMPLAINANT: Complainant,
    CaseParty.RESPONDENT: Respondent,
    CaseParty.WITNESS: Witness,
}

KEEPS_FROM_THE_CASE = (SamePerson.SAME, SamePerson.UNDECIDED)
"""The decisions that keep a member from a complaint: linked, or not yet decided."""


def party_row(session: Session, kind: CaseParty, party_id: int
              ) -> Complainant | Respondent | Witness | None:
    """The complainant, respondent or witness ``party_id`` (None: no longer recorded)."""
    if kind is CaseParty.COMPLAINANT:
        return session.get(Complainant, party_id)
    if kind is CaseParty.RESPONDENT:
        return session.get(Respondent, party_id)
    return session.get(Witness, party_id)


def _board_roles() -> list[str]:
    """The roles whose accounts are matched with a complaint's parties: the Board's and the
    City Clerk's staff (:data:`~ethics_desk.core.permissions.KEPT_FROM_THEIR_OWN`)."""
    # Imported when called: the permission table imports the workflow, whose effects find
    # matches at filing.
    from ethics_desk.core.permissions import KEPT_FROM_THEIR_OWN
    return sorted(KEPT_FROM_THEIR_OWN)


@dataclass(frozen=True)
class BoardPerson:
    """The Board side of a pair: a staff account of a Board role or a member on the roster."""

    name: str
    account_id: int | None = None
    member_id: int | None = None

    @property
    def described(self) -> str:
        """"Ana Ruiz (account)" / "Ana Ruiz (roster)"."""
        return f"{self.name} ({'account' if self.account_id is not None else 'roster'})"


def _filed(session: Session) -> list[int]:
    return list(session.scalars(select(Complaint.id).where(
        Complaint.case_number.is_not(None), Complaint.state != CaseState.DISCARDED)))


def _parties(session: Session, complaint_ids: Sequence[int]
             ) -> list[tuple[int, CaseParty, int, str]]:
    """(complaint, kind, party id, name) of every party of the complaints."""
    found: list[tuple[int, CaseParty, int, str]] = []
    for kind, table in PARTY_TABLES.items():
        for chunk in range(0, len(complaint_ids), 500):
            ids = complaint_ids[chunk:chunk + 500]
            found += [(c, kind, i, n) for c, i, n in session.execute(
                select(table.complaint_id, table.id, table.name)
                .where(table.complaint_id.in_(ids)))]
    return found


def _board_people(session: Session) -> list[BoardPerson]:
    """Every staff account of a Board role and every member on the roster (not its staff)."""
    accounts = session.execute(select(StaffAccount.id, StaffAccount.name)
                               .where(StaffAccount.role.in_(_board_roles())))
    members = session.execute(select(BoardMember.id, BoardMember.name)
                              .where(BoardMember.is_staff.is_(False)))
    return ([BoardPerson(name, account_id=i) for i, name in accounts]
            + [BoardPerson(name, member_id=i) for i, name in members])


def _person_filter(person: BoardPerson) -> list[object]:
    return [PartyLink.staff_account_id.is_(None) if person.account_id is None
            else PartyLink.staff_account_id == person.account_id,
            PartyLink.board_member_id.is_(None) if person.member_id is None
            else PartyLink.board_member_id == person.member_id]


def _find(session: Session, people: Iterable[BoardPerson],
          parties: Iterable[tuple[int, CaseParty, int, str]], *, now: datetime) -> int:
    """Keep each pair whose names may be one person and which has no row yet, undecided;
    returns how many were found."""
    people, found = list(people), 0
    for complaint_id, kind, party_id, name in parties:
        for person in people:
            if not may_be_same_person(person.name, name):
                continue
            if link_of(session, complaint_id, kind, party_id, person) is not None:
                continue
            session.add(PartyLink(complaint_id=complaint_id, party=kind, party_id=party_id,
                                  party_name=name, staff_account_id=person.account_id,
                                  board_member_id=person.member_id,
                                  decision=SamePerson.UNDECIDED, found_at=now))
            found += 1
    session.flush()
    return found


def link_of(session: Session, complaint_id: int, kind: CaseParty, party_id: int,
          person: BoardPerson) -> PartyLink | None:
    return session.scalars(select(PartyLink).where(
        PartyLink.complaint_id == complaint_id, PartyLink.party == kind,
        PartyLink.party_id == party_id, *_person_filter(person))).first()  # type: ignore[arg-type]


def _record_found(session: Session, found: int, *, actor: str, now: datetime,
                  complaint_id: int | None = None) -> None:
    if found:
        audit.append(session, actor=actor, action="board.party_match_found", at=now,
                     complaint_id=complaint_id,
                     summary=f"{found} possible match(es) of a Board member and a party "
                             "found, for the City Clerk to decide (§ 2-83(h)(1))",
                     detail={"found": found})


def find_for_complaint(session: Session, complaint_id: int, *, actor: str,
                       now: datetime) -> int:
    """At intake (a complaint filed, a witness recorded): the Board members whose names may be
    one of the complaint's parties, kept undecided for the Clerk; audited. Returns how many."""
    found = _find(session, _board_people(session), _parties(session, [complaint_id]), now=now)
    _record_found(session, found, actor=actor, now=now, complaint_id=complaint_id)
    return found


def find_for_member(session: Session, member_id: int, *, actor: str, now: datetime) -> int:
    """When a member is put on the roster: the parties of every filed complaint whose names may
    be the member's, kept undecided for the Clerk; audited. Returns how many."""
    member = session.get(BoardMember, member_id)
    if member is None or member.is_staff:
        return 0
    found = _find(session, [BoardPerson(member.name, member_id=member.id)],
                  _parties(session, _filed(session)), now=now)
    _record_found(session, found, actor=actor, now=now)
    return found


def find_for_account(session: Session, account_id: int, *, actor: str, now: datetime) -> int:
    """When an account of a Board role is made: as :func:`find_for_member`, for the account."""
    row = session.get(StaffAccount, account_id)
    if row is None or row.role not in _board_roles():
        return 0
    found = _find(session, [BoardPerson(row.name, account_id=row.id)],
                  _parties(session, _filed(session)), now=now)
    _record_found(session, found, actor=actor, now=now)
    return found


def members_who_may_be_parties(session: Session, complaint_id: int) -> set[int]:
    """The roster members who are, or may be, a complainant, respondent or witness of the
    complaint — recused in its votes (§ 2-85): linked by the Clerk, an undecided possible match,
    or named exactly as a party (unless the Clerk decided that they are not the same person).
    The rule :mod:`ethics_desk.staff.scope` applies to accounts."""
    rows = session.execute(select(PartyLink.board_member_id, PartyLink.party,
                                  PartyLink.party_id, PartyLink.decision).where(
        PartyLink.complaint_id == complaint_id, PartyLink.board_member_id.is_not(None))).all()
    kept = {m for m, _, _, d in rows if d in KEEPS_FROM_THE_CASE}
    not_same = {(m, k, i) for m, k, i, d in rows if d is SamePerson.NOT_SAME}
    names = [(k, i, fold(n)) for _, k, i, n in _parties(session, [complaint_id])]
    for member_id, name in session.execute(select(BoardMember.id, BoardMember.name_folded)
                                           .where(BoardMember.is_staff.is_(False))):
        if any(n == name and (member_id, k, i) not in not_same for k, i, n in names):
            kept.add(member_id)
    return {m for m in kept if m is not None}
