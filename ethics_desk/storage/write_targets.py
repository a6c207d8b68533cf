"""The files no paper, export, backup or key file may be written over: the record itself.

The record of every sworn complaint (§ 2-83) lives in one database file and the files SQLite
keeps beside it while it is open; the office's backups are the same kind of file, and the
record keys that seal its journal (:mod:`ethics_desk.storage.record_key`) live in a folder of
their own. Every place Ethics Desk writes a file the person named — a letter's, a Board
packet's or a disposal list's PDF (``--out``, the window's save dialog), a backup
(``ethics-desk backup``, the backup before a server's upgrade), an exported record key — asks
:func:`refuse_record_target` first, and the domain's writers ask again
(:func:`ethics_desk.storage.private_files.write_private`,
:func:`ethics_desk.maintenance.backup.backup_sqlite`,
:func:`ethics_desk.storage.record_key.export_key`,
:func:`ethics_desk.maintenance.transfer.copy_records`), so that no command, option or dialog can
replace the record with a PDF. ``--force`` replaces an ordinary file, never one of these:

* the database this process has open (:func:`remember_open_database`, told by
  :func:`ethics_desk.storage.database.make_engine`), the one ``ETHICS_DESK_DB`` names and the
  default one — compared by their resolved paths (symbolic links, ``..``, the case of a name on
  Windows) and, where both exist, as the same file on disk (a hard link);
* its companions — the ``-wal``, ``-shm`` and ``-journal`` files SQLite keeps beside it, and the
  ``-anchor`` that records the journal's head beside it — and a file named as the companion of
  any SQLite database beside it;
* any Ethics Desk database or backup, recognised by its content, read-only: a SQLite file with
  an ``alembic_version`` table (as :func:`ethics_desk.maintenance.opening.refuse_another_applications_file`
  reads a file), a SQLite file that cannot be read (a damaged database is kept as it is, for
  IT), and a SQLite write-ahead log;
* anything inside the record-key folder.

The same companions are never a database either: :func:`refuse_companion_as_database` refuses
``--db office.sqlite-wal``, so that an empty log is never made into a new database beside the
office's.

Nothing here imports Qt; a file's content is read as :mod:`ethics_desk.maintenance.opening` reads it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from pathlib import Path

from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.storage.location import key_folder

COMPANIONS = {
    "-wal": "write-ahead log",
    "-shm": "shared-memory index",
    "-journal": "rollback journal",
    "-anchor": "record anchor",
    "-queued": "queue of records waiting to be written",
    "-check-failed": "record of a failed check",
}
"""The files kept beside a SQLite database, by the ending of their names: SQLite's own
(:data:`ethics_desk.storage.private_files.DATABASE_COMPANIONS`), the anchor of its journal's
head (:data:`ethics_desk.storage.record_anchor.SUFFIX`), the records readers queued while
another desk wrote (:data:`ethics_desk.storage.queued_records.QUEUE_SUFFIX`) and the marker of
a failed check (:data:`ethics_desk.storage.read_only.CHECK_FAILED_SUFFIX`); a test holds the
names to those modules'."""
WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")
"""The first 4 bytes of a SQLite write-ahead log (either byte order of its checksums)."""
FIX = "Give another file name."
"""What to do instead, whatever the target was."""

_open: set[Path] = set()
_lock = threading.Lock()


def remember_open_database(path: Path) -> None:
    """Note that this process opens the SQLite file ``path``: no file is written over it or its
    companions while the process runs."""
    with _lock:
        _open.add(Path(os.path.abspath(path)))


def _known_databases(database: Path | None) -> list[Path]:
    """The databases this process has open, ``database``, the one named by ``ETHICS_DESK_DB``
    (or the machine-wide setting) and the default one."""
    from ethics_desk.storage.location import database_file, default_database_path

    with _lock:
        known = list(_open)
    if database is not None:
        known.append(database)
    for named in (database_file, default_database_path):
        try:
            path = named()
        except (OSError, RuntimeError, ValueError, UserError):  # a path that cannot be followed,
            continue  # a machine-wide setting IT must fix: opening says so
        if path is not None:
            known.append(path)
    return known


def _canonical(path: Path) -> str:
    """``path`` absolute, its links and ``..`` followed, in the case the system compares."""
    absolute = Path(os.path.abspath(path.expanduser()))
    with contextlib.suppress(OSError, RuntimeError):  # a loop of links: compared as written
        absolute = absolute.resolve()
    return os.path.normcase(str(absolute))


def same_file(one: Path, other: Path) -> bool:
    """Whether ``one`` and ``other`` name the same file: the same resolved path, or, where both
    exist, the same file on disk (a hard link, a name in another case on a disk that ignores
    it)."""
    if _canonical(one) == _canonical(other):
        return True
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):
        return False


def companion_of(path: Path) -> tuple[Path, str] | None:
    """The database ``path`` would be a companion of, by its name, and what such a companion
    is ("write-ahead log" …); None for any other name."""
    for ending, what in COMPANIONS.items():
        if path.name.endswith(ending) and len(path.name) > len(ending):
            return path.with_name(path.name[:-len(ending)]), what
    return None


def _header(path: Path) -> bytes:
    """The first bytes of the regular file ``path`` (empty for anything else)."""
    from ethics_desk.storage.sqlite_file import SQLITE_HEADER

    try:
        if not path.is_file():
            return b""
        with path.open("rb") as file:
            return file.read(len(SQLITE_HEADER))
    except OSError:
        return b""


def _is_sqlite(path: Path) -> bool:
    from ethics_desk.storage.sqlite_file import SQLITE_HEADER

    return _header(path) == SQLITE_HEADER


def _ethics_desk_content(path: Path) -> str | None:
    """What the existing file ``path`` is by its content, read-only, when it is part of a
    record: an Ethics Desk database or backup, a SQLite database that cannot be read, a
    write-ahead log; None for anything else."""
    header = _header(path)
    if header[:4] in WAL_MAGIC:
        return "a database's write-ahead log"
    from ethics_desk.storage.sqlite_file import SQLITE_HEADER, WAL_VERSION_BYTE, schema_names

    if header != SQLITE_HEADER:
        return None
    try:
        with path.open("rb") as file:
            wal_mode = file.read(WAL_VERSION_BYTE + 1)[WAL_VERSION_BYTE:] == b"\x02"
        names = schema_names(path, immutable=wal_mode and not path.with_name(
            path.name + "-wal").exists())
    except (OSError, sqlite3.Error):
        return "a database that cannot be read (it may be a damaged Ethics Desk database)"
    return "an Ethics Desk database or backup" if "alembic_version" in names else None


def refuse_key_folder(target: Path, *, fix: str = FIX) -> None:
    """Refuse ``target`` when it is the record-key folder or anything inside it."""
    folder = _canonical(key_folder())
    where = _canonical(target)
    if where == folder or where.startswith(folder.rstrip(os.sep) + os.sep):
        raise StorageError(f"{target} is in the folder that keeps the record keys; nothing "
                           "was written.", fix)


def refuse_record_target(target: Path, *, database: Path | None = None) -> None:
    """Refuse, with one sentence naming what it is, a file the person named for writing that
    is part of the record: the open database (or ``database``) and its companions, a companion
    of any database, an Ethics Desk database or backup, the record-key folder. Called before
    anything is written, whatever ``--force`` says; nothing is changed, the file is only read.
    """
    for known in _known_databases(database):
        if same_file(target, known):
            raise StorageError(f"{target} is the office's database; nothing was written.", FIX)
        for ending, what in COMPANIONS.items():
            if same_file(target, known.with_name(known.name + ending)):
                raise StorageError(f"{target} is the {what} of the office's database {known}; "
                                   "nothing was written.", FIX)
    companion = companion_of(target)
    if companion is not None and _is_sqlite(companion[0]):
        raise StorageError(f"{target} is the name of the {companion[1]} of the database "
                           f"{companion[0]}; nothing was written.", FIX)
    refuse_key_folder(target)
    content = _ethics_desk_content(target)
    if content is not None:
        raise StorageError(f"{target} is {content}; nothing was written.", FIX)


def refuse_companion_as_database(path: Path) -> None:
    """Refuse a database named as a companion of one (``--db office.sqlite-wal``): beside a
    database, or not a database itself, it would be made into a new one. An existing Ethics
    Desk database that happens to have such a name, alone, is opened as it is."""
    companion = companion_of(path)
    if companion is None:
        return
    base, what = companion
    if base.exists() or _ethics_desk_content(path) != "an Ethics Desk database or backup":
        raise StorageError(f"{path} is the name of the {what} kept beside the database "
                           f"{base.name}, not a database; nothing was opened.",
                           f"Give the database file itself (--db {base} or ETHICS_DESK_DB).")
