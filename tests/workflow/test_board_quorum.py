"""A Board vote needs a quorum of the members on its roster (the office's setting, by default a
majority of those serving on the meeting's date, recused members not counted toward it), and
only those members vote: § 2-83(f) counts "those present", and § 2-83 sets no quorum."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from ethics_desk.board import roster
from ethics_desk.core.errors import RuleError
from ethics_desk.models import BoardRole, BoardVote, CaseState, Disposition, VoteChoice
from ethics_desk.office import settings
from ethics_desk.office.settings import BOARD_QUORUM, BOARD_RECUSED_IN_QUORUM
from ethics_desk.workflow import BallotData, OrderShowCause, Resolve, VoteData
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import (
    EXPLANATION,
    HEARING_AT,
    HEARING_PLACE,
    TODAY,
    awaiting_response,
    seat_board,
)
from tests.conftest import CLOCK, NOW
from tests.factories import CLERK
from tests.workflow.helpers import case

ELEVEN = ("Ana Gómez", "Bảo Trần", "Chris Ortiz", "Dolores Huerta-Núñez", "Eero Väänänen",
          "Farah Al-Sayed", "Gus Ybarra", "Hiroshi Tanaka", "Inés Zubiri", "Jamal Carter",
          "Kateřina Nováková")


def _vote(*choices: tuple[str, VoteChoice], on: date = TODAY) -> VoteData:
    return VoteData(on, tuple(BallotData(name, choice) for name, choice in choices),
                    is_record_vote=False)


def _order(controller: WorkflowController, case_id: int, vote: VoteData) -> object:
    return controller.fire(case_id, OrderShowCause(vote=vote, explanation=EXPLANATION,
                                                   hearing_at=HEARING_AT, place=HEARING_PLACE))


def _eleven(controller: WorkflowController) -> int:
    case_id = awaiting_response(controller)
    seat_board(controller.database, ELEVEN)
    return case_id


def _votes(controller: WorkflowController) -> list[BoardVote]:
    with controller.database.read_session() as session:
        return list(session.scalars(select(BoardVote)))


def test_a_show_cause_order_with_one_member_present_is_refused_for_want_of_a_quorum(
        controller: WorkflowController) -> None:
    case_id = _eleven(controller)
    with pytest.raises(RuleError) as refused:
        _order(controller, case_id, _vote(("Ana Gómez", VoteChoice.YES)))
    assert str(refused.value).startswith(
        "The Board had no quorum: 1 member present and taking part (recused members are not "
        "counted) of the 11 members serving; a quorum is 6 (a majority of the 11 serving)")
    assert "§ 2-83(f)(2)" in refused.value.citation
    assert "City Attorney" in refused.value.citation
    assert case(controller.database, case_id).state is CaseState.AWAITING_RESPONSE
    assert _votes(controller) == []


def test_a_ballot_from_a_name_not_on_the_roster_is_refused_naming_it(
        controller: WorkflowController) -> None:
    case_id = _eleven(controller)
    strangers = _vote(("Donald Duck", VoteChoice.YES), ("Mickey Mouse", VoteChoice.YES),
                      *((name, VoteChoice.YES) for name in ELEVEN[:6]))
    with pytest.raises(RuleError, match="“Donald Duck” is not on the Board's roster"):
        _order(controller, case_id, strangers)
    assert _votes(controller) == []


def test_a_member_whose_term_has_not_begun_does_not_vote(controller: WorkflowController) -> None:
    case_id = _eleven(controller)
    roster.add_member(controller.database, "Lupe Morales", role=BoardRole.MEMBER,
                      starts_on=date(2027, 1, 1), account=CLERK, clock=CLOCK)
    with pytest.raises(RuleError, match=f"Lupe Morales does not serve on the Board on "
                                        f"{TODAY.isoformat()}"):
        _order(controller, case_id, _vote(("Lupe Morales", VoteChoice.YES),
                                          *((name, VoteChoice.YES) for name in ELEVEN[:6])))


def test_two_yes_and_nine_recused_is_no_quorum_by_default(controller: WorkflowController) -> None:
    case_id = _eleven(controller)
    nine_recused = _vote(*((name, VoteChoice.YES) for name in ELEVEN[:2]),
                         *((name, VoteChoice.RECUSED) for name in ELEVEN[2:]))
    with pytest.raises(RuleError, match="no quorum: 2 members present and taking part"):
        _order(controller, case_id, nine_recused)
    # The office may count a member present but recused toward the quorum (its setting).
    with controller.database.unit_of_work() as session:
        settings.set_value(session, BOARD_RECUSED_IN_QUORUM, "yes", actor="Maria Clerk", at=NOW)
    _order(controller, case_id, nine_recused)
    assert case(controller.database, case_id).state is CaseState.SHOW_CAUSE
    [stored] = _votes(controller)
    assert "quorum: 6 (a majority of the 11 serving), met by the 11 present" in stored.summary


def test_a_dismissal_by_one_member_is_refused(controller: WorkflowController) -> None:
    case_id = _eleven(controller)
    with pytest.raises(RuleError, match="no quorum: 1 member present") as refused:
        controller.fire(case_id, Resolve(disposition=Disposition.DISMISSED,
                                         vote=_vote(("Ana Gómez", VoteChoice.YES))))
    assert "§ 2-83(d)(4)" in refused.value.citation
    assert case(controller.database, case_id).state is CaseState.AWAITING_RESPONSE


def test_a_quorum_present_decides_and_the_tally_states_every_count(
        controller: WorkflowController) -> None:
    case_id = _eleven(controller)
    six = _vote(*((name, VoteChoice.YES) for name in ELEVEN[:4]), (ELEVEN[4], VoteChoice.NO),
                (ELEVEN[5], VoteChoice.ABSTAIN), (ELEVEN[6], VoteChoice.RECUSED))
    result = _order(controller, case_id, six)
    assert case(controller.database, case_id).state is CaseState.SHOW_CAUSE
    [stored] = _votes(controller)
    assert stored.summary == (
        "Present: 7 of the 11 members serving; recused: 1; quorum: 6 (a majority of the 11 "
        "serving), met by the 6 taking part, recused members not counted; needed: at least 4 "
        "yes votes (two-thirds of the 6 counted as present); cast: 4 yes, 1 no, 1 abstaining "
        "— carried")
    assert stored.summary in result.summary  # type: ignore[attr-defined]


def test_the_office_may_fix_the_quorum(controller: WorkflowController) -> None:
    case_id = _eleven(controller)
    with controller.database.unit_of_work() as session:
        settings.set_value(session, BOARD_QUORUM, 8, actor="Maria Clerk", at=NOW)
    with pytest.raises(RuleError, match=r"a quorum is 8 \(fixed by the office's setting\)"):
        _order(controller, case_id, _vote(*((name, VoteChoice.YES) for name in ELEVEN[:7])))


def test_a_ballot_names_the_member_as_the_roster_spells_it(
        controller: WorkflowController) -> None:
    case_id = _eleven(controller)
    _order(controller, case_id, _vote(("ANA GOMEZ", VoteChoice.YES),
                                      *((name, VoteChoice.YES) for name in ELEVEN[1:6])))
    [stored] = _votes(controller)
    with controller.database.read_session() as session:
        ballots = session.scalars(select(BoardVote).where(BoardVote.id == stored.id)).one().ballots
        assert ballots[0].member_name == "Ana Gómez" and ballots[0].member_id is not None
