"""The letter returning a complaint that was not sworn (§ 2-83(c), last paragraph).

A complaint that is not sworn is not forwarded to the Compliance Auditor but returned to the
complainant. The letter says so, says how to file again under oath before a notary, and is
addressed for a #10 window envelope. The wording is ``resources/templates/unsworn-return.txt``.
"""

from __future__ import annotations

from reportlab.platypus import Flowable, Paragraph, Spacer

from ethics_desk.core.office_time import office_date
from ethics_desk.documents.render.base import Renderer, Wording, paragraphs
from ethics_desk.documents.render.data import Party, UnswornReturnPaper
from ethics_desk.documents.render.fonts import markup


class UnswornReturnRenderer(Renderer[UnswornReturnPaper]):
    """Kind ``unsworn-return``: returns an unsworn complaint to the complainant."""

    template_name = "unsworn-return"
    required_sections = ("title", "re", "salutation", "body", "refile", "warning", "closing")
    confidential = False
    """A returned complaint is not pending (§ 2-83(h) protects pending sworn complaints)."""

    def values(self, data: UnswornReturnPaper) -> dict[str, str | None]:
        """The letter's placeholders."""
        return {
            "complainant_name": data.complainant.name or None,
            "received_on": self.words.long_date(office_date(data.received_at,
                                                            data.letterhead.zone)),
            "issued_on": self.words.long_date(data.issued_on),
        }

    def recipient(self, data: UnswornReturnPaper) -> Party | None:
        """The complainant, in the envelope window."""
        return data.complainant

    def side_lines(self, data: UnswornReturnPaper, wording: Wording) -> list[str]:
        """The date of the letter and the case number."""
        return [markup(self.words.long_date(data.issued_on)), markup(self.words.case(data.case_number))]

    def story(self, data: UnswornReturnPaper, wording: Wording) -> list[Flowable]:
        """Title, reference, the return and why, a note, how to refile, warning, signature."""
        story: list[Flowable] = [
            Paragraph(wording.text("title"), self.styles["Title"]),
            Paragraph(f"<b>{wording.text('re')}</b>", self.styles["Body"]),
            Spacer(0, 4),
            Paragraph(wording.text("salutation"), self.styles["Body"]),
            *wording.flowables("body"),
        ]
        if data.note.strip():  # the clerk's own words, of any length: indented, not boxed
            if wording.has("note-label"):
                story.append(Paragraph(wording.text("note-label"), self.styles["Subheading"]))
            story.extend(paragraphs(data.note, self.styles["Indented"]))
        story.extend([*wording.flowables("refile"), *wording.flowables("warning")])
        if wording.has("questions"):
            story.extend(wording.flowables("questions"))
        story.append(self.signature_block(data.letterhead, wording.text("closing")))
        if wording.has("enclosures"):
            story.extend([Spacer(0, 10), *wording.flowables("enclosures", "Small")])
        return story
