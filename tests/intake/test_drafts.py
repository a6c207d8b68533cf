"""A draft reads back exactly as the clerk left it, and the resume list shows it."""

from __future__ import annotations

from datetime import timedelta

from ethics_desk.intake.drafts import list_drafts, load_intake
from ethics_desk.intake.record import Intake, RespondentData
from ethics_desk.models import Route
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import NOW
from tests.factories import CLERK, DESK_CLERK, complete_intake, filed_case, provision_id


def test_a_saved_draft_reads_back_as_the_same_intake(database: Database,
                                                     controller: WorkflowController) -> None:
    intake = complete_intake(provision_ids=[provision_id(database, "2-49")],
                             route=Route.ETHICS_CODE)
    draft = controller.save_draft(intake)
    loaded, version = load_intake(database, draft.complaint_id, account=CLERK)
    assert loaded == intake
    assert version == draft.version


def test_saving_a_draft_again_keeps_its_attachments_without_rewriting_them(
        database: Database, controller: WorkflowController) -> None:
    from sqlalchemy import select

    from ethics_desk.models import Attachment

    draft = controller.save_draft(complete_intake())
    with database.read_session() as session:
        first = session.scalars(select(Attachment.id)).all()
    controller.save_draft(complete_intake(nature="Changed."), draft.complaint_id)
    with database.read_session() as session:
        assert session.scalars(select(Attachment.id)).all() == first


def test_the_resume_list_shows_only_unfiled_drafts_newest_first(
        database: Database, controller: WorkflowController) -> None:
    filed_case(controller)
    empty = controller.save_draft(Intake())
    later = WorkflowController.unrestricted(database, "Ana Ruiz", clock=lambda: NOW + timedelta(minutes=5))
    named = later.save_draft(Intake(respondents=[RespondentData(name="Zoë Ødegård")]))
    drafts = list_drafts(database, account=DESK_CLERK)
    assert [d.complaint_id for d in drafts] == [named.complaint_id, empty.complaint_id]
    labels = {d.complaint_id: d.label for d in drafts}
    assert "no complainant yet about Zoë Ødegård" in labels[named.complaint_id]


def test_a_draft_keeps_the_intake_step_the_clerk_was_on(database: Database,
                                                         controller: WorkflowController) -> None:
    from ethics_desk.intake.drafts import resume_step

    first = controller.save_draft(Intake(), step=3)
    assert resume_step(database, first.complaint_id, account=CLERK) == 3
    again = controller.save_draft(Intake(), first.complaint_id,
                                  expected_version=first.version, step=5)
    assert resume_step(database, again.complaint_id, account=CLERK) == 5
    controller.save_draft(Intake(), first.complaint_id, expected_version=again.version)
    assert resume_step(database, first.complaint_id, account=CLERK) == 5  # a save without a step keeps it
    other = controller.save_draft(Intake())
    assert resume_step(database, other.complaint_id, account=CLERK) == 0  # none kept: the first step
