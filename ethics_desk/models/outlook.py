"""Each person's deadlines in their own calendar: whether they asked for it, and what was sent.

A :class:`CalendarFeed` is a person's opt-in (their login, the mailbox the invitations go to, and
when they asked); without one nothing is sent to them. A :class:`CalendarEvent` is one deadline
as it stands in that person's calendar: its UID (the same in every message about it), the
SEQUENCE of the last message sent, the due day that message gave, and whether it was cancelled.
The summary an event shows ("ERB-2026-014: Respondent's sworn response") names the case number
and the step, never a party, for the mailbox is outside the record (§ 2-83(h)(1)); it is kept
here so that an event whose deadline is gone (a disposed case) can still be cancelled.

Both belong to their person (``login``): on a server each person reads and writes only their
own rows (:mod:`ethics_desk.staff.server_policies`). The deadline is a plain reference, set to
null when the deadline goes with its case, so a row is no case's content.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, Date, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.models.base import Base, Versioned


class CalendarFeed(Versioned, Base):
    """A person's opt-in to receive their deadlines as calendar invitations."""

    __tablename__ = "calendar_feed"

    login: Mapped[str] = mapped_column(String(60), primary_key=True)
    mailbox: Mapped[str] = mapped_column(String(200))
    opted_in_at: Mapped[datetime] = mapped_column()


class CalendarEvent(Versioned, Base):
    """One deadline in one person's calendar, as the last message sent about it left it."""

    __tablename__ = "calendar_event"
    __table_args__ = (UniqueConstraint("login", "deadline_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    login: Mapped[str] = mapped_column(String(60), index=True)
    deadline_id: Mapped[int | None] = mapped_column(
        ForeignKey("deadline.id", ondelete="SET NULL"))
    uid: Mapped[str] = mapped_column(String(200), unique=True)
    mailbox: Mapped[str] = mapped_column(String(200))
    """Where the event was sent (a cancellation goes there too)."""
    summary: Mapped[str] = mapped_column(String(300))
    sequence: Mapped[int] = mapped_column(Integer, default=0)
    due_on: Mapped[date] = mapped_column(Date)
    cancelled: Mapped[bool] = mapped_column(Boolean, default=False)
    sent_at: Mapped[datetime] = mapped_column()
