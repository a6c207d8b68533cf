"""Settings keeps what the office shares in the database: the Ethics Code enclosure and the
letter wording, changed through the real window and printed the same at every desk."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfWriter
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from ethics_desk.documents import papers, wording
from ethics_desk.documents.render.templates import TemplateLibrary
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.screens.settings_screen import SettingsScreen
from ethics_desk.ui.wording_dialog import WordingDialog
from tests.documents.render.helpers import flat, text_of
from tests.factories import ANA, filed_case
from tests.ui.conftest import type_text

SHIPPED_TITLE = "[title] Receipt for a Sworn Ethics Complaint"


@pytest.fixture(autouse=True)
def questions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The questions the window asks, each answered yes (Discard, Yes)."""
    asked: list[str] = []

    def answer(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        buttons = QMessageBox.StandardButton
        return buttons.Discard if "lose the change" in text else buttons.Yes

    monkeypatch.setattr(QMessageBox, "question", staticmethod(answer))
    return asked


@pytest.fixture
def errors(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The messages the window would show, in order."""
    shown: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda parent, error, title="": shown.append(str(error)))
    return shown


def _code(tmp_path: Path, pages: int) -> Path:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(612, 792)
    out = io.BytesIO()
    writer.write(out)
    path = tmp_path / "Ethics Code 2026.pdf"
    path.write_bytes(out.getvalue())
    return path


def _screen(qtbot: QtBot, context: AppContext) -> SettingsScreen:
    screen = SettingsScreen(context)
    qtbot.addWidget(screen)
    screen.show()
    return screen


def _dialog(qtbot: QtBot, context: AppContext, file_name: str) -> WordingDialog:
    dialog = WordingDialog(context)
    qtbot.addWidget(dialog)
    dialog.show()
    row = [e.file_name for e in dialog.model.rows()].index(file_name)
    dialog.table.setCurrentIndex(dialog.model.index(row, 0))
    assert dialog.current is not None and dialog.current.file_name == file_name
    return dialog


def test_settings_says_the_placeholder_is_enclosed_until_the_code_is_chosen(
        qtbot: QtBot, context: AppContext, tmp_path: Path) -> None:
    screen = _screen(qtbot, context)
    assert "PLACEHOLDER" in screen.enclosure_info.text()
    assert not screen.placeholder_button.isEnabled()
    screen.store_enclosure(_code(tmp_path, 3))
    assert "“Ethics Code 2026.pdf”, 3 pages, stored by Maria Clerk" in \
        screen.enclosure_info.text()
    assert "every desk encloses it" in screen.papers_status.text()
    found = wording.read_enclosure(context.database)
    assert found.content == (tmp_path / "Ethics Code 2026.pdf").read_bytes()
    assert screen.placeholder_button.isEnabled()


def test_a_file_that_is_not_a_pdf_is_refused_as_the_code_with_one_message(
        qtbot: QtBot, context: AppContext, tmp_path: Path, errors: list[str]) -> None:
    screen = _screen(qtbot, context)
    bad = tmp_path / "code.pdf"
    bad.write_text("a Word document")
    screen.store_enclosure(bad)
    assert len(errors) == 1 and "not a readable PDF" in errors[0]
    assert wording.read_enclosure(context.database).placeholder


def test_wording_edited_in_the_window_prints_at_every_desk(
        qtbot: QtBot, context: AppContext) -> None:
    case_id = filed_case(context.controller())
    dialog = _dialog(qtbot, context, "receipt.txt")
    text = dialog.editor.toPlainText()
    assert SHIPPED_TITLE in text and not dialog.reset_button.isEnabled()
    dialog.editor.setPlainText(text.replace(SHIPPED_TITLE, "[title] Acuse y recibo de "))
    cursor = dialog.editor.textCursor()
    cursor.setPosition(text.index(SHIPPED_TITLE) + len("[title] Acuse y recibo de "))
    dialog.editor.setTextCursor(cursor)
    type_text(qtbot, dialog.editor, "queja № 1")
    dialog.save_button.click()
    assert "every desk now prints" in dialog.status.text()
    assert dialog.current is not None and dialog.current.office
    assert dialog.reset_button.isEnabled()
    printed = flat(text_of(papers.receipt(context.database, case_id, account=context.signed_in,
                                         clock=context.clock)))
    assert "Acuse y recibo de queja № 1" in printed


def test_wording_that_cannot_print_is_refused_and_the_typed_text_is_kept(
        qtbot: QtBot, context: AppContext, errors: list[str]) -> None:
    dialog = _dialog(qtbot, context, "receipt.txt")
    broken = dialog.editor.toPlainText().replace(
        "Please give your case number, ${case_number}.", "Your number: ${case_numbr}.")
    dialog.editor.setPlainText(broken)
    dialog.save_button.click()
    assert len(errors) == 1 and "${case_numbr}" in errors[0]
    assert dialog.editor.toPlainText() == broken
    assert wording.wording_text(context.database, "receipt.txt")[1] is None


def test_going_back_to_the_shipped_wording_in_the_window(
        qtbot: QtBot, context: AppContext, questions: list[str]) -> None:
    shipped = TemplateLibrary().shipped_text("receipt.es.txt")
    wording.save_wording(context.database, "receipt.es.txt", shipped + "\n# nota\n", seen=None,
                         account=ANA, clock=context.clock)
    dialog = _dialog(qtbot, context, "receipt.es.txt")
    assert "Office's (Ana Ruiz" in dialog.model.data(
        dialog.model.index(dialog.table.currentIndex().row(), 2))
    dialog.reset_button.click()
    assert questions and "Every desk prints the shipped wording again" in questions[-1]
    assert dialog.editor.toPlainText() == shipped
    assert wording.wording_text(context.database, "receipt.es.txt") == (shipped, None)
    assert "shipped wording" in dialog.status.text()


def test_wording_another_desk_saved_meanwhile_is_not_overwritten_from_the_window(
        qtbot: QtBot, context: AppContext, errors: list[str]) -> None:
    dialog = _dialog(qtbot, context, "receipt.txt")
    shipped = dialog.editor.toPlainText()
    wording.save_wording(context.database, "receipt.txt",
                         shipped.replace(SHIPPED_TITLE, "[title] Theirs"), seen=None,
                         account=ANA, clock=context.clock)
    mine = shipped.replace(SHIPPED_TITLE, "[title] Mine")
    dialog.editor.setPlainText(mine)
    dialog.save_button.click()
    assert len(errors) == 1 and "Ana Ruiz" in errors[0]
    assert dialog.editor.toPlainText() == mine
    assert "Theirs" in wording.wording_text(context.database, "receipt.txt")[0]


def test_a_desks_old_files_are_offered_and_brought_in_from_settings(
        qtbot: QtBot, context: AppContext) -> None:
    folder = wording.old_desk_folder()
    folder.mkdir(parents=True)
    shipped = TemplateLibrary().shipped_text("receipt.txt")
    (folder / "receipt.txt").write_text(shipped.replace(SHIPPED_TITLE, "[title] Old desk"),
                                        encoding="utf-8")
    screen = _screen(qtbot, context)
    assert screen.bring_in_button.isVisibleTo(screen)
    assert "receipt.txt" in screen.this_desk_info.text()
    screen.bring_in_button.click()
    assert "Brought in: receipt.txt" in screen.papers_status.text()
    assert not screen.bring_in_button.isVisibleTo(screen)
    assert "1 of" in screen.wording_info.text()


def test_leaving_wording_not_saved_asks_first(qtbot: QtBot, context: AppContext,
                                              questions: list[str]) -> None:
    dialog = _dialog(qtbot, context, "receipt.txt")
    dialog.editor.setPlainText(dialog.editor.toPlainText() + "\n# a change\n")
    row = [e.file_name for e in dialog.model.rows()].index("receipt.es.txt")
    dialog.table.setCurrentIndex(dialog.model.index(row, 0))
    assert len(questions) == 1 and "not saved" in questions[0]
    assert dialog.current is not None and dialog.current.file_name == "receipt.es.txt"
    assert not dialog.changed()
