"""A party is a person, not a spelling: a Board member who is, or may be, a party of a complaint
does not receive it until the City Clerk decides (§ 2-83(h)(1))."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest
from sqlalchemy import select

from ethics_desk.board import party_links, roster
from ethics_desk.core.account import Account
from ethics_desk.core.errors import NotAllowed, RuleError, UserError
from ethics_desk.core.permissions import ACT_ROLES, Act
from ethics_desk.core.roles import Role
from ethics_desk.models import (
    AuditRecord,
    BoardRole,
    CaseParty,
    Complaint,
    PartyLink,
    VoteChoice,
)
from ethics_desk.staff.accounts import add_account, list_accounts
from ethics_desk.staff.scope import case_condition, receives
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Accept, BallotData, ForwardToBoard, OrderShowCause, VoteData
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import EXPLANATION, FACTORS, HEARING_AT, HEARING_PLACE, seat_board
from tests.conftest import CLOCK, NOW
from tests.core.test_names import SPELLINGS
from tests.factories import CLERK, complete_intake, reviewed_case
from tests.signing_in import ADMINISTRATOR, PASSWORD, account_of

SPELLED_ALIKE = {"José Peña", "JOSE PENA", "Jose\u00a0Pena"}
"""The three spellings of the finding that folding alone already recognised."""


def _before_the_board(controller: WorkflowController, respondent: str) -> int:
    """A complaint against ``respondent`` by Ruth Alvarado, forwarded to the Board
    (§ 2-83(d)(3))."""
    intake = complete_intake()
    intake = replace(intake, complainant=replace(intake.complainant, name="Ruth Alvarado"),
                     respondents=[replace(intake.respondents[0], name=respondent)])
    case = reviewed_case(controller, intake=intake)
    controller.fire(case, Accept())
    controller.fire(case, ForwardToBoard())
    return case


def _member_account(database: Database, name: str, login: str = "jpena") -> Account:
    account_of(database, Role.CLERK)  # the first Administrator and the Clerk
    admin = next(a for a in list_accounts(database) if a.login == ADMINISTRATOR)
    return add_account(database, login, name, Role.MEMBER, f"first {PASSWORD}", by=admin,
                       clock=CLOCK)


def _receives(database: Database, account: Account, case_id: int) -> bool:
    """Whether the account receives the case, by the SQL condition and by the per-case rule,
    which must agree."""
    with database.read_session() as session:
        by_sql = session.scalar(select(Complaint.id).where(
            Complaint.id == case_id, case_condition(account))) is not None
        complaint = session.get(Complaint, case_id)
        assert complaint is not None
        assert receives(session, account, complaint) == by_sql
    return by_sql


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_a_member_does_not_receive_the_complaint_against_them_however_it_is_spelled(
        database: Database, controller: WorkflowController, spelling: str) -> None:
    member = _member_account(database, "Jose Pena")
    case = _before_the_board(controller, spelling)
    assert not _receives(database, member, case)
    clerk = account_of(database, Role.CLERK)
    pending = party_links.pending_matches(database, account=clerk)
    assert [(m.party, m.person.account_id) for m in pending] == [
        (CaseParty.RESPONDENT, member.account_id)]


def test_the_member_put_on_the_roster_or_given_an_account_later_is_flagged_then(
        database: Database, controller: WorkflowController) -> None:
    case = _before_the_board(controller, "Dr. José A. Peña Jr.")
    roster.add_member(database, "Pena, Jose", role=BoardRole.MEMBER, starts_on=date(2024, 1, 1),
                      account=CLERK, clock=CLOCK)
    roster.add_member(database, "Ben Ortiz", role=BoardRole.MEMBER, starts_on=date(2024, 1, 1),
                      account=CLERK, clock=CLOCK)
    member = _member_account(database, "Joe Pena")
    with database.read_session() as session:
        voters = roster.voters_for(session, case, NOW.date())
    assert {v.name: v.is_party for v in voters} == {"Pena, Jose": True, "Ben Ortiz": False}
    assert not _receives(database, member, case)
    clerk = account_of(database, Role.CLERK)
    pending = party_links.pending_matches(database, account=clerk)
    assert sorted(m.person.described for m in pending) == ["Joe Pena (account)",
                                                           "Pena, Jose (roster)"]
    with database.read_session() as session:
        actions = list(session.scalars(select(AuditRecord.action)))
    assert actions.count("board.party_match_found") == 2


def test_the_clerks_decision_lets_another_person_receive_the_case_and_keeps_the_party_out(
        database: Database, controller: WorkflowController) -> None:
    member = _member_account(database, "Jose Pena")
    namesake = _member_account(database, "J. Pena", login="jpena2")
    case = _before_the_board(controller, "Jose A. Pena")
    clerk = account_of(database, Role.CLERK)
    pending = {m.person.account_id: m for m in party_links.pending_matches(database,
                                                                           account=clerk)}
    party_links.decide_same_person(database, pending[member.account_id].link_id, account=clerk,
                                   clock=CLOCK)
    party_links.decide_not_same_person(database, pending[namesake.account_id].link_id,
                                       account=clerk, clock=CLOCK)
    assert not _receives(database, member, case)
    assert _receives(database, namesake, case)
    assert party_links.pending_matches(database, account=clerk) == []
    with database.read_session() as session:
        decisions = list(session.scalars(select(AuditRecord).where(
            AuditRecord.action == "board.party_decision")))
    assert {d.actor for d in decisions} == {clerk.display}
    assert any(" is not " in d.summary for d in decisions)


def test_an_identical_name_the_clerk_decides_is_another_person_receives_the_case(
        database: Database, controller: WorkflowController) -> None:
    member = _member_account(database, "Jose Pena")
    case = _before_the_board(controller, "José Peña")
    clerk = account_of(database, Role.CLERK)
    [match] = party_links.pending_matches(database, account=clerk)
    assert not _receives(database, member, case)
    party_links.decide_not_same_person(database, match.link_id, account=clerk, clock=CLOCK)
    assert _receives(database, member, case)


def test_the_clerk_links_a_member_to_a_party_whatever_the_names_say(
        database: Database, controller: WorkflowController) -> None:
    member = _member_account(database, "Ann Smith")
    case = _before_the_board(controller, "Ana Gómez de Ruiz")
    assert _receives(database, member, case)
    clerk = account_of(database, Role.CLERK)
    with database.read_session() as session:
        respondent = session.get(Complaint, case).respondents[0].id  # type: ignore[union-attr]
    link = party_links.link_party(database, case, CaseParty.RESPONDENT, respondent,
                                  staff_account_id=member.account_id, account=clerk,
                                  clock=CLOCK)
    assert not _receives(database, member, case)
    assert [m.decision.value for m in party_links.matches_for_case(database, case,
                                                                    account=clerk)] == ["same"]
    party_links.unlink_party(database, link, account=clerk, clock=CLOCK)
    assert _receives(database, member, case)
    assert party_links.matches_for_case(database, case, account=clerk) == []


@pytest.mark.parametrize("role", list(Role))
def test_only_the_clerks_staff_decide_who_is_a_party(database: Database,
                                                     controller: WorkflowController,
                                                     role: Role) -> None:
    _member_account(database, "Jose Pena")
    _before_the_board(controller, "Pena, Jose")
    someone = account_of(database, role)
    if role in ACT_ROLES[Act.LINK_PARTIES]:
        assert len(party_links.pending_matches(database, account=someone)) == 1
        return
    with pytest.raises(NotAllowed, match="City Clerk staff"):
        party_links.pending_matches(database, account=someone)
    with pytest.raises(NotAllowed, match="City Clerk staff"):
        party_links.decide_not_same_person(database, 1, account=someone, clock=CLOCK)
    with pytest.raises(NotAllowed, match="City Clerk staff"):
        party_links.link_party(database, 1, CaseParty.RESPONDENT, 1, staff_account_id=1,
                               account=someone, clock=CLOCK)


def test_a_member_who_may_be_a_party_can_only_be_recorded_as_recused(
        database: Database, controller: WorkflowController) -> None:
    case = _before_the_board(controller, "Jose A. Pena")
    member_id = roster.add_member(database, "Pena, Jose", role=BoardRole.MEMBER,
                                  starts_on=date(2024, 1, 1), account=CLERK, clock=CLOCK)
    others = ("Ana Gómez", "Chris Ortiz", "Gus Ybarra", "Eero Väänänen")
    seat_board(database, others)
    ballots = (BallotData("Pena, Jose", VoteChoice.YES, member_id=member_id),
               *(BallotData(name, VoteChoice.YES) for name in others))
    with pytest.raises(RuleError, match="party to this complaint"):
        controller.fire(case, OrderShowCause(vote=VoteData(NOW.date(), ballots,
                                                           is_record_vote=False),
                                             explanation=EXPLANATION, factors=FACTORS,
                                             hearing_at=HEARING_AT, place=HEARING_PLACE))


def test_a_disposal_destroys_the_matches_that_name_a_party(
        database: Database, controller: WorkflowController) -> None:
    from ethics_desk.retention.disposal import dispose
    from tests.retention.conftest import ELIGIBLE_ON, RECORDS, on, resolved_case

    _member_account(database, "Jose Pena")
    case = resolved_case(controller)  # the complainant is José Peña
    with database.read_session() as session:
        assert session.scalars(select(PartyLink.party_name).where(
            PartyLink.complaint_id == case)).all() == ["José Peña"]
    entry = dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    assert entry.destroyed["Board members found or linked as parties"] == 1
    with database.read_session() as session:
        assert session.scalars(select(PartyLink).where(PartyLink.complaint_id == case)).all() == []


def test_a_link_taken_back_from_a_possible_match_waits_for_the_clerk_again(
        database: Database, controller: WorkflowController) -> None:
    member = _member_account(database, "Jose Pena")
    case = _before_the_board(controller, "J. Pena")
    clerk = account_of(database, Role.CLERK)
    [match] = party_links.pending_matches(database, account=clerk)
    party_links.decide_not_same_person(database, match.link_id, account=clerk, clock=CLOCK)
    assert _receives(database, member, case)
    party_links.unlink_party(database, match.link_id, account=clerk, clock=CLOCK)
    assert [m.link_id for m in party_links.pending_matches(database, account=clerk)] == [
        match.link_id]
    assert not _receives(database, member, case)


def test_only_a_board_member_and_a_party_of_that_complaint_can_be_linked(
        database: Database, controller: WorkflowController) -> None:
    case = _before_the_board(controller, "Ana Gómez de Ruiz")
    clerk = account_of(database, Role.CLERK)
    with database.read_session() as session:
        complainant = session.get(Complaint, case).complainants[0].id  # type: ignore[union-attr]
    records = account_of(database, Role.RECORDS)
    with pytest.raises(UserError, match="neither the Board's nor the Clerk's staff's"):
        party_links.link_party(database, case, CaseParty.COMPLAINANT, complainant,
                               staff_account_id=records.account_id, account=clerk, clock=CLOCK)
    with pytest.raises(UserError, match="cannot decide whether you are a party"):
        party_links.link_party(database, case, CaseParty.COMPLAINANT, complainant,
                               staff_account_id=clerk.account_id, account=clerk, clock=CLOCK)
    member = _member_account(database, "Ann Smith")
    with pytest.raises(UserError, match="not on this complaint"):
        party_links.link_party(database, case, CaseParty.WITNESS, complainant,
                               staff_account_id=member.account_id, account=clerk, clock=CLOCK)
    with pytest.raises(UserError, match="Choose one Board member"):
        party_links.link_party(database, case, CaseParty.COMPLAINANT, complainant,
                               account=clerk, clock=CLOCK)
