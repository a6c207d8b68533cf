"""Names in every script the office meets print as letters, never boxes, and never as markup."""

from __future__ import annotations

import pytest

from ethics_desk.documents.render.fonts import (
    FALLBACK,
    covered,
    markup,
    normalize,
    register_fonts,
    runs,
)

NAMES = ["José Peña", "Nguyễn Thị Minh Khai", "Zoë Ødegård", "Łukasz Wróbel", "Иван Петров"]


@pytest.mark.parametrize("name", NAMES)
def test_dejavu_has_a_glyph_for_every_letter_of_latin_vietnamese_and_cyrillic_names(
        name: str) -> None:
    assert covered(name)
    assert list(runs(name)) == [(None, name)]


def test_decomposed_accents_are_composed_so_dejavu_prints_them() -> None:
    decomposed = "Nguye\u0302\u0303n"
    assert normalize(decomposed) == "Nguyễn"
    assert covered(decomposed)


def test_chinese_runs_fall_back_to_droid_sans_and_the_rest_stays_in_dejavu() -> None:
    assert list(runs("Li 李小龙 Jr.")) == [(None, "Li "), (FALLBACK, "李小龙"), (None, " Jr.")]
    assert not covered("李小龙")


def test_korean_hangul_and_japanese_kana_fall_back_to_droid_sans_too() -> None:
    assert list(runs("김민준")) == [(FALLBACK, "김민준")]
    assert list(runs("さくら カタカナ")) == [(FALLBACK, "さくら カタカナ")]


def test_markup_escapes_user_text_and_marks_fallback_runs() -> None:
    assert markup("A&B <Ltd>") == "A&amp;B &lt;Ltd&gt;"
    assert markup("李 & Co") == f'<font name="{FALLBACK}">李</font> &amp; Co'
    assert markup("411 W. Nueva St.\nSan Antonio") == "411 W. Nueva St.<br/>San Antonio"


def test_a_section_sign_keeps_its_number_on_the_same_line() -> None:
    assert markup("§ 2-83(c)") == "§\u00a02-83(c)"
    assert markup("§§ 2-306") == "§§\u00a02-306"


def test_registering_twice_is_harmless() -> None:
    register_fonts()
    register_fonts()
