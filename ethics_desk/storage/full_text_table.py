"""The full-text index's table and triggers on each database: the schema's part of searching the
words of the cases (:mod:`ethics_desk.cases.full_text` says what a search asks of it).

The index holds one entry per piece of a case's text — its statement of facts, each
allegation (the nature of the violation in the complainant's words), each note, each exhibit's
and each issued paper's text (read once when it was attached or issued,
:mod:`ethics_desk.models.document_text`) — under the id
``source id × 8 + part`` (:data:`PARTS`), with the case's id beside it. The database keeps it by
its own triggers on those five tables, in the transaction of every change: filing, an edit of
the facts or the allegations, a note, an exhibit attached, a paper issued, a disposal (whose
deletes empty the case's entries).

* SQLite: an FTS5 table with the ``unicode61`` tokenizer, diacritics removed (``remove_diacritics
  2``: "Peña" is found as "pena"), holding its own copy of the text for the snippets;
* PostgreSQL: a table of the same entries with a ``tsvector`` column the server computes
  (a text search configuration ``simple`` with ``unaccent`` before it) and a GIN index on it;
  its rows are read under the row-level security of their case
  (:mod:`ethics_desk.staff.server_policies`), and written only by the triggers, which run as the
  database's owner.

The index is not a record: the journal and the backups' counts leave its tables out
(:func:`ethics_desk.storage.search_table.is_index_table`). No SQLAlchemy ORM here.
"""

from __future__ import annotations

from dataclasses import dataclass

TABLE = "case_text"
"""The index: SQLite's FTS5 table (and the prefix of its shadow tables), or PostgreSQL's table."""

ID_FACTOR = 8
"""An entry's id is its source row's id times this, plus its part's code."""


@dataclass(frozen=True)
class Part:
    """One kind of text of a case: the table it is kept in, and how its entry is made."""

    code: int
    name: str
    table: str
    columns: tuple[str, ...]
    """The columns whose change changes the entry (the case's id included)."""
    complaint: str
    """The case's id, of a row called ``{row}``."""
    body: str
    """The entry's text, of a row called ``{row}`` (SQLite's form: ``||``)."""
    pg_body: str
    """The same in PostgreSQL's form."""


PARTS = (
    Part(0, "facts", "complaint", ("facts",), "{row}.id", "coalesce({row}.facts, '')",
         "coalesce({row}.facts, '')"),
    Part(1, "allegation", "allegation", ("complaint_id", "description"), "{row}.complaint_id",
         "coalesce({row}.description, '')", "coalesce({row}.description, '')"),
    Part(2, "note", "case_note", ("complaint_id", "text"), "{row}.complaint_id",
         "coalesce({row}.text, '')", "coalesce({row}.text, '')"),
    Part(3, "exhibit", "attachment", ("complaint_id", "extracted_text"), "{row}.complaint_id",
         "coalesce({row}.extracted_text, '')", "coalesce({row}.extracted_text, '')"),
    Part(4, "paper", "issued_document", ("complaint_id", "extracted_text"),
         "{row}.complaint_id", "coalesce({row}.extracted_text, '')",
         "coalesce({row}.extracted_text, '')"),
)
"""The five kinds of a case's text, by code."""

PART_BY_CODE = {part.code: part for part in PARTS}
PART_BY_NAME = {part.name: part for part in PARTS}


def is_index_table(name: str) -> bool:
    """Whether ``name`` is the full-text index or one of FTS5's shadow tables of it."""
    return name == TABLE or name.startswith(TABLE + "_")


# -- SQLite ------------------------------------------------------------------------------------

TOKENIZER = "unicode61 remove_diacritics 2"
"""SQLite's tokenizer: words of letters and digits, case and diacritics folded."""

SQLITE_TABLE = (f"CREATE VIRTUAL TABLE {TABLE} USING fts5(body, complaint_id UNINDEXED, "
                f"part UNINDEXED, tokenize='{TOKENIZER}', prefix='2 3', detail='full')")


def _sqlite_entry(part: Part, row: str) -> str:
    """The INSERT of ``row``'s entry (none for an empty text)."""
    body = part.body.format(row=row)
    return (f"INSERT INTO {TABLE}(rowid, body, complaint_id, part) "
            f"SELECT {row}.id * {ID_FACTOR} + {part.code}, {body}, "
            f"{part.complaint.format(row=row)}, '{part.name}' WHERE {body} <> ''; ")


def _sqlite_removal(part: Part, row: str) -> str:
    return f"DELETE FROM {TABLE} WHERE rowid = {row}.id * {ID_FACTOR} + {part.code}; "


def sqlite_trigger_names() -> tuple[str, ...]:
    """The names of the triggers :data:`SQLITE_INDEX` makes."""
    return tuple(f"{TABLE}_{part.name}_{verb}" for part in PARTS
                 for verb in ("insert", "update", "delete"))


def _sqlite_triggers() -> tuple[str, ...]:
    statements: list[str] = []
    for part in PARTS:
        name = f"{TABLE}_{part.name}"
        watched = ", ".join(part.columns)
        statements += [
            f"CREATE TRIGGER {name}_insert AFTER INSERT ON {part.table} BEGIN "
            f"{_sqlite_entry(part, 'new')}END",
            f"CREATE TRIGGER {name}_update AFTER UPDATE OF {watched} ON {part.table} BEGIN "
            f"{_sqlite_removal(part, 'old')}{_sqlite_entry(part, 'new')}END",
            f"CREATE TRIGGER {name}_delete AFTER DELETE ON {part.table} BEGIN "
            f"{_sqlite_removal(part, 'old')}END",
        ]
    return tuple(statements)


SQLITE_INDEX = (SQLITE_TABLE, *_sqlite_triggers())
"""SQLite's index: the FTS5 table and the triggers that keep it."""

SQLITE_FILL = tuple(
    f"INSERT INTO {TABLE}(rowid, body, complaint_id, part) "
    f"SELECT r.id * {ID_FACTOR} + {part.code}, {part.body.format(row='r')}, "
    f"{part.complaint.format(row='r')}, '{part.name}' FROM {part.table} AS r "
    f"WHERE {part.body.format(row='r')} <> ''" for part in PARTS)
"""Fill the (empty) index from the five tables: the migration, and a rebuild."""

SQLITE_OPTIMIZE = f"INSERT INTO {TABLE}({TABLE}) VALUES ('optimize')"
"""Merge the index into one segment, dropping every deleted entry's terms (after a disposal)."""

SQLITE_DROP = (*(f"DROP TRIGGER IF EXISTS {name}" for name in sqlite_trigger_names()),
               f"DROP TABLE IF EXISTS {TABLE}")


# -- PostgreSQL --------------------------------------------------------------------------------

PG_CONFIGURATION = "ethics_desk_text"
"""The text search configuration: ``simple``'s words, ``unaccent`` first (lower case, no
diacritics, no stemming: a word is found as it was written, as on SQLite)."""
PG_FUNCTION_PREFIX = "ethics_desk_case_text_"
PG_INDEXES = ("ix_case_text_words", "ix_case_text_complaint_id")


def _pg_function(part: Part) -> str:
    entry = (f"INSERT INTO {TABLE} (id, complaint_id, part, body) "
             f"SELECT NEW.id::bigint * {ID_FACTOR} + {part.code}, "
             f"{part.complaint.format(row='NEW')}, '{part.name}', "
             f"{part.pg_body.format(row='NEW')} WHERE {part.pg_body.format(row='NEW')} <> '';")
    return (
        f"CREATE OR REPLACE FUNCTION {PG_FUNCTION_PREFIX}{part.name}() RETURNS trigger "
        "LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$\n"
        "BEGIN\n"
        "  IF TG_OP IN ('UPDATE', 'DELETE') THEN\n"
        f"    DELETE FROM {TABLE} WHERE id = OLD.id::bigint * {ID_FACTOR} + {part.code};\n"
        "  END IF;\n"
        "  IF TG_OP IN ('INSERT', 'UPDATE') THEN\n"
        f"    {entry}\n"
        "  END IF;\n"
        "  RETURN NULL;\n"
        "END $fn$")


def pg_trigger_names() -> tuple[tuple[str, str], ...]:
    """Each trigger's name and its table."""
    return tuple((f"{TABLE}_{part.name}", part.table) for part in PARTS)


def _pg_statements() -> tuple[str, ...]:
    statements = [
        "CREATE EXTENSION IF NOT EXISTS unaccent",
        "DO $do$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = "
        f"'{PG_CONFIGURATION}' AND cfgnamespace = current_schema()::regnamespace) THEN "
        f"CREATE TEXT SEARCH CONFIGURATION {PG_CONFIGURATION} (COPY = pg_catalog.simple); "
        f"ALTER TEXT SEARCH CONFIGURATION {PG_CONFIGURATION} ALTER MAPPING FOR "
        "word, hword, hword_part, asciiword, asciihword, hword_asciipart WITH unaccent, simple; "
        "END IF; END $do$",
        f"CREATE TABLE IF NOT EXISTS {TABLE} ("
        "id bigint PRIMARY KEY, "
        "complaint_id integer NOT NULL REFERENCES complaint (id) ON DELETE CASCADE, "
        "part text NOT NULL, body text NOT NULL, "
        f"words tsvector GENERATED ALWAYS AS (to_tsvector('{PG_CONFIGURATION}'::regconfig, "
        "body)) STORED)",
        f"CREATE INDEX IF NOT EXISTS {PG_INDEXES[0]} ON {TABLE} USING gin (words)",
        f"CREATE INDEX IF NOT EXISTS {PG_INDEXES[1]} ON {TABLE} (complaint_id)",
    ]
    for part in PARTS:
        trigger = f"{TABLE}_{part.name}"
        statements += [
            _pg_function(part),
            f"REVOKE ALL ON FUNCTION {PG_FUNCTION_PREFIX}{part.name}() FROM PUBLIC",
            f"DROP TRIGGER IF EXISTS {trigger} ON {part.table}",
            f"CREATE TRIGGER {trigger} AFTER INSERT OR DELETE OR UPDATE OF "
            f"{', '.join(part.columns)} ON {part.table} FOR EACH ROW EXECUTE FUNCTION "
            f"{PG_FUNCTION_PREFIX}{part.name}()",
        ]
    return tuple(statements)


POSTGRESQL_INDEX = _pg_statements()
"""PostgreSQL's index: ``unaccent`` (a trusted extension), the configuration, the table, its
GIN index, and a trigger on each of the five tables — each made only where it is missing, so
that a rebuild keeps the table's row-level security."""

POSTGRESQL_FILL = tuple(
    f"INSERT INTO {TABLE} (id, complaint_id, part, body) "
    f"SELECT r.id::bigint * {ID_FACTOR} + {part.code}, {part.complaint.format(row='r')}, "
    f"'{part.name}', {part.pg_body.format(row='r')} FROM {part.table} AS r "
    f"WHERE {part.pg_body.format(row='r')} <> ''" for part in PARTS)
"""Fill the (empty) index from the five tables."""

POSTGRESQL_EMPTY = f"DELETE FROM {TABLE}"

POSTGRESQL_DROP = (
    *(f"DROP TRIGGER IF EXISTS {name} ON {table}" for name, table in pg_trigger_names()),
    *(f"DROP FUNCTION IF EXISTS {PG_FUNCTION_PREFIX}{part.name}()" for part in PARTS),
    f"DROP TABLE IF EXISTS {TABLE}",
    f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {PG_CONFIGURATION}",
)
