"""The record's journal: every change to every row, sealed with a key the database does not hold.

This revision adds ``journal_record`` and the triggers of :mod:`ethics_desk.storage.journal` on
every table, then journals every row already there as its ``baseline``. On SQLite a new key is
made and kept outside the file (:mod:`ethics_desk.storage.record_key`), the database recording
only its identifier; on PostgreSQL the key's HMAC pads go into ``journal_key``, which only the
role running this (the database's owner, IT) may read, and the workstations' role is given no
right on it (:func:`ethics_desk.maintenance.server.grant_workstations`).

The journal's triggers read the live columns of each table: a later revision that changes a
table's columns calls ``journal.install`` again.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the journal, its key, its triggers, and the baseline of every row."""
    from ethics_desk.storage import journal, record_key

    op.create_table(
        "journal_record",
        sa.Column("seq", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False,
                  autoincrement=False),
        sa.Column("table_name", sa.String(length=64), nullable=False),
        sa.Column("op", sa.String(length=10), nullable=False),
        sa.Column("row_key", sa.String(length=200), nullable=False),
        sa.Column("before", sa.Text(), nullable=True),
        sa.Column("after", sa.Text(), nullable=True),
        sa.Column("prev_mac", sa.String(length=64), nullable=False),
        sa.Column("mac", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("seq", name=op.f("pk_journal_record")),
    )
    op.create_index("ix_journal_record_row", "journal_record", ["table_name", "row_key"])
    conn = op.get_bind()
    if conn.dialect.name == "postgresql":
        inner, outer = journal.pads(secrets.token_bytes(record_key.KEY_BYTES))
        op.execute("CREATE TABLE journal_key (id integer PRIMARY KEY CHECK (id = 1), "
                   "inner_pad bytea NOT NULL, outer_pad bytea NOT NULL)")
        op.execute("REVOKE ALL ON journal_key FROM PUBLIC")
        conn.execute(sa.text("INSERT INTO journal_key (id, inner_pad, outer_pad) "
                             "VALUES (1, :i, :o)"), {"i": inner, "o": outer})
        op.execute("CREATE FUNCTION journal_record_append_only() RETURNS trigger "
                   "LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the journal is append-only' "
                   "USING ERRCODE = 'insufficient_privilege'; END $$")
        for name, verb in (("journal_record_no_update", "UPDATE"),
                           ("journal_record_no_delete", "DELETE"),
                           ("journal_record_no_truncate", "TRUNCATE")):
            op.execute(f"CREATE TRIGGER {name} BEFORE {verb} ON journal_record "
                       "FOR EACH STATEMENT EXECUTE FUNCTION journal_record_append_only()")
        journal.install(conn)
    else:
        key_id = record_key.new_key_id()
        record_key.create_key(key_id)
        journal.install(conn, key_id=key_id)


def downgrade() -> None:
    """Drop the journal (its records are lost; the audit trail remains)."""
    conn = op.get_bind()
    from ethics_desk.storage import journal

    if conn.dialect.name == "sqlite":
        names = conn.execute(sa.text("SELECT name FROM sqlite_master WHERE type = 'trigger' "
                                     "AND name LIKE 'journal_%'")).scalars().all()
        for name in names:
            op.execute(f'DROP TRIGGER IF EXISTS "{name}"')
        op.execute(f"DELETE FROM setting WHERE key = '{journal.KEY_SETTING}'")
    else:
        for table in journal.journalled_tables(conn):
            op.execute(f'DROP TRIGGER IF EXISTS "{journal.trigger_name(table)}" ON "{table}"')
            op.execute(f'DROP FUNCTION IF EXISTS "journal_row_{table}"()')
        op.execute(f"DROP FUNCTION IF EXISTS {journal.APPEND_FUNCTION}(text, text, text, text, text)")
        op.execute(f"DROP FUNCTION IF EXISTS {journal.FORGED_FUNCTION}(bigint, bigint)")
        op.execute("DROP TABLE IF EXISTS journal_key")
    op.drop_index("ix_journal_record_row", table_name="journal_record")
    op.drop_table("journal_record")
    if conn.dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS journal_record_append_only()")
