"""The periods the Statistics screen offers are whole calendar periods that never reach past the
office's date (issue 33)."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from ethics_desk.reports.periods import periods, year_period

DAYS = st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 12, 31))


@given(DAYS)
def test_no_period_ends_after_today_or_before_it_starts(today: date) -> None:
    for period in periods(today):
        assert period.start <= period.end <= today, period


@given(DAYS)
def test_the_first_period_is_this_year_to_date_and_last_year_is_whole(today: date) -> None:
    this_year, last_year = periods(today)[:2]
    assert (this_year.start, this_year.end) == (date(today.year, 1, 1), today)
    assert (last_year.start, last_year.end) == (date(today.year - 1, 1, 1),
                                                date(today.year - 1, 12, 31))


@given(DAYS)
def test_the_last_quarter_and_month_end_the_day_before_this_ones_begin(today: date) -> None:
    by_key = {period.key: period for period in periods(today)}
    quarter, last_quarter = by_key["quarter"], by_key["last-quarter"]
    assert quarter.start.day == 1 and quarter.start.month in (1, 4, 7, 10)
    assert quarter.start <= today < quarter.start + timedelta(days=92)
    assert last_quarter.end == quarter.start - timedelta(days=1)
    assert last_quarter.start.day == 1 and last_quarter.start.month in (1, 4, 7, 10)
    assert 89 <= (last_quarter.end - last_quarter.start).days + 1 <= 92
    month, last_month = by_key["month"], by_key["last-month"]
    assert (month.start.year, month.start.month, month.start.day) == (today.year, today.month, 1)
    assert last_month.end == month.start - timedelta(days=1)
    assert last_month.start == last_month.end.replace(day=1)


@given(DAYS)
def test_the_last_twelve_months_are_a_year_of_days_up_to_today(today: date) -> None:
    twelve = next(period for period in periods(today) if period.key == "twelve-months")
    assert twelve.end == today
    assert 365 <= (twelve.end - twelve.start).days + 1 <= 366


def test_a_past_year_is_whole_and_this_year_stops_today() -> None:
    today = date(2026, 12, 6)
    assert (year_period(2025, today).start, year_period(2025, today).end) == (
        date(2025, 1, 1), date(2025, 12, 31))
    assert year_period(2026, today).end == today
    assert year_period(2026, today).label == "This year to date (2026)"
