"""Board vote arithmetic: who counts as present, how many yes votes a rule needs, in words.

§ 2-83(f)(2) and (f)(6) need "at least two-thirds (2/3) of those present". For the Board's
other actions on a case (its disposition under (d)(4)) § 2-83 sets no rule, and the ordinary
one applies: a majority — more than half — of those present. A member who recuses takes no
part and is not counted as present for the vote; an abstention is counted as present (it has
the effect of a no). A member who is a party to the complaint must recuse.

Which rule an action needs is the action's own (``BoardAction.vote_rule``); :class:`VoteRule` is
part of the vocabulary and re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ethics_desk.models import VoteChoice, VoteRule


def majority_of(present: int) -> int:
    """The fewest yes votes that are more than half of ``present``."""
    return VoteRule.MAJORITY.required(present)


def two_thirds_of(present: int) -> int:
    """The fewest yes votes that are at least two-thirds of ``present`` (exact integer arithmetic)."""
    return VoteRule.TWO_THIRDS.required(present)


@dataclass(frozen=True)
class VoteResult:
    """The tally of a vote under the two-thirds-of-those-present rule, with the arithmetic."""

    present: int
    recused: int
    yes: int
    no: int
    abstain: int
    required: int
    carried: bool
    rule: VoteRule = VoteRule.TWO_THIRDS

    @property
    def summary(self) -> str:
        """"7 present; at least 5 yes votes needed; 5 yes — carried"."""
        recusal = ""
        if self.recused:
            counted = self.present
            recusal = (f" ({self.recused} recused, not counted; {counted} counted)")
        outcome = "carried" if self.carried else "failed"
        votes = "vote" if self.required == 1 else "votes"
        return (f"{self.present + self.recused} present{recusal}; at least {self.required} yes "
                f"{votes} needed ({self.rule.words} of {self.present}); {self.yes} yes, "
                f"{self.no} no, {self.abstain} abstaining — {outcome}")


__all__ = ["VoteResult", "VoteRule", "majority_of", "tally", "two_thirds_of"]


def tally(choices: Iterable[VoteChoice], rule: VoteRule = VoteRule.TWO_THIRDS) -> VoteResult:
    """Count the votes of the members present (one choice each) under ``rule``."""
    counts = dict.fromkeys(VoteChoice, 0)
    for choice in choices:
        counts[VoteChoice(choice)] += 1
    present = counts[VoteChoice.YES] + counts[VoteChoice.NO] + counts[VoteChoice.ABSTAIN]
    required = rule.required(present)
    carried = present > 0 and counts[VoteChoice.YES] >= required
    return VoteResult(present=present, recused=counts[VoteChoice.RECUSED],
                      yes=counts[VoteChoice.YES], no=counts[VoteChoice.NO],
                      abstain=counts[VoteChoice.ABSTAIN], required=required, carried=carried,
                      rule=rule)
