"""The journal's and the audit trail's redactions: a disposal may remove a destroyed record's
values from the journal, and its parties' names from the audit trail.

A record destroyed under the retention schedule (Local Government Code ch. 202) must not live on
in the journal's copy of its values. This revision adds ``journal_redaction``, one voucher per
journal record whose values a disposal removed (the record's fields, its MAC, and the SHA-256 of
each value removed), and lets the journal's guard pass that one change — a value set to NULL,
under a voucher — on SQLite by its trigger and on PostgreSQL through the owner's
``ethics_desk_journal_redact`` function. Nothing else about the journal changes, so every
earlier record, MAC and anchor stays as it was.

The audit trail's records of a destroyed case may name its parties in their summaries: this
revision also adds ``audit_redaction``, a voucher holding an audit record's hash before a
disposal empties its summary and detail, and lets the audit trail's guard pass that one change
under a voucher (``ethics_desk_audit_redact`` on the server).

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
    op.create_table(
        "audit_redaction",
        sa.Column("seq", sa.Integer(), nullable=False, autoincrement=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.Column("summary_sha", sa.String(length=64), nullable=False),
        sa.Column("detail_sha", sa.String(length=64), nullable=False),
        sa.Column("redacted_at", UTCDateTime(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("seq", name=op.f("pk_audit_redaction")),
    )
    conn = op.get_bind()
    if conn.dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS audit_record_no_update")
        op.execute(AUDIT_GUARD_SQLITE)
    else:
        op.execute(AUDIT_GUARD_PG)
        op.execute(AUDIT_REDACT_PG)
        op.execute("REVOKE ALL ON FUNCTION ethics_desk_audit_redact(bigint[], text) FROM PUBLIC")
        op.execute("GRANT EXECUTE ON FUNCTION ethics_desk_audit_redact(bigint[], text) TO PUBLIC")
    journal.install(conn)


AUDIT_GUARD_SQLITE = (
    "CREATE TRIGGER audit_record_no_update BEFORE UPDATE ON audit_record "
    "WHEN NOT (NEW.id IS OLD.id AND NEW.seq IS OLD.seq AND NEW.at IS OLD.at "
    "AND NEW.actor IS OLD.actor AND NEW.action IS OLD.action "
    "AND NEW.complaint_id IS OLD.complaint_id AND NEW.prev_hash IS OLD.prev_hash "
    "AND NEW.hash IS OLD.hash AND EXISTS (SELECT 1 FROM audit_redaction v "
    "WHERE v.seq = OLD.seq AND v.hash = OLD.hash)) "
    "BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END")
"""The audit trail's guard on SQLite: no change but a disposal's emptying of a summary and
detail, under the voucher of the record's hash."""

AUDIT_GUARD_PG = (
    "CREATE OR REPLACE FUNCTION audit_record_append_only() RETURNS trigger LANGUAGE plpgsql "
    "AS $$ BEGIN IF TG_OP = 'UPDATE' AND current_setting('ethics_desk.redacting', true) = 'on' "
    "THEN RETURN NULL; END IF; RAISE EXCEPTION 'the audit trail is append-only' "
    "USING ERRCODE = 'insufficient_privilege'; END $$")

AUDIT_REDACT_PG = (
    "CREATE OR REPLACE FUNCTION ethics_desk_audit_redact(seqs bigint[], replacement text) "
    "RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp "
    "AS $fn$ DECLARE n integer := 0; r record; BEGIN "
    "PERFORM set_config('ethics_desk.redacting', 'on', true); "
    "FOR r IN SELECT a.seq, a.hash, a.summary, a.detail, v.hash AS vouched, v.summary_sha, "
    "v.detail_sha FROM audit_record a LEFT JOIN audit_redaction v ON v.seq = a.seq "
    "WHERE a.seq = ANY(seqs) ORDER BY a.seq LOOP "
    "IF r.vouched IS NULL OR r.vouched <> r.hash "
    "OR encode(sha256(convert_to(r.summary, 'UTF8')), 'hex') <> r.summary_sha "
    "OR encode(sha256(convert_to(r.detail, 'UTF8')), 'hex') <> r.detail_sha THEN "
    "RAISE EXCEPTION USING MESSAGE = 'audit record ' || r.seq || ' has no voucher matching it'; "
    "END IF; "
    "UPDATE audit_record SET summary = replacement, detail = '{}' "
    "WHERE seq = r.seq; n := n + 1; END LOOP; "
    "PERFORM set_config('ethics_desk.redacting', 'off', true); RETURN n; END $fn$")


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
    if conn.execute(sa.text("SELECT count(*) FROM audit_redaction")).scalar():
        raise RuntimeError("audit records were emptied by a disposal; their vouchers cannot be "
                           "dropped")
    if conn.dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS ethics_desk_audit_redact(bigint[], text)")
        op.execute("CREATE OR REPLACE FUNCTION audit_record_append_only() RETURNS trigger "
                   "LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the audit trail is "
                   "append-only' USING ERRCODE = 'insufficient_privilege'; END $$")
    else:
        op.execute("DROP TRIGGER IF EXISTS audit_record_no_update")
        op.execute("CREATE TRIGGER audit_record_no_update BEFORE UPDATE ON audit_record "
                   "BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END")
    op.drop_table("audit_redaction")
    if conn.dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS journal_record_no_update")
        op.execute("CREATE TRIGGER journal_record_no_update BEFORE UPDATE ON journal_record "
                   "BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END")
    else:
        op.execute("CREATE OR REPLACE FUNCTION journal_record_append_only() RETURNS trigger "
                   "LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the journal is append-only' "
                   "USING ERRCODE = 'insufficient_privilege'; END $$")
