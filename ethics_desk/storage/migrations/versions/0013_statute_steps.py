"""Steps of § 2-83 the record lacked: the forwarding of each sworn response, and the oath's officer.

* ``response_forward``: one row per recipient of a sworn response — the Compliance Auditor, the
  City Attorney's Office and the Ethics Review Board — with the day it was forwarded and how
  (§ 2-83(e), last paragraph: "Upon receipt, the City Clerk shall forward the response …").
  A response filed before this revision with the one date it had (``filing.forwarded_on``) is
  taken as forwarded to all three on that day, by hand delivery (the office's internal mail).
* ``oath.officer_title``: the title of the officer who administered the oath — a notary public
  or another officer the law authorises (§ 2-83(c); Gov't Code § 602.002). Every oath already
  stored was taken before a notary public.

The journal's triggers are installed again, for the new column and the new table.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

RECIPIENTS = ("compliance_auditor", "city_attorney", "board")
"""The recipients this revision knows (kept here: migrations do not change)."""
METHODS = ("first_class", "certified_rrr", "hand_delivery", "email")


def upgrade() -> None:
    """Create ``response_forward``, add ``oath.officer_title``, and journal both."""
    from ethics_desk.storage import journal

    op.create_table(
        "response_forward",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("complaint_id", sa.Integer(), nullable=False),
        sa.Column("filing_id", sa.Integer(), nullable=False),
        sa.Column("recipient", sa.Enum(*RECIPIENTS, name="responserecipient", native_enum=False,
                                       create_constraint=True, length=40), nullable=False),
        sa.Column("forwarded_on", sa.Date(), nullable=False),
        sa.Column("method", sa.Enum(*METHODS, name="mailmethod", native_enum=False,
                                    create_constraint=True, length=40), nullable=False),
        sa.Column("recorded_by", sa.String(length=120), nullable=False),
        sa.Column("recorded_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["complaint_id"], ["complaint.id"], ondelete="CASCADE",
                                name=op.f("fk_response_forward_complaint_id_complaint")),
        sa.ForeignKeyConstraint(["filing_id"], ["filing.id"], ondelete="CASCADE",
                                name=op.f("fk_response_forward_filing_id_filing")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_response_forward")),
        sa.UniqueConstraint("filing_id", "recipient",
                            name=op.f("uq_response_forward_filing_id")),
    )
    op.create_index(op.f("ix_response_forward_complaint_id"), "response_forward",
                    ["complaint_id"])
    op.create_index(op.f("ix_response_forward_filing_id"), "response_forward", ["filing_id"])
    with op.batch_alter_table("oath", schema=None) as batch_op:
        batch_op.add_column(sa.Column("officer_title", sa.String(length=200), nullable=False,
                                      server_default="Notary Public"))
    conn = op.get_bind()
    journal.install(conn)
    filings = conn.execute(sa.text(
        "SELECT id, complaint_id, forwarded_on, recorded_by, recorded_at FROM filing "
        "WHERE kind = 'response' AND forwarded_on IS NOT NULL")).all()
    for row in filings:
        for recipient in RECIPIENTS:
            conn.execute(sa.text(
                "INSERT INTO response_forward (complaint_id, filing_id, recipient, forwarded_on, "
                "method, recorded_by, recorded_at, version) VALUES (:c, :f, :r, :on, "
                "'hand_delivery', :by, :at, 1)"),
                {"c": row.complaint_id, "f": row.id, "r": recipient, "on": row.forwarded_on,
                 "by": row.recorded_by, "at": row.recorded_at})


def downgrade() -> None:
    """Drop ``response_forward`` and ``oath.officer_title`` (what they held is lost)."""
    from ethics_desk.storage import journal

    op.drop_index(op.f("ix_response_forward_filing_id"), table_name="response_forward")
    op.drop_index(op.f("ix_response_forward_complaint_id"), table_name="response_forward")
    op.drop_table("response_forward")
    with op.batch_alter_table("oath", schema=None) as batch_op:
        batch_op.drop_column("officer_title")
    journal.install(op.get_bind())
