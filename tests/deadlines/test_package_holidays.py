"""The shipped table of the ``holidays`` package's holidays (``resources/calendars/
package-holidays.json``): the calendars read it instead of importing the package, so it must be
exactly what the installed package computes; a new release taken through the lock file fails here
until the table is rewritten."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from ethics_desk.deadlines import calendar as calendar_module
from ethics_desk.deadlines import city_calendar, load_rules, package_holidays, state_calendar
from ethics_desk.deadlines.package_holidays import (
    TABLE_YEARS,
    WRITE_COMMAND,
    differences,
    from_package,
    from_table,
    shipped_places,
    table_path,
)


@pytest.fixture
def fresh_caches() -> Iterator[None]:
    """The table and the calendars' years read again, before and after the test."""
    package_holidays._shipped.cache_clear()
    calendar_module._package_year.cache_clear()
    yield
    package_holidays._shipped.cache_clear()
    calendar_module._package_year.cache_clear()


def test_the_shipped_table_is_what_the_installed_holidays_package_computes() -> None:
    found = differences()
    assert found == [], (
        "resources/calendars/package-holidays.json is not what the installed holidays package "
        "computes (a new release?):\n" + "\n".join(found) + f"\nRewrite it: {WRITE_COMMAND} "
        "(and review tests/deadlines/test_holiday_table.py's closed weekdays with it)")


def test_every_year_of_the_table_reads_as_the_package_gives_it() -> None:
    for country, subdiv in shipped_places():
        for year in TABLE_YEARS:
            assert from_table(country, subdiv, year) == from_package(country, subdiv, year), (
                country, subdiv, year)


def test_the_table_holds_every_place_the_shipped_calendars_name() -> None:
    named = {(rules.country, rules.subdiv) for rules in (load_rules("city"), load_rules("state"))}
    assert named == {("US", None), ("US", "TX")}
    assert set(shipped_places()) == named
    assert all(from_table(country, subdiv, 2026) for country, subdiv in named)


def test_the_table_covers_every_year_a_clock_may_count_in_and_the_years_beside() -> None:
    assert TABLE_YEARS[0] <= 1999 and TABLE_YEARS[-1] >= 2076
    assert from_table("US", None, 2100) is None
    assert from_table("CA", None, 2026) is None


def _resources_with(tmp_path: Path, calendar: dict[str, object]) -> Path:
    resources = tmp_path / "resources"
    shutil.copytree(table_path().parent, resources / "calendars")
    (resources / "calendars" / f"{calendar['name']}.json").write_text(
        json.dumps(calendar), encoding="utf-8")
    return resources


CANADA = {"format": 1, "name": "ottawa", "title": "Ottawa",
          "holidays": {"country": "CA", "subdiv": "ON", "keep": ["Canada Day"]}}


def test_a_calendar_of_a_place_outside_the_table_is_answered_by_the_package(
        tmp_path: Path) -> None:
    rules = load_rules("ottawa", _resources_with(tmp_path, CANADA))
    calendar = calendar_module.BusinessCalendar(rules)
    assert calendar.non_business_reason(date(2026, 7, 1)) == "Canada Day"
    assert calendar.is_business_day(date(2026, 12, 25))  # not kept


def test_a_misspelt_holiday_of_a_place_outside_the_table_is_still_refused(
        tmp_path: Path) -> None:
    misspelt = dict(CANADA, holidays={"country": "CA", "subdiv": "ON", "keep": ["Canda Day"]})
    with pytest.raises(ValueError, match=r"'Canda Day' not found .* CA-ON calendar"):
        load_rules("ottawa", _resources_with(tmp_path, misspelt))


def test_a_misspelt_holiday_of_a_place_in_the_table_is_refused(tmp_path: Path) -> None:
    city = json.loads((table_path().parent / "city.json").read_text(encoding="utf-8"))
    city["holidays"]["keep"][0] = "New Years Day"
    with pytest.raises(ValueError, match=r"'New Years Day' not found .* New Year's Day,"):
        load_rules("city", _resources_with(tmp_path, city))


@pytest.mark.parametrize("damage", ["missing", "not JSON", "another format", "a year broken"])
def test_without_a_readable_table_the_package_gives_the_same_answers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str,
        fresh_caches: None) -> None:
    expected = {year: (city_calendar().non_business_weekdays(year),
                       state_calendar().non_business_weekdays(year)) for year in (2026, 2027)}
    table = json.loads(table_path().read_text(encoding="utf-8"))
    damaged = tmp_path / "calendars" / package_holidays.TABLE_NAME
    damaged.parent.mkdir()
    if damage == "not JSON":
        damaged.write_text('{"format": 1, "places": [', encoding="utf-8")
    elif damage == "another format":
        damaged.write_text(json.dumps(dict(table, format=2)), encoding="utf-8")
    elif damage == "a year broken":
        for place in table["places"]:
            place["years"]["2026"] = {"13-45": ["Nowhere Day"]}
            place["years"]["2027"] = ["not", "a", "year"]
        damaged.write_text(json.dumps(table), encoding="utf-8")
    monkeypatch.setattr(package_holidays, "resources_dir", lambda: tmp_path)
    package_holidays._shipped.cache_clear()
    calendar_module._package_year.cache_clear()
    assert from_table("US", None, 2026) is None
    for year, (city, state) in expected.items():
        assert city_calendar().non_business_weekdays(year) == city
        assert state_calendar().non_business_weekdays(year) == state


def test_the_write_command_writes_a_table_the_check_accepts_and_a_changed_one_it_refuses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        fresh_caches: None) -> None:
    resources = tmp_path / "resources"
    shutil.copytree(table_path().parent, resources / "calendars")
    (resources / "calendars" / package_holidays.TABLE_NAME).unlink()
    monkeypatch.setattr(package_holidays, "resources_dir", lambda: resources)
    assert package_holidays.main(["--check"]) == 1
    assert "there is no table" in capsys.readouterr().err

    assert package_holidays.main(["--write"]) == 0
    written = resources / "calendars" / package_holidays.TABLE_NAME
    assert written.read_text(encoding="utf-8") == table_path(
        Path(calendar_module.RESOURCES_DIR)).read_text(encoding="utf-8")
    assert package_holidays.main(["--check"]) == 0
    capsys.readouterr()

    table = json.loads(written.read_text(encoding="utf-8"))
    federal = table["places"][0]
    assert (federal["country"], federal["subdiv"]) == ("US", None)
    federal["years"]["2026"]["11-19"] = federal["years"]["2026"].pop("11-26")  # a week early
    written.write_text(package_holidays.render(table), encoding="utf-8")
    assert package_holidays.main(["--check"]) == 1
    err = capsys.readouterr().err
    assert "US 2026: the package has" in err
    assert WRITE_COMMAND in err
