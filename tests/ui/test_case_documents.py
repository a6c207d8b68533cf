"""The case window's Papers tab: the kinds that apply now, a preview of the (e) notice, issuing
it frozen with its SHA-256, a reprint of the same bytes, and a certified mailing whose delivery
moves the respondent's response deadline."""

from __future__ import annotations

import hashlib
import io
from datetime import date

import pytest
from pypdf import PdfReader
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.documents.issuing import issued_for_case, reprint
from ethics_desk.documents.kinds import title_of
from ethics_desk.mail.ledger import mailings_for_case
from ethics_desk.models import AuditRecord, DeadlineStatus, MailMethod, MailOutcome
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.case.papers_panel import PapersPanel
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.mnemonics import mnemonic_of, window_mnemonics
from ethics_desk.workflow import Accept, ForwardToBoard
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import CLERK, DESK_CLERK, complete_intake, reviewed_case
from tests.workflow.helpers import deadlines

NOTICE = f"“{title_of('respondent-notice')}”"
"""The (e) notice as the window and the commands name it: by its title."""

ARTICLE = "9407 1118 9876 5432 1012 34"
RESPONDENT = "Nguyễn Thị Minh Khai"


def pdf_text(data: bytes) -> str:
    """All the text of a PDF."""
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def forwarded_case(controller: WorkflowController) -> int:
    """A case accepted and forwarded to the Board today: the (e) notice applies."""
    case_id = reviewed_case(controller)
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    return case_id


@pytest.fixture(autouse=True)
def _no_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any message box in these tests is a failure, with its text."""
    from PySide6.QtWidgets import QMessageBox

    def refuse(box: QMessageBox) -> int:
        raise AssertionError(f"unexpected message: {box.text()} {box.informativeText()}")

    monkeypatch.setattr(QMessageBox, "exec", refuse)


CODE_WAY = "handed over at the counter"
"""How the Ethics Code was provided, for an office that has stored none (§ 2-83(e))."""


def issue_notice(panel: PapersPanel) -> bytes:
    """Preview the (e) notice for the first respondent and issue it; the previewed bytes."""
    panel.choose_kind("respondent-notice")
    assert panel.recipient.currentText() == f"{RESPONDENT} (respondent)"
    panel.code_way.setText(CODE_WAY)  # no Code stored: how it was provided (§ 2-83(e))
    preview = panel.preview()
    assert preview is not None
    assert panel.issue() is not None
    return preview


def test_without_a_stored_code_the_notice_asks_how_the_code_was_provided_and_says_it(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        monkeypatch: pytest.MonkeyPatch) -> None:
    case_id = forwarded_case(controller)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    panel.choose_kind("board-transmittal")
    assert panel.code_row.isHidden()
    panel.choose_kind("respondent-notice")
    assert not panel.code_row.isHidden()
    assert panel.code_way.accessibleName() == "How the Ethics Code was provided"
    shown: list[str] = []
    from PySide6.QtWidgets import QMessageBox
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box.text()) or 0)
    preview = panel.preview()
    assert preview is not None and "NOT TO BE ISSUED" in pdf_text(preview)
    assert panel.issue() is None and "stored no Ethics Code" in shown[-1]
    assert issued_for_case(context.database, case_id, account=DESK_CLERK) == []
    panel.code_way.setText(CODE_WAY)
    assert panel.preview() is not None
    ref = panel.issue()
    assert ref is not None
    text = " ".join(pdf_text(reprint(context.database, ref.document_id, account=DESK_CLERK,
                                     clock=context.clock)).split())
    assert "provided to you on November 30, 2026 (handed over at the counter)" in text


def test_only_the_kinds_that_apply_now_are_listed(qtbot: QtBot, context: AppContext,
                                                  controller: WorkflowController) -> None:
    case_id = forwarded_case(controller)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    kinds = [line.kind for line in panel.kinds.rows()]
    assert "respondent-notice" in kinds and "board-transmittal" in kinds
    assert "defect-letter" not in kinds and "reviewer-transmittal" not in kinds
    assert not panel.issue_button.isEnabled()  # nothing previewed yet
    with pytest.raises(ValueError):
        panel.choose_kind("defect-letter")


def test_a_draft_offers_the_sworn_complaint_alone_and_no_case_the_sheet_or_packet(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    draft = controller.save_draft(complete_intake()).complaint_id
    panel = PapersPanel(context, draft)
    qtbot.addWidget(panel)
    assert [line.kind for line in panel.kinds.rows()] == ["sworn-complaint"]
    case_id = forwarded_case(controller)
    filed = PapersPanel(context, case_id)
    qtbot.addWidget(filed)
    kinds = [line.kind for line in filed.kinds.rows()]
    assert "info-sheet" not in kinds and "board-packet" not in kinds  # no case's letters

def test_preview_issue_reprint_mail_and_deliver_the_notice(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    database = context.database
    case_id = forwarded_case(controller)
    [presumed] = deadlines(database, case_id, "response")
    assert presumed.due_on == date(2026, 12, 17)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    changes: list[None] = []
    panel.changed.connect(lambda: changes.append(None))

    panel.choose_kind("respondent-notice")
    panel.code_way.setText(CODE_WAY)
    preview = panel.preview()
    assert preview is not None and panel.viewer.pdf_bytes == preview
    text = pdf_text(preview)
    assert "ERB-2026-001" in text
    assert "December 17, 2026" in text
    assert panel.issue_button.isEnabled()
    assert "PREVIEW" in panel.shown_label.text()

    ref = panel.issue()
    assert ref is not None and changes
    [issued] = issued_for_case(database, case_id, account=DESK_CLERK)
    assert issued.kind == "respondent-notice" and issued.recipient == RESPONDENT
    assert issued.issued_by == "Maria Clerk (maria)"
    assert len(panel.issued.rows()) == 1
    assert panel.issued.data(panel.issued.index(0, 5)) == "issued"
    assert panel.issued.data(panel.issued.index(0, 4)) == issued.sha256[:12] + "…"
    assert not panel.issue_button.isEnabled()  # a preview is issued once

    panel.select_issued(issued.document_id)
    frozen = panel.reprint()
    assert frozen is not None
    assert hashlib.sha256(frozen).hexdigest() == issued.sha256
    assert panel.viewer.pdf_bytes == frozen
    assert panel.viewer.page_count() == issued.page_count
    assert frozen.startswith(b"%PDF") and panel.reprint() == frozen  # identical every time
    assert "ISSUED COPY" in panel.shown_label.text()
    assert panel.reprint_button.isEnabled() and panel.save_button.isEnabled()

    dialog = panel.open_mailing_dialog()
    assert dialog is not None
    assert dialog.name.text() == RESPONDENT
    assert "P.O. Box 839966" in dialog.address.toPlainText()  # prefilled from the respondent
    assert dialog.recipient_ref.startswith("respondent:")
    assert dialog.method.currentData() == MailMethod.CERTIFIED_RRR
    dialog.tracking.setText(ARTICLE)
    dialog.accept()
    assert dialog.mailing_id is not None and not dialog.isVisible()
    [mailing] = mailings_for_case(database, case_id, account=DESK_CLERK)
    assert (mailing.method, mailing.tracking_number, mailing.mailed_on) == (
        MailMethod.CERTIFIED_RRR, ARTICLE, date(2026, 11, 30))
    assert panel.mailings.rowCount() == 1

    panel.select_mailing(mailing.mailing_id)
    assert panel.outcome_button.isEnabled()
    outcome = panel.open_outcome_dialog()
    assert outcome is not None
    outcome.set_outcome(MailOutcome.DELIVERED)
    outcome.accept()
    # The clock runs from the delivery now; the notice told 17 December, which holds (a date
    # told to a party is never shortened), where the delivery alone would give the 14th.
    assert "response due 2026-12-17" in outcome.summary
    [response] = deadlines(database, case_id, "response", DeadlineStatus.OPEN)
    assert response.trigger_on == date(2026, 11, 30) and response.trigger_basis == "actual"
    assert response.due_on == date(2026, 12, 17)
    assert panel.mailings.data(panel.mailings.index(0, 5)) == "delivered 2026-11-30"
    panel.select_mailing(mailing.mailing_id)
    assert not panel.outcome_button.isEnabled()  # recorded once


def test_a_certified_mailing_without_its_number_is_refused_and_the_dialog_stays(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.ui.case import papers_panel

    case_id = forwarded_case(controller)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    issue_notice(panel)
    shown: list[str] = []
    monkeypatch.setattr(papers_panel, "attempt", _recording_attempt(shown))
    dialog = panel.open_mailing_dialog()
    assert dialog is not None
    dialog.accept()
    assert dialog.mailing_id is None and dialog.isVisible()
    assert shown and "article number" in shown[0]
    assert mailings_for_case(context.database, case_id, account=DESK_CLERK) == []
    dialog.reject()


def _recording_attempt(shown: list[str]):  # type: ignore[no-untyped-def]
    """An ``attempt`` that records the UserError's text instead of showing a box."""
    from ethics_desk.core.errors import UserError
    from ethics_desk.ui.errors import FAILED

    def attempt(_parent: object, action, title: str = ""):  # type: ignore[no-untyped-def]
        try:
            return action()
        except UserError as error:
            shown.append(error.problem)
            return FAILED

    return attempt


def _show_papers_tab(qtbot: QtBot, window: CaseWindow, panel: PapersPanel) -> None:
    """The case window shown and its Papers tab chosen, as the clerk does."""
    window.show()
    qtbot.waitExposed(window)
    window.tabs.setCurrentWidget(panel)
    assert panel.kinds.rows()  # the tab read its lists when it was shown


def test_the_case_window_has_the_papers_tab(qtbot: QtBot, context: AppContext,
                                            controller: WorkflowController) -> None:
    case_id = forwarded_case(controller)
    window = CaseWindow(context, case_id)
    qtbot.addWidget(window)
    labels = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert "&Papers" in labels
    panel = window.papers
    _show_papers_tab(qtbot, window, panel)  # read when first shown, as the clerk opens it
    before = window.timeline.rowCount()
    issue_notice(panel)
    assert window.timeline.rowCount() > before  # the window reloaded: the issue is in History


def test_the_papers_models_pass_the_model_tester(
        qtbot: QtBot, qtmodeltester: ModelTester, context: AppContext,
        controller: WorkflowController) -> None:
    case_id = forwarded_case(controller)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    issue_notice(panel)
    panel.select_issued(issued_for_case(context.database, case_id, account=DESK_CLERK)[0].document_id)
    dialog = panel.open_mailing_dialog()
    assert dialog is not None
    dialog.tracking.setText(ARTICLE)
    dialog.accept()
    for model in (panel.kinds, panel.issued, panel.mailings):
        assert model.rowCount() > 0
        qtmodeltester.check(model)


def test_a_wrong_copy_is_voided_and_reissued_with_its_reason(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    from ethics_desk.documents.issuing import issued_for_case

    case_id = forwarded_case(controller)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    issue_notice(panel)
    [first] = issued_for_case(context.database, case_id, account=DESK_CLERK)
    panel.select_issued(first.document_id)
    assert not panel.void_button.isEnabled()  # nothing corrected to put in its place yet
    panel.preview()
    panel.select_issued(first.document_id)
    assert panel.void_button.isEnabled()
    dialog = panel.open_void_dialog()
    assert dialog is not None
    # The correction shown behind the dialog is the one that will go out.
    shown = panel.viewer.pdf_bytes
    assert shown is not None and "replaces the one issued on" in " ".join(
        pdf_text(shown).split())
    dialog.accept()  # no reason given: refused, the dialog stays
    assert dialog.isVisible() and "reason" in dialog.message.text()
    dialog.reason.setText("wrong mailing address")
    dialog.accept()
    old, new = sorted(issued_for_case(context.database, case_id, account=DESK_CLERK),
                      key=lambda r: r.document_id)
    assert old.document_id == first.document_id and old.is_void
    assert old.void_reason == "wrong mailing address"
    assert new.replaces_id == old.document_id and not new.is_void
    assert new.page_count == old.page_count  # the correction is the packet again
    assert pdf_text(shown) in pdf_text(frozen_copy(context, new.document_id))


def frozen_copy(context: AppContext, document_id: int) -> bytes:
    """The bytes an issued paper was frozen with, as a reprint gives them."""
    from ethics_desk.documents.issuing import reprint

    return reprint(context.database, document_id, account=context.signed_in,
                   clock=context.clock)


def test_a_paper_changed_since_its_preview_is_not_issued_from_the_papers_tab(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    from ethics_desk.office.actions import save_settings

    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec",
                        lambda box: told.append(f"{box.text()} {box.informativeText()}") or 0)
    case_id = forwarded_case(controller)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    panel.choose_kind("respondent-notice")
    panel.code_way.setText(CODE_WAY)
    assert panel.preview() is not None
    # Another desk changes the office's telephone number on the letterhead meanwhile.
    save_settings(context.database, {"office.phone": "(210) 555-0199"}, account=CLERK,
                  clock=context.clock)
    assert panel.issue() is None
    assert len(told) == 1 and "no longer the paper you previewed" in told[0]
    assert "Preview it again" in told[0]
    assert issued_for_case(context.database, case_id, account=DESK_CLERK) == []
    assert panel.issue_button.isEnabled()  # the preview stays; preview again to issue
    fresh = panel.preview()
    assert fresh is not None and "(210) 555-0199" in pdf_text(fresh)
    ref = panel.issue()
    assert ref is not None and ref.sha256 != ""
    assert "(210) 555-0199" in pdf_text(frozen_copy(context, ref.document_id))


def test_a_preview_in_the_papers_tab_is_on_record_with_who_saw_it(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    case_id = forwarded_case(controller)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    panel.choose_kind("respondent-notice")
    assert panel.preview() is not None
    with context.database.read_session() as session:
        record = session.scalars(select(AuditRecord).where(
            AuditRecord.complaint_id == case_id).order_by(AuditRecord.seq.desc())).first()
    assert record is not None
    assert (record.action, record.actor) == ("preview.respondent-notice", "Maria Clerk (maria)")
    assert RESPONDENT in record.summary


def test_an_issued_notice_a_closure_made_wrong_is_named_and_its_corrected_reissue_offered(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    from ethics_desk.deadlines.closures import add_closure

    case_id = forwarded_case(controller)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    issue_notice(panel)
    [first] = issued_for_case(context.database, case_id, account=DESK_CLERK)
    assert not panel.stale_label.isVisibleTo(panel)
    add_closure(context.database, date(2026, 12, 10), "Winter weather closure",
                account=CLERK, clock=context.clock)
    panel.refresh()
    assert panel.stale_label.isVisibleTo(panel) and panel.correct_button.isEnabled()
    assert "states “Respondent's sworn response" in panel.stale_label.text()
    assert "2026-12-17; it is now 2026-12-18" in panel.stale_label.text()
    dialog = panel.prepare_correction()
    assert dialog is not None
    assert panel._preview is not None
    preview = " ".join(pdf_text(panel._preview[2]).split())
    assert "This corrected copy replaces the one issued on November 30, 2026" in preview
    assert "Friday, December 18, 2026" in preview
    assert "2026-12-17" in dialog.reason.text() and "2026-12-18" in dialog.reason.text()
    dialog.accept()
    old, new = sorted(issued_for_case(context.database, case_id, account=DESK_CLERK),
                      key=lambda r: r.document_id)
    assert old.document_id == first.document_id and old.is_void
    assert new.replaces_id == first.document_id
    assert not panel.stale_label.isVisibleTo(panel)


def test_the_case_window_names_an_issued_paper_whose_date_no_longer_holds(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    from ethics_desk.deadlines.closures import add_closure

    case_id = forwarded_case(controller)
    window = CaseWindow(context, case_id)
    qtbot.addWidget(window)
    panel = window.papers
    _show_papers_tab(qtbot, window, panel)
    issue_notice(panel)
    add_closure(context.database, date(2026, 12, 10), "Winter weather closure",
                account=CLERK, clock=context.clock)
    window.reload()
    assert f"⚠ Warning: {NOTICE} to" in window.header.text()
    assert "2026-12-17; it is now 2026-12-18" in window.header.text()
    assert "Papers tab" in window.header.text()
    window.tabs.setCurrentWidget(panel)
    panel.refresh()
    letter = mnemonic_of(panel.correct_button.text())
    assert letter is not None
    assert window_mnemonics(window, shown_only=False)[letter] == [panel.correct_button.text()]
