"""The City Clerk's staff are kept from a complaint that names them (issue 29, item 14).

No table changes. On PostgreSQL, ``ethics-desk server setup`` now keeps a member of the Clerk's
staff from a complaint of which they are, or may be, a party (the clerk group's policy on
``complaint``, through ``ethics_desk_received_cases``), as a Board member is kept. The revision is there so that every workstation waits for IT's setup with this version.
On a SQLite file nothing changes.

Revision ID: 0028
Revises: 0027
Create Date: 2026-12-05
"""

from __future__ import annotations

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing to change in the tables (the setup installs the rule after it)."""


def downgrade() -> None:
    """Nothing to undo in the tables."""
