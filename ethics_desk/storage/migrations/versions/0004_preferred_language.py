"""Each complainant's and respondent's preferred language for the papers addressed to them.

The complainant-facing papers of § 2-83 can be printed in Spanish as well as English; the intake
records which one each party prefers. Every party already stored prefers English, the language
every paper was printed in until this revision.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

LANGUAGES = ("en", "es")
"""The languages this revision knows (kept here: migrations do not change)."""
TABLES = ("complainant", "respondent")


def _column() -> sa.Column[str]:
    return sa.Column("preferred_language",
                     sa.Enum(*LANGUAGES, name="language", native_enum=False,
                             create_constraint=True, length=40),
                     nullable=False, server_default="en")


def upgrade() -> None:
    """Add ``preferred_language`` (English for every party already stored) to both tables."""
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(_column())


def downgrade() -> None:
    """Drop the column and its CHECK of the languages again (the papers go back to English
    only)."""
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_constraint(op.f(f"ck_{table}_language"), type_="check")
            batch_op.drop_column("preferred_language")
