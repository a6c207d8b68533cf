"""Sign-in delays instead of a lock: ``sign_in_delay``, one row per login or workstation.

Before this revision five wrong passwords locked an account for fifteen minutes, from any desk,
so that anyone could lock the Clerk out. Now each wrong try makes the next try of that login,
and at that workstation, wait a little longer (1, 2, 4 … seconds, at most a minute), whether
the login has an account or not (:mod:`ethics_desk.staff.accounts`). The account's old
``failed_attempts`` and ``locked_until`` stay, unused, so that older copies still open. The
journal's triggers are installed on the new table.

Revision ID: 0018
Revises: 0016
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ethics_desk.models.base import UTCDateTime

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the delays' table and journal it (an account locked before is no longer)."""
    from ethics_desk.storage import journal

    op.create_table(
        "sign_in_delay",
        sa.Column("subject", sa.String(length=80), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("not_before", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("subject", name=op.f("pk_sign_in_delay")),
    )
    journal.install(op.get_bind())


def downgrade() -> None:
    """Drop the delays' table (the older version locks accounts again)."""
    from ethics_desk.storage import journal

    op.drop_table("sign_in_delay")
    journal.install(op.get_bind())
