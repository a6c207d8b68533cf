"""The letters after filing and the mailing papers, laid out: windows, names, labels, envelope."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.units import inch

from ethics_desk.documents.kinds import KINDS
from ethics_desk.documents.render.base import WINDOW, Rect
from ethics_desk.documents.render.mailing import (
    ENVELOPE_ADDRESS,
    ENVELOPE_WINDOW,
    LABEL_HEIGHT,
    LABEL_WIDTH,
    label_rect,
)
from tests.documents.render.helpers import flat, pages_text, placed_text, screenshot, text_of
from tests.documents.render.letter_samples import CJK_PARTY, COMPLAINANT, RESPONDENT, letter_sample

MAILED = ("filing-notice", "defect-letter", "cf-forward", "cf-cure-notice", "respondent-notice",
          "response-copy", "reply-copy", "show-cause-order", "frivolous-determination",
          "referral", "resolution-notice")
MEMOS = ("reviewer-transmittal", "board-transmittal")


def _render(kind: str, **changes: object) -> bytes:
    return KINDS[kind].renderer().render(letter_sample(kind, **changes))


@pytest.mark.parametrize("kind", MAILED)
def test_the_recipients_address_lies_inside_the_envelope_window(kind: str) -> None:
    pdf = _render(kind)
    screenshot(f"letter-{kind}", pdf)
    recipient = letter_sample(kind).recipient
    in_window = [p.text for p in placed_text(pdf) if WINDOW.contains(p.box())]
    assert in_window == list(recipient.address_lines)


@pytest.mark.parametrize("kind", MEMOS)
def test_the_transmittals_are_memoranda_without_a_window(kind: str) -> None:
    pdf = _render(kind)
    screenshot(f"letter-{kind}", pdf)
    assert KINDS[kind].renderer().recipient(letter_sample(kind)) is None
    assert "Members of the Ethics Review Board" in text_of(pdf) or kind != "board-transmittal"


@pytest.mark.parametrize("kind", (*MAILED, *MEMOS, "certificate-of-mailing"))
def test_non_ascii_names_are_printed_as_text(kind: str) -> None:
    text = flat(text_of(_render(kind)))
    data = letter_sample(kind)
    expected = ([item.recipient.name for item in data.items] if kind == "certificate-of-mailing"
                else [data.recipient.name, data.complainant.name])
    for name in expected:
        assert name in text


def test_a_chinese_name_in_the_window_is_text_too() -> None:
    pdf = _render("filing-notice", recipient=CJK_PARTY)
    assert "李小龍 (Lee Siu-lung)" in text_of(pdf)
    labels = KINDS["labels"].renderer().render(letter_sample("labels", recipients=(CJK_PARTY,)))
    assert "李小龍 (Lee Siu-lung)" in text_of(labels)


def test_the_reviewer_transmittal_is_marked_confidential_on_every_page() -> None:
    pages = pages_text(_render("reviewer-transmittal"))
    assert len(pages) >= 1
    assert all("CONFIDENTIAL — § 2-83(h)" in page for page in pages)


def test_the_cure_notice_is_marked_for_first_class_mail() -> None:
    assert "BY FIRST CLASS MAIL" in text_of(_render("cf-cure-notice"))


def test_the_defect_letter_lists_each_defect_with_its_citation_and_note() -> None:
    text = flat(text_of(_render("defect-letter")))
    assert "§ 2-83(c)(4) — the complaint must set forth the position or title" in text
    assert "The respondent's title is missing." in text
    assert "§ 2-83(c)(6)" in text and "No dates are given." in text


def test_the_envelope_is_a_number_10_in_landscape() -> None:
    pdf = _render("envelope")
    screenshot("mail-envelope", pdf)
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((9.5 * inch, 4.125 * inch))


@pytest.mark.parametrize(("window", "area"), [(True, ENVELOPE_WINDOW), (False, ENVELOPE_ADDRESS)])
def test_the_envelope_address_is_where_its_kind_needs_it(window: bool, area: Rect) -> None:
    pdf = _render("envelope", window=window)
    placed = [p for p in placed_text(pdf) if area.contains(p.box())]
    assert [p.text for p in placed] == list(RESPONDENT.address_lines)
    text = flat(text_of(pdf))
    assert "Office of the City Clerk" in text
    assert "ERB-2026-014" not in text and "ethics" not in text.lower()  # § 2-83(h)


def test_label_geometry_is_avery_5160() -> None:
    first, third, fourth, last = label_rect(0), label_rect(2), label_rect(3), label_rect(29)
    assert (first.left, first.top) == pytest.approx((3 / 16 * inch, 10.5 * inch))
    assert (first.width, first.height) == pytest.approx((LABEL_WIDTH, LABEL_HEIGHT))
    assert third.left == pytest.approx(3 / 16 * inch + 2 * (2.625 + 0.125) * inch)
    assert third.right == pytest.approx(8.5 * inch - 3 / 16 * inch)
    assert fourth.top == pytest.approx(9.5 * inch)
    assert last.bottom == pytest.approx(0.5 * inch)


def test_each_address_sits_in_its_own_label_across_then_down() -> None:
    pdf = _render("labels", skip=2)
    screenshot("mail-labels", pdf)
    placed = placed_text(pdf)
    for index, party in enumerate(letter_sample("labels").recipients, start=2):
        inside = [p.text for p in placed if label_rect(index).contains(p.box())]
        assert inside == list(party.address_lines)


def test_a_31st_label_starts_a_new_sheet() -> None:
    pdf = _render("labels", recipients=(COMPLAINANT,) * 31)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 2


def test_the_certificate_of_mailing_lists_what_went_to_whom_how_and_when() -> None:
    pdf = _render("certificate-of-mailing")
    screenshot("mail-certificate", pdf)
    text = flat(text_of(pdf))
    assert "Certificate of Mailing" in text
    assert "Certified mail, return receipt requested, no. 9407 1118 9876 5432 1000 00" in text
    assert "First class mail" in text and "December 1, 2026" in text
    assert "Certified on December 1, 2026 by" in text and "City Clerk" in text


def test_the_enclosure_line_of_a_two_defect_letter_stays_on_its_one_page() -> None:
    pages = pages_text(_render("defect-letter"))
    assert len(pages) == 1
    assert "Enclosure" in pages[0]


def test_the_reviewer_transmittal_is_one_page_with_each_reviewers_dates_and_its_signature() -> None:
    pages = pages_text(_render("reviewer-transmittal"))
    assert len(pages) == 1
    text = flat(pages[0])
    assert text.count("review due Monday, December 7, 2026") == 4
    assert "(1) The name of the complainant. (2) The street or mailing address" in text
    assert "Transmitted by" in text and "Enclosure: the sworn complaint" in text
