"""The fonts of every document: bundled DejaVu Sans, embedded, with a fallback for East Asian text.

DejaVu Sans (``resources/fonts/``) covers Latin with every accent, Greek, Cyrillic, Vietnamese and
the punctuation and symbols the documents use; ReportLab embeds the glyphs used (a subset) in each
PDF, so a name prints the same on every workstation and printer.

DejaVu has no Chinese, Japanese or Korean characters. Rather than print boxes, :func:`markup`
splits text into runs by glyph coverage and sets the runs DejaVu lacks in one of ReportLab's
built-in CID fonts: ``STSong-Light`` (Adobe-GB1: Chinese, Japanese kana, full-width forms) and
``HYSMyeongJo-Medium`` for Korean Hangul. CID fonts are not embedded: the PDF reader supplies the
glyphs (Adobe Reader offers its Asian font pack; browsers and Windows have them).

Every piece of user text goes through :func:`markup`, which also escapes ``&``, ``<`` and ``>`` so
that a name like ``A&B <Ltd>`` prints literally instead of being read as Paragraph markup.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterator
from functools import cache
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

from ethics_desk.core.resources import resource_path

FAMILY = "DejaVuSans"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
ITALIC = "DejaVuSans-Oblique"
BOLD_ITALIC = "DejaVuSans-BoldOblique"
CJK_FALLBACK = "STSong-Light"
"""Chinese (and Japanese kana, full-width forms): a CID font every PDF reader can supply."""
HANGUL_FALLBACK = "HYSMyeongJo-Medium"
"""Korean Hangul, which Adobe-GB1 (``STSong-Light``) lacks."""

_FACES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    ITALIC: "DejaVuSans-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf",
}
_SECTION_SPACE = re.compile(r"(§+) (?=\S)")
_LOCK = threading.Lock()
_registered = False


def register_fonts() -> None:
    """Register the DejaVu family and the CID fallbacks with ReportLab, once per process."""
    global _registered
    if _registered:
        return
    with _LOCK:
        if _registered:
            return
        for name, file_name in _FACES.items():
            pdfmetrics.registerFont(TTFont(name, str(resource_path("fonts", file_name))))
        pdfmetrics.registerFontFamily(FAMILY, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                      boldItalic=BOLD_ITALIC)
        for fallback in (CJK_FALLBACK, HANGUL_FALLBACK):
            pdfmetrics.registerFont(UnicodeCIDFont(fallback))
            # A CID font has no bold or italic face; <b> and <i> around a run keep the one face.
            pdfmetrics.registerFontFamily(fallback, normal=fallback, bold=fallback,
                                          italic=fallback, boldItalic=fallback)
        _registered = True


@cache
def _dejavu_coverage() -> frozenset[int]:
    """The code points all four DejaVu faces have a glyph for (bold text must not fall back)."""
    register_fonts()
    faces = [set(pdfmetrics.getFont(name).face.charToGlyph) for name in _FACES]
    return frozenset(set.intersection(*faces))


@cache
def _dejavu_chars() -> frozenset[str]:
    """:func:`_dejavu_coverage` as characters, with the line break and tab (which print no glyph)."""
    return frozenset(map(chr, _dejavu_coverage())) | {"\n", "\t"}


def _is_hangul(code: int) -> bool:
    return (0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F or 0xA960 <= code <= 0xA97F
            or 0xAC00 <= code <= 0xD7AF or 0xD7B0 <= code <= 0xD7FF)


def font_for(char: str) -> str | None:
    """``None`` when DejaVu prints ``char``, else the fallback font to set it in."""
    code = ord(char)
    if code in _dejavu_coverage() or char in "\n\t" or unicodedata.category(char) == "Zs":
        return None
    return HANGUL_FALLBACK if _is_hangul(code) else CJK_FALLBACK


def covered(text: str) -> bool:
    """Whether DejaVu alone prints every character of ``text`` (after NFC normalisation)."""
    return all(font_for(char) is None for char in normalize(text))


def normalize(text: str) -> str:
    """NFC: a letter and its combining accent become the one precomposed glyph DejaVu has."""
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", text)


def runs(text: str) -> Iterator[tuple[str | None, str]]:
    """``text`` split into ``(fallback font or None, run)`` pieces by glyph coverage."""
    text = normalize(text)
    if _dejavu_chars().issuperset(text):
        # The common case (every character in DejaVu): one run, no per-character look-up.
        if text:
            yield None, text
        return
    current: str | None = None
    start = 0
    for index, char in enumerate(text):
        font = font_for(char)
        if font != current and index > start:
            yield current, text[start:index]
            start = index
        current = font
    if start < len(text):
        yield current, text[start:]


def markup(text: str) -> str:
    """User text as Paragraph markup: escaped, fallback runs marked, line breaks kept.

    A section sign keeps its number on its line ("§ 2-83" is joined by a no-break space).
    """
    parts = []
    for font, run in runs(_SECTION_SPACE.sub("\\1\u00a0", text)):
        escaped = escape(run).replace("\r\n", "\n").replace("\n", "<br/>")
        parts.append(escaped if font is None else f'<font name="{font}">{escaped}</font>')
    return "".join(parts)
