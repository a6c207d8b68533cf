"""Rendering respondent notices, each to its own PDF, against a bare ReportLab platypus letter.

``python benchmarks/letters.py [--count 1000] [--rounds 3]``

Two loops run in the same process, interleaved round by round, ``--count`` documents each:

* ``notice`` — :class:`~ethics_desk.reports.letters.RespondentNoticeRenderer` on the sample
  notice (a different respondent name each time), everything included: template, letterhead,
  window address, "Page x of y", confidentiality marking, embedded fonts;
* ``bare`` — a ``SimpleDocTemplate`` letter of the same length and font: DejaVu Sans, the same
  paragraphs' text (taken from the notice's own story), so the same number of paragraphs and
  pages, no letterhead, no page callbacks, one layout pass.

Each document is written to its own ``BytesIO``. The best round of each is reported, with the
ratio notice / bare (target at most 1.5) and the notices per second. The last line printed is
one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate

from ethics_desk.reports.fonts import REGULAR, markup, register_fonts
from ethics_desk.reports.letters import RespondentNoticeRenderer
from tests.reports.letter_samples import RESPONDENT, letter_sample


def _texts(flowables: list[Flowable]) -> list[str]:
    """The plain text of every paragraph in a story, tables and lists included, in order."""
    out: list[str] = []
    for f in flowables:
        if isinstance(f, Paragraph):
            out.append(f.getPlainText())
        for attr in ("_cellvalues", "_flowables", "_content"):
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


def bare_letter(texts: list[str]) -> bytes:
    """The same paragraphs in DejaVu Sans in a plain platypus document."""
    style = ParagraphStyle("Body", fontName=REGULAR, fontSize=10, leading=13.5, spaceAfter=6)
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=LETTER, leftMargin=inch, rightMargin=inch,
                            topMargin=inch, bottomMargin=0.9 * inch, invariant=1,
                            initialFontName=REGULAR)
    doc.build([Paragraph(markup(t), style) for t in texts])
    return buffer.getvalue()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the last line is one JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    register_fonts()
    renderer = RespondentNoticeRenderer()
    papers = [letter_sample("respondent-notice",
                            recipient=replace(RESPONDENT, name=f"{RESPONDENT.name} {i}"))
              for i in range(args.count)]
    template = renderer.templates.load(renderer.template_name)
    from ethics_desk.reports.base import Wording

    values = {**renderer.common_values(papers[0].letterhead, papers[0].case_number),
              **renderer.values(papers[0])}
    texts = _texts(renderer.story(papers[0], Wording(template, values, renderer.styles)))
    notice_pages = renderer.render(papers[0]).count(b"/Type /Page\n")
    bare_pages = bare_letter(texts).count(b"/Type /Page\n")
    best = {"notice": float("inf"), "bare": float("inf")}
    for _ in range(args.rounds):
        start = time.perf_counter()
        for paper in papers:
            renderer.render(paper)
        best["notice"] = min(best["notice"], time.perf_counter() - start)
        start = time.perf_counter()
        for _paper in papers:
            bare_letter(texts)
        best["bare"] = min(best["bare"], time.perf_counter() - start)
    ratio = best["notice"] / best["bare"]
    result = {"count": args.count, "paragraphs": len(texts), "notice_pages": notice_pages,
              "bare_pages": bare_pages, "notice_seconds": round(best["notice"], 3),
              "bare_seconds": round(best["bare"], 3), "ratio": round(ratio, 3),
              "target_ratio": 1.5, "notices_per_second": round(args.count / best["notice"], 1),
              "met": ratio <= 1.5}
    print(f"{args.count} respondent notices ({notice_pages} pages each): "
          f"{best['notice']:.2f} s, {result['notices_per_second']} a second; bare platypus "
          f"letter of {len(texts)} paragraphs ({bare_pages} pages): {best['bare']:.2f} s; "
          f"ratio {ratio:.2f} (target ≤ 1.5)")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
