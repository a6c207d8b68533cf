"""The dates an issued paper stated: a deadline (the response due under § 2-83(e)(1)) or a hearing.

An issued paper is frozen bytes (:class:`~ethics_desk.models.mail.IssuedDocument`); the dates it
told its reader are kept beside it, one :class:`StatedDate` each, with what they were read from:
a clock of the case (its ``clock`` and ``subject``, as the deadline engine keeps them) or a
hearing. A later change — a closure that moves the response date, a hearing set again — then
shows which issued papers now state a wrong date (:mod:`ethics_desk.documents.stated_dates`).
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import Date, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.models.base import Base, Versioned


class StatedDate(Versioned, Base):
    """One date an issued paper stated, and the deadline or hearing it was read from.

    ``clock`` is the deadline's clock (``response``, ``reply``, ``review``), or ``hearing`` for
    the date of a hearing (``hearing_id``); ``subject`` is whose clock it is, as the deadline
    keeps it (``respondent:<id>``, a reviewer's role). ``label`` is what the paper called it,
    as a clerk reads it ("Respondent's sworn response — Jane Roe").
    """

    __tablename__ = "issued_document_date"

    id: Mapped[int] = mapped_column(primary_key=True)
    document_id: Mapped[int] = mapped_column(
        ForeignKey("issued_document.id", ondelete="CASCADE"), index=True)
    clock: Mapped[str] = mapped_column(String(40))
    subject: Mapped[str] = mapped_column(String(200), default="")
    deadline_id: Mapped[int | None] = mapped_column(
        ForeignKey("deadline.id", ondelete="SET NULL"))
    hearing_id: Mapped[int | None] = mapped_column(ForeignKey("hearing.id", ondelete="SET NULL"))
    label: Mapped[str] = mapped_column(String(300), default="")
    stated_on: Mapped[date] = mapped_column(Date)
