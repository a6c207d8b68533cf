"""Each Public Information Act due date is the 10th / 15th State business day after receipt
(Gov't Code §§ 552.0031, 552.301, 552.221(d)), counted here on our own from the ``holidays``
package's Texas dates (unobserved, § 662.005(a)(1)) and the weekends."""

from __future__ import annotations

from datetime import date, timedelta
from functools import lru_cache

import holidays
from hypothesis import given, settings
from hypothesis import strategies as st

from ethics_desk.deadlines import ClockKind, state_calendar
from ethics_desk.public_information.log import due_dates
from tests.conftest import examples
from tests.deadlines.test_calendar import STATE_HOLIDAY_NAMES

STATE = state_calendar()
LENGTHS = {ClockKind.PIA_RULING: 10, ClockKind.PIA_ARGUMENTS: 15,
           ClockKind.PIA_RELEASE_DATE: 10}
"""The statute's numbers, written here again: § 552.301(b), (d); (e), (e-1); § 552.221(d)."""


@lru_cache(maxsize=64)
def _closed_weekdays(year: int) -> frozenset[date]:
    table = holidays.country_holidays("US", subdiv="TX", years=year, observed=False)
    return frozenset(day for day in table
                     if {n.strip() for n in table.get_list(day)} & STATE_HOLIDAY_NAMES)


def _is_state_business_day(day: date) -> bool:
    return day.weekday() < 5 and day not in _closed_weekdays(day.year)


def _nth_business_day_after(start: date, n: int) -> date:
    day, counted = start, 0
    while counted < n:
        day += timedelta(days=1)
        counted += _is_state_business_day(day)
    return day


@given(st.dates(min_value=date(2026, 1, 1), max_value=date(2035, 12, 31)))
@settings(max_examples=examples(10_000), deadline=None)
def test_each_public_information_act_due_date_is_the_nth_state_business_day_after_receipt(
        received: date) -> None:
    dues = due_dates(received, STATE)
    for kind, length in LENGTHS.items():
        due = dues[kind].due
        assert due == _nth_business_day_after(received, length), (kind, received)
        assert _is_state_business_day(due), (kind, received, due)
