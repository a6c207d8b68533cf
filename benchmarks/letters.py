"""Rendering respondent notices, each to its own PDF, against a bare ReportLab platypus letter.

``python benchmarks/letters.py [--count 1000] [--rounds 3]``

Issue 5's target: 1,000 respondent notices, each to its own PDF, within 1.5 times the time of a
bare ReportLab platypus letter "of the same length and font", measured in the same run — the
renderer's own overhead is what the target controls. Three loops run in the same process,
interleaved round by round, ``--count`` documents each:

* ``notice`` — :class:`~ethics_desk.documents.render.letters.RespondentNoticeRenderer` on the sample
  notice (a different respondent name each time), everything included: template, letterhead,
  window address, "Page x of y", confidentiality marking, embedded fonts;
* ``bare`` (the baseline of the target) — the same letter written in plain platypus: a
  ``SimpleDocTemplate`` with one frame per page, no letterhead, no window, no page callbacks, one
  layout pass, and the notice's own content in stock flowables of the same kinds. It is built
  from the notice's story (:func:`bare_recipe`): each paragraph with the same markup (so the bold
  face is embedded too) and the same style; the notice's tables as platypus ``Table`` s of the
  same rows, widths, rules and padding (the case facts, the signature line); its boxed sections
  as one-cell ``Table`` s with a ``BOX``, the usual platypus way to box text; its lists as
  ``ListFlowable`` s; its spacers as ``Spacer`` s. ``KeepTogether`` groups are not kept (the bare
  letter does not control its page breaks), which leaves the baseline the cheaper for it.
  Whatever the renderer does more — or does more cheaply than stock platypus — is its overhead
  (or its saving). A story flowable of a kind the recipe does not know stops the benchmark, so
  the baseline cannot silently lose part of the content;
* ``bare_paragraphs`` (for reference, the baseline this benchmark used at first) — only the
  plain text of the notice's paragraphs, tables and lists, as body paragraphs: the same words but
  none of the tables, boxes or lists, and one font face. Its ratio is printed too.

Each document is written to its own ``BytesIO``. The best round of each is reported, with the
ratio notice / bare (target at most 1.5), the ratio to the paragraphs-only letter, and the notices
per second. The last line printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
)

from ethics_desk.documents.kinds import KINDS
from ethics_desk.documents.render.base import Box, Wording
from ethics_desk.documents.render.fonts import REGULAR, markup, register_fonts
from tests.documents.render.letter_samples import RESPONDENT, letter_sample


def _texts(flowables: list[Flowable]) -> list[str]:
    """The plain text of every paragraph in a story, tables and lists included, in order."""
    out: list[str] = []
    for f in flowables:
        if isinstance(f, Paragraph):
            out.append(f.getPlainText())
        for attr in ("_cellvalues", "_flowables", "_content", "content"):
            inner = getattr(f, attr, None)
            if inner:
                items: list[object] = []
                for x in inner:
                    items.extend(x if isinstance(x, list | tuple) else [x])
                    for y in (x if isinstance(x, list | tuple) else [x]):
                        if isinstance(y, list | tuple):
                            items.extend(y)
                out.extend(_texts([i for i in items if isinstance(i, Flowable)]))
    return out


def _document(buffer: io.BytesIO) -> SimpleDocTemplate:
    return SimpleDocTemplate(buffer, pagesize=LETTER, leftMargin=inch, rightMargin=inch,
                             topMargin=inch, bottomMargin=0.9 * inch, invariant=1,
                             initialFontName=REGULAR)


def bare_letter(texts: list[str]) -> bytes:
    """The same paragraphs' plain text in DejaVu Sans in a plain platypus document."""
    style = ParagraphStyle("Body", fontName=REGULAR, fontSize=10, leading=13.5, spaceAfter=6)
    buffer = io.BytesIO()
    _document(buffer).build([Paragraph(markup(t), style) for t in texts])
    return buffer.getvalue()


Recipe = list[Callable[[], Flowable]]
"""How to make a story's stock flowables afresh (flowables are changed by a layout)."""

_FIELD_RULE = colors.Color(0.7, 0.7, 0.7)


def _paragraph(p: Paragraph) -> Callable[[], Paragraph]:
    text, style = p.text, p.style
    return lambda: Paragraph(text, style)


def _cell(value: object) -> Callable[[], Flowable]:
    if isinstance(value, list | tuple):
        parts = [_cell(v) for v in value]
        return lambda: [make() for make in parts]  # type: ignore[return-value]
    if isinstance(value, Paragraph):
        return _paragraph(value)
    raise TypeError(f"the bare letter has no stock equivalent of a table cell {value!r}")


def _boxed(content: Recipe, padding: float, space_before: float,
           space_after: float) -> Callable[[], Flowable]:
    def make() -> Flowable:
        table = Table([[[m() for m in content]]], colWidths=["100%"], style=[
            ("FONTNAME", (0, 0), (-1, -1), REGULAR),
            ("BOX", (0, 0), (-1, -1), 1.2, colors.black),
            ("LEFTPADDING", (0, 0), (-1, -1), padding),
            ("RIGHTPADDING", (0, 0), (-1, -1), padding),
            ("TOPPADDING", (0, 0), (-1, -1), padding),
            ("BOTTOMPADDING", (0, 0), (-1, -1), padding - 2)])
        table.spaceBefore, table.spaceAfter = space_before, space_after
        return table
    return make


def _table(t: Table) -> Callable[[], Flowable]:
    rows = [[_cell(v) for v in row] for row in t._cellvalues]
    widths, heights = list(t._argW), list(t._argH)
    if t._ncols == 2:  # label and value rows, values on light rules (the case facts)
        style = [("FONTNAME", (0, 0), (-1, -1), REGULAR), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                 ("LINEBELOW", (1, 0), (1, -1), 0.4, _FIELD_RULE),
                 ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (0, -1), 6),
                 ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]
    elif t._ncols == 1 and t._nrows == 2:  # a line to sign on, its caption under it
        style = [("FONTNAME", (0, 0), (-1, -1), REGULAR),
                 ("LINEBELOW", (0, 0), (0, 0), 0.8, colors.black),
                 ("VALIGN", (0, 0), (0, 0), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                 ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 1),
                 ("BOTTOMPADDING", (0, 0), (0, 0), 2)]
    elif t._ncols == 1 and t._nrows == 1:  # a boxed section written as a one-cell table
        content = [_cell(v) for v in t._cellvalues[0][0]]
        return _boxed(content, 7, t.getSpaceBefore(), t.getSpaceAfter())
    else:
        raise TypeError(f"the bare letter has no recipe for a {t._nrows}×{t._ncols} table")
    h_align = t.hAlign

    def make() -> Flowable:
        return Table([[cell() for cell in row] for row in rows], colWidths=widths,
                     rowHeights=heights, hAlign=h_align, style=style)
    return make


def _list(lf: ListFlowable) -> Callable[[], Flowable]:
    items = []
    for item in lf._flowables:
        inner = item._flowables if isinstance(item, ListItem) else (item,)
        if len(inner) != 1 or not isinstance(inner[0], Paragraph):
            raise TypeError("the bare letter's lists hold one paragraph an item")
        items.append(_paragraph(inner[0]))
    params = {"bulletType": lf._bulletType, "start": lf._start, "bulletFormat": lf._bulletFormat,
              "bulletFontName": lf._bulletFontName, "bulletFontSize": lf._bulletFontSize,
              "leftIndent": lf._leftIndent, "spaceAfter": lf.spaceAfter}
    indent = lf._leftIndent
    return lambda: ListFlowable([ListItem(make(), leftIndent=indent) for make in items],
                                **params)


def bare_recipe(story: list[Flowable]) -> Recipe:
    """The notice's story as stock platypus flowables of the same kinds (see the docstring)."""
    recipe: Recipe = []
    for f in story:
        if isinstance(f, Paragraph):
            recipe.append(_paragraph(f))
        elif isinstance(f, Spacer):
            width, height = f.width, f.height
            recipe.append(lambda w=width, h=height: Spacer(w, h))
        elif isinstance(f, KeepTogether):
            recipe.extend(bare_recipe(list(f._content)))
        elif isinstance(f, ListFlowable):
            recipe.append(_list(f))
        elif isinstance(f, Box):
            recipe.append(_boxed(bare_recipe(f.content), f.padding, f.getSpaceBefore(),
                                 f.getSpaceAfter()))
        elif isinstance(f, Table):
            recipe.append(_table(f))
        else:
            raise TypeError(f"the bare letter has no recipe for {type(f).__name__}")
    return recipe


def bare_structured_letter(recipe: Recipe) -> bytes:
    """The notice's content in stock platypus flowables in a plain platypus document."""
    buffer = io.BytesIO()
    _document(buffer).build([make() for make in recipe])
    return buffer.getvalue()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the last line is one JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    register_fonts()
    renderer = KINDS["respondent-notice"].renderer()
    papers = [letter_sample("respondent-notice",
                            recipient=replace(RESPONDENT, name=f"{RESPONDENT.name} {i}"))
              for i in range(args.count)]
    template = renderer.templates.load(renderer.template_name)
    values = {**renderer.common_values(papers[0].letterhead, papers[0].case_number),
              **renderer.values(papers[0])}
    story = renderer.story(papers[0], Wording(template, values, renderer.styles))
    recipe = bare_recipe(story)  # first: reading a list's content (in _texts) converts it
    texts = _texts(story)
    notice_pages = renderer.render(papers[0]).count(b"/Type /Page\n")
    bare_pages = bare_structured_letter(recipe).count(b"/Type /Page\n")
    loops: dict[str, Callable[[], object]] = {
        "notice": lambda: [renderer.render(paper) for paper in papers],
        "bare": lambda: [bare_structured_letter(recipe) for _paper in papers],
        "bare_paragraphs": lambda: [bare_letter(texts) for _paper in papers],
    }
    best = dict.fromkeys(loops, float("inf"))
    for _ in range(args.rounds):
        for name, loop in loops.items():
            start = time.perf_counter()
            loop()
            best[name] = min(best[name], time.perf_counter() - start)
    ratio = best["notice"] / best["bare"]
    result = {"count": args.count, "paragraphs": len(texts), "notice_pages": notice_pages,
              "bare_pages": bare_pages, "notice_seconds": round(best["notice"], 3),
              "bare_seconds": round(best["bare"], 3), "ratio": round(ratio, 3),
              "target_ratio": 1.5, "notices_per_second": round(args.count / best["notice"], 1),
              "met": ratio <= 1.5,
              "bare_paragraphs_seconds": round(best["bare_paragraphs"], 3),
              "ratio_to_bare_paragraphs": round(best["notice"] / best["bare_paragraphs"], 3)}
    print(f"{args.count} respondent notices ({notice_pages} pages each): "
          f"{best['notice']:.2f} s, {result['notices_per_second']} a second; bare platypus "
          f"letter of the same content ({bare_pages} pages): {best['bare']:.2f} s; "
          f"ratio {ratio:.2f} (target ≤ 1.5); paragraphs only: {best['bare_paragraphs']:.2f} s, "
          f"ratio {result['ratio_to_bare_paragraphs']:.2f}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
