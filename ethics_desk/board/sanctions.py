"""What is owed on the civil penalties of § 2-83(g)(2)(a): each one's due date, payment or waiver.

A civil penalty the Board imposes (by its vote, after considering each factor of § 2-83(g)(1);
the workflow's ``impose_sanctions``) is due on the date the Board set. It stays *outstanding*
until its payment (when, how much) or its waiver (when, by whom, why) is recorded, through the
workflow's ``record_penalty_payment`` and ``waive_penalty``. The case shows each of its civil
penalties (:func:`penalties_of`); the Board screen lists every one outstanding, overdue first
(:func:`outstanding_penalties`), to the people who receive the case.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.models import CivilPenalty, Complaint, Sanction, SanctionKind
from ethics_desk.staff.acting import case_reader
from ethics_desk.staff.scope import case_condition
from ethics_desk.storage.database import Database

CITATION = SanctionKind.CIVIL_PENALTY.citation
"""§ 2-83(g)(2)(a)."""


@dataclass(frozen=True)
class PenaltyLine:
    """One civil penalty: which case, how much, when imposed and due, and what became of it."""

    sanction_id: int
    complaint_id: int
    case_number: str
    complainant: str
    amount_cents: int
    imposed_on: date
    due_on: date | None
    paid_on: date | None = None
    paid_cents: int | None = None
    waived_on: date | None = None
    waived_by: str = ""
    waived_reason: str = ""

    @property
    def outstanding(self) -> bool:
        """Neither paid nor waived."""
        return self.paid_on is None and self.waived_on is None

    def overdue(self, today: date) -> bool:
        """Outstanding after its due date."""
        return self.outstanding and self.due_on is not None and today > self.due_on

    @property
    def amount(self) -> str:
        """"$350.00"."""
        return f"${self.amount_cents / 100:,.2f}"

    @property
    def due(self) -> str:
        """The due date, or that none was recorded."""
        return self.due_on.isoformat() if self.due_on else "not recorded"

    def status(self, today: date) -> str:
        """What became of it, in words: "Paid 2026-12-20 ($350.00)", "Overdue since …"."""
        if self.paid_on is not None:
            return f"Paid {self.paid_on.isoformat()} (${(self.paid_cents or 0) / 100:,.2f})"
        if self.waived_on is not None:
            return f"Waived {self.waived_on.isoformat()} by {self.waived_by}: {self.waived_reason}"
        if self.due_on is None:
            return "Outstanding (no due date recorded)"
        if self.overdue(today):
            return f"Overdue since {self.due_on.isoformat()}"
        return f"Outstanding, due {self.due_on.isoformat()}"


def _line(sanction: Sanction, payment: CivilPenalty, complaint: Complaint) -> PenaltyLine:
    return PenaltyLine(
        sanction_id=sanction.id, complaint_id=complaint.id,
        case_number=complaint.display_number,
        complainant=complaint.complainants[0].name if complaint.complainants else "",
        amount_cents=sanction.amount_cents or 0, imposed_on=sanction.imposed_on,
        due_on=payment.due_on, paid_on=payment.paid_on, paid_cents=payment.paid_cents,
        waived_on=payment.waived_on, waived_by=payment.waived_by,
        waived_reason=payment.waived_reason)


def penalties_of(session: Session, complaint: Complaint) -> tuple[PenaltyLine, ...]:
    """The case's civil penalties, in the order imposed (the caller has checked the reader
    receives the case)."""
    rows = session.execute(select(Sanction, CivilPenalty).join(CivilPenalty).where(
        Sanction.complaint_id == complaint.id).order_by(Sanction.id)).all()
    return tuple(_line(sanction, payment, complaint) for sanction, payment in rows)


@case_reader("The civil penalties owed")
def outstanding_penalties(database: Database, today: date, *,
                          account: Account) -> list[PenaltyLine]:
    """Every civil penalty neither paid nor waived, on the cases ``account`` receives, the
    longest overdue first and those with no due date recorded last."""
    with database.read_session() as session:
        query = (select(Sanction, CivilPenalty, Complaint)
                 .join(CivilPenalty, CivilPenalty.sanction_id == Sanction.id)
                 .join(Complaint, Complaint.id == Sanction.complaint_id)
                 .where(CivilPenalty.paid_on.is_(None), CivilPenalty.waived_on.is_(None)))
        query = query.where(case_condition(account))
        lines = [_line(s, p, c) for s, p, c in session.execute(query).all()]
    return sorted(lines, key=lambda line: (line.due_on is None, line.due_on or today,
                                           line.case_number, line.sanction_id))
