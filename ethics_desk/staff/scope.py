"""Which complaints a signed-in person receives: the permission table turned into one query.

§ 2-83(h)(1) keeps everything about a pending complaint — even whether one was filed — from
anyone the statute does not give it to, and § 2-83(d) says who receives it when
(:data:`~ethics_desk.core.permissions.SEES_FROM`). This module is where that rule meets the
database, for every reader alike (the inbox, the case window, the calendar, the mail screen,
the Board packet and every command):

- :func:`case_condition` — the SQL condition on :class:`~ethics_desk.models.Complaint` that
  keeps exactly the complaints an account receives; every query that lists or counts cases
  adds it.
- :func:`receives` — the same rule for one complaint already read (the two agree: a test
  compares them for every role on the demonstration's cases).
- :func:`case_for` — a complaint by id for an account, or the *same*
  :class:`~ethics_desk.core.errors.UserError` a complaint that does not exist gets (and
  :func:`no_such_case` for a number, :func:`ethics_desk.documents.making.find_case`): a person
  who may not see a case cannot tell it exists.

A member of the Ethics Review Board who is a complainant, a respondent or a witness of a
complaint never receives it as a member, and learns of it only from what is sent to them as a
party; nor does a member of the City Clerk's staff
(:data:`~ethics_desk.core.permissions.KEPT_FROM_THEIR_OWN`): the other clerks handle it.
A party is a person, not a spelling: the account is kept from the complaint when the City Clerk
linked it to one of its parties, while a possible match of the names
(:func:`~ethics_desk.core.names.may_be_same_person`) awaits the Clerk's decision, and when its
name, folded (:func:`~ethics_desk.core.folding.fold`), is a party's — unless the Clerk decided
that they are not the same person (:mod:`ethics_desk.board.party_links`).
"""

from __future__ import annotations

from functools import cache, lru_cache

from sqlalchemy import (
    ColumnElement,
    Integer,
    Select,
    String,
    and_,
    bindparam,
    exists,
    false,
    literal,
    or_,
    select,
    true,
)
from sqlalchemy.orm import InstrumentedAttribute, Session, aliased

from ethics_desk.core.account import Account
from ethics_desk.core.errors import UserError
from ethics_desk.core.folding import fold
from ethics_desk.core.permissions import (
    BOARD,
    KEPT_FROM_THEIR_OWN,
    SEES_FROM,
    Reach,
    may_see,
    reach_of,
)
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import CaseParty, CaseState, SamePerson
from ethics_desk.models import (
    Complainant,
    Complaint,
    Deadline,
    PartyLink,
    Respondent,
    StaffAccount,
    Witness,
)

_OPINION_CLOCK = "opinion"
"""The clock § 2-87(a) starts when a complaint is forwarded to the Board under § 2-83(d)(3)
(:class:`~ethics_desk.deadlines.clocks.ClockKind`): a resolved complaint that has it reached
the Board."""

_STATES_BY_REACH: dict[Reach, frozenset[CaseState]] = {
    reach: frozenset(state for state in CaseState if state is not CaseState.RESOLVED
                     and (r := reach_of(state)) is not None and r is reach)
    for reach in Reach
}


def no_such_case(number: str) -> UserError:
    """The one answer for a case that does not exist or that the person may not see."""
    return UserError(f"There is no case {number}.", "Check the number in the inbox.")


def _reached_the_board() -> ColumnElement[bool]:
    # Aliased, so that the subquery is never correlated with a Deadline of the outer query
    # (the calendar's counts select deadlines and add this condition on their complaint).
    opinion = aliased(Deadline)
    return exists().where(opinion.complaint_id == Complaint.id,
                          opinion.clock == _OPINION_CLOCK)


def _named(party: type[Complainant | Respondent | Witness], kind: CaseParty,
           name_folded: ColumnElement[str], account_id: ColumnElement[int],
           complaint_id: ColumnElement[int] | InstrumentedAttribute[int]) -> ColumnElement[bool]:
    """A party of the complaint whose name, folded, is the account's (``name_folded``), unless
    the Clerk decided that they are not the same person."""
    row, link = aliased(party), aliased(PartyLink)
    return exists().where(
        row.complaint_id == complaint_id, row.name_folded == name_folded,
        ~exists().where(link.complaint_id == row.complaint_id, link.party == kind,
                        link.party_id == row.id, link.staff_account_id == account_id,
                        link.decision == SamePerson.NOT_SAME))


def _party_terms(name_folded: ColumnElement[str], account_id: ColumnElement[int],
                 complaint_id: ColumnElement[int] | InstrumentedAttribute[int]
                 ) -> list[ColumnElement[bool]]:
    """The ways the person (their folded name and account id) is, or may be, a party of the
    complaint — any one of them is enough: linked to one of its parties by the Clerk, or found
    to be a possible match the Clerk has not decided, or named exactly as a complainant, a
    respondent or a witness (unless the Clerk decided that they are not the same person)."""
    link = aliased(PartyLink)
    return [exists().where(link.complaint_id == complaint_id,
                           link.staff_account_id == account_id,
                           link.decision.in_((SamePerson.SAME, SamePerson.UNDECIDED))),
            _named(Complainant, CaseParty.COMPLAINANT, name_folded, account_id, complaint_id),
            _named(Respondent, CaseParty.RESPONDENT, name_folded, account_id, complaint_id),
            _named(Witness, CaseParty.WITNESS, name_folded, account_id, complaint_id)]


def _party(name_folded: ColumnElement[str], account_id: ColumnElement[int],
           complaint_id: ColumnElement[int] | InstrumentedAttribute[int]) -> ColumnElement[bool]:
    """Whether the person is, or may be, a party of the complaint (:func:`_party_terms`)."""
    return or_(*_party_terms(name_folded, account_id, complaint_id))


def role_condition(role: Role, name_folded: ColumnElement[str],
                   account_id: ColumnElement[int], *, parties: bool = True
                   ) -> ColumnElement[bool]:
    """The condition on ``Complaint`` that keeps exactly the complaints a person in ``role``
    receives, the person given as SQL expressions (their folded name and account id): the
    application binds them to the signed-in account (:func:`case_condition`), the server to the
    account of the role connected (:mod:`ethics_desk.staff.server_policies`). Deny by
    default: a role the table gives no reach receives none. ``parties=False`` leaves out the
    person's own parties (the server's check on a row a writer adds, which is no one's case
    yet)."""
    start = SEES_FROM.get(role)
    if start is None:
        return false()
    condition: ColumnElement[bool]
    if start is Reach.AT_THE_CLERK and role not in BOARD:
        condition = true()  # the City Clerk's staff: every complaint, drafts included, § 2-83(c)
    else:
        states = [s for reach, group in _STATES_BY_REACH.items() if reach >= start
                  for s in group]
        resolved = Complaint.state == CaseState.RESOLVED
        if start is Reach.BEFORE_THE_BOARD:
            resolved = and_(resolved, _reached_the_board())
        condition = or_(Complaint.state.in_(states), resolved)
    if parties and role in KEPT_FROM_THEIR_OWN:  # no way of being a party, each its own
        # test (a database can then answer each for every complaint at once, instead of all of
        # them for each complaint)
        condition = and_(condition, *(~term for term in _party_terms(name_folded, account_id,
                                                                       Complaint.id)))
    return condition


def case_condition(account: Account) -> ColumnElement[bool]:
    """The condition on ``Complaint`` that keeps exactly the complaints ``account`` receives
    (deny by default: a disabled account receives none)."""
    if account.disabled:
        return false()
    return _condition_of(account.role, fold(account.name), account.account_id)


@lru_cache(maxsize=64)
def _condition_of(role: Role, name_folded: str, account_id: int) -> ColumnElement[bool]:
    """:func:`role_condition` for one person, made once: its subqueries of aliased parties
    take longer to build than the database takes to answer them, and every list, search and
    opened case asks for it. (An expression is never changed once made, so one is shared.)"""
    return role_condition(role, literal(name_folded), literal(account_id))


@cache
def _party_question() -> Select[tuple[bool]]:
    """:func:`_party` as one statement asked with the person and the complaint as parameters
    (``name_folded``, ``account_id``, ``complaint_id``), built once for the same reason."""
    return select(_party(bindparam("name_folded", type_=String()),
                         bindparam("account_id", type_=Integer()),
                         bindparam("complaint_id", type_=Integer())))


def _is_a_party(session: Session, name_folded: str, account_id: int, complaint_id: int) -> bool:
    return bool(session.scalar(_party_question(), {
        "name_folded": name_folded, "account_id": account_id, "complaint_id": complaint_id}))


def is_party(session: Session, account: Account, complaint_id: int) -> bool:
    """Whether the person is, or may be, a complainant, respondent or witness of the complaint
    (the rule of :func:`case_condition`: linked, an undecided possible match, or the same name)."""
    return _is_a_party(session, fold(account.name), account.account_id, complaint_id)


def staff_who_may_be_parties(session: Session, complaint_id: int) -> list[str]:
    """The names of the City Clerk's staff (active accounts) who are, or may be, a party of the
    complaint (:func:`_party`): kept from it, and named in the warning the other clerks see."""
    rows = session.execute(select(StaffAccount.id, StaffAccount.name).where(
        StaffAccount.role.in_(sorted(KEPT_FROM_THEIR_OWN - BOARD)),
        StaffAccount.disabled_at.is_(None)).order_by(StaffAccount.name)).all()
    return [name for account_id, name in rows
            if _is_a_party(session, fold(name), account_id, complaint_id)]


def receives(session: Session, account: Account, complaint: Complaint) -> bool:
    """Whether ``account`` receives ``complaint`` (the rule of :func:`case_condition`)."""
    if account.disabled:
        return False
    reached = bool(session.scalar(select(exists().where(
        Deadline.complaint_id == complaint.id, Deadline.clock == _OPINION_CLOCK))))
    reach = reach_of(complaint.state, reached_the_board=reached)
    party = account.role in KEPT_FROM_THEIR_OWN and is_party(session, account, complaint.id)
    return may_see(account.role, reach, is_party=party)


def case_for(session: Session, account: Account | None, case_id: int) -> Complaint:
    """The complaint with id ``case_id`` if ``account`` receives it (``None``: the
    application's own work, unrestricted), else the answer a missing complaint gets."""
    complaint = session.get(Complaint, case_id)
    if complaint is None or (account is not None and not receives(session, account, complaint)):
        raise UserError(f"There is no complaint with id {case_id}.",
                        "Refresh the list; it may have been discarded.")
    return complaint
