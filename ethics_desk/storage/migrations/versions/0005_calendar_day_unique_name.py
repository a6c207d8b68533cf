"""The calendar's one-entry-per-day rule under a name of its own, so that PostgreSQL can hold it.

Revision 0001 named the unique constraint of ``calendar_day`` (one entry per calendar and
day) like its table. SQLite keeps constraint names inside the table, but on PostgreSQL a
constraint's index shares the namespace of the tables, so the schema could not be created on a
server at all. Revision 0001 now gives new databases the conventional name
``uq_calendar_day_calendar``; this revision renames the constraint of a SQLite database created
before (by rebuilding the table, SQLite's only way). Nothing else changes.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

OLD, NEW = "calendar_day", "uq_calendar_day_calendar"


def _rename(old: str, new: str) -> None:
    names = {c["name"] for c in sa.inspect(op.get_bind()).get_unique_constraints("calendar_day")}
    if old not in names:
        return
    with op.batch_alter_table("calendar_day", recreate="always") as batch:
        batch.drop_constraint(old, type_="unique")
        batch.create_unique_constraint(new, ["calendar", "day"])


def upgrade() -> None:
    """Rename the constraint where the old name is still there."""
    _rename(OLD, NEW)


def downgrade() -> None:
    """Give the constraint its old name back (on SQLite; a server never had it)."""
    if op.get_bind().dialect.name == "sqlite":
        _rename(NEW, OLD)
