"""The register of filed cases, a view: number, state and resolution, never content.

The Records officer and the City Attorney's Office name filed cases in legal holds and Public
Information Act requests without receiving them (§ 2-83(h)(1), (h)(3)); on the office's server
row-level security keeps every complaint's row from them, and this view is what they read
instead (:mod:`ethics_desk.models.register`).

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-04
"""

from __future__ import annotations

from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the view."""
    from ethics_desk.models.register import REGISTER_SQL

    op.execute(REGISTER_SQL)


def downgrade() -> None:
    """Drop the view."""
    from ethics_desk.models.register import REGISTER_VIEW

    op.execute(f"DROP VIEW {REGISTER_VIEW}")
