"""Every closed vocabulary a person reads has one label per member, stated once; the factors
of § 2-83(f)(3) and (g)(1) are stated once, in the statute's words; a Board action carries the
vote rule it needs."""

from __future__ import annotations

import inspect
import re
from enum import StrEnum
from pathlib import Path

import pytest

from ethics_desk.core import vocabulary
from ethics_desk.core.vocabulary import (
    BoardAction,
    FrivolousFactor,
    MailMethod,
    SanctionFactor,
    VoteRule,
    in_a_sentence,
)

PACKAGE = Path(vocabulary.__file__).resolve().parent.parent
STATUTE = Path("/work/shared/statute/sec-2-83-complaints.txt")
VOCABULARIES = [member for _name, member in inspect.getmembers(vocabulary, inspect.isclass)
                if issubclass(member, StrEnum) and member is not StrEnum
                and member.__module__ == vocabulary.__name__]


def _sources() -> list[tuple[Path, str]]:
    return [(path, path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.rglob("*.py"))
            if "versions" not in path.parts]


@pytest.mark.parametrize("enum", VOCABULARIES, ids=lambda e: e.__name__)
def test_every_member_of_a_vocabulary_has_its_label(enum: type[StrEnum]) -> None:
    labels = [member.label for member in enum]  # type: ignore[attr-defined]
    assert all(isinstance(label, str) and label.strip() for label in labels)
    assert len(set(labels)) == len(labels), "two members read the same"


def test_no_enum_value_is_turned_into_words_by_replacing_underscores() -> None:
    pattern = re.compile(r"""\.replace\(\s*(['"])_\1\s*,\s*(['"]) \2\s*\)""")
    found = [f"{path.relative_to(PACKAGE)}:{text[:m.start()].count(chr(10)) + 1}"
             for path, text in _sources() for m in pattern.finditer(text)]
    assert found == []


def test_the_mail_method_is_named_as_the_postal_service_names_it() -> None:
    assert MailMethod.CERTIFIED_RRR.label == "Certified mail, return receipt requested"
    for path, text in _sources():
        if path.name != "vocabulary.py":
            assert "return receipt requested\"" not in text, path


@pytest.mark.parametrize("factor", [*FrivolousFactor, *SanctionFactor], ids=str)
def test_each_factor_reads_as_the_statute_words_it(factor: FrivolousFactor | SanctionFactor
                                                   ) -> None:
    statute = " ".join(STATUTE.read_text(encoding="utf-8").split())
    assert f"{factor.item}. {factor.label}" in statute
    part = "(f)(3)" if isinstance(factor, FrivolousFactor) else "(g)(1)"
    assert factor.citation == f"§ 2-83{part}({factor.item})"


def test_the_words_of_each_factor_are_written_once_in_the_application() -> None:
    for factor in [*FrivolousFactor, *SanctionFactor]:
        words = factor.label.split(",")[0]
        assert words.startswith(("The ", "Any ", "If "))
        tail = words.split(" ", 1)[1][:28]  # the words without their capital, as in a letter
        places = [path.name for path, text in _sources() if tail in text]
        assert places == ["vocabulary.py"], (factor, places)


def test_a_label_reads_in_a_sentence_with_a_small_first_letter() -> None:
    assert in_a_sentence("Certified mail, return receipt requested") == \
        "certified mail, return receipt requested"
    assert in_a_sentence("") == ""


@pytest.mark.parametrize(("action", "rule", "record"), [
    (BoardAction.SHOW_CAUSE, VoteRule.TWO_THIRDS, False),  # § 2-83(f)(2)
    (BoardAction.FRIVOLOUS, VoteRule.TWO_THIRDS, True),  # § 2-83(f)(6): a record vote
    (BoardAction.DISPOSITION, VoteRule.MAJORITY, False),  # § 2-83(d)(4): no special rule
    (BoardAction.SANCTIONS, VoteRule.TWO_THIRDS, True),  # § 2-83(g): (f)(6)'s, by default
])
def test_each_board_action_carries_the_vote_rule_the_statute_gives_it(
        action: BoardAction, rule: VoteRule, record: bool) -> None:
    assert action.vote_rule is rule
    assert action.record_vote_required is record
    assert action.citation.startswith("§ 2-83(")
