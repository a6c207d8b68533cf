"""Issuing: the service renders the paper from the record and freezes it; reprints; void and
reissue; the (e) packet; the print queue."""

from __future__ import annotations

import hashlib
import inspect
import io
import json
from datetime import date, timedelta
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen import canvas
from sqlalchemy import func, select, text

from ethics_desk.core.account import Account
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.roles import Role
from ethics_desk.documents import issuing, wording
from ethics_desk.documents.issuing import (
    RESPONDENT_NOTICE,
    issue,
    issued_for_case,
    print_queue,
    reprint,
    void_and_reissue,
)
from ethics_desk.documents.making import recipients, render_letter
from ethics_desk.documents.render.letter_data import CodeProvided
from ethics_desk.mail.ledger import record_mailing
from ethics_desk.models import AuditRecord, IssuedDocument, MailMethod, Setting
from ethics_desk.office.actions import save_settings
from ethics_desk.storage.audit import verify_chain
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Accept, ForwardForReview, ForwardToBoard
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.documents.render.helpers import screenshot
from tests.factories import CLERK as CLERK_ACCOUNT
from tests.factories import CODE_HANDED_OVER, DESK_CLERK, filed_case, reviewed_case
from tests.workflow.helpers import audit_actions

CLERK = DESK_CLERK.display
ANA = Account(2, "aruiz", "Ana Ruiz", Role.CLERK)
"""Another of the Clerk's staff."""
NEXT_DAY = fixed_clock(NOW + timedelta(days=1))


def pdf(*pages: str) -> bytes:
    """A small PDF with one page per text (an Ethics Code the office stores)."""
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


def issued_count(database: Database) -> int:
    """How many papers were ever issued."""
    with database.read_session() as session:
        return session.scalar(select(func.count()).select_from(IssuedDocument)) or 0


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


@pytest.fixture
def under_review(controller: WorkflowController) -> int:
    """A sworn complaint forwarded to the reviewers (§ 2-83(d)(1))."""
    case = filed_case(controller)
    controller.fire(case, ForwardForReview())
    return case


@pytest.fixture
def before_the_board(controller: WorkflowController) -> int:
    """A complaint forwarded to the Board, awaiting the respondent's response (§ 2-83(e))."""
    case = reviewed_case(controller)
    controller.fire(case, Accept())
    controller.fire(case, ForwardToBoard())
    return case


def issue_notice(database: Database, case: int) -> issuing.IssuedRef:
    """The (e) notice to the case's first respondent, issued (with how the Code was provided,
    for an office that has stored none)."""
    return issue(database, case, RESPONDENT_NOTICE, account=DESK_CLERK, clock=CLOCK,
                 code_provided=CODE_HANDED_OVER)


def notice_pages(database: Database) -> int:
    """The notice's own pages in the packet issued last (its audit record says)."""
    pages = json.loads(last_audit(database, "document.issue").detail)["notice_pages"]
    assert isinstance(pages, int) and pages >= 1
    return pages


# -- an issued paper is what the record says ------------------------------------------------


def test_no_caller_hands_the_issuing_service_bytes_to_freeze() -> None:
    for service in (issue, void_and_reissue):
        parameters = inspect.signature(inspect.unwrap(service)).parameters.values()
        assert [p.name for p in parameters if "bytes" in str(p.annotation)] == [], service
    assert not hasattr(issuing, "issue_respondent_packet")
    assert not hasattr(issuing, "respondent_packet_bytes")


def test_issuing_renders_the_paper_from_the_record_and_freezes_it_with_who_and_when(
        database: Database, case_id: int) -> None:
    preview = render_letter(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    ref = issue(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)

    row = stored(database, ref.document_id)
    assert row.content == preview  # the preview is the same rendering
    assert row.sha256 == ref.sha256 == hashlib.sha256(preview).hexdigest()
    assert row.page_count == ref.page_count == len(PdfReader(io.BytesIO(preview)).pages)
    assert (row.issued_by, row.issued_at) == (CLERK, NOW)
    [complainant] = recipients(database, case_id, "receipt", account=DESK_CLERK)
    assert ref.recipient == complainant.name  # from the case, not from the caller
    assert complainant.name in page_texts(row.content)[0]
    record = last_audit(database, "document.issue")
    assert record.complaint_id == case_id and record.actor == CLERK
    assert json.loads(record.detail)["sha256"] == ref.sha256
    assert f"Issued “Filing receipt for the complainant” to {complainant.name}" in record.summary
    assert issued_for_case(database, case_id, account=DESK_CLERK) == [ref]


def test_the_paper_previewed_is_the_paper_issued(database: Database, case_id: int) -> None:
    preview = render_letter(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    ref = issue(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK,
                previewed=hashlib.sha256(preview).hexdigest())
    assert reprint(database, ref.document_id, account=DESK_CLERK, clock=CLOCK) == preview


def test_a_paper_whose_record_changed_since_its_preview_is_not_issued(
        database: Database, case_id: int) -> None:
    before = render_letter(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    save_settings(database, {"office.phone": "(210) 555-0199"}, account=CLERK_ACCOUNT,
                  clock=CLOCK)
    with pytest.raises(UserError, match="no longer the paper you previewed") as raised:
        issue(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK,
              previewed=hashlib.sha256(before).hexdigest())
    assert "Preview it again" in raised.value.fix
    assert issued_count(database) == 0
    assert "document.issue" not in audit_actions(database, case_id)
    after = render_letter(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    ref = issue(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK,
                previewed=hashlib.sha256(after).hexdigest())
    assert "(210) 555-0199" in " ".join(page_texts(stored(database, ref.document_id).content))


def test_a_letter_previewed_on_another_day_is_not_issued_today(
        database: Database, under_review: int) -> None:
    yesterdays = render_letter(database, under_review, "filing-notice", account=DESK_CLERK,
                               clock=CLOCK)
    with pytest.raises(UserError, match="no longer the paper you previewed"):
        issue(database, under_review, "filing-notice", account=DESK_CLERK, clock=NEXT_DAY,
              previewed=hashlib.sha256(yesterdays).hexdigest())
    assert issued_count(database) == 0


def test_a_kind_that_does_not_apply_to_the_case_is_not_issued(
        database: Database, case_id: int) -> None:
    with pytest.raises(UserError, match="does not apply to"):
        issue(database, case_id, RESPONDENT_NOTICE, account=DESK_CLERK, clock=CLOCK)
    with pytest.raises(UserError, match="there is no number 2"):
        issue(database, case_id, "receipt", recipient_index=1, account=DESK_CLERK, clock=CLOCK)
    assert issued_count(database) == 0


def test_a_reprint_is_the_same_bytes_and_is_audited(database: Database, case_id: int) -> None:
    ref = issue(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    first = stored(database, ref.document_id).content
    assert reprint(database, ref.document_id, account=DESK_CLERK, clock=CLOCK) == first
    assert reprint(database, ref.document_id, account=ANA, clock=NEXT_DAY) == first
    assert audit_actions(database, case_id)[-2:] == ["print.receipt", "print.receipt"]
    assert last_audit(database, "print.receipt").actor == ANA.display


def test_a_damaged_stored_copy_is_refused(database: Database, case_id: int) -> None:
    ref = issue(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    with database.unit_of_work() as session:
        session.execute(text("UPDATE issued_document SET content = :c WHERE id = :i"),
                        {"c": pdf("Altered"), "i": ref.document_id})
    with pytest.raises(StorageError, match="stored copy is damaged"):
        reprint(database, ref.document_id, account=DESK_CLERK, clock=CLOCK)
    assert "print.receipt" not in audit_actions(database, case_id)


def test_void_and_reissue_keeps_the_old_bytes_and_renders_the_correction_from_the_record(
        database: Database, under_review: int) -> None:
    first = issue(database, under_review, "filing-notice", account=DESK_CLERK, clock=CLOCK)
    old_bytes = stored(database, first.document_id).content
    correction = render_letter(database, under_review, "filing-notice", account=ANA,
                               clock=NEXT_DAY, replaces_issued_on=NOW.date())

    new = void_and_reissue(database, first.document_id, account=ANA,
                           reason="Wrong street number", clock=NEXT_DAY,
                           previewed=hashlib.sha256(correction).hexdigest())

    old = stored(database, first.document_id)
    assert old.voided_by == ANA.display and old.voided_at == NEXT_DAY()
    assert old.void_reason == "Wrong street number"
    assert reprint(database, first.document_id, account=DESK_CLERK, clock=CLOCK) == old_bytes
    assert new.replaces_id == first.document_id and new.kind == "filing-notice"
    assert new.recipient == first.recipient
    assert stored(database, new.document_id).content == correction
    assert "replaces the one issued on" in " ".join(page_texts(correction)).replace("\n", " ")
    assert audit_actions(database, under_review)[-3:-1] == ["document.void", "document.issue"]
    assert json.loads(last_audit(database, "document.issue").detail)["replaces_id"] == \
        first.document_id
    assert [r.is_void for r in issued_for_case(database, under_review, account=DESK_CLERK)] \
        == [True, False]
    with pytest.raises(UserError, match="already voided"):
        void_and_reissue(database, first.document_id, account=DESK_CLERK, reason="Again",
                         clock=CLOCK)


def test_void_and_reissue_needs_a_reason_and_is_all_or_nothing(
        database: Database, case_id: int) -> None:
    first = issue(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    with pytest.raises(UserError, match="why"):
        void_and_reissue(database, first.document_id, account=DESK_CLERK, reason=" ",
                         clock=CLOCK)
    stale_preview = render_letter(database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    save_settings(database, {"office.phone": "(210) 555-0199"}, account=CLERK_ACCOUNT,
                  clock=CLOCK)
    with pytest.raises(UserError, match="no longer the paper you previewed"):
        void_and_reissue(database, first.document_id, account=DESK_CLERK, reason="Typo",
                         clock=CLOCK, previewed=hashlib.sha256(stale_preview).hexdigest())
    assert stored(database, first.document_id).voided_at is None
    assert "document.void" not in audit_actions(database, case_id)
    assert issued_count(database) == 1


# -- the (e) packet -------------------------------------------------------------------------


def test_the_notice_is_refused_without_the_code_or_how_it_was_provided(
        database: Database, before_the_board: int) -> None:
    with pytest.raises(UserError) as refused:
        issue(database, before_the_board, RESPONDENT_NOTICE, account=DESK_CLERK, clock=CLOCK)
    assert "stored no Ethics Code" in refused.value.problem
    assert "§ 2-83(e)" in refused.value.problem and "Nothing was issued" in refused.value.problem
    assert "handed over at the counter" in refused.value.fix and "Settings" in refused.value.fix
    assert issued_for_case(database, before_the_board, account=DESK_CLERK) == []


def test_without_the_code_the_notice_says_how_it_was_provided_and_encloses_no_placeholder(
        database: Database, before_the_board: int) -> None:
    notice = render_letter(database, before_the_board, RESPONDENT_NOTICE, account=DESK_CLERK,
                           clock=CLOCK, code_provided=CODE_HANDED_OVER)
    ref = issue_notice(database, before_the_board)
    content = reprint(database, ref.document_id, account=DESK_CLERK, clock=CLOCK)
    screenshot("respondent-notice-code-provided", content)
    texts = page_texts(content)
    assert texts == page_texts(notice) and ref.page_count == notice_pages(database)
    words = " ".join(" ".join(texts).split())
    assert ("A copy of the Ethics Code was provided to you on November 30, 2026 (handed over at "
            "the counter), as § 2-83(e) requires; it is not enclosed") in words
    assert "Not enclosed: the Ethics Code, provided to you on November 30, 2026" in words
    assert "A copy of the Ethics Code (City Code" not in words
    assert "stands in for the City's Ethics Code" not in words
    record = last_audit(database, "document.issue")
    assert "without the Ethics Code enclosed: it was provided on 2026-11-30 (handed over at " \
        "the counter)" in record.summary
    detail = json.loads(record.detail)
    assert (detail["enclosure"], detail["code_provided_on"], detail["code_provided_way"]) == (
        None, "2026-11-30", "handed over at the counter")


def test_a_preview_without_the_code_or_how_it_was_provided_says_it_cannot_be_issued(
        database: Database, before_the_board: int) -> None:
    preview = render_letter(database, before_the_board, RESPONDENT_NOTICE, account=DESK_CLERK,
                            clock=CLOCK)
    screenshot("respondent-notice-code-missing", preview)
    words = " ".join(" ".join(page_texts(preview)).split())
    assert "NOT TO BE ISSUED" in words and "NOT ENCLOSED: the Ethics Code" in words
    assert "A copy of the Ethics Code is enclosed" not in words


@pytest.mark.parametrize(("provided", "problem"), [
    (CodeProvided(date(2026, 12, 1), "link e-mailed"), "in the future"),
    (CodeProvided(date(2026, 11, 30), "   "), "Say how the Ethics Code was provided"),
    (CodeProvided(date(2026, 11, 30), "x" * 201), "longer than 200")])
def test_how_the_code_was_provided_is_checked(database: Database, before_the_board: int,
                                              provided: CodeProvided,
                                              problem: str) -> None:
    with pytest.raises(UserError, match=problem):
        issue(database, before_the_board, RESPONDENT_NOTICE, account=DESK_CLERK, clock=CLOCK,
              code_provided=provided)
    assert issued_for_case(database, before_the_board, account=DESK_CLERK) == []


def test_the_packet_encloses_the_ethics_code_the_office_stored(
        database: Database, before_the_board: int) -> None:
    code = pdf("Sec. 2-41", "Sec. 2-42", "Sec. 2-43")
    wording.set_enclosure(database, code, "Ethics Code.pdf", seen=None, account=CLERK_ACCOUNT,
                          clock=CLOCK)
    ref = issue_notice(database, before_the_board)
    texts = page_texts(reprint(database, ref.document_id, account=DESK_CLERK, clock=CLOCK))
    pages = notice_pages(database)
    words = " ".join(" ".join(texts[:pages]).split())
    assert "A copy of the Ethics Code is enclosed, as § 2-83(e) requires." in words
    assert "A copy of the Ethics Code (City Code Chapter 2, Article IX)" in words
    assert "provided to you on" not in words  # enclosed, so the record of another way is moot
    assert len(texts) == pages + 3
    assert ["Sec. 2-41" in texts[pages], "Sec. 2-42" in texts[pages + 1],
            "Sec. 2-43" in texts[pages + 2]] == [True, True, True]
    detail = json.loads(last_audit(database, "document.issue").detail)
    assert detail["enclosure"] == "Ethics Code.pdf"
    assert detail["enclosure_sha256"] == hashlib.sha256(code).hexdigest()
    assert detail["enclosure_placeholder"] is False


def test_an_enclosure_path_set_at_a_desk_before_is_still_enclosed_until_the_code_is_stored(
        database: Database, before_the_board: int, tmp_path: Path) -> None:
    code = tmp_path / "Ethics Code.pdf"
    code.write_bytes(pdf("Sec. 2-41"))
    set_old_desk_path(database, str(code))
    ref = issue_notice(database, before_the_board)
    texts = page_texts(reprint(database, ref.document_id, account=DESK_CLERK, clock=CLOCK))
    assert len(texts) == notice_pages(database) + 1 and "Sec. 2-41" in texts[-1]
    assert json.loads(last_audit(database, "document.issue").detail)["enclosure"] == str(code)


def test_a_missing_enclosure_blocks_the_packet_naming_the_file_and_the_fix(
        database: Database, before_the_board: int, tmp_path: Path) -> None:
    missing = tmp_path / "gone" / "Ethics Code.pdf"
    set_old_desk_path(database, str(missing))
    with pytest.raises(UserError) as raised:
        issue_notice(database, before_the_board)
    assert str(missing) in raised.value.problem and "cannot be issued" in raised.value.problem
    assert "Settings" in raised.value.fix
    assert issued_for_case(database, before_the_board, account=DESK_CLERK) == []


def test_an_enclosure_that_is_not_a_pdf_blocks_the_packet(
        database: Database, before_the_board: int, tmp_path: Path) -> None:
    bad = tmp_path / "code.pdf"
    bad.write_text("this is a Word document really")
    set_old_desk_path(database, str(bad))
    with pytest.raises(UserError, match="not a readable PDF"):
        issue_notice(database, before_the_board)
    assert issued_for_case(database, before_the_board, account=DESK_CLERK) == []


def test_a_corrected_notice_is_issued_as_a_packet_to_the_same_respondent(
        database: Database, before_the_board: int) -> None:
    wording.set_enclosure(database, pdf("Sec. 2-41"), "Ethics Code.pdf", seen=None,
                          account=CLERK_ACCOUNT, clock=CLOCK)
    first = issue_notice(database, before_the_board)
    new = void_and_reissue(database, first.document_id, account=DESK_CLERK, reason="Moved",
                           clock=NEXT_DAY)
    assert new.recipient == first.recipient and new.kind == RESPONDENT_NOTICE
    texts = page_texts(reprint(database, new.document_id, account=DESK_CLERK, clock=CLOCK))
    assert "Sec. 2-41" in texts[notice_pages(database)]


def test_a_corrected_notice_without_the_code_says_again_how_it_was_provided(
        database: Database, before_the_board: int) -> None:
    first = issue_notice(database, before_the_board)
    with pytest.raises(UserError, match="stored no Ethics Code"):
        void_and_reissue(database, first.document_id, account=DESK_CLERK, reason="Moved",
                         clock=NEXT_DAY)
    assert stored(database, first.document_id).voided_at is None
    new = void_and_reissue(database, first.document_id, account=DESK_CLERK, reason="Moved",
                           clock=NEXT_DAY, code_provided=CODE_HANDED_OVER)
    words = " ".join(" ".join(page_texts(reprint(database, new.document_id,
                                                  account=DESK_CLERK, clock=CLOCK))).split())
    assert "provided to you on November 30, 2026 (handed over at the counter)" in words


# -- the print queue ------------------------------------------------------------------------


def test_the_print_queue_holds_issued_documents_until_they_are_mailed(
        database: Database, before_the_board: int) -> None:
    receipt = issue(database, before_the_board, "receipt", account=DESK_CLERK, clock=CLOCK)
    notice = issue_notice(database, before_the_board)
    wrong = issue(database, before_the_board, "board-transmittal", account=DESK_CLERK,
                  clock=CLOCK)
    void_and_reissue(database, wrong.document_id, account=DESK_CLERK, reason="Typo",
                     clock=CLOCK)

    queue = print_queue(database, account=DESK_CLERK)
    assert [q.kind for q in queue] == ["receipt", RESPONDENT_NOTICE, "board-transmittal"]
    assert wrong.document_id not in [q.document_id for q in queue]
    assert all(q.case_number for q in queue)

    record_mailing(database, notice.document_id, recipient_name=notice.recipient,
                   recipient_ref="respondent:1", address="P.O. Box 839966",
                   method=MailMethod.CERTIFIED_RRR, tracking_number="9407 1000 0000 0000 0001",
                   mailed_on=date(2026, 11, 30), account=DESK_CLERK, clock=CLOCK)
    record_mailing(database, receipt.document_id, recipient_name=receipt.recipient,
                   method=MailMethod.HAND_DELIVERY, mailed_on=None, account=DESK_CLERK,
                   clock=CLOCK)
    assert [q.kind for q in print_queue(database, account=DESK_CLERK)] == \
        ["receipt", "board-transmittal"]
    with database.read_session() as session:
        assert verify_chain(session) == []

