"""The two-thirds-of-those-present rule of § 2-83(f)(2) and (f)(6), and the Board's quorum (the
office's setting: by default a majority of the members serving, recused members not counted)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ethics_desk.core.vote_count import quorum_of, tally, two_thirds_of
from ethics_desk.models import VoteChoice

EXPECTED_REQUIRED = {1: 1, 2: 2, 3: 2, 4: 3, 5: 4, 6: 4, 7: 5, 8: 6, 9: 6, 10: 7, 11: 8,
                     12: 8, 13: 9, 14: 10, 15: 10}


@pytest.mark.parametrize("present", range(1, 16))
def test_two_thirds_of_those_present_for_every_count_from_1_to_15(present: int) -> None:
    required = EXPECTED_REQUIRED[present]
    assert two_thirds_of(present) == required
    assert 3 * required >= 2 * present > 3 * (required - 1)
    carried = tally([VoteChoice.YES] * required + [VoteChoice.NO] * (present - required))
    failed = tally([VoteChoice.YES] * (required - 1) + [VoteChoice.NO] * (present - required + 1))
    assert carried.carried and not failed.carried
    assert f"at least {required} yes" in carried.summary


@pytest.mark.parametrize("present", range(1, 16))
def test_recused_members_are_not_counted_as_present(present: int) -> None:
    required = two_thirds_of(present)
    result = tally([VoteChoice.YES] * required + [VoteChoice.NO] * (present - required)
                   + [VoteChoice.RECUSED] * 2)
    assert result.present == present and result.recused == 2 and result.carried
    assert "recused: 2;" in result.summary
    assert f"({'two-thirds'} of the {present} counted as present)" in result.summary


@pytest.mark.parametrize("present", range(2, 16))
def test_abstentions_count_as_present_and_weigh_like_no_votes(present: int) -> None:
    required = two_thirds_of(present)
    result = tally([VoteChoice.YES] * (required - 1)
                   + [VoteChoice.ABSTAIN] * (present - required + 1))
    assert result.present == present and not result.carried


def test_absent_members_simply_have_no_ballot() -> None:
    # 15 members, 9 attend: two-thirds of the 9 present, not of the 15.
    result = tally([VoteChoice.YES] * 6 + [VoteChoice.NO] * 3)
    assert result.required == 6 and result.carried
    assert result.summary.startswith("Present: 9; recused: 0; needed: at least 6 yes votes")


def test_nobody_present_carries_nothing() -> None:
    assert not tally([]).carried
    assert not tally([VoteChoice.RECUSED] * 3).carried


@given(st.lists(st.sampled_from(list(VoteChoice)), max_size=40))
def test_a_vote_carries_exactly_when_yes_votes_are_at_least_two_thirds_of_those_present(
        choices: list[VoteChoice]) -> None:
    result = tally(choices)
    present = sum(c is not VoteChoice.RECUSED for c in choices)
    yes = choices.count(VoteChoice.YES)
    assert result.carried == (present > 0 and 3 * yes >= 2 * present)


MAJORITY_REQUIRED = {1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4, 7: 4, 8: 5, 9: 5, 10: 6, 11: 6,
                     12: 7, 13: 7, 14: 8, 15: 8}


@pytest.mark.parametrize("present", range(1, 16))
def test_a_disposition_needs_a_majority_of_those_present_for_every_count_from_1_to_15(
        present: int) -> None:
    from ethics_desk.core.vocabulary import VoteRule
    from ethics_desk.core.vote_count import majority_of

    needed = MAJORITY_REQUIRED[present]
    assert majority_of(present) == needed and 2 * needed > present >= 2 * (needed - 1)
    fails = tally([VoteChoice.YES] * (needed - 1) + [VoteChoice.NO] * (present - needed + 1)
                  + [VoteChoice.RECUSED], VoteRule.MAJORITY)
    carries = tally([VoteChoice.YES] * needed + [VoteChoice.ABSTAIN] * (present - needed),
                    VoteRule.MAJORITY)
    assert not fails.carried and carries.carried
    assert f"(a majority of the {present} counted as present)" in carries.summary
    assert fails.present == present and fails.recused == 1


def test_a_tally_states_present_quorum_recused_needed_and_cast() -> None:
    result = tally([VoteChoice.YES] * 7 + [VoteChoice.NO] * 2 + [VoteChoice.RECUSED],
                   quorum=quorum_of(11))
    assert result.carried and result.has_quorum
    assert result.summary == (
        "Present: 10 of the 11 members serving; recused: 1; quorum: 6 (a majority of the 11 "
        "serving), met by the 9 taking part, recused members not counted; needed: at least 6 "
        "yes votes (two-thirds of the 9 counted as present); cast: 7 yes, 2 no, 0 abstaining "
        "— carried")


@pytest.mark.parametrize("serving", range(1, 16))
def test_the_quorum_is_a_majority_of_the_members_serving(serving: int) -> None:
    quorum = quorum_of(serving)
    assert 2 * quorum.needed > serving >= 2 * (quorum.needed - 1)
    short = tally([VoteChoice.YES] * (quorum.needed - 1), quorum=quorum)
    enough = tally([VoteChoice.YES] * quorum.needed, quorum=quorum)
    assert not short.has_quorum and not short.carried
    assert enough.has_quorum and enough.carried


def test_recused_members_count_toward_the_quorum_only_when_the_office_says_so() -> None:
    choices = [VoteChoice.YES] * 2 + [VoteChoice.RECUSED] * 9
    by_default = tally(choices, quorum=quorum_of(11))
    assert not by_default.has_quorum and not by_default.carried
    assert by_default.no_quorum() == (
        "The Board had no quorum: 2 members present and taking part (recused members are not "
        "counted) of the 11 members serving; a quorum is 6 (a majority of the 11 serving)")
    counted = tally(choices, quorum=quorum_of(11, recused_count=True))
    assert counted.has_quorum and counted.carried
    assert "met by the 11 present" in counted.summary


def test_a_quorum_fixed_by_the_office_replaces_the_majority_of_those_serving() -> None:
    quorum = quorum_of(11, 8)
    assert quorum.needed == 8 and quorum.fixed
    result = tally([VoteChoice.YES] * 7, quorum=quorum)
    assert not result.has_quorum
    assert "quorum: 8 (fixed by the office's setting), not met" in result.summary
