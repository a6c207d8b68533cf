"""Consistent, verified copies of a SQLite database (before migrations, and ``ethics-desk backup``).

The copy is taken with SQLite's online backup API (a consistent snapshot even while other
workstations write), written beside the destination under a temporary name, checked
(``integrity_check``, foreign keys, the audit chain, the same rows in every table) and only then
renamed into place. A copy that fails a check is deleted and reported, never left looking good.
The copy is readable by the user who takes it only (mode 0600, or the user's own access list on
Windows: :mod:`ethics_desk.storage.private_files`), as every copy of a pending complaint must be
under § 2-83(h)(1).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from ethics_desk.core.clock import Clock, file_stamp
from ethics_desk.core.errors import StorageError
from ethics_desk.storage.private_files import create_private_file


@dataclass(frozen=True)
class BackupReport:
    """What was copied and checked."""

    path: Path
    tables: int
    rows: int
    size: int


def _table_counts(conn: sqlite3.Connection) -> dict[str, int]:
    names = [row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name")]
    return {name: conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in names}


def verify_sqlite_file(path: Path) -> list[str]:
    """Problems found in a SQLite file by ``integrity_check`` and ``foreign_key_check``."""
    problems: list[str] = []
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        result = [row[0] for row in conn.execute("PRAGMA integrity_check")]
        if result != ["ok"]:
            problems.extend(f"integrity: {line}" for line in result)
        for table, rowid, parent, _ in conn.execute("PRAGMA foreign_key_check"):
            problems.append(f"foreign key: {table} row {rowid} points to a missing {parent}")
    except sqlite3.DatabaseError as exc:
        problems.append(f"not a readable SQLite database: {exc}")
    finally:
        conn.close()
    return problems


def backup_sqlite(source: Path, dest: Path, *, clock: Clock) -> BackupReport:
    """Copy ``source`` to ``dest`` (a file, or a folder to put a file dated by ``clock`` in) and
    verify it."""
    if not source.exists():
        raise StorageError(f"There is no database at {source} to back up.",
                           "Check the path given with --db.")
    if dest.is_dir():
        stamp = file_stamp(clock)
        dest = dest / f"{source.stem}-{stamp}.sqlite"
    if dest.resolve() == source.resolve():
        raise StorageError("The backup would overwrite the database itself.",
                           "Choose another file or folder for the backup.")
    if dest.exists():
        raise StorageError(f"{dest} already exists; a backup never replaces a file.",
                           "Choose a new file name, or a folder to put a dated copy in.")
    if not dest.parent.exists():
        raise StorageError(f"The folder {dest.parent} does not exist.",
                           "Create it first, or choose another destination.")
    partial = dest.with_name(dest.name + ".partial")
    try:
        create_private_file(partial)  # § 2-83(h)(1): the copy is the user's only, from the start
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            dst = sqlite3.connect(partial)
            try:
                src.backup(dst)
                dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
                counts_copy = _table_counts(dst)
            finally:
                dst.close()
            counts_source = _table_counts(src)
        finally:
            src.close()
    except sqlite3.Error as exc:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise StorageError(f"The backup could not be written: {exc}.",
                           "Check that the destination has free space and that you may write "
                           "there.") from exc
    except OSError as exc:
        raise StorageError(f"The backup could not be written: {exc.strerror or exc}.",
                           "Check the destination folder and its free space.") from exc
    problems = verify_sqlite_file(partial)
    if counts_copy != counts_source:
        problems.append("the copy's row counts differ from the database's")
    if not problems:
        problems.extend(_audit_problems(partial))
    if problems:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise StorageError("The backup copy failed verification: " + "; ".join(problems) + ".",
                           "Nothing was kept; run “ethics-desk check” on the database.")
    os.replace(partial, dest)
    return BackupReport(path=dest, tables=len(counts_copy), rows=sum(counts_copy.values()),
                        size=dest.stat().st_size)


def _audit_problems(path: Path) -> list[str]:
    """The audit chain of a copy, verified through the ORM (imported late: heavy)."""
    from sqlalchemy import create_engine, inspect
    from sqlalchemy.orm import Session

    from ethics_desk.storage.audit import verify_chain

    engine = create_engine(f"sqlite:///file:{path}?mode=ro&uri=true")
    try:
        if "audit_record" not in inspect(engine).get_table_names():
            return []
        with Session(engine) as session:
            return [f"audit chain: {p.message}" for p in verify_chain(session)]
    finally:
        engine.dispose()
