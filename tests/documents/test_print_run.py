"""A print run: the papers of a batch in ONE PDF, each paper's pages in order, the font
programs the papers store alike embedded once, and every page checked to draw exactly what the
issued paper's page draws (a run that does not is refused, nothing printed)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from ethics_desk.core.errors import StorageError
from ethics_desk.documents import print_run as run_module
from ethics_desk.documents.issuing import respondent_packet
from ethics_desk.documents.kinds import KINDS
from ethics_desk.documents.print_run import page_fingerprints, print_run
from tests.documents.render.letter_samples import RESPONDENT, letter_sample
from tests.documents.test_issuing import pdf


def notices(*names: str) -> list[tuple[str, bytes]]:
    """Respondent notices of the sample case, one to each name, as issuing renders them."""
    renderer = KINDS["respondent-notice"].renderer()
    return [(f"notice to {name}", renderer.render(letter_sample(
        "respondent-notice", recipient=replace(RESPONDENT, name=name)))) for name in names]


def font_programs(data: bytes) -> set[int]:
    """The object numbers of the embedded font programs (FontFile2 streams) a PDF holds."""
    reader = PdfReader(io.BytesIO(data))
    found = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            program = font.get_object()["/FontDescriptor"].get_object().raw_get("/FontFile2")
            assert isinstance(program, IndirectObject)
            found.add(program.idnum)
    return found


def test_a_run_is_one_pdf_of_every_paper_s_pages_in_order() -> None:
    papers = [("receipt", pdf("R1", "R2")), ("notice", pdf("N1", "N2", "N3")),
              ("transmittal", pdf("B1"))]
    run = print_run(papers, title="Ethics Desk print run: letters for 3 item(s)")
    printed = PdfReader(io.BytesIO(run.pdf))
    assert [p.extract_text().strip() for p in printed.pages] == [
        "R1", "R2", "N1", "N2", "N3", "B1"]
    assert [(p.label, p.first_page, p.pages) for p in run.parts] == [
        ("receipt", 0, 2), ("notice", 2, 3), ("transmittal", 5, 1)]
    assert run.pages == 6 and run.part_at(4).label == "notice"
    assert printed.metadata is not None
    assert printed.metadata.title == "Ethics Desk print run: letters for 3 item(s)"


def test_every_page_of_the_run_draws_what_the_issued_paper_s_page_draws() -> None:
    papers = notices("Nguyễn Thị Minh Khai", "Aoife O'Brien", "José Núñez")
    run = print_run(papers, title="letters")
    expected = [f for _label, data in papers
                for f in page_fingerprints(PdfReader(io.BytesIO(data)))]
    assert page_fingerprints(PdfReader(io.BytesIO(run.pdf))) == expected
    texts = [p.extract_text() for p in PdfReader(io.BytesIO(run.pdf)).pages]
    for part, (_label, data) in zip(run.parts, papers, strict=True):
        issued = [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]
        assert texts[part.first_page:part.first_page + part.pages] == issued


def test_letters_of_one_template_embed_each_font_once_however_many_they_are() -> None:
    papers = notices(*(f"{RESPONDENT.name} {i}" for i in range(12)))
    assert all(len(font_programs(data)) == 2 for _label, data in papers)  # regular and bold
    run = print_run(papers, title="letters")
    assert run.font_programs == len(font_programs(run.pdf)) == 2
    assert run.pages == 24
    assert len(run.pdf) < sum(len(data) for _label, data in papers) / 4


def test_the_same_enclosure_in_every_packet_is_stored_once() -> None:
    enclosure = pdf("Ethics Code, page 1", "Ethics Code, page 2")
    packets = [(label, respondent_packet(data, PdfReader(io.BytesIO(enclosure))))
               for label, data in notices("Ann One", "Ben Two", "Cy Three")]
    run = print_run(packets, title="letters")
    printed = PdfReader(io.BytesIO(run.pdf))
    assert run.pages == len(printed.pages) == 12
    contents = [page.raw_get("/Contents").idnum for page in printed.pages]
    assert contents[2] == contents[6] == contents[10]  # the Code's pages, once each
    assert contents[3] == contents[7] == contents[11] != contents[2]
    assert len({contents[0], contents[4], contents[8]}) == 3  # each notice to its respondent


def test_a_run_that_does_not_draw_what_was_issued_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = run_module._raw_run

    def altered(readers: list[run_module._RawPdf], title: str) -> bytes:
        return real(readers, title).replace(b"/MediaBox [ 0 0 612 792 ]",
                                            b"/MediaBox [ 0 0 595 842 ]", 1)
    monkeypatch.setattr(run_module, "_raw_run", altered)
    with pytest.raises(StorageError, match="does not draw exactly what the issued papers"):
        print_run(notices("Ann One", "Ben Two"), title="letters")


def test_a_paper_the_byte_merger_does_not_take_is_joined_by_pypdf_and_checked_alike(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def unsupported(self: object, data: bytes) -> None:
        raise run_module._Unsupported("a cross-reference stream")
    monkeypatch.setattr(run_module._RawPdf, "__init__", unsupported)
    papers = notices("Ann One", "Ben Two", "Cy Three")
    run = print_run(papers, title="letters")
    expected = [f for _label, data in papers
                for f in page_fingerprints(PdfReader(io.BytesIO(data)))]
    assert page_fingerprints(PdfReader(io.BytesIO(run.pdf))) == expected
    assert run.font_programs == 2


def test_an_unreadable_paper_stops_the_run_with_a_message_naming_it() -> None:
    with pytest.raises(StorageError, match="The notice to Ann is not a readable PDF"):
        print_run([("notice to Ann", b"not a PDF at all")], title="letters")
