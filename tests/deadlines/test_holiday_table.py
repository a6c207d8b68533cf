"""A ``holidays`` release is legal data: it must not move a due date without a reviewed commit.

Every weekday of 2020–2045 on which the City's or the State's offices are closed by rule (not by
the Clerk's closures, which live in the database) is written down in ``holiday_table.csv`` beside
this file. The test compares the calendars built from the installed ``holidays`` package with that
table; a release that adds, drops or moves a day fails here, naming the days. After reviewing the
change (and the deadlines it moves, § 2-83(d)-(e)), rewrite the table with
``python -m tests.deadlines.test_holiday_table --write`` and commit it with the lock file.
"""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

from ethics_desk.deadlines.calendar import BusinessCalendar, load_rules

TABLE = Path(__file__).with_name("holiday_table.csv")
CALENDARS = ("city", "state")
YEARS = range(2020, 2046)


def _rows() -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for name in CALENDARS:
        calendar = BusinessCalendar(load_rules(name))
        for year in YEARS:
            rows.extend((name, day.isoformat(), reason)
                        for day, reason in calendar.non_business_weekdays(year))
    return rows


def _as_csv(rows: list[tuple[str, str, str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("calendar", "date", "reason"))
    writer.writerows(rows)
    return out.getvalue()


def _checked_in() -> list[tuple[str, str, str]]:
    with TABLE.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        assert next(reader) == ["calendar", "date", "reason"]
        return [(row[0], row[1], row[2]) for row in reader]


def test_the_city_and_state_calendars_of_2020_to_2045_match_the_reviewed_table() -> None:
    built, reviewed = set(_rows()), set(_checked_in())
    added = sorted(built - reviewed)
    dropped = sorted(reviewed - built)
    assert (added, dropped) == ([], []), (
        f"the installed holidays package moves closed days: new {added}, gone {dropped}. "
        "Review what it moves, then rewrite the table: "
        "python -m tests.deadlines.test_holiday_table --write")


def test_the_table_covers_every_year_of_both_calendars() -> None:
    years = {(name, int(day[:4])) for name, day, _reason in _checked_in()}
    assert years == {(name, year) for name in CALENDARS for year in YEARS}


def test_the_table_names_the_days_a_clerk_knows() -> None:
    reviewed = set(_checked_in())
    assert ("city", "2026-11-27", "Day after Thanksgiving") in reviewed
    assert ("city", "2026-03-31", "César Chávez Day") in reviewed
    texas_independence_day = "2026-03-02"
    assert any(name == "state" and day == texas_independence_day for name, day, _r in reviewed)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.deadlines.test_holiday_table --write")
    TABLE.write_text(_as_csv(_rows()), encoding="utf-8")
    print(f"wrote {TABLE.name}: {len(_rows())} closed weekdays")
