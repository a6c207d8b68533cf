"""Consistent, verified copies of a SQLite database (before migrations, and ``ethics-desk backup``).

The copy is taken with SQLite's online backup API from inside one read transaction on the
database: in that transaction — one snapshot, whatever other workstations commit meanwhile — the
rows of every table are counted, the audit chain's head (its last record) is read, the pages are
checked (``integrity_check``, foreign keys), and the backup API copies exactly those pages (it
reads through the transaction its connection already holds). The copy, written beside the
destination under a temporary name, must then show the same counts and head, pass the same
checks and verify its audit chain, and only then is it renamed into place. A copy that fails a
check is deleted and reported, never left looking good; a database that fails them itself is
reported as such (the copy would be as damaged as it is), and one that cannot be read because
its folder is read-only or its disk full is named so (:func:`unwritable`), never "damaged".

The file is opened through :func:`ethics_desk.storage.sqlite_uri.file_uri`, so a folder named
with ``#``, ``?``, ``%``, spaces or any other letter is the folder copied.

The copy is readable by the user who takes it only (mode 0600, or the user's own access list on
Windows: :mod:`ethics_desk.storage.private_files`), as every copy of a pending complaint must be
under § 2-83(h)(1).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ethics_desk.cases import search_index
from ethics_desk.core.clock import Clock, file_stamp
from ethics_desk.core.errors import StorageError
from ethics_desk.storage.private_files import create_private_file
from ethics_desk.storage.sqlite_uri import file_uri
from ethics_desk.storage.write_targets import refuse_record_target

BUSY_TIMEOUT_MS = 5000
"""How long the copy waits to begin while another workstation holds the file exclusively."""


@dataclass(frozen=True)
class Snapshot:
    """What one read transaction saw of a database: every table's rows and the chain's head."""

    counts: dict[str, int]
    head: tuple[int, str] | None
    """The last audit record's sequence number and hash (None: no audit record, or no table)."""


@dataclass(frozen=True)
class BackupReport:
    """What was copied and checked."""

    path: Path
    tables: int
    rows: int
    size: int
    head: tuple[int, str] | None = None
    """The audit chain's head in the copy, the same as the database's when it was taken."""


class SourceUnreadable(Exception):
    """The database to back up could not be read (its first read failed); ``args[0]`` is
    SQLite's error."""


READ_ONLY_ERRNOS = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})
"""The operating system's answers for a folder that cannot be written."""
FULL_ERRNOS = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)})
"""Its answers for a disk (or a user's quota) with no room left."""
PROBE_BYTES = 32768
"""What the probe of a folder writes: as much as SQLite's first ``-shm`` page."""


def unwritable(folder: Path) -> str | None:
    """In one line, why nothing can be written in ``folder`` — it is read-only, or its disk is
    full — as the operating system answers a small file made there (and removed); None when it
    can be written, or refuses for another reason."""
    try:
        handle, name = tempfile.mkstemp(prefix=".ethics-desk-probe-", dir=folder)
        try:
            os.write(handle, bytes(PROBE_BYTES))
            os.fsync(handle)
        finally:
            os.close(handle)
            with contextlib.suppress(OSError):
                os.unlink(name)
    except OSError as exc:
        if exc.errno in FULL_ERRNOS:
            return (f"the disk is full: nothing more can be written in {folder} "
                    f"({exc.strerror}), which does not make the database damaged")
        if exc.errno in READ_ONLY_ERRNOS:
            return (f"the folder is read-only: {folder} cannot be written ({exc.strerror}), "
                    "which does not make the database damaged")
    return None


def _read_snapshot(conn: sqlite3.Connection) -> Snapshot:
    """The counts and head seen by ``conn``'s current transaction (its first read starts it)."""
    names = [row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name") if not search_index.is_index_table(row[0])]
    counts = {name: conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]
              for name in names}
    head = None
    if "audit_record" in counts:
        row = conn.execute("SELECT seq, hash FROM audit_record ORDER BY seq DESC LIMIT 1")
        last = row.fetchone()
        head = (int(last[0]), str(last[1])) if last is not None else None
    return Snapshot(counts, head)


def _page_problems(conn: sqlite3.Connection) -> list[str]:
    """What ``integrity_check`` and ``foreign_key_check`` find, read through ``conn``."""
    problems: list[str] = []
    result = [row[0] for row in conn.execute("PRAGMA integrity_check")]
    if result != ["ok"]:
        problems.extend(f"integrity: {line}" for line in result)
    for table, rowid, parent, _ in conn.execute("PRAGMA foreign_key_check"):
        problems.append(f"foreign key: {table} row {rowid} points to a missing {parent}")
    return problems


def read_only(path: Path, **parameters: str) -> sqlite3.Connection:
    """A connection to the SQLite file ``path`` that cannot write to it (``mode=ro``), which
    begins no transaction of its own (``BEGIN`` is the caller's)."""
    conn = sqlite3.connect(file_uri(path, mode="ro", **parameters), uri=True,
                           isolation_level=None, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return conn


def verify_sqlite_file(path: Path, **parameters: str) -> list[str]:
    """Problems found in a SQLite file by ``integrity_check`` and ``foreign_key_check``
    (``parameters``: further URI parameters, ``immutable="1"`` for a file on a read-only disk)."""
    try:
        conn = read_only(path, **parameters)
    except sqlite3.Error as exc:
        return [f"not a readable SQLite database: {exc}"]
    try:
        return _page_problems(conn)
    except sqlite3.DatabaseError as exc:
        return [f"not a readable SQLite database: {exc}"]
    finally:
        conn.close()


def backup_sqlite(source: Path, dest: Path, *, clock: Clock) -> BackupReport:
    """Copy ``source`` to ``dest`` (a file, or a folder to put a file dated by ``clock`` in) and
    verify it against the snapshot it was copied from."""
    if not source.exists():
        raise StorageError(f"There is no database at {source} to back up.",
                           "Check the path given with --db.")
    if dest.is_dir():
        stamp = file_stamp(clock)
        dest = dest / f"{source.stem}-{stamp}.sqlite"
    refuse_record_target(dest, database=source)  # whatever the file: never over the record
    if dest.exists():
        raise StorageError(f"{dest} already exists; a backup never replaces a file.",
                           "Choose a new file name, or a folder to put a dated copy in.")
    if not dest.parent.exists():
        raise StorageError(f"The folder {dest.parent} does not exist.",
                           "Create it first, or choose another destination.")
    partial = dest.with_name(dest.name + ".partial")
    try:
        create_private_file(partial)  # § 2-83(h)(1): the copy is the user's only, from the start
        snapshot, damaged = _copy_one_snapshot(source, partial)
    except SourceUnreadable as exc:
        with contextlib.suppress(OSError):
            partial.unlink()
        reason = exc.args[0]
        why = unwritable(source.resolve().parent)
        if why is not None:
            raise StorageError(f"The database cannot be read for a backup here: {why}.",
                               "SQLite writes a small shared-memory file beside a database to "
                               "read it while others may write: back it up from an account that "
                               "may write in its folder, or when there is free space.") from reason
        raise StorageError(f"The database cannot be read for a backup: {reason}.",
                           "Run “ethics-desk check” on it; keep the file as it is.") from reason
    except sqlite3.Error as exc:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise StorageError(f"The backup could not be written: {exc}.",
                           "Check that the destination has free space and that you may write "
                           "there.") from exc
    except OSError as exc:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise StorageError(f"The backup could not be written: {exc.strerror or exc}.",
                           "Check the destination folder and its free space.") from exc
    if damaged:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise StorageError("The database itself fails its checks, so no backup was kept: "
                           + "; ".join(damaged[:3]) + ".",
                           "Run “ethics-desk check” on it and call IT; keep the file as it is.")
    problems = _copy_problems(partial, snapshot)
    if problems:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise StorageError("The backup copy failed verification: " + "; ".join(problems) + ".",
                           "Nothing was kept; run “ethics-desk check” on the database.")
    os.replace(partial, dest)
    return BackupReport(path=dest, tables=len(snapshot.counts), rows=sum(snapshot.counts.values()),
                        size=dest.stat().st_size, head=snapshot.head)


def _copy_one_snapshot(source: Path, partial: Path) -> tuple[Snapshot, list[str]]:
    """Copy ``source`` into ``partial`` from one read transaction, and what that transaction
    saw: the counts and head, and the pages' problems (a damaged database)."""
    try:
        src = read_only(source)
    except sqlite3.Error as exc:
        raise SourceUnreadable(exc) from exc
    try:
        src.execute("BEGIN")
        try:
            try:
                snapshot = _read_snapshot(src)  # the first read fixes the snapshot
            except sqlite3.Error as exc:
                raise SourceUnreadable(exc) from exc
            dst = sqlite3.connect(partial)
            try:
                src.backup(dst)  # through src's open transaction: the same snapshot
                dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
            finally:
                dst.close()
            damaged = _page_problems(src)
        finally:
            src.execute("ROLLBACK")
    finally:
        src.close()
    return snapshot, damaged


def _copy_problems(partial: Path, snapshot: Snapshot) -> list[str]:
    """What the copy shows that the snapshot it was taken from did not."""
    problems = verify_sqlite_file(partial)
    if problems:
        return problems
    conn = read_only(partial)
    try:
        copied = _read_snapshot(conn)
    finally:
        conn.close()
    if copied.counts != snapshot.counts:
        differ = sorted(set(copied.counts) ^ set(snapshot.counts)
                        | {n for n in snapshot.counts if snapshot.counts[n] != copied.counts.get(n)})
        problems.append("the copy's row counts differ from the database's in " + ", ".join(differ))
    if copied.head != snapshot.head:
        problems.append("the copy's audit chain ends elsewhere than the database's")
    return problems or _audit_problems(partial)


def _audit_problems(path: Path) -> list[str]:
    """The audit chain of a copy, verified through the ORM (imported late: heavy)."""
    from sqlalchemy import create_engine, inspect
    from sqlalchemy.orm import Session
    from sqlalchemy.pool import NullPool

    from ethics_desk.storage.audit import verify_chain

    engine = create_engine("sqlite://", creator=lambda: read_only(path), poolclass=NullPool)
    try:
        if "audit_record" not in inspect(engine).get_table_names():
            return []
        with Session(engine) as session:
            return [f"audit chain: {p.message}" for p in verify_chain(session)]
    finally:
        engine.dispose()
