"""The inbox's cells are painted as the standard delegate paints them: tint, selection, text."""

from __future__ import annotations

from datetime import date

from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from ethics_desk.cases.inbox import ALL_CASES, SortKey
from ethics_desk.storage.database import Database
from ethics_desk.ui.models.inbox_delegate import InboxCellDelegate
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
    cell = screen.model.paint_cell(row, column)
    assert cell is not None
    qtbot.waitUntil(lambda: -1 in cell)  # painted (at the next paint event)
    width, _height, shown, _x, _baseline = cell[-1]
    assert width <= 120 - 8  # the column, less the grid line and the margins
    assert shown.endswith("…") and LONG_NAME.startswith(shown[:-1])
    assert screen.model.paint_cell(row + 99, column) is None  # off the table: nothing
