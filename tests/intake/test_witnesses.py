"""Witnesses named at the counter, § 2-83(h)(1): optional, each with a name and who identified
them (the complainant, a respondent, or a witness listed before); kept on the draft, and on the
case once it is filed, with who identified them as the case window records it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ethics_desk.cases.witnesses import identifiers, witnesses
from ethics_desk.core.errors import RuleError
from ethics_desk.intake.drafts import load_intake
from ethics_desk.intake.record import (
    RespondentData,
    WitnessData,
    check_intake,
    check_witnesses,
)
from ethics_desk.models import Route
from ethics_desk.storage.database import Database
from ethics_desk.workflow import FileComplaint
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import CLERK, complete_intake, filed_case, provision_id

COUNTER_WITNESSES = [
    WitnessData("Ana Lucía Ortiz", "complainant", "210-555-0199"),
    WitnessData("Bartholomew Nguyễn", "respondent:0", "Fleet Services, City Hall"),
    WitnessData("Søren Kierkegård", "witness:0", ""),
]


def test_a_complaint_without_witnesses_is_complete() -> None:
    assert check_intake(complete_intake()) == []
    assert check_intake(complete_intake(witnesses=COUNTER_WITNESSES)) == []


def test_a_nameless_witness_is_a_problem_of_its_name_field() -> None:
    intake = complete_intake(witnesses=[COUNTER_WITNESSES[0],
                                        WitnessData("  ", "complainant", "210-555-0100")])
    problems = check_witnesses(intake)
    assert [(p.field, p.citation) for p in problems] == [("witnesses[1].name", "§ 2-83(h)(1)")]
    assert "witness 2" in problems[0].message
    assert problems == [p for p in check_intake(intake) if p.field.startswith("witnesses")]


@pytest.mark.parametrize("identified_by", ["", "respondent:1", "witness:0", "witness:1",
                                           "board member"])
def test_a_witness_identified_by_nobody_the_intake_holds_is_refused(identified_by: str) -> None:
    # witness 2 may be identified by witness 1, never by itself or a witness below it; the
    # complaint has a single respondent.
    intake = complete_intake(witnesses=[WitnessData("Ana Lucía Ortiz", identified_by),
                                        WitnessData("Bea Ruiz", "witness:0")])
    found = [(p.field, p.citation) for p in check_intake(intake)]
    assert found == [("witnesses[0].identified_by", "§ 2-83(h)(1)")]


def test_a_witness_is_not_identified_by_a_party_without_a_name() -> None:
    intake = complete_intake(respondents=[RespondentData(name="", title="Director")],
                             witnesses=[WitnessData("Ana Lucía Ortiz", "respondent:0")])
    assert "witnesses[0].identified_by" in {p.field for p in check_witnesses(intake)}


def test_a_draft_with_witnesses_reopens_with_them_and_who_identified_them(
        database: Database, controller: WorkflowController) -> None:
    intake = complete_intake(witnesses=COUNTER_WITNESSES, route=Route.ETHICS_CODE,
                             provision_ids=[provision_id(database, "2-49")])
    draft = controller.save_draft(intake)
    loaded, _version = load_intake(database, draft.complaint_id, account=CLERK)
    assert loaded.witnesses == COUNTER_WITNESSES
    assert loaded == intake


def test_each_save_of_a_draft_replaces_its_witnesses(database: Database,
                                                     controller: WorkflowController) -> None:
    first = controller.save_draft(complete_intake(witnesses=COUNTER_WITNESSES))
    fewer = [COUNTER_WITNESSES[1], WitnessData("Søren Kierkegård", "witness:0", "")]
    again = controller.save_draft(complete_intake(witnesses=fewer), first.complaint_id,
                                  expected_version=first.version)
    assert load_intake(database, first.complaint_id, account=CLERK)[0].witnesses == fewer
    assert [w.name for w in witnesses(database, first.complaint_id, account=CLERK)] == [
        "Bartholomew Nguyễn", "Søren Kierkegård"]
    controller.save_draft(complete_intake(), first.complaint_id, expected_version=again.version)
    assert witnesses(database, first.complaint_id, account=CLERK) == []


def test_an_unfinished_witness_is_kept_on_the_draft_as_typed(
        database: Database, controller: WorkflowController) -> None:
    unfinished = [WitnessData("", "complainant", "210-555-0100"), WitnessData("Bea Ruiz")]
    draft = controller.save_draft(complete_intake(witnesses=unfinished))
    assert load_intake(database, draft.complaint_id, account=CLERK)[0].witnesses == unfinished


def test_filing_keeps_the_witnesses_on_the_case_with_who_identified_them(
        database: Database, controller: WorkflowController) -> None:
    case_id = filed_case(controller, complete_intake(witnesses=COUNTER_WITNESSES))
    lines = witnesses(database, case_id, account=CLERK)
    assert [(w.name, w.identified_by, w.contact) for w in lines] == [
        ("Ana Lucía Ortiz", "José Peña (complainant)", "210-555-0199"),
        ("Bartholomew Nguyễn", "Nguyễn Thị Minh Khai (respondent)", "Fleet Services, City Hall"),
        ("Søren Kierkegård", "Ana Lucía Ortiz (witness)", ""),
    ]
    # On the case they may identify others in turn, in the case window's Witnesses tab.
    assert "Søren Kierkegård (witness)" in {i.label for i in identifiers(database, case_id, account=CLERK)}


def test_a_draft_whose_witness_nobody_identified_is_never_filed(
        database: Database, controller: WorkflowController) -> None:
    intake = complete_intake(witnesses=[replace(COUNTER_WITNESSES[0], identified_by="")])
    draft = controller.save_draft(intake)
    with pytest.raises(RuleError, match="identified"):
        controller.fire(draft.complaint_id, FileComplaint())
    assert witnesses(database, draft.complaint_id, account=CLERK)[0].identified_by == ""
