"""Every record of one Ethics Desk database copied into another, new one, and proved equal.

Two uses, one code: ``ethics-desk migrate-to URL`` moves an office's SQLite file onto the
database server, and ``ethics-desk backup DEST.sqlite --db URL`` takes a server's records into
a SQLite file (the logical backup made before a server's schema is upgraded, and the copy IT
takes off-site).

The target must be new: a database with no tables at all (``createdb``), or a SQLite file that
does not exist yet. In one transaction the schema is created there at this version's revision
(its append-only audit trail included), every table is copied in the order of its references,
a server's id sequences are moved past the copied ids, and then, before anything is committed,
every table's row count is compared with the source, the audit chain is verified on both
sides and its head (the last record) must be the same. Any difference and nothing is kept.

The source is read in one transaction: on a server ``REPEATABLE READ, READ ONLY``, whose one
snapshot serves the copy, the counts, the chain and its head alike, so that a copy taken while
workstations write is the server as it was at one moment (and is not refused for rows committed
after it began).

Each step can be told as it starts (``progress``: ``ethics-desk migrate-to`` and a server's
``ethics-desk backup`` show it on one line of a terminal), each table copied by name and number.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import (
    CheckConstraint,
    Connection,
    Engine,
    Integer,
    MetaData,
    Table,
    func,
    inspect,
    select,
    text,
)
from sqlalchemy.orm import Session

from ethics_desk.core.errors import StorageError
from ethics_desk.storage import search_table
from ethics_desk.storage.addresses import describe, sqlite_path
from ethics_desk.storage.database import Database, make_engine, resolve_url
from ethics_desk.storage.journal import KEY_SETTING, KEY_TABLE, REDACTION_TABLE, UNJOURNALLED
from ethics_desk.storage.migrate import alembic_config, current_revision, head_revision
from ethics_desk.storage.write_targets import refuse_record_target

CHUNK = 1000
"""Rows read and written at a time (a table's attachments are not held in memory at once)."""


@dataclass(frozen=True)
class TransferReport:
    """What was copied, and to where."""

    target: str
    tables: int
    rows: int
    audit_records: int


def _model_tables() -> list[Table]:
    """The tables whose rows are copied: all but the journal, which the copy's own triggers
    write afresh, with the copy's own key, as each row arrives (the source's journal head is
    kept in the copy's settings, :data:`CARRIED_FROM`), and the vouchers of its redactions,
    which name the source's journal records and mean nothing beside the copy's."""
    from ethics_desk.models import Base

    return [t for t in Base.metadata.sorted_tables
            if t.name not in UNJOURNALLED and t.name != REDACTION_TABLE]


def _counts(conn: Connection | Session, tables: list[Table] | None = None) -> dict[str, int]:
    """Every table's rows (a SQLite database's record key setting aside: each database has
    its own, a server none)."""
    counts: dict[str, int] = {}
    for table in (tables if tables is not None else _model_tables()):
        query = select(func.count()).select_from(table)
        if table.name == "setting" and "key" in table.c:
            query = query.where(table.c.key != KEY_SETTING)
        counts[table.name] = int(conn.execute(query).scalar() or 0)
    return counts


def _refuse_unless_new(engine: Engine, where: str) -> None:
    tables = inspect(engine).get_table_names()
    if tables:
        raise StorageError(
            f"{where} is not empty ({len(tables)} tables); records are only ever copied into a "
            "new database, never over one.",
            "Create a new, empty database for the copy (for PostgreSQL: createdb), or choose "
            "a new file name.")


def _chain_problems(session: Session) -> list[str]:
    from ethics_desk.storage.audit import verify_chain

    return [problem.message for problem in verify_chain(session)]


def _copy_tables(source: Connection, target: Connection, tables: list[Table], *,
                 own_key: bool, progress: Callable[[str], None] | None = None) -> None:
    """Every row of ``tables`` from ``source`` into ``target``; with ``own_key`` the copy keeps
    the record key its own schema made (the source's key setting is not copied). ``progress``
    is told each table as its copy starts."""
    for number, table in enumerate(tables, start=1):
        if progress is not None:
            progress(f"copying {table_words(table.name)} ({number} of {len(tables)} tables)")
        order = list(table.primary_key.columns) or list(table.columns)
        query = select(table).order_by(*order)
        if own_key and table.name == "setting":
            query = query.where(table.c.key != KEY_SETTING)
        result = source.execution_options(yield_per=CHUNK).execute(query)
        for rows in result.mappings().partitions(CHUNK):
            target.execute(table.insert(), [dict(row) for row in rows])


def table_words(name: str) -> str:
    """A table's name as words ("audit_record": "audit record"); a table is no enum, whose
    values have labels of their own."""
    return " ".join(name.split("_"))


def _move_sequences(target: Connection) -> None:
    """On a server, the next id of every table comes after the copied ones."""
    from ethics_desk.models import Base

    if target.dialect.name != "postgresql":
        return
    for table in Base.metadata.sorted_tables:
        keys = list(table.primary_key.columns)
        if len(keys) != 1 or not isinstance(keys[0].type, Integer):
            continue
        sequence = target.execute(text("SELECT pg_get_serial_sequence(:t, :c)"),
                                  {"t": table.name, "c": keys[0].name}).scalar()
        if sequence:
            target.execute(text(f'SELECT setval(:s, coalesce((SELECT max("{keys[0].name}") '
                                f'FROM "{table.name}"), 0) + 1, false)'), {"s": sequence})


def _as_it_is(source: Connection) -> MetaData:
    """The source's own tables, as they are (an older schema too), in portable types: for the
    copy a server's records are kept in before IT upgrades them."""
    reflected = MetaData()
    reflected.reflect(bind=source)
    if KEY_TABLE in reflected.tables:  # the server's record key never leaves the server
        reflected.remove(reflected.tables[KEY_TABLE])
    for name in [name for name in reflected.tables if search_table.is_index_table(name)]:
        # the search indexes hold only what the records say, in types a file cannot hold (a
        # server's tsvector): a database made from the copy builds them again from its records
        reflected.remove(reflected.tables[name])
    for table in reflected.tables.values():
        table.constraints = {c for c in table.constraints if not isinstance(c, CheckConstraint)}
        # Only the unique indexes carry a rule; the others are for speed, and a server's own
        # (trigram GIN, DESC NULLS LAST) cannot be made in a file
        table.indexes = {index for index in table.indexes if index.unique}
        for column in table.columns:
            column.type = column.type.as_generic(allow_nulltype=True)
            column.server_default = None
    return reflected


def copy_records(source: Database, target_url: str | os.PathLike[str], *,
                 as_it_is: bool = False,
                 progress: Callable[[str], None] | None = None) -> TransferReport:
    """Copy every record of ``source`` into the new database ``target_url`` and prove it.

    ``as_it_is`` copies the source's schema whatever its revision (the tables reflected, not
    this version's), for the backup taken before an upgrade; otherwise the source must be at
    this version's revision and the copy is made in this version's schema. ``progress`` is
    told each step as it starts.
    """
    from alembic import command

    def told(step: str) -> None:
        if progress is not None:
            progress(step)

    url = resolve_url(target_url)
    where = describe(url)
    if url == source.url or (sqlite_path(url) is not None and sqlite_path(source.url) is not None
                             and sqlite_path(url) == sqlite_path(source.url)):
        raise StorageError("The copy would go into the database itself.",
                           "Name another database or file for the copy.")
    path = sqlite_path(url)
    if path is not None:
        refuse_record_target(path, database=sqlite_path(source.url))
    if path is not None and path.exists():
        raise StorageError(f"{path} already exists; a copy never replaces a file.",
                           "Choose a new file name.")
    if not as_it_is and current_revision(source.engine) != head_revision():
        raise StorageError(f"{source.description} is not at this version's schema; it cannot "
                           "be copied as it is.",
                           "Open it once with this version of Ethics Desk first (on a server: "
                           "ethics-desk server setup).")
    from ethics_desk.storage.server_roles import refuse_unless_the_owner

    refuse_unless_the_owner(source.engine, "a copy of the records reads")
    engine = make_engine(url)
    try:
        _refuse_unless_new(engine, where)
        with source.engine.connect() as reading, engine.begin() as writing:
            if reading.dialect.name == "postgresql":  # one consistent snapshot of the source
                reading.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, "
                                        "READ ONLY")
            told("creating the tables of the copy")
            if as_it_is:
                tables = _as_it_is(reading)
                tables.create_all(writing)
                ordered = list(tables.sorted_tables)
            else:
                config = alembic_config()
                config.attributes["connection"] = writing
                command.upgrade(config, "head")
                ordered = _model_tables()
            _copy_tables(reading, writing, ordered, own_key=not as_it_is, progress=progress)
            _move_sequences(writing)
            told("counting the rows on both sides")
            copied, kept = _counts(writing, ordered), _counts(reading, ordered)
            if copied != kept:
                differ = sorted(name for name in kept if kept[name] != copied.get(name))
                raise StorageError(f"The copy's rows differ from the source's in {', '.join(differ)}.",
                                   "Nothing was kept; run “ethics-desk check” on the source.")
            problems: list[str] = []
            told("verifying the audit chain on both sides")
            if current_revision(source.engine) == head_revision():  # the chain as this version reads it
                with Session(bind=reading) as looking, Session(bind=writing) as proving:
                    problems = ([f"source: {p}" for p in _chain_problems(looking)]
                                + [f"copy: {p}" for p in _chain_problems(proving)])
            if not problems and _head(reading, ordered) != _head(writing, ordered):
                problems = ["the copy's chain ends elsewhere than the source's"]
            if problems:
                raise StorageError("The audit chain does not verify: " + "; ".join(problems[:3])
                                   + ".", "Nothing was kept; run “ethics-desk check” on the "
                                          "source and call IT.")
    except BaseException:
        engine.dispose()
        if path is not None:
            for leftover in (path, path.with_name(path.name + "-wal"),
                             path.with_name(path.name + "-shm")):
                with contextlib.suppress(OSError):
                    leftover.unlink()
        raise
    engine.dispose()
    if path is not None:
        told("writing the copy as one file")
        _one_file(path)
    return TransferReport(target=where, tables=len(copied), rows=sum(copied.values()),
                          audit_records=copied.get("audit_record", 0))


def _head(conn: Connection, tables: list[Table]) -> tuple[int, str] | None:
    """The audit chain's last record (sequence number and hash) as ``conn`` sees it."""
    table = next((t for t in tables if t.name == "audit_record"), None)
    if table is None:
        return None
    last = conn.execute(select(table.c.seq, table.c.hash).order_by(table.c.seq.desc())
                        .limit(1)).first()
    return (int(last[0]), str(last[1])) if last is not None else None


def _one_file(path: Path) -> None:
    """A SQLite copy as one self-contained file (its write-ahead log folded in)."""
    import sqlite3

    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode = DELETE")
    finally:
        conn.close()
