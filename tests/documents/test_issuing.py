"""Issuing: frozen bytes with their SHA-256, identical reprints, void and reissue, the (e) packet."""

from __future__ import annotations

import hashlib
import io
import json
from datetime import date, datetime
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen import canvas
from sqlalchemy import select, text

from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.documents import papers
from ethics_desk.documents.issuing import (
    RESPONDENT_NOTICE,
    issue,
    issue_respondent_packet,
    issued_for_case,
    print_queue,
    reprint,
    void_and_reissue,
)
from ethics_desk.mail.ledger import record_mailing
from ethics_desk.models import AuditRecord, IssuedDocument, MailMethod, Setting
from ethics_desk.office import wording
from ethics_desk.staff.accounts import Account
from ethics_desk.staff.roles import Role
from ethics_desk.storage.audit import verify_chain
from ethics_desk.storage.database import Database
from ethics_desk.workflow import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.factories import CLERK as CLERK_ACCOUNT
from tests.factories import DESK_CLERK, filed_case
from tests.workflow.helpers import audit_actions

CLERK = DESK_CLERK.display
ANA = Account(2, "aruiz", "Ana Ruiz", Role.CLERK)
"""Another of the Clerk's staff."""


def clock() -> datetime:
    """The tests' fixed "now"."""
    return NOW


def pdf(*pages: str) -> bytes:
    """A small PDF with one page per text."""
    out = io.BytesIO()
    drawing = canvas.Canvas(out, pagesize=LETTER, invariant=1)
    for page in pages:
        drawing.drawString(72, 700, page)
        drawing.showPage()
    drawing.save()
    return out.getvalue()


def page_texts(content: bytes) -> list[str]:
    """The text of each page."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def stored(database: Database, document_id: int) -> IssuedDocument:
    """The issued document row with its bytes loaded."""
    with database.read_session() as session:
        document = session.get(IssuedDocument, document_id)
        assert document is not None
        _ = document.content
        return document


def last_audit(database: Database, action: str) -> AuditRecord:
    """The newest audit record of an action."""
    with database.read_session() as session:
        record = session.scalars(select(AuditRecord).where(AuditRecord.action == action)
                                 .order_by(AuditRecord.seq.desc())).first()
        assert record is not None
        return record


def set_old_desk_path(database: Database, path: str) -> None:
    """The enclosure as a desk set it before revision 0006: a file path in a setting."""
    with database.unit_of_work() as session:
        session.add(Setting(key=wording.OLD_ENCLOSURE_SETTING, value=json.dumps(path)))


@pytest.fixture
def case_id(controller: WorkflowController) -> int:
    """A filed complaint."""
    return filed_case(controller)


def test_issuing_freezes_the_bytes_with_their_sha256_who_and_when(
        database: Database, case_id: int) -> None:
    receipt = papers.receipt(database, case_id, today=CLOCK().date())
    ref = issue(database, case_id, "receipt", "José Peña", receipt, account=DESK_CLERK, clock=clock)

    row = stored(database, ref.document_id)
    assert row.content == receipt
    assert row.sha256 == ref.sha256 == hashlib.sha256(receipt).hexdigest()
    assert row.page_count == ref.page_count == len(PdfReader(io.BytesIO(receipt)).pages)
    assert (row.issued_by, row.issued_at) == (CLERK, NOW)
    record = last_audit(database, "document.issue")
    assert record.complaint_id == case_id
    assert json.loads(record.detail)["sha256"] == ref.sha256
    assert "Issued the receipt to José Peña" in record.summary
    assert issued_for_case(database, case_id, account=DESK_CLERK) == [ref]


def test_a_reprint_is_the_same_bytes_and_is_audited(database: Database, case_id: int) -> None:
    receipt = papers.receipt(database, case_id, today=CLOCK().date())
    ref = issue(database, case_id, "receipt", "José Peña", receipt, account=DESK_CLERK, clock=clock)
    assert reprint(database, ref.document_id, account=DESK_CLERK, clock=CLOCK) == receipt
    assert reprint(database, ref.document_id, account=ANA, clock=CLOCK) == receipt
    assert audit_actions(database, case_id)[-2:] == ["print.receipt", "print.receipt"]
    assert last_audit(database, "print.receipt").actor == ANA.display


def test_a_damaged_stored_copy_is_refused(database: Database, case_id: int) -> None:
    ref = issue(database, case_id, "receipt", "José Peña", pdf("Receipt"), account=DESK_CLERK, clock=CLOCK)
    with database.unit_of_work() as session:
        session.execute(text("UPDATE issued_document SET content = :c WHERE id = :i"),
                        {"c": pdf("Altered"), "i": ref.document_id})
    with pytest.raises(StorageError, match="stored copy is damaged"):
        reprint(database, ref.document_id, account=DESK_CLERK, clock=CLOCK)
    assert "print.receipt" not in audit_actions(database, case_id)


def test_what_is_not_a_pdf_is_not_issued(database: Database, case_id: int) -> None:
    with pytest.raises(UserError, match="not a readable PDF"):
        issue(database, case_id, "receipt", "José Peña", b"not a pdf", account=DESK_CLERK, clock=CLOCK)
    assert issued_for_case(database, case_id, account=DESK_CLERK) == []


def test_void_and_reissue_keeps_the_old_bytes_and_links_the_correction(
        database: Database, case_id: int) -> None:
    first = issue(database, case_id, "receipt", "José Peña", pdf("Wrong address"), account=DESK_CLERK,
                  clock=CLOCK)
    corrected = pdf("Right address")

    new = void_and_reissue(database, first.document_id, corrected, account=ANA,
                           reason="Wrong street number", clock=clock)

    old = stored(database, first.document_id)
    assert old.voided_by == ANA.display and old.voided_at == NOW
    assert old.void_reason == "Wrong street number"
    assert reprint(database, first.document_id, account=DESK_CLERK, clock=CLOCK) == pdf("Wrong address")
    assert new.replaces_id == first.document_id and new.kind == "receipt"
    assert new.recipient == "José Peña"
    assert stored(database, new.document_id).content == corrected
    assert audit_actions(database, case_id)[-3:-1] == ["document.void", "document.issue"]
    assert json.loads(last_audit(database, "document.issue").detail)["replaces_id"] == \
        first.document_id
    assert [r.is_void for r in issued_for_case(database, case_id, account=DESK_CLERK)] == [True, False]
    with pytest.raises(UserError, match="already voided"):
        void_and_reissue(database, first.document_id, corrected, account=DESK_CLERK, reason="Again",
                         clock=CLOCK)


def test_void_and_reissue_needs_a_reason_and_is_all_or_nothing(
        database: Database, case_id: int) -> None:
    first = issue(database, case_id, "receipt", "José Peña", pdf("Receipt"), account=DESK_CLERK, clock=CLOCK)
    with pytest.raises(UserError, match="why"):
        void_and_reissue(database, first.document_id, pdf("New"), account=DESK_CLERK, reason=" ", clock=CLOCK)
    with pytest.raises(UserError, match="not a readable PDF"):
        void_and_reissue(database, first.document_id, b"broken", account=DESK_CLERK, reason="Typo",
                         clock=CLOCK)
    assert stored(database, first.document_id).voided_at is None
    assert "document.void" not in audit_actions(database, case_id)


def test_the_respondent_packet_is_the_notice_followed_by_the_placeholder_code(
        database: Database, case_id: int) -> None:
    notice = pdf("NOTICE page one", "NOTICE page two")
    ref = issue_respondent_packet(database, case_id, "Nguyễn Thị Minh Khai", notice,
                                  account=DESK_CLERK, clock=clock)
    texts = page_texts(reprint(database, ref.document_id, account=DESK_CLERK, clock=CLOCK))
    assert ref.kind == RESPONDENT_NOTICE and ref.page_count == len(texts) == 3
    assert "NOTICE page one" in texts[0] and "NOTICE page two" in texts[1]
    assert "stands in for the City's Ethics Code" in texts[2]
    record = last_audit(database, "document.issue")
    assert "PLACEHOLDER" in record.summary
    assert json.loads(record.detail)["enclosure_placeholder"] is True


def test_the_packet_encloses_the_ethics_code_the_office_stored(
        database: Database, case_id: int) -> None:
    code = pdf("Sec. 2-41", "Sec. 2-42", "Sec. 2-43")
    wording.set_enclosure(database, code, "Ethics Code.pdf", seen=None, account=CLERK_ACCOUNT,
                          clock=CLOCK)
    ref = issue_respondent_packet(database, case_id, "Nguyễn Thị Minh Khai", pdf("NOTICE"),
                                  account=DESK_CLERK, clock=CLOCK)
    texts = page_texts(reprint(database, ref.document_id, account=DESK_CLERK, clock=CLOCK))
    assert len(texts) == 4 and "NOTICE" in texts[0]
    assert ["Sec. 2-41" in texts[1], "Sec. 2-42" in texts[2], "Sec. 2-43" in texts[3]] == \
        [True, True, True]
    detail = json.loads(last_audit(database, "document.issue").detail)
    assert detail["enclosure"] == "Ethics Code.pdf"
    assert detail["enclosure_sha256"] == hashlib.sha256(code).hexdigest()
    assert detail["enclosure_placeholder"] is False


def test_an_enclosure_path_set_at_a_desk_before_is_still_enclosed_until_the_code_is_stored(
        database: Database, case_id: int, tmp_path: Path) -> None:
    code = tmp_path / "Ethics Code.pdf"
    code.write_bytes(pdf("Sec. 2-41"))
    set_old_desk_path(database, str(code))
    ref = issue_respondent_packet(database, case_id, "Nguyễn Thị Minh Khai", pdf("NOTICE"),
                                  account=DESK_CLERK, clock=CLOCK)
    texts = page_texts(reprint(database, ref.document_id, account=DESK_CLERK, clock=CLOCK))
    assert len(texts) == 2 and "Sec. 2-41" in texts[1]
    assert json.loads(last_audit(database, "document.issue").detail)["enclosure"] == str(code)


def test_a_missing_enclosure_blocks_the_packet_naming_the_file_and_the_fix(
        database: Database, case_id: int, tmp_path: Path) -> None:
    missing = tmp_path / "gone" / "Ethics Code.pdf"
    set_old_desk_path(database, str(missing))
    with pytest.raises(UserError) as raised:
        issue_respondent_packet(database, case_id, "Nguyễn Thị Minh Khai", pdf("NOTICE"),
                                account=DESK_CLERK, clock=CLOCK)
    assert str(missing) in raised.value.problem and "cannot be issued" in raised.value.problem
    assert "Settings" in raised.value.fix
    assert issued_for_case(database, case_id, account=DESK_CLERK) == []


def test_an_enclosure_that_is_not_a_pdf_blocks_the_packet(
        database: Database, case_id: int, tmp_path: Path) -> None:
    bad = tmp_path / "code.pdf"
    bad.write_text("this is a Word document really")
    set_old_desk_path(database, str(bad))
    with pytest.raises(UserError, match="not a readable PDF"):
        issue_respondent_packet(database, case_id, "Nguyễn Thị Minh Khai", pdf("NOTICE"),
                                account=DESK_CLERK, clock=CLOCK)
    assert issued_for_case(database, case_id, account=DESK_CLERK) == []


def test_the_print_queue_holds_issued_documents_until_they_are_mailed(
        database: Database, case_id: int) -> None:
    receipt = issue(database, case_id, "receipt", "José Peña", pdf("Receipt"), account=DESK_CLERK,
                    clock=CLOCK)
    notice = issue_respondent_packet(database, case_id, "Nguyễn Thị Minh Khai", pdf("NOTICE"),
                                     account=DESK_CLERK, clock=CLOCK)
    wrong = issue(database, case_id, "defect-letter", "José Peña", pdf("Draft"), account=DESK_CLERK,
                  clock=CLOCK)
    void_and_reissue(database, wrong.document_id, pdf("Letter"), account=DESK_CLERK, reason="Typo",
                     clock=CLOCK)

    queue = print_queue(database, account=DESK_CLERK)
    assert [q.kind for q in queue] == ["receipt", RESPONDENT_NOTICE, "defect-letter"]
    assert wrong.document_id not in [q.document_id for q in queue]
    assert all(q.case_number for q in queue)

    record_mailing(database, notice.document_id, recipient_name="Nguyễn Thị Minh Khai",
                   recipient_ref="respondent:1", address="P.O. Box 839966",
                   method=MailMethod.CERTIFIED_RRR, tracking_number="9407 1000 0000 0000 0001",
                   mailed_on=date(2026, 11, 30), account=DESK_CLERK, clock=clock)
    record_mailing(database, receipt.document_id, recipient_name="José Peña",
                   method=MailMethod.HAND_DELIVERY, mailed_on=None, account=DESK_CLERK, clock=clock)
    assert [q.kind for q in print_queue(database, account=DESK_CLERK)] == ["receipt", "defect-letter"]
    with database.read_session() as session:
        assert verify_chain(session) == []
