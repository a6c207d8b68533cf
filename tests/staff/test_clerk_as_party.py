"""A complaint that names a member of the City Clerk's staff (issue 29, item 14): § 2-83 is silent,
so the office keeps that clerk from it as it keeps a Board member who is a party (§ 2-83(h)(1)) —
named exactly, or a possible match until another account decides — the other clerks handle it,
the case warns them whom to tell (the office's setting), and no one decides about themselves."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy import select

from ethics_desk.board import party_links
from ethics_desk.cases.case_file import load_case
from ethics_desk.core.account import Account
from ethics_desk.core.errors import RuleError, UserError
from ethics_desk.core.roles import Role
from ethics_desk.models import Complaint
from ethics_desk.office import settings
from ethics_desk.staff.accounts import add_account, list_accounts
from ethics_desk.staff.scope import case_condition, receives
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.factories import complete_intake, reviewed_case
from tests.signing_in import ADMINISTRATOR, PASSWORD, account_of

NAMED = "Marisol Treviño"
"""The deputy clerk the complaint names as its respondent."""


def _deputy(database: Database, name: str = NAMED) -> Account:
    """A second account of the Clerk's staff, ``name``."""
    account_of(database, Role.CLERK)
    admin = next(a for a in list_accounts(database) if a.login == ADMINISTRATOR)
    return add_account(database, "mtrevino", name, Role.CLERK, f"first {PASSWORD}", by=admin,
                       clock=CLOCK)


def _against(controller: WorkflowController, respondent: str) -> int:
    """A complaint in review whose respondent is ``respondent``."""
    intake = complete_intake()
    intake = replace(intake, respondents=[replace(intake.respondents[0], name=respondent)])
    return reviewed_case(controller, intake=intake)


def _receives(database: Database, account: Account, case_id: int) -> bool:
    """By the SQL condition and by the per-case rule, which must agree."""
    with database.read_session() as session:
        by_sql = session.scalar(select(Complaint.id).where(
            Complaint.id == case_id, case_condition(account))) is not None
        complaint = session.get(Complaint, case_id)
        assert complaint is not None
        assert receives(session, account, complaint) == by_sql
    return by_sql


def test_a_clerk_named_in_a_complaint_does_not_receive_it(
        database: Database, controller: WorkflowController) -> None:
    deputy = _deputy(database)
    case_id = _against(controller, NAMED)
    assert not _receives(database, deputy, case_id)
    assert _receives(database, account_of(database, Role.CLERK), case_id)  # the other clerks


def test_a_clerk_who_may_be_the_party_is_kept_out_until_another_clerk_decides(
        database: Database, controller: WorkflowController) -> None:
    deputy = _deputy(database)
    case_id = _against(controller, "Dr. Marisol Trevino")  # a possible match, not the same spelling
    assert not _receives(database, deputy, case_id)
    assert party_links.pending_matches(database, account=deputy) == []  # not even the match
    clerk = account_of(database, Role.CLERK)
    [match] = party_links.pending_matches(database, account=clerk)
    assert match.person.account_id == deputy.account_id
    party_links.decide_not_same_person(database, match.link_id, account=clerk, clock=CLOCK)
    assert _receives(database, deputy, case_id)


def test_no_clerk_decides_whether_they_are_the_party(
        database: Database, controller: WorkflowController) -> None:
    deputy = _deputy(database)
    _against(controller, "Dr. Marisol Trevino")
    [match] = party_links.pending_matches(database, account=account_of(database, Role.CLERK))
    with pytest.raises(UserError, match="cannot decide whether you are a party"):
        party_links.decide_not_same_person(database, match.link_id, account=deputy,
                                           clock=CLOCK)
    with pytest.raises(UserError, match="cannot decide whether you are a party"):
        party_links.unlink_party(database, match.link_id, account=deputy, clock=CLOCK)


def test_the_case_warns_the_other_clerks_whom_to_tell(
        database: Database, controller: WorkflowController) -> None:
    _deputy(database)
    case_id = _against(controller, NAMED)
    clerk = account_of(database, Role.CLERK)
    case = load_case(database, case_id, account=clerk)
    assert (case.staff_parties, case.tell_of_staff_party) == (
        (NAMED,), "the City Attorney's Office")
    database.write(lambda session: settings.set_value(
        session, settings.CLERK_PARTY_TELL, "the City Manager's Office", actor="Ada Lovelace",
        at=NOW))
    assert load_case(database, case_id, account=clerk).tell_of_staff_party == \
        "the City Manager's Office"
    other = _against(controller, "Someone Else")
    assert load_case(database, other, account=clerk).staff_parties == ()


def test_a_clerk_cannot_take_at_the_counter_a_complaint_that_names_them(
        database: Database) -> None:
    deputy = _deputy(database)
    intake = complete_intake()
    against = replace(intake, respondents=[replace(intake.respondents[0],
                                                   name="TREVINO, Marisol")])
    with pytest.raises(RuleError) as refused:
        WorkflowController(database, deputy, clock=CLOCK).save_draft(against)
    assert "names TREVINO, Marisol as its respondent, who is, or may be, you" in str(
        refused.value)
    assert "Ask another member of the Clerk's staff" in str(refused.value)
    with database.read_session() as session:
        assert session.scalar(select(Complaint.id)) is None  # nothing half-saved
    clerk = account_of(database, Role.CLERK)
    assert WorkflowController(database, clerk, clock=CLOCK).save_draft(against).complaint_id
