"""Full-text search of the cases (issue 34): the text of every exhibit and issued paper, and an
index of every case's words.

Adds ``extracted_text`` and ``textless_pages`` to ``attachment`` and ``issued_document`` and
fills them by reading each stored document once (pypdf, page by page; a page without a text
layer is recorded by its number). Then builds the full-text index
(:mod:`ethics_desk.storage.full_text_table`) over the facts, the allegations, the notes and those
texts, with the triggers that keep it in every later transaction, and fills it: on SQLite an
FTS5 table, on PostgreSQL a table with a ``tsvector`` and ``unaccent``. The journal's triggers
are made again at the end for the new columns (:func:`ethics_desk.storage.journal.install`).

Self-contained: the text reading and the index's SQL are this revision's own copies, so that
later changes to the modules do not change what it did.

Revision ID: 0033
Revises: 0032
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0033"
down_revision = "0032"
branch_labels = None
depends_on = None

_DOCUMENTS = ("attachment", "issued_document")
_CHUNK = 200
_TABLE = "case_text"
_FACTOR = 8

# (code, part, table, columns watched, case id, SQLite body, PostgreSQL body) as of this revision
_PARTS = (
    (0, "facts", "complaint", ("facts",), "{r}.id", "coalesce({r}.facts, '')",
     "coalesce({r}.facts, '')"),
    (1, "allegation", "allegation", ("complaint_id", "description"), "{r}.complaint_id",
     "coalesce({r}.description, '')", "coalesce({r}.description, '')"),
    (2, "note", "case_note", ("complaint_id", "text"), "{r}.complaint_id",
     "coalesce({r}.text, '')", "coalesce({r}.text, '')"),
    (3, "exhibit", "attachment", ("complaint_id", "extracted_text"), "{r}.complaint_id",
     "coalesce({r}.extracted_text, '')", "coalesce({r}.extracted_text, '')"),
    (4, "paper", "issued_document", ("complaint_id", "extracted_text"), "{r}.complaint_id",
     "coalesce({r}.extracted_text, '')", "coalesce({r}.extracted_text, '')"),
)
_CONFIGURATION = "ethics_desk_text"


def _text_of(content: bytes | None, media_type: str, file_name: str) -> tuple[str, str]:
    """A stored document's text and its pages without text, as this revision reads them."""
    from io import BytesIO

    if not content:
        return "", ""
    kind, name = (media_type or "").lower(), (file_name or "").lower()
    if content[:5] == b"%PDF-" or kind == "application/pdf" or name.endswith(".pdf"):
        from pypdf import PdfReader

        try:
            reader = PdfReader(BytesIO(content), strict=False)
            count = len(reader.pages)
        except Exception:  # a damaged file: kept as filed, without text
            return "", ""
        pages: list[str] = []
        textless: list[str] = []
        for number in range(count):
            try:
                found = reader.pages[number].extract_text() or ""
            except Exception:
                found = ""
            if found.strip():
                pages.append(found)
            else:
                textless.append(str(number + 1))
        return "\n\n".join(pages).replace("\x00", " ")[:2_000_000], ", ".join(textless)
    if kind.startswith("image/"):
        return "", "1"
    if kind in ("text/plain", "text/csv", "text/markdown") \
            or name.endswith((".txt", ".csv", ".md")):
        return content.decode("utf-8", errors="replace").replace("\x00", " ")[:2_000_000], ""
    return "", ""


def _fill_texts(bind: sa.Connection) -> None:
    for table in _DOCUMENTS:
        name = "file_name" if table == "attachment" else "kind"
        media = "media_type" if table == "attachment" else "'application/pdf'"
        ids = list(bind.execute(sa.text(f"SELECT id FROM {table} ORDER BY id")).scalars())
        update = sa.text(f"UPDATE {table} SET extracted_text = :t, textless_pages = :p "
                         "WHERE id = :id")
        for start in range(0, len(ids), _CHUNK):
            chunk = ids[start:start + _CHUNK]
            rows = bind.execute(sa.text(f"SELECT id, content, {media}, {name} FROM {table} "
                                        "WHERE id IN :ids").bindparams(
                sa.bindparam("ids", expanding=True)), {"ids": chunk}).all()
            values = []
            for row_id, content, media_type, file_name in rows:
                found, textless = _text_of(bytes(content) if content is not None else None,
                                           str(media_type or ""), str(file_name or ""))
                if found or textless:
                    values.append({"id": row_id, "t": found, "p": textless})
            if values:
                bind.execute(update, values)


def _sqlite_index() -> list[str]:
    statements = [f"CREATE VIRTUAL TABLE {_TABLE} USING fts5(body, complaint_id UNINDEXED, "
                  "part UNINDEXED, tokenize='unicode61 remove_diacritics 2', prefix='2 3', "
                  "detail='full')"]
    for code, part, table, columns, case, body, _pg in _PARTS:
        def entry(r: str, code: int = code, part: str = part, case: str = case,
                  body: str = body) -> str:
            text = body.format(r=r)
            return (f"INSERT INTO {_TABLE}(rowid, body, complaint_id, part) SELECT "
                    f"{r}.id * {_FACTOR} + {code}, {text}, {case.format(r=r)}, '{part}' "
                    f"WHERE {text} <> ''; ")

        removal = f"DELETE FROM {_TABLE} WHERE rowid = old.id * {_FACTOR} + {code}; "
        name = f"{_TABLE}_{part}"
        statements += [
            f"CREATE TRIGGER {name}_insert AFTER INSERT ON {table} BEGIN {entry('new')}END",
            f"CREATE TRIGGER {name}_update AFTER UPDATE OF {', '.join(columns)} ON {table} "
            f"BEGIN {removal}{entry('new')}END",
            f"CREATE TRIGGER {name}_delete AFTER DELETE ON {table} BEGIN {removal}END",
            f"INSERT INTO {_TABLE}(rowid, body, complaint_id, part) SELECT "
            f"r.id * {_FACTOR} + {code}, {body.format(r='r')}, {case.format(r='r')}, "
            f"'{part}' FROM {table} AS r WHERE {body.format(r='r')} <> ''",
        ]
    return statements


def _pg_index() -> list[str]:
    statements = [
        "CREATE EXTENSION IF NOT EXISTS unaccent",
        f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {_CONFIGURATION}",
        f"CREATE TEXT SEARCH CONFIGURATION {_CONFIGURATION} (COPY = pg_catalog.simple)",
        f"ALTER TEXT SEARCH CONFIGURATION {_CONFIGURATION} ALTER MAPPING FOR "
        "word, hword, hword_part, asciiword, asciihword, hword_asciipart WITH unaccent, simple",
        f"CREATE TABLE IF NOT EXISTS {_TABLE} (id bigint PRIMARY KEY, "
        "complaint_id integer NOT NULL REFERENCES complaint (id) ON DELETE CASCADE, "
        "part text NOT NULL, body text NOT NULL, "
        f"words tsvector GENERATED ALWAYS AS (to_tsvector('{_CONFIGURATION}'::regconfig, "
        "body)) STORED)",
    ]
    for code, part, table, columns, case, _body, body in _PARTS:
        new = body.format(r="NEW")
        function = f"ethics_desk_case_text_{part}"
        statements += [
            f"CREATE OR REPLACE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql "
            "SECURITY DEFINER SET search_path = public, pg_temp AS $fn$\nBEGIN\n"
            "  IF TG_OP IN ('UPDATE', 'DELETE') THEN\n"
            f"    DELETE FROM {_TABLE} WHERE id = OLD.id::bigint * {_FACTOR} + {code};\n"
            "  END IF;\n  IF TG_OP IN ('INSERT', 'UPDATE') THEN\n"
            f"    INSERT INTO {_TABLE} (id, complaint_id, part, body) SELECT "
            f"NEW.id::bigint * {_FACTOR} + {code}, {case.format(r='NEW')}, '{part}', {new} "
            f"WHERE {new} <> '';\n  END IF;\n  RETURN NULL;\nEND $fn$",
            f"REVOKE ALL ON FUNCTION {function}() FROM PUBLIC",
            f"DROP TRIGGER IF EXISTS {_TABLE}_{part} ON {table}",
            f"CREATE TRIGGER {_TABLE}_{part} AFTER INSERT OR DELETE OR UPDATE OF "
            f"{', '.join(columns)} ON {table} FOR EACH ROW EXECUTE FUNCTION {function}()",
            f"INSERT INTO {_TABLE} (id, complaint_id, part, body) SELECT "
            f"r.id::bigint * {_FACTOR} + {code}, {case.format(r='r')}, '{part}', "
            f"{body.format(r='r')} FROM {table} AS r WHERE {body.format(r='r')} <> ''",
        ]
    statements += [
        f"CREATE INDEX IF NOT EXISTS ix_case_text_words ON {_TABLE} USING gin (words)",
        f"CREATE INDEX IF NOT EXISTS ix_case_text_complaint_id ON {_TABLE} (complaint_id)",
    ]
    return statements


def upgrade() -> None:
    """Add and fill the documents' text, build and fill the index, journal the new columns."""
    from ethics_desk.storage import journal

    bind = op.get_bind()
    for table in _DOCUMENTS:
        op.add_column(table, sa.Column("extracted_text", sa.Text(), nullable=False,
                                       server_default=""))
        op.add_column(table, sa.Column("textless_pages", sa.Text(), nullable=False,
                                       server_default=""))
    _fill_texts(bind)
    journal.install(bind)  # before the index: FTS5's own statements keep the connection busy
    for statement in (_sqlite_index() if bind.dialect.name == "sqlite" else _pg_index()):
        bind.exec_driver_sql(statement)


def downgrade() -> None:
    """Drop the index and the documents' text (searching reads numbers and names again)."""
    from ethics_desk.storage import journal

    bind = op.get_bind()
    if bind.dialect.name == "sqlite":
        for _code, part, _table, *_rest in _PARTS:
            for verb in ("insert", "update", "delete"):
                bind.exec_driver_sql(f"DROP TRIGGER IF EXISTS {_TABLE}_{part}_{verb}")
        bind.exec_driver_sql(f"DROP TABLE IF EXISTS {_TABLE}")
    else:
        for _code, part, table, *_rest in _PARTS:
            bind.exec_driver_sql(f"DROP TRIGGER IF EXISTS {_TABLE}_{part} ON {table}")
            bind.exec_driver_sql(f"DROP FUNCTION IF EXISTS ethics_desk_case_text_{part}()")
        bind.exec_driver_sql(f"DROP TABLE IF EXISTS {_TABLE}")
        bind.exec_driver_sql(f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {_CONFIGURATION}")
    for table in _DOCUMENTS:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("textless_pages")
            batch_op.drop_column("extracted_text")
    journal.install(bind)
