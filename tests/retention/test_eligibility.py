"""When a case becomes eligible for disposal, and the series it is kept by (Local Schedule GR,
13 TAC § 7.125): never while pending, exactly two years after its resolution or its return to the
complainant by default,
later where the office has adopted a longer period, never sooner than the State allows."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ethics_desk.core.errors import UserError
from ethics_desk.models import CaseState, Complaint
from ethics_desk.office import settings
from ethics_desk.retention.disposal import ENDED, adopt_period, eligible_date, eligible_on
from ethics_desk.retention.series import COMPLAINTS, MINUTES, PUBLIC_INFORMATION, SERIES, years_for
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK
from tests.retention.conftest import RECORDS

days = st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31))


def test_the_series_and_their_minimums_are_local_schedule_grs() -> None:
    assert SERIES[COMPLAINTS].minimum_years == 2
    assert SERIES[COMPLAINTS].citation == "Local Schedule GR, GR1000-24"
    assert SERIES[MINUTES].permanent and SERIES[MINUTES].setting is None
    assert SERIES[PUBLIC_INFORMATION].minimum_years == 2


@given(state=st.sampled_from([s for s in CaseState if s not in ENDED]),
       resolved_on=st.none() | days, years=st.integers(2, 20))
def test_a_case_neither_resolved_nor_returned_is_never_eligible(
        state: CaseState, resolved_on: date | None, years: int) -> None:
    complaint = Complaint(state=state, resolved_on=resolved_on)
    assert eligible_date(complaint, years) is None


@pytest.mark.parametrize("state", [CaseState.RETURNED_UNSWORN, CaseState.RETURNED_DEFECTIVE])
def test_a_returned_complaint_is_eligible_two_years_after_its_return(state: CaseState) -> None:
    """GR1000-24: a return to the complainant (§ 2-83(c), last paragraph; (d)(3)) ends the
    complaint as a resolution does; its file is kept the series' period from that day."""
    returned = Complaint(state=state, resolved_on=date(2026, 11, 30))
    assert eligible_date(returned, 2) == date(2028, 11, 30)
    assert eligible_date(Complaint(state=state, resolved_on=None), 2) is None


def test_a_resolved_case_without_its_resolution_date_is_never_eligible() -> None:
    assert eligible_date(Complaint(state=CaseState.RESOLVED, resolved_on=None), 2) is None


@given(resolved_on=days)
def test_a_resolved_case_is_eligible_exactly_two_years_after_its_resolution(
        resolved_on: date) -> None:
    when = eligible_date(Complaint(state=CaseState.RESOLVED, resolved_on=resolved_on), 2)
    assert when is not None
    assert when.year == resolved_on.year + 2
    if (resolved_on.month, resolved_on.day) != (2, 29):
        assert (when.month, when.day) == (resolved_on.month, resolved_on.day)
    else:
        assert (when.month, when.day) == (3, 1)
    assert (when - resolved_on).days in (730, 731)  # two full years, never a day short


def test_a_case_resolved_on_29_february_becomes_eligible_on_1_march() -> None:
    assert eligible_on(date(2024, 2, 29), 2) == date(2026, 3, 1)
    assert eligible_on(date(2024, 2, 29), 4) == date(2028, 2, 29)


@given(resolved_on=days, years=st.integers(2, 30))
def test_a_longer_period_never_makes_a_case_eligible_sooner(resolved_on: date,
                                                              years: int) -> None:
    assert eligible_on(resolved_on, years + 1) > eligible_on(resolved_on, years) > resolved_on


def test_the_office_may_adopt_a_longer_period_for_complaint_files(database: Database) -> None:
    adopt_period(database, COMPLAINTS, 5, account=RECORDS, clock=CLOCK)
    with database.read_session() as session:
        assert years_for(session, COMPLAINTS) == 5


def test_a_period_shorter_than_the_states_minimum_is_refused_and_nothing_is_saved(
        database: Database) -> None:
    with pytest.raises(UserError, match="at least 2"):
        adopt_period(database, COMPLAINTS, 1, account=RECORDS, clock=CLOCK)
    with database.read_session() as session:
        assert years_for(session, COMPLAINTS) == 2
        assert settings.get(session, "retention.gr1000_24_years") == 2


def test_a_permanent_series_has_no_period_to_adopt(database: Database) -> None:
    with pytest.raises(UserError, match="permanent"):
        adopt_period(database, MINUTES, 10, account=RECORDS, clock=CLOCK)
