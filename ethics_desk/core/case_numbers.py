"""The case number the Clerk gives a complaint when it is filed: ``ERB-YYYY-NNN``, the year of its
receipt in the office's time zone and its place in that year's filings (§ 2-83(c)), stated once
for the filing that assigns it and every lookup that reads one typed by a person."""

from __future__ import annotations

import re

PREFIX = "ERB"
"""The Ethics Review Board's mark that begins every case number."""

PATTERN = re.compile(rf"^{PREFIX}-\d{{4}}-\d{{3,}}$", re.IGNORECASE)
"""A case number as a person may type it (any case: it is read upper-cased)."""


def case_number(year: int, seq: int) -> str:
    """The case number of the ``seq``-th complaint filed in ``year`` (at least three digits)."""
    return f"{PREFIX}-{year}-{seq:03d}"


def is_case_number(text: str) -> bool:
    """Whether ``text`` (already trimmed) is written as a case number is."""
    return PATTERN.match(text) is not None
