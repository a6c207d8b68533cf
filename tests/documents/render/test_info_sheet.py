"""The "How to file an ethics complaint" sheet the Clerk hands to anyone who asks (§ 2-83(b))."""

from __future__ import annotations

import pytest

from ethics_desk.documents.kinds import KINDS
from ethics_desk.documents.render.data import InfoSheetPaper, Letterhead
from tests.documents.render.helpers import flat, page_count, screenshot, text_of


@pytest.fixture(scope="module")
def sheet_pdf() -> bytes:
    pdf = KINDS["info-sheet"].renderer().render(InfoSheetPaper(Letterhead()))
    screenshot("info-sheet", pdf)
    return pdf


@pytest.fixture(scope="module")
def sheet_text(sheet_pdf: bytes) -> str:
    return flat(text_of(sheet_pdf))


def test_the_information_sheet_fits_on_one_page(sheet_pdf: bytes) -> None:
    assert page_count(sheet_pdf) == 1


def test_the_sheet_says_who_may_file(sheet_text: str) -> None:
    assert "Who may file" in sheet_text
    assert "including a member of the Ethics Review Board or its staff" in sheet_text
    assert "(§ 2-83(a))" in sheet_text


@pytest.mark.parametrize(("item", "words"), [
    ("(c)(1)", "your name"),
    ("(c)(2)", "your street or mailing address and your telephone number"),
    ("(c)(3)", "the name of each person you complain about"),
    ("(c)(4)", "the position or title of each of them"),
    ("(c)(5)", "the nature of the alleged violation"),
    ("(c)(6)", "the facts of the alleged violation, and the dates or period"),
    ("(c)(7)", "all relevant documents and material you have"),
])
def test_the_sheet_lists_what_a_complaint_must_contain(sheet_text: str, item: str,
                                                       words: str) -> None:
    assert f"{item} {words}" in sheet_text


def test_the_sheet_explains_the_affidavit_the_notary_and_the_warning(sheet_text: str) -> None:
    assert "true and correct" in sheet_text
    assert "good reason to believe and do believe" in sheet_text
    assert "source and basis" in sheet_text
    assert "before a notary public" in sheet_text
    assert "A complaint that is not sworn is returned to you" in sheet_text
    assert "prosecution for perjury (§ 2-87(g))" in sheet_text
    assert "abuse of process" in sheet_text
    assert "$500" in sheet_text


def test_the_sheet_says_what_happens_next_and_about_confidentiality(sheet_text: str) -> None:
    assert "receipt with a case number" in sheet_text
    assert "within five business days" in sheet_text
    assert "(§ 2-83(d)(1))" in sheet_text
    assert "ten business days" in sheet_text
    assert "Confidentiality" in sheet_text and "(§ 2-83(h))" in sheet_text


def test_the_sheet_says_where_and_how_to_file(sheet_text: str) -> None:
    assert "Where and how to file" in sheet_text
    assert "100 W. Houston Street, Concourse Level, San Antonio, TX 78205" in sheet_text
    assert "P.O. Box 839966, San Antonio, TX 78283-3966" in sheet_text
    assert "210-207-7253" in sheet_text


def test_the_sheet_uses_the_offices_own_settings() -> None:
    head = Letterhead(office_name="Office of the City Clerk", phone="210-555-0199",
                      filing_address="City Hall, 100 Military Plaza\nSan Antonio, TX 78205")
    pdf = KINDS["info-sheet"].renderer().render(InfoSheetPaper(head))
    text = flat(text_of(pdf))
    assert "City Hall, 100 Military Plaza, San Antonio, TX 78205" in text
    assert "210-555-0199" in text
    assert page_count(pdf) == 1
