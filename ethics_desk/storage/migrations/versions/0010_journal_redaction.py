"""The journal's redactions: a disposal may remove a destroyed record's values from the journal.

A record destroyed under the retention schedule (Local Government Code ch. 202) must not live on
in the journal's copy of its values. This revision adds ``journal_redaction``, one voucher per
journal record whose values a disposal removed (the record's fields, its MAC, and the SHA-256 of
each value removed), and lets the journal's guard pass that one change — a value set to NULL,
under a voucher — on SQLite by its trigger and on PostgreSQL through the owner's
``ethics_desk_journal_redact`` function. Nothing else about the journal changes, so every
earlier record, MAC and anchor stays as it was.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ethics_desk.models.base import UTCDateTime

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the vouchers' table, then re-install the journal's guard, functions and triggers."""
    from ethics_desk.storage import journal

    op.create_table(
        "journal_redaction",
        sa.Column("seq", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False,
                  autoincrement=False),
        sa.Column("table_name", sa.String(length=64), nullable=False),
        sa.Column("op", sa.String(length=10), nullable=False),
        sa.Column("row_key", sa.String(length=200), nullable=False),
        sa.Column("before_sha", sa.String(length=64), nullable=True),
        sa.Column("after_sha", sa.String(length=64), nullable=True),
        sa.Column("mac", sa.String(length=64), nullable=False),
        sa.Column("redacted_at", UTCDateTime(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("seq", name=op.f("pk_journal_redaction")),
    )
    journal.install(op.get_bind())


def downgrade() -> None:
    """Drop the vouchers (refused once a record was redacted: its MAC would then not verify)."""
    from ethics_desk.storage import journal

    conn = op.get_bind()
    if conn.execute(sa.text("SELECT count(*) FROM journal_redaction")).scalar():
        raise RuntimeError("journal records were redacted by a disposal; their vouchers cannot "
                           "be dropped")
    if conn.dialect.name == "postgresql":
        op.execute(f"DROP FUNCTION IF EXISTS {journal.REDACT_FUNCTION}(bigint[])")
    op.drop_table("journal_redaction")
    if conn.dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS journal_record_no_update")
        op.execute("CREATE TRIGGER journal_record_no_update BEFORE UPDATE ON journal_record "
                   "BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END")
    else:
        op.execute("CREATE OR REPLACE FUNCTION journal_record_append_only() RETURNS trigger "
                   "LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the journal is append-only' "
                   "USING ERRCODE = 'insufficient_privilege'; END $$")
