"""The SQLite file itself, read without SQLAlchemy and without writing: its header, a read-only
connection, the checks of its pages, its schema's names, and why its folder cannot be written.

These are the ground the backups, the restore, the check and the refusal of a wrong target stand
on (:mod:`ethics_desk.maintenance.backup`, :mod:`ethics_desk.maintenance.restore`,
:mod:`ethics_desk.maintenance.integrity`, :mod:`ethics_desk.storage.write_targets`): every file is
opened with its path quoted into the URI (:func:`ethics_desk.storage.sqlite_uri.file_uri`), so a
folder named with ``#``, ``?``, ``%`` or a space is the folder read.

A long read of a file (the day's backup and its checks, seconds on a large file) can be asked to
stop: within :func:`stoppable`, every connection the thread opens here stops its statement once
the event is set (SQLite's progress handler), so a window that closes need not wait for it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from ethics_desk.storage.sqlite_uri import file_uri

BUSY_TIMEOUT_MS = 5000
"""How long a SQLite connection waits for another's lock before it reports the file busy (every
connection of the application: the desk's, the record anchor's and the check's read-only ones)."""

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""
WAL_VERSION_BYTE = 18
"""The header's byte that is 2 when the file is in WAL mode."""


READ_ONLY_ERRNOS = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})
"""The operating system's answers for a folder that cannot be written."""
FULL_ERRNOS = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)})
"""Its answers for a disk (or a user's quota) with no room left."""
PROBE_BYTES = 32768
"""What the probe of a folder writes: as much as SQLite's first ``-shm`` page."""

STOP_LOOK_STEPS = 10_000
"""How many of SQLite's virtual-machine steps a stoppable connection runs between looks at its
stop (a few milliseconds)."""

_stopping = threading.local()


@contextlib.contextmanager
def stoppable(stop: threading.Event | None) -> Iterator[None]:
    """Within it, every connection this thread opens through :func:`read_only` (or hands to
    :func:`stop_when_asked`) ends its statement with SQLite's "interrupted" once ``stop`` is
    set; None changes nothing. The caller tells a stopped read from a failed one by ``stop``."""
    before = getattr(_stopping, "event", None)
    _stopping.event = stop
    try:
        yield
    finally:
        _stopping.event = before


def stop_requested() -> bool:
    """Whether the stop of the enclosing :func:`stoppable` is set (a long run of checks looks
    between them, and skips what is left)."""
    stop: threading.Event | None = getattr(_stopping, "event", None)
    return stop is not None and stop.is_set()


def stop_when_asked(conn: sqlite3.Connection) -> sqlite3.Connection:
    """Have ``conn`` stop its statements once the stop of the enclosing :func:`stoppable` is
    set (nothing outside one); ``conn`` itself."""
    stop: threading.Event | None = getattr(_stopping, "event", None)
    if stop is not None:
        conn.set_progress_handler(lambda: 1 if stop.is_set() else 0, STOP_LOOK_STEPS)
    return conn


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


def page_problems(conn: sqlite3.Connection) -> list[str]:
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
    return stop_when_asked(conn)


def verify_sqlite_file(path: Path, **parameters: str) -> list[str]:
    """Problems found in a SQLite file by ``integrity_check`` and ``foreign_key_check``
    (``parameters``: further URI parameters, ``immutable="1"`` for a file on a read-only disk)."""
    try:
        conn = read_only(path, **parameters)
    except sqlite3.Error as exc:
        return [f"not a readable SQLite database: {exc}"]
    try:
        return page_problems(conn)
    except sqlite3.DatabaseError as exc:
        return [f"not a readable SQLite database: {exc}"]
    finally:
        conn.close()


def schema_names(path: Path, *, immutable: bool) -> set[str]:
    """The names of the tables, views, indexes and triggers in the SQLite file ``path`` (its
    write-ahead log included, unless ``immutable``), read without writing anything."""
    mode = "immutable=1" if immutable else "mode=ro"
    conn = sqlite3.connect(f"{path.absolute().as_uri()}?{mode}", uri=True)
    try:
        return {name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")}
    finally:
        conn.close()
