"""One read-only table model for the small lists of the interface (a case's deadlines,
documents and history; a day's deadlines; the calendars' days; the deadlines a change moves).

Columns are described as data; optional hooks give the tooltip, the font or colour of a cell
(so that meaning is never carried by colour alone, the callers pair colour with text), and the
value of ``Qt.UserRole`` (an id). ``ROW_ROLE`` returns the row object itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.ui.accessibility import buddy
from ethics_desk.ui.column_widths import ColumnFit

if TYPE_CHECKING:
    from ethics_desk.ui.context import AppContext

R = TypeVar("R")
AnyIndex = QModelIndex | QPersistentModelIndex
ROW_ROLE = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class Column(Generic[R]):
    """A column: its heading and how a row becomes its text."""

    header: str
    text: Callable[[R], str]


class RowsModel(QAbstractTableModel, Generic[R]):
    """A flat, read-only table over a list of rows, described by its columns."""

    def __init__(self, columns: Sequence[Column[R]], parent: QObject | None = None, *,
                 tooltip: Callable[[R], str] | None = None,
                 bold: Callable[[R, int], bool] | None = None,
                 style: Callable[[R, int, int], Any] | None = None,
                 user: Callable[[R], Any] | None = None) -> None:
        super().__init__(parent)
        self.columns = tuple(columns)
        self._rows: list[R] = []
        self._tooltip = tooltip
        self._bold = bold
        self._style = style
        self._user = user
        self._bold_font = QFont()
        self._bold_font.setBold(True)

    def set_rows(self, rows: Sequence[R]) -> None:
        """Replace the rows."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def rows(self) -> list[R]:
        """Every row, in order."""
        return list(self._rows)

    def row(self, number: int) -> R:
        """One row."""
        return self._rows[number]

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        """The number of rows (a flat table: no children)."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        """The number of columns."""
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """A cell's text, tooltip, font or colour; the row's id or the row itself."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows) or \
                not 0 <= index.column() < len(self.columns):
            return None
        item = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.columns[column].text(item)
        if role == Qt.ItemDataRole.ToolTipRole:  # the whole text, where a column is narrow
            text = self.columns[column].text(item)
            tip = self._tooltip(item) if self._tooltip is not None else ""
            return tip if text in tip else "\n".join(filter(None, (text, tip)))
        if role == Qt.ItemDataRole.FontRole and self._bold is not None and \
                self._bold(item, column):
            return self._bold_font
        if role == ROW_ROLE:
            return item
        if role == Qt.ItemDataRole.UserRole and self._user is not None:
            return self._user(item)
        if self._style is not None and role not in (Qt.ItemDataRole.DisplayRole,
                                                    Qt.ItemDataRole.ToolTipRole):
            return self._style(item, column, role)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column headings; rows are numbered."""
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.columns[section].header if 0 <= section < len(self.columns) else None
        return str(section + 1)


def rows_view(model: QAbstractTableModel, name: str, stretch: int, parent: QWidget, *,
              spoken: str, compact: bool = False,
              elide: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle,
              keep_for: AppContext | None = None, wrap: bool = False) -> QTableView:
    """A read-only, single-row-selection table whose ``stretch`` column takes the spare width.

    ``spoken`` is what a screen reader calls the table ("Issued papers of this case"); its
    column headers are read with each cell. Tab leaves the table (keyboard users are not
    trapped); ``compact`` rows are one text line, ``wrap`` rows as many as their texts need
    (a short list of long texts). The other columns are as wide as what they
    show, and the stretching one gives way when the window is narrow (:class:`ColumnFit`);
    a person may drag any column's edge, and with ``keep_for`` (the window's context) finds
    the widths they set the next time, on this desk.
    """
    view = QTableView(parent)
    view.setObjectName(name)
    view.setAccessibleName(spoken)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setTabKeyNavigation(False)
    view.setWordWrap(wrap)
    view.verticalHeader().setVisible(False)
    if wrap:
        view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    elif compact:
        view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
    view.setTextElideMode(elide)
    ColumnFit(view, stretch, name, keep_for)
    return view


def list_and_form(page: QWidget, view: QTableView, heading: str,
                  fields: Sequence[tuple[str, QWidget]], message: QWidget, add: QPushButton,
                  remove: QPushButton, current_changed: Callable[[], None]) -> QWidget:
    """Lay ``page`` out as a list with the form that adds to it (the Board's elections, the
    legal holds): the list, the form's ``heading``, its fields each with its label (the
    label's mnemonic reaches the field), its message line, then ``add`` on the left and
    ``remove`` (of the selected row) on the right, in that Tab order; ``current_changed`` runs
    whenever the list's current row changes (to enable the buttons). Returns ``page``."""
    form = QFormLayout()
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    for label, widget in fields:
        caption = QLabel(label, page)
        buddy(caption, widget)
        form.addRow(caption, widget)
    buttons = QHBoxLayout()
    buttons.addWidget(add)
    buttons.addStretch(1)
    buttons.addWidget(remove)
    QWidget.setTabOrder(add, remove)  # Tab: the form, the add button, then remove (right)
    column = QVBoxLayout(page)
    column.addWidget(view, 1)
    column.addWidget(QLabel(heading, page))
    column.addLayout(form)
    column.addWidget(message)
    column.addLayout(buttons)
    view.selectionModel().currentRowChanged.connect(lambda _c, _p: current_changed())
    return page
