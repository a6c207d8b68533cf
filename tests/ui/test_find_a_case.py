"""Find a case (Ctrl+K) from the main window's every screen and from a case window: it finds a
case outside the inbox's view, by number and by a name typed without its accents or in
capitals, opens it with Enter, and never lists a case the person does not receive."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.models import AuditRecord, CaseState, Complaint
from ethics_desk.storage.database import Database
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.find_case import FindCaseDialog
from ethics_desk.ui.main_window import SCREENS, MainWindow
from tests.factories import complete_intake, filed_case
from tests.ui.conftest import signed_in_context, type_text


def _main(qtbot: QtBot, context: AppContext) -> MainWindow:
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _find(qtbot: QtBot, opener: MainWindow, typed: str) -> FindCaseDialog:
    action = opener.findChild(QAction, "actionFindCase")
    assert action is not None and action.shortcut() == QKeySequence("Ctrl+K")
    action.trigger()
    dialog = opener.findChild(FindCaseDialog)
    assert dialog is not None and dialog.isVisible()
    type_text(qtbot, dialog.search, typed)
    qtbot.waitUntil(lambda: not dialog.searching)
    return dialog


def _number(database: Database, state: CaseState) -> tuple[int, str]:
    with database.read_session() as session:
        case = session.scalars(select(Complaint).where(Complaint.state == state)
                               .order_by(Complaint.id)).first()
        assert case is not None
        return case.id, case.display_number


def test_ctrl_k_finds_a_case_outside_the_inbox_view_and_enter_opens_it(
        qtbot: QtBot, demo_context: AppContext, demo_database: Database) -> None:
    case_id, number = _number(demo_database, CaseState.RESOLVED)
    main = _main(qtbot, demo_context)
    main.go("inbox")  # "Due today": a resolved case has no deadline
    qtbot.waitUntil(lambda: main.inbox_screen.model.settled)
    assert main.inbox_screen.model.row_of(case_id) is None
    dialog = _find(qtbot, main, number)
    assert [row.id for row in dialog.model.rows()] == [case_id]
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: case_id in main.case_windows)
    assert not dialog.isVisible()
    assert dialog.search.text() == "" and dialog.model.rows() == []  # nothing left for the next
    for window in main.case_windows.values():
        qtbot.addWidget(window)
    with demo_database.read_session() as session:  # the names listed are on record
        assert session.scalars(select(AuditRecord).where(
            AuditRecord.action == "view.list", AuditRecord.actor == demo_context.actor)).first()


def test_the_find_is_offered_on_every_screen(qtbot: QtBot, context: AppContext) -> None:
    main = _main(qtbot, context)
    action = main.findChild(QAction, "actionFindCase")
    assert action is not None
    for screen in SCREENS:
        main.go(screen)
        assert action.isEnabled() and action.isVisible(), screen


def test_a_name_typed_without_its_accents_or_in_capitals_finds_the_case(
        qtbot: QtBot, context: AppContext) -> None:
    controller = context.controller()
    pena = filed_case(controller)  # José Peña against Nguyễn Thị Minh Khai
    intake = complete_intake()
    other = filed_case(controller, replace(
        intake, complainant=replace(intake.complainant, name="Ana Ruiz"),
        respondents=[replace(intake.respondents[0], name="Robert Garza")]))
    main = _main(qtbot, context)
    dialog = _find(qtbot, main, "PEÑA")
    assert [row.id for row in dialog.model.rows()] == [pena]
    dialog.search.clear()
    type_text(qtbot, dialog.search, "nguyen")
    qtbot.waitUntil(lambda: not dialog.searching)
    assert [row.id for row in dialog.model.rows()] == [pena]
    dialog.search.clear()
    type_text(qtbot, dialog.search, "garza")
    qtbot.waitUntil(lambda: not dialog.searching)
    assert [row.id for row in dialog.model.rows()] == [other]
    qtbot.keyClick(dialog.search, Qt.Key.Key_Down)
    assert dialog.results.hasFocus()
    qtbot.keyClick(dialog.results, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: other in main.case_windows)
    for window in main.case_windows.values():
        qtbot.addWidget(window)


def test_a_case_the_person_does_not_receive_is_never_found(
        qtbot: QtBot, demo_database: Database) -> None:
    at_the_clerk, number = _number(demo_database, CaseState.FILED)  # the Clerk's alone, (c)
    auditor = signed_in_context(demo_database, "auditor", "demo")
    main = _main(qtbot, auditor)
    dialog = _find(qtbot, main, number)
    assert dialog.model.rows() == []
    assert "No case found" in dialog.status.text()
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)
    assert at_the_clerk not in main.case_windows and main.case_windows == {}


def test_ctrl_k_in_a_case_window_opens_another_case(
        qtbot: QtBot, context: AppContext) -> None:
    controller = context.controller()
    first = filed_case(controller)
    intake = complete_intake()
    second = filed_case(controller, replace(
        intake, complainant=replace(intake.complainant, name="Zoë Fuentes")))
    main = _main(qtbot, context)
    window = main.open_case(first)
    assert window is not None
    qtbot.addWidget(window)
    assert any(s.key() == QKeySequence("Ctrl+K") for s in window.findChildren(QShortcut))
    dialog = window.find_case()  # Ctrl+K there
    assert dialog.parent() is window and dialog.isVisible()
    type_text(qtbot, dialog.search, "zoe")
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)  # before the list came: it opens the first
    qtbot.waitUntil(lambda: second in main.case_windows)
    qtbot.addWidget(main.case_windows[second])
