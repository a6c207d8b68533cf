"""The mail ledger: a recorded delivery moves the clock it starts; a returned item flags the case."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import RuleError, UserError
from ethics_desk.documents.issuing import IssuedRef, issue, void_and_reissue
from ethics_desk.intake.record import RespondentData
from ethics_desk.mail.ledger import (
    RESPONSE_COPY,
    mail_flags,
    mailings_for_case,
    record_mailing,
    record_outcome,
    returned_items,
)
from ethics_desk.models import DeadlineStatus, Mailing, MailMethod, MailOutcome, Respondent
from ethics_desk.storage.audit import verify_chain
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Accept, FileResponse, ForwardToBoard, Withdraw
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.factories import (
    CODE_HANDED_OVER,
    DESK_CLERK,
    complete_intake,
    filed_case,
    reviewed_case,
)
from tests.workflow.helpers import audit_actions, deadlines

CLERK = DESK_CLERK.display
MONDAY = NOW.date()  # 2026-11-30
ARTICLE = "9407 1118 9876 5432 1000 00"


def clock() -> datetime:
    """The tests' fixed "now"."""
    return NOW


def respondent_id(database: Database, case_id: int) -> int:
    """The case's first respondent."""
    with database.read_session() as session:
        found = session.scalar(select(Respondent.id).where(Respondent.complaint_id == case_id)
                               .order_by(Respondent.position))
        assert found is not None
        return found


def forwarded_case(controller: WorkflowController) -> int:
    """A case forwarded to the Board today: the response clock runs from presumed receipt."""
    case_id = reviewed_case(controller)
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    return case_id


def notice_mailed(controller: WorkflowController, case_id: int,
                  method: MailMethod = MailMethod.CERTIFIED_RRR) -> tuple[IssuedRef, int]:
    """The (e) packet issued to the respondent and mailed today."""
    database = controller.database
    rid = respondent_id(database, case_id)
    ref = issue(database, case_id, "respondent-notice", account=DESK_CLERK, clock=clock,
                code_provided=CODE_HANDED_OVER)
    assert ref.recipient == "Nguyễn Thị Minh Khai"
    mailing_id = record_mailing(
        database, ref.document_id, recipient_name="Nguyễn Thị Minh Khai",
        recipient_role="respondent", recipient_ref=f"respondent:{rid}",
        address="P.O. Box 839966\nSan Antonio, TX 78283", method=method,
        tracking_number=ARTICLE if method is MailMethod.CERTIFIED_RRR else "",
        mailed_on=MONDAY, account=DESK_CLERK, clock=clock)
    return ref, mailing_id


def test_recording_a_delivery_moves_the_response_deadline(
        controller: WorkflowController) -> None:
    database = controller.database
    case_id = forwarded_case(controller)
    [presumed] = deadlines(database, case_id, "response")
    assert presumed.trigger_on == date(2026, 12, 3) and presumed.due_on == date(2026, 12, 17)
    assert "presumed received" in presumed.explanation
    _ref, mailing_id = notice_mailed(controller, case_id)

    result = record_outcome(database, mailing_id, MailOutcome.DELIVERED, MONDAY, account=DESK_CLERK,
                            clock=clock)

    # The delivery is the actual receipt the clock now runs from (§ 2-83(e)(1)); counted
    # from it the response would be due 14 December, but the notice told the respondent
    # 17 December, and a date told to a party is never shortened.
    [response] = deadlines(database, case_id, "response", DeadlineStatus.OPEN)
    assert response.trigger_basis == "actual" and response.trigger_on == MONDAY
    assert response.due_on == date(2026, 12, 17)
    assert "delivered (return receipt)" in response.explanation
    assert "2026-12-14" in response.explanation or "December 14" in response.explanation
    assert "response due 2026-12-17" in result.summary
    [event] = result.events
    assert event.complaint_id == case_id
    assert audit_actions(database, case_id)[-2:] == ["mail.delivered",
                                                     "event.record_respondent_receipt"]
    with database.read_session() as session:
        assert verify_chain(session) == []
        mailing = session.get(Mailing, mailing_id)
        assert mailing is not None
        assert (mailing.outcome, mailing.outcome_on) == (MailOutcome.DELIVERED, MONDAY)


def test_a_first_class_delivery_is_explained_as_delivered(
        controller: WorkflowController) -> None:
    case_id = forwarded_case(controller)
    _ref, mailing_id = notice_mailed(controller, case_id, MailMethod.FIRST_CLASS)
    record_outcome(controller.database, mailing_id, MailOutcome.DELIVERED, MONDAY, account=DESK_CLERK,
                   clock=clock)
    [response] = deadlines(controller.database, case_id, "response", DeadlineStatus.OPEN)
    assert "delivered" in response.explanation
    assert "return receipt" not in response.explanation


def test_the_complainants_delivery_moves_the_reply_deadline(
        controller: WorkflowController) -> None:
    database = controller.database
    case_id = forwarded_case(controller)
    rid = respondent_id(database, case_id)
    controller.fire(case_id, FileResponse(respondent_id=rid, received_on=MONDAY, sworn=True,
                                          forwarded_on=MONDAY, copy_mailed_on=MONDAY))
    [presumed] = deadlines(database, case_id, "reply")
    assert presumed.due_on == date(2026, 12, 10)
    copy = issue(database, case_id, RESPONSE_COPY, account=DESK_CLERK, clock=clock)
    assert copy.recipient == "José Peña"
    mailing_id = record_mailing(database, copy.document_id, recipient_name="José Peña",
                                recipient_role="complainant", recipient_ref="complainant",
                                address="411 W. Nueva St.", method=MailMethod.CERTIFIED_RRR,
                                tracking_number=ARTICLE, mailed_on=MONDAY, account=DESK_CLERK,
                                clock=clock)

    record_outcome(database, mailing_id, MailOutcome.DELIVERED, MONDAY, account=DESK_CLERK, clock=clock)

    # Counted from the delivery the reply would be due 7 December; the copy told the
    # complainant 10 December, which holds (a date told is never shortened).
    [reply] = deadlines(database, case_id, "reply", DeadlineStatus.OPEN)
    assert reply.subject == f"respondent:{rid}"
    assert reply.trigger_basis == "actual" and reply.due_on == date(2026, 12, 10)
    assert "delivered (return receipt)" in reply.explanation
    assert audit_actions(database, case_id)[-1] == "event.record_complainant_receipt"


def test_a_returned_item_flags_the_case_until_it_is_sent_again(
        controller: WorkflowController) -> None:
    database = controller.database
    case_id = forwarded_case(controller)
    other = filed_case(controller)
    ref, mailing_id = notice_mailed(controller, case_id)

    result = record_outcome(database, mailing_id, MailOutcome.RETURNED, MONDAY, account=DESK_CLERK,
                            clock=clock)

    assert "flagged" in result.summary and result.events == ()
    [item] = returned_items(database, case_id, account=DESK_CLERK)
    assert item.mailing_id == mailing_id and item.outcome is MailOutcome.RETURNED
    assert not item.resent
    assert mail_flags(database, [case_id, other], account=DESK_CLERK) == {case_id: 1, other: 0}
    [response] = deadlines(database, case_id, "response", DeadlineStatus.OPEN)
    assert response.trigger_basis == "presumed"  # a returned item is no receipt
    assert audit_actions(database, case_id)[-1] == "mail.returned"

    new = void_and_reissue(database, ref.document_id, account=DESK_CLERK,
                           reason="Returned: moved", clock=clock,
                           code_provided=CODE_HANDED_OVER)
    assert new.recipient == ref.recipient and new.replaces_id == ref.document_id
    record_mailing(database, new.document_id, recipient_name="Nguyễn Thị Minh Khai",
                   recipient_ref=item.recipient_ref, address="New address",
                   method=MailMethod.FIRST_CLASS, mailed_on=MONDAY, account=DESK_CLERK, clock=clock)
    assert [m.resent for m in returned_items(database, case_id, account=DESK_CLERK)] == [True]
    assert mail_flags(database, [case_id], account=DESK_CLERK) == {case_id: 0}
    assert len(mailings_for_case(database, case_id, account=DESK_CLERK)) == 2


def test_a_refused_event_saves_nothing(controller: WorkflowController) -> None:
    database = controller.database
    case_id = forwarded_case(controller)
    stranger = respondent_id(database, forwarded_case(controller))
    # The notice goes to the case's respondent; the mailing's reference names the respondent of
    # another case, who is no party to this one.
    ref = issue(database, case_id, "respondent-notice", account=DESK_CLERK, clock=clock,
                code_provided=CODE_HANDED_OVER)
    mailing_id = record_mailing(database, ref.document_id, recipient_name=ref.recipient,
                                recipient_ref=f"respondent:{stranger}", address="Elsewhere",
                                method=MailMethod.FIRST_CLASS, mailed_on=MONDAY, account=DESK_CLERK,
                                clock=clock)
    before = audit_actions(database, case_id)
    with pytest.raises(RuleError, match="not a party"):
        record_outcome(database, mailing_id, MailOutcome.DELIVERED, MONDAY, account=DESK_CLERK,
                       clock=clock)
    assert audit_actions(database, case_id) == before
    assert mailings_for_case(database, case_id, account=DESK_CLERK)[0].outcome is None


def test_a_delivery_with_no_clock_waiting_is_recorded_and_says_so(
        controller: WorkflowController) -> None:
    database = controller.database
    case_id = forwarded_case(controller)
    _ref, mailing_id = notice_mailed(controller, case_id)
    # Withdrawn after the notice went out: no response clock waits for its receipt any more.
    controller.fire(case_id, Withdraw(received_on=MONDAY))
    result = record_outcome(database, mailing_id, MailOutcome.DELIVERED, MONDAY, account=DESK_CLERK,
                            clock=clock)
    assert result.events == () and "no clock moved" in result.summary
    assert mailings_for_case(database, case_id, account=DESK_CLERK)[0].outcome is MailOutcome.DELIVERED
    assert deadlines(database, case_id, "response", DeadlineStatus.OPEN) == []
    assert [d.trigger_basis for d in deadlines(database, case_id, "response")] == ["presumed"]


def test_outcome_dates_and_repeats_are_checked(controller: WorkflowController) -> None:
    database = controller.database
    case_id = forwarded_case(controller)
    _ref, mailing_id = notice_mailed(controller, case_id)
    with pytest.raises(UserError, match="in the future"):
        record_outcome(database, mailing_id, MailOutcome.DELIVERED, date(2026, 12, 1),
                       account=DESK_CLERK, clock=clock)
    with pytest.raises(UserError, match="before the item was sent"):
        record_outcome(database, mailing_id, MailOutcome.DELIVERED, date(2026, 11, 27),
                       account=DESK_CLERK, clock=clock)
    record_outcome(database, mailing_id, MailOutcome.REFUSED, MONDAY, account=DESK_CLERK, clock=clock)
    with pytest.raises(UserError, match="already recorded as refused"):
        record_outcome(database, mailing_id, MailOutcome.DELIVERED, MONDAY, account=DESK_CLERK,
                       clock=clock)
    assert mail_flags(database, [case_id], account=DESK_CLERK) == {case_id: 1}


def test_a_mailing_needs_its_article_number_and_a_current_document(
        controller: WorkflowController) -> None:
    database = controller.database
    case_id = filed_case(controller)
    ref = issue(database, case_id, "receipt", account=DESK_CLERK, clock=clock)
    with pytest.raises(UserError, match="article number"):
        record_mailing(database, ref.document_id, recipient_name="José Peña", address="411",
                       method=MailMethod.CERTIFIED_RRR, mailed_on=MONDAY, account=DESK_CLERK,
                       clock=clock)
    void_and_reissue(database, ref.document_id, account=DESK_CLERK, reason="Typo", clock=CLOCK)
    with pytest.raises(UserError, match="was voided"):
        record_mailing(database, ref.document_id, recipient_name="José Peña", address="411",
                       method=MailMethod.FIRST_CLASS, mailed_on=MONDAY, account=DESK_CLERK,
                       clock=clock)
    assert mailings_for_case(database, case_id, account=DESK_CLERK) == []


def test_a_copy_names_whose_response_it_carries_when_there_are_several(
        controller: WorkflowController) -> None:
    database = controller.database
    intake = complete_intake()
    intake = complete_intake(respondents=[*intake.respondents, RespondentData(
        name="Ramón Ortiz", title="Inspector", address="San Antonio")])
    case_id = reviewed_case(controller, intake=intake)
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    with database.read_session() as session:
        first, second = session.scalars(select(Respondent.id).where(
            Respondent.complaint_id == case_id).order_by(Respondent.position)).all()
    for rid in (first, second):
        controller.fire(case_id, FileResponse(respondent_id=rid, received_on=MONDAY, sworn=True,
                                              copy_mailed_on=MONDAY))

    def deliver(ref: str, recipient_index: int) -> str:
        copy = issue(database, case_id, RESPONSE_COPY, recipient_index=recipient_index,
                     account=DESK_CLERK, clock=clock)
        mailing_id = record_mailing(database, copy.document_id, recipient_name="José Peña",
                                    recipient_ref=ref, address="411 W. Nueva St.",
                                    method=MailMethod.FIRST_CLASS, mailed_on=MONDAY,
                                    account=DESK_CLERK, clock=clock)
        return record_outcome(database, mailing_id, MailOutcome.DELIVERED, MONDAY, account=DESK_CLERK,
                              clock=clock).summary

    # One copy per response, to the complainant: the copy says whose (the reply date it
    # states is one respondent's), so its receipt moves that clock only, though the mailing
    # names only the complainant; a mailing may also name whose response it carries.
    assert "reply due" in deliver("complainant", 0)
    replies = {d.subject: d for d in deadlines(database, case_id, "reply", DeadlineStatus.OPEN)}
    assert replies[f"respondent:{first}"].trigger_basis == "actual"
    assert replies[f"respondent:{second}"].trigger_basis == "presumed"
    assert "reply due 2026-12-10" in deliver(f"complainant:respondent:{second}", 1)
    replies = {d.subject: d for d in deadlines(database, case_id, "reply", DeadlineStatus.OPEN)}
    assert replies[f"respondent:{second}"].trigger_basis == "actual"
