"""The fonts of every document: bundled DejaVu Sans and Droid Sans Fallback, all embedded.

DejaVu Sans (``resources/fonts/``) covers Latin with every accent, Greek, Cyrillic, Vietnamese,
Arabic and Hebrew and the punctuation and symbols the documents use; ReportLab embeds the glyphs
used (a subset) in each PDF, so a name prints the same on every workstation and printer — the
complainant's, the respondent's and the witnesses' names that § 2-83 puts on every notice.

ReportLab has no automatic font fallback, so :func:`markup` splits text into runs by glyph
coverage (the fonts' cmaps, looked up once and cached) and wraps each run DejaVu's four faces
cannot all print in ``<font name=…>``:

* :data:`UPRIGHT` — DejaVu Sans again, for what its upright faces have and its oblique faces lack
  (Arabic, Hebrew): in italic it prints upright rather than not at all;
* :data:`FALLBACK` — Droid Sans Fallback (Apache 2.0, ``DroidSansFallback-LICENSE.txt``) for
  Chinese, Japanese kana and Korean Hangul, embedded like DejaVu. It is registered the first time
  a character needs it, so a letter in Latin script costs nothing more.

Right-to-left runs (Arabic, Hebrew) are turned into the order they are drawn in, and Arabic
letters into their joined forms (``arabic_reshaper``, which gives the contextual presentation
forms DejaVu has). A name or an address line reads right to left inside an English line; a
right-to-left passage long enough to wrap would have its lines in the wrong order (ReportLab
lays it out left to right), which names and addresses never are.

Text drawn straight on the canvas (the confidentiality marking, the notary's seal box) goes
through :func:`draw_centred`, which does the same per run in one line of text.

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

import arabic_reshaper  # type: ignore[import-untyped]  # it has no type information
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ethics_desk.core.resources import resource_path
from ethics_desk.documents.render.typed import Canvas

FAMILY = "DejaVuSans"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
ITALIC = "DejaVuSans-Oblique"
BOLD_ITALIC = "DejaVuSans-BoldOblique"
UPRIGHT = "DejaVuSans-Upright"
"""DejaVu Sans for the characters its oblique faces lack: italic text there prints upright."""
UPRIGHT_BOLD = "DejaVuSans-Upright-Bold"
FALLBACK = "DroidSansFallback"
"""Chinese, Japanese kana and Korean Hangul: Droid Sans Fallback, embedded (one face)."""
FALLBACK_FILE = "DroidSansFallback.ttf"

_FACES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    ITALIC: "DejaVuSans-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf",
}
_UPRIGHT_FACES = {UPRIGHT: "DejaVuSans.ttf", UPRIGHT_BOLD: "DejaVuSans-Bold.ttf"}
_SECTION_SPACE = re.compile(r"(§+) (?=\S)")
_LOCK = threading.Lock()
_registered = False
_fallback_registered = False
_RTL = frozenset(("R", "AL"))
"""Unicode bidirectional classes of right-to-left letters (Hebrew; Arabic and Syriac)."""
_RESHAPER_LOCK = threading.Lock()


def register_fonts() -> None:
    """Register the DejaVu family and its upright twin with ReportLab, once per process."""
    global _registered
    if _registered:
        return
    with _LOCK:
        if _registered:
            return
        for name, file_name in {**_FACES, **_UPRIGHT_FACES}.items():
            pdfmetrics.registerFont(TTFont(name, str(resource_path("fonts", file_name))))
        pdfmetrics.registerFontFamily(FAMILY, normal=REGULAR, bold=BOLD, italic=ITALIC,
                                      boldItalic=BOLD_ITALIC)
        pdfmetrics.registerFontFamily(UPRIGHT, normal=UPRIGHT, bold=UPRIGHT_BOLD,
                                      italic=UPRIGHT, boldItalic=UPRIGHT_BOLD)
        _registered = True


def register_fallback() -> None:
    """Register Droid Sans Fallback, once per process (the first time a character needs it)."""
    global _fallback_registered
    if _fallback_registered:
        return
    register_fonts()
    with _LOCK:
        if _fallback_registered:
            return
        pdfmetrics.registerFont(TTFont(FALLBACK, str(resource_path("fonts", FALLBACK_FILE))))
        # One face only: <b> and <i> around a run keep it (it is not faked bold or slanted).
        pdfmetrics.registerFontFamily(FALLBACK, normal=FALLBACK, bold=FALLBACK, italic=FALLBACK,
                                      boldItalic=FALLBACK)
        _fallback_registered = True


def _cmap(*names: str) -> frozenset[int]:
    """The code points every one of the registered fonts ``names`` has a glyph for."""
    faces = [set(pdfmetrics.getFont(name).face.charToGlyph) for name in names]
    return frozenset(set.intersection(*faces))


@cache
def _dejavu_coverage() -> frozenset[int]:
    """The code points all four DejaVu faces have a glyph for (bold text must not fall back)."""
    register_fonts()
    return _cmap(*_FACES)


@cache
def _upright_coverage() -> frozenset[int]:
    """The code points DejaVu's regular and bold faces have (Arabic, Hebrew, …)."""
    register_fonts()
    return _cmap(REGULAR, BOLD)


@cache
def _fallback_coverage() -> frozenset[int]:
    """The code points Droid Sans Fallback has (read from its file only when first needed)."""
    register_fallback()
    return _cmap(FALLBACK)


@cache
def _dejavu_chars() -> frozenset[str]:
    """:func:`_dejavu_coverage` as characters, with the line break and tab (which print no glyph),
    less the right-to-left letters (Hebrew is in every face, but its runs must be reordered)."""
    return frozenset(c for c in map(chr, _dejavu_coverage()) if not _is_rtl(c)) | {"\n", "\t"}


@cache
def font_for(char: str) -> str | None:
    """``None`` when DejaVu prints ``char`` in every face, else the font to set it in.

    A character no bundled font has stays in DejaVu (it prints as DejaVu's empty box)."""
    code = ord(char)
    if code in _dejavu_coverage() or char in "\n\t" or unicodedata.category(char) == "Zs":
        return None
    if code in _upright_coverage():
        return UPRIGHT
    if code in _fallback_coverage():
        return FALLBACK
    return None


def covered(text: str) -> bool:
    """Whether DejaVu alone prints every character of ``text`` (after NFC normalisation)."""
    return all(font_for(char) is None for char in normalize(text))


def normalize(text: str) -> str:
    """NFC: a letter and its combining accent become the one precomposed glyph DejaVu has."""
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", text)


def _is_rtl(char: str) -> bool:
    """Whether ``char`` is a right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko …)."""
    return unicodedata.bidirectional(char) in _RTL


@cache
def _reshaper() -> arabic_reshaper.ArabicReshaper:
    """Arabic joining with the harakat kept and only the ligatures DejaVu has a glyph for."""
    have = _upright_coverage()
    config: dict[str, bool | str] = {"delete_harakat": False, "support_ligatures": True}
    for name, (_letters, forms) in arabic_reshaper.ligatures.LIGATURES:
        config[name] = all(ord(c) in have for form in forms for c in form)
    return arabic_reshaper.ArabicReshaper(configuration=config)


def _visual(run: str) -> str:
    """A right-to-left run in the order it is drawn, left to right: Arabic joined, then reversed
    by letter (a combining mark stays after its letter, where DejaVu draws it over the letter)."""
    if any("\u0600" <= char <= "\u06ff" or "\u0750" <= char <= "\u077f" for char in run):
        with _RESHAPER_LOCK:
            run = _reshaper().reshape(run)
    clusters: list[str] = []
    for char in run:
        if clusters and unicodedata.combining(char):
            clusters[-1] += char
        else:
            clusters.append(char)
    return "".join(reversed(clusters))


def _directional(text: str) -> str:
    """``text`` with each right-to-left run (its letters, marks and the spaces between them) in
    drawing order; left-to-right text, digits and punctuation around it are left as they are."""
    if not any(map(_is_rtl, text)):
        return text
    out: list[str] = []
    index, length = 0, len(text)
    while index < length:
        if not _is_rtl(text[index]):
            out.append(text[index])
            index += 1
            continue
        end = index + 1
        while end < length:
            char = text[end]
            if _is_rtl(char) or unicodedata.category(char) in ("Mn", "Cf"):
                end += 1
                continue
            if char == " ":  # a space joins two right-to-left words, not a word and what follows
                after = end
                while after < length and text[after] == " ":
                    after += 1
                if after < length and _is_rtl(text[after]):
                    end = after
                    continue
            break
        out.append(_visual(text[index:end]))
        index = end
    return "".join(out)


def runs(text: str) -> Iterator[tuple[str | None, str]]:
    """``text`` split into ``(font or None for DejaVu, run)`` pieces by glyph coverage, with
    right-to-left runs in drawing order."""
    text = normalize(text)
    if _dejavu_chars().issuperset(text):
        # The common case (every character in DejaVu): one run, no per-character look-up.
        if text:
            yield None, text
        return
    pieces: list[tuple[str | None, str]] = []
    for font, run in _by_font(_directional(text)):
        if (font is not None and len(pieces) > 1 and pieces[-2][0] == font
                and pieces[-1][1].strip(" ") == "" and ord(" ") in _coverage(font)):
            # Spaces between two runs of one font join them: a name in Arabic (or Chinese) is
            # one string in the PDF, which a reader takes as one piece of text.
            pieces[-2:] = [(font, pieces[-2][1] + pieces[-1][1] + run)]
        else:
            pieces.append((font, run))
    yield from pieces


def _coverage(font: str) -> frozenset[int]:
    """The code points a font :func:`font_for` names has a glyph for."""
    return _upright_coverage() if font == UPRIGHT else _fallback_coverage()


def _by_font(text: str) -> Iterator[tuple[str | None, str]]:
    """``text`` cut where the font :func:`font_for` gives changes."""
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


def _face(font: str | None, base: str) -> str:
    """The face a run is drawn in on the canvas, where ``base`` is the text's own face."""
    if font is None:
        return base
    if font == UPRIGHT:
        return UPRIGHT_BOLD if base in (BOLD, BOLD_ITALIC) else UPRIGHT
    return font


def draw_centred(canvas: Canvas, x: float, y: float, text: str, font: str, size: float) -> None:
    """``text`` centred on ``x`` at baseline ``y`` in ``font`` (a DejaVu face), each run DejaVu
    lacks in its fallback: the canvas counterpart of :func:`markup`."""
    pieces = list(runs(text))
    if len(pieces) <= 1 and (not pieces or pieces[0][0] is None):
        canvas.setFont(font, size)
        canvas.drawCentredString(x, y, text)
        return
    faces = [(_face(run_font, font), run) for run_font, run in pieces]
    width = sum(canvas.stringWidth(run, face, size) for face, run in faces)
    line = canvas.beginText(x - width / 2, y)  # one line of text, as a reader sees it
    for face, run in faces:
        line.setFont(face, size)
        line.textOut(run)
    canvas.drawText(line)
