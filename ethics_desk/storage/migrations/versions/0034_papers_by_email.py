"""Papers by e-mail (issue 34): each party's e-mail address with who gave it, and what the
office's mail server answered for each paper it sent.

``complainant`` and ``respondent`` gain ``email_given_by`` (who gave the address they already
record: "the complainant, on the complaint form"); ``witness`` gains ``email`` and
``email_given_by``. ``mailing`` gains, for a paper sent through the office's mail server, the
time it was sent (``sent_at``), the Message-ID, the server's answer, and whether it was a
courtesy copy of a paper the statute sends by mail (``courtesy_copy``). The rows already there
get empty values (no one is recorded as having given an address). The journal's triggers are
installed again, since the tables' columns changed.

Revision ID: 0034
Revises: 0030 (re-chained at the merge)
Create Date: 2026-12-06
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0034"
down_revision = "0030"
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


def upgrade() -> None:
    """Add the columns (empty on the rows already there), and journal them."""
    from ethics_desk.storage import journal

    for table, name, kind, default in _COLUMNS:  # ALTER TABLE … ADD COLUMN: no copy
        op.add_column(table, sa.Column(name, kind, nullable=False, server_default=default))
    op.add_column("mailing", sa.Column("sent_at", sa.DateTime(), nullable=True))
    journal.install(op.get_bind())


def downgrade() -> None:
    """Drop the columns (the audit trail keeps what was recorded)."""
    from ethics_desk.storage import journal

    if op.get_bind().dialect.name == "sqlite":  # its triggers name the columns: made again below
        for table in _TABLES:
            for event in ("insert", "update", "delete"):
                op.execute(f"DROP TRIGGER IF EXISTS journal_{table}_{event}")
    with op.batch_alter_table("mailing") as batch:
        batch.drop_column("sent_at")
    for table, name, _kind, _default in reversed(_COLUMNS):
        with op.batch_alter_table(table) as batch:
            batch.drop_column(name)
    journal.install(op.get_bind())
