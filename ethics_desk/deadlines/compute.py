"""Due dates with their explanations, and the receipt that starts a clock.

Counting follows the Code Construction Act (Tex. Gov't Code § 311.014): the day of the
triggering event is excluded and the last day is included. For a business-day clock the due date
is the Nth business day after the trigger day; for a calendar-day clock (the § 2-87(a) opinion)
it is the trigger day plus N calendar days, moved to the next day only past a Saturday, Sunday or
holiday (§ 311.014(b)): an office closure the Clerk sets (weather, a winter closure) is no legal
holiday and never extends a calendar-day clock.

A clock that runs from *receipt* (City Code § 2-83(d)(1), (e)(1), (e)(3)) starts either on the
recorded receipt date (:func:`actual_receipt`) or, when none was recorded for a mailed document,
on a presumed date: the mailing date plus a set number of days (default three, after Tex. R.
Civ. P. 21a), moved to the next business day (:func:`presumed_receipt`). Every due date says
which one it used.

A due date already told to a party in an issued paper is never shortened by a later fact (an
earlier actual receipt recorded from the green card, a closure taken off the calendar): the later
of the told and the computed date holds, and the explanation says so (:meth:`DueDate.at_least`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta
from enum import StrEnum

from ethics_desk.deadlines.calendar import WEEKDAY_NAMES, BusinessCalendar, DayKind
from ethics_desk.deadlines.clocks import ClockRule, CountUnit

__all__ = [
    "DueDate",
    "Receipt",
    "ReceiptBasis",
    "SkippedDay",
    "ToldDate",
    "actual_receipt",
    "add_business_days",
    "compute_due",
    "format_day",
    "presumed_receipt",
]


def format_day(day: date) -> str:
    """A date for explanations: weekday and ISO date, e.g. "Tuesday 2026-12-01"."""
    return f"{WEEKDAY_NAMES[day.weekday()]} {day.isoformat()}"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


class ReceiptBasis(StrEnum):
    """Whether a receipt date was recorded or presumed from the mailing date."""

    ACTUAL = "actual"
    PRESUMED = "presumed"


@dataclass(frozen=True)
class Receipt:
    """The event that starts a clock: its date, whether actual or presumed, and how we know.

    ``detail`` is plain English, e.g. "delivered (return receipt)", "received at the counter",
    or "presumed received: mailed 2026-11-20 + 3 days, rolled to the next business day".
    """

    day: date
    basis: ReceiptBasis
    detail: str
    mailed_on: date | None = None

    def __post_init__(self) -> None:
        """A presumed receipt needs the mailing date it was presumed from."""
        if self.basis is ReceiptBasis.PRESUMED and self.mailed_on is None:
            raise ValueError("a presumed receipt needs the date the document was mailed")
        if self.mailed_on is not None and self.mailed_on > self.day:
            raise ValueError("a document cannot be received before it was mailed")


def actual_receipt(day: date, detail: str = "received") -> Receipt:
    """A receipt on a recorded date (delivery, return receipt, at the counter, by e-mail)."""
    return Receipt(day=day, basis=ReceiptBasis.ACTUAL, detail=detail)


def presumed_receipt(
    mailed_on: date, calendar: BusinessCalendar, presumption_days: int = 3
) -> Receipt:
    """The presumed receipt of a mailed document with no recorded receipt.

    Mailing date plus ``presumption_days`` calendar days (a setting; default 3, after Tex. R.
    Civ. P. 21a), moved forward to the next business day on ``calendar`` if that day is not one.
    """
    if presumption_days < 0:
        raise ValueError("the presumption is a number of days >= 0")
    landing = mailed_on + timedelta(days=presumption_days)
    day = calendar.next_business_day(landing, inclusive=True)
    detail = (
        f"presumed received: mailed {mailed_on.isoformat()} + {_plural(presumption_days, 'day')}"
    )
    if day != landing:
        detail += ", rolled to the next business day"
    return Receipt(day=day, basis=ReceiptBasis.PRESUMED, detail=detail, mailed_on=mailed_on)


@dataclass(frozen=True)
class SkippedDay:
    """A day not counted (or rolled over) because it was not a business day, and why."""

    day: date
    reason: str


@dataclass(frozen=True)
class ToldDate:
    """A due date an issued paper already told its reader, and which paper: "the
    respondent-notice to Jane Roe (document 4)"."""

    day: date
    paper: str


@dataclass(frozen=True)
class DueDate:
    """A computed deadline with everything needed to explain it."""

    due: date
    rule: ClockRule
    trigger: Receipt
    calendar_name: str
    skipped: tuple[SkippedDay, ...]
    extension_days: int = 0
    calendar_title: str = ""
    closed_on_due: str = ""
    """A calendar-day clock due on an office closure: the closure's name (it does not move)."""
    told: ToldDate | None = None
    """The later date a paper already told the party, which holds instead of the count's."""
    counted: date | None = None
    """With ``told``: the date the count alone gives (earlier than ``due``)."""

    def at_least(self, told: ToldDate | None) -> DueDate:
        """This due date, or the later one ``told`` in an issued paper: a date told to a party
        is never shortened by a later fact (the rule's period is the least the party has)."""
        if told is None or told.day <= self.due:
            return self
        return replace(self, due=told.day, told=told, counted=self.due)

    @property
    def is_presumed(self) -> bool:
        """Whether the clock started on a presumed (not recorded) receipt."""
        return self.trigger.basis is ReceiptBasis.PRESUMED

    def explain(self) -> str:
        """The deadline in plain English, one statement per line.

        The trigger and its date (actual or presumed), the rule and its citation, how the days
        were counted, each day skipped with its name, and the due date. A policy clock is marked
        "office policy, not statute".
        """
        rule = self.rule
        trigger_day = format_day(self.trigger.day)
        calendar = self.calendar_title or self.calendar_name
        lines = [f"{rule.title} — {rule.citation}"]
        if rule.is_policy:
            lines.append(
                f"Office policy, not statute: {rule.citation} says \"promptly\"; the office "
                f"allows {rule.period}."
            )
        lines.append(f"Trigger: {rule.trigger}, on {trigger_day}.")
        if self.trigger.basis is ReceiptBasis.PRESUMED:
            lines.append(f"Trigger date: presumed, none was recorded ({self.trigger.detail}).")
        else:
            lines.append(f"Trigger date: actual ({self.trigger.detail}).")
        lines.append(f"Rule: {rule.summary} ({rule.citation}).")
        extension = ""
        if self.extension_days:
            granted = "business day" if rule.unit is CountUnit.BUSINESS_DAYS else "day"
            extension = f", plus an extension of {_plural(self.extension_days, granted)} granted"
        if rule.unit is CountUnit.BUSINESS_DAYS:
            lines.append(
                f"Counted {rule.period} after {trigger_day} (the trigger day is not counted)"
                f"{extension}, on the {calendar} calendar (Code Construction Act § 311.014)."
            )
            if self.skipped:
                lines.append("Not counted, because offices were closed:")
        else:
            landing = self.trigger.day + timedelta(days=rule.length + self.extension_days)
            lines.append(
                f"Counted {rule.period} after {trigger_day} (the trigger day is not counted)"
                f"{extension}: {format_day(landing)}."
            )
            if self.skipped:
                lines.append(
                    f"That is a Saturday, Sunday or holiday on the {calendar} calendar, so the "
                    "deadline moves to the next day that is not (Code Construction Act "
                    "§ 311.014(b)), past:"
                )
            if self.closed_on_due:
                lines.append(
                    f"{format_day(self.due)} is an office closure ({self.closed_on_due}): a "
                    "closure is not a legal holiday, so it does not extend this calendar-day "
                    "deadline (Code Construction Act § 311.014(b))."
                )
        lines.extend(f"  - {format_day(s.day)}: {s.reason}" for s in self.skipped)
        if not self.skipped:
            lines.append("No day was skipped.")
        if self.told is not None and self.counted is not None:
            lines.append(
                f"Counted, it would be {format_day(self.counted)}; but {self.told.paper} already "
                f"told its reader {format_day(self.told.day)}. A date told to a party is never "
                f"shortened by a later fact: the later date holds ({rule.citation} sets the "
                "least time the party has)."
            )
        lines.append(f"Due: {format_day(self.due)}.")
        return "\n".join(lines)


def add_business_days(
    calendar: BusinessCalendar, start: date, days: int
) -> tuple[date, tuple[SkippedDay, ...]]:
    """The ``days``-th business day after ``start``, and the non-business days passed over.

    ``start`` itself is never counted (Code Construction Act § 311.014). With ``days == 0`` the
    result is ``start`` if it is a business day, otherwise the next one. The skipped days are the
    non-business days strictly between ``start`` and the result. Negative ``days`` raise
    ValueError.
    """
    if days < 0:
        raise ValueError(f"cannot count a negative number of business days ({days})")
    skipped: list[SkippedDay] = []
    if days == 0:
        due = calendar.next_business_day(start, inclusive=True)
        current = start + timedelta(days=1)
        while current < due:
            skipped.append(SkippedDay(current, calendar.non_business_reason(current) or ""))
            current += timedelta(days=1)
        return due, tuple(skipped)
    current = start
    counted = 0
    while counted < days:
        current += timedelta(days=1)
        reason = calendar.non_business_reason(current)
        if reason is None:
            counted += 1
        else:
            skipped.append(SkippedDay(current, reason))
    return current, tuple(skipped)


def compute_due(
    rule: ClockRule,
    trigger: Receipt | date,
    calendar: BusinessCalendar,
    *,
    extension_days: int = 0,
) -> DueDate:
    """The due date of ``rule`` started by ``trigger``, with its explanation.

    A plain date is taken as an actual, recorded date. ``extension_days`` adds time granted
    (for the § 2-87(a) opinion, time granted to the respondent), in the rule's unit. The
    calendar must be the one the rule names (the City's for § 2-83, the State's for the Public
    Information Act), otherwise ValueError.
    """
    if calendar.name != rule.calendar:
        raise ValueError(
            f"the {rule.kind} clock ({rule.citation}) runs on the {rule.calendar!r} calendar, "
            f"not {calendar.name!r}"
        )
    if extension_days < 0:
        raise ValueError(f"an extension cannot be negative ({extension_days})")
    receipt = trigger if isinstance(trigger, Receipt) else actual_receipt(trigger, "recorded date")
    if rule.unit is CountUnit.BUSINESS_DAYS:
        due, skipped = add_business_days(calendar, receipt.day, rule.length + extension_days)
    else:
        due, skipped = _roll_calendar_day(
            calendar, receipt.day + timedelta(days=rule.length + extension_days))
    closed = calendar.classify(due) if rule.unit is CountUnit.CALENDAR_DAYS else None
    return DueDate(
        due=due,
        rule=rule,
        trigger=receipt,
        calendar_name=calendar.name,
        skipped=skipped,
        extension_days=extension_days,
        calendar_title=calendar.title,
        closed_on_due=closed[1] if closed is not None else "",
    )


def _roll_calendar_day(calendar: BusinessCalendar,
                       landing: date) -> tuple[date, tuple[SkippedDay, ...]]:
    """The last day of a calendar-day period: ``landing``, or the next day that is not a
    Saturday, Sunday or holiday (Code Construction Act § 311.014(b)). A closure the Clerk set
    (:attr:`DayKind.CLOSURE`) is not a legal holiday and moves nothing; Fiesta San Jacinto Day
    is a City holiday and does."""
    rolled: list[SkippedDay] = []
    current = landing
    for _ in range(3660):
        info = calendar.classify(current)
        if info is None or info[0] is DayKind.CLOSURE:
            return current, tuple(rolled)
        rolled.append(SkippedDay(current, info[1]))
        current += timedelta(days=1)
    raise ValueError(f"the {calendar.name} calendar has no open day after {landing.isoformat()}")
