"""The papers in Spanish at the counter and in the case: the language chosen at intake is stored
and prints the complainant's receipt, the Papers tab offers it by default, and the information
sheet is shown in English, Spanish or both."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.models import AuditRecord, Complaint, Language
from ethics_desk.storage.database import Database
from ethics_desk.ui.case.papers_panel import PapersPanel
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.documents import show_info_sheet
from ethics_desk.ui.intake.wizard import IntakeWizard
from ethics_desk.ui.language import chosen_language
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import complete_intake, filed_case
from tests.ui.intake_driver import (
    exhibit_pdf,
    fill_affidavit,
    fill_allegation,
    fill_complainant,
    fill_documents,
    fill_facts,
    fill_oath,
    fill_respondent,
    next_page,
)


def _pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


@pytest.fixture(autouse=True)
def _no_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any message box in these tests is a failure, with its text."""
    from PySide6.QtWidgets import QMessageBox

    def refuse(box: QMessageBox) -> int:
        raise AssertionError(f"unexpected message: {box.text()} {box.informativeText()}")

    monkeypatch.setattr(QMessageBox, "exec", refuse)


def test_the_language_chosen_at_intake_is_stored_and_prints_the_receipt_in_spanish(
        qtbot: QtBot, context: AppContext, database: Database, tmp_path: Path) -> None:
    wizard = IntakeWizard(context)
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    fill_complainant(qtbot, wizard)
    language = wizard.currentPage().language
    assert chosen_language(language) is Language.ENGLISH  # the default
    language.setFocus()
    qtbot.keyClick(language, Qt.Key.Key_Down)  # as a clerk chooses it, from the keyboard
    assert chosen_language(language) is Language.SPANISH
    next_page(qtbot, wizard)
    for fill in (fill_respondent, fill_allegation, fill_facts):
        fill(qtbot, wizard)
        next_page(qtbot, wizard)
    fill_documents(qtbot, wizard, exhibit_pdf(tmp_path))
    next_page(qtbot, wizard)
    fill_affidavit(qtbot, wizard)
    next_page(qtbot, wizard)
    fill_oath(qtbot, wizard)
    next_page(qtbot, wizard)
    wizard.accept()
    assert wizard.filed_case_id is not None
    with database.read_session() as session:
        complaint = session.get(Complaint, wizard.filed_case_id)
        assert complaint is not None
        assert complaint.complainants[0].preferred_language is Language.SPANISH
        assert complaint.respondents[0].preferred_language is Language.ENGLISH
    receipt = "\n".join(_pages(wizard.result_dialog.viewers["receipt"].pdf_bytes))
    assert "Comprobante de una denuncia de ética jurada" in receipt
    wizard.result_dialog.close()


def test_the_papers_tab_offers_the_recipients_language_where_the_paper_has_it(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    intake = complete_intake()
    intake.complainant.preferred_language = Language.SPANISH
    case_id = filed_case(controller, intake)
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    panel.choose_kind("receipt")
    assert chosen_language(panel.language) is Language.SPANISH and panel.language.isEnabled()
    preview = panel.preview()
    assert preview is not None and "Comprobante" in _pages(preview)[0]
    assert "Español" in panel.shown_label.text()
    panel.language.setCurrentIndex(panel.language.findData(Language.ENGLISH.value))
    assert not panel.issue_button.isEnabled()  # the preview shown is the Spanish one
    panel.language.setCurrentIndex(panel.language.findData(Language.SPANISH.value))
    assert panel.issue() is not None
    panel.choose_kind("envelope")  # no Spanish template: English, and no choice
    assert chosen_language(panel.language) is Language.ENGLISH
    assert not panel.language.isEnabled()


def test_the_information_sheet_is_shown_in_english_spanish_or_both_and_its_print_says_which(
        qtbot: QtBot, context: AppContext, database: Database) -> None:
    dialog = show_info_sheet(context, None)
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert "How to File an Ethics Complaint" in _pages(dialog.viewer.pdf_bytes)[0]
    dialog.choose((Language.ENGLISH, Language.SPANISH))
    pages = _pages(dialog.viewer.pdf_bytes)
    assert len(pages) == 2 and "Cómo presentar una denuncia de ética" in pages[1]
    dialog.audit(2)
    with database.read_session() as session:
        record = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "print.info-sheet")).one()
    assert "in English and Español (Spanish)" in record.summary
    dialog.close()
