"""A complaint that was not sworn is returned, not forwarded (§ 2-83(c), last paragraph): its
receipt says so and promises no review, and the case owes its return letter until it is issued."""

from __future__ import annotations

from ethics_desk.cases.case_file import load_case
from ethics_desk.core.vocabulary import Language
from ethics_desk.documents.issuing import issue
from ethics_desk.documents.making import render_letter
from ethics_desk.storage.database import Database
from ethics_desk.workflow import ReturnUnsworn
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.documents.render.helpers import flat, screenshot, text_of
from tests.factories import CLERK, DESK_CLERK, complete_intake, filed_case, sworn_oath


def _unsworn(controller: WorkflowController) -> int:
    return filed_case(controller, complete_intake(oath=sworn_oath(sworn=False)))


def _receipt(database: Database, case_id: int, language: Language = Language.ENGLISH,
             shot: str = "receipt-unsworn") -> str:
    pdf = render_letter(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK,
                        language=language)
    screenshot(f"{shot}-{language.value}", pdf)
    return flat(text_of(pdf))


def test_the_receipt_of_an_unsworn_complaint_says_it_is_returned_not_forwarded(
        controller: WorkflowController, database: Database) -> None:
    text = _receipt(database, _unsworn(controller))
    assert "Receipt for an Ethics Complaint That Was Not Sworn" in text
    assert "Sworn Ethics Complaint" not in text and "your sworn complaint" not in text
    assert "five business days" not in text and "(d)(1)" not in text
    assert "§ 2-83(c), last paragraph" in text and "returned to you" in text


def test_the_spanish_receipt_of_an_unsworn_complaint_says_so_too(
        controller: WorkflowController, database: Database) -> None:
    text = _receipt(database, _unsworn(controller), Language.SPANISH)
    assert "no jurada" in text and "cinco días hábiles" not in text
    assert "§ 2-83(c), último párrafo" in text


def test_the_receipt_of_a_sworn_complaint_still_promises_the_review(
        controller: WorkflowController, database: Database) -> None:
    text = _receipt(database, filed_case(controller), shot="receipt-sworn")
    assert "Receipt for a Sworn Ethics Complaint" in text and "five business days" in text


def test_an_unsworn_complaint_owes_its_return_letter_until_it_is_issued(
        controller: WorkflowController, database: Database) -> None:
    case_id = _unsworn(controller)
    [step] = load_case(database, case_id, account=CLERK).steps
    assert step.citation == "§ 2-83(c), last paragraph" and "José Peña" in step.what
    controller.fire(case_id, ReturnUnsworn())
    [step] = load_case(database, case_id, account=CLERK).steps
    assert "return letter" in step.what
    issue(database, case_id, "unsworn-return", account=DESK_CLERK, clock=CLOCK)
    assert load_case(database, case_id, account=CLERK).steps == ()


def test_a_sworn_filed_complaint_owes_no_return(controller: WorkflowController,
                                                database: Database) -> None:
    assert load_case(database, filed_case(controller), account=CLERK).steps == ()
