"""The inbox's search index: what a search word asks of it, and the index's SQL on each database.

The search key of a complaint (:func:`ethics_desk.cases.listing.search_key_for`) is its case
number and every party's and witness's name, folded (:func:`ethics_desk.core.folding.fold`). A
search keeps the cases whose key holds every word the clerk typed:

* a word of three letters or more anywhere in the key ("pena" in "jose pena", "2024-01" in
  "erb-2024-0123") — the substring search the inbox always made, now answered by a trigram
  index instead of reading the whole table;
* a word of one or two letters or digits at the *start* of a word of the key ("p" for "Peña",
  "er" for "ERB-2024-0123", "20" for its year): a trigram index cannot look up what is shorter
  than a trigram, and "a" anywhere is in nearly every name. The key's words are kept a second
  time, in :func:`words_of`'s form, where the start of a word is a substring of three
  characters and the same index answers it;
* a short word with other characters ("o'", "-") anywhere in the key, without the index (rare).

The index is the database's own, kept by the database in the transaction of every change of a
name or a case number (the search columns are written with the names, :mod:`~ethics_desk.cases.listing`):

* SQLite: an FTS5 table with the trigram tokenizer over the two columns, its content the
  ``complaint`` table itself, kept by three triggers;
* PostgreSQL: ``pg_trgm``'s GIN indexes over the two columns, which ``LIKE`` uses as it is.

The index's SQL is the schema's (:mod:`ethics_desk.storage.search_table`): the migrations, the
journal and the check read it below the cases.

This module holds no SQLAlchemy: the first look at the database uses it before the ORM loads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ethics_desk.core.folding import fold

__all__ = [
    "SHORTEST_INDEXED",
    "SearchPlan",
    "fts_phrase",
    "fts_query",
    "plan",
    "sqlite_disagreements",
    "words_of",
]

SHORTEST_INDEXED = 3
"""A trigram: the shortest substring an index can look up."""

WORD_MARK = "  "
"""What precedes every word in :func:`words_of`'s form (two spaces: a search word never holds one)."""

_WORD = re.compile(r"[^\W_]+")
"""A word: a run of letters and digits (Unicode's), as Python knows them."""


_SYLLABIC = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
"""Han ideographs, kana and Hangul syllables: names in these scripts are written without spaces
("王伟"), so every such character starts a word of its own as well."""


def words_of(search_key: str) -> str:
    """The key's words, each preceded by :data:`WORD_MARK`: ``"  erb  2024  0123  jose  pena"``.

    A word of one or two characters ``w`` starts a word of the key exactly when ``"  w"`` (for
    one) or ``" w"`` (for two) is a substring of this form: three characters, which a trigram
    index looks up. In a word of Han, kana or Hangul characters each of them starts a word too
    ("王伟" gives "王伟" and "伟"), so that a given name is found without the family name.
    """
    parts: list[str] = []
    for word in _WORD.findall(search_key):
        parts.append(WORD_MARK + word)
        parts += [WORD_MARK + word[m.start():] for m in _SYLLABIC.finditer(word, 1)]
    return "".join(parts)


@dataclass(frozen=True)
class SearchPlan:
    """What a search asks: substrings of the key, substrings of its words' form, and substrings
    of the key that no index can answer.

    ``key_substrings`` and ``word_substrings`` are at least three characters long, ready for a
    trigram index; ``unindexed`` are the short words with other characters than letters and
    digits, matched anywhere in the key by a plain scan.
    """

    key_substrings: tuple[str, ...] = ()
    word_substrings: tuple[str, ...] = ()
    unindexed: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        """No word: every case."""
        return not (self.key_substrings or self.word_substrings or self.unindexed)

    @property
    def indexed(self) -> bool:
        """Some word is answered by the index."""
        return bool(self.key_substrings or self.word_substrings)


def plan(text: str) -> SearchPlan:
    """What searching for ``text`` asks (its words folded as the key was; repeats dropped)."""
    key: list[str] = []
    words: list[str] = []
    unindexed: list[str] = []
    for word in dict.fromkeys(fold(text).split()):
        if len(word) >= SHORTEST_INDEXED:
            key.append(word)
        elif _WORD.fullmatch(word):
            words.append(WORD_MARK[len(word) - 1:] + word)
        else:
            unindexed.append(word)
    return SearchPlan(tuple(key), tuple(words), tuple(unindexed))


def fts_phrase(substring: str) -> str:
    """``substring`` as an FTS5 string: double quotes around it, its own doubled."""
    return '"' + substring.replace('"', '""') + '"'


def fts_query(search: SearchPlan) -> str:
    """The FTS5 MATCH expression of the indexed part of ``search`` (each column filtered)."""
    terms = [f"search_key : {fts_phrase(s)}" for s in search.key_substrings]
    terms += [f"search_words : {fts_phrase(s)}" for s in search.word_substrings]
    return " AND ".join(terms)


def _varints(blob: bytes) -> list[int]:
    """The integers of an FTS5 ``docsize`` blob, in SQLite's varint form: big-endian groups of
    seven bits, the high bit set on every byte but the last, and a ninth byte (if reached) that
    gives all eight of its bits (``sqlite3Fts5GetVarint``). A trigram count of 128 or more — a
    column of 130 characters — takes two bytes, the most significant group first."""
    values: list[int] = []
    value = length = 0
    for byte in blob:
        length += 1
        if length == 9:  # the ninth byte of a varint carries eight bits and ends it
            values.append((value << 8) | byte)
            value = length = 0
            continue
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            values.append(value)
            value = length = 0
    return values


def _trigrams(text: str | None) -> int:
    """How many trigrams FTS5 counts in a column: one per character after the second, of the
    text up to its first NUL (where FTS5's tokenizer stops reading)."""
    return max(len((text or "").partition("\0")[0]) - SHORTEST_INDEXED + 1, 0)


def sqlite_disagreements(complaints: Iterable[tuple[int, str, str]],
                         sizes: Iterable[tuple[int, bytes]]) -> list[int]:
    """The ids of the complaints the FTS5 index does not hold as they are, read without writing:
    a case missing from the index or in it without a complaint, or whose columns it counts with
    another number of trigrams than the complaint's columns have (FTS5's ``docsize`` table).

    ``complaints`` are (id, search key, search words); ``sizes`` the docsize rows (id, sizes);
    both in the order of their ids, merged one row at a time (memory does not grow with the
    cases).
    """
    wrong: list[int] = []
    indexed = iter(sizes)
    pending = next(indexed, None)
    for case_id, key, words in complaints:
        while pending is not None and int(pending[0]) < int(case_id):
            wrong.append(int(pending[0]))  # in the index without a complaint
            pending = next(indexed, None)
        counted = None
        if pending is not None and int(pending[0]) == int(case_id):
            counted = _varints(bytes(pending[1] or b""))
            pending = next(indexed, None)
        if counted != [_trigrams(key), _trigrams(words)]:
            wrong.append(int(case_id))
    while pending is not None:
        wrong.append(int(pending[0]))
        pending = next(indexed, None)
    return sorted(wrong)
