"""The Notes tab adds a note through the real case window as the person signed in, at the
clock's time, shows it to whoever receives the case, greys the adding for any other role, and
keeps what was typed when the note is refused."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from ethics_desk.cases import notes
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import NoteKind
from ethics_desk.storage.database import Database
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.context import AppContext
from tests.conftest import NOW
from tests.factories import filed_case, reviewed_case
from tests.ui.conftest import make_account, signed_in_context, type_text
from tests.workflow.helpers import audit_actions


def _window(qtbot: QtBot, context: AppContext, case: int) -> CaseWindow:
    window = CaseWindow(context, case)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.tabs.setCurrentWidget(window.notes)
    return window


def test_a_note_is_added_from_the_case_window_as_the_signed_in_clerk(
        qtbot: QtBot, context: AppContext) -> None:
    case = filed_case(context.controller())
    window = _window(qtbot, context, case)
    panel = window.notes
    panel.kind.setCurrentIndex(panel.kind.findData(NoteKind.EMAIL.value))
    assert panel.kind.currentText() == "E-mail"  # shown by its label
    type_text(qtbot, panel.text, "Sra. Peña wrote: she will bring the receipts on Monday.")
    panel.add_button.click()
    [line] = notes.notes(context.database, case, account=context.signed_in)
    assert (line.kind, line.written_by, line.written_at) == (NoteKind.EMAIL, context.actor, NOW)
    assert panel.model.rows() == [line] and window.case is not None
    assert window.case.notes == (line,)
    assert panel.text.toPlainText() == "" and "Added the note (e-mail)" in panel.status.text()
    assert "Sra. Peña wrote" in panel.full.toPlainText()
    assert audit_actions(context.database, case)[-1] == "note.add"
    assert any(t.action == "note.add" for t in window.timeline.rows())


def test_a_refused_note_keeps_what_was_typed(qtbot: QtBot, context: AppContext,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    errors: list[str] = []
    monkeypatch.setattr("ethics_desk.ui.errors.show_user_error",
                        lambda parent, error, title="": errors.append(str(error)))
    case = filed_case(context.controller())
    window = _window(qtbot, context, case)
    typed = "x" * (notes.MAX_NOTE + 1)
    window.notes.text.setPlainText(typed)
    window.notes.add_button.click()
    assert len(errors) == 1 and "longer than" in errors[0]
    assert window.notes.text.toPlainText() == typed
    assert notes.notes(context.database, case, account=context.signed_in) == []


def test_a_reviewer_reads_the_notes_and_may_not_add_one(
        qtbot: QtBot, context: AppContext, database: Database) -> None:
    case = reviewed_case(context.controller())
    line = notes.add_note(database, case, NoteKind.CALL, "The respondent's lawyer called.",
                          account=context.signed_in, clock=context.clock)
    make_account(database, "audrey", "Audrey Auditor", Role.AUDITOR)
    auditor = signed_in_context(database, "audrey")
    window = _window(qtbot, auditor, case)
    assert window.notes.model.rows() == [line]
    assert not window.notes.add_button.isEnabled()
    assert "City Clerk staff add notes" in window.notes.add_button.toolTip()
