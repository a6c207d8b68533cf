"""What the documents show is resolved from settings, an intake or a stored case, without a session."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import UserError
from ethics_desk.documents.render.data import (
    Letterhead,
    clock_time,
    complaint_paper_from_case,
    complaint_paper_from_intake,
    letterhead_from_settings,
    long_date,
    period_in_words,
    receipt_paper_from_case,
)
from ethics_desk.intake.record import AttachmentData, DocumentData
from ethics_desk.models import (
    Affirmation,
    Complaint,
    DocumentList,
    KnowledgeBasis,
    ViolationPeriod,
)
from ethics_desk.office import settings
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import NOW
from tests.documents.render.helpers import OFFICE_TZ
from tests.factories import complete_intake, filed_case, provision_id, sworn_oath


def test_dates_and_times_read_as_a_letter_writes_them() -> None:
    assert long_date(date(2026, 11, 30)) == "November 30, 2026"
    # a moment is printed in the office's zone, whichever zone it comes in
    assert clock_time(datetime(2026, 11, 30, 16, 5, tzinfo=UTC), OFFICE_TZ) == "10:05 a.m. CST"
    assert clock_time(datetime(2026, 11, 30, 10, 5, tzinfo=OFFICE_TZ), OFFICE_TZ) == "10:05 a.m. CST"
    assert clock_time(datetime(2026, 7, 1, 0, 30, tzinfo=OFFICE_TZ), OFFICE_TZ) == "12:30 a.m. CDT"
    assert clock_time(datetime(2026, 7, 1, 13, 0, tzinfo=OFFICE_TZ), OFFICE_TZ) == "1:00 p.m. CDT"


@pytest.mark.parametrize(("period", "end", "words"), [
    (ViolationPeriod.SINGLE_DATE, None, "On October 3, 2026"),
    (ViolationPeriod.RANGE, date(2026, 10, 17), "From October 3, 2026 through October 17, 2026"),
    (ViolationPeriod.ONGOING_SINCE, None, "From October 3, 2026, and continuing"),
])
def test_the_c6_period_is_put_in_words(period: ViolationPeriod, end: date | None,
                                       words: str) -> None:
    assert period_in_words(period, date(2026, 10, 3), end) == words
    assert period_in_words(None, None, None) == ""


def test_the_complaint_paper_from_an_intake_sorts_the_three_c7_lists_and_hashes_attachments(
        ) -> None:
    attachment = AttachmentData("photo.jpg", "image/jpeg", b"\xff\xd8 jpeg bytes")
    intake = complete_intake(documents=[
        DocumentData(DocumentList.IN_POSSESSION, "Photograph", attachment=attachment),
        DocumentData(DocumentList.NOT_IN_POSSESSION, "GPS logs", "Fleet Services"),
        DocumentData(DocumentList.UNAVAILABLE, "Text messages", ""),
    ], oath=sworn_oath(affirmation=Affirmation.GOOD_REASON_TO_BELIEVE,
                       knowledge=KnowledgeBasis.INFORMATION_AND_BELIEF,
                       source_and_basis="A co-worker told me."))
    paper = complaint_paper_from_intake(intake, ["§ 2-49 Use of City resources"] * 2, Letterhead())
    assert paper.provisions == ("§ 2-49 Use of City resources",)
    assert [d.description for d in paper.in_possession] == ["Photograph"]
    assert paper.in_possession[0].attachment is not None
    assert paper.in_possession[0].attachment.sha256 == attachment.sha256
    assert paper.in_possession[0].attachment.size == len(attachment.content)
    assert [(d.description, d.location) for d in paper.not_in_possession] == \
        [("GPS logs", "Fleet Services")]
    assert [d.description for d in paper.unavailable] == ["Text messages"]
    assert paper.affirmation is Affirmation.GOOD_REASON_TO_BELIEVE
    assert paper.source_and_basis == "A co-worker told me."
    assert paper.case_number == "" and not paper.is_filed
    assert paper.period == "From October 3, 2026 through October 17, 2026"


def test_the_letterhead_comes_from_the_office_settings(database: Database) -> None:
    with database.read_session() as session:
        assert letterhead_from_settings(session) == Letterhead()
    with database.unit_of_work() as session:
        settings.set_value(session, "office.phone", "210-555-0100", actor="test", at=NOW)
        settings.set_value(session, "office.signatory", "Debbie Racca-Sittre", actor="test", at=NOW)
    with database.read_session() as session:
        head = letterhead_from_settings(session)
    assert head.phone == "210-555-0100"
    assert head.signatory == "Debbie Racca-Sittre"
    assert head.mailing_address == "P.O. Box 839966\nSan Antonio, TX 78283-3966"


def test_the_complaint_paper_from_a_filed_case_carries_its_case_number_and_provisions(
        controller: WorkflowController, database: Database) -> None:
    intake = replace(complete_intake(), provision_ids=[provision_id(database, "2-49")])
    case_id = filed_case(controller, intake)
    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None
        paper = complaint_paper_from_case(complaint, Letterhead())
        receipt = receipt_paper_from_case(complaint, Letterhead())
    assert paper.is_filed and paper.case_number.startswith("ERB-2026-")
    assert paper.received_at is not None and paper.received_at.utcoffset() is not None
    assert paper.complainant.name == "José Peña"
    assert [r.name for r in paper.respondents] == ["Nguyễn Thị Minh Khai"]
    assert len(paper.provisions) == 1 and "2-49" in paper.provisions[0]
    assert paper.in_possession[0].attachment is not None
    assert paper.in_possession[0].attachment.file_name == "truck.pdf"
    assert paper.oath.notary_name == "Ana María Treviño"
    assert receipt.case_number == paper.case_number
    assert receipt.received_by == "Maria Clerk"
    assert receipt.issued_on == receipt.received_at.date()


def test_a_receipt_needs_a_filed_case(controller: WorkflowController,
                                      database: Database) -> None:
    draft = controller.save_draft(complete_intake())
    with database.read_session() as session:
        complaint = session.scalar(select(Complaint).where(Complaint.id == draft.complaint_id))
        assert complaint is not None
        with pytest.raises(UserError, match="has not been filed"):
            receipt_paper_from_case(complaint, Letterhead())
