"""The hearing a party requests under § 2-83(e)(4): scheduled at least 72 hours ahead, since it is
a meeting of the Board whose notice is posted 72 hours before it (Gov't Code § 551.043), then
recorded as held on or after the day it was set for."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import RuleError
from ethics_desk.models import Hearing, HearingKind, PartyRole
from ethics_desk.workflow import Event, RecordHearing, RequestHearing, ScheduleHearing
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import awaiting_response, later
from tests.conftest import NOW, OFFICE_TZ

PLACE = "City Council Chambers, 114 W. Commerce St."
EARLIEST = NOW + timedelta(hours=72)
"""Thursday 3 December 2026, 10:00 a.m.: 72 hours after the clerk schedules it (NOW)."""


def _allowed(controller: WorkflowController, case_id: int, event: Event) -> bool:
    return next(o for o in controller.available_events(case_id) if o.event is event).allowed


def _requested(controller: WorkflowController) -> int:
    case_id = awaiting_response(controller)
    controller.fire(case_id, RequestHearing(party=PartyRole.RESPONDENT, party_name="Carl Diaz",
                                            received_on=NOW.date()))
    return case_id


def _hearing(controller: WorkflowController) -> Hearing:
    with controller.database.read_session() as session:
        hearing = session.scalar(select(Hearing).where(Hearing.kind == HearingKind.REQUESTED))
        assert hearing is not None
        session.expunge(hearing)
        return hearing


def test_a_hearing_is_scheduled_only_when_one_was_requested(
        controller: WorkflowController) -> None:
    case_id = awaiting_response(controller)
    assert not _allowed(controller, case_id, Event.SCHEDULE_HEARING)
    with pytest.raises(RuleError, match=r"No hearing requested under \(e\)\(4\) is waiting"):
        controller.fire(case_id, ScheduleHearing(hearing_at=EARLIEST, place=PLACE))


def test_the_requested_hearing_is_scheduled_with_its_date_time_and_place(
        controller: WorkflowController) -> None:
    case_id = _requested(controller)
    assert _allowed(controller, case_id, Event.SCHEDULE_HEARING)
    controller.fire(case_id, ScheduleHearing(hearing_at=EARLIEST, place=PLACE))
    hearing = _hearing(controller)
    assert hearing.scheduled_at is not None
    assert hearing.scheduled_at.astimezone(OFFICE_TZ) == EARLIEST
    assert hearing.place == PLACE
    # Once set, the date told the parties stands: it is not scheduled a second time.
    assert not _allowed(controller, case_id, Event.SCHEDULE_HEARING)


def test_exactly_72_hours_ahead_is_allowed(controller: WorkflowController) -> None:
    case_id = _requested(controller)
    controller.fire(case_id, ScheduleHearing(hearing_at=EARLIEST, place=PLACE))
    assert _hearing(controller).scheduled_at is not None


def test_a_minute_less_than_72_hours_ahead_is_refused_naming_the_earliest_time(
        controller: WorkflowController) -> None:
    case_id = _requested(controller)
    with pytest.raises(RuleError) as refused:
        controller.fire(case_id, ScheduleHearing(hearing_at=EARLIEST - timedelta(minutes=1),
                                                 place=PLACE))
    message = str(refused.value)
    assert "requested hearing is a meeting of the Board" in message
    assert "at least 72 hours before it" in message
    assert "Set the hearing for 2026-12-03 10:00" in message
    assert refused.value.citation == "Gov't Code § 551.043; § 2-83(e)(4)"
    assert _hearing(controller).scheduled_at is None


def test_a_time_already_past_is_refused(controller: WorkflowController) -> None:
    case_id = _requested(controller)
    with pytest.raises(RuleError, match="still to come"):
        controller.fire(case_id, ScheduleHearing(hearing_at=NOW - timedelta(days=1),
                                                 place=PLACE))


def test_a_time_without_a_zone_or_a_hearing_without_a_place_is_refused(
        controller: WorkflowController) -> None:
    case_id = _requested(controller)
    with pytest.raises(RuleError, match="time zone"):
        controller.fire(case_id, ScheduleHearing(
            hearing_at=EARLIEST.replace(tzinfo=None) + timedelta(days=1), place=PLACE))
    with pytest.raises(RuleError, match="date, time and place"):
        controller.fire(case_id, ScheduleHearing(hearing_at=EARLIEST, place="  "))


def test_the_hearing_is_recorded_held_only_once_scheduled(
        controller: WorkflowController) -> None:
    case_id = _requested(controller)
    assert not _allowed(controller, case_id, Event.RECORD_HEARING)
    with pytest.raises(RuleError, match="No requested hearing is scheduled"):
        controller.fire(case_id, RecordHearing(held_on=NOW.date()))


def test_a_hearing_is_not_held_before_the_day_it_was_scheduled_for(
        controller: WorkflowController) -> None:
    case_id = _requested(controller)
    controller.fire(case_id, ScheduleHearing(hearing_at=EARLIEST, place=PLACE))
    after = later(controller, EARLIEST + timedelta(days=1))
    with pytest.raises(RuleError) as refused:
        after.fire(case_id, RecordHearing(held_on=date(2026, 12, 2)))
    assert "scheduled for 2026-12-03" in str(refused.value)
    assert _hearing(controller).held_on is None


def test_the_requested_hearing_held_records_who_appeared_and_counsel(
        controller: WorkflowController) -> None:
    case_id = _requested(controller)
    controller.fire(case_id, ScheduleHearing(hearing_at=EARLIEST, place=PLACE))
    after = later(controller, EARLIEST + timedelta(hours=3))
    after.fire(case_id, RecordHearing(held_on=EARLIEST.date(), appeared="Carl Diaz",
                                      counsel="Lucía Gómez", concluded=True))
    hearing = _hearing(controller)
    assert (hearing.held_on, hearing.appeared, hearing.counsel, hearing.concluded) == (
        EARLIEST.date(), "Carl Diaz", "Lucía Gómez", True)
    assert not _allowed(after, case_id, Event.RECORD_HEARING)


def test_a_continued_hearing_is_set_again_as_the_same_partys_request(
        controller: WorkflowController) -> None:
    case_id = _requested(controller)
    controller.fire(case_id, ScheduleHearing(hearing_at=EARLIEST, place=PLACE))
    after = later(controller, EARLIEST + timedelta(hours=3))
    outcome = after.fire(case_id, RecordHearing(held_on=EARLIEST.date(), appeared="Carl Diaz",
                                                concluded=False))
    assert "record the request again for the same party" in outcome.summary
    assert not _allowed(after, case_id, Event.SCHEDULE_HEARING)
    after.fire(case_id, RequestHearing(party=PartyRole.RESPONDENT, party_name="Carl Diaz",
                                       received_on=EARLIEST.date()))
    continued = EARLIEST + timedelta(days=7)
    after.fire(case_id, ScheduleHearing(hearing_at=continued, place=PLACE))
    with controller.database.read_session() as session:
        dates = [h.scheduled_at for h in session.scalars(select(Hearing).where(
            Hearing.kind == HearingKind.REQUESTED).order_by(Hearing.id))]
    assert [d.astimezone(OFFICE_TZ) for d in dates if d is not None] == [
        EARLIEST.astimezone(OFFICE_TZ), continued.astimezone(OFFICE_TZ)]
