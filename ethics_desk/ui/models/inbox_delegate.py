"""Painting the inbox's cells straight from the model's per-cell cache, the screen in one call.

Qt's standard delegate asks the model for seven roles per cell on every paint, each a call into
Python, and lays its text out anew each time. This delegate reads the cell the model has already
worked out (text, tint, bold, alignment) and keeps the text elided to the column's width. It draws
what the standard delegate draws for these cells: the selection, the urgency tint, alternating
rows, the text in its colour and weight, and the focus frame of the current cell.

Even one call per cell costs more than the drawing: Qt hands every call a fresh copy of the
cell's style option, about 40 µs a cell in Python, ten milliseconds for a screenful. So the
inbox's view, :class:`InboxTableView`, paints every visible cell in one Python call
(:meth:`InboxCellDelegate.paint_visible`): the same fills, texts, grid lines and focus frame, in
the same order, as the table view's own painting through the delegate (which a test compares,
pixel for pixel), in about a fifth of the time.

What assistive technology reads is unchanged: it asks the model's ``data`` directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QRect, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionFocusRect,
    QStyleOptionViewItem,
    QTableView,
)

if TYPE_CHECKING:
    from ethics_desk.ui.models.inbox_model import InboxModel

_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_FONT = int(Qt.ItemDataRole.FontRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_PLACED = -1
"""The key, in a cell's cache, of (width, height, text as shown, x, baseline) in the cell."""
# Flags as plain ints: a bitwise test on Qt's Python flag enums costs a microsecond, per cell.
_SELECTED = QStyle.StateFlag.State_Selected.value
_ACTIVE = QStyle.StateFlag.State_Active.value
_FOCUS = QStyle.StateFlag.State_HasFocus.value
_RIGHT = Qt.AlignmentFlag.AlignRight.value
_MARGIN = 4
"""Space left and right of the text, as the Fusion style leaves it."""
ELIDED_KEPT = 20_000
"""How many measured texts the delegate keeps before it starts again."""


class InboxCellDelegate(QStyledItemDelegate):
    """Paints an inbox cell from :meth:`InboxModel.paint_cell` in one call."""

    def __init__(self, model: InboxModel, view: QAbstractItemView) -> None:
        super().__init__(view)
        self._model = model
        self._view = view
        self._read_palette()
        view.installEventFilter(self)

    def _read_palette(self) -> None:
        palette = self._view.palette()
        self._font = self._view.font()
        self._measured: dict[tuple[str, int, int], tuple[str, int]] = {}
        self._metrics: dict[int, tuple[QFont, QFontMetrics]] = {}
        self._highlight = {active: palette.brush(group, QPalette.ColorRole.Highlight)
                           for active, group in ((True, QPalette.ColorGroup.Active),
                                                 (False, QPalette.ColorGroup.Inactive))}
        self._highlighted_text = {
            active: palette.color(group, QPalette.ColorRole.HighlightedText)
            for active, group in ((True, QPalette.ColorGroup.Active),
                                  (False, QPalette.ColorGroup.Inactive))}
        self._alternate = palette.brush(QPalette.ColorRole.AlternateBase)
        self._text = palette.color(QPalette.ColorRole.Text)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Read the colours and font again when the view's palette, style or font change."""
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange,
                            QEvent.Type.FontChange):
            self._read_palette()
        return False

    def _font_metrics(self, font: QFont) -> QFontMetrics:
        """The metrics of ``font`` (the view's, or a cell's bold), measured once."""
        known = self._metrics.get(id(font))
        if known is None or known[0] is not font:
            known = (font, QFontMetrics(font))  # the font is kept, so its id stays its own
            self._metrics[id(font)] = known
        return known[1]

    def _measure(self, text: str, font: QFont, width: int) -> tuple[str, int]:
        """``text`` cut to ``width`` with an ellipsis, and its width; states, routes, deadline
        titles and dates recur on many rows, so each is measured once per width and font."""
        key = (text, width, id(font))
        measured = self._measured.get(key)
        if measured is None:
            metrics = self._font_metrics(font)
            advance = metrics.horizontalAdvance(text)
            if advance <= width:  # it fits: one measurement
                measured = (text, advance)
            else:
                shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
                measured = (shown, metrics.horizontalAdvance(shown))
            if len(self._measured) >= ELIDED_KEPT:
                self._measured.clear()
            self._measured[key] = measured
        return measured

    def shown_text(self, row: int, column: int) -> str | None:
        """The text the cell shows at its column's width now: the row's own, or cut to fit
        with an ellipsis; None off the table."""
        painted = self._model.paint_row(row)
        if painted is None:
            return None
        texts, urgency = painted
        font = self._model.cell_style(column, urgency)[2] or self._font
        grid = 1 if isinstance(self._view, QTableView) and self._view.showGrid() else 0
        width = self._view.columnWidth(column) if isinstance(self._view, QTableView) else 0
        return self._measure(texts[column], font, width - grid - 2 * _MARGIN)[0]

    def _placed(self, cell: dict[int, Any], font: QFont, width: int,
                height: int) -> tuple[int, int, str, int, int]:
        """Where the cell's text goes in a cell ``width`` (less the margins) by ``height``:
        (width, height, text as shown, x, baseline), kept in the cell until its size changes."""
        placed: tuple[int, int, str, int, int] | None = cell.get(_PLACED)
        if placed is None or placed[0] != width or placed[1] != height:
            shown, advance = self._measure(cell.get(_DISPLAY) or "", font, width)
            metrics = self._font_metrics(font)
            right = bool(int(cell.get(_ALIGNMENT) or 0) & _RIGHT)
            x = width + _MARGIN - advance if right else _MARGIN
            y = (height - metrics.height()) // 2 + metrics.ascent()
            placed = (width, height, shown, x, y)
            cell[_PLACED] = placed
        return placed

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Draw the cell: background, text, focus frame."""
        cell = self._model.paint_cell(index.row(), index.column())
        if cell is None:
            return
        rect = option.rect
        state = option.state.value
        if state & _SELECTED:
            active = bool(state & _ACTIVE)
            painter.fillRect(rect, self._highlight[active])
            pen = self._highlighted_text[active]
        else:
            background = cell.get(_BACKGROUND)
            if background is not None:
                painter.fillRect(rect, background)
            elif index.row() & 1 and self._view.alternatingRowColors():  # as the view does
                painter.fillRect(rect, self._alternate)
            foreground = cell.get(_FOREGROUND)
            pen = foreground.color() if foreground is not None else self._text
        font = cell.get(_FONT) or self._font
        placed = self._placed(cell, font, rect.width() - 2 * _MARGIN, rect.height())
        painter.setFont(font)
        painter.setPen(pen)
        painter.drawText(rect.left() + placed[3], rect.top() + placed[4], placed[2])
        if state & _FOCUS:
            self._focus_frame(painter, rect, option)

    def _focus_frame(self, painter: QPainter, rect: QRect, option: QStyleOptionViewItem) -> None:
        frame = QStyleOptionFocusRect()
        frame.rect = rect
        frame.state = option.state
        frame.palette = option.palette
        self._view.style().drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, frame,
                                         painter, self._view)

    def paint_visible(self, view: QTableView, painter: QPainter, area: QRect) -> None:
        """Paint every cell of ``view`` within ``area`` (viewport coordinates) in one call.

        What the table view's own painting does, cell by cell through :meth:`paint`: the row's
        panel (the selection, or the alternate colour of an odd row), the cell's tint and text,
        then the grid, then the focus frame of the current cell. The rows all have one height
        (the inbox's rows are fixed) and no cell spans two.
        """
        model = self._model
        count = model.rowCount()
        first = view.rowAt(area.top())
        if count == 0 or first < 0:
            return
        last = view.rowAt(area.bottom())
        last = count - 1 if last < 0 else last
        header = view.horizontalHeader()
        columns: list[tuple[int, int, int]] = []  # (x, width, logical column), left to right
        for visual in range(header.count()):
            column = header.logicalIndex(visual)
            if header.isSectionHidden(column):
                continue
            x, width = view.columnViewportPosition(column), view.columnWidth(column)
            if width > 0 and x + width > area.left() and x <= area.right():
                columns.append((x, width, column))
        if not columns:
            return
        grid = 1 if view.showGrid() else 0
        height = view.rowHeight(first)
        option = QStyleOptionViewItem()
        view.initViewItemOption(option)
        active = bool(option.state.value & _ACTIVE)
        selection = view.selectionModel()
        selected = {index.row() for index in selection.selectedIndexes()}
        alternate = view.alternatingRowColors()
        highlight, highlighted_text = self._highlight[active], self._highlighted_text[active]
        left = columns[0][0]
        span = columns[-1][0] + columns[-1][1] - left
        inner = height - grid
        current_font: QFont | None = None
        current_pen: QColor | None = None
        baselines: dict[int, int] = {}  # by the font's id: where the text sits in a row
        for row in range(first, last + 1):
            painted = model.paint_row(row)
            if painted is None:
                continue
            texts, urgency = painted
            y = view.rowViewportPosition(row)
            chosen = row in selected
            if chosen:
                painter.fillRect(left, y, span, inner, highlight)
            elif alternate and row & 1:
                painter.fillRect(left, y, span, inner, self._alternate)
            for x, width, column in columns:
                background, foreground, bold, right = model.cell_style(column, urgency)
                if chosen:
                    pen = highlighted_text
                else:
                    if background is not None:
                        painter.fillRect(x, y, width - grid, inner, background)
                    pen = foreground.color() if foreground is not None else self._text
                font = bold or self._font
                room = width - grid - 2 * _MARGIN
                shown, advance = self._measure(texts[column], font, room)
                baseline = baselines.get(id(font))
                if baseline is None:
                    metrics = self._font_metrics(font)
                    baseline = baselines[id(font)] = ((inner - metrics.height()) // 2
                                                      + metrics.ascent())
                if font is not current_font:
                    painter.setFont(font)
                    current_font = font
                if pen != current_pen:
                    painter.setPen(pen)
                    current_pen = pen
                painter.drawText(x + (room + _MARGIN - advance if right else _MARGIN),
                                 y + baseline, shown)
        if grid:
            self._grid(view, painter, option, columns, first, last, height)
        current = view.currentIndex()
        if (current.isValid() and first <= current.row() <= last
                and (view.hasFocus() or view.viewport().hasFocus())):
            for x, width, column in columns:
                if column == current.column():
                    rect = QRect(x, view.rowViewportPosition(current.row()), width - grid,
                                 inner)
                    option.rect = rect
                    option.state = option.state | QStyle.StateFlag.State_HasFocus
                    if current.row() in selected:
                        option.state = option.state | QStyle.StateFlag.State_Selected
                    self._focus_frame(painter, rect, option)

    def _grid(self, view: QTableView, painter: QPainter, option: QStyleOptionViewItem,
              columns: list[tuple[int, int, int]], first: int, last: int, height: int) -> None:
        """The grid's lines, as the table view draws them: below each row, right of each
        column, in the style's grid colour."""
        hint = view.style().styleHint(QStyle.StyleHint.SH_Table_GridLineColor, option, view)
        painter.setPen(QPen(QColor.fromRgba(hint & 0xFFFFFFFF), 0, view.gridStyle()))
        top = view.rowViewportPosition(first)
        bottom = view.rowViewportPosition(last) + height - 1
        left, right = columns[0][0], columns[-1][0] + columns[-1][1] - 1
        for row in range(first, last + 1):
            y = view.rowViewportPosition(row) + height - 1
            painter.drawLine(left, y, right, y)
        for x, width, _column in columns:
            painter.drawLine(x + width - 1, top, x + width - 1, bottom)


class InboxTableView(QTableView):
    """The inbox's table: paints its visible cells in one call to its
    :class:`InboxCellDelegate` (:meth:`~InboxCellDelegate.paint_visible`), else as Qt does.

    ``paint_by_cell`` paints as the table view does, cell by cell (for the test that compares
    the two).
    """

    paint_by_cell = False

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint the visible cells in one call (see the module)."""
        delegate = self.itemDelegate()
        if self.paint_by_cell or not isinstance(delegate, InboxCellDelegate):
            super().paintEvent(event)
            return
        painter = QPainter(self.viewport())
        try:
            delegate.paint_visible(self, painter, event.rect())
        finally:
            painter.end()
