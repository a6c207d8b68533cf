"""Who saw a case and when: the access history of § 2-83(h).

Every read of a pending complaint leaves an audit record — opening the case window, a preview,
a print, a save as a file, the Board packet, an attachment opened, a paper issued. The access
history is those records of one case, oldest first; reading it is itself a read of the case and
is recorded in the same transaction (``view.access``). No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.models import AuditRecord, Complaint
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

READ_PREFIXES = ("view.", "preview.", "print.", "save.", "export.")
"""Audit actions that record someone seeing or taking a copy of a case's content."""

READ_ACTIONS = frozenset({"board.packet", "document.issue"})
"""Other audit actions that put a case's content before someone: the Board packet made, a
paper issued (its copy is handed or mailed)."""


def is_access(action: str) -> bool:
    """Whether the audit action ``action`` records a read of the case."""
    return action.startswith(READ_PREFIXES) or action in READ_ACTIONS


@dataclass(frozen=True)
class AccessLine:
    """One read of a case: when, who, what they saw."""

    at: datetime
    actor: str
    action: str
    summary: str


def access_history(database: Database, case_id: int, *, actor: str,
                   clock: Clock) -> list[AccessLine]:
    """Every read of the case, oldest first — this one included, recorded as ``view.access``
    in the same transaction."""

    def read(session: Session) -> list[AccessLine]:
        complaint = session.get(Complaint, case_id)
        if complaint is None:
            raise UserError(f"There is no complaint with id {case_id}.", "Refresh the list.")
        audit.append(session, actor=actor, action="view.access", complaint_id=case_id,
                     at=clock(), summary="Looked at who saw the case (the access history)")
        rows = session.scalars(select(AuditRecord).where(AuditRecord.complaint_id == case_id)
                               .order_by(AuditRecord.seq))
        return [AccessLine(r.at, r.actor, r.action, r.summary) for r in rows
                if is_access(r.action)]

    return database.write(read)
