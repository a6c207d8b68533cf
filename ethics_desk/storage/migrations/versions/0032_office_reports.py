"""The office's reports as issued (issue 33): the annual report, frozen like any paper.

A new table, ``office_report``: a paper of the whole office, tied to no case — its kind
(``annual-report``), its edition (public, or confidential for the Ethics Review Board), the
period it covers, its exact bytes with their SHA-256 and page count, and who issued it when.
The journal's triggers are made again at the end (:func:`ethics_desk.storage.journal.install`),
which journals it.

Revision ID: 0032
Revises: 0030
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0032"
down_revision = "0030"
branch_labels = None
depends_on = None

_TABLE = "office_report"


def upgrade() -> None:
    """Create ``office_report`` and journal it."""
    from ethics_desk.storage import journal

    op.create_table(
        _TABLE,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("edition", sa.String(length=20), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=False),
        sa.Column("period_end", sa.Date(), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("page_count", sa.Integer(), nullable=False),
        sa.Column("issued_at", sa.DateTime(), nullable=False),
        sa.Column("issued_by", sa.String(length=120), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_office_report")),
    )
    op.create_index(op.f("ix_office_report_kind"), _TABLE, ["kind"])
    journal.install(op.get_bind())


def downgrade() -> None:
    """Drop the table (the audit trail keeps what was issued, with each report's SHA-256)."""
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
