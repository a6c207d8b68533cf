"""Find a case (Ctrl+K): one search across every view — drafts, pending, resolved — by case
number or by a complainant's or respondent's name, folded as the inbox folds it, through the
inbox's own scoped query: a person finds only the complaints they receive (§ 2-83(h)(1))."""

from __future__ import annotations

from dataclasses import replace

from ethics_desk.cases.inbox import FIND_LIMIT, InboxRow, find_filter
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.models import CaseState, Complaint
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Withdraw
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.factories import CLERK, complete_intake, filed_case, reviewed_case


def _find(database: Database, account: Account, text: str) -> list[InboxRow]:
    query = InboxQuery(database, NOW.date(), account, clock=CLOCK)
    return query.page(find_filter(text), 0, FIND_LIMIT)


def _number(database: Database, case: int) -> str:
    with database.read_session() as session:
        complaint = session.get(Complaint, case)
        assert complaint is not None
        return complaint.display_number


def _against(controller: WorkflowController, complainant: str, respondent: str) -> int:
    intake = complete_intake()
    return filed_case(controller, replace(
        intake, complainant=replace(intake.complainant, name=complainant),
        respondents=[replace(intake.respondents[0], name=respondent)]))


def test_finds_by_number_and_by_a_name_typed_without_its_accents_or_in_capitals(
        database: Database, controller: WorkflowController) -> None:
    pena = _against(controller, "José Peña", "Robert Garza")
    other = _against(controller, "Ana Ruiz", "Nguyễn Thị Minh Khai")
    number = _number(database, pena)
    assert [r.id for r in _find(database, CLERK, number)] == [pena]
    for typed in ("pena", "PEÑA", "peña jose", "José"):
        assert [r.id for r in _find(database, CLERK, typed)] == [pena], typed
    assert [r.id for r in _find(database, CLERK, "nguyen")] == [other]  # the respondent
    assert [r.id for r in _find(database, CLERK, "garza")] == [pena]
    assert _find(database, CLERK, "Peña Ruiz") == []  # every word must match


def test_finds_a_case_of_every_view_drafts_and_resolved_alike(
        database: Database, controller: WorkflowController) -> None:
    draft = controller.save_draft(complete_intake(complainant=replace(
        complete_intake().complainant, name="Zoë Draft"))).complaint_id
    resolved = _against(controller, "Zoë Withdrawn", "Robert Garza")
    controller.fire(resolved, Withdraw(received_on=NOW.date()))
    found = {r.id: r.state for r in _find(database, CLERK, "zoe")}
    assert found == {draft: CaseState.DRAFT, resolved: CaseState.RESOLVED}


def test_does_not_find_a_case_outside_the_accounts_scope(
        database: Database, controller: WorkflowController) -> None:
    at_the_clerk = _against(controller, "José Peña", "Robert Garza")
    in_review = reviewed_case(controller)  # José Peña again, forwarded for review
    auditor = Account(960, "audrey", "Audrey Auditor", Role.AUDITOR)
    assert [r.id for r in _find(database, auditor, "pena")] == [in_review]
    assert _find(database, auditor, _number(database, at_the_clerk)) == []
    member = Account(961, "amember", "Alma Member", Role.MEMBER)
    assert _find(database, member, "pena") == []  # before the Board: no one's case yet
    assert {r.id for r in _find(database, CLERK, "pena")} == {at_the_clerk, in_review}


def test_shows_at_most_the_limit_newest_first(
        database: Database, controller: WorkflowController) -> None:
    cases = [_against(controller, f"Peña {n}", "Robert Garza") for n in range(FIND_LIMIT + 2)]
    found = _find(database, CLERK, "pena")
    assert len(found) == FIND_LIMIT
    assert {r.id for r in found} <= set(cases)
