"""Staff accounts: each person signs in with their own login and the role § 2-83 gives them.

The audit trail named "the staff member at the desk", a setting any desk could change; this
revision adds ``staff_account`` (login, name, role, the Argon2id hash of the password, the
counters that slow down guessing). Accounts are created by the application
(:mod:`ethics_desk.staff.accounts`): the first sign-in on a database without any creates its
first Administrator.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

ROLES = ("clerk", "auditor", "attorney", "chair", "vicechair", "member", "records", "admin")
"""The roles this revision knows (kept here: migrations do not change)."""


def upgrade() -> None:
    """Create ``staff_account``."""
    op.create_table(
        "staff_account",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("login", sa.String(length=60), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("role", sa.Enum(*ROLES, name="role", native_enum=False, create_constraint=True,
                                  length=40), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("must_change_password", sa.Boolean(), nullable=False),
        sa.Column("failed_attempts", sa.Integer(), nullable=False),
        sa.Column("locked_until", sa.DateTime(), nullable=True),
        sa.Column("disabled_at", sa.DateTime(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("created_by", sa.String(length=60), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_account")),
        sa.UniqueConstraint("login", name=op.f("uq_staff_account_login")),
    )


def downgrade() -> None:
    """Drop ``staff_account`` (the audit trail keeps the logins it recorded)."""
    op.drop_table("staff_account")
