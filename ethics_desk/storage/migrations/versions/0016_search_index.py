"""The inbox's search index: the key's words for short searches, and a trigram index over both.

Adds ``complaint.search_words`` (the search key's words, each after two spaces, so that the
start of a word is a three-character substring), fills it from the stored search keys, and
builds the index :mod:`ethics_desk.storage.search_table` describes: on SQLite an FTS5 table with
the trigram tokenizer kept by triggers on ``complaint``; on PostgreSQL ``pg_trgm`` and a GIN
trigram index on each search column. The journal's triggers are installed again for the new
column (``journal.install``), and its records of the complaints rebased on their new form.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02
"""

from __future__ import annotations

import re
import sqlite3

import sqlalchemy as sa
from alembic import op

from ethics_desk.core.errors import StorageError

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

_WORD = re.compile(r"[^\W_]+")
CHUNK = 5000


_SYLLABIC = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
TRIGRAM_SQLITE = (3, 34, 0)
"""The first SQLite with FTS5's trigram tokenizer."""


def _words(search_key: str | None) -> str:
    """The words' form as of this revision (kept here: migrations do not change)."""
    parts: list[str] = []
    for word in _WORD.findall(search_key or ""):
        parts.append("  " + word)
        parts += ["  " + word[m.start():] for m in _SYLLABIC.finditer(word, 1)]
    return "".join(parts)


def upgrade() -> None:
    """Add and fill ``search_words``, build the index, journal the new column."""
    from ethics_desk.storage import journal, search_table

    bind = op.get_bind()
    if bind.dialect.name == "sqlite" and sqlite3.sqlite_version_info < TRIGRAM_SQLITE:
        raise StorageError(
            f"This computer's SQLite library (version {sqlite3.sqlite_version}) is too old for "
            "the search index this version of Ethics Desk builds (3.34 or later is needed), "
            "so the database cannot be brought up to date here.",
            "Install Ethics Desk with its installer, which brings its own SQLite, or ask IT to "
            "update Python's SQLite on this computer.")
    op.add_column("complaint", sa.Column("search_words", sa.Text(), nullable=False,
                                         server_default=""))
    rows = bind.execute(sa.text("SELECT id, search_key FROM complaint ORDER BY id")).all()
    update = sa.text("UPDATE complaint SET search_words = :w WHERE id = :id")
    for start in range(0, len(rows), CHUNK):
        bind.execute(update, [{"id": i, "w": _words(k)} for i, k in rows[start:start + CHUNK]])
    journal.install(bind)  # before the index: FTS5's own statements keep the connection busy
    if bind.dialect.name == "sqlite":
        for statement in search_table.SQLITE_INDEX:
            bind.exec_driver_sql(statement)
        bind.exec_driver_sql(search_table.SQLITE_REBUILD)
    else:
        for statement in search_table.POSTGRESQL_INDEX:
            bind.exec_driver_sql(statement)


def downgrade() -> None:
    """Drop the index and the column (searching reads the whole table again)."""
    from ethics_desk.storage import journal, search_table

    bind = op.get_bind()
    drops = search_table.SQLITE_DROP if bind.dialect.name == "sqlite" \
        else search_table.POSTGRESQL_DROP
    for statement in drops:
        bind.exec_driver_sql(statement)
    with op.batch_alter_table("complaint", schema=None) as batch_op:
        batch_op.drop_column("search_words")
    journal.install(bind)
