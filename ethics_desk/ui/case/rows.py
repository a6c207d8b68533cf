"""A read-only table model over a list of rows (the case view's deadlines, documents, history)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

R = TypeVar("R")
Index = QModelIndex | QPersistentModelIndex
ROW_ROLE = Qt.ItemDataRole.UserRole + 1


class RowsModel(QAbstractTableModel, Generic[R]):
    """Columns are (heading, how to show a row); ``ROW_ROLE`` gives the row object itself."""

    def __init__(self, columns: Sequence[tuple[str, Callable[[R], str]]],
                 tooltip: Callable[[R], str] | None = None) -> None:
        super().__init__()
        self.columns = list(columns)
        self.tooltip = tooltip
        self.rows: list[R] = []

    def set_rows(self, rows: Sequence[R]) -> None:
        """Replace the rows."""
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        """Rows shown (a table: no children)."""
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        """Columns shown (a table: no children)."""
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Text for display, the tooltip, or the row object."""
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.columns[index.column()][1](row)
        if role == Qt.ItemDataRole.ToolTipRole and self.tooltip is not None:
            return self.tooltip(row)
        if role == ROW_ROLE:
            return row
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column headings."""
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal \
                and 0 <= section < len(self.columns):
            return self.columns[section][0]
        return None
