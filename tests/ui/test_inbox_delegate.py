"""The inbox's cells are painted as the standard delegate paints them: tint, selection, text."""

from __future__ import annotations

from datetime import date, timedelta

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from ethics_desk.cases.inbox import ALL_CASES, SortKey
from ethics_desk.storage.database import Database
from ethics_desk.ui.models.inbox_delegate import InboxCellDelegate, InboxTableView
from ethics_desk.ui.models.inbox_model import COLUMN_OF, DUE_COLUMN
from ethics_desk.ui.screens.inbox_screen import InboxScreen
from tests.cases.test_inbox import CaseSpec, insert_cases
from tests.ui.test_inbox_screen import context_on, open_inbox

TODAY = date(2026, 11, 30)
LONG_NAME = "Maximiliana Bartholomea Fernández-Villavicencio de la Santísima Trinidad"


def _screen(qtbot: QtBot, database: Database) -> InboxScreen:
    insert_cases(database, [CaseSpec(complainant=LONG_NAME, due_on=date(2026, 11, 20)),
                            CaseSpec(complainant="Ana Ruiz", due_on=date(2026, 12, 14))])
    screen = open_inbox(qtbot, context_on(database))
    screen.show_view(ALL_CASES)
    return screen


def _pixel(screen: InboxScreen, row: int, column: int) -> QColor:
    """The colour just inside the left edge of a cell, as painted."""
    view = screen.table
    rect = view.visualRect(screen.model.index(row, column))
    image: QImage = view.viewport().grab().toImage()
    return image.pixelColor(rect.left() + 2, rect.top() + 2)


def test_the_inbox_paints_with_its_own_delegate(qtbot: QtBot, database: Database) -> None:
    screen = _screen(qtbot, database)
    assert isinstance(screen.table.itemDelegate(), InboxCellDelegate)


def test_an_overdue_due_date_is_tinted_and_a_selected_row_highlighted(
        qtbot: QtBot, database: Database) -> None:
    screen = _screen(qtbot, database)
    overdue = next(r for r in range(2) if screen.model.row_at(r).complainant == LONG_NAME)
    other = 1 - overdue
    cell = screen.model.paint_cell(overdue, DUE_COLUMN)
    assert cell is not None and "OVERDUE" in cell[0]
    screen.table.clearSelection()
    assert _pixel(screen, overdue, DUE_COLUMN).name() == "#f1aeb5"  # the overdue tint
    screen.table.selectRow(other)
    palette = screen.table.palette()
    highlights = {palette.color(group, palette.ColorRole.Highlight).name()
                  for group in (palette.ColorGroup.Active, palette.ColorGroup.Inactive)}
    for column in (0, DUE_COLUMN):
        assert _pixel(screen, other, column).name() in highlights
    assert _pixel(screen, overdue, 0).name() not in highlights


def test_a_name_too_long_for_its_column_is_cut_with_an_ellipsis(
        qtbot: QtBot, database: Database) -> None:
    screen = _screen(qtbot, database)
    column = COLUMN_OF[SortKey.COMPLAINANT]
    screen.table.horizontalHeader().resizeSection(column, 120)
    row = next(r for r in range(screen.model.rowCount())
               if screen.model.row_at(r).complainant == LONG_NAME)
    delegate = screen.table.itemDelegate()
    assert isinstance(delegate, InboxCellDelegate)
    shown = delegate.shown_text(row, column)
    assert shown is not None and shown.endswith("…") and LONG_NAME.startswith(shown[:-1])
    metrics = screen.table.fontMetrics()
    assert metrics.horizontalAdvance(shown) <= 120 - 1 - 8  # the column, less grid and margins
    assert delegate.shown_text(row, COLUMN_OF[SortKey.CASE]) == screen.model.row_at(row).case_number
    assert delegate.shown_text(row + 99, column) is None  # off the table: nothing
    assert screen.model.paint_cell(row + 99, column) is None  # off the table: nothing


def _painted(screen: InboxScreen, *, by_cell: bool) -> QImage:
    view = screen.table
    view.paint_by_cell = by_cell
    try:
        return view.viewport().grab().toImage()
    finally:
        view.paint_by_cell = False


def _many_cases(database: Database) -> None:
    specs = [CaseSpec(complainant=LONG_NAME if n % 7 == 0 else f"Ana Ruiz {n}",
                      due_on=date(2026, 11, 20) + timedelta(days=n % 20) if n % 3 else None,
                      received_on=date(2026, 10, 1 + n % 28))
             for n in range(40)]
    insert_cases(database, specs)


def test_the_inbox_paints_its_screen_in_one_call_exactly_as_cell_by_cell(
        qtbot: QtBot, database: Database) -> None:
    """The one-call painting draws the very pixels Qt's own painting through the delegate
    draws: tints, bold dates, alternate rows, elided names, the grid, the selected row and the
    focus frame of the current cell, scrolled both ways."""
    _many_cases(database)
    screen = open_inbox(qtbot, context_on(database))
    screen.show_view(ALL_CASES)
    view = screen.table
    qtbot.waitUntil(lambda: screen.model.rowCount() == 40)
    view.horizontalHeader().resizeSection(COLUMN_OF[SortKey.COMPLAINANT], 120)
    assert isinstance(view, InboxTableView)

    def same() -> None:
        qtbot.wait(20)  # the scroll bars and columns laid out
        one_call, by_cell = _painted(screen, by_cell=False), _painted(screen, by_cell=True)
        assert one_call.size() == by_cell.size()
        assert one_call == by_cell

    same()  # nothing selected
    view.setFocus(Qt.FocusReason.TabFocusReason)
    # as after a Tab key: the style draws the focus frame only once the keyboard moved focus
    view.window().setAttribute(Qt.WidgetAttribute.WA_KeyboardFocusChange, True)
    view.selectRow(3)
    view.setCurrentIndex(screen.model.index(3, 2))
    qtbot.waitUntil(view.hasFocus)
    same()  # a selected row, the current cell's focus frame
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum() // 2)
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().maximum())
    same()  # scrolled: the first row and column shown are partly hidden
    # and it is a real picture: tints, text, grid lines and rows, not one blank colour
    image = _painted(screen, by_cell=False)
    assert len({image.pixel(x, y) for x in range(0, image.width(), 3)
                for y in range(0, image.height(), 3)}) > 4


def test_an_empty_inbox_paints_nothing_but_its_background(
        qtbot: QtBot, database: Database) -> None:
    screen = open_inbox(qtbot, context_on(database))
    screen.show_view(ALL_CASES)
    assert screen.model.rowCount() == 0
    one_call, by_cell = _painted(screen, by_cell=False), _painted(screen, by_cell=True)
    assert one_call == by_cell
