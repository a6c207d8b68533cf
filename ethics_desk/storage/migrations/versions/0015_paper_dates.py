"""The dates each issued paper stated, so that a later change shows which papers it made wrong.

``issued_document_date`` keeps, for an issued paper, each date it told its reader (the response
due under § 2-83(e)(1), the reply due under (e)(3), a reviewer's date under (d)(1), a hearing's
date under (f)(4)) and the deadline or hearing it was read from. Papers issued before this
revision have none: what they stated is in their frozen bytes only, and they are not compared.
The new table is journalled like every other (``journal.install``).

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``issued_document_date``, its index and its journal triggers."""
    from ethics_desk.storage import journal

    op.create_table(
        "issued_document_date",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("document_id", sa.Integer(), nullable=False),
        sa.Column("clock", sa.String(length=40), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("deadline_id", sa.Integer(), nullable=True),
        sa.Column("hearing_id", sa.Integer(), nullable=True),
        sa.Column("label", sa.String(length=300), nullable=False),
        sa.Column("stated_on", sa.Date(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["document_id"], ["issued_document.id"], ondelete="CASCADE",
                                name=op.f("fk_issued_document_date_document_id_issued_document")),
        sa.ForeignKeyConstraint(["deadline_id"], ["deadline.id"], ondelete="SET NULL",
                                name=op.f("fk_issued_document_date_deadline_id_deadline")),
        sa.ForeignKeyConstraint(["hearing_id"], ["hearing.id"], ondelete="SET NULL",
                                name=op.f("fk_issued_document_date_hearing_id_hearing")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_issued_document_date")),
    )
    op.create_index(op.f("ix_issued_document_date_document_id"), "issued_document_date",
                    ["document_id"])
    journal.install(op.get_bind())


def downgrade() -> None:
    """Drop ``issued_document_date`` (the papers keep their bytes; only the comparison goes)."""
    op.drop_index(op.f("ix_issued_document_date_document_id"),
                  table_name="issued_document_date")
    op.drop_table("issued_document_date")  # its journal triggers go with it
    if op.get_bind().dialect.name == "postgresql":
        op.execute('DROP FUNCTION IF EXISTS "journal_row_issued_document_date"()')
