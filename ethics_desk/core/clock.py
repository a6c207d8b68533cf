"""Where "now" comes from: the one :data:`Clock` type, and the only reader of the wall clock.

Every act the office records is stamped — an issued document, a mailing, an audit record, a
filed complaint's receipt — and every § 2-83 period is counted from "today". So that a stamp
and a deadline never depend on a hidden reading of the machine's clock, time is an input: each
function that stamps or reads "now" takes a :data:`Clock` (or the date its caller derived from
one) as a required argument. The application builds one :func:`system_clock` at start-up and
passes it everywhere; tests pass a :func:`fixed_clock`, so that they hold on any date.

No other module reads the wall clock (``tests/test_house_rules.py`` checks it).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime

Clock = Callable[[], datetime]
"""Where "now" comes from: called with no arguments, it gives the current time, timezone-aware."""


def system_clock() -> datetime:
    """The machine's clock: now, timezone-aware in the workstation's local time zone."""
    return datetime.now().astimezone()


def fixed_clock(moment: datetime) -> Clock:
    """A clock stopped at ``moment`` (a timezone-aware time), for tests and reproducible runs."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("a clock gives timezone-aware times; give the moment a time zone")

    def clock() -> datetime:
        return moment

    return clock


def file_day(clock: Clock) -> date:
    """The clock's date in the workstation's own time zone: the day of a file-name stamp
    (:func:`file_stamp`), and nothing else. The office's "today" — the day every § 2-83 period,
    paper and screen goes by — is the office's, whatever the workstation is set to:
    :func:`ethics_desk.office.settings.office_today` (``office.time_zone``)."""
    return clock().astimezone().date()


def utc_now(clock: Clock) -> datetime:
    """The clock's time in UTC, as stored times are kept."""
    return clock().astimezone(UTC)


def file_stamp(clock: Clock) -> str:
    """The clock's time on the workstation as a file-name stamp, e.g. ``20261130-100000``: the
    same clock as the file's own time beside it in the file manager (a backup's name is for IT,
    never a date the office counts from)."""
    return clock().astimezone().strftime("%Y%m%d-%H%M%S")
