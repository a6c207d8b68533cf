"""Time granted to a respondent (§ 2-83(e)(1); § 2-87(a)): the business days granted are added to
that respondent's response date through the deadline engine, which says so and keeps them when
the count is made again; the Board's written opinion, due 90 calendar days after filing
"extended by any time granted to the respondent", moves by the calendar days gained."""

from __future__ import annotations

import json
from datetime import date, datetime

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import RuleError
from ethics_desk.deadlines.schedule import load_calendars, recompute_open
from ethics_desk.models import AuditRecord, DeadlineStatus, Respondent
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Event, FileResponse, GrantMoreTime, RecordRespondentReceipt
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import awaiting_response, later
from tests.conftest import OFFICE_TZ
from tests.workflow.helpers import deadlines

RECEIVED = date(2026, 12, 1)
RESPONSE_DUE = date(2026, 12, 15)
"""Ten business days after Tuesday 1 December 2026, counted by hand: Dec 2, 3, 4, 7, 8, 9, 10,
11, 14, 15 (no City holiday between)."""
EXTENDED_DUE = date(2026, 12, 22)
"""Five business days more, counted by hand: Dec 16, 17, 18, 21, 22 — Tuesday 22 December, seven
calendar days later."""
OPINION_DUE = date(2027, 3, 1)
"""90 calendar days after Monday 30 November 2026 is Sunday 28 February 2027, moved to Monday
1 March (see tests/workflow/test_opinion_and_unalleged_rules.py)."""
OPINION_EXTENDED = date(2027, 3, 8)
"""Seven calendar days more: 97 days after 30 November 2026 is Sunday 7 March 2027, moved to
Monday 8 March."""
GRANTED = date(2026, 12, 3)


def _at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 11, 0, tzinfo=OFFICE_TZ)


def _received(controller: WorkflowController) -> tuple[int, int]:
    """A case awaiting the response of its one respondent, who received it on 1 December."""
    case_id = awaiting_response(controller)
    with controller.database.read_session() as session:
        respondent = session.scalar(select(Respondent.id).where(
            Respondent.complaint_id == case_id))
    assert respondent is not None
    later(controller, _at(RECEIVED)).fire(case_id, RecordRespondentReceipt(
        respondent_id=respondent, received_on=RECEIVED))
    return case_id, respondent


def _grant(controller: WorkflowController, case_id: int, respondent: int,
           days: int = 5) -> None:
    later(controller, _at(GRANTED)).fire(case_id, GrantMoreTime(
        respondent_id=respondent, days=days, granted_on=GRANTED,
        granted_by="the Ethics Review Board, by its Chair", reason="Counsel retained late."))


def _due(database: Database, case_id: int, clock: str) -> date:
    [running] = [d for d in deadlines(database, case_id, clock)
                 if d.status is DeadlineStatus.OPEN]
    return running.due_on


def test_time_granted_adds_business_days_to_the_respondents_response_date(
        controller: WorkflowController, database: Database) -> None:
    case_id, respondent = _received(controller)
    assert _due(database, case_id, "response") == RESPONSE_DUE
    _grant(controller, case_id, respondent)
    assert _due(database, case_id, "response") == EXTENDED_DUE
    [running] = [d for d in deadlines(database, case_id, "response")
                 if d.status is DeadlineStatus.OPEN]
    assert "plus an extension of 5 business days granted" in running.explanation


def test_the_written_opinion_moves_by_the_calendar_days_the_respondent_gained(
        controller: WorkflowController, database: Database) -> None:
    case_id, respondent = _received(controller)
    assert _due(database, case_id, "opinion") == OPINION_DUE
    _grant(controller, case_id, respondent)
    assert _due(database, case_id, "opinion") == OPINION_EXTENDED


def test_the_grant_is_recorded_with_who_granted_it_and_both_dates(
        controller: WorkflowController, database: Database) -> None:
    case_id, respondent = _received(controller)
    _grant(controller, case_id, respondent)
    with database.read_session() as session:
        record = session.scalars(select(AuditRecord).where(
            AuditRecord.complaint_id == case_id).order_by(AuditRecord.seq.desc())).first()
    assert record is not None and record.action == "event.grant_more_time"
    detail = json.loads(record.detail)
    assert (detail["days"], detail["granted_by"], detail["response_due"],
            detail["opinion_due"]) == (5, "the Ethics Review Board, by its Chair",
                                       ["2026-12-15", "2026-12-22"], ["2027-03-01", "2027-03-08"])
    assert "§ 2-87(a)" in record.summary


def test_a_receipt_recorded_after_the_grant_keeps_the_time_granted(
        controller: WorkflowController, database: Database) -> None:
    case_id = awaiting_response(controller)  # its response date presumed from the mailing
    with database.read_session() as session:
        respondent = session.scalar(select(Respondent.id).where(
            Respondent.complaint_id == case_id))
    assert respondent is not None
    later(controller, _at(RECEIVED)).fire(case_id, GrantMoreTime(
        respondent_id=respondent, days=5, granted_on=RECEIVED, granted_by="the Chair"))
    later(controller, _at(GRANTED)).fire(case_id, RecordRespondentReceipt(
        respondent_id=respondent, received_on=RECEIVED))
    assert _due(database, case_id, "response") == EXTENDED_DUE


def test_counting_again_on_the_calendar_keeps_the_time_granted(
        controller: WorkflowController, database: Database) -> None:
    case_id, respondent = _received(controller)
    _grant(controller, case_id, respondent)
    moved = database.write(lambda session: recompute_open(session, load_calendars(session),
                                                          apply=True))
    assert moved == []
    assert _due(database, case_id, "response") == EXTENDED_DUE
    assert _due(database, case_id, "opinion") == OPINION_EXTENDED


def test_no_time_is_granted_once_no_response_is_still_due(
        controller: WorkflowController, database: Database) -> None:
    case_id, respondent = _received(controller)
    later(controller, _at(GRANTED)).fire(case_id, FileResponse(
        respondent_id=respondent, received_on=GRANTED, sworn=True))
    [option] = [o for o in controller.available_events(case_id)
                if o.event is Event.GRANT_MORE_TIME]
    assert not option.allowed
    assert "No respondent's response is still due" in str(option.why_not)


@pytest.mark.parametrize(("days", "on", "by", "says"), [
    (0, GRANTED, "the Chair", "Enter from 1 to 30 business days"),
    (31, GRANTED, "the Chair", "Enter from 1 to 30 business days"),
    (5, date(2026, 12, 4), "the Chair", "is in the future"),
    (5, date(2026, 11, 29), "the Chair", "before the complaint was filed (2026-11-30)"),
    (5, GRANTED, "  ", "Say who granted the time"),
])
def test_a_grant_that_cannot_be_is_refused_with_the_fix(
        controller: WorkflowController, database: Database, days: int, on: date, by: str,
        says: str) -> None:
    case_id, respondent = _received(controller)
    with pytest.raises(RuleError) as refused:
        later(controller, _at(GRANTED)).fire(case_id, GrantMoreTime(
            respondent_id=respondent, days=days, granted_on=on, granted_by=by))
    assert says in str(refused.value)
    assert _due(database, case_id, "response") == RESPONSE_DUE
