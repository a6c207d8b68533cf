"""Requests for information under the Public Information Act (Gov't Code ch. 552), § 2-83(h)(3).

§ 2-83(h)(3) sends requests for complaint records to the Texas Public Information Act. A
request is logged with its requester, how it came, the date it was received (for a mailed
request whose actual receipt cannot be established, the third business day after the postmark,
§ 552.301(a-1)), what is asked for and the cases and records it touches; then the steps taken
on it (the ruling asked for, the arguments sent, a date for release certified), the ruling of
the Attorney General or the City Attorney's decision, the release, and its close. The papers
issued on it are kept as their exact bytes. The rules are :mod:`ethics_desk.public_information`'s.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Integer, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ethics_desk.core.vocabulary import (
    Language,
    RequestChannel,
    RequestStatus,
    RulingBy,
    RulingOutcome,
)
from ethics_desk.models.base import Base, Versioned, enum_type


class InformationRequest(Versioned, Base):
    """One written request for information, numbered ``PIA-YYYY-NNN`` in the year received."""

    __tablename__ = "information_request"
    __table_args__ = (UniqueConstraint("request_year", "request_seq",
                                       name="information_request_year_seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(20), unique=True)
    request_year: Mapped[int] = mapped_column(Integer)
    request_seq: Mapped[int] = mapped_column(Integer)
    requester_name: Mapped[str] = mapped_column(String(200))
    requester_address: Mapped[str] = mapped_column(Text, default="")
    requester_email: Mapped[str] = mapped_column(String(200), default="")
    language: Mapped[Language] = mapped_column(enum_type(Language), default=Language.ENGLISH)
    channel: Mapped[RequestChannel] = mapped_column(enum_type(RequestChannel))
    postmarked_on: Mapped[date | None] = mapped_column(Date)
    received_on: Mapped[date] = mapped_column(Date, index=True)
    received_basis: Mapped[str] = mapped_column(String(20), default="actual")
    received_detail: Mapped[str] = mapped_column(Text, default="")
    asked_for: Mapped[str] = mapped_column(Text)
    status: Mapped[RequestStatus] = mapped_column(enum_type(RequestStatus),
                                                  default=RequestStatus.OPEN, index=True)
    exceptions_claimed: Mapped[str] = mapped_column(Text, default="")
    """The exceptions the City claims, one a line, as the request for a ruling states them
    (Gov't Code § 552.301(b))."""
    previous_determination: Mapped[str] = mapped_column(String(120), default="")
    """The citation of the Attorney General's previous determination a withholding without a
    request for a ruling relies on (§ 552.301(a)), or ""."""
    clarification_asked_on: Mapped[date | None] = mapped_column(Date)
    """The day the City asked the requester to clarify the request (§ 552.222(b))."""
    clarification_question: Mapped[str] = mapped_column(Text, default="")
    clarification_answered_on: Mapped[date | None] = mapped_column(Date)
    """The day the requester's answer was received: the clocks run again from it."""
    estimate_items: Mapped[str] = mapped_column(Text, default="")
    """The itemized statement of estimated charges (§ 552.2615), as JSON, or ""."""
    estimate_sent_on: Mapped[date | None] = mapped_column(Date)
    ruling_requested_on: Mapped[date | None] = mapped_column(Date)
    requester_told_on: Mapped[date | None] = mapped_column(Date)
    arguments_sent_on: Mapped[date | None] = mapped_column(Date)
    release_certified_on: Mapped[date | None] = mapped_column(Date)
    release_promised_at: Mapped[datetime | None] = mapped_column()
    outcome: Mapped[RulingOutcome | None] = mapped_column(enum_type(RulingOutcome))
    outcome_by: Mapped[RulingBy | None] = mapped_column(enum_type(RulingBy))
    outcome_on: Mapped[date | None] = mapped_column(Date)
    outcome_reference: Mapped[str] = mapped_column(String(120), default="")
    released_on: Mapped[date | None] = mapped_column(Date)
    closed_on: Mapped[date | None] = mapped_column(Date)
    close_note: Mapped[str] = mapped_column(Text, default="")
    logged_by: Mapped[str] = mapped_column(String(120))
    logged_at: Mapped[datetime] = mapped_column()

    records: Mapped[list[RequestedRecord]] = relationship(
        back_populates="request", cascade="all, delete-orphan", order_by="RequestedRecord.id")
    papers: Mapped[list[RequestPaper]] = relationship(
        back_populates="request", cascade="all, delete-orphan", order_by="RequestPaper.id")


class RequestedRecord(Versioned, Base):
    """One record a request asks for: a case of § 2-83 (by its id) or other records, described."""

    __tablename__ = "requested_record"

    id: Mapped[int] = mapped_column(primary_key=True)
    request_id: Mapped[int] = mapped_column(
        ForeignKey("information_request.id", ondelete="CASCADE"), index=True)
    complaint_id: Mapped[int | None] = mapped_column(
        ForeignKey("complaint.id", ondelete="SET NULL"), index=True)
    description: Mapped[str] = mapped_column(Text, default="")

    request: Mapped[InformationRequest] = relationship(back_populates="records")


class RequestPaper(Versioned, Base):
    """A paper issued on a request: its exact bytes and their SHA-256, never regenerated."""

    __tablename__ = "request_paper"

    id: Mapped[int] = mapped_column(primary_key=True)
    request_id: Mapped[int] = mapped_column(
        ForeignKey("information_request.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(40))
    language: Mapped[Language] = mapped_column(enum_type(Language), default=Language.ENGLISH)
    recipient: Mapped[str] = mapped_column(String(300), default="")
    issued_on: Mapped[date] = mapped_column(Date)
    issued_at: Mapped[datetime] = mapped_column()
    issued_by: Mapped[str] = mapped_column(String(120))
    sha256: Mapped[str] = mapped_column(String(64))
    content: Mapped[bytes] = mapped_column(LargeBinary)

    request: Mapped[InformationRequest] = relationship(back_populates="papers")
