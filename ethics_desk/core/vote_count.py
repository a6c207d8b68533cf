"""The arithmetic of the Board's votes, § 2-83(f)(2) and (f)(6): how many yes votes a rule
needs of those present, the quorum, who counts as present, and the tally in words.

§ 2-83(f)(2) and (f)(6) need "at least two-thirds (2/3) of those present". For the Board's
other actions on a case (its disposition under (d)(4)) § 2-83 sets no rule, and the ordinary
one applies: a majority — more than half — of those present. A member who recuses takes no
part and is not counted as present for the vote; an abstention is counted as present (it has
the effect of a no). A member who is a party to the complaint must recuse.

§ 2-83 sets no quorum either: the office's settings decide it, and
:func:`ethics_desk.board.votes.vote_terms` reads them with the roster. Every tally
(:attr:`VoteResult.summary`, printed on the Board's papers) states those present, the quorum,
the recused, the yes votes needed and the votes cast. Pure arithmetic over the vocabulary: the
papers, the workflow and the window read it alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ethics_desk.core.vocabulary import BoardAction, VoteChoice, VoteRule

QUORUM_CITATION = "§ 2-83 sets no quorum: the office's setting, for the City Attorney's review"
"""What the quorum rests on, in a refusal."""


def majority_of(present: int) -> int:
    """The fewest yes votes that are more than half of ``present``."""
    return VoteRule.MAJORITY.required(present)


def two_thirds_of(present: int) -> int:
    """The fewest yes votes that are at least two-thirds of ``present`` (exact integer arithmetic)."""
    return VoteRule.TWO_THIRDS.required(present)


def _members(count: int) -> str:
    return f"{count} member" + ("" if count == 1 else "s")


@dataclass(frozen=True)
class Quorum:
    """A meeting's quorum: the members serving on its date (the roster), how many make a
    quorum, and whether a member present but recused counts toward it."""

    serving: int
    needed: int
    recused_count: bool = False
    fixed: bool = False
    """True when the office's setting fixes the number; otherwise a majority of ``serving``."""

    @property
    def basis(self) -> str:
        """"a majority of the 11 serving" / "fixed by the office's setting"."""
        return ("fixed by the office's setting" if self.fixed
                else f"a majority of the {self.serving} serving")


def quorum_of(serving: int, fixed: int = 0, *, recused_count: bool = False) -> Quorum:
    """The quorum of a meeting with ``serving`` members: ``fixed`` when the office set one,
    otherwise a majority of those serving."""
    if fixed:
        return Quorum(serving, fixed, recused_count, fixed=True)
    return Quorum(serving, majority_of(serving), recused_count)


@dataclass(frozen=True)
class VoteTerms:
    """What a vote on ``action`` at a meeting needs: the rule, whether it is a record vote, the
    quorum, and the citation a refusal gives."""

    action: BoardAction
    rule: VoteRule
    record_vote_required: bool
    quorum: Quorum
    citation: str


def terms_for(action: BoardAction, serving: int, *, quorum: int = 0,
              recused_in_quorum: str = "no",
              sanction_vote: str = "two_thirds_record") -> VoteTerms:
    """The terms of a vote on ``action`` with ``serving`` members on the roster, under the
    office's settings (given; their defaults are the settings' defaults)."""
    rule, record, citation = action.vote_rule, action.record_vote_required, action.citation
    if action is BoardAction.SANCTIONS:
        if sanction_vote == "majority":
            rule, record = VoteRule.MAJORITY, False
            citation = f"{action.citation} (a majority of those present: the office's setting)"
        else:
            citation = (f"{action.citation}, with § 2-83(f)(6)'s record vote of two-thirds of "
                        "those present (the office's setting)")
    return VoteTerms(action, rule, record,
                     quorum_of(serving, quorum, recused_count=recused_in_quorum == "yes"),
                     citation)


@dataclass(frozen=True)
class VoteResult:
    """The tally of a vote under its rule, with the arithmetic and, for a meeting, the quorum."""

    present: int
    """Members counted as present for the vote: yes, no and abstaining (not the recused)."""
    recused: int
    yes: int
    no: int
    abstain: int
    required: int
    carried: bool
    rule: VoteRule = VoteRule.TWO_THIRDS
    quorum: Quorum | None = None

    @property
    def attending(self) -> int:
        """Every member with a ballot: those counted as present and the recused."""
        return self.present + self.recused

    @property
    def toward_quorum(self) -> int:
        """The members counted toward the quorum (the recused only when the office says so)."""
        recused = self.quorum is not None and self.quorum.recused_count
        return self.present + (self.recused if recused else 0)

    @property
    def has_quorum(self) -> bool:
        """True when enough members are counted toward the quorum (or none was given)."""
        return self.quorum is None or self.toward_quorum >= self.quorum.needed

    @property
    def quorum_words(self) -> str:
        """"quorum: 6 (a majority of the 11 serving), met by the 9 taking part"."""
        if self.quorum is None:
            return ""
        who = (f"the {self.toward_quorum} present" if self.quorum.recused_count
               else f"the {self.toward_quorum} taking part, recused members not counted")
        met = "met by" if self.has_quorum else "not met: only"
        return f"quorum: {self.quorum.needed} ({self.quorum.basis}), {met} {who}"

    @property
    def summary(self) -> str:
        """"Present: 10 of the 11 members serving; recused: 1; quorum: 6 (…), met by …;
        needed: at least 6 yes votes (two-thirds of the 9 counted as present); cast: 7 yes,
        2 no, 0 abstaining — carried"."""
        present = (f"Present: {self.attending} of the {_members(self.quorum.serving)} serving"
                   if self.quorum is not None else f"Present: {self.attending}")
        parts = [present, f"recused: {self.recused}"]
        if self.quorum is not None:
            parts.append(self.quorum_words)
        votes = "vote" if self.required == 1 else "votes"
        parts.append(f"needed: at least {self.required} yes {votes} ({self.rule.words} of the "
                     f"{self.present} counted as present)")
        outcome = "carried" if self.carried else "failed"
        parts.append(f"cast: {self.yes} yes, {self.no} no, {self.abstain} abstaining — {outcome}")
        return "; ".join(parts)

    def no_quorum(self) -> str:
        """The refusal of a vote without a quorum, with the count."""
        assert self.quorum is not None
        counted = ("present" if self.quorum.recused_count
                   else "present and taking part (recused members are not counted)")
        return (f"The Board had no quorum: {_members(self.toward_quorum)} {counted} of the "
                f"{_members(self.quorum.serving)} serving; a quorum is {self.quorum.needed} "
                f"({self.quorum.basis})")




def tally(choices: Iterable[VoteChoice], rule: VoteRule = VoteRule.TWO_THIRDS,
          quorum: Quorum | None = None) -> VoteResult:
    """Count the votes of the members present (one choice each) under ``rule``; with a
    ``quorum``, a vote without one does not carry."""
    counts = dict.fromkeys(VoteChoice, 0)
    for choice in choices:
        counts[VoteChoice(choice)] += 1
    present = counts[VoteChoice.YES] + counts[VoteChoice.NO] + counts[VoteChoice.ABSTAIN]
    required = rule.required(present)
    result = VoteResult(present=present, recused=counts[VoteChoice.RECUSED],
                        yes=counts[VoteChoice.YES], no=counts[VoteChoice.NO],
                        abstain=counts[VoteChoice.ABSTAIN], required=required, carried=False,
                        rule=rule, quorum=quorum)
    carried = present > 0 and result.yes >= required and result.has_quorum
    return VoteResult(present=present, recused=result.recused, yes=result.yes, no=result.no,
                      abstain=result.abstain, required=required, carried=carried, rule=rule,
                      quorum=quorum)
