"""Records retention: legal holds, the cases they cover, and the permanent disposal log.

Local Government Code § 202.002 forbids destroying a record while litigation, an audit or a
public information request involving it is pending: ``legal_hold`` and ``legal_hold_case`` say
which cases are held, by whom, since when and why, and when each hold was released. When a
case's retention period (Local Schedule GR, 13 TAC § 7.125) has run and no hold stands, the
Records officer disposes of it; ``disposal_record`` is the permanent log of each disposal, and
the database itself refuses to change or delete one of its rows (as it refuses for the audit
trail).

The journal's triggers are installed on the new tables at the end (:func:`journal.install`).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

HOLD_KINDS = ("litigation", "audit", "open_records", "office")
"""The kinds of hold (kept here: migrations do not change)."""
APPEND_ONLY_TRIGGERS = {"disposal_record_no_update": "UPDATE",
                        "disposal_record_no_delete": "DELETE"}


def upgrade() -> None:
    """Create the three tables, make the disposal log append-only, journal them."""
    op.create_table(
        "legal_hold",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.Enum(*HOLD_KINDS, name="holdkind", native_enum=False,
                                  create_constraint=True, length=40), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("placed_by", sa.String(length=120), nullable=False),
        sa.Column("placed_at", sa.DateTime(), nullable=False),
        sa.Column("released_by", sa.String(length=120), nullable=True),
        sa.Column("released_at", sa.DateTime(), nullable=True),
        sa.Column("release_reason", sa.Text(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_legal_hold")),
    )
    op.create_table(
        "legal_hold_case",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hold_id", sa.Integer(), nullable=False),
        sa.Column("complaint_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["hold_id"], ["legal_hold.id"], ondelete="CASCADE",
                                name=op.f("fk_legal_hold_case_hold_id_legal_hold")),
        sa.ForeignKeyConstraint(["complaint_id"], ["complaint.id"], ondelete="RESTRICT",
                                name=op.f("fk_legal_hold_case_complaint_id_complaint")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_legal_hold_case")),
        sa.UniqueConstraint("hold_id", "complaint_id", name="legal_hold_case_once"),
    )
    op.create_index(op.f("ix_legal_hold_case_hold_id"), "legal_hold_case", ["hold_id"])
    op.create_index(op.f("ix_legal_hold_case_complaint_id"), "legal_hold_case",
                    ["complaint_id"])
    op.create_table(
        "disposal_record",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("complaint_id", sa.Integer(), nullable=False),
        sa.Column("case_number", sa.String(length=20), nullable=False),
        sa.Column("series_code", sa.String(length=20), nullable=False),
        sa.Column("series_title", sa.String(length=200), nullable=False),
        sa.Column("resolved_on", sa.Date(), nullable=False),
        sa.Column("eligible_on", sa.Date(), nullable=False),
        sa.Column("disposed_on", sa.Date(), nullable=False),
        sa.Column("disposed_at", sa.DateTime(), nullable=False),
        sa.Column("disposed_by", sa.String(length=120), nullable=False),
        sa.Column("authority", sa.Text(), nullable=False),
        sa.Column("destroyed", sa.Text(), nullable=False),
        sa.Column("kept", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_disposal_record")),
    )
    op.create_index(op.f("ix_disposal_record_complaint_id"), "disposal_record",
                    ["complaint_id"])
    _disposal_log_is_append_only()
    from ethics_desk.storage import journal

    journal.install(op.get_bind())


def _disposal_log_is_append_only() -> None:
    """Refuse UPDATE and DELETE (and, on PostgreSQL, TRUNCATE) on the disposal log."""
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for name, verb in APPEND_ONLY_TRIGGERS.items():
            op.execute(f"CREATE TRIGGER {name} BEFORE {verb} ON disposal_record "
                       "BEGIN SELECT RAISE(ABORT, 'the disposal log is permanent'); END")
    elif dialect == "postgresql":
        op.execute(
            "CREATE FUNCTION disposal_record_permanent() RETURNS trigger LANGUAGE plpgsql AS $$ "
            "BEGIN RAISE EXCEPTION 'the disposal log is permanent' "
            "USING ERRCODE = 'insufficient_privilege'; END $$")
        for name, verb in {**APPEND_ONLY_TRIGGERS,
                           "disposal_record_no_truncate": "TRUNCATE"}.items():
            op.execute(f"CREATE TRIGGER {name} BEFORE {verb} ON disposal_record "
                       "FOR EACH STATEMENT EXECUTE FUNCTION disposal_record_permanent()")


def downgrade() -> None:
    """Drop the three tables (the audit trail keeps what was held and disposed of)."""
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for name in APPEND_ONLY_TRIGGERS:
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
        for table in ("disposal_record", "legal_hold_case", "legal_hold"):
            for verb in ("insert", "update", "delete"):
                op.execute(f'DROP TRIGGER IF EXISTS "journal_{table}_{verb}"')
    elif dialect == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS disposal_record_permanent() CASCADE")
        for table in ("disposal_record", "legal_hold_case", "legal_hold"):
            op.execute(f'DROP FUNCTION IF EXISTS "journal_row_{table}"() CASCADE')
    op.drop_index(op.f("ix_disposal_record_complaint_id"), table_name="disposal_record")
    op.drop_table("disposal_record")
    op.drop_index(op.f("ix_legal_hold_case_complaint_id"), table_name="legal_hold_case")
    op.drop_index(op.f("ix_legal_hold_case_hold_id"), table_name="legal_hold_case")
    op.drop_table("legal_hold_case")
    op.drop_table("legal_hold")
