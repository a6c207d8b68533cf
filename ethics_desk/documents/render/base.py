"""The renderer every Ethics Desk document is built on: data in, PDF bytes out.

A document is a small subclass of :class:`Renderer` that names its template file and fills in two
template methods (the pattern of pretix's ReportLab invoice renderer):

* :meth:`Renderer.values` — the ``${placeholders}`` its template may use, resolved from the data;
* :meth:`Renderer.story` — the flowables, mostly from the template's sections through
  :class:`Wording`, plus what depends on the case (tables, signature lines).

Optional hooks: :meth:`Renderer.recipient` (an address block placed in the window of a #10
envelope), :meth:`Renderer.side_lines` (the date and case beside it),
:meth:`Renderer.is_confidential` (the "CONFIDENTIAL — § 2-83(h)" marking on every page) and
:meth:`Renderer.stylesheet`. :meth:`Renderer.signature_block` and :func:`signature_line` are
there to be used in stories.

The base draws the rest: the letterhead on the first page; on later pages a running header with the
document's title and case number; on every page a footer with "Page x of y". The document is laid
out once; each finished page is held by the canvas until the PDF is saved, when the total is known
and drawn on every page (the numbers sit outside the frames, so they cannot move the text). Every
string of user text is
escaped and set in the embedded DejaVu fonts, with the embedded Droid Sans Fallback for Chinese,
Japanese and Korean and Arabic joined and right to left
(:mod:`ethics_desk.documents.render.fonts`). Output is ReportLab's ``invariant`` mode: the same
data gives the same bytes, so an issued document can be reprinted identically.

A later letter is written like this (its data a frozen dataclass with ``letterhead`` and
``case_number``; its wording ``resources/templates/defect-letter.txt``; then its row in
:data:`ethics_desk.documents.kinds.KINDS`, which gives the kind its name, title, states, citation,
audience, data and this renderer)::

    class DefectLetterRenderer(Renderer[DefectLetterPaper]):
        '''Kind ``defect-letter``: returns a complaint that does not comply (§ 2-83(d)(3)).'''

        template_name = "defect-letter"
        required_sections = ("title", "body", "closing")

        def values(self, data: DefectLetterPaper) -> dict[str, str | None]:
            return {"complainant_name": data.complainant.name or None}

        def recipient(self, data: DefectLetterPaper) -> Party | None:
            return data.complainant

        def story(self, data: DefectLetterPaper, wording: Wording) -> list[Flowable]:
            return [Paragraph(wording.text("title"), self.styles["Title"]),
                    *wording.flowables("body"),
                    *(Paragraph(markup(defect), self.styles["Item"]) for defect in data.defects),
                    self.signature_block(data.letterhead, wording.text("closing"))]

Measurements are written in inches (``* inch`` turns them into PDF points) on a US-letter sheet;
ReportLab's origin is the bottom-left corner.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import re
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle, StyleSheet1
from reportlab.lib.units import inch
from reportlab.platypus import (
    Frame,
    ListFlowable,
    ListItem,
    PageTemplate,
    Spacer,
    TableStyle,
)

from ethics_desk.core.errors import UserError
from ethics_desk.core.vocabulary import Language
from ethics_desk.core.words import Words, words_for
from ethics_desk.documents.render.data import Letterhead, Party
from ethics_desk.documents.render.fonts import BOLD, REGULAR, draw_centred, markup, register_fonts
from ethics_desk.documents.render.periods import period_values, vote_values
from ethics_desk.documents.render.templates import BlockKind, DocumentTemplate, TemplateLibrary
from ethics_desk.documents.render.typed import (
    BaseDocTemplate,
    Canvas,
    Flowable,
    KeepTogether,
    Paragraph,
    Table,
)

PAGE_WIDTH: float = LETTER[0]
PAGE_HEIGHT: float = LETTER[1]
MARGIN_LEFT: float = 1.0 * inch
MARGIN_RIGHT: float = 1.0 * inch
MARGIN_TOP: float = 1.0 * inch
"""Top of the text on later pages (the running header sits above it)."""
MARGIN_BOTTOM: float = 0.9 * inch
LETTERHEAD_TOP: float = 0.6 * inch
"""From the top edge of the sheet to the top of the letterhead."""
LETTERHEAD_BOTTOM: float = 1.45 * inch
"""From the top edge to the rule under the letterhead."""
HEADER_BASELINE: float = 0.72 * inch
"""From the top edge to the running header's baseline on later pages."""
FOOTER_BASELINE: float = 0.5 * inch
"""From the bottom edge to the footer's baseline."""
MARKING_BASELINE: float = 0.4 * inch
"""From the top edge to the confidentiality marking's baseline (above the running header and
the letterhead, clear of both)."""

# The window of a standard #10 envelope (4-1/8" x 9-1/2") seen on a US-letter sheet folded in
# three (letter fold, address panel on top), measured from the sheet's top-left corner.
WINDOW_LEFT: float = 7 / 8 * inch
WINDOW_TOP: float = 2.0 * inch
WINDOW_WIDTH: float = 4.5 * inch
WINDOW_HEIGHT: float = 1.125 * inch
WINDOW_CLEARANCE: float = 1 / 8 * inch
"""How far the address keeps inside each edge of the window: the folded sheet moves a little."""
SIDE_BLOCK_LEFT: float = 5.6 * inch
"""Left edge of the date and case lines printed to the right of the window."""
BODY_TOP_WITH_WINDOW: float = WINDOW_TOP + WINDOW_HEIGHT + 0.3 * inch
BODY_TOP_WITHOUT_WINDOW: float = LETTERHEAD_BOTTOM + 0.3 * inch

GREY = colors.Color(0.35, 0.35, 0.35)
_PREPARED = threading.local()
"""Per thread: the header and footer lines already laid out (see :meth:`Renderer._draw`)."""
_PREPARED_LIMIT = 512
_CANNOT_FIT = 0x7FFFFFFF
"""The height Paragraph.wrap gives for a width too narrow for any text."""
_TALL = 72000.0
"""The height offered to what a box holds (as a table offers its cells): it is measured whole."""


@dataclass(frozen=True)
class Rect:
    """A rectangle on the page in points, origin at the bottom-left corner of the sheet."""

    left: float
    bottom: float
    width: float
    height: float

    @classmethod
    def from_top_left(cls, left: float, top: float, width: float, height: float) -> Rect:
        """A rectangle measured as with a ruler: from the sheet's left and top edges."""
        return cls(left, PAGE_HEIGHT - top - height, width, height)

    @property
    def right(self) -> float:
        """The right edge."""
        return self.left + self.width

    @property
    def top(self) -> float:
        """The top edge."""
        return self.bottom + self.height

    def contains(self, other: Rect) -> bool:
        """Whether ``other`` lies wholly inside this rectangle."""
        return (self.left <= other.left and other.right <= self.right
                and self.bottom <= other.bottom and other.top <= self.top)

    def inset(self, amount: float) -> Rect:
        """This rectangle shrunk by ``amount`` on every side."""
        return Rect(self.left + amount, self.bottom + amount, self.width - 2 * amount,
                    self.height - 2 * amount)


WINDOW = Rect.from_top_left(WINDOW_LEFT, WINDOW_TOP, WINDOW_WIDTH, WINDOW_HEIGHT)
"""Where the envelope's window shows the folded sheet."""
ADDRESS_SIZES = (10.0, 9.5, 9.0, 8.5, 8.0)
"""Font sizes tried, largest first, until the address fits the window."""


class PaperData(Protocol):
    """What every document's data carries: the office's letterhead and the case number (or "")."""

    @property
    def letterhead(self) -> Letterhead:
        """The office."""
        ...

    @property
    def case_number(self) -> str:
        """``ERB-YYYY-NNN``, or empty when the document belongs to no filed case."""
        ...


D = TypeVar("D", bound=PaperData)


class DocTable(Table):
    """A platypus Table whose cells default to DejaVu: ReportLab's default, Helvetica, is not
    embedded and would put an unembedded font into the PDF. Documents use this, not Table."""

    def __init__(self, data: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(data, *args, **kwargs)
        self.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), REGULAR)]))


class DocParagraph(Paragraph):
    """A platypus Paragraph that keeps its line breaking for the width it was last wrapped at.

    Platypus wraps one paragraph several times at the same width — a table measures its cells and
    wraps them again to draw them, a list or a KeepTogether measures its content before the frame
    places it — and breaking lines is most of a letter's layout time. The result depends on the
    width alone (and the paragraph's text and style, which do not change), so it is reused."""

    _wrapped: tuple[float, float, float, Any, Any] | None = None

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """The paragraph's size at ``availWidth`` (broken into lines once per width)."""
        memo = self._wrapped
        if memo is not None and memo[0] == availWidth:
            _, self.width, self.height, self.blPara, self._wrapWidths = memo
            return self.width, self.height
        width, height = super().wrap(availWidth, availHeight)
        if height != _CANNOT_FIT:
            self._wrapped = (availWidth, self.width, self.height, self.blPara, self._wrapWidths)
        return width, height


class Wording:
    """A document's template bound to its placeholder values, turned into flowables on demand."""

    def __init__(self, template: DocumentTemplate, values: Mapping[str, str | None],
                 styles: StyleSheet1) -> None:
        self.template = template
        self.values = values
        self.styles = styles

    def has(self, section: str) -> bool:
        """Whether the template has ``section`` (for optional parts)."""
        return section in self.template.sections

    def text(self, section: str) -> str:
        """A one-paragraph section as Paragraph markup (labels, captions, single sentences)."""
        return "<br/>".join(self.template.inline(item, self.values)
                            for block in self.template.section(section).blocks
                            for item in block.items)

    def plain(self, section: str) -> str:
        """A one-paragraph section as plain text (for PDF metadata and running headers)."""
        return " ".join(self.template.plain(item, self.values)
                        for block in self.template.section(section).blocks
                        for item in block.items)

    def flowables(self, section: str, style: str = "Body", *,
                  run_in: bool = False) -> list[Flowable]:
        """Every block of ``section`` as flowables; paragraphs in ``style``.

        ``run_in`` sets a numbered list as one paragraph ("(1) … (2) …"), where a page has no
        room for a line per item.
        """
        out: list[Flowable] = []
        for block in self.template.section(section).blocks:
            items = [self.template.inline(item, self.values) for item in block.items]
            if run_in and block.kind is BlockKind.NUMBERS:
                out.append(DocParagraph(" ".join(f"({number}) {item}" for number, item
                                                 in enumerate(items, start=1)),
                                        self.styles[style]))
            elif block.kind is BlockKind.HEADING:
                out.append(DocParagraph(items[0], self.styles["Heading"]))
            elif block.kind is BlockKind.SUBHEADING:
                out.append(DocParagraph(items[0], self.styles["Subheading"]))
            elif block.kind is BlockKind.PARAGRAPH:
                out.append(DocParagraph(items[0], self.styles[style]))
            elif block.kind is BlockKind.LINES:
                out.append(DocParagraph("<br/>".join(items), self.styles[style]))
            elif block.kind is BlockKind.NOTICE:
                out.append(notice([DocParagraph(item, self.styles["Notice"]) for item in items]))
            else:
                out.append(bullet_list(items, self.styles["Item" if style == "Body" else style],
                                       numbered=block.kind is BlockKind.NUMBERS))
        return out


def paragraphs(text: str, style: ParagraphStyle) -> list[Flowable]:
    """User text as paragraphs: a blank line starts a new one, a single line break is kept."""
    chunks = [chunk.strip() for chunk in re.split(r"\n[ \t]*\n", text.replace("\r\n", "\n"))]
    return [DocParagraph(markup(chunk), style) for chunk in chunks if chunk]


def bullet_list(items: Sequence[str], style: ParagraphStyle, *, numbered: bool = False,
                start: int = 1) -> ListFlowable:
    """A bulleted (or numbered) list of markup items."""
    flowables = [ListItem(DocParagraph(item, style), leftIndent=16) for item in items]
    common = {"bulletFontName": REGULAR, "bulletFontSize": style.fontSize, "leftIndent": 16,
              "spaceAfter": max(style.spaceAfter, 3)}
    if numbered:
        return ListFlowable(flowables, bulletType="1", start=start, bulletFormat="%s.", **common)
    return ListFlowable(flowables, bulletType="bullet", start="•", **common)


class Box(Flowable):
    """Flowables stacked in a ruled box the full width of the frame (what :func:`notice` gives).

    It looks as a one-cell table with a box would, and like one it cannot split; it measures its
    content once, where a table measures it for its row heights and again to draw it."""

    def __init__(self, content: Sequence[Flowable], *, padding: float = 7,
                 bottom_padding: float | None = None, line_width: float = 1.2) -> None:
        super().__init__()
        self.content = list(content)
        self.padding = padding
        self.bottom_padding = padding - 2 if bottom_padding is None else bottom_padding
        self.line_width = line_width
        self._heights: list[float] = []

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        """The full available width; the content's height and the padding."""
        canvas = getattr(self, "canv", None)
        inner = availWidth - 2 * self.padding
        self._heights = [float(f.wrapOn(canvas, inner, _TALL)[1]) for f in self.content]
        total = sum(h + f.getSpaceBefore() + f.getSpaceAfter()
                    for f, h in zip(self.content, self._heights, strict=True))
        if self.content:
            total -= self.content[0].getSpaceBefore() + self.content[-1].getSpaceAfter()
        self.width = availWidth
        self.height = total + self.padding + self.bottom_padding
        return self.width, self.height

    def draw(self) -> None:
        """The box, then the content from the top down."""
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(self.line_width)
        canvas.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        canvas.restoreState()
        y = self.height - self.padding
        if self.content:
            y += self.content[0].getSpaceBefore()
        for flowable, height in zip(self.content, self._heights, strict=True):
            y -= flowable.getSpaceBefore() + height
            flowable.drawOn(canvas, self.padding, y)
            y -= flowable.getSpaceAfter()


def notice(content: Sequence[Flowable], *, padding: float = 7) -> Box:
    """Flowables in a ruled box: warnings, notes to the reader (short: a box cannot split)."""
    box = Box(content, padding=padding)
    box.spaceBefore = 6
    box.spaceAfter = 8
    return box


def signature_line(caption: str, styles: StyleSheet1, *, width: float = 3.4 * inch,
                   filled: str = "", space: float = 0.45 * inch) -> DocTable:
    """A line to sign or write on, ``caption`` (markup) under it; ``filled`` (markup) on it."""
    table = DocTable([[DocParagraph(filled, styles["Fill"])],
                      [DocParagraph(caption, styles["Caption"])]],
                     colWidths=[width], rowHeights=[space, None], hAlign="LEFT")
    table.setStyle(TableStyle([
        ("LINEBELOW", (0, 0), (0, 0), 0.8, colors.black),
        ("VALIGN", (0, 0), (0, 0), "BOTTOM"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (0, 0), 2),
    ]))
    return table


def field_table(rows: Sequence[tuple[str, str]], styles: StyleSheet1, *,
                label_width: float = 1.9 * inch, width: float | None = None) -> DocTable:
    """Label and value pairs (both markup) in two columns, values on light rules."""
    total = width if width is not None else PAGE_WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    table = DocTable([[DocParagraph(label, styles["Label"]), DocParagraph(value, styles["Cell"])]
                      for label, value in rows], colWidths=[label_width, total - label_width],
                     hAlign="LEFT")
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (1, 0), (1, -1), 0.4, colors.Color(0.7, 0.7, 0.7)),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (0, -1), 6),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return table


class TotalsCanvas(Canvas):
    """A canvas that holds each finished page until the document is saved, then draws
    "Page x of y" on every page: the layout runs once, whatever the page count."""

    def __init__(self, *args: Any, draw_total: Callable[[Canvas, int, int], None],
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._draw_total = draw_total
        self._held: list[dict[str, Any]] = []

    def showPage(self) -> None:
        """Hold the page (its state) instead of writing it out now."""
        self._held.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        """Draw each held page's total, write the pages, save."""
        total = len(self._held)
        for number, state in enumerate(self._held, start=1):
            self.__dict__.update(state)
            self._draw_total(self, number, total)
            Canvas.showPage(self)
        Canvas.save(self)


@dataclass
class _Pass:
    """The layout: what the page callbacks need, and the pages they saw."""

    data: Any
    wording: Wording
    pages: int = 0
    recipient: Party | None = None
    side_lines: list[str] = field(default_factory=list)


class _DocTemplate(BaseDocTemplate):
    """Page template "first" for page 1, "later" for every page after it."""

    def handle_pageBegin(self) -> None:
        """Switch to the continuation template once the first page has begun."""
        self._handle_pageBegin()
        self._handle_nextPageTemplate("later")


class Renderer(ABC, Generic[D]):
    """The base of every document: subclasses give the template and the story.

    A renderer has no name or title of its own: its kind's row in
    :data:`ethics_desk.documents.kinds.KINDS` names it and says what it is (the printed heading
    is the template's ``[title]``)."""

    template_name: ClassVar[str]
    """The template file (without ``.txt``) under ``resources/templates/``."""
    required_sections: ClassVar[tuple[str, ...]] = ("title",)
    """Sections checked before anything is laid out, so a broken override fails at once."""
    confidential: ClassVar[bool] = False
    """Whether the "CONFIDENTIAL — § 2-83(h)" marking goes on every page."""

    pagesize = LETTER
    left_margin = MARGIN_LEFT
    right_margin = MARGIN_RIGHT
    top_margin = MARGIN_TOP
    bottom_margin = MARGIN_BOTTOM

    def __init__(self, templates: TemplateLibrary | None = None,
                 language: Language = Language.ENGLISH) -> None:
        register_fonts()
        self.templates = templates if templates is not None else TemplateLibrary()
        self.language = language
        """The language of the paper: its template (``receipt.es.txt``) and :attr:`words`."""
        self.words: Words = words_for(language)
        """How this paper writes dates, times and its frame (the page numbers, "Case …")."""
        self.styles = self.stylesheet()

    # -- the public interface ------------------------------------------------------------------

    def render(self, data: D) -> bytes:
        """The document as PDF bytes (the same bytes for the same data and template); a paper in
        Spanish names the office in Spanish (:meth:`Letterhead.in_language`)."""
        data = self.in_language(data)
        pdf, _pages = self._build(data, self.wording_for(data))
        return pdf

    def in_language(self, data: D) -> D:
        """``data`` with its letterhead as a paper in this renderer's language prints it."""
        letterhead = data.letterhead.in_language(self.language)
        if letterhead is data.letterhead:
            return data
        return dataclasses.replace(data, letterhead=letterhead)  # type: ignore[type-var]

    def wording_for(self, data: D) -> Wording:
        """The template filled for ``data``, checked before anything is laid out: every
        placeholder has a value and every required section is there (a broken office override
        fails here, naming the file and the placeholder)."""
        template = self.templates.load(self.template_name, self.language)
        values = {**self.common_values(data.letterhead, data.case_number), **self.values(data)}
        template.check(values)
        for section in self.required_sections:
            template.section(section)
        return Wording(template, values, self.styles)

    def window_rect(self) -> Rect:
        """The envelope window, on the sheet."""
        return WINDOW

    def address_block_rect(self) -> Rect:
        """Where the recipient's address is printed: inside the window, clear of its edges."""
        return WINDOW.inset(WINDOW_CLEARANCE)

    # -- template methods for subclasses -------------------------------------------------------

    @abstractmethod
    def values(self, data: D) -> dict[str, str | None]:
        """The placeholder values the template may use (``None``: no value for this case)."""

    @abstractmethod
    def story(self, data: D, wording: Wording) -> list[Flowable]:
        """The document's flowables, title first."""

    def recipient(self, data: D) -> Party | None:
        """Whom a letter is addressed to, printed in the envelope window; ``None`` for no window."""
        return None

    def side_lines(self, data: D, wording: Wording) -> list[str]:
        """Markup lines printed to the right of the window, when there is one (date, case)."""
        return [markup(self.words.case(data.case_number))] if data.case_number else []

    def is_confidential(self, data: D) -> bool:
        """Whether this document carries the § 2-83(h) marking on every page."""
        return self.confidential

    def case_label(self, data: D) -> str:
        """The case as the header and footer show it."""
        return self.words.case(data.case_number) if data.case_number else ""

    def first_page_top(self, *, has_window: bool) -> float:
        """From the top edge to where the first page's text begins (below the window if any)."""
        return BODY_TOP_WITH_WINDOW if has_window else BODY_TOP_WITHOUT_WINDOW

    def common_values(self, letterhead: Letterhead, case_number: str) -> dict[str, str | None]:
        """The placeholders every template may use: the office, the case number, and every
        clock's period and each vote rule of the statute
        (:mod:`ethics_desk.documents.render.periods`)."""
        return {
            **period_values(self.language),
            **vote_values(self.language),
            "office_name": letterhead.office_name,
            "city": letterhead.city,
            "mailing_address": letterhead.mailing_address,
            "mailing_address_line": _one_line(letterhead.mailing_address),
            "filing_address": letterhead.filing_address,
            "filing_address_line": _one_line(letterhead.filing_address),
            "office_phone": letterhead.phone,
            "office_fax": letterhead.fax,
            "signatory": letterhead.signatory,
            "signatory_title": letterhead.signatory_title,
            "county": letterhead.county,
            "case_number": case_number or None,
        }

    def stylesheet(self) -> StyleSheet1:
        """The paragraph styles; override to change sizes for one document."""
        sheet = StyleSheet1()
        add = sheet.add
        add(ParagraphStyle("Body", fontName=REGULAR, fontSize=10, leading=13.5, spaceAfter=6))
        add(ParagraphStyle("BodyTight", parent=sheet["Body"], spaceAfter=2))
        add(ParagraphStyle("Indented", parent=sheet["Body"], leftIndent=0.3 * inch))
        add(ParagraphStyle("Item", parent=sheet["Body"], spaceAfter=3))
        add(ParagraphStyle("Small", fontName=REGULAR, fontSize=8.5, leading=11, spaceAfter=4))
        add(ParagraphStyle("Title", fontName=BOLD, fontSize=15, leading=19, spaceAfter=8))
        add(ParagraphStyle("Subtitle", fontName=REGULAR, fontSize=10, leading=13,
                           textColor=GREY, spaceAfter=10))
        add(ParagraphStyle("Heading", fontName=BOLD, fontSize=11.5, leading=14.5, spaceBefore=10,
                           spaceAfter=4, keepWithNext=1))
        add(ParagraphStyle("Subheading", fontName=BOLD, fontSize=10, leading=13, spaceBefore=6,
                           spaceAfter=3, keepWithNext=1))
        add(ParagraphStyle("Notice", fontName=BOLD, fontSize=9.5, leading=12.5, spaceAfter=3))
        add(ParagraphStyle("Cell", fontName=REGULAR, fontSize=9.5, leading=12))
        add(ParagraphStyle("CellBold", parent=sheet["Cell"], fontName=BOLD))
        add(ParagraphStyle("CellSmall", fontName=REGULAR, fontSize=7.5, leading=9.5))
        add(ParagraphStyle("Label", fontName=BOLD, fontSize=8.5, leading=12, textColor=GREY))
        add(ParagraphStyle("Fill", fontName=REGULAR, fontSize=10, leading=12))
        add(ParagraphStyle("Caption", fontName=REGULAR, fontSize=8, leading=10, textColor=GREY))
        add(ParagraphStyle("Address", fontName=REGULAR, fontSize=10, leading=12))
        add(ParagraphStyle("Side", fontName=REGULAR, fontSize=9.5, leading=12.5))
        add(ParagraphStyle("HeadCity", fontName=BOLD, fontSize=8.5, leading=11,
                           textColor=GREY))
        add(ParagraphStyle("HeadOffice", fontName=BOLD, fontSize=15, leading=18))
        add(ParagraphStyle("HeadContact", fontName=REGULAR, fontSize=8, leading=10.5,
                           textColor=GREY))
        add(ParagraphStyle("Running", fontName=REGULAR, fontSize=8, leading=10, textColor=GREY))
        add(ParagraphStyle("RunningRight", parent=sheet["Running"], alignment=TA_RIGHT))
        add(ParagraphStyle("Marking", fontName=BOLD, fontSize=9, leading=11,
                           alignment=TA_CENTER))
        add(ParagraphStyle("Left", fontName=REGULAR, fontSize=10, leading=13,
                           alignment=TA_LEFT))
        return sheet

    def signature_block(self, letterhead: Letterhead, closing: str, *,
                        signer: tuple[str, ...] | None = None) -> Flowable:
        """The closing (markup, e.g. "Sincerely,"), room to sign, and the signatory — the
        office's, or ``signer``'s lines for a letter another officer signs."""
        lines: list[str] = []
        for line in signer or (letterhead.signatory, letterhead.signatory_title,
                               letterhead.office_name):
            if line.strip() and line.strip() not in lines:
                lines.append(line.strip())
        return KeepTogether([
            Spacer(0, 10),
            DocParagraph(closing, self.styles["Body"]),
            signature_line("", self.styles, space=0.6 * inch, width=3.0 * inch),
            DocParagraph("<br/>".join(markup(line) for line in lines), self.styles["Left"]),
        ])

    # -- layout --------------------------------------------------------------------------------

    def _build(self, data: D, wording: Wording) -> tuple[bytes, int]:
        state = _Pass(data, wording, recipient=self.recipient(data),
                      side_lines=self.side_lines(data, wording))
        buffer = io.BytesIO()
        doc = _DocTemplate(
            buffer, pagesize=self.pagesize, leftMargin=self.left_margin,
            rightMargin=self.right_margin, topMargin=self.top_margin,
            bottomMargin=self.bottom_margin, invariant=1, initialFontName=REGULAR,
            title=wording.plain("title"), author=data.letterhead.office_name,
            subject=self.case_label(data), creator="Ethics Desk", producer="Ethics Desk",
            lang=self.language.tag)
        width = PAGE_WIDTH - self.left_margin - self.right_margin
        first_top = self.first_page_top(has_window=state.recipient is not None)
        frame_args = {"leftPadding": 0, "rightPadding": 0, "topPadding": 0, "bottomPadding": 0}
        doc.addPageTemplates([
            PageTemplate("first", [Frame(self.left_margin, self.bottom_margin, width,
                                         PAGE_HEIGHT - first_top - self.bottom_margin,
                                         id="first", **frame_args)],
                         onPage=self._page_callback(state, first=True), pagesize=self.pagesize),
            PageTemplate("later", [Frame(self.left_margin, self.bottom_margin, width,
                                         PAGE_HEIGHT - self.top_margin - self.bottom_margin,
                                         id="later", **frame_args)],
                         onPage=self._page_callback(state, first=False),
                         pagesize=self.pagesize),
        ])
        doc.build(self.story(data, wording), canvasmaker=functools.partial(
            TotalsCanvas, draw_total=self.draw_page_number))
        return buffer.getvalue(), state.pages

    def _page_callback(self, state: _Pass, *, first: bool) -> Callable[[Canvas, Any], None]:
        def on_page(canvas: Canvas, doc: Any) -> None:
            state.pages = max(state.pages, canvas.getPageNumber())
            canvas.saveState()
            if first:
                self.draw_letterhead(canvas, state.data.letterhead)
                if state.recipient is not None:
                    self.draw_address(canvas, state.recipient)
                    if state.side_lines:
                        self.draw_side_lines(canvas, state.side_lines)
            else:
                self.draw_running_header(canvas, state.data, state.wording)
            if self.is_confidential(state.data):
                self.draw_confidential_marking(canvas)
            self.draw_footer(canvas, state.data)
            canvas.restoreState()
        return on_page

    def _draw(self, canvas: Canvas, text: str, style: str, left: float, top: float,
              width: float) -> float:
        """Markup drawn with its top at ``top``; returns the height used.

        The same lines recur on every page and in every letter of a batch (the letterhead, the
        footer, "Page 1 of 2"), so each is parsed and broken into lines once and then only drawn;
        the prepared paragraphs are kept per thread, as drawing sets the canvas on them."""
        cache: dict[tuple[str, ParagraphStyle, float], tuple[DocParagraph, float]] | None = getattr(
            _PREPARED, "paragraphs", None)
        if cache is None or len(cache) > _PREPARED_LIMIT:
            cache = _PREPARED.paragraphs = {}
        key = (text, self.styles[style], width)
        prepared = cache.get(key)
        if prepared is None:
            paragraph = DocParagraph(text, self.styles[style])
            prepared = cache[key] = (paragraph, float(paragraph.wrap(width, PAGE_HEIGHT)[1]))
        paragraph, height = prepared
        paragraph.drawOn(canvas, left, top - height)
        return height

    def draw_letterhead(self, canvas: Canvas, letterhead: Letterhead) -> None:
        """The city, the office and how to reach it across the top of the first page, ruled off."""
        width = PAGE_WIDTH - self.left_margin - self.right_margin
        top = PAGE_HEIGHT - LETTERHEAD_TOP
        top -= self._draw(canvas, markup(letterhead.city.upper()), "HeadCity", self.left_margin,
                          top, width)
        top -= self._draw(canvas, markup(letterhead.office_name), "HeadOffice", self.left_margin,
                          top, width)
        contact = "  ·  ".join(part for part in (
            _one_line(letterhead.mailing_address),
            f"{self.words.telephone} {letterhead.phone}" if letterhead.phone.strip() else "",
            f"{self.words.fax} {letterhead.fax}" if letterhead.fax.strip() else "") if part)
        lines = [markup(contact)] if contact else []
        if letterhead.filing_address.strip():
            lines.append(markup(f"{self.words.in_person} " + _one_line(letterhead.filing_address)))
        if lines:
            self._draw(canvas, "<br/>".join(lines), "HeadContact", self.left_margin, top - 2,
                       width)
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(0.8)
        rule = PAGE_HEIGHT - LETTERHEAD_BOTTOM
        canvas.line(self.left_margin, rule, PAGE_WIDTH - self.right_margin, rule)

    def address_lines_markup(self, recipient: Party) -> str:
        """The recipient's name and address as markup, one line per line."""
        return "<br/>".join(markup(line) for line in recipient.address_lines)

    def draw_address(self, canvas: Canvas, recipient: Party) -> None:
        """The recipient in the window position, shrunk to fit; too long an address is refused."""
        box = self.address_block_rect()
        text = self.address_lines_markup(recipient)
        for size in ADDRESS_SIZES:
            style = ParagraphStyle("AddressFit", parent=self.styles["Address"], fontSize=size,
                                   leading=size * 1.2)
            paragraph = DocParagraph(text, style)
            _, height = paragraph.wrapOn(canvas, box.width, box.height)
            lines = len(paragraph.blPara.lines)
            if height <= box.height and lines == len(recipient.address_lines):
                paragraph.drawOn(canvas, box.left, box.top - height)
                return
        raise UserError(
            f"The address of {recipient.name} does not fit the envelope window "
            f"({len(recipient.address_lines)} lines).",
            "Shorten it to at most five short lines: name, street or box, city, state and ZIP.")

    def draw_side_lines(self, canvas: Canvas, lines: list[str]) -> None:
        """The date and case to the right of the window."""
        self._draw(canvas, "<br/>".join(lines), "Side", SIDE_BLOCK_LEFT,
                   self.address_block_rect().top, PAGE_WIDTH - self.right_margin - SIDE_BLOCK_LEFT)

    def draw_running_header(self, canvas: Canvas, data: D, wording: Wording) -> None:
        """Title and case at the top of every page after the first, ruled off."""
        width = PAGE_WIDTH - self.left_margin - self.right_margin
        top = PAGE_HEIGHT - HEADER_BASELINE + 8
        self._draw(canvas, markup(wording.plain("title")), "Running", self.left_margin, top,
                   width * 0.6)
        self._draw(canvas, markup(self.case_label(data)), "RunningRight",
                   self.left_margin + width * 0.6, top, width * 0.4)
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.5)
        rule = PAGE_HEIGHT - HEADER_BASELINE - 5
        canvas.line(self.left_margin, rule, PAGE_WIDTH - self.right_margin, rule)

    def draw_footer(self, canvas: Canvas, data: D) -> None:
        """The case and the office on the left of every page's footer."""
        width = PAGE_WIDTH - self.left_margin - self.right_margin
        left = " · ".join(part for part in (
            self.case_label(data), f"{data.letterhead.office_name}, {data.letterhead.city}")
            if part)
        self._draw(canvas, markup(left), "Running", self.left_margin, FOOTER_BASELINE + 8,
                   width * 0.75)

    def draw_page_number(self, canvas: Canvas, page: int, total: int) -> None:
        """"Page x of y" on the right of the footer (drawn when the total is known)."""
        width = PAGE_WIDTH - self.left_margin - self.right_margin
        canvas.saveState()
        self._draw(canvas, self.words.page(page, total), "RunningRight",
                   self.left_margin + width * 0.75, FOOTER_BASELINE + 8, width * 0.25)
        canvas.restoreState()

    def draw_confidential_marking(self, canvas: Canvas) -> None:
        """"CONFIDENTIAL — § 2-83(h)" boxed at the top centre of the page."""
        text = self.words.confidential
        style = self.styles["Marking"]
        text_width = canvas.stringWidth(text, style.fontName, style.fontSize)
        box_width = text_width + 14
        left = (PAGE_WIDTH - box_width) / 2
        baseline = PAGE_HEIGHT - MARKING_BASELINE
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(0.9)
        canvas.rect(left, baseline - 4, box_width, style.fontSize + 7, stroke=1, fill=0)
        canvas.setFillColor(colors.black)
        draw_centred(canvas, PAGE_WIDTH / 2, baseline, text, style.fontName, style.fontSize)


def _one_line(text: str) -> str:
    """A multi-line address on one line, its lines joined by commas."""
    return ", ".join(line.strip() for line in text.splitlines() if line.strip())
