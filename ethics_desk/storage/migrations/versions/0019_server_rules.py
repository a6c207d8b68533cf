"""The server states the rules: row-level security and writes per office role (issue 28).

No table changes. On PostgreSQL, ``ethics-desk server setup`` installs, after this revision, the
case scope of § 2-83(d) and (h)(1) as row-level security, the grants of each office role's group
and the folded names of the Board's people (:mod:`ethics_desk.staff.server_policies`); the
revision is there so that every workstation waits for IT's setup with this version instead of
working on a server that does not state them yet. On a SQLite file nothing changes: there the
application is the only door, and its services decide.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-04
"""

from __future__ import annotations

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing to change in the tables (the setup installs the server's rules after it)."""


def downgrade() -> None:
    """Nothing to undo in the tables (an older setup leaves the server's rules in place)."""
