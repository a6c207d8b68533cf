"""A batch from the print queue: the letters as issued, an envelope or a label per item with a
mailing address, one certificate of mailing per case, the print audited, and items without an
address or no longer queued left out with the reason."""

from __future__ import annotations

import io
import json
from datetime import datetime

import pytest
from pypdf import PdfReader
from sqlalchemy import select

from ethics_desk.core.errors import UserError
from ethics_desk.documents.issuing import IssuedRef, issue, print_queue
from ethics_desk.documents.render.mailing import LABELS_PER_SHEET
from ethics_desk.mail.batch import BatchPaper, addressees, default_method, prepare_batch
from ethics_desk.mail.ledger import record_mailing
from ethics_desk.models import AuditRecord, IssuedDocument, MailMethod
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Accept, ForwardToBoard
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import NOW
from tests.factories import (
    CODE_HANDED_OVER,
    DESK_CLERK,
    complete_intake,
    filed_case,
    reviewed_case,
)

CLERK = DESK_CLERK.display
COMPLAINANT = "José Peña"
RESPONDENT = "Nguyễn Thị Minh Khai"
BOARD = "Members of the Ethics Review Board"


def clock() -> datetime:
    """The tests' fixed "now"."""
    return NOW


def pages(data: bytes) -> list[tuple[float, float, str]]:
    """Each page's width and height in points, and its text."""
    reader = PdfReader(io.BytesIO(data))
    return [(float(p.mediabox.width), float(p.mediabox.height), p.extract_text())
            for p in reader.pages]


def queued_case(database: Database, controller: WorkflowController) -> list[IssuedRef]:
    """A forwarded case with three papers queued: a receipt to the complainant, the (e) notice
    to the respondent, and a transmittal to the Board."""
    case_id = reviewed_case(controller)
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    issued = [issue(database, case_id, kind, account=DESK_CLERK, clock=clock,
                    code_provided=CODE_HANDED_OVER if kind == "respondent-notice" else None)
              for kind in ("receipt", "respondent-notice", "board-transmittal")]
    assert [ref.recipient for ref in issued] == [COMPLAINANT, RESPONDENT, BOARD]
    return issued


def stored(database: Database, ref: IssuedRef) -> bytes:
    """The bytes frozen when ``ref`` was issued (read without a print, which is audited)."""
    with database.read_session() as session:
        document = session.get(IssuedDocument, ref.document_id)
        assert document is not None
        return document.content


def queue_ids(database: Database) -> list[int]:
    """The document ids in the print queue, in order."""
    return [item.document_id for item in print_queue(database, account=DESK_CLERK)]


def audit_of(database: Database, action: str) -> list[AuditRecord]:
    """The audit records of an action, oldest first."""
    with database.read_session() as session:
        return list(session.scalars(select(AuditRecord).where(AuditRecord.action == action)
                                    .order_by(AuditRecord.seq)))


def test_the_letters_are_the_issued_bytes_in_queue_order_and_each_print_is_audited(
        database: Database, controller: WorkflowController) -> None:
    issued = queued_case(database, controller)
    batch = prepare_batch(database, queue_ids(database), BatchPaper.LETTERS, account=DESK_CLERK,
                          clock=clock)
    assert [d.pages for d in batch.documents] == [ref.page_count for ref in issued]
    assert batch.pages == sum(ref.page_count for ref in issued)
    assert [d.pdf for d in batch.documents] == [stored(database, ref) for ref in issued]
    assert batch.left_out == ()
    assert [r.action for r in audit_of(database, "print.receipt")] == ["print.receipt"]
    assert len(print_queue(database, account=DESK_CLERK)) == len(issued)  # printing is not mailing


def test_an_envelope_for_each_item_with_an_address_and_the_board_left_out_with_the_reason(
        database: Database, controller: WorkflowController) -> None:
    issued = queued_case(database, controller)
    batch = prepare_batch(database, queue_ids(database), BatchPaper.ENVELOPES, account=DESK_CLERK,
                          clock=clock)
    assert len(batch.documents) == 2
    [(width, height, receipt)] = pages(batch.documents[0].pdf)
    assert (width, height) == (684, 297)  # a #10 envelope, landscape
    assert "411 W. Nueva St." in receipt and COMPLAINANT in receipt
    assert "P.O. Box 839966" in pages(batch.documents[1].pdf)[0][2]
    assert "ERB-2026-001" not in receipt and "ethics" not in receipt.lower()  # § 2-83(h)
    [left_out] = batch.left_out
    assert BOARD in left_out and "not a party with a mailing address" in left_out
    [record] = audit_of(database, "print.envelope")
    assert json.loads(record.detail)["document_ids"] == [issued[0].document_id, issued[1].document_id]
    assert COMPLAINANT in record.summary and RESPONDENT in record.summary


def test_labels_fill_sheets_of_thirty_one_label_per_item(
        database: Database, controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    for _ in range(LABELS_PER_SHEET + 1):
        issue(database, case_id, "receipt", account=DESK_CLERK, clock=clock)
    batch = prepare_batch(database, queue_ids(database), BatchPaper.LABELS, account=DESK_CLERK,
                          clock=clock)
    [labels] = batch.documents
    sheets = pages(labels.pdf)
    assert labels.pages == len(sheets) == 2
    assert (sheets[0][0], sheets[0][1]) == (612, 792)  # US Letter
    assert sheets[0][2].count("411 W. Nueva St.") == LABELS_PER_SHEET
    assert sheets[1][2].count("411 W. Nueva St.") == 1
    assert len(audit_of(database, "print.labels")) == 1


def test_one_certificate_of_mailing_per_case_with_the_usual_method_of_each_kind(
        database: Database, controller: WorkflowController) -> None:
    queued_case(database, controller)
    other = filed_case(controller, complete_intake())
    issue(database, other, "receipt", account=DESK_CLERK, clock=clock)
    batch = prepare_batch(database, queue_ids(database), BatchPaper.CERTIFICATE, account=DESK_CLERK,
                          clock=clock)
    assert [d.label for d in batch.documents] == ["certificate of mailing for ERB-2026-001",
                                                  "certificate of mailing for ERB-2026-002"]
    first = " ".join(text for _w, _h, text in pages(batch.documents[0].pdf))
    assert "ERB-2026-001" in first and "ERB-2026-002" not in first
    assert "Certified mail, return receipt requested" in first  # the (e) notice
    assert "First class mail" in first  # the receipt
    assert "November 30, 2026" in first
    assert BOARD not in first
    assert batch.pages == sum(d.pages for d in batch.documents) >= 2
    assert len(audit_of(database, "print.certificate-of-mailing")) == 2
    assert default_method("respondent-notice") is MailMethod.CERTIFIED_RRR


def test_an_item_mailed_since_the_list_was_read_is_left_out_and_said_so(
        database: Database, controller: WorkflowController) -> None:
    issued = queued_case(database, controller)
    ids = queue_ids(database)
    record_mailing(database, issued[0].document_id, recipient_name=COMPLAINANT,
                   address="411 W. Nueva St.", method=MailMethod.FIRST_CLASS,
                   mailed_on=NOW.date(), account=DESK_CLERK, clock=clock)
    batch = prepare_batch(database, ids, BatchPaper.LETTERS, account=DESK_CLERK, clock=clock)
    assert [item.document_id for item in batch.items] == ids[1:]
    assert batch.left_out and "no longer in the print queue" in batch.left_out[0]


def test_nothing_to_print_is_a_clear_message(database: Database,
                                             controller: WorkflowController) -> None:
    with pytest.raises(UserError, match="nothing in the print queue"):
        prepare_batch(database, [], BatchPaper.LETTERS, account=DESK_CLERK, clock=clock)
    case_id = reviewed_case(controller)
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    ref = issue(database, case_id, "board-transmittal", account=DESK_CLERK, clock=clock)
    assert ref.recipient == BOARD
    with pytest.raises(UserError, match="has a mailing address") as raised:
        prepare_batch(database, [ref.document_id], BatchPaper.LABELS, account=DESK_CLERK, clock=clock)
    assert "deliver the papers by hand" in raised.value.fix
    assert audit_of(database, "print.labels") == []


def test_the_address_is_the_one_on_the_case_matched_by_the_recipient_s_name(
        database: Database, controller: WorkflowController) -> None:
    queued_case(database, controller)
    found = addressees(database, print_queue(database, account=DESK_CLERK),
                       account=DESK_CLERK)
    assert [(a.party.name if a.party else None, a.has_address) for a in found] == [
        (COMPLAINANT, True), (RESPONDENT, True), (None, False)]


def test_the_letters_print_as_one_run_whose_pages_are_the_issued_papers_in_queue_order(
        database: Database, controller: WorkflowController) -> None:
    from ethics_desk.documents.print_run import page_fingerprints
    from ethics_desk.storage.audit import verify_chain

    issued = queued_case(database, controller)
    batch = prepare_batch(database, queue_ids(database), BatchPaper.LETTERS, account=DESK_CLERK,
                          clock=clock)
    counts = [ref.page_count for ref in issued]
    assert [(p.first_page, p.pages) for p in batch.run.parts] == [
        (sum(counts[:i]), n) for i, n in enumerate(counts)]
    assert [text for _w, _h, text in pages(batch.run.pdf)] == [
        text for ref in issued for _w, _h, text in pages(stored(database, ref))]
    assert page_fingerprints(PdfReader(io.BytesIO(batch.run.pdf))) == [
        f for d in batch.documents for f in page_fingerprints(PdfReader(io.BytesIO(d.pdf)))]
    reprints = [r for r in audit_of(database, "print.receipt")
                + audit_of(database, "print.respondent-notice")
                + audit_of(database, "print.board-transmittal")]
    assert sorted(json.loads(r.detail)["document_id"] for r in reprints) == queue_ids(database)
    assert len({r.at for r in reprints}) == 1  # one act, one transaction
    with database.read_session() as session:
        assert verify_chain(session) == []  # the records written together chain as one by one


def test_envelopes_print_as_one_run_of_one_page_per_addressed_item(
        database: Database, controller: WorkflowController) -> None:
    queued_case(database, controller)
    batch = prepare_batch(database, queue_ids(database), BatchPaper.ENVELOPES, account=DESK_CLERK,
                          clock=clock)
    assert [p.pages for p in batch.run.parts] == [1, 1] == [d.pages for d in batch.documents]
    assert [text for _w, _h, text in pages(batch.run.pdf)] == [
        text for d in batch.documents for _w, _h, text in pages(d.pdf)]
