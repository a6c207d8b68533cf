"""Issuing, printing and mailing are the Clerk's staff's, decided by the services themselves;
the Mail queue and the Drafts list show only the cases the signed-in person receives."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.roles import Role
from ethics_desk.documents.issuing import issue, issued_for_case, print_queue, reprint
from ethics_desk.documents.making import recipients
from ethics_desk.documents.stated_dates import stale_in
from ethics_desk.intake.drafts import list_drafts
from ethics_desk.intake.record import Intake
from ethics_desk.mail.batch import addressees
from ethics_desk.mail.ledger import (
    mail_flags,
    mailings_for_case,
    record_mailing,
    record_outcome,
    returned_mail,
)
from ethics_desk.models import AuditRecord, IssuedDocument, Mailing, MailMethod, MailOutcome
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import filed_case
from tests.signing_in import account_of

NO_CASES = [Role.MEMBER, Role.RECORDS, Role.ADMIN]
"""Roles that receive no complaint waiting at the Clerk's desk."""


def _rows(database: Database) -> tuple[int, int, int]:
    with database.read_session() as session:
        return (session.scalar(select(func.count()).select_from(IssuedDocument)) or 0,
                session.scalar(select(func.count()).select_from(Mailing)) or 0,
                session.scalar(select(func.count()).select_from(AuditRecord)) or 0)


def test_a_board_member_may_not_issue_a_paper_and_nothing_is_written(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    member = account_of(database, Role.MEMBER)
    before = _rows(database)
    with pytest.raises(NotAllowed, match="Issuing a paper is for: City Clerk staff"):
        issue(database, case_id, "receipt", account=member, clock=CLOCK)
    assert _rows(database) == before


def test_a_board_member_may_not_record_a_mailing_and_nothing_is_written(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    clerk = account_of(database, Role.CLERK)
    ref = issue(database, case_id, "receipt", account=clerk, clock=CLOCK)
    member = account_of(database, Role.MEMBER)
    before = _rows(database)
    with pytest.raises(NotAllowed, match="Recording a mailing is for: City Clerk staff"):
        record_mailing(database, ref.document_id, recipient_name="José Peña",
                       address="411 W Nueva St", method=MailMethod.FIRST_CLASS,
                       mailed_on=CLOCK().date(), account=member, clock=CLOCK)
    assert _rows(database) == before


def test_the_issued_paper_and_the_mailing_name_the_signed_in_account(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    clerk = account_of(database, Role.CLERK)
    ref = issue(database, case_id, "receipt", account=clerk, clock=CLOCK)
    record_mailing(database, ref.document_id, recipient_name="José Peña",
                   address="411 W Nueva St", method=MailMethod.FIRST_CLASS,
                   mailed_on=CLOCK().date(), account=clerk, clock=CLOCK)
    assert ref.issued_by == clerk.display
    with database.read_session() as session:
        actors = {r.action: r.actor for r in session.scalars(select(AuditRecord))}
    assert actors["document.issue"] == actors["mail.record"] == clerk.display


@pytest.mark.parametrize("role", NO_CASES)
def test_the_mail_queue_shows_no_case_to_a_role_that_receives_none(
        controller: WorkflowController, database: Database, role: Role) -> None:
    case_id = filed_case(controller)
    clerk = account_of(database, Role.CLERK)
    issue(database, case_id, "receipt", account=clerk, clock=CLOCK)
    assert [item.complaint_id for item in print_queue(database, account=clerk)] == [case_id]
    assert print_queue(database, account=account_of(database, role)) == []


@pytest.mark.parametrize("role", NO_CASES)
def test_the_drafts_list_shows_no_draft_to_a_role_that_receives_none(
        controller: WorkflowController, database: Database, role: Role) -> None:
    draft = controller.save_draft(Intake()).complaint_id
    clerk = account_of(database, Role.CLERK)
    assert [d.complaint_id for d in list_drafts(database, account=clerk)] == [draft]
    assert list_drafts(database, account=account_of(database, role)) == []


@pytest.mark.parametrize("role", NO_CASES)
def test_a_cases_papers_and_ledger_read_by_one_who_does_not_receive_it_are_a_case_never_filed(
        controller: WorkflowController, database: Database, role: Role) -> None:
    case_id = filed_case(controller)
    clerk = account_of(database, Role.CLERK)
    ref = issue(database, case_id, "receipt", account=clerk, clock=CLOCK)
    other = account_of(database, role)
    missing = f"There is no complaint with id {case_id}"
    for read in (issued_for_case, mailings_for_case, stale_in):
        assert read(database, case_id, account=clerk) is not None
        with pytest.raises(UserError, match=missing):
            read(database, case_id, account=other)
    with pytest.raises(UserError, match=missing):
        recipients(database, case_id, "receipt", account=other)
    with pytest.raises(NotAllowed):
        reprint(database, ref.document_id, account=other, clock=CLOCK)


@pytest.mark.parametrize("role", NO_CASES)
def test_returned_mail_and_addresses_are_counted_only_on_the_cases_one_receives(
        controller: WorkflowController, database: Database, role: Role) -> None:
    case_id = filed_case(controller)
    clerk, other = account_of(database, Role.CLERK), account_of(database, role)
    ref = issue(database, case_id, "receipt", account=clerk, clock=CLOCK)
    [queued] = print_queue(database, account=clerk)
    assert addressees(database, [queued], account=clerk)[0].party is not None
    assert addressees(database, [queued], account=other)[0].party is None
    mailing = record_mailing(database, ref.document_id, recipient_name="José Peña",
                             address="411 W Nueva St", method=MailMethod.FIRST_CLASS,
                             mailed_on=CLOCK().date(), account=clerk, clock=CLOCK)
    record_outcome(database, mailing, MailOutcome.RETURNED, CLOCK().date(), account=clerk,
                   clock=CLOCK)
    assert mail_flags(database, [case_id], account=clerk) == {case_id: 1}
    assert mail_flags(database, [case_id], account=other) == {case_id: 0}
    assert [number for number, _ in returned_mail(database, account=clerk)] != []
    assert returned_mail(database, account=other) == []
