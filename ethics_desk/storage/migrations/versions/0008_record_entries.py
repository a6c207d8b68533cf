"""Papers entered into the record of a formal hearing or a Board proceeding, § 2-83(h)(2).

Information otherwise confidential under § 2-83(h)(1) may be disclosed by entering it into the
record of a formal hearing or an Ethics Review Board proceeding. This revision adds
``record_entry``: one paper of a case (an exhibit, a filed paper or an issued document) entered
into the record of one proceeding (a hearing of the case, or a Board meeting by its date) on a
date, by whom. Entries are made by the application
(:mod:`ethics_desk.cases.hearing_record`), each with its audit record.

Every constraint and index is named after the table: on a PostgreSQL server an index shares the
namespace of the tables, so no name here can meet another table's.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

ONE_PAPER = ("(CASE WHEN attachment_id IS NULL THEN 0 ELSE 1 END) + "
             "(CASE WHEN filing_id IS NULL THEN 0 ELSE 1 END) + "
             "(CASE WHEN issued_document_id IS NULL THEN 0 ELSE 1 END) = 1")
"""An entry names exactly one paper (kept here: migrations do not change)."""
ONE_PROCEEDING = ("(hearing_id IS NULL AND meeting_on IS NOT NULL) OR "
                  "(hearing_id IS NOT NULL AND meeting_on IS NULL)")
"""An entry names exactly one proceeding: a hearing, or a Board meeting by its date."""
INDEXED = ("complaint_id", "attachment_id", "filing_id", "issued_document_id", "hearing_id")


def upgrade() -> None:
    """Create ``record_entry`` and its indexes."""
    op.create_table(
        "record_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("complaint_id", sa.Integer(), nullable=False),
        sa.Column("attachment_id", sa.Integer(), nullable=True),
        sa.Column("filing_id", sa.Integer(), nullable=True),
        sa.Column("issued_document_id", sa.Integer(), nullable=True),
        sa.Column("hearing_id", sa.Integer(), nullable=True),
        sa.Column("meeting_on", sa.Date(), nullable=True),
        sa.Column("entered_on", sa.Date(), nullable=False),
        sa.Column("entered_by", sa.String(length=120), nullable=False),
        sa.Column("entered_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.CheckConstraint(ONE_PAPER, name=op.f("ck_record_entry_one_paper")),
        sa.CheckConstraint(ONE_PROCEEDING, name=op.f("ck_record_entry_one_proceeding")),
        sa.ForeignKeyConstraint(["complaint_id"], ["complaint.id"], ondelete="CASCADE",
                                name=op.f("fk_record_entry_complaint_id_complaint")),
        sa.ForeignKeyConstraint(["attachment_id"], ["attachment.id"], ondelete="CASCADE",
                                name=op.f("fk_record_entry_attachment_id_attachment")),
        sa.ForeignKeyConstraint(["filing_id"], ["filing.id"], ondelete="CASCADE",
                                name=op.f("fk_record_entry_filing_id_filing")),
        sa.ForeignKeyConstraint(["issued_document_id"], ["issued_document.id"],
                                ondelete="CASCADE",
                                name=op.f("fk_record_entry_issued_document_id_issued_document")),
        sa.ForeignKeyConstraint(["hearing_id"], ["hearing.id"], ondelete="CASCADE",
                                name=op.f("fk_record_entry_hearing_id_hearing")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_record_entry")),
    )
    for column in INDEXED:
        op.create_index(op.f(f"ix_record_entry_{column}"), "record_entry", [column])


def downgrade() -> None:
    """Drop ``record_entry`` (the audit trail keeps what was entered, and when)."""
    for column in reversed(INDEXED):
        op.drop_index(op.f(f"ix_record_entry_{column}"), table_name="record_entry")
    op.drop_table("record_entry")
