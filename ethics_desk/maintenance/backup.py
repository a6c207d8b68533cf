"""Consistent, verified copies of a SQLite database (before migrations, and ``ethics-desk backup``).

The copy is taken with SQLite's online backup API from inside one read transaction on the
database: in that transaction — one snapshot, whatever other workstations commit meanwhile — the
rows of every table are counted, the audit chain's head (its last record) is read, the pages are
checked (``integrity_check``, foreign keys), and the backup API copies exactly those pages (it
reads through the transaction its connection already holds). The copy, written beside the
destination under a temporary name, must then show the same counts and head, pass the same
checks and verify its audit chain, and then pass the very verification ``restore`` applies to a
backup (every check of ``ethics-desk check``), so that no copy is called verified here and refused
by a restore; only then is it renamed into place. A copy that fails a
check is deleted and reported, never left looking good; a database that fails them itself is
reported as such (the copy would be as damaged as it is), and one that cannot be read because
its folder is read-only or its disk full is named so (:func:`unwritable`), never "damaged".

The file is opened through :func:`ethics_desk.storage.sqlite_uri.file_uri`, so a folder named
with ``#``, ``?``, ``%``, spaces or any other letter is the folder copied.

A copy under way is the file ``DEST.partial`` (and, while SQLite writes it, its rollback
journal ``DEST.partial-journal``); a backup that fails removes both. One that was killed (the
power cut, the process ended) cannot: the next backup into the same folder removes what it left
(:func:`remove_leftovers`) — only a regular file named as Ethics Desk names a dated copy under
way (``…-YYYYMMDD-HHMMSS.sqlite.partial`` or ``….partial-journal``), holding what such a file
holds, and untouched for :data:`LEFTOVER_AGE`; nothing else in the folder is touched — and says
so (:attr:`BackupReport.removed`).

Each step of a copy can be told as it starts (``progress``: ``ethics-desk backup`` shows it on
one line of a terminal): counting the rows, the pages copied so far (the backup API copies
:data:`COPY_PAGES` pages at a time, all through the one read transaction, so the copy is still
one snapshot), the pages checked, the copy verified, and each check a restore applies.

A copy can be asked to stop (``stop``: the window closing while the day's copy is taken): every
read of it ends within moments (:func:`ethics_desk.storage.sqlite_file.stoppable`), the copy under
way is removed, and :class:`BackupStopped` says so — nothing half-made is kept, nothing is
recorded, and the database is as it was.

The copy is readable by the user who takes it only (mode 0600, or the user's own access list on
Windows: :mod:`ethics_desk.storage.private_files`), as every copy of a pending complaint must be
under § 2-83(h)(1).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sqlite3
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from ethics_desk.core.clock import Clock, file_stamp
from ethics_desk.core.errors import StorageError
from ethics_desk.storage import search_table
from ethics_desk.storage.private_files import create_private_file
from ethics_desk.storage.sqlite_file import (
    SQLITE_HEADER,
    page_problems,
    read_only,
    stop_when_asked,
    stoppable,
    unwritable,
    verify_sqlite_file,
)
from ethics_desk.storage.write_targets import refuse_record_target

log = logging.getLogger(__name__)

"""How long the copy waits to begin while another workstation holds the file exclusively."""
BACKED_UP = "export.backup"
"""The audit action of a backup taken by a person (``ethics-desk backup``): a copy of every
record, a read on record (:mod:`ethics_desk.storage.queued_records`), written before the copy
is made, so that the copy holds who took it."""
PARTIAL = ".partial"
"""What a copy under way is named: its destination's name and this."""
LEFTOVER = re.compile(r".+-[0-9]{8}-[0-9]{6}(?:-[0-9]+)?\.sqlite\.partial(?:-journal)?")
"""The name of a dated copy under way (``ethics-desk backup FOLDER``, the automatic daily and
before-migration copies, the copy a restore keeps), or of its rollback journal."""
LEFTOVER_AGE = timedelta(hours=1)
"""How long a copy under way must have been left untouched before another backup takes it for
the remains of a killed one (a copy being written or verified now is not)."""
JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")
"""The first eight bytes of a SQLite rollback journal (zeros once it is finished with)."""
COPY_PAGES = 1024
"""Pages the online backup API copies at a time between two words of progress (4 MiB with
SQLite's usual 4 KiB pages)."""
Progress = Callable[[str], None]
"""Told the step that runs now, in a few plain words ("verifying the copy")."""


def copy_pages(source: sqlite3.Connection, target: sqlite3.Connection, *, what: str,
               progress: Progress | None = None) -> None:
    """Every page of ``source``'s database into ``target``'s through SQLite's online backup API
    (through ``source``'s open transaction, when it has one: its one snapshot), ``progress``
    told "``what`` (N of M pages)" as the pages go."""
    if progress is None:
        source.backup(target)
        return
    progress(what)

    def copied(_status: int, remaining: int, total: int) -> None:
        progress(f"{what} ({total - remaining} of {total} pages)")

    source.backup(target, pages=COPY_PAGES, progress=copied)


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
    removed: tuple[Path, ...] = ()
    """What killed backups had left in the folder, removed before this copy was taken."""


class SourceUnreadable(Exception):
    """The database to back up could not be read (its first read failed); ``args[0]`` is
    SQLite's error."""


def _read_snapshot(conn: sqlite3.Connection) -> Snapshot:
    """The counts and head seen by ``conn``'s current transaction (its first read starts it)."""
    names = [row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name") if not search_table.is_index_table(row[0])]
    counts = {name: conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]
              for name in names}
    head = None
    if "audit_record" in counts:
        row = conn.execute("SELECT seq, hash FROM audit_record ORDER BY seq DESC LIMIT 1")
        last = row.fetchone()
        head = (int(last[0]), str(last[1])) if last is not None else None
    return Snapshot(counts, head)


def _partial_files(partial: Path) -> tuple[Path, Path]:
    """A copy under way: the file, and SQLite's rollback journal beside it."""
    return partial, partial.with_name(partial.name + "-journal")


def remove_partial(partial: Path) -> None:
    """Remove a copy under way that failed, and its journal (as far as they can be)."""
    for path in _partial_files(partial):
        with contextlib.suppress(OSError):
            path.unlink()


def _holds_a_copy_under_way(path: Path) -> bool:
    """Whether ``path`` begins as a copy under way does: empty, a SQLite database, or (its
    ``-journal``) a rollback journal."""
    with path.open("rb") as file:
        head = file.read(len(SQLITE_HEADER))
    if not head:
        return True
    if path.name.endswith("-journal"):
        return head[:len(JOURNAL_MAGIC)] in (JOURNAL_MAGIC, bytes(len(JOURNAL_MAGIC)))
    return head == SQLITE_HEADER


def remove_leftovers(folder: Path, *, clock: Clock) -> list[Path]:
    """Remove from ``folder`` what killed backups left there, and return it: each regular file
    (not a link) named as a dated copy under way is (:data:`LEFTOVER`), that holds what such a
    file holds and has not been written for :data:`LEFTOVER_AGE` by ``clock``. Nothing else is
    touched; a file that cannot be removed is logged and left."""
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return []
    before = (clock() - LEFTOVER_AGE).timestamp()
    removed = []
    for entry in entries:
        if LEFTOVER.fullmatch(entry.name) is None:
            continue
        try:
            found = entry.lstat()
            if not stat.S_ISREG(found.st_mode) or found.st_mtime > before \
                    or not _holds_a_copy_under_way(entry):
                continue
            entry.unlink()
        except OSError as exc:
            log.warning("could not remove %s, left by an interrupted backup: %s", entry, exc)
            continue
        log.info("removed %s, left by an interrupted backup", entry)
        removed.append(entry)
    return removed


class BackupStopped(Exception):
    """The copy was stopped when asked, before it was verified: nothing of it was kept."""


def backup_sqlite(source: Path, dest: Path, *, clock: Clock,
                  stop: threading.Event | None = None,
                  progress: Progress | None = None) -> BackupReport:
    """Copy ``source`` to ``dest`` (a file, or a folder to put a file dated by ``clock`` in) and
    verify it against the snapshot it was copied from; :class:`BackupStopped` once ``stop`` is
    set (the copy under way removed). ``progress`` is told each step as it starts."""
    with stoppable(stop):
        try:
            report = _backup_sqlite(source, dest, clock=clock, stop=stop, progress=progress)
        except StorageError:
            if stop is not None and stop.is_set():  # its reads were interrupted: no finding
                raise BackupStopped() from None
            raise
    return report


def _backup_sqlite(source: Path, dest: Path, *, clock: Clock,
                   stop: threading.Event | None, progress: Progress | None) -> BackupReport:
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
    partial = dest.with_name(dest.name + PARTIAL)
    removed = tuple(remove_leftovers(dest.parent, clock=clock))
    remove_partial(partial)  # a killed copy to this very name: never its journal in this one
    try:
        create_private_file(partial)  # § 2-83(h)(1): the copy is the user's only, from the start
        snapshot, damaged = _copy_one_snapshot(source, partial, progress)
    except SourceUnreadable as exc:
        remove_partial(partial)
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
        remove_partial(partial)
        raise StorageError(f"The backup could not be written: {exc}.",
                           "Check that the destination has free space and that you may write "
                           "there.") from exc
    except OSError as exc:
        remove_partial(partial)
        raise StorageError(f"The backup could not be written: {exc.strerror or exc}.",
                           "Check the destination folder and its free space.") from exc
    if damaged:
        remove_partial(partial)
        raise StorageError("The database itself fails its checks, so no backup was kept: "
                           + "; ".join(damaged[:3]) + ".",
                           "Run “ethics-desk check” on it and call IT; keep the file as it is.")
    if stop is not None and stop.is_set():
        remove_partial(partial)
        raise BackupStopped()
    if progress is not None:
        progress("verifying the copy")
    problems = _copy_problems(partial, snapshot)
    if problems:
        remove_partial(partial)
        raise StorageError("The backup copy failed verification: " + "; ".join(problems) + ".",
                           "Nothing was kept; run “ethics-desk check” on the database.")
    if stop is not None and stop.is_set():
        remove_partial(partial)
        raise BackupStopped()
    refusals = _restore_refusals(partial, progress)
    if refusals:
        remove_partial(partial)
        raise StorageError("The database itself fails checks that a restore applies, so no "
                           "backup was kept (a restore would refuse it): "
                           + "; ".join(refusals[:3]) + ("; …" if len(refusals) > 3 else "") + ".",
                           "Run “ethics-desk check” on it and call IT; keep the file as it is.")
    if stop is not None and stop.is_set():  # a check cut short may have found nothing
        remove_partial(partial)
        raise BackupStopped()
    try:
        os.replace(partial, dest)
    except OSError as exc:
        remove_partial(partial)
        raise StorageError(f"The backup could not be put in place: {exc.strerror or exc}.",
                           "Check the destination folder and its free space.") from exc
    return BackupReport(path=dest, tables=len(snapshot.counts), rows=sum(snapshot.counts.values()),
                        size=dest.stat().st_size, head=snapshot.head, removed=removed)


def _copy_one_snapshot(source: Path, partial: Path,
                       progress: Progress | None = None) -> tuple[Snapshot, list[str]]:
    """Copy ``source`` into ``partial`` from one read transaction, and what that transaction
    saw: the counts and head, and the pages' problems (a damaged database)."""
    try:
        src = read_only(source)
    except sqlite3.Error as exc:
        raise SourceUnreadable(exc) from exc
    try:
        src.execute("BEGIN")
        try:
            if progress is not None:
                progress("counting the database's rows")
            try:
                snapshot = _read_snapshot(src)  # the first read fixes the snapshot
            except sqlite3.Error as exc:
                raise SourceUnreadable(exc) from exc
            dst = stop_when_asked(sqlite3.connect(partial))
            try:
                # through src's open transaction: the same snapshot, step after step
                copy_pages(src, dst, what="copying the database", progress=progress)
                dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
            finally:
                dst.close()
            if progress is not None:
                progress("checking the database's pages")
            damaged = page_problems(src)
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


def _restore_refusals(path: Path, progress: Progress | None = None) -> list[str]:
    """What would keep a restore from taking the copy at ``path``: the very verification
    ``restore`` applies (:func:`ethics_desk.maintenance.restore.describe_backup`, every check of
    ``ethics-desk check``), so that no copy is called verified here and refused there. The
    copy already holds the snapshot's pages, counts and chains, so what fails here fails in
    the database itself."""
    from ethics_desk.maintenance.backup_description import describe_backup

    def checking(step: str) -> None:
        if progress is not None:
            progress(f"checking the copy as a restore would: {step}")

    try:
        return describe_backup(path, progress=checking if progress is not None else None).problems
    except StorageError as exc:
        return [exc.problem]


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
