"""A Board member and a party who may be one person: ``party_link``.

A new table: for a complaint, a party of it (complainant, respondent or witness) and a Board
member — a staff account of a Board role, or a member on the roster — whose names may be the
same person, and the City Clerk's decision (undecided, same person, not the same person).
A member with an undecided or linked row does not receive the complaint (§ 2-83(h)(1),
:mod:`ethics_desk.staff.scope`). No row is made here: an identical name still keeps a member
from the complaint until the Clerk decides otherwise, and the possible matches of the cases
already filed are found when the roster or the accounts next change
(:mod:`ethics_desk.board.party_links`).

The journal's triggers are made again at the end (:func:`ethics_desk.storage.journal.install`),
which journals the new table.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``party_link`` and journal it."""
    from ethics_desk.storage import journal

    op.create_table(
        "party_link",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("complaint_id", sa.Integer(), nullable=False),
        sa.Column("party", sa.Enum("complainant", "respondent", "witness", name="caseparty",
                                   native_enum=False, create_constraint=True, length=40),
                  nullable=False),
        sa.Column("party_id", sa.Integer(), nullable=False),
        sa.Column("party_name", sa.String(length=200), nullable=False),
        sa.Column("staff_account_id", sa.Integer(), nullable=True),
        sa.Column("board_member_id", sa.Integer(), nullable=True),
        sa.Column("decision", sa.Enum("undecided", "same", "not_same", name="sameperson",
                                      native_enum=False, create_constraint=True, length=40),
                  nullable=False),
        sa.Column("found_at", sa.DateTime(), nullable=True),
        sa.Column("decided_at", sa.DateTime(), nullable=True),
        sa.Column("decided_by", sa.String(length=200), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.CheckConstraint("(staff_account_id IS NULL) <> (board_member_id IS NULL)",
                           name=op.f("ck_party_link_one_board_person")),
        sa.ForeignKeyConstraint(["complaint_id"], ["complaint.id"],
                                name=op.f("fk_party_link_complaint_id_complaint"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["staff_account_id"], ["staff_account.id"],
                                name=op.f("fk_party_link_staff_account_id_staff_account"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["board_member_id"], ["board_member.id"],
                                name=op.f("fk_party_link_board_member_id_board_member"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_party_link")),
    )
    op.create_index(op.f("ix_party_link_complaint_id"), "party_link", ["complaint_id"])
    op.create_index(op.f("ix_party_link_staff_account_id"), "party_link", ["staff_account_id"])
    op.create_index(op.f("ix_party_link_board_member_id"), "party_link", ["board_member_id"])
    journal.install(op.get_bind())


def downgrade() -> None:
    """Drop ``party_link`` (its decisions are lost: the Clerk would decide again)."""
    from ethics_desk.storage import journal

    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        for verb in ("insert", "update", "delete"):
            op.execute(f'DROP TRIGGER IF EXISTS "journal_party_link_{verb}"')
    else:
        op.execute(f'DROP TRIGGER IF EXISTS "{journal.trigger_name("party_link")}" '
                   'ON "party_link"')
        op.execute('DROP FUNCTION IF EXISTS "journal_row_party_link"()')
    op.drop_table("party_link")
    journal.install(bind)
