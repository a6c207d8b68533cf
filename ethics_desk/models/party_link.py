"""A Board member and a party of a complaint who may be one person, and the Clerk's decision.

A member of the Ethics Review Board who is a complainant, a respondent or a witness of a
complaint never receives it as a member (§ 2-83(h)(1)). Names are spelled differently from one
record to the next, so the office does not rely on the spelling: a possible match found by
:func:`ethics_desk.core.names.may_be_same_person` is kept here, undecided, until the City Clerk
decides "same person" or "not the same person"; the Clerk may also link a member to a party
whatever the names say. The Board side is a staff account of a Board role (what decides which
complaints a person receives, :mod:`ethics_desk.staff.scope`) or a member on the roster (what
decides who may vote); each row names one of them.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ethics_desk.core.vocabulary import CaseParty, SamePerson
from ethics_desk.models.base import Base, Versioned, enum_type


class PartyLink(Versioned, Base):
    """One Board member (an account or a roster member) and one party of one complaint: the
    names may be the same person (``undecided``), or the Clerk decided they are or are not."""

    __tablename__ = "party_link"
    __table_args__ = (
        CheckConstraint("(staff_account_id IS NULL) <> (board_member_id IS NULL)",
                        name="one_board_person"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    complaint_id: Mapped[int] = mapped_column(ForeignKey("complaint.id", ondelete="CASCADE"),
                                              index=True)
    party: Mapped[CaseParty] = mapped_column(enum_type(CaseParty))
    party_id: Mapped[int] = mapped_column(Integer)
    """The complainant's, respondent's or witness's id (in the table ``party`` names)."""
    party_name: Mapped[str] = mapped_column(String(200), default="")
    """The party's name as written when the pair was found or linked."""
    staff_account_id: Mapped[int | None] = mapped_column(
        ForeignKey("staff_account.id", ondelete="CASCADE"), index=True)
    board_member_id: Mapped[int | None] = mapped_column(
        ForeignKey("board_member.id", ondelete="CASCADE"), index=True)
    decision: Mapped[SamePerson] = mapped_column(enum_type(SamePerson))
    found_at: Mapped[datetime | None] = mapped_column()
    """When the names were found to be a possible match (None: linked by the Clerk, or found
    when the database was brought up to date to revision 0017)."""
    decided_at: Mapped[datetime | None] = mapped_column()
    decided_by: Mapped[str] = mapped_column(String(200), default="")
