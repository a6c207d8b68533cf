"""The index of the complaints that refile a case holds only those complaints.

Revision 0035 indexed ``complaint.refiling_of_id`` over every complaint, nearly all of which
refile none (the column is NULL). Once SQLite has gathered statistics (``ANALYZE``, as a
database tuned by IT or built by ``benchmarks/make_big_db.py`` has), it counts those NULLs as
one value shared by every row, judges the index useless for "which complaints refile this one",
and reads the whole table instead: opening a case took 0.4 s at 1,000,000 cases. The index is
now partial — ``WHERE refiling_of_id IS NOT NULL`` — so it holds, and its statistics count,
only the complaints that do refile one; every question "refiling_of_id = ?" implies that
condition, and SQLite and PostgreSQL use it for them. Nothing else changes; no row is touched.

Revision ID: 0036
Revises: 0035
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0036"
down_revision = "0035"
branch_labels = None
depends_on = None

INDEX = "ix_complaint_refiling_of_id"
ONLY_REFILINGS = sa.text("refiling_of_id IS NOT NULL")


def upgrade() -> None:
    """Make the index again, of the complaints that refile one only."""
    op.drop_index(INDEX, table_name="complaint")
    op.create_index(INDEX, "complaint", ["refiling_of_id"], unique=False,
                    sqlite_where=ONLY_REFILINGS, postgresql_where=ONLY_REFILINGS)


def downgrade() -> None:
    """The index of revision 0035, over every complaint."""
    op.drop_index(INDEX, table_name="complaint")
    op.create_index(INDEX, "complaint", ["refiling_of_id"], unique=False)
