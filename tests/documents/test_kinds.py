"""Each document, resolved from a case in the state where it applies, says what § 2-83 requires."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import UserError
from ethics_desk.documents.kinds import KINDS, kinds
from ethics_desk.documents.making import find_case, recipients, render_letter
from ethics_desk.documents.render.base import Renderer
from ethics_desk.models import (
    CaseState,
    Complaint,
    Deadline,
    Determination,
    Disposition,
    IssuedDocument,
    Mailing,
    MailMethod,
    Route,
)
from ethics_desk.storage.database import Database
from ethics_desk.workflow import (
    Accept,
    FileReply,
    FileResponse,
    ForwardCampaignFinance,
    ForwardForReview,
    ForwardToBoard,
    RecordCure,
    Resolve,
    ReturnDefective,
)
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.documents.render.helpers import flat, screenshot, text_of
from tests.factories import DESK_CLERK, complete_intake, filed_case, provision_id, reviewed_case

TODAY = date(2026, 11, 30)


def _letter(database: Database, case_id: int, kind: str, index: int = 0) -> str:
    pdf = render_letter(database, case_id, kind, recipient_index=index,
                        account=DESK_CLERK, clock=CLOCK)
    screenshot(f"case-{kind}", pdf)
    return flat(text_of(pdf))


def _respondent_id(database: Database, case_id: int) -> int:
    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None
        return complaint.respondents[0].id


def _deadline(database: Database, case_id: int, clock: str) -> Deadline:
    with database.read_session() as session:
        found = session.scalar(select(Deadline).where(Deadline.complaint_id == case_id,
                                                      Deadline.clock == clock))
        assert found is not None
        return found


def _awaiting_response(controller: WorkflowController) -> int:
    case = reviewed_case(controller)
    controller.fire(case, Accept())
    controller.fire(case, ForwardToBoard())
    return case


def _response_filed(controller: WorkflowController, database: Database) -> int:
    case = _awaiting_response(controller)
    controller.fire(case, FileResponse(respondent_id=_respondent_id(database, case),
                                       received_on=TODAY, sworn=True, copy_mailed_on=TODAY))
    return case


def _campaign_finance(controller: WorkflowController, database: Database) -> int:
    intake = complete_intake(provision_ids=[provision_id(database, "2-306")],
                             route=Route.CAMPAIGN_FINANCE)
    case = reviewed_case(controller, intake=intake)  # (d)(2) after the reviews of (c)
    controller.fire(case, ForwardCampaignFinance())
    return case


def test_every_kind_has_a_renderer_and_the_list_names_each_with_its_rule() -> None:
    assert all(issubclass(rule.renderer, Renderer) for rule in KINDS.values())
    listed = dict(kinds())
    assert "§ 2-83(d)(3), (e)" in listed["respondent-notice"]
    assert "§ 2-83(d)(4)" in listed["resolution-notice"]


def test_the_respondent_notice_gives_the_five_e_items_and_the_engines_due_date(
        controller: WorkflowController, database: Database) -> None:
    case = _awaiting_response(controller)
    due = _deadline(database, case, "response")
    text = _letter(database, case, "respondent-notice")
    assert "Dear Nguyễn Thị Minh Khai:" in text
    assert "ERB-2026-001" in text and "José Peña" in text
    for item in ("(§ 2-83(e)(1))", "(§ 2-83(e)(2))", "(§ 2-83(e)(3))", "(§ 2-83(e)(4))",
                 "(§ 2-83(e)(5))"):
        assert item in text
    assert "Within ten (10) business days of your receipt of the complaint" in text
    assert "does not stop the case" in text and "may still decide the complaint" in text
    assert "five (5) business days" in text
    assert "request a hearing" in text
    assert "duty to cooperate with the Ethics Review Board" in text
    assert due.due_on == date(2026, 12, 17)
    assert ("Your sworn response is due by Thursday, December 17, 2026: ten business days (days "
            "the City offices are open) after you received the complaint (City Code "
            "§ 2-83(e)(1)).") in text
    assert "counted from Thursday, December 3, 2026, the day it is presumed to reach you" in text
    # No Code stored and no record of how it was provided: the preview says so (§ 2-83(e)).
    assert "Enclosures:" in text and "NOT ENCLOSED: the Ethics Code" in text
    assert "truck.pdf" in text


def test_the_response_copy_carries_the_complainants_reply_due_date(
        controller: WorkflowController, database: Database) -> None:
    case = _response_filed(controller, database)
    due = _deadline(database, case, "reply")
    text = _letter(database, case, "response-copy")
    assert "Dear José Peña:" in text
    assert "sworn response of Nguyễn Thị Minh Khai" in text
    assert f"Your sworn reply is due by {due.due_on.strftime('%A')}" in text
    assert "(§ 2-83(e)(3))" in text


COUNTING_LOG = ("Trigger date", "Trigger:", "presumed, none was recorded", "Counted ",
                "Code Construction Act", "How this date was computed", "Due: ")
"""Lines of the deadline engine's explanation, which the screens and the Board packet show."""


def test_letters_to_the_public_state_the_due_date_and_its_rule_in_plain_words_not_the_log(
        controller: WorkflowController, database: Database) -> None:
    case = _response_filed(controller, database)
    due = _deadline(database, case, "reply")
    notice = _letter(database, case, "respondent-notice")
    copy = _letter(database, case, "response-copy")
    for text in (notice, copy):
        assert not [line for line in COUNTING_LOG if line in text], text
    assert "after you received the complaint (City Code § 2-83(e)(1))." in notice
    weekday = f"{due.due_on.strftime('%A')}, {due.due_on.strftime('%B')} {due.due_on.day}"
    assert (f"Your sworn reply is due by {weekday}, {due.due_on.year}: five business days (days "
            "the City offices are open) after you receive this copy of the response (City Code "
            "§ 2-83(e)(3)).") in copy


def test_the_spanish_copy_of_a_response_states_the_reply_date_and_its_rule_in_spanish(
        controller: WorkflowController, database: Database) -> None:
    from ethics_desk.core.vocabulary import Language

    case = _response_filed(controller, database)
    text = flat(text_of(render_letter(database, case, "response-copy", account=DESK_CLERK,
                                      clock=CLOCK, language=Language.SPANISH)))
    assert not [line for line in COUNTING_LOG if line in text], text
    assert "Su contestación jurada vence el" in text
    assert ("cinco días hábiles (días en que las oficinas de la Ciudad están abiertas) después "
            "de que usted reciba esta copia de la respuesta (§ 2-83(e)(3) del Código de la "
            "Ciudad).") in text
    assert "los cinco días se cuentan desde el" in text.lower()


def test_the_reply_copy_goes_to_the_respondent(controller: WorkflowController,
                                               database: Database) -> None:
    case = _response_filed(controller, database)
    controller.fire(case, FileReply(received_on=TODAY, sworn=True))
    text = _letter(database, case, "reply-copy")
    assert "Dear Nguyễn Thị Minh Khai:" in text
    assert "sworn reply of José Peña" in text and "November 30, 2026" in text


def test_the_resolution_notice_names_the_disposition(controller: WorkflowController,
                                                     database: Database) -> None:
    case = _awaiting_response(controller)
    controller.fire(case, Resolve(disposition=Disposition.DISMISSED, notes="Not supported."))
    text = _letter(database, case, "resolution-notice")
    assert "Resolution: Dismissed" in text and "Not supported." in text
    assert "§ 2-83(d)(4)" in text


def test_the_defect_letter_lists_every_defect_by_its_c_item(
        controller: WorkflowController, database: Database) -> None:
    case = reviewed_case(controller, determination=Determination.DOES_NOT_COMPLY)
    controller.fire(case, ReturnDefective())
    text = _letter(database, case, "defect-letter")
    assert "§ 2-83(c)(6) — the complaint must set forth a statement of the facts and the " \
           "dates or period of the alleged violation" in text
    assert "No dates are given." in text
    assert "§ 2-83(d)(3)" in text


def test_the_review_stage_documents(controller: WorkflowController,
                                    database: Database) -> None:
    case = filed_case(controller)
    controller.fire(case, ForwardForReview())
    transmittal = _letter(database, case, "reviewer-transmittal", index=2)
    assert "CONFIDENTIAL — § 2-83(h)" in transmittal
    assert "This copy for Compliance Auditor" in transmittal
    assert "due Monday, December 7, 2026" in transmittal
    notice = _letter(database, case, "filing-notice")
    assert "information purposes only" in notice and "§ 2-83(d)(1)" in notice
    assert "does not start the time for a response under § 2-83(e)" in notice


def test_the_board_transmittal(controller: WorkflowController, database: Database) -> None:
    case = reviewed_case(controller)
    controller.fire(case, Accept())
    text = _letter(database, case, "board-transmittal")
    assert "Members of the Ethics Review Board" in text and "§ 2-83(d)(3)" in text
    assert "Nguyễn Thị Minh Khai, Director, Parks and Recreation" in text


def test_the_campaign_finance_letters(controller: WorkflowController,
                                      database: Database) -> None:
    case = _campaign_finance(controller, database)
    forward = _letter(database, case, "cf-forward")
    assert "§ 2-83(d)(2)" in forward and "§ 2-82(b)(2)" in forward
    controller.fire(case, RecordCure(filed_on=TODAY, verified_by="Maria Clerk"))
    cure = _letter(database, case, "cf-cure-notice")
    assert "BY FIRST CLASS MAIL" in cure
    assert "The campaign bank account statement was filed on November 30, 2026" in cure
    assert "verified by Maria Clerk" in cure


def test_mailing_papers_for_a_case(controller: WorkflowController, database: Database) -> None:
    case = _awaiting_response(controller)
    assert [r.name for r in recipients(database, case, "labels", account=DESK_CLERK)] == [
        "José Peña", "Nguyễn Thị Minh Khai"]
    assert "Nguyễn Thị Minh Khai" in _letter(database, case, "envelope", index=1)
    with pytest.raises(UserError, match="Nothing has been mailed"):
        render_letter(database, case, "certificate-of-mailing", account=DESK_CLERK, clock=CLOCK)
    with database.unit_of_work() as session:
        document = IssuedDocument(complaint_id=case, kind="respondent-notice",
                                  recipient="Nguyễn Thị Minh Khai", content=b"%PDF",
                                  sha256="0" * 64, issued_at=NOW)
        session.add(document)
        session.flush()
        session.add(Mailing(complaint_id=case, document_id=document.id,
                            recipient_name="Nguyễn Thị Minh Khai",
                            address="P.O. Box 839966\nSan Antonio, TX 78283",
                            method=MailMethod.CERTIFIED_RRR, tracking_number="9407 1111",
                            mailed_on=TODAY))
    text = _letter(database, case, "certificate-of-mailing")
    assert "Notice to a respondent with the (e) items" in text
    assert "Certified mail, return receipt requested, no. 9407 1111" in text
    assert "Certified on November 30, 2026 by" in text and "City Clerk" in text


def test_a_kind_that_does_not_apply_to_the_state_is_refused_naming_both(
        controller: WorkflowController, database: Database) -> None:
    case = filed_case(controller)
    with pytest.raises(UserError) as refused:
        render_letter(database, case, "respondent-notice", account=DESK_CLERK, clock=CLOCK)
    message = str(refused.value)
    assert "which is “Filed”" in message
    assert "Awaiting response" in message and "§ 2-83(d)(3), (e)" in message


def test_an_unknown_kind_lists_the_kinds(controller: WorkflowController,
                                         database: Database) -> None:
    case = filed_case(controller)
    with pytest.raises(UserError, match="respondent-notice, response-copy"):
        render_letter(database, case, "thank-you-note", account=DESK_CLERK, clock=CLOCK)


def test_an_unknown_case_is_refused(database: Database) -> None:
    with pytest.raises(UserError, match="no complaint with id 999"):
        render_letter(database, 999, "receipt", account=DESK_CLERK, clock=CLOCK)
    with pytest.raises(UserError, match="no case ERB-2026-404"):
        find_case(database, "ERB-2026-404", account=DESK_CLERK)


def test_a_case_is_found_by_number_or_draft_id(controller: WorkflowController,
                                              database: Database) -> None:
    case = filed_case(controller)
    assert find_case(database, "erb-2026-001", account=DESK_CLERK) == case
    assert find_case(database, str(case), account=DESK_CLERK) == case
    with database.read_session() as session:
        assert session.get(Complaint, case).state is CaseState.FILED  # type: ignore[union-attr]
