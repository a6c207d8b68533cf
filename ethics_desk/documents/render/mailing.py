"""Papers for mailing: a #10 envelope, a sheet of address labels, and the certificate of mailing.

The envelope and the label sheet are drawn straight on the canvas (they have no letterhead, no
running header and no footer) but are renderers like any other: a kind, a template, PDF bytes.
Neither prints the case number or says "ethics complaint": while a complaint is pending, nothing
about it goes to anyone but the parties and witnesses (§ 2-83(h)), and an envelope is read by
everyone it passes. The certificate of mailing is an ordinary document: what was mailed to whom,
how and when, signed by the Clerk.

Geometry (inches, measured as with a ruler from the sheet's top-left corner):

* #10 envelope: 9-1/2 × 4-1/8, fed landscape. The return address sits 3/8 from the top and left
  edges. With ``window`` the address goes where a standard #10 window is (7/8 from the left,
  1/2 from the bottom, 4-1/2 × 1-1/8); otherwise in the usual place for an address printed on the
  envelope, from 4 inches from the left and 2 inches from the bottom.
* Labels: Avery 5160 — 3 columns × 10 rows of 2-5/8 × 1 labels, top margin 1/2, side margin
  3/16, 1/8 between columns, none between rows.
"""

from __future__ import annotations

import io
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Spacer

from ethics_desk.core.errors import UserError
from ethics_desk.documents.render.base import (
    ADDRESS_SIZES,
    Rect,
    Renderer,
    Wording,
    field_table,
)
from ethics_desk.documents.render.data import long_date
from ethics_desk.documents.render.fonts import REGULAR, markup
from ethics_desk.documents.render.letter_data import CertificateOfMailingPaper, EnvelopePaper, LabelsPaper

ENVELOPE_SIZE = (9.5 * inch, 4.125 * inch)
"""A #10 envelope, landscape."""
ENVELOPE_WINDOW = Rect(7 / 8 * inch, 0.5 * inch, 4.5 * inch, 1.125 * inch)
"""The standard #10 window, from the envelope's bottom-left corner."""
ENVELOPE_ADDRESS = Rect(4.0 * inch, 0.75 * inch, 5.0 * inch, 1.5 * inch)
"""Where an address printed on a plain envelope goes (the USPS's address area, lower right)."""
RETURN_ADDRESS_INSET = 3 / 8 * inch

LABEL_SHEET = (8.5 * inch, 11 * inch)
LABEL_WIDTH = 2.625 * inch
LABEL_HEIGHT = 1.0 * inch
LABEL_TOP_MARGIN = 0.5 * inch
LABEL_SIDE_MARGIN = 3 / 16 * inch
LABEL_GAP = 1 / 8 * inch
LABEL_COLUMNS = 3
LABEL_ROWS = 10
LABELS_PER_SHEET = LABEL_COLUMNS * LABEL_ROWS
LABEL_PADDING = 0.12 * inch


def label_rect(index: int) -> Rect:
    """Label ``index`` (0–29, across then down) on the sheet, origin bottom-left."""
    row, column = divmod(index % LABELS_PER_SHEET, LABEL_COLUMNS)
    left = LABEL_SIDE_MARGIN + column * (LABEL_WIDTH + LABEL_GAP)
    return Rect.from_top_left(left, LABEL_TOP_MARGIN + row * LABEL_HEIGHT, LABEL_WIDTH,
                              LABEL_HEIGHT)


class _CanvasRenderer(Renderer[Any]):
    """A renderer that draws its pages itself: no letterhead, header or footer."""

    def render(self, data: Any) -> bytes:
        """The pages as PDF bytes (the same bytes for the same data)."""
        wording = self.wording_for(data)
        buffer = io.BytesIO()
        canvas = Canvas(buffer, pagesize=self.pagesize, invariant=1, initialFontName=REGULAR)
        canvas.setTitle(wording.plain("title"))
        canvas.setAuthor(data.letterhead.office_name)
        canvas.setCreator("Ethics Desk")
        canvas.setProducer("Ethics Desk")
        self.draw(canvas, data, wording)
        canvas.save()
        return buffer.getvalue()

    def draw(self, canvas: Canvas, data: Any, wording: Wording) -> None:
        """Draw every page (each ends with ``showPage``)."""
        raise NotImplementedError

    def story(self, data: Any, wording: Wording) -> list[Flowable]:  # pragma: no cover
        """Not used: these papers are drawn, not flowed."""
        return []

    def fit(self, canvas: Canvas, lines: tuple[str, ...], box: Rect, *, valign: str = "top",
            name: str = "") -> Rect:
        """Lines drawn in ``box`` at the largest size that fits; returns where they went."""
        text = "<br/>".join(markup(line) for line in lines)
        for size in ADDRESS_SIZES:
            style = ParagraphStyle("Fit", parent=self.styles["Address"], fontSize=size,
                                   leading=size * 1.2)
            paragraph = Paragraph(text, style)
            width, height = paragraph.wrapOn(canvas, box.width, box.height)
            if height <= box.height and len(paragraph.blPara.lines) == len(lines):
                top = box.top if valign == "top" else box.bottom + (box.height + height) / 2
                paragraph.drawOn(canvas, box.left, top - height)
                return Rect(box.left, top - height, width, height)
        raise UserError(f"The address of {name or lines[0]} does not fit ({len(lines)} lines).",
                        "Shorten it to at most five short lines: name, street or box, city, "
                        "state and ZIP.")


class EnvelopeRenderer(_CanvasRenderer):
    """Kind ``envelope``: a #10 envelope with the return address and the recipient's address."""

    template_name = "envelope"
    required_sections = ("title", "return-line")
    pagesize = ENVELOPE_SIZE

    def values(self, data: EnvelopePaper) -> dict[str, str | None]:
        """Nothing beyond the office's placeholders."""
        return {}

    def address_rect(self, data: EnvelopePaper) -> Rect:
        """Where the address is printed: inside the window (clear of its edges) or lower right."""
        if data.window:
            return ENVELOPE_WINDOW.inset(1 / 8 * inch)
        return ENVELOPE_ADDRESS

    def draw(self, canvas: Canvas, data: EnvelopePaper, wording: Wording) -> None:
        """The return address top left, the recipient where the envelope's kind needs it."""
        height = self.pagesize[1]
        inset = RETURN_ADDRESS_INSET
        head = data.letterhead
        lines = "<br/>".join([f"<b>{wording.text('return-line')}</b>", markup(head.city),
                              *(markup(x) for x in head.mailing_address.splitlines()
                                if x.strip())])
        paragraph = Paragraph(lines, self.styles["HeadContact"])
        _, used = paragraph.wrapOn(canvas, 3.5 * inch, 1.5 * inch)
        paragraph.drawOn(canvas, inset, height - inset - used)
        address = data.recipient.address_lines
        if not address:
            raise UserError("There is no one to address the envelope to.",
                            "Enter the recipient's name and address.")
        self.fit(canvas, address, self.address_rect(data), name=data.recipient.name)
        canvas.showPage()


class LabelsRenderer(_CanvasRenderer):
    """Kind ``labels``: addresses on Avery 5160-style sheets of 30, across then down."""

    template_name = "labels"
    pagesize = LABEL_SHEET

    def values(self, data: LabelsPaper) -> dict[str, str | None]:
        """Nothing beyond the office's placeholders."""
        return {}

    def draw(self, canvas: Canvas, data: LabelsPaper, wording: Wording) -> None:
        """One label per recipient, after ``skip`` used ones; a new sheet every 30."""
        if not data.recipients:
            raise UserError("There is no address to print on a label.",
                            "Enter the recipients' names and addresses.")
        position = data.skip % LABELS_PER_SHEET
        for recipient in data.recipients:
            if position == LABELS_PER_SHEET:
                canvas.showPage()
                position = 0
            self.fit(canvas, recipient.address_lines,
                     label_rect(position).inset(LABEL_PADDING), valign="middle",
                     name=recipient.name)
            position += 1
        canvas.showPage()


class CertificateOfMailingRenderer(Renderer[CertificateOfMailingPaper]):
    """Kind ``certificate-of-mailing``: what was mailed to whom, how, when — signed by the Clerk."""

    template_name = "certificate-of-mailing"
    required_sections = ("title", "body", "col-document", "col-recipient", "col-method",
                         "col-date", "closing")
    confidential = True

    def values(self, data: CertificateOfMailingPaper) -> dict[str, str | None]:
        """The date of the certificate."""
        return {"certified_on": long_date(data.certified_on)}

    def story(self, data: CertificateOfMailingPaper, wording: Wording) -> list[Flowable]:
        """The certification, one table row per item mailed, the Clerk's signature."""
        story: list[Flowable] = [Paragraph(wording.text("title"), self.styles["Title"]),
                                 *wording.flowables("body"), Spacer(0, 4)]
        for number, item in enumerate(data.items, start=1):
            how = item.method + (f", no. {item.tracking_number}" if item.tracking_number else "")
            story.append(Paragraph(f"{number}. {markup(item.document)}",
                                   self.styles["Subheading"]))
            method = markup(how) + (f"<br/><b>{markup(item.note)}</b>" if item.note else "")
            story.append(field_table([
                (wording.text("col-recipient"), "<br/>".join(
                    markup(line) for line in item.recipient.address_lines)),
                (wording.text("col-method"), method),
                (wording.text("col-date"), markup(long_date(item.mailed_on))),
            ], self.styles, label_width=1.3 * inch))
        story.append(self.signature_block(data.letterhead, wording.text("closing")))
        return story

