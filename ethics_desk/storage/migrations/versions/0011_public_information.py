"""Requests under the Public Information Act (Gov't Code ch. 552), for § 2-83(h)(3).

§ 2-83(h)(3) sends requests for complaint records to the Texas Public Information Act. This
revision adds the request log: ``information_request`` (the requester, how the request came,
when it was received and how that date is known, what it asks for, the steps taken, the ruling
or the City Attorney's decision, the release and the close), ``requested_record`` (the cases
and other records each request touches) and ``request_paper`` (the papers issued on a request,
their exact bytes and SHA-256). The rules are :mod:`ethics_desk.public_information`'s.

Every constraint and index is named after its table (on a PostgreSQL server an index shares the
namespace of the tables). The journal's triggers are installed on the new tables at the end.

Revision ID: 0011
Revises: 0010 (re-chained at the merge)
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def _enum(name: str, *values: str) -> sa.Enum:
    """A portable enum column of the stored values (VARCHAR plus CHECK), as the models make it."""
    return sa.Enum(*values, name=name, native_enum=False, create_constraint=True, length=40)


def upgrade() -> None:
    """Create the three tables, their indexes, and their journal triggers."""
    from ethics_desk.storage import journal

    op.create_table(
        "information_request",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("number", sa.String(length=20), nullable=False),
        sa.Column("request_year", sa.Integer(), nullable=False),
        sa.Column("request_seq", sa.Integer(), nullable=False),
        sa.Column("requester_name", sa.String(length=200), nullable=False),
        sa.Column("requester_address", sa.Text(), nullable=False),
        sa.Column("requester_email", sa.String(length=200), nullable=False),
        sa.Column("language", _enum("language", "en", "es"), nullable=False),
        sa.Column("channel", _enum("requestchannel", "mail", "email", "hand", "fax"),
                  nullable=False),
        sa.Column("postmarked_on", sa.Date(), nullable=True),
        sa.Column("received_on", sa.Date(), nullable=False),
        sa.Column("received_basis", sa.String(length=20), nullable=False),
        sa.Column("received_detail", sa.Text(), nullable=False),
        sa.Column("asked_for", sa.Text(), nullable=False),
        sa.Column("status", _enum("requeststatus", "open", "closed"), nullable=False),
        sa.Column("ruling_requested_on", sa.Date(), nullable=True),
        sa.Column("requester_told_on", sa.Date(), nullable=True),
        sa.Column("arguments_sent_on", sa.Date(), nullable=True),
        sa.Column("release_certified_on", sa.Date(), nullable=True),
        sa.Column("release_promised_at", sa.DateTime(), nullable=True),
        sa.Column("outcome", _enum("rulingoutcome", "release", "withhold", "partial"),
                  nullable=True),
        sa.Column("outcome_by", _enum("rulingby", "attorney_general", "city_attorney"),
                  nullable=True),
        sa.Column("outcome_on", sa.Date(), nullable=True),
        sa.Column("outcome_reference", sa.String(length=120), nullable=False),
        sa.Column("released_on", sa.Date(), nullable=True),
        sa.Column("closed_on", sa.Date(), nullable=True),
        sa.Column("close_note", sa.Text(), nullable=False),
        sa.Column("logged_by", sa.String(length=120), nullable=False),
        sa.Column("logged_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_information_request")),
        sa.UniqueConstraint("number", name=op.f("uq_information_request_number")),
        sa.UniqueConstraint("request_year", "request_seq", name="information_request_year_seq"),
    )
    op.create_index(op.f("ix_information_request_received_on"), "information_request",
                    ["received_on"])
    op.create_index(op.f("ix_information_request_status"), "information_request", ["status"])
    op.create_table(
        "request_paper",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("request_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("language", _enum("language", "en", "es"), nullable=False),
        sa.Column("recipient", sa.String(length=300), nullable=False),
        sa.Column("issued_on", sa.Date(), nullable=False),
        sa.Column("issued_at", sa.DateTime(), nullable=False),
        sa.Column("issued_by", sa.String(length=120), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["request_id"], ["information_request.id"], ondelete="CASCADE",
                                name=op.f("fk_request_paper_request_id_information_request")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_request_paper")),
    )
    op.create_index(op.f("ix_request_paper_request_id"), "request_paper", ["request_id"])
    op.create_table(
        "requested_record",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("request_id", sa.Integer(), nullable=False),
        sa.Column("complaint_id", sa.Integer(), nullable=True),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["complaint_id"], ["complaint.id"], ondelete="SET NULL",
                                name=op.f("fk_requested_record_complaint_id_complaint")),
        sa.ForeignKeyConstraint(
            ["request_id"], ["information_request.id"], ondelete="CASCADE",
            name=op.f("fk_requested_record_request_id_information_request")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_requested_record")),
    )
    op.create_index(op.f("ix_requested_record_complaint_id"), "requested_record",
                    ["complaint_id"])
    op.create_index(op.f("ix_requested_record_request_id"), "requested_record", ["request_id"])
    journal.install(op.get_bind())


def downgrade() -> None:
    """Drop the request log (the audit trail keeps what was logged, issued and released)."""
    op.drop_index(op.f("ix_requested_record_request_id"), table_name="requested_record")
    op.drop_index(op.f("ix_requested_record_complaint_id"), table_name="requested_record")
    op.drop_table("requested_record")
    op.drop_index(op.f("ix_request_paper_request_id"), table_name="request_paper")
    op.drop_table("request_paper")
    op.drop_index(op.f("ix_information_request_status"), table_name="information_request")
    op.drop_index(op.f("ix_information_request_received_on"), table_name="information_request")
    op.drop_table("information_request")
