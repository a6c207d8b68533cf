"""The one-page "How to file an ethics complaint" information sheet (§ 2-83(b)).

The City Clerk provides information to anyone who asks about filing a complaint. The sheet says
who may file (a), what a complaint must contain (c)(1)–(7), the affidavit and the oath before a
notary, the warning about false statements, what happens next (d), (e), confidentiality (h), and
where and how to file. It is meant to fit on one sheet; the wording is
``resources/templates/info-sheet.txt``.
"""

from __future__ import annotations

from reportlab.lib.styles import StyleSheet1
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Paragraph

from ethics_desk.documents.render.base import LETTERHEAD_BOTTOM, Renderer, Wording
from ethics_desk.documents.render.data import InfoSheetPaper

SECTIONS = ("who", "contents", "oath", "warning", "next", "confidentiality", "where")


class InfoSheetRenderer(Renderer[InfoSheetPaper]):
    """Kind ``info-sheet``: how to file an ethics complaint, on one page."""

    template_name = "info-sheet"
    required_sections = ("title", "subtitle", *SECTIONS)
    bottom_margin = 0.75 * inch

    def first_page_top(self, *, has_window: bool) -> float:
        """Close under the letterhead: the sheet has no window and every line counts."""
        return LETTERHEAD_BOTTOM + 0.2 * float(inch)

    def stylesheet(self) -> StyleSheet1:
        """Compact type, so that the whole process fits on one sheet."""
        sheet = super().stylesheet()
        for name, size, leading, before, after in (
                ("Body", 8.7, 10.9, 0, 2.5), ("Item", 8.7, 10.9, 0, 1),
                ("Notice", 8.5, 10.8, 0, 2), ("Heading", 10, 12.5, 5, 2),
                ("Title", 14, 17, 0, 2), ("Subtitle", 10, 13, 0, 2)):
            sheet[name].fontSize = size
            sheet[name].leading = leading
            sheet[name].spaceBefore = before
            sheet[name].spaceAfter = after
        return sheet

    def values(self, data: InfoSheetPaper) -> dict[str, str | None]:
        """Only the office's placeholders."""
        return {}

    def story(self, data: InfoSheetPaper, wording: Wording) -> list[Flowable]:
        """Title, then each part of the process in the template's order."""
        story: list[Flowable] = [Paragraph(wording.text("title"), self.styles["Title"]),
                                 Paragraph(wording.text("subtitle"), self.styles["Subtitle"])]
        for section in SECTIONS:
            story.extend(wording.flowables(section))
        return story
