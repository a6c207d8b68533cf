"""Each period of § 2-83 and of the Public Information Act is stated once, in the clock table,
and each vote rule once, with the Board's actions: the papers take them from there
(``${response_period}``, ``${frivolous_vote}`` …), so no template types one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ethics_desk.core.vocabulary import BoardAction, Language, VoteRule
from ethics_desk.deadlines.clocks import CLOCKS, ClockKind
from ethics_desk.documents.render.periods import count_in_words, period_values, vote_values
from ethics_desk.documents.render.templates import shipped_dir

_EN = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|sixty|ninety"
_ES = "un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte|treinta|noventa"
TYPED = re.compile(
    rf"\b(?:(?:{_EN})(?: \(\d+\))?|\d+) (?:business|calendar)\s+days?\b"
    rf"|\b(?:the|The) (?:{_EN}) days\b"
    rf"|\b(?:(?:{_ES})(?: \(\d+\))?|\d+) d[ií]as?\s+(?:h[áa]bil(?:es)?|naturales)\b"
    rf"|\b(?:los|Los) (?:{_ES}) días\b")
"""A period typed into a template, in words or figures, in English or Spanish."""


@pytest.mark.parametrize("path", sorted(shipped_dir().glob("*.txt")), ids=lambda p: p.name)
def test_no_template_types_a_period_the_clock_table_states(path: Path) -> None:
    text = " ".join(path.read_text(encoding="utf-8").split())
    assert TYPED.findall(text) == [], (
        f"{path.name} types a period: write ${{…_period}}, ${{…_days}} or ${{…_count}} of the "
        "clock it is (ethics_desk.documents.render.periods)")


def test_the_rule_catches_a_period_typed_in_either_language() -> None:
    assert TYPED.search("within ten (10) business days of receipt")
    assert TYPED.search("The five days are counted")
    assert TYPED.search("dentro de los cinco (5) días hábiles siguientes")
    assert not TYPED.search("the 10th business day after we received your request")


@pytest.mark.parametrize("kind", [ClockKind.REVIEW, ClockKind.RESPONSE, ClockKind.REPLY,
                                  ClockKind.UNALLEGED_RULE, ClockKind.PIA_RULING])
def test_each_period_is_worded_from_the_clock_tables_length(kind: ClockKind) -> None:
    length = CLOCKS[kind].length
    english, spanish = period_values(Language.ENGLISH), period_values(Language.SPANISH)
    assert english[f"{kind.value}_period"] == \
        f"{count_in_words(length, Language.ENGLISH)} ({length}) business days"
    assert spanish[f"{kind.value}_days"] == \
        f"{count_in_words(length, Language.SPANISH)} días hábiles"


def test_a_length_the_office_chose_is_no_placeholder() -> None:
    names = period_values(Language.ENGLISH)
    assert not [kind for kind, rule in CLOCKS.items()
                if rule.is_policy and f"{kind.value}_period" in names]
    assert all(f"{kind.value}_period" in names
               for kind, rule in CLOCKS.items() if not rule.is_policy)


VOTE_TYPED = re.compile(r"two-thirds|dos tercios|\ba majority\b|\bla mayoría\b", re.IGNORECASE)
"""A vote rule of § 2-83 typed into a template."""


@pytest.mark.parametrize("path", sorted(shipped_dir().glob("*.txt")), ids=lambda p: p.name)
def test_no_template_types_a_vote_rule_the_board_actions_state(path: Path) -> None:
    text = " ".join(path.read_text(encoding="utf-8").split())
    assert VOTE_TYPED.findall(text) == [], (
        f"{path.name} types a vote rule: write ${{show_cause_vote}}, ${{frivolous_vote}} or "
        "${disposition_vote} (ethics_desk.documents.render.periods)")


def test_each_vote_rule_is_worded_from_the_board_actions_rule() -> None:
    english, spanish = vote_values(Language.ENGLISH), vote_values(Language.SPANISH)
    assert english["frivolous_vote"] == "two-thirds" == english["show_cause_vote"]
    assert BoardAction.FRIVOLOUS.vote_rule is VoteRule.TWO_THIRDS
    assert english["disposition_vote"] == "a majority"
    assert BoardAction.DISPOSITION.vote_rule is VoteRule.MAJORITY
    assert spanish["frivolous_vote"] == "dos tercios"


def _window_strings() -> list[tuple[str, int, str]]:
    """Every string the window's code writes (its docstrings aside), joined where Python joins
    them: (module, line, text)."""
    import ast

    found: list[tuple[str, int, str]] = []
    root = Path(__file__).resolve().parents[3] / "ethics_desk" / "ui"
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in docstrings:
                found.append((path.name, node.lineno, node.value))
    return found


def test_the_window_types_no_period_and_no_vote_rule() -> None:
    typed = [(name, line, text) for name, line, text in _window_strings()
             if TYPED.search(" ".join(text.split())) or VOTE_TYPED.search(text)]
    assert typed == [], ("the window types a period or a vote rule: take it from the clock "
                         "table (days_of) or the Board action (vote_rule.words)")


def test_the_window_check_sees_a_help_text() -> None:
    assert any("Gov't Code § 552.222(b)" in text for _, _, text in _window_strings())
