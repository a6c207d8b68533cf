"""The letter returning an unsworn complaint (§ 2-83(c), last paragraph)."""

from __future__ import annotations

import pytest

from ethics_desk.documents.kinds import KINDS
from ethics_desk.documents.render.base import WINDOW
from tests.documents.render.helpers import flat, placed_text, screenshot, text_of, unsworn_return_paper


@pytest.fixture(scope="module")
def letter_pdf() -> bytes:
    pdf = KINDS["unsworn-return"].renderer().render(unsworn_return_paper(
        note="The complaint was signed, but no notary's certificate was completed."))
    screenshot("unsworn-return", pdf)
    return pdf


@pytest.fixture(scope="module")
def letter_text(letter_pdf: bytes) -> str:
    return flat(text_of(letter_pdf))


def test_the_return_letter_says_the_complaint_was_not_sworn_and_is_not_forwarded(
        letter_text: str) -> None:
    assert "Return of an Unsworn Complaint" in letter_text
    assert "Re: Your ethics complaint received on November 30, 2026 (case ERB-2026-015)" \
        in letter_text
    assert "Dear Zoë Ødegård:" in letter_text
    assert "because it was not sworn" in letter_text
    assert "is not forwarded by the City Clerk to the Compliance Auditor for review, but is " \
           "returned to the complainant (§ 2-83(c))" in letter_text


def test_the_return_letter_explains_how_to_refile_sworn_before_a_notary(
        letter_text: str) -> None:
    assert "How to file your complaint again" in letter_text
    assert "Sign it in front of a notary public or other person authorized by law to " \
           "administer oaths" in letter_text
    assert "true and correct" in letter_text
    assert "source and basis" in letter_text
    assert "in person at 100 W. Houston Street, Concourse Level, San Antonio, TX 78205" \
        in letter_text
    assert "by mail to Office of the City Clerk, P.O. Box 839966" in letter_text
    assert "more than two years before the complaint was filed" in letter_text


def test_the_return_letter_warns_about_false_statements_and_carries_the_clerks_note(
        letter_text: str) -> None:
    assert "prosecution for perjury (§ 2-87(g))" in letter_text
    assert "no notary's certificate was completed" in letter_text


def test_the_return_letter_is_signed_for_the_office(letter_text: str) -> None:
    assert "Sincerely, City Clerk Office of the City Clerk" in letter_text
    assert "Enclosures: your complaint as received" in letter_text


def test_the_complainants_address_shows_in_the_envelope_window(letter_pdf: bytes) -> None:
    in_window = [p.text for p in placed_text(letter_pdf) if WINDOW.contains(p.box())]
    assert in_window == ["Zoë Ødegård", "1200 S. Flores St., Apt. 4", "San Antonio, TX 78204-1234"]


def test_a_returned_complaint_is_not_pending_so_the_letter_is_not_marked(
        letter_text: str) -> None:
    assert "CONFIDENTIAL" not in letter_text
