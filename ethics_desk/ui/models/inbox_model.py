"""The inbox table: a page of rows at a time from an :class:`~ethics_desk.cases.inbox.InboxSource`.

Like Anki's browser table, the model holds only what has been fetched: the first page when the
filter or the order changes, the next page when the view scrolls to the end
(``canFetchMore``/``fetchMore``). Filtering and sorting are never done here — :meth:`sort` and
:meth:`set_filter` ask the database again.

Urgency is shown three ways, so it survives colour blindness and a greyscale printout: a symbol
and a word in the Due column ("⚠ OVERDUE", "● TODAY", "◐ Soon"), a tint whose lightness differs
by level, and bold type for what is overdue or due today.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from ethics_desk.cases.inbox import (
    PAGE_SIZE,
    InboxFilter,
    InboxRow,
    InboxSource,
    RowPage,
    SortKey,
    Urgency,
)
from ethics_desk.core.office_time import in_office_time, office_date, stamp
from ethics_desk.core.vocabulary import Route
from ethics_desk.ui.date_field import office_time_zone
from ethics_desk.ui.palette import colours

CASE_ID_ROLE = int(Qt.ItemDataRole.UserRole) + 1
"""The case's id (an int) on every cell of its row."""
URGENCY_ROLE = int(Qt.ItemDataRole.UserRole) + 2
"""The row's :class:`~ethics_desk.cases.inbox.Urgency` value ("overdue" …; Qt hands enums back as str)."""
ROW_ROLE = int(Qt.ItemDataRole.UserRole) + 3
"""The whole :class:`~ethics_desk.cases.inbox.InboxRow`."""

AnyIndex = QModelIndex | QPersistentModelIndex

_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_FONT = int(Qt.ItemDataRole.FontRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_PAINT_ROLES = frozenset({_DISPLAY, _BACKGROUND, _FOREGROUND, _FONT, _ALIGNMENT,
                          int(Qt.ItemDataRole.DecorationRole), int(Qt.ItemDataRole.CheckStateRole)})
"""The roles a delegate reads to paint a cell; the model keeps them per cell once computed."""


def _no_row(values: Any) -> InboxRow:
    raise AssertionError("an empty page has no rows to build")


@dataclass(frozen=True)
class Column:
    """One column of the inbox: what it sorts by, its title, the heading's tooltip.

    ``heading`` is the title as the header shows it, when it is broken over two lines.
    """

    key: SortKey
    title: str
    tip: str
    heading: str = ""


COLUMNS: tuple[Column, ...] = (
    Column(SortKey.CASE, "Case", "The case number (ERB-year-number), or the draft's number"),
    Column(SortKey.RECEIVED, "Received", "When the City Clerk received the complaint"),
    Column(SortKey.COMPLAINANT, "Complainant", "Who filed the complaint, § 2-83(c)(1)"),
    Column(SortKey.RESPONDENTS, "Respondent(s)", "Each person complained about, § 2-83(c)(3)"),
    Column(SortKey.ROUTE, "Route", "Ethics Code (d)(3) or campaign finance (d)(2)"),
    Column(SortKey.STATE, "State", "Where the complaint stands in the § 2-83 process"),
    Column(SortKey.NEXT_DEADLINE, "Next deadline", "The earliest open deadline on the case"),
    Column(SortKey.DUE, "Due", "When the next deadline falls, with its urgency"),
    Column(SortKey.DAYS_LEFT, "Business days left",
           "City business days after today through the due date (today is not counted); "
           "negative when overdue", "Business\ndays left"),
)
COLUMN_OF = {column.key: number for number, column in enumerate(COLUMNS)}
DUE_COLUMN = COLUMN_OF[SortKey.DUE]
DAYS_COLUMN = COLUMN_OF[SortKey.DAYS_LEFT]
TITLE_COLUMN = COLUMN_OF[SortKey.NEXT_DEADLINE]

MARKERS = {
    Urgency.OVERDUE: "⚠ OVERDUE",
    Urgency.DUE_TODAY: "● TODAY",
    Urgency.DUE_SOON: "◐ Soon",
}
"""The text that carries the urgency without colour."""



def _tints() -> dict[Urgency, tuple[str, str]]:
    """Each urgency's row tint and its text, from the desktop's scheme (tints of clearly
    different lightness, each text at least 4.5 : 1 on its tint)."""
    scheme = colours()
    return {Urgency.OVERDUE: (scheme.overdue_back, scheme.overdue_fore),
            Urgency.DUE_TODAY: (scheme.due_today_back, scheme.due_today_fore),
            Urgency.DUE_SOON: (scheme.due_soon_back, scheme.due_soon_fore)}

ROUTE_NAMES = {Route.ETHICS_CODE: "Ethics Code", Route.CAMPAIGN_FINANCE: "Campaign finance"}
"""The routes as the list shows them (the full label, with its sections, is the tooltip)."""
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def day_text(day: date) -> str:
    """"Tue 2026-11-24": the weekday matters to a deadline, ISO dates sort by eye."""
    return f"{_WEEKDAYS[day.weekday()]} {day.isoformat()}"


def days_phrase(row: InboxRow) -> str:
    """The deadline in words: "overdue by 3 business days", "due today", "2 business days left"."""
    left = row.business_days_left
    if row.next_due_on is None or left is None:
        return "no open deadline"
    if row.urgency is Urgency.OVERDUE:
        return f"overdue by {-left} business day{'' if left == -1 else 's'}"
    if row.urgency is Urgency.DUE_TODAY:
        return "due today"
    return f"{left} business day{'' if left == 1 else 's'} left"


def deadline_tip(row: InboxRow) -> str:
    """The tooltip of the deadline cells: the deadline's title, its date and the days left."""
    if row.next_due_on is None:
        return f"{row.case_number}: no open deadline"
    return (f"{row.case_number} — {row.next_due_title}\nDue {day_text(row.next_due_on)}: "
            f"{days_phrase(row)} (City business days)")


class InboxModel(QAbstractTableModel):
    """The inbox's rows for one :class:`InboxFilter`, fetched from SQL a page at a time."""

    def __init__(self, query: InboxSource, inbox_filter: InboxFilter | None = None,
                 page_size: int = PAGE_SIZE, parent: QObject | None = None, *,
                 load: bool = True) -> None:
        """Show ``inbox_filter``; with ``load=False`` the model starts empty (call refresh)."""
        super().__init__(parent)
        self._query = query
        self._filter = inbox_filter or InboxFilter()
        self._page_size = page_size
        self._rows = RowPage([], _no_row)
        self._cells: dict[tuple[int, int], dict[int, Any]] = {}
        self._more = False
        self._changing = False
        self._bold = QFont()
        self._bold.setBold(True)
        self._tints = {urgency: (QBrush(QColor(back)), QBrush(QColor(fore)))
                       for urgency, (back, fore) in _tints().items()}
        if load:
            self._load()

    # -- what is shown ----------------------------------------------------------------------

    @property
    def inbox_filter(self) -> InboxFilter:
        """The filter the rows answer."""
        return self._filter

    @property
    def query(self) -> InboxSource:
        """Where the rows come from."""
        return self._query

    @property
    def has_more(self) -> bool:
        """Whether more rows match than are loaded."""
        return self._more

    def set_filter(self, inbox_filter: InboxFilter) -> None:
        """Show another filter (or order): the first page is queried again."""
        self._filter = inbox_filter
        self._load()

    def set_query(self, query: InboxSource) -> None:
        """Ask another query object (a new day, a changed calendar) and reload."""
        self._query = query
        self._load()

    def refresh(self) -> None:
        """Query the first page again (what another workstation saved appears)."""
        self._load()

    def scheme_changed(self) -> None:
        """Tint the urgent rows in the desktop's new scheme (nothing is queried again)."""
        self._tints = {urgency: (QBrush(QColor(back)), QBrush(QColor(fore)))
                       for urgency, (back, fore) in _tints().items()}
        self._cells = {}
        if len(self._rows):
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self._rows) - 1, len(COLUMNS) - 1))

    def _load(self) -> None:
        rows = self._query.rows(self._filter, 0, self._page_size + 1)  # may raise: nothing reset
        self._changing = True  # nothing is fetched from within the reset's own signals
        try:
            self.beginResetModel()
            self._more = len(rows) > self._page_size
            self._rows = rows.head(self._page_size)
            self._cells = {}
            self.endResetModel()
        finally:
            self._changing = False

    def row_at(self, row: int) -> InboxRow:
        """The loaded row number ``row``."""
        return self._rows[row]

    def case_id(self, row: int) -> int:
        """The case id on row ``row``."""
        return self._rows.id_at(row)

    def row_of(self, case_id: int) -> int | None:
        """The row showing ``case_id`` among those loaded, if any."""
        for number in range(len(self._rows)):
            if self._rows.id_at(number) == case_id:
                return number
        return None

    # -- lazy fetching ----------------------------------------------------------------------

    def canFetchMore(self, parent: AnyIndex = QModelIndex()) -> bool:  # noqa: B008 - Qt's API
        """More rows can be fetched at the top level (not while the rows are changing)."""
        return not parent.isValid() and self._more and not self._changing

    def fetchMore(self, parent: AnyIndex = QModelIndex()) -> None:  # noqa: B008 - Qt's API
        """Fetch the next page (one query) and append it.

        A view (or a model tester) that asks for more from within a reset or an insertion is
        ignored: the rows being put in place are not counted in the offset yet.
        """
        if parent.isValid() or not self._more or self._changing:
            return
        start = len(self._rows)
        rows = self._query.rows(self._filter, start, self._page_size + 1)
        self._more = len(rows) > self._page_size
        rows = rows.head(self._page_size)
        if not rows:
            return
        self._changing = True
        try:
            self.beginInsertRows(QModelIndex(), start, start + len(rows) - 1)
            self._rows.extend(rows)
            self.endInsertRows()
        finally:
            self._changing = False

    # -- QAbstractTableModel ----------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        """The rows loaded so far."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        """The nine columns."""
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Column titles and their explanations."""
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section].heading or COLUMNS[section].title
        if role == Qt.ItemDataRole.ToolTipRole:
            return COLUMNS[section].tip
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order by a column, in SQL; the first page is queried again."""
        if not 0 <= column < len(COLUMNS):
            return
        wanted = self._filter.sorted_by(COLUMNS[column].key,
                                        order == Qt.SortOrder.DescendingOrder)
        if wanted != self._filter:
            self.set_filter(wanted)

    def sort_column(self) -> tuple[int, Qt.SortOrder]:
        """The column and direction the rows are in (for the header's sort indicator)."""
        order = Qt.SortOrder.DescendingOrder if self._filter.descending \
            else Qt.SortOrder.AscendingOrder
        return COLUMN_OF[self._filter.sort], order

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The cell's text, tooltip, urgency styling, or the case's id (:data:`CASE_ID_ROLE`)."""
        if role in _PAINT_ROLES:  # the hot path: a view asks ~7 roles per cell on every paint
            cell = self._cells.get((index.row(), index.column()))
            if cell is None:
                if not index.isValid() or not 0 <= index.row() < len(self._rows):
                    return None
                cell = self._painted(index.row(), index.column())
            return cell.get(role)
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == CASE_ID_ROLE:
            return row.id
        if role == URGENCY_ROLE:
            return row.urgency.value
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, column)
        if role == Qt.ItemDataRole.AccessibleTextRole and column in (DUE_COLUMN, DAYS_COLUMN):
            return deadline_tip(row)
        return None

    def paint_cell(self, row: int, column: int) -> dict[int, Any] | None:
        """What painting a cell needs, by role (worked out once per load); None off the table.

        The inbox's delegate paints from this in one call per cell (and may keep its own
        entries, with negative keys, in the same dictionary).
        """
        cell = self._cells.get((row, column))
        if cell is None:
            if not (0 <= row < len(self._rows) and 0 <= column < len(COLUMNS)):
                return None
            cell = self._painted(row, column)
        return cell

    def _painted(self, row_number: int, column: int) -> dict[int, Any]:
        """What painting a cell needs (text, tint, type, alignment), worked out once per load."""
        key = (row_number, column)
        cell = self._cells.get(key)
        if cell is None:  # the rows only grow between resets, so a cached cell stays right
            row = self._rows[row_number]
            cell = {_DISPLAY: self._display(row, column)}
            if column in (DUE_COLUMN, DAYS_COLUMN) and row.urgency in self._tints:
                cell[_BACKGROUND], cell[_FOREGROUND] = self._tints[row.urgency]
                if row.urgency in (Urgency.OVERDUE, Urgency.DUE_TODAY):
                    cell[_FONT] = self._bold
            if column == DAYS_COLUMN:
                cell[_ALIGNMENT] = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            self._cells[key] = cell
        return cell

    def _display(self, row: InboxRow, column: int) -> str:
        key = COLUMNS[column].key
        if key is SortKey.CASE:
            return row.case_number
        if key is SortKey.RECEIVED:
            return (office_date(row.received_at, office_time_zone()).isoformat()
                    if row.received_at else "")
        if key is SortKey.COMPLAINANT:
            return row.complainant
        if key is SortKey.RESPONDENTS:
            return row.respondents
        if key is SortKey.ROUTE:
            return ROUTE_NAMES[row.route] if row.route is not None else ""
        if key is SortKey.STATE:
            return row.state_label
        if key is SortKey.NEXT_DEADLINE:
            return row.next_due_title
        if row.next_due_on is None:
            return ""
        if key is SortKey.DUE:
            marker = MARKERS.get(row.urgency)
            text = row.next_due_on.isoformat()
            return f"{marker} {text}" if marker else text
        return str(row.business_days_left)

    def _tooltip(self, row: InboxRow, column: int) -> str:
        key = COLUMNS[column].key
        if key in (SortKey.NEXT_DEADLINE, SortKey.DUE, SortKey.DAYS_LEFT):
            return deadline_tip(row)
        if key is SortKey.RECEIVED:
            if row.received_at is None:
                return f"{row.case_number} has not been filed"
            local = in_office_time(row.received_at, office_time_zone())
            return (f"Received {day_text(local.date())} at "
                    f"{stamp(local, office_time_zone(), with_date=False)}")
        if key is SortKey.ROUTE:
            return row.route_label
        return self._display(row, column)
