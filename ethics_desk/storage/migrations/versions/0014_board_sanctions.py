"""Sanctions as the Board's act, and what is owed on a civil penalty (§ 2-83(g)).

* ``board_vote.action`` may be ``sanctions``: the Board imposes sanctions by its vote
  (a majority of those present, as for its other actions under § 2-83 that set no rule). The
  column's CHECK constraint lists the new value. On PostgreSQL the constraint is dropped and
  made again; on SQLite, where a CHECK cannot be altered, the table's own definition in the
  schema is rewritten in place — the procedure SQLite documents for loosening a constraint
  (https://sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema Changes"),
  which touches no row: a rebuild of the table would delete every ballot (``ON DELETE
  CASCADE``) and have to journal them again.
* ``civil_penalty``: the due date of each civil penalty of § 2-83(g)(2)(a) and its payment
  (date, amount) or waiver (date, by whom, why). A new table rather than new columns of
  ``sanction``, so that no row already journalled changes its columns. A civil penalty imposed
  before this revision gets its row with no due date ("not recorded"), and is outstanding.

Times need no conversion: every timestamp column has been stored as naive UTC from the first
schema on (``UTCDateTime`` converts each aware value to UTC and refuses a naive one), so the
stored values already are instants; what changes is only how they are printed (in the office's
time zone, ``office.time_zone``).

The journal's triggers are made again at the end (:func:`ethics_desk.storage.journal.install`),
which journals the new table and its first rows.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

OLD_ACTIONS = ("show_cause", "frivolous", "disposition")
NEW_ACTIONS = (*OLD_ACTIONS, "sanctions")
CONSTRAINT = "ck_board_vote_boardaction"


def _in_list(values: tuple[str, ...]) -> str:
    return ", ".join(f"'{v}'" for v in values)


def _set_actions(old: tuple[str, ...], new: tuple[str, ...]) -> None:
    """Make ``board_vote.action``'s CHECK list ``new`` instead of ``old``."""
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        op.execute(f"ALTER TABLE board_vote DROP CONSTRAINT {CONSTRAINT}")
        op.execute(f"ALTER TABLE board_vote ADD CONSTRAINT {CONSTRAINT} "
                   f"CHECK (action IN ({_in_list(new)}))")
        return
    sql = bind.execute(sa.text("SELECT sql FROM sqlite_master WHERE type = 'table' "
                               "AND name = 'board_vote'")).scalar_one()
    before = f"action IN ({_in_list(old)})"
    if before not in sql:
        raise RuntimeError(f"board_vote's definition has no “{before}” to change")
    version = bind.exec_driver_sql("PRAGMA schema_version").scalar_one()
    bind.exec_driver_sql("PRAGMA writable_schema = ON")
    try:
        bind.execute(sa.text("UPDATE sqlite_master SET sql = :sql WHERE type = 'table' "
                             "AND name = 'board_vote'"),
                     {"sql": sql.replace(before, f"action IN ({_in_list(new)})")})
        bind.exec_driver_sql(f"PRAGMA schema_version = {int(version) + 1}")
    finally:
        bind.exec_driver_sql("PRAGMA writable_schema = OFF")


def upgrade() -> None:
    """Allow the sanctions vote; create ``civil_penalty`` with a row for each civil penalty."""
    from ethics_desk.storage import journal

    _set_actions(OLD_ACTIONS, NEW_ACTIONS)
    op.create_table(
        "civil_penalty",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("sanction_id", sa.Integer(), nullable=False),
        sa.Column("due_on", sa.Date(), nullable=True),
        sa.Column("paid_on", sa.Date(), nullable=True),
        sa.Column("paid_cents", sa.Integer(), nullable=True),
        sa.Column("waived_on", sa.Date(), nullable=True),
        sa.Column("waived_by", sa.String(length=200), nullable=False),
        sa.Column("waived_reason", sa.Text(), nullable=False),
        sa.Column("recorded_by", sa.String(length=120), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.CheckConstraint("paid_cents IS NULL OR paid_cents > 0",
                           name=op.f("ck_civil_penalty_paid_amount")),
        sa.CheckConstraint("paid_on IS NULL OR waived_on IS NULL",
                           name=op.f("ck_civil_penalty_paid_or_waived")),
        sa.ForeignKeyConstraint(["sanction_id"], ["sanction.id"],
                                name=op.f("fk_civil_penalty_sanction_id_sanction"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_civil_penalty")),
        sa.UniqueConstraint("sanction_id", name=op.f("uq_civil_penalty_sanction_id")),
    )
    bind = op.get_bind()
    bind.execute(sa.text(
        "INSERT INTO civil_penalty (sanction_id, due_on, paid_on, paid_cents, waived_on, "
        "waived_by, waived_reason, recorded_by, version) "
        "SELECT id, NULL, NULL, NULL, NULL, '', '', '', 1 FROM sanction "
        "WHERE kind = 'civil_penalty' ORDER BY id"))
    journal.install(bind)


def downgrade() -> None:
    """Drop ``civil_penalty`` and the sanctions vote (refused while one is recorded)."""
    from ethics_desk.storage import journal

    bind = op.get_bind()
    if bind.execute(sa.text("SELECT count(*) FROM board_vote WHERE action = 'sanctions'")
                    ).scalar_one():
        raise RuntimeError("Votes on sanctions are recorded; they cannot be kept by revision "
                           "0009, so the database is not downgraded.")
    if bind.dialect.name == "sqlite":
        for verb in ("insert", "update", "delete"):
            op.execute(f'DROP TRIGGER IF EXISTS "journal_civil_penalty_{verb}"')
    else:
        op.execute(f'DROP TRIGGER IF EXISTS "{journal.trigger_name("civil_penalty")}" ON "civil_penalty"')
        op.execute('DROP FUNCTION IF EXISTS "journal_row_civil_penalty"()')
    op.drop_table("civil_penalty")
    _set_actions(NEW_ACTIONS, OLD_ACTIONS)
    journal.install(bind)
