"""Calendar edits: previewed, saved with their audit record, and every open deadline recomputed."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import UserError
from ethics_desk.deadlines.closures import add_closure, preview_add, remove_closure
from ethics_desk.models import AuditRecord, CalendarDay, DeadlineStatus
from ethics_desk.storage.audit import verify_chain
from ethics_desk.storage.database import Database
from ethics_desk.workflow import ForwardForReview
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK, filed_case
from tests.workflow.helpers import case, deadlines


def _case_under_review(controller: WorkflowController) -> int:
    case_id = filed_case(controller)
    controller.fire(case_id, ForwardForReview())
    return case_id


def test_a_closure_on_a_due_date_moves_the_open_deadline(database: Database,
                                                         controller: WorkflowController) -> None:
    case_id = _case_under_review(controller)
    before = {d.subject: d.due_on for d in deadlines(database, case_id, "review")}
    assert set(before.values()) == {date(2026, 12, 7)}
    change = add_closure(database, date(2026, 12, 3), "Ice storm closure", account=CLERK, clock=CLOCK)
    after = deadlines(database, case_id, "review", DeadlineStatus.OPEN)
    assert {d.due_on for d in after} == {date(2026, 12, 8)}
    assert all("Ice storm closure" in d.explanation for d in after)
    assert len(change.moved) >= 4
    assert case(database, case_id).next_due_on == min(
        d.due_on for d in deadlines(database, case_id, status=DeadlineStatus.OPEN))


def test_the_preview_shows_what_moves_and_saves_nothing(database: Database,
                                                        controller: WorkflowController) -> None:
    case_id = _case_under_review(controller)
    moved = preview_add(database, date(2026, 12, 3), "Ice storm closure", account=CLERK)
    assert {m.new_due for m in moved if m.title.startswith("Independent")} == {date(2026, 12, 8)}
    assert {m.old_due for m in moved} >= {date(2026, 12, 7)}
    assert {d.due_on for d in deadlines(database, case_id, "review")} == {date(2026, 12, 7)}
    with database.read_session() as session:
        assert not session.scalars(select(AuditRecord).where(
            AuditRecord.action.like("calendar.%"))).all()


def test_calendar_changes_are_audited_and_the_chain_still_verifies(
        database: Database, controller: WorkflowController) -> None:
    _case_under_review(controller)
    add_closure(database, date(2026, 12, 3), "Ice storm closure", account=CLERK, clock=CLOCK)
    remove_closure(database, date(2026, 12, 3), account=CLERK, clock=CLOCK)
    with database.read_session() as session:
        actions = session.scalars(select(AuditRecord.action).where(
            AuditRecord.action.like("calendar.%")).order_by(AuditRecord.seq)).all()
        assert actions == ["calendar.add", "calendar.remove"]
        assert verify_chain(session) == []


def test_removing_the_closure_moves_the_deadline_back(database: Database,
                                                      controller: WorkflowController) -> None:
    case_id = _case_under_review(controller)
    add_closure(database, date(2026, 12, 3), "Ice storm closure", account=CLERK, clock=CLOCK)
    remove_closure(database, date(2026, 12, 3), account=CLERK, clock=CLOCK)
    assert {d.due_on for d in deadlines(database, case_id, "review")} == {date(2026, 12, 7)}


@pytest.mark.parametrize(("day", "name", "kind", "message"), [
    (date(2026, 12, 5), "Closure", "closure", "Saturday"),
    (date(2026, 11, 26), "Closure", "closure", "Thanksgiving"),
    (date(2026, 12, 3), "  ", "closure", "needs a name"),
    (date(2027, 4, 22), "Fiesta San Jacinto Day", "fiesta", "is a Friday"),
    (date(2025, 4, 25), "Fiesta San Jacinto Day", "fiesta", "already set"),
])
def test_a_closure_that_makes_no_sense_is_refused_with_the_reason(
        database: Database, day: date, name: str, kind: str, message: str) -> None:
    with pytest.raises(UserError, match=message):
        add_closure(database, day, name, kind=kind, account=CLERK, clock=CLOCK)


@pytest.mark.parametrize(("name", "message"), [
    pytest.param("x" * 100_000, "at most 100 characters; this one has 100,000",
                 id="100,000 characters"),
    pytest.param("W" * 101, "at most 100 characters; this one has 101", id="101 characters"),
    ("Ice storm\nclosure", "one line without control characters"),
    ("Ice storm\r", "one line without control characters"),
    ("Ice\tstorm", "one line without control characters"),
    ("Ice storm\u2028closure", "one line without control characters"),
    ("Ice storm\x1b[2J", "one line without control characters"),
])
def test_a_closure_name_is_one_line_and_bounded_in_the_preview_and_the_save(
        database: Database, name: str, message: str) -> None:
    day = date(2027, 1, 27)
    with pytest.raises(UserError, match=message):
        preview_add(database, day, name, account=CLERK)
    with pytest.raises(UserError, match=message):
        add_closure(database, day, name, account=CLERK, clock=CLOCK)
    with database.read_session() as session:
        assert session.scalar(select(CalendarDay).where(CalendarDay.day == day)) is None


def test_a_closure_name_of_the_longest_length_is_kept(database: Database) -> None:
    name = "W" * 100
    add_closure(database, date(2027, 1, 27), name, account=CLERK, clock=CLOCK)
    with database.read_session() as session:
        assert session.scalar(select(CalendarDay.name).where(
            CalendarDay.day == date(2027, 1, 27))) == name


@pytest.mark.parametrize("day", [date(1, 1, 1), date(1899, 12, 29), date(2200, 1, 2),
                                 date(9999, 12, 31)])
def test_a_closure_outside_the_years_the_calendars_keep_is_refused(database: Database,
                                                                  day: date) -> None:
    with pytest.raises(UserError, match="1900–2199"):
        add_closure(database, day, "Ice storm", account=CLERK, clock=CLOCK)


def test_a_rule_holiday_cannot_be_removed_as_a_closure(database: Database) -> None:
    with pytest.raises(UserError, match="a rule of the calendar"):
        remove_closure(database, date(2026, 12, 25), account=CLERK, clock=CLOCK)


def test_fiesta_san_jacinto_day_is_set_per_year(database: Database) -> None:
    from ethics_desk.deadlines.schedule import load_calendars

    with database.read_session() as session:
        assert load_calendars(session).city.missing_required_days(2027) == [
            "Fiesta San Jacinto Day"]
    add_closure(database, date(2027, 4, 23), "Fiesta San Jacinto Day", kind="fiesta",
                account=CLERK, clock=CLOCK)
    with database.read_session() as session:
        city = load_calendars(session).city
        assert city.missing_required_days(2027) == []
        assert city.non_business_reason(date(2027, 4, 23)) == "Fiesta San Jacinto Day"


def test_a_closure_on_a_presumed_receipt_day_presumes_the_receipt_again(
        database: Database, controller: WorkflowController) -> None:
    from ethics_desk.workflow import Accept, ForwardToBoard
    from tests.factories import reviewed_case

    case_id = reviewed_case(controller)
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())  # mailed Mon 30 Nov: presumed received Thu 3 Dec
    [response] = deadlines(database, case_id, "response")
    assert (response.trigger_on, response.due_on) == (date(2026, 12, 3), date(2026, 12, 17))
    add_closure(database, date(2026, 12, 3), "Ice storm closure", account=CLERK, clock=CLOCK)
    [response] = deadlines(database, case_id, "response")
    assert response.trigger_basis == "presumed"
    assert (response.trigger_on, response.due_on) == (date(2026, 12, 4), date(2026, 12, 18))
    assert "rolled to the next business day" in response.explanation


def test_a_closure_on_the_opinion_due_date_does_not_extend_the_opinion_and_check_holds(
        database: Database, controller: WorkflowController) -> None:
    from ethics_desk.maintenance.integrity import DEADLINE_DATES, DEADLINE_DAYS, run_checks
    from tests.board_cases import awaiting_response

    accepted = awaiting_response(controller)  # the opinion clock runs from the filing
    [opinion] = deadlines(database, accepted, "opinion")
    assert opinion.due_on == date(2027, 3, 1)  # 90 days from 2026-11-30, past the weekend
    moved = preview_add(database, date(2027, 3, 1), "Winter weather closure", account=CLERK)
    assert [m for m in moved if m.deadline_id == opinion.id] == []
    add_closure(database, date(2027, 3, 1), "Winter weather closure", account=CLERK,
                clock=CLOCK)
    [opinion] = deadlines(database, accepted, "opinion")
    assert opinion.due_on == date(2027, 3, 1)
    assert "does not extend this calendar-day deadline" in opinion.explanation
    results = {r.name: r for r in run_checks(database.url, from_backups=False)}
    assert results[DEADLINE_DAYS].ok and results[DEADLINE_DATES].ok


def test_a_board_member_may_not_close_the_offices_and_no_deadline_moves(
        controller: WorkflowController, database: Database) -> None:
    from ethics_desk.core.errors import NotAllowed
    from tests.factories import MEMBER, rows_and_records

    case_id = _case_under_review(controller)
    due = [d.due_on for d in deadlines(database, case_id)]
    before = rows_and_records(database, CalendarDay)
    with pytest.raises(NotAllowed, match="City Clerk staff"):
        add_closure(database, date(2027, 4, 23), "Fiesta San Jacinto Day", account=MEMBER,
                    clock=CLOCK, kind="fiesta")
    assert rows_and_records(database, CalendarDay) == before
    assert [d.due_on for d in deadlines(database, case_id)] == due
