"""A Board member and a party who may be one person: ``party_link``.

A new table: for a complaint, a party of it (complainant, respondent or witness) and a Board
member — a staff account of a Board role, or a member on the roster — whose names may be the
same person, and the City Clerk's decision (undecided, same person, not the same person).
A member with an undecided or linked row does not receive the complaint (§ 2-83(h)(1),
:mod:`ethics_desk.staff.scope`). The possible matches of the complaints already filed are found
here (:func:`ethics_desk.core.names.may_be_same_person`), each Board account and roster member
against each complainant, respondent and witness, and kept undecided for the Clerk (with no
``found_at``: found when the database was brought up to date), so that an office upgrading
does not go on sending a member the complaint against them. Plain SQL: the rows are read and
written in this revision's shape.

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
    bind = op.get_bind()
    _find_possible_matches(bind)
    journal.install(bind)


BOARD_ROLES = ("chair", "vicechair", "member")
"""The staff roles of the Ethics Review Board, as this revision stores them."""


def _find_possible_matches(bind: sa.Connection) -> None:
    """Keep undecided each Board person and party of a filed complaint whose names may be one
    person."""
    from ethics_desk.core.names import may_be_same_person

    people = [("staff_account_id", i, n) for i, n in bind.execute(sa.text(
        "SELECT id, name FROM staff_account WHERE role IN :roles").bindparams(
            sa.bindparam("roles", expanding=True)), {"roles": list(BOARD_ROLES)})]
    people += [("board_member_id", i, n) for i, n in bind.execute(sa.text(
        "SELECT id, name FROM board_member WHERE is_staff = :no"), {"no": False})]
    if not people:
        return
    rows: list[dict[str, object]] = []
    for kind in ("complainant", "respondent", "witness"):
        parties = bind.execute(sa.text(
            f"SELECT p.complaint_id, p.id, p.name FROM {kind} p JOIN complaint c "
            "ON c.id = p.complaint_id WHERE c.case_number IS NOT NULL "
            "AND c.state <> 'discarded' ORDER BY p.id"))
        for complaint_id, party_id, name in parties:
            for column, person_id, person in people:
                if may_be_same_person(person, name):
                    rows.append({"complaint_id": complaint_id, "party": kind,
                                 "party_id": party_id, "party_name": name,
                                 "staff_account_id": (person_id if column == "staff_account_id"
                                                      else None),
                                 "board_member_id": (person_id if column == "board_member_id"
                                                     else None)})
    if rows:
        bind.execute(sa.text(
            "INSERT INTO party_link (complaint_id, party, party_id, party_name, "
            "staff_account_id, board_member_id, decision, found_at, decided_at, decided_by, "
            "version) VALUES (:complaint_id, :party, :party_id, :party_name, "
            ":staff_account_id, :board_member_id, 'undecided', NULL, NULL, '', 1)"), rows)


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
