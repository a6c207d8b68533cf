"""The inbox listing: display names, the next clock's title and a folded search key.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_EXTRA = str.maketrans({"ø": "o", "đ": "d", "ł": "l", "æ": "ae", "œ": "oe", "ß": "ss",
                        "þ": "th", "ð": "d", "ı": "i"})


def _fold(text: str) -> str:
    """The search key's folding as of this revision (kept here: migrations do not change)."""
    decomposed = unicodedata.normalize("NFKD", (text or "").casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).translate(_EXTRA).strip()


def upgrade() -> None:
    """Add the columns, then fill them for the cases already on record."""
    with op.batch_alter_table("complaint", schema=None) as batch_op:
        batch_op.add_column(sa.Column("complainant_names", sa.String(length=400), nullable=False,
                                      server_default=""))
        batch_op.add_column(sa.Column("respondent_names", sa.String(length=800), nullable=False,
                                      server_default=""))
        batch_op.add_column(sa.Column("next_due_title", sa.String(length=300), nullable=False,
                                      server_default=""))
        batch_op.add_column(sa.Column("search_key", sa.Text(), nullable=False, server_default=""))
        batch_op.create_index("ix_complaint_received_at", ["received_at"], unique=False)
    _backfill(op.get_bind())


def _backfill(bind: sa.engine.Connection) -> None:
    people: dict[int, dict[str, list[str]]] = {}
    for table in ("complainant", "respondent", "witness"):
        order = "position, id" if table != "witness" else "id"
        for complaint_id, name in bind.execute(sa.text(
                f"SELECT complaint_id, name FROM {table} ORDER BY complaint_id, {order}")):
            people.setdefault(complaint_id, {}).setdefault(table, []).append(name or "")
    titles: dict[int, str] = dict(bind.execute(sa.text(
        "SELECT complaint_id, title FROM deadline d WHERE status = 'open' AND id = ("
        "SELECT id FROM deadline e WHERE e.complaint_id = d.complaint_id AND e.status = 'open' "
        "ORDER BY e.due_on, e.id LIMIT 1)")).all())
    for complaint_id, case_number in bind.execute(sa.text(
            "SELECT id, case_number FROM complaint")).all():
        who = people.get(complaint_id, {})
        parts = [case_number or "", f"draft {complaint_id}", *who.get("complainant", []),
                 *who.get("respondent", []), *who.get("witness", [])]
        bind.execute(sa.text(
            "UPDATE complaint SET complainant_names = :c, respondent_names = :r, "
            "next_due_title = :t, search_key = :k WHERE id = :id"),
            {"c": "; ".join(n for n in who.get("complainant", []) if n),
             "r": "; ".join(n for n in who.get("respondent", []) if n),
             "t": titles.get(complaint_id, ""),
             "k": " | ".join(_fold(p) for p in parts if p), "id": complaint_id})


def downgrade() -> None:
    """Drop the listing columns."""
    with op.batch_alter_table("complaint", schema=None) as batch_op:
        batch_op.drop_index("ix_complaint_received_at")
        batch_op.drop_column("search_key")
        batch_op.drop_column("next_due_title")
        batch_op.drop_column("respondent_names")
        batch_op.drop_column("complainant_names")
