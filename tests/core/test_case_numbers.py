"""The case number, stated once: the filing writes it, and a lookup reads one typed by a person."""

from __future__ import annotations

import pytest

from ethics_desk.core.case_numbers import case_number, is_case_number


def test_a_case_number_is_the_year_and_its_place_in_the_years_filings() -> None:
    assert case_number(2026, 4) == "ERB-2026-004"
    assert case_number(2027, 1234) == "ERB-2027-1234"


@pytest.mark.parametrize("typed", ["ERB-2026-004", "erb-2026-004", "ERB-2027-1234"])
def test_a_case_number_as_typed_is_read_as_one(typed: str) -> None:
    assert is_case_number(typed)


@pytest.mark.parametrize("typed", ["ERB-26-004", "ERB-2026-04", "2026-004", "ERB-2026-004 x", "17"])
def test_anything_else_is_not_a_case_number(typed: str) -> None:
    assert not is_case_number(typed)


def test_every_number_the_filing_writes_is_read_back_as_one() -> None:
    assert all(is_case_number(case_number(year, seq))
               for year in (2020, 2045) for seq in (1, 99, 100, 1000))
