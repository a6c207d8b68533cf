"""The four independent sufficiency reviews of § 2-83(d)(1) and the decisions that follow them."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, Date, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ethics_desk.core.vocabulary import (
    CureKind,
    DecisionKind,
    DefectItem,
    Determination,
    Disposition,
    ReviewerRole,
)
from ethics_desk.models.base import Base, Versioned, enum_type


class Review(Versioned, Base):
    """One reviewer's own record and clock: received from the Clerk, determination, defects (d)(1)."""

    __tablename__ = "review"
    __table_args__ = (UniqueConstraint("complaint_id", "role", name="complaint_role"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    role: Mapped[ReviewerRole] = mapped_column(enum_type(ReviewerRole))
    reviewer_name: Mapped[str] = mapped_column(String(200), default="")
    received_on: Mapped[date] = mapped_column(Date)
    received_basis: Mapped[str] = mapped_column(String(20), default="actual")
    completed_on: Mapped[date | None] = mapped_column(Date)
    determination: Mapped[Determination | None] = mapped_column(enum_type(Determination))
    states_allegation_on_face: Mapped[bool | None] = mapped_column(Boolean)
    notes: Mapped[str] = mapped_column(Text, default="")
    recorded_by: Mapped[str] = mapped_column(String(120), default="")

    defects: Mapped[list[ReviewDefect]] = relationship(
        back_populates="review", cascade="all, delete-orphan", order_by="ReviewDefect.id")


class ReviewDefect(Versioned, Base):
    """A defect a reviewer found, keyed to the (c) item it fails, with the reviewer's note."""

    __tablename__ = "review_defect"

    id: Mapped[int] = mapped_column(primary_key=True)
    review_id: Mapped[int] = mapped_column(ForeignKey("review.id", ondelete="CASCADE"),
                                           index=True)
    item: Mapped[DefectItem] = mapped_column(enum_type(DefectItem))
    note: Mapped[str] = mapped_column(Text, default="")

    review: Mapped[Review] = relationship(back_populates="defects")


class Decision(Versioned, Base):
    """A decision on a complaint: acceptance, the (d)(2) forward, a return, a cure, a resolution."""

    __tablename__ = "decision"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    kind: Mapped[DecisionKind] = mapped_column(enum_type(DecisionKind))
    decided_on: Mapped[date] = mapped_column(Date)
    disposition: Mapped[Disposition | None] = mapped_column(enum_type(Disposition))
    notes: Mapped[str] = mapped_column(Text, default="")
    recorded_by: Mapped[str] = mapped_column(String(120), default="")
    recorded_at: Mapped[datetime] = mapped_column()


class Cure(Versioned, Base):
    """A campaign-finance cure: the bank statement or amended report filed, as verified by the Clerk.

    § 2-83(d)(2) with § 2-82(b)(2): a timely filing is not a violation; the complainant is told by
    first class mail.
    """

    __tablename__ = "cure"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    kind: Mapped[CureKind] = mapped_column(enum_type(CureKind))
    filed_on: Mapped[date] = mapped_column(Date)
    timely: Mapped[bool] = mapped_column(Boolean)
    verified_by: Mapped[str] = mapped_column(String(200))
    verified_on: Mapped[date] = mapped_column(Date)


class RuleNotice(Versioned, Base):
    """The written notice to a respondent of a rule not alleged in the complaint, § 2-85(c):
    before the Board finds a violation of it, the respondent has ten business days to respond
    (the ``unalleged_rule`` clock, from ``given_on``)."""

    __tablename__ = "rule_notice"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    respondent_id: Mapped[int] = mapped_column(ForeignKey("respondent.id", ondelete="CASCADE"))
    provision_id: Mapped[int] = mapped_column(ForeignKey("provision.id"))
    given_on: Mapped[date] = mapped_column(Date)
    recorded_by: Mapped[str] = mapped_column(String(120), default="")
    recorded_at: Mapped[datetime] = mapped_column()


class ViolationFinding(Versioned, Base):
    """A provision the Board found a respondent violated, with the resolution that found it
    (§ 2-85(b); the written opinion of § 2-87(a) states it)."""

    __tablename__ = "violation_finding"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    decision_id: Mapped[int] = mapped_column(ForeignKey("decision.id", ondelete="CASCADE"),
                                             index=True)
    respondent_id: Mapped[int] = mapped_column(ForeignKey("respondent.id", ondelete="CASCADE"))
    provision_id: Mapped[int] = mapped_column(ForeignKey("provision.id"))
    alleged: Mapped[bool] = mapped_column(Boolean, default=True)
    """Whether the complaint alleged it against the respondent (False: found after the notice
    of § 2-85(c))."""
