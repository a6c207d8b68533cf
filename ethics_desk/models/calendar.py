"""The days the office sets on its calendars: Fiesta San Jacinto Day each year and one-off closures."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.models.base import Base, Versioned


class CalendarDay(Versioned, Base):
    """A non-business day the office adds to a calendar (``city`` or ``state``).

    Rule-based holidays come from the calendar rules (resources/calendars); only the days that
    are set by hand live here. Every change is audited and recomputes open deadlines.
    """

    __tablename__ = "calendar_day"
    __table_args__ = (UniqueConstraint("calendar", "day"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    calendar: Mapped[str] = mapped_column(String(20), default="city")
    day: Mapped[date] = mapped_column(Date)
    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(20), default="closure")
