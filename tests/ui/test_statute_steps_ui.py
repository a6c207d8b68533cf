"""The § 2-83 steps an audit found missing, through the real windows: the response forwarded to
the Compliance Auditor, City Attorney's Office and Board and shown outstanding until all three
have it (§ 2-83(e), last paragraph); a withdrawal recorded from the case window with the
respondents' notice then owed (§ 2-83(d)(4)); the papers a sworn or a returned case is offered;
and at the counter, a complaint lacking a (c) element filed with a warning, sworn before an
officer who is not a notary (§ 2-83(c); Gov't Code § 602.002)."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QWizard
from pytestqt.qtbot import QtBot

from ethics_desk.cases.case_file import load_case
from ethics_desk.models import CaseState, Complaint, Determination
from ethics_desk.storage.database import Database
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.case.forms import ActionDialog
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.intake.wizard import IntakeWizard
from ethics_desk.workflow import FileResponse, ReturnDefective
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import TODAY, awaiting_response
from tests.factories import CLERK, filed_case, reviewed_case
from tests.ui.conftest import type_text
from tests.ui.intake_driver import (
    click,
    exhibit_pdf,
    fill_affidavit,
    fill_allegation,
    fill_documents,
    fill_facts,
    next_page,
)
from tests.workflow.helpers import case


def _window(qtbot: QtBot, context: AppContext, case_id: int) -> CaseWindow:
    window = CaseWindow(context, case_id)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _act(qtbot: QtBot, window: CaseWindow, event: str) -> ActionDialog:
    button = window.action_buttons[event]
    assert button.isEnabled(), button.toolTip()
    assert button.accessibleName() or button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.dialog
    assert isinstance(dialog, ActionDialog)
    return dialog


def _save(qtbot: QtBot, dialog: ActionDialog) -> None:
    box = dialog.findChild(QDialogButtonBox)
    qtbot.mouseClick(box.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)


def _choose(dialog: ActionDialog, key: str, text: str) -> None:
    combo = dialog.inputs[key]
    assert isinstance(combo, QComboBox)
    index = combo.findText(text, Qt.MatchFlag.MatchContains)
    assert index >= 0, (key, text)
    combo.setCurrentIndex(index)


def test_the_case_window_shows_the_response_outstanding_until_all_three_have_it(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    case_id = awaiting_response(controller)
    respondent = load_case(database, case_id, account=CLERK).respondents[0].id
    # Its copy went to the complainant with it (§ 2-83(e)(3)): the forward alone is owed.
    controller.fire(case_id, FileResponse(respondent_id=respondent, received_on=TODAY,
                                          sworn=True, copy_mailed_on=TODAY))
    window = _window(qtbot, context, case_id)
    assert "1 outstanding step(s)" in window.header.text()
    summary = window.summary.toPlainText()
    assert "Outstanding steps" in summary and "§ 2-83(e), last paragraph" in summary
    dialog = _act(qtbot, window, "forward_response")
    _choose(dialog, "respondent", "Nguyễn Thị Minh Khai")
    dialog.inputs["to_board"].setChecked(False)
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    assert "to the Ethics Review Board" in window.summary.toPlainText()
    dialog = _act(qtbot, window, "forward_response")
    _choose(dialog, "respondent", "Nguyễn Thị Minh Khai")
    for key in ("to_compliance_auditor", "to_city_attorney"):
        dialog.inputs[key].setChecked(False)
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    assert "Outstanding steps" not in window.summary.toPlainText()
    assert "outstanding step" not in window.header.text()


def test_a_withdrawal_is_recorded_from_the_case_window_and_the_notice_is_then_owed(
        qtbot: QtBot, context: AppContext, controller: WorkflowController,
        database: Database) -> None:
    case_id = filed_case(controller)
    window = _window(qtbot, context, case_id)
    dialog = _act(qtbot, window, "withdraw")
    _save(qtbot, dialog)
    assert not dialog.isVisible(), dialog.message.text()
    stored = case(database, case_id)
    assert stored.state is CaseState.RESOLVED and stored.resolved_on == TODAY
    assert "Notify Nguyễn Thị Minh Khai of the resolution" in window.summary.toPlainText()
    window.tabs.setCurrentWidget(window.papers)
    assert "resolution-notice" in [line.kind for line in window.papers.kinds.rows()]


def test_the_papers_tab_offers_no_unsworn_return_to_a_sworn_case(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    window = _window(qtbot, context, filed_case(controller))
    window.tabs.setCurrentWidget(window.papers)
    kinds = [line.kind for line in window.papers.kinds.rows()]
    assert "receipt" in kinds and "unsworn-return" not in kinds


def test_the_papers_tab_offers_the_resolution_notice_for_a_return_as_defective(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    case_id = reviewed_case(controller, determination=Determination.DOES_NOT_COMPLY)
    controller.fire(case_id, ReturnDefective())
    window = _window(qtbot, context, case_id)
    window.tabs.setCurrentWidget(window.papers)
    kinds = [line.kind for line in window.papers.kinds.rows()]
    assert {"defect-letter", "resolution-notice"} <= set(kinds)
    assert "Notify Nguyễn Thị Minh Khai of the resolution" in window.summary.toPlainText()


def test_a_complaint_with_a_phone_abroad_and_no_title_is_filed_sworn_before_a_judge(
        qtbot: QtBot, context: AppContext, database: Database, tmp_path: Path) -> None:
    wizard = IntakeWizard(context)
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    page = wizard.currentPage()
    type_text(qtbot, page.name, "José Peña")
    type_text(qtbot, page.address, "Calle 5 de Mayo 12, Monterrey, N.L., México")
    qtbot.keyClicks(page.phone, "+52 81 1234 5678")
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.COMPLAINANT  # the warning is shown once
    warning = page.form.messages["complainant.phone"].text()
    assert "not a US telephone number" in warning and "§ 2-83(c)(2)" in warning
    assert "Compliance Auditor decides" in warning
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.RESPONDENTS  # and does not block
    box = wizard.currentPage().boxes[0]
    type_text(qtbot, box.name, "Nguyễn Thị Minh Khai")
    next_page(qtbot, wizard)
    assert "§ 2-83(c)(4)" in box.form.messages["respondents[0].title"].text()
    next_page(qtbot, wizard)
    for fill in (fill_allegation, fill_facts):
        fill(qtbot, wizard)
        next_page(qtbot, wizard)
    fill_documents(qtbot, wizard, exhibit_pdf(tmp_path))
    next_page(qtbot, wizard)
    fill_affidavit(qtbot, wizard)
    next_page(qtbot, wizard)
    signing = wizard.currentPage()
    click(qtbot, signing.sworn)
    signing.officer_title.selectAll()
    qtbot.keyClicks(signing.officer_title, "Judge of a municipal court")
    assert not signing.commission.isEnabled() and not signing.expires.isEnabled()
    assert signing.officer_title.accessibleName() or signing.officer_title.objectName()
    type_text(qtbot, signing.notary, "Carla Ybarra")
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.REVIEW
    summary = wizard.currentPage().summary.toPlainText()
    assert "Missing from the complaint" in summary and "Ready to file" in summary
    assert "Carla Ybarra, Judge of a municipal court" in summary
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert wizard.filed_case_id is not None
    with database.read_session() as session:
        stored = session.get(Complaint, wizard.filed_case_id)
        assert stored is not None and stored.state is CaseState.FILED
        assert stored.complainants[0].phone == "+52 81 1234 5678"
        assert stored.oath is not None
        assert (stored.oath.officer_title, stored.oath.notary_name) == (
            "Judge of a municipal court", "Carla Ybarra")
        assert stored.oath.notary_commission_number == ""
    papers = wizard.result_dialog
    assert papers is not None
    receipt = "\n".join(p.extract_text() for p in PdfReader(
        io.BytesIO(papers.viewers["receipt"].pdf_bytes)).pages)
    assert "Carla Ybarra, Judge of a municipal court" in " ".join(receipt.split())
    papers.close()
