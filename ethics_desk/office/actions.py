"""Office-level actions outside a case: settings, and the audit of views, prints and exports.

§ 2-83(h): while a complaint is pending, nothing about it goes to anyone but the parties and
witnesses; every view, print and export is therefore recorded in the audit trail.
"""

from __future__ import annotations

from typing import Any

from ethics_desk.core.clock import Clock
from ethics_desk.office import settings
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database


def read_settings(database: Database) -> dict[str, Any]:
    """Every declared setting with its current value."""
    with database.read_session() as session:
        return {key: settings.get(session, key) for key in settings.OPTIONS}


def save_settings(database: Database, values: dict[str, Any], *, actor: str,
                  clock: Clock) -> list[str]:
    """Store the changed settings in one transaction, each change audited; returns the keys."""
    changed = []
    now = clock()
    with database.unit_of_work() as session:
        for key, value in values.items():
            if settings.get(session, key) != value:
                settings.set_value(session, key, value, actor=actor, at=now)
                changed.append(key)
    return changed


def record_access(database: Database, *, actor: str, action: str, summary: str, clock: Clock,
                  complaint_id: int | None = None, detail: dict[str, Any] | None = None) -> None:
    """Audit a view, print or export (its own transaction: nothing else is written)."""
    with database.unit_of_work() as session:
        audit.append(session, actor=actor, action=action, summary=summary, at=clock(),
                     complaint_id=complaint_id, detail=detail)
