"""The inbox listing on each complaint: kept in step with the records, and checked."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ethics_desk.intake.record import RespondentData
from ethics_desk.maintenance.integrity import LISTING, run_checks
from ethics_desk.storage.database import Database
from ethics_desk.storage.journal import register_functions
from ethics_desk.workflow import ForwardForReview
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import complete_intake, filed_case
from tests.workflow.helpers import case


def test_the_search_key_holds_the_case_number_and_every_name_folded(
        controller: WorkflowController, database: Database) -> None:
    intake = complete_intake(respondents=[*complete_intake().respondents,
                                          RespondentData("Zoë Ødegård", "Planning Commissioner")])
    stored = case(database, filed_case(controller, intake))
    assert stored.search_key.split(" | ")[0] == "erb-2026-001"
    for folded in ("jose pena", "nguyen thi minh khai", "zoe odegard"):
        assert folded in stored.search_key
    assert stored.respondent_names == "Nguyễn Thị Minh Khai; Zoë Ødegård"


def test_the_next_deadline_shown_is_the_earliest_open_one(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    assert case(database, case_id).next_due_title.startswith("Forward the complaint")
    controller.fire(case_id, ForwardForReview())
    stored = case(database, case_id)
    assert stored.next_due_title.startswith("Independent review")
    assert str(stored.next_due_on) == "2026-12-07"


@pytest.mark.sqlite_file
def test_check_finds_a_listing_out_of_step_with_the_records(
        controller: WorkflowController, database: Database, db_path: Path, db_arg: str) -> None:
    filed_case(controller)
    assert all(r.ok for r in run_checks(db_arg) if r.name == LISTING)
    with sqlite3.connect(db_path) as conn:
        register_functions(conn)  # a tamperer with the record key: the journal seals it
        conn.execute("UPDATE complaint SET respondent_names = 'Someone Else'")
    [listing] = [r for r in run_checks(db_arg, names_cases=True) if r.name == LISTING]
    assert not listing.ok and "ERB-2026-001" in listing.details[0]
