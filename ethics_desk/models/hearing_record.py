"""Papers of a case entered into the record of a formal hearing or a Board proceeding, § 2-83(h)(2).

§ 2-83(h)(1) keeps everything about a pending complaint from anyone but its parties and
witnesses; (h)(2) lets information otherwise confidential be disclosed "by entering it into the
record of a formal hearing or Ethics Review Board proceeding". A :class:`RecordEntry` says that
one paper of the case — an exhibit (an attachment), a paper a party filed, or a document the
office issued — was entered into the record of one proceeding: a hearing of the case
(:class:`~ethics_desk.models.board.Hearing`) or a meeting of the Board, named by its date. The
rules are in :mod:`ethics_desk.cases.hearing_record`.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import CheckConstraint, Date, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.models.base import Base, Versioned

ONE_PAPER = ("(CASE WHEN attachment_id IS NULL THEN 0 ELSE 1 END) + "
             "(CASE WHEN filing_id IS NULL THEN 0 ELSE 1 END) + "
             "(CASE WHEN issued_document_id IS NULL THEN 0 ELSE 1 END) = 1")
"""An entry names exactly one paper (portable SQL: no arithmetic on booleans)."""
ONE_PROCEEDING = ("(hearing_id IS NULL AND meeting_on IS NOT NULL) OR "
                  "(hearing_id IS NOT NULL AND meeting_on IS NULL)")
"""An entry names exactly one proceeding: a hearing, or a Board meeting by its date."""


class RecordEntry(Versioned, Base):
    """One paper of a case entered into the record of one proceeding on a date, § 2-83(h)(2)."""

    __tablename__ = "record_entry"
    __table_args__ = (CheckConstraint(ONE_PAPER, name="one_paper"),
                      CheckConstraint(ONE_PROCEEDING, name="one_proceeding"))

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    attachment_id: Mapped[int | None] = mapped_column(
        ForeignKey("attachment.id", ondelete="CASCADE"), index=True)
    filing_id: Mapped[int | None] = mapped_column(ForeignKey("filing.id", ondelete="CASCADE"),
                                                  index=True)
    issued_document_id: Mapped[int | None] = mapped_column(
        ForeignKey("issued_document.id", ondelete="CASCADE"), index=True)
    hearing_id: Mapped[int | None] = mapped_column(ForeignKey("hearing.id", ondelete="CASCADE"),
                                                   index=True)
    meeting_on: Mapped[date | None] = mapped_column(Date)
    """The date of the Board meeting, when the proceeding is a meeting rather than a hearing."""
    entered_on: Mapped[date] = mapped_column(Date)
    entered_by: Mapped[str] = mapped_column(String(120), default="")
    entered_at: Mapped[datetime] = mapped_column()
