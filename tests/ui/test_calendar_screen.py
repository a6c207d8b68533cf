"""The Calendar screen and the closures editor: counts and closures on the month view, a day's
deadlines opening their case, and calendar changes previewed, confirmed, saved and audited."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QAccessible, QColor, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from ethics_desk.cases.calendar_overview import (
    calendar_days,
    deadlines_on,
    describe_moves,
    month_overview,
)
from ethics_desk.deadlines.clocks import short_title
from ethics_desk.deadlines.closures import add_closure, preview_add
from ethics_desk.documents.kinds import title_of
from ethics_desk.models import AuditRecord
from ethics_desk.storage.database import Database
from ethics_desk.ui.calendar_editor import (
    CalendarEditorDialog,
    ConfirmChangeDialog,
    calendar_days_model,
    moves_model,
)
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.mnemonics import mnemonic_of, window_mnemonics
from ethics_desk.ui.palette import colours
from ethics_desk.ui.screens.calendar_screen import (
    CalendarScreen,
    DayDeadlinesModel,
    MonthModel,
    MonthView,
)
from ethics_desk.workflow import ForwardForReview
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW, OFFICE_TZ
from tests.factories import CLERK, CODE_HANDED_OVER, DESK_CLERK, filed_case
from tests.ui.conftest import type_text
from tests.workflow.helpers import case, deadlines

NOTICE = f"“{title_of('respondent-notice')}”"
"""The (e) notice as the window and the commands name it: by its title."""

TODAY = NOW.date()
NO_KEYS = Qt.KeyboardModifier.NoModifier


@dataclass(frozen=True)
class Cases:
    """Cases with open deadlines on known days."""

    waiting: int  # "promptly forward" due Tue 17 Nov 2026, overdue
    in_review: int  # four reviews due Tue 24 Nov 2026, overdue
    new: int  # four reviews due Mon 7 Dec 2026


@pytest.fixture
def cases(controller: WorkflowController) -> Cases:
    """The cases, made through the workflow."""
    filed = datetime(2026, 11, 16, 9, 0, tzinfo=OFFICE_TZ)
    waiting = filed_case(controller, received_at=filed)
    in_review = filed_case(controller, received_at=filed)
    controller.fire(in_review, ForwardForReview(forwarded_on=date(2026, 11, 17)))
    new = filed_case(controller)
    controller.fire(new, ForwardForReview())
    return Cases(waiting, in_review, new)


@pytest.fixture
def screen(qtbot: QtBot, context: AppContext) -> CalendarScreen:
    """The Calendar screen, shown, on November 2026."""
    widget = CalendarScreen(context)
    qtbot.addWidget(widget)
    widget.resize(990, 720)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@dataclass
class Confirmations:
    """What the confirmation dialogs showed, and the answer each was given."""

    answer: QDialog.DialogCode = QDialog.DialogCode.Accepted
    shown: list[ConfirmChangeDialog] | None = None

    def __call__(self, dialog: ConfirmChangeDialog) -> int:
        """Stand in for ``exec``: remember the dialog and answer without blocking."""
        assert self.shown is not None
        self.shown.append(dialog)
        return int(self.answer)


@pytest.fixture
def confirmations(monkeypatch: pytest.MonkeyPatch) -> Confirmations:
    """Every calendar-change confirmation answered (Save, unless a test says otherwise)."""
    recorder = Confirmations(shown=[])

    def answer(dialog: ConfirmChangeDialog) -> int:
        return recorder(dialog)

    monkeypatch.setattr(ConfirmChangeDialog, "exec", answer)
    return recorder


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text of every message box shown (none blocks)."""
    shown: list[str] = []

    def capture(box: QMessageBox) -> int:
        shown.append(f"{box.text()} {box.informativeText()}")
        return int(QMessageBox.StandardButton.Ok)

    monkeypatch.setattr(QMessageBox, "exec", capture)
    return shown


def open_editor(qtbot: QtBot, screen: CalendarScreen) -> CalendarEditorDialog:
    """Click “Closures and holidays…” and return the editor it opens."""
    qtbot.mouseClick(screen.editor_button, Qt.MouseButton.LeftButton)
    assert screen.editor is not None and screen.editor.isVisible()
    qtbot.waitExposed(screen.editor)
    return screen.editor


def fill_closure(qtbot: QtBot, editor: CalendarEditorDialog, day: date, name: str) -> None:
    """Type a closure into the editor's form."""
    editor.day.set_date(day)
    editor.name.clear()
    type_text(qtbot, editor.name, name)


def cell_name(view: MonthView, day: date) -> str:
    """The accessible name the month grid's model gives the cell of ``day``."""
    index = view.model.index_of(day)
    assert index.isValid(), day
    return str(index.data(Qt.ItemDataRole.AccessibleTextRole))


def accessible_cells(widget: QWidget) -> dict[tuple[int, int], str]:
    """Each table cell's name as a screen reader gets it: the children of the widget's accessible
    interface that are table cells, by (row, column)."""
    table = QAccessible.queryAccessibleInterface(widget)
    assert table.role() == QAccessible.Role.Table
    cells: dict[tuple[int, int], str] = {}
    for child in map(table.child, range(table.childCount())):
        if child.role() == QAccessible.Role.Cell:  # not the weekday headers
            cell = child.tableCellInterface()
            cells[(cell.rowIndex(), cell.columnIndex())] = child.text(QAccessible.Text.Name)
    return cells


def spoken(view: MonthView, day: date) -> str:
    """What a screen reader is told for the cell of ``day``."""
    index = view.model.index_of(day)
    return accessible_cells(view.grid)[(index.row(), index.column())]


# -- the models ---------------------------------------------------------------------------------


def test_the_days_deadlines_model_passes_the_model_tester(
        qtmodeltester: ModelTester, database: Database, cases: Cases) -> None:
    model = DayDeadlinesModel()
    model.set_rows(deadlines_on(database, date(2026, 11, 17), TODAY, include_closed=True,
                                account=CLERK))
    assert model.rowCount() == 2
    qtmodeltester.check(model)  # type: ignore[no-untyped-call]
    model.set_rows([])
    qtmodeltester.check(model)  # type: ignore[no-untyped-call]


def test_the_month_grid_model_passes_the_model_tester(
        qtmodeltester: ModelTester, database: Database, cases: Cases) -> None:
    model = MonthModel(2026, 11)
    qtmodeltester.check(model)  # type: ignore[no-untyped-call]
    model.set_overview(month_overview(database, 2026, 11, TODAY, margin_days=14,
                                        account=CLERK))
    qtmodeltester.check(model)  # type: ignore[no-untyped-call]
    model.set_page(2026, 2)  # four weeks from a Sunday: the week before shows, then March's
    assert (model.day_at(0, 0), model.day_at(5, 6)) == (date(2026, 1, 25), date(2026, 3, 7))
    qtmodeltester.check(model)  # type: ignore[no-untyped-call]


def test_the_calendar_days_model_passes_the_model_tester(
        qtmodeltester: ModelTester, database: Database) -> None:
    model = calendar_days_model()
    model.set_rows(calendar_days(database, 2025))
    assert model.rowCount() > 10
    qtmodeltester.check(model)  # type: ignore[no-untyped-call]


def test_the_moved_deadlines_model_passes_the_model_tester(
        qtmodeltester: ModelTester, database: Database, cases: Cases) -> None:
    model = moves_model()
    moved = preview_add(database, date(2026, 12, 7), "Closure", account=CLERK)
    model.set_rows(describe_moves(database, moved, account=CLERK))
    assert model.rowCount() >= 4
    qtmodeltester.check(model)  # type: ignore[no-untyped-call]


# -- the month view -----------------------------------------------------------------------------


def test_a_day_with_deadlines_shows_how_many_are_due_and_overdue(
        screen: CalendarScreen, cases: Cases) -> None:
    screen.refresh()
    overdue = screen.month_view.describe_cell(date(2026, 11, 24))
    assert (overdue.due, overdue.overdue, overdue.count) == ("4 due", "4 overdue ⚠",
                                                             "4 due (4 overdue ⚠)")
    coming = screen.month_view.describe_cell(date(2026, 12, 7))  # shown after the month
    assert (coming.due, coming.overdue, coming.in_month) == ("4 due", "", False)
    assert screen.month_view.describe_cell(date(2026, 11, 23)).count == ""


def test_hovering_over_a_day_tells_its_deadlines_and_closures(screen: CalendarScreen,
                                                              cases: Cases) -> None:
    screen.refresh()
    model = screen.month_view.grid.model()
    tips = [str(model.data(model.index(row, column), Qt.ItemDataRole.ToolTipRole) or "")
            for row in range(model.rowCount()) for column in range(model.columnCount())]
    assert any(t.startswith("Tuesday 24 November 2026 — 4 open deadlines due, 4 overdue")
               for t in tips)
    assert any(t.startswith("Thursday 26 November 2026") and "Thanksgiving Day (holiday)" in t
               for t in tips)


def test_weekends_and_city_holidays_are_shaded_and_named(screen: CalendarScreen) -> None:
    thanksgiving = screen.month_view.describe_cell(date(2026, 11, 26))
    assert (thanksgiving.name, thanksgiving.shade) == ("Thanksgiving Day", QColor(colours().holiday))
    day_after = screen.month_view.describe_cell(date(2026, 11, 27))
    assert (day_after.name, day_after.shade) == ("Day after Thanksgiving", QColor(colours().holiday))
    saturday = screen.month_view.describe_cell(date(2026, 11, 28))
    assert (saturday.name, saturday.shade) == ("", QColor(colours().weekend))
    today = screen.month_view.describe_cell(TODAY)
    assert today.is_today and today.shade is None and today.name == ""


def test_a_state_holiday_on_a_city_workday_is_marked_as_the_states(
        screen: CalendarScreen) -> None:
    screen.select_day(date(2027, 3, 2))
    cell = screen.month_view.describe_cell(date(2027, 3, 2))
    assert (cell.name, cell.state_name, cell.shade) == ("", "Texas Independence Day", None)
    assert "City offices open; State offices closed: Texas Independence Day" in \
        screen.day_label.text()


# -- the month view to a screen reader and by keyboard ------------------------------------------


def test_a_screen_reader_hears_each_demo_day_as_a_sentence_of_its_deadlines_closure_and_today(
        qtbot: QtBot, demo_context: AppContext) -> None:
    screen = CalendarScreen(demo_context)
    qtbot.addWidget(screen)
    screen.show()
    qtbot.waitExposed(screen)
    view = screen.month_view
    expected = {
        # 6: the campaign-finance complaint still under review (§ 2-83(d)(2) waits for (c))
        date(2026, 11, 24): "Tuesday, November 24, 2026 — 6 deadlines due, 6 overdue",
        date(2026, 11, 26): "Thursday, November 26, 2026 — no deadlines due; "
                            "City closed: Thanksgiving Day",
        TODAY: "Monday, November 30, 2026 — today; 3 deadlines due",
        date(2026, 11, 16): "Monday, November 16, 2026 — 1 deadline due, 1 overdue",
        date(2026, 12, 3): "Thursday, December 3, 2026 (December, the next month) — "
                           "6 deadlines due",
        date(2026, 10, 25): "Sunday, October 25, 2026 (October, the previous month) — "
                            "no deadlines due",
    }
    assert {day: cell_name(view, day) for day in expected} == expected
    assert {day: spoken(view, day) for day in expected} == expected
    # Every one of the 42 cells is a sentence, never a bare number.
    assert all(" — " in name and name.split(",")[0] in
               ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
               for name in accessible_cells(view.grid).values())
    assert len(accessible_cells(view.grid)) == 42
    # The cell tells what it shows: the same facts as the painting.
    cell = view.describe_cell(date(2026, 11, 24))
    assert (cell.due, cell.overdue) == ("6 due", "6 overdue ⚠")


def test_the_sentence_tells_an_office_closure_and_a_state_holiday_from_a_city_holiday(
        database: Database, screen: CalendarScreen, cases: Cases) -> None:
    add_closure(database, date(2026, 12, 7), "Ice storm closure", account=CLERK, clock=CLOCK)
    screen.select_day(date(2026, 12, 8))
    view = screen.month_view
    assert spoken(view, date(2026, 12, 7)) == \
        "Monday, December 7, 2026 — no deadlines due; City closed: Ice storm closure, set by " \
        "the office"
    assert spoken(view, date(2026, 12, 8)) == "Tuesday, December 8, 2026 — 4 deadlines due"
    assert spoken(view, date(2026, 12, 25)) == \
        "Friday, December 25, 2026 — no deadlines due; City closed: Christmas Day"
    screen.select_day(date(2027, 3, 2))
    assert spoken(view, date(2027, 3, 2)) == \
        "Tuesday, March 2, 2027 — no deadlines due; State holiday: Texas Independence Day"


def test_the_grid_is_named_for_its_month_and_tells_how_to_move_by_keyboard(
        screen: CalendarScreen) -> None:
    view = screen.month_view
    table = QAccessible.queryAccessibleInterface(view.grid)
    assert table.text(QAccessible.Text.Name) == "Month of November 2026 — deadlines by day"
    description = table.text(QAccessible.Text.Description)
    for told in ("arrow keys", "Page Up", "Page Down", "Home", "End", "Enter"):
        assert told in description
    headers = [table.child(n) for n in range(table.childCount())]
    assert [h.text(QAccessible.Text.Name) for h in headers
            if h.role() == QAccessible.Role.ColumnHeader] == [
        "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    QTest.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
    assert table.text(QAccessible.Text.Name) == "Month of December 2026 — deadlines by day"
    assert view.title.text() == "December 2026"


def test_the_month_buttons_turn_the_page_and_have_alt_keys_of_their_own(
        screen: CalendarScreen) -> None:
    view = screen.month_view
    screen.select_day(date(2026, 11, 24))
    pages: list[tuple[int, int]] = []
    view.currentPageChanged.connect(lambda year, month: pages.append((year, month)))
    QTest.mouseClick(view.previous_button, Qt.MouseButton.LeftButton)
    QTest.mouseClick(view.previous_button, Qt.MouseButton.LeftButton)
    QTest.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
    assert pages == [(2026, 10), (2026, 9), (2026, 10)]
    assert screen.selected_day() == date(2026, 11, 24)  # turning the page chooses no day
    assert screen.overview is not None and (screen.overview.year, screen.overview.month) == \
        (2026, 10)
    assert (view.previous_button.accessibleName(), view.next_button.accessibleName()) == \
        ("Previous month", "Next month")
    assert (mnemonic_of(view.previous_button.text()), mnemonic_of(view.next_button.text())) == \
        ("p", "n")
    assert {letter: texts for letter, texts in window_mnemonics(screen).items()
            if len(texts) > 1} == {}


def test_the_mouse_wheel_turns_the_month_and_keeps_the_chosen_day(screen: CalendarScreen) -> None:
    view = screen.month_view
    screen.select_day(date(2026, 11, 24))
    centre = QPointF(view.grid.viewport().rect().center())

    def roll(eighths_of_a_degree: int) -> tuple[int, int]:
        event = QWheelEvent(centre, view.grid.viewport().mapToGlobal(centre), QPoint(),
                            QPoint(0, eighths_of_a_degree), Qt.MouseButton.NoButton, NO_KEYS,
                            Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(view.grid.viewport(), event)
        return view.yearShown(), view.monthShown()

    assert roll(-120) == (2026, 12)  # towards you: the next month
    assert roll(240) == (2026, 10)  # away from you, two steps: two months back
    assert roll(60) == (2026, 10)  # half a step turns nothing yet
    assert roll(60) == (2026, 9)
    assert screen.selected_day() == date(2026, 11, 24)


def test_the_arrow_keys_cross_the_months_edge_and_turn_the_page(
        screen: CalendarScreen, cases: Cases) -> None:
    view = screen.month_view
    screen.select_day(date(2026, 11, 30))
    view.grid.setFocus()

    def press(key: Qt.Key) -> tuple[date, tuple[int, int]]:
        QTest.keyClick(view.grid, key)
        return screen.selected_day(), (view.yearShown(), view.monthShown())

    assert press(Qt.Key.Key_Right) == (date(2026, 12, 1), (2026, 12))
    assert spoken(view, date(2026, 12, 1)).startswith("Tuesday, December 1, 2026 —")
    assert press(Qt.Key.Key_Left) == (date(2026, 11, 30), (2026, 11))
    assert press(Qt.Key.Key_Home) == (date(2026, 11, 1), (2026, 11))
    assert press(Qt.Key.Key_Up) == (date(2026, 10, 25), (2026, 10))
    assert press(Qt.Key.Key_End) == (date(2026, 10, 31), (2026, 10))
    assert press(Qt.Key.Key_PageDown) == (date(2026, 11, 30), (2026, 11))
    assert press(Qt.Key.Key_Down) == (date(2026, 12, 7), (2026, 12))
    assert screen.model.rowCount() == 4  # the reviews due that day are listed
    QTest.keyClick(view.grid, Qt.Key.Key_9)  # a typed number goes to that day of the month
    assert screen.selected_day() == date(2026, 12, 9)
    selected = view.grid.selectionModel().selectedIndexes()
    assert [i.data(Qt.ItemDataRole.UserRole) for i in selected] == [date(2026, 12, 9)]
    assert view.grid.currentIndex() == selected[0]


def test_clicking_a_day_of_the_next_month_turns_to_it_and_a_double_click_lists_its_deadlines(
        screen: CalendarScreen, cases: Cases) -> None:
    view = screen.month_view
    screen.select_day(date(2026, 11, 24))
    rect = view.grid.visualRect(view.model.index_of(date(2026, 12, 1)))
    QTest.mouseClick(view.grid.viewport(), Qt.MouseButton.LeftButton, NO_KEYS, rect.center())
    assert screen.selected_day() == date(2026, 12, 1)
    assert (view.yearShown(), view.monthShown()) == (2026, 12)
    assert screen.day_label.text().startswith("Tuesday 1 December 2026")
    rect = view.grid.visualRect(view.model.index_of(date(2026, 12, 7)))
    QTest.mouseDClick(view.grid.viewport(), Qt.MouseButton.LeftButton, NO_KEYS,
                      rect.center())
    assert screen.selected_day() == date(2026, 12, 7)  # a day not yet chosen is chosen
    assert screen.focusWidget() is view.grid
    QTest.mouseDClick(view.grid.viewport(), Qt.MouseButton.LeftButton, NO_KEYS,
                      rect.center())
    assert screen.focusWidget() is screen.table  # the chosen day opens onto its deadlines


# -- a day's deadlines --------------------------------------------------------------------------


def test_choosing_a_day_lists_its_deadlines_and_explains_the_first(
        database: Database, screen: CalendarScreen, cases: Cases) -> None:
    screen.select_day(date(2026, 11, 24))
    assert screen.model.rowCount() == 4
    number = case(database, cases.in_review).case_number
    row = [screen.model.index(0, c).data() for c in range(screen.model.columnCount())]
    assert row[0] == number
    assert row[1].startswith("Independent review")
    assert row[2] == "José Peña v. Nguyễn Thị Minh Khai"
    assert row[3] == "Overdue ⚠"
    first = screen.model.row(0)
    assert first.explanation in screen.explanation.toPlainText()
    assert screen.day_label.text().startswith("Tuesday 24 November 2026 — 4 open deadlines due")
    screen.table.selectRow(2)
    assert screen.model.row(2).title in screen.explanation.toPlainText()


def test_met_and_missed_deadlines_are_listed_only_when_asked(screen: CalendarScreen,
                                                             cases: Cases) -> None:
    screen.select_day(date(2026, 11, 17))
    assert [screen.model.row(r).complaint_id for r in range(screen.model.rowCount())] == \
        [cases.waiting]
    screen.show_closed.setChecked(True)
    assert [screen.model.index(r, 3).data() for r in range(screen.model.rowCount())] == \
        ["Overdue ⚠", "Met"]


def test_the_arrow_keys_move_between_days_and_list_their_deadlines(
        qtbot: QtBot, screen: CalendarScreen, cases: Cases) -> None:
    screen.select_day(date(2026, 11, 23))
    assert screen.model.rowCount() == 0
    view = screen.month_view.grid
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert screen.selected_day() == date(2026, 11, 24)
    assert screen.model.rowCount() == 4
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert screen.selected_day() == date(2026, 12, 1)
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    assert screen.selected_day() == date(2026, 11, 1)
    assert (screen.month_view.yearShown(), screen.month_view.monthShown()) == (2026, 11)
    screen.select_day(date(2026, 11, 24))
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Return)  # Enter on a day goes to its deadlines
    assert screen.focusWidget() is screen.table


def test_double_clicking_a_deadline_asks_for_its_case(qtbot: QtBot, screen: CalendarScreen,
                                                      cases: Cases) -> None:
    screen.select_day(date(2026, 11, 24))
    rect = screen.table.visualRect(screen.model.index(1, 0))
    requested: list[int] = []
    screen.case_requested.connect(requested.append)
    viewport = screen.table.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=rect.center())
    assert requested == []  # one click only chooses the deadline
    assert screen.model.row(1).explanation in screen.explanation.toPlainText()
    with qtbot.waitSignal(screen.case_requested, timeout=1000) as signal:
        # QTest's double click is the second click of a real one: it follows the first.
        qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=rect.center())
    assert signal.args == [cases.in_review]
    assert requested == [cases.in_review]


def test_enter_on_a_deadline_asks_for_its_case(qtbot: QtBot, screen: CalendarScreen,
                                               cases: Cases) -> None:
    screen.select_day(date(2026, 11, 17))
    screen.table.setFocus()
    with qtbot.waitSignal(screen.case_requested, timeout=1000) as signal:
        qtbot.keyClick(screen.table, Qt.Key.Key_Return)
    assert signal.args == [cases.waiting]


# -- the editor ---------------------------------------------------------------------------------


def test_a_closure_on_a_due_date_is_previewed_then_saved_and_the_deadline_moves(
        qtbot: QtBot, database: Database, screen: CalendarScreen, cases: Cases,
        confirmations: Confirmations, messages: list[str]) -> None:
    changed: list[bool] = []
    editor = open_editor(qtbot, screen)
    editor.changed.connect(lambda: changed.append(True))
    fill_closure(qtbot, editor, date(2026, 12, 7), "Ice storm closure")
    qtbot.mouseClick(editor.add_button, Qt.MouseButton.LeftButton)

    assert confirmations.shown is not None and len(confirmations.shown) == 1
    preview = confirmations.shown[0]
    number = case(database, cases.new).case_number
    reviews = [m for m in preview.moves if m.title.startswith("Independent review")]
    assert len(reviews) == 4
    assert {(m.case_number, m.old_due, m.new_due) for m in reviews} == {
        (number, date(2026, 12, 7), date(2026, 12, 8))}
    shown = [[preview.model.index(r, c).data() for c in range(4)]
             for r in range(preview.model.rowCount())]
    assert [number, short_title(reviews[0].title), "Mon 7 Dec 2026", "→ Tue 8 Dec 2026"] in shown
    assert "Monday 7 December 2026" in preview.message.text()

    assert messages == []
    assert {d.due_on for d in deadlines(database, cases.new, "review")} == {date(2026, 12, 8)}
    with database.read_session() as session:
        audit = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "calendar.add")).one()
    assert audit.actor == "Maria Clerk (maria)"
    assert changed == [True]
    assert "moved" in editor.status.text()
    assert editor.name.text() == ""
    assert editor.selected_entry("city") is not None
    assert editor.selected_entry("city").name == "Ice storm closure"  # type: ignore[union-attr]
    # The screen behind it shows the closure and the deadlines' new day.
    assert screen.month_view.describe_cell(date(2026, 12, 7)).name == "Ice storm closure"
    assert screen.month_view.describe_cell(date(2026, 12, 8)).due == "4 due"


def test_the_closure_dialog_names_the_issued_papers_it_makes_wrong_before_and_after_saving(
        qtbot: QtBot, database: Database, controller: WorkflowController,
        screen: CalendarScreen, confirmations: Confirmations, messages: list[str]) -> None:
    from ethics_desk.documents.issuing import issue
    from tests.board_cases import awaiting_response

    notice = awaiting_response(controller)  # its response is due Thu 17 Dec 2026
    issue(database, notice, "respondent-notice", account=DESK_CLERK, clock=CLOCK,
          code_provided=CODE_HANDED_OVER)
    editor = open_editor(qtbot, screen)
    fill_closure(qtbot, editor, date(2026, 12, 10), "Ice storm closure")
    assert editor.add_day(), messages
    assert confirmations.shown is not None and len(confirmations.shown) == 1
    before = confirmations.shown[0].papers.text()
    assert "Saving leaves 1 issued paper(s) stating a date that no longer holds" in before
    assert f"{NOTICE} to Nguyễn Thị Minh Khai" in before
    assert "Thursday 2026-12-17; it is now Friday 2026-12-18" in before
    after = editor.status.text()
    assert "1 issued paper(s) now state a date that no longer holds" in after
    assert "Papers tab" in after


def test_a_closure_that_moves_no_stated_date_names_no_paper(
        qtbot: QtBot, database: Database, screen: CalendarScreen, cases: Cases,
        confirmations: Confirmations, messages: list[str]) -> None:
    editor = open_editor(qtbot, screen)
    fill_closure(qtbot, editor, date(2026, 12, 7), "Ice storm closure")
    assert editor.add_day(), messages
    assert confirmations.shown is not None
    assert confirmations.shown[0].papers.text() == ""
    assert "issued paper" not in editor.status.text()


def test_declining_the_preview_saves_nothing_and_keeps_the_form(
        qtbot: QtBot, database: Database, screen: CalendarScreen, cases: Cases,
        confirmations: Confirmations) -> None:
    confirmations.answer = QDialog.DialogCode.Rejected
    editor = open_editor(qtbot, screen)
    fill_closure(qtbot, editor, date(2026, 12, 7), "Ice storm closure")
    assert not editor.add_day()
    assert {d.due_on for d in deadlines(database, cases.new, "review")} == {date(2026, 12, 7)}
    assert editor.name.text() == "Ice storm closure"
    assert editor.status.text() == "Not saved."


def test_a_refused_closure_shows_why_and_keeps_what_was_typed(
        qtbot: QtBot, screen: CalendarScreen, confirmations: Confirmations,
        messages: list[str]) -> None:
    editor = open_editor(qtbot, screen)
    fill_closure(qtbot, editor, date(2026, 12, 5), "Winter weather closure")
    qtbot.mouseClick(editor.add_button, Qt.MouseButton.LeftButton)
    assert len(messages) == 1 and "Saturday" in messages[0]
    assert confirmations.shown == []
    assert editor.name.text() == "Winter weather closure"
    assert editor.chosen_day() == date(2026, 12, 5)


def test_removing_an_office_closure_is_previewed_and_moves_the_deadline_back(
        qtbot: QtBot, database: Database, screen: CalendarScreen, cases: Cases,
        confirmations: Confirmations, messages: list[str]) -> None:
    add_closure(database, date(2026, 12, 7), "Ice storm closure", account=CLERK, clock=CLOCK)
    editor = open_editor(qtbot, screen)
    assert editor.select_entry("city", date(2026, 12, 7))
    assert editor.remove_buttons["city"].isEnabled()
    qtbot.mouseClick(editor.remove_buttons["city"], Qt.MouseButton.LeftButton)
    assert confirmations.shown is not None and len(confirmations.shown) == 1
    assert {(m.old_due, m.new_due) for m in confirmations.shown[0].moves
            if m.complaint_id == cases.new and m.title.startswith("Independent")} == {
        (date(2026, 12, 8), date(2026, 12, 7))}
    assert messages == []
    assert {d.due_on for d in deadlines(database, cases.new, "review")} == {date(2026, 12, 7)}
    assert date(2026, 12, 7) not in {e.day for e in editor.entries("city")}
    assert screen.month_view.describe_cell(date(2026, 12, 7)).name == ""


def test_rule_holidays_cannot_be_removed_in_the_editor(qtbot: QtBot,
                                                       screen: CalendarScreen) -> None:
    editor = open_editor(qtbot, screen)
    assert editor.select_entry("city", date(2026, 11, 26))
    assert editor.selected_entry("city") is not None
    assert not editor.remove_buttons["city"].isEnabled()
    assert not editor.remove_selected("city")


# -- Fiesta San Jacinto Day ---------------------------------------------------------------------


def test_the_banner_asks_for_fiesta_san_jacinto_day_until_it_is_set(
        qtbot: QtBot, database: Database, screen: CalendarScreen,
        confirmations: Confirmations, messages: list[str]) -> None:
    assert screen.banner.isVisible()
    assert "not set for 2026 or 2027" in screen.banner_label.text()
    qtbot.mouseClick(screen.banner_button, Qt.MouseButton.LeftButton)
    editor = screen.editor
    assert editor is not None and editor.isVisible()
    assert (editor.year.value(), editor.kind.currentData(), editor.name.text()) == \
        (2027, "fiesta", "Fiesta San Jacinto Day")
    assert editor.missing_labels["city"].isVisibleTo(editor)
    editor.day.set_date(date(2027, 4, 23))
    assert editor.add_day(), messages
    assert not editor.missing_labels["city"].isVisibleTo(editor)
    assert "2027" not in screen.banner_label.text()
    add_closure(database, date(2026, 4, 24), "Fiesta San Jacinto Day", account=CLERK,
                kind="fiesta", clock=CLOCK)
    screen.refresh()
    assert not screen.banner.isVisible()


def test_a_fiesta_day_set_outside_april_and_may_is_warned_of_before_and_after_saving(
        qtbot: QtBot, screen: CalendarScreen, confirmations: Confirmations,
        messages: list[str]) -> None:
    dialog = screen.open_editor(fiesta_year=2027)
    dialog.day.set_date(date(2027, 6, 4))
    assert dialog.add_day(), messages
    assert confirmations.shown is not None and len(confirmations.shown) == 1
    assert "outside April and May" in confirmations.shown[0].message.text()
    assert "outside April and May" in dialog.status.text()
    assert dialog.missing_labels["city"].isVisibleTo(dialog)
    assert "2027-06-04" in dialog.missing_labels["city"].text()


def test_a_fiesta_day_in_april_is_not_warned_of(
        qtbot: QtBot, screen: CalendarScreen, confirmations: Confirmations,
        messages: list[str]) -> None:
    dialog = screen.open_editor(fiesta_year=2027)
    dialog.day.set_date(date(2027, 4, 23))
    assert dialog.add_day(), messages
    assert confirmations.shown is not None
    assert "outside April" not in confirmations.shown[0].message.text()
    assert not dialog.missing_labels["city"].isVisibleTo(dialog)


def test_a_fiesta_day_that_is_not_a_friday_is_refused_with_the_reason(
        qtbot: QtBot, screen: CalendarScreen, confirmations: Confirmations,
        messages: list[str]) -> None:
    dialog = screen.open_editor(fiesta_year=2027)
    dialog.day.set_date(date(2027, 4, 22))
    assert not dialog.add_day()
    assert len(messages) == 1 and "is a Friday" in messages[0]
    assert dialog.name.text() == "Fiesta San Jacinto Day"
