"""The recovery sheet: a SQLite database's record key on one page, to be typed back from paper.

What the sheet holds and how its lines are checked is :mod:`ethics_desk.storage.recovery_sheet`;
this module lays it out on the office's letterhead: the database, the day (the office's date)
and who made it, the key id and the key's four lines in large type, each with its check, and
what to do with the sheet. Its wording is ``resources/templates/recovery-sheet.txt`` (the
office's wording over it, as for every paper); the key's lines are drawn here, whatever the
wording says. The key is never in the PDF's metadata.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle, StyleSheet1
from reportlab.lib.units import inch
from reportlab.platypus import Spacer, TableStyle

from ethics_desk.documents.render.base import (
    LETTERHEAD_BOTTOM,
    MARGIN_LEFT,
    MARGIN_RIGHT,
    PAGE_WIDTH,
    DocParagraph,
    DocTable,
    Renderer,
    Wording,
    field_table,
)
from ethics_desk.documents.render.data import Letterhead, long_date
from ethics_desk.documents.render.fonts import BOLD, REGULAR, markup
from ethics_desk.documents.render.typed import Flowable
from ethics_desk.storage.recovery_sheet import Sheet, SheetLine

WIDTH = PAGE_WIDTH - MARGIN_LEFT - MARGIN_RIGHT



@dataclass(frozen=True)
class RecoverySheetPaper:
    """The sheet's data: the office, the database, the day, who made it, and the key's lines."""

    letterhead: Letterhead
    database_name: str
    database_path: str
    made_on: date
    made_by: str
    sheet: Sheet
    case_number: str = ""
    """No case: the sheet belongs to the database."""


class RecoverySheetRenderer(Renderer[RecoverySheetPaper]):
    """The recovery sheet, on one page."""

    template_name = "recovery-sheet"
    required_sections = ("title", "subtitle", "warning", "key-heading", "new-computer",
                         "keeping")

    def first_page_top(self, *, has_window: bool) -> float:
        """Close under the letterhead: the whole sheet is one page."""
        return LETTERHEAD_BOTTOM + 0.2 * float(inch)

    def stylesheet(self) -> StyleSheet1:
        """The key in large, widely spaced type; the rest compact."""
        sheet = super().stylesheet()
        sheet.add(ParagraphStyle("KeyLabel", fontName=REGULAR, fontSize=11, leading=20))
        sheet.add(ParagraphStyle("KeyGroups", fontName=BOLD, fontSize=15, leading=20))
        sheet.add(ParagraphStyle("IdGroups", fontName=BOLD, fontSize=12, leading=20))
        sheet.add(ParagraphStyle("KeyCheck", fontName=BOLD, fontSize=15, leading=20,
                                 textColor=colors.Color(0.25, 0.25, 0.25)))
        for name, size, leading in (("Body", 9.5, 12.5), ("Item", 9.5, 12.5)):
            sheet[name].fontSize = size
            sheet[name].leading = leading
        return sheet

    def values(self, data: RecoverySheetPaper) -> dict[str, str | None]:
        """The database's name, the day and who made it."""
        return {"database_name": data.database_name, "made_on": long_date(data.made_on),
                "made_by": data.made_by}

    def story(self, data: RecoverySheetPaper, wording: Wording) -> list[Flowable]:
        """Title, the warning, what the sheet is of, the key's lines, what to do."""
        story: list[Flowable] = [DocParagraph(wording.text("title"), self.styles["Title"]),
                                 DocParagraph(wording.text("subtitle"), self.styles["Subtitle"]),
                                 *wording.flowables("warning")]
        story.append(field_table([
            ("Database", markup(f"{data.database_name} ({data.database_path})")),
            ("Made on", markup(f"{long_date(data.made_on)}, by {data.made_by}")),
            ("Key id", markup(data.sheet.key_id)),
        ], self.styles, label_width=1.1 * inch))
        story += wording.flowables("key-heading")
        story.append(self._lines([data.sheet.id_line, *data.sheet.key_lines]))
        story.append(Spacer(0, 6))
        story += wording.flowables("new-computer")
        story += wording.flowables("keeping")
        return story

    def _lines(self, lines: list[SheetLine]) -> DocTable:
        """The key id and the key's lines: label, groups, check, ruled for typing."""
        rows = [[DocParagraph(markup(line.label), self.styles["KeyLabel"]),
                 DocParagraph("&nbsp;&nbsp;".join(line.groups),
                              self.styles["IdGroups" if number == 0 else "KeyGroups"]),
                 DocParagraph(line.check, self.styles["KeyCheck"])]
                for number, line in enumerate(lines)]
        table = DocTable(rows, colWidths=[0.75 * inch, WIDTH - 1.55 * inch, 0.8 * inch],
                         hAlign="LEFT")
        table.setStyle(TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.Color(0.7, 0.7, 0.7)),
            ("LINEBELOW", (0, 0), (-1, 0), 1.0, colors.black),
            ("BOX", (0, 0), (-1, -1), 1.0, colors.black),
            ("LEFTPADDING", (0, 0), (-1, -1), 6),
            ("TOPPADDING", (0, 0), (-1, -1), 4),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ]))
        return table
