"""The Board's papers say what § 2-83(f)(4)–(6) and (g) require, to whom, and how marked."""

from __future__ import annotations

from ethics_desk.documents.kinds import KINDS
from tests.documents.render.helpers import flat, pages_text, screenshot, text_of
from tests.documents.render.letter_samples import (
    COMPLAINANT,
    RESPONDENT,
    letter_sample,
)


def _text(kind: str, **changes: object) -> str:
    pdf = KINDS[kind].renderer().render(letter_sample(kind, **changes))
    screenshot(f"board-{kind}", pdf)
    return flat(text_of(pdf))


def test_the_show_cause_order_explains_by_factor_and_gives_the_hearing_and_the_rights() -> None:
    text = _text("show-cause-order")
    assert "Dear José Peña:" in text
    assert "ERB-2026-014" in text
    assert "Nguyễn Thị Minh Khai and Łukasz Wójcik-Ørsted" in text
    assert "Why the complaint appears to be frivolous (§ 2-83(f)(4)(a))" in text
    assert "The vehicle logs attached to the complaint show no private use" in text
    assert "§ 2-83(f)(3)(a) — the timing of the complaint" in text
    assert "Filed nine days before the election" in text
    assert "§ 2-83(f)(3)(e)" in text and "The complainant's own exhibit shows the logs." in text
    assert "does not rely on the other factors: § 2-83(f)(3)(b), § 2-83(f)(3)(c)" in text
    assert "Date Thursday, January 14, 2027" in text
    assert "Time 5:30 p.m. CST" in text
    assert "Place City Council Chambers 114 W. Commerce St." in text
    assert "You may be heard." in text and "accompanied by counsel you retain" in text
    assert "(§ 2-83(f)(5))" in text
    assert ("needed: at least 5 yes votes (two-thirds of the 7 counted as present); cast: "
            "5 yes, 1 no, 1 abstaining — carried") in text
    assert "Copy to (respondent): Nguyễn Thị Minh Khai and Łukasz Wójcik-Ørsted" in text


def test_a_pending_order_is_marked_confidential_on_every_page() -> None:
    pdf = KINDS["show-cause-order"].renderer().render(letter_sample("show-cause-order"))
    pages = pages_text(pdf)
    assert all("CONFIDENTIAL — § 2-83(h)" in page for page in pages)
    unmarked = KINDS["show-cause-order"].renderer().render(
        letter_sample("show-cause-order", pending=False))
    assert not any("CONFIDENTIAL" in page for page in pages_text(unmarked))


def test_the_respondents_copy_is_marked_as_a_copy_and_still_addressed_to_the_complainant(
        ) -> None:
    original = _text("show-cause-order")
    copy = _text("show-cause-order", recipient=RESPONDENT)
    assert "COPY FOR THE RESPONDENT" in copy and "COPY FOR THE RESPONDENT" not in original
    assert f"Dear {COMPLAINANT.name}:" in copy


def test_the_determination_states_the_record_vote_member_by_member_and_the_sanctions() -> None:
    text = _text("frivolous-determination")
    assert "by a record vote of at least two-thirds of the members present" in text
    assert "recused: 1; quorum: 6" in text
    assert "needed: at least 4 yes votes (two-thirds of the 6 counted as present); cast: 5 yes" \
        in text
    for member, vote in (("Ana Gómez", "yes"), ("Chris Ortiz", "no"),
                         ("Gus Ybarra", "recused")):
        assert f"{member} {vote}" in text
    assert "The particulars of the determination" in text
    assert "the City's vehicle logs show no private use" in text
    assert "Civil penalty § 2-83(g)(2)(a) $350.00" in text
    assert "§ 2-83(g)(2)(b) $1,875.00" in text
    assert "A written reprimand" in text
    assert "Bexar County Criminal District Attorney — investigation of perjury" in text
    assert "§ 2-83(g)(1)(a) — the seriousness of the violation" in text
    assert "A sworn complaint known to be groundless." in text
    assert "Copy to (respondent):" in text


def test_a_determination_without_sanctions_says_none_has_been_imposed() -> None:
    text = _text("frivolous-determination", sanctions=(), sanction_factors=(),
                 sanctions_imposed_on=None)
    assert "No sanction has been imposed." in text
    assert "$350.00" not in text


def test_the_referral_is_addressed_to_the_agency_and_asks_for_investigation_of_perjury() -> None:
    text = _text("referral")
    assert "To the Bexar County Criminal District Attorney:" in text
    assert "§ 2-83(g)(3)" in text
    assert "The Board refers the matter for: investigation of perjury" in text
    assert "investigation of perjury" in text and "sworn before a notary public" in text
    assert "José Peña" in text and "Nguyễn Thị Minh Khai, Director, Parks and Recreation" in text
    assert "Ana Gómez yes" in text
    assert "COPY FOR THE RESPONDENT" not in text


def test_a_referral_that_is_not_about_perjury_leaves_the_perjury_paragraph_out() -> None:
    text = _text("referral", purpose="review of the complainant's notary commission",
                 perjury=False)
    assert "review of the complainant's notary commission" in text
    assert "investigation of perjury" not in text


def test_the_packet_marks_every_page_and_heads_each_sheet_with_its_case() -> None:
    from tests.documents.render.packet_samples import packet_sample

    pdf = KINDS["board-packet"].renderer().render(packet_sample())
    screenshot("board-packet-sample", pdf)
    pages = pages_text(pdf)
    assert all("CONFIDENTIAL — § 2-83(h)" in page and f"of {len(pages)}" in page
               for page in pages)
    text = flat("\n".join(pages))
    assert "2. ERB-2026-015 — José Peña v. Nguyễn Thị Minh Khai and Łukasz Wójcik-Ørsted" in text
    assert "Ana Gómez: yes; Bảo Trần: no" in text
    assert "OVERDUE — open" in text
    assert "City Council general election, 2027-05-01" in text
    sheet_pages = [next(i for i, p in enumerate(pages) if f"{n}. ERB-2026-01{3 + n}" in flat(p))
                   for n in (1, 2, 3)]
    for n, index in zip((1, 2, 3), sheet_pages, strict=True):
        assert f"Case ERB-2026-01{3 + n}" in pages[index]
