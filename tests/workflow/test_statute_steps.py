"""The steps of § 2-83 an audit found missing or wrong, each checked through the workflow
controller: the forwarding of every sworn response (§ 2-83(e), last paragraph), the
campaign-finance route held to (c) (§ 2-83(c), (d)(2)–(3)), the notice of resolution for a
return as defective and for a withdrawal (§ 2-83(d)(4)), the Compliance Auditor's signature on
the defect letter (§ 2-83(d)(3)), and the unsworn return never offered for a sworn complaint."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from sqlalchemy import select

from ethics_desk.cases.case_file import load_case
from ethics_desk.cases.steps import Step
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.errors import RuleError, UserError
from ethics_desk.documents.issuing import issue
from ethics_desk.documents.kinds import kinds_for
from ethics_desk.documents.making import recipients, render_letter
from ethics_desk.mail.ledger import record_mailing
from ethics_desk.models import (
    CaseState,
    DeadlineStatus,
    DefectItem,
    Determination,
    Disposition,
    MailMethod,
    ResponseForward,
    ResponseRecipient,
    ReviewerRole,
    Route,
)
from ethics_desk.office import settings
from ethics_desk.storage.database import Database
from ethics_desk.workflow import (
    Accept,
    Event,
    FileReply,
    FileResponse,
    ForwardCampaignFinance,
    ForwardForReview,
    ForwardResponse,
    ForwardToBoard,
    NotCured,
    RecordReview,
    Resolve,
    ReturnDefective,
    Withdraw,
)
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import TODAY, awaiting_response, show_cause
from tests.conftest import CLOCK, OFFICE_TZ
from tests.documents.render.helpers import flat, text_of
from tests.factories import (
    CLERK,
    DESK_CLERK,
    complete_intake,
    filed_case,
    provision_id,
    reviewed_case,
    sworn_oath,
)
from tests.workflow.helpers import case, deadlines


def option(controller: WorkflowController, case_id: int, event: Event):  # type: ignore[no-untyped-def]
    return next(o for o in controller.available_events(case_id) if o.event is event)


def _respondent(database: Database, case_id: int) -> int:
    return load_case(database, case_id, account=CLERK).respondents[0].id


def _responded(controller: WorkflowController, **kwargs: object) -> tuple[int, int]:
    case_id = awaiting_response(controller)
    respondent = _respondent(controller.database, case_id)
    controller.fire(case_id, FileResponse(respondent_id=respondent, received_on=TODAY,
                                          sworn=True, **kwargs))  # type: ignore[arg-type]
    return case_id, respondent


FORWARD_STEP = "§ 2-83(e), last paragraph"


def _steps(database: Database, case_id: int, citation: str) -> list[Step]:
    """The steps the case still owes under one clause."""
    return [s for s in load_case(database, case_id, account=CLERK).steps
            if s.citation == citation]


def _forwards(database: Database, case_id: int) -> list[tuple[ResponseRecipient, MailMethod]]:
    with database.read_session() as session:
        return [(f.recipient, f.method) for f in session.scalars(
            select(ResponseForward).where(ResponseForward.complaint_id == case_id)
            .order_by(ResponseForward.id))]


def _text(database: Database, case_id: int, kind: str, index: int = 0) -> str:
    return flat(text_of(render_letter(database, case_id, kind, recipient_index=index,
                                      account=DESK_CLERK, clock=CLOCK)))


# -- § 2-83(e), last paragraph: the response forwarded to all three ---------------------------

def test_a_response_is_an_outstanding_step_until_the_auditor_city_attorney_and_board_have_it(
        controller: WorkflowController) -> None:
    case_id, respondent = _responded(controller)
    [clock] = deadlines(controller.database, case_id, "response_forward")
    assert clock.status is DeadlineStatus.OPEN and clock.due_on == date(2026, 12, 1)
    assert "last paragraph" in clock.citation
    [step] = _steps(controller.database, case_id, FORWARD_STEP)
    assert "Compliance Auditor, City Attorney's Office and Ethics Review Board" in step.what
    controller.fire(case_id, ForwardResponse(
        respondent_id=respondent, forwarded_on=TODAY, method=MailMethod.EMAIL,
        recipients=(ResponseRecipient.COMPLIANCE_AUDITOR, ResponseRecipient.CITY_ATTORNEY)))
    [step] = _steps(controller.database, case_id, FORWARD_STEP)
    assert step.what.endswith("to the Ethics Review Board")
    assert deadlines(controller.database, case_id, "response_forward")[0].status is \
        DeadlineStatus.OPEN
    result = controller.fire(case_id, ForwardResponse(
        respondent_id=respondent, forwarded_on=TODAY, recipients=(ResponseRecipient.BOARD,)))
    assert "forwarded to all three" in result.summary
    assert _steps(controller.database, case_id, FORWARD_STEP) == []
    assert deadlines(controller.database, case_id, "response_forward")[0].status is \
        DeadlineStatus.MET
    assert _forwards(controller.database, case_id) == [
        (ResponseRecipient.COMPLIANCE_AUDITOR, MailMethod.EMAIL),
        (ResponseRecipient.CITY_ATTORNEY, MailMethod.EMAIL),
        (ResponseRecipient.BOARD, MailMethod.HAND_DELIVERY)]


def test_no_response_is_forwarded_before_a_sworn_response_is_filed_and_the_reason_says_so(
        controller: WorkflowController) -> None:
    case_id = awaiting_response(controller)
    blocked = option(controller, case_id, Event.FORWARD_RESPONSE)
    assert not blocked.allowed
    assert blocked.why_not == ("No sworn response has been filed to forward "
                               "(§ 2-83(e), last paragraph)")


def test_a_response_forwarded_on_filing_is_one_record_per_recipient(
        controller: WorkflowController) -> None:
    case_id, _ = _responded(controller, forwarded_on=TODAY)
    assert [r for r, _m in _forwards(controller.database, case_id)] == list(ResponseRecipient)
    assert deadlines(controller.database, case_id, "response_forward")[0].status is \
        DeadlineStatus.MET
    assert _steps(controller.database, case_id, FORWARD_STEP) == []


def test_a_response_is_not_forwarded_twice_to_the_same_recipient_nor_before_it_was_received(
        controller: WorkflowController) -> None:
    case_id, respondent = _responded(controller, forwarded_on=TODAY)
    with pytest.raises(RuleError, match="already forwarded to Compliance Auditor"):
        controller.fire(case_id, ForwardResponse(
            respondent_id=respondent, recipients=(ResponseRecipient.COMPLIANCE_AUDITOR,)))
    other, respondent = _responded(controller)
    with pytest.raises(RuleError, match="before it was received"):
        controller.fire(other, ForwardResponse(respondent_id=respondent,
                                               forwarded_on=TODAY - timedelta(days=3)))


def test_the_upon_receipt_clock_is_the_offices_policy_length(
        controller: WorkflowController) -> None:
    with controller.database.unit_of_work() as session:
        settings.set_value(session, "policy.response_forward_days", 3, actor="Maria Clerk",
                           at=CLOCK())
    case_id, _ = _responded(controller)
    [clock] = deadlines(controller.database, case_id, "response_forward")
    assert clock.length == 3 and clock.due_on == date(2026, 12, 3)


def test_the_transmittal_goes_to_each_of_the_three_with_the_response_and_its_date(
        controller: WorkflowController) -> None:
    case_id, _ = _responded(controller, forwarded_on=TODAY)
    people = recipients(controller.database, case_id, "response-transmittal", account=DESK_CLERK)
    assert [p.name for p in people] == ["Compliance Auditor", "City Attorney's Office",
                                        "Ethics Review Board"]
    text = _text(controller.database, case_id, "response-transmittal", 2)
    assert "Ethics Review Board" in text and "§ 2-83(e)" in text
    assert "Nguyễn Thị Minh Khai — sworn response received November 30, 2026; forwarded " \
           "November 30, 2026" in text


# -- § 2-83(c), (d)(2)–(3): the campaign-finance route does not skip (c) ------------------------

def _campaign(controller: WorkflowController, determination: Determination,
              on_face: bool = True) -> int:
    intake = complete_intake(provision_ids=[provision_id(controller.database, "2-306")])
    case_id = filed_case(controller, intake)
    assert case(controller.database, case_id).route is Route.CAMPAIGN_FINANCE
    controller.fire(case_id, ForwardForReview())
    for role in ReviewerRole:
        auditor = role is ReviewerRole.COMPLIANCE_AUDITOR
        found = determination if auditor else Determination.COMPLIES
        defects = ((DefectItem.FACE_ALLEGATION, "States no violation of § 2-306."),) \
            if auditor and (found is Determination.DOES_NOT_COMPLY or not on_face) else ()
        controller.fire(case_id, RecordReview(role=role, determination=found,
                                              states_allegation_on_face=on_face or not auditor,
                                              defects=defects, reviewer_name="Lena Ortiz"
                                              if auditor else ""))
    return case_id


def test_a_campaign_finance_complaint_is_forwarded_without_waiting_for_the_reviews(
        controller: WorkflowController) -> None:
    """(d)(2) sets a time (five business days of the Compliance Auditor's receipt), not the
    (d)(1) reviews nor the Auditor's finding: the forward is offered as soon as it is received."""
    intake = complete_intake(provision_ids=[provision_id(controller.database, "2-307")])
    case_id = filed_case(controller, intake)
    controller.fire(case_id, ForwardForReview())
    forward = option(controller, case_id, Event.FORWARD_CAMPAIGN_FINANCE)
    assert forward.allowed, forward.why_not
    result = controller.fire(case_id, ForwardCampaignFinance())
    assert case(controller.database, case_id).state is CaseState.CAMPAIGN_FINANCE
    assert "(§ 2-83(d)(2))" in result.summary
    assert "the reviews of Chair of the Ethics Review Board" in result.summary
    not_cured = option(controller, case_id, Event.NOT_CURED)
    assert not not_cured.allowed and "Waiting for the review of" in not_cured.why_not


def _at(controller: WorkflowController, day: date) -> WorkflowController:
    """The same desk on ``day`` at 10:00 in San Antonio."""
    return WorkflowController.unrestricted(
        controller.database, controller.actor,
        clock=fixed_clock(datetime(day.year, day.month, day.day, 10, tzinfo=OFFICE_TZ)))


def test_a_campaign_finance_complaint_whose_last_reviewer_receives_it_late_is_forwarded_on_time(
        controller: WorkflowController) -> None:
    """§ 2-83(d)(2): the Vice Chair receives the complaint two business days after the
    Compliance Auditor; the forward is still due, and made, five business days after the
    Auditor's receipt, and the application does not mark its own deadline missed."""
    monday, wednesday, thursday = date(2026, 11, 16), date(2026, 11, 18), date(2026, 11, 19)
    due, vice_chair_done = date(2026, 11, 23), date(2026, 11, 25)
    desk = _at(controller, monday)
    intake = complete_intake(provision_ids=[provision_id(controller.database, "2-306")],
                             oath=sworn_oath(sworn_on=date(2026, 11, 13)))
    case_id = filed_case(desk, intake, received_at=datetime(2026, 11, 16, 9, tzinfo=OFFICE_TZ))
    _at(controller, wednesday).fire(case_id, ForwardForReview(forwarded_on=monday, received_on={
        ReviewerRole.VICE_CHAIR: wednesday}))
    [cf_clock] = deadlines(controller.database, case_id, "cf_forward")
    assert (cf_clock.trigger_on, cf_clock.due_on) == (monday, due)
    for role in (ReviewerRole.CHAIR, ReviewerRole.COMPLIANCE_AUDITOR, ReviewerRole.CITY_ATTORNEY):
        _at(controller, thursday).fire(case_id, RecordReview(
            role=role, determination=Determination.SUBSTANTIALLY_COMPLIES))

    on_the_due_date = _at(controller, due)
    forward = option(on_the_due_date, case_id, Event.FORWARD_CAMPAIGN_FINANCE)
    assert forward.allowed, forward.why_not
    result = on_the_due_date.fire(case_id, ForwardCampaignFinance())
    assert "forwarded to the respondent(s) on 2026-11-23 (met)" in result.summary
    assert case(controller.database, case_id).state is CaseState.CAMPAIGN_FINANCE
    [cf_clock] = deadlines(controller.database, case_id, "cf_forward")
    assert (cf_clock.status, cf_clock.closed_on) == (DeadlineStatus.MET, due)
    assert deadlines(controller.database, case_id, status=DeadlineStatus.MISSED) == []
    [vice_chair] = deadlines(controller.database, case_id, "review", DeadlineStatus.OPEN)
    assert vice_chair.subject == ReviewerRole.VICE_CHAIR.value

    # The Vice Chair's review goes on after the forward, on its own clock; (c) still decides
    # whether the uncured complaint goes on to the Board.
    blocked = option(on_the_due_date, case_id, Event.NOT_CURED)
    assert not blocked.allowed and "Vice Chair" in blocked.why_not
    later = _at(controller, vice_chair_done)
    later.fire(case_id, RecordReview(role=ReviewerRole.VICE_CHAIR,
                                     determination=Determination.SUBSTANTIALLY_COMPLIES))
    assert deadlines(controller.database, case_id, status=DeadlineStatus.MISSED) == []
    later.fire(case_id, NotCured())
    assert case(controller.database, case_id).state is CaseState.ACCEPTED


def test_a_campaign_finance_complaint_found_defective_after_its_forward_is_returned(
        controller: WorkflowController) -> None:
    """§ 2-83(c), (d)(3): the reviews that go on after the (d)(2) forward still hold the
    complaint to (c); one the Compliance Auditor finds defective is returned, not sent on."""
    intake = complete_intake(provision_ids=[provision_id(controller.database, "2-306")])
    case_id = filed_case(controller, intake)
    controller.fire(case_id, ForwardForReview())
    controller.fire(case_id, ForwardCampaignFinance())
    for role in ReviewerRole:
        auditor = role is ReviewerRole.COMPLIANCE_AUDITOR
        controller.fire(case_id, RecordReview(
            role=role, determination=Determination.DOES_NOT_COMPLY if auditor
            else Determination.COMPLIES,
            defects=((DefectItem.C6_FACTS_AND_DATES, "No dates are given."),) if auditor else ()))
    assert not option(controller, case_id, Event.NOT_CURED).allowed
    controller.fire(case_id, ReturnDefective())
    assert case(controller.database, case_id).state is CaseState.RETURNED_DEFECTIVE


def test_a_campaign_finance_complaint_with_no_allegation_on_its_face_is_returned_as_defective(
        controller: WorkflowController) -> None:
    case_id = _campaign(controller, Determination.SUBSTANTIALLY_COMPLIES, on_face=False)
    blocked = option(controller, case_id, Event.FORWARD_CAMPAIGN_FINANCE)
    assert not blocked.allowed and "no allegation" in blocked.why_not
    assert option(controller, case_id, Event.RETURN_DEFECTIVE).allowed
    controller.fire(case_id, ReturnDefective())
    assert case(controller.database, case_id).state is CaseState.RETURNED_DEFECTIVE


def test_a_defective_campaign_finance_complaint_letter_never_claims_compliance(
        controller: WorkflowController) -> None:
    case_id = _campaign(controller, Determination.DOES_NOT_COMPLY)
    assert not option(controller, case_id, Event.FORWARD_CAMPAIGN_FINANCE).allowed
    controller.fire(case_id, ReturnDefective())
    text = _text(controller.database, case_id, "defect-letter")
    assert "does not substantially comply" in text
    assert "substantially complies" not in text and "substantially complied" not in text


def test_a_campaign_finance_complaint_the_auditor_finds_compliant_is_forwarded(
        controller: WorkflowController) -> None:
    case_id = _campaign(controller, Determination.SUBSTANTIALLY_COMPLIES)
    controller.fire(case_id, ForwardCampaignFinance())
    assert case(controller.database, case_id).state is CaseState.CAMPAIGN_FINANCE


# -- § 2-83(d)(3): the Compliance Auditor returns it, and signs the letter ------------------------

def test_the_defect_letter_is_signed_as_the_compliance_auditors_not_the_city_clerks(
        controller: WorkflowController) -> None:
    case_id = _campaign(controller, Determination.DOES_NOT_COMPLY)
    controller.fire(case_id, ReturnDefective())
    text = _text(controller.database, case_id, "defect-letter")
    assert "As the Compliance Auditor, I have reviewed your sworn complaint" in text
    signature = text[text.index("Sincerely,"):]
    assert signature.startswith("Sincerely, Lena Ortiz Compliance Auditor City of San Antonio")
    assert "City Clerk" not in signature.split("Enclosure")[0]


# -- § 2-83(d)(4): respondents are told of every resolution -------------------------------------

def test_a_complaint_returned_as_defective_owes_each_respondent_the_resolution_notice(
        controller: WorkflowController) -> None:
    case_id = reviewed_case(controller, determination=Determination.DOES_NOT_COMPLY)
    controller.fire(case_id, ReturnDefective())
    assert "resolution-notice" in [k for k, _ in kinds_for(CaseState.RETURNED_DEFECTIVE)]
    [step] = load_case(controller.database, case_id, account=CLERK).steps
    assert step.citation == "§ 2-83(d)(4)" and "Nguyễn Thị Minh Khai" in step.what
    text = _text(controller.database, case_id, "resolution-notice")
    assert "Returned to the complainant as defective" in text and "§ 2-83(d)(3)" in text
    respondent = _respondent(controller.database, case_id)
    people = recipients(controller.database, case_id, "resolution-notice", account=DESK_CLERK)
    index = next(i for i, p in enumerate(people) if p.respondent_id == respondent)
    issued = issue(controller.database, case_id, "resolution-notice", recipient_index=index,
                   account=DESK_CLERK, clock=CLOCK)
    assert issued.recipient == "Nguyễn Thị Minh Khai"
    assert load_case(controller.database, case_id, account=CLERK).steps == ()


# -- withdrawal: at any stage before resolution, with the day it was received -----------------

def _filed(controller: WorkflowController) -> int:
    return filed_case(controller)


def _under_review(controller: WorkflowController) -> int:
    case_id = filed_case(controller)
    controller.fire(case_id, ForwardForReview())
    return case_id


def _campaign_finance(controller: WorkflowController) -> int:
    case_id = _campaign(controller, Determination.COMPLIES)
    controller.fire(case_id, ForwardCampaignFinance())
    return case_id


def _accepted(controller: WorkflowController) -> int:
    case_id = reviewed_case(controller)
    controller.fire(case_id, Accept())
    return case_id


def _response_filed(controller: WorkflowController) -> int:
    return _responded(controller)[0]


@pytest.mark.parametrize("stage", [_filed, _under_review, _campaign_finance, _accepted,
                                   awaiting_response, _response_filed, show_cause],
                         ids=lambda f: f.__name__.strip("_"))
def test_a_complaint_can_be_withdrawn_at_any_stage_before_resolution(
        controller: WorkflowController, stage) -> None:  # type: ignore[no-untyped-def]
    case_id = stage(controller)
    assert option(controller, case_id, Event.WITHDRAW).allowed
    received = TODAY
    result = controller.fire(case_id, Withdraw(received_on=received, notes="By letter."))
    assert "withdrawal received 2026-11-30" in result.summary
    stored = case(controller.database, case_id)
    assert stored.state is CaseState.RESOLVED and stored.resolved_on == received
    assert deadlines(controller.database, case_id, status=DeadlineStatus.OPEN) == []
    steps = load_case(controller.database, case_id, account=CLERK).steps
    assert any(s.citation == "§ 2-83(d)(4)" for s in steps)
    assert "Withdrawn by the complainant" in _text(controller.database, case_id,
                                                   "resolution-notice")


def test_a_withdrawal_needs_the_day_it_was_received_and_not_one_before_filing(
        controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    with pytest.raises(RuleError, match="date the withdrawal was received"):
        controller.fire(case_id, Withdraw())
    with pytest.raises(RuleError, match="before it was filed"):
        controller.fire(case_id, Withdraw(received_on=TODAY - timedelta(days=30)))


def test_a_withdrawal_is_not_recorded_as_a_resolution_without_its_date(
        controller: WorkflowController) -> None:
    case_id = awaiting_response(controller)
    with pytest.raises(RuleError, match="withdrawal"):
        controller.fire(case_id, Resolve(disposition=Disposition.WITHDRAWN))


def test_a_resolved_or_returned_complaint_cannot_be_withdrawn(
        controller: WorkflowController) -> None:
    case_id = reviewed_case(controller, determination=Determination.DOES_NOT_COMPLY)
    controller.fire(case_id, ReturnDefective())
    assert not option(controller, case_id, Event.WITHDRAW).allowed
    case_id = awaiting_response(controller)
    controller.fire(case_id, Resolve(disposition=Disposition.DISMISSED))
    assert not option(controller, case_id, Event.WITHDRAW).allowed


# -- § 2-83(c), last paragraph: a sworn complaint is never offered the unsworn return --------------

def test_a_sworn_case_is_not_offered_the_unsworn_return_letter(
        controller: WorkflowController) -> None:
    sworn = filed_case(controller)
    assert "unsworn-return" not in [k for k, _ in kinds_for(CaseState.FILED, True)]
    assert "unsworn-return" in [k for k, _ in kinds_for(CaseState.FILED, False)]
    with pytest.raises(UserError, match="not sworn"):
        render_letter(controller.database, sworn, "unsworn-return", account=DESK_CLERK,
                      clock=CLOCK)


def test_forwarding_the_board_leaves_no_response_step_before_any_response(
        controller: WorkflowController) -> None:
    case_id = reviewed_case(controller)
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    assert load_case(controller.database, case_id, account=CLERK).steps == ()


# -- § 2-83(c); Gov't Code § 602.002: an oath before an officer other than a notary -----------

def test_the_sworn_complaint_prints_the_officers_jurat_with_no_notary_seal(
        controller: WorkflowController) -> None:
    from tests.factories import sworn_oath

    oath = sworn_oath(officer_title="Justice of the peace", notary_name="Carla Ybarra",
                      notary_commission_number="", notary_commission_expires=None)
    case_id = filed_case(controller, complete_intake(oath=oath))
    text = _text(controller.database, case_id, "sworn-complaint")
    assert "Certificate of the officer who administered the oath" in text
    assert "Carla Ybarra" in text and "Title: Justice of the peace" in text
    assert "Notary seal" not in text and "commission" not in text.lower()
    receipt = _text(controller.database, case_id, "receipt")
    assert "Sworn before Carla Ybarra, Justice of the peace, November 23, 2026" in receipt


def test_a_notarys_jurat_keeps_the_seal_and_commission(controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    text = _text(controller.database, case_id, "sworn-complaint")
    assert "Notary seal" in text and "13245678-9" in text
    assert "Ana María Treviño, Notary Public" in _text(controller.database, case_id, "receipt")


# -- § 2-83(d)(1) and (e)(3): the notice of filing and the copies are owed steps ------------------

def test_each_respondent_is_owed_the_notice_of_filing_until_it_is_issued_even_after_review(
        controller: WorkflowController) -> None:
    case_id = reviewed_case(controller)
    [step] = _steps(controller.database, case_id, "§ 2-83(d)(1)")
    assert "Nguyễn Thị Minh Khai" in step.what and "notice of filing" in step.what
    controller.fire(case_id, Accept())  # the review is over; the notice is still owed
    assert _steps(controller.database, case_id, "§ 2-83(d)(1)") == [step]
    issued = issue(controller.database, case_id, "filing-notice", account=DESK_CLERK,
                   clock=CLOCK)
    assert issued.recipient == "Nguyễn Thị Minh Khai"
    assert _steps(controller.database, case_id, "§ 2-83(d)(1)") == []


def test_the_complainant_is_owed_a_copy_of_each_response_until_it_is_mailed(
        controller: WorkflowController) -> None:
    case_id, respondent = _responded(controller)
    [step] = _steps(controller.database, case_id, "§ 2-83(e)(3)")
    assert "copy of the response of Nguyễn Thị Minh Khai" in step.what
    copy = issue(controller.database, case_id, "response-copy", account=DESK_CLERK,
                 clock=CLOCK)
    record_mailing(controller.database, copy.document_id, recipient_name=copy.recipient,
                   recipient_ref=f"complainant:respondent:{respondent}",
                   address="411 W. Nueva St.", method=MailMethod.FIRST_CLASS, mailed_on=TODAY,
                   account=DESK_CLERK, clock=CLOCK)
    assert _steps(controller.database, case_id, "§ 2-83(e)(3)") == []


def test_a_response_whose_copy_was_mailed_when_it_was_filed_owes_no_copy(
        controller: WorkflowController) -> None:
    case_id, _ = _responded(controller, copy_mailed_on=TODAY)
    assert _steps(controller.database, case_id, "§ 2-83(e)(3)") == []


def test_each_respondent_is_owed_a_copy_of_the_complainants_reply_until_it_is_issued(
        controller: WorkflowController) -> None:
    case_id, _ = _responded(controller, copy_mailed_on=TODAY)
    controller.fire(case_id, FileReply(received_on=TODAY, sworn=True))
    [step] = _steps(controller.database, case_id, "§ 2-83(e)(3)")
    assert "Send Nguyễn Thị Minh Khai a copy of the complainant's reply" in step.what
    issue(controller.database, case_id, "reply-copy", account=DESK_CLERK, clock=CLOCK)
    assert _steps(controller.database, case_id, "§ 2-83(e)(3)") == []
