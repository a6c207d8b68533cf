"""A print run of 100 respondent notices against LibreOffice converting the same letters.

``python benchmarks/letters.py [--count 100] [--rounds 3] [--per-notice 1000] [--server URL]``

Issue 17's target: **a print run of 100 notices at least 20 times faster than LibreOffice**
converting the same letters, as Word files, to PDF in one batch. Both run in the same process,
interleaved round by round; the best round of each counts:

* ``print_run`` — the Mail screen's own code path: :func:`ethics_desk.mail.batch.prepare_batch`
  for the letters of a print queue of ``--count`` issued respondent notices (each to a different
  respondent) in a scratch database (a SQLite file, or with ``--server URL`` a database made
  for the run on that PostgreSQL server and dropped after it): the issued bytes read and
  checked against their SHA-256,
  the reprint of each audited (one transaction), and the ONE PDF of the run made (what the
  notices store alike, the fonts above all, kept once) and checked page by page against them;
* ``libreoffice`` — :mod:`benchmarks.peer_letters`: the same notices' own words as Word (.docx)
  letters, converted by ``soffice --headless --convert-to pdf --outdir D f1.docx … fN.docx`` (one
  process for the batch, its start-up included, as an office would run it).

Printed too, for reference: the seconds to render the ``--count`` notices in the first place
(each its own PDF, as issuing makes them) and the ratio when that rendering is counted in the
print run (``ratio_with_rendering``: what a run that rendered its letters afresh would score).

LibreOffice is for this benchmark only (``apt-get install -y --no-install-recommends
libreoffice-writer``). Without ``soffice`` the benchmark says so and how to install it, and its
JSON has ``"met": null`` and the reason — never a figure it did not measure.

``--per-notice N`` adds the renderer's own overhead figures of issue 5 (``N`` notices, each to its
own PDF, against a bare ReportLab platypus letter "of the same length and font"; see
:func:`bare_recipe`) to the output, for reference only (no target is checked on them):

* ``notice`` — :class:`~ethics_desk.documents.render.letters.RespondentNoticeRenderer` on the sample
  notice (a different respondent name each time), everything included: template, letterhead,
  window address, "Page x of y", confidentiality marking, embedded fonts;
* ``bare`` — the same letter written in plain platypus: a ``SimpleDocTemplate`` with one frame
  per page, no letterhead, no window, no page callbacks, one layout pass, and the notice's own
  content in stock flowables of the same kinds. It is built from the notice's story
  (:func:`bare_recipe`): each paragraph with the same markup and style; the notice's tables as
  platypus ``Table`` s of the same rows, widths, rules and padding; its boxed sections as
  one-cell ``Table`` s with a ``BOX``; its lists as ``ListFlowable`` s; its spacers as
  ``Spacer`` s. A story flowable of a kind the recipe does not know stops the benchmark, so the
  baseline cannot silently lose part of the content;
* ``bare_paragraphs`` — only the plain text of the notice's paragraphs, tables and lists, as body
  paragraphs.

The last line printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

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


def _paragraphs(flowables: list[Flowable]) -> list[Paragraph]:
    """Every paragraph in a story, tables and lists included, in reading order."""
    out: list[Paragraph] = []
    for f in flowables:
        if isinstance(f, Paragraph):
            out.append(f)
        for attr in ("_cellvalues", "_flowables", "_content", "content"):
            inner = getattr(f, attr, None)
            if inner:
                items: list[object] = []
                for x in inner:
                    items.extend(x if isinstance(x, list | tuple) else [x])
                    for y in (x if isinstance(x, list | tuple) else [x]):
                        if isinstance(y, list | tuple):
                            items.extend(y)
                out.extend(_paragraphs([i for i in items if isinstance(i, Flowable)]))
    return out


def _texts(flowables: list[Flowable]) -> list[str]:
    """The plain text of every paragraph in a story, tables and lists included, in order."""
    return [paragraph.getPlainText() for paragraph in _paragraphs(flowables)]


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


TARGET = 20.0
"""Issue 17: a print run of 100 notices at least this many times faster than LibreOffice."""


def per_notice(count: int, rounds: int) -> dict[str, object]:
    """Issue 5's figures: ``count`` notices, each to its own PDF, against the bare letters."""
    renderer = KINDS["respondent-notice"].renderer()
    papers = [letter_sample("respondent-notice",
                            recipient=replace(RESPONDENT, name=f"{RESPONDENT.name} {i}"))
              for i in range(count)]
    template = renderer.templates.load(renderer.template_name)
    values = {**renderer.common_values(papers[0].letterhead, papers[0].case_number),
              **renderer.values(papers[0])}
    story = renderer.story(papers[0], Wording(template, values, renderer.styles))
    recipe = bare_recipe(story)  # first: reading a list's content (in _texts) converts it
    texts = _texts(story)
    loops: dict[str, Callable[[], object]] = {
        "notice": lambda: [renderer.render(paper) for paper in papers],
        "bare": lambda: [bare_structured_letter(recipe) for _paper in papers],
        "bare_paragraphs": lambda: [bare_letter(texts) for _paper in papers],
    }
    best = dict.fromkeys(loops, float("inf"))
    for _ in range(rounds):
        for name, loop in loops.items():
            start = time.perf_counter()
            loop()
            best[name] = min(best[name], time.perf_counter() - start)
    return {"per_notice_count": count, "notice_seconds": round(best["notice"], 3),
            "bare_seconds": round(best["bare"], 3),
            "renderer_overhead_ratio": round(best["notice"] / best["bare"], 3),
            "bare_paragraphs_seconds": round(best["bare_paragraphs"], 3)}


def queue_of_notices(folder: Path, papers: list[Any],
                     where: str | None = None) -> tuple[Any, list[int], float]:
    """A scratch database whose print queue holds one issued notice per paper — a SQLite file
    in ``folder``, or the server database at ``where`` (set up here) — returns it, the queued
    document ids, and the seconds the notices took to render."""
    from ethics_desk.core.clock import fixed_clock
    from ethics_desk.core.resources import resource_path
    from ethics_desk.documents import wording
    from ethics_desk.documents.issuing import issue
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.maintenance.server import setup_server
    from ethics_desk.workflow import Accept, ForwardToBoard
    from ethics_desk.workflow.controller import WorkflowController
    from tests.conftest import NOW
    from tests.factories import CLERK, DESK_CLERK, reviewed_case

    clock = fixed_clock(NOW)
    if where is not None:
        setup_server(where, clock=clock, backup_folder=folder)
    database = open_database(where or folder / "print-run.sqlite", clock=clock)
    controller = WorkflowController(database, DESK_CLERK, clock=clock)
    case_id = reviewed_case(controller)
    controller.fire(case_id, Accept())
    controller.fire(case_id, ForwardToBoard())
    # The office's Code to enclose (the shipped stand-in's page, stored as the Code): the (e)
    # notice is issued only with a Code or a record of how it was provided, § 2-83(e).
    code = resource_path(wording.PLACEHOLDER_ENCLOSURE).read_bytes()
    wording.set_enclosure(database, code, "Ethics Code.pdf", seen=None, account=CLERK,
                          clock=clock)
    # Issuing renders each notice inside its transaction, from the case (its packet with
    # the Ethics Code enclosed): the time counted is issuing's, rendering included.
    start = time.perf_counter()
    ids = [issue(database, case_id, "respondent-notice", account=DESK_CLERK,
                 clock=clock).document_id for _paper in papers]
    rendering = time.perf_counter() - start
    return database, ids, rendering


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the last line is one JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--per-notice", type=int, default=0, metavar="N",
                        help="also measure issue 5's per-notice figures on N notices")
    parser.add_argument("--keep", type=Path, default=None,
                        help="keep the run's PDF and LibreOffice's PDFs in this folder")
    parser.add_argument("--server", default=None, metavar="URL",
                        help="keep the print queue on this PostgreSQL server instead of a "
                             "file: a scratch database is made there (the URL's user may "
                             "create databases) and dropped afterwards")
    args = parser.parse_args(argv)
    if args.server is not None:
        with scratch_server_database(args.server) as where:
            return measure(args, where)
    return measure(args, None)


@contextmanager
def scratch_server_database(server: str) -> Iterator[str]:
    """An empty database of its own on ``server`` for one run, dropped afterwards."""
    from sqlalchemy import create_engine, make_url, text

    admin_url = make_url(server)
    name = f"ethics_desk_letters_{os.getpid()}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield admin_url.set(database=name).render_as_string(hide_password=False)
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


def measure(args: argparse.Namespace, where: str | None) -> int:
    """The figures of one run (its print queue in a file, or on the server at ``where``)."""
    from benchmarks import peer_letters
    from ethics_desk.core.clock import fixed_clock
    from ethics_desk.mail.batch import BatchPaper, prepare_batch
    from tests.conftest import NOW
    from tests.factories import DESK_CLERK

    register_fonts()
    papers = peer_letters.sample_papers(args.count)
    result: dict[str, object] = {"count": args.count, "target_ratio": TARGET,
                                 "database": "server" if where else "file"}
    program = peer_letters.soffice()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        database, ids, rendering = queue_of_notices(Path(scratch), papers, where)
        clock = fixed_clock(NOW)
        letters = peer_letters.write_letters(papers, folder / "docx")
        best = {"print_run": float("inf"), "libreoffice": float("inf")}
        batch = None
        for number in range(args.rounds):
            start = time.perf_counter()
            batch = prepare_batch(database, ids, BatchPaper.LETTERS, account=DESK_CLERK, clock=clock)
            best["print_run"] = min(best["print_run"], time.perf_counter() - start)
            if program is not None:
                best["libreoffice"] = min(best["libreoffice"], peer_letters.convert(
                    letters, folder / f"libreoffice-{number}", program))
        database.dispose()
        assert batch is not None
        if args.keep:
            (folder / "print-run.pdf").write_bytes(batch.run.pdf)
    run = batch.run
    result.update({"run_pages": run.pages, "run_bytes": len(run.pdf),
                   "run_font_programs": run.font_programs,
                   "issued_bytes": sum(len(d.pdf) for d in batch.documents),
                   "issued_pages": sum(d.pages for d in batch.documents),
                   "print_run_seconds": round(best["print_run"], 3),
                   "render_seconds": round(rendering, 3)})
    if program is None:
        result.update({"libreoffice_seconds": None, "ratio": None, "met": None,
                       "reason": "LibreOffice (soffice) is not installed; install it with: "
                                 f"{peer_letters.INSTALL}"})
        print(f"LibreOffice is not installed, so there is nothing to compare the print run "
              f"with. Install it (for this benchmark only) with: {peer_letters.INSTALL}")
    else:
        ratio = best["libreoffice"] / best["print_run"]
        with_rendering = best["libreoffice"] / (best["print_run"] + rendering)
        result.update({"libreoffice_seconds": round(best["libreoffice"], 3),
                       "ratio": round(ratio, 2), "met": ratio >= TARGET,
                       "ratio_with_rendering": round(with_rendering, 2)})
        print(f"Print run of {args.count} respondent notices ({run.pages} pages, one PDF, "
              f"{run.font_programs} font program(s), {len(run.pdf) // 1024} KiB): "
              f"{best['print_run']:.3f} s; LibreOffice, the same letters as Word files in one "
              f"batch: {best['libreoffice']:.2f} s; ratio {ratio:.1f} (target ≥ {TARGET:g}). "
              f"Rendering the {args.count} notices in the first place: {rendering:.2f} s "
              f"(ratio with it counted: {with_rendering:.1f}).")
    if args.per_notice:
        result.update(per_notice(args.per_notice, args.rounds))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
