"""The Board's written opinion within 90 days (§ 2-87(a)) and the notice of a rule not alleged
(§ 2-85(b), (c)): a decision on the merits meets or misses the opinion's clock; a violation of
a provision the complaint did not allege is found only after written notice and the
respondent's ten business days."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import RuleError
from ethics_desk.core.parties import rule_notice_key
from ethics_desk.models import (
    CaseState,
    DeadlineStatus,
    Disposition,
    Respondent,
    ViolationFinding,
)
from ethics_desk.workflow import Accept, Finding, ForwardToBoard, GiveRuleNotice, Resolve, Withdraw
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import later, seat_board
from tests.conftest import OFFICE_TZ
from tests.factories import complete_intake, provision_id, reviewed_case
from tests.workflow.helpers import case, deadlines

FILED_ON = date(2026, 11, 30)
"""The tests' complaints are filed at the tests' clock, Monday 30 November 2026."""
OPINION_DUE = date(2027, 3, 1)
"""90 calendar days after 30 November 2026, counted by hand: December 31 days (day 31 is
31 December), January 31 (day 62 is 31 January), February 28 (day 90 is Sunday 28 February
2027); the last day falls on a Sunday, so it moves to Monday 1 March 2027 (Code Construction
Act § 311.014)."""
NOTICE_GIVEN = date(2026, 12, 1)
NOTICE_DUE = date(2026, 12, 15)
"""Ten business days after Tuesday 1 December 2026, counted by hand on the City's calendar
(no City holiday falls between): Dec 2, 3, 4, 7, 8, 9, 10, 11, 14, 15 — Tuesday 15 December."""


def _at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 17, 0, tzinfo=OFFICE_TZ)


def _before_the_board(controller: WorkflowController, *sections: str,
                      **changes: object) -> int:
    """A complaint alleging ``sections`` against its one respondent, forwarded to the Board
    and the respondent on the day it was filed."""
    seat_board(controller.database)
    ids = [provision_id(controller.database, s) for s in sections]
    case_id = reviewed_case(controller, intake=complete_intake(provision_ids=ids, **changes))
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    return case_id


def _respondent(controller: WorkflowController, case_id: int) -> int:
    with controller.database.read_session() as session:
        found = session.scalar(select(Respondent.id).where(Respondent.complaint_id == case_id))
    assert found is not None
    return found


def _opinion(controller: WorkflowController, case_id: int) -> tuple[DeadlineStatus, date]:
    [clock] = deadlines(controller.database, case_id, "opinion")
    return clock.status, clock.due_on


def test_the_written_opinion_is_due_90_calendar_days_after_the_complaint_was_filed(
        controller: WorkflowController) -> None:
    case_id = _before_the_board(controller, "2-49")
    assert _opinion(controller, case_id) == (DeadlineStatus.OPEN, OPINION_DUE)


def test_a_decision_on_the_merits_on_the_opinions_due_date_meets_it(
        controller: WorkflowController) -> None:
    case_id = _before_the_board(controller, "2-49")
    later(controller, _at(OPINION_DUE)).fire(
        case_id, Resolve(disposition=Disposition.NO_VIOLATION, decided_on=OPINION_DUE))
    assert _opinion(controller, case_id) == (DeadlineStatus.MET, OPINION_DUE)


def test_a_decision_on_the_merits_the_day_after_the_opinions_due_date_misses_it(
        controller: WorkflowController) -> None:
    case_id = _before_the_board(controller, "2-49")
    day_after = date(2027, 3, 2)
    later(controller, _at(day_after)).fire(
        case_id, Resolve(disposition=Disposition.DISMISSED, decided_on=day_after))
    assert _opinion(controller, case_id) == (DeadlineStatus.MISSED, OPINION_DUE)
    [clock] = deadlines(controller.database, case_id, "opinion")
    assert clock.closed_on == day_after


def test_a_withdrawal_still_cancels_the_opinions_clock(controller: WorkflowController) -> None:
    case_id = _before_the_board(controller, "2-49")
    later(controller, _at(date(2027, 3, 5))).fire(case_id, Withdraw(received_on=date(2027, 3, 5)))
    assert _opinion(controller, case_id)[0] is DeadlineStatus.CANCELLED


def test_the_notice_of_a_rule_not_alleged_starts_ten_business_days_for_that_respondent(
        controller: WorkflowController) -> None:
    case_id = _before_the_board(controller, "2-49")
    respondent = _respondent(controller, case_id)
    gifts = provision_id(controller.database, "2-45")
    later(controller, _at(NOTICE_GIVEN)).fire(case_id, GiveRuleNotice(
        respondent_id=respondent, provision_ids=(gifts,), given_on=NOTICE_GIVEN))
    [clock] = deadlines(controller.database, case_id, "unalleged_rule")
    assert (clock.subject, clock.trigger_on, clock.due_on, clock.citation) == (
        rule_notice_key(respondent, gifts), NOTICE_GIVEN, NOTICE_DUE, "City Code § 2-85(c)")
    assert "§ 2-45 Gifts" in clock.title


def test_no_notice_is_given_of_a_provision_the_complaint_already_alleges(
        controller: WorkflowController) -> None:
    case_id = _before_the_board(controller, "2-49")
    with pytest.raises(RuleError) as refused:
        controller.fire(case_id, GiveRuleNotice(
            respondent_id=_respondent(controller, case_id),
            provision_ids=(provision_id(controller.database, "2-49"),), given_on=FILED_ON))
    assert "already alleges § 2-49 Public property and resources" in str(refused.value)
    assert "§ 2-85(c)" in refused.value.citation


def test_no_notice_is_given_of_a_provision_not_in_force_on_the_alleged_dates(
        controller: WorkflowController) -> None:
    # § 2-59 took effect on 2019-01-01 (the catalogue); the violation is alleged in 2018.
    case_id = _before_the_board(controller, "2-49", violation_start=date(2018, 9, 3),
                                violation_end=date(2018, 9, 28))
    with pytest.raises(RuleError) as refused:
        controller.fire(case_id, GiveRuleNotice(
            respondent_id=_respondent(controller, case_id),
            provision_ids=(provision_id(controller.database, "2-59"),), given_on=FILED_ON))
    assert "was not in force on 2018-09-03 and 2018-09-28" in str(refused.value)


def test_a_violation_found_names_the_provisions_found(controller: WorkflowController) -> None:
    case_id = _before_the_board(controller, "2-49")
    with pytest.raises(RuleError) as refused:
        controller.fire(case_id, Resolve(disposition=Disposition.VIOLATION_FOUND))
    assert refused.value.citation == "§ 2-85(b)"
    assert case(controller.database, case_id).state is CaseState.AWAITING_RESPONSE


def test_a_rule_not_alleged_is_found_only_after_its_notice_and_ten_business_days(
        controller: WorkflowController) -> None:
    case_id = _before_the_board(controller, "2-49")
    respondent = _respondent(controller, case_id)
    gifts = provision_id(controller.database, "2-45")
    public_property = provision_id(controller.database, "2-49")
    found = (Finding(respondent, public_property), Finding(respondent, gifts))
    with pytest.raises(RuleError) as no_notice:  # no notice given at all
        controller.fire(case_id, Resolve(disposition=Disposition.VIOLATION_FOUND,
                                         findings=found))
    assert no_notice.value.citation == "§ 2-85(c)"
    assert "does not allege § 2-45 Gifts" in str(no_notice.value)
    later(controller, _at(NOTICE_GIVEN)).fire(case_id, GiveRuleNotice(
        respondent_id=respondent, provision_ids=(gifts,), given_on=NOTICE_GIVEN))
    on_the_last_day = later(controller, _at(NOTICE_DUE))
    with pytest.raises(RuleError) as too_soon:  # the tenth business day is the respondent's
        on_the_last_day.fire(case_id, Resolve(disposition=Disposition.VIOLATION_FOUND,
                                              decided_on=NOTICE_DUE, findings=found))
    assert too_soon.value.citation == "§ 2-85(c)"
    assert "may be found on or after 2026-12-16" in str(too_soon.value)
    later(controller, _at(date(2026, 12, 16))).fire(case_id, Resolve(
        disposition=Disposition.VIOLATION_FOUND, decided_on=date(2026, 12, 16), findings=found))
    assert case(controller.database, case_id).state is CaseState.RESOLVED
    with controller.database.read_session() as session:
        stored = [(f.respondent_id, f.provision_id, f.alleged) for f in session.scalars(
            select(ViolationFinding).order_by(ViolationFinding.id))]
    assert stored == [(respondent, public_property, True), (respondent, gifts, False)]
