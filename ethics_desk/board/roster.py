"""The Ethics Review Board's roster, its terms, and the elections list the office keeps.

Who is a member on a given date follows from the terms (§ 2-83(f) counts "those present", so
the vote screens offer the members serving on the meeting date). A member who is, or may be, a
party to a complaint (complainant, respondent or witness; :mod:`ethics_desk.board.party_links`)
is flagged on that case and may only be recorded as recused (§ 2-85; § 2-83(h)); a member put
on the roster is matched against the parties of the filed complaints for the Clerk to decide.
The elections list serves the (f)(3)(a) timing factor: whether an election in which a
respondent is a candidate is pending.

Every change is one transaction with its audit record.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.folding import fold
from ethics_desk.core.permissions import Act
from ethics_desk.models import (
    BoardMember,
    BoardRole,
    BoardTerm,
    Complainant,
    Complaint,
    Election,
    Respondent,
)
from ethics_desk.staff import party_matches
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.party_matches import members_who_may_be_parties
from ethics_desk.staff.scope import case_for
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

"""How each place on the roster is written."""

_ROLE_ORDER = {BoardRole.CHAIR: 0, BoardRole.VICE_CHAIR: 1, BoardRole.MEMBER: 2,
               BoardRole.STAFF: 3}
SINGLE_OFFICES = (BoardRole.CHAIR, BoardRole.VICE_CHAIR)
"""Offices that one person holds at a time."""


@dataclass(frozen=True)
class TermRow:
    """One term of service, as the roster screen lists it."""

    id: int
    role: BoardRole
    starts_on: date
    ends_on: date | None

    @property
    def text(self) -> str:
        """"Chair, 2025-02-01 – (serving)"."""
        end = self.ends_on.isoformat() if self.ends_on else "(serving)"
        return f"{self.role.label}, {self.starts_on.isoformat()} – {end}"


@dataclass(frozen=True)
class MemberRow:
    """A person on the roster with every term, and the place held on the day asked about."""

    id: int
    name: str
    is_staff: bool
    role_today: BoardRole | None
    terms: tuple[TermRow, ...]

    @property
    def status(self) -> str:
        """"Chair" / "Member" / "Former member" / "Not yet serving"."""
        if self.role_today is not None:
            return self.role_today.label
        return "Former member" if self.terms and self.terms[-1].ends_on else "Not serving"


@dataclass(frozen=True)
class Voter:
    """A member serving on a meeting date, for a vote on one case."""

    member_id: int
    name: str
    role: BoardRole
    is_party: bool
    """True when the member is, or may be (the Clerk has not decided), a complainant, respondent
    or witness of the case: recused, never voting."""

    @property
    def label(self) -> str:
        """The name with the office and, for a party, the flag."""
        office = "" if self.role is BoardRole.MEMBER else f" ({self.role.label})"
        flag = " — party to this complaint: recused" if self.is_party else ""
        return f"{self.name}{office}{flag}"


@dataclass(frozen=True)
class ElectionRow:
    """An election on the office's list."""

    id: int
    held_on: date
    name: str
    candidates: str

    def has_candidate(self, name: str) -> bool:
        """True when ``name`` is on this election's list of candidates (case and accents aside)."""
        key = fold(name)
        return bool(key) and any(fold(c) == key for c in _split_candidates(self.candidates))


def _split_candidates(text: str) -> list[str]:
    return [c.strip() for c in text.replace(";", "\n").splitlines() if c.strip()]


# -- reading --


def roster(session: Session, day: date) -> list[MemberRow]:
    """Everyone on the roster: those serving on ``day`` first (Chair, Vice Chair, members), then
    the others, each by name."""
    members = session.scalars(select(BoardMember).options(selectinload(BoardMember.terms))).all()
    rows = [MemberRow(m.id, m.name, m.is_staff, m.role_on(day),
                      tuple(TermRow(t.id, t.role, t.starts_on, t.ends_on) for t in m.terms))
            for m in members]
    return sorted(rows, key=lambda r: (r.role_today is None,
                                       _ROLE_ORDER.get(r.role_today, 9) if r.role_today else 9,
                                       fold(r.name)))


def members_on(session: Session, day: date) -> list[MemberRow]:
    """The Board members (not staff) serving on ``day``: Chair, Vice Chair, then by name."""
    return [r for r in roster(session, day)
            if r.role_today is not None and r.role_today is not BoardRole.STAFF
            and not r.is_staff]


def party_names(complaint: Complaint) -> set[str]:
    """The folded names of the complaint's complainants and respondents."""
    parties: list[Complainant | Respondent] = [*complaint.complainants, *complaint.respondents]
    return {fold(p.name) for p in parties}


def voters_for(session: Session, complaint_id: int, day: date) -> list[Voter]:
    """The members who may be present for a vote on this case on ``day``, parties flagged: a
    member linked to a party, a possible match the Clerk has not decided, or a party's name
    (:func:`~ethics_desk.board.party_links.members_who_may_be_parties`)."""
    return _voters(session, _parties_of(session, complaint_id), day)


def _parties_of(session: Session, complaint_id: int) -> set[int]:
    """The members who are, or may be, parties to the complaint (refused if it is missing)."""
    complaint = session.get(Complaint, complaint_id)
    if complaint is None:
        raise UserError("That complaint is not in the database.", "Reopen it from the inbox.")
    return members_who_may_be_parties(session, complaint.id)


def _voters(session: Session, parties: set[int], day: date) -> list[Voter]:
    """The members serving on ``day``, each flagged if among ``parties``."""
    voters: list[Voter] = []
    for row in members_on(session, day):
        assert row.role_today is not None
        voters.append(Voter(row.id, row.name, row.role_today, row.id in parties))
    return voters


def members_who_are_parties(session: Session, complaint_id: int, day: date) -> list[Voter]:
    """The serving members who are parties to the complaint (flagged on the case); the roster
    is read only when some member is, or may be, a party (most cases have none)."""
    parties = _parties_of(session, complaint_id)
    return [v for v in _voters(session, parties, day) if v.is_party] if parties else []


def elections(session: Session) -> list[ElectionRow]:
    """The elections on the office's list, soonest first."""
    return [ElectionRow(e.id, e.held_on, e.name, e.candidates)
            for e in session.scalars(select(Election).order_by(Election.held_on, Election.id))]


def pending_elections_for(session: Session, names: list[str], day: date) -> list[ElectionRow]:
    """Elections on or after ``day`` in which any of ``names`` is a candidate (f)(3)(a)."""
    return [e for e in elections(session)
            if e.held_on >= day and any(e.has_candidate(n) for n in names)]


# -- read for the window (each its own read, no session held by the caller) --


def read_roster(database: Database, day: date) -> list[MemberRow]:
    """The roster on ``day`` (:func:`roster`): public, its members appointed by Council."""
    with database.read_session() as session:
        return roster(session, day)


def read_elections(database: Database) -> list[ElectionRow]:
    """The office's list of elections (:func:`elections`), soonest first."""
    with database.read_session() as session:
        return elections(session)


def read_pending_elections(database: Database, names: list[str], day: date) -> list[ElectionRow]:
    """The elections on or after ``day`` in which any of ``names`` is a candidate, § 2-83(f)(3)(a)
    (:func:`pending_elections_for`): the office's public list, no case read."""
    with database.read_session() as session:
        return pending_elections_for(session, names, day)


@case_reader("Reading who may vote on a case")
def case_voters(database: Database, case_id: int, day: date, *,
                account: Account) -> list[Voter]:
    """The members serving on ``day`` who may vote on the case, its parties flagged, § 2-83(h)
    (:func:`voters_for`), for an account that may see the case."""
    with database.read_session() as session:
        case_for(session, account, case_id)
        return voters_for(session, case_id, day)


@case_reader("Reading which Board members are parties to a case")
def case_party_members(database: Database, case_id: int, day: date, *,
                       account: Account) -> list[Voter]:
    """The serving members who are parties to the case (:func:`members_who_are_parties`)."""
    with database.read_session() as session:
        case_for(session, account, case_id)
        return members_who_are_parties(session, case_id, day)


# -- changing --


def _check_dates(starts_on: date, ends_on: date | None) -> None:
    if ends_on is not None and ends_on < starts_on:
        raise UserError(f"A term cannot end ({ends_on.isoformat()}) before it starts "
                        f"({starts_on.isoformat()}).", "Check the two dates.")


def _overlaps(a_start: date, a_end: date | None, b_start: date, b_end: date | None) -> bool:
    return (a_end is None or b_start <= a_end) and (b_end is None or a_start <= b_end)


def _check_term(session: Session, member: BoardMember, role: BoardRole, starts_on: date,
                ends_on: date | None, *, ignore_term: int | None = None) -> None:
    _check_dates(starts_on, ends_on)
    for term in member.terms:
        if term.id != ignore_term and _overlaps(term.starts_on, term.ends_on, starts_on, ends_on):
            raise UserError(f"{member.name} already has a term from {term.starts_on.isoformat()}"
                            f" that overlaps these dates.",
                            "End that term first (the day before the new one starts).")
    if role in SINGLE_OFFICES:
        others = session.scalars(select(BoardTerm).options(selectinload(BoardTerm.member)).where(
            BoardTerm.role == role, BoardTerm.member_id != member.id)).all()
        for term in others:
            if term.id != ignore_term and _overlaps(term.starts_on, term.ends_on, starts_on,
                                                    ends_on):
                raise UserError(f"{term.member.name} is {role.label} from "
                                f"{term.starts_on.isoformat()}; the Board has one "
                                f"{role.label} at a time.",
                                f"End {term.member.name}'s term as {role.label} first.")


@service(Act.MANAGE_BOARD, "Putting a member on the Board's roster")
def add_member(database: Database, name: str, *, role: BoardRole, starts_on: date,
               ends_on: date | None = None, account: Account, clock: Clock) -> int:
    """Put a person on the roster with a first term; returns the member's id."""
    clean = " ".join(name.split())
    if not clean:
        raise UserError("A member needs a name.", "Type the member's full name.")
    with database.unit_of_work() as session:
        existing = session.scalar(select(BoardMember).where(
            BoardMember.name_folded == fold(clean)))
        if existing is not None:
            raise UserError(f"{existing.name} is already on the roster.",
                            "Add a new term to that member instead.")
        member = BoardMember(is_staff=role is BoardRole.STAFF)
        member.set_name(clean)
        member.terms = []
        session.add(member)
        session.flush()
        _check_term(session, member, role, starts_on, ends_on)
        member.terms.append(BoardTerm(role=role, starts_on=starts_on, ends_on=ends_on))
        session.flush()
        now = clock()
        audit.append(session, actor=account.display, action="board.member_add", at=now,
                     summary=f"{clean} added to the Board roster as {role.label} from "
                             f"{starts_on.isoformat()}",
                     detail={"member_id": member.id, "role": role.value,
                             "starts_on": starts_on.isoformat(),
                             "ends_on": ends_on.isoformat() if ends_on else None})
        party_matches.find_for_member(session, member.id, actor=account.display, now=now)
        return member.id


@service(Act.MANAGE_BOARD, "Giving a Board member a term")
def add_term(database: Database, member_id: int, *, role: BoardRole, starts_on: date,
             ends_on: date | None = None, account: Account, clock: Clock) -> None:
    """Give a member a new term (a reappointment, or an office such as Chair)."""
    with database.unit_of_work() as session:
        member = session.get(BoardMember, member_id)
        if member is None:
            raise UserError("That member is no longer on the roster.", "Refresh the roster.")
        _check_term(session, member, role, starts_on, ends_on)
        member.terms.append(BoardTerm(role=role, starts_on=starts_on, ends_on=ends_on))
        audit.append(session, actor=account.display, action="board.term_add", at=clock(),
                     summary=f"{member.name}: term as {role.label} from "
                             f"{starts_on.isoformat()}"
                             + (f" to {ends_on.isoformat()}" if ends_on else ""),
                     detail={"member_id": member.id, "role": role.value,
                             "starts_on": starts_on.isoformat(),
                             "ends_on": ends_on.isoformat() if ends_on else None})


@service(Act.MANAGE_BOARD, "Ending a Board member's term")
def end_term(database: Database, term_id: int, ends_on: date, *, account: Account,
             clock: Clock) -> None:
    """End a term on ``ends_on`` (the last day served)."""
    with database.unit_of_work() as session:
        term = session.get(BoardTerm, term_id)
        if term is None:
            raise UserError("That term is no longer on the roster.", "Refresh the roster.")
        _check_dates(term.starts_on, ends_on)
        term.ends_on = ends_on
        audit.append(session, actor=account.display, action="board.term_end", at=clock(),
                     summary=f"{term.member.name}: term as {term.role.label} ends "
                             f"{ends_on.isoformat()}",
                     detail={"member_id": term.member_id, "term_id": term.id,
                             "ends_on": ends_on.isoformat()})


@service(Act.MANAGE_BOARD, "Adding an election to the list")
def add_election(database: Database, held_on: date, name: str, candidates: str, *,
                 account: Account, clock: Clock) -> int:
    """Add an election to the office's list (candidates one per line or separated by ';')."""
    clean = " ".join(name.split())
    if not clean:
        raise UserError("An election needs a name.", "For example “General Election”.")
    names = _split_candidates(candidates)
    with database.unit_of_work() as session:
        row = Election(held_on=held_on, name=clean, candidates="\n".join(names))
        session.add(row)
        session.flush()
        audit.append(session, actor=account.display, action="board.election_add", at=clock(),
                     summary=f"Election added: {clean} on {held_on.isoformat()} "
                             f"({len(names)} candidate(s))",
                     detail={"election_id": row.id, "candidates": names})
        return row.id


@service(Act.MANAGE_BOARD, "Taking an election off the list")
def remove_election(database: Database, election_id: int, *, account: Account,
                    clock: Clock) -> None:
    """Take an election off the list."""
    with database.unit_of_work() as session:
        row = session.get(Election, election_id)
        if row is None:
            raise UserError("That election is no longer on the list.", "Refresh the list.")
        session.delete(row)
        audit.append(session, actor=account.display, action="board.election_remove", at=clock(),
                     summary=f"Election removed: {row.name} on {row.held_on.isoformat()}",
                     detail={"election_id": election_id})
