"""Every way a person sees a case's content leaves an audit record naming them, § 2-83(h):
each read path of the window and the command line, enumerated."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.cli import main
from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord
from ethics_desk.storage.database import Database
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.case.papers_panel import PapersPanel
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.documents import FilingPapersDialog
from tests.conftest import CLOCK
from tests.factories import filed_case
from tests.signing_in import account_of, sign_in_as

CLERK = "Maria Clerk (maria)"


def _newest(database: Database, case_id: int) -> tuple[str, str]:
    with database.read_session() as session:
        record = session.scalars(select(AuditRecord).where(
            AuditRecord.complaint_id == case_id).order_by(AuditRecord.seq.desc())).first()
    assert record is not None
    return record.action, record.actor


def _open_case(qtbot: QtBot, context: AppContext, case_id: int, _tmp: Path) -> str:
    window = CaseWindow(context, case_id)
    qtbot.addWidget(window)
    return "view.case"


def _preview(qtbot: QtBot, context: AppContext, case_id: int, _tmp: Path) -> str:
    panel = PapersPanel(context, case_id)
    qtbot.addWidget(panel)
    panel.choose_kind("receipt")
    assert panel.preview() is not None
    return "preview.receipt"


def _filing_papers(qtbot: QtBot, context: AppContext, case_id: int, _tmp: Path) -> str:
    dialog = FilingPapersDialog(context, case_id)
    qtbot.addWidget(dialog)
    return "preview.receipt"


def _attachment(qtbot: QtBot, context: AppContext, case_id: int, _tmp: Path) -> str:
    window = CaseWindow(context, case_id)
    qtbot.addWidget(window)
    assert window.open_attachment() is not None
    return "view.attachment"


def _command_line_letter(_qtbot: QtBot, context: AppContext, _case_id: int, tmp: Path) -> str:
    url = context.database.url.render_as_string(hide_password=False)
    with pytest.MonkeyPatch.context() as patch:  # the command signs in as a clerk
        sign_in_as(patch, context.database, Role.CLERK)
        assert main(["letter", "ERB-2026-001", "receipt", "--out", str(tmp / "r.pdf"),
                     "--db", url], clock=CLOCK) == 0
    return "preview.receipt"


def _command_line_access(_qtbot: QtBot, context: AppContext, _case_id: int, _tmp: Path) -> str:
    url = context.database.url.render_as_string(hide_password=False)
    with pytest.MonkeyPatch.context() as patch:  # the command signs in as a clerk
        sign_in_as(patch, context.database, Role.CLERK)
        assert main(["access", "ERB-2026-001", "--db", url], clock=CLOCK) == 0
    return "view.access"


READS: dict[str, Callable[[QtBot, AppContext, int, Path], str]] = {
    "the case window opened": _open_case,
    "a preview in the Papers tab": _preview,
    "the papers shown after filing": _filing_papers,
    "an attachment opened": _attachment,
    "ethics-desk letter": _command_line_letter,
    "ethics-desk access": _command_line_access,
}


@pytest.mark.parametrize("path", list(READS))
def test_every_read_of_a_case_leaves_its_audit_record(
        path: str, qtbot: QtBot, context: AppContext, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("ethics_desk.ui.case.case_window.QDesktopServices.openUrl",
                        lambda url: True)
    case_id = filed_case(context.controller())
    action = READS[path](qtbot, context, case_id, tmp_path)
    recorded, actor = _newest(context.database, case_id)
    assert recorded == action
    signed_in = path.startswith("ethics-desk")  # the command line names its signed-in account
    assert actor == (account_of(context.database, Role.CLERK).display if signed_in else CLERK)
