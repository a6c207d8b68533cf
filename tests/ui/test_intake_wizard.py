"""The intake wizard, driven through its real widgets: from empty to a filed case."""

from __future__ import annotations

import io
import sys
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication, QWizard
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.models import AuditRecord, CaseState, Complaint, DocumentList, Route
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.intake.allegation_page import AllegationPage
from ethics_desk.ui.intake.facts_page import FactsPage
from ethics_desk.ui.intake.respondents_page import RespondentsPage
from ethics_desk.ui.intake.review_page import ReviewPage
from ethics_desk.ui.intake.wizard import IntakeWizard
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import CLERK, DESK_CLERK, complete_intake, filed_case
from tests.ui.conftest import type_text
from tests.ui.intake_driver import (
    add_witness,
    click,
    drive_to_review,
    exhibit_pdf,
    fill_complainant,
    fill_witnesses,
    next_page,
)


@pytest.fixture
def wizard(qtbot: QtBot, context: AppContext) -> IntakeWizard:
    """A new, empty intake wizard on screen."""
    w = IntakeWizard(context)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def _pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def _stored(database: Database, case_id: int) -> Complaint:
    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None
        # Load what the assertions read while the session is open.
        _ = (complaint.complainants, complaint.respondents, complaint.attachments,
             complaint.documents, complaint.oath, complaint.allegations)
        for allegation in complaint.allegations:
            _ = allegation.provision
        return complaint


def test_a_clerk_takes_a_sworn_complaint_from_empty_to_filed(
        qtbot: QtBot, wizard: IntakeWizard, database: Database, tmp_path: Path) -> None:
    drive_to_review(qtbot, wizard, exhibit_pdf(tmp_path))
    summary = wizard.currentPage().summary.toPlainText()
    assert "Ready to file" in summary
    assert "José Peña" in summary and "Nguyễn Thị Minh Khai" in summary
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert wizard.filed_case_id is not None
    stored = _stored(database, wizard.filed_case_id)
    assert stored.state is CaseState.FILED
    assert stored.case_number == "ERB-2026-001"
    assert stored.complainants[0].name == "José Peña"
    assert stored.complainants[0].phone == "(210) 555-0143"
    assert [(r.name, r.title) for r in stored.respondents] == [("Nguyễn Thị Minh Khai",
                                                                "Director")]
    assert [a.provision.section for a in stored.allegations if a.provision] == ["2-49"]
    assert [a.file_name for a in stored.attachments] == ["truck-photos.pdf"]
    assert {d.list_kind for d in stored.documents} == {DocumentList.IN_POSSESSION,
                                                       DocumentList.NOT_IN_POSSESSION}
    assert stored.oath is not None and stored.oath.notary_name == "Ana María Treviño"
    papers = wizard.result_dialog
    assert papers is not None
    receipt = _pdf_text(papers.viewers["receipt"].pdf_bytes)
    assert "ERB-2026-001" in receipt and "José Peña" in receipt
    papers.close()


def test_an_unsworn_complaint_is_filed_and_returned_with_its_letter(
        qtbot: QtBot, wizard: IntakeWizard, database: Database, tmp_path: Path) -> None:
    drive_to_review(qtbot, wizard, exhibit_pdf(tmp_path), sworn=False)
    assert "not sworn" in wizard.currentPage().summary.toPlainText()
    wizard.accept()
    stored = _stored(database, wizard.filed_case_id or 0)
    assert stored.state is CaseState.RETURNED_UNSWORN
    assert list(wizard.result_dialog.viewers) == ["unsworn-return"]  # no "sworn" receipt
    letter = _pdf_text(wizard.result_dialog.viewers["unsworn-return"].pdf_bytes)
    assert "ERB-2026-001" in letter and "José Peña" in letter and "not sworn" in letter
    wizard.result_dialog.close()


def test_a_return_that_fails_at_finish_leaves_no_complaint_filed_and_the_form_as_typed(
        qtbot: QtBot, wizard: IntakeWizard, database: Database, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.core.errors import RuleError, UserError
    from ethics_desk.core.events import Event
    from ethics_desk.workflow.table import BY_EVENT

    def refused(_ctx: object, _payload: object) -> object:
        raise RuleError("The return letter could not be made", "§ 2-83(c)")

    told: list[UserError] = []
    monkeypatch.setitem(BY_EVENT, Event.RETURN_UNSWORN,
                        replace(BY_EVENT[Event.RETURN_UNSWORN], effect=refused))
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda _parent, error, _title="": told.append(error))
    drive_to_review(qtbot, wizard, exhibit_pdf(tmp_path), sworn=False)
    wizard.accept()
    assert [error.problem for error in told] == ["The return letter could not be made (§ 2-83(c))"]
    assert wizard.filed_case_id is None and wizard.isVisible()  # the form stays, as typed
    with database.read_session() as session:
        assert [c.state for c in session.scalars(select(Complaint))
                if c.state is not CaseState.DRAFT] == []  # filed with the return, or not at all


def test_every_required_field_says_what_is_missing_beside_it(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.COMPLAINANT  # Next checks, it is never disabled
    page = wizard.currentPage()
    for key, words in (("complainant.name", "§ 2-83(c)(1)"),
                       ("complainant.address", "§ 2-83(c)(2)"),
                       ("complainant.phone", "§ 2-83(c)(2)")):
        message = page.form.messages[key]
        assert message.isVisible() and words in message.text(), key
    qtbot.keyClicks(page.phone, "555-01")
    next_page(qtbot, wizard)
    assert "not a US telephone number" in page.form.messages["complainant.phone"].text()
    page.phone.clear()
    fill_complainant(qtbot, wizard)
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.RESPONDENTS
    next_page(qtbot, wizard)
    box = wizard.currentPage().boxes[0]
    assert wizard.currentPage().none_message.isVisible()
    qtbot.keyClicks(box.name, "Ana Ruiz")
    next_page(qtbot, wizard)
    assert "§ 2-83(c)(4)" in box.form.messages["respondents[0].title"].text()
    qtbot.keyClicks(box.title_edit, "Inspector")
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.ALLEGATION
    next_page(qtbot, wizard)
    page = wizard.currentPage()
    assert "§ 2-83(c)(5)" in page.form.messages["nature"].text()
    assert "⚠" in page.form.messages["provision_ids"].text()  # a warning: ask the complainant
    assert not page.form.messages["route"].isVisible()  # the route is preselected


def test_information_and_belief_needs_its_source_and_basis(
        qtbot: QtBot, wizard: IntakeWizard, tmp_path: Path) -> None:
    drive_to_review(qtbot, wizard, exhibit_pdf(tmp_path))
    wizard.go_to(IntakeWizard.AFFIDAVIT)
    page = wizard.currentPage()
    click(qtbot, page.information)
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.AFFIDAVIT
    assert "source and basis" in page.form.messages["oath.source_and_basis"].text()
    type_text(qtbot, page.source, "A Parks employee told me; I saw the fleet logbook.")
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.SIGNING


def test_a_draft_survives_the_wizard_being_destroyed_mid_way(
        qtbot: QtBot, context: AppContext, database: Database) -> None:
    first = IntakeWizard(context)  # not handed to qtbot: this test destroys it itself
    first.show()
    fill_complainant(qtbot, first, name="Zoë Ødegård")
    qtbot.waitUntil(lambda: first.draft_id is not None and "saved" in first.windowTitle())
    draft_id = first.draft_id
    first.deleteLater()  # no close, no goodbye: as if the application had died
    qtbot.wait(10)
    from ethics_desk.intake.drafts import list_drafts

    assert [d.complaint_id for d in list_drafts(database, account=DESK_CLERK)] == [draft_id]
    resumed = IntakeWizard(context, draft_id)
    qtbot.addWidget(resumed)
    resumed.show()
    page = resumed.currentPage()
    assert page.name.text() == "Zoë Ødegård"
    assert page.phone.text() == "(210) 555-0143"
    assert "411 W. Nueva St." in page.address.toPlainText()


def test_closing_the_wizard_keeps_the_draft(qtbot: QtBot, wizard: IntakeWizard,
                                            database: Database) -> None:
    fill_complainant(qtbot, wizard)
    wizard.close()
    with database.read_session() as session:
        drafts = session.scalars(select(Complaint).where(
            Complaint.state == CaseState.DRAFT)).all()
        assert len(drafts) == 1 and drafts[0].complainants[0].name == "José Peña"


def test_the_sworn_complaint_is_previewed_and_printed_for_signing(
        qtbot: QtBot, wizard: IntakeWizard, database: Database, tmp_path: Path) -> None:
    drive_to_review(qtbot, wizard, exhibit_pdf(tmp_path))
    wizard.go_to(IntakeWizard.SIGNING)
    viewer = wizard.currentPage().viewer
    assert viewer.page_count() >= 1
    text = _pdf_text(viewer.pdf_bytes)
    for element in ("José Peña", "Nguyễn Thị Minh Khai", "Sworn to and subscribed before me",
                    "Notary Public, State of Texas", "truck-photos.pdf"):
        assert element in text, element
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    target = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(target))
    pages = wizard.print_sworn_complaint(printer)
    assert pages == viewer.page_count()
    assert len(PdfReader(target).pages) == pages
    with database.read_session() as session:
        assert session.scalar(select(AuditRecord.action).order_by(
            AuditRecord.seq.desc()).limit(1)) == "print.sworn-complaint"


def test_provisions_are_found_by_typing_and_choose_the_route(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    fill_complainant(qtbot, wizard)
    next_page(qtbot, wizard)
    from tests.ui.intake_driver import fill_respondent

    fill_respondent(qtbot, wizard)
    next_page(qtbot, wizard)
    page = wizard.currentPage()
    qtbot.keyClicks(page.search, "BANK account")
    assert page.proxy.rowCount() == 1
    page.proxy.setData(page.proxy.index(0, 0), Qt.CheckState.Checked.value,
                       Qt.ItemDataRole.CheckStateRole)
    assert page.campaign.isChecked()
    assert "Campaign finance" in page.route_note.text()


def test_the_later_pages_also_say_what_is_missing_beside_each_field(
        qtbot: QtBot, wizard: IntakeWizard, tmp_path: Path) -> None:
    from tests.ui.intake_driver import (
        fill_affidavit,
        fill_allegation,
        fill_documents,
        fill_facts,
        fill_respondent,
    )

    for fill in (fill_complainant, fill_respondent, fill_allegation):
        fill(qtbot, wizard)
        next_page(qtbot, wizard)
    page = wizard.currentPage()
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.FACTS
    assert "§ 2-83(c)(6)" in page.form.messages["facts"].text()
    assert "date or period" in page.form.messages["violation_start"].text()
    fill_facts(qtbot, wizard)
    next_page(qtbot, wizard)
    fill_documents(qtbot, wizard, exhibit_pdf(tmp_path))
    next_page(qtbot, wizard)
    page = wizard.currentPage()
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.AFFIDAVIT
    assert "true and correct" in page.form.messages["oath.affirmation"].text()
    assert "personal knowledge" in page.form.messages["oath.knowledge"].text()
    fill_affidavit(qtbot, wizard)
    next_page(qtbot, wizard)
    page = wizard.currentPage()
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.SIGNING
    assert "whether the complainant swore" in page.form.messages["oath.sworn"].text()
    click(qtbot, page.sworn)
    page.county.clear()
    next_page(qtbot, wizard)
    assert "notary's name" in page.form.messages["oath.notary_name"].text()
    assert "county" in page.form.messages["oath.county"].text()


def test_a_file_that_is_not_a_pdf_or_image_is_refused_with_the_fix(
        qtbot: QtBot, wizard: IntakeWizard, tmp_path: Path) -> None:
    from ethics_desk.ui.intake.documents_page import DocumentsPage

    page = wizard.page(IntakeWizard.DOCUMENTS)
    assert isinstance(page, DocumentsPage)
    macro = tmp_path / "evidence.docm"
    macro.write_bytes(b"PK\x03\x04")
    [refusal] = page.attach_paths([macro])
    assert "not a PDF or an image" in refusal and "save it as a PDF" in refusal
    assert page.attachments == []


def test_a_file_over_the_size_limit_is_refused_with_the_fix(
        qtbot: QtBot, wizard: IntakeWizard, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.intake import record

    monkeypatch.setattr(record, "MAX_ATTACHMENT_BYTES", 1024 * 1024)
    big = tmp_path / "scan.pdf"
    big.write_bytes(b"%PDF-1.4\n" + b"0" * (2 * 1024 * 1024))
    page = wizard.page(IntakeWizard.DOCUMENTS)
    [refusal] = page.attach_paths([big])
    assert "2.0 MB; the limit is 1 MB" in refusal and "lower resolution" in refusal
    assert page.form is not None and page.attachments == []


@pytest.mark.skipif(sys.platform == "win32", reason="no /dev/zero on Windows")
def test_a_pdf_that_is_a_link_to_dev_zero_is_refused_naming_it(
        qtbot: QtBot, wizard: IntakeWizard, tmp_path: Path) -> None:
    exhibit = tmp_path / "exhibit.pdf"
    exhibit.symlink_to("/dev/zero")
    page = wizard.page(IntakeWizard.DOCUMENTS)
    [refusal] = page.attach_paths([exhibit])
    assert f"“{exhibit}” is not a file that can be attached" in refusal
    assert "Choose the scanned file itself" in refusal
    assert page.attachments == []


def test_files_dropped_on_the_list_are_attached(qtbot: QtBot, wizard: IntakeWizard,
                                                tmp_path: Path) -> None:
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    page = wizard.page(IntakeWizard.DOCUMENTS)
    exhibit = exhibit_pdf(tmp_path)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(exhibit))])
    drop = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                      Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    page.attached.dropEvent(drop)
    assert [a.file_name for a in page.attachments] == ["truck-photos.pdf"]
    assert page.attachments[0].sha256 in page.attached.item(0).data(Qt.ItemDataRole.UserRole)


def test_a_resumed_draft_opens_on_the_step_where_the_clerk_stopped(
        qtbot: QtBot, context: AppContext) -> None:
    from tests.ui.intake_driver import fill_allegation, fill_respondent

    first = IntakeWizard(context)
    qtbot.addWidget(first)
    first.show()
    for fill in (fill_complainant, fill_respondent, fill_allegation):
        fill(qtbot, first)
        next_page(qtbot, first)
    assert first.currentId() == IntakeWizard.FACTS
    first.reject()  # Close (keep the draft)
    assert first.draft_id is not None
    resumed = IntakeWizard(context, first.draft_id)
    qtbot.addWidget(resumed)
    resumed.show()
    assert resumed.currentId() == IntakeWizard.FACTS
    qtbot.mouseClick(resumed.button(QWizard.WizardButton.BackButton), Qt.MouseButton.LeftButton)
    assert resumed.currentId() == IntakeWizard.ALLEGATION  # the steps before are there


def test_a_fixed_fields_message_is_gone(qtbot: QtBot, wizard: IntakeWizard) -> None:
    next_page(qtbot, wizard)
    page = wizard.currentPage()
    assert page.form.messages["complainant.name"].isVisible()
    type_text(qtbot, page.name, "José Peña")
    assert not page.form.messages["complainant.name"].isVisible()
    assert page.form.messages["complainant.address"].isVisible()  # not yet fixed


def test_the_violation_date_and_oath_date_are_entered_by_keyboard_alone(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    from tests.ui.intake_driver import fill_allegation, fill_respondent

    wizard.activateWindow()
    qtbot.waitUntil(wizard.isActiveWindow)
    for fill in (fill_complainant, fill_respondent, fill_allegation):
        fill(qtbot, wizard)
        next_page(qtbot, wizard)
    page = wizard.currentPage()
    qtbot.keyClicks(page.facts, "Drove a City truck to a private event.")
    page.single.setFocus()
    qtbot.keyClick(page.single, Qt.Key.Key_Space)  # a single date
    qtbot.keyClick(page.single, Qt.Key.Key_Tab)  # from the period's choice to the date
    assert QApplication.focusWidget() is page.start.edit
    type_text(qtbot, page.start.edit, "10/3/26")
    qtbot.keyClick(page.start.edit, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not page.start.edit
    assert page.start.text() == "2026-10-03"
    assert wizard.collect().violation_start == date(2026, 10, 3)
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)  # the documents: none
    page = wizard.currentPage()
    qtbot.keyClick(page.true, Qt.Key.Key_Space)
    qtbot.keyClick(page.personal, Qt.Key.Key_Space)
    next_page(qtbot, wizard)
    signing = wizard.currentPage()
    assert wizard.currentId() == IntakeWizard.SIGNING
    signing.sworn.setFocus()
    qtbot.keyClick(signing.sworn, Qt.Key.Key_Space)
    signing.sworn_on.setFocus()
    qtbot.keyClick(signing.sworn_on.edit, Qt.Key.Key_Delete)  # the day shown is cleared
    assert signing.sworn_on.date() is None
    type_text(qtbot, signing.sworn_on.edit, "11/29/2026")
    qtbot.keyClick(signing.sworn_on.edit, Qt.Key.Key_Tab)
    assert wizard.collect().oath.sworn_on == date(2026, 11, 29)


def test_a_violation_date_typed_wrong_keeps_its_text_and_next_says_why(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    from tests.ui.intake_driver import fill_allegation, fill_respondent

    for fill in (fill_complainant, fill_respondent, fill_allegation):
        fill(qtbot, wizard)
        next_page(qtbot, wizard)
    page = wizard.currentPage()
    qtbot.keyClicks(page.facts, "Drove a City truck to a private event.")
    click(qtbot, page.single)
    type_text(qtbot, page.start.edit, "10/33/26")
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.FACTS
    assert page.start.text() == "10/33/26"
    assert page.start.message.isVisible() and "11/3/2026" in page.start.message.text()
    assert not page.form.messages["violation_start"].isVisible()  # said once, beside it
    page.start.edit.selectAll()
    type_text(qtbot, page.start.edit, "10/3/26")
    assert not page.start.message.isVisible()
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.DOCUMENTS


def test_after_next_the_cursor_is_in_the_new_steps_first_field(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    wizard.activateWindow()
    qtbot.waitUntil(wizard.isActiveWindow)
    fill_complainant(qtbot, wizard)
    next_page(qtbot, wizard)
    page = wizard.currentPage()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    assert QApplication.focusWidget() is page.boxes[0].name  # the respondent's name


def test_escape_asks_before_closing_and_keeps_the_draft(
        qtbot: QtBot, wizard: IntakeWizard, database: Database) -> None:
    asked: list[str] = []
    fill_complainant(qtbot, wizard)
    wizard.confirm = lambda question: asked.append(question) or False  # "No": go on typing
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert len(asked) == 1 and "draft" in asked[0]
    assert wizard.isVisible()
    wizard.confirm = lambda question: asked.append(question) or True  # "Yes": close
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert len(asked) == 2 and not wizard.isVisible()
    with database.read_session() as session:
        drafts = session.scalars(select(Complaint).where(
            Complaint.state == CaseState.DRAFT)).all()
        assert len(drafts) == 1 and drafts[0].complainants[0].name == "José Peña"


def test_no_two_controls_of_a_wizard_step_share_an_alt_key(wizard: IntakeWizard,
                                                            qtbot: QtBot) -> None:
    from ethics_desk.ui.mnemonics import window_mnemonics

    clashes = {}
    for step in range(len(wizard.pages)):
        wizard.setStartId(step)
        wizard.restart()
        qtbot.wait(5)
        found = {letter: texts for letter, texts in window_mnemonics(wizard).items()
                 if len(texts) > 1}
        if found:
            clashes[step] = found
    assert clashes == {}
    wizard.setStartId(wizard.COMPLAINANT)
    wizard.restart()
    assert window_mnemonics(wizard)["n"] == ["&Next >"]  # Next keeps its key, and alone


def test_tab_goes_through_every_respondent_before_add_another_respondent(
        wizard: IntakeWizard, qtbot: QtBot) -> None:
    from PySide6.QtTest import QTest

    from ethics_desk.ui.intake.respondents_page import RespondentsPage
    from tests.ui.test_tab_order import tab_stops

    wizard.setStartId(wizard.RESPONDENTS)
    wizard.restart()
    page = wizard.currentPage()
    assert isinstance(page, RespondentsPage)
    QTest.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    qtbot.wait(5)
    stops = tab_stops(wizard, page)
    first, second = page.boxes
    assert stops == [first.name, first.title_edit, first.department, first.address,
                     first.language, first.remove, second.name, second.title_edit,
                     second.department, second.address, second.language, second.remove,
                     page.add_button]


def _to_facts(qtbot: QtBot, wizard: IntakeWizard) -> FactsPage:
    """Steps 1 to 3 filled as a clerk does; the facts' step typed in, no witness yet."""
    from tests.ui.intake_driver import fill_allegation, fill_facts, fill_respondent

    for fill in (fill_complainant, fill_respondent, fill_allegation):
        fill(qtbot, wizard)
        next_page(qtbot, wizard)
    fill_facts(qtbot, wizard)
    page = wizard.currentPage()
    assert isinstance(page, FactsPage)
    return page


def test_witnesses_typed_at_the_counter_are_on_the_filed_case_with_who_identified_them(
        qtbot: QtBot, wizard: IntakeWizard, database: Database, tmp_path: Path) -> None:
    from ethics_desk.cases.witnesses import witnesses
    from tests.ui.intake_driver import fill_affidavit, fill_documents, fill_oath

    page = _to_facts(qtbot, wizard)
    add_witness(qtbot, wizard, "Ana Lucía Ortiz", "José Peña (complainant)", "210-555-0199")
    add_witness(qtbot, wizard, "Bartholomew Nguyễn", "Nguyễn Thị Minh Khai (respondent)")
    add_witness(qtbot, wizard, "Søren Kierkegård", "Ana Lucía Ortiz (witness)", "Box 12")
    # A witness is offered only to the lines below it, § 2-83(h)(1) "another witness".
    first = page.rows[0].identified_by
    assert [first.itemText(i) for i in range(first.count())] == [
        "José Peña (complainant)", "Nguyễn Thị Minh Khai (respondent)"]
    next_page(qtbot, wizard)
    fill_documents(qtbot, wizard, exhibit_pdf(tmp_path))
    next_page(qtbot, wizard)
    for fill in (fill_affidavit, fill_oath):
        fill(qtbot, wizard)
        next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.REVIEW
    summary = wizard.page_of(ReviewPage).summary.toPlainText()
    assert "Ready to file" in summary
    assert "Søren Kierkegård, identified by Ana Lucía Ortiz (witness) — Box 12" in summary
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert wizard.filed_case_id is not None
    assert [(w.name, w.identified_by, w.contact)
            for w in witnesses(database, wizard.filed_case_id, account=CLERK)] == [
        ("Ana Lucía Ortiz", "José Peña (complainant)", "210-555-0199"),
        ("Bartholomew Nguyễn", "Nguyễn Thị Minh Khai (respondent)", ""),
        ("Søren Kierkegård", "Ana Lucía Ortiz (witness)", "Box 12")]
    assert wizard.result_dialog is not None
    wizard.result_dialog.close()


def test_a_complaint_without_witnesses_goes_on_from_the_facts(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    page = _to_facts(qtbot, wizard)
    assert page.rows == [] and not page.witness_scroll.isVisible()
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.DOCUMENTS


def test_a_nameless_witness_says_so_beside_the_name_and_next_waits(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    page = _to_facts(qtbot, wizard)
    add_witness(qtbot, wizard, "", "José Peña (complainant)", "210-555-0199")
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.FACTS
    row = page.rows[0]
    message = row.form.messages["witnesses[0].name"]
    assert message.isVisible() and "§ 2-83(h)(1)" in message.text()
    assert row.name.hasFocus()  # the cursor is where the problem is
    assert not row.form.messages["witnesses[0].identified_by"].isVisible()
    type_text(qtbot, row.name, "Ana Lucía Ortiz")
    assert not message.isVisible()  # fixed, so the message goes
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.DOCUMENTS


def test_a_witness_identified_by_nobody_is_refused_beside_identified_by(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    page = _to_facts(qtbot, wizard)
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    row = page.rows[0]
    assert row.name.hasFocus()  # Add puts the cursor in the new line
    type_text(qtbot, row.name, "Ana Lucía Ortiz")
    assert row.identified_by.currentIndex() == -1  # the clerk asks; nobody is assumed
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.FACTS
    message = row.form.messages["witnesses[0].identified_by"]
    assert message.isVisible() and "Choose who identified witness 1" in message.text()
    row.identified_by.setCurrentIndex(row.identified_by.findText("José Peña (complainant)"))
    assert not message.isVisible()
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.DOCUMENTS


def test_a_reopened_draft_shows_its_witnesses_and_who_identified_them(
        qtbot: QtBot, wizard: IntakeWizard, context: AppContext) -> None:
    _to_facts(qtbot, wizard)
    fill_witnesses(qtbot, wizard)
    wizard.reject()  # Close (keep the draft)
    assert wizard.draft_id is not None
    resumed = IntakeWizard(context, wizard.draft_id)
    qtbot.addWidget(resumed)
    resumed.show()
    assert resumed.currentId() == IntakeWizard.FACTS
    page = resumed.currentPage()
    assert isinstance(page, FactsPage)
    assert [(r.name.text(), r.identified_by.currentText(), r.contact.text())
            for r in page.rows] == [("Ana Lucía Ortiz", "José Peña (complainant)", "210-555-0199"),
                                    ("Søren Kierkegård", "Ana Lucía Ortiz (witness)", "")]
    assert resumed.collect().witnesses == wizard.collect().witnesses


def test_removing_a_witness_asks_again_who_identified_the_one_they_named(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    page = _to_facts(qtbot, wizard)
    fill_witnesses(qtbot, wizard)
    first, second = page.rows
    qtbot.mouseClick(first.remove, Qt.MouseButton.LeftButton)
    assert page.rows == [second]
    assert second.number.text() == "1." and second.name.objectName() == "witnesses[0].name"
    assert second.identified_by.currentIndex() == -1  # Ana Lucía Ortiz is no longer listed
    assert [w.identified_by for w in wizard.collect().witnesses] == [""]
    next_page(qtbot, wizard)
    assert second.form.messages["witnesses[0].identified_by"].isVisible()


def test_a_witness_identified_by_a_respondent_renamed_since_is_asked_again(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    page = _to_facts(qtbot, wizard)
    add_witness(qtbot, wizard, "Bartholomew Nguyễn", "Nguyễn Thị Minh Khai (respondent)")
    wizard.go_to(IntakeWizard.RESPONDENTS)
    box = wizard.page_of(RespondentsPage).boxes[0]
    box.name.selectAll()
    type_text(qtbot, box.name, "Minh Khai Nguyễn")
    assert wizard.collect().witnesses[0].identified_by == ""  # not the new name unasked
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)
    assert wizard.currentPage() is page
    combo = page.rows[0].identified_by
    assert combo.currentIndex() == -1
    assert "Minh Khai Nguyễn (respondent)" in [combo.itemText(i) for i in range(combo.count())]


def test_tab_goes_through_every_witness_before_add_a_witness(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    from tests.ui.test_tab_order import tab_stops

    page = _to_facts(qtbot, wizard)
    fill_witnesses(qtbot, wizard)
    stops = tab_stops(wizard, page)
    first, second = page.rows
    assert stops[stops.index(page.end.edit) + 1:] == [
        first.name, first.identified_by, first.contact, first.remove,
        second.name, second.identified_by, second.contact, second.remove, page.add_button]


def test_the_witnesses_lines_share_no_alt_key_and_each_remove_has_one_while_free(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    from ethics_desk.ui.mnemonics import mnemonic_of, window_mnemonics

    page = _to_facts(qtbot, wizard)
    fill_witnesses(qtbot, wizard)
    letters = window_mnemonics(wizard)
    assert {letter: texts for letter, texts in letters.items() if len(texts) > 1} == {}
    assert letters["m"] == ["Na&me:"]  # the first line's captions have the keys
    assert mnemonic_of(page.rows[0].remove.text()) and mnemonic_of(page.rows[1].remove.text())
    qtbot.mouseClick(page.rows[0].remove, Qt.MouseButton.LeftButton)
    assert page.rows[0].form.captions["witnesses[0].name"].text() == "Na&me:"


def test_a_provision_cited_that_was_not_law_on_the_date_given_is_warned_of_beside_it(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    from tests.ui.intake_driver import fill_allegation, fill_respondent

    for fill in (fill_complainant, fill_respondent, fill_allegation):
        fill(qtbot, wizard)
        next_page(qtbot, wizard)
    [cited] = [c for c in wizard.page_of(AllegationPage).choices
               if c.id in wizard.collect().provision_ids]
    assert cited.effective_on is not None
    before_it = date(cited.effective_on.year - 1, 6, 1)
    page = wizard.currentPage()
    qtbot.keyClicks(page.facts, "Drove a City truck to a private event.")
    click(qtbot, page.single)
    page.start.set_date(before_it)
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.FACTS  # the warning is shown once
    message = page.form.messages["violation_start"]
    assert message.isVisible() and cited.citation in message.text()
    assert "was not in force" in message.text() and "§ 2-83(c)(5)" in message.text()
    next_page(qtbot, wizard)  # a warning: the Clerk files what the complainant brings
    assert wizard.currentId() == IntakeWizard.DOCUMENTS


def test_the_review_step_offers_the_returned_complaint_and_names_an_open_one(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    from ethics_desk.cases.case_file import load_case
    from ethics_desk.ui.intake.review_page import ReviewPage
    from tests.intake.test_refiling import returned_unsworn

    returned = returned_unsworn(controller)
    running = filed_case(controller)
    from ethics_desk.models import Route

    draft = controller.save_draft(replace(complete_intake(), route=Route.ETHICS_CODE))
    wizard = IntakeWizard(context, draft.complaint_id)
    qtbot.addWidget(wizard)
    wizard.show()
    for _ in range(20):  # Next, as the clerk presses it, until the review step
        if wizard.currentId() == IntakeWizard.REVIEW:
            break
        next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.REVIEW
    page = wizard.page_of(ReviewPage)
    assert page.refiles.isEnabled() and page.refiles.count() == 2
    assert page.refiles.accessibleName()
    returned_number = load_case(context.database, returned, account=CLERK).number
    running_number = load_case(context.database, running, account=CLERK).number
    assert returned_number in page.refiles.itemText(1)
    assert page.earlier.isVisible() and running_number in page.earlier.text()
    page.refiles.setCurrentIndex(1)
    assert wizard.collect().refiling_of == returned
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert wizard.filed_case_id is not None
    filed = load_case(context.database, wizard.filed_case_id, account=CLERK)
    assert filed.refiling_of == returned_number
    if wizard.result_dialog is not None:
        wizard.result_dialog.close()


def test_the_intake_keeps_one_width_from_the_first_step_to_the_review(
        qtbot: QtBot, wizard: IntakeWizard, tmp_path: Path) -> None:
    from tests.ui.intake_driver import (
        fill_affidavit,
        fill_allegation,
        fill_complainant,
        fill_documents,
        fill_facts,
        fill_oath,
        fill_respondent,
        next_page,
    )

    widths = [wizard.width()]
    for fill in (fill_complainant, fill_respondent, fill_allegation, fill_facts):
        fill(qtbot, wizard)
        next_page(qtbot, wizard)
        widths.append(wizard.width())
    fill_documents(qtbot, wizard, exhibit_pdf(tmp_path))
    next_page(qtbot, wizard)
    widths.append(wizard.width())
    fill_affidavit(qtbot, wizard)
    next_page(qtbot, wizard)
    widths.append(wizard.width())
    fill_oath(qtbot, wizard)
    next_page(qtbot, wizard)
    widths.append(wizard.width())
    assert wizard.currentId() == IntakeWizard.REVIEW
    assert set(widths) == {widths[0]}, widths  # the window never jumps between steps


# -- step 3 as the manual says: the route preselected, "not sure" enough ----------------------


def _to_the_allegation_by_keyboard(qtbot: QtBot, wizard: IntakeWizard) -> None:
    """Steps 1 and 2 filled, each ended with Next; the wizard active, as a clerk's window is."""
    from tests.ui.intake_driver import fill_respondent

    wizard.activateWindow()
    qtbot.waitUntil(wizard.isActiveWindow)
    for fill in (fill_complainant, fill_respondent):
        fill(qtbot, wizard)
        next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.ALLEGATION


def _alt(qtbot: QtBot, wizard: IntakeWizard, key: Qt.Key) -> None:
    qtbot.keyClick(wizard, key, Qt.KeyboardModifier.AltModifier)


def test_not_sure_and_the_route_shown_go_on_at_the_first_next(
        qtbot: QtBot, wizard: IntakeWizard, database: Database) -> None:
    _to_the_allegation_by_keyboard(qtbot, wizard)
    page = wizard.currentPage()
    assert page.ethics.isChecked()  # preselected: no provision points elsewhere
    type_text(qtbot, page.nature, "Used City trucks for a private catering business.")
    _alt(qtbot, wizard, Qt.Key.Key_S)  # The complainant is not &sure which provision
    qtbot.waitUntil(page.unsure.isChecked)  # a mnemonic clicks as a button is clicked
    _alt(qtbot, wizard, Qt.Key.Key_N)  # &Next, once
    qtbot.waitUntil(lambda: wizard.currentId() == IntakeWizard.FACTS)
    assert not any(label.isVisible() for label in page.form.messages.values())
    wizard.save_draft()
    stored = _stored(database, wizard.draft_id or 0)
    assert stored.route is Route.ETHICS_CODE and stored.route_confirmed


def test_a_campaign_finance_provision_ticked_with_space_preselects_its_route(
        qtbot: QtBot, wizard: IntakeWizard, database: Database) -> None:
    _to_the_allegation_by_keyboard(qtbot, wizard)
    page = wizard.currentPage()
    type_text(qtbot, page.nature, "No campaign bank account statement was filed.")
    qtbot.keyClick(page.nature, Qt.Key.Key_Tab)
    assert page.search.hasFocus()
    qtbot.keyClicks(page.search, "bank account")
    qtbot.keyClick(page.search, Qt.Key.Key_Tab)
    assert page.list.hasFocus()
    page.list.setCurrentIndex(page.proxy.index(0, 0))
    qtbot.keyClick(page.list, Qt.Key.Key_Space)
    assert page.chosen_ids() and page.campaign.isChecked()
    _alt(qtbot, wizard, Qt.Key.Key_N)
    qtbot.waitUntil(lambda: wizard.currentId() == IntakeWizard.FACTS)
    wizard.save_draft()
    assert _stored(database, wizard.draft_id or 0).route is Route.CAMPAIGN_FINANCE


def test_no_provision_at_all_is_a_warning_and_the_second_next_goes_on(
        qtbot: QtBot, wizard: IntakeWizard) -> None:
    """§ 2-83(c)(5) asks for the provision "if possible"; only the names and the oath block
    a filing (the manual): the clerk is told to ask, once."""
    _to_the_allegation_by_keyboard(qtbot, wizard)
    page = wizard.currentPage()
    type_text(qtbot, page.nature, "Used City trucks for a private catering business.")
    _alt(qtbot, wizard, Qt.Key.Key_N)
    message = page.form.messages["provision_ids"]
    qtbot.waitUntil(message.isVisible)
    assert wizard.currentId() == IntakeWizard.ALLEGATION
    assert "⚠" in message.text() and "not sure" in message.text()
    _alt(qtbot, wizard, Qt.Key.Key_N)
    qtbot.waitUntil(lambda: wizard.currentId() == IntakeWizard.FACTS)
