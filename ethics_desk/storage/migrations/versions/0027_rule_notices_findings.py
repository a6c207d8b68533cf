"""The notice of a rule not alleged and the provisions found violated (§§ 2-85(b), (c), 2-87).

Two new tables of a case. ``rule_notice``: the written notice to a respondent of a provision
the complaint did not allege, and the day it was given — the respondent's ten business days to
respond run from it (§ 2-85(c)). ``violation_finding``: each provision the Board found a
respondent violated, with the resolution that found it, which the written opinion of § 2-87(a)
states. Both follow their complaint (row-level security, disposal). The journal's triggers are
made again at the end (:func:`ethics_desk.storage.journal.install`), which journals them.

Revision ID: 0027
Revises: 0025 (re-chained at the merge)
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0027"
down_revision = "0025"
branch_labels = None
depends_on = None

_TABLES = ("violation_finding", "rule_notice")


def upgrade() -> None:
    """Create both tables and journal them."""
    from ethics_desk.storage import journal

    op.create_table(
        "rule_notice",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("complaint_id", sa.Integer(), nullable=False),
        sa.Column("respondent_id", sa.Integer(), nullable=False),
        sa.Column("provision_id", sa.Integer(), nullable=False),
        sa.Column("given_on", sa.Date(), nullable=False),
        sa.Column("recorded_by", sa.String(length=120), nullable=False),
        sa.Column("recorded_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["complaint_id"], ["complaint.id"],
                                name=op.f("fk_rule_notice_complaint_id_complaint"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["respondent_id"], ["respondent.id"],
                                name=op.f("fk_rule_notice_respondent_id_respondent"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["provision_id"], ["provision.id"],
                                name=op.f("fk_rule_notice_provision_id_provision")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rule_notice")),
    )
    op.create_index(op.f("ix_rule_notice_complaint_id"), "rule_notice", ["complaint_id"])
    op.create_table(
        "violation_finding",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("complaint_id", sa.Integer(), nullable=False),
        sa.Column("decision_id", sa.Integer(), nullable=False),
        sa.Column("respondent_id", sa.Integer(), nullable=False),
        sa.Column("provision_id", sa.Integer(), nullable=False),
        sa.Column("alleged", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["complaint_id"], ["complaint.id"],
                                name=op.f("fk_violation_finding_complaint_id_complaint"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["decision_id"], ["decision.id"],
                                name=op.f("fk_violation_finding_decision_id_decision"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["respondent_id"], ["respondent.id"],
                                name=op.f("fk_violation_finding_respondent_id_respondent"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["provision_id"], ["provision.id"],
                                name=op.f("fk_violation_finding_provision_id_provision")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_violation_finding")),
    )
    op.create_index(op.f("ix_violation_finding_complaint_id"), "violation_finding",
                    ["complaint_id"])
    op.create_index(op.f("ix_violation_finding_decision_id"), "violation_finding",
                    ["decision_id"])
    journal.install(op.get_bind())


def downgrade() -> None:
    """Drop both tables (the audit trail keeps what was recorded)."""
    from ethics_desk.storage import journal

    bind = op.get_bind()
    for table in _TABLES:
        if bind.dialect.name == "sqlite":
            for verb in ("insert", "update", "delete"):
                op.execute(f'DROP TRIGGER IF EXISTS "journal_{table}_{verb}"')
        else:
            op.execute(f'DROP TRIGGER IF EXISTS "{journal.trigger_name(table)}" ON "{table}"')
            op.execute(f'DROP FUNCTION IF EXISTS "journal_row_{table}"()')
        op.drop_table(table)
    journal.install(bind)
