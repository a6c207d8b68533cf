"""Small readers over the database for workflow tests."""

from __future__ import annotations

from sqlalchemy import select

from ethics_desk.models import AuditRecord, Complaint, Deadline, DeadlineStatus, Review
from ethics_desk.storage.database import Database


def case(database: Database, case_id: int) -> Complaint:
    """The complaint as stored now."""
    with database.read_session() as session:
        found = session.get(Complaint, case_id)
        assert found is not None
        return found


def deadlines(database: Database, case_id: int, clock: str | None = None,
              status: DeadlineStatus | None = None) -> list[Deadline]:
    """The case's deadlines, oldest first, optionally of one clock and status."""
    with database.read_session() as session:
        query = select(Deadline).where(Deadline.complaint_id == case_id)
        if clock:
            query = query.where(Deadline.clock == clock)
        if status:
            query = query.where(Deadline.status == status)
        return list(session.scalars(query.order_by(Deadline.id)))


def reviews(database: Database, case_id: int) -> list[Review]:
    """The case's reviews."""
    with database.read_session() as session:
        return list(session.scalars(select(Review).where(Review.complaint_id == case_id)))


def audit_actions(database: Database, case_id: int) -> list[str]:
    """The audit actions recorded for a case, in order."""
    with database.read_session() as session:
        return list(session.scalars(select(AuditRecord.action).where(
            AuditRecord.complaint_id == case_id).order_by(AuditRecord.seq)))
