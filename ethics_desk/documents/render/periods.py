"""The periods of the clock table, and the Board's vote rules, as the papers word them.

Every template may write
``${response_period}`` ("ten (10) business days"), ``${response_days}`` ("ten business days")
or ``${response_count}`` ("ten") instead of typing the length, so that a period is stated once,
in :data:`ethics_desk.deadlines.clocks.CLOCKS`, and a letter can never tell a respondent another.

One set for each clock the statute or the law sets (a length the office chose, such as
"promptly", is a setting, and no letter states it), in English and in Spanish. Likewise each
vote rule the statute sets for an action of the Board: ``${frivolous_vote}`` ("two-thirds",
:attr:`ethics_desk.core.vocabulary.BoardAction.vote_rule`), never typed.
"""

from __future__ import annotations

from ethics_desk.core.vocabulary import BoardAction, Language
from ethics_desk.core.words import words_for
from ethics_desk.deadlines.clocks import CLOCKS, ClockKind, ClockRule, CountUnit

_NUMBERS = {
    Language.ENGLISH: {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
                       7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve",
                       15: "fifteen", 20: "twenty", 30: "thirty", 45: "forty-five",
                       60: "sixty", 90: "ninety"},
    Language.SPANISH: {1: "un", 2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis",
                       7: "siete", 8: "ocho", 9: "nueve", 10: "diez", 11: "once", 12: "doce",
                       15: "quince", 20: "veinte", 30: "treinta", 45: "cuarenta y cinco",
                       60: "sesenta", 90: "noventa"},
}
"""A length in words, as the statute writes it ("ten (10) business days"); a length without
one here is written in figures."""

_UNITS = {
    (Language.ENGLISH, CountUnit.BUSINESS_DAYS): ("business day", "business days"),
    (Language.ENGLISH, CountUnit.CALENDAR_DAYS): ("calendar day", "calendar days"),
    (Language.SPANISH, CountUnit.BUSINESS_DAYS): ("día hábil", "días hábiles"),
    (Language.SPANISH, CountUnit.CALENDAR_DAYS): ("día natural", "días naturales"),
}


def _language(language: Language) -> Language:
    return Language.SPANISH if language is Language.SPANISH else Language.ENGLISH


def count_in_words(length: int, language: Language) -> str:
    """``length`` as a paper in ``language`` writes it: "ten", "diez" (figures past the table)."""
    return _NUMBERS[_language(language)].get(length, str(length))


def _periods(rule: ClockRule, language: Language) -> dict[str, str]:
    one, many = _UNITS[(_language(language), rule.unit)]
    unit = one if rule.length == 1 else many
    count = count_in_words(rule.length, language)
    return {f"{rule.kind.value}_count": count,
            f"{rule.kind.value}_days": f"{count} {unit}",
            f"{rule.kind.value}_period": f"{count} ({rule.length}) {unit}"}


def days_of(kind: ClockKind, language: Language = Language.ENGLISH) -> str:
    """A clock's period as a sentence says it, "ten business days", from the clock table (the
    window's help texts too)."""
    return _periods(CLOCKS[kind], language)[f"{kind.value}_days"]


def period_values(language: Language) -> dict[str, str | None]:
    """The placeholders of every clock's period, in ``language``."""
    values: dict[str, str | None] = {}
    for rule in CLOCKS.values():
        if not rule.is_policy:
            values.update(_periods(rule, language))
    return values


STATUTE_VOTES = (BoardAction.SHOW_CAUSE, BoardAction.FRIVOLOUS, BoardAction.DISPOSITION)
"""The actions whose rule the statute sets (the sanctions' may be relaxed by the office, and no
letter states it)."""


def vote_values(language: Language) -> dict[str, str | None]:
    """The placeholders of the vote rules of § 2-83, in ``language``: "two-thirds"."""
    words = words_for(language)
    return {f"{action.value}_vote": words.vote_rule(action.vote_rule) for action in STATUTE_VOTES}
