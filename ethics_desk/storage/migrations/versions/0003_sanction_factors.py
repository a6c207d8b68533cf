"""The (g)(1) factors considered before a sanction, stored one note per factor.

Until this revision each sanction carried the Board's notes as text, one ``key: note`` line per
factor (``seriousness: …``, or ``a: …`` for § 2-83(g)(1)(a)). They become rows of
``sanction_factor`` (the sanction, the factor, the note) and the text column goes. A line that
starts with no known key continues the note before it (a note written over several lines); text
before any key, or under a key this revision does not know, is kept under (g)(1)(c), "any other
matters that justice may require", with its key in front.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

FACTORS = ("seriousness", "deterrence", "justice")
"""The factors of § 2-83(g)(1)(a)–(c), in order, as this revision stores them."""
_KEYS = {"a": "seriousness", "b": "deterrence", "c": "justice",
         "seriousness": "seriousness", "deterrence": "deterrence", "justice": "justice"}
_OTHER = "justice"


def notes_from_text(text: str) -> dict[str, str]:
    """The notes in a sanction's ``key: note`` lines, by factor (kept here: migrations do not
    change)."""
    notes: dict[str, list[str]] = {}
    current: str | None = None
    for line in (text or "").splitlines():
        key, sep, rest = line.partition(":")
        factor = _KEYS.get(key.strip().lower()) if sep else None
        if factor is not None:
            current = factor
            notes.setdefault(factor, []).append(rest.strip())
        elif current is not None:
            notes[current].append(line.rstrip())
        elif line.strip():
            notes.setdefault(_OTHER, []).append(line.strip())
    joined = {factor: "\n".join(lines).strip() for factor, lines in notes.items()}
    return {factor: joined[factor] for factor in FACTORS if joined.get(factor)}


def upgrade() -> None:
    """Read every sanction's notes, drop the text column, create the table, store the notes.

    The column goes first: dropping it rebuilds the sanction table, which on SQLite would
    cascade to rows already pointing at it.
    """
    bind = op.get_bind()
    stored = bind.execute(sa.text("SELECT id, factors_considered FROM sanction ORDER BY id")).all()
    with op.batch_alter_table("sanction", schema=None) as batch_op:
        batch_op.drop_column("factors_considered")
    op.create_table(
        "sanction_factor",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("sanction_id", sa.Integer(), nullable=False),
        sa.Column("factor", sa.Enum(*FACTORS, name="sanctionfactor", native_enum=False,
                                    create_constraint=True, length=40), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["sanction_id"], ["sanction.id"],
                                name=op.f("fk_sanction_factor_sanction_id_sanction"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sanction_factor")),
        sa.UniqueConstraint("sanction_id", "factor", name="sanction_factor_once"),
    )
    with op.batch_alter_table("sanction_factor", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sanction_factor_sanction_id"), ["sanction_id"],
                              unique=False)
    for sanction_id, text in stored:
        for factor, note in notes_from_text(text).items():
            bind.execute(sa.text(
                "INSERT INTO sanction_factor (sanction_id, factor, note, version) "
                "VALUES (:s, :f, :n, 1)"), {"s": sanction_id, "f": factor, "n": note})


def downgrade() -> None:
    """Put the notes back as ``key: note`` lines and drop the table."""
    bind = op.get_bind()
    lines: dict[int, list[str]] = {}
    for sanction_id, factor, note in bind.execute(sa.text(
            "SELECT sanction_id, factor, note FROM sanction_factor ORDER BY sanction_id, id")):
        lines.setdefault(sanction_id, []).append(f"{factor}: {note}")
    op.drop_table("sanction_factor")
    with op.batch_alter_table("sanction", schema=None) as batch_op:
        batch_op.add_column(sa.Column("factors_considered", sa.Text(), nullable=False,
                                      server_default=""))
    for sanction_id, text in lines.items():
        bind.execute(sa.text("UPDATE sanction SET factors_considered = :t WHERE id = :s"),
                     {"t": "\n".join(text), "s": sanction_id})
