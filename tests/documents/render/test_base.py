"""The renderer base: letterhead, "Page x of y", escaping, fonts, the window, the marking, bytes."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Paragraph

from ethics_desk.core.errors import UserError
from ethics_desk.documents.kinds import KINDS
from ethics_desk.documents.render.base import (
    WINDOW,
    WINDOW_HEIGHT,
    WINDOW_LEFT,
    WINDOW_TOP,
    WINDOW_WIDTH,
    DocParagraph,
    Renderer,
    Wording,
    notice,
)
from ethics_desk.documents.render.data import Letterhead, Party
from ethics_desk.documents.render.fonts import markup
from ethics_desk.documents.render.templates import TemplateLibrary
from tests.documents.render.helpers import (
    fonts_used,
    page_count,
    pages_text,
    placed_text,
    receipt_paper,
    screenshot,
    text_of,
)

PROBE_TEMPLATE = """\
[title] Probe Letter
[greeting] Dear ${recipient_name}:
[closing] Sincerely,
"""


@dataclass(frozen=True)
class ProbeData:
    """Just what the base needs, plus paragraphs of user text."""

    letterhead: Letterhead = field(default_factory=Letterhead)
    case_number: str = "ERB-2026-007"
    recipient_party: Party | None = None
    paragraphs: tuple[str, ...] = ()
    confidential: bool = False


class ProbeRenderer(Renderer[ProbeData]):
    """A minimal document, the way a later letter extends the base."""

    kind = "probe"
    title = "Probe"
    template_name = "probe"
    required_sections = ("title", "greeting", "closing")

    def values(self, data: ProbeData) -> dict[str, str | None]:
        return {"recipient_name": data.recipient_party.name if data.recipient_party else "All"}

    def recipient(self, data: ProbeData) -> Party | None:
        return data.recipient_party

    def is_confidential(self, data: ProbeData) -> bool:
        return data.confidential

    def story(self, data: ProbeData, wording: Wording) -> list[Flowable]:
        return [Paragraph(wording.text("title"), self.styles["Title"]),
                *wording.flowables("greeting"),
                *(Paragraph(markup(text), self.styles["Body"]) for text in data.paragraphs),
                self.signature_block(data.letterhead, wording.text("closing"))]


@pytest.fixture
def probe(tmp_path: Path) -> ProbeRenderer:
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    (shipped / "probe.txt").write_text(PROBE_TEMPLATE, encoding="utf-8")
    return ProbeRenderer(TemplateLibrary({}, shipped))


JANE = Party("Jane Q. Public", address="4500 Fredericksburg Rd., Apt. 12\nSan Antonio, TX 78201")
LONG = tuple(f"Paragraph {n}. " + "The respondent drove the City truck to a private event. " * 12
             for n in range(1, 31))


def test_every_page_says_page_x_of_y_with_the_true_total(probe: ProbeRenderer) -> None:
    pdf = probe.render(ProbeData(paragraphs=LONG))
    pages = pages_text(pdf)
    assert len(pages) >= 3
    for number, text in enumerate(pages, start=1):
        assert f"Page {number} of {len(pages)}" in text
        assert "Case ERB-2026-007" in text
    screenshot("probe-long", pdf)


def test_a_one_page_document_says_page_1_of_1(probe: ProbeRenderer) -> None:
    assert "Page 1 of 1" in text_of(probe.render(ProbeData()))


def test_the_letterhead_is_on_the_first_page_and_the_running_header_on_the_others(
        probe: ProbeRenderer) -> None:
    pages = pages_text(probe.render(ProbeData(paragraphs=LONG)))
    assert "CITY OF SAN ANTONIO" in pages[0]
    assert "P.O. Box 839966, San Antonio, TX 78283-3966" in pages[0]
    assert "Telephone 210-207-7253" in pages[0]
    for later in pages[1:]:
        assert "CITY OF SAN ANTONIO" not in later
        assert "Probe Letter" in later  # the running header names the document


def test_user_text_that_looks_like_markup_prints_literally(probe: ProbeRenderer) -> None:
    tricky = Party("A&B <Ltd>", address="1 <b>Main</b> St. & Co\nSan Antonio, TX 78205")
    pdf = probe.render(ProbeData(recipient_party=tricky, paragraphs=("Fish & <chips> <br/>",)))
    text = text_of(pdf)
    assert "Dear A&B <Ltd>:" in text
    assert "1 <b>Main</b> St. & Co" in text
    assert "Fish & <chips> <br/>" in text


def test_the_window_constants_are_those_of_a_number_10_window_envelope() -> None:
    in_inches = [WINDOW_LEFT / inch, WINDOW_TOP / inch, WINDOW_WIDTH / inch, WINDOW_HEIGHT / inch]
    assert in_inches == pytest.approx([7 / 8, 2, 4.5, 1 + 1 / 8])
    assert WINDOW.top == pytest.approx(11 * inch - 2 * inch)


def test_the_address_block_lies_inside_the_envelope_window(probe: ProbeRenderer) -> None:
    assert probe.window_rect().contains(probe.address_block_rect())
    assert probe.address_block_rect().width < probe.window_rect().width


def test_the_printed_address_lines_fall_inside_the_envelope_window(
        probe: ProbeRenderer) -> None:
    pdf = probe.render(ProbeData(recipient_party=JANE))
    placed = {p.text: p for p in placed_text(pdf)}
    for line in JANE.address_lines:
        assert line in placed, line
        assert WINDOW.contains(placed[line].box()), (line, placed[line].box(), WINDOW)
    outside = [p for p in placed_text(pdf) if WINDOW.contains(p.box())]
    assert {p.text for p in outside} == set(JANE.address_lines)  # nothing else shows


def test_a_five_line_address_still_fits_the_window(probe: ProbeRenderer) -> None:
    party = Party("Łukasz Wróbel", address="Attn: Records Unit\nFleet Services Division\n"
                  "1 Long Street Name Boulevard, Suite 400\nSan Antonio, TX 78205-1234")
    pdf = probe.render(ProbeData(recipient_party=party))
    placed = {p.text: p for p in placed_text(pdf)}
    for line in party.address_lines:
        assert WINDOW.contains(placed[line].box()), line


def test_an_address_too_long_for_the_window_is_refused_with_a_fix(probe: ProbeRenderer) -> None:
    party = Party("Name", address="\n".join(f"Line {n}" for n in range(1, 9)))
    with pytest.raises(UserError, match="envelope window"):
        probe.render(ProbeData(recipient_party=party))


def test_a_confidential_document_is_marked_on_every_page(probe: ProbeRenderer) -> None:
    pages = pages_text(probe.render(ProbeData(paragraphs=LONG, confidential=True)))
    assert len(pages) > 1
    assert all("CONFIDENTIAL — § 2-83(h)" in page for page in pages)


def test_a_document_that_is_not_confidential_carries_no_marking(probe: ProbeRenderer) -> None:
    assert "CONFIDENTIAL" not in text_of(probe.render(ProbeData(paragraphs=LONG)))


def test_the_same_data_renders_to_the_same_bytes(probe: ProbeRenderer) -> None:
    data = ProbeData(recipient_party=JANE, paragraphs=(*LONG[:3], "李小龙"))
    first = probe.render(data)
    KINDS["receipt"].renderer().render(receipt_paper())  # other documents in between change nothing
    assert probe.render(data) == first
    assert ProbeRenderer(probe.templates).render(data) == first


def test_every_font_is_dejavu_and_embedded(probe: ProbeRenderer) -> None:
    fonts = fonts_used(probe.render(ProbeData(recipient_party=JANE, paragraphs=LONG[:2])))
    assert fonts
    assert all(re.fullmatch(r"[A-Z]{6}\+DejaVuSans(-Bold|-Oblique|-BoldOblique)?", f.base_font[1:])
               for f in fonts), fonts
    assert all(f.embedded for f in fonts), fonts


def test_chinese_text_prints_in_the_embedded_fallback_and_reads_back_exactly(
        probe: ProbeRenderer) -> None:
    pdf = probe.render(ProbeData(recipient_party=Party("李小龙", address="1 Main St.\nSan Antonio"),
                                 paragraphs=("Witness: 李小龙 (Bruce Lee).",)))
    text = text_of(pdf)
    assert "Dear 李小龙:" in text
    assert "Witness: 李小龙 (Bruce Lee)." in text
    fonts = fonts_used(pdf)
    assert any(re.fullmatch(r"/[A-Z]{6}\+DroidSansFallback", f.base_font) for f in fonts), fonts
    assert all(f.embedded for f in fonts), fonts
    screenshot("probe-cjk", pdf)


def test_the_signature_block_names_the_signatory_once(probe: ProbeRenderer) -> None:
    text = text_of(probe.render(ProbeData()))
    assert text.splitlines().count("City Clerk") == 1
    assert "Sincerely," in text


def test_a_document_is_laid_out_once_whatever_its_length(probe: ProbeRenderer,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from pypdf import PdfReader

    calls: list[int] = []
    original = ProbeRenderer._build

    def counting(self: ProbeRenderer, data: ProbeData, wording: Wording) -> tuple[bytes, int]:
        result = original(self, data, wording)
        calls.append(result[1])
        return result

    monkeypatch.setattr(ProbeRenderer, "_build", counting)
    pdf = probe.render(ProbeData(paragraphs=LONG))
    assert calls == [page_count(pdf)] and page_count(pdf) >= 2
    texts = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
    assert all(f"Page {n} of {len(texts)}" in t for n, t in enumerate(texts, start=1))


def test_a_doc_paragraph_wraps_as_a_paragraph_at_every_width_it_is_given(
        probe: ProbeRenderer) -> None:
    text = "A sworn complaint naming you was filed with the Office of the City Clerk. " * 4
    style = probe.styles["Body"]
    kept = DocParagraph(text, style)
    for width in (300.0, 200.0, 300.0, 300.0, 450.0, 200.0):
        fresh = Paragraph(text, style)
        assert kept.wrap(width, 800) == fresh.wrap(width, 800)
        assert kept.blPara.lines == fresh.blPara.lines  # (extra space, words) per line
    kept.wrap(200.0, 800)
    parts = kept.split(200.0, 40)
    assert len(parts) == 2
    assert sum(p.wrap(200.0, 800)[1] for p in parts) == Paragraph(text, style).wrap(200.0, 800)[1]


def test_a_notice_box_is_as_wide_as_the_frame_and_as_tall_as_its_content_and_padding(
        probe: ProbeRenderer) -> None:
    content = [Paragraph("Your sworn response is due by Thursday.", probe.styles["Notice"]),
               Paragraph("How this date was computed", probe.styles["Label"])]
    box = notice(content)
    width, height = box.wrap(468, 600)
    inner = [p.wrap(468 - 14, 600)[1] for p in content]
    assert width == 468
    assert height == pytest.approx(sum(inner) + content[0].getSpaceAfter() + 7 + 5)
    assert box.split(468, 20) == []  # like the ruled table it replaces, a box does not split
