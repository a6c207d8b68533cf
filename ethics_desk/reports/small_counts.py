"""The small-count rule of the public annual report: counts that could point at a case hidden.

A count of 1 to 4 in a public table could point at a complaint still pending, which
§ 2-83(h)(1) keeps confidential: "two campaign-finance complaints alleging § 2-307" is near
enough to a name. So every such count is shown as "fewer than 5" (**primary** suppression),
and where a total and the other counts of its line would give a hidden count back by
subtraction, one more count of the line is hidden too (**secondary** suppression, shown as
"withheld"), the smallest that is not nought, until no line has exactly one hidden member.
Nought is shown: it points at no one.

:func:`suppress` takes the counts by key and the lines they add up in (``total = sum of
members``) and returns what each cell shows. :data:`SMALL_COUNT_RULE` says the rule in words;
the report prints it, so the words and the rule are stated once, here. No Qt here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

SMALLEST_SHOWN = 5
"""The smallest count the public report shows as it is (nought aside)."""
FEWER = f"fewer than {SMALLEST_SHOWN}"
"""How a hidden small count reads."""
WITHHELD = "withheld"
"""How a count hidden so that a small one cannot be worked out reads."""
SMALL_COUNT_RULE = (
    f"Small counts are not shown. In this public edition every count from 1 to "
    f"{SMALLEST_SHOWN - 1} reads “{FEWER}”, since so few complaints could point at one still "
    f"pending, which City Code § 2-83(h)(1) keeps confidential. Where a total and the other "
    f"counts of its table would give such a count back by subtraction, the next smallest count "
    f"is hidden as well and reads “{WITHHELD}”. A time from receipt to a step is "
    f"{WITHHELD} when fewer than {SMALLEST_SHOWN} cases took the step, and a sum of money when "
    f"fewer than {SMALLEST_SHOWN} penalties make it up. Nought is shown as it is.")
"""The rule as the public report states it."""


class Shown(StrEnum):
    """Why a cell reads as it does."""

    EXACT = "exact"
    SMALL = "small"
    """Primary: a count from 1 to :data:`SMALLEST_SHOWN` − 1."""
    COMPLEMENT = "complement"
    """Secondary: hidden so that a small count cannot be worked out from a total."""


@dataclass(frozen=True)
class Line:
    """Counts that add up: ``total`` is the sum of ``members`` (all keys of the counts)."""

    total: str
    members: tuple[str, ...]


def is_small(count: int) -> bool:
    """Whether ``count`` is hidden by itself (1 to :data:`SMALLEST_SHOWN` − 1)."""
    return 0 < count < SMALLEST_SHOWN


def suppress(counts: Mapping[str, int], lines: Sequence[Line] = ()) -> dict[str, Shown]:
    """How each count of ``counts`` is shown: the small ones hidden, then, line by line until
    nothing changes, one more member hidden in any line (its total among its members) where
    exactly one is hidden — the smallest shown member that is not nought, else the smallest
    shown one."""
    shown = {key: Shown.SMALL if is_small(count) else Shown.EXACT
             for key, count in counts.items()}
    changed = True
    while changed:
        changed = False
        for line in lines:
            cells = (line.total, *line.members)
            hidden = [key for key in cells if shown[key] is not Shown.EXACT]
            if len(hidden) != 1:
                continue
            visible = [key for key in line.members if shown[key] is Shown.EXACT]
            if not visible:
                continue  # only the total is hidden, and the members are all hidden with it
            nonzero = [key for key in visible if counts[key]]
            chosen = min(nonzero or visible, key=lambda key: (counts[key], key))
            shown[chosen] = Shown.COMPLEMENT
            changed = True
    return shown


def words(count: int, how: Shown) -> str:
    """A count as the public report prints it."""
    if how is Shown.SMALL:
        return FEWER
    if how is Shown.COMPLEMENT:
        return WITHHELD
    return f"{count:,}"
