"""Dates as a clerk types them, and as the office chooses to show them (no Qt here).

Every § 2-83 period is counted from a date someone typed: the day a complaint was sworn
(§ 2-83(c)), mailed (§ 2-83(e)), received or heard (§ 2-83(f)). A date field accepts the
forms a clerk writes on paper — ``2026-11-03``, ``11/3/2026`` and ``11/3/26`` — and shows the
date in the office's chosen :class:`DateStyle` (Settings; ISO ``2026-11-03`` unless changed).

A two-digit year is read as the year nearest the office's today: from 80 years back to 19
years ahead (``11/3/26`` is 2026; ``4/1/99`` is 1999 when today is in 2026).

A typed date lies in the years :data:`FIRST_YEAR` to :data:`LAST_YEAR`, in the window and on
the command line alike; the command line takes one form only, ``YYYY-MM-DD``
(:func:`parse_iso_date`).
"""

from __future__ import annotations

import re
from datetime import date, datetime, time
from enum import StrEnum

ACCEPTED_FORMS = "2026-11-03, 11/3/2026 or 11/3/26"
ACCEPTED_TIMES = "14:00 or 2:00 PM"
FIRST_YEAR = 1900
"""The first year a typed date may fall in: the office keeps no record from before it."""
LAST_YEAR = 2199
"""The last year a typed date may fall in: a year beyond it (``9999``) is a slip of the keys,
and every § 2-83 period counted from it would run off the calendar."""
YEARS = f"{FIRST_YEAR}–{LAST_YEAR}"
"""The years a typed date may fall in, as a message says them."""

_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_STRICT_ISO = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_US = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})")
_TIME = re.compile(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?", re.IGNORECASE)


class DateStyle(StrEnum):
    """How the office shows a date in a date field (Settings → dates are shown as)."""

    ISO = "iso"
    US = "us"

    @property
    def label(self) -> str:
        """The style as Settings offers it, with an example."""
        return _STYLE_LABELS[self]


_STYLE_LABELS = {DateStyle.ISO: "2026-11-03 (year-month-day)",
                 DateStyle.US: "11/03/2026 (month/day/year)"}


class DateTypingError(ValueError):
    """Text that is not a date (or a date and time) in one of the accepted forms."""


def _year(typed: str, today: date) -> int:
    if len(typed) == 4:
        return int(typed)
    two = int(typed)
    year = today.year - today.year % 100 + two
    if year > today.year + 19:
        year -= 100
    elif year <= today.year - 81:
        year += 100
    return year


def parse_date(text: str, *, today: date) -> date | None:
    """The date in ``text`` (None when it is empty); :class:`DateTypingError` when it is not
    a date in one of the accepted forms, or not a day of the calendar (``2/30/2026``)."""
    typed = text.strip()
    if not typed:
        return None
    iso, us = _ISO.fullmatch(typed), _US.fullmatch(typed)
    if not (iso or us):
        raise DateTypingError(f"“{typed}” is not a date. Type it as {ACCEPTED_FORMS}.")
    try:
        day = (date(int(iso[1]), int(iso[2]), int(iso[3])) if iso else
               date(_year(us[3], today), int(us[1]), int(us[2])) if us else None)
    except ValueError:
        raise DateTypingError(f"“{typed}” is not a day of the calendar. Type the date as "
                              f"{ACCEPTED_FORMS}.") from None
    assert day is not None
    return _within_years(day, typed, ACCEPTED_FORMS)


def parse_iso_date(text: str) -> date:
    """The date ``text`` is in the one form the command line takes, ``YYYY-MM-DD`` (four, two
    and two ASCII digits: not ``20261124``, not ``2026-W48-2``), within :data:`FIRST_YEAR` to
    :data:`LAST_YEAR`; :class:`DateTypingError` otherwise."""
    form = "YYYY-MM-DD, for example 2026-11-24"
    found = _STRICT_ISO.fullmatch(text)
    if found is None:
        raise DateTypingError(f"“{text}” is not a date. Give it as {form}.")
    try:
        day = date(int(found[1]), int(found[2]), int(found[3]))
    except ValueError:
        raise DateTypingError(f"“{text}” is not a date: the calendar has no such day. Give it "
                              f"as {form}.") from None
    return _within_years(day, text, form)


def _within_years(day: date, typed: str, forms: str) -> date:
    """``day``, or :class:`DateTypingError` when it is outside :data:`YEARS`."""
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise DateTypingError(f"“{typed}” is not a year Ethics Desk keeps dates in ({YEARS}). "
                              f"Type the date as {forms}.")
    return day


_DATE_HINTS = {DateStyle.ISO: "YYYY-MM-DD", DateStyle.US: "MM/DD/YYYY"}
_TIME_HINTS = {DateStyle.ISO: "HH:MM", DateStyle.US: "H:MM AM"}


def date_hint(style: DateStyle = DateStyle.ISO) -> str:
    """The form of a date in ``style``, in letters (``YYYY-MM-DD``): what an empty date field
    shows, which no one takes for a date already given."""
    return _DATE_HINTS[style]


def datetime_hint(style: DateStyle = DateStyle.ISO) -> str:
    """The form of a date and a time in ``style``, in letters (``MM/DD/YYYY H:MM AM``)."""
    return f"{_DATE_HINTS[style]} {_TIME_HINTS[style]}"


def format_date(day: date, style: DateStyle = DateStyle.ISO) -> str:
    """``day`` as the office shows it: ``2026-11-03`` or ``11/03/2026``."""
    if style is DateStyle.US:
        return f"{day.month:02d}/{day.day:02d}/{day.year:04d}"
    return day.isoformat()


def parse_time(text: str) -> time:
    """The time of day in ``text``: ``14:00``, ``2:00 PM``, ``2 pm``."""
    typed = text.strip()
    match = _TIME.fullmatch(typed)
    if match is None:
        raise DateTypingError(f"“{typed}” is not a time. Type it as {ACCEPTED_TIMES}.")
    hour, minute = int(match[1]), int(match[2] or 0)
    half = (match[3] or "").lower().replace(".", "")
    if half:
        if not 1 <= hour <= 12:
            raise DateTypingError(f"“{typed}” is not a time: with AM or PM the hour is 1 to 12.")
        hour = hour % 12 + (12 if half == "pm" else 0)
    elif match[2] is None:
        raise DateTypingError(f"“{typed}” is not a time. Type it as {ACCEPTED_TIMES}.")
    if hour > 23 or minute > 59:
        raise DateTypingError(f"“{typed}” is not a time of day. Type it as {ACCEPTED_TIMES}.")
    return time(hour, minute)


def parse_datetime(text: str, *, today: date) -> datetime | None:
    """The date and time of day in ``text`` (naive, local; None when empty): a date in an
    accepted form, a space, and a time — ``2026-12-15 14:00``, ``12/15/26 2:00 PM``."""
    typed = " ".join(text.split())
    if not typed:
        return None
    day_part, _, time_part = typed.partition(" ")
    if not time_part:
        raise DateTypingError(f"“{typed}” needs a time as well. Type the date "
                              f"({ACCEPTED_FORMS}) and the time ({ACCEPTED_TIMES}).")
    day = parse_date(day_part, today=today)
    assert day is not None
    return datetime.combine(day, parse_time(time_part))


def format_datetime(moment: datetime, style: DateStyle = DateStyle.ISO) -> str:
    """A date and time as the office shows it: ``2026-12-15 14:00`` or ``12/15/2026 2:00 PM``."""
    day = format_date(moment.date(), style)
    if style is DateStyle.US:
        hour = moment.hour % 12 or 12
        return f"{day} {hour}:{moment.minute:02d} {'PM' if moment.hour >= 12 else 'AM'}"
    return f"{day} {moment.hour:02d}:{moment.minute:02d}"
