"""The Ethics Review Board: roster and terms, votes and ballots, hearings, show cause, sanctions."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    ForeignKey,
    Integer,
    Select,
    String,
    Text,
    UniqueConstraint,
    select,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ethics_desk.core.folding import fold
from ethics_desk.core.vocabulary import (
    CIVIL_PENALTY_LIMIT_CENTS,
    BoardAction,
    BoardRole,
    FrivolousFactor,
    HearingKind,
    SanctionFactor,
    SanctionKind,
    VoteChoice,
)
from ethics_desk.models.base import Base, Versioned, enum_type


class BoardMember(Versioned, Base):
    """A person on the Board roster (member or staff); membership on a date follows the terms."""

    __tablename__ = "board_member"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    name_folded: Mapped[str] = mapped_column(String(200), index=True)
    is_staff: Mapped[bool] = mapped_column(Boolean, default=False)

    terms: Mapped[list[BoardTerm]] = relationship(back_populates="member",
                                                  cascade="all, delete-orphan",
                                                  order_by="BoardTerm.starts_on")

    def set_name(self, name: str) -> None:
        """Set the name and its search key together."""
        self.name = name
        self.name_folded = fold(name)

    def role_on(self, day: date) -> BoardRole | None:
        """The office held on ``day``, or None when not serving then."""
        for term in self.terms:
            if term.starts_on <= day and (term.ends_on is None or day <= term.ends_on):
                return term.role
        return None


class BoardTerm(Versioned, Base):
    """A term of service in one role (member, Chair, Vice Chair, staff)."""

    __tablename__ = "board_term"
    __table_args__ = (CheckConstraint("ends_on IS NULL OR ends_on >= starts_on",
                                      name="term_order"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("board_member.id", ondelete="CASCADE"),
                                           index=True)
    role: Mapped[BoardRole] = mapped_column(enum_type(BoardRole))
    starts_on: Mapped[date] = mapped_column(Date)
    ends_on: Mapped[date | None] = mapped_column(Date)

    member: Mapped[BoardMember] = relationship(back_populates="terms")


class BoardVote(Versioned, Base):
    """A Board action on a case: the meeting, who was present, and the result by its rule."""

    __tablename__ = "board_vote"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    action: Mapped[BoardAction] = mapped_column(enum_type(BoardAction))
    meeting_on: Mapped[date] = mapped_column(Date)
    is_record_vote: Mapped[bool] = mapped_column(Boolean, default=False)
    present_count: Mapped[int] = mapped_column(Integer)
    yes_count: Mapped[int] = mapped_column(Integer)
    required_yes: Mapped[int] = mapped_column(Integer)
    carried: Mapped[bool] = mapped_column(Boolean)
    summary: Mapped[str] = mapped_column(Text)
    recorded_by: Mapped[str] = mapped_column(String(120), default="")
    recorded_at: Mapped[datetime] = mapped_column()

    ballots: Mapped[list[Ballot]] = relationship(back_populates="vote",
                                                 cascade="all, delete-orphan",
                                                 order_by="Ballot.id")


class Ballot(Versioned, Base):
    """One present member's vote (yes, no, abstain, recused) in a Board vote."""

    __tablename__ = "ballot"
    __table_args__ = (UniqueConstraint("vote_id", "member_name", name="vote_member"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    vote_id: Mapped[int] = mapped_column(ForeignKey("board_vote.id", ondelete="CASCADE"),
                                         index=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("board_member.id"))
    member_name: Mapped[str] = mapped_column(String(200))
    choice: Mapped[VoteChoice] = mapped_column(enum_type(VoteChoice))

    vote: Mapped[BoardVote] = relationship(back_populates="ballots")


class Hearing(Versioned, Base):
    """A hearing requested under (e)(4) or held on a show-cause order under (f)(5)."""

    __tablename__ = "hearing"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    kind: Mapped[HearingKind] = mapped_column(enum_type(HearingKind))
    requested_by: Mapped[str] = mapped_column(String(60), default="")
    scheduled_at: Mapped[datetime | None] = mapped_column()
    place: Mapped[str] = mapped_column(Text, default="")
    held_on: Mapped[date | None] = mapped_column(Date)
    appeared: Mapped[str] = mapped_column(Text, default="")
    counsel: Mapped[str] = mapped_column(Text, default="")
    concluded: Mapped[bool | None] = mapped_column(Boolean)

    @classmethod
    def requested(cls, complaint_id: int) -> Select[Hearing]:
        """The hearings parties asked for under § 2-83(e)(4) on a complaint, in the order
        asked (each request made its hearing with its filing)."""
        return select(cls).where(cls.complaint_id == complaint_id,
                                 cls.kind == HearingKind.REQUESTED).order_by(cls.id)

    @classmethod
    def to_schedule(cls, complaint_id: int) -> Select[Hearing]:
        """The first requested hearing that has no date yet."""
        return cls.requested(complaint_id).where(cls.scheduled_at.is_(None)).limit(1)

    @classmethod
    def to_hold(cls, complaint_id: int) -> Select[Hearing]:
        """The first requested hearing that is scheduled and not yet held."""
        return cls.requested(complaint_id).where(cls.scheduled_at.is_not(None),
                                                 cls.held_on.is_(None)).limit(1)


class ShowCauseOrder(Versioned, Base):
    """The (f)(2) order after a carried vote, with its (f)(4) explanation and hearing."""

    __tablename__ = "show_cause_order"

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    vote_id: Mapped[int] = mapped_column(ForeignKey("board_vote.id"))
    hearing_id: Mapped[int] = mapped_column(ForeignKey("hearing.id"))
    explanation: Mapped[str] = mapped_column(Text, default="")
    ordered_on: Mapped[date] = mapped_column(Date)

    factors: Mapped[list[ShowCauseFactor]] = relationship(
        cascade="all, delete-orphan", order_by="ShowCauseFactor.factor")


class ShowCauseFactor(Versioned, Base):
    """The clerk's note on one (f)(3) factor for a show-cause order."""

    __tablename__ = "show_cause_factor"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("show_cause_order.id", ondelete="CASCADE"),
                                          index=True)
    factor: Mapped[FrivolousFactor] = mapped_column(enum_type(FrivolousFactor))
    note: Mapped[str] = mapped_column(Text, default="")


class Sanction(Versioned, Base):
    """A sanction of (g)(2) or a notification of (g)(3); a civil penalty never exceeds $500.00."""

    __tablename__ = "sanction"
    __table_args__ = (
        CheckConstraint(
            f"kind != 'civil_penalty' OR (amount_cents >= 0 AND amount_cents <= "
            f"{CIVIL_PENALTY_LIMIT_CENTS})", name="civil_penalty_limit"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    vote_id: Mapped[int | None] = mapped_column(ForeignKey("board_vote.id"))
    kind: Mapped[SanctionKind] = mapped_column(enum_type(SanctionKind))
    amount_cents: Mapped[int | None] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text, default="")
    agency: Mapped[str] = mapped_column(String(300), default="")
    imposed_on: Mapped[date] = mapped_column(Date)

    factors: Mapped[list[SanctionFactorNote]] = relationship(
        cascade="all, delete-orphan", order_by="SanctionFactorNote.id")
    """The Board's note on each (g)(1) factor it considered before imposing the sanction."""
    payment: Mapped[CivilPenalty | None] = relationship(
        back_populates="sanction", cascade="all, delete-orphan", uselist=False)
    """A civil penalty's due date and its payment or waiver (None for any other sanction)."""


class CivilPenalty(Versioned, Base):
    """What is owed on a civil penalty of § 2-83(g)(2)(a): its due date, and its payment (when
    and how much) or its waiver (by whom and why). Outstanding while neither is recorded."""

    __tablename__ = "civil_penalty"
    __table_args__ = (
        CheckConstraint("paid_cents IS NULL OR paid_cents > 0", name="paid_amount"),
        CheckConstraint("paid_on IS NULL OR waived_on IS NULL", name="paid_or_waived"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    sanction_id: Mapped[int] = mapped_column(ForeignKey("sanction.id", ondelete="CASCADE"),
                                             unique=True)
    due_on: Mapped[date | None] = mapped_column(Date)
    """The day the Board set for payment (None: not recorded, for a penalty imposed before
    Ethics Desk kept it)."""
    paid_on: Mapped[date | None] = mapped_column(Date)
    paid_cents: Mapped[int | None] = mapped_column(Integer)
    waived_on: Mapped[date | None] = mapped_column(Date)
    waived_by: Mapped[str] = mapped_column(String(200), default="")
    waived_reason: Mapped[str] = mapped_column(Text, default="")
    recorded_by: Mapped[str] = mapped_column(String(120), default="")

    sanction: Mapped[Sanction] = relationship(back_populates="payment")

    @property
    def outstanding(self) -> bool:
        """Neither paid nor waived."""
        return self.paid_on is None and self.waived_on is None


class SanctionFactorNote(Versioned, Base):
    """The Board's note on one § 2-83(g)(1) factor considered before imposing a sanction."""

    __tablename__ = "sanction_factor"
    __table_args__ = (UniqueConstraint("sanction_id", "factor", name="sanction_factor_once"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    sanction_id: Mapped[int] = mapped_column(ForeignKey("sanction.id", ondelete="CASCADE"),
                                             index=True)
    factor: Mapped[SanctionFactor] = mapped_column(enum_type(SanctionFactor))
    note: Mapped[str] = mapped_column(Text, default="")


class Election(Versioned, Base):
    """An election the office tracks, for the (f)(3)(a) timing factor."""

    __tablename__ = "election"

    id: Mapped[int] = mapped_column(primary_key=True)
    held_on: Mapped[date] = mapped_column(Date)
    name: Mapped[str] = mapped_column(String(200))
    candidates: Mapped[str] = mapped_column(Text, default="")
