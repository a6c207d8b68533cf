"""The application window opens on the database and reports what it holds."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from ethics_desk.db import Database
from ethics_desk.ui.main_window import MainWindow
from ethics_desk.workflow import WorkflowController
from tests.factories import complete_intake, filed_case


def test_the_window_shows_the_database_in_use_and_its_cases(
        qtbot: QtBot, database: Database, controller: WorkflowController) -> None:
    filed_case(controller)
    controller.save_draft(complete_intake())
    window = MainWindow(database)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert database.description in window.statusBar().currentMessage()
    assert window.summary.text() == "2 complaints on record: 1 pending, 1 draft."
