"""A case's papers come out of the database as PDFs naming the case and its parties."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from ethics_desk.core.errors import UserError
from ethics_desk.documents import papers
from ethics_desk.storage.database import Database
from ethics_desk.workflow import ReturnUnsworn, WorkflowController
from tests.conftest import NOW
from tests.factories import complete_intake, filed_case, sworn_oath


def _text(data: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)


def test_the_receipt_names_the_case_and_the_complainant(controller: WorkflowController,
                                                        database: Database) -> None:
    case_id = filed_case(controller)
    text = _text(papers.receipt(database, case_id))
    assert "ERB-2026-001" in text and "José Peña" in text


def test_the_filed_complaint_shows_its_case_number_and_every_party(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    text = _text(papers.sworn_complaint_for_case(database, case_id))
    assert "ERB-2026-001" in text and "Nguyễn Thị Minh Khai" in text


def test_the_return_letter_goes_to_an_unsworn_complainant(controller: WorkflowController,
                                                          database: Database) -> None:
    case_id = filed_case(controller, complete_intake(oath=sworn_oath(sworn=False)))
    controller.fire(case_id, ReturnUnsworn())
    text = _text(papers.unsworn_return(database, case_id, NOW.date()))
    assert "ERB-2026-001" in text and "José Peña" in text


def test_a_paper_for_a_case_that_does_not_exist_is_a_clear_error(database: Database) -> None:
    with pytest.raises(UserError, match="no complaint with id 999"):
        papers.receipt(database, 999)
