"""The one clock: the machine's, aware and local; a fixed one for tests; the dates and stamps
read from either."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from ethics_desk.core.clock import Clock, file_day, file_stamp, fixed_clock, system_clock, utc_now
from ethics_desk.core.office_time import office_date
from tests.conftest import NOW, OFFICE_TZ


def test_the_system_clock_gives_the_machines_time_aware_and_local() -> None:
    before = datetime.now(UTC)
    now = system_clock()
    after = datetime.now(UTC)
    assert now.tzinfo is not None
    assert before <= now <= after
    assert now.utcoffset() == now.astimezone().utcoffset()


def test_a_fixed_clock_always_gives_its_moment() -> None:
    clock: Clock = fixed_clock(NOW)
    assert clock() == NOW
    assert clock() is clock()


def test_a_clock_without_a_time_zone_is_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        fixed_clock(datetime(2026, 11, 30, 10, 0))


def test_the_offices_today_is_its_own_date_not_the_utc_date() -> None:
    # 23:30 in San Antonio on the 30th is already 1 December in UTC.
    late = fixed_clock(datetime(2026, 11, 30, 23, 30, tzinfo=OFFICE_TZ))
    assert office_date(late(), OFFICE_TZ) == date(2026, 11, 30)
    assert utc_now(late).date() == date(2026, 12, 1)
    assert utc_now(late).tzinfo is UTC


def test_the_offices_today_reads_a_moment_given_in_another_zone_in_its_own() -> None:
    tokyo = timezone(timedelta(hours=9))
    # 09:00 on 1 December in Tokyo is 18:00 on 30 November in San Antonio.
    moment = fixed_clock(datetime(2026, 12, 1, 9, 0, tzinfo=tokyo))()
    assert office_date(moment, OFFICE_TZ) == date(2026, 11, 30)


def test_a_file_day_is_the_day_of_the_file_stamp() -> None:
    # The workstation's day, kept for backup file names only (the suite runs in the office's
    # zone where it can set one).
    late = fixed_clock(datetime(2026, 11, 30, 23, 30, tzinfo=OFFICE_TZ))
    assert file_day(late).strftime("%Y%m%d") == file_stamp(late)[:8]


def test_a_file_stamp_is_the_clocks_local_time() -> None:
    assert file_stamp(fixed_clock(NOW)) == "20261130-100000"
    assert file_stamp(fixed_clock(NOW.astimezone(UTC))) == "20261130-100000"
