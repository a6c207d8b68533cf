"""The counter's Finish is one transaction, § 2-83(c): what the clerk typed is saved, filed and,
when it is not sworn, returned, all together or not at all."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import func, select

from ethics_desk.core.errors import RuleError
from ethics_desk.core.events import Event
from ethics_desk.models import CaseState, Complaint
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from ethics_desk.workflow.table import BY_EVENT
from tests.factories import complete_intake, sworn_oath


def _states(database: Database) -> list[tuple[CaseState, str | None]]:
    with database.read_session() as session:
        return [(c.state, c.case_number) for c in session.scalars(select(Complaint))]


def test_a_sworn_complaint_typed_at_the_counter_is_saved_and_filed_at_once(
        controller: WorkflowController, database: Database) -> None:
    filed = controller.file_at_counter(complete_intake())
    assert (filed.state, filed.case_number) == (CaseState.FILED, "ERB-2026-001")
    assert _states(database) == [(CaseState.FILED, "ERB-2026-001")]


def test_an_unsworn_complaint_is_filed_and_returned_in_the_same_act(
        controller: WorkflowController, database: Database) -> None:
    filed = controller.file_at_counter(complete_intake(oath=sworn_oath(sworn=False)))
    assert filed.state is CaseState.RETURNED_UNSWORN
    assert _states(database) == [(CaseState.RETURNED_UNSWORN, "ERB-2026-001")]


def test_a_return_that_fails_leaves_no_complaint_filed_and_no_number_used(
        controller: WorkflowController, database: Database,
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(_ctx: Any, _payload: Any) -> Any:
        raise RuleError("The return letter could not be made", "§ 2-83(c)")

    monkeypatch.setitem(BY_EVENT, Event.RETURN_UNSWORN,
                        replace(BY_EVENT[Event.RETURN_UNSWORN], effect=refused))
    with pytest.raises(RuleError):
        controller.file_at_counter(complete_intake(oath=sworn_oath(sworn=False)))
    assert _states(database) == []  # not even the draft: the act was refused whole
    filed = controller.file_at_counter(complete_intake())
    assert filed.case_number == "ERB-2026-001"


def test_an_incomplete_complaint_is_refused_and_an_existing_draft_keeps_what_it_held(
        controller: WorkflowController, database: Database) -> None:
    draft = controller.save_draft(complete_intake())
    incomplete = complete_intake()
    incomplete = replace(incomplete, complainant=replace(incomplete.complainant, name=""))
    with pytest.raises(RuleError):
        controller.file_at_counter(incomplete, draft.complaint_id,
                                   expected_version=draft.version)
    with database.read_session() as session:
        kept = session.get(Complaint, draft.complaint_id)
        assert kept is not None and kept.state is CaseState.DRAFT
        assert kept.complainants[0].name == "José Peña"
        assert session.scalar(select(func.count()).select_from(Complaint)) == 1
