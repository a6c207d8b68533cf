"""The office's wording of its papers and the Ethics Code enclosure, kept in the database.

Until this revision a changed wording was a file in one workstation's data folder, and the
Ethics Code enclosure of § 2-83(e) a file path that had to be valid at every desk; on a shared
server, desks printed different letters. ``office_paper`` holds both, once for the office.
Moving a desk's old files in is an audited act of the application
(:func:`ethics_desk.documents.wording.bring_in_this_desk`), not of this revision: a migration does
not write the audit trail.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``office_paper``."""
    op.create_table(
        "office_paper",
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("file_name", sa.String(length=260), nullable=False),
        sa.Column("changed_at", sa.DateTime(), nullable=False),
        sa.Column("changed_by", sa.String(length=120), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_office_paper")),
    )


def downgrade() -> None:
    """Drop ``office_paper`` (the office's wording and enclosure stored there go with it)."""
    op.drop_table("office_paper")
