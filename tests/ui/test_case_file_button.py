"""The case window's *Save the whole case file…*: offered to the City Attorney's Office and the
City Clerk's staff, greyed for every other role; the file it saves is the whole case file,
recorded in the case's history, and a refused path keeps the window as it was."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.cases.case_file_pdf import ACTION, outline_of
from ethics_desk.models import AuditRecord, Complaint
from ethics_desk.storage.database import Database
from ethics_desk.ui import errors
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.mnemonics import mnemonic_of
from tests.ui.conftest import signed_in_context

IN_REVIEW_OR_LATER = "ERB-2026-013"


def _case_id(database: Database, number: str) -> int:
    with database.read_session() as session:
        found = session.scalar(select(Complaint.id).where(Complaint.case_number == number))
        assert found is not None
        return found


def test_the_attorney_saves_the_whole_case_file_from_the_case_window(
        demo_database: Database, qtbot: QtBot, tmp_path: Path) -> None:
    context = signed_in_context(demo_database, "attorney", "demo")
    case_id = _case_id(demo_database, IN_REVIEW_OR_LATER)
    window = CaseWindow(context, case_id)
    qtbot.addWidget(window)
    assert window.case_file_button.isEnabled()
    assert mnemonic_of(window.case_file_button.text()) == "w"
    out = window.save_case_file(tmp_path / "case.pdf", preview=True)
    assert out == tmp_path / "case.pdf"
    pdf = out.read_bytes()
    assert len(PdfReader(io.BytesIO(pdf)).pages) > 5
    assert outline_of(pdf)[0][0] == "Cover"
    assert window.case_file_preview.isVisible()
    with demo_database.read_session() as session:
        assert session.scalars(select(AuditRecord.actor).where(
            AuditRecord.action == ACTION, AuditRecord.complaint_id == case_id)).all() == [
            context.signed_in.display]
    assert any(line.action == ACTION for line in window.case.timeline)  # shown in the history


def test_a_member_of_the_board_finds_the_button_greyed_with_who_may(
        demo_database: Database, qtbot: QtBot) -> None:
    context = signed_in_context(demo_database, "chair", "demo")
    window = CaseWindow(context, _case_id(demo_database, IN_REVIEW_OR_LATER))
    qtbot.addWidget(window)
    assert not window.case_file_button.isEnabled()
    assert "Records officer" in window.case_file_button.toolTip()


def test_an_unwritable_path_says_so_and_leaves_no_file(
        demo_database: Database, qtbot: QtBot, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(errors, "show_user_error",
                        lambda _parent, error: shown.append(error.problem))
    context = signed_in_context(demo_database, "clerk", "demo")
    window = CaseWindow(context, _case_id(demo_database, IN_REVIEW_OR_LATER))
    qtbot.addWidget(window)
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "a-file").write_text("not a folder")
    assert window.save_case_file(folder / "a-file" / "case.pdf", preview=False) is None
    assert len(shown) == 1 and "could not be saved" in shown[0]
    assert sorted(p.name for p in folder.iterdir()) == ["a-file"]
