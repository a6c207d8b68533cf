"""The filing receipt: which case, when, by whom, what happens next, confidentiality, whom to ask."""

from __future__ import annotations

import pytest

from ethics_desk.documents.kinds import KINDS
from ethics_desk.documents.render.base import WINDOW
from tests.documents.render.helpers import flat, page_count, placed_text, receipt_paper, screenshot, text_of


@pytest.fixture(scope="module")
def receipt_pdf() -> bytes:
    pdf = KINDS["receipt"].renderer().render(receipt_paper())
    screenshot("receipt", pdf)
    return pdf


@pytest.fixture(scope="module")
def receipt_text(receipt_pdf: bytes) -> str:
    return flat(text_of(receipt_pdf))


def test_the_receipt_gives_the_case_number_when_it_was_received_and_by_whom(
        receipt_text: str) -> None:
    assert "Case number ERB-2026-014" in receipt_text
    assert "Received November 30, 2026, at 10:05 a.m. CST" in receipt_text
    assert "Received by Maria Clerk" in receipt_text
    assert "Persons complained about 1" in receipt_text


@pytest.mark.parametrize("step", [
    "forwards a copy of your complaint to the Chair and the Vice Chair of the Ethics Review "
    "Board, the Compliance Auditor and the City Attorney's Office",
    "independently checks, within five business days, that it meets the filing requirements "
    "(§ 2-83(c), (d)(1))",
    "tells each person complained about that a complaint has been filed",
    "for information only",
    "You will receive a letter either way",
    "forwarded to the members of the Ethics Review Board",
    "returned to you by the Compliance Auditor with a letter explaining its defects "
    "(§ 2-83(d)(3))",
])
def test_the_receipt_says_what_happens_next(receipt_text: str, step: str) -> None:
    assert step in receipt_text


def test_the_receipt_explains_confidentiality_in_plain_words(receipt_text: str) -> None:
    assert "Confidentiality" in receipt_text
    assert "do not discuss it — not even whether it was filed — with anyone except you, the " \
           "persons complained about, and witnesses" in receipt_text
    assert "(§ 2-83(h))" in receipt_text


def test_the_receipt_says_how_to_ask_the_clerk(receipt_text: str) -> None:
    assert "Call the Office of the City Clerk at 210-207-7253" in receipt_text
    assert "P.O. Box 839966, San Antonio, TX 78283-3966" in receipt_text
    assert "100 W. Houston Street, Concourse Level, San Antonio, TX 78205" in receipt_text


def test_the_receipt_is_one_confidential_page(receipt_pdf: bytes, receipt_text: str) -> None:
    assert page_count(receipt_pdf) == 1
    assert "CONFIDENTIAL — § 2-83(h)" in receipt_text
    assert "Page 1 of 1" in receipt_text


def test_a_mailed_receipt_shows_the_complainant_in_the_envelope_window(
        receipt_pdf: bytes) -> None:
    in_window = [p.text for p in placed_text(receipt_pdf) if WINDOW.contains(p.box())]
    assert in_window == ["José Peña", "411 W. Nueva St.", "San Antonio, TX 78207"]
