"""The office's time: every moment the application prints is printed in the office's zone.

A moment — a complaint's receipt, a hearing's date and time, an issued paper's stamp — is kept as
an instant (timezone-aware UTC; :class:`ethics_desk.models.base.UTCDateTime` stores it as naive
UTC and reads it back aware). It is printed on a paper or a screen in the time zone of the
office, an office setting (``office.time_zone``, by default ``America/Chicago``: San Antonio is
in the US Central time zone, ``shared/facts.md`` "The office's time"), never in the zone the
workstation happens to be set to. Every printing of a moment goes through :func:`in_office_time`
(the moment in the office's zone) and, on a screen, :func:`stamp`; the papers' own words
(:mod:`ethics_desk.core.words`) convert through the same function.

The zone data is the operating system's on Linux and macOS; on Windows, which has none that
:mod:`zoneinfo` reads, it comes from the ``tzdata`` package (a dependency there).
"""

from __future__ import annotations

from datetime import date, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ethics_desk.core.errors import UserError

DEFAULT_OFFICE_ZONE = "America/Chicago"
"""San Antonio's time zone, the default of the ``office.time_zone`` setting."""


def office_zone(name: str) -> ZoneInfo:
    """The time zone called ``name`` (an IANA name such as ``America/Chicago``); a
    :class:`UserError` naming the problem and the fix when there is none of that name."""
    text = name.strip() if isinstance(name, str) else ""
    if not text:
        raise UserError("The office's time zone is empty.",
                        f"Enter an IANA time zone name, such as {DEFAULT_OFFICE_ZONE}.")
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError, OSError) as error:
        raise UserError(f"“{text}” is not a time zone this computer knows.",
                        f"Enter an IANA time zone name, such as {DEFAULT_OFFICE_ZONE} "
                        "(on Windows the zone data comes from the tzdata package).") from error


def check_zone_name(value: object) -> None:
    """Refuse a setting's value that is not a known time zone (the setting's validator)."""
    office_zone(str(value) if isinstance(value, str) else "")


def in_office_time(moment: datetime, zone: tzinfo) -> datetime:
    """``moment`` as the office's clock showed it; a naive moment is refused as ambiguous."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("a moment is printed only when it is timezone-aware")
    return moment.astimezone(zone)


def office_date(moment: datetime, zone: tzinfo) -> date:
    """The office's date at ``moment`` (a complaint received at 11 p.m. in San Antonio was
    received that day, whatever the date in UTC)."""
    return in_office_time(moment, zone).date()


def at_office_time(day: date, hour: int, minute: int, zone: tzinfo) -> datetime:
    """The instant at which the office's clock reads ``hour:minute`` on ``day``."""
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=zone)


def stamp(moment: datetime, zone: tzinfo, *, seconds: bool = False, with_zone: bool = True,
          with_date: bool = True) -> str:
    """A moment as a screen shows it, in the office's time: ``2026-11-30 10:05 CST`` (without
    its date: ``10:05 CST``)."""
    local = in_office_time(moment, zone)
    shown = local.strftime(("%Y-%m-%d " if with_date else "")
                           + ("%H:%M:%S" if seconds else "%H:%M"))
    name = local.tzname() or ""
    return f"{shown} {name}" if with_zone and name else shown
