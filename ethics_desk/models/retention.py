"""Records retention: legal holds on cases, and the permanent log of every disposal.

Local Government Code § 202.002 forbids destroying a record while litigation, an audit or a
public information request that involves it is pending; a :class:`LegalHold` names the cases
it covers (:class:`HeldCase`), who placed it, when and why, and is released as a recorded act.
A :class:`DisposalRecord` is the permanent entry written when a case's content is destroyed at
the end of its retention period (Local Schedule GR, 13 TAC § 7.125): which case, which series,
what was destroyed, when, by whom, under which authority. The database itself refuses to change
or delete a disposal record (revision 0012). The rules are in :mod:`ethics_desk.retention`.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ethics_desk.core.vocabulary import HoldKind
from ethics_desk.models.base import Base, Versioned, enum_type


class LegalHold(Versioned, Base):
    """A hold on the disposal of the cases it names: litigation, an audit, an open records
    request or the office's own; in force until it is released."""

    __tablename__ = "legal_hold"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[HoldKind] = mapped_column(enum_type(HoldKind))
    reason: Mapped[str] = mapped_column(Text, default="")
    placed_by: Mapped[str] = mapped_column(String(120), default="")
    placed_at: Mapped[datetime] = mapped_column()
    released_by: Mapped[str | None] = mapped_column(String(120))
    released_at: Mapped[datetime | None] = mapped_column()
    release_reason: Mapped[str | None] = mapped_column(Text)

    cases: Mapped[list[HeldCase]] = relationship(back_populates="hold",
                                                 cascade="all, delete-orphan",
                                                 order_by="HeldCase.id")


class HeldCase(Base):
    """One case a legal hold covers (never updated: a hold is released whole)."""

    __tablename__ = "legal_hold_case"
    __table_args__ = (UniqueConstraint("hold_id", "complaint_id", name="legal_hold_case_once"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    hold_id: Mapped[int] = mapped_column(ForeignKey("legal_hold.id", ondelete="CASCADE"),
                                         index=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="RESTRICT"),
                                              index=True)

    hold: Mapped[LegalHold] = relationship(back_populates="cases")


class DisposalRecord(Base):
    """The permanent log entry of one case's disposal; written once, never changed or deleted.

    ``destroyed`` is JSON: the count of rows destroyed by kind (``{"party": 2, …}``);
    ``kept`` says in words what was kept and why (the Board's votes, GR1000-03a).
    """

    __tablename__ = "disposal_record"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(Integer, index=True)
    """The case's id (no foreign key: the log outlives anything done to the case)."""
    case_number: Mapped[str] = mapped_column(String(20))
    series_code: Mapped[str] = mapped_column(String(20))
    series_title: Mapped[str] = mapped_column(String(200))
    resolved_on: Mapped[date] = mapped_column(Date)
    eligible_on: Mapped[date] = mapped_column(Date)
    disposed_on: Mapped[date] = mapped_column(Date)
    disposed_at: Mapped[datetime] = mapped_column()
    disposed_by: Mapped[str] = mapped_column(String(120))
    authority: Mapped[str] = mapped_column(Text)
    destroyed: Mapped[str] = mapped_column(Text, default="{}")
    kept: Mapped[str] = mapped_column(Text, default="")
