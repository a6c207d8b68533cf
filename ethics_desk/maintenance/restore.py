"""``ethics-desk restore`` and File → Restore a backup…: putting a backup back.

What a backup holds, and whether it verifies, is
:func:`ethics_desk.maintenance.backup_description.describe_backup`'s.
:func:`restore_backup` puts a backup that verifies in place of the database:

1. it takes SQLite's exclusive lock on the database (``locking_mode = EXCLUSIVE``, then
   ``BEGIN EXCLUSIVE``): a database another program has open — Ethics Desk on this computer,
   another window, a SQLite tool — is refused, nothing changed;
2. under that lock, the database as it is, its write-ahead log included, is copied beside it
   as ``NAME.before-restore-STAMP.sqlite`` with SQLite's online backup API, and the copy is
   verified to hold the same rows and the same audit head;
3. the backup is written into the database through the same API, into the locked connection
   (so the ``-wal`` and ``-shm`` stay SQLite's own: a stale log beside the file can never be
   replayed over the backup, as it was when a backup was copied over the file by hand), the log
   is folded into the file (``wal_checkpoint(TRUNCATE)``), and the rows and head are compared
   with the backup's; the record anchor beside the file is set to the restored journal's head
   (:func:`ethics_desk.storage.record_anchor.reset`: a restore is not a loss of acts, and a
   database that had lost acts takes writes again); the lock is then released;
4. the database is opened as the application opens it — a backup of an older schema revision
   is upgraded there, after a verified copy of the restored file, as opening any older file
   is (:func:`ethics_desk.maintenance.opening.open_database`) — and
   :func:`~ethics_desk.maintenance.integrity.run_checks` must then hold on it; if a check fails,
   the kept copy is put back the same way and the user is told so;
   (the record of a failed check beside the database, which opened it read-only, is removed
   when the backup is in place, and put back with the kept copy:
   :mod:`ethics_desk.storage.read_only`);
5. one audit record, ``database.restore``, names who restored which backup (its file name),
   its audit head and its counts, through the normal write path (:meth:`Database.write`).

Each of these steps can be told as it starts (``progress``: ``ethics-desk restore`` shows it on
one line of a terminal), the pages copied so far and each check by name included.

The restored database is as private as the file it went into (§ 2-83(h)(1)), and so is the
kept copy (:mod:`ethics_desk.storage.private_files`). A database server is not restored here:
see :data:`SERVER_REFUSAL`.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ethics_desk.core.clock import Clock, file_stamp
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.maintenance.backup import Progress, copy_pages, remove_partial
from ethics_desk.maintenance.backup_description import (
    BackupDescription,
    counts_and_head,
    describe_backup,
    local_words,
    reading_parameters,
)
from ethics_desk.office.settings import time_zone
from ethics_desk.storage import record_anchor
from ethics_desk.storage.backup_files import RESTORED
from ethics_desk.storage.migrate import head_revision
from ethics_desk.storage.private_files import create_private_file
from ethics_desk.storage.read_only import clear_failed_check, put_back_failed_check
from ethics_desk.storage.sqlite_file import SQLITE_HEADER, read_only
from ethics_desk.storage.sqlite_uri import file_uri

LOCK_WAIT_MS = 2000
"""How long the restore waits for another program to let go of the database before refusing."""

SERVER_REFUSAL = StorageError(
    "A database server is not restored by Ethics Desk: IT restores the office's server from its "
    "own dumps (pg_restore).",
    "To put a SQLite backup on a server, restore it into a new file first (ethics-desk restore "
    "BACKUP --db NEW.sqlite), then move that into a new, empty server database with "
    "“ethics-desk migrate-to URL --db NEW.sqlite”.")
"""What restoring over a ``--db postgresql+psycopg://…`` says."""

BUSY_FIX = ("Close Ethics Desk on this computer first (every window of it), and any program that "
            "has the file open, then restore again; nothing was changed.")


@dataclass(frozen=True)
class RestoreReport:
    """What a restore did."""

    target: Path
    backup: Path
    kept: Path | None
    """The database as it was before the restore (None: there was none)."""
    counts: dict[str, int]
    """Rows per table of the restored database, its restore record included."""
    head: tuple[int, str]
    """The audit chain's head after the restore record."""
    upgraded_from: str | None = None
    """The backup's older schema revision, when the restore upgraded it."""

    def lines(self) -> list[str]:
        """The report in readable lines."""
        lines = [f"Restored {self.backup.name} into {self.target}: "
                 f"{len(self.counts)} tables, {sum(self.counts.values())} rows "
                 f"({self.counts.get('audit_record', 0)} audit records, the last of them this "
                 "restore); every check holds."]
        if self.upgraded_from is not None:
            lines.append(f"The backup's schema revision {self.upgraded_from} was upgraded to "
                         f"{head_revision()} after a verified copy of it, beside the database.")
        if self.kept is not None:
            lines.append(f"The database as it was is kept in {self.kept}.")
        return lines


def restore_backup(backup: str | os.PathLike[str], target: str | os.PathLike[str], *,
                   clock: Clock, actor: str, progress: Progress | None = None) -> RestoreReport:
    """Put the backup at ``backup`` in place of the SQLite database ``target`` (see the module),
    keeping the database as it was beside it; ``actor`` names who restores it in the audit
    record, stamped by ``clock``. A ``target`` that does not exist is made from the backup.
    ``progress`` is told each step as it starts."""
    def told(step: str) -> None:
        if progress is not None:
            progress(step)

    description = describe_backup(backup, progress=_within(progress, "checking the backup"))
    refusal = description.refusal()
    if refusal is not None:
        raise refusal
    source = description.path
    place = restore_target(Path(target))
    if place == source:
        raise StorageError(f"{source} is the database itself; it cannot be restored over itself.",
                           "Choose a backup file, not the database.")
    existed = place.exists()
    new = not existed or place.stat().st_size == 0
    try:
        told("taking the database for the restore")
        with _exclusively(place, new=new) as conn:
            kept = None if new else _keep(conn, place, clock, progress)
            _write(source, conn, expected=(description.counts, description.head), undo=kept,
                   progress=progress)
            anchored = record_anchor.reset(place, conn)  # the restored head: no acts "lost"
    except BaseException:
        if not existed:
            _remove(place)
        raise
    # The file that failed its check is replaced: the restored one is checked below, and the
    # record of the failure comes back only if the database as it was is put back.
    failed_check = clear_failed_check(place)
    try:
        counts, head = _opened_checked_and_recorded(place, description, clock=clock,
                                                    actor=actor, kept=kept, progress=progress)
    except Exception as failure:
        told("putting the database as it was back")
        put_back_failed_check(place, failed_check)
        undone = _undo(place, kept, removing=not existed)
        record_anchor.put_back(place, anchored)
        if not isinstance(failure, UserError):
            raise  # a bug, reported as one; the database is back as it was
        raise StorageError(f"The restored database did not hold ({failure.problem}); {undone}.",
                           "Choose another backup; keep this one as it is for IT.") from failure
    return RestoreReport(target=place, backup=source, kept=kept, counts=counts, head=head,
                         upgraded_from=description.revision if description.older else None)


def _within(progress: Progress | None, doing: str) -> Progress | None:
    """``progress`` told the steps of a part of the restore as "``doing``: step"."""
    if progress is None:
        return None
    return lambda step: progress(f"{doing}: {step}")


def restore_target(target: Path) -> Path:
    """The database file to restore into, made absolute: a file (or nothing yet) in a folder
    that exists, an Ethics Desk database or a new file — never another program's file, nor a
    file that is not SQLite (a :class:`StorageError` names it, nothing changed)."""
    from ethics_desk.maintenance.opening import refuse_another_applications_file
    from ethics_desk.storage.network_share import network_share

    shared = network_share(target)
    if shared is not None:
        raise StorageError(f"The database file {target} is on {shared}: SQLite cannot keep a "
                           "file safe there, so nothing is restored into it.",
                           "Restore into a file on this computer's own disk (--db PATH).")
    try:
        place = target.expanduser().resolve()
    except (OSError, RuntimeError) as exc:
        raise StorageError(f"The database path “{target}” cannot be followed: {exc}.",
                           "Give the path of the database file as it is (--db PATH).") from exc
    if place.is_dir():
        raise StorageError(f"{place} is a folder, not a database file.",
                           "Give the path of the database file (--db FOLDER/FILE.sqlite).")
    if not place.parent.is_dir():
        raise StorageError(f"There is no folder {place.parent} for the database.",
                           "Create the folder first, or give a path in an existing folder.")
    if place.is_file() and place.stat().st_size:
        with place.open("rb") as file:
            if file.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
                raise StorageError(
                    f"{place} is not a SQLite database (it is damaged, or another program's "
                    "file), so the restore does not write over it; nothing was changed.",
                    "Move the file aside (keep it for IT), then restore again: the backup then "
                    "becomes a new database in its place.")
        refuse_another_applications_file(place)
    return place


@contextlib.contextmanager
def _exclusively(place: Path, *, new: bool) -> Iterator[sqlite3.Connection]:
    """A connection holding SQLite's exclusive lock on ``place`` until it is closed: no other
    connection reads or writes the database meanwhile. Another program that has it open is
    refused, in words, before anything changes."""
    if new:
        with contextlib.suppress(FileExistsError):
            create_private_file(place)  # § 2-83(h)(1): private before SQLite writes a page
    try:
        conn = sqlite3.connect(file_uri(place, mode="rw"), uri=True, isolation_level=None,
                               check_same_thread=False)
    except sqlite3.Error as exc:
        raise StorageError(f"The database {place} cannot be opened for the restore: {exc}.",
                           "Check that you may read and write the file and its folder.") from exc
    try:
        try:
            conn.execute(f"PRAGMA busy_timeout = {LOCK_WAIT_MS}")
            conn.execute("PRAGMA locking_mode = EXCLUSIVE")
            conn.execute("BEGIN EXCLUSIVE")
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # takes the lock
            conn.execute("COMMIT")  # the lock stays: exclusive locking mode keeps it
        except sqlite3.OperationalError as exc:
            text = str(exc).lower()
            if "locked" in text or "busy" in text:
                raise StorageError(f"The database {place} is open in another program (Ethics "
                                   "Desk on this computer or another window of it, or a tool), "
                                   "so it was not restored.", BUSY_FIX) from exc
            if "readonly" in text or "read-only" in text:
                raise StorageError(f"The database {place} is read-only here, so it was not "
                                   "restored.", "Ask IT for write permission on the file and its "
                                   "folder; nothing was changed.") from exc
            raise StorageError(f"The database {place} cannot be locked for the restore: {exc}.",
                               "Run “ethics-desk check” on it; nothing was changed.") from exc
        except sqlite3.DatabaseError as exc:
            raise StorageError(f"The database {place} cannot be read for the restore: {exc}.",
                               "Move the file aside (keep it for IT), then restore again: the "
                               "backup then becomes a new database in its place.") from exc
        yield conn
    finally:
        conn.close()


def _kept_name(place: Path, clock: Clock) -> Path:
    """``NAME.before-restore-STAMP.sqlite`` beside ``place``, numbered if taken already."""
    stamp = file_stamp(clock)
    candidate = place.with_name(f"{place.stem}.before-restore-{stamp}.sqlite")
    number = 2
    while candidate.exists() or candidate.with_name(candidate.name + ".partial").exists():
        candidate = place.with_name(f"{place.stem}.before-restore-{stamp}-{number}.sqlite")
        number += 1
    return candidate


def _keep(conn: sqlite3.Connection, place: Path, clock: Clock,
          progress: Progress | None = None) -> Path:
    """The locked database as it is (its log included) copied beside it, verified to hold the
    same rows and audit head; a database so damaged that its rows cannot be counted is copied
    page by page as it is."""
    kept = _kept_name(place, clock)
    partial = kept.with_name(kept.name + ".partial")
    try:
        before: tuple[dict[str, int], tuple[int, str] | None] | None = counts_and_head(conn)
    except sqlite3.DatabaseError:
        before = None  # damaged: kept as it is, for IT
    try:
        create_private_file(partial)  # § 2-83(h)(1): the copy is the user's only, from the start
        dst = sqlite3.connect(partial)
        try:
            copy_pages(conn, dst, what="copying the database as it is aside", progress=progress)
            dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        finally:
            dst.close()
        if before is not None:
            if progress is not None:
                progress("verifying the copy of the database as it is")
            copy = read_only(partial)
            try:
                if counts_and_head(copy) != before:
                    raise StorageError("The copy of the database as it was does not hold the "
                                       "same records, so nothing was restored.",
                                       "Check the disk's free space, then restore again.")
            finally:
                copy.close()
    except (sqlite3.Error, OSError) as exc:
        remove_partial(partial)
        raise StorageError(f"The database as it is could not be copied aside before the restore "
                           f"({exc}), so nothing was restored.",
                           "Check the folder's free space and that you may write there; a file "
                           "too damaged to copy can be moved aside by hand (keep it for IT), "
                           "then the backup restored into its place.") from exc
    except StorageError:
        remove_partial(partial)
        raise
    os.replace(partial, kept)
    return kept


def _write(source: Path, conn: sqlite3.Connection, *,
           expected: tuple[dict[str, int], tuple[int, str] | None], undo: Path | None,
           progress: Progress | None = None) -> None:
    """Write the SQLite file ``source`` into the locked database through the online backup
    API, fold the log into the file, and compare its rows and head with ``expected``; on any
    failure the kept copy ``undo`` is written back the same way (a new database is emptied)."""
    try:
        _copy_into(source, conn, progress)
        if progress is not None:
            progress("verifying the restored records")
        if counts_and_head(conn) != expected:
            raise StorageError("The restored database does not hold the backup's records.",
                               "Check the disk's free space, then restore again.")
    except (sqlite3.Error, StorageError) as exc:
        undone = _put_back(conn, undo)
        reason = exc.problem if isinstance(exc, StorageError) else str(exc)
        raise StorageError(f"The backup could not be written into the database ({reason}); "
                           f"{undone}.", "Check the disk's free space and that you may write "
                                         "there, then restore again.") from exc


def _copy_into(source: Path, conn: sqlite3.Connection,
               progress: Progress | None = None) -> None:
    """The pages of ``source`` into ``conn``'s database (backup API), the log then folded."""
    src = read_only(source, **reading_parameters(source))
    try:
        src.execute("BEGIN")  # one snapshot of the backup
        try:
            copy_pages(src, conn, what="writing the backup into the database", progress=progress)
        finally:
            src.execute("ROLLBACK")
    finally:
        src.close()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()


def _put_back(conn: sqlite3.Connection, kept: Path | None) -> str:
    """Write the kept copy back into the locked database; what was done, in words."""
    if kept is None:
        with contextlib.suppress(sqlite3.Error):
            empty = sqlite3.connect(":memory:")
            try:
                empty.backup(conn)
            finally:
                empty.close()
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        return "the new database was left empty"
    try:
        _copy_into(kept, conn)
    except sqlite3.Error as exc:
        return (f"and putting the database as it was back failed too ({exc}): it is kept, "
                f"whole, in {kept}; call IT before using the database")
    return f"the database as it was has been put back from {kept.name}"


def _remove(place: Path) -> None:
    """Remove a database file the restore made, and its companions."""
    for leftover in (place, place.with_name(place.name + "-wal"),
                     place.with_name(place.name + "-shm")):
        with contextlib.suppress(OSError):
            leftover.unlink()


def _undo(place: Path, kept: Path | None, *, removing: bool) -> str:
    """After a restored database failed its opening, its checks or its record: the kept copy
    put back under the exclusive lock again (a file the restore made is removed), in words."""
    if kept is None:
        if removing:
            _remove(place)
            return "the new file was removed"
        try:
            with _exclusively(place, new=False) as conn:
                return _put_back(conn, None)
        except StorageError as again:
            return f"and it could not be emptied again ({again.problem})"
    try:
        with _exclusively(place, new=False) as conn:
            return _put_back(conn, kept)
    except StorageError as again:
        return (f"and the database as it was could not be put back ({again.problem}): it is "
                f"kept, whole, in {kept}; call IT before using the database")


def _opened_checked_and_recorded(place: Path, description: BackupDescription, *, clock: Clock,
                                 actor: str, kept: Path | None,
                                 progress: Progress | None = None,
                                 ) -> tuple[dict[str, int], tuple[int, str]]:
    """Open the restored database as the application does (an older revision is upgraded
    then, after a verified copy), run every check on it, and append the restore's audit
    record; its rows and head afterwards."""
    from sqlalchemy.engine import URL
    from sqlalchemy.orm import Session

    from ethics_desk.maintenance.integrity import run_checks
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage import audit

    if progress is not None:
        progress("opening the restored database")
    database = open_database(place, clock=clock, create=False)
    try:
        failed = [check for check in run_checks(
                      URL.create("sqlite", database=str(place)), from_backups=False,
                      progress=_within(progress, "checking the restored database"))
                  if not check.ok]
        if failed:
            raise StorageError("its checks failed: " + "; ".join(
                f"{check.name}: {'; '.join(check.details[:2])}" for check in failed[:3]))
        head = description.head
        taken = description.taken_at

        def record(session: Session) -> tuple[int, str]:
            written = audit.append(
                session, actor=actor, action=RESTORED, at=clock(),
                summary=(f"Restored the database from the backup {description.path.name}"
                         + (f" (newest record of {local_words(taken, time_zone(session))})"
                            if taken else "")
                         + f": {description.cases} case(s), {description.audit_records} audit "
                           "record(s)"
                         + (f"; the database as it was is kept as {kept.name}" if kept else "")),
                detail={"backup": description.path.name,
                        "backup_head": {"seq": head[0], "hash": head[1]} if head else None,
                        "counts": description.counts,
                        "revision": description.revision,
                        "upgraded": description.older,
                        "kept": kept.name if kept else None})
            return written.seq, written.hash

        if progress is not None:
            progress("recording the restore")
        new_head = database.write(record)
        raw = database.engine.raw_connection()
        try:
            counts, _ = counts_and_head(raw.driver_connection)  # type: ignore[arg-type]
        finally:
            raw.close()
    finally:
        database.dispose()
    return counts, new_head
