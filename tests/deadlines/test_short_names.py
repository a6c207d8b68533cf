"""Each clock's few words for a narrow column (the inbox's Next deadline, the day's deadlines,
a case's Deadlines tab): short enough to be read whole at the desk's size, in the order of
the titles they stand for, and keeping the person a deadline runs for."""

from __future__ import annotations

from ethics_desk.deadlines.clocks import CLOCKS, short_title

SHORT_ENOUGH = 46
"""Characters: "Public Information Act: certify a release date", the longest."""


def test_every_clock_has_a_short_name_shorter_than_its_title_or_equal() -> None:
    for rule in CLOCKS.values():
        assert rule.short
        assert len(rule.short) <= min(len(rule.title), SHORT_ENOUGH), rule.kind


def test_short_names_sort_as_the_titles_they_stand_for() -> None:
    # The inbox sorts by the stored title; the column shows the short name: the same order.
    titles = sorted(rule.title for rule in CLOCKS.values())
    assert [short_title(title) for title in titles] == sorted(
        short_title(title) for title in titles)


def test_short_names_are_distinct() -> None:
    shorts = [rule.short for rule in CLOCKS.values()]
    assert len(set(shorts)) == len(shorts)


def test_a_deadline_for_one_person_keeps_the_persons_name() -> None:
    rule = next(iter(CLOCKS.values()))
    assert short_title(f"{rule.title} — Jorge Ybarra") == f"{rule.short} — Jorge Ybarra"


def test_a_title_no_clock_has_is_shown_as_it_is() -> None:
    assert short_title("A deadline an older version wrote") == \
        "A deadline an older version wrote"
    assert short_title("") == ""
