"""§ 2-83(g) and the Open Meetings Act through the workflow controller: sanctions only after all
three (g)(1) factors are noted, as the Board's act by its vote (by default the (f)(6) record vote
of two-thirds of those present); a civil penalty's due date, its
payment or waiver, and what is outstanding; a show-cause hearing noticed 72 hours ahead
(Gov't Code § 551.043), and no notice offered for a hearing already past."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

import pytest
from sqlalchemy import select

from ethics_desk.board.sanctions import outstanding_penalties
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.errors import RuleError, UserError
from ethics_desk.documents.kinds import kinds_offered
from ethics_desk.documents.making import render_letter
from ethics_desk.models import (
    BoardAction,
    BoardVote,
    CivilPenalty,
    Complaint,
    Sanction,
    SanctionFactor,
    SanctionKind,
    VoteChoice,
)
from ethics_desk.office import settings
from ethics_desk.office.settings import BOARD_SANCTION_VOTE
from ethics_desk.workflow import (
    BallotData,
    Event,
    ImposeSanctions,
    OrderShowCause,
    RecordPenaltyPayment,
    SanctionData,
    VoteData,
    WaivePenalty,
)
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import (
    EXPLANATION,
    HEARING_AT,
    HEARING_PLACE,
    MEMBERS,
    PENALTY_DUE_ON,
    SANCTION_NOTES,
    awaiting_response,
    frivolous,
    later,
    seat_board,
    show_cause,
    vote,
)
from tests.conftest import CLOCK, NOW, OFFICE_TZ
from tests.factories import CLERK

HEARD = HEARING_AT.date()
PENALTY = SanctionData(SanctionKind.CIVIL_PENALTY, amount_cents=35_000)
DAY_AFTER_THE_HEARING = fixed_clock(datetime(2026, 12, 11, 10, 0, tzinfo=OFFICE_TZ))


def _option(controller: WorkflowController, case_id: int, event: Event) -> tuple[bool, str]:
    found = next(o for o in controller.available_events(case_id) if o.event is event)
    return found.allowed, found.why_not


def _after(controller: WorkflowController) -> WorkflowController:
    return later(controller, HEARING_AT + timedelta(hours=3))


def _sanctions(controller: WorkflowController) -> list[Sanction]:
    with controller.database.read_session() as session:
        return list(session.scalars(select(Sanction)))


def test_a_sanction_is_refused_until_each_of_the_three_g1_factors_is_noted(
        controller: WorkflowController) -> None:
    case_id = frivolous(controller, sanctions=False)
    after = _after(controller)
    two = {SanctionFactor.SERIOUSNESS: "Serious.", SanctionFactor.JUSTICE: "Nothing more.",
           SanctionFactor.DETERRENCE: "   "}
    with pytest.raises(RuleError) as refused:
        after.fire(case_id, ImposeSanctions(sanctions=(PENALTY,), factors_considered=two,
                                            vote=vote(5, on=HEARD),
                                            penalty_due_on=PENALTY_DUE_ON))
    assert refused.value.citation == "§ 2-83(g)(1)"
    assert "not noted: (b) the sanction necessary to deter future violations" in str(refused.value)
    assert _sanctions(controller) == []


def test_sanctions_are_the_boards_act_carried_by_two_thirds_of_those_present_by_default(
        controller: WorkflowController) -> None:
    case_id = frivolous(controller, sanctions=False)
    after = _after(controller)
    def imposed(by: VoteData | None) -> ImposeSanctions:
        return ImposeSanctions(sanctions=(PENALTY,), factors_considered=SANCTION_NOTES,
                               penalty_due_on=PENALTY_DUE_ON, vote=by)

    with pytest.raises(RuleError, match="Record the members present"):
        after.fire(case_id, imposed(None))
    after.fire(case_id, imposed(vote(4, 3, on=HEARD)))  # a majority, not two-thirds of 7
    assert _sanctions(controller) == []  # a failed motion imposes nothing
    after.fire(case_id, imposed(vote(5, 2, on=HEARD)))
    with controller.database.read_session() as session:
        votes = session.scalars(select(BoardVote).where(
            BoardVote.action == BoardAction.SANCTIONS).order_by(BoardVote.id)).all()
        [sanction] = session.scalars(select(Sanction)).all()
        assert [(v.carried, v.required_yes) for v in votes] == [(False, 5), (True, 5)]
        assert sanction.vote_id == votes[-1].id
        assert sanction.imposed_on == HEARD  # the meeting's date
        assert [n.factor for n in sanction.factors] == list(SanctionFactor)


NINE = (*MEMBERS, "Hiroshi Tanaka", "Inés Zubiri")
REPRIMAND = SanctionData(SanctionKind.OTHER, text="A letter of reprimand.")


def _five_to_four(*, record: bool) -> VoteData:
    choices = [VoteChoice.YES] * 5 + [VoteChoice.NO] * 4
    return VoteData(HEARD, tuple(BallotData(n, c) for n, c in zip(NINE, choices, strict=True)),
                    is_record_vote=record)


def test_a_five_to_four_voice_vote_cannot_impose_a_reprimand(
        controller: WorkflowController) -> None:
    # § 2-83(g) is silent on the vote; (f)(6) ties sanctions to its two-thirds record vote,
    # the office's default.
    case_id = frivolous(controller, sanctions=False)
    seat_board(controller.database, NINE)
    after = _after(controller)
    reprimand = ImposeSanctions(sanctions=(REPRIMAND,), factors_considered=SANCTION_NOTES,
                                vote=_five_to_four(record=False))
    with pytest.raises(RuleError, match="needs a record vote") as refused:
        after.fire(case_id, reprimand)
    assert "§ 2-83(f)(6)" in refused.value.citation
    after.fire(case_id, replace(reprimand, vote=_five_to_four(record=True)))  # 6 of 9 needed
    assert _sanctions(controller) == []


def test_the_office_may_let_a_majority_of_those_present_impose_a_sanction(
        controller: WorkflowController) -> None:
    case_id = frivolous(controller, sanctions=False)
    seat_board(controller.database, NINE)
    with controller.database.unit_of_work() as session:
        settings.set_value(session, BOARD_SANCTION_VOTE, "majority", actor="Maria Clerk", at=NOW)
    _after(controller).fire(case_id, ImposeSanctions(
        sanctions=(REPRIMAND,), factors_considered=SANCTION_NOTES,
        vote=_five_to_four(record=False)))
    [sanction] = _sanctions(controller)
    assert sanction.text == "A letter of reprimand."


def test_a_civil_penalty_needs_the_due_date_the_board_set(
        controller: WorkflowController) -> None:
    case_id = frivolous(controller, sanctions=False)
    after = _after(controller)
    with pytest.raises(RuleError) as refused:
        after.fire(case_id, ImposeSanctions(sanctions=(PENALTY,), factors_considered=SANCTION_NOTES,
                                            vote=vote(5, on=HEARD)))
    assert refused.value.citation == "§ 2-83(g)(2)(a)" and "due" in str(refused.value)
    with pytest.raises(RuleError, match="before the meeting that imposed it"):
        after.fire(case_id, ImposeSanctions(sanctions=(PENALTY,), factors_considered=SANCTION_NOTES,
                                            vote=vote(5, on=HEARD),
                                            penalty_due_on=HEARD - timedelta(days=1)))


def test_a_civil_penalty_is_outstanding_until_paid_in_full_and_then_no_longer(
        controller: WorkflowController) -> None:
    case_id = frivolous(controller)
    after = _after(controller)
    [owed] = outstanding_penalties(controller.database, HEARD, account=CLERK)
    assert (owed.complaint_id, owed.amount, owed.due_on) == (case_id, "$350.00", PENALTY_DUE_ON)
    assert owed.status(PENALTY_DUE_ON + timedelta(days=1)) == "Overdue since 2027-01-11"
    with pytest.raises(RuleError) as short:
        after.fire(case_id, RecordPenaltyPayment(paid_on=HEARD, amount_cents=20_000))
    assert str(short.value).startswith("The civil penalty is $350.00; $200.00 was entered")
    with pytest.raises(RuleError, match="before it was imposed"):
        after.fire(case_id, RecordPenaltyPayment(paid_on=HEARD - timedelta(days=1),
                                                 amount_cents=35_000))
    after.fire(case_id, RecordPenaltyPayment(paid_on=HEARD, amount_cents=35_000))
    assert outstanding_penalties(controller.database, HEARD, account=CLERK) == []
    with controller.database.read_session() as session:
        [paid] = session.scalars(select(CivilPenalty)).all()
        assert (paid.paid_on, paid.paid_cents, paid.waived_on) == (HEARD, 35_000, None)
    allowed, why = _option(after, case_id, Event.RECORD_PENALTY_PAYMENT)
    assert not allowed and why == "No civil penalty is outstanding on this case (§ 2-83(g)(2)(a))"


def test_a_waived_civil_penalty_records_by_whom_and_why_and_is_no_longer_outstanding(
        controller: WorkflowController) -> None:
    case_id = frivolous(controller)
    after = _after(controller)
    with pytest.raises(RuleError, match="who waived"):
        after.fire(case_id, WaivePenalty(reason="Hardship."))
    with pytest.raises(RuleError, match="why"):
        after.fire(case_id, WaivePenalty(waived_by="The Ethics Review Board"))
    after.fire(case_id, WaivePenalty(waived_on=HEARD, waived_by="The Ethics Review Board",
                                     reason="The complainant's hardship, shown at the meeting."))
    assert outstanding_penalties(controller.database, HEARD, account=CLERK) == []
    with controller.database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None
        from ethics_desk.board.sanctions import penalties_of

        [line] = penalties_of(session, complaint)
    assert line.status(HEARD) == ("Waived 2026-12-10 by The Ethics Review Board: The "
                                  "complainant's hardship, shown at the meeting.")
    assert not _option(after, case_id, Event.WAIVE_PENALTY)[0]


def test_a_show_cause_hearing_less_than_72_hours_after_the_order_is_refused_with_the_citation(
        controller: WorkflowController) -> None:
    case_id = awaiting_response(controller)
    too_soon = NOW + timedelta(hours=71, minutes=59)
    with pytest.raises(RuleError) as refused:
        controller.fire(case_id, OrderShowCause(
            vote=vote(5, 2, record=False), explanation=EXPLANATION, hearing_at=too_soon,
            place=HEARING_PLACE))
    assert refused.value.citation == "Gov't Code § 551.043; § 2-83(f)(4)(b)"
    assert "at least 72 hours before it" in str(refused.value)
    assert refused.value.fix == "Set the hearing for 2026-12-03 10:00 CST or later."
    with controller.database.read_session() as session:
        assert session.scalars(select(BoardVote)).all() == []
    controller.fire(case_id, OrderShowCause(
        vote=vote(5, 2, record=False), explanation=EXPLANATION,
        hearing_at=NOW + timedelta(hours=72), place=HEARING_PLACE))


def test_the_show_cause_notice_is_not_offered_for_a_hearing_already_past(
        controller: WorkflowController) -> None:
    case_id = show_cause(controller)
    database = controller.database
    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None
        before = [kind for kind, _rule in kinds_offered(session, complaint, NOW)]
        after = [kind for kind, _rule in kinds_offered(session, complaint,
                                                        HEARING_AT + timedelta(minutes=1))]
    assert "show-cause-order" in before and "show-cause-order" not in after
    assert render_letter(database, case_id, "show-cause-order", account=CLERK, clock=CLOCK)
    with pytest.raises(UserError) as refused:
        render_letter(database, case_id, "show-cause-order", account=CLERK,
                      clock=DAY_AFTER_THE_HEARING)
    assert "December 10, 2026, at 5:30 p.m. CST, which is past" in str(refused.value)
    assert "Gov't Code § 551.043" in str(refused.value)


def test_the_determination_gives_the_civil_penalty_with_the_date_it_is_to_be_paid_by(
        controller: WorkflowController) -> None:
    from tests.documents.render.helpers import flat, text_of

    case_id = frivolous(controller)
    text = flat(text_of(render_letter(controller.database, case_id, "frivolous-determination",
                                      account=CLERK, clock=DAY_AFTER_THE_HEARING)))
    assert "$350.00, to be paid by January 11, 2027" in text
