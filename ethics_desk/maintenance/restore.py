"""``ethics-desk restore`` and File → Restore a backup…: what a backup holds, and putting it back.

:func:`describe_backup` says what a backup file holds before anything changes: when it was
taken (its newest audit record, and the time stamp in its file name), its schema revision, the
rows of every table, the audit chain's head, and whether it verifies — every check of
:func:`ethics_desk.maintenance.integrity.run_checks` (pages, references, schema, the append-only
audit trail, its hash chain, deadlines, the inbox listing), the problems in words. The backup is
read through a read-only ``file:`` URI (:func:`ethics_desk.storage.sqlite_uri.file_uri`), so
describing it never writes it or beside it, whatever its path holds (``#``, ``?``, ``%``,
spaces, any letter).

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

The restored database is as private as the file it went into (§ 2-83(h)(1)), and so is the
kept copy (:mod:`ethics_desk.storage.private_files`). A database server is not restored here:
see :data:`SERVER_REFUSAL`.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, tzinfo
from pathlib import Path

from ethics_desk.core.clock import Clock, file_stamp
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.office_time import DEFAULT_OFFICE_ZONE, office_zone
from ethics_desk.maintenance.backup import remove_partial
from ethics_desk.maintenance.integrity import (
    APPEND_ONLY,
    AUDIT,
    FOREIGN_KEYS,
    INTEGRITY,
    SCHEMA,
    CheckResult,
)
from ethics_desk.office import settings
from ethics_desk.office.settings import time_zone
from ethics_desk.storage import record_anchor, search_table
from ethics_desk.storage.journal import head_of_file as journal_head_of_file
from ethics_desk.storage.journal import key_missing_for_file as journal_key_missing_for_file
from ethics_desk.storage.migrate import head_revision, known_revisions
from ethics_desk.storage.private_files import create_private_file
from ethics_desk.storage.read_only import clear_failed_check, put_back_failed_check
from ethics_desk.storage.sqlite_file import SQLITE_HEADER, read_only, unwritable
from ethics_desk.storage.sqlite_uri import file_uri

ACTION = "database.restore"
"""The audit record's action for a restore."""
DESCRIBED = "view.backup"
"""The audit action of a backup's description shown before a restore (its counts, its checks),
recorded in the database it would replace, when there is one."""
LOCK_WAIT_MS = 2000
"""How long the restore waits for another program to let go of the database before refusing."""
STAMP = re.compile(r"(\d{8}-\d{6})")
"""A file name's time stamp, as :func:`ethics_desk.core.clock.file_stamp` writes it."""
BEFORE_UPGRADE = frozenset({INTEGRITY, FOREIGN_KEYS, SCHEMA, APPEND_ONLY, AUDIT})
"""The checks a backup of an older schema revision must pass as it is; the others read tables
and columns of this version's schema, and are run on the restored database after its upgrade."""

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
class BackupDescription:
    """What a backup file holds, read without changing it."""

    path: Path
    taken_at: datetime | None
    """The time of its newest audit record (UTC), None when it has none."""
    stamped_at: datetime | None
    """The time stamp in its file name (local time), None when the name has none."""
    revision: str | None
    """Its schema revision (``alembic_version``)."""
    counts: dict[str, int]
    """Rows per table."""
    cases: int
    """Complaints with a case number (filed)."""
    drafts: int
    """Complaints not yet filed."""
    head: tuple[int, str] | None
    """The audit chain's head: the last record's sequence number and hash."""
    checks: list[CheckResult] = field(default_factory=list)
    """Every check of :func:`ethics_desk.maintenance.integrity.run_checks` on the file."""
    problems: list[str] = field(default_factory=list)
    """What keeps it from being restored, in words (empty: it verifies)."""
    later: list[str] = field(default_factory=list)
    """Checks of an older revision's backup that are run after its upgrade, with why."""
    anchor: tuple[int, str] | None = None
    """The record's journal head in it (its record anchor; None before revision 0009)."""
    zone: tzinfo = field(default_factory=lambda: office_zone(DEFAULT_OFFICE_ZONE))
    """The office's time zone as the backup records it, in which its moments are told."""
    missing_key: str | None = None
    """The id of the record key that seals it, when this computer does not have that key (a
    new computer): then it cannot be verified here, and the key is what is missing."""

    @property
    def audit_records(self) -> int:
        """How many audit records it holds."""
        return self.counts.get("audit_record", 0)

    @property
    def known(self) -> bool:
        """Whether this version of Ethics Desk knows its schema revision."""
        return self.revision is not None and self.revision in known_revisions()

    @property
    def older(self) -> bool:
        """Whether its revision is older than this version's (it is upgraded on restore)."""
        return self.known and self.revision != head_revision()

    @property
    def verifies(self) -> bool:
        """Whether every check that applies to it holds."""
        return not self.problems

    def refusal(self) -> StorageError | None:
        """Why it may not be restored (a newer schema, a failed check), or None."""
        if self.revision is not None and not self.known:
            return StorageError(
                f"The backup {self.path.name} was written by a newer version of Ethics Desk "
                f"(schema {self.revision}); this version cannot restore it, so nothing was "
                "changed.", "Install the newer version of Ethics Desk, then restore it with "
                            "that version.")
        if self.missing_key is not None:
            return StorageError(
                f"The backup {self.path.name} is sealed with the record key "
                f"{self.missing_key}, which is not on this computer, so it cannot be verified "
                "or restored here; nothing was changed.",
                "Bring the key first: type it from the office's recovery sheet with "
                "“ethics-desk key import --sheet” (or give the sheet's PDF file; in the window: "
                "File → Bring the key from a recovery sheet…), or run “ethics-desk key export "
                "FILE” on the computer that has it and “ethics-desk key import FILE” here; then "
                "restore again.")
        if self.problems:
            return StorageError(
                f"The backup {self.path.name} does not verify, so nothing was restored: "
                + "; ".join(self.problems[:3]) + ("; …" if len(self.problems) > 3 else "") + ".",
                "Choose another backup (an earlier one, or another copy of this one) and keep "
                "this file as it is for IT.")
        return None

    def lines(self) -> list[str]:
        """The description in readable lines, for the command line and the window."""
        lines = [f"Backup: {self.path}"]
        taken = (f"its newest audit record is of {_local(self.taken_at, self.zone)}"
                 if self.taken_at is not None else "it holds no audit record")
        stamped = (f"; its name is stamped {self.stamped_at:%Y-%m-%d %H:%M:%S}"
                   if self.stamped_at is not None else "")
        lines.append(f"Taken: {taken}{stamped}.")
        if self.revision is None:
            lines.append("Schema: no revision recorded.")
        elif not self.known:
            lines.append(f"Schema: revision {self.revision}, written by a newer version of "
                         "Ethics Desk.")
        elif self.older:
            lines.append(f"Schema: revision {self.revision}, older than this version's "
                         f"{head_revision()}: it is upgraded when restored, after a verified copy.")
        else:
            lines.append(f"Schema: revision {self.revision}, this version's.")
        lines.append(f"Holds: {self.cases} case(s) and {self.drafts} draft(s), "
                     f"{self.audit_records} audit record(s), {sum(self.counts.values())} rows "
                     f"in {len(self.counts)} tables.")
        if self.head is not None:
            lines.append(f"Audit chain: ends at record {self.head[0]} (hash {self.head[1][:16]}…).")
        if self.anchor is not None:
            lines.append(f"Record anchor: journal record {self.anchor[0]} (MAC "
                         f"{self.anchor[1][:16]}…).")
        lines.append("Rows per table: " + ", ".join(
            f"{name} {count}" for name, count in sorted(self.counts.items())) + ".")
        lines.append("Checks:")
        for check in self.checks:
            state = "ok" if check.ok else ("later" if _deferred(check, self) else "FAILED")
            lines.append(f"  {state:<7}{check.name}")
            lines.extend(f"           {detail}" for detail in check.details[:3])
        if self.problems:
            lines.append("It does not verify: " + "; ".join(self.problems) + ".")
        elif self.later:
            lines.append("It verifies as far as its older schema allows; the rest is checked "
                         "after the upgrade.")
        else:
            lines.append("It verifies: every check holds.")
        return lines


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


# -- describing a backup ------------------------------------------------------------------------


def describe_backup(path: str | os.PathLike[str]) -> BackupDescription:
    """What the backup file at ``path`` holds, and whether it verifies, read without writing.

    A path that is no backup at all — nothing there, a folder, a file that is not SQLite, a
    SQLite file of another application — raises :class:`StorageError`, naming it.
    """
    from sqlalchemy.engine import URL

    from ethics_desk.maintenance.integrity import run_checks

    backup = _existing_file(Path(path), "backup")
    parameters = _reading_parameters(backup)
    problems: list[str] = []
    try:
        conn = read_only(backup, **parameters)
        try:
            names = _table_names(conn)
            if not names:
                raise StorageError(f"{backup} is not an Ethics Desk backup: it holds no tables.",
                                   "Choose a file made by “ethics-desk backup”.")
            if "alembic_version" not in names:
                raise StorageError(f"{backup} is not an Ethics Desk backup (it has tables of "
                                   "another application).",
                                   "Choose a file made by “ethics-desk backup”.")
            revision = _revision(conn)
            zone = _office_zone_of(conn)
            try:
                counts, head = _counts_and_head(conn)
                cases, drafts = _cases(conn, names)
            except sqlite3.DatabaseError as exc:  # damaged pages: the checks say where
                counts, head, cases, drafts = {}, None, 0, 0
                problems.append(f"its rows cannot be counted: {exc}")
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise StorageError(f"{backup} cannot be read as a SQLite database: {exc}.",
                           "Choose another backup; keep this file as it is for IT.") from exc
    description = BackupDescription(path=backup, taken_at=_newest_record(backup, parameters),
                                    stamped_at=_stamp_of(backup.name), revision=revision,
                                    counts=counts, cases=cases, drafts=drafts, head=head,
                                    anchor=journal_head_of_file(backup), zone=zone)
    if revision is not None and revision not in known_revisions():
        return replace(description, problems=[
            f"its schema revision {revision} was written by a newer version of Ethics Desk",
            *problems])
    description = replace(description, missing_key=journal_key_missing_for_file(backup))
    checks = run_checks(URL.create("sqlite", database=str(backup)))
    later: list[str] = []
    older = revision is not None and revision != head_revision()
    for check in checks:
        if check.ok:
            continue
        if older and check.name not in BEFORE_UPGRADE:
            later.append(f"{check.name}: checked after the upgrade")
        else:
            problems.append(f"{check.name}: " + ("; ".join(check.details[:2]) or "fails"))
    return replace(description, checks=checks, problems=problems, later=later)


def _deferred(check: CheckResult, description: BackupDescription) -> bool:
    """Whether a failed check of an older backup is one run after its upgrade."""
    return description.older and check.name not in BEFORE_UPGRADE


def _existing_file(path: Path, what: str) -> Path:
    """``path`` made absolute, if it is a SQLite file; else a :class:`StorageError`."""
    try:
        path = path.expanduser().resolve()
    except (OSError, RuntimeError) as exc:
        raise StorageError(f"The {what} path “{path}” cannot be followed: {exc}.",
                           f"Give the path of the {what} file as it is.") from exc
    if path.is_dir():
        raise StorageError(f"{path} is a folder, not a {what} file.",
                           f"Give the path of the {what} file itself (FOLDER/FILE.sqlite).")
    if not path.is_file():
        raise StorageError(f"There is no {what} file at {path}.",
                           "Check the path (a backup is a .sqlite file made by "
                           "“ethics-desk backup”).")
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise StorageError(f"The {what} {path} cannot be read: {exc.strerror or exc}.",
                           "Check that you may read it.") from exc
    if header != SQLITE_HEADER:
        raise StorageError(f"{path} is not a SQLite database (not an Ethics Desk backup), or it "
                           "is damaged: it does not begin as one does.",
                           "Choose a file made by “ethics-desk backup”.")
    return path


def _reading_parameters(path: Path) -> dict[str, str]:
    """How ``path`` is read without writing beside it: read-only, or, on a folder that cannot be
    written (a CD, a read-only share), as it is (``immutable``)."""
    try:
        conn = read_only(path)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
        return {}
    except sqlite3.Error:
        return {"immutable": "1"} if unwritable(path.parent) is not None else {}


def _table_names(conn: sqlite3.Connection) -> list[str]:
    return [row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name") if not search_table.is_index_table(row[0])]


def _revision(conn: sqlite3.Connection) -> str | None:
    row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    return str(row[0]) if row is not None else None


def _counts_and_head(conn: sqlite3.Connection) -> tuple[dict[str, int], tuple[int, str] | None]:
    """Every table's rows and the audit chain's head, as ``conn`` sees them now."""
    counts = {name: int(conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0])
              for name in _table_names(conn)}
    head = None
    if "audit_record" in counts:
        last = conn.execute("SELECT seq, hash FROM audit_record ORDER BY seq DESC LIMIT 1"
                            ).fetchone()
        head = (int(last[0]), str(last[1])) if last is not None else None
    return counts, head


def _cases(conn: sqlite3.Connection, names: list[str]) -> tuple[int, int]:
    """The filed complaints (a case number) and the drafts."""
    if "complaint" not in names:
        return 0, 0
    filed, drafts = conn.execute(
        "SELECT count(case_number), count(*) - count(case_number) FROM complaint").fetchone()
    return int(filed), int(drafts)


def _newest_record(path: Path, parameters: dict[str, str]) -> datetime | None:
    """The time of the newest audit record, read through the ORM (its times are UTC)."""
    from sqlalchemy import create_engine, inspect, select
    from sqlalchemy.exc import SQLAlchemyError
    from sqlalchemy.orm import Session
    from sqlalchemy.pool import NullPool

    from ethics_desk.models import AuditRecord

    engine = create_engine("sqlite://", creator=lambda: read_only(path, **parameters),
                           poolclass=NullPool)
    try:
        if "audit_record" not in inspect(engine).get_table_names():
            return None
        with Session(engine) as session:
            return session.scalar(select(AuditRecord.at).order_by(AuditRecord.seq.desc())
                                  .limit(1))
    except (SQLAlchemyError, ValueError):
        return None  # unreadable: the checks say why
    finally:
        engine.dispose()


def _stamp_of(name: str) -> datetime | None:
    """The local time stamped in a file name (``ethics-desk-20261130-100000.sqlite``)."""
    found = STAMP.search(name)
    if found is None:
        return None
    try:
        return datetime.strptime(found.group(1), "%Y%m%d-%H%M%S")
    except ValueError:
        return None


def _local(moment: datetime, zone: tzinfo) -> str:
    """A moment in the office's time zone (``zone``), to the second, with the zone's name."""
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S %Z").strip()


def _office_zone_of(conn: sqlite3.Connection) -> tzinfo:
    """The office's time zone as the backup records it (its ``office.time_zone`` setting),
    else the setting's default: the moments the backup holds are told in it."""
    try:
        rows = conn.execute("SELECT value FROM setting WHERE key = ?",
                            ("office.time_zone",)).fetchall()
        return office_zone(settings.stored_value("office.time_zone",
                                                 rows[0][0] if rows else None))
    except (sqlite3.DatabaseError, UserError):  # no such table, or a zone unknown here
        return office_zone(DEFAULT_OFFICE_ZONE)


# -- restoring ----------------------------------------------------------------------------------


def restore_backup(backup: str | os.PathLike[str], target: str | os.PathLike[str], *,
                   clock: Clock, actor: str) -> RestoreReport:
    """Put the backup at ``backup`` in place of the SQLite database ``target`` (see the module),
    keeping the database as it was beside it; ``actor`` names who restores it in the audit
    record, stamped by ``clock``. A ``target`` that does not exist is made from the backup."""
    description = describe_backup(backup)
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
        with _exclusively(place, new=new) as conn:
            kept = None if new else _keep(conn, place, clock)
            _write(source, conn, expected=(description.counts, description.head), undo=kept)
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
                                                    actor=actor, kept=kept)
    except Exception as failure:
        put_back_failed_check(place, failed_check)
        undone = _undo(place, kept, removing=not existed)
        record_anchor.put_back(place, anchored)
        if not isinstance(failure, UserError):
            raise  # a bug, reported as one; the database is back as it was
        raise StorageError(f"The restored database did not hold ({failure.problem}); {undone}.",
                           "Choose another backup; keep this one as it is for IT.") from failure
    return RestoreReport(target=place, backup=source, kept=kept, counts=counts, head=head,
                         upgraded_from=description.revision if description.older else None)


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


def _keep(conn: sqlite3.Connection, place: Path, clock: Clock) -> Path:
    """The locked database as it is (its log included) copied beside it, verified to hold the
    same rows and audit head; a database so damaged that its rows cannot be counted is copied
    page by page as it is."""
    kept = _kept_name(place, clock)
    partial = kept.with_name(kept.name + ".partial")
    try:
        before: tuple[dict[str, int], tuple[int, str] | None] | None = _counts_and_head(conn)
    except sqlite3.DatabaseError:
        before = None  # damaged: kept as it is, for IT
    try:
        create_private_file(partial)  # § 2-83(h)(1): the copy is the user's only, from the start
        dst = sqlite3.connect(partial)
        try:
            conn.backup(dst)
            dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        finally:
            dst.close()
        if before is not None:
            copy = read_only(partial)
            try:
                if _counts_and_head(copy) != before:
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
           expected: tuple[dict[str, int], tuple[int, str] | None], undo: Path | None) -> None:
    """Write the SQLite file ``source`` into the locked database through the online backup
    API, fold the log into the file, and compare its rows and head with ``expected``; on any
    failure the kept copy ``undo`` is written back the same way (a new database is emptied)."""
    try:
        _copy_into(source, conn)
        if _counts_and_head(conn) != expected:
            raise StorageError("The restored database does not hold the backup's records.",
                               "Check the disk's free space, then restore again.")
    except (sqlite3.Error, StorageError) as exc:
        undone = _put_back(conn, undo)
        reason = exc.problem if isinstance(exc, StorageError) else str(exc)
        raise StorageError(f"The backup could not be written into the database ({reason}); "
                           f"{undone}.", "Check the disk's free space and that you may write "
                                         "there, then restore again.") from exc


def _copy_into(source: Path, conn: sqlite3.Connection) -> None:
    """The pages of ``source`` into ``conn``'s database (backup API), the log then folded."""
    src = read_only(source, **_reading_parameters(source))
    try:
        src.execute("BEGIN")  # one snapshot of the backup
        try:
            src.backup(conn)
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
                                 ) -> tuple[dict[str, int], tuple[int, str]]:
    """Open the restored database as the application does (an older revision is upgraded
    then, after a verified copy), run every check on it, and append the restore's audit
    record; its rows and head afterwards."""
    from sqlalchemy.engine import URL
    from sqlalchemy.orm import Session

    from ethics_desk.maintenance.integrity import run_checks
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage import audit

    database = open_database(place, clock=clock, create=False)
    try:
        failed = [check for check in run_checks(URL.create("sqlite", database=str(place)),
                                                      from_backups=False)
                  if not check.ok]
        if failed:
            raise StorageError("its checks failed: " + "; ".join(
                f"{check.name}: {'; '.join(check.details[:2])}" for check in failed[:3]))
        head = description.head
        taken = description.taken_at

        def record(session: Session) -> tuple[int, str]:
            written = audit.append(
                session, actor=actor, action=ACTION, at=clock(),
                summary=(f"Restored the database from the backup {description.path.name}"
                         + (f" (newest record of {_local(taken, time_zone(session))})"
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

        new_head = database.write(record)
        raw = database.engine.raw_connection()
        try:
            counts, _ = _counts_and_head(raw.driver_connection)  # type: ignore[arg-type]
        finally:
            raw.close()
    finally:
        database.dispose()
    return counts, new_head
