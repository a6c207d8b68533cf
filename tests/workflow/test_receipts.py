"""§ 2-83(e)(3): the complainant's reply clock runs from their actual receipt of the response."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import RuleError
from ethics_desk.intake.record import RespondentData
from ethics_desk.models import CaseState, DeadlineStatus, Respondent
from ethics_desk.storage.database import Database
from ethics_desk.workflow import (
    Accept,
    Event,
    FileReply,
    FileResponse,
    ForwardToBoard,
    RecordComplainantReceipt,
)
from ethics_desk.workflow.controller import WorkflowController
from ethics_desk.workflow.table import BY_EVENT
from tests.conftest import NOW
from tests.factories import complete_intake, reviewed_case
from tests.workflow.helpers import audit_actions, case, deadlines

TODAY = NOW.date()  # Monday 2026-11-30


def respondent_ids(database: Database, case_id: int) -> list[int]:
    """The case's respondents in filing order."""
    with database.read_session() as session:
        return list(session.scalars(select(Respondent.id).where(
            Respondent.complaint_id == case_id).order_by(Respondent.position)))


def awaiting_response(controller: WorkflowController, respondents: int = 1) -> int:
    """A case forwarded to the Board with ``respondents`` respondents."""
    intake = complete_intake()
    if respondents > 1:
        extra = [RespondentData(name=f"Respondent {n}", title="Inspector", address="San Antonio")
                 for n in range(2, respondents + 1)]
        intake = complete_intake(respondents=[*intake.respondents, *extra])
    case_id = reviewed_case(controller, intake=intake)
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    return case_id


def respond(controller: WorkflowController, case_id: int, respondent_id: int) -> None:
    """A sworn response filed today, its copy mailed to the complainant today."""
    controller.fire(case_id, FileResponse(respondent_id=respondent_id, received_on=TODAY,
                                          sworn=True, forwarded_on=TODAY, copy_mailed_on=TODAY))


def test_the_complainants_receipt_restarts_the_reply_clock_from_that_day(
        controller: WorkflowController) -> None:
    case_id = awaiting_response(controller)
    [respondent_id] = respondent_ids(controller.database, case_id)
    respond(controller, case_id, respondent_id)
    [presumed] = deadlines(controller.database, case_id, "reply")
    assert presumed.trigger_basis == "presumed" and presumed.due_on == date(2026, 12, 10)

    result = controller.fire(case_id, RecordComplainantReceipt(
        respondent_id=respondent_id, received_on=TODAY, detail="delivered (return receipt)"))

    assert "reply due 2026-12-07" in result.summary  # Mon 30 Nov + 5 business days
    [reply] = deadlines(controller.database, case_id, "reply", DeadlineStatus.OPEN)
    assert reply.subject == f"respondent:{respondent_id}"
    assert reply.trigger_basis == "actual" and reply.trigger_on == TODAY
    assert reply.due_on == date(2026, 12, 7)
    assert "delivered (return receipt)" in reply.explanation
    [old] = deadlines(controller.database, case_id, "reply", DeadlineStatus.CANCELLED)
    assert old.id == presumed.id
    assert case(controller.database, case_id).state is CaseState.RESPONSE_FILED
    assert audit_actions(controller.database, case_id)[-1] == "event.record_complainant_receipt"


def test_there_is_no_copy_to_receive_before_a_response_is_filed(
        controller: WorkflowController) -> None:
    case_id = awaiting_response(controller)
    [respondent_id] = respondent_ids(controller.database, case_id)
    with pytest.raises(RuleError, match=r"§ 2-83\(e\)\(3\)"):
        controller.fire(case_id, RecordComplainantReceipt(respondent_id=respondent_id,
                                                          received_on=TODAY))


def test_the_receipt_names_a_respondent_who_has_responded(
        controller: WorkflowController) -> None:
    case_id = awaiting_response(controller, respondents=2)
    first, second = respondent_ids(controller.database, case_id)
    respond(controller, case_id, first)
    with pytest.raises(RuleError, match="No response of Respondent 2"):
        controller.fire(case_id, RecordComplainantReceipt(respondent_id=second,
                                                          received_on=TODAY))
    with pytest.raises(RuleError, match="not a party"):
        controller.fire(case_id, RecordComplainantReceipt(respondent_id=99999, received_on=TODAY))


def test_a_receipt_date_in_the_future_or_missing_is_refused(
        controller: WorkflowController) -> None:
    case_id = awaiting_response(controller)
    [respondent_id] = respondent_ids(controller.database, case_id)
    respond(controller, case_id, respondent_id)
    with pytest.raises(RuleError, match="in the future"):
        controller.fire(case_id, RecordComplainantReceipt(
            respondent_id=respondent_id, received_on=TODAY + timedelta(days=1)))
    with pytest.raises(RuleError, match="Enter the date"):
        controller.fire(case_id, RecordComplainantReceipt(respondent_id=respondent_id))


def test_a_receipt_recorded_after_the_reply_opens_no_clock(
        controller: WorkflowController) -> None:
    case_id = awaiting_response(controller)
    [respondent_id] = respondent_ids(controller.database, case_id)
    respond(controller, case_id, respondent_id)
    controller.fire(case_id, FileReply(received_on=TODAY, sworn=True))
    result = controller.fire(case_id, RecordComplainantReceipt(respondent_id=respondent_id,
                                                               received_on=TODAY))
    assert "already filed" in result.summary
    assert deadlines(controller.database, case_id, "reply", DeadlineStatus.OPEN) == []
    assert case(controller.database, case_id).state is CaseState.REPLY_FILED


def test_the_event_has_its_row_and_citation() -> None:
    row = BY_EVENT[Event.RECORD_COMPLAINANT_RECEIPT]
    assert row.citation == "§ 2-83(e)(3)"
    assert row.sources == {CaseState.RESPONSE_FILED, CaseState.REPLY_FILED}
