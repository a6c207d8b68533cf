"""The Board packet: one PDF for a meeting — a cover page with the agenda, then a summary sheet
for each case — marked CONFIDENTIAL under § 2-83(h) on every page, with "Page x of y".

Like every document it takes resolved data only (:class:`BoardPacketPaper`, built by
``ethics_desk.documents.builders.board_packet``); its wording is
``resources/templates/board-packet.txt``. Each
summary sheet starts on a new page and the running header of every page after the cover names
the case the page belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, ClassVar

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle, StyleSheet1
from reportlab.lib.units import inch
from reportlab.platypus import (
    CondPageBreak,
    PageBreak,
    Paragraph,
    TableStyle,
)

from ethics_desk.documents.render.base import (
    MARGIN_LEFT,
    MARGIN_RIGHT,
    PAGE_WIDTH,
    DocTable,
    Renderer,
    Wording,
    bullet_list,
    field_table,
    notice,
)
from ethics_desk.documents.render.data import Letterhead, Party, long_date, long_datetime
from ethics_desk.documents.render.fonts import markup
from ethics_desk.documents.render.letter_data import VoteRecord
from ethics_desk.documents.render.typed import Flowable, KeepTogether

WIDTH = PAGE_WIDTH - MARGIN_LEFT - MARGIN_RIGHT


@dataclass(frozen=True)
class SheetDeadline:
    """A clock on the case: what, for whom, when due, and where it stands in words."""

    title: str
    citation: str
    subject: str
    due_on: date
    status: str


@dataclass(frozen=True)
class SheetReview:
    """One of the four (d)(1) reviews: who, when received and completed, what was found."""

    role: str
    reviewer: str
    received_on: date | None
    completed_on: date | None
    result: str
    notes: str = ""


@dataclass(frozen=True)
class SheetVote:
    """A Board vote on the case so far: what it decided, and the vote as the papers state it."""

    action: str
    vote: VoteRecord


@dataclass(frozen=True)
class CaseSheet:
    """One case's summary sheet."""

    case_number: str
    state: str
    reasons: tuple[str, ...]
    """Why the case is on the agenda."""
    filed_on: date | None
    route: str
    complainants: tuple[Party, ...]
    respondents: tuple[Party, ...]
    nature: str
    provisions: tuple[str, ...]
    period: str
    filings: tuple[str, ...]
    """Responses, replies and hearing requests, in words."""
    deadlines: tuple[SheetDeadline, ...]
    reviews: tuple[SheetReview, ...]
    votes: tuple[SheetVote, ...]
    hearings: tuple[str, ...]
    """Show-cause and requested hearings, in words."""
    elections: tuple[str, ...] = ()
    """Pending elections on the office's list with a respondent as candidate ((f)(3)(a))."""

    @property
    def caption(self) -> str:
        """"ERB-2026-001 — José Peña v. Nguyễn Thị Minh Khai"."""
        parties = f"{_names(self.complainants)} v. {_names(self.respondents)}"
        return f"{self.case_number} — {parties}"


@dataclass(frozen=True)
class BoardPacketPaper:
    """The packet for one meeting: the office, the meeting, who produced it, the sheets."""

    letterhead: Letterhead
    meeting_on: date
    produced_at: datetime
    produced_by: str
    sheets: tuple[CaseSheet, ...]
    case_number: str = ""
    """No single case: the packet holds several (each page's header names its own)."""
    record_anchor: tuple[int, str] | None = None
    """The record's journal head when the packet was made (:mod:`ethics_desk.storage.journal`):
    printed on the cover, so that a later ``ethics-desk check --anchor`` proves the record
    still holds what the packet was made from."""


def _names(parties: tuple[Party, ...]) -> str:
    found = [p.name for p in parties if p.name.strip()]
    if len(found) <= 1:
        return "".join(found) or "—"
    return ", ".join(found[:-1]) + " and " + found[-1]


class _CaseMark(Flowable):
    """Draws nothing; tells the renderer which case the pages after it belong to.

    It sits just before each sheet's page break, so the next page's header (drawn when the page
    begins, before its text) already names the new case.
    """

    def __init__(self, renderer: BoardPacketRenderer, label: str) -> None:
        super().__init__()
        self.renderer = renderer
        self.label = label

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """No room taken."""
        return 0, 0

    def draw(self) -> None:
        """Switch the running header to this case."""
        self.renderer.current_case = self.label


class BoardPacketRenderer(Renderer[BoardPacketPaper]):
    """Kind ``board-packet``: the cases on a meeting's agenda, confidential on every page."""

    template_name = "board-packet"
    required_sections = ("title", "cover", "confidentiality", "agenda-heading", "parties-heading",
                         "allegation-heading", "deadlines-heading", "reviews-heading",
                         "votes-heading", "no-votes")
    confidential: ClassVar[bool] = True

    current_case: str = ""

    def values(self, data: BoardPacketPaper) -> dict[str, str | None]:
        """The meeting, who produced the packet and when, how many cases."""
        self.current_case = ""  # the cover names no case
        return {"meeting_on": f"{data.meeting_on.strftime('%A')}, {long_date(data.meeting_on)}",
                "produced_at": long_datetime(data.produced_at, data.letterhead.zone),
                "produced_by": data.produced_by or None,
                "case_count": str(len(data.sheets))}

    def stylesheet(self) -> StyleSheet1:
        """The base styles, with a tighter cell for the long tables of a summary sheet."""
        sheet = super().stylesheet()
        sheet.add(ParagraphStyle("Tight", parent=sheet["Cell"], fontSize=8.5, leading=10.5))
        sheet.add(ParagraphStyle("TableHeading", parent=sheet["Heading"], keepWithNext=0))
        return sheet

    def case_label(self, data: BoardPacketPaper) -> str:
        """The case the page being drawn belongs to (none on the cover)."""
        return self.current_case

    def story(self, data: BoardPacketPaper, wording: Wording) -> list[Flowable]:
        """The cover with the agenda, then each case's sheet on a new page."""
        self.current_case = ""
        story: list[Flowable] = [Paragraph(wording.text("title"), self.styles["Title"]),
                                 *wording.flowables("cover"),
                                 *wording.flowables("confidentiality"),
                                 *self.table_heading(wording, "agenda-heading"),
                                 self.agenda_table(data)]
        if data.record_anchor is not None:
            seq, mac = data.record_anchor
            story.append(Paragraph(
                f"Record anchor: journal record {seq}, MAC {mac[:16]}. “ethics-desk check "
                f"--anchor {seq}:{mac[:16]}” proves that the record still holds what this packet "
                "was made from.", self.styles["CellSmall"]))
        for number, sheet in enumerate(data.sheets, start=1):
            story += [_CaseMark(self, f"Case {sheet.case_number}"), PageBreak(),
                      *self.sheet(number, sheet, wording)]
        return story

    def agenda_table(self, data: BoardPacketPaper) -> Flowable:
        """No., case and parties, where it stands, why it is listed."""
        head = [Paragraph(f"<b>{t}</b>", self.styles["CellSmall"])
                for t in ("No.", "Case", "Where it stands", "Why it is on the agenda")]
        rows: list[list[Any]] = [head]
        for number, sheet in enumerate(data.sheets, start=1):
            rows.append([Paragraph(str(number), self.styles["Cell"]),
                         Paragraph(f"<b>{markup(sheet.case_number)}</b><br/>"
                                   + markup(f"{_names(sheet.complainants)} v. "
                                            f"{_names(sheet.respondents)}"),
                                   self.styles["Cell"]),
                         Paragraph(markup(sheet.state), self.styles["Cell"]),
                         Paragraph("<br/>".join(markup(r) for r in sheet.reasons),
                                   self.styles["Cell"])])
        if not data.sheets:
            rows.append(["", Paragraph("No case is on the agenda.", self.styles["Cell"]), "",
                         ""])
        return _ruled(rows, [0.4 * inch, 2.2 * inch, 1.2 * inch, WIDTH - 3.8 * inch])

    def sheet(self, number: int, sheet: CaseSheet, wording: Wording) -> list[Flowable]:
        """One case: header, parties, allegation, filings, deadlines, reviews, votes, hearings."""
        out: list[Flowable] = [
            Paragraph(f"{number}. {markup(sheet.caption)}", self.styles["Title"]),
            field_table([
                ("Where it stands", f"<b>{markup(sheet.state)}</b>"),
                ("On the agenda because", "<br/>".join(markup(r) for r in sheet.reasons)),
                ("Filed", markup(long_date(sheet.filed_on)) if sheet.filed_on else "—"),
                ("Route", markup(sheet.route or "—")),
            ], self.styles),
            *wording.flowables("parties-heading"),
            field_table([*(("Complainant", markup(_party(p))) for p in sheet.complainants),
                         *(("Respondent", markup(_party(p))) for p in sheet.respondents)],
                        self.styles),
            *wording.flowables("allegation-heading"),
            field_table([("Nature", markup(sheet.nature or "—")),
                         ("Provisions", "<br/>".join(markup(p) for p in sheet.provisions)
                          or "—"),
                         ("Date or period", markup(sheet.period or "—"))], self.styles),
        ]
        if sheet.filings:
            out += [Paragraph("Filed since", self.styles["Subheading"]),
                    bullet_list([markup(f) for f in sheet.filings], self.styles["Item"])]
        out += [*self.table_heading(wording, "deadlines-heading"), self.deadline_table(sheet)]
        out += [*self.table_heading(wording, "reviews-heading"), self.review_table(sheet)]
        out += wording.flowables("votes-heading")
        if sheet.votes:
            for vote in sheet.votes:
                out.append(self.vote_block(vote))
        else:
            out += wording.flowables("no-votes")
        if sheet.hearings:
            out += [Paragraph("Hearings", self.styles["Heading"]),
                    bullet_list([markup(h) for h in sheet.hearings], self.styles["Item"])]
        if sheet.elections and wording.has("elections-heading"):
            out += [*wording.flowables("elections-heading"),
                    bullet_list([markup(e) for e in sheet.elections], self.styles["Item"])]
        return out

    def table_heading(self, wording: Wording, section: str) -> list[Flowable]:
        """A heading over a long table: a new page only when under 1.4" is left, so the table
        starts under its heading and splits across pages rather than jumping to the next."""
        return [CondPageBreak(1.4 * inch),
                Paragraph(wording.text(section), self.styles["TableHeading"])]

    def deadline_table(self, sheet: CaseSheet) -> Flowable:
        """Each clock: what and for whom, the rule, the due date, its status."""
        cell = self.styles["Tight"]
        rows: list[list[Any]] = [[Paragraph(f"<b>{t}</b>", self.styles["CellSmall"]) for t in
                                  ("Deadline", "Rule", "Due", "Status")]]
        for d in sheet.deadlines:
            # A clock's stored title already names whose it is ("… — Nguyễn Thị Minh Khai"):
            # the subject is added only where the title does not end with it.
            what = d.title if not d.subject or d.title.endswith(d.subject) \
                else f"{d.title} — {d.subject}"
            status = markup(d.status)
            if d.status.startswith(("OVERDUE", "Due today")):
                status = f"<b>{status}</b>"
            rows.append([Paragraph(markup(what), cell), Paragraph(markup(d.citation), cell),
                         Paragraph(markup(d.due_on.isoformat()), cell),
                         Paragraph(status, cell)])
        if not sheet.deadlines:
            rows.append([Paragraph("No deadline is recorded.", cell), "", "", ""])
        return _ruled(rows, [3.3 * inch, 1.15 * inch, 0.8 * inch, WIDTH - 5.25 * inch])

    def review_table(self, sheet: CaseSheet) -> Flowable:
        """The four reviewers: received, completed, what each found."""
        cell = self.styles["Tight"]
        rows: list[list[Any]] = [[Paragraph(f"<b>{t}</b>", self.styles["CellSmall"]) for t in
                                  ("Reviewer", "Received", "Completed", "Finding")]]
        for r in sheet.reviews:
            who = r.role + (f" — {r.reviewer}" if r.reviewer else "")
            finding = markup(r.result) + (f"<br/><i>{markup(r.notes)}</i>" if r.notes else "")
            rows.append([Paragraph(markup(who), cell),
                         Paragraph(r.received_on.isoformat() if r.received_on else "—", cell),
                         Paragraph(r.completed_on.isoformat() if r.completed_on else "—", cell),
                         Paragraph(finding, cell)])
        return _ruled(rows, [3.0 * inch, 0.8 * inch, 0.8 * inch, WIDTH - 4.6 * inch])

    def vote_block(self, sheet_vote: SheetVote) -> Flowable:
        """A vote: what it decided and when, the arithmetic in words, the ballots."""
        vote = sheet_vote.vote
        kind = "record vote" if vote.is_record_vote else "vote"
        content: list[Flowable] = [
            Paragraph(markup(f"{sheet_vote.action} — {kind} of {long_date(vote.meeting_on)}"),
                      self.styles["Notice"]),
            Paragraph(markup(vote.summary), self.styles["Cell"])]
        if vote.ballots:
            content.append(Paragraph("; ".join(f"{markup(b.member)}: <b>{markup(b.vote)}</b>"
                                               for b in vote.ballots), self.styles["CellSmall"]))
        return KeepTogether([notice(content, padding=5)])


def _party(party: Party) -> str:
    return ", ".join(x for x in (party.name, party.title, party.department) if x.strip())


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
