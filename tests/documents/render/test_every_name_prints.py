"""Every name prints: the parties § 2-83 puts on every notice, in any script, are in the PDF.

A name is printed from fonts embedded in the PDF (DejaVu Sans, Droid Sans Fallback for Chinese,
Japanese and Korean), never from fonts the reader may lack; Arabic is joined and right to left.
The text is read back with pypdf, NFKC-normalised: Arabic is printed in its joined (presentation)
forms, which compatibility normalisation turns back into the letters the clerk typed.
"""

from __future__ import annotations

import io
import re
import unicodedata
from dataclasses import replace

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from ethics_desk.documents.kinds import KINDS
from ethics_desk.documents.render.data import Party
from ethics_desk.documents.render.fonts import (
    BOLD,
    FALLBACK,
    REGULAR,
    UPRIGHT,
    draw_centred,
    font_for,
    markup,
    register_fonts,
    runs,
)
from tests.documents.render.helpers import fonts_used, receipt_paper, screenshot, text_of
from tests.documents.render.letter_samples import COMPLAINANT, RESPONDENT, letter_sample

NAMES = {
    "chinese": "王小明",
    "korean": "김민준",
    "vietnamese": "Nguyễn Thị Minh Khai",
    "arabic": "محمد عبد الله",
    "cyrillic": "Сергей Иванов",
}
ADDRESS = "100 Military Plaza\nSan Antonio, TX 78205"


def _read(pdf: bytes) -> str:
    return unicodedata.normalize("NFKC", text_of(pdf))


def _assert_every_font_is_an_embedded_subset(pdf: bytes) -> None:
    fonts = fonts_used(pdf)
    assert fonts
    for font in fonts:
        assert font.embedded, font
        assert re.fullmatch(r"/[A-Z]{6}\+(DejaVuSans(-Bold|-Oblique|-BoldOblique)?|DroidSansFallback)",
                            font.base_font), font


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_every_character_of_a_name_is_set_in_a_font_that_has_its_glyph(name: str) -> None:
    for font, run in runs(name):
        glyphs = pdfmetrics.getFont(font or REGULAR).face.charToGlyph
        missing = [char for char in run if ord(char) not in glyphs]
        assert not missing, (font, run, missing)


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_the_respondent_notice_prints_the_name_in_the_window_and_the_greeting(name: str) -> None:
    paper = letter_sample("respondent-notice", recipient=replace(RESPONDENT, name=name))
    pdf = KINDS["respondent-notice"].renderer().render(paper)
    screenshot(f"name-notice-{list(NAMES.values()).index(name)}", pdf)
    lines = _read(pdf).splitlines()
    assert name in lines  # the first line of the address in the envelope window
    assert f"Dear {name}:" in lines
    _assert_every_font_is_an_embedded_subset(pdf)


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_the_complainants_receipt_prints_the_name(name: str) -> None:
    pdf = KINDS["receipt"].renderer().render(
        receipt_paper(complainant=Party(name, address=ADDRESS)))
    assert name in _read(pdf).splitlines()
    _assert_every_font_is_an_embedded_subset(pdf)


def test_the_envelope_and_the_labels_print_every_name() -> None:
    parties = tuple(Party(name, address=ADDRESS) for name in NAMES.values())
    labels = KINDS["labels"].renderer().render(letter_sample("labels", recipients=parties))
    screenshot("name-labels", labels)
    text = _read(labels).splitlines()
    assert all(name in text for name in NAMES.values())
    _assert_every_font_is_an_embedded_subset(labels)
    for party in parties:
        envelope = KINDS["envelope"].renderer().render(letter_sample("envelope", recipient=party))
        assert party.name in _read(envelope).splitlines()
        _assert_every_font_is_an_embedded_subset(envelope)


def test_chinese_and_korean_are_embedded_from_droid_sans_not_left_to_the_reader() -> None:
    pdf = KINDS["receipt"].renderer().render(
        receipt_paper(complainant=Party("王小明 김민준", address=ADDRESS)))
    assert any(f.base_font.endswith("+DroidSansFallback") and f.embedded for f in fonts_used(pdf))


def test_an_arabic_name_is_joined_and_drawn_right_to_left() -> None:
    # محمد: initial meem, medial hah, medial meem, final dal — drawn from the right.
    assert list(runs("محمد")) == [(UPRIGHT, "\ufeaa\ufee4\ufea4\ufee3")]
    # Lam and alef make one ligature, as Arabic is always written.
    assert list(runs("الله")) == [(UPRIGHT, "\ufeea\ufee0\ufedf\ufe8d")]


def test_an_arabic_name_in_an_english_line_keeps_the_english_order_around_it() -> None:
    assert list(runs("Dear عبد الله:")) == [
        (None, "Dear "), (UPRIGHT, "\ufeea\ufee0\ufedf\ufe8d \ufeaa\ufe92\ufecb"), (None, ":")]


def test_arabic_in_italic_prints_upright_since_dejavus_oblique_faces_have_no_arabic() -> None:
    assert markup("عبد").startswith(f'<font name="{UPRIGHT}">')
    assert ord("ع") not in pdfmetrics.getFont("DejaVuSans-Oblique").face.charToGlyph


def test_hebrew_is_drawn_right_to_left_in_dejavu() -> None:
    assert list(runs("שלום")) == [(None, "םולש")]


def test_every_hangul_syllable_and_every_unified_ideograph_has_the_fallbacks_glyph() -> None:
    assert all(font_for(chr(code)) == FALLBACK for code in range(0xAC00, 0xD7A4))
    assert all(font_for(chr(code)) == FALLBACK for code in range(0x4E00, 0x9FA6))


def test_latin_names_are_set_in_dejavu_alone() -> None:
    assert list(runs(COMPLAINANT.name)) == [(None, COMPLAINANT.name)]


def test_text_drawn_on_the_canvas_falls_back_per_run_too() -> None:
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=REGULAR)
    draw_centred(canvas, 300, 700, "Notary 王小明 · محمد", BOLD, 9)
    canvas.showPage()
    canvas.save()
    pdf = buffer.getvalue()
    assert "Notary 王小明 · محمد" in _read(pdf)
    fonts = fonts_used(pdf)
    assert {f.base_font.split("+")[1] for f in fonts} == {"DejaVuSans-Bold", "DroidSansFallback"}
    _assert_every_font_is_an_embedded_subset(pdf)
