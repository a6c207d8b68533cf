"""The City and State business-day calendars (City Code § 2-83; Gov't Code § 552.0031)."""

from __future__ import annotations

import json
import shutil
from datetime import date, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ethics_desk.deadlines import (
    RESOURCES_DIR,
    BusinessCalendar,
    Closure,
    DayKind,
    city_calendar,
    load_rules,
    package_holidays,
    state_calendar,
)
from ethics_desk.deadlines import calendar as calendar_module
from tests.conftest import examples

FIESTA_2025 = Closure(date(2025, 5, 2), "Fiesta San Jacinto Day", DayKind.FIESTA)


@pytest.fixture(scope="module")
def city() -> BusinessCalendar:
    return city_calendar()


@pytest.fixture(scope="module")
def state() -> BusinessCalendar:
    return state_calendar()


def _copy_resources(tmp_path: Path) -> Path:
    target = tmp_path / "resources"
    shutil.copytree(RESOURCES_DIR / "calendars", target / "calendars")
    return target


def _write_city(resources: Path, data: object) -> None:
    (resources / "calendars" / "city.json").write_text(json.dumps(data), encoding="utf-8")


def _city_data() -> dict:
    return json.loads((RESOURCES_DIR / "calendars" / "city.json").read_text(encoding="utf-8"))


# --- the City's holidays --------------------------------------------------------------------


def test_thanksgiving_and_the_day_after_are_skipped(city: BusinessCalendar) -> None:
    assert city.non_business_reason(date(2024, 11, 28)) == "Thanksgiving Day"
    assert city.non_business_reason(date(2024, 11, 29)) == "Day after Thanksgiving"
    assert city.non_business_reason(date(2026, 11, 26)) == "Thanksgiving Day"
    assert city.non_business_reason(date(2026, 11, 27)) == "Day after Thanksgiving"
    assert city.is_business_day(date(2026, 11, 25))


def test_cesar_chavez_day_is_a_city_holiday_from_2022(city: BusinessCalendar) -> None:
    assert city.non_business_reason(date(2025, 3, 31)) == "César Chávez Day"
    assert city.non_business_reason(date(2022, 3, 31)) == "César Chávez Day"
    assert city.classify(date(2025, 3, 31)) == (DayKind.CITY_DAY, "César Chávez Day")


def test_cesar_chavez_day_was_a_business_day_before_2022(city: BusinessCalendar) -> None:
    assert city.is_business_day(date(2021, 3, 31))
    assert city.non_business_reason(date(2021, 3, 31)) is None


def test_independence_day_is_observed_on_friday_3_july_2026(city: BusinessCalendar) -> None:
    assert city.non_business_reason(date(2026, 7, 3)) == "Independence Day (observed)"
    assert city.classify(date(2026, 7, 3)) == (DayKind.HOLIDAY, "Independence Day (observed)")


def test_veterans_day_is_a_city_holiday(city: BusinessCalendar) -> None:
    assert city.non_business_reason(date(2021, 11, 11)) == "Veterans Day"


def test_juneteenth_and_its_observed_friday_are_city_holidays(city: BusinessCalendar) -> None:
    assert city.non_business_reason(date(2026, 6, 19)) == "Juneteenth National Independence Day"
    assert city.non_business_reason(date(2027, 6, 18)) == (
        "Juneteenth National Independence Day (observed)"
    )


def test_new_years_day_on_a_saturday_is_observed_the_friday_before(
    city: BusinessCalendar,
) -> None:
    assert city.non_business_reason(date(2021, 12, 31)) == "New Year's Day (observed)"


@pytest.mark.parametrize(
    ("day", "state_name"),
    [
        (date(2026, 2, 16), "Presidents' Day"),
        (date(2026, 3, 2), "Texas Independence Day"),
        (date(2026, 4, 21), "San Jacinto Day"),
        (date(2026, 8, 27), "Lyndon Baines Johnson Day"),
        (date(2026, 10, 12), None),  # Columbus Day: federal, neither the City's nor the State's
        (date(2026, 12, 24), "Christmas Eve"),
    ],
)
def test_city_calendar_is_not_the_us_tx_calendar(
    city: BusinessCalendar, state: BusinessCalendar, day: date, state_name: str | None
) -> None:
    assert city.is_business_day(day)
    assert state.non_business_reason(day) == state_name


def test_state_calendar_skips_texas_independence_day_but_city_does_not(
    city: BusinessCalendar, state: BusinessCalendar
) -> None:
    assert state.non_business_reason(date(2026, 3, 2)) == "Texas Independence Day"
    assert not state.is_business_day(date(2026, 3, 2))
    assert city.is_business_day(date(2026, 3, 2))


def test_the_calendars_are_named_and_titled(city: BusinessCalendar, state: BusinessCalendar) -> None:
    assert (city.name, city.title) == ("city", "City of San Antonio")
    assert (state.name, state.title) == ("state", "State of Texas (Public Information Act)")


def test_weekends_are_named_saturday_and_sunday(city: BusinessCalendar) -> None:
    assert city.non_business_reason(date(2026, 11, 28)) == "Saturday"
    assert city.non_business_reason(date(2026, 11, 29)) == "Sunday"
    assert city.classify(date(2026, 11, 29)) == (DayKind.WEEKEND, "Sunday")


def test_a_holiday_on_a_weekend_is_reported_as_the_weekend_day(city: BusinessCalendar) -> None:
    assert city.non_business_reason(date(2026, 7, 4)) == "Saturday"


def test_non_business_weekdays_of_2026_are_the_city_holidays(city: BusinessCalendar) -> None:
    assert city.non_business_weekdays(2026) == [
        (date(2026, 1, 1), "New Year's Day"),
        (date(2026, 1, 19), "Martin Luther King Jr. Day"),
        (date(2026, 3, 31), "César Chávez Day"),
        (date(2026, 5, 25), "Memorial Day"),
        (date(2026, 6, 19), "Juneteenth National Independence Day"),
        (date(2026, 7, 3), "Independence Day (observed)"),
        (date(2026, 9, 7), "Labor Day"),
        (date(2026, 11, 11), "Veterans Day"),
        (date(2026, 11, 26), "Thanksgiving Day"),
        (date(2026, 11, 27), "Day after Thanksgiving"),
        (date(2026, 12, 25), "Christmas Day"),
    ]


def test_non_business_weekdays_include_closures_and_leave_out_weekends() -> None:
    calendar = city_calendar(
        [
            FIESTA_2025,
            Closure(date(2025, 12, 26), "Winter holiday closure"),
            Closure(date(2025, 12, 27), "Winter holiday closure"),  # a Saturday
        ]
    )
    days = dict(calendar.non_business_weekdays(2025))
    assert days[date(2025, 5, 2)] == "Fiesta San Jacinto Day"
    assert days[date(2025, 12, 26)] == "Winter holiday closure"
    assert date(2025, 12, 27) not in days
    assert list(days) == sorted(days)


# --- closures and required days -------------------------------------------------------------


def test_a_fiesta_closure_passed_in_is_skipped() -> None:
    calendar = city_calendar([FIESTA_2025])
    assert not calendar.is_business_day(date(2025, 5, 2))
    assert calendar.classify(date(2025, 5, 2)) == (DayKind.FIESTA, "Fiesta San Jacinto Day")
    assert city_calendar().is_business_day(date(2025, 5, 2))


def test_a_weather_closure_is_skipped_with_its_name() -> None:
    calendar = city_calendar([Closure(date(2026, 1, 27), "Winter storm closure")])
    assert calendar.non_business_reason(date(2026, 1, 27)) == "Winter storm closure"
    assert calendar.next_business_day(date(2026, 1, 27)) == date(2026, 1, 28)


def test_a_closure_on_a_holiday_keeps_both_names() -> None:
    calendar = city_calendar([Closure(date(2026, 12, 25), "Winter holiday closure")])
    assert calendar.non_business_reason(date(2026, 12, 25)) == (
        "Christmas Day; Winter holiday closure"
    )


def test_missing_required_days_lists_fiesta_when_none_is_given(city: BusinessCalendar) -> None:
    assert city.missing_required_days(2027) == ["Fiesta San Jacinto Day"]


def test_a_fiesta_closure_satisfies_the_required_day_of_its_year_only() -> None:
    calendar = city_calendar([FIESTA_2025])
    assert calendar.missing_required_days(2025) == []
    assert calendar.missing_required_days(2026) == ["Fiesta San Jacinto Day"]


def test_a_plain_closure_does_not_count_as_fiesta() -> None:
    calendar = city_calendar([Closure(date(2027, 4, 23), "Weather closure")])
    assert calendar.missing_required_days(2027) == ["Fiesta San Jacinto Day"]


def test_the_state_calendar_requires_no_days(state: BusinessCalendar) -> None:
    assert state.missing_required_days(2027) == []


def test_a_closure_needs_a_plain_date_and_a_name() -> None:
    with pytest.raises(TypeError):
        Closure(datetime(2026, 1, 2, 8, 0), "Weather")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs a name"):
        Closure(date(2026, 1, 2), "  ")
    with pytest.raises(ValueError, match="weekend"):
        Closure(date(2026, 1, 2), "Weather", DayKind.WEEKEND)


def test_a_calendar_accepts_only_closures() -> None:
    with pytest.raises(TypeError, match="Closure"):
        BusinessCalendar(load_rules("city"), [date(2026, 1, 2)])  # type: ignore[list-item]


# --- next business day ----------------------------------------------------------------------


def test_next_business_day_is_inclusive_by_default(city: BusinessCalendar) -> None:
    assert city.next_business_day(date(2026, 11, 25)) == date(2026, 11, 25)
    assert city.next_business_day(date(2026, 11, 25), inclusive=False) == date(2026, 11, 30)


def test_next_business_day_rolls_over_thanksgiving_and_the_weekend(
    city: BusinessCalendar,
) -> None:
    assert city.next_business_day(date(2026, 11, 26)) == date(2026, 11, 30)


# --- the rules files ------------------------------------------------------------------------


def test_the_rules_are_loaded_from_the_repository_resources() -> None:
    rules = load_rules("city")
    assert rules.source == RESOURCES_DIR / "calendars" / "city.json"
    assert rules.country == "US" and rules.subdiv is None
    assert rules.keep_holidays is not None and "Thanksgiving Day" in rules.keep_holidays
    assert rules.keeps("Independence Day (observed)")
    assert not rules.keeps("Columbus Day")
    assert [(d.name, d.month, d.day, d.since) for d in rules.fixed_days] == [
        ("César Chávez Day", 3, 31, 2022)
    ]
    assert [(d.name, d.base, d.offset_days) for d in rules.relative_days] == [
        ("Day after Thanksgiving", "Thanksgiving Day", 1)
    ]
    assert [(d.name, d.kind) for d in rules.required_days] == [
        ("Fiesta San Jacinto Day", DayKind.FIESTA)
    ]


def test_the_state_rules_keep_national_and_state_holidays_but_not_optional_ones() -> None:
    rules = load_rules("state")
    assert (rules.country, rules.subdiv) == ("US", "TX")
    assert rules.keeps("Lyndon Baines Johnson Day") and rules.keeps("Day After Christmas")
    assert not rules.keeps("Good Friday") and not rules.keeps("Cesar Chavez Day")


def test_the_loader_accepts_another_resources_directory(tmp_path: Path) -> None:
    resources = _copy_resources(tmp_path)
    data = _city_data()
    data["fixed_days"].append({"name": "Founders' Day", "month": 5, "day": 5})
    _write_city(resources, data)
    calendar = city_calendar(resources_dir=resources)
    assert calendar.non_business_reason(date(2026, 5, 5)) == "Founders' Day"
    assert load_rules("city", resources).source == resources / "calendars" / "city.json"


def test_an_unknown_calendar_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"unknown calendar 'county'.*county\.json"):
        load_rules("county")
    with pytest.raises(ValueError, match="unknown calendar"):
        load_rules("../city")


def test_broken_json_names_the_file_and_the_line(tmp_path: Path) -> None:
    resources = _copy_resources(tmp_path)
    (resources / "calendars" / "city.json").write_text('{"name": "city",\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"city\.json is not valid JSON.*line 2"):
        load_rules("city", resources)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d["holidays"]["keep"].append("Thanksgiving"), r"'Thanksgiving' not found"),
        (lambda d: d.update(name="state"), r"'name' is 'state'"),
        (lambda d: d.pop("title"), r"missing 'title'"),
        (lambda d: d["fixed_days"][0].update(sinse=2022), r"unknown key\(s\) 'sinse'"),
        (lambda d: d["fixed_days"][0].update(month=2, day=30), r"2/30 is not a date"),
        (lambda d: d["relative_days"][0].update(base="Turkey Day"), r"'Turkey Day' not found"),
        (lambda d: d["required_days"][0].update(kind="picnic"), r"'picnic' is not one of"),
        (lambda d: d["holidays"].update(country="XX"), r"no such calendar"),
        (lambda d: d.update(format=2), r"format 1"),
    ],
)
def test_a_broken_rules_file_names_the_file_and_the_problem(
    tmp_path: Path, change, problem: str
) -> None:
    resources = _copy_resources(tmp_path)
    data = _city_data()
    change(data)
    _write_city(resources, data)
    with pytest.raises(ValueError, match=problem) as info:
        load_rules("city", resources)
    assert str(resources / "calendars" / "city.json") in str(info.value)


# --- caching --------------------------------------------------------------------------------


def _counting_package(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The years the ``holidays`` package itself is asked for, from now on (caches emptied)."""
    calls: list[int] = []
    real = package_holidays.from_package

    def counting(country: str, subdiv: str | None, year: int) -> package_holidays.PackageYear:
        calls.append(year)
        return real(country, subdiv, year)

    calendar_module._package_year.cache_clear()
    monkeypatch.setattr(package_holidays, "from_package", counting)
    return calls


def test_the_holidays_package_is_consulted_once_per_year_outside_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert 2090 not in package_holidays.TABLE_YEARS
    calendar = city_calendar()
    calls = _counting_package(monkeypatch)
    try:
        for _ in range(50):
            for day in range(1, 366):
                calendar.is_business_day(date.fromordinal(date(2090, 1, 1).toordinal() + day))
    finally:
        calendar_module._package_year.cache_clear()
    # Each year once: 2090 and 2091, and their neighbours for the day after Thanksgiving.
    assert calls and len(calls) == len(set(calls))
    assert set(calls) <= {2089, 2090, 2091, 2092}
    assert calendar.non_business_reason(date(2090, 11, 24)) == "Day after Thanksgiving"


def test_the_years_of_the_table_never_ask_the_holidays_package(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting_package(monkeypatch)
    try:
        for calendar in (city_calendar(), state_calendar()):
            for year in (2000, 2026, 2075):
                assert calendar.non_business_weekdays(year)
    finally:
        calendar_module._package_year.cache_clear()
    assert calls == []


def test_the_state_calendar_leaves_optional_holidays_as_business_days() -> None:
    from ethics_desk.deadlines import state_calendar

    state = state_calendar()
    assert state.is_business_day(date(2026, 4, 3))  # Good Friday: optional, § 662.003(c)
    assert state.is_business_day(date(2026, 3, 31))  # César Chávez Day: optional for the State
    assert state.non_business_reason(date(2026, 3, 2)) == "Texas Independence Day"
    assert state.non_business_reason(date(2026, 12, 24)) == "Christmas Eve"


@pytest.mark.parametrize("name", ["city", "state"])
def test_every_holiday_a_shipped_calendar_keeps_exists_in_the_package_over_the_years(
        name: str) -> None:
    from ethics_desk.deadlines.calendar import _NAME_CHECK_YEARS, _package_year

    rules = load_rules(name)
    known: set[str] = set()
    for year in _NAME_CHECK_YEARS:
        for _day, names in _package_year(rules.country, rules.subdiv, year):
            known.update(names)
    assert rules.keep_holidays is None or rules.keep_holidays <= known
    assert {r.base for r in rules.relative_days} <= known


# -- § 662.005(a)(1): a State holiday on a weekend is not moved -------------------------------

STATE_HOLIDAY_NAMES = frozenset({
    # § 662.003(a), the national holidays
    "New Year's Day", "Martin Luther King Jr. Day", "Presidents' Day", "Memorial Day",
    "Juneteenth National Independence Day", "Independence Day", "Labor Day", "Veterans Day",
    "Thanksgiving Day", "Christmas Day",
    # § 662.003(b), the State holidays
    "Confederate Memorial Day", "Texas Independence Day", "San Jacinto Day",
    "Emancipation Day In Texas", "Lyndon Baines Johnson Day", "Friday After Thanksgiving",
    "Christmas Eve", "Day After Christmas",
})
"""The holidays § 662.003(a) and (b) name, as the ``holidays`` package spells them."""


def _named_by_662_003(day: date) -> bool:
    import holidays

    unobserved = holidays.country_holidays("US", subdiv="TX", years=day.year, observed=False)
    names = {name.strip() for name in str(unobserved.get(day, "")).split(";")}
    return bool(names & STATE_HOLIDAY_NAMES)


@given(st.dates(min_value=date(2020, 1, 1), max_value=date(2045, 12, 31)))
@settings(max_examples=examples(400), deadline=None)
def test_the_state_calendar_closes_no_weekday_that_section_662_003_does_not_name(
        day: date) -> None:
    if day.weekday() >= 5:
        assert not state_calendar().is_business_day(day)
        return
    assert state_calendar().is_business_day(day) != _named_by_662_003(day)


@pytest.mark.parametrize("day", [date(2027, 12, 23), date(2028, 12, 22), date(2026, 7, 3),
                                 date(2027, 12, 27)])
def test_a_state_holiday_on_a_weekend_gives_no_weekday_off_662_005(day: date) -> None:
    assert state_calendar().is_business_day(day), day


def test_the_state_calendar_with_the_citys_designated_days_skips_a_day_either_closes() -> None:
    from ethics_desk.deadlines import WithDesignatedDays

    both = WithDesignatedDays(state_calendar(), city_calendar())
    assert both.name == "state"  # the Public Information Act's clocks still run on it
    assert not both.is_business_day(date(2026, 3, 31))  # César Chávez Day: the City's only
    assert both.non_business_reason(date(2026, 3, 31)) == "César Chávez Day (City of San Antonio)"
    assert both.non_business_reason(date(2026, 3, 2)) == "Texas Independence Day"  # the State's
    assert both.is_business_day(date(2026, 4, 3))  # Good Friday: closed by neither
    with pytest.raises(ValueError, match="combine the State calendar"):
        WithDesignatedDays(city_calendar(), state_calendar())
