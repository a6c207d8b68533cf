"""The Records officer's paper: the disposal list of a day and the log of destruction — a
record of the records eligible for disposal, those held and why, and every case destroyed,
what of it and under which authority, with a line for the Records officer to sign.

Like every document it takes resolved data only (:class:`RetentionPaper`, built by
:func:`ethics_desk.retention.certificate.retention_paper`); its wording is
``resources/templates/retention-certificate.txt``. It names case numbers and dates, never a
case's content (only resolved cases are ever eligible, § 2-83(h)(1)).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, TableStyle

from ethics_desk.documents.render.base import (
    MARGIN_LEFT,
    MARGIN_RIGHT,
    PAGE_WIDTH,
    DocTable,
    Renderer,
    Wording,
    signature_line,
)
from ethics_desk.documents.render.data import Letterhead, long_date, long_datetime
from ethics_desk.documents.render.fonts import markup
from ethics_desk.documents.render.typed import Flowable, KeepTogether

WIDTH = PAGE_WIDTH - MARGIN_LEFT - MARGIN_RIGHT


@dataclass(frozen=True)
class SeriesLine:
    """A record series with the office's period."""

    code: str
    title: str
    period: str
    minimum: str


@dataclass(frozen=True)
class ListedCase:
    """A case on the disposal list: its number, dates, and why it is held ("" when not)."""

    case_number: str
    resolved_on: date
    eligible_on: date
    held_because: str = ""


@dataclass(frozen=True)
class DestroyedCase:
    """One entry of the disposal log."""

    case_number: str
    series: str
    resolved_on: date
    disposed_at: datetime
    disposed_by: str
    destroyed: str
    authority: str
    kept: str


@dataclass(frozen=True)
class RetentionPaper:
    """The list of a day and the log: the office, when and by whom it was made."""

    letterhead: Letterhead
    list_day: date
    produced_at: datetime
    produced_by: str
    series: tuple[SeriesLine, ...]
    eligible: tuple[ListedCase, ...]
    held: tuple[ListedCase, ...]
    log: tuple[DestroyedCase, ...]
    case_number: str = ""
    """No single case: the paper lists many."""
    record_anchor: tuple[int, str] | None = None
    """The record's journal head when the paper was made, printed so that a later
    ``ethics-desk check --anchor`` proves the record still holds what it lists."""


class RetentionCertificateRenderer(Renderer[RetentionPaper]):
    """Kind ``retention-certificate``: the disposal list and the log of destruction."""

    template_name = "retention-certificate"
    required_sections = ("title", "intro", "series-heading", "eligible-heading", "no-eligible",
                         "held-heading", "no-held", "log-heading", "no-log", "certification")

    def values(self, data: RetentionPaper) -> dict[str, str | None]:
        """The day of the list, who made the paper and when, the counts."""
        return {"list_day": long_date(data.list_day),
                "produced_at": long_datetime(data.produced_at, data.letterhead.zone),
                "produced_by": data.produced_by or None,
                "eligible_count": str(len(data.eligible)),
                "held_count": str(len(data.held)),
                "destroyed_count": str(len(data.log))}

    def story(self, data: RetentionPaper, wording: Wording) -> list[Flowable]:
        """Title, the series, the eligible and held cases, the log, the certification."""
        cell, small = self.styles["Cell"], self.styles["CellSmall"]
        story: list[Flowable] = [Paragraph(wording.text("title"), self.styles["Title"]),
                                 *wording.flowables("intro"), *wording.flowables("series-heading")]
        story.append(_ruled([_head(("Series", "Title", "The office's period", "State minimum"),
                                   small),
                             *([Paragraph(markup(s.code), cell), Paragraph(markup(s.title), cell),
                                Paragraph(markup(s.period), cell),
                                Paragraph(markup(s.minimum), cell)] for s in data.series)],
                            [1.0 * inch, 1.9 * inch, 2.6 * inch, WIDTH - 5.5 * inch]))
        story += wording.flowables("eligible-heading")
        if data.eligible:
            story.append(_ruled([_head(("Case", "Resolved", "Eligible since"), small),
                                 *([Paragraph(markup(c.case_number), cell),
                                    Paragraph(c.resolved_on.isoformat(), cell),
                                    Paragraph(c.eligible_on.isoformat(), cell)]
                                   for c in data.eligible)],
                                [1.6 * inch, 1.4 * inch, WIDTH - 3.0 * inch]))
        else:
            story += wording.flowables("no-eligible")
        story += wording.flowables("held-heading")
        if data.held:
            story.append(_ruled([_head(("Case", "Resolved", "Eligible", "Held by"), small),
                                 *([Paragraph(markup(c.case_number), cell),
                                    Paragraph(c.resolved_on.isoformat(), cell),
                                    Paragraph(c.eligible_on.isoformat(), cell),
                                    Paragraph(markup(c.held_because), cell)]
                                   for c in data.held)],
                                [1.3 * inch, 0.9 * inch, 0.9 * inch, WIDTH - 3.1 * inch]))
        else:
            story += wording.flowables("no-held")
        story += wording.flowables("log-heading")
        zone = data.letterhead.zone
        if data.log:
            story.append(_ruled([_head(("Case and series", "Destroyed", "What was destroyed"),
                                       small),
                                 *([Paragraph(f"<b>{markup(d.case_number)}</b><br/>"
                                              f"{markup(d.series)}<br/>resolved "
                                              f"{d.resolved_on.isoformat()}", cell),
                                    Paragraph(markup(f"{long_datetime(d.disposed_at, zone)}, by "
                                                     f"{d.disposed_by}"), cell),
                                    Paragraph(markup(d.destroyed) + "<br/><i>Kept: "
                                              + markup(d.kept) + "</i><br/>Authority: "
                                              + markup(d.authority), small)]
                                   for d in data.log)],
                                [1.5 * inch, 1.6 * inch, WIDTH - 3.1 * inch]))
        else:
            story += wording.flowables("no-log")
        closing: list[Flowable] = [*wording.flowables("certification")]
        if data.record_anchor is not None:
            seq, mac = data.record_anchor
            closing.append(Paragraph(
                f"Record anchor: journal record {seq}, MAC {mac[:16]} (ethics-desk check "
                f"--anchor {seq}:{mac[:16]}).", small))
        closing.append(signature_line(f"{markup(data.produced_by or 'Records officer')}, "
                                      "Records officer — signature and date", self.styles))
        return [*story, KeepTogether(closing)]


def _head(titles: tuple[str, ...], style: Any) -> list[Any]:
    return [Paragraph(f"<b>{t}</b>", style) for t in titles]


def _ruled(rows: list[list[Any]], widths: list[float]) -> DocTable:
    table = DocTable(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, colors.Color(0.7, 0.7, 0.7)),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    table.spaceAfter = 6
    return table
