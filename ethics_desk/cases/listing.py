"""The inbox's listing columns on a complaint, recomputed whenever what they show changes.

Derived on purpose: the inbox must search and sort 100,000 cases in SQL within 100 ms, which
joins through parties cannot do on SQLite. Every writer of names, case numbers or deadlines
calls :func:`refresh_listing` (the intake, filing, and ``schedule.refresh_next_due``), and
``ethics-desk check`` verifies that the stored listing matches the records.
"""

from __future__ import annotations

from ethics_desk.cases.search_index import words_of
from ethics_desk.core.folding import fold
from ethics_desk.models import Complaint


def names(people: list[str]) -> str:
    """"José Peña; Ana Ruiz" (empty names left out)."""
    return "; ".join(n for n in people if n)


def search_key_for(complaint: Complaint) -> str:
    """Case number and every party's and witness's name, folded, separated by " | "."""
    parts = [complaint.case_number or "", f"draft {complaint.id}"]
    parts += [c.name for c in complaint.complainants]
    parts += [r.name for r in complaint.respondents]
    parts += [w.name for w in complaint.witnesses]
    return " | ".join(fold(p) for p in parts if p)


def refresh_listing(complaint: Complaint) -> None:
    """Recompute the names and the search columns from the complaint's parties (the database's
    search index follows them in the same transaction, :mod:`ethics_desk.cases.search_index`)."""
    complaint.complainant_names = names([c.name for c in complaint.complainants])
    complaint.respondent_names = names([r.name for r in complaint.respondents])
    complaint.search_key = search_key_for(complaint)
    complaint.search_words = words_of(complaint.search_key)
