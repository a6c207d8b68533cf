"""The deadline calendar: open and overdue deadlines per day, the days offices are closed and why,
one day's deadlines, the editor's lists and previews, and the Fiesta San Jacinto Day warning."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import pytest
from sqlalchemy import event

from ethics_desk.cases.calendar_overview import (
    calendar_days,
    deadlines_on,
    describe_moves,
    fiesta_warning,
    missing_fiesta_years,
    month_overview,
    preview_remove,
)
from ethics_desk.core.errors import UserError
from ethics_desk.deadlines import DayKind
from ethics_desk.deadlines.closures import add_closure
from ethics_desk.models import DeadlineStatus
from ethics_desk.storage.database import Database
from ethics_desk.workflow import ForwardForReview
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW, OFFICE_TZ
from tests.factories import CLERK, filed_case
from tests.workflow.helpers import case, deadlines

TODAY = NOW.date()  # Monday 30 November 2026
FILED_16_NOV = datetime(2026, 11, 16, 9, 0, tzinfo=OFFICE_TZ)


@dataclass(frozen=True)
class Cases:
    """Three cases whose open deadlines fall on known days of November and December 2026."""

    waiting: int  # filed 16 Nov, never forwarded: "promptly forward" due Tue 17 Nov (overdue)
    in_review: int  # forwarded 17 Nov: four reviews due Tue 24 Nov (overdue), forward Thu 3 Dec
    new: int  # filed and forwarded today: four reviews due Mon 7 Dec, forward Mon 14 Dec


@pytest.fixture
def cases(controller: WorkflowController) -> Cases:
    """The three cases, made through the workflow."""
    waiting = filed_case(controller, received_at=FILED_16_NOV)
    in_review = filed_case(controller, received_at=FILED_16_NOV)
    controller.fire(in_review, ForwardForReview(forwarded_on=date(2026, 11, 17)))
    new = filed_case(controller)
    controller.fire(new, ForwardForReview())
    return Cases(waiting, in_review, new)


# -- counts per day -----------------------------------------------------------------------------


def test_each_day_counts_the_open_deadlines_due_on_it(database: Database, cases: Cases) -> None:
    december = month_overview(database, 2026, 12, TODAY, account=CLERK)
    counts = {d.day: d.open_count for d in december.month_days if d.open_count}
    assert counts == {date(2026, 12, 3): 1, date(2026, 12, 7): 4, date(2026, 12, 14): 1}
    assert len(december.month_days) == 31
    assert december.open_count == 6


def test_open_deadlines_due_before_today_are_counted_as_overdue(database: Database,
                                                                cases: Cases) -> None:
    november = month_overview(database, 2026, 11, TODAY, account=CLERK)
    assert (november.days[date(2026, 11, 17)].open_count,
            november.days[date(2026, 11, 17)].overdue_count) == (1, 1)
    assert (november.days[date(2026, 11, 24)].open_count,
            november.days[date(2026, 11, 24)].overdue_count) == (4, 4)
    assert november.days[date(2026, 11, 24)].count_text() == "4 due (4 overdue ⚠)"
    assert (november.open_count, november.overdue_count) == (5, 5)
    assert month_overview(database, 2026, 12, TODAY, account=CLERK).overdue_count == 0


def test_a_deadline_due_today_is_not_yet_overdue(database: Database, cases: Cases) -> None:
    on_the_day = month_overview(database, 2026, 11, date(2026, 11, 24), account=CLERK)
    assert on_the_day.days[date(2026, 11, 24)].overdue_count == 0
    assert on_the_day.days[date(2026, 11, 24)].count_text() == "4 due"


def test_met_deadlines_are_not_counted(database: Database, cases: Cases) -> None:
    met = [d for d in deadlines(database, cases.in_review, "prompt_forward")]
    assert [d.status for d in met] == [DeadlineStatus.MET]
    assert met[0].due_on == date(2026, 11, 17)
    assert month_overview(database, 2026, 11, TODAY,
                          account=CLERK).days[date(2026, 11, 17)].open_count == 1


def test_the_counts_of_a_month_take_one_query(database: Database, cases: Cases) -> None:
    statements: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    event.listen(database.engine, "before_cursor_execute", record)
    try:
        month_overview(database, 2026, 11, TODAY, margin_days=14, account=CLERK)
    finally:
        event.remove(database.engine, "before_cursor_execute", record)
    on_deadlines = [s for s in statements if "FROM deadline" in s]
    assert len(on_deadlines) == 1
    assert "GROUP BY" in on_deadlines[0]


def test_the_margin_reaches_into_the_months_around_but_the_totals_do_not(
        database: Database, cases: Cases) -> None:
    november = month_overview(database, 2026, 11, TODAY, margin_days=14, account=CLERK)
    assert november.days[date(2026, 12, 7)].open_count == 4
    assert not november.in_month(date(2026, 12, 7))
    assert november.open_count == 5


# -- closed days --------------------------------------------------------------------------------


def test_thanksgiving_is_a_holiday_on_both_calendars(database: Database) -> None:
    thanksgiving = month_overview(database, 2026, 11, TODAY,
                                  account=CLERK).days[date(2026, 11, 26)]
    assert thanksgiving.city is not None and thanksgiving.state is not None
    assert (thanksgiving.city.kind, thanksgiving.city.reason) == (DayKind.HOLIDAY,
                                                                  "Thanksgiving Day")
    assert thanksgiving.city.label == "holiday"
    assert thanksgiving.state.reason == "Thanksgiving Day"
    assert not thanksgiving.is_business_day
    assert "City and State offices closed: Thanksgiving Day (holiday)" in thanksgiving.summary()


def test_the_day_after_thanksgiving_is_a_city_day_and_a_state_holiday(database: Database) -> None:
    friday = month_overview(database, 2026, 11, TODAY, account=CLERK).days[date(2026, 11, 27)]
    assert friday.city is not None and friday.state is not None
    assert (friday.city.kind, friday.city.reason) == (DayKind.CITY_DAY, "Day after Thanksgiving")
    assert friday.city.label == "City day"
    assert friday.state.kind is DayKind.HOLIDAY
    assert "Thanksgiving" in friday.state.reason
    summary = friday.summary()
    assert "City offices closed: Day after Thanksgiving (City day)" in summary
    assert "State offices closed:" in summary


def test_weekends_are_marked_by_their_weekday_and_business_days_are_not_marked(
        database: Database) -> None:
    days = month_overview(database, 2026, 11, TODAY, account=CLERK).days
    saturday, sunday, monday = days[date(2026, 11, 28)], days[date(2026, 11, 29)], \
        days[date(2026, 11, 30)]
    assert saturday.city is not None and (saturday.city.kind, saturday.city.reason) == \
        (DayKind.WEEKEND, "Saturday")
    assert sunday.city is not None and sunday.city.reason == "Sunday"
    assert sunday.state is not None and sunday.state.kind is DayKind.WEEKEND
    assert monday.city is None and monday.state is None and monday.is_business_day
    assert "City and State offices open" in monday.summary()


def test_an_office_closure_shows_with_its_name_and_kind(database: Database) -> None:
    add_closure(database, date(2026, 12, 3), "Ice storm closure", account=CLERK, clock=CLOCK)
    day = month_overview(database, 2026, 12, TODAY, account=CLERK).days[date(2026, 12, 3)]
    assert day.city is not None
    assert (day.city.kind, day.city.reason, day.city.label) == (DayKind.CLOSURE,
                                                                "Ice storm closure", "closure")
    assert day.city.set_by_office
    assert day.state is None  # a City closure does not close State offices
    assert "City offices closed: Ice storm closure (closure); State offices open" in day.summary()


# -- one day's deadlines ------------------------------------------------------------------------


def test_a_days_deadlines_name_the_case_parties_clock_and_explanation(
        database: Database, cases: Cases) -> None:
    found = deadlines_on(database, date(2026, 11, 24), TODAY, account=CLERK)
    assert len(found) == 4
    number = case(database, cases.in_review).case_number
    for item in found:
        assert item.complaint_id == cases.in_review
        assert item.case_number == number
        assert item.complainant_names == "José Peña"
        assert item.respondent_names == "Nguyễn Thị Minh Khai"
        assert item.parties == "José Peña v. Nguyễn Thị Minh Khai"
        assert item.title.startswith("Independent review")
        assert item.citation == "City Code § 2-83(d)(1)"
        assert item.due_on == date(2026, 11, 24)
        assert item.status is DeadlineStatus.OPEN
        assert item.overdue and item.status_text == "Overdue ⚠"
        assert "2026-11-24" in item.explanation
    assert len({item.title for item in found}) == 4  # one per reviewer


def test_a_days_deadlines_are_not_overdue_before_their_day(database: Database,
                                                           cases: Cases) -> None:
    found = deadlines_on(database, date(2026, 12, 7), TODAY, account=CLERK)
    assert {(d.complaint_id, d.overdue, d.status_text) for d in found} == {
        (cases.new, False, "Open")}


def test_closed_deadlines_are_listed_only_when_asked_and_after_the_open_ones(
        database: Database, cases: Cases) -> None:
    assert [d.complaint_id for d in deadlines_on(database, date(2026, 11, 17), TODAY,
                                                 account=CLERK)] == \
        [cases.waiting]
    both = deadlines_on(database, date(2026, 11, 17), TODAY, include_closed=True, account=CLERK)
    assert [(d.complaint_id, d.status, d.overdue) for d in both] == [
        (cases.waiting, DeadlineStatus.OPEN, True), (cases.in_review, DeadlineStatus.MET, False)]
    assert both[1].status_text == "Met"


# -- the editor's lists and previews ------------------------------------------------------------


def test_the_year_lists_rule_holidays_and_the_offices_days_on_both_calendars(
        database: Database) -> None:
    add_closure(database, date(2026, 12, 3), "Ice storm closure", account=CLERK, clock=CLOCK)
    entries = calendar_days(database, 2026)
    city = {e.day: e for e in entries if e.calendar == "city"}
    state = {e.day: e for e in entries if e.calendar == "state"}
    assert (city[date(2026, 11, 26)].name, city[date(2026, 11, 26)].set_by_office) == \
        ("Thanksgiving Day", False)
    assert city[date(2026, 11, 27)].source == "City day (rule)"
    assert city[date(2026, 12, 3)].source == "Closure (office)"
    assert city[date(2026, 12, 3)].set_by_office
    assert date(2026, 12, 3) not in state
    assert date(2026, 3, 2) in state and date(2026, 3, 2) not in city  # Texas Independence Day
    assert all(e.day.weekday() < 5 for e in entries)
    assert [e.calendar for e in entries] == sorted((e.calendar for e in entries),
                                                   key=["city", "state"].index)


def test_the_seeded_fiesta_day_is_listed_as_the_offices(database: Database) -> None:
    fiesta = [e for e in calendar_days(database, 2025) if e.kind is DayKind.FIESTA]
    assert [(e.calendar, e.day, e.name, e.source) for e in fiesta] == [
        ("city", date(2025, 5, 2), "Fiesta San Jacinto Day", "Fiesta (office)")]


def test_removing_a_closure_is_previewed_with_case_numbers_and_nothing_is_saved(
        database: Database, cases: Cases) -> None:
    add_closure(database, date(2026, 12, 3), "Ice storm closure", account=CLERK, clock=CLOCK)
    assert {d.due_on for d in deadlines(database, cases.new, "review")} == {date(2026, 12, 8)}
    lines = describe_moves(database, preview_remove(database, date(2026, 12, 3), account=CLERK),
                           account=CLERK)
    reviews = [m for m in lines if m.complaint_id == cases.new and m.title.startswith("Independent")]
    assert len(reviews) == 4
    assert {(m.case_number, m.old_due, m.new_due) for m in reviews} == {
        (case(database, cases.new).case_number, date(2026, 12, 8), date(2026, 12, 7))}
    assert {d.due_on for d in deadlines(database, cases.new, "review")} == {date(2026, 12, 8)}
    assert date(2026, 12, 3) in {e.day for e in calendar_days(database, 2026) if e.set_by_office}


def test_a_rule_holiday_cannot_be_removed(database: Database) -> None:
    with pytest.raises(UserError, match="Thanksgiving Day, a rule of the calendar"):
        preview_remove(database, date(2026, 11, 26), account=CLERK)
    with pytest.raises(UserError, match="no calendar"):
        preview_remove(database, date(2026, 12, 3), calendar="county", account=CLERK)


# -- Fiesta San Jacinto Day ---------------------------------------------------------------------


def test_the_banner_asks_for_next_years_fiesta_day_until_it_is_set(database: Database) -> None:
    warning = fiesta_warning(database, TODAY)
    assert warning is not None
    assert "Fiesta San Jacinto Day is not set for 2026 or 2027" in warning
    assert "Closures and holidays…" in warning
    assert missing_fiesta_years(database, TODAY) == [2026, 2027]
    add_closure(database, date(2027, 4, 23), "Fiesta San Jacinto Day", account=CLERK,
                kind="fiesta", clock=CLOCK)
    warning = fiesta_warning(database, TODAY)
    assert warning is not None and "2027" not in warning and "2026" in warning
    add_closure(database, date(2026, 4, 24), "Fiesta San Jacinto Day", account=CLERK,
                kind="fiesta", clock=CLOCK)
    assert fiesta_warning(database, TODAY) is None
    assert missing_fiesta_years(database, TODAY) == []


def test_the_banner_looks_at_this_year_and_the_next_only(database: Database) -> None:
    # 2025's Fiesta day is seeded; 2024 is not, and is no longer asked for in 2025.
    add_closure(database, date(2026, 4, 24), "Fiesta San Jacinto Day", account=CLERK,
                kind="fiesta", clock=CLOCK)
    assert fiesta_warning(database, date(2025, 6, 2)) is None
