"""Entering a Board vote: the members serving on the meeting date, a party who cannot vote, and
the result by two-thirds of those present (§ 2-83(f)(2), (f)(6)) with the quorum of the members
serving (the office's setting) shown as it is entered."""

from __future__ import annotations

from datetime import date

import pytest
from pytestqt.qtbot import QtBot

from ethics_desk.board import roster
from ethics_desk.board.roster import Voter
from ethics_desk.core.vote_count import quorum_of, tally, two_thirds_of
from ethics_desk.models import BoardAction, BoardRole, VoteChoice, VoteRule
from ethics_desk.storage.database import Database
from ethics_desk.ui.case.vote_entry import VoteEntry, voters_loader
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK, filed_case

MEETING = date(2026, 11, 30)
FIFTEEN = [Voter(number, f"Member {number:02d}", BoardRole.MEMBER, False)
           for number in range(1, 16)]


def _entry(qtbot: QtBot, voters: list[Voter], **options: object) -> VoteEntry:
    entry = VoteEntry(lambda _day: voters, MEETING, **options)  # type: ignore[arg-type]
    qtbot.addWidget(entry)
    return entry


@pytest.mark.parametrize("present", range(8, 16))
def test_the_result_is_two_thirds_of_those_present_with_recusals_and_absences(
        qtbot: QtBot, present: int) -> None:
    # Of fifteen members, ``present`` attend and vote (at least the quorum of 8), up to two
    # more attend but recuse, the rest are absent: only those present and not recused are
    # counted.
    entry = _entry(qtbot, FIFTEEN)
    required = two_thirds_of(present)
    names = [v.name for v in FIFTEEN]
    voting, recusing = names[:present], names[present:present + 2]
    for name in voting[:required - 1]:
        entry.set_choice(name, VoteChoice.YES)
    for name in voting[required - 1:]:
        entry.set_choice(name, VoteChoice.NO)
    for name in recusing:
        entry.set_choice(name, VoteChoice.RECUSED)
    short = entry.result()
    assert short is not None and not short.carried
    assert short.present == present and short.recused == len(recusing)
    entry.set_choice(voting[required - 1], VoteChoice.YES)  # one more yes carries it
    result = entry.result()
    assert result is not None and result.carried and result.yes == required
    assert entry.result_line.text() == f"Result: {result.summary}."
    assert f"at least {required} yes vote" in entry.result_line.text()
    assert f"(two-thirds of the {present} counted as present)" in entry.result_line.text()
    assert f"recused: {len(recusing)}; quorum: 8 (a majority of the 15 serving), met" \
        in result.summary
    vote = entry.value()
    assert len(vote.ballots) == present + len(recusing)  # the absent have no ballot
    assert tally((b.choice for b in vote.ballots), quorum=quorum_of(15)) == result


def test_an_abstention_is_present_and_weighs_like_a_no(qtbot: QtBot) -> None:
    entry = _entry(qtbot, FIFTEEN[:3])
    entry.set_choice("Member 01", VoteChoice.YES)
    entry.set_choice("Member 02", VoteChoice.ABSTAIN)
    assert entry.result_line.text() == (
        "Result: Present: 2 of the 3 members serving; recused: 0; quorum: 2 (a majority of the "
        "3 serving), met by the 2 taking part, recused members not counted; needed: at least 2 "
        "yes votes (two-thirds of the 2 counted as present); cast: 1 yes, 0 no, 1 abstaining — "
        "failed.")


def test_a_member_who_is_a_party_is_fixed_to_recused_and_never_votes(qtbot: QtBot) -> None:
    party = Voter(99, "José Peña", BoardRole.VICE_CHAIR, True)
    entry = _entry(qtbot, [party, *FIFTEEN[:2]])
    combo = entry.combo_for("José Peña")
    assert not combo.isEnabled() and combo.currentText() == "Recused"
    assert "party to this complaint" in combo.toolTip()
    entry.everyone_yes()
    entry.set_choice("José Peña", VoteChoice.YES)
    assert combo.currentText() == "Recused"
    combo.setCurrentIndex(1)  # even forced, the ballot stays a recusal
    ballots = {b.member_name: b.choice for b in entry.value().ballots}
    assert ballots == {"José Peña": VoteChoice.RECUSED, "Member 01": VoteChoice.YES,
                       "Member 02": VoteChoice.YES}
    assert entry.result_line.text().startswith("Result: Present: 3 of the 3 members serving; "
                                               "recused: 1;")


def test_nobody_present_is_refused_before_the_vote_is_saved(qtbot: QtBot) -> None:
    entry = _entry(qtbot, FIFTEEN[:3])
    assert "Mark the members present" in entry.result_line.text()
    with pytest.raises(ValueError, match="Mark the members present"):
        entry.value()


def test_the_record_vote_flag_is_fixed_on_where_the_law_requires_it(qtbot: QtBot) -> None:
    optional = _entry(qtbot, FIFTEEN[:3])
    assert optional.record.isEnabled()
    optional.record.setChecked(False)
    optional.everyone_yes()
    assert not optional.value().is_record_vote
    required = _entry(qtbot, FIFTEEN[:3], action=BoardAction.FRIVOLOUS)
    assert required.record.isChecked() and not required.record.isEnabled()
    assert "required by § 2-83(f)(6)" in required.record.text()


def test_changing_the_meeting_date_offers_the_members_serving_on_it(
        qtbot: QtBot, database: Database, controller: WorkflowController) -> None:
    roster.add_member(database, "Alma Reyes", role=BoardRole.CHAIR, starts_on=date(2024, 1, 1),
                     account=CLERK, clock=CLOCK)
    roster.add_member(database, "Ben Ortiz", role=BoardRole.MEMBER, starts_on=date(2024, 1, 1),
                     ends_on=date(2026, 6, 30), account=CLERK, clock=CLOCK)
    roster.add_member(database, "José Peña", role=BoardRole.MEMBER, starts_on=date(2026, 7, 1),
                     account=CLERK, clock=CLOCK)
    case_id = filed_case(controller)  # José Peña is the complainant
    entry = VoteEntry(voters_loader(database, case_id, CLERK), MEETING)
    qtbot.addWidget(entry)
    assert [v.label for v, _c in entry.rows] == [
        "Alma Reyes (Chair)", "José Peña — party to this complaint: recused"]
    entry.set_choice("Alma Reyes", VoteChoice.NO)
    entry.set_meeting_on(date(2026, 6, 1))
    assert [v.name for v, _c in entry.rows] == ["Alma Reyes", "Ben Ortiz"]
    assert entry.combo_for("Alma Reyes").currentText() == "No"  # kept across the change
    entry.set_meeting_on(date(2023, 6, 1))
    assert entry.rows == [] and entry.empty.isVisibleTo(entry)
    assert "No Board member serves on 2023-06-01" in entry.empty.text()
    with pytest.raises(ValueError):
        entry.value()


@pytest.mark.parametrize("action", list(BoardAction), ids=str)
def test_the_vote_entry_counts_by_the_rule_of_the_action_it_decides(
        qtbot: QtBot, action: BoardAction) -> None:
    entry = _entry(qtbot, FIFTEEN[:7], action=action)
    for voter, _combo in entry.rows[:4]:
        entry.set_choice(voter.name, VoteChoice.YES)
    for voter, _combo in entry.rows[4:]:
        entry.set_choice(voter.name, VoteChoice.NO)
    result = entry.result()
    assert result is not None and entry.rule is action.vote_rule
    assert result.required == action.vote_rule.required(7)
    assert result.carried is (action.vote_rule.required(7) <= 4)  # a majority, not two-thirds
    assert ("carried" if result.carried else "failed") in entry.result_line.text()
    assert entry.record.isChecked() and entry.record.isEnabled() is not \
        action.record_vote_required


def test_a_vote_without_a_quorum_is_shown_and_refused_before_it_is_saved(qtbot: QtBot) -> None:
    entry = _entry(qtbot, FIFTEEN[:11])
    entry.set_choice("Member 01", VoteChoice.YES)
    entry.set_choice("Member 02", VoteChoice.YES)
    for voter in FIFTEEN[2:11]:
        entry.set_choice(voter.name, VoteChoice.RECUSED)
    result = entry.result()
    assert result is not None and not result.carried and not result.has_quorum
    assert "quorum: 6 (a majority of the 11 serving), not met" in entry.result_line.text()
    assert "the vote cannot be recorded" in entry.result_line.text()
    with pytest.raises(ValueError, match="The Board had no quorum: 2 members present"):
        entry.value()


def test_the_sanctions_vote_follows_the_offices_setting(
        qtbot: QtBot, database: Database, controller: WorkflowController) -> None:
    from ethics_desk.office import settings
    from ethics_desk.office.settings import BOARD_SANCTION_VOTE
    from tests.conftest import NOW

    roster.add_member(database, "Alma Reyes", role=BoardRole.CHAIR, starts_on=date(2024, 1, 1),
                      account=CLERK, clock=CLOCK)
    case_id = filed_case(controller)
    by_default = VoteEntry(voters_loader(database, case_id, CLERK), MEETING,
                           action=BoardAction.SANCTIONS)
    qtbot.addWidget(by_default)
    assert by_default.rule is VoteRule.TWO_THIRDS and not by_default.record.isEnabled()
    assert "§ 2-83(f)(6)" in by_default.record.text()
    with database.unit_of_work() as session:
        settings.set_value(session, BOARD_SANCTION_VOTE, "majority", actor="Maria Clerk", at=NOW)
    relaxed = VoteEntry(voters_loader(database, case_id, CLERK), MEETING, action=BoardAction.SANCTIONS)
    qtbot.addWidget(relaxed)
    assert relaxed.rule is VoteRule.MAJORITY and relaxed.record.isEnabled()
