"""The peer's way to make a batch of letters: Word (.docx) files converted to PDF by LibreOffice.

``python benchmarks/peer_letters.py [--count 100] [--out DIR]`` writes the Word letters and
converts them, printing the seconds LibreOffice took; :mod:`benchmarks.letters` uses
:func:`write_letters` and :func:`convert` to compare a print run of the application against it.

Each letter holds the respondent notice's own words: the letterhead, the recipient's address
(a different respondent name in each letter, as in the print run), the side lines (date, case)
and every paragraph, table cell and list item of the notice's story, in order, headings bold,
in DejaVu Sans as the notice is. The .docx is written with :mod:`zipfile` and WordprocessingML
by hand (no python-docx: nothing is added to the application for a benchmark).

The conversion is LibreOffice's one-batch headless conversion, one process for all the files:
``soffice --headless --convert-to pdf --outdir OUT f1.docx … f100.docx``. LibreOffice Writer is
for the benchmark only (``apt-get install -y --no-install-recommends libreoffice-writer``); it is
never a dependency of the application or its tests.
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

INSTALL = "apt-get install -y --no-install-recommends libreoffice-writer"
"""How to install LibreOffice Writer on Debian, for this benchmark only."""

_OX = "application/vnd.openxmlformats-"
_CONTENT_TYPES = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="{_OX}package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="{_OX}officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="{_OX}officedocument.wordprocessingml.styles+xml"/>
</Types>"""

_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_RELS = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="{_REL}/officeDocument" Target="word/document.xml"/>
</Relationships>"""

_DOCUMENT_RELS = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="{_REL}/styles" Target="styles.xml"/>
</Relationships>"""

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"

_STYLES = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="{_W}">
<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="DejaVu Sans" w:hAnsi="DejaVu Sans"
 w:cs="DejaVu Sans"/><w:sz w:val="20"/></w:rPr></w:rPrDefault>
<w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="270" w:lineRule="auto"/></w:pPr>
</w:pPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
</w:styles>"""


def _paragraph(text: str, *, bold: bool = False, size: int | None = None) -> str:
    props = ("<w:b/>" if bold else "") + (f'<w:sz w:val="{size}"/>' if size else "")
    runs = []
    for number, line in enumerate(text.split("\n")):
        brk = "<w:br/>" if number else ""
        runs.append(f'<w:r><w:rPr>{props}</w:rPr>{brk}<w:t xml:space="preserve">'
                    f"{escape(line)}</w:t></w:r>")
    return f"<w:p>{''.join(runs)}</w:p>"


def docx(paragraphs: Sequence[tuple[str, bool]]) -> bytes:
    """A Word file of ``paragraphs`` (text, bold) on US Letter with one-inch margins."""
    body = "".join(_paragraph(text, bold=bold) for text, bold in paragraphs)
    document = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                f'<w:document xmlns:w="{_W}"><w:body>{body}'
                '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" '
                'w:right="1440" w:bottom="1296" w:left="1440" w:header="720" w:footer="720" '
                'w:gutter="0"/></w:sectPr></w:body></w:document>')
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES)
        archive.writestr("_rels/.rels", _RELS)
        archive.writestr("word/_rels/document.xml.rels", _DOCUMENT_RELS)
        archive.writestr("word/styles.xml", _STYLES)
        archive.writestr("word/document.xml", document)
    return buffer.getvalue()


def notice_words(paper: object) -> list[tuple[str, bool]]:
    """The respondent notice's own words for ``paper``, in order: letterhead, address, side
    lines, then every paragraph of its story (headings bold)."""
    from benchmarks.letters import _paragraphs
    from ethics_desk.documents.kinds import KINDS

    renderer = KINDS["respondent-notice"].renderer()
    wording = renderer.wording_for(paper)  # type: ignore[arg-type]
    head = paper.letterhead  # type: ignore[attr-defined]
    words: list[tuple[str, bool]] = [(head.city.upper(), True), (head.office_name, True),
                                     (" · ".join(line.strip() for line in
                                                 head.mailing_address.splitlines()
                                                 if line.strip()), False)]
    recipient = renderer.recipient(paper)  # type: ignore[arg-type]
    if recipient is not None:
        words.append(("\n".join(recipient.address_lines), False))
    words.append(("\n".join(renderer.side_lines(paper, wording)), False))  # type: ignore[arg-type]
    story = renderer.story(paper, wording)  # type: ignore[arg-type]
    for paragraph in _paragraphs(story):
        words.append((paragraph.getPlainText(), "Bold" in paragraph.style.fontName))
    return words


def write_letters(papers: Sequence[object], folder: Path) -> list[Path]:
    """One Word letter per paper in ``folder``, with the notice's own words."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number, paper in enumerate(papers, start=1):
        path = folder / f"letter{number:03d}.docx"
        path.write_bytes(docx(notice_words(paper)))
        paths.append(path)
    return paths


def soffice() -> str | None:
    """The LibreOffice program, or ``None`` when it is not installed."""
    return shutil.which("soffice") or shutil.which("libreoffice")


def convert(paths: Sequence[Path], out: Path, program: str) -> float:
    """Seconds LibreOffice takes to convert ``paths`` to PDF in ONE headless batch into
    ``out`` (a fresh user profile, so no other LibreOffice interferes)."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as profile:
        command = [program, f"-env:UserInstallation=file://{profile}", "--headless",
                   "--convert-to", "pdf", "--outdir", str(out), *map(str, paths)]
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        seconds = time.perf_counter() - start
    missing = [p.name for p in paths if not (out / (p.stem + ".pdf")).exists()]
    if missing:
        raise RuntimeError(f"LibreOffice did not convert {len(missing)} letter(s): "
                           f"{', '.join(missing[:3])}")
    return seconds


def sample_papers(count: int) -> list[object]:
    """``count`` respondent notices of the sample case, each to a different respondent."""
    from dataclasses import replace

    from tests.documents.render.letter_samples import RESPONDENT, letter_sample
    return [letter_sample("respondent-notice",
                          recipient=replace(RESPONDENT, name=f"{RESPONDENT.name} {i}"))
            for i in range(count)]


def main(argv: list[str] | None = None) -> int:
    """Write the Word letters and time LibreOffice's one-batch conversion of them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    program = soffice()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.out or Path(scratch)
        paths = write_letters(sample_papers(args.count), folder / "docx")
        if program is None:
            print(f"LibreOffice (soffice) is not installed; install it with: {INSTALL}")
            return 1
        seconds = convert(paths, folder / "pdf", program)
    print(f"LibreOffice converted {args.count} Word letters in one batch in {seconds:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
