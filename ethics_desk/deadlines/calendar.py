"""Business-day calendars for the clocks of City Code § 2-83.

A *business day* is a weekday on which the offices are open. Which weekdays are closed is data,
not code: ``resources/calendars/<name>.json`` holds the rules (see :func:`load_rules`), and the
Clerk's one-off and per-year closures (:class:`Closure`) come from the database.

Two calendars exist:

* ``city`` — the City of San Antonio's holidays, used by every clock of § 2-83, § 2-85(c) and
  § 2-87(a). It is *not* the ``holidays`` package's US-TX calendar: it keeps only the federal
  holidays the City observes, adds César Chávez Day and the day after Thanksgiving, and requires a
  Fiesta San Jacinto Day closure each year.
* ``state`` — the State of Texas holidays (``holidays.US(subdiv="TX")``), used for the Public
  Information Act's business days (Gov't Code §§ 552.0031, 552.301).

The JSON format (``"format": 1``)::

    {
      "format": 1,
      "name": "city",                       # must match the file name
      "title": "City of San Antonio",
      "description": "...",                 # optional, free text
      "holidays": {                         # rule-based holidays from the holidays package
        "country": "US",
        "subdiv": null,                     # or e.g. "TX"
        "keep": ["New Year's Day", ...],    # package names to keep, or "all"
        "keep_observed": true               # also keep "<name> (observed)"
      },
      "fixed_days": [                       # the same date every year
        {"name": "César Chávez Day", "month": 3, "day": 31, "since": 2022}
      ],
      "relative_days": [                    # a number of days from a package holiday
        {"name": "Day after Thanksgiving", "base": "Thanksgiving Day", "offset_days": 1}
      ],
      "required_days": [                    # set by the Clerk each year as a closure of this kind
        {"name": "Fiesta San Jacinto Day", "kind": "fiesta"}
      ]
    }

Every entry of the three lists may carry ``"since"`` / ``"until"`` (inclusive years) and a free
``"note"``. Unknown keys are rejected so that a typo cannot silently drop a holiday.

The ``holidays`` package is not imported for the shipped calendars: what it says for their places
(US, US-TX) from 1999 to 2076 is kept in ``resources/calendars/package-holidays.json``, written
from the installed package by :mod:`ethics_desk.deadlines.package_holidays` and checked against it
by the test suite. A calendar file naming another place, or a year outside the table, is answered
by the package itself, the same way; a file's ``keep`` names and relative days' bases are checked
against whichever answers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ethics_desk.core.resources import resources_dir

__all__ = [
    "RESOURCES_DIR",
    "BusinessCalendar",
    "CalendarRules",
    "Closure",
    "DayKind",
    "FixedDay",
    "RelativeDay",
    "RequiredDay",
    "WithDesignatedDays",
    "city_calendar",
    "load_rules",
    "state_calendar",
]

RESOURCES_DIR: Path = resources_dir()
"""The repository's ``resources`` directory; calendars live in its ``calendars`` folder."""

WEEKDAY_NAMES: tuple[str, ...] = (
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
)
"""English weekday names, independent of the process locale."""

_OBSERVED_SUFFIX = " (observed)"
_FORMAT_VERSION = 1
_NAME_CHECK_YEARS = range(2021, 2036)
"""Years in which every kept holiday name must occur at least once (catches renamed holidays)."""
_NAME_WINDOW = range(2025, 2028)
"""The years whose holiday names a calendar file's names are checked against when it is loaded
(a short window, inside :data:`_NAME_CHECK_YEARS`, so that start-up stays fast)."""
_MAX_OFFSET_DAYS = 31
_MAX_NON_BUSINESS_RUN = 3660
"""Guard against a calendar with no business day in sight (about ten years of closures)."""


class DayKind(StrEnum):
    """Why a day is not a business day."""

    WEEKEND = "weekend"
    HOLIDAY = "holiday"  # a rule-based holiday from the holidays package
    CITY_DAY = "city_day"  # a fixed or relative day from the calendar file
    FIESTA = "fiesta"  # Fiesta San Jacinto Day, set each year by the Clerk
    CLOSURE = "closure"  # a one-off closure: weather, winter-holiday closure


FIESTA_MONTHS = (4, 5)
"""Fiesta San Antonio, and so its Battle of Flowers Friday, falls in April or early May
(28 April 2023; 2 May 2025): a Fiesta San Jacinto Day set in another month is most likely a
typing slip, warned of but not refused (the City could move it). Here, with the calendar, so that
``ethics-desk due`` warns of it without loading the database's closures code."""


def fiesta_season_warning(day: date) -> str | None:
    """A warning when a Fiesta San Jacinto Day is set outside April and May; None inside."""
    if day.month in FIESTA_MONTHS:
        return None
    return (f"Fiesta San Jacinto Day is set on {day.strftime('%A')} {day.isoformat()}, outside "
            "April and May when Fiesta is held (e.g. 28 April 2023, 2 May 2025): check the date "
            "the City announced, and move it if it was mistyped.")


@dataclass(frozen=True)
class Closure:
    """A day the office is closed that the Clerk sets: Fiesta San Jacinto Day, weather, winter.

    Closures are stored in the database by others and passed to :class:`BusinessCalendar` as
    plain data.
    """

    day: date
    name: str
    kind: DayKind = DayKind.CLOSURE

    def __post_init__(self) -> None:
        """Reject closures that could not be counted correctly."""
        if isinstance(self.day, datetime) or not isinstance(self.day, date):
            raise TypeError(f"Closure.day must be a datetime.date, not {type(self.day).__name__}")
        if not self.name or not self.name.strip():
            raise ValueError(f"the closure on {self.day.isoformat()} needs a name")
        if self.kind is DayKind.WEEKEND:
            raise ValueError("a closure cannot be of kind 'weekend'")


@dataclass(frozen=True)
class FixedDay:
    """A City day on the same date every year (César Chávez Day, 31 March, since 2022)."""

    name: str
    month: int
    day: int
    since: int | None = None
    until: int | None = None

    def applies(self, year: int) -> bool:
        """Whether the day is observed in ``year`` (``since``/``until`` are inclusive)."""
        return _in_years(year, self.since, self.until)

    def on(self, year: int) -> date | None:
        """The date in ``year``, or None when not observed (or 29 February in a common year)."""
        if not self.applies(year):
            return None
        try:
            return date(year, self.month, self.day)
        except ValueError:
            return None


@dataclass(frozen=True)
class RelativeDay:
    """A City day a number of days from a package holiday ("the day after Thanksgiving Day")."""

    name: str
    base: str
    offset_days: int
    since: int | None = None
    until: int | None = None


@dataclass(frozen=True)
class RequiredDay:
    """A day the Clerk must set each year as a closure of ``kind`` (Fiesta San Jacinto Day)."""

    name: str
    kind: DayKind
    since: int | None = None
    until: int | None = None


@dataclass(frozen=True)
class CalendarRules:
    """The rules of one business-day calendar, as loaded from ``resources/calendars/<name>.json``.

    ``keep_holidays`` is None to keep every holiday of the package's calendar (the state
    calendar); otherwise only those names (and their ``"(observed)"`` variants when
    ``keep_observed``) are holidays.
    """

    name: str
    title: str
    country: str
    subdiv: str | None = None
    keep_holidays: frozenset[str] | None = None
    keep_observed: bool = True
    fixed_days: tuple[FixedDay, ...] = ()
    relative_days: tuple[RelativeDay, ...] = ()
    required_days: tuple[RequiredDay, ...] = ()
    description: str = ""
    source: Path | None = None

    def keeps(self, holiday_name: str) -> bool:
        """Whether a name from the holidays package is a holiday on this calendar."""
        if self.keep_holidays is None:
            return True
        if holiday_name in self.keep_holidays:
            return True
        return (
            self.keep_observed
            and holiday_name.endswith(_OBSERVED_SUFFIX)
            and holiday_name[: -len(_OBSERVED_SUFFIX)] in self.keep_holidays
        )


# --------------------------------------------------------------------------------------------
# The holidays package, cached per (country, subdivision, year)
# --------------------------------------------------------------------------------------------


@lru_cache(maxsize=2048)
def _package_year(
    country: str, subdiv: str | None, year: int
) -> tuple[tuple[date, tuple[str, ...]], ...]:
    """The package's holidays of one year, sorted, each date with its list of names.

    From the shipped table (:mod:`ethics_desk.deadlines.package_holidays`) when it holds the
    place and the year, without importing the package; else from the package itself. The
    test suite checks that both give the same. (Imported here, not at the top, so that
    ``python -m ethics_desk.deadlines.package_holidays`` runs without a second copy of it.)"""
    import ethics_desk.deadlines.package_holidays as package_holidays

    shipped = package_holidays.from_table(country, subdiv, year)
    if shipped is not None:
        return shipped
    return package_holidays.from_package(country, subdiv, year)


def _in_years(year: int, since: int | None, until: int | None) -> bool:
    return (since is None or year >= since) and (until is None or year <= until)


# --------------------------------------------------------------------------------------------
# Loading and validating the rules
# --------------------------------------------------------------------------------------------


class _RulesError(ValueError):
    """A problem in a calendar file; re-raised as ValueError naming the file."""


def _take(obj: Mapping[str, Any], where: str, required: set[str], optional: set[str]) -> None:
    missing = sorted(required - obj.keys())
    if missing:
        raise _RulesError(f"{where}: missing {', '.join(repr(k) for k in missing)}")
    unknown = sorted(obj.keys() - required - optional)
    if unknown:
        raise _RulesError(f"{where}: unknown key(s) {', '.join(repr(k) for k in unknown)}")


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _RulesError(f"{where}: expected a non-empty string, got {value!r}")
    return value


def _opt_str(value: Any, where: str) -> str | None:
    return None if value is None else _str(value, where)


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _RulesError(f"{where}: expected a whole number from {low} to {high}, got {value!r}")
    return value


def _opt_int(value: Any, where: str, low: int, high: int) -> int | None:
    return None if value is None else _int(value, where, low, high)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _RulesError(f"{where}: expected a list, got {value!r}")
    return value


def _dict(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _RulesError(f"{where}: expected an object, got {value!r}")
    return value


def _years(entry: Mapping[str, Any], where: str) -> tuple[int | None, int | None]:
    since = _opt_int(entry.get("since"), f"{where}.since", 1900, 2200)
    until = _opt_int(entry.get("until"), f"{where}.until", 1900, 2200)
    if since is not None and until is not None and until < since:
        raise _RulesError(f"{where}: 'until' ({until}) is before 'since' ({since})")
    return since, until


def _package_names(country: str, subdiv: str | None) -> set[str]:
    """The holiday names the package uses in the years of :data:`_NAME_WINDOW`.

    A short window keeps the application's start fast; a fixed one makes loading a calendar
    the same whatever the machine's date (time is an input, never read here). The test suite
    checks the shipped calendars against every year of :data:`_NAME_CHECK_YEARS`.
    """
    names: set[str] = set()
    for year in _NAME_WINDOW:
        for _day, day_names in _package_year(country, subdiv, year):
            names.update(day_names)
    return names


def _parse_rules(data: Any, expected_name: str, source: Path) -> CalendarRules:
    top = _dict(data, "the file")
    _take(
        top,
        "the file",
        {"format", "name", "title", "holidays"},
        {"description", "fixed_days", "relative_days", "required_days", "note"},
    )
    if top["format"] != _FORMAT_VERSION:
        raise _RulesError(f"'format' is {top['format']!r}; this version reads format 1")
    name = _str(top["name"], "name")
    if name != expected_name:
        raise _RulesError(f"'name' is {name!r} but the file is for the {expected_name!r} calendar")
    title = _str(top["title"], "title")
    description = top.get("description", "")
    if not isinstance(description, str):
        raise _RulesError("description: expected a string")

    source_spec = _dict(top["holidays"], "holidays")
    _take(source_spec, "holidays", {"country", "keep"}, {"subdiv", "keep_observed", "note"})
    country = _str(source_spec["country"], "holidays.country")
    subdiv = _opt_str(source_spec.get("subdiv"), "holidays.subdiv")
    try:
        available = _package_names(country, subdiv)
    except NotImplementedError as exc:
        raise _RulesError(f"holidays: the holidays package has no such calendar ({exc})") from exc
    keep_observed = source_spec.get("keep_observed", True)
    if not isinstance(keep_observed, bool):
        raise _RulesError(f"holidays.keep_observed: expected true or false, got {keep_observed!r}")
    keep_spec = source_spec["keep"]
    keep: frozenset[str] | None
    if keep_spec == "all":
        keep = None
    else:
        names = [
            _str(item, f"holidays.keep[{i}]")
            for i, item in enumerate(_list(keep_spec, "holidays.keep"))
        ]
        unknown = sorted(n for n in names if n not in available)
        if unknown:
            raise _RulesError(
                f"holidays.keep: {', '.join(repr(n) for n in unknown)} not found in the holidays "
                f"package's {country}{'-' + subdiv if subdiv else ''} calendar "
                f"(known names: {', '.join(sorted(available))})"
            )
        keep = frozenset(names)

    fixed: list[FixedDay] = []
    for i, raw in enumerate(_list(top.get("fixed_days", []), "fixed_days")):
        where = f"fixed_days[{i}]"
        entry = _dict(raw, where)
        _take(entry, where, {"name", "month", "day"}, {"since", "until", "note"})
        month = _int(entry["month"], f"{where}.month", 1, 12)
        day = _int(entry["day"], f"{where}.day", 1, 31)
        try:
            date(2000, month, day)  # a leap year: 29 February is allowed
        except ValueError as exc:
            raise _RulesError(f"{where}: {month}/{day} is not a date") from exc
        since, until = _years(entry, where)
        fixed.append(FixedDay(_str(entry["name"], f"{where}.name"), month, day, since, until))

    relative: list[RelativeDay] = []
    for i, raw in enumerate(_list(top.get("relative_days", []), "relative_days")):
        where = f"relative_days[{i}]"
        entry = _dict(raw, where)
        _take(entry, where, {"name", "base", "offset_days"}, {"since", "until", "note"})
        base = _str(entry["base"], f"{where}.base")
        if base not in available:
            raise _RulesError(
                f"{where}.base: {base!r} not found in the holidays package's {country} calendar"
            )
        offset = _int(
            entry["offset_days"], f"{where}.offset_days", -_MAX_OFFSET_DAYS, _MAX_OFFSET_DAYS
        )
        since, until = _years(entry, where)
        relative_name = _str(entry["name"], f"{where}.name")
        relative.append(RelativeDay(relative_name, base, offset, since, until))

    required: list[RequiredDay] = []
    for i, raw in enumerate(_list(top.get("required_days", []), "required_days")):
        where = f"required_days[{i}]"
        entry = _dict(raw, where)
        _take(entry, where, {"name", "kind"}, {"since", "until", "note"})
        try:
            kind = DayKind(entry["kind"])
        except ValueError as exc:
            raise _RulesError(
                f"{where}.kind: {entry['kind']!r} is not one of 'fiesta', 'closure'"
            ) from exc
        if kind not in (DayKind.FIESTA, DayKind.CLOSURE):
            raise _RulesError(f"{where}.kind: a required day is a 'fiesta' or 'closure'")
        since, until = _years(entry, where)
        required.append(RequiredDay(_str(entry["name"], f"{where}.name"), kind, since, until))

    return CalendarRules(
        name=name,
        title=title,
        country=country,
        subdiv=subdiv,
        keep_holidays=keep,
        keep_observed=keep_observed,
        fixed_days=tuple(fixed),
        relative_days=tuple(relative),
        required_days=tuple(required),
        description=description,
        source=source,
    )


_CALENDAR_NAME = re.compile(r"[a-z][a-z0-9_-]*")


def load_rules(name: str, resources_dir: Path | None = None) -> CalendarRules:
    """Load and check ``<resources_dir>/calendars/<name>.json``.

    ``resources_dir`` defaults to the repository's ``resources`` directory. Raises ValueError
    naming the file and the problem when the calendar is unknown or the file is broken
    (bad JSON, missing or unknown keys, a holiday name the ``holidays`` package does not know).
    """
    if not isinstance(name, str) or not _CALENDAR_NAME.fullmatch(name):
        raise ValueError(f"unknown calendar {name!r}: a calendar name is lower-case, like 'city'")
    folder = (resources_dir if resources_dir is not None else RESOURCES_DIR) / "calendars"
    path = folder / f"{name}.json"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"unknown calendar {name!r}: there is no file {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"calendar file {path} cannot be read: {exc}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"calendar file {path} is not valid JSON: {exc.msg} at line {exc.lineno}, "
            f"column {exc.colno}"
        ) from exc
    try:
        return _parse_rules(data, name, path)
    except _RulesError as exc:
        raise ValueError(f"calendar file {path}: {exc}") from exc


# --------------------------------------------------------------------------------------------
# The calendar
# --------------------------------------------------------------------------------------------

_DayInfo = tuple[DayKind, str]


class BusinessCalendar:
    """Answers "is this a business day, and if not, why?" for one set of rules and closures.

    Per-year tables are built on first use and cached, so the calendar is cheap to query for
    many cases; the package's holidays (from the shipped table or the ``holidays`` package) are
    also cached per year across instances.
    Weekends come first: a holiday on a Saturday is reported as "Saturday".
    """

    def __init__(self, rules: CalendarRules, closures: Iterable[Closure] = ()) -> None:
        """Build a calendar from ``rules`` and the Clerk's ``closures``."""
        self._rules = rules
        by_year: dict[int, list[Closure]] = {}
        for closure in closures:
            if not isinstance(closure, Closure):
                raise TypeError(f"expected a Closure, got {type(closure).__name__}")
            by_year.setdefault(closure.day.year, []).append(closure)
        self._closures: dict[int, tuple[Closure, ...]] = {
            year: tuple(sorted(items, key=lambda c: (c.day, c.name)))
            for year, items in by_year.items()
        }
        self._years: dict[int, Mapping[date, _DayInfo]] = {}

    @property
    def name(self) -> str:
        """The calendar's name, ``rules.name`` ("city" or "state")."""
        return self._rules.name

    @property
    def title(self) -> str:
        """The calendar's title, e.g. "City of San Antonio"."""
        return self._rules.title

    @property
    def rules(self) -> CalendarRules:
        """The rules this calendar was built from."""
        return self._rules

    @property
    def closures(self) -> tuple[Closure, ...]:
        """The Clerk's closures, sorted by date."""
        return tuple(c for year in sorted(self._closures) for c in self._closures[year])

    def _year(self, year: int) -> Mapping[date, _DayInfo]:
        table = self._years.get(year)
        if table is None:
            table = self._build_year(year)
            self._years[year] = table
        return table

    def _build_year(self, year: int) -> Mapping[date, _DayInfo]:
        rules = self._rules
        entries: dict[date, list[tuple[DayKind, str]]] = {}

        def add(day: date, kind: DayKind, name: str) -> None:
            names = entries.setdefault(day, [])
            if all(existing != name for _k, existing in names):
                names.append((kind, name))

        for day, names in _package_year(rules.country, rules.subdiv, year):
            for holiday_name in names:
                if rules.keeps(holiday_name):
                    add(day, DayKind.HOLIDAY, holiday_name)
        for fixed in rules.fixed_days:
            fixed_day = fixed.on(year)
            if fixed_day is not None:
                add(fixed_day, DayKind.CITY_DAY, fixed.name)
        for relative in rules.relative_days:
            # A base in the neighbouring year may land in this one (offsets are at most 31 days).
            for base_year in (year - 1, year, year + 1):
                for day, names in _package_year(rules.country, rules.subdiv, base_year):
                    if relative.base in names:
                        moved = day + timedelta(days=relative.offset_days)
                        if moved.year == year and _in_years(year, relative.since, relative.until):
                            add(moved, DayKind.CITY_DAY, relative.name)
        for closure in self._closures.get(year, ()):
            add(closure.day, closure.kind, closure.name)

        return MappingProxyType(
            {
                day: (kinds_names[0][0], "; ".join(n for _k, n in kinds_names))
                for day, kinds_names in entries.items()
            }
        )

    def classify(self, day: date) -> tuple[DayKind, str] | None:
        """The kind and reason a day is not a business day, or None on a business day."""
        weekday = day.weekday()
        if weekday >= 5:
            return DayKind.WEEKEND, WEEKDAY_NAMES[weekday]
        return self._year(day.year).get(day)

    def non_business_reason(self, day: date) -> str | None:
        """"Saturday", "Sunday", or the holiday/closure name(s); None on a business day."""
        info = self.classify(day)
        return None if info is None else info[1]

    def is_business_day(self, day: date) -> bool:
        """Whether City offices (or State offices, on the state calendar) are open on ``day``."""
        return day.weekday() < 5 and day not in self._year(day.year)

    def next_business_day(self, day: date, *, inclusive: bool = True) -> date:
        """The first business day on or after ``day`` (after it, when ``inclusive`` is False)."""
        current = day if inclusive else day + timedelta(days=1)
        for _ in range(_MAX_NON_BUSINESS_RUN):
            if self.is_business_day(current):
                return current
            current += timedelta(days=1)
        raise ValueError(
            f"the {self.name} calendar has no business day within {_MAX_NON_BUSINESS_RUN} days "
            f"of {day.isoformat()}"
        )

    def non_business_weekdays(self, year: int) -> list[tuple[date, str]]:
        """Every weekday of ``year`` that is not a business day, with its reason, sorted."""
        table = self._year(year)
        return [(day, table[day][1]) for day in sorted(table) if day.weekday() < 5]

    def missing_required_days(self, year: int) -> list[str]:
        """Names of the per-year days not yet set for ``year`` (e.g. "Fiesta San Jacinto Day")."""
        kinds = {closure.kind for closure in self._closures.get(year, ())}
        return [
            required.name
            for required in self._rules.required_days
            if _in_years(year, required.since, required.until) and required.kind not in kinds
        ]

    def __repr__(self) -> str:
        """A short description for debugging."""
        count = sum(len(items) for items in self._closures.values())
        return f"BusinessCalendar({self.name!r}, {count} closure(s))"


def city_calendar(
    closures: Iterable[Closure] = (), resources_dir: Path | None = None
) -> BusinessCalendar:
    """The City of San Antonio calendar (City Code § 2-83 clocks) with the Clerk's closures."""
    return BusinessCalendar(load_rules("city", resources_dir), closures)


def state_calendar(
    closures: Iterable[Closure] = (), resources_dir: Path | None = None
) -> BusinessCalendar:
    """The State of Texas calendar (Public Information Act, Gov't Code § 552.0031)."""
    return BusinessCalendar(load_rules("state", resources_dir), closures)


class WithDesignatedDays(BusinessCalendar):
    """The State's calendar with the City's own designated non-business days added to it.

    Gov't Code § 552.0031: a business day is not a Saturday, a Sunday, a national or State
    holiday under § 662.003, nor a day the governmental body has designated as a non-business
    day. Whether the City's observed Fridays and Mondays and its closures count for its Public
    Information Act clocks is the City Attorney's call (an office setting). This calendar keeps
    the State's name (the clocks of ch. 552 run on it) and skips a day either calendar closes,
    naming it by the State's reason first, else the City's ("… (City of San Antonio)").
    """

    def __init__(self, state: BusinessCalendar, city: BusinessCalendar) -> None:
        """Combine ``state`` (whose rules and name it keeps) with the ``city``'s closed days."""
        if state.name != "state" or city.name != "city":
            raise ValueError("combine the State calendar with the City calendar")
        super().__init__(state.rules, state.closures)
        self._state = state
        self._city = city

    @property
    def title(self) -> str:
        """E.g. "State of Texas (Public Information Act), with the City of San Antonio's
        designated non-business days"."""
        return f"{self._state.title}, with the {self._city.title}'s designated non-business days"

    def classify(self, day: date) -> tuple[DayKind, str] | None:
        """The State's reason, else the City's (marked as the City's), else None."""
        reason = self._state.classify(day)
        if reason is not None:
            return reason
        city = self._city.classify(day)
        if city is None:
            return None
        return city[0], f"{city[1]} ({self._city.title})"

    def is_business_day(self, day: date) -> bool:
        """Open on both calendars."""
        return self._state.is_business_day(day) and self._city.is_business_day(day)

    def non_business_weekdays(self, year: int) -> list[tuple[date, str]]:
        """Every weekday of ``year`` closed on either calendar, with its reason, sorted."""
        days = {day for day, _reason in self._state.non_business_weekdays(year)}
        days |= {day for day, _reason in self._city.non_business_weekdays(year)}
        return [(day, self.non_business_reason(day) or "") for day in sorted(days)]

    def missing_required_days(self, year: int) -> list[str]:
        """The City's per-year days not set count here too (Fiesta San Jacinto Day)."""
        return self._city.missing_required_days(year)
