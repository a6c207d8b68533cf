"""Which Board member is a party of a complaint: possible matches, and the City Clerk's decision.

A member of the Ethics Review Board who is a complainant, a respondent or a witness of a
complaint never receives it as a member and never votes on it (§ 2-83(h)(1); § 2-85). A party
is a person, not a spelling, so:

- **Possible matches are found** (:func:`~ethics_desk.core.names.may_be_same_person`: initials,
  titles, suffixes, "Last, First", accents, hyphens, invisible characters, nicknames) when a
  complaint is filed or a witness recorded, when a member is put on the roster and when an
  account of a Board role is made (:mod:`ethics_desk.staff.party_matches`). Each is kept
  *undecided* (:class:`~ethics_desk.models.PartyLink`), and until the Clerk decides, the member
  does not receive the complaint (:mod:`ethics_desk.staff.scope`) and is recorded as recused in
  its votes.
- **The Clerk decides** (:data:`~ethics_desk.core.permissions.Act.LINK_PARTIES`):
  :func:`pending_matches` lists what waits; :func:`decide_same_person` or :func:`link_party`
  (whatever the names say) keeps the member from the complaint for good;
  :func:`decide_not_same_person` lets the member receive it as usual; :func:`unlink_party` takes
  a link back (a possible match is then undecided again). Each decision is one transaction
  with its audit record, naming the signed-in account.

The Board side of a pair is a staff account of a Board role (what decides which complaints the
person receives) or a member on the roster (what decides who votes): the two are separate
records, and each is matched and decided on its own.

The City Clerk's staff are matched the same way (an account of the Clerk's role): a clerk who
is, or may be, a party of a complaint does not receive it either
(:data:`~ethics_desk.core.permissions.KEPT_FROM_THEIR_OWN`). No account decides a match about
itself, nor sees one on a complaint it does not receive: another account decides it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.names import may_be_same_person
from ethics_desk.core.permissions import KEPT_FROM_THEIR_OWN, Act
from ethics_desk.core.vocabulary import CaseParty, SamePerson
from ethics_desk.models import BoardMember, Complaint, PartyLink, StaffAccount
from ethics_desk.staff.acting import service
from ethics_desk.staff.party_matches import BoardPerson, link_of, party_row
from ethics_desk.staff.scope import case_condition
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database


@dataclass(frozen=True)
class PartyMatch:
    """A Board member and a party of a complaint, as the Clerk's list shows them."""

    link_id: int
    complaint_id: int
    case_number: str
    party: CaseParty
    party_id: int
    party_name: str
    person: BoardPerson
    decision: SamePerson

    @property
    def text(self) -> str:
        """"ERB-2026-004: Dr. José A. Peña (Respondent) — Jose Pena (roster): …"."""
        return (f"{self.case_number}: {self.party_name} ({self.party.label}) — "
                f"{self.person.described}: {self.decision.label}")


# -- the Clerk's list and decisions --


def _person_of(session: Session, link: PartyLink) -> BoardPerson:
    if link.staff_account_id is not None:
        account = session.get(StaffAccount, link.staff_account_id)
        return BoardPerson(account.name if account else "?", account_id=link.staff_account_id)
    member = session.get(BoardMember, link.board_member_id)
    return BoardPerson(member.name if member else "?", member_id=link.board_member_id)


def _match(session: Session, link: PartyLink) -> PartyMatch:
    complaint = session.get(Complaint, link.complaint_id)
    number = (complaint.case_number if complaint is not None else None) or "(draft)"
    party = party_row(session, link.party, link.party_id)
    return PartyMatch(link.id, link.complaint_id, number, link.party, link.party_id,
                      party.name if party is not None else link.party_name,
                      _person_of(session, link), link.decision)


@service(Act.LINK_PARTIES, "Deciding whether a Board member is a party")
def pending_matches(database: Database, *, account: Account) -> list[PartyMatch]:
    """The possible matches the Clerk has not decided, oldest case first."""
    with database.read_session() as session:
        links = session.scalars(select(PartyLink).where(
            PartyLink.decision == SamePerson.UNDECIDED, *_theirs_to_decide(account))
            .order_by(PartyLink.complaint_id, PartyLink.id))
        return [_match(session, link) for link in links]


@service(Act.LINK_PARTIES, "Deciding whether a Board member is a party")
def matches_for_case(database: Database, complaint_id: int, *,
                     account: Account) -> list[PartyMatch]:
    """Every pair on one complaint, whatever the decision (the case window's list)."""
    with database.read_session() as session:
        return [_match(session, link) for link in session.scalars(
            select(PartyLink).where(PartyLink.complaint_id == complaint_id,
                                    *_theirs_to_decide(account))
            .order_by(PartyLink.id))]


def _theirs_to_decide(account: Account) -> list[ColumnElement[bool]]:
    """The pairs ``account`` may see and decide: none about itself, and none on a complaint it
    does not receive (of which it cannot tell that it exists, § 2-83(h)(1))."""
    return [or_(PartyLink.staff_account_id.is_(None),
                PartyLink.staff_account_id != account.account_id),
            PartyLink.complaint_id.in_(select(Complaint.id).where(case_condition(account)))]


def _not_about_oneself(link: PartyLink, account: Account) -> None:
    """Refuse an account's decision on a pair that names it."""
    if link.staff_account_id is not None and link.staff_account_id == account.account_id:
        raise UserError("You cannot decide whether you are a party of a complaint.",
                        "Another account of the Clerk's office decides it (Board → May be "
                        "parties); until then the complaint is kept from you (§ 2-83(h)(1)).")


def _decide(session: Session, link: PartyLink, decision: SamePerson, *, account: Account,
            now: datetime, why: str = "") -> None:
    _not_about_oneself(link, account)
    before = link.decision
    link.decision = decision
    link.decided_at = now
    link.decided_by = account.display
    match = _match(session, link)
    verb = {SamePerson.SAME: "is", SamePerson.NOT_SAME: "is not",
            SamePerson.UNDECIDED: "may be"}[decision]
    audit.append(session, actor=account.display, action="board.party_decision",
                 complaint_id=link.complaint_id, at=now,
                 summary=f"{match.person.described} {verb} {match.party_name} "
                         f"({match.party.label.lower()} of {match.case_number})"
                         + (f": {why}" if why else "") + " (§ 2-83(h)(1))",
                 detail={"link_id": link.id, "party": link.party.value,
                         "party_id": link.party_id, "staff_account_id": link.staff_account_id,
                         "board_member_id": link.board_member_id,
                         "before": before.value, "decision": decision.value})


def _row(session: Session, link_id: int) -> PartyLink:
    link = session.get(PartyLink, link_id)
    if link is None:
        raise UserError("That match is no longer on the list.", "Refresh the list.")
    return link


@service(Act.LINK_PARTIES, "Deciding whether a Board member is a party")
def decide_same_person(database: Database, link_id: int, *, account: Account,
                       clock: Clock) -> None:
    """The Clerk decides that the member is the party: the member never receives the
    complaint as a member, and is recorded as recused in its votes."""
    def decide(session: Session) -> None:
        _decide(session, _row(session, link_id), SamePerson.SAME, account=account, now=clock())
    database.write(decide)


@service(Act.LINK_PARTIES, "Deciding whether a Board member is a party")
def decide_not_same_person(database: Database, link_id: int, *, account: Account,
                           clock: Clock) -> None:
    """The Clerk decides that the member is not the party: the member receives the complaint
    as any member does."""
    def decide(session: Session) -> None:
        _decide(session, _row(session, link_id), SamePerson.NOT_SAME, account=account,
                now=clock())
    database.write(decide)


def _board_person(session: Session, staff_account_id: int | None,
                  board_member_id: int | None) -> BoardPerson:
    if (staff_account_id is None) == (board_member_id is None):
        raise UserError("Choose one Board member: an account or a member on the roster.",
                        "Pick the member in the list.")
    if staff_account_id is not None:
        row = session.get(StaffAccount, staff_account_id)
        if row is None or row.role not in KEPT_FROM_THEIR_OWN:
            raise UserError("That account is neither the Board's nor the Clerk's staff's.",
                            "Pick an account of the Chair, the Vice Chair, a member or the "
                            "Clerk's staff.")
        return BoardPerson(row.name, account_id=row.id)
    member = session.get(BoardMember, board_member_id)
    if member is None or member.is_staff:
        raise UserError("That member is not on the Board's roster.", "Refresh the roster.")
    return BoardPerson(member.name, member_id=member.id)


@service(Act.LINK_PARTIES, "Linking a Board member to a party")
def link_party(database: Database, complaint_id: int, party: CaseParty, party_id: int, *,
               staff_account_id: int | None = None, board_member_id: int | None = None,
               account: Account, clock: Clock) -> int:
    """Link a Board member (an account of a Board role, or a member on the roster) to a
    complainant, respondent or witness of the complaint, whatever their names say: the member
    never receives the complaint as a member. Returns the link's id."""
    def link(session: Session) -> int:
        person = _board_person(session, staff_account_id, board_member_id)
        row = party_row(session, party, party_id)
        if row is None or row.complaint_id != complaint_id:
            raise UserError(f"That {party.label.lower()} is not on this complaint.",
                            "Refresh the case.")
        existing = link_of(session, complaint_id, party, party_id, person)
        if existing is None:
            existing = PartyLink(complaint_id=complaint_id, party=party, party_id=party_id,
                                 party_name=row.name, staff_account_id=person.account_id,
                                 board_member_id=person.member_id,
                                 decision=SamePerson.UNDECIDED)
            session.add(existing)
            session.flush()
        _decide(session, existing, SamePerson.SAME, account=account, now=clock())
        return existing.id
    return database.write(link)


@service(Act.LINK_PARTIES, "Linking a Board member to a party")
def unlink_party(database: Database, link_id: int, *, account: Account, clock: Clock) -> None:
    """Take back a link (or a decision): when the names may still be one person the pair is
    undecided again, and the member does not receive the complaint until the Clerk decides;
    otherwise the pair is forgotten."""
    def unlink(session: Session) -> None:
        link = _row(session, link_id)
        _not_about_oneself(link, account)
        person = _person_of(session, link)
        party = party_row(session, link.party, link.party_id)
        name = party.name if party is not None else link.party_name
        if may_be_same_person(person.name, name):
            _decide(session, link, SamePerson.UNDECIDED, account=account, now=clock(),
                    why="link taken back")
            return
        match = _match(session, link)
        session.delete(link)
        audit.append(session, actor=account.display, action="board.party_unlink",
                     complaint_id=match.complaint_id, at=clock(),
                     summary=f"{match.person.described} is no longer linked to "
                             f"{match.party_name} ({match.party.label.lower()} of "
                             f"{match.case_number}) (§ 2-83(h)(1))",
                     detail={"link_id": link_id, "party": match.party.value,
                             "party_id": match.party_id})
    database.write(unlink)
