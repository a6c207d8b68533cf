"""A running or finished statutory clock on a case, with the explanation of how its date was found."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.core.vocabulary import DeadlineStatus
from ethics_desk.models.base import Base, Versioned, enum_type


class Deadline(Versioned, Base):
    """One clock (review, forward, response, reply, opinion …) with its trigger and due date.

    ``subject`` names whose clock it is (a reviewer role, a respondent) so that the four
    independent reviews each keep their own. Open deadlines are recomputed when the calendar
    changes; the stored ``explanation`` is the engine's text for the current due date.
    """

    __tablename__ = "deadline"
    __table_args__ = (Index("ix_deadline_status_due", "status", "due_on"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    clock: Mapped[str] = mapped_column(String(40))
    subject: Mapped[str] = mapped_column(String(200), default="")
    title: Mapped[str] = mapped_column(String(200))
    citation: Mapped[str] = mapped_column(String(60))
    trigger_on: Mapped[date] = mapped_column(Date)
    trigger_basis: Mapped[str] = mapped_column(String(20), default="actual")
    trigger_detail: Mapped[str] = mapped_column(Text, default="")
    trigger_mailed_on: Mapped[date | None] = mapped_column(Date)
    presumption_days: Mapped[int | None] = mapped_column(Integer)
    length: Mapped[int] = mapped_column(Integer)
    extension_days: Mapped[int] = mapped_column(Integer, default=0)
    calendar: Mapped[str] = mapped_column(String(20), default="city")
    due_on: Mapped[date] = mapped_column(Date)
    explanation: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[DeadlineStatus] = mapped_column(enum_type(DeadlineStatus),
                                                   default=DeadlineStatus.OPEN)
    closed_on: Mapped[date | None] = mapped_column(Date)
