"""The office's statistics agree with the records: known cases are built through the workflow,
and every figure is counted back exactly (issue 33)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from datetime import UTC, date, datetime

import pytest
from sqlalchemy import select

from ethics_desk.core.account import Account
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.roles import Role
from ethics_desk.deadlines import city_calendar
from ethics_desk.deadlines.closures import add_closure
from ethics_desk.models import (
    AuditRecord,
    CureKind,
    DefectItem,
    Determination,
    Disposition,
    RequestChannel,
    ReviewerRole,
    Sanction,
    SanctionKind,
)
from ethics_desk.public_information import (
    NewRequest,
    close_request,
    log_request,
    release_information,
)
from ethics_desk.reports.statistics import (
    ACTION,
    BusinessDayCounter,
    OfficeStatistics,
    business_days,
    nearest_rank,
    office_statistics,
)
from ethics_desk.storage.database import Database
from ethics_desk.workflow import (
    Accept,
    ForwardCampaignFinance,
    ForwardForReview,
    ForwardToBoard,
    NotCured,
    RecordCure,
    RecordPenaltyPayment,
    RecordReview,
    Resolve,
    ReturnDefective,
    ReturnUnsworn,
    Withdraw,
)
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import frivolous, later
from tests.conftest import CLOCK, NOW, OFFICE_TZ
from tests.factories import CLERK, complete_intake, filed_case, provision_id, sworn_oath

ADMIN = Account(903, "ada", "Ada Admin", Role.ADMIN)
NOVEMBER = (date(2026, 11, 1), date(2026, 11, 30))
TO_YEAR_END = (date(2026, 11, 1), date(2026, 12, 31))


def _received(day: date, hour: int = 9) -> datetime:
    return datetime(day.year, day.month, day.day, hour, tzinfo=OFFICE_TZ)


def _file(controller: WorkflowController, received_at: datetime, sections: tuple[str, ...],
          *, sworn: bool = True) -> int:
    ids = [provision_id(controller.database, section) for section in sections]
    oath = sworn_oath(sworn_on=date(2026, 10, 20)) if sworn else sworn_oath(sworn=False)
    return filed_case(controller, complete_intake(provision_ids=ids, oath=oath), received_at)


def _review_all(controller: WorkflowController, case: int, on: date,
                determination: Determination = Determination.SUBSTANTIALLY_COMPLIES) -> None:
    defects = (((DefectItem.C6_FACTS_AND_DATES, "No dates are given."),)
               if determination is Determination.DOES_NOT_COMPLY else ())
    for role in ReviewerRole:
        controller.fire(case, RecordReview(role=role, determination=determination,
                                           defects=defects, completed_on=on))


def _november(controller: WorkflowController) -> None:
    """Seven complaints, six received in November 2026 (four Ethics Code, two campaign
    finance), with known steps. 11 November (Veterans Day) is a City holiday."""
    # A: Ethics Code (§ 2-49), forwarded the next business day, reviewed, accepted, forwarded
    # to the Board, dismissed
    a = _file(controller, _received(date(2026, 11, 2)), ("2-49",))
    controller.fire(a, ForwardForReview(forwarded_on=date(2026, 11, 3)))
    _review_all(controller, a, date(2026, 11, 5))
    controller.fire(a, Accept(decided_on=date(2026, 11, 6)))
    controller.fire(a, ForwardToBoard(forwarded_on=date(2026, 11, 9)))
    controller.fire(a, Resolve(disposition=Disposition.DISMISSED, decided_on=date(2026, 11, 20)))
    # B: not sworn, no provision named, returned
    b = _file(controller, _received(date(2026, 11, 2)), (), sworn=False)
    controller.fire(b, ReturnUnsworn(returned_on=date(2026, 11, 3)))
    # C: forwarded late (three business days), found defective and returned
    c = _file(controller, _received(date(2026, 11, 4)), ("2-49", "2-50"))
    controller.fire(c, ForwardForReview(forwarded_on=date(2026, 11, 9)))
    _review_all(controller, c, date(2026, 11, 10), Determination.DOES_NOT_COMPLY)
    controller.fire(c, ReturnDefective(returned_on=date(2026, 11, 10)))
    # D: campaign finance, forwarded to the respondent, cured
    d = _file(controller, _received(date(2026, 11, 9)), ("2-306",))
    controller.fire(d, ForwardForReview(forwarded_on=date(2026, 11, 10)))
    controller.fire(d, ForwardCampaignFinance(forwarded_on=date(2026, 11, 12)))
    controller.fire(d, RecordCure(kind=CureKind.BANK_STATEMENT, filed_on=date(2026, 11, 13),
                                  verified_by="Rosa Elena Cantú", verified_on=date(2026, 11, 16)))
    # E: campaign finance, received the day before the holiday, not cured
    e = _file(controller, _received(date(2026, 11, 10)), ("2-307",))
    controller.fire(e, ForwardForReview(forwarded_on=date(2026, 11, 12)))
    controller.fire(e, ForwardCampaignFinance(forwarded_on=date(2026, 11, 13)))
    _review_all(controller, e, date(2026, 11, 16))
    controller.fire(e, NotCured(decided_on=date(2026, 11, 20)))
    # F: handed in at 10 p.m. on Saturday 31 October in San Antonio — 1 November in UTC — and
    # withdrawn in November: not received in November, but ended in it
    f = _file(controller, datetime(2026, 11, 1, 3, 0, tzinfo=UTC), ("2-49",))
    controller.fire(f, Withdraw(received_on=date(2026, 11, 5)))
    # G: received today; its "promptly" clock is due tomorrow, 1 December
    _file(controller, NOW, ("2-49",))


def test_every_figure_of_a_known_month_is_counted_back_exactly(
        controller: WorkflowController, database: Database) -> None:
    _november(controller)
    add_closure(database, date(2026, 12, 1), "Ice storm", account=CLERK, clock=CLOCK)
    figures = office_statistics(database, start=TO_YEAR_END[0], end=TO_YEAR_END[1],
                                account=CLERK, clock=CLOCK)

    received = figures.received
    assert received.total == 6  # F was received on 31 October, the office's date
    assert {line.key: line.count for line in received.by_route} == {
        "ethics_code": 4, "campaign_finance": 2}
    assert (received.sworn, received.not_sworn) == (5, 1)
    assert {line.label.split()[1]: line.count for line in received.by_provision} == {
        "2-49": 3, "2-50": 1, "2-306": 1, "2-307": 1}
    assert received.no_provision == 1
    assert all(line.label.startswith("§ ") for line in received.by_provision)

    endings = figures.endings
    assert (endings.returned_unsworn, endings.returned_defective, endings.not_cured) == (1, 1, 1)
    assert {line.key: line.count for line in endings.by_disposition} == {
        "dismissed": 1, "no_violation": 0, "violation_found": 0, "cured": 1, "withdrawn": 1,
        "frivolous": 0}
    assert endings.total == 5

    steps = {step.key: (step.cases, step.median, step.p90) for step in figures.steps}
    assert steps["forwarded_for_review"] == (4, 1, 3)  # A 1, C 3, D 1, E 1 (over the holiday)
    for role in ReviewerRole:
        assert steps[f"review_{role.value}"] == (3, 3, 4)  # A 3, C 4, E 3
    assert steps["forwarded_campaign_finance"] == (2, 2, 2)
    assert steps["accepted"] == (1, 4, 4)
    assert steps["forwarded_to_board"] == (1, 5, 5)
    assert steps["response_filed"] == (0, None, None)
    assert steps["resolved"] == (3, 4, 13)  # D 4, F 4 (from a Saturday), A 13

    prompt = next(t for t in figures.deadlines if t.key == "prompt_forward")
    assert (prompt.met, prompt.missed, prompt.cancelled) == (3, 1, 1)  # A D E; C; F
    assert (prompt.open_past_due, prompt.open_not_yet_due, prompt.moved_by_closures) == (0, 1, 1)
    total = figures.deadlines_total
    assert total.due == sum(tally.due for tally in figures.deadlines)
    assert total.moved_by_closures >= 1

    assert figures.board.meetings == figures.board.votes == 0


def test_a_complaint_received_outside_the_period_is_not_counted(
        controller: WorkflowController, database: Database) -> None:
    _file(controller, _received(date(2026, 10, 30)), ("2-49",))
    _file(controller, datetime(2026, 11, 1, 4, 59, tzinfo=UTC), ("2-49",))  # 23:59 on 31 Oct
    _file(controller, datetime(2026, 11, 1, 5, 0, tzinfo=UTC), ("2-50",))  # midnight, 1 Nov
    figures = office_statistics(database, start=NOVEMBER[0], end=NOVEMBER[1], account=CLERK,
                                clock=CLOCK)
    assert figures.received.total == 1
    assert [line.label.split()[1] for line in figures.received.by_provision] == ["2-50"]
    october = office_statistics(database, start=date(2026, 10, 1), end=date(2026, 10, 31),
                                account=CLERK, clock=CLOCK)
    assert october.received.total == 2


def test_the_boards_show_cause_order_frivolous_vote_sanctions_and_penalty_are_counted(
        controller: WorkflowController, database: Database) -> None:
    case = frivolous(controller)
    december = datetime(2026, 12, 11, 12, tzinfo=OFFICE_TZ)
    with database.read_session() as session:
        penalty = session.scalar(select(Sanction.id).where(
            Sanction.complaint_id == case, Sanction.kind == SanctionKind.CIVIL_PENALTY))
    assert penalty is not None
    later(controller, december).fire(case, RecordPenaltyPayment(
        sanction_id=penalty, paid_on=date(2026, 12, 11), amount_cents=35_000))

    board = office_statistics(database, start=TO_YEAR_END[0], end=TO_YEAR_END[1],
                              account=CLERK, clock=fixed_clock(december)).board
    assert (board.meetings, board.votes, board.votes_carried) == (2, 3, 3)
    assert {line.key: line.count for line in board.votes_by_action} == {
        "show_cause": 1, "frivolous": 1, "disposition": 0, "sanctions": 1}
    assert (board.show_cause_orders, board.frivolous_determinations, board.sanctions) == (1, 1, 3)
    assert {line.key: line.count for line in board.sanctions_by_kind} == {
        "civil_penalty": 1, "attorneys_fees": 1, "other": 0, "referral": 1}
    assert (board.penalties_imposed, board.penalties_imposed_cents) == (1, 35_000)
    assert (board.penalties_paid, board.penalties_paid_cents) == (1, 35_000)
    assert (board.penalties_waived, board.penalties_outstanding) == (0, 0)

    november = office_statistics(database, start=NOVEMBER[0], end=NOVEMBER[1],
                                 account=CLERK, clock=fixed_clock(december)).board
    assert (november.meetings, november.votes, november.show_cause_orders) == (1, 1, 1)
    assert (november.sanctions, november.penalties_paid) == (0, 0)


def test_a_public_information_request_released_early_meets_its_release_clock(
        database: Database) -> None:
    records = Account(904, "rrecords", "Rosa Records", Role.RECORDS)
    view = log_request(database, NewRequest(
        requester_name="María Gómez", channel=RequestChannel.EMAIL,
        asked_for="The Board's 2026 meeting minutes", received_on=date(2026, 11, 2)),
        account=records, clock=CLOCK)
    release_information(database, view.request_id, account=records, released_on=date(2026, 11, 5),
                        clock=CLOCK)
    close_request(database, view.request_id, account=records, closed_on=date(2026, 11, 6), clock=CLOCK)
    pia = office_statistics(database, start=NOVEMBER[0], end=NOVEMBER[1], account=CLERK,
                            clock=CLOCK).public_information
    assert (pia.received, pia.released, pia.closed) == (1, 1, 1)
    assert (pia.ruled_by_attorney_general, pia.withheld, pia.withheld_in_part) == (0, 0, 0)
    clocks = pia.clocks_total
    assert (clocks.met, clocks.missed, clocks.cancelled, clocks.due) == (1, 0, 2, 3)


@pytest.mark.parametrize("role", [role for role in Role if role not in (Role.CLERK, Role.ADMIN)])
def test_a_role_without_the_statistics_act_is_refused_by_the_service(
        role: Role, database: Database) -> None:
    with pytest.raises(NotAllowed, match="The office's statistics is for: City Clerk staff or "
                                         "Administrator"):
        office_statistics(database, start=NOVEMBER[0], end=NOVEMBER[1],
                          account=Account(905, "someone", "Some One", role), clock=CLOCK)


def test_the_administrator_counts_them_and_the_count_is_on_record(
        controller: WorkflowController, database: Database) -> None:
    """On a file and on the office's server alike (there through the owner's count,
    tests/reports/test_server_statistics.py, though the Administrator reads no case)."""
    _file(controller, _received(date(2026, 11, 2)), ("2-49",))
    figures = office_statistics(database, start=NOVEMBER[0], end=NOVEMBER[1], account=ADMIN,
                                clock=CLOCK)
    assert figures.received.total == 1
    with database.read_session() as session:
        record = session.scalars(select(AuditRecord).where(AuditRecord.action == ACTION)).one()
    assert record.actor == ADMIN.display
    assert record.summary == "Counted the office's statistics from 2026-11-01 to 2026-11-30"
    assert record.complaint_id is None


def test_a_period_that_ends_before_it_starts_is_refused(database: Database) -> None:
    with pytest.raises(UserError, match="ends"):
        office_statistics(database, start=date(2026, 12, 1), end=date(2026, 11, 1),
                          account=CLERK, clock=CLOCK)


def test_business_days_skip_weekends_and_holidays_and_do_not_count_the_first_day() -> None:
    calendar = city_calendar()
    counter = BusinessDayCounter(calendar, date(2026, 11, 1), date(2026, 11, 30))
    cases = {(date(2026, 11, 10), date(2026, 11, 12)): 1,  # Veterans Day
             (date(2026, 11, 6), date(2026, 11, 9)): 1,  # a weekend
             (date(2026, 11, 25), date(2026, 11, 30)): 1,  # Thanksgiving and the day after
             (date(2026, 11, 2), date(2026, 11, 2)): 0,
             (date(2026, 11, 2), date(2026, 11, 30)): 17,
             (date(2026, 10, 30), date(2026, 12, 1)): 19}  # beyond the table: counted anyway
    for (first, last), expected in cases.items():
        assert counter.count(first, last) == expected == business_days(calendar, first, last)


def test_the_median_and_90th_percentile_are_nearest_ranks_and_whole_days() -> None:
    assert nearest_rank([], 50) is None
    assert nearest_rank([7], 90) == 7
    assert nearest_rank([4, 1, 3, 2], 50) == 2  # the lower middle: never half a day
    assert nearest_rank(list(range(1, 11)), 90) == 9
    assert nearest_rank(list(range(1, 12)), 90) == 10
    assert nearest_rank([5, 5, 5, 40], 90) == 40


def _whole_numbers(value: object, where: str = "figures") -> list[str]:
    """Every figure that is not a whole number >= 0 (a median of no case may be None)."""
    bad: list[str] = []
    if is_dataclass(value) and not isinstance(value, type):
        for field in fields(value):
            bad += _whole_numbers(getattr(value, field.name), f"{where}.{field.name}")
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            bad += _whole_numbers(item, f"{where}[{index}]")
    else:
        negative = isinstance(value, int) and (isinstance(value, bool) or value < 0)
        missing = value is None and not where.endswith((".median", ".p90"))
        if negative or missing:
            bad.append(where)
    return bad


def test_the_demonstrations_figures_are_whole_numbers_that_agree_with_each_other(
        demo_database: Database) -> None:
    figures: OfficeStatistics = office_statistics(
        demo_database, start=date(2020, 1, 1), end=date(2026, 12, 31), account=CLERK,
        clock=CLOCK)
    assert _whole_numbers(figures) == []
    received = figures.received
    assert received.total > 0
    assert received.total == sum(line.count for line in received.by_route)
    assert received.total == received.sworn + received.not_sworn
    assert sum(line.count for line in received.by_provision) + received.no_provision \
        >= received.total
    endings = figures.endings
    assert endings.total == (endings.returned_unsworn + endings.returned_defective
                             + sum(line.count for line in endings.by_disposition)) > 0
    assert endings.sanctions_imposed == figures.board.sanctions
    resolved = next(step for step in figures.steps if step.key == "resolved")
    assert resolved.cases == sum(line.count for line in endings.by_disposition)
    for step in figures.steps:
        assert (step.cases == 0) == (step.median is None) == (step.p90 is None)
        assert step.median is None or step.p90 is None or step.median <= step.p90
    total = figures.deadlines_total
    for name in ("met", "missed", "open_past_due", "open_not_yet_due", "cancelled",
                 "moved_by_closures"):
        assert getattr(total, name) == sum(getattr(t, name) for t in figures.deadlines)
    assert total.due > 0
    board = figures.board
    assert board.votes == sum(line.count for line in board.votes_by_action) >= board.meetings
    assert board.votes_carried <= board.votes
    assert board.frivolous_determinations == endings.disposition(Disposition.FRIVOLOUS)
    pia = figures.public_information
    assert pia.clocks_total.due == sum(tally.due for tally in pia.clocks)
    data = figures.as_dict()
    assert data["received"]["total"] == received.total and data["endings"]["total"] == \
        endings.total
    assert data["start"] == "2020-01-01"
    one_day = office_statistics(demo_database, start=date(2026, 11, 30), end=date(2026, 11, 30),
                                account=CLERK, clock=CLOCK)
    assert one_day.received.total <= received.total
