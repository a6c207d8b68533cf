"""The one clock: the machine's, aware and local; a fixed one for tests; the dates and stamps
read from either."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from ethics_desk.core.clock import Clock, file_stamp, fixed_clock, system_clock, today, utc_now
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


def test_today_is_the_offices_local_date_not_the_utc_date() -> None:
    # 23:30 in San Antonio on the 30th is already 1 December in UTC.
    late = fixed_clock(datetime(2026, 11, 30, 23, 30, tzinfo=OFFICE_TZ))
    assert today(late) == date(2026, 11, 30)
    assert utc_now(late).date() == date(2026, 12, 1)
    assert utc_now(late).tzinfo is UTC


def test_today_reads_a_moment_given_in_another_zone_in_local_time() -> None:
    tokyo = timezone(timedelta(hours=9))
    # 09:00 on 1 December in Tokyo is 18:00 on 30 November in San Antonio.
    assert today(fixed_clock(datetime(2026, 12, 1, 9, 0, tzinfo=tokyo))) == date(2026, 11, 30)


def test_a_file_stamp_is_the_clocks_local_time() -> None:
    assert file_stamp(fixed_clock(NOW)) == "20261130-100000"
    assert file_stamp(fixed_clock(NOW.astimezone(UTC))) == "20261130-100000"
