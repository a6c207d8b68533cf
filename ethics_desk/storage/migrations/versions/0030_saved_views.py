"""Saved views of the inbox (issue 33): a person keeps the filter and order under a name.

A new table, ``saved_view``: its owner's login and name, the view's name (unique per owner),
whether it is shared with the office, the filter and order as JSON, the columns it hides, and
when it was made and last changed. It names no complaint. On PostgreSQL ``ethics-desk server
setup`` lets each person read their own views and the shared ones and change only their own.
The journal's triggers are made again at the end (:func:`ethics_desk.storage.journal.install`),
which journals it.

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0030"
down_revision = "0029"
branch_labels = None
depends_on = None

_TABLE = "saved_view"


def upgrade() -> None:
    """Create ``saved_view`` and journal it."""
    from ethics_desk.storage import journal

    op.create_table(
        _TABLE,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner_login", sa.String(length=60), nullable=False),
        sa.Column("owner_name", sa.String(length=120), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("shared", sa.Boolean(), nullable=False),
        sa.Column("filter_json", sa.Text(), nullable=False),
        sa.Column("hidden_columns", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_saved_view")),
        sa.UniqueConstraint("owner_login", "name", name=op.f("uq_saved_view_owner_login")),
    )
    op.create_index(op.f("ix_saved_view_owner_login"), _TABLE, ["owner_login"])
    journal.install(op.get_bind())


def downgrade() -> None:
    """Drop the table (the audit trail keeps what was recorded)."""
    from ethics_desk.storage import journal

    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        for verb in ("insert", "update", "delete"):
            op.execute(f'DROP TRIGGER IF EXISTS "journal_{_TABLE}_{verb}"')
    else:
        op.execute(f'DROP TRIGGER IF EXISTS "{journal.trigger_name(_TABLE)}" ON "{_TABLE}"')
        op.execute(f'DROP FUNCTION IF EXISTS "journal_row_{_TABLE}"()')
    op.drop_table(_TABLE)
    journal.install(bind)
