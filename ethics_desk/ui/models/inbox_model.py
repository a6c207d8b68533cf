"""The inbox table: a page of rows at a time from an :class:`~ethics_desk.cases.inbox.InboxSource`.

Like Anki's browser table, the model holds only what has been fetched: the first page when the
filter or the order changes, the next page when the view scrolls to the end
(``canFetchMore``/``fetchMore``). Filtering and sorting are never done here — :meth:`sort` and
:meth:`set_filter` ask the database again; a search the clerk types is asked in a worker thread
(:meth:`InboxModel.request_filter`, :mod:`ethics_desk.ui.models.inbox_loader`).

Rows arrive worded (:class:`~ethics_desk.cases.inbox.InboxLine`: each column's text and the
tooltips, built where the rows are read, with their business days counted there), so painting
only looks texts up. Memory stays flat however far the clerk scrolls: every fetched row is kept
as its case id (8 bytes), its built line only for the last :data:`PAGES_KEPT` pages shown; a
page let go of is read again by its ids (primary key, no OFFSET) when it is shown again.

Urgency is shown three ways, so it survives colour blindness and a greyscale printout: a symbol
and a word in the Due column ("⚠ OVERDUE", "● TODAY", "◐ Soon"), a tint whose lightness differs
by level, and bold type for what is overdue or due today.
"""

from __future__ import annotations

import threading
from array import array
from collections import OrderedDict
from collections.abc import Callable
from datetime import tzinfo
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from ethics_desk.cases.inbox import (
    COLUMNS,
    MARKERS,
    PAGE_SIZE,
    ROUTE_NAMES,
    Column,
    InboxFilter,
    InboxLine,
    InboxRow,
    InboxSource,
    RowPage,
    SortKey,
    Urgency,
    day_text,
    days_phrase,
    deadline_tip,
    inbox_line,
)
from ethics_desk.core.errors import UserError
from ethics_desk.ui.models.inbox_loader import InboxLoader
from ethics_desk.ui.office_display import office_time_zone
from ethics_desk.ui.palette import colours

__all__ = ["CASE_ID_ROLE", "COLUMNS", "COLUMN_OF", "DAYS_COLUMN", "DUE_COLUMN", "MARKERS",
           "PAGES_KEPT", "ROUTE_NAMES", "ROW_ROLE", "TITLE_COLUMN", "URGENCY_ROLE", "Column",
           "InboxModel", "day_text", "days_phrase", "deadline_tip", "read_lines"]

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
CellStyle = tuple[QBrush | None, QBrush | None, QFont | None, bool]
"""How a cell is painted (:meth:`InboxModel.cell_style`): tint, text colour, font, right-aligned."""


COLUMN_OF = {column.key: number for number, column in enumerate(COLUMNS)}
DUE_COLUMN = COLUMN_OF[SortKey.DUE]
DAYS_COLUMN = COLUMN_OF[SortKey.DAYS_LEFT]
TITLE_COLUMN = COLUMN_OF[SortKey.NEXT_DEADLINE]



def _tints() -> dict[Urgency, tuple[str, str]]:
    """Each urgency's row tint and its text, from the desktop's scheme (tints of clearly
    different lightness, each text at least 4.5 : 1 on its tint)."""
    scheme = colours()
    return {Urgency.OVERDUE: (scheme.overdue_back, scheme.overdue_fore),
            Urgency.DUE_TODAY: (scheme.due_today_back, scheme.due_today_fore),
            Urgency.DUE_SOON: (scheme.due_soon_back, scheme.due_soon_fore)}


PAGES_KEPT = 6
"""How many pages of built rows the model keeps (those the view showed last); every other
fetched row is kept as its case id only, and read again by id when it is shown again."""

_BUILDING = threading.Lock()
"""Rows are built (business days counted on the query's calendar table) one page at a time,
in the worker threads or the GUI thread: the day counter's table is not shared while it grows."""


FIRST_LINES = 40
"""How many rows of a search's first page are worded before it is shown (more than the list
shows in a full-screen window on a 1920 × 1080 display, about 32; a taller list words the rows
below on the spot, about 30 µs each); the rest of the page is worded after it is painted
(:data:`REST_AFTER_MS`), in a worker
thread as well."""
ASIDE = "aside:"
"""How the kind of a job of :meth:`InboxModel.count_aside` begins (its name follows)."""

COUNT_AFTER_MS = 150
"""How long after a list's first page is shown its count is asked, if no newer search came
meanwhile. A count reads every match (a one-letter search at a million cases, hundreds of
milliseconds) and cannot be stopped once running; asked at once for every keystroke, the
counts of the letters typed before took both worker threads from the search of the last. The
status line says "200+ shown" until it comes."""
REST_AFTER_MS = 40
"""How long after a first page is put in place the rest of it is worded in a worker thread:
after the view has painted it. Wording is Python, which holds the interpreter's lock; begun at
once, it made the GUI thread wait for the lock (up to its 5 ms switch interval) before painting
and then shared it while painting, about 5 ms more for a full page. A row painted before then
is worded on the spot."""


def read_lines(read: Callable[[], RowPage], zone: tzinfo) -> list[InboxLine]:
    """Run one read and word its rows for the list (in whatever thread calls it)."""
    rows = read()
    with _BUILDING:
        return [inbox_line(row, zone) for row in rows.built()]


def read_first(read: Callable[[], RowPage], zone: tzinfo,
               first: int = FIRST_LINES) -> tuple[list[int], list[InboxLine], RowPage]:
    """Run one read: every row's case id, the first ``first`` rows worded, and the rows."""
    rows = read()
    ids = [rows.id_at(number) for number in range(len(rows))]
    return ids, word_rows(rows, 0, min(first, len(rows)), zone), rows


def word_rows(rows: RowPage, start: int, stop: int, zone: tzinfo) -> list[InboxLine]:
    """Rows ``start`` to ``stop`` of ``rows``, worded for the list."""
    with _BUILDING:
        return [inbox_line(rows[number], zone) for number in range(start, stop)]


class _Page:
    """One page of built lines, and the cells painted from them (dropped with the page)."""

    __slots__ = ("cells", "lines", "pending")

    def __init__(self, lines: list[InboxLine | None]) -> None:
        self.lines = lines
        self.cells: dict[tuple[int, int], dict[int, Any]] = {}
        self.pending: tuple[RowPage, tzinfo] | None = None
        """The rows not worded yet (the worker words them next), to word at once if needed."""


class InboxModel(QAbstractTableModel):
    """The inbox's rows for one :class:`InboxFilter`, fetched from SQL a page at a time.

    :meth:`request_filter` asks in a worker thread (:class:`InboxLoader`): the first page is
    shown as soon as it is read (:attr:`first_page_shown`), the count follows
    (:attr:`total_known`), a failure is told by :attr:`failed`; a newer request or any load
    drops an older request's answers. :meth:`set_filter`, :meth:`refresh` and :meth:`sort` ask
    at once. Every fetched row's case id is kept (:attr:`~array.array` of ``q``), its built
    line only for the last :data:`PAGES_KEPT` pages shown.
    """

    first_page_shown = Signal()
    """A requested filter's first page is shown."""
    total_known = Signal()
    """How many cases match is known (:attr:`total`)."""
    failed = Signal(object)
    """A requested read failed: the :class:`~ethics_desk.core.errors.UserError` to tell."""
    aside_counted = Signal(str, int)
    """A count asked by :meth:`count_aside` is known: its name and how many cases match."""

    def __init__(self, query: InboxSource, inbox_filter: InboxFilter | None = None,
                 page_size: int = PAGE_SIZE, parent: QObject | None = None, *,
                 load: bool = True, pages_kept: int = PAGES_KEPT) -> None:
        """Show ``inbox_filter``; with ``load=False`` the model starts empty (call refresh)."""
        super().__init__(parent)
        self._query = query
        self._filter = inbox_filter or InboxFilter()
        self._page_size = page_size
        self._pages_kept = max(pages_kept, 2)  # the view may straddle two pages
        self._ids = array("q")
        self._pages: OrderedDict[int, _Page] = OrderedDict()
        self._more = False
        self._total: int | None = 0
        self._awaiting = False
        self._changing = False
        self._bold = QFont()
        self._bold.setBold(True)
        self._tints = {urgency: (QBrush(QColor(back)), QBrush(QColor(fore)))
                       for urgency, (back, fore) in _tints().items()}
        self._styles: dict[tuple[int, Urgency], CellStyle] = {}
        self.loader = InboxLoader(self)
        self._rest_job: tuple[int, Callable[[], Any]] | None = None
        self._rest = QTimer(self)
        self._rest.setSingleShot(True)
        self._rest.setInterval(REST_AFTER_MS)
        self._rest.timeout.connect(self._word_rest)
        self._count_job: tuple[int, Callable[[], Any]] | None = None
        self._count = QTimer(self)
        self._count.setSingleShot(True)
        self._count.setInterval(COUNT_AFTER_MS)
        self._count.timeout.connect(self._ask_count)
        self.loader.answered.connect(self._answered)
        self.loader.failed.connect(self._failed)
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

    @property
    def total(self) -> int | None:
        """How many cases match the filter shown; None while it is being counted."""
        return self._total

    @property
    def busy(self) -> bool:
        """Whether a requested filter's first page is still being read."""
        return self._awaiting

    @property
    def settled(self) -> bool:
        """Whether nothing more is coming for the filter shown: its first page read, the rest
        of that page worded and the list counted (what a test waits on, not a time)."""
        return (not self._awaiting and self._rest_job is None and not self._rest.isActive()
                and self._count_job is None and not self._count.isActive()
                and self.loader.idle)

    @property
    def pages_built(self) -> int:
        """How many pages of built rows are held (at most ``pages_kept``)."""
        return len(self._pages)

    def set_filter(self, inbox_filter: InboxFilter) -> None:
        """Show another filter (or order): the first page is queried again, now."""
        self._filter = inbox_filter
        self._load()

    def request_filter(self, inbox_filter: InboxFilter) -> None:
        """Show another filter once its first page is read in a worker thread (the window
        goes on meanwhile); a newer request or load drops this one's answers."""
        request = self.loader.next_request()
        self._awaiting = True
        query, size, zone = self._query, self._page_size, office_time_zone()
        self.loader.submit(request, "page", lambda: (inbox_filter, zone, *read_first(
            lambda: query.rows(inbox_filter, 0, size + 1), zone)))

    def set_query(self, query: InboxSource, inbox_filter: InboxFilter | None = None) -> None:
        """Ask another query object (a new day, a changed calendar) and reload (the filter
        too, if given)."""
        self._query = query
        if inbox_filter is not None:
            self._filter = inbox_filter
        self._load()

    def refresh(self) -> None:
        """Query the first page again (what another workstation saved appears)."""
        self._load()

    def scheme_changed(self) -> None:
        """Tint the urgent rows in the desktop's new scheme (nothing is queried again)."""
        self._tints = {urgency: (QBrush(QColor(back)), QBrush(QColor(fore)))
                       for urgency, (back, fore) in _tints().items()}
        self._styles = {}
        for page in self._pages.values():
            page.cells = {}
        if self._ids:
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self._ids) - 1, len(COLUMNS) - 1))

    def _load(self) -> None:
        query, inbox_filter, size = self._query, self._filter, self._page_size
        lines = read_lines(lambda: query.rows(inbox_filter, 0, size + 1),  # may raise:
                           office_time_zone())                             # nothing reset
        request = self.loader.next_request()  # an answer still awaited is dropped
        self._awaiting = False
        self._show(request, [line.row.id for line in lines], lines)

    def _show(self, request: int, ids: list[int], lines: list[InboxLine],
              rows: RowPage | None = None, zone: tzinfo | None = None) -> None:
        """Put the first page in place (``lines`` worded, of ``rows`` read); word the rest
        of the page and count the rest of the list in a worker thread."""
        size = self._page_size
        self._changing = True  # nothing is fetched from within the reset's own signals
        try:
            self.beginResetModel()
            self._more = len(ids) > size
            ids = ids[:size]
            self._ids = array("q", ids)
            page = _Page([*lines[:size], *[None] * (len(ids) - len(lines))])
            worded = min(len(lines), len(ids))
            if worded < len(ids) and rows is not None and zone is not None:
                page.pending = (rows, zone)
            self._pages = OrderedDict({0: page}) if ids else OrderedDict()
            self._total = None if self._more else len(ids)
            self.endResetModel()
        finally:
            self._changing = False
        self._rest_job = None
        self._rest.stop()
        if page.pending is not None:
            stop = len(ids)
            self._rest_job = (request, lambda: (worded, word_rows(
                rows, worded, stop, zone)))  # type: ignore[arg-type]  # both set, above
            self._rest.start()  # once the first screenful is painted
        self._count_job = None
        self._count.stop()
        if self._more:
            query, inbox_filter = self._query, self._filter
            self._count_job = (request, lambda: query.count(inbox_filter))
            self._count.start()  # unless a newer search comes first

    def count_aside(self, name: str, inbox_filter: InboxFilter) -> None:
        """Count ``inbox_filter``'s cases in a worker thread for what the screen says beside
        the list shown (the cases overdue when nothing is due today): :attr:`aside_counted`
        carries ``name`` and the count, unless another list is asked for first."""
        query = self._query
        self.loader.submit(self.loader.newest, f"{ASIDE}{name}",
                           lambda: query.count(inbox_filter))

    def _ask_count(self) -> None:
        """Count the list shown in a worker thread (its request still the newest)."""
        pending, self._count_job = self._count_job, None
        self._submit_if_newest("count", pending)

    def _word_rest(self) -> None:
        """Word the rest of the first page in a worker thread (its request still the newest)."""
        pending, self._rest_job = self._rest_job, None
        self._submit_if_newest("rest", pending)

    def _submit_if_newest(self, kind: str,
                          pending: tuple[int, Callable[[], Any]] | None) -> None:
        """Run a job held back for a while in a worker thread, unless a newer request came."""
        if pending is not None and pending[0] == self.loader.newest:
            self.loader.submit(pending[0], kind, pending[1])

    def _answered(self, request: int, kind: str, answer: Any) -> None:
        if request != self.loader.newest:
            return  # a newer request or load came after it was sent
        if kind == "page":
            inbox_filter, zone, ids, lines, rows = answer
            self._filter = inbox_filter
            self._awaiting = False
            self._show(request, ids, lines, rows, zone)
            self.first_page_shown.emit()
        elif kind == "rest":
            start, rest = answer
            page = self._pages.get(0)
            if page is not None and page.pending is not None:
                for number, line in enumerate(rest, start):
                    if page.lines[number] is None:  # not worded at once for a paint
                        page.lines[number] = line
                page.pending = None
        elif kind == "count":
            self._total = int(answer)
            self.total_known.emit()
        elif kind.startswith(ASIDE):
            self.aside_counted.emit(kind.removeprefix(ASIDE), int(answer))

    def _failed(self, request: int, kind: str, error: UserError) -> None:
        if request != self.loader.newest or kind != "page":
            return  # a count that failed leaves "200+ shown": the rows are right
        self._awaiting = False
        self.failed.emit(error)

    # -- rows -------------------------------------------------------------------------------

    def _line(self, row: int) -> InboxLine | None:
        """The built line of row ``row`` (its page read again by id if it had been let go)."""
        number = row // self._page_size
        page = self._pages.get(number)
        if page is None:
            page = self._reread(number)
            if page is None:
                return None
        elif number != next(reversed(self._pages)):
            self._pages.move_to_end(number)
        at = row - number * self._page_size
        line = page.lines[at]
        if line is None and page.pending is not None:  # shown before the worker worded it
            rows, zone = page.pending
            line = page.lines[at] = word_rows(rows, at, at + 1, zone)[0]
        return line

    def _reread(self, number: int) -> _Page | None:
        """Read page ``number`` again by its case ids (primary key, no OFFSET)."""
        start = number * self._page_size
        ids = list(self._ids[start:start + self._page_size])
        if not ids:
            return None
        try:
            lines = read_lines(lambda: self._query.rows_of(ids), office_time_zone())
        except UserError as error:
            self.failed.emit(error)
            return None
        found = {line.row.id: line for line in lines}
        page = _Page([found.get(case_id) for case_id in ids])  # a case gone shows blank
        self._keep(number, page)
        return page

    def _keep(self, number: int, page: _Page) -> None:
        self._pages[number] = page
        self._pages.move_to_end(number)
        while len(self._pages) > self._pages_kept:
            self._pages.popitem(last=False)

    def row_at(self, row: int) -> InboxRow:
        """The loaded row number ``row``."""
        if not 0 <= row < len(self._ids):
            raise IndexError(row)
        line = self._line(row)
        if line is None:
            raise LookupError(f"case {self._ids[row]} could not be read: press F5")
        return line.row

    def case_id(self, row: int) -> int:
        """The case id on row ``row``."""
        return self._ids[row]

    def row_of(self, case_id: int) -> int | None:
        """The row showing ``case_id`` among those loaded, if any."""
        try:
            return self._ids.index(case_id)
        except ValueError:
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
        start = len(self._ids)
        query, inbox_filter, size = self._query, self._filter, self._page_size
        lines = read_lines(lambda: query.rows(inbox_filter, start, size + 1),
                           office_time_zone())
        self._more = len(lines) > size
        lines = lines[:size]
        if not lines:
            return
        self._changing = True
        try:
            self.beginInsertRows(QModelIndex(), start, start + len(lines) - 1)
            self._ids.extend(line.row.id for line in lines)
            self._keep(start // size, _Page(list(lines)))
            if not self._more:
                self._total = len(self._ids)
            self.endInsertRows()
        finally:
            self._changing = False

    # -- QAbstractTableModel ----------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        """The rows loaded so far."""
        return 0 if parent.isValid() else len(self._ids)

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
        """The cell's text, tooltip, urgency styling, or the case's id (:data:`CASE_ID_ROLE`).

        Every text is the row's own, worded when it was read (:class:`InboxLine`).
        """
        row, column = index.row(), index.column()
        if role in _PAINT_ROLES:  # the hot path: a view asks ~7 roles per cell on every paint
            cell = self.paint_cell(row, column) if index.isValid() else None
            return None if cell is None else cell.get(role)
        if not index.isValid() or not 0 <= row < len(self._ids):
            return None
        if role == CASE_ID_ROLE:
            return self._ids[row]
        line = self._line(row)
        if line is None:
            return None
        if role == URGENCY_ROLE:
            return line.row.urgency.value
        if role == ROW_ROLE:
            return line.row
        if role == Qt.ItemDataRole.ToolTipRole:
            return line.tooltip(COLUMNS[column].key)
        if role == Qt.ItemDataRole.AccessibleTextRole and column in (DUE_COLUMN, DAYS_COLUMN):
            return line.deadline_tip
        return None

    def paint_cell(self, row: int, column: int) -> dict[int, Any] | None:
        """What painting a cell needs, by role (the row's texts, tint, type); None off the table.

        The inbox's delegate paints from this in one call per cell (and may keep its own
        entries, with negative keys, in the same dictionary). Nothing is computed here but a
        lookup: the texts came with the row.
        """
        if not (0 <= row < len(self._ids) and 0 <= column < len(COLUMNS)):
            return None
        number = row // self._page_size
        page = self._pages.get(number)
        if page is not None:
            cell = page.cells.get((row, column))
            if cell is not None:
                return cell
        line = self._line(row)
        page = self._pages.get(number)
        if line is None or page is None:
            return None
        made: dict[int, Any] = {_DISPLAY: line.texts[column]}
        background, foreground, font, right = self.cell_style(column, line.row.urgency)
        if background is not None:
            made[_BACKGROUND], made[_FOREGROUND] = background, foreground
        if font is not None:
            made[_FONT] = font
        if right:
            made[_ALIGNMENT] = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        page.cells[(row, column)] = made
        return made

    def read_texts(self, limit: int = 400) -> list[tuple[str, ...]]:
        """The cell texts of up to ``limit`` rows already read and worded (never reads): what
        the list's columns are sized to."""
        found: list[tuple[str, ...]] = []
        for page in self._pages.values():
            found += [line.texts for line in page.lines if line is not None]
            if len(found) >= limit:
                break
        return found[:limit]

    def paint_row(self, row: int) -> tuple[tuple[str, ...], Urgency] | None:
        """What painting a row needs: its cells' texts and its urgency (styled by
        :meth:`cell_style`); None off the table. Only a lookup: the texts came with the row."""
        if not 0 <= row < len(self._ids):
            return None
        line = self._line(row)
        return None if line is None else (line.texts, line.row.urgency)

    def cell_style(self, column: int, urgency: Urgency) -> CellStyle:
        """How a cell of ``column`` on a row of ``urgency`` is painted: (tint, its text's
        colour, font, right-aligned) — the due date and the days left carry the urgency, in
        bold when overdue or due today; the days are a number, right-aligned."""
        style = self._styles.get((column, urgency))
        if style is None:
            tinted = column in (DUE_COLUMN, DAYS_COLUMN) and urgency in self._tints
            background, foreground = self._tints[urgency] if tinted else (None, None)
            bold = tinted and urgency in (Urgency.OVERDUE, Urgency.DUE_TODAY)
            style = (background, foreground, self._bold if bold else None,
                     column == DAYS_COLUMN)
            self._styles[(column, urgency)] = style
        return style
