"""The office's annual report: a calendar year of § 2-83 in figures, as a signed PDF.

:func:`annual_figures` counts the year (:func:`ethics_desk.reports.statistics.count_in`, and
the complaints received in each month); :func:`render_report` lays it out with ReportLab —
tables, and charts drawn with ``reportlab.graphics`` (complaints received by month, how the
cases ended, the deadlines met and missed) — in the application's embedded fonts
(:mod:`ethics_desk.documents.render.fonts`), in one of two editions:

- **public** — counts only, with the small-count rule of
  :mod:`ethics_desk.reports.small_counts` applied to every table and chart and stated in the
  report itself. It names no case number, no party and no witness: the figures are counts of
  the whole office, and nothing of a case is read to make them (§ 2-83(h)(1));
- **confidential** — every count exact, for the Ethics Review Board, marked
  "Confidential — § 2-83(h)(1)" at the top of every page.

Both end with the City Clerk's signature block: the signed-in person of the City Clerk's
staff who issues it (the permission table's :data:`~ethics_desk.core.permissions.Act.ANNUAL_REPORT`).
:func:`issue_annual_report` freezes the bytes like any issued paper — an
:class:`~ethics_desk.models.OfficeReport` row with its SHA-256 and page count, and its
``report.issue`` audit record in the same transaction; :func:`issued_report` gives the stored
bytes back, refused if they no longer match their SHA-256. The period of the year still
running ends on the office's date today. No Qt here.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from enum import StrEnum
from typing import Any

from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Frame, PageTemplate, Spacer, TableStyle
from sqlalchemy import and_, case, func, select
from sqlalchemy.orm import Session, undefer

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.office_time import at_office_time, office_date
from ethics_desk.core.permissions import Act
from ethics_desk.core.words import ENGLISH
from ethics_desk.documents.issuing import page_count
from ethics_desk.documents.render import fonts
from ethics_desk.documents.render.base import DocTable, TotalsCanvas
from ethics_desk.documents.render.data import Letterhead, letterhead_from_settings, long_date
from ethics_desk.documents.render.typed import (
    BaseDocTemplate,
    Canvas,
    Flowable,
    KeepTogether,
    Paragraph,
    Table,
)
from ethics_desk.models import Complaint, OfficeReport
from ethics_desk.office import settings
from ethics_desk.reports.small_counts import (
    FEWER,
    SMALL_COUNT_RULE,
    SMALLEST_SHOWN,
    WITHHELD,
    Line,
    Shown,
    suppress,
    words,
)
from ethics_desk.reports.statistics import ClockTally, OfficeStatistics, count_in
from ethics_desk.staff.acting import service
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

KIND = "annual-report"
"""The kind of an :class:`OfficeReport` that is the annual report."""
ACTION = "report.issue"
"""The audit action of an issued report of the office."""
CONFIDENTIAL_MARK = "Confidential — § 2-83(h)(1)"
"""The marking at the top of every page of the Board's edition."""
MONTH_NAMES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
               "Dec")
FIRST_YEAR = 1900
"""The earliest year a report is made for (before it, a year is a typing mistake)."""


class Edition(StrEnum):
    """Which of the report's two versions."""

    PUBLIC = "public"
    """Counts only, small counts suppressed: for anyone."""
    CONFIDENTIAL = "confidential"
    """Every count exact: for the Ethics Review Board, § 2-83(h)(1)."""

    @property
    def label(self) -> str:
        """The edition as the report and messages name it."""
        return ("Public edition" if self is Edition.PUBLIC
                else "Confidential edition for the Ethics Review Board")

    @property
    def within(self) -> str:
        """The edition within a sentence ("…, public edition")."""
        return ("public edition" if self is Edition.PUBLIC
                else "confidential edition for the Ethics Review Board")


@dataclass(frozen=True)
class AnnualFigures:
    """What the report shows: the year's statistics and the complaints received each month."""

    year: int
    statistics: OfficeStatistics
    by_month: tuple[int, ...]
    """Complaints received in each month of the year, January first (the office's date)."""

    @property
    def year_over(self) -> bool:
        """Whether the whole year had passed when it was counted."""
        return self.statistics.end == date(self.year, 12, 31)


@dataclass(frozen=True)
class ReportPaper:
    """Everything printed: the figures, the office, the edition, who signs and when."""

    figures: AnnualFigures
    edition: Edition
    letterhead: Letterhead
    signer: str
    """The signed-in person of the City Clerk's staff who issues it (their name)."""
    made_at: datetime


@dataclass(frozen=True)
class IssuedReport:
    """An issued report as lists show it (without its bytes)."""

    report_id: int
    kind: str
    edition: Edition
    period_start: date
    period_end: date
    sha256: str
    page_count: int
    issued_at: datetime
    issued_by: str


# -- counting ------------------------------------------------------------------------------------


def _check_year(year: int, today: date) -> None:
    if year < FIRST_YEAR or year > today.year:
        raise UserError(f"There is no annual report for {year}: the office's date is "
                        f"{today.isoformat()}.",
                        f"Give a year from {FIRST_YEAR} to {today.year}.")


def _by_month(session: Session, year: int) -> tuple[int, ...]:
    """Complaints received in each month of ``year`` (the office's date of receipt), in one
    read of the year's receipts."""
    zone = settings.time_zone(session)
    firsts = [date(year, month, 1) for month in range(1, 13)] + [date(year + 1, 1, 1)]
    utc = [at_office_time(day, 0, 0, zone).astimezone(UTC) for day in firsts]
    month_of = [func.sum(case((and_(Complaint.received_at >= utc[m],
                                    Complaint.received_at < utc[m + 1]), 1), else_=0))
                for m in range(12)]
    row = session.execute(select(*month_of).where(
        Complaint.case_number.is_not(None), Complaint.received_at >= utc[0],
        Complaint.received_at < utc[12])).one()
    return tuple(int(count or 0) for count in row)


def _figures_in(session: Session, year: int, clock: Clock) -> AnnualFigures:
    today = office_date(clock(), settings.time_zone(session))
    _check_year(year, today)
    end = min(date(year, 12, 31), today)
    return AnnualFigures(year, count_in(session, date(year, 1, 1), end, clock),
                         _by_month(session, year))


@service(Act.ANNUAL_REPORT, "The office's annual report")
def annual_figures(database: Database, year: int, *, account: Account,
                   clock: Clock) -> AnnualFigures:
    """The figures of ``year`` (to the office's date today, while it runs), counted in one read;
    nothing is recorded (issuing the report is)."""
    with database.read_session() as session:
        return _figures_in(session, year, clock)


@service(Act.ANNUAL_REPORT, "The office's annual report")
def render_report(database: Database, year: int, *, edition: Edition, account: Account,
                  clock: Clock) -> bytes:
    """The report of ``year`` in ``edition`` as PDF bytes, signed by ``account``, as it would be
    issued now (nothing is kept: :func:`issue_annual_report` keeps it)."""
    with database.read_session() as session:
        paper = _paper(session, year, edition, account, clock)
    return report_pdf(paper)


def _paper(session: Session, year: int, edition: Edition, account: Account,
           clock: Clock) -> ReportPaper:
    return ReportPaper(_figures_in(session, year, clock), edition,
                       letterhead_from_settings(session), account.name, clock())


@service(Act.ANNUAL_REPORT, "Issuing the office's annual report")
def issue_annual_report(database: Database, year: int, *, edition: Edition, account: Account,
                        clock: Clock) -> tuple[IssuedReport, bytes]:
    """Count ``year``, render the report in ``edition`` signed by ``account`` and freeze it: its
    bytes, SHA-256 and pages kept as an :class:`OfficeReport`, with its ``report.issue`` audit
    record, in one transaction. The counting and the layout are done in a read beforehand, so
    no other desk waits on them. Returns the record and the bytes issued."""
    with database.read_session() as session:  # counted and laid out before the writer waits
        paper = _paper(session, year, edition, account, clock)
    pdf = report_pdf(paper)
    sha, pages = hashlib.sha256(pdf).hexdigest(), page_count(pdf)
    statistics = paper.figures.statistics

    def act(session: Session) -> IssuedReport:
        row = OfficeReport(kind=KIND, edition=edition.value, period_start=statistics.start,
                           period_end=statistics.end, content=pdf, sha256=sha, page_count=pages,
                           issued_at=paper.made_at, issued_by=account.display)
        session.add(row)
        session.flush()
        audit.append(session, actor=account.display, action=ACTION, at=paper.made_at,
                     summary=f"Issued the annual report for {year}, {edition.within} "
                             f"({pages} page{'s' if pages != 1 else ''}, SHA-256 {sha[:12]}…)",
                     detail={"report_id": row.id, "kind": KIND, "edition": edition.value,
                             "year": year, "start": statistics.start.isoformat(),
                             "end": statistics.end.isoformat(), "sha256": sha,
                             "page_count": pages, "size": len(pdf)})
        return _issued(row)

    return database.write(act), pdf


def _issued(row: OfficeReport) -> IssuedReport:
    return IssuedReport(row.id, row.kind, Edition(row.edition), row.period_start, row.period_end,
                        row.sha256, row.page_count, row.issued_at, row.issued_by)


@service(Act.ANNUAL_REPORT, "The office's issued reports")
def issued_reports(database: Database, *, account: Account) -> list[IssuedReport]:
    """Every report of the office issued, oldest first."""
    with database.read_session() as session:
        return [_issued(row) for row in session.scalars(
            select(OfficeReport).order_by(OfficeReport.id))]


@service(Act.ANNUAL_REPORT, "An issued report of the office")
def issued_report(database: Database, report_id: int, *, account: Account) -> bytes:
    """The exact bytes of an issued report, checked against their SHA-256."""
    with database.read_session() as session:
        row = session.get(OfficeReport, report_id, options=[undefer(OfficeReport.content)])
        if row is None:
            raise UserError(f"There is no issued report with id {report_id}.",
                            "List the issued reports and give one of their ids.")
        if hashlib.sha256(row.content).hexdigest() != row.sha256:
            raise StorageError(f"The issued report {report_id} no longer matches its SHA-256.",
                               "Run ethics-desk check and tell the Administrator.")
        return bytes(row.content)


# -- what each cell shows ------------------------------------------------------------------------


class _Cells:
    """The counts of one table or chart and how each is shown in the edition: exact in the
    Board's, through :func:`~ethics_desk.reports.small_counts.suppress` in the public one."""

    def __init__(self, edition: Edition, counts: dict[str, int],
                 lines: Sequence[Line] = ()) -> None:
        self.counts = counts
        self.shown = (suppress(counts, lines) if edition is Edition.PUBLIC
                      else dict.fromkeys(counts, Shown.EXACT))

    def text(self, key: str) -> str:
        """The cell as printed."""
        return words(self.counts[key], self.shown[key])

    def hidden(self, key: str) -> bool:
        """Whether the cell is not shown as it is."""
        return self.shown[key] is not Shown.EXACT

    def height(self, key: str) -> int:
        """The cell as a chart draws it: nought when hidden (its label says why)."""
        return 0 if self.hidden(key) else self.counts[key]


# -- the layout ----------------------------------------------------------------------------------

_GREY = colors.Color(0.35, 0.35, 0.35)
_RULE = colors.Color(0.7, 0.7, 0.7)
_BARS = (colors.Color(0.18, 0.33, 0.55), colors.Color(0.75, 0.36, 0.2),
         colors.Color(0.55, 0.55, 0.55))
_MARGIN = 0.9 * inch
_WIDTH = LETTER[0] - 2 * _MARGIN


def _styles() -> dict[str, ParagraphStyle]:
    fonts.register_fonts()
    body = ParagraphStyle("Body", fontName=fonts.REGULAR, fontSize=9.5, leading=12.5,
                          spaceAfter=5)
    return {
        "Body": body,
        "Title": ParagraphStyle("Title", fontName=fonts.BOLD, fontSize=17, leading=21,
                                spaceAfter=4),
        "Subtitle": ParagraphStyle("Subtitle", parent=body, textColor=_GREY, fontSize=10.5,
                                   leading=14, spaceAfter=10),
        "Heading": ParagraphStyle("Heading", fontName=fonts.BOLD, fontSize=12, leading=15,
                                  spaceBefore=10, spaceAfter=4, keepWithNext=1),
        "Cell": ParagraphStyle("Cell", fontName=fonts.REGULAR, fontSize=8.5, leading=10.5),
        "CellBold": ParagraphStyle("CellBold", fontName=fonts.BOLD, fontSize=8.5, leading=10.5),
        "CellSmall": ParagraphStyle("CellSmall", fontName=fonts.REGULAR, fontSize=7.5,
                                    leading=9.5),
        "CellSmallBold": ParagraphStyle("CellSmallBold", fontName=fonts.BOLD, fontSize=7.5,
                                        leading=9.5),
        "Rule": ParagraphStyle("Rule", parent=body, fontSize=9, leading=12, borderWidth=0.8,
                               borderColor=colors.black, borderPadding=6, spaceBefore=6,
                               spaceAfter=12),
        "Small": ParagraphStyle("Small", parent=body, fontSize=8, leading=10, textColor=_GREY),
    }


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(fonts.markup(text), style)


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float],
           styles: dict[str, ParagraphStyle], *, total_last: bool = False,
           small: bool = False) -> Table:
    cell, bold = ((styles["CellSmall"], styles["CellSmallBold"]) if small
                  else (styles["Cell"], styles["CellBold"]))
    body = [[_p(text, bold) for text in head]]
    for number, row in enumerate(rows, start=1):
        style = bold if total_last and number == len(rows) else cell
        body.append([_p(text, style) for text in row])
    table = DocTable(body, colWidths=list(widths), repeatRows=1, hAlign="LEFT")
    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, _RULE),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
    ]
    if total_last:
        commands.append(("LINEABOVE", (0, -1), (-1, -1), 0.8, colors.black))
    table.setStyle(TableStyle(commands))
    table.spaceAfter = 8
    return table


def _two_columns(rows: Sequence[tuple[str, str]], styles: dict[str, ParagraphStyle],
                 head: tuple[str, str], *, total_last: bool = False) -> Table:
    return _table(head, rows, (_WIDTH - 1.3 * inch, 1.3 * inch), styles, total_last=total_last)


def _drawing(width: float, height: float) -> Drawing:
    """A chart's drawing that starts in the embedded font: ReportLab's graphics would begin
    each in Helvetica, which is not embedded and lacks many letters."""
    drawing = Drawing(width, height)
    drawing.initialFontName = fonts.REGULAR
    return drawing


def _bar_label(cells: _Cells, key: str) -> str:
    if not cells.hidden(key):
        return f"{cells.counts[key]:,}"
    return f"<{SMALLEST_SHOWN}" if cells.shown[key] is Shown.SMALL else "w/h"


def _months_chart(figures: AnnualFigures, edition: Edition) -> Drawing:
    keys = [f"m{month}" for month in range(12)]
    cells = _Cells(edition, {"total": figures.statistics.received.total,
                             **dict(zip(keys, figures.by_month, strict=True))},
                   [Line("total", tuple(keys))])
    drawing = _drawing(_WIDTH, 2.1 * inch)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 30, 22, _WIDTH - 40, 1.6 * inch
    chart.data = [[cells.height(key) for key in keys]]
    chart.bars[0].fillColor = _BARS[0]
    chart.bars.strokeWidth = 0
    chart.barLabelArray = [[_bar_label(cells, key) for key in keys]]
    chart.barLabelFormat = "values"
    chart.barLabels.fontName, chart.barLabels.fontSize = fonts.REGULAR, 7
    chart.barLabels.nudge = 6
    chart.categoryAxis.categoryNames = list(MONTH_NAMES)
    chart.categoryAxis.labels.fontName, chart.categoryAxis.labels.fontSize = fonts.REGULAR, 7.5
    chart.valueAxis.labels.fontName, chart.valueAxis.labels.fontSize = fonts.REGULAR, 7
    chart.valueAxis.valueMin = 0
    chart.valueAxis.forceZero = 1
    if max(chart.data[0]) < SMALLEST_SHOWN:
        chart.valueAxis.valueMax = SMALLEST_SHOWN
        chart.valueAxis.valueStep = 1
    drawing.add(chart)
    drawing.add(String(0, 2.0 * inch, "Complaints received, by month of receipt",
                       fontName=fonts.BOLD, fontSize=8.5))
    return drawing


def _ending_counts(statistics: OfficeStatistics) -> tuple[list[tuple[str, str, int]], Line]:
    endings = statistics.endings
    rows = [("returned_unsworn", "Returned as not sworn (§ 2-83(c))", endings.returned_unsworn),
            ("returned_defective", "Returned as defective (§ 2-83(d)(3))",
             endings.returned_defective)]
    rows += [(f"disposition_{line.key}", f"Resolved: {line.label} ({line.citation})",
              line.count) for line in endings.by_disposition]
    return rows, Line("ended", tuple(key for key, _label, _count in rows))


def _endings_chart(rows: list[tuple[str, str, int]], cells: _Cells) -> Drawing:
    height = 0.3 * inch * len(rows) + 0.5 * inch
    drawing = _drawing(_WIDTH, height)
    chart = HorizontalBarChart()
    chart.x, chart.y = 2.6 * inch, 10
    chart.width, chart.height = _WIDTH - 2.6 * inch - 30, height - 0.45 * inch
    ordered = list(reversed(rows))  # the first row at the top
    chart.data = [[cells.height(key) for key, _label, _count in ordered]]
    chart.bars[0].fillColor = _BARS[1]
    chart.bars.strokeWidth = 0
    chart.barLabelArray = [[_bar_label(cells, key) for key, _label, _count in ordered]]
    chart.barLabelFormat = "values"
    chart.barLabels.fontName, chart.barLabels.fontSize = fonts.REGULAR, 7
    chart.barLabels.boxAnchor = "w"
    chart.barLabels.dx = 4
    chart.categoryAxis.categoryNames = [_short(label) for _key, label, _count in ordered]
    chart.categoryAxis.labels.fontName, chart.categoryAxis.labels.fontSize = fonts.REGULAR, 7
    chart.categoryAxis.labels.boxAnchor = "e"
    chart.valueAxis.labels.fontName, chart.valueAxis.labels.fontSize = fonts.REGULAR, 7
    chart.valueAxis.valueMin = 0
    chart.valueAxis.forceZero = 1
    if max(chart.data[0], default=0) < SMALLEST_SHOWN:
        chart.valueAxis.valueMax = SMALLEST_SHOWN
        chart.valueAxis.valueStep = 1
    drawing.add(chart)
    drawing.add(String(0, height - 10, "How the cases ended", fontName=fonts.BOLD,
                       fontSize=8.5))
    return drawing


def _clipped(label: str, most: int = 44) -> str:
    """A long label cut to fit beside a chart (the table below gives it whole)."""
    return label if len(label) <= most else label[:most - 1].rstrip() + "…"


def _short(label: str) -> str:
    """A label for a chart's axis: without its citation."""
    return label.split(" (§")[0]


_CLOCK_COLUMNS = ("met", "missed", "open_past_due", "open_not_yet_due", "cancelled")
_CLOCK_HEAD = ("Met", "Missed", "Open, late", "Open", "Cancelled")


def _clock_cells(edition: Edition, tallies: Sequence[ClockTally],
                 total: ClockTally) -> _Cells:
    """The clocks' table: each row adds up to its due, each column to the total row."""
    counts: dict[str, int] = {}
    lines: list[Line] = []
    rows = [*tallies, total]
    for tally in rows:
        counts[f"{tally.key}.due"] = tally.due
        counts[f"{tally.key}.moved"] = tally.moved_by_closures
        for column in _CLOCK_COLUMNS:
            counts[f"{tally.key}.{column}"] = getattr(tally, column)
        lines.append(Line(f"{tally.key}.due",
                          tuple(f"{tally.key}.{column}" for column in _CLOCK_COLUMNS)))
    for column in ("due", "moved", *_CLOCK_COLUMNS):
        lines.append(Line(f"{total.key}.{column}",
                          tuple(f"{tally.key}.{column}" for tally in tallies)))
    return _Cells(edition, counts, lines)


def _clock_table(title: str, tallies: Sequence[ClockTally], total: ClockTally,
                 edition: Edition, styles: dict[str, ParagraphStyle]) -> Table:
    due = [tally for tally in tallies if tally.due or tally.moved_by_closures]
    cells = _clock_cells(edition, due, total)
    rows = []
    for tally in [*due, total]:
        cited = f" ({tally.citation})" if tally.citation else ""
        rows.append([f"{tally.label}{cited}", cells.text(f"{tally.key}.due"),
                     *(cells.text(f"{tally.key}.{column}") for column in _CLOCK_COLUMNS),
                     cells.text(f"{tally.key}.moved")])
    narrow = 0.74 * inch
    return _table((title, "Due", *_CLOCK_HEAD, "Moved"), rows,
                  (_WIDTH - 7 * narrow, *([narrow] * 7)), styles, total_last=True, small=True)


def _deadlines_chart(tallies: Sequence[ClockTally], total: ClockTally,
                     edition: Edition) -> Drawing | None:
    due = [tally for tally in tallies if tally.due]
    if not due:
        return None
    cells = _clock_cells(edition, due, total)
    height = 0.42 * inch * len(due) + 0.75 * inch
    drawing = _drawing(_WIDTH, height)
    chart = HorizontalBarChart()
    chart.x, chart.y = 2.6 * inch, 24
    chart.width, chart.height = _WIDTH - 2.6 * inch - 30, height - 0.75 * inch
    ordered = list(reversed(due))
    columns = ("met", "missed")
    chart.data = [[cells.height(f"{tally.key}.{column}") for tally in ordered]
                  for column in columns]
    chart.barLabelArray = [[_bar_label(cells, f"{tally.key}.{column}") for tally in ordered]
                           for column in columns]
    chart.barLabelFormat = "values"
    chart.barLabels.fontName, chart.barLabels.fontSize = fonts.REGULAR, 6.5
    chart.barLabels.boxAnchor = "w"
    chart.barLabels.dx = 3
    for number in range(len(columns)):
        chart.bars[number].fillColor = _BARS[number]
    chart.bars.strokeWidth = 0
    chart.categoryAxis.categoryNames = [_clipped(tally.label) for tally in ordered]
    chart.categoryAxis.labels.fontName, chart.categoryAxis.labels.fontSize = fonts.REGULAR, 7
    chart.categoryAxis.labels.boxAnchor = "e"
    chart.valueAxis.labels.fontName, chart.valueAxis.labels.fontSize = fonts.REGULAR, 7
    chart.valueAxis.valueMin = 0
    chart.valueAxis.forceZero = 1
    if max((max(row, default=0) for row in chart.data), default=0) < SMALLEST_SHOWN:
        chart.valueAxis.valueMax = SMALLEST_SHOWN
        chart.valueAxis.valueStep = 1
    drawing.add(chart)
    legend = Legend()
    legend.x, legend.y = 2.6 * inch, 8
    legend.alignment = "right"
    legend.columnMaximum = 1
    legend.fontName, legend.fontSize = fonts.REGULAR, 7
    legend.colorNamePairs = [(_BARS[0], "Met"), (_BARS[1], "Missed")]
    drawing.add(legend)
    drawing.add(String(0, height - 10, "Deadlines due in the period: met and missed",
                       fontName=fonts.BOLD, fontSize=8.5))
    return drawing



def _story(paper: ReportPaper, styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    figures, edition = paper.figures, paper.edition
    statistics = figures.statistics
    received, endings, board = statistics.received, statistics.endings, statistics.board
    pia = statistics.public_information
    zone = paper.letterhead.zone
    body = styles["Body"]
    story: list[Flowable] = [
        _p(f"{paper.letterhead.city.upper()} · {paper.letterhead.office_name}", styles["Small"]),
        _p(f"Annual Report {figures.year}: Ethics Complaints under City Code § 2-83",
           styles["Title"]),
        _p(f"{edition.label}. The period {long_date(statistics.start)} to "
           f"{long_date(statistics.end)}, counted on {long_date(statistics.counted_on)}.",
           styles["Subtitle"]),
        _p("The City Clerk receives the sworn ethics complaints of City Code § 2-83, forwards "
           "them for review and to the Ethics Review Board, and keeps their deadlines. This "
           "report counts that work for the year: the complaints received, how the cases "
           "ended, the City's business days from receipt to each step, the deadlines due, the "
           "Board's acts and the requests under the Public Information Act. It gives counts "
           "of the whole office only.", body),
    ]
    if not figures.year_over:
        story.append(_p(f"The year is not over: the figures run to "
                        f"{long_date(statistics.end)}.", body))
    if edition is Edition.PUBLIC:
        story.append(_p(f"It names no complaint, no party and no witness: § 2-83(h)(1) keeps "
                        f"a complaint confidential while it is pending. {SMALL_COUNT_RULE}",
                        styles["Rule"]))
    else:
        story.append(_p(f"{CONFIDENTIAL_MARK}. This edition gives every count exactly, for "
                        "the Ethics Review Board. Small counts can point at complaints still "
                        "pending; do not publish it or copy from it. The public edition states "
                        "the same figures with the small counts suppressed.", styles["Rule"]))

    # Received
    route_keys = tuple(line.key for line in received.by_route)
    received_cells = _Cells(edition, {
        "total": received.total, "sworn": received.sworn, "not_sworn": received.not_sworn,
        **{f"route.{line.key}": line.count for line in received.by_route},
        **{f"provision.{line.key}": line.count for line in received.by_provision},
        "no_provision": received.no_provision},
        [Line("total", tuple(f"route.{key}" for key in route_keys)),
         Line("total", ("sworn", "not_sworn"))])
    story.append(_p("1. Complaints received (§ 2-83(c))", styles["Heading"]))
    story.append(_months_chart(figures, edition))
    if edition is Edition.PUBLIC:
        story.append(_p(f"In the charts, “<{SMALLEST_SHOWN}” marks a count {FEWER} and "
                        f"“w/h” one {WITHHELD}, each drawn as nought (the rule above).",
                        styles["Small"]))
    story.append(Spacer(0, 6))
    rows = [(f"{line.label} ({line.citation})" if line.citation else line.label,
             received_cells.text(f"route.{line.key}")) for line in received.by_route]
    rows += [("Sworn (§ 2-83(c))", received_cells.text("sworn")),
             ("Not sworn, returned (§ 2-83(c), last paragraph)",
              received_cells.text("not_sworn")),
             ("Complaints received", received_cells.text("total"))]
    story.append(_two_columns(rows, styles, ("By route and oath", "Complaints"),
                              total_last=True))
    rows = [(line.label, received_cells.text(f"provision.{line.key}"))
            for line in received.by_provision]
    rows.append(("No provision named (§ 2-83(c)(5))", received_cells.text("no_provision")))
    story.append(_two_columns(rows, styles, ("Provisions alleged (§ 2-83(c)(5)); a complaint "
                                             "alleging two is counted under both",
                                             "Complaints")))

    # Endings
    ending_rows, ending_line = _ending_counts(statistics)
    ending_cells = _Cells(edition, {"ended": endings.total, "not_cured": endings.not_cured,
                                    "sanctions": endings.sanctions_imposed,
                                    **{key: count for key, _label, count in ending_rows}},
                          [ending_line])
    story.append(KeepTogether([_p("2. How the cases ended", styles["Heading"]),
                               _endings_chart(ending_rows, ending_cells)]))
    story.append(Spacer(0, 6))
    rows = [(label, ending_cells.text(key)) for key, label, _count in ending_rows]
    rows.append(("Cases ended", ending_cells.text("ended")))
    story.append(_two_columns(rows, styles, ("Ended in the period", "Cases"), total_last=True))
    story.append(_two_columns(
        [("Campaign finance not cured, gone on to the Board (§ 2-83(d)(2))",
          ending_cells.text("not_cured"))], styles, ("Not an ending", "Cases")))

    # Steps
    story.append(_p("3. Time from receipt to each step", styles["Heading"]))
    story.append(_p("The City's business days from a complaint's receipt to each statutory "
                    "step taken in the period (the calendar the deadlines count on): the "
                    "median and the 90th percentile, over the cases that took the step.",
                    body))
    step_cells = _Cells(edition, {step.key: step.cases for step in statistics.steps})
    step_rows: list[tuple[str, ...]] = []
    for step in statistics.steps:
        timed = step.cases and not (edition is Edition.PUBLIC and step.cases < SMALLEST_SHOWN)
        median = str(step.median) if timed and step.median is not None else (
            WITHHELD if step.cases else "—")
        p90 = str(step.p90) if timed and step.p90 is not None else (
            WITHHELD if step.cases else "—")
        step_rows.append((f"{step.label} ({step.citation})", step_cells.text(step.key), median,
                          p90))
    story.append(_table(("Step", "Cases", "Median", "90th percentile"), step_rows,
                        (_WIDTH - 3.0 * inch, 1.0 * inch, 0.9 * inch, 1.1 * inch), styles))

    # Deadlines
    opening: list[Flowable] = [
        _p("4. Deadlines due in the period", styles["Heading"]),
        _p("Each clock of § 2-83 due on a day of the period, by how it stands: met, missed, "
           "still open — late (past due on the day counted) or not yet due — or cancelled; and "
           "those a closure of the offices or a Fiesta day moved.", body)]
    chart = _deadlines_chart(statistics.deadlines, statistics.deadlines_total, edition)
    if chart is not None:
        opening += [chart, Spacer(0, 6)]
    story.append(KeepTogether(opening))  # the heading never alone at the foot of a page
    story.append(_clock_table("Clock", statistics.deadlines, statistics.deadlines_total,
                              edition, styles))

    # The Board
    action_keys = tuple(f"vote.{line.key}" for line in board.votes_by_action)
    sanction_keys = tuple(f"sanction.{line.key}" for line in board.sanctions_by_kind)
    board_cells = _Cells(edition, {
        "meetings": board.meetings, "votes": board.votes, "carried": board.votes_carried,
        **{f"vote.{line.key}": line.count for line in board.votes_by_action},
        "orders": board.show_cause_orders, "frivolous": board.frivolous_determinations,
        "sanctions": board.sanctions,
        **{f"sanction.{line.key}": line.count for line in board.sanctions_by_kind},
        "imposed": board.penalties_imposed, "paid": board.penalties_paid,
        "waived": board.penalties_waived, "outstanding": board.penalties_outstanding},
        [Line("votes", action_keys), Line("sanctions", sanction_keys)])

    def amount(key: str, cents: int) -> str:
        count = board_cells.counts[key]
        if edition is Edition.PUBLIC and (board_cells.hidden(key) or count < SMALLEST_SHOWN):
            return WITHHELD if count else ENGLISH.dollars(0)
        return ENGLISH.dollars(cents)

    story.append(_p("5. The Ethics Review Board (§ 2-83(d)(4), (f), (g))", styles["Heading"]))
    rows = [("Meetings held (days the Board voted)", board_cells.text("meetings")),
            ("Votes taken", board_cells.text("votes")),
            ("Votes carried", board_cells.text("carried"))]
    rows += [(f"Votes: {line.label} ({line.citation})", board_cells.text(f"vote.{line.key}"))
             for line in board.votes_by_action]
    rows += [("Orders to show cause (§ 2-83(f)(2))", board_cells.text("orders")),
             ("Frivolous determinations (§ 2-83(f)(6))", board_cells.text("frivolous")),
             ("Sanctions imposed (§ 2-83(g))", board_cells.text("sanctions"))]
    rows += [(f"Sanctions: {line.label} ({line.citation})",
              board_cells.text(f"sanction.{line.key}")) for line in board.sanctions_by_kind]
    story.append(_two_columns(rows, styles, ("The Board's acts", "Count")))
    story.append(_table(("Civil penalties (§ 2-83(g)(2)(a))", "Count", "Amount"), [
        ("Imposed", board_cells.text("imposed"),
         amount("imposed", board.penalties_imposed_cents)),
        ("Paid", board_cells.text("paid"), amount("paid", board.penalties_paid_cents)),
        ("Waived", board_cells.text("waived"), ""),
        (f"Outstanding at {long_date(statistics.end)}", board_cells.text("outstanding"), "")],
        (_WIDTH - 2.6 * inch, 1.0 * inch, 1.6 * inch), styles))

    # Public Information Act
    pia_cells = _Cells(edition, {
        "received": pia.received, "attorney_general": pia.ruled_by_attorney_general,
        "city_attorney": pia.decided_by_city_attorney, "released": pia.released,
        "withheld": pia.withheld, "withheld_in_part": pia.withheld_in_part,
        "closed": pia.closed})
    story.append(_p("6. Public Information Act requests (§ 2-83(h)(3); Gov't Code ch. 552)",
                    styles["Heading"]))
    story.append(_two_columns([
        ("Requests received", pia_cells.text("received")),
        ("Ruled on by the Attorney General", pia_cells.text("attorney_general")),
        ("Decided by the City Attorney", pia_cells.text("city_attorney")),
        ("Released", pia_cells.text("released")),
        ("Withheld", pia_cells.text("withheld")),
        ("Withheld in part", pia_cells.text("withheld_in_part")),
        ("Closed", pia_cells.text("closed"))], styles, ("Requests", "Count")))
    story.append(_clock_table("The requests' clocks", pia.clocks, pia.clocks_total, edition,
                              styles))

    # Signature
    letterhead = paper.letterhead
    title_lines = [_signer_title(paper.signer, letterhead)]
    story.append(KeepTogether([
        Spacer(0, 14),
        _p(f"Submitted to the Ethics Review Board and the City Council on "
           f"{long_date(office_date(paper.made_at, zone))}.", body),
        Spacer(0, 0.45 * inch),
        _SignatureRule(),
        Paragraph("<br/>".join(fonts.markup(line) for line in (
            paper.signer, *title_lines, letterhead.office_name)), body),
    ]))
    return story


def _signer_title(signer: str, letterhead: Letterhead) -> str:
    """The title under the signer's name: the City Clerk's own, or the staff's for the Clerk."""
    title, clerk = letterhead.signatory_title.strip(), letterhead.signatory.strip()
    if signer.strip() == clerk:
        return title
    if clerk and clerk != title:
        return f"City Clerk's staff, for {clerk}, {title}"
    return f"City Clerk's staff, for the {title}"


class _SignatureRule(Flowable):
    """The line the City Clerk signs on."""

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """Three inches wide, a line's height."""
        return 3.0 * inch, 6

    def draw(self) -> None:
        """The rule."""
        self.canv.setLineWidth(0.6)
        self.canv.line(0, 4, 3.0 * inch, 4)


def report_pdf(paper: ReportPaper) -> bytes:
    """The report as PDF bytes (the same bytes for the same paper)."""
    styles = _styles()
    buffer = io.BytesIO()
    confidential = paper.edition is Edition.CONFIDENTIAL
    title = f"Annual Report {paper.figures.year}"
    doc = BaseDocTemplate(buffer, pagesize=LETTER, leftMargin=_MARGIN, rightMargin=_MARGIN,
                          topMargin=0.95 * inch, bottomMargin=0.8 * inch, invariant=1,
                          initialFontName=fonts.REGULAR,
                          title=f"{title} ({paper.edition.label})",
                          author=paper.letterhead.office_name, creator="Ethics Desk",
                          producer="Ethics Desk")

    def on_page(canvas: Canvas, _doc: Any) -> None:
        canvas.saveState()
        if confidential:
            text = CONFIDENTIAL_MARK
            width = canvas.stringWidth(text, fonts.BOLD, 9) + 14
            top = LETTER[1] - 0.45 * inch
            canvas.setLineWidth(0.9)
            canvas.rect((LETTER[0] - width) / 2, top - 4, width, 16, stroke=1, fill=0)
            fonts.draw_centred(canvas, LETTER[0] / 2, top, text, fonts.BOLD, 9)
        canvas.setStrokeColor(_GREY)
        canvas.setLineWidth(0.5)
        canvas.line(_MARGIN, 0.65 * inch, LETTER[0] - _MARGIN, 0.65 * inch)
        canvas.restoreState()

    def footer(canvas: Canvas, number: int, total: int) -> None:
        canvas.saveState()
        canvas.setFillColor(_GREY)
        canvas.setFont(fonts.REGULAR, 7.5)
        canvas.drawString(_MARGIN, 0.5 * inch, f"{title} · {paper.edition.label} · "
                                               f"{paper.letterhead.office_name}")
        canvas.drawRightString(LETTER[0] - _MARGIN, 0.5 * inch, f"Page {number} of {total}")
        canvas.restoreState()

    frame = Frame(_MARGIN, 0.8 * inch, _WIDTH, LETTER[1] - 1.75 * inch, leftPadding=0,
                  rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=on_page)])

    def canvasmaker(*args: Any, **kwargs: Any) -> Canvas:
        return TotalsCanvas(*args, draw_total=footer, **kwargs)

    doc.build(_story(paper, styles), canvasmaker=canvasmaker)
    return buffer.getvalue()
