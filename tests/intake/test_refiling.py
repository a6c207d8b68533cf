"""A complaint returned to the complainant and filed again is linked to the one it refiles, and a
second complaint of the same parties is named at the counter (§ 2-83(c), (d)(3))."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ethics_desk.cases.case_file import load_case
from ethics_desk.core.errors import UserError
from ethics_desk.core.roles import Role
from ethics_desk.intake.record import ComplainantData, Intake, RespondentData
from ethics_desk.intake.refiling import earlier_complaints
from ethics_desk.models import CaseState
from ethics_desk.workflow import FileComplaint, ReturnUnsworn
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import CLERK, complete_intake, filed_case, sworn_oath
from tests.signing_in import account_of
from tests.workflow.helpers import audit_actions


def returned_unsworn(controller: WorkflowController) -> int:
    """A complaint filed without its oath and returned to the complainant, § 2-83(c)."""
    case = filed_case(controller, complete_intake(oath=sworn_oath(sworn=False)))
    controller.fire(case, ReturnUnsworn())
    return case


def same_parties_spelt_otherwise() -> Intake:
    """The same complainant and respondent as :func:`complete_intake`, typed differently."""
    intake = complete_intake()
    return replace(intake, complainant=replace(intake.complainant, name="JOSE PEÑA "),
                   respondents=[RespondentData(name="nguyen thi minh khai", title="Director")])


def test_a_returned_complaint_of_the_same_parties_is_offered_as_the_one_refiled(
        controller: WorkflowController) -> None:
    returned = returned_unsworn(controller)
    other = filed_case(controller, replace(complete_intake(), complainant=ComplainantData(
        name="Someone Else", address="1 Main St.")))
    [found] = earlier_complaints(controller.database, same_parties_spelt_otherwise(),
                                 account=CLERK)
    assert found.complaint_id == returned and found.refilable
    assert found.state is CaseState.RETURNED_UNSWORN
    assert other not in [e.complaint_id for e in earlier_complaints(
        controller.database, complete_intake(), account=CLERK) if e.refilable]


def test_an_open_complaint_of_the_same_parties_is_named_but_not_refiled(
        controller: WorkflowController) -> None:
    running = filed_case(controller)
    [found] = earlier_complaints(controller.database, complete_intake(), account=CLERK)
    assert found.complaint_id == running and not found.refilable
    with pytest.raises(UserError, match="only a complaint returned"):
        controller.save_draft(replace(complete_intake(), refiling_of=running))


def test_the_refiled_complaint_and_the_returned_one_name_each_other(
        controller: WorkflowController) -> None:
    returned = returned_unsworn(controller)
    draft = controller.save_draft(replace(complete_intake(), refiling_of=returned))
    controller.fire(draft.complaint_id, FileComplaint())
    new = load_case(controller.database, draft.complaint_id, account=CLERK)
    old = load_case(controller.database, returned, account=CLERK)
    assert new.refiling_of == old.number and old.refiled_as == (new.number,)
    assert "refiling a complaint returned" in new.timeline[-1].summary
    assert old.number not in new.timeline[-1].summary  # § 2-83(h)(1): by id only
    assert "event.file" in audit_actions(controller.database, draft.complaint_id)


def test_a_person_who_does_not_receive_the_returned_complaint_is_not_told_its_number(
        controller: WorkflowController) -> None:
    returned = returned_unsworn(controller)
    draft = controller.save_draft(replace(complete_intake(), refiling_of=returned))
    controller.fire(draft.complaint_id, FileComplaint())
    auditor = account_of(controller.database, Role.AUDITOR)
    assert earlier_complaints(controller.database, complete_intake(), account=auditor) == []
