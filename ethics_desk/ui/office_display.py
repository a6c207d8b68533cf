"""How this desk's screens show dates and times: the office's date style and time zone, both
office settings (Settings, ``office.date_style`` and ``office.time_zone``), set once the
settings are read at sign-in. Every date field and every time a screen shows reads them, and
the application's context reckons the office's date in the zone; none of it is the
workstation's."""

from __future__ import annotations

from datetime import tzinfo

from ethics_desk.core.dates import DateStyle
from ethics_desk.core.office_time import DEFAULT_OFFICE_ZONE, office_zone

_office_style = DateStyle.ISO


def set_office_style(style: DateStyle) -> None:
    """The office's display style (Settings), for every date field made from now on and for
    the date shown when a field is left."""
    global _office_style
    _office_style = style


def office_style() -> DateStyle:
    """The office's display style for date fields."""
    return _office_style


_office_zone: tzinfo = office_zone(DEFAULT_OFFICE_ZONE)


def set_office_zone(zone: tzinfo) -> None:
    """The office's time zone (Settings, ``office.time_zone``): every time a screen shows, and
    every date and time typed into a field, is the office's, never the workstation's."""
    global _office_zone
    _office_zone = zone


def office_time_zone() -> tzinfo:
    """The office's time zone, in which the screens show and take times."""
    return _office_zone
