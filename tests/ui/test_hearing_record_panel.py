"""The case window marks a paper as entered into the record of a proceeding (§ 2-83(h)(2)) from
its documents list, through the real dialog, by keyboard; shows the mark; keeps the dialog open
with its choices when the mark is refused; and takes a mark off only with a reason."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QInputDialog, QLineEdit
from pytestqt.qtbot import QtBot

from ethics_desk.cases import hearing_record
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.case.hearing_record_panel import EnterIntoRecordDialog
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.mnemonics import mnemonic_of
from tests.board_cases import show_cause
from tests.factories import CLERK, filed_case
from tests.ui.conftest import type_text
from tests.workflow.helpers import audit_actions


def _window(qtbot: QtBot, context: AppContext, case_id: int) -> CaseWindow:
    window = CaseWindow(context, case_id)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.tabs.setCurrentIndex(window.tabs.indexOf(window.hearing_record.parentWidget()))
    return window


def _open_by_keyboard(qtbot: QtBot, window: CaseWindow) -> EnterIntoRecordDialog:
    button = window.hearing_record.enter_button
    assert mnemonic_of(button.text()) == "r"
    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_Space)
    dialog = window.hearing_record.dialog
    assert isinstance(dialog, EnterIntoRecordDialog)
    qtbot.waitExposed(dialog)
    return dialog


def _save(qtbot: QtBot, dialog: EnterIntoRecordDialog) -> None:
    box = dialog.findChild(QDialogButtonBox)
    qtbot.mouseClick(box.button(QDialogButtonBox.StandardButton.Save), Qt.MouseButton.LeftButton)


def test_the_exhibit_chosen_in_the_documents_list_is_entered_at_a_board_meeting(
        qtbot: QtBot, context: AppContext) -> None:
    case = filed_case(context.controller())
    window = _window(qtbot, context, case)
    window.documents_view.selectRow(0)  # the photographs of the truck, attached
    panel = window.hearing_record
    assert "confidential" in panel.chosen.text()
    dialog = _open_by_keyboard(qtbot, window)
    assert dialog.paper.currentText() == "Exhibit: Photographs of the truck (truck.pdf)"
    assert dialog.chosen_hearing() is None  # a filed case has no hearing: a Board meeting
    dialog.meeting_on.edit.clear()
    type_text(qtbot, dialog.meeting_on.edit, "2026-11-30")
    _save(qtbot, dialog)
    assert not dialog.isVisible()
    [line] = hearing_record.entries(context.database, case, account=context.signed_in)
    assert (line.proceeding, line.entered_by) == (
        "the Ethics Review Board meeting of 30 Nov 2026", "Maria Clerk (maria)")
    assert "record.enter" in audit_actions(context.database, case)
    assert [r.paper for r in panel.model.rows()] == [line.paper]
    assert window.documents.rows()[0].in_record == line.in_words
    window.documents_view.selectRow(0)
    assert "Entered into the record of the Ethics Review Board meeting" in panel.chosen.text()
    assert any("§ 2-83(h)(2)" in t.summary for t in window.timeline.rows())


def test_a_mark_refused_keeps_the_dialog_open_with_its_choices(
        qtbot: QtBot, context: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    errors: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda parent, error, title="": errors.append(str(error)))
    case = show_cause(context.controller())  # the hearing is set for 10 December
    window = _window(qtbot, context, case)
    dialog = _open_by_keyboard(qtbot, window)
    hearing = dialog.chosen_hearing()
    assert hearing is not None and dialog.proceeding.currentText() == (
        "The show-cause hearing of 10 Dec 2026")
    assert not dialog.meeting_on.isEnabled()
    dialog.entered_on.edit.clear()
    type_text(qtbot, dialog.entered_on.edit, "2026-12-10")
    _save(qtbot, dialog)
    assert dialog.isVisible() and len(errors) == 1 and "future" in errors[0]
    assert dialog.proceeding.currentData() == hearing
    assert hearing_record.entries(context.database, case, account=context.signed_in) == []
    dialog.reject()


def test_every_control_of_the_dialog_is_named_and_it_fits_the_smallest_screen(
        qtbot: QtBot, context: AppContext) -> None:
    case = filed_case(context.controller())
    window = _window(qtbot, context, case)
    dialog = _open_by_keyboard(qtbot, window)
    named = [w.accessibleName() for w in (*dialog.findChildren(QComboBox),
                                          *(w for w in dialog.findChildren(QLineEdit)
                                            if w.isVisible()))]
    assert named and all(named), named
    assert {"Paper", "Proceeding", "Entered into its record on"} <= set(named)
    size = dialog.sizeHint()
    assert size.width() <= 1280 and size.height() <= 720
    dialog.reject()


def test_a_mark_is_taken_off_only_with_a_reason(
        qtbot: QtBot, context: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    case = filed_case(context.controller())
    paper = hearing_record.papers(context.database, case, account=context.signed_in)[0].key
    hearing_record.enter_into_record(context.database, case, paper,
                                     meeting_on=context.today(), entered_on=context.today(),
                                     account=CLERK, clock=context.clock)
    window = _window(qtbot, context, case)
    panel = window.hearing_record
    panel.table.selectRow(0)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("", True))
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error", lambda *a, **k: None)
    panel.remove_button.click()
    assert len(hearing_record.entries(context.database, case, account=context.signed_in)) == 1
    monkeypatch.setattr(QInputDialog, "getText",
                        lambda *a, **k: ("Marked on the wrong case", True))
    panel.remove_button.click()
    assert hearing_record.entries(context.database, case, account=context.signed_in) == []
    assert panel.model.rows() == [] and "Took the mark off" in panel.status.text()
    assert "record.withdraw" in audit_actions(context.database, case)
    assert window.documents.rows()[0].in_record == ""
