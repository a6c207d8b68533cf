"""``check`` reads the record as streams merged in key order: what it finds does not depend on
holding every row at once (the journal's replay is tested in ``test_journal.py``)."""

from __future__ import annotations

from collections.abc import Iterator

from ethics_desk.cases.search_index import sqlite_disagreements


def _once(rows: list[tuple[int, object]]) -> Iterator[tuple[int, object]]:
    """The rows as a stream that can be read only once, as the database hands them over."""
    yield from rows


def test_the_index_check_names_every_case_missing_from_the_index_or_only_in_it() -> None:
    complaints = [(1, "erb | ana", "  ana"), (2, "erb | bo", "  bo"), (4, "erb | cy", "  cy"),
                  (7, "erb | di", "  di")]
    sizes = [(1, bytes([7, 3])), (3, bytes([5, 1])), (4, bytes([7, 9])), (7, bytes([6, 2])),
             (9, bytes([1, 1]))]
    wrong = sqlite_disagreements(_once(complaints), _once(sizes))  # type: ignore[arg-type]
    assert wrong == [2, 3, 4, 9]  # 2 not indexed, 3 and 9 indexed without a case, 4 miscounted
