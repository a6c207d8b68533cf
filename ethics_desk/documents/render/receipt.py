"""The filing receipt handed (or mailed) to the complainant once the Clerk records receipt.

It gives the case number, when the complaint was received and by whom, what happens next under
§ 2-83(d), what confidentiality under § 2-83(h) means, and how to reach the Clerk. The receipt of
a complaint that was not sworn says so instead, and that it is returned, not forwarded for
review (§ 2-83(c), last paragraph): its title, opening and next steps are the template's
``*-unsworn`` sections. The wording is ``resources/templates/receipt.txt``.
"""

from __future__ import annotations

from reportlab.lib.styles import StyleSheet1
from reportlab.platypus import Flowable, Paragraph, Spacer

from ethics_desk.core.office_time import office_date
from ethics_desk.documents.render.base import Renderer, Wording, field_table
from ethics_desk.documents.render.data import Party, ReceiptPaper
from ethics_desk.documents.render.fonts import markup


class ReceiptRenderer(Renderer[ReceiptPaper]):
    """Kind ``receipt``: the complainant's receipt for a filed complaint."""

    template_name = "receipt"
    required_sections = ("title", "intro", "next", "confidentiality", "questions")
    unsworn_sections = ("title-unsworn", "intro-unsworn", "next-unsworn")
    """The sections the receipt of a complaint not sworn prints in place of the sworn ones."""
    confidential = True

    def wording_for(self, data: ReceiptPaper) -> Wording:
        """The template checked as for any paper, and for a complaint not sworn its own title,
        opening and next steps too (an office's older wording without them is refused, naming
        the section, rather than printing the sworn receipt's promises)."""
        wording = super().wording_for(data)
        if not data.sworn:
            for section in self.unsworn_sections:
                wording.template.section(section)
        return wording

    def stylesheet(self) -> StyleSheet1:
        """Slightly smaller text than a letter, so that the receipt is one sheet."""
        sheet = super().stylesheet()
        for name, size, leading in (("Body", 9.5, 12.2), ("Item", 9.5, 12.2), ("Cell", 9, 11),
                                    ("Label", 8, 11), ("Heading", 10.5, 13)):
            sheet[name].fontSize = size
            sheet[name].leading = leading
        sheet["Body"].spaceAfter = 4
        sheet["Heading"].spaceBefore = 7
        return sheet

    def values(self, data: ReceiptPaper) -> dict[str, str | None]:
        """The receipt's placeholders."""
        count = data.respondent_count
        return {
            "complainant_name": data.complainant.name or None,
            "received_at": self.words.long_datetime(data.received_at, data.letterhead.zone),
            "received_on": self.words.long_date(office_date(data.received_at,
                                                            data.letterhead.zone)),
            "received_time": self.words.clock_time(data.received_at, data.letterhead.zone),
            "received_by": data.received_by or None,
            "issued_on": self.words.long_date(data.issued_on),
            "respondent_count": str(count),
        }

    def recipient(self, data: ReceiptPaper) -> Party | None:
        """The complainant, in the window, when there is an address to mail to."""
        return data.complainant if data.complainant.address.strip() else None

    def side_lines(self, data: ReceiptPaper, wording: Wording) -> list[str]:
        """The date of the receipt and the case number."""
        return [markup(self.words.long_date(data.issued_on)), markup(self.words.case(data.case_number))]

    def story(self, data: ReceiptPaper, wording: Wording) -> list[Flowable]:
        """Title, the facts of receipt, what happens next, confidentiality, questions."""
        count = data.respondent_count
        facts = field_table([
            (wording.text("label-case"), f"<b>{markup(data.case_number)}</b>"),
            (wording.text("label-received"), markup(self.words.long_datetime(
                data.received_at, data.letterhead.zone))),
            (wording.text("label-received-by"), markup(data.received_by)),
            (wording.text("label-respondents"), markup(f"{count}")),
            *self._sworn_before(data, wording),
        ], self.styles)
        # § 2-83(c), last paragraph: a complaint not sworn is returned, never forwarded.
        title, intro, next_steps = (("title", "intro", "next") if data.sworn
                                    else self.unsworn_sections)
        return [
            Paragraph(wording.text(title), self.styles["Title"]),
            *wording.flowables(intro),
            facts,
            Spacer(0, 4),
            *wording.flowables(next_steps),
            *wording.flowables("confidentiality"),
            *wording.flowables("questions"),
        ]

    def _sworn_before(self, data: ReceiptPaper, wording: Wording) -> list[tuple[str, str]]:
        """The row naming the officer the complaint was sworn before, with their title — a
        notary public or another officer authorised to administer oaths (§ 2-83(c))."""
        if not data.sworn_before:
            return []
        label = wording.text("label-sworn-before") if wording.has("label-sworn-before") \
            else "Sworn before"
        when = f", {self.words.long_date(data.sworn_on)}" if data.sworn_on else ""
        return [(label, markup(data.sworn_before + when))]
