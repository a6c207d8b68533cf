"""Due dates, receipts and explanations (City Code § 2-83; Code Construction Act § 311.014)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from datetime import date

import pytest

from ethics_desk.deadlines import (
    CLOCKS,
    BusinessCalendar,
    ClockKind,
    ClockRule,
    Closure,
    CountUnit,
    DayKind,
    Receipt,
    ReceiptBasis,
    SkippedDay,
    actual_receipt,
    add_business_days,
    city_calendar,
    clock,
    compute_due,
    presumed_receipt,
    state_calendar,
)


@pytest.fixture(scope="module")
def city() -> BusinessCalendar:
    return city_calendar()


@pytest.fixture(scope="module")
def state() -> BusinessCalendar:
    return state_calendar()


THANKSGIVING_WEEK_SKIPS = (
    SkippedDay(date(2026, 11, 26), "Thanksgiving Day"),
    SkippedDay(date(2026, 11, 27), "Day after Thanksgiving"),
    SkippedDay(date(2026, 11, 28), "Saturday"),
    SkippedDay(date(2026, 11, 29), "Sunday"),
)


# --- counting -------------------------------------------------------------------------------


def test_thanksgiving_and_the_day_after_are_skipped(city: BusinessCalendar) -> None:
    due, skipped = add_business_days(city, date(2026, 11, 24), 3)
    assert due == date(2026, 12, 1)
    assert skipped == THANKSGIVING_WEEK_SKIPS


def test_the_trigger_day_is_not_counted(city: BusinessCalendar) -> None:
    assert add_business_days(city, date(2026, 9, 1), 1) == (date(2026, 9, 2), ())


def test_a_count_across_a_weekend_skips_saturday_and_sunday(city: BusinessCalendar) -> None:
    due, skipped = add_business_days(city, date(2026, 9, 11), 1)  # a Friday
    assert due == date(2026, 9, 14)
    assert [s.reason for s in skipped] == ["Saturday", "Sunday"]


def test_zero_days_is_the_start_when_it_is_a_business_day(city: BusinessCalendar) -> None:
    assert add_business_days(city, date(2026, 11, 24), 0) == (date(2026, 11, 24), ())


def test_zero_days_from_a_holiday_is_the_next_business_day(city: BusinessCalendar) -> None:
    due, skipped = add_business_days(city, date(2026, 11, 26), 0)
    assert due == date(2026, 11, 30)
    assert skipped == THANKSGIVING_WEEK_SKIPS[1:]


def test_a_negative_number_of_business_days_is_refused(city: BusinessCalendar) -> None:
    with pytest.raises(ValueError, match="negative"):
        add_business_days(city, date(2026, 11, 24), -1)


def test_the_response_runs_ten_city_business_days_from_receipt(city: BusinessCalendar) -> None:
    receipt = actual_receipt(date(2026, 11, 24), "delivered (return receipt)")
    due = compute_due(clock(ClockKind.RESPONSE), receipt, city)
    assert due.due == date(2026, 12, 10)
    assert due.trigger is receipt
    assert due.calendar_name == "city"
    assert due.skipped == (
        *THANKSGIVING_WEEK_SKIPS,
        SkippedDay(date(2026, 12, 5), "Saturday"),
        SkippedDay(date(2026, 12, 6), "Sunday"),
    )


def test_a_plain_date_trigger_is_an_actual_recorded_date(city: BusinessCalendar) -> None:
    due = compute_due(clock(ClockKind.REVIEW), date(2026, 9, 1), city)
    assert due.trigger.basis is ReceiptBasis.ACTUAL
    assert due.trigger.day == date(2026, 9, 1)
    assert due.due == date(2026, 9, 9)  # Labor Day, 7 September, is skipped


def test_a_business_day_extension_adds_business_days(city: BusinessCalendar) -> None:
    plain = compute_due(clock(ClockKind.RESPONSE), date(2026, 9, 1), city)
    extended = compute_due(clock(ClockKind.RESPONSE), date(2026, 9, 1), city, extension_days=5)
    assert plain.due == date(2026, 9, 16)  # Labor Day skipped
    assert extended.due == date(2026, 9, 23)
    assert extended.extension_days == 5


def test_a_negative_extension_is_refused(city: BusinessCalendar) -> None:
    with pytest.raises(ValueError, match="extension"):
        compute_due(clock(ClockKind.OPINION), date(2026, 9, 1), city, extension_days=-1)


def test_the_opinion_runs_ninety_calendar_days_from_filing(city: BusinessCalendar) -> None:
    due = compute_due(clock(ClockKind.OPINION), date(2026, 9, 1), city)
    assert due.due == date(2026, 11, 30)
    assert due.skipped == ()


def test_an_opinion_deadline_on_a_holiday_rolls_to_the_next_business_day(
    city: BusinessCalendar,
) -> None:
    due = compute_due(clock(ClockKind.OPINION), date(2026, 8, 28), city)  # + 90 = Thanksgiving
    assert due.due == date(2026, 11, 30)
    assert due.skipped == THANKSGIVING_WEEK_SKIPS


def test_an_office_closure_does_not_extend_the_ninety_day_opinion_clock() -> None:
    closed = city_calendar([Closure(date(2026, 11, 30), "Winter weather closure")])
    due = compute_due(clock(ClockKind.OPINION), date(2026, 9, 1), closed)
    assert due.due == date(2026, 11, 30)
    assert due.closed_on_due == "Winter weather closure"
    assert "does not extend this calendar-day deadline" in due.explain()
    assert "§ 2-87(a)" in due.explain()


def test_an_opinion_deadline_rolled_past_holidays_stops_on_a_closure() -> None:
    closed = city_calendar([Closure(date(2026, 11, 30), "Winter weather closure")])
    due = compute_due(clock(ClockKind.OPINION), date(2026, 8, 28), closed)  # + 90 = Thanksgiving
    assert due.due == date(2026, 11, 30)
    assert due.skipped == THANKSGIVING_WEEK_SKIPS


def test_fiesta_san_jacinto_day_is_a_city_holiday_that_rolls_the_opinion_clock() -> None:
    fiesta = city_calendar([Closure(date(2027, 4, 23), "Fiesta San Jacinto Day",
                                    DayKind.FIESTA)])
    due = compute_due(clock(ClockKind.OPINION), date(2027, 1, 23), fiesta)  # + 90 = Apr 23
    assert due.due == date(2027, 4, 26)
    assert due.closed_on_due == ""


def test_a_closure_still_moves_a_business_day_clock() -> None:
    closed = city_calendar([Closure(date(2026, 12, 14), "Winter weather closure")])
    due = compute_due(clock(ClockKind.RESPONSE), date(2026, 11, 30), closed)
    assert due.due == date(2026, 12, 15)


def test_time_granted_to_the_respondent_extends_the_opinion(city: BusinessCalendar) -> None:
    due = compute_due(clock(ClockKind.OPINION), date(2026, 9, 1), city, extension_days=14)
    assert due.due == date(2026, 12, 14)
    assert due.extension_days == 14
    assert "extension of 14 days" in due.explain()


def test_the_public_information_act_clock_uses_the_state_calendar(
    state: BusinessCalendar,
) -> None:
    due = compute_due(clock(ClockKind.PIA_RULING), date(2026, 2, 27), state)
    assert due.calendar_name == "state"
    assert SkippedDay(date(2026, 3, 2), "Texas Independence Day") in due.skipped
    assert due.due == date(2026, 3, 16)


def test_a_clock_refuses_the_wrong_calendar(
    city: BusinessCalendar, state: BusinessCalendar
) -> None:
    with pytest.raises(ValueError, match="'state' calendar"):
        compute_due(clock(ClockKind.PIA_RULING), date(2026, 2, 27), city)
    with pytest.raises(ValueError, match="'city' calendar"):
        compute_due(clock(ClockKind.RESPONSE), date(2026, 2, 27), state)


# --- receipt --------------------------------------------------------------------------------


def test_an_actual_receipt_keeps_its_date_and_detail() -> None:
    receipt = actual_receipt(date(2026, 11, 24), "received at the counter")
    assert receipt == Receipt(date(2026, 11, 24), ReceiptBasis.ACTUAL, "received at the counter")


def test_presumed_receipt_is_three_days_after_mailing(city: BusinessCalendar) -> None:
    receipt = presumed_receipt(date(2026, 11, 20), city)  # Friday + 3 = Monday
    assert receipt.day == date(2026, 11, 23)
    assert receipt.basis is ReceiptBasis.PRESUMED
    assert receipt.mailed_on == date(2026, 11, 20)
    assert receipt.detail == "presumed received: mailed 2026-11-20 + 3 days"


def test_presumed_receipt_rolls_over_a_weekend(city: BusinessCalendar) -> None:
    receipt = presumed_receipt(date(2026, 9, 9), city)  # Wednesday + 3 = Saturday
    assert receipt.day == date(2026, 9, 14)
    assert receipt.detail == (
        "presumed received: mailed 2026-09-09 + 3 days, rolled to the next business day"
    )


def test_presumed_receipt_rolls_over_thanksgiving(city: BusinessCalendar) -> None:
    assert presumed_receipt(date(2026, 11, 23), city).day == date(2026, 11, 30)


def test_the_presumption_is_a_setting(city: BusinessCalendar) -> None:
    assert presumed_receipt(date(2026, 9, 8), city, presumption_days=5).day == date(2026, 9, 14)
    with pytest.raises(ValueError):
        presumed_receipt(date(2026, 9, 8), city, presumption_days=-1)


def test_a_presumed_receipt_needs_its_mailing_date() -> None:
    with pytest.raises(ValueError, match="mailed"):
        Receipt(date(2026, 9, 14), ReceiptBasis.PRESUMED, "presumed")
    with pytest.raises(ValueError, match="before it was mailed"):
        Receipt(date(2026, 9, 1), ReceiptBasis.ACTUAL, "delivered", mailed_on=date(2026, 9, 2))


def test_a_response_clock_from_a_presumed_receipt_says_so(city: BusinessCalendar) -> None:
    due = compute_due(clock(ClockKind.RESPONSE), presumed_receipt(date(2026, 11, 20), city), city)
    assert due.is_presumed
    assert due.due == date(2026, 12, 9)


# --- explanations ---------------------------------------------------------------------------


def test_explain_mentions_the_citation_the_skipped_days_and_presumed(
    city: BusinessCalendar,
) -> None:
    receipt = presumed_receipt(date(2026, 11, 20), city)
    text = compute_due(clock(ClockKind.RESPONSE), receipt, city).explain()
    assert "§ 2-83(e)(1)" in text
    assert "presumed" in text
    assert "mailed 2026-11-20" in text
    assert "the respondent's receipt of the complaint" in text
    assert "Counted 10 business days after Monday 2026-11-23 (the trigger day is not counted)" in (
        text
    )
    for name in ("Thanksgiving Day", "Day after Thanksgiving", "Saturday", "Sunday"):
        assert name in text
    assert "Thursday 2026-11-26: Thanksgiving Day" in text
    assert text.splitlines()[-1] == "Due: Wednesday 2026-12-09."


def test_explain_says_actual_for_a_recorded_receipt(city: BusinessCalendar) -> None:
    receipt = actual_receipt(date(2026, 11, 24), "delivered (return receipt)")
    text = compute_due(clock(ClockKind.REPLY), receipt, city).explain()
    assert "actual (delivered (return receipt))" in text
    assert "presumed" not in text
    assert "§ 2-83(e)(3)" in text


def test_explain_marks_the_policy_clock_as_office_policy_not_statute(
    city: BusinessCalendar,
) -> None:
    text = compute_due(clock(ClockKind.PROMPT_FORWARD), date(2026, 9, 1), city).explain()
    assert "office policy, not statute" in text.lower()
    assert "§ 2-83(d)(1)" in text
    statute = compute_due(clock(ClockKind.REVIEW), date(2026, 9, 1), city).explain()
    assert "policy" not in statute.lower()


def test_explain_of_a_rolled_calendar_day_clock_names_the_days(city: BusinessCalendar) -> None:
    text = compute_due(clock(ClockKind.OPINION), date(2026, 8, 28), city).explain()
    assert "90 calendar days" in text
    assert "§ 2-87(a)" in text
    assert "next day that is not (Code Construction Act § 311.014(b))" in text
    assert "Thanksgiving Day" in text


# --- the clocks -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "length", "unit", "citation", "calendar"),
    [
        (ClockKind.PROMPT_FORWARD, 1, CountUnit.BUSINESS_DAYS, "§ 2-83(d)(1)", "city"),
        (ClockKind.REVIEW, 5, CountUnit.BUSINESS_DAYS, "§ 2-83(d)(1)", "city"),
        (ClockKind.CF_FORWARD, 5, CountUnit.BUSINESS_DAYS, "§ 2-83(d)(2)", "city"),
        (ClockKind.ETHICS_FORWARD, 10, CountUnit.BUSINESS_DAYS, "§ 2-83(d)(3)", "city"),
        (ClockKind.RESPONSE, 10, CountUnit.BUSINESS_DAYS, "§ 2-83(e)(1)", "city"),
        (ClockKind.REPLY, 5, CountUnit.BUSINESS_DAYS, "§ 2-83(e)(3)", "city"),
        (ClockKind.OPINION, 90, CountUnit.CALENDAR_DAYS, "§ 2-87(a)", "city"),
        (ClockKind.UNALLEGED_RULE, 10, CountUnit.BUSINESS_DAYS, "§ 2-85(c)", "city"),
        (ClockKind.PIA_RULING, 10, CountUnit.BUSINESS_DAYS, "§ 552.301(b), (d)", "state"),
        (ClockKind.PIA_ARGUMENTS, 15, CountUnit.BUSINESS_DAYS, "§ 552.301(e), (e-1)", "state"),
        (ClockKind.PIA_RELEASE_DATE, 10, CountUnit.BUSINESS_DAYS, "§ 552.221(d)", "state"),
    ],
)
def test_each_clock_has_the_length_unit_citation_and_calendar_of_its_rule(
    kind: ClockKind, length: int, unit: CountUnit, citation: str, calendar: str
) -> None:
    rule = CLOCKS[kind]
    assert (rule.kind, rule.length, rule.unit, rule.calendar) == (kind, length, unit, calendar)
    assert citation in rule.citation
    assert rule.title and rule.trigger
    assert rule.is_policy == (kind is ClockKind.PROMPT_FORWARD)


def test_every_clock_kind_has_a_rule_and_the_table_is_read_only() -> None:
    assert set(CLOCKS) == set(ClockKind)
    with pytest.raises(TypeError):
        CLOCKS[ClockKind.REVIEW] = CLOCKS[ClockKind.REPLY]  # type: ignore[index]
    with pytest.raises(FrozenInstanceError):
        CLOCKS[ClockKind.REVIEW].length = 3  # type: ignore[misc]


def test_the_policy_clock_length_is_a_setting(city: BusinessCalendar) -> None:
    rule = clock(ClockKind.PROMPT_FORWARD, length=2)
    assert rule.length == 2 and rule.is_policy
    assert CLOCKS[ClockKind.PROMPT_FORWARD].length == 1
    assert compute_due(rule, date(2026, 11, 24), city).due == date(2026, 11, 30)


def test_a_statutory_clock_length_cannot_be_changed() -> None:
    assert clock(ClockKind.RESPONSE, length=10) is CLOCKS[ClockKind.RESPONSE]
    with pytest.raises(ValueError, match="only an office-policy clock"):
        clock(ClockKind.RESPONSE, length=15)


def test_a_clock_length_cannot_be_negative() -> None:
    with pytest.raises(ValueError, match=">= 0"):
        clock(ClockKind.PROMPT_FORWARD, length=-1)
    with pytest.raises(ValueError, match="unknown calendar"):
        ClockRule(ClockKind.REVIEW, "t", 5, CountUnit.BUSINESS_DAYS, "c", "x", calendar="county")
