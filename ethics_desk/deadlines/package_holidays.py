"""The ``holidays`` package's holidays, written down ahead of time for the shipped calendars.

Importing ``holidays`` and asking it for a year costs about a tenth of a second (its version
read through ``importlib.metadata``, every country's module loaded), more than all the rest of
``ethics-desk due``. So what the package says for each (country, subdivision) a shipped calendar
file names (``resources/calendars/*.json``), for every year of :data:`TABLE_YEARS`, is kept in
``resources/calendars/package-holidays.json`` — each year, each date with the package's list of
names for it — written by this module from the installed package::

    python -m ethics_desk.deadlines.package_holidays --write    # rewrite the table
    python -m ethics_desk.deadlines.package_holidays --check    # exit 1 if it is out of date

:mod:`ethics_desk.deadlines.calendar` reads the table (once, when a calendar first needs a year)
and imports the package only for a place or a year the table does not hold — a calendar file
naming another country, a year before 1999 or after 2076 — so every answer is the same either way.
``tests/deadlines/test_package_holidays.py`` fails when the installed package computes anything
else than the table (a new release taken through the lock file) and says how to rewrite it.

The table is not the reviewed list of closed weekdays (``tests/deadlines/holiday_table.csv``):
it is the package's raw answer, before a calendar's rules choose from it; a new release must
pass both, this one rewritten by the command above and that one reviewed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any

from ethics_desk.core.resources import resources_dir

__all__ = [
    "TABLE_NAME",
    "TABLE_YEARS",
    "WRITE_COMMAND",
    "PackageYear",
    "Place",
    "build_table",
    "differences",
    "from_package",
    "from_table",
    "render",
    "shipped_places",
    "table_path",
]

PackageYear = tuple[tuple[date, tuple[str, ...]], ...]
"""One year of the package's holidays, sorted by date, each date with its list of names."""

Place = tuple[str, str | None]
"""A country and a subdivision of the ``holidays`` package: ``("US", None)``, ``("US", "TX")``."""

TABLE_NAME = "package-holidays.json"
"""The table's file name, in ``resources/calendars`` beside the calendar files."""

TABLE_YEARS = range(1999, 2077)
"""The years the table holds. A calendar's year also looks at the package's holidays of the
year before and after (a day relative to a holiday may cross New Year), so every year from 2000
to 2075 — any clock the office runs — is answered from the table alone."""

WRITE_COMMAND = "python -m ethics_desk.deadlines.package_holidays --write"
"""How to rewrite the table from the installed package."""

_FORMAT = 1


def table_path(resources: Path | None = None) -> Path:
    """Where the table is: ``<resources>/calendars/package-holidays.json``."""
    return (resources if resources is not None else resources_dir()) / "calendars" / TABLE_NAME


def from_package(country: str, subdiv: str | None, year: int) -> PackageYear:
    """The package's holidays of one year, asked of the package itself (imported here).

    Raises NotImplementedError when the package has no such country or subdivision."""
    import holidays

    table = holidays.country_holidays(country, subdiv=subdiv, years=year)
    days = sorted(day for day in list(table) if day.year == year)
    return tuple((day, tuple(table.get_list(day))) for day in days)


_RawYears = Mapping[str, Mapping[str, Sequence[str]]]
"""One place's years as the table's JSON holds them: ``{"2026": {"01-01": ["New Year's Day"]}}``."""


@lru_cache(maxsize=1)
def _shipped() -> Mapping[Place, _RawYears] | None:
    """The shipped table, read once, each place's years left as JSON until one is asked for;
    None when it cannot be read (the package answers then)."""
    try:
        data = json.loads(table_path().read_text(encoding="utf-8"))
        if data["format"] != _FORMAT:
            return None
        return {(entry["country"], entry["subdiv"]): entry["years"] for entry in data["places"]}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def from_table(country: str, subdiv: str | None, year: int) -> PackageYear | None:
    """The package's holidays of one year as the shipped table holds them; None when the table
    does not hold that place or year (or cannot be read)."""
    shipped = _shipped()
    try:
        days = None if shipped is None else shipped.get((country, subdiv), {}).get(str(year))
        if days is None:
            return None
        return tuple((date(year, int(month_day[:2]), int(month_day[3:])), tuple(names))
                     for month_day, names in sorted(days.items()))
    except (ValueError, TypeError, AttributeError):  # a damaged table: the package answers
        return None


def shipped_places(resources: Path | None = None) -> list[Place]:
    """Every (country, subdivision) a calendar file in ``<resources>/calendars`` names, sorted.

    The files are read as they are, not checked (:func:`~ethics_desk.deadlines.calendar.
    load_rules` does that), so that a table out of date never stops its own rewriting."""
    places: set[Place] = set()
    folder = table_path(resources).parent
    for path in sorted(folder.glob("*.json")):
        if path.name == TABLE_NAME:
            continue
        spec = json.loads(path.read_text(encoding="utf-8"))["holidays"]
        places.add((spec["country"], spec.get("subdiv")))
    return sorted(places, key=lambda place: (place[0], place[1] or ""))


def _version() -> str:
    """The installed ``holidays`` release, written into the table."""
    from importlib.metadata import version

    return version("holidays")


def build_table(places: Iterable[Place], years: Iterable[int] = TABLE_YEARS) -> dict[str, Any]:
    """The table as the installed package computes it, ready for :func:`render`."""
    years = list(years)
    return {
        "format": _FORMAT,
        "about": ("The holidays package's holidays for the places the shipped calendars name, "
                  f"each year, each date with the package's names. Written by: {WRITE_COMMAND}"),
        "holidays_version": _version(),
        "years": [years[0], years[-1]] if years else [],
        "places": [
            {"country": country, "subdiv": subdiv,
             "years": {str(year): {day.strftime("%m-%d"): list(names)
                                   for day, names in from_package(country, subdiv, year)}
                       for year in years}}
            for country, subdiv in places
        ],
    }


def render(table: Mapping[str, Any]) -> str:
    """The table as JSON text, one line per date, so that a new release's diff reads by date."""
    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = ["{"]
    for key in ("format", "about", "holidays_version", "years"):
        lines.append(f"  {dumps(key)}: {dumps(table[key])},")
    lines.append('  "places": [')
    for p, place in enumerate(table["places"]):
        lines.append(f'    {{"country": {dumps(place["country"])}, '
                     f'"subdiv": {dumps(place["subdiv"])}, "years": {{')
        years = list(place["years"].items())
        for y, (year, days) in enumerate(years):
            lines.append(f"      {dumps(year)}: {{")
            entries = list(days.items())
            lines.extend(f"        {dumps(day)}: {dumps(names)}{',' if d < len(entries) - 1 else ''}"
                         for d, (day, names) in enumerate(entries))
            lines.append("      }" + ("," if y < len(years) - 1 else ""))
        lines.append("    }}" + ("," if p < len(table["places"]) - 1 else ""))
    lines.extend(["  ]", "}", ""])
    return "\n".join(lines)


def differences(resources: Path | None = None, limit: int = 20) -> list[str]:
    """How the table in ``resources`` differs from what the installed package computes: one line
    per place and year that differs (at most ``limit``), or a line saying it is missing or was
    written by another release; empty when it is up to date."""
    path = table_path(resources)
    expected = build_table(shipped_places(resources))
    try:
        written = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return [f"there is no table at {path}"]
    except ValueError as exc:
        return [f"{path} is not valid JSON: {exc}"]
    if written == expected:
        return []
    found: list[str] = []
    if written.get("holidays_version") != expected["holidays_version"]:
        found.append(f"the table was written with holidays {written.get('holidays_version')}, "
                     f"the installed package is {expected['holidays_version']}")
    if written.get("years") != expected["years"] or written.get("format") != _FORMAT:
        found.append(f"the table's format or years ({written.get('format')}, "
                     f"{written.get('years')}) are not {_FORMAT}, {expected['years']}")
    by_place = {(entry.get("country"), entry.get("subdiv")): entry.get("years", {})
                for entry in written.get("places", []) if isinstance(entry, dict)}
    for entry in expected["places"]:
        place = (entry["country"], entry["subdiv"])
        name = entry["country"] + (f"-{entry['subdiv']}" if entry["subdiv"] else "")
        if place not in by_place:
            found.append(f"{name}: not in the table")
            continue
        for year, days in entry["years"].items():
            if by_place[place].get(year) != days:
                found.append(f"{name} {year}: the package has {days}, "
                             f"the table {by_place[place].get(year)}")
    extra = sorted(set(by_place) - {(e["country"], e["subdiv"]) for e in expected["places"]},
                   key=str)
    found.extend(f"{place}: in the table, named by no calendar file" for place in extra)
    if len(found) > limit:
        found[limit:] = [f"… and {len(found) - limit} more"]
    return found or ["the table's text differs from what the package computes"]


def main(argv: Sequence[str] | None = None) -> int:
    """``--write`` the table from the installed package, or ``--check`` it (exit 1 if stale)."""
    parser = argparse.ArgumentParser(
        prog="python -m ethics_desk.deadlines.package_holidays",
        description="Write or check resources/calendars/package-holidays.json, the holidays "
                    "package's holidays for the shipped calendars.")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--write", action="store_true", help="rewrite the table")
    what.add_argument("--check", action="store_true",
                      help="exit 1 if the table differs from the installed package")
    args = parser.parse_args(argv)
    path = table_path()
    if args.write:
        table = build_table(shipped_places())
        path.write_text(render(table), encoding="utf-8")
        count = sum(len(days) for place in table["places"] for days in place["years"].values())
        print(f"wrote {path}: {count} holidays of {len(table['places'])} place(s), "
              f"{table['years'][0]}-{table['years'][1]}, holidays {table['holidays_version']}")
        return 0
    found = differences()
    if found:
        print("\n".join([f"{path} is out of date:", *found, f"Rewrite it: {WRITE_COMMAND}"]),
              file=sys.stderr)
        return 1
    print(f"{path} is up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
