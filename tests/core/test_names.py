"""Whether two names may be the same person: a party is a person, not a spelling."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ethics_desk.core.names import NICKNAMES, may_be_same_person, name_words

SPELLINGS = [
    "José Peña",  # accents
    "JOSE PENA",  # capitals
    "Jose\u00a0Pena",  # a no-break space
    "Jose A. Pena",  # a middle initial
    "Dr. Jose Pena",  # a title
    "Pena, Jose",  # "Last, First"
    "Jose Pena Jr.",  # a suffix
    "Jose Pena-Garcia",  # a hyphenated second surname
    "Jo\u200bse Pe\u200bna",  # zero-width spaces inside the words
    "Jose\u200bPena",  # a zero-width space between the words
]
"""The ten spellings of the finding: the roster says "Jose Pena"."""


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_each_spelling_of_the_finding_may_be_the_member(spelling: str) -> None:
    assert may_be_same_person("Jose Pena", spelling)
    assert may_be_same_person(spelling, "Jose Pena")


@pytest.mark.parametrize(("a", "b"), [
    ("Bob Smith", "Robert Smith"), ("Bill Jones", "William Jones"),
    ("Liz Taylor", "Elizabeth Taylor"), ("Jim Beam", "James Beam"),
    ("Pepe Garza", "José Garza"), ("Chris Lee", "Christopher Lee"), ("R. Smith", "Bob Smith"),
    ("Ana Garcia-Lopez", "Ana García López"), ("Juan De La Cruz", "Juan Delacruz"),
    ("Hon. Mary O'Brien", "Mary OBrien"), ("Smith, John Q., III", "John Smith"),
    ("Mr.\u00adJohn Smith", "John Smith"), ("\ufeffJohn Smith", "John Smith"),
    ("Ana Ortiz", "Ana Maria Ortiz Pena"),
])
def test_initials_titles_suffixes_order_and_nicknames_do_not_tell_people_apart(
        a: str, b: str) -> None:
    assert may_be_same_person(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Jose Pena", "Maria Pena"), ("Jose Pena", "Jose Ortiz"), ("Ben Ortiz", "Jose Pena"),
    ("Robert Smith", "William Smith"), ("Jose Pena", ""), ("", ""), ("Dr.", "Jose Pena"),
])
def test_different_people_are_not_a_match(a: str, b: str) -> None:
    assert not may_be_same_person(a, b)


def test_a_name_is_read_given_name_first_without_title_or_suffix() -> None:
    assert name_words("Peña, Dr. José A., Jr.") == ["jose", "a", "pena"]
    assert name_words("Pena Jr., Jose") == ["jose", "pena"]


_GIVEN = st.sampled_from(["Jose", "Maria", "Robert", "William", "Elizabeth", "James", "Ana",
                          "Guadalupe", "Francisco", "Bob", "Liz", "Christopher", "Ngoc"])
_SURNAME = st.sampled_from(["Pena", "Garcia Lopez", "O'Brien", "De La Cruz", "Nguyen",
                            "Smith", "Muñoz", "Øster", "Castañeda-Ruiz"])
_INVISIBLE = st.sampled_from(["\u200b", "\u00ad", "\u200c", "\u200d", "\ufeff", "\u2060"])


@st.composite
def _spelled(draw: st.DrawFn) -> tuple[str, str]:
    """A name "Given Surname" and another spelling of it that the matcher must accept."""
    given, surname = draw(_GIVEN), draw(_SURNAME)
    first = given
    if draw(st.booleans()):
        first = given[0] + "."
    elif given.casefold() in {n for names in NICKNAMES.values() for n in names}:
        first = draw(st.sampled_from([given] + [n.capitalize() for n, names in NICKNAMES.items()
                                                if given.casefold() in names]))
    middle = draw(st.sampled_from(["", " Q.", " Ann", " J"]))
    spelling = draw(st.sampled_from([f"{first}{middle} {surname}", f"{surname}, {first}{middle}"]))
    if draw(st.booleans()):
        spelling = draw(st.sampled_from(["Dr. ", "Mr. ", "Hon. ", "Ms. "])) + spelling
    if draw(st.booleans()):
        spelling += draw(st.sampled_from([" Jr.", ", Sr.", " III", ", Esq."]))
    if draw(st.booleans()):
        spelling = spelling.upper()
    if draw(st.booleans()):
        spelling = spelling.replace(" ", draw(st.sampled_from(["\u00a0", "  ", " - "])), 1)
    at = draw(st.integers(0, len(spelling)))
    if draw(st.booleans()):
        spelling = spelling[:at] + draw(_INVISIBLE) + spelling[at:]
    return f"{given} {surname}", spelling


@given(_spelled())
def test_any_spelling_of_a_name_may_be_that_person(pair: tuple[str, str]) -> None:
    name, spelling = pair
    assert may_be_same_person(name, spelling)
    assert may_be_same_person(spelling, name)


@given(st.text(max_size=40), st.text(max_size=40))
def test_the_answer_does_not_depend_on_which_name_comes_first(a: str, b: str) -> None:
    assert may_be_same_person(a, b) == may_be_same_person(b, a)


@given(st.text(max_size=40))
def test_a_name_with_a_letter_is_always_its_own_match(name: str) -> None:
    assert may_be_same_person(name, name) == bool(name_words(name))


_LETTERS_A_TO_M = st.text(alphabet="abcdefghijklm", min_size=2, max_size=8)
_LETTERS_N_TO_Z = st.text(alphabet="nopqrstuvwxyz", min_size=2, max_size=8)


@given(_LETTERS_A_TO_M, _LETTERS_A_TO_M, _LETTERS_N_TO_Z, _LETTERS_N_TO_Z)
def test_names_without_a_surname_in_common_are_not_a_match(
        given_a: str, surname_a: str, given_b: str, surname_b: str) -> None:
    assert not may_be_same_person(f"{given_a} {surname_a}", f"{given_b} {surname_b}")
