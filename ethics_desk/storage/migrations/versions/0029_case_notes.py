"""Notes on a case: a call, a visit, an e-mail (the issue "A day at the counter", finding 10).

A new table of a case, ``case_note``: the kind of contact (call, visit, e-mail, other), its
text, who wrote it and when. It follows its complaint (row-level security, disposal); on
PostgreSQL ``ethics-desk server setup`` lets only the roles that add notes insert one and no
group change or remove one, save the retention schedule's disposal. The journal's triggers are
made again at the end (:func:`ethics_desk.storage.journal.install`), which journals it.

Revision ID: 0029
Revises: 0028
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None

_TABLE = "case_note"


def upgrade() -> None:
    """Create ``case_note`` and journal it."""
    from ethics_desk.storage import journal

    op.create_table(
        _TABLE,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("complaint_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.Enum("call", "visit", "email", "other", name="notekind",
                                  native_enum=False, create_constraint=True, length=40),
                  nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("written_by", sa.String(length=120), nullable=False),
        sa.Column("written_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["complaint_id"], ["complaint.id"],
                                name=op.f("fk_case_note_complaint_id_complaint"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_case_note")),
    )
    op.create_index(op.f("ix_case_note_complaint_id"), _TABLE, ["complaint_id"])
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
