"""The Board's steps end to end: show cause, hearing, the (f)(6) vote, sanctions, resolution."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import RuleError
from ethics_desk.models import CaseState, Disposition, Sanction, SanctionFactor, SanctionKind
from ethics_desk.workflow import (
    Event,
    ImposeSanctions,
    RecordFrivolousVote,
    RecordShowCauseHearing,
    Resolve,
    SanctionData,
)
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import (
    HEARING_AT,
    PENALTY_DUE_ON,
    SANCTION_NOTES,
    frivolous,
    later,
    show_cause,
    vote,
)
from tests.board_cases import awaiting_response as awaiting_response_case
from tests.workflow.helpers import case


def _allowed(controller: WorkflowController, case_id: int, event: Event) -> bool:
    return next(o for o in controller.available_events(case_id) if o.event is event).allowed


def test_a_complaint_in_show_cause_can_be_resolved_without_an_f6_vote(
        controller: WorkflowController) -> None:
    case_id = show_cause(controller)
    assert _allowed(controller, case_id, Event.RESOLVE)
    controller.fire(case_id, Resolve(disposition=Disposition.DISMISSED,
                                     notes="Dismissed before any (f)(6) vote."))
    assert case(controller.database, case_id).state is CaseState.RESOLVED


def test_after_a_failed_f6_vote_the_complaint_is_resolved_on_its_merits(
        controller: WorkflowController) -> None:
    case_id = show_cause(controller)
    after = later(controller, HEARING_AT.replace(hour=20))
    heard = HEARING_AT.date()
    after.fire(case_id, RecordShowCauseHearing(held_on=heard, appeared="The complainant"))
    after.fire(case_id, RecordFrivolousVote(vote=vote(4, 3, on=heard)))  # 7 present need 5
    assert case(controller.database, case_id).state is CaseState.AWAITING_RESPONSE
    assert _allowed(after, case_id, Event.RESOLVE)
    after.fire(case_id, Resolve(disposition=Disposition.NO_VIOLATION))
    assert case(controller.database, case_id).state is CaseState.RESOLVED


def test_a_civil_penalty_over_500_dollars_is_refused_with_the_citation_and_the_fix(
        controller: WorkflowController) -> None:
    case_id = frivolous(controller, sanctions=False)
    after = later(controller, HEARING_AT.replace(hour=20))
    with pytest.raises(RuleError) as refused:
        after.fire(case_id, ImposeSanctions(
            sanctions=(SanctionData(SanctionKind.CIVIL_PENALTY, amount_cents=75_000),),
            factors_considered=SANCTION_NOTES, vote=vote(4, 3, on=HEARING_AT.date()),
            penalty_due_on=PENALTY_DUE_ON))
    assert str(refused.value) == ("A civil penalty may not exceed $500.00; $750.00 was entered "
                                  "(§ 2-83(g)(2)(a)) Enter $500.00 or less.")
    assert refused.value.citation == "§ 2-83(g)(2)(a)"
    with controller.database.read_session() as session:
        assert list(session.scalars(select(Sanction))) == []


def test_a_disposition_by_the_boards_vote_needs_a_majority_and_takes_the_meetings_date(
        controller: WorkflowController) -> None:
    from datetime import date

    from ethics_desk.models import BoardAction, BoardVote, Decision

    case_id = awaiting_response_case(controller)
    meeting = date(2026, 11, 24)
    controller.fire(case_id, Resolve(disposition=Disposition.NO_VIOLATION,
                                     vote=vote(3, 3, on=meeting, record=False)))  # 6 need 4
    assert case(controller.database, case_id).state is CaseState.AWAITING_RESPONSE
    controller.fire(case_id, Resolve(disposition=Disposition.NO_VIOLATION,
                                     vote=vote(4, 3, on=meeting, record=False)))  # 7 need 4
    assert case(controller.database, case_id).state is CaseState.RESOLVED
    with controller.database.read_session() as session:
        votes = session.scalars(select(BoardVote).order_by(BoardVote.id)).all()
        decision = session.scalar(select(Decision).where(Decision.complaint_id == case_id)
                                  .order_by(Decision.id.desc()).limit(1))
    assert [(v.action, v.carried, v.required_yes) for v in votes] == [
        (BoardAction.DISPOSITION, False, 4), (BoardAction.DISPOSITION, True, 4)]
    assert "(a majority of the 7 counted as present)" in votes[1].summary
    assert decision is not None and decision.decided_on == meeting


def test_the_notes_on_the_sanction_factors_are_stored_and_read_back_as_entered(
        controller: WorkflowController) -> None:
    from ethics_desk.documents.builders.board import sanction_factors

    case_id = frivolous(controller, sanctions=False)
    after = later(controller, HEARING_AT.replace(hour=20))
    notes = {SanctionFactor.SERIOUSNESS: "Groundless: see exhibit 3.\nseriousness: as said.",
             SanctionFactor.JUSTICE: "deterrence: not needed here.",
             SanctionFactor.DETERRENCE: "A reprimand suffices."}
    after.fire(case_id, ImposeSanctions(
        sanctions=(SanctionData(SanctionKind.CIVIL_PENALTY, amount_cents=10_000),
                   SanctionData(SanctionKind.OTHER, text="A letter of reprimand.")),
        factors_considered=notes, vote=vote(5, 2, on=HEARING_AT.date()),
        penalty_due_on=PENALTY_DUE_ON))
    with controller.database.read_session() as session:
        sanctions = session.scalars(select(Sanction).order_by(Sanction.id)).all()
        stored = [[(n.factor, n.note) for n in s.factors] for s in sanctions]
        letter = [(f.citation, f.note) for f in sanction_factors(sanctions[-1])]
    entered = [(f, notes[f]) for f in SanctionFactor]  # in the statute's order
    assert stored == [entered, entered]
    assert letter == [("§ 2-83(g)(1)(a)", notes[SanctionFactor.SERIOUSNESS]),
                      ("§ 2-83(g)(1)(b)", notes[SanctionFactor.DETERRENCE]),
                      ("§ 2-83(g)(1)(c)", notes[SanctionFactor.JUSTICE])]


@pytest.mark.parametrize("action", ["show_cause", "disposition"])
def test_a_board_vote_is_counted_by_the_rule_of_the_action_it_decides(
        controller: WorkflowController, action: str) -> None:
    from ethics_desk.models import BoardAction, BoardVote
    from ethics_desk.workflow import OrderShowCause
    from tests.board_cases import EXPLANATION, HEARING_PLACE

    decides = BoardAction(action)
    case_id = awaiting_response_case(controller)
    four_of_seven = vote(4, 3, record=False)  # a majority, but less than two-thirds
    if decides is BoardAction.SHOW_CAUSE:
        controller.fire(case_id, OrderShowCause(
            vote=four_of_seven, explanation=EXPLANATION, place=HEARING_PLACE,
            hearing_at=HEARING_AT))
    else:
        controller.fire(case_id, Resolve(disposition=Disposition.NO_VIOLATION,
                                         vote=four_of_seven))
    with controller.database.read_session() as session:
        [stored] = session.scalars(select(BoardVote)).all()
    assert stored.action is decides
    assert stored.required_yes == decides.vote_rule.required(7)
    assert stored.carried is (decides.vote_rule.required(7) <= 4)
    assert stored.carried is (decides is BoardAction.DISPOSITION)
