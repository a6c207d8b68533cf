"""The complaints that refile a case, found through an index.

Opening a case names the complaints that refile it (§ 2-83(c), (d)(3): a complaint returned to
its complainant may be filed again), asked by ``complaint.refiling_of_id``, which had no index:
every opening read the whole ``complaint`` table (about 50 ms at 100,000 cases). The index
``ix_complaint_refiling_of_id`` answers it at once. Nothing else changes; no row is touched.

Revision ID: 0035
Revises: 0034
Create Date: 2026-12-06
"""

from __future__ import annotations

from alembic import op

revision = "0035"
down_revision = "0034"
branch_labels = None
depends_on = None

INDEX = "ix_complaint_refiling_of_id"


def upgrade() -> None:
    """Make the index."""
    op.create_index(INDEX, "complaint", ["refiling_of_id"], unique=False)


def downgrade() -> None:
    """Drop the index."""
    op.drop_index(INDEX, table_name="complaint")
