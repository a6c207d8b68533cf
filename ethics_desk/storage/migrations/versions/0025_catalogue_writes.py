"""The Clerk's staff load a revised catalogue of provisions (issue 29, § 2-83(c)(5)).

No table changes. On PostgreSQL, ``ethics-desk server setup`` now grants the groups that keep
the office's settings the right to write the ``provision`` table, through which
``ethics-desk provisions load`` brings the catalogue up to a revised one (a section no longer
listed is recorded as repealed, never deleted). The revision is there so that every
workstation waits for IT's setup with this version. On a SQLite file nothing changes.

Revision ID: 0025
Revises: 0023
Create Date: 2026-12-04
"""

from __future__ import annotations

revision = "0025"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing to change in the tables (the setup grants the writes after it)."""


def downgrade() -> None:
    """Nothing to undo in the tables."""
