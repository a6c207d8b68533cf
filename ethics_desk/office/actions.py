"""Office-level actions outside a case: settings, and the audit of views, prints and exports.

§ 2-83(h): while a complaint is pending, nothing about it goes to anyone but the parties and
witnesses; every view, print and export is therefore recorded in the audit trail.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import ConflictError
from ethics_desk.core.permissions import Act
from ethics_desk.office import settings
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.scope import case_for
from ethics_desk.storage import queued_records
from ethics_desk.storage.database import Database


def read_settings(database: Database) -> dict[str, Any]:
    """Every declared setting with its current value."""
    with database.read_session() as session:
        return {key: settings.get(session, key) for key in settings.OPTIONS}


def read_setting(database: Database, key: str) -> Any:
    """One declared setting's current value (``key`` as in :data:`settings.OPTIONS`)."""
    with database.read_session() as session:
        return settings.get(session, key)


@service(Act.EDIT_SETTINGS, "Changing the office's settings")
def save_settings(database: Database, values: dict[str, Any], *, account: Account, clock: Clock,
                  seen: dict[str, Any] | None = None) -> list[str]:
    """Store the changed settings in one transaction, each change audited; returns the keys.

    ``seen`` is what the form showed when it was opened: only the settings changed since then
    are written (another desk's change to any other setting stays), and one that another desk
    changed meanwhile to something else is a :class:`ConflictError` — nothing is saved.
    """
    now = clock()

    def save(session: Session) -> list[str]:
        changed = []
        wanted = {key: value for key, value in values.items()
                  if seen is None or key not in seen or seen[key] != value}
        stale = [key for key, value in wanted.items()
                 if seen is not None and key in seen
                 and settings.get(session, key) not in (seen[key], value)]
        if stale:
            labels = ", ".join(settings.OPTIONS[key].label for key in stale)
            raise ConflictError(
                f"Another desk changed {labels} after you opened Settings; nothing was saved.",
                "Press Revert to see the settings as they are now, then make your change again.")
        for key, value in wanted.items():
            if settings.get(session, key) != value:
                settings.set_value(session, key, value, actor=account.display, at=now)
                changed.append(key)
        return changed

    return database.write(save)


@case_reader("Recording what you saw")
def record_access(database: Database, *, account: Account, action: str, summary: str, clock: Clock,
                  complaint_id: int | None = None, detail: dict[str, Any] | None = None) -> None:
    """Audit a view, print or export (its own transaction: nothing else is written), never
    waiting for another desk's write: queued meanwhile
    (:mod:`ethics_desk.storage.queued_records`). The record names ``account``; a read of a case
    is recorded only by a person who receives the case."""
    if complaint_id is not None:
        with database.read_session() as session:
            case_for(session, account, complaint_id)
    queued_records.record(database, [queued_records.Pending(
        clock(), account.display, action, summary, complaint_id=complaint_id, detail=detail or {})])
