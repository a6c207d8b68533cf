"""Issued documents (frozen bytes) and the mail ledger that records how each went out."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, Date, ForeignKey, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ethics_desk.core.vocabulary import MailMethod, MailOutcome
from ethics_desk.models.base import Base, Versioned, enum_type


class IssuedDocument(Versioned, Base):
    """A document as issued: the exact bytes and their SHA-256, never regenerated silently.

    A correction voids this one and issues a replacement that points back to it.
    """

    __tablename__ = "issued_document"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    kind: Mapped[str] = mapped_column(String(40))
    recipient: Mapped[str] = mapped_column(String(300), default="")
    content: Mapped[bytes] = mapped_column(LargeBinary, deferred=True)
    sha256: Mapped[str] = mapped_column(String(64))
    page_count: Mapped[int] = mapped_column(default=1)
    issued_at: Mapped[datetime] = mapped_column()
    issued_by: Mapped[str] = mapped_column(String(120), default="")
    voided_at: Mapped[datetime | None] = mapped_column()
    voided_by: Mapped[str | None] = mapped_column(String(120))
    void_reason: Mapped[str | None] = mapped_column(Text)
    replaces_id: Mapped[int | None] = mapped_column(ForeignKey("issued_document.id"))
    # Its text, read once when it is issued (``ethics_desk.models.document_text``).
    extracted_text: Mapped[str] = mapped_column(Text, default="", deferred=True)
    textless_pages: Mapped[str] = mapped_column(Text, default="")

    mailings: Mapped[list[Mailing]] = relationship(back_populates="document",
                                                   order_by="Mailing.id")


class Mailing(Versioned, Base):
    """One item sent to one recipient: method, tracking number, mailed, delivered or returned."""

    __tablename__ = "mailing"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    document_id: Mapped[int | None] = mapped_column(
        ForeignKey("issued_document.id", ondelete="SET NULL"))
    recipient_name: Mapped[str] = mapped_column(String(200))
    recipient_role: Mapped[str] = mapped_column(String(60), default="")
    recipient_ref: Mapped[str] = mapped_column(String(60), default="")
    address: Mapped[str] = mapped_column(Text, default="")
    method: Mapped[MailMethod] = mapped_column(enum_type(MailMethod))
    tracking_number: Mapped[str] = mapped_column(String(60), default="")
    mailed_on: Mapped[date | None] = mapped_column(Date)
    outcome: Mapped[MailOutcome | None] = mapped_column(enum_type(MailOutcome))
    outcome_on: Mapped[date | None] = mapped_column(Date)
    recorded_by: Mapped[str] = mapped_column(String(120), default="")
    sent_at: Mapped[datetime | None] = mapped_column()
    """When the office's mail server took the message (a paper sent by e-mail from here)."""
    message_id: Mapped[str] = mapped_column(String(300), default="")
    """The Message-ID of the message the paper went in (a paper sent by e-mail from here)."""
    server_answer: Mapped[str] = mapped_column(Text, default="")
    """What the mail server answered when it took the message ("250 2.0.0 Ok: queued")."""
    courtesy_copy: Mapped[bool] = mapped_column(Boolean, default=False)
    """An e-mailed copy of a paper the statute sends by mail: the paper still goes by mail."""

    document: Mapped[IssuedDocument | None] = relationship(back_populates="mailings")
