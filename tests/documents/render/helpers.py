"""Reading rendered PDFs back in tests, sample data for every document, and optional screenshots.

Set ``ETHICS_DESK_SCREENSHOTS`` to a folder to get a PNG of every page a test renders through
:func:`screenshot` (``pdftoppm``, from poppler-utils); unset, :func:`screenshot` does nothing.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, replace
from datetime import date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from ethics_desk.documents.render.base import Rect
from ethics_desk.documents.render.data import (
    ComplaintPaper,
    InfoSheetPaper,
    Letterhead,
    Party,
    ReceiptPaper,
    UnswornReturnPaper,
    complaint_paper_from_intake,
)
from ethics_desk.documents.render.fonts import REGULAR
from tests.factories import complete_intake

SCREENSHOTS_ENV = "ETHICS_DESK_SCREENSHOTS"
OFFICE_TZ = ZoneInfo("America/Chicago")
RECEIVED = datetime(2026, 11, 30, 10, 5, tzinfo=OFFICE_TZ)
"""When the sample complaint was received: Monday 30 November 2026, 10:05 in San Antonio."""
CITATIONS = ["§ 2-49 Use of City resources", "§ 2-43 Conflicts of interest"]


def pages_text(pdf: bytes) -> list[str]:
    """The text of each page, with no-break spaces read as spaces."""
    reader = PdfReader(io.BytesIO(pdf))
    return [(page.extract_text() or "").replace("\u00a0", " ") for page in reader.pages]


def text_of(pdf: bytes) -> str:
    """All the text of a PDF, pages in order."""
    return "\n".join(pages_text(pdf))


def flat(text: str) -> str:
    """Text with every run of whitespace (including line breaks) made one space."""
    return re.sub(r"\s+", " ", text).strip()


def page_count(pdf: bytes) -> int:
    """How many pages the PDF has."""
    return len(PdfReader(io.BytesIO(pdf)).pages)


@dataclass(frozen=True)
class FontResource:
    """A font a page uses: its PDF name, subtype and whether its glyphs are in the file."""

    base_font: str
    subtype: str
    embedded: bool


def fonts_used(pdf: bytes) -> set[FontResource]:
    """Every font in the pages' resources."""
    found = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources else None
        for ref in (fonts.get_object().values() if fonts else []):
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descendant = font["/DescendantFonts"][0].get_object()
                descriptor = descendant.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            embedded = any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
            found.add(FontResource(str(font["/BaseFont"]), str(font["/Subtype"]), embedded))
    return found


@dataclass(frozen=True)
class PlacedText:
    """A run of text as drawn: its baseline start and font size."""

    text: str
    x: float
    y: float
    size: float

    def box(self) -> Rect:
        """The run's extent, from DejaVu's descent to its ascent."""
        width = stringWidth(self.text, REGULAR, self.size)
        return Rect(self.x, self.y - 0.24 * self.size, width, 1.17 * self.size)


def placed_text(pdf: bytes, page: int = 0) -> list[PlacedText]:
    """Where each line of text is drawn on a page (points, origin bottom-left)."""
    placed: list[PlacedText] = []

    def visit(text: str, cm: list[float], tm: list[float], _font: Any, size: float) -> None:
        for line in text.splitlines():
            if line.strip():
                placed.append(PlacedText(line.replace("\u00a0", " "), cm[4] + tm[4] * cm[0],
                                         cm[5] + tm[5] * cm[3], size * tm[3]))

    PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return placed


def screenshot(name: str, pdf: bytes) -> list[Path]:
    """PNGs of every page under ``$ETHICS_DESK_SCREENSHOTS`` (none when it is unset)."""
    folder = os.environ.get(SCREENSHOTS_ENV)
    if not folder:
        return []
    pdftoppm = shutil.which("pdftoppm")
    assert pdftoppm, "pdftoppm (poppler-utils) is needed for screenshots"
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    (target / f"{name}.pdf").write_bytes(pdf)
    for old in target.glob(f"{name}-*.png"):
        old.unlink()
    subprocess.run([pdftoppm, "-png", "-r", "100", str(target / f"{name}.pdf"),
                    str(target / name)], check=True)
    return sorted(target.glob(f"{name}-*.png"))


# -- sample data -----------------------------------------------------------------------------


def complaint_paper(**changes: Any) -> ComplaintPaper:
    """The factories' complete intake as the sworn complaint shows it (a draft, unless changed)."""
    paper = complaint_paper_from_intake(complete_intake(), CITATIONS, Letterhead())
    return replace(paper, **changes)


def filed_complaint_paper(**changes: Any) -> ComplaintPaper:
    """The sample complaint after filing: with a case number and the time it was received."""
    return complaint_paper(case_number="ERB-2026-014", received_at=RECEIVED, **changes)


def receipt_paper(**changes: Any) -> ReceiptPaper:
    """A receipt for the sample complaint."""
    paper = ReceiptPaper(
        letterhead=Letterhead(), case_number="ERB-2026-014", received_at=RECEIVED,
        received_by="Maria Clerk",
        complainant=Party("José Peña", address="411 W. Nueva St.\nSan Antonio, TX 78207",
                          phone="(210) 555-0143"),
        respondent_count=1, issued_on=date(2026, 11, 30))
    return replace(paper, **changes)


def unsworn_return_paper(**changes: Any) -> UnswornReturnPaper:
    """A return letter for an unsworn complaint."""
    paper = UnswornReturnPaper(
        letterhead=Letterhead(), case_number="ERB-2026-015", received_at=RECEIVED,
        complainant=Party("Zoë Ødegård",
                          address="1200 S. Flores St., Apt. 4\nSan Antonio, TX 78204-1234"),
        issued_on=date(2026, 12, 1))
    return replace(paper, **changes)


def sample(kind: str) -> Any:
    """Representative data for each registered kind."""
    from tests.documents.render.letter_samples import LETTER_KINDS, letter_sample

    if kind in LETTER_KINDS:
        return letter_sample(kind)
    if kind == "board-packet":
        from tests.documents.render.packet_samples import packet_sample

        return packet_sample()
    if kind == "retention-certificate":
        from tests.documents.render.retention_samples import retention_sample

        return retention_sample()
    if kind == "recovery-sheet":
        from ethics_desk.documents.render.recovery_sheet import RecoverySheetPaper
        from ethics_desk.storage.recovery_sheet import sheet_of

        return RecoverySheetPaper(Letterhead(), "ethics-desk.sqlite",
                                  "C:\\Users\\mortiz\\AppData\\Local\\EthicsDesk\\ethics-desk.sqlite",
                                  date(2026, 11, 30), "María Ortiz (mortiz)",
                                  sheet_of("0f3a9c2177b0e4d2a0b1c2d3e4f50617", bytes(range(32))))
    if kind.startswith("pia-"):
        paper = request_letter_paper()
        if kind == "pia-ruling-request":  # to the Attorney General's Open Records Division
            return replace(paper, recipient=paper.attorney_general)
        if kind == "pia-clarification":  # § 552.222(b)
            return replace(paper, clarification_asked_on=date(2026, 12, 2),
                           clarification_question="Which departments and which months of 2026?")
        if kind == "pia-cost-estimate":  # § 552.2615
            return replace(paper, estimate=(("Paper copies: 120 × $0.10", 1200),
                                            ("Labor, hours: 2.5 × $15.00", 3750)),
                           estimate_sent_on=date(2026, 12, 2),
                           estimate_answer_due=date(2026, 12, 16))
        return paper
    return {
        "sworn-complaint": filed_complaint_paper(),
        "receipt": receipt_paper(),
        "unsworn-return": unsworn_return_paper(),
        "info-sheet": InfoSheetPaper(Letterhead()),
    }[kind]


def request_letter_paper(**changes: Any) -> Any:
    """A Public Information Act request's letter data (Gov't Code ch. 552), with accents."""
    from ethics_desk.documents.render.public_information import RequestLetterPaper

    requester = Party(name="María Gómez", address="P.O. Box 2171\nSan Antonio, TX 78297")
    agency = Party(name="Office of the Attorney General",
                   address="Open Records Division\nP.O. Box 12548\nAustin, TX 78711-2548")
    paper = RequestLetterPaper(
        letterhead=Letterhead(), case_number="PIA-2026-001", issued_on=date(2026, 11, 30),
        recipient=requester, requester=requester, received_on=date(2026, 11, 30),
        received_how="received by e-mail on 2026-11-30",
        asked_for="Every ethics complaint filed in 2026 against the Parks department",
        ruling_due=date(2026, 12, 14), arguments_due=date(2026, 12, 21),
        certify_due=date(2026, 12, 14), ruling_requested_on=date(2026, 12, 7),
        released_on=date(2027, 2, 1), outcome="Partial release",
        decided_by="the Attorney General's ruling", decided_on=date(2027, 1, 25),
        reference="OR2027-01234", partial=True,
        records=("ERB-2026-004 — the complaint's records",),
        exceptions=("§ 552.101 — information confidential by law: City Code § 2-83(h)(1)",),
        attorney_general=agency)
    return replace(paper, **changes)
