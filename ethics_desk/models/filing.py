"""Papers the parties file after acceptance: the sworn response, the sworn reply, hearing requests (e)."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, Date, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.core.vocabulary import FilingKind, MailMethod, PartyRole, ResponseRecipient
from ethics_desk.models.base import Base, Versioned, enum_type


class Filing(Versioned, Base):
    """A response (e)(1), a reply (e)(3) or a hearing request (e)(4), as received by the Clerk."""

    __tablename__ = "filing"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    kind: Mapped[FilingKind] = mapped_column(enum_type(FilingKind))
    party_role: Mapped[PartyRole] = mapped_column(enum_type(PartyRole))
    party_name: Mapped[str] = mapped_column(String(200), default="")
    respondent_id: Mapped[int | None] = mapped_column(
        ForeignKey("respondent.id", ondelete="SET NULL"))
    received_on: Mapped[date] = mapped_column(Date)
    sworn: Mapped[bool] = mapped_column(Boolean, default=False)
    attachment_id: Mapped[int | None] = mapped_column(
        ForeignKey("attachment.id", ondelete="SET NULL"))
    forwarded_on: Mapped[date | None] = mapped_column(Date)
    notes: Mapped[str] = mapped_column(Text, default="")
    recorded_by: Mapped[str] = mapped_column(String(120), default="")
    recorded_at: Mapped[datetime] = mapped_column()


class ResponseForward(Versioned, Base):
    """One recipient's copy of a sworn response, forwarded by the City Clerk upon receipt:
    when and how (§ 2-83(e), last paragraph). A response is forwarded once it has a row for
    each :class:`~ethics_desk.core.vocabulary.ResponseRecipient`."""

    __tablename__ = "response_forward"
    __table_args__ = (UniqueConstraint("filing_id", "recipient"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    filing_id: Mapped[int] = mapped_column(ForeignKey("filing.id", ondelete="CASCADE"),
                                           index=True)
    recipient: Mapped[ResponseRecipient] = mapped_column(enum_type(ResponseRecipient))
    forwarded_on: Mapped[date] = mapped_column(Date)
    method: Mapped[MailMethod] = mapped_column(enum_type(MailMethod))
    recorded_by: Mapped[str] = mapped_column(String(120), default="")
    recorded_at: Mapped[datetime] = mapped_column()
