"""A case's papers come out of the database as PDFs naming the case and its parties."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from ethics_desk.core.errors import UserError
from ethics_desk.documents import papers
from ethics_desk.documents.making import render_at_counter
from ethics_desk.storage.database import Database
from ethics_desk.workflow import ForwardForReview, ReturnUnsworn
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.factories import DESK_CLERK, complete_intake, filed_case, sworn_oath


def _text(data: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)


def test_the_receipt_names_the_case_and_the_complainant(controller: WorkflowController,
                                                        database: Database) -> None:
    case_id = filed_case(controller)
    text = _text(papers.receipt(database, case_id, account=DESK_CLERK, clock=CLOCK))
    assert "ERB-2026-001" in text and "José Peña" in text


def test_the_filed_complaint_shows_its_case_number_and_every_party(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    text = _text(papers.sworn_complaint_for_case(database, case_id, account=DESK_CLERK,
                                                 clock=CLOCK))
    assert "ERB-2026-001" in text and "Nguyễn Thị Minh Khai" in text


def test_the_return_letter_goes_to_an_unsworn_complainant(controller: WorkflowController,
                                                          database: Database) -> None:
    case_id = filed_case(controller, complete_intake(oath=sworn_oath(sworn=False)))
    controller.fire(case_id, ReturnUnsworn())
    text = _text(papers.unsworn_return(database, case_id, account=DESK_CLERK, clock=CLOCK))
    assert "ERB-2026-001" in text and "José Peña" in text


def test_a_paper_for_a_case_that_does_not_exist_is_a_clear_error(database: Database) -> None:
    with pytest.raises(UserError, match="no complaint with id 999"):
        papers.receipt(database, 999, account=DESK_CLERK, clock=CLOCK)


def test_the_sworn_complaint_for_signing_is_made_at_the_counter_from_the_intake(
        database: Database) -> None:
    text = _text(papers.sworn_complaint_for_intake(database, complete_intake(),
                                                   ["§ 2-49 Use of City resources"],
                                                   today=NOW.date()))
    assert "José Peña" in text and "§ 2-49" in text and "ERB-" not in text


def test_the_information_sheet_is_made_with_no_case(database: Database) -> None:
    assert "How to File an Ethics Complaint" in _text(papers.info_sheet(database, today=NOW.date()))


def test_a_receipt_for_a_complaint_not_yet_filed_is_refused_naming_the_state(
        controller: WorkflowController, database: Database) -> None:
    draft = controller.save_draft(complete_intake()).complaint_id
    with pytest.raises(UserError) as refused:
        papers.receipt(database, draft, account=DESK_CLERK, clock=CLOCK)
    assert "receipt (§ 2-83(a), (c)) does not apply" in str(refused.value)
    assert "which is “Draft (not filed)”" in str(refused.value) and "Filed" in refused.value.fix


def test_the_unsworn_return_is_refused_once_the_complaint_is_forwarded_for_review(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    controller.fire(case_id, ForwardForReview())
    with pytest.raises(UserError) as refused:
        papers.unsworn_return(database, case_id, account=DESK_CLERK, clock=CLOCK)
    assert "unsworn-return (§ 2-83(c), last paragraph) does not apply" in str(refused.value)
    assert "“Under review”" in str(refused.value)
    assert "Returned — not sworn" in refused.value.fix


def test_the_counter_refuses_a_paper_that_needs_a_filed_complaint(database: Database) -> None:
    with pytest.raises(UserError) as refused:
        render_at_counter(database, "receipt", today=NOW.date())
    assert "not made at the counter" in str(refused.value)
    assert "“Draft (not filed)” until its receipt is recorded" in str(refused.value)
