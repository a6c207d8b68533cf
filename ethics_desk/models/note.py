"""A note on a case: a call from the complainant, a visit from the respondent's lawyer, an e-mail.

A :class:`CaseNote` records who wrote it (the signed-in account), when (the clock), how the
matter came to the office (:class:`~ethics_desk.core.vocabulary.NoteKind`) and what was said.
Notes are part of the case file and as confidential as the complaint, § 2-83(h)(1); they are
added and never changed or removed (a correction is a new note), except by the disposal of the
whole case file. The rules are in :mod:`ethics_desk.cases.notes`.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.core.vocabulary import NoteKind
from ethics_desk.models.base import Base, Versioned, enum_type


class CaseNote(Versioned, Base):
    """One note on a case: its kind, its text, who wrote it and when."""

    __tablename__ = "case_note"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    kind: Mapped[NoteKind] = mapped_column(enum_type(NoteKind))
    text: Mapped[str] = mapped_column(Text)
    written_by: Mapped[str] = mapped_column(String(120))
    """The account that wrote it, as the audit trail names it ("María Ortiz (mortiz)")."""
    written_at: Mapped[datetime] = mapped_column()
