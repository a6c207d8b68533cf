"""Calendar: the month's deadlines beside the days City (and State) offices are closed.

Each day of the month view shows how many open deadlines fall due on it (overdue ones in red
with a ⚠), and closed days are shaded with their names; a screen reader hears the same facts as
one sentence per day ("Tuesday, November 24, 2026 — today; 3 deadlines due, 1 overdue"), since
the month grid is a table of its own (:class:`MonthModel`) rather than Qt's calendar widget, which
names its cells by their bare numbers. Choosing a day lists its deadlines; double-click or Enter
opens the case. Everything shown is read from
:mod:`ethics_desk.cases.calendar_overview`; closures are edited in :class:`CalendarEditorDialog`.
"""

from __future__ import annotations

from calendar import monthrange
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from typing import ClassVar

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QDate,
    QElapsedTimer,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPalette,
    QPen,
    QShowEvent,
    QTextOption,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.cases.calendar_overview import (
    MONTH_NAMES,
    DayDeadline,
    DayOverview,
    MonthOverview,
    deadlines_on,
    fiesta_warning,
    long_day,
    missing_fiesta_years,
    month_overview,
)
from ethics_desk.core.permissions import Act
from ethics_desk.deadlines import DayKind
from ethics_desk.deadlines.calendar import WEEKDAY_NAMES
from ethics_desk.deadlines.clocks import short_title
from ethics_desk.ui.accessibility import buddy
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.calendar_editor import CalendarEditorDialog
from ethics_desk.ui.column_widths import ColumnFit
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.models.rows import Column, RowsModel
from ethics_desk.ui.palette import VEIL, colours
from ethics_desk.ui.read_only import refuse_while_read_only

AnyIndex = QModelIndex | QPersistentModelIndex

# Shades and text colours come from the scheme of the desktop (ethics_desk.ui.palette), each
# text colour at least 4.5 : 1 against the shades it is drawn on.

PARTIES_COLUMN = 2
"""The day's table column that takes the width left over, and gives way first (the parties,
whole in the row's tooltip)."""
MARGIN_DAYS = 14
"""Days before and after the month the view shows (the grid has six weeks)."""


def shade_for(overview: DayOverview | None) -> QColor | None:
    """The background of a day: weekend, rule holiday, office closure, or None when open."""
    if overview is None or overview.city is None:
        return None
    scheme = colours()
    if overview.city.kind is DayKind.WEEKEND:
        return QColor(scheme.weekend)
    if overview.city.set_by_office:
        return QColor(scheme.closure)
    return QColor(scheme.holiday)


def legend_html() -> str:
    """The legend under the month view: each shade and mark with its meaning."""
    scheme = colours()

    def swatch(colour: str, text: str) -> str:
        return (f"<span style='background-color:{colour}; color:{scheme.ink};'>"
                f"&nbsp;&nbsp;&nbsp;&nbsp;</span>&nbsp;{text}")
    items = [
        swatch(scheme.weekend, "Weekend"),
        swatch(scheme.holiday, "City holiday"),
        swatch(scheme.closure, "Office closure or Fiesta"),
        f"<b style='color:{scheme.due}'>3 due</b> open deadlines",
        f"<b style='color:{scheme.overdue}'>▌1 overdue ⚠</b> past their date",
        f"<i style='color:{scheme.state}'>State:</i> State holiday only",
    ]
    return " &nbsp;&nbsp; ".join(items)


def compact_rows(view: QTableView) -> None:
    """One line of text per row, with a little air."""
    rows = view.verticalHeader()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    rows.setDefaultSectionSize(view.fontMetrics().height() + 8)


def _two_lines(metrics: QFontMetrics, text: str, width: int) -> list[str]:
    """``text`` broken into at most two lines of ``width`` pixels, the second elided."""
    words = text.split()
    first = ""
    while words and metrics.horizontalAdvance(f"{first} {words[0]}".strip()) <= width:
        first = f"{first} {words.pop(0)}".strip()
    if not first:  # one long word: elide it on one line
        return [metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)]
    if not words:
        return [first]
    return [first, metrics.elidedText(" ".join(words), Qt.TextElideMode.ElideRight, width)]


WEEKS = 6
"""Rows of the month grid: six weeks always hold a month and days of the months around it."""
SUNDAY = 6
"""Sunday in :meth:`date.weekday` numbering: the grid's first column, as on a US wall calendar."""


def spoken_day(day: date) -> str:
    """"Tuesday, November 24, 2026": a day as a screen reader says it (English, any locale)."""
    return f"{WEEKDAY_NAMES[day.weekday()]}, {MONTH_NAMES[day.month - 1]} {day.day}, {day.year}"


def month_title(year: int, month: int) -> str:
    """"November 2026"."""
    return f"{MONTH_NAMES[month - 1]} {year}"


def first_cell(year: int, month: int) -> date:
    """The day in the grid's top-left cell: the Sunday before the 1st — a whole week before it
    when the month begins on a Sunday, so that every page shows days of the month before."""
    first = date(year, month, 1)
    return first - timedelta(days=(first.weekday() - SUNDAY) % 7 or 7)


def add_months(day: date, months: int) -> date:
    """``day`` moved by whole months, on the same day of the month or the month's last."""
    year, index = divmod(day.year * 12 + day.month - 1 + months, 12)
    return date(year, index + 1, min(day.day, monthrange(year, index + 1)[1]))


def _deadlines(count: int) -> str:
    return f"{count} deadline{'' if count == 1 else 's'}"


@dataclass(frozen=True)
class CellContent:
    """What one day's cell shows — its shade, the closure's name, the deadlines due — and, told
    from the same facts, the sentence a screen reader says for it (:meth:`sentence`)."""

    day: date
    shown: date  # the first day of the month the view shows
    is_today: bool
    shade: QColor | None
    name: str  # the City closure's name ("" on a business day or a plain weekend)
    set_by_office: bool  # that closure is one the office set (a closure or Fiesta), not a rule
    state_name: str  # a State holiday on a City business day ("" otherwise)
    open_count: int  # the open deadlines due on the day
    overdue_count: int  # of those, the ones past their date

    @property
    def in_month(self) -> bool:
        """Whether the day belongs to the month shown (not one of the days around it)."""
        return (self.day.year, self.day.month) == (self.shown.year, self.shown.month)

    @property
    def due(self) -> str:
        """"3 due", or "" (top right of the cell)."""
        return f"{self.open_count} due" if self.open_count else ""

    @property
    def overdue(self) -> str:
        """"1 overdue ⚠", or "" (bottom of the cell, in red)."""
        return f"{self.overdue_count} overdue ⚠" if self.overdue_count else ""

    @property
    def count(self) -> str:
        """"3 due (1 overdue ⚠)", or "" (the whole count, as the tooltip tells it)."""
        return f"{self.due} ({self.overdue})" if self.overdue else self.due

    def sentence(self) -> str:
        """The cell's accessible name, e.g. "Tuesday, November 24, 2026 — today; 3 deadlines
        due, 1 overdue; City closed: Thanksgiving Day" (the § 2-83 clocks count City business
        days, so a City closure is named; a State holiday only when the City is open)."""
        when = spoken_day(self.day)
        if not self.in_month:
            which = "previous" if self.day < self.shown else "next"
            when += f" ({MONTH_NAMES[self.day.month - 1]}, the {which} month)"
        facts = ["today"] if self.is_today else []
        if self.open_count:
            due = f"{_deadlines(self.open_count)} due"
            facts.append(f"{due}, {self.overdue_count} overdue" if self.overdue_count else due)
        else:
            facts.append("no deadlines due")
        if self.name:
            facts.append(f"City closed: {self.name}"
                         + (", set by the office" if self.set_by_office else ""))
        elif self.state_name:
            facts.append(f"State holiday: {self.state_name}")
        return f"{when} — {'; '.join(facts)}"


def paint_cell(painter: QPainter, rect: QRect, cell: CellContent, *, selected: bool,
               focused: bool, font: QFont, highlight: QColor) -> None:
    """Paint a day: its number, its closure's name, its deadlines due (and overdue)."""
    day = cell.day
    painter.save()
    painter.setClipRect(rect)
    scheme = colours()
    overdue, due, today = QColor(scheme.overdue), QColor(scheme.due), QColor(scheme.today)
    painter.fillRect(rect, cell.shade if cell.shade is not None else QColor(scheme.base))
    ink = QColor(scheme.ink if cell.shade is not None else scheme.text)
    if not cell.in_month:
        veil = QColor(scheme.base)
        veil.setAlpha(VEIL)
        painter.fillRect(rect, veil)
        ink = QColor(scheme.muted)
    if selected:
        tint = QColor(highlight)
        tint.setAlpha(45)
        painter.fillRect(rect, tint)
    inner = rect.adjusted(7, 3, -5, -3)
    base = QFont(font)
    bold = QFont(base)
    bold.setBold(True)
    small = QFont(base)
    small.setPointSizeF(max(7.0, base.pointSizeF() * 0.88))
    italic = QFont(small)
    italic.setItalic(True)
    number_metrics, small_metrics = QFontMetrics(bold), QFontMetrics(small)
    # The day number, top left; "today" beside it; the deadlines due, top right.
    painter.setFont(bold)
    painter.setPen(ink)
    top_left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
    painter.drawText(inner, top_left, str(day.day))
    number_width = number_metrics.horizontalAdvance(f"{day.day}  ")
    if cell.due:
        painter.setPen(overdue if cell.overdue else due)
        painter.drawText(inner, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, cell.due)
    if cell.is_today:
        painter.setFont(small)
        painter.setPen(today)
        painter.drawText(inner.adjusted(number_width, 1, 0, 0), top_left, "today")
    # The closure's name (not for plain weekends), or a State holiday on a City workday.
    y = inner.top() + number_metrics.height()
    if cell.name:
        painter.setFont(small)
        painter.setPen(ink)
        lines = _two_lines(small_metrics, cell.name, inner.width())
    elif cell.state_name:
        painter.setFont(italic)
        painter.setPen(QColor(scheme.state) if cell.in_month else ink)
        lines = _two_lines(QFontMetrics(italic), f"State: {cell.state_name}", inner.width())
    else:
        lines = []
    for line in lines[:1] if cell.overdue else lines:
        painter.drawText(QRect(inner.left(), y, inner.width(), small_metrics.height()),
                         top_left, line)
        y += small_metrics.height()
    # The overdue ones, bottom left, in red with a bar down the left edge.
    if cell.overdue:
        painter.fillRect(QRect(rect.left(), rect.top(), 4, rect.height()), overdue)
        painter.setFont(bold)
        painter.setPen(overdue)
        painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                         number_metrics.elidedText(cell.overdue, Qt.TextElideMode.ElideRight,
                                                   inner.width()))
    if cell.is_today:
        painter.setPen(QPen(today, 2))
        painter.drawRect(rect.adjusted(1, 1, -2, -2))
    if selected:
        painter.setPen(QPen(highlight, 3))
        painter.drawRect(rect.adjusted(2, 2, -3, -3))
    elif focused:  # the keyboard's place after a turn of the month, away from the chosen day
        painter.setPen(QPen(highlight, 1, Qt.PenStyle.DashLine))
        painter.drawRect(rect.adjusted(3, 3, -4, -4))
    painter.restore()


class MonthModel(QAbstractTableModel):
    """Six weeks of seven days, Sunday first, around one month, with each day's overview.

    A cell's ``Qt.AccessibleTextRole`` is the day's full sentence (:meth:`CellContent.sentence`),
    its tooltip the day's summary, its ``Qt.UserRole`` the date; the header names the weekdays
    ("Sun", and "Sunday" for a screen reader).
    """

    def __init__(self, year: int, month: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.year, self.month = year, month
        self.overview: MonthOverview | None = None

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's default
        """Six weeks."""
        return 0 if parent.isValid() else WEEKS

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's default
        """Seven days."""
        return 0 if parent.isValid() else 7

    @property
    def first_shown(self) -> date:
        """The day in the top-left cell."""
        return first_cell(self.year, self.month)

    def day_at(self, row: int, column: int) -> date:
        """The day of a cell."""
        return self.first_shown + timedelta(days=7 * row + column)

    def index_of(self, day: date) -> QModelIndex:
        """The cell of ``day``, or an invalid index when the page does not show it."""
        offset = (day - self.first_shown).days
        if 0 <= offset < WEEKS * 7:
            return self.index(offset // 7, offset % 7)
        return QModelIndex()

    def set_page(self, year: int, month: int) -> None:
        """Show the weeks around ``month`` of ``year``."""
        self.year, self.month = year, month
        self._changed()

    def set_overview(self, overview: MonthOverview) -> None:
        """The deadlines and closures to show (read by the screen)."""
        self.overview = overview
        self._changed()

    def _changed(self) -> None:
        self.dataChanged.emit(self.index(0, 0), self.index(WEEKS - 1, 6))

    def day_overview(self, day: date) -> DayOverview | None:
        """What the view shows for ``day`` (None outside the loaded span)."""
        return self.overview.get(day) if self.overview is not None else None

    def describe(self, day: date) -> CellContent:
        """What the cell of ``day`` shows and says."""
        info = self.day_overview(day)
        closed = info.city if info is not None else None
        named = closed is not None and closed.kind is not DayKind.WEEKEND
        return CellContent(
            day=day,
            shown=date(self.year, self.month, 1),
            is_today=self.overview is not None and self.overview.today == day,
            shade=shade_for(info),
            name=closed.reason if closed is not None and named else "",
            set_by_office=closed is not None and named and closed.set_by_office,
            state_name=info.state.reason if info is not None and info.city is None
            and info.state is not None else "",
            open_count=info.open_count if info is not None else 0,
            overdue_count=info.overdue_count if info is not None else 0)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """The day's number, its sentence (accessible name), its summary (tooltip), its date."""
        if not self.checkIndex(index, QAbstractItemModel.CheckIndexOption.IndexIsValid):
            return None
        day = self.day_at(index.row(), index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return str(day.day)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return self.describe(day).sentence()
        if role == Qt.ItemDataRole.ToolTipRole:
            info = self.day_overview(day)
            return info.summary() if info is not None else None
        if role == Qt.ItemDataRole.UserRole:
            return day
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """The weekday of a column: "Sun" shown, "Sunday" to a screen reader; the (hidden) row
        header names its week for a screen reader that lists it."""
        if orientation is Qt.Orientation.Vertical and 0 <= section < WEEKS:
            if role == Qt.ItemDataRole.AccessibleTextRole:
                sunday = self.day_at(section, 0)
                return f"Week of {MONTH_NAMES[sunday.month - 1]} {sunday.day}, {sunday.year}"
            return None
        if orientation is not Qt.Orientation.Horizontal or not 0 <= section < 7:
            return None
        weekday = WEEKDAY_NAMES[(SUNDAY + section) % 7]
        if role == Qt.ItemDataRole.DisplayRole:
            return weekday[:3]
        if role in (Qt.ItemDataRole.AccessibleTextRole, Qt.ItemDataRole.ToolTipRole):
            return weekday
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        """Days can be chosen, never edited."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | \
            Qt.ItemFlag.ItemNeverHasChildren


class DayDelegate(QStyledItemDelegate):
    """Paints each day of a :class:`MonthModel` as the month view shows it (:func:`paint_cell`)."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        """The day of ``index``, selected (the chosen day) or holding the keyboard's place."""
        model = index.model()
        assert isinstance(model, MonthModel)
        state = option.state
        paint_cell(painter, option.rect, model.describe(model.day_at(index.row(), index.column())),
                   selected=bool(state & QStyle.StateFlag.State_Selected),
                   focused=bool(state & QStyle.StateFlag.State_HasFocus),
                   font=option.font, highlight=option.palette.color(QPalette.ColorRole.Highlight))


class DayGrid(QTableView):
    """The grid of days. The arrow keys (across the month's edges), Page Up/Page Down (a month),
    Home/End (the month's first and last day), a typed day number, Space and a click choose a
    day (``day_chosen``, with the date); Enter or a double-click on the chosen day activates it
    (``day_activated``); the mouse wheel turns the month (``turn_requested``, in months)."""

    day_chosen = Signal(object)
    day_activated = Signal()
    turn_requested = Signal(int)

    STEPS: ClassVar[Mapping[Qt.Key, int]] = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1,
                                             Qt.Key.Key_Up: -7, Qt.Key.Key_Down: 7}
    """Days each arrow key moves."""

    def __init__(self, model: MonthModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.month = model
        self.setModel(model)
        self.setItemDelegate(DayDelegate(self))
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setTabKeyNavigation(False)
        self.setAutoScroll(False)
        self.setCornerButtonEnabled(False)
        self.setWordWrap(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        days = self.horizontalHeader()
        days.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        days.setSectionsClickable(False)
        days.setHighlightSections(False)
        days.setFixedHeight(QFontMetrics(self.font()).height() + 8)  # one line: the days gain it
        weeks = self.verticalHeader()
        weeks.setVisible(False)
        weeks.setMinimumSectionSize(1)
        weeks.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self._typed = ""
        self._typed_at = QElapsedTimer()
        self._wheel = 0  # eighths of a degree turned and not yet a whole step

    def _cursor(self) -> date | None:
        value = self.currentIndex().data(Qt.ItemDataRole.UserRole)
        return value if isinstance(value, date) else None

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Move between days and months, or activate the chosen day; other keys as usual."""
        key = Qt.Key(event.key())
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.day_activated.emit()
            event.accept()
            return
        cursor = self._cursor()
        target: date | None = None
        if cursor is not None:
            if key in self.STEPS:
                target = cursor + timedelta(days=self.STEPS[key])
            elif key in (Qt.Key.Key_PageUp, Qt.Key.Key_PageDown):
                target = add_months(cursor, -1 if key == Qt.Key.Key_PageUp else 1)
            elif key == Qt.Key.Key_Home:
                target = cursor.replace(day=1)
            elif key == Qt.Key.Key_End:
                target = cursor.replace(day=monthrange(cursor.year, cursor.month)[1])
            elif key == Qt.Key.Key_Space:
                target = cursor
        if target is not None:
            self.day_chosen.emit(target)
            event.accept()
            return
        super().keyPressEvent(event)

    def keyboardSearch(self, search: str) -> None:
        """Typing a day's number ("9", or "2" then "4") chooses that day of the month shown."""
        quick = self._typed_at.isValid() and \
            not self._typed_at.hasExpired(QApplication.keyboardInputInterval())
        self._typed_at.start()
        last = monthrange(self.month.year, self.month.month)[1]
        for typed in (self._typed + search if quick else "", search):
            if typed.isdigit() and 1 <= int(typed) <= last:
                self._typed = typed
                self.day_chosen.emit(date(self.month.year, self.month.month, int(typed)))
                return
        self._typed = ""

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Each step of the wheel turns a month — away from you to the month before, towards you
        to the next, as Qt's calendar did; the chosen day stays chosen."""
        self._wheel += event.angleDelta().y()
        steps = int(self._wheel / 120)
        if steps:
            self._wheel -= steps * 120
            self.turn_requested.emit(-steps)
        event.accept()

    def _day_under(self, event: QMouseEvent) -> date | None:
        value = self.indexAt(event.position().toPoint()).data(Qt.ItemDataRole.UserRole)
        return value if isinstance(value, date) else None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click chooses the day under the mouse (a day of another month turns to it)."""
        day = self._day_under(event)
        if day is None:
            super().mousePressEvent(event)
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        if event.button() == Qt.MouseButton.LeftButton:
            self.day_chosen.emit(day)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """Dragging chooses nothing (a day is chosen by its click)."""
        if event.buttons() != Qt.MouseButton.NoButton:
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """A double-click on the chosen day activates it (on another day, it chooses it)."""
        day = self._day_under(event)
        if day is None or event.button() != Qt.MouseButton.LeftButton:
            super().mouseDoubleClickEvent(event)
            return
        if self.selectionModel().isSelected(self.indexAt(event.position().toPoint())):
            self.day_activated.emit()
        else:
            self.day_chosen.emit(day)
        event.accept()


class MonthView(QWidget):
    """A month of days, each painted with its deadline count and its closure and named in full
    to a screen reader; “Previous month” and “Next month” (Alt+P, Alt+N) beside its name.

    In the grid, the arrow keys move between days (across the month's edges), Page Up/Page Down
    between months, Home/End to the month's first and last day, a typed number to that day;
    Enter activates the chosen day (the screen then moves to the day's deadlines). It keeps the
    names of the ``QCalendarWidget`` it replaced (whose cells a screen reader read as bare
    numbers): ``selectedDate``, ``setCurrentPage``, ``currentPageChanged``, ``activated`` …
    """

    currentPageChanged = Signal(int, int)
    selectionChanged = Signal()
    activated = Signal(QDate)

    DESCRIPTION = ("Each day tells its open deadlines and whether City offices are closed. "
                   "The arrow keys move between days, into the month before or after; Page Up "
                   "and Page Down move by a month; Home and End go to the month's first and "
                   "last day; typing a number goes to that day; Enter lists the chosen day's "
                   "deadlines.")
    """The grid's accessible description: how to move in it by keyboard."""

    def __init__(self, day: date, parent: QWidget | None = None) -> None:
        """Show the month of ``day``, chosen (the office's today: the view never reads a clock)."""
        super().__init__(parent)
        self.setObjectName("monthView")
        self._selected = day
        self._syncing = False
        self.model = MonthModel(day.year, day.month, self)
        style = self.style()
        self.previous_button = QPushButton(
            style.standardIcon(QStyle.StandardPixmap.SP_ArrowLeft), "&Previous month", self)
        self.previous_button.setObjectName("previousMonth")
        self.previous_button.setAccessibleName("Previous month")
        self.previous_button.clicked.connect(lambda: self.turn(-1))
        self.title = QLabel(self)
        self.title.setObjectName("monthTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        heading = QFont(self.font())
        heading.setBold(True)
        heading.setPointSizeF(heading.pointSizeF() * 1.15)
        self.title.setFont(heading)
        self.next_button = QPushButton(
            style.standardIcon(QStyle.StandardPixmap.SP_ArrowRight), "&Next month", self)
        self.next_button.setObjectName("nextMonth")
        self.next_button.setAccessibleName("Next month")
        self.next_button.setLayoutDirection(Qt.LayoutDirection.RightToLeft)  # the arrow after
        self.next_button.clicked.connect(lambda: self.turn(1))
        for button in (self.previous_button, self.next_button):
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the grid its focus
        declare(None, self.previous_button, self.next_button)
        self.grid = DayGrid(self.model, self)
        self.grid.setObjectName("monthGrid")
        self.grid.setAccessibleDescription(self.DESCRIPTION)
        self.grid.day_chosen.connect(self.setSelectedDate)
        self.grid.day_activated.connect(lambda: self.activated.emit(self.selectedDate()))
        self.grid.turn_requested.connect(self.turn)
        self.grid.selectionModel().selectionChanged.connect(
            lambda _selected, _deselected: self._selection_edited())
        navigation = QHBoxLayout()
        navigation.addWidget(self.previous_button)
        navigation.addWidget(self.title, 1)
        navigation.addWidget(self.next_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(navigation)
        layout.addWidget(self.grid, 1)
        self.setFocusProxy(self.grid)
        self.setMinimumSize(560, 330)
        self._name_page()
        self._place(None, fresh_page=False)

    # -- the page -----------------------------------------------------------------------------

    def yearShown(self) -> int:
        """The year of the month shown."""
        return self.model.year

    def monthShown(self) -> int:
        """The month shown (1–12)."""
        return self.model.month

    def setCurrentPage(self, year: int, month: int) -> None:
        """Show ``month`` of ``year``; the chosen day stays chosen, the keyboard's place moves
        to the same day of the new month."""
        if (year, month) == (self.model.year, self.model.month):
            return
        cursor = self.grid.currentIndex().data(Qt.ItemDataRole.UserRole)
        day = cursor.day if isinstance(cursor, date) else 1
        self._show_page(year, month)
        self._place(date(year, month, min(day, monthrange(year, month)[1])), fresh_page=True)
        self.currentPageChanged.emit(year, month)

    def turn(self, months: int) -> None:
        """Show the month ``months`` after (before, when negative) the one shown."""
        shown = add_months(date(self.model.year, self.model.month, 1), months)
        self.setCurrentPage(shown.year, shown.month)

    def _show_page(self, year: int, month: int) -> None:
        self.model.set_page(year, month)
        self._name_page()

    def _name_page(self) -> None:
        """The month's name over the grid and in the grid's accessible name; the buttons say
        which month they show."""
        shown = date(self.model.year, self.model.month, 1)
        title = month_title(shown.year, shown.month)
        self.title.setText(title)
        self.title.setAccessibleName(title)
        self.grid.setAccessibleName(f"Month of {title} — deadlines by day")
        for button, months, key in ((self.previous_button, -1, "Page Up"),
                                    (self.next_button, 1, "Page Down")):
            other = add_months(shown, months)
            button.setToolTip(f"{month_title(other.year, other.month)} ({key} in the calendar)")
            button.setAccessibleDescription(f"Show {month_title(other.year, other.month)}")

    # -- the chosen day -----------------------------------------------------------------------

    def selectedDate(self) -> QDate:
        """The chosen day."""
        return QDate(self._selected.year, self._selected.month, self._selected.day)

    def setSelectedDate(self, day: QDate | date) -> None:
        """Choose ``day``, turning to its month (``currentPageChanged``), then
        ``selectionChanged``."""
        chosen = day.toPython() if isinstance(day, QDate) else day
        if not isinstance(chosen, date):
            return
        page = (chosen.year, chosen.month)
        at = self.grid.currentIndex().data(Qt.ItemDataRole.UserRole)
        if chosen == self._selected and page == (self.model.year, self.model.month) and \
                at == chosen:
            return
        self._selected = chosen
        if page != (self.model.year, self.model.month):
            self._show_page(*page)
            self._place(chosen, fresh_page=True)
            self.currentPageChanged.emit(*page)
        else:
            self._place(chosen, fresh_page=False)
        self.selectionChanged.emit()

    def _place(self, cursor: date | None, *, fresh_page: bool) -> None:
        """Select the chosen day's cell (when the page shows it) and put the keyboard's place on
        ``cursor`` (else on the chosen day, else on the 1st). On a fresh page the place is set
        anew, so that a screen reader says the day even when its cell is where the last was."""
        selection = self.grid.selectionModel()
        chosen = self.model.index_of(self._selected)
        place = self.model.index_of(cursor) if cursor is not None else chosen
        if not place.isValid():
            place = chosen if chosen.isValid() else \
                self.model.index_of(date(self.model.year, self.model.month, 1))
        self._syncing = True
        try:
            if chosen.isValid():
                selection.select(chosen, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            else:
                selection.clearSelection()
            if fresh_page:
                selection.setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.NoUpdate)
            selection.setCurrentIndex(place, QItemSelectionModel.SelectionFlag.NoUpdate)
        finally:
            self._syncing = False

    def _selection_edited(self) -> None:
        """A cell selected other than by the view (an assistive technology's “select”)."""
        if self._syncing:
            return
        picked = self.grid.selectionModel().selectedIndexes()
        day = picked[0].data(Qt.ItemDataRole.UserRole) if len(picked) == 1 else None
        if isinstance(day, date) and day != self._selected:
            self.setSelectedDate(day)
        else:
            self._place(None, fresh_page=False)

    # -- what the days show -------------------------------------------------------------------

    def set_overview(self, overview: MonthOverview) -> None:
        """Show ``overview``; each day's summary becomes its tooltip, its sentence its name."""
        self.model.set_overview(overview)
        self.updateCells()

    def updateCells(self) -> None:
        """Paint the days again."""
        self.grid.viewport().update()

    def day_overview(self, day: date) -> DayOverview | None:
        """What the view shows for ``day`` (None outside the loaded span)."""
        return self.model.day_overview(day)

    def describe_cell(self, day: date) -> CellContent:
        """What the cell of ``day`` shows (painted by :func:`paint_cell`) and says."""
        return self.model.describe(day)


class DayDeadlinesModel(RowsModel[DayDeadline]):
    """The deadlines due on one day: case, deadline, parties and status.

    Overdue rows are red and say "Overdue ⚠" (so colour is not the only cue); the tooltip names
    the case and the rule, and ``Qt.UserRole`` holds the complaint id.
    """

    COLUMNS: tuple[Column[DayDeadline], ...] = (
        Column("Case", lambda d: d.case_number),
        Column("Deadline", lambda d: short_title(d.title)),
        Column("Parties", lambda d: d.parties),
        Column("Status", lambda d: d.status_text),
    )
    STATUS = 3

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            self.COLUMNS, parent,
            tooltip=lambda d: f"{d.case_number}: {d.parties}\n{d.title} ({d.citation})",
            bold=lambda d, column: d.overdue and column == self.STATUS,
            style=lambda d, _column, role: QBrush(QColor(colours().overdue))
            if role == Qt.ItemDataRole.ForegroundRole and d.overdue else None,
            user=lambda d: d.complaint_id)


class DeadlineTable(QTableView):
    """The day's deadlines: double-click or Enter on one asks to open it (``open_requested``).

    Not ``activated``, which platforms emit differently (single click on some desktops).
    """

    open_requested = Signal(QModelIndex)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doubleClicked.connect(self.open_requested)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter or Return opens the current deadline's case; other keys as usual."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and \
                self.currentIndex().isValid():
            self.open_requested.emit(self.currentIndex())
            event.accept()
            return
        super().keyPressEvent(event)


class CalendarScreen(QWidget):
    """The month's deadlines and closures; a day's deadlines; the closures editor.

    ``case_requested(complaint_id)`` is emitted when the clerk opens a deadline's case
    (double-click or Enter on it, or “Open the case”).
    """

    case_requested = Signal(int)

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.editor: CalendarEditorDialog | None = None
        self.overview: MonthOverview | None = None

        title = QLabel("<h2>Calendar</h2>")
        intro = QLabel("Open deadlines by the day they fall due, beside the days offices are "
                       "closed. Choose a day to list its deadlines; hover over it for details.")
        intro.setWordWrap(True)
        self.today_button = QPushButton("&Today", self)
        self.today_button.setObjectName("calendarToday")
        self.today_button.clicked.connect(self.go_to_today)
        self.editor_button = QPushButton("&Closures and holidays…", self)
        self.editor_button.setObjectName("calendarEditorButton")
        self.editor_button.clicked.connect(lambda: self.open_editor())
        declare(None, self.today_button)
        header = QHBoxLayout()
        header.addWidget(title)
        header.addStretch(1)
        header.addWidget(self.today_button)
        header.addWidget(self.editor_button)

        self.banner = QFrame(self)
        self.banner.setObjectName("fiestaBanner")
        self.banner.setFrameShape(QFrame.Shape.StyledPanel)
        scheme = colours()
        self.banner.setStyleSheet(f"#fiestaBanner {{ background: {scheme.banner_back}; "
                                  f"border: 1px solid {scheme.banner_border}; border-radius: 3px; }}"
                                  f" QLabel {{ color: {scheme.banner_text}; }}")
        self.banner_label = QLabel(self.banner)
        self.banner_label.setObjectName("fiestaWarning")
        self.banner_label.setWordWrap(True)
        self.banner_button = QPushButton("Set Fiesta San &Jacinto Day…", self.banner)
        self.banner_button.clicked.connect(self._set_fiesta)
        # the permission table: the banner's button is the editor's, for the same people
        offer(self.context, Act.EDIT_CALENDAR, "change the office's closures",
              self.editor_button, self.banner_button)
        refuse_while_read_only(self.context, self.editor_button, self.banner_button)
        banner_layout = QHBoxLayout(self.banner)
        banner_layout.setContentsMargins(8, 4, 8, 4)
        banner_layout.addWidget(self.banner_label, 1)
        banner_layout.addWidget(self.banner_button)

        self.month_view = MonthView(self.today(), self)
        self.month_view.currentPageChanged.connect(lambda _y, _m: self._load_month())
        self.month_view.selectionChanged.connect(self._show_selected_day)
        self.legend = QLabel(legend_html(), self)
        self.legend.setObjectName("calendarLegend")
        self.legend.setWordWrap(True)
        top = QWidget(self)
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.month_view, 1)
        top_layout.addWidget(self.legend)

        self.day_label = QLabel(self)
        self.day_label.setObjectName("daySummary")
        self.day_label.setWordWrap(True)
        self.show_closed = QCheckBox("Also list &met and missed deadlines", self)
        self.show_closed.toggled.connect(lambda _on: self._show_selected_day())
        self.model = DayDeadlinesModel(self)
        self.table = DeadlineTable(self)
        self.table.setObjectName("dayDeadlines")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        compact_rows(self.table)
        ColumnFit(self.table, PARTIES_COLUMN, "dayDeadlines", keep_for=self.context)
        self.table.open_requested.connect(self._open_index)
        self.month_view.activated.connect(lambda _day: self.table.setFocus())
        self.table.selectionModel().currentRowChanged.connect(
            lambda current, _previous: self._show_explanation(current))
        self.explanation = QPlainTextEdit(self)
        self.explanation.setObjectName("deadlineExplanation")
        self.explanation.setReadOnly(True)
        self.explanation.setPlaceholderText("The explanation of the chosen deadline: its "
                                            "trigger, the rule, the days skipped and why.")
        self.explanation.setMinimumWidth(240)
        self.explanation.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.explanation.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.open_button = QPushButton("&Open the case", self)
        self.open_button.clicked.connect(lambda: self._open_index(self.table.currentIndex()))
        declare(None, self.open_button)
        deadlines_label = QLabel("&Deadlines due on the chosen day:", self)
        buddy(deadlines_label, self.table)
        explanation_label = QLabel("How the date &was counted:", self)
        buddy(explanation_label, self.explanation)
        list_row = QHBoxLayout()
        list_row.addWidget(deadlines_label)
        list_row.addStretch(1)
        list_row.addWidget(self.show_closed)
        list_row.addWidget(self.open_button)
        # Tab reads the row above the list first, then the list, then how it was counted.
        QWidget.setTabOrder(self.show_closed, self.open_button)
        QWidget.setTabOrder(self.open_button, self.table)
        QWidget.setTabOrder(self.table, self.explanation)
        listing = QWidget(self)
        listing_layout = QVBoxLayout(listing)
        listing_layout.setContentsMargins(0, 0, 0, 0)
        listing_layout.addLayout(list_row)
        listing_layout.addWidget(self.table, 1)
        counting = QWidget(self)
        counting_layout = QVBoxLayout(counting)
        counting_layout.setContentsMargins(0, 0, 0, 0)
        counting_layout.addWidget(explanation_label)
        counting_layout.addWidget(self.explanation, 1)
        self.day_splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.day_splitter.addWidget(listing)
        self.day_splitter.addWidget(counting)
        self.day_splitter.setStretchFactor(0, 3)
        self.day_splitter.setStretchFactor(1, 2)
        self.day_splitter.setChildrenCollapsible(False)
        self.day_splitter.setSizes([600, 380])
        bottom = QWidget(self)
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(self.day_label)
        bottom_layout.addWidget(self.day_splitter, 1)

        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(top)
        self.splitter.addWidget(bottom)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addWidget(intro)
        layout.addWidget(self.banner)
        layout.addWidget(self.splitter, 1)
        self.go_to_today()

    # -- what is shown ------------------------------------------------------------------------

    def today(self) -> date:
        """The office's date now (fixed in tests)."""
        return self.context.today()

    def refresh(self) -> None:
        """Reload the month, the banner and the chosen day's deadlines from the database."""
        warning = fiesta_warning(self.context.database, self.today())
        self.banner.setVisible(warning is not None)
        self.banner_label.setText(f"⚠ {warning}" if warning else "")
        self._show_selected_day()

    def go_to_today(self) -> None:
        """Show the current month with today chosen."""
        today = self.today()
        self.month_view.setSelectedDate(QDate(today.year, today.month, today.day))
        self.month_view.setCurrentPage(today.year, today.month)
        self.refresh()

    def select_day(self, day: date) -> None:
        """Choose ``day`` (turning to its month) and list its deadlines."""
        self.month_view.setCurrentPage(day.year, day.month)
        self.month_view.setSelectedDate(QDate(day.year, day.month, day.day))
        self._show_selected_day()

    def selected_day(self) -> date:
        """The chosen day."""
        chosen = self.month_view.selectedDate().toPython()
        assert isinstance(chosen, date)
        return chosen

    def _load_month(self) -> None:
        self.overview = month_overview(self.context.database, self.month_view.yearShown(),
                                       self.month_view.monthShown(), self.today(),
                                       margin_days=MARGIN_DAYS, account=self.context.signed_in)
        self.month_view.set_overview(self.overview)

    def _show_selected_day(self) -> None:
        """List the chosen day's deadlines; the month is read again with them (a millisecond),
        so that the cells and the list never disagree."""
        day = self.selected_day()
        self._load_month()
        info = self.month_view.day_overview(day)
        if info is None:  # chosen outside the loaded span: load its month
            self.overview = month_overview(self.context.database, day.year, day.month,
                                           self.today(), margin_days=MARGIN_DAYS,
                                           account=self.context.signed_in)
            info = self.overview.get(day)
        self.day_label.setText(info.summary() if info is not None else long_day(day))
        rows = deadlines_on(self.context.database, day, self.today(),
                            include_closed=self.show_closed.isChecked(),
                            account=self.context.signed_in, clock=self.context.clock)
        self.model.set_rows(rows)
        self.open_button.setEnabled(bool(rows))
        if rows:
            self.table.selectRow(0)
            self._show_explanation(self.model.index(0, 0))
        else:
            self.explanation.setPlainText("")
            self.explanation.setPlaceholderText(
                f"No {'' if self.show_closed.isChecked() else 'open '}deadline is due on "
                f"{long_day(day)}.")

    def _show_explanation(self, index: QModelIndex) -> None:
        if not index.isValid():
            self.explanation.setPlainText("")
            return
        item = self.model.row(index.row())
        self.explanation.setPlainText(f"{item.case_number} — {item.title} ({item.citation}), "
                                      f"due {long_day(item.due_on)}: {item.status_text}.\n\n"
                                      f"{item.explanation}")

    def _open_index(self, index: QModelIndex) -> None:
        if index.isValid() and self.model.row(index.row()).complaint_id:  # 0: a request's
            self.case_requested.emit(self.model.row(index.row()).complaint_id)

    # -- the editor ---------------------------------------------------------------------------

    def open_editor(self, fiesta_year: int | None = None) -> CalendarEditorDialog:
        """Open the closures editor (window-modal) on the chosen day's year; the screen
        refreshes whenever it saves a change."""
        if self.editor is None:
            self.editor = CalendarEditorDialog(self.context, self)
            self.editor.changed.connect(self.refresh)
        self.editor.set_year(fiesta_year or self.selected_day().year)
        if fiesta_year is not None:
            self.editor.prepare_fiesta(fiesta_year)
        self.editor.open()
        return self.editor

    def _set_fiesta(self) -> None:
        years = missing_fiesta_years(self.context.database, self.today())
        self.open_editor(years[-1] if years else self.today().year + 1)

    def showEvent(self, event: QShowEvent) -> None:
        """Show what is in the database now (other screens and workstations change it)."""
        super().showEvent(event)
        self.refresh()

    def first_field(self) -> QWidget:
        """Where the cursor goes when the screen is shown: the month's grid of days."""
        return self.month_view
