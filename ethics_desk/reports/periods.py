"""The periods a person counts the office's statistics for, worked out from the office's date.

The Statistics screen offers them in its period chooser (and a period of one's own dates);
each is whole days, both ends included, and none reaches past the office's date today: a
figure of days still to come would count nothing that happened. The year, quarter and month
are the calendar's (the Board and the Council read the year from January to December).
No Qt here; the window only lists them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

__all__ = ["Period", "periods", "year_period"]


@dataclass(frozen=True)
class Period:
    """A named run of days, ``start`` to ``end`` (both included)."""

    key: str
    label: str
    start: date
    end: date


def _quarter_start(day: date) -> date:
    return date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)


def _month_before(first: date) -> date:
    """The first day of the month before the one ``first`` opens."""
    last = first - timedelta(days=1)
    return date(last.year, last.month, 1)


def year_period(year: int, today: date) -> Period:
    """The calendar year ``year``, up to ``today`` when it is this year."""
    end = min(date(year, 12, 31), today)
    label = (f"This year to date ({year})" if year == today.year else f"The year {year}")
    return Period(f"year-{year}", label, date(year, 1, 1), end)


def periods(today: date) -> tuple[Period, ...]:
    """The periods the chooser offers on ``today`` (the office's date), the first the default:
    this year to date, last year, this quarter and month to date, the last quarter and month,
    and the twelve months up to today."""
    quarter = _quarter_start(today)
    last_quarter = _month_before(_month_before(_month_before(quarter)))
    month = date(today.year, today.month, 1)
    last_month = _month_before(month)
    try:
        twelve_back = date(today.year - 1, today.month, today.day) + timedelta(days=1)
    except ValueError:  # 29 February: the year before has none
        twelve_back = date(today.year - 1, 3, 1)
    return (
        year_period(today.year, today),
        year_period(today.year - 1, today),
        Period("quarter", "This quarter to date", quarter, today),
        Period("last-quarter", "The last quarter", last_quarter, quarter - timedelta(days=1)),
        Period("month", "This month to date", month, today),
        Period("last-month", "The last month", last_month, month - timedelta(days=1)),
        Period("twelve-months", "The last twelve months", twelve_back, today),
    )
