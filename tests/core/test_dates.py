"""The date forms a clerk types, read the same on every screen."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from ethics_desk.core.dates import (
    DateStyle,
    DateTypingError,
    format_date,
    format_datetime,
    parse_date,
    parse_datetime,
    parse_iso_date,
)

TODAY = date(2026, 11, 30)


@pytest.mark.parametrize("typed", ["2026-11-03", "11/3/2026", "11/03/2026", "11/3/26", " 11/3/26 "])
def test_each_accepted_form_gives_the_date(typed: str) -> None:
    assert parse_date(typed, today=TODAY) == date(2026, 11, 3)


def test_an_empty_field_is_no_date() -> None:
    assert parse_date("  ", today=TODAY) is None


def test_a_two_digit_year_is_the_one_nearest_today() -> None:
    assert parse_date("4/1/99", today=TODAY) == date(1999, 4, 1)
    assert parse_date("4/1/45", today=TODAY) == date(2045, 4, 1)
    assert parse_date("4/1/46", today=TODAY) == date(1946, 4, 1)


@pytest.mark.parametrize("typed", ["2026-13-45", "2/30/2026", "Nov 3", "(not given)0261103"])
def test_text_that_is_not_a_date_is_refused_naming_the_accepted_forms(typed: str) -> None:
    with pytest.raises(DateTypingError, match="11/3/2026"):
        parse_date(typed, today=TODAY)


@pytest.mark.parametrize("typed", ["0001-01-01", "1899-12-31", "2200-01-01", "9999-12-31",
                                   "12/31/9999", "1/1/1899"])
def test_a_date_outside_1900_to_2199_is_refused_in_the_window_too(typed: str) -> None:
    with pytest.raises(DateTypingError, match="1900–2199"):
        parse_date(typed, today=TODAY)


def test_the_years_kept_begin_in_1900_and_end_in_2199() -> None:
    assert parse_date("1/1/1900", today=TODAY) == date(1900, 1, 1)
    assert parse_date("2199-12-31", today=TODAY) == date(2199, 12, 31)
    assert parse_iso_date("1900-01-01") == date(1900, 1, 1)
    assert parse_iso_date("2199-12-31") == date(2199, 12, 31)


@pytest.mark.parametrize("typed", ["20261124", "2026-W48-2", "2026-11-24 ", "2026-1-24",
                                   "2026-11-24T00:00", "٢٠٢٦-11-24"])
def test_the_command_lines_form_is_strictly_yyyy_mm_dd(typed: str) -> None:
    with pytest.raises(DateTypingError, match="YYYY-MM-DD"):
        parse_iso_date(typed)


def test_the_office_chooses_how_a_date_is_shown() -> None:
    assert format_date(date(2026, 11, 3)) == "2026-11-03"
    assert format_date(date(2026, 11, 3), DateStyle.US) == "11/03/2026"


def test_a_hearing_is_typed_as_a_date_and_a_time() -> None:
    assert parse_datetime("12/15/26 2:00 PM", today=TODAY) == datetime(2026, 12, 15, 14, 0)
    assert parse_datetime("2026-12-15 14:00", today=TODAY) == datetime(2026, 12, 15, 14, 0)
    assert format_datetime(datetime(2026, 12, 15, 14, 0), DateStyle.US) == "12/15/2026 2:00 PM"
    with pytest.raises(DateTypingError):
        parse_datetime("2026-12-15", today=TODAY)
