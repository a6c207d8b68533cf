"""The statutory clocks of a sworn ethics complaint (City Code §§ 2-83, 2-85, 2-87; Gov't Code).

Each clock is a :class:`ClockRule`: what starts it (the trigger), how long it runs, in which unit,
on which calendar, and where the rule comes from. The one clock that is office policy rather than
statute — forwarding the complaint "promptly" under § 2-83(d)(1), and each sworn response "upon
receipt" under § 2-83(e), last paragraph — are marked ``is_policy`` and their length can be set by
the office (:func:`clock`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType

__all__ = ["CLOCKS", "PIA_MAILED_RECEIPT_BUSINESS_DAYS", "PIA_MAILED_RECEIPT_CITATION",
           "PUBLIC_INFORMATION_CLOCKS", "ClockKind", "ClockRule", "CountUnit", "clock"]

_CALENDARS = frozenset({"city", "state"})


class CountUnit(StrEnum):
    """What a clock counts."""

    BUSINESS_DAYS = "business_days"
    CALENDAR_DAYS = "calendar_days"


class ClockKind(StrEnum):
    """The clocks Ethics Desk keeps, one per rule."""

    PROMPT_FORWARD = "prompt_forward"  # office policy for "promptly", § 2-83(d)(1)
    REVIEW = "review"  # 5 business days from the reviewer's receipt, § 2-83(d)(1)
    CF_FORWARD = "cf_forward"  # 5 business days from the Compliance Auditor's receipt, (d)(2)
    ETHICS_FORWARD = "ethics_forward"  # 10 business days after receipt from the Clerk, (d)(3)
    RESPONSE = "response"  # 10 business days from the respondent's receipt, § 2-83(e)(1)
    REPLY = "reply"  # 5 business days from the complainant's receipt of the response, (e)(3)
    OPINION = "opinion"  # 90 calendar days from filing, plus time granted, § 2-87(a)
    UNALLEGED_RULE = "unalleged_rule"  # 10 business days from written notice, § 2-85(c)
    PIA_RULING = "pia_ruling"  # 10 State business days from the request, Gov't Code § 552.301(b)
    PIA_ARGUMENTS = "pia_arguments"  # 15 State business days: reasons and the information, (e)
    PIA_RELEASE_DATE = "pia_release_date"  # 10 State business days to certify a date, § 552.221(d)
    RESPONSE_FORWARD = "response_forward"  # office policy for "upon receipt", § 2-83(e), last ¶


@dataclass(frozen=True)
class ClockRule:
    """One clock: ``length`` ``unit`` counted after ``trigger`` on ``calendar``, per ``citation``.

    ``trigger`` completes the sentence "N business days from ..." (e.g. "the reviewer's receipt
    of the complaint from the City Clerk"). ``is_policy`` marks a length the office chose where
    the statute sets none. ``short`` names the clock in a few words, for a list's narrow column
    (the inbox, the day's deadlines); the title is its tooltip. The short names sort as their
    titles do, so a list sorted by title reads in order.
    """

    kind: ClockKind
    title: str
    length: int
    unit: CountUnit
    citation: str
    trigger: str
    calendar: str = "city"
    is_policy: bool = False
    short: str = ""

    def __post_init__(self) -> None:
        """Reject rules that cannot be counted."""
        if isinstance(self.length, bool) or not isinstance(self.length, int) or self.length < 0:
            raise ValueError(f"{self.kind}: the length must be a whole number >= 0")
        if self.calendar not in _CALENDARS:
            raise ValueError(f"{self.kind}: unknown calendar {self.calendar!r}")
        if not self.short:
            object.__setattr__(self, "short", self.title)

    @property
    def period(self) -> str:
        """The period in words, e.g. "10 business days" or "1 business day"."""
        noun = "business day" if self.unit is CountUnit.BUSINESS_DAYS else "calendar day"
        return f"{self.length} {noun}{'' if self.length == 1 else 's'}"

    @property
    def summary(self) -> str:
        """E.g. "10 business days from the respondent's receipt of the complaint"."""
        return f"{self.period} from {self.trigger}"


_RULES: tuple[ClockRule, ...] = (
    ClockRule(
        kind=ClockKind.PROMPT_FORWARD,
        title="Forward the complaint to the reviewers (\"promptly\")",
        short="Forward the complaint to reviewers",
        length=1,
        unit=CountUnit.BUSINESS_DAYS,
        citation="City Code § 2-83(d)(1)",
        trigger="the filing of the complaint with the City Clerk",
        is_policy=True,
    ),
    ClockRule(
        kind=ClockKind.REVIEW,
        title="Independent review for compliance with the filing requirements of § 2-83(c)",
        short="Independent review",
        length=5,
        unit=CountUnit.BUSINESS_DAYS,
        citation="City Code § 2-83(d)(1)",
        trigger="the reviewer's receipt of the complaint from the City Clerk",
    ),
    ClockRule(
        kind=ClockKind.CF_FORWARD,
        title="Forward a campaign-finance complaint to the respondent",
        short="Forward a campaign-finance complaint",
        length=5,
        unit=CountUnit.BUSINESS_DAYS,
        citation="City Code § 2-83(d)(2)",
        trigger="receipt of the complaint by the Compliance Auditor",
    ),
    ClockRule(
        kind=ClockKind.ETHICS_FORWARD,
        title="Forward an Ethics Code complaint to the Ethics Review Board and the respondents",
        short="Forward an Ethics Code complaint",
        length=10,
        unit=CountUnit.BUSINESS_DAYS,
        citation="City Code § 2-83(d)(3)",
        trigger="receipt of the complaint from the City Clerk",
    ),
    ClockRule(
        kind=ClockKind.RESPONSE,
        title="Respondent's sworn response",
        short="Respondent's sworn response",
        length=10,
        unit=CountUnit.BUSINESS_DAYS,
        citation="City Code § 2-83(e)(1)",
        trigger="the respondent's receipt of the complaint",
    ),
    ClockRule(
        kind=ClockKind.REPLY,
        title="Complainant's sworn reply to the response",
        short="Complainant's sworn reply",
        length=5,
        unit=CountUnit.BUSINESS_DAYS,
        citation="City Code § 2-83(e)(3)",
        trigger="the complainant's receipt of the copy of the response",
    ),
    ClockRule(
        kind=ClockKind.OPINION,
        title="Ethics Review Board's written opinion",
        short="Ethics Review Board's opinion",
        length=90,
        unit=CountUnit.CALENDAR_DAYS,
        citation="City Code § 2-87(a)",
        trigger="the filing of the complaint",
    ),
    ClockRule(
        kind=ClockKind.UNALLEGED_RULE,
        title="Respondent's response on a rule not alleged in the complaint",
        short="Respondent's response on a new rule",
        length=10,
        unit=CountUnit.BUSINESS_DAYS,
        citation="City Code § 2-85(c)",
        trigger="the written notice to the respondent of the rule not alleged",
    ),
    ClockRule(
        kind=ClockKind.RESPONSE_FORWARD,
        title="Forward the response to the Compliance Auditor, City Attorney's Office and "
              "Ethics Review Board (\"upon receipt\")",
        short="Forward the response",
        length=1,
        unit=CountUnit.BUSINESS_DAYS,
        citation="City Code § 2-83(e), last paragraph",
        trigger="the filing of the respondent's sworn response with the City Clerk",
        is_policy=True,
    ),
    ClockRule(
        kind=ClockKind.PIA_RULING,
        title="Public Information Act: ask the Attorney General for a ruling and tell the "
              "requester",
        short="Public Information Act: ask for a ruling",
        length=10,
        unit=CountUnit.BUSINESS_DAYS,
        citation="Tex. Gov't Code § 552.301(b), (d)",
        trigger="receipt of the written request for information",
        calendar="state",
    ),
    ClockRule(
        kind=ClockKind.PIA_ARGUMENTS,
        title="Public Information Act: send the Attorney General the reasons, the request, the "
              "date of receipt and the information",
        short="Public Information Act: send the reasons",
        length=15,
        unit=CountUnit.BUSINESS_DAYS,
        citation="Tex. Gov't Code § 552.301(e), (e-1)",
        trigger="receipt of the written request for information",
        calendar="state",
    ),
    ClockRule(
        kind=ClockKind.PIA_RELEASE_DATE,
        title="Public Information Act: certify a date and hour for release to the requester",
        short="Public Information Act: certify a release date",
        length=10,
        unit=CountUnit.BUSINESS_DAYS,
        citation="Tex. Gov't Code § 552.221(d)",
        trigger="receipt of the written request for information",
        calendar="state",
    ),
)

PUBLIC_INFORMATION_CLOCKS: tuple[ClockKind, ...] = (
    ClockKind.PIA_RULING, ClockKind.PIA_ARGUMENTS, ClockKind.PIA_RELEASE_DATE)
"""The clocks of a Public Information Act request (Gov't Code ch. 552), in the order they fall:
they run on the State's calendar (§ 552.0031), not on a case."""

PIA_MAILED_RECEIPT_BUSINESS_DAYS = 3
"""Gov't Code § 552.301(a-1): a written request that came by United States mail, whose actual
date of receipt cannot be established, is received on the third business day after the date of
the postmark."""
PIA_MAILED_RECEIPT_CITATION = "Tex. Gov't Code § 552.301(a-1)"

CLOCKS: Mapping[ClockKind, ClockRule] = MappingProxyType({rule.kind: rule for rule in _RULES})
"""Every clock by kind (read-only), in the order of the case."""


_SHORT_BY_TITLE: Mapping[str, str] = MappingProxyType({rule.title: rule.short for rule in _RULES})


def short_title(title: str) -> str:
    """A deadline's title in the few words of its clock's ``short`` name ("Respondent's sworn
    response"), for a narrow column, with the person it runs for when it names one ("… —
    Jorge Ybarra"); a title no clock has (written by an older version) as it is."""
    rule_title, dash, subject = title.partition(" — ")
    short = _SHORT_BY_TITLE.get(rule_title)
    if short is None:
        return title
    return f"{short}{dash}{subject}"


def clock(kind: ClockKind, *, length: int | None = None) -> ClockRule:
    """The rule for ``kind``; ``length`` overrides the office-policy clock's length only.

    A statutory clock's length is fixed by the Code: passing a different length for one raises
    ValueError (passing its own length is allowed, so callers may pass a setting generically).
    """
    rule = CLOCKS[ClockKind(kind)]
    if length is None or length == rule.length:
        return rule
    if not rule.is_policy:
        raise ValueError(
            f"the {rule.kind} clock is set by {rule.citation} at {rule.period}; "
            "only an office-policy clock's length can be changed"
        )
    return replace(rule, length=length)
