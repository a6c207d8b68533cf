"""The Board screen's list of Board members who may be parties: the City Clerk decides there,
and no one else is shown it (§ 2-83(h)(1))."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord, Complaint
from ethics_desk.staff.accounts import list_accounts
from ethics_desk.staff.scope import case_condition
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.screens.board_screen import BoardScreen
from ethics_desk.workflow import Accept, ForwardToBoard
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import complete_intake, reviewed_case
from tests.ui.conftest import make_account, signed_in_context


def _case_against_the_member(database: Database, controller: WorkflowController) -> int:
    make_account(database, "jpena", "Jose Pena", Role.MEMBER)
    intake = complete_intake()
    intake = replace(intake, complainant=replace(intake.complainant, name="Ruth Alvarado"),
                     respondents=[replace(intake.respondents[0], name="Pena, Dr. José A.")])
    case = reviewed_case(controller, intake=intake)
    controller.fire(case, Accept())
    controller.fire(case, ForwardToBoard())
    return case


def _screen(qtbot: QtBot, context: AppContext) -> BoardScreen:
    screen = BoardScreen(context)
    qtbot.addWidget(screen)
    screen.resize(1000, 700)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def test_the_clerk_decides_a_possible_match_on_the_board_screen(
        qtbot: QtBot, context: AppContext, database: Database,
        controller: WorkflowController) -> None:
    case = _case_against_the_member(database, controller)
    screen = _screen(qtbot, context)
    panel = screen.party_matches
    assert panel is not None
    assert [screen.tabs.tabText(i) for i in range(screen.tabs.count())][-1] == "Ma&y be parties"
    [match] = panel.matches.rows()
    assert (match.complaint_id, match.party_name, match.person.described) == (
        case, "Pena, Dr. José A.", "Jose Pena (account)")
    assert not panel.not_same_button.isEnabled()
    panel.view.selectRow(0)
    qtbot.mouseClick(panel.not_same_button, Qt.MouseButton.LeftButton)
    assert panel.matches.rows() == []
    with database.read_session() as session:
        decided = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "board.party_decision")).one()
        member = next(a for a in list_accounts(database) if a.login == "jpena")
        assert session.scalar(select(Complaint.id).where(Complaint.id == case,
                                                         case_condition(member))) == case
    assert decided.actor == context.signed_in.display


def test_a_board_member_is_not_shown_the_list(qtbot: QtBot, database: Database,
                                              controller: WorkflowController) -> None:
    _case_against_the_member(database, controller)
    make_account(database, "chair", "Alma Reyes", Role.CHAIR)
    screen = _screen(qtbot, signed_in_context(database, "chair"))
    assert screen.party_matches is None
    assert "Ma&y be parties" not in [screen.tabs.tabText(i) for i in range(screen.tabs.count())]

