"""The Statistics screen: the office's figures for a period, each part a chart and its table.

A period is chosen from the list (:func:`ethics_desk.reports.periods.periods`: this year to
date, last year, the quarter, the month …) or typed as two dates; *Show* counts it
(:func:`ethics_desk.reports.statistics.office_statistics`, which also records the count) off
the GUI thread (:func:`ethics_desk.ui.operations.operate`).
Six tabs follow the statute: the complaints received (§ 2-83(c)), how cases ended
((c), (d)(2)–(4), (f)(6)), the business days to each step, the deadlines (met, missed, open,
moved by closures), the Ethics Review Board ((f), (g)) and the Public Information Act requests
((h)(3)). Each tab draws its chart with Qt Charts and lists the same figures in a table: the
table is what a screen reader reads and what is copied, the chart is for the eye, and no
figure is told by colour alone (every bar is labelled with its count, every set named in the
legend).

For the City Clerk's staff and the Administrator (``Act.STATISTICS``); the figures are
counts of the whole office, never a name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCharts import (
    QAbstractBarSeries,
    QBarCategoryAxis,
    QBarSet,
    QChart,
    QChartView,
    QHorizontalBarSeries,
    QHorizontalStackedBarSeries,
    QValueAxis,
)
from PySide6.QtCore import QMargins, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.dates import format_date
from ethics_desk.core.permissions import Act
from ethics_desk.core.words import ENGLISH
from ethics_desk.deadlines import CLOCKS, ClockKind
from ethics_desk.reports.periods import Period, periods
from ethics_desk.reports.statistics import ClockTally, OfficeStatistics, office_statistics
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.models.rows import Column, RowsModel, rows_view
from ethics_desk.ui.office_display import office_style

if TYPE_CHECKING:
    from ethics_desk.ui.annual_report_dialog import AnnualReportDialog
from ethics_desk.ui.operations import operate

OWN_DATES = "own"
"""The period chooser's last entry: the two dates typed."""

CATEGORY_CHARACTERS = 34
"""The longest category name a chart prints whole; a longer one is shortened with "…" (the
table beside it has it whole)."""


WIDE_TABLE = 3
"""A table of more columns than this goes under its chart rather than beside it."""


@dataclass(frozen=True)
class Bars:
    """One chart: its categories (top to bottom) and one or more named sets of counts."""

    title: str
    categories: tuple[str, ...]
    sets: tuple[tuple[str, tuple[int, ...]], ...]
    stacked: bool = False

    def spoken(self) -> str:
        """The chart in words (its accessible description)."""
        parts = []
        for index, category in enumerate(self.categories):
            counts = ", ".join(f"{name} {values[index]}" for name, values in self.sets)
            parts.append(f"{category}: {counts}")
        return f"{self.title}. " + "; ".join(parts) + "."


@dataclass(frozen=True)
class Part:
    """A tab: its chart, and its table's headings and rows (the same figures, with more)."""

    key: str
    title: str
    bars: Bars
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    totals: tuple[int, ...] = ()
    """The rows that sum others, shown in bold."""


def _short(text: str) -> str:
    return text if len(text) <= CATEGORY_CHARACTERS else text[:CATEGORY_CHARACTERS - 1] + "…"


def _cited(label: str, citation: str) -> str:
    return f"{label} ({citation})" if citation else label


def _clock_name(tally: ClockTally) -> str:
    try:
        return CLOCKS[ClockKind(tally.key)].short
    except (ValueError, KeyError):  # the line of every clock
        return tally.label


def _share_met(tally: ClockTally) -> str:
    share = tally.share_met
    return "—" if share is None else f"{round(100 * share)} %"



def _clock_rows(tallies: Sequence[ClockTally], total: ClockTally,
                every: str) -> tuple[tuple[str, ...], ...]:
    """A row for each clock, then the row of them all (named ``every``)."""
    return tuple((every if tally is total else _cited(_clock_name(tally), tally.citation),
                  str(tally.due), str(tally.met),
                  str(tally.missed), str(tally.open_past_due), str(tally.open_not_yet_due),
                  str(tally.cancelled), str(tally.moved_by_closures), _share_met(tally))
                 for tally in (*tallies, total))


CLOCK_HEADINGS = ("Deadline", "Due", "Met", "Missed", "Open, past due", "Open, not yet due",
                  "Cancelled", "Moved by closures", "Met on time")
"""The deadlines' table: how many were due, how each stands, and the share of those decided
(met or missed) that were met."""


def _clock_bars(title: str, tallies: Sequence[ClockTally]) -> Bars:
    return Bars(title, tuple(_clock_name(tally) for tally in tallies), (
        ("Met", tuple(tally.met for tally in tallies)),
        ("Missed", tuple(tally.missed for tally in tallies)),
        ("Open, past due", tuple(tally.open_past_due for tally in tallies)),
        ("Open, not yet due", tuple(tally.open_not_yet_due for tally in tallies)),
        ("Cancelled", tuple(tally.cancelled for tally in tallies))), stacked=True)


def parts(figures: OfficeStatistics) -> tuple[Part, ...]:
    """The six tabs of ``figures``: each chart and the table that says the same and more."""
    received, endings, board = figures.received, figures.endings, figures.board
    pia = figures.public_information
    received_rows = (("Complaints received", "§ 2-83(c)", str(received.total)),
                     *((line.label, line.citation, str(line.count)) for line in received.by_route),
                     ("Sworn", "§ 2-83(c)", str(received.sworn)),
                     ("Not sworn", "§ 2-83(c)", str(received.not_sworn)),
                     *((f"Alleging {line.label}", "§ 2-83(c)(5)", str(line.count))
                       for line in received.by_provision),
                     ("Naming no provision", "§ 2-83(c)(5)", str(received.no_provision)))
    ended = (("Returned as not sworn", "§ 2-83(c)", endings.returned_unsworn),
             ("Returned as defective", "§ 2-83(d)(3)", endings.returned_defective),
             *((line.label, line.citation, line.count) for line in endings.by_disposition))
    steps = [step for step in figures.steps if step.cases]
    deadline_rows = (*_clock_rows(figures.deadlines, figures.deadlines_total,
                                  "Every clock of § 2-83"),
                     *_clock_rows(pia.clocks, pia.clocks_total,
                                  "Every clock of the Public Information Act"))
    votes = list(board.votes_by_action)
    sanctions = list(board.sanctions_by_kind)
    pia_lines = (("Received", pia.received), ("Ruled on by the Attorney General",
                                              pia.ruled_by_attorney_general),
                 ("Decided by the City Attorney", pia.decided_by_city_attorney),
                 ("Released", pia.released), ("Withheld", pia.withheld),
                 ("Withheld in part", pia.withheld_in_part), ("Closed", pia.closed))
    return (
        Part("received", "Complaints received", Bars(
            "Complaints received, by route and oath",
            (*(line.label for line in received.by_route), "Sworn", "Not sworn"),
            (("Complaints", (*(line.count for line in received.by_route), received.sworn,
                             received.not_sworn)),)),
            ("What", "Provision", "Count"), received_rows, totals=(0,)),
        Part("endings", "How cases ended", Bars(
            "Cases that ended in the period, by how",
            tuple(label for label, _citation, _count in ended),
            (("Cases", tuple(count for _label, _citation, count in ended)),)),
            ("How", "Provision", "Count"),
            (("Cases ended", "", str(endings.total)),
             *((label, citation, str(count)) for label, citation, count in ended),
             ("Campaign finance not cured, gone on to the Board", "§ 2-83(d)(2)",
              str(endings.not_cured)),
             ("Sanctions imposed", "§ 2-83(g)", str(endings.sanctions_imposed))), totals=(0,)),
        Part("steps", "Time to each step", Bars(
            "Business days from receipt to each step",
            tuple(step.label for step in steps),
            (("Median", tuple(step.median or 0 for step in steps)),
             ("90th percentile", tuple(step.p90 or 0 for step in steps)))),
            ("Step", "Provision", "Cases", "Median", "90th percentile"),
            tuple((step.label, step.citation, str(step.cases),
                   "—" if step.median is None else str(step.median),
                   "—" if step.p90 is None else str(step.p90)) for step in figures.steps)),
        Part("deadlines", "Deadlines", _clock_bars(
            "Deadlines due in the period, by how each stands",
            [tally for tally in (*figures.deadlines, *pia.clocks) if tally.due]),
            CLOCK_HEADINGS, deadline_rows,
            totals=(len(figures.deadlines), len(deadline_rows) - 1)),
        Part("board", "The Board", Bars(
            "The Ethics Review Board's votes and sanctions",
            (*(line.label for line in votes), *(line.label for line in sanctions)),
            (("Votes", (*(line.count for line in votes), *(0 for _ in sanctions))),
             ("Sanctions", (*(0 for _ in votes), *(line.count for line in sanctions)))),
            stacked=True),
            ("What", "Provision", "Count"),
            (("Meetings held (days the Board voted)", "", str(board.meetings)),
             ("Votes", "", str(board.votes)), ("Votes carried", "", str(board.votes_carried)),
             *((f"Votes: {line.label}", line.citation, str(line.count)) for line in votes),
             ("Orders to show cause", "§ 2-83(f)(2)", str(board.show_cause_orders)),
             ("Frivolous determinations", "§ 2-83(f)(6)",
              str(board.frivolous_determinations)),
             ("Sanctions imposed", "§ 2-83(g)", str(board.sanctions)),
             *((f"Sanction: {line.label}", line.citation, str(line.count))
               for line in sanctions),
             ("Civil penalties imposed", "§ 2-83(g)(2)(a)",
              f"{board.penalties_imposed} ({ENGLISH.dollars(board.penalties_imposed_cents)})"),
             ("Civil penalties paid", "§ 2-83(g)(2)(a)",
              f"{board.penalties_paid} ({ENGLISH.dollars(board.penalties_paid_cents)})"),
             ("Civil penalties waived", "§ 2-83(g)(2)(a)", str(board.penalties_waived)),
             ("Civil penalties outstanding at the period's end", "§ 2-83(g)(2)(a)",
              str(board.penalties_outstanding)))),
        Part("requests", "Records requests", Bars(
            "Public Information Act requests",
            tuple(label for label, _count in pia_lines),
            (("Requests", tuple(count for _label, count in pia_lines)),)),
            ("What", "Law", "Count"),
            tuple((label, "§ 2-83(h)(3); Gov't Code ch. 552", str(count))
                  for label, count in pia_lines), totals=(0,)),
    )


def summary(figures: OfficeStatistics) -> str:
    """The period's figures in one sentence, above the tabs."""
    style = office_style()
    total = figures.deadlines_total
    met = _share_met(total)
    return (f"From {format_date(figures.start, style)} to {format_date(figures.end, style)} "
            f"(counted on {format_date(figures.counted_on, style)}): "
            f"{figures.received.total} complaint(s) received, {figures.endings.total} ended, "
            f"{total.due} deadline(s) due — {total.met} met, {total.missed} missed"
            + (f" ({met} met on time)" if met != "—" else "")
            + f"; {figures.public_information.received} records request(s).")


class ChartPanel(QWidget):
    """A chart drawn by Qt Charts from a :class:`Bars`, in the scheme's colours."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart = QChart()
        self.chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
        self.chart.setMargins(QMargins(4, 4, 4, 4))
        self.view = QChartView(self.chart, self)
        self.view.setObjectName(name)
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the table beside it is the way in
        self.view.setMinimumSize(320, 220)
        self.bars: Bars | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)

    def show_bars(self, bars: Bars) -> None:
        """Draw ``bars``, in place of what was drawn."""
        self.bars = bars
        chart = self.chart
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
            axis.deleteLater()
        colours = palette.colours()
        text, base = QColor(colours.text), QColor(colours.base)
        chart.setBackgroundBrush(base)
        chart.setTitle(bars.title)
        chart.setTitleBrush(text)
        title_font = QFont(self.font())
        title_font.setBold(True)
        chart.setTitleFont(title_font)
        series: QAbstractBarSeries = (QHorizontalStackedBarSeries() if bars.stacked
                                      else QHorizontalBarSeries())
        # Qt draws a horizontal chart's first category at the bottom: reversed, the list
        # reads from the top as the table does.
        for index, (name, counts) in enumerate(bars.sets):
            bar_set = QBarSet(name)
            bar_set.append([float(count) for count in reversed(counts)])
            bar_set.setColor(QColor(palette.CHART_SERIES[index % len(palette.CHART_SERIES)]))
            bar_set.setBorderColor(base)
            bar_set.setLabelColor(text)
            series.append(bar_set)
        # A count at the end of each bar; a stacked bar's parts are often too thin to carry
        # theirs legibly, so there the table beside it tells them (and the legend each part).
        series.setLabelsVisible(not bars.stacked)
        series.setLabelsFormat("@value")
        series.setLabelsPosition(QAbstractBarSeries.LabelsPosition.LabelsOutsideEnd)
        chart.addSeries(series)
        categories = QBarCategoryAxis()
        categories.append([_short(name) for name in reversed(bars.categories)])
        scale = QValueAxis()
        highest = max((sum(column) if bars.stacked else max(column)
                       for column in zip(*(counts for _name, counts in bars.sets),
                                         strict=True)), default=0)
        scale.setRange(0, max(4, highest * (1 if bars.stacked else 1.12)))
        scale.setTickCount(5)
        scale.applyNiceNumbers()  # 0, 10, 20 … rather than 0, 13, 26 …
        scale.setLabelFormat("%d")
        for axis in (categories, scale):
            axis.setLabelsBrush(text)
            axis.setLinePenColor(QColor(colours.muted))
            axis.setGridLinePen(QPen(QColor(colours.weekend)))
            axis.setTruncateLabels(False)  # shortened above, whole words otherwise
        chart.addAxis(categories, Qt.AlignmentFlag.AlignLeft)
        chart.addAxis(scale, Qt.AlignmentFlag.AlignBottom)
        series.attachAxis(categories)
        series.attachAxis(scale)
        legend = chart.legend()
        legend.setVisible(len(bars.sets) > 1)
        legend.setLabelColor(text)
        legend.setAlignment(Qt.AlignmentFlag.AlignBottom)
        self.view.setAccessibleName(f"Chart: {bars.title}")
        self.view.setAccessibleDescription(bars.spoken())
        self.view.setToolTip(bars.title)

    def scheme_changed(self) -> None:
        """Draw the chart again in the desktop's new colours."""
        if self.bars is not None:
            self.show_bars(self.bars)


class PartTab(QWidget):
    """One tab: the chart, and the table of the same figures beside it."""

    def __init__(self, context: AppContext, part: Part, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"statistics_{part.key}")
        self.chart = ChartPanel(f"statisticsChart_{part.key}", self)
        self.model: RowsModel[tuple[str, ...]] = RowsModel(
            [self._column(heading, index) for index, heading in enumerate(part.headings)],
            self, bold=lambda row, _column: row[0] in self._totals)
        self._totals: set[str] = set()
        self.view = rows_view(self.model, f"statisticsTable_{part.key}", 0, self,
                              spoken=f"{part.title}: the figures", wrap=True,
                              keep_for=context)
        # A table of a few columns sits beside its chart; a wide one (the deadlines' standings)
        # under it, where it has the screen's width.
        wide = len(part.headings) > WIDE_TABLE
        splitter = QSplitter(Qt.Orientation.Vertical if wide else Qt.Orientation.Horizontal,
                             self)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(self.chart)
        splitter.addWidget(self.view)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)
        self.show_part(part)

    @staticmethod
    def _column(heading: str, index: int) -> Column[tuple[str, ...]]:
        return Column(heading, lambda row: row[index] if index < len(row) else "")

    def show_part(self, part: Part) -> None:
        """Show ``part``'s chart and rows."""
        self._totals = {part.rows[index][0] for index in part.totals}
        self.model.set_rows(part.rows)
        self.chart.show_bars(part.bars)


class StatisticsScreen(QWidget):
    """The office's figures for a chosen period: a summary line and six tabs."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("statisticsScreen")
        self.period = QComboBox(self)
        self.period.setObjectName("statisticsPeriod")
        self.choices: list[Period] = list(periods(context.today()))
        for choice in self.choices:
            self.period.addItem(choice.label, choice.key)
        self.period.addItem("Dates of my own", OWN_DATES)
        self.start = DateField(self, today=context.today)
        self.start.setObjectName("statisticsFrom")
        self.start.set_accessible_name("From (the first day)")
        self.end = DateField(self, today=context.today)
        self.end.setObjectName("statisticsTo")
        self.end.set_accessible_name("To (the last day)")
        self.show_button = QPushButton("&Show", self)
        self.show_button.setObjectName("statisticsShow")
        self.show_button.setDefault(True)
        offer(context, Act.STATISTICS, "count the office's statistics", self.show_button)
        self.report_button = QPushButton("Issue the &annual report…", self)
        self.report_button.setObjectName("statisticsAnnualReport")
        offer(context, Act.ANNUAL_REPORT, "issue the annual report", self.report_button)
        declare(None, self.period)
        chooser = QHBoxLayout()
        for text, field in (("&Period:", self.period), ("Fro&m:", self.start),
                            ("&To:", self.end)):
            label = QLabel(text, self)
            buddy(label, field)
            chooser.addWidget(label)
            chooser.addWidget(field, 2 if field is self.period else 1)
        chooser.addWidget(self.show_button)
        chooser.addWidget(self.report_button)
        self.summary = StatusLine(self)
        self.summary.setObjectName("statisticsSummary")
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName("The period's figures in short")
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("statisticsTabs")
        self.tabs.setAccessibleName("Parts of the statistics")
        self.part_tabs: dict[str, PartTab] = {}
        self.figures: OfficeStatistics | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>Statistics</b> — counts of the whole office, no names", self))
        layout.addLayout(chooser)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, 1)
        self.period.currentIndexChanged.connect(self._period_chosen)
        self.show_button.clicked.connect(self.refresh)
        self.report_button.clicked.connect(lambda: self.issue_annual_report())
        self._period_chosen()
        # The first count once the screen is up (it runs off the GUI thread, as every count).
        QTimer.singleShot(0, self.refresh)

    def chosen_period(self) -> Period | None:
        """The period of the list's choice (None: the dates of one's own)."""
        key = self.period.currentData()
        return next((choice for choice in self.choices if choice.key == key), None)

    def _period_chosen(self) -> None:
        choice = self.chosen_period()
        own = choice is None
        for field in (self.start, self.end):
            field.setEnabled(own)
        if choice is not None:
            self.start.set_date(choice.start)
            self.end.set_date(choice.end)
        elif self.isVisible():
            self.start.setFocus()

    def choose(self, key: str) -> None:
        """Choose the period ``key`` (of :func:`periods`, or :data:`OWN_DATES`)."""
        self.period.setCurrentIndex(self.period.findData(key))

    def dates(self) -> tuple[date, date]:
        """The period to count, as chosen or typed; a :class:`UserError` naming a day that is
        missing or not a date."""
        return (self.start.required("the first day"), self.end.required("the last day"))

    def refresh(self) -> None:
        """Count the chosen period (recorded by the domain) and show it."""
        if not self.context.may(Act.STATISTICS):
            return
        context = self.context
        period = attempt(self, self.dates)
        if period is FAILED:
            return
        start, end = period
        account, clock = context.signed_in, context.clock
        # Off the GUI thread: a year of a large office takes about half a second to count.
        figures = operate(self, "Counting the office's statistics", lambda: office_statistics(
            context.database, start=start, end=end, account=account, clock=clock))
        if figures is FAILED:
            return
        self.show_figures(figures)

    def show_figures(self, figures: OfficeStatistics) -> None:
        """Show ``figures`` in the summary and the tabs (built on the first count)."""
        self.figures = figures
        self.summary.setText(summary(figures))
        current = self.tabs.currentIndex()
        for part in parts(figures):
            tab = self.part_tabs.get(part.key)
            if tab is None:
                tab = PartTab(self.context, part, self.tabs)
                self.part_tabs[part.key] = tab
                self.tabs.addTab(tab, part.title)
            else:
                tab.show_part(part)
        self.tabs.setCurrentIndex(max(0, current))

    def issue_annual_report(self) -> AnnualReportDialog:
        """Open the dialog that issues the annual report, on the year the chosen period starts
        in; once issued, the summary line says so (the dialog, for a test to drive)."""
        from ethics_desk.ui.annual_report_dialog import AnnualReportDialog

        start = self.start.date()
        dialog = AnnualReportDialog(self.context, start.year if start else
                                    self.context.today().year, self)
        dialog.finished.connect(lambda _result: self._issued(dialog))
        dialog.open()
        return dialog

    def _issued(self, dialog: AnnualReportDialog) -> None:
        issued = dialog.issued
        if issued is None:
            return
        where = (f" and saved it to {dialog.saved_to}" if dialog.saved_to is not None
                 else "; it is in the record, not saved to a file")
        self.summary.setText(f"Issued the annual report for {issued.period_start.year}, "
                             f"{issued.edition.within} (report {issued.report_id}, "
                             f"{issued.page_count} page(s)){where}. {self.summary.text()}")

    def tab(self, key: str) -> PartTab:
        """The tab of the part ``key`` (shown once counted)."""
        return self.part_tabs[key]

