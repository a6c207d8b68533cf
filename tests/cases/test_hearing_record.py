"""§ 2-83(h)(2): a paper entered into the record of a formal hearing or a Board proceeding may be
disclosed. The Clerk marks it so (audited), takes a mark off only saying why (audited), the case
view shows the mark, and the mail ledger lets a marked paper go to anyone, citing (h)(2), while
an unmarked one is still refused under (h)(1)."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest
from sqlalchemy import select

from ethics_desk.cases import hearing_record
from ethics_desk.cases.case_file import load_case
from ethics_desk.core.account import Account
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.errors import RuleError, UserError
from ethics_desk.core.roles import Role
from ethics_desk.documents.issuing import IssuedRef, issue, void_and_reissue
from ethics_desk.documents.making import recipients
from ethics_desk.mail.ledger import mailings_for_case, record_mailing
from ethics_desk.models import AuditRecord, MailMethod
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import HEARING_AT, show_cause
from tests.conftest import CLOCK
from tests.factories import DESK_CLERK, filed_case, reviewed_case
from tests.workflow.helpers import audit_actions

CLERK = Account(31, "mortiz", "María Ortiz", Role.CLERK)
TODAY = CLOCK().date()
AFTER_THE_HEARING = fixed_clock(HEARING_AT + timedelta(hours=2))
HEARING_DAY = HEARING_AT.date()


def receipt(database: Database, case_id: int) -> IssuedRef:
    """The complainant's filing receipt, issued (to José Peña, the case's only complainant)."""
    ref = issue(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    assert ref.recipient == "José Peña"
    return ref


def recipient_index(database: Database, case_id: int, kind: str, name: str) -> int:
    """The index of ``name`` among those ``kind`` goes to for the case."""
    names = [r.party.name for r in recipients(database, case_id, kind, account=DESK_CLERK)]
    return names.index(name)


def key_of(database: Database, case_id: int, starts: str) -> str:
    return next(p.key for p in hearing_record.papers(database, case_id, account=CLERK)
                if p.label.startswith(starts))


def audits(database: Database, case_id: int, action: str) -> list[AuditRecord]:
    with database.read_session() as session:
        return list(session.scalars(select(AuditRecord).where(
            AuditRecord.complaint_id == case_id, AuditRecord.action == action)))


def test_the_papers_of_a_case_are_its_exhibits_filed_papers_and_issued_documents(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller)
    receipt(database, case)
    labels = [p.label for p in hearing_record.papers(database, case, account=CLERK)]
    assert labels[0] == "Exhibit: Photographs of the truck (truck.pdf)"
    assert labels[1] == (
        "Filing receipt for the complainant, issued to José Peña on 2026-11-30")


def test_an_exhibit_entered_at_a_board_meeting_is_marked_with_its_audit_record(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller)
    exhibit = key_of(database, case, "Exhibit")
    line = hearing_record.enter_into_record(database, case, exhibit, meeting_on=TODAY,
                                            entered_on=TODAY, account=CLERK, clock=CLOCK)
    assert line.in_words == ("Entered into the record of the Ethics Review Board meeting of "
                             "30 Nov 2026 (§ 2-83(h)(2))")
    assert [e.paper for e in hearing_record.entries(database, case, account=CLERK)] == [
        "Exhibit: Photographs of the truck (truck.pdf)"]
    [record] = audits(database, case, "record.enter")
    assert record.actor == CLERK.display and "§ 2-83(h)(2)" in record.summary
    shown = load_case(database, case, account=CLERK).documents
    assert shown[0].in_record == line.in_words
    assert shown[1].in_record == ""  # the GPS logs, not attached, were not entered


def test_a_paper_entered_at_the_show_cause_hearing_names_the_hearing(
        controller: WorkflowController, database: Database) -> None:
    case = show_cause(controller)
    [hearing] = hearing_record.proceedings(database, case, account=CLERK)
    assert hearing.label == "the show-cause hearing of 10 Dec 2026"
    exhibit = key_of(database, case, "Exhibit")
    with pytest.raises(UserError, match="future"):  # not before the hearing is held
        hearing_record.enter_into_record(database, case, exhibit, hearing_id=hearing.hearing_id,
                                         entered_on=HEARING_DAY, account=CLERK, clock=CLOCK)
    hearing_record.enter_into_record(database, case, exhibit, hearing_id=hearing.hearing_id,
                                     entered_on=HEARING_DAY, account=CLERK,
                                     clock=AFTER_THE_HEARING)
    assert load_case(database, case, account=CLERK).documents[0].in_record == (
        "Entered into the record of the show-cause hearing of 10 Dec 2026 (§ 2-83(h)(2))")
    with pytest.raises(UserError, match="already marked"):
        hearing_record.enter_into_record(database, case, exhibit,
                                         hearing_id=hearing.hearing_id, entered_on=HEARING_DAY,
                                         account=CLERK, clock=AFTER_THE_HEARING)


def test_a_mark_needs_one_proceeding_a_paper_of_the_case_and_a_date_not_to_come(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller)
    other = filed_case(controller)
    exhibit = key_of(database, case, "Exhibit")
    with pytest.raises(UserError, match="Choose the proceeding"):
        hearing_record.enter_into_record(database, case, exhibit, entered_on=TODAY,
                                         account=CLERK, clock=CLOCK)
    with pytest.raises(UserError, match="not one of this case"):
        hearing_record.enter_into_record(database, other, exhibit, meeting_on=TODAY,
                                         entered_on=TODAY, account=CLERK, clock=CLOCK)
    with pytest.raises(UserError, match="in the future"):
        hearing_record.enter_into_record(database, case, exhibit, meeting_on=TODAY,
                                         entered_on=TODAY + timedelta(days=1), account=CLERK,
                                         clock=CLOCK)
    with pytest.raises(UserError, match="before the meeting"):
        hearing_record.enter_into_record(database, case, exhibit, meeting_on=TODAY,
                                         entered_on=date(2026, 11, 2), account=CLERK, clock=CLOCK)
    assert hearing_record.entries(database, case, account=CLERK) == []
    assert "record.enter" not in audit_actions(database, case)


def test_taking_a_mark_off_needs_a_reason_and_is_audited(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller)
    exhibit = key_of(database, case, "Exhibit")
    line = hearing_record.enter_into_record(database, case, exhibit, meeting_on=TODAY,
                                            entered_on=TODAY, account=CLERK, clock=CLOCK)
    with pytest.raises(UserError, match="Say why"):
        hearing_record.take_off_record(database, case, line.entry_id, "  ", account=CLERK,
                                       clock=CLOCK)
    assert len(hearing_record.entries(database, case, account=CLERK)) == 1
    luis = Account(32, "lvega", "Luis Vega", Role.CLERK)
    hearing_record.take_off_record(database, case, line.entry_id, "Marked on the wrong case",
                                   account=luis, clock=CLOCK)
    assert hearing_record.entries(database, case, account=CLERK) == []
    assert load_case(database, case, account=CLERK).documents[0].in_record == ""
    [record] = audits(database, case, "record.withdraw")
    assert record.actor == luis.display and "Marked on the wrong case" in record.summary
    assert json.loads(record.detail or "{}")["reason"] == "Marked on the wrong case"


def test_a_paper_entered_into_the_record_may_go_to_anyone_citing_h2(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller)
    ref = receipt(database, case)
    hearing_record.enter_into_record(database, case, f"issued:{ref.document_id}",
                                     meeting_on=TODAY, entered_on=TODAY, account=CLERK,
                                     clock=CLOCK)
    record_mailing(database, ref.document_id, recipient_name="A Reporter",
                   method=MailMethod.HAND_DELIVERY, mailed_on=TODAY, account=DESK_CLERK, clock=CLOCK)
    assert [m.recipient_name for m in mailings_for_case(database, case, account=DESK_CLERK)] == ["A Reporter"]
    [sent] = audits(database, case, "mail.record")
    detail = json.loads(sent.detail or "{}")
    assert detail["disclosure"] == "§ 2-83(h)(2)"
    assert "Ethics Review Board meeting of 30 Nov 2026" in detail["in_record"]
    assert "§ 2-83(h)(2)" in sent.summary


def test_a_paper_not_entered_is_still_refused_to_a_stranger_under_h1(
        controller: WorkflowController, database: Database) -> None:
    case = reviewed_case(controller)  # under review: the filing notice goes to the respondent
    marked = receipt(database, case)
    unmarked = issue(database, case, "filing-notice",
                     recipient_index=recipient_index(database, case, "filing-notice",
                                                     "Nguyễn Thị Minh Khai"),
                     account=DESK_CLERK, clock=CLOCK)
    assert unmarked.recipient == "Nguyễn Thị Minh Khai"
    hearing_record.enter_into_record(database, case, f"issued:{marked.document_id}",
                                     meeting_on=TODAY, entered_on=TODAY, account=CLERK,
                                     clock=CLOCK)
    with pytest.raises(RuleError) as refused:
        record_mailing(database, unmarked.document_id, recipient_name="A Reporter",
                       method=MailMethod.HAND_DELIVERY, mailed_on=TODAY, account=DESK_CLERK,
                       clock=CLOCK)
    assert refused.value.citation == "§ 2-83(h)(1)"
    assert mailings_for_case(database, case, account=DESK_CLERK) == []


def test_a_party_mailed_a_marked_paper_needs_no_h2(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller)
    ref = receipt(database, case)
    hearing_record.enter_into_record(database, case, f"issued:{ref.document_id}",
                                     meeting_on=TODAY, entered_on=TODAY, account=CLERK,
                                     clock=CLOCK)
    record_mailing(database, ref.document_id, recipient_name="José Peña",
                   method=MailMethod.HAND_DELIVERY, mailed_on=TODAY, account=DESK_CLERK, clock=CLOCK)
    [sent] = audits(database, case, "mail.record")
    assert "disclosure" not in json.loads(sent.detail or "{}")


def test_a_mark_taken_off_makes_the_paper_confidential_again(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller)
    ref = receipt(database, case)
    line = hearing_record.enter_into_record(database, case, f"issued:{ref.document_id}",
                                            meeting_on=TODAY, entered_on=TODAY, account=CLERK,
                                            clock=CLOCK)
    hearing_record.take_off_record(database, case, line.entry_id, "Entered by mistake",
                                   account=CLERK, clock=CLOCK)
    with pytest.raises(RuleError, match="not a party"):
        record_mailing(database, ref.document_id, recipient_name="A Reporter",
                       method=MailMethod.HAND_DELIVERY, mailed_on=TODAY, account=DESK_CLERK,
                       clock=CLOCK)


def test_a_voided_document_cannot_be_marked_and_an_earlier_mark_still_names_it(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller)
    ref = receipt(database, case)
    hearing_record.enter_into_record(database, case, f"issued:{ref.document_id}",
                                     meeting_on=TODAY, entered_on=TODAY, account=CLERK,
                                     clock=CLOCK)
    replacement = void_and_reissue(database, ref.document_id, account=DESK_CLERK,
                                   reason="Wrong address", clock=CLOCK)
    assert replacement.recipient == ref.recipient  # the correction goes to the same person
    [line] = hearing_record.entries(database, case, account=CLERK)
    assert line.paper.startswith("Filing receipt") and line.paper.endswith("(void)")
    assert f"issued:{ref.document_id}" not in {
        p.key for p in hearing_record.papers(database, case, account=CLERK)}
    assert f"issued:{replacement.document_id}" in {
        p.key for p in hearing_record.papers(database, case, account=CLERK)}
    with pytest.raises(UserError, match="voided"):
        hearing_record.enter_into_record(database, case, f"issued:{ref.document_id}",
                                         meeting_on=TODAY, entered_on=TODAY, account=CLERK,
                                         clock=CLOCK)
