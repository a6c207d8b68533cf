"""Withholding under the Public Information Act: the exceptions claimed and a previous
determination (Gov't Code § 552.301(a), (b)); a clarification and a cost estimate
(§§ 552.222, 552.2615), for § 2-83(h)(3).

A request for the Attorney General's ruling states the exceptions that apply (§ 552.301(b)),
and information is withheld without one only under a previous determination (§ 552.301(a)).
This revision adds to ``information_request`` the exceptions claimed (one a line) and the
citation of the previous determination; the request for clarification (the day asked, the
question, the day the answer was received, from which the clocks run again) and the itemized
statement of estimated charges (its items and the day it was sent). The journal's triggers are installed again, since the
table's columns changed.

Revision ID: 0023
Revises: 0020 (re-chained at the merge)
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0020"
branch_labels = None
depends_on = None

_TEXT_COLUMNS: tuple[tuple[str, sa.types.TypeEngine[str]], ...] = (
    ("exceptions_claimed", sa.Text()),
    ("previous_determination", sa.String(length=120)),
    ("clarification_question", sa.Text()),
    ("estimate_items", sa.Text()),
)
_DATE_COLUMNS = ("clarification_asked_on", "clarification_answered_on", "estimate_sent_on")


def upgrade() -> None:
    """Add the columns (empty on the requests already logged), and journal them."""
    from ethics_desk.storage import journal

    for name, kind in _TEXT_COLUMNS:  # ALTER TABLE … ADD COLUMN: no copy of the table
        op.add_column("information_request",
                      sa.Column(name, kind, nullable=False, server_default=""))
    for name in _DATE_COLUMNS:
        op.add_column("information_request", sa.Column(name, sa.Date(), nullable=True))
    journal.install(op.get_bind())


def downgrade() -> None:
    """Drop the columns (the audit trail keeps what was recorded)."""
    from ethics_desk.storage import journal

    if op.get_bind().dialect.name == "sqlite":  # its triggers name the columns: made again below
        for event in ("insert", "update", "delete"):
            op.execute(f"DROP TRIGGER IF EXISTS journal_information_request_{event}")
    for name in reversed(_DATE_COLUMNS):
        op.drop_column("information_request", name)
    for name, _kind in reversed(_TEXT_COLUMNS):
        op.drop_column("information_request", name)
    journal.install(op.get_bind())
