"""Search keys: names folded so that capitals and accents do not matter ("PEÑA" is "pena").

No database code here: the inbox's search words are folded the same way before the ORM loads.
"""

from __future__ import annotations

import unicodedata


def fold(text: str | None) -> str:
    """A search key: case-folded, accents removed, so "PEÑA", "pena" and "Peña" all match.

    SQLite's ``lower()`` and ``LIKE`` fold only ASCII, so every searchable name is stored
    a second time in this form and searched with plain ``LIKE`` on the folded column.
    """
    if not text:
        return ""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    # Letters that do not decompose (ø, đ, ł, æ, ß ...) get their usual Latin spelling.
    return stripped.translate(_NON_DECOMPOSING).strip()


_NON_DECOMPOSING = str.maketrans({"ø": "o", "đ": "d", "ł": "l", "æ": "ae", "œ": "oe", "ß": "ss",
                                  "þ": "th", "ð": "d", "ı": "i"})
