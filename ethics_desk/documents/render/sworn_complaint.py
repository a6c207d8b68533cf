"""The sworn complaint, printed at the counter for the complainant to sign before a notary.

It sets out every element of § 2-83(c) under a heading citing its item — (c)(1) to (c)(7) —,
the witnesses and potential witnesses the complainant identifies (§ 2-83(h)(1)), then the
affidavit the section requires ("true and correct", or "good reason to believe and does
believe"; and the source and basis of information and belief when the complaint rests on it), the
plain-words warning of § 2-83(a) *above* the complainant's signature, and a Texas notary's jurat
("Sworn to and subscribed before me on … by …") with room for the seal. What is known is filled
in; what is not prints as a blank line to complete by hand. The form is printed from the draft,
before filing, and reprinted from the filed case (then with its case number).
The wording is ``resources/templates/sworn-complaint.txt``.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.platypus import KeepTogether, Paragraph, Spacer, TableStyle

from ethics_desk.documents.render.base import (
    MARGIN_LEFT,
    MARGIN_RIGHT,
    PAGE_WIDTH,
    DocTable,
    Renderer,
    Wording,
    field_table,
    paragraphs,
    signature_line,
)
from ethics_desk.documents.render.data import ComplaintPaper, ListedDocument
from ethics_desk.documents.render.fonts import REGULAR, draw_centred, markup
from ethics_desk.documents.render.templates import TemplateLibrary
from ethics_desk.documents.render.typed import Flowable
from ethics_desk.models import Affirmation, KnowledgeBasis

BLANK = "_" * 24
"""A blank to complete by hand."""
SEAL_SIZE: float = 1.5 * inch
"""The square left for the notary's seal (Gov't Code § 406.013 seals are about 1" to 1-3/4")."""
UNCHECKED = "☐"
"""A box for the complainant to mark, when the affidavit's choice is not yet made."""
TEXT_WIDTH: float = PAGE_WIDTH - MARGIN_LEFT - MARGIN_RIGHT


class SealBox(Flowable):
    """An empty square with a dashed border and a label, where the notary presses the seal."""

    def __init__(self, label: str, size: float = SEAL_SIZE) -> None:
        super().__init__()
        self.label = label
        self.size = size

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The square's size."""
        return self.size, self.size

    def draw(self) -> None:
        """The dashed square and its label, centred near the top."""
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(colors.Color(0.45, 0.45, 0.45))
        canvas.setDash(3, 2)
        canvas.setLineWidth(0.7)
        canvas.rect(0, 0, self.size, self.size, stroke=1, fill=0)
        canvas.setFillColor(colors.Color(0.45, 0.45, 0.45))
        draw_centred(canvas, self.size / 2, self.size - 12, self.label, REGULAR, 7.5)
        canvas.restoreState()


def file_size(size: int) -> str:
    """A file size for people: "812 bytes", "14.2 KB", "3.1 MB"."""
    if size < 1024:
        return f"{size} byte{'' if size == 1 else 's'}"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / 1024 / 1024:.1f} MB"


class SwornComplaintRenderer(Renderer[ComplaintPaper]):
    """Kind ``sworn-complaint``: the § 2-83(c) complaint with affidavit and notary jurat."""

    template_name = "sworn-complaint"
    required_sections = ("title", "subtitle", "intro", "heading-c1", "heading-c2",
                         "heading-c3-c4", "heading-c5", "heading-c6", "heading-c7",
                         "heading-affidavit", "warning", "heading-jurat", "jurat-text")

    def is_confidential(self, data: ComplaintPaper) -> bool:
        """A filed complaint is pending, so confidential (§ 2-83(h)); a draft is not yet one."""
        return data.is_filed

    def case_label(self, data: ComplaintPaper) -> str:
        """The case number, or that it has not been filed yet."""
        return self.words.case(data.case_number) if data.case_number else self.words.not_filed

    def values(self, data: ComplaintPaper) -> dict[str, str | None]:
        """The complaint's placeholders; what the notary has not yet done prints as a blank."""
        oath = data.oath
        county = oath.county or data.letterhead.county
        return {
            "complainant_name": data.complainant.name or BLANK,
            "jurat_state": oath.state or "Texas",
            "jurat_county": county or BLANK,
            "sworn_on": self.words.long_date(oath.sworn_on) if oath.sworn_on else BLANK,
            "notary_name": oath.notary_name or BLANK,
            "officer_title": oath.officer_title or BLANK,
            # § 2-83(c): "a notary public or other person authorized by law to administer
            # oaths": the warning names the one recorded (a judge, say), not always a notary.
            "oath_officer": self.words.oath_officer(oath.officer_title, by_notary=oath.by_notary),
            "commission_expires": self.words.long_date(oath.notary_commission_expires)
            if oath.notary_commission_expires else BLANK,
            "commission_number": oath.notary_commission_number or BLANK,
            "received_at": self.words.long_datetime(data.received_at, data.letterhead.zone)
            if data.received_at else BLANK,
        }

    def story(self, data: ComplaintPaper, wording: Wording) -> list[Flowable]:
        """Title, office-use box, the seven (c) items, affidavit with warning, and the jurat."""
        return [
            Paragraph(wording.text("title"), self.styles["Title"]),
            Paragraph(wording.text("subtitle"), self.styles["Subtitle"]),
            self._office_use(data, wording),
            Spacer(0, 8),
            *wording.flowables("intro"),
            *self._complainant(data, wording),
            *self._respondents(data, wording),
            *self._nature(data, wording),
            *self._facts(data, wording),
            *self._documents(data, wording),
            *self._witnesses(data, wording),
            # The affidavit, the warning, the signature and the jurat stay on one page.
            KeepTogether([*self._affidavit(data, wording), *self._jurat(data, wording)]),
        ]

    # -- parts ---------------------------------------------------------------------------------

    def period(self, data: ComplaintPaper) -> str:
        """The (c)(6) date or period in the paper's language (as given, when only the words
        are known)."""
        kind, start, end = data.period_given
        return self.words.period(kind, start, end) if kind and start else data.period

    def _office_use(self, data: ComplaintPaper, wording: Wording) -> DocTable:
        case = (f"<b>{markup(data.case_number)}</b>" if data.case_number
                else f"<i>{wording.text('not-filed')}</i>")
        received = (markup(self.words.long_datetime(data.received_at, data.letterhead.zone))
                    if data.received_at else "")
        cell = self.styles["Cell"]
        label = self.styles["Label"]
        table = DocTable([
            [Paragraph(wording.text("office-use"), label), "", ""],
            [Paragraph(wording.text("label-case-number"), label), Paragraph(case, cell), ""],
            [Paragraph(wording.text("label-received"), label), Paragraph(received, cell), ""],
        ], colWidths=[1.3 * inch, 3.2 * inch, TEXT_WIDTH - 4.5 * inch], hAlign="LEFT")
        table.setStyle(TableStyle([
            ("BOX", (0, 0), (1, -1), 0.8, colors.black),
            ("SPAN", (0, 0), (1, 0)),
            ("LINEBELOW", (1, 1), (1, 2), 0.4, colors.Color(0.6, 0.6, 0.6)),
            ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
            ("LEFTPADDING", (0, 0), (1, -1), 6),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ]))
        return table

    def _complainant(self, data: ComplaintPaper, wording: Wording) -> list[Flowable]:
        person = data.complainant
        c1: list[Flowable] = [*wording.flowables("heading-c1"),
                              field_table([(wording.text("label-name"), _value(person.name))],
                                          self.styles)]
        if data.acting_for_board:
            c1.append(Paragraph(wording.text("label-for-board"), self.styles["Small"]))
        rows = [(wording.text("label-address"), _value(person.address)),
                (wording.text("label-phone"), _value(person.phone))]
        if person.email:
            rows.append((wording.text("label-email"), markup(person.email)))
        return [*c1, *wording.flowables("heading-c2"), field_table(rows, self.styles)]

    def _respondents(self, data: ComplaintPaper, wording: Wording) -> list[Flowable]:
        heading = wording.flowables("heading-c3-c4")
        if not data.respondents:
            return [*heading, Paragraph(wording.text("no-respondents"), self.styles["Body"])]
        header = [wording.text("label-number"), wording.text("label-respondent-name"),
                  wording.text("label-respondent-title"), wording.text("label-department")]
        rows = [[str(index), _value(party.name), _value(party.title), markup(party.department)]
                for index, party in enumerate(data.respondents, start=1)]
        return [*heading, self._grid(header, rows, [0.45, 2.3, 2.05, 1.7])]

    def _nature(self, data: ComplaintPaper, wording: Wording) -> list[Flowable]:
        out = [*wording.flowables("heading-c5"), *paragraphs(data.nature, self.styles["Body"])]
        out.append(Paragraph(wording.text("label-provisions"), self.styles["Subheading"]))
        if data.provisions:
            out.extend(Paragraph(f"•&nbsp;&nbsp;{markup(citation)}", self.styles["BodyTight"])
                       for citation in data.provisions)
            out.append(Spacer(0, 4))
        else:
            out.append(Paragraph(wording.text("no-provisions"), self.styles["Body"]))
        return out

    def _facts(self, data: ComplaintPaper, wording: Wording) -> list[Flowable]:
        return [
            *wording.flowables("heading-c6"),
            field_table([(wording.text("label-period"), _value(self.period(data)))],
                        self.styles),
            Paragraph(wording.text("label-facts"), self.styles["Subheading"]),
            *(paragraphs(data.facts, self.styles["Body"])
              or [Paragraph(_value(""), self.styles["Body"])]),
        ]

    def _documents(self, data: ComplaintPaper, wording: Wording) -> list[Flowable]:
        out = list(wording.flowables("heading-c7"))
        number = wording.text("label-number")
        description = wording.text("label-description")
        location = wording.text("label-location")
        out.extend(wording.flowables("list-in-possession"))
        if data.in_possession:
            out.append(self._grid(
                [number, description, wording.text("label-file")],
                [[str(i), markup(doc.description), self._attachment(doc, wording)]
                 for i, doc in enumerate(data.in_possession, start=1)], [0.45, 2.05, 4.0]))
        else:
            out.append(Paragraph(wording.text("none-listed"), self.styles["Body"]))
        for section, entries in (("list-not-in-possession", data.not_in_possession),
                                 ("list-unavailable", data.unavailable)):
            out.extend(wording.flowables(section))
            if entries:
                out.append(self._grid(
                    [number, description, location],
                    [[str(i), markup(doc.description),
                      markup(doc.location) if doc.location else wording.text("location-unknown")]
                     for i, doc in enumerate(entries, start=1)], [0.45, 3.25, 2.8]))
            else:
                out.append(Paragraph(wording.text("none-listed"), self.styles["Body"]))
        return out

    def _witnesses(self, data: ComplaintPaper, wording: Wording) -> list[Flowable]:
        """The witnesses and potential witnesses the complainant identifies, § 2-83(h)(1): each
        with who identified them and how to reach them, or "None named"."""
        words = wording if wording.has("heading-witnesses") else self._shipped(wording)
        out = [*words.flowables("heading-witnesses"), *words.flowables("witnesses-intro")]
        if not data.witnesses:
            return [*out, Paragraph(words.text("no-witnesses"), self.styles["Body"])]
        header = [words.text("label-number"), words.text("label-witness-name"),
                  words.text("label-identified-by"), words.text("label-witness-contact")]
        rows = [[str(index), markup(w.name), markup(self.words.identified_by(w.identified_by)),
                 markup(w.contact)]
                for index, w in enumerate(data.witnesses, start=1)]
        return [*out, self._grid(header, rows, [0.45, 2.0, 2.05, 2.0])]

    def _shipped(self, wording: Wording) -> Wording:
        """The shipped wording, for the witnesses' sections an office's older wording of the
        sworn complaint (saved before they were added) does not have."""
        shipped = TemplateLibrary(shipped=self.templates.shipped_dir)
        return Wording(shipped.load(self.template_name, self.language), wording.values,
                       self.styles)

    def _attachment(self, doc: ListedDocument, wording: Wording) -> str:
        if doc.attachment is None:
            return markup(doc.location)
        a = doc.attachment
        return (f"{markup(a.file_name)} ({markup(file_size(a.size))})<br/>"
                f'<font size="6.5" color="#555555">{wording.text("label-sha256")}:<br/>'
                f"{markup(a.sha256)}</font>")

    def _affidavit(self, data: ComplaintPaper, wording: Wording) -> list[Flowable]:
        out: list[Flowable] = [*wording.flowables("heading-affidavit"),
                               *wording.flowables("affidavit-intro")]
        indented = self.styles["Indented"]
        if data.affirmation is Affirmation.TRUE_AND_CORRECT:
            out.append(Paragraph(wording.text("affirm-true"), indented))
        elif data.affirmation is Affirmation.GOOD_REASON_TO_BELIEVE:
            out.append(Paragraph(wording.text("affirm-belief"), indented))
        else:
            out.append(Paragraph(wording.text("affirm-choose"), indented))
            out.extend(Paragraph(f"{UNCHECKED}&nbsp;&nbsp;{wording.text(section)}", indented)
                       for section in ("affirm-true", "affirm-belief"))
        if data.knowledge is KnowledgeBasis.PERSONAL_KNOWLEDGE:
            out.extend(wording.flowables("basis-personal"))
        elif data.knowledge is KnowledgeBasis.INFORMATION_AND_BELIEF:
            out.extend(wording.flowables("basis-belief"))
            out.extend(paragraphs(data.source_and_basis, indented)
                       or [self._blank_lines(3)])
        else:
            out.extend(wording.flowables("basis-choose"))
            out.append(self._blank_lines(3))
        out.extend(wording.flowables("warning"))
        signature = DocTable([[
            signature_line(wording.text("signature-caption"), self.styles, width=3.9 * inch),
            signature_line(wording.text("signature-date-caption"), self.styles, width=1.9 * inch),
        ]], colWidths=[4.3 * inch, 2.2 * inch], hAlign="LEFT")
        signature.setStyle(_NO_PADDING)
        out.extend([
            signature,
            Spacer(0, 6),
            signature_line(wording.text("printed-name-caption"), self.styles, width=3.9 * inch,
                           filled=markup(data.complainant.name), space=0.3 * inch),
        ])
        return out

    def _jurat(self, data: ComplaintPaper, wording: Wording) -> list[Flowable]:
        oath = data.oath
        if not oath.by_notary:
            return self._officer_jurat(data, wording)
        left: list[Flowable] = [
            *wording.flowables("jurat-venue", "BodyTight"),
            Spacer(0, 4),
            *wording.flowables("jurat-text"),
            signature_line(wording.text("notary-signature-caption"), self.styles,
                           width=3.9 * inch),
            Spacer(0, 4),
            signature_line(wording.text("notary-name-caption"), self.styles, width=3.9 * inch,
                           filled=markup(oath.notary_name), space=0.3 * inch),
            Spacer(0, 4),
            Paragraph(wording.text("notary-title"), self.styles["BodyTight"]),
            Paragraph(wording.text("commission-expires"), self.styles["BodyTight"]),
            Paragraph(wording.text("commission-number"), self.styles["BodyTight"]),
        ]
        table = DocTable([[left, SealBox(wording.plain("seal-label"))]],
                         colWidths=[TEXT_WIDTH - SEAL_SIZE - 0.2 * inch, SEAL_SIZE + 0.2 * inch],
                         hAlign="LEFT")
        table.setStyle(TableStyle([*_NO_PADDING_COMMANDS, ("VALIGN", (0, 0), (0, 0), "TOP"),
                                   ("VALIGN", (1, 0), (1, 0), "MIDDLE"),
                                   ("ALIGN", (1, 0), (1, 0), "RIGHT")]))
        return [Spacer(0, 6), *wording.flowables("heading-jurat"), table]

    def _officer_jurat(self, data: ComplaintPaper, wording: Wording) -> list[Flowable]:
        """The jurat of an officer other than a notary public (Gov't Code § 602.002): the
        officer's signature, printed name and title — no notary's commission, no seal."""
        def text(section: str, fallback: str) -> str:
            return wording.text(section) if wording.has(section) else fallback

        oath = data.oath
        return [
            Spacer(0, 6),
            *(wording.flowables("heading-jurat-officer") if wording.has("heading-jurat-officer")
              else [Paragraph("Certificate of the officer who administered the oath (jurat)",
                              self.styles["Heading"])]),
            *wording.flowables("jurat-venue", "BodyTight"),
            Spacer(0, 4),
            *wording.flowables("jurat-text"),
            signature_line(text("officer-signature-caption", "Signature of the officer"),
                           self.styles, width=3.9 * inch),
            Spacer(0, 4),
            signature_line(text("officer-name-caption", "Printed name of the officer"),
                           self.styles, width=3.9 * inch, filled=markup(oath.notary_name),
                           space=0.3 * inch),
            Spacer(0, 4),
            Paragraph(text("officer-title", markup(oath.officer_title)),
                      self.styles["BodyTight"]),
        ]

    # -- helpers -------------------------------------------------------------------------------

    def _grid(self, header: Sequence[str], rows: Sequence[Sequence[str]],
              widths_in: Sequence[float]) -> DocTable:
        """A ruled table: bold header repeated on each page, markup cells."""
        scale = TEXT_WIDTH / (sum(widths_in) * inch)
        cell, bold = self.styles["Cell"], self.styles["CellBold"]
        table = DocTable([[Paragraph(text, bold) for text in header],
                          *[[Paragraph(text, cell) for text in row] for row in rows]],
                         colWidths=[w * inch * scale for w in widths_in], repeatRows=1,
                         hAlign="LEFT")
        table.setStyle(TableStyle([
            ("GRID", (0, 0), (-1, -1), 0.5, colors.Color(0.55, 0.55, 0.55)),
            ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.92, 0.92, 0.92)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ]))
        table.spaceAfter = 6
        return table

    def _blank_lines(self, count: int) -> DocTable:
        table = DocTable([[""] for _ in range(count)], colWidths=[TEXT_WIDTH - 0.3 * inch],
                         rowHeights=[0.3 * inch] * count, hAlign="RIGHT")
        table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, -1), 0.6, colors.black)]))
        return table


_NO_PADDING_COMMANDS = [("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                        ("TOPPADDING", (0, 0), (-1, -1), 0),
                        ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]
_NO_PADDING = TableStyle(_NO_PADDING_COMMANDS)


def _value(text: str) -> str:
    """User text as markup, or a blank line when there is none."""
    return markup(text) if text.strip() else BLANK
