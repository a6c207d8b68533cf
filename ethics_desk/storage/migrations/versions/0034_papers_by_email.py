"""Papers by e-mail (issue 34): each party's e-mail address with who gave it, and what the
office's mail server answered for each paper it sent.

``complainant`` and ``respondent`` gain ``email_given_by`` (who gave the address they already
record: "the complainant, on the complaint form"); ``witness`` gains ``email`` and
``email_given_by``. ``mailing`` gains, for a paper sent through the office's mail server, the
time it was sent (``sent_at``), the Message-ID, the server's answer, and whether it was a
courtesy copy of a paper the statute sends by mail (``courtesy_copy``). An address already
recorded was taken at intake, from the sworn complaint: it is marked given by "the sworn
complaint, at intake" (:data:`ethics_desk.intake.record.AT_INTAKE`); the other new columns are
empty. The journal's triggers are
installed again, since the tables' columns changed.

Deadlines in each person's calendar: ``calendar_feed`` (a person's opt-in: their login, the
mailbox the invitations go to, when they asked) and ``calendar_event`` (each deadline as the last
invitation sent left it in that person's calendar: UID, SEQUENCE, due day, summary, cancelled).
Both are their person's own: on PostgreSQL ``ethics-desk server setup`` lets each person read
and write only their own rows.

Revision ID: 0034
Revises: 0033
Create Date: 2026-12-06
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0034"
down_revision = "0033"
branch_labels = None
depends_on = None

_COLUMNS: tuple[tuple[str, str, sa.types.TypeEngine[Any], str | sa.ColumnElement[Any]], ...] = (
    ("complainant", "email_given_by", sa.String(length=200), ""),
    ("respondent", "email_given_by", sa.String(length=200), ""),
    ("witness", "email", sa.String(length=200), ""),
    ("witness", "email_given_by", sa.String(length=200), ""),
    ("mailing", "courtesy_copy", sa.Boolean(), sa.false()),
    ("mailing", "message_id", sa.String(length=300), ""),
    ("mailing", "server_answer", sa.Text(), ""),
)
_TABLES = ("complainant", "respondent", "witness", "mailing")
_AT_INTAKE = "the sworn complaint, at intake"  # as ethics_desk.intake.record.AT_INTAKE says it


def upgrade() -> None:
    """Add the columns (empty on the rows already there), and journal them."""
    from ethics_desk.storage import journal

    for table, name, kind, default in _COLUMNS:  # ALTER TABLE … ADD COLUMN: no copy
        op.add_column(table, sa.Column(name, kind, nullable=False, server_default=default))
    op.add_column("mailing", sa.Column("sent_at", sa.DateTime(), nullable=True))
    for table in ("complainant", "respondent"):  # the addresses taken at the counter
        op.execute(f"UPDATE {table} SET email_given_by = '{_AT_INTAKE}' WHERE email <> ''")
    op.create_table(
        "calendar_feed",
        sa.Column("login", sa.String(length=60), nullable=False),
        sa.Column("mailbox", sa.String(length=200), nullable=False),
        sa.Column("opted_in_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("login", name=op.f("pk_calendar_feed")),
    )
    op.create_table(
        "calendar_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("login", sa.String(length=60), nullable=False),
        sa.Column("deadline_id", sa.Integer(), nullable=True),
        sa.Column("uid", sa.String(length=200), nullable=False),
        sa.Column("mailbox", sa.String(length=200), nullable=False),
        sa.Column("summary", sa.String(length=300), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("due_on", sa.Date(), nullable=False),
        sa.Column("cancelled", sa.Boolean(), nullable=False),
        sa.Column("sent_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["deadline_id"], ["deadline.id"], ondelete="SET NULL",
                                name=op.f("fk_calendar_event_deadline_id_deadline")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_calendar_event")),
        sa.UniqueConstraint("login", "deadline_id", name=op.f("uq_calendar_event_login")),
        sa.UniqueConstraint("uid", name=op.f("uq_calendar_event_uid")),
    )
    op.create_index(op.f("ix_calendar_event_login"), "calendar_event", ["login"])
    journal.install(op.get_bind())


def downgrade() -> None:
    """Drop the columns (the audit trail keeps what was recorded)."""
    from ethics_desk.storage import journal

    bind = op.get_bind()
    for table in ("calendar_event", "calendar_feed"):
        if bind.dialect.name == "sqlite":
            for verb in ("insert", "update", "delete"):
                op.execute(f'DROP TRIGGER IF EXISTS "journal_{table}_{verb}"')
        else:
            op.execute(f'DROP TRIGGER IF EXISTS "{journal.trigger_name(table)}" ON "{table}"')
            op.execute(f'DROP FUNCTION IF EXISTS "journal_row_{table}"()')
        op.drop_table(table)
    if bind.dialect.name == "sqlite":  # its triggers name the columns: made again below
        for table in _TABLES:
            for event in ("insert", "update", "delete"):
                op.execute(f"DROP TRIGGER IF EXISTS journal_{table}_{event}")
    with op.batch_alter_table("mailing") as batch:
        batch.drop_column("sent_at")
    for table, name, _kind, _default in reversed(_COLUMNS):
        with op.batch_alter_table(table) as batch:
            batch.drop_column(name)
    journal.install(op.get_bind())
