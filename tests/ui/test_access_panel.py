"""The case window's Access tab: the Clerk sees who saw the case and when; looking is recorded
too; a role without the access history has no such tab (§ 2-83(h))."""

from __future__ import annotations

from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.core.vocabulary import CaseState
from ethics_desk.models import AuditRecord, Complaint
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import MainWindow
from tests.ui.conftest import signed_in_context


def _under_review(database: Database) -> int:
    with database.read_session() as session:
        case_id = session.scalar(select(Complaint.id).where(
            Complaint.state == CaseState.UNDER_REVIEW).order_by(Complaint.id))
    assert case_id is not None
    return case_id


def test_the_clerk_sees_who_opened_the_case_and_the_looking_is_recorded(
        qtbot: QtBot, demo_database: Database) -> None:
    case_id = _under_review(demo_database)
    auditor = signed_in_context(demo_database, "auditor", "demo")
    seen_by_auditor = MainWindow(auditor)
    qtbot.addWidget(seen_by_auditor)
    opened = seen_by_auditor.open_case(case_id)
    assert opened is not None
    qtbot.addWidget(opened)
    assert opened.access is None  # the auditor has no access history to read
    clerk: AppContext = signed_in_context(demo_database, "clerk", "demo")
    main = MainWindow(clerk)
    qtbot.addWidget(main)
    window = main.open_case(case_id)
    assert window is not None
    qtbot.addWidget(window)
    panel = window.access
    assert panel is not None
    lines = panel.show_history()
    assert lines is not None
    who = [(line.actor, line.action) for line in lines]
    assert (auditor.actor, "view.case") in who and (clerk.actor, "view.case") in who
    assert who[-1] == (clerk.actor, "view.access")  # this look, recorded with the reading
    assert panel.model.rowCount() == len(lines)
    assert "this one included" in panel.status.text()
    with demo_database.read_session() as session:
        looks = session.scalars(select(AuditRecord).where(
            AuditRecord.complaint_id == case_id, AuditRecord.action == "view.access")).all()
    assert [r.actor for r in looks] == [clerk.actor]
