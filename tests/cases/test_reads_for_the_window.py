"""The reads the window makes through the domain, each in one read of its own: a case's are
decided by the account's scope (a person who may not see a case cannot tell it exists), and
opening a case reads it once, in one snapshot, the opening then recorded."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import func, select

from ethics_desk.board import roster
from ethics_desk.board.roster import case_party_members, case_voters
from ethics_desk.cases.case_file import filed_case as read_filed_case
from ethics_desk.cases.case_file import load_case
from ethics_desk.core.errors import UserError
from ethics_desk.core.vocabulary import BoardRole
from ethics_desk.documents.stated_dates import stale_in
from ethics_desk.models import AuditRecord, CaseState, Language
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK, MEMBER, filed_case

MEETING = date(2026, 12, 10)


def test_a_case_just_filed_is_read_with_its_number_state_and_language(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    filed = read_filed_case(database, case_id, account=CLERK)
    assert (filed.case_number, filed.state, filed.language) == (
        "ERB-2026-001", CaseState.FILED, Language.ENGLISH)


@pytest.mark.parametrize("read", [
    lambda database, case_id: read_filed_case(database, case_id, account=MEMBER),
    lambda database, case_id: case_voters(database, case_id, MEETING, account=MEMBER),
    lambda database, case_id: case_party_members(database, case_id, MEETING, account=MEMBER),
], ids=["filed case", "voters", "members who are parties"])
def test_a_board_member_cannot_tell_that_a_case_not_before_the_board_exists(
        controller: WorkflowController, database: Database, read: object) -> None:
    case_id = filed_case(controller)
    with pytest.raises(UserError) as refused:
        read(database, case_id)  # type: ignore[operator]
    missing = pytest.raises(UserError)
    with missing as nothing_there:
        read(database, case_id + 1000)  # type: ignore[operator]
    assert refused.value.problem == nothing_there.value.problem.replace(
        str(case_id + 1000), str(case_id))


def test_opening_a_case_records_the_opening_once_and_ends_its_history_with_it(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    opened = load_case(database, case_id, account=CLERK, opened=CLOCK)
    assert opened.timeline[-1].action == "view.case"
    assert opened.timeline[-1].actor == CLERK.display
    with database.read_session() as session:
        views = session.scalar(select(func.count()).select_from(AuditRecord).where(
            AuditRecord.complaint_id == case_id, AuditRecord.action == "view.case"))
    assert views == 1
    again = load_case(database, case_id, account=CLERK)
    assert [line.action for line in again.timeline].count("view.case") == 1


def test_a_case_read_for_the_window_brings_the_warnings_of_its_header_in_the_same_read(
        controller: WorkflowController, database: Database) -> None:
    complainant = "José Peña"  # the complainant of the factories' intake, and a Board member
    roster.add_member(database, complainant, role=BoardRole.MEMBER, starts_on=date(2025, 1, 1),
                      account=CLERK, clock=CLOCK)
    case_id = filed_case(controller)
    shown = load_case(database, case_id, account=CLERK, shown_on=MEETING)
    assert shown.party_members == (complainant,) == tuple(
        v.name for v in case_party_members(database, case_id, MEETING, account=CLERK))
    assert shown.stale == tuple(stale_in(database, case_id, account=CLERK))
    assert load_case(database, case_id, account=CLERK).party_members == ()  # not asked for
