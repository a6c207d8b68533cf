"""Calendar: the month's deadlines beside the days City (and State) offices are closed.

Each day of the month view shows how many open deadlines fall due on it (overdue ones in red
with a ⚠), and closed days are shaded with their names. Choosing a day lists its deadlines;
double-click or Enter opens the case. Everything shown is read from
:mod:`ethics_desk.deadlines.overview`; closures are edited in :class:`CalendarEditorDialog`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from PySide6.QtCore import (
    QDate,
    QLocale,
    QModelIndex,
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
    QPainter,
    QPalette,
    QPen,
    QShowEvent,
    QTextCharFormat,
    QTextOption,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCalendarWidget,
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.deadlines import DayKind
from ethics_desk.deadlines.overview import (
    DayDeadline,
    DayOverview,
    MonthOverview,
    deadlines_on,
    fiesta_warning,
    long_day,
    missing_fiesta_years,
    month_overview,
)
from ethics_desk.ui.calendar_editor import CalendarEditorDialog
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.models.rows import Column, RowsModel
from ethics_desk.ui.palette import VEIL, colours

AnyIndex = QModelIndex | QPersistentModelIndex

# Shades and text colours come from the scheme of the desktop (ethics_desk.ui.palette), each
# text colour at least 4.5 : 1 against the shades it is drawn on.

DEADLINE_COLUMN = 1
"""The day's table column that takes the width left over."""
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


@dataclass(frozen=True)
class CellContent:
    """What one day's cell shows: its shade, the closure's name, the deadlines due."""

    day: date
    in_month: bool
    is_today: bool
    shade: QColor | None
    name: str  # the City closure's name ("" on a business day or a plain weekend)
    state_name: str  # a State holiday on a City business day ("" otherwise)
    count: str  # "3 due (1 overdue ⚠)", or "" (the whole story, as the tooltip tells it)
    due: str  # "3 due", or "" (top right of the cell)
    overdue: str  # "1 overdue ⚠", or "" (bottom of the cell, in red)


class MonthView(QCalendarWidget):
    """A month of days, each painted with its deadline count and its closure.

    Keyboard: the arrow keys move between days, Page Up/Page Down between months, Enter
    activates the day (the screen then moves to the day's deadlines).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("monthView")
        self.setLocale(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
        self.setFirstDayOfWeek(Qt.DayOfWeek.Sunday)
        self.setGridVisible(True)
        self.setVerticalHeaderFormat(QCalendarWidget.VerticalHeaderFormat.NoVerticalHeader)
        self.setHorizontalHeaderFormat(QCalendarWidget.HorizontalHeaderFormat.ShortDayNames)
        plain = QTextCharFormat()
        plain.setForeground(QBrush(self.palette().color(QPalette.ColorRole.WindowText)))
        for weekday in (Qt.DayOfWeek.Saturday, Qt.DayOfWeek.Sunday):
            self.setWeekdayTextFormat(weekday, plain)  # red means overdue here, not weekend
        self.setMinimumSize(560, 330)
        self._compact_weekday_row()
        self.overview: MonthOverview | None = None
        self.today: date | None = None

    def _compact_weekday_row(self) -> None:
        """Give the weekday names one line instead of a full row's height (the days gain it)."""
        view = self.findChild(QTableView, "qt_calendar_calendarview")
        if view is None:  # pragma: no cover - Qt's internal name; the default still works
            return
        rows = view.verticalHeader()
        rows.setMinimumSectionSize(1)
        rows.setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
        rows.resizeSection(0, QFontMetrics(self.font()).height() + 8)

    def set_overview(self, overview: MonthOverview) -> None:
        """Show ``overview``; each day's full description becomes its tooltip."""
        self.overview = overview
        self.today = overview.today
        self.setDateTextFormat(QDate(), QTextCharFormat())  # forget the last month's tooltips
        for day, info in overview.days.items():
            fmt = QTextCharFormat()
            fmt.setToolTip(info.summary())
            self.setDateTextFormat(QDate(day.year, day.month, day.day), fmt)
        self.updateCells()

    def day_overview(self, day: date) -> DayOverview | None:
        """What the view shows for ``day`` (None outside the loaded span)."""
        return self.overview.get(day) if self.overview is not None else None

    def describe_cell(self, day: date) -> CellContent:
        """What the cell of ``day`` shows (painted by :meth:`paintCell`)."""
        info = self.day_overview(day)
        closed = info.city if info is not None else None
        return CellContent(
            day=day,
            in_month=day.month == self.monthShown() and day.year == self.yearShown(),
            is_today=self.today == day,
            shade=shade_for(info),
            name=closed.reason if closed is not None and closed.kind is not DayKind.WEEKEND
            else "",
            state_name=info.state.reason if info is not None and info.city is None
            and info.state is not None else "",
            count=info.count_text() if info is not None else "",
            due=f"{info.open_count} due" if info is not None and info.open_count else "",
            overdue=f"{info.overdue_count} overdue ⚠" if info is not None and info.overdue_count
            else "")

    def paintCell(self, painter: QPainter, rect: QRect, qdate: QDate | date) -> None:
        """Paint a day: its number, its closure's name, its deadlines due (and overdue)."""
        day = qdate if isinstance(qdate, date) else qdate.toPython()
        assert isinstance(day, date)
        cell = self.describe_cell(day)
        palette = self.palette()
        selected = day == self.selectedDate().toPython()
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
            tint = QColor(palette.color(QPalette.ColorRole.Highlight))
            tint.setAlpha(45)
            painter.fillRect(rect, tint)
        inner = rect.adjusted(7, 3, -5, -3)
        base = QFont(self.font())
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
            painter.drawText(inner, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
                             cell.due)
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
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 3))
            painter.drawRect(rect.adjusted(2, 2, -3, -3))
        painter.restore()


class DayDeadlinesModel(RowsModel[DayDeadline]):
    """The deadlines due on one day: case, deadline, parties and status.

    Overdue rows are red and say "Overdue ⚠" (so colour is not the only cue); the tooltip names
    the case and the rule, and ``Qt.UserRole`` holds the complaint id.
    """

    COLUMNS: tuple[Column[DayDeadline], ...] = (
        Column("Case", lambda d: d.case_number),
        Column("Deadline", lambda d: d.title),
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
        banner_layout = QHBoxLayout(self.banner)
        banner_layout.setContentsMargins(8, 4, 8, 4)
        banner_layout.addWidget(self.banner_label, 1)
        banner_layout.addWidget(self.banner_button)

        self.month_view = MonthView(self)
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
        head = self.table.horizontalHeader()
        head.setStretchLastSection(False)
        head.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        head.setSectionResizeMode(DEADLINE_COLUMN, QHeaderView.ResizeMode.Stretch)
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
        deadlines_label = QLabel("&Deadlines due on the chosen day:", self)
        deadlines_label.setBuddy(self.table)
        explanation_label = QLabel("How the date &was counted:", self)
        explanation_label.setBuddy(self.explanation)
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
        return self.context.now().date()

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
                                       margin_days=MARGIN_DAYS)
        self.month_view.set_overview(self.overview)

    def _show_selected_day(self) -> None:
        """List the chosen day's deadlines; the month is read again with them (a millisecond),
        so that the cells and the list never disagree."""
        day = self.selected_day()
        self._load_month()
        info = self.month_view.day_overview(day)
        if info is None:  # chosen outside the loaded span: load its month
            self.overview = month_overview(self.context.database, day.year, day.month,
                                           self.today(), margin_days=MARGIN_DAYS)
            info = self.overview.get(day)
        self.day_label.setText(info.summary() if info is not None else long_day(day))
        rows = deadlines_on(self.context.database, day, self.today(),
                            include_closed=self.show_closed.isChecked())
        self.model.set_rows(rows)
        self._fit_columns()
        self.open_button.setEnabled(bool(rows))
        if rows:
            self.table.selectRow(0)
            self._show_explanation(self.model.index(0, 0))
        else:
            self.explanation.setPlainText("")
            self.explanation.setPlaceholderText(
                f"No {'' if self.show_closed.isChecked() else 'open '}deadline is due on "
                f"{long_day(day)}.")

    def _fit_columns(self) -> None:
        """Columns to their contents, but never so wide that the deadline's title is hidden."""
        self.table.resizeColumnsToContents()
        head = self.table.horizontalHeader()
        for column, widest in ((0, 120), (2, 190)):
            head.resizeSection(column, min(head.sectionSize(column), widest))
        head.setSectionResizeMode(DEADLINE_COLUMN, QHeaderView.ResizeMode.Stretch)

    def _show_explanation(self, index: QModelIndex) -> None:
        if not index.isValid():
            self.explanation.setPlainText("")
            return
        item = self.model.row(index.row())
        self.explanation.setPlainText(f"{item.case_number} — {item.title} ({item.citation}), "
                                      f"due {long_day(item.due_on)}: {item.status_text}.\n\n"
                                      f"{item.explanation}")

    def _open_index(self, index: QModelIndex) -> None:
        if index.isValid():
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
