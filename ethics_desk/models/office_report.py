"""The office's reports as issued: a paper of the whole office, tied to no case.

An :class:`OfficeReport` is frozen like a case's issued paper
(:class:`~ethics_desk.models.mail.IssuedDocument`) — its exact bytes, their SHA-256, its pages,
who issued it and when, never regenerated — but belongs to the office rather than to a
complaint: the annual report (:mod:`ethics_desk.reports.annual_report`), in its public edition
or its confidential one for the Ethics Review Board, for the period it covers.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.models.base import Base, Versioned


class OfficeReport(Versioned, Base):
    """One report of the office as issued: its kind and edition, the period, the frozen bytes."""

    __tablename__ = "office_report"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(40), index=True)
    """What the report is (``annual-report``)."""
    edition: Mapped[str] = mapped_column(String(20))
    """``public``, or ``confidential`` (for the Ethics Review Board, § 2-83(h)(1))."""
    period_start: Mapped[date] = mapped_column(Date)
    period_end: Mapped[date] = mapped_column(Date)
    content: Mapped[bytes] = mapped_column(LargeBinary, deferred=True)
    sha256: Mapped[str] = mapped_column(String(64))
    page_count: Mapped[int] = mapped_column(default=1)
    issued_at: Mapped[datetime] = mapped_column()
    issued_by: Mapped[str] = mapped_column(String(120), default="")
