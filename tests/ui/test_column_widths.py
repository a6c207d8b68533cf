"""The lists of every screen (a case's deadlines, the papers, the Board's roster…): columns
as wide as what they show, the one that stretches taking the rest, and a column's width set
by hand kept for the person who set it — not for the next person at the same desk."""

from __future__ import annotations

from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from ethics_desk.core.roles import Role
from ethics_desk.storage.database import Database
from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.column_widths import GIVES_WAY
from ethics_desk.ui.context import AppContext
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import filed_case
from tests.ui.conftest import clerk_context, make_account, signed_in_context

RULE = 1  # the Deadlines tab's "Rule" column


def _deadlines(qtbot: QtBot, context: AppContext, case_id: int) -> QTableView:
    window = CaseWindow(context, case_id)
    qtbot.addWidget(window)
    window.resize(1200, 680)
    window.show()
    qtbot.waitExposed(window)
    view = window.deadlines_view
    window.tabs.setCurrentWidget(view.parentWidget()
                                 if window.tabs.indexOf(view) < 0 else view)
    qtbot.waitUntil(lambda: view.model().rowCount() > 0)
    return view


def test_a_lists_columns_fit_their_texts_and_the_stretching_one_takes_the_rest(
        qtbot: QtBot, database: Database, controller: WorkflowController) -> None:
    view = _deadlines(qtbot, clerk_context(database), filed_case(controller))
    header = view.horizontalHeader()
    metrics = view.fontMetrics()
    citation = str(view.model().index(0, RULE).data())
    assert header.sectionSize(RULE) >= metrics.horizontalAdvance(citation) + 6
    stretch = view.property(GIVES_WAY)
    assert stretch == [0]  # the deadline's name gives way, whole in its tooltip
    assert header.length() <= view.viewport().width() + 1


def test_a_lists_column_widths_set_by_hand_are_kept_for_that_person_only(
        qtbot: QtBot, database: Database, controller: WorkflowController) -> None:
    case_id = filed_case(controller)
    maria = clerk_context(database)
    first = _deadlines(qtbot, maria, case_id)
    fitted = first.horizontalHeader().sectionSize(RULE)
    first.horizontalHeader().resizeSection(RULE, fitted + 77)  # widened by hand
    again = _deadlines(qtbot, maria, case_id)  # the case opened again, another day
    assert again.horizontalHeader().sectionSize(RULE) == fitted + 77
    make_account(database, "ana", "Ana Other", Role.CLERK)
    other = _deadlines(qtbot, signed_in_context(database, "ana"), case_id)
    assert other.horizontalHeader().sectionSize(RULE) == fitted  # Ana's list is fitted
