"""A list that shows parties' names is a read on record (§ 2-83(h)): the inbox, its search
results and the calendar's day list each write one audit record per list shown, naming its
cases by id; the same list shown again with the same cases writes none; a list shown while
another desk writes is queued, never waited for."""

from __future__ import annotations

import json
from datetime import date

import pytest

from ethics_desk.cases.calendar_overview import deadlines_on
from ethics_desk.cases.inbox import ALL_CASES, saved_view
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.cases.list_reads import ACTION, CALENDAR_DAY, INBOX, SEARCH
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.another_desk import (
    another_desk_writing,
    records_of,
    short_waits,
    the_next_writer_writes,
)
from tests.conftest import CLOCK
from tests.factories import filed_case
from tests.signing_in import account_of

pytestmark = pytest.mark.usefixtures(short_waits.__name__)

TODAY = CLOCK().date()
FORWARD_BY = date(2026, 12, 1)  # a case filed on the 30th is forwarded for review by then


def shown(database: Database) -> list[tuple[str, str, list[int]]]:
    """(actor, list, case ids) of every list shown on record."""
    return [(r.actor, json.loads(r.detail)["list"], json.loads(r.detail)["cases"])
            for r in records_of(database, ACTION)]


@pytest.fixture
def clerk(database: Database) -> Account:
    return account_of(database, Role.CLERK)


def test_the_inbox_shown_is_one_record_naming_its_cases_not_one_per_row(
        controller: WorkflowController, database: Database, clerk: Account) -> None:
    cases = sorted(filed_case(controller) for _ in range(3))
    query = InboxQuery(database, TODAY, clerk, clock=CLOCK)
    assert len(query.page(saved_view(ALL_CASES))) == 3
    assert shown(database) == [(clerk.display, INBOX, cases)]
    [record] = records_of(database, ACTION)
    assert record.complaint_id is None and record.at == CLOCK()
    assert "ERB-" not in record.summary + record.detail  # ids, never numbers or names


def test_a_refresh_showing_the_same_cases_adds_no_record_and_a_new_case_does(
        controller: WorkflowController, database: Database, clerk: Account) -> None:
    first = filed_case(controller)
    query = InboxQuery(database, TODAY, clerk, clock=CLOCK)
    query.page(saved_view(ALL_CASES))
    InboxQuery(database, TODAY, clerk, clock=CLOCK).page(saved_view(ALL_CASES))  # F5
    assert len(shown(database)) == 1
    second = filed_case(controller)
    query.page(saved_view(ALL_CASES))
    assert [cases for _, _, cases in shown(database)] == [[first], sorted([first, second])]


def test_search_results_are_on_record_as_a_search(
        controller: WorkflowController, database: Database, clerk: Account) -> None:
    case = filed_case(controller)
    query = InboxQuery(database, TODAY, clerk, clock=CLOCK)
    [row] = query.page(saved_view(ALL_CASES).with_text("ERB-2026"))
    assert row.id == case
    assert shown(database) == [(clerk.display, SEARCH, [case])]
    assert "ERB-2026" not in records_of(database, ACTION)[0].detail  # the words searched, not


def test_the_calendars_day_list_is_on_record(
        controller: WorkflowController, database: Database, clerk: Account) -> None:
    case = filed_case(controller)
    [due] = deadlines_on(database, FORWARD_BY, TODAY, account=clerk, clock=CLOCK)
    assert due.complaint_id == case
    deadlines_on(database, FORWARD_BY, TODAY, account=clerk, clock=CLOCK)  # shown again
    assert shown(database) == [(clerk.display, CALENDAR_DAY, [case])]


def test_an_empty_list_and_a_role_that_receives_no_case_leave_no_record(
        controller: WorkflowController, database: Database) -> None:
    filed_case(controller)
    records = account_of(database, Role.RECORDS)
    assert InboxQuery(database, TODAY, records, clock=CLOCK).page(saved_view(ALL_CASES)) == []
    assert deadlines_on(database, FORWARD_BY, TODAY, account=records, clock=CLOCK) == []
    assert shown(database) == []


def test_a_list_shown_while_another_desk_writes_is_queued_then_written(
        controller: WorkflowController, database: Database, clerk: Account) -> None:
    case = filed_case(controller)
    with another_desk_writing(database):
        [row] = InboxQuery(database, TODAY, clerk, clock=CLOCK).page(saved_view(ALL_CASES))
    assert row.id == case and shown(database) == []
    the_next_writer_writes(database)
    assert shown(database) == [(clerk.display, INBOX, [case])]


def test_a_list_that_showed_a_case_is_in_its_access_history_and_no_other_cases(
        controller: WorkflowController, database: Database, clerk: Account) -> None:
    from ethics_desk.cases.access import access_history
    from ethics_desk.cases.list_reads import list_shown
    from ethics_desk.storage.audit import Viewer

    cases = [filed_case(controller) for _ in range(12)]
    first, twelfth = cases[0], cases[11]
    InboxQuery(database, TODAY, clerk, clock=CLOCK).page(saved_view(ALL_CASES))
    list_shown(database, SEARCH, [twelfth], viewer=Viewer.of(clerk, CLOCK))
    lists_of = {case: [line.summary for line in access_history(
        database, case, account=clerk, clock=CLOCK) if line.action == ACTION]
        for case in (first, twelfth)}
    assert len(lists_of[first]) == 1 and "inbox" in lists_of[first][0]
    assert len(lists_of[twelfth]) == 2 and "search results" in lists_of[twelfth][1]
