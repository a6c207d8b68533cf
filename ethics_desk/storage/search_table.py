"""The search index's tables, triggers and indexes on each database: the schema's part of the
inbox's search (:mod:`ethics_desk.cases.search_index` says what a search asks of it).

* SQLite: an FTS5 table with the trigram tokenizer over the complaint's two search columns, its
  content the ``complaint`` table itself, kept by three triggers (:data:`SQLITE_INDEX`);
* PostgreSQL: ``pg_trgm``'s GIN indexes over the two columns (:data:`POSTGRESQL_INDEX`), which
  ``LIKE`` uses as it is.

The index is not a record: the journal, the backups and the check leave its tables out
(:func:`is_index_table`). This module holds no SQLAlchemy: the first look at the database uses it
before the ORM loads.
"""

from __future__ import annotations

TABLE = "complaint_search"
"""SQLite's FTS5 table (and the prefix of its shadow tables)."""


def is_index_table(name: str) -> bool:
    """Whether ``name`` is SQLite's search index or one of FTS5's shadow tables of it, or the
    full-text index (:mod:`ethics_desk.storage.full_text_table`): not a record, never
    journalled, copied or compared with the models."""
    from ethics_desk.storage import full_text_table

    return name == TABLE or name.startswith(TABLE + "_") or full_text_table.is_index_table(name)


SQLITE_INDEX = (
    f"CREATE VIRTUAL TABLE {TABLE} USING fts5(search_key, search_words, content='complaint', "
    "content_rowid='id', tokenize='trigram case_sensitive 1', detail='full')",
    f"CREATE TRIGGER {TABLE}_insert AFTER INSERT ON complaint BEGIN "
    f"INSERT INTO {TABLE}(rowid, search_key, search_words) "
    "VALUES (new.id, new.search_key, new.search_words); END",
    f"CREATE TRIGGER {TABLE}_delete AFTER DELETE ON complaint BEGIN "
    f"INSERT INTO {TABLE}({TABLE}, rowid, search_key, search_words) "
    "VALUES ('delete', old.id, old.search_key, old.search_words); END",
    f"CREATE TRIGGER {TABLE}_update AFTER UPDATE OF search_key, search_words ON complaint BEGIN "
    f"INSERT INTO {TABLE}({TABLE}, rowid, search_key, search_words) "
    "VALUES ('delete', old.id, old.search_key, old.search_words); "
    f"INSERT INTO {TABLE}(rowid, search_key, search_words) "
    "VALUES (new.id, new.search_key, new.search_words); END",
)
"""SQLite's index: the FTS5 table over the complaint's two search columns and the triggers that
keep it, in the transaction of each change (case-sensitive: both sides are folded already)."""

SQLITE_TRIGGERS = (f"{TABLE}_insert", f"{TABLE}_delete", f"{TABLE}_update")
"""The triggers of :data:`SQLITE_INDEX` (a migration that rebuilds ``complaint`` must make them
again: SQLite drops a table's triggers with it)."""

SQLITE_REBUILD = f"INSERT INTO {TABLE}({TABLE}) VALUES ('rebuild')"
"""Build the index again from the complaints (the migration; ``check`` when it disagrees)."""

SQLITE_OPTIMIZE = f"INSERT INTO {TABLE}({TABLE}) VALUES ('optimize')"
"""Merge the index into one segment, dropping every deleted entry's terms (after a disposal)."""

SQLITE_CHECK = f"INSERT INTO {TABLE}({TABLE}, rank) VALUES ('integrity-check', 1)"
"""FTS5's own check that the index holds exactly what the complaints hold (an error if not; it
writes, so ``check``, which reads the file as it is, uses :func:`sqlite_disagreements`)."""


SQLITE_DROP = (f"DROP TRIGGER IF EXISTS {TABLE}_insert", f"DROP TRIGGER IF EXISTS {TABLE}_delete",
               f"DROP TRIGGER IF EXISTS {TABLE}_update", f"DROP TABLE IF EXISTS {TABLE}")

POSTGRESQL_INDEXES = ("ix_complaint_search_key_trgm", "ix_complaint_search_words_trgm",
                      "ix_complaint_received_newest")
"""PostgreSQL's index names (an index shares the tables' namespace: named after its table)."""

POSTGRESQL_INDEX = (
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    f"CREATE INDEX IF NOT EXISTS {POSTGRESQL_INDEXES[0]} ON complaint "
    "USING gin (search_key gin_trgm_ops)",
    f"CREATE INDEX IF NOT EXISTS {POSTGRESQL_INDEXES[1]} ON complaint "
    "USING gin (search_words gin_trgm_ops)",
    f"CREATE INDEX IF NOT EXISTS {POSTGRESQL_INDEXES[2]} ON complaint "
    "(received_at DESC NULLS LAST, id DESC)",
)
"""PostgreSQL's index: ``pg_trgm`` (a trusted extension: the database's owner may create it)
and a GIN trigram index on each search column, which ``LIKE '%…%'`` uses; and the receipt in
the order of "All cases" (newest first, drafts last), so that the planner can walk that list and
stop at a page of a common search's matches instead of sorting them all (SQLite walks its
ascending index backwards: its NULLs come first)."""

POSTGRESQL_DROP = tuple(f"DROP INDEX IF EXISTS {name}" for name in POSTGRESQL_INDEXES)
