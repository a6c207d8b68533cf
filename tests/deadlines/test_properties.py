"""Properties of business-day counting (Code Construction Act § 311.014, City Code § 2-83).

Dates run over 2000-2060, counts over 0-60, with random closures near the trigger. The City
calendar is checked against an oracle written here straight from the ``holidays`` package.
"""

from __future__ import annotations

from datetime import date, timedelta
from functools import cache

import holidays
from hypothesis import given, settings
from hypothesis import strategies as st

from ethics_desk.deadlines import (
    BusinessCalendar,
    ClockKind,
    Closure,
    DayKind,
    add_business_days,
    city_calendar,
    clock,
    compute_due,
    presumed_receipt,
)
from tests.conftest import examples

PROPERTY_SETTINGS = settings(max_examples=examples(200), deadline=None)

CITY_FEDERAL_HOLIDAYS = frozenset(
    {
        "New Year's Day",
        "Martin Luther King Jr. Day",
        "Memorial Day",
        "Juneteenth National Independence Day",
        "Independence Day",
        "Labor Day",
        "Veterans Day",
        "Thanksgiving Day",
        "Christmas Day",
    }
)

triggers = st.dates(min_value=date(2000, 1, 1), max_value=date(2060, 12, 31))
counts = st.integers(min_value=0, max_value=60)


@st.composite
def triggers_with_closures(draw: st.DrawFn) -> tuple[date, tuple[Closure, ...]]:
    """A trigger date and up to eight closures within about four months after it, each on a
    day of its own, as the calendar keeps them."""
    trigger = draw(triggers)
    closures = draw(
        st.lists(
            st.builds(
                Closure,
                day=st.integers(min_value=-3, max_value=120).map(
                    lambda n: trigger + timedelta(days=n)
                ),
                name=st.sampled_from(["Weather closure", "Winter holiday closure"]),
                kind=st.sampled_from([DayKind.CLOSURE, DayKind.FIESTA]),
            ),
            max_size=8,
            unique_by=lambda closure: closure.day,  # a day is closed once (closures.add_closure)
        )
    )
    return trigger, tuple(closures)


@cache
def _plain_city() -> BusinessCalendar:
    return city_calendar()


@cache
def _oracle_holidays(year: int) -> frozenset[date]:
    """The City's holidays of ``year``, computed independently of ethics_desk.deadlines."""
    federal = holidays.US(years=year)
    days = {
        day
        for day, names in federal.items()
        if any(n.removesuffix(" (observed)") in CITY_FEDERAL_HOLIDAYS for n in names.split("; "))
    }
    if year >= 2022:
        days.add(date(year, 3, 31))  # César Chávez Day
    days.update(
        day + timedelta(days=1)
        for day, names in federal.items()
        if "Thanksgiving Day" in names.split("; ")
    )
    return frozenset(days)


def _oracle_closed(day: date, closures: tuple[Closure, ...]) -> bool:
    return (
        day.weekday() >= 5
        or day in _oracle_holidays(day.year)
        or any(c.day == day for c in closures)
    )


def _days_between(start: date, end: date) -> list[date]:
    """The days strictly between ``start`` and ``end``."""
    return [start + timedelta(days=n) for n in range(1, (end - start).days)]


@PROPERTY_SETTINGS
@given(triggers_with_closures(), counts)
def test_a_due_date_is_never_a_weekend_holiday_or_closure(
    case: tuple[date, tuple[Closure, ...]], n: int
) -> None:
    trigger, closures = case
    calendar = city_calendar(closures)
    due, _skipped = add_business_days(calendar, trigger, n)
    assert due.weekday() < 5
    assert not _oracle_closed(due, closures)
    assert calendar.is_business_day(due)
    assert due >= trigger


@PROPERTY_SETTINGS
@given(triggers_with_closures(), counts.filter(lambda n: n >= 1))
def test_exactly_n_business_days_follow_the_trigger_up_to_the_due_date(
    case: tuple[date, tuple[Closure, ...]], n: int
) -> None:
    trigger, closures = case
    due, _skipped = add_business_days(city_calendar(closures), trigger, n)
    counted = [
        day for day in [*_days_between(trigger, due), due] if not _oracle_closed(day, closures)
    ]
    assert len(counted) == n
    assert counted[-1] == due


@PROPERTY_SETTINGS
@given(triggers_with_closures(), counts)
def test_the_skipped_days_are_the_non_business_days_between_trigger_and_due(
    case: tuple[date, tuple[Closure, ...]], n: int
) -> None:
    trigger, closures = case
    calendar = city_calendar(closures)
    due, skipped = add_business_days(calendar, trigger, n)
    expected = [day for day in _days_between(trigger, due) if _oracle_closed(day, closures)]
    assert [s.day for s in skipped] == expected
    assert all(s.reason == calendar.non_business_reason(s.day) and s.reason for s in skipped)


@PROPERTY_SETTINGS
@given(triggers_with_closures(), st.integers(min_value=0, max_value=30), counts)
def test_a_later_trigger_never_gives_an_earlier_due_date(
    case: tuple[date, tuple[Closure, ...]], later_by: int, n: int
) -> None:
    trigger, closures = case
    calendar = city_calendar(closures)
    earlier_due, _ = add_business_days(calendar, trigger, n)
    later_due, _ = add_business_days(calendar, trigger + timedelta(days=later_by), n)
    assert later_due >= earlier_due


@PROPERTY_SETTINGS
@given(triggers, counts.filter(lambda n: n >= 1))
def test_one_more_business_day_is_the_next_business_day(start: date, n: int) -> None:
    # From n >= 1 only: with n == 0 a non-business start gives its next business day, which is
    # also the first business day counted after it.
    calendar = _plain_city()
    due, _ = add_business_days(calendar, start, n)
    next_due, _ = add_business_days(calendar, start, n + 1)
    assert next_due == calendar.next_business_day(due, inclusive=False)


@PROPERTY_SETTINGS
@given(triggers)
def test_the_city_calendar_agrees_with_the_oracle(day: date) -> None:
    assert _plain_city().is_business_day(day) == (not _oracle_closed(day, ()))


@PROPERTY_SETTINGS
@given(triggers_with_closures(), st.integers(min_value=0, max_value=30))
def test_the_opinion_deadline_rolls_past_weekends_and_holidays_but_no_office_closure_moves_it(
    case: tuple[date, tuple[Closure, ...]], extension: int
) -> None:
    trigger, closures = case
    calendar = city_calendar(closures)
    result = compute_due(clock(ClockKind.OPINION), trigger, calendar, extension_days=extension)
    landing = trigger + timedelta(days=90 + extension)
    holidays = tuple(c for c in closures if c.kind is DayKind.FIESTA)  # § 2-87(a): not closures
    assert result.due >= landing
    assert not _oracle_closed(result.due, holidays)
    rolled = [landing + timedelta(days=n) for n in range((result.due - landing).days)]
    assert [s.day for s in result.skipped] == rolled
    assert all(_oracle_closed(day, holidays) for day in rolled)


@PROPERTY_SETTINGS
@given(triggers_with_closures(), st.integers(min_value=0, max_value=10))
def test_a_presumed_receipt_is_the_first_business_day_after_the_presumption(
    case: tuple[date, tuple[Closure, ...]], presumption: int
) -> None:
    mailed, closures = case
    receipt = presumed_receipt(mailed, city_calendar(closures), presumption)
    landing = mailed + timedelta(days=presumption)
    assert receipt.day >= landing
    assert not _oracle_closed(receipt.day, closures)
    passed_over = _days_between(landing - timedelta(days=1), receipt.day)
    assert all(_oracle_closed(day, closures) for day in passed_over)
    assert ("rolled" in receipt.detail) == (receipt.day != landing)
