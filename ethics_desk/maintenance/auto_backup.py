"""The office's automatic backups of its SQLite database: daily, before each migration, rotated.

Every copy of the database holds every pending complaint, so it is taken the way
``ethics-desk backup`` takes one — :func:`ethics_desk.maintenance.backup.backup_sqlite`, consistent
and verified, private to the user from its first byte (§ 2-83(h)(1)) — and a copy that fails
its verification is reported and never kept.

When a copy is taken:

* at the first start of each day — the day by the office's clock, which the caller passes
  (:func:`daily_backup`; the window runs it off the GUI thread): a day counts as backed up
  once a verified daily copy of that day lies in the backup folder, so the second start of the
  day takes none, and a day whose copy failed is tried again at the next start;
* before each migration (:func:`before_migration`, called by
  :func:`ethics_desk.maintenance.opening.open_database`): a failure stops the migration, as it
  always has.

Where: the office's backup folder (Settings, ``backup.folder``); left empty, a ``Backups``
folder beside the database, created private (:func:`backup_folder`). The copies are named
``NAME.daily-YYYYMMDD-HHMMSS.sqlite`` and ``NAME.before-REVISION-YYYYMMDD-HHMMSS.sqlite``
(``NAME`` the database file's name without ``.sqlite``), and only a file whose whole name is
exactly that (:func:`made_here`) is ever deleted — nothing else in the folder is touched, but
what a killed copy left there (:func:`ethics_desk.maintenance.backup.remove_leftovers`, logged).

Rotation, grandfather-father-son (:func:`to_keep`): of the copies this feature made, the newest
of each of the last ``keep_daily`` days, of each of the last ``keep_weekly`` ISO weeks and of
each of the last ``keep_monthly`` months are kept (7, 4 and 12 by default) — the "last" days,
weeks and months being those that have a copy, so that an office closed for two weeks keeps its
copies from before. A before-migration copy is kept at least as long as the daily ones: every
one taken on a kept day stays, even when a later copy that day is the day's newest; after that it
stays only as the newest of its week or month.

The outcome of each automatic backup — when, which file, verified or the problem in words — is
written to the ``setting`` row :data:`RECORD_KEY` with its audit record, through the office's
normal write path, so that every workstation sees it (:func:`desk_status` words it for the
status bar). A database on a server is not backed up by the workstations: IT's dumps do that,
and the status bar says nothing of backups there.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ethics_desk.core.clock import Clock, file_day
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.office_time import DEFAULT_OFFICE_ZONE, office_zone
from ethics_desk.maintenance.backup import BackupReport, BackupStopped, backup_sqlite
from ethics_desk.office import settings
from ethics_desk.office.settings import time_zone
from ethics_desk.storage.backup_files import (
    DAILY,
    DEFAULT_FOLDER,
    FOLDER_KEY,
    BackupFile,
    backups_in,
    before_migration_name,
    daily_name,
    settings_in_file,
)
from ethics_desk.storage.private_files import make_private_folder
from ethics_desk.storage.sqlite_file import unwritable

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from ethics_desk.storage.database import Database

log = logging.getLogger(__name__)

RECORD_KEY = "backup.automatic"
"""The ``setting`` row that holds the outcome of the last automatic backup (not an option of
the Settings screen: the desk writes it, nobody edits it)."""
AUDIT_ACTION = "backup.automatic"
"""The audit record's action for each automatic backup, taken or failed."""
BEFORE_MIGRATION = "before-migration"
STALE_AFTER = timedelta(days=1)
"""A last verified copy older than this is named on the status bar."""
KEEP_KEYS = ("backup.keep_daily", "backup.keep_weekly", "backup.keep_monthly")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")


@dataclass(frozen=True)
class Keep:
    """How many copies rotation keeps: the newest of each of so many days, ISO weeks, months."""

    daily: int = 7
    weekly: int = 4
    monthly: int = 12


@dataclass(frozen=True)
class Outcome:
    """What one automatic backup came to: when, which kind, the file kept (verified), or the
    problem and its fix in words."""

    at: datetime
    kind: str
    file: Path | None = None
    problem: str = ""
    fix: str = ""

    @property
    def verified(self) -> bool:
        """Whether a copy was taken and passed its verification (only such a copy is kept)."""
        return self.file is not None and not self.problem


@dataclass(frozen=True)
class Recorded:
    """The office's record of its automatic backups: the last outcome, and the last verified
    copy (which a failure since then does not erase)."""

    last: Outcome
    last_verified_at: datetime | None
    last_verified_file: str | None


# -- rotation ---------------------------------------------------------------------------------

def _week(moment: datetime) -> Hashable:
    year, week, _day = moment.isocalendar()
    return (year, week)


def _month(moment: datetime) -> Hashable:
    return (moment.year, moment.month)


def _newest_of_last(ordered: list[BackupFile], count: int,
                    period: Callable[[datetime], Hashable]) -> tuple[set[BackupFile], list[Hashable]]:
    """Of copies ordered newest first, the first (newest) of each of the ``count`` most recent
    periods that have one, and those periods."""
    kept: set[BackupFile] = set()
    periods: list[Hashable] = []
    for copy in ordered:
        this = period(copy.taken)
        if this in periods:
            continue
        if len(periods) == count:
            break
        periods.append(this)
        kept.add(copy)
    return kept, periods


def to_keep(copies: Iterable[BackupFile], keep: Keep) -> set[BackupFile]:
    """The copies rotation keeps (grandfather-father-son, see the module): the newest of each
    of the last ``keep.daily`` days, ``keep.weekly`` ISO weeks and ``keep.monthly`` months that
    have a copy, and every before-migration copy of a kept day."""
    ordered = sorted(copies, key=lambda c: (c.taken, c.path.name), reverse=True)
    daily, days = _newest_of_last(ordered, keep.daily, lambda moment: moment.date())
    weekly, _weeks = _newest_of_last(ordered, keep.weekly, _week)
    monthly, _months = _newest_of_last(ordered, keep.monthly, _month)
    before = {c for c in ordered if c.revision is not None and c.day in days}
    return daily | weekly | monthly | before


def rotate(folder: Path, stem: str, keep: Keep) -> list[Path]:
    """Delete the copies of the database ``stem`` in ``folder`` that :func:`to_keep` does not
    keep (only files this feature made); the paths deleted. A file that cannot be deleted is
    logged and left."""
    copies = backups_in(folder, stem)
    kept = to_keep(copies, keep)
    removed = []
    for copy in sorted(set(copies) - kept, key=lambda c: c.taken):
        try:
            copy.path.unlink()
        except OSError as exc:
            log.warning("could not delete the old backup %s: %s", copy.path, exc)
            continue
        removed.append(copy.path)
    return removed


# -- the folder -------------------------------------------------------------------------------

def backup_folder(database: Path, chosen: str) -> Path:
    """Where the copies of the database file ``database`` go: the office's ``chosen`` folder
    (which must exist: a share that is not mounted is not created anew), or when none is
    chosen, a ``Backups`` folder beside the database, created private (§ 2-83(h)(1))."""
    if not chosen.strip():
        try:
            return make_private_folder(database.parent / DEFAULT_FOLDER)
        except OSError as exc:
            raise StorageError(f"The backup folder {database.parent / DEFAULT_FOLDER} cannot "
                               f"be created ({exc.strerror or exc}).",
                               "Choose a backup folder this account may write in Settings "
                               "(City Clerk's staff), or ask IT to free space.") from exc
    folder = Path(chosen.strip()).expanduser()
    if not folder.is_absolute():
        folder = database.parent / folder
    if not folder.is_dir():
        raise StorageError(f"The backup folder {folder} does not exist (or its share is not "
                           "connected).",
                           "Connect the share, or choose another backup folder in Settings "
                           "(City Clerk's staff).")
    return folder


def _office_choices(values: dict[str, Any]) -> tuple[str, Keep]:
    """The folder and the counts from stored values (one missing or of the wrong kind: its
    default). The folder is not checked here: one that is not there is the backup's failure,
    never a silent change of folder."""
    folder = values.get(FOLDER_KEY, "")
    counts: list[int] = []
    for key in KEEP_KEYS:
        count = values.get(key)
        if isinstance(count, int) and not isinstance(count, bool) and count >= 1:
            counts.append(count)
        else:
            counts.append(int(settings.OPTIONS[key].default))
    return (folder if isinstance(folder, str) else ""), Keep(*counts)


def _office_settings(session: Session) -> tuple[str, Keep]:
    """The office's backup folder and counts, as stored (Settings)."""
    return _office_choices({key: settings.get(session, key) for key in (FOLDER_KEY, *KEEP_KEYS)})


def _choices_in_file(path: Path) -> tuple[str, Keep]:
    """The office's folder and counts, read straight from the SQLite file; the defaults where
    they cannot be read."""
    return _office_choices(settings_in_file(path, (FOLDER_KEY, *KEEP_KEYS)))


# -- taking them ------------------------------------------------------------------------------

def _taken(kind: str, report: BackupReport, clock: Clock) -> Outcome:
    return Outcome(at=clock(), kind=kind, file=report.path)


def before_migration(path: Path, revision: str, *, clock: Clock) -> Outcome:
    """The verified copy of the database file ``path`` taken before migrating it to
    ``revision``, in the office's backup folder, then the folder rotated. A chosen folder that
    is not there (a share not connected) gives way to the ``Backups`` folder beside the
    database, logged; a copy that cannot be taken or verified raises :class:`StorageError`, and
    the migration does not run."""
    chosen, keep = _choices_in_file(path)
    try:
        folder = backup_folder(path, chosen)
    except StorageError as exc:
        log.warning("%s The copy before the migration goes beside the database instead.", exc)
        folder = backup_folder(path, "")
    report = backup_sqlite(path, folder / before_migration_name(path.stem, revision, clock),
                           clock=clock)
    rotate(folder, path.stem, keep)
    log.info("backed up %s to %s before migrating it to %s (verified)", path, report.path,
             revision)
    return _taken(BEFORE_MIGRATION, report, clock)


def _into(folder: Path, path: Path, clock: Clock,
          stop: threading.Event | None = None) -> BackupReport:
    """Today's copy of ``path`` in ``folder``; a folder that cannot be written (read-only, its
    disk full) is named as such, with the fix in Settings."""
    try:
        return backup_sqlite(path, folder / daily_name(path.stem, clock), clock=clock,
                             stop=stop)
    except StorageError as exc:
        why = unwritable(folder)
        if why is None:
            raise
        raise StorageError(f"No backup can be written in the backup folder: {why.split(', which')[0]}.",
                           "Free space on that disk, or choose a backup folder this account "
                           "may write in Settings (City Clerk's staff); the database itself "
                           "is unharmed.") from exc


def daily_backup(database: Database, *, actor: str, clock: Clock,
                 stop: threading.Event | None = None) -> Outcome | None:
    """Take today's verified copy of the office's SQLite database if none is in the backup
    folder yet (the first start of the day), rotate the folder, and record the outcome with
    its audit record; the outcome, or None when no copy was due — today's is there already,
    the database is on a server (IT's dumps back it up), or it is read-only (damaged, a failed
    check, lost committed acts: a copy of it would rotate out the good backups its restore needs)
    — or when it was stopped (``stop`` set: the window closing): then nothing is kept or
    recorded, and the next start of the day takes the copy.

    Nothing is raised for a copy that fails: the outcome says why (and the log), and the desk
    opens as ever."""
    from ethics_desk.storage.addresses import sqlite_path

    path = sqlite_path(database.url)
    if path is None or database.read_only_reason() is not None:
        # A database that is read-only (ethics_desk.storage.read_only) is not copied: the
        # rotation would push out the backups that hold what it lost, which its restore needs.
        return None
    try:
        with database.read_session() as session:
            chosen, keep = _office_settings(session)
        folder = backup_folder(path, chosen)
        day = file_day(clock)  # the day of the copies' names (core.clock.file_stamp)
        if any(copy.revision is None and copy.day == day
               for copy in backups_in(folder, path.stem)):
            return None
        report = _into(folder, path, clock, stop)
    except BackupStopped:
        log.info("the automatic daily backup of %s was stopped; the next start takes it", path)
        return None
    except UserError as exc:
        outcome = Outcome(at=clock(), kind=DAILY, problem=exc.problem, fix=exc.fix)
        log.warning("the automatic daily backup of %s failed: %s", path, exc)
    except OSError as exc:  # the folder cannot be listed
        outcome = Outcome(at=clock(), kind=DAILY,
                          problem=f"The backup folder cannot be read ({exc.strerror or exc}).",
                          fix="Check the backup folder in Settings (City Clerk's staff), or "
                              "ask IT.")
        log.warning("the automatic daily backup of %s failed: %s", path, exc)
    else:
        outcome = _taken(DAILY, report, clock)
        rotate(folder, path.stem, keep)
        log.info("backed up %s to %s (verified)", path, report.path)
    record_quietly(database, outcome, actor=actor)
    return outcome


# -- the office's record ----------------------------------------------------------------------

def _summary(outcome: Outcome) -> str:
    what = "Automatic backup before a migration" if outcome.kind == BEFORE_MIGRATION \
        else "Automatic daily backup"
    if outcome.verified:
        assert outcome.file is not None
        return f"{what} taken and verified: {outcome.file.name}"
    return f"{what} failed: {outcome.problem}"


def record(session: Session, outcome: Outcome, *, actor: str) -> None:
    """Write ``outcome`` as the office's last automatic backup (:data:`RECORD_KEY`), with its
    audit record, in the caller's transaction."""
    from ethics_desk.models import Setting
    from ethics_desk.storage import audit

    row = session.get(Setting, RECORD_KEY)
    before = _read(row.value) if row is not None else None
    verified_at = before.last_verified_at if before else None
    verified_file = before.last_verified_file if before else None
    if outcome.verified and (verified_at is None or outcome.at >= verified_at):
        verified_at, verified_file = outcome.at, str(outcome.file)
    value = json.dumps({
        "at": outcome.at.isoformat(), "kind": outcome.kind,
        "file": None if outcome.file is None else str(outcome.file),
        "verified": outcome.verified, "problem": outcome.problem, "fix": outcome.fix,
        "last_verified_at": None if verified_at is None else verified_at.isoformat(),
        "last_verified_file": verified_file}, ensure_ascii=False)
    if row is None:
        session.add(Setting(key=RECORD_KEY, value=value))
    else:
        row.value = value
    audit.append(session, actor=actor, action=AUDIT_ACTION, at=outcome.at,
                 summary=_summary(outcome),
                 detail={"kind": outcome.kind, "file": None if outcome.file is None
                         else str(outcome.file), "verified": outcome.verified,
                         "problem": outcome.problem})


def record_quietly(database: Database, outcome: Outcome, *, actor: str) -> bool:
    """:func:`record` in a transaction of its own; a database that cannot be written now
    (read-only, busy, full) is logged, never raised. Whether it was recorded."""
    try:
        database.write(lambda session: record(session, outcome, actor=actor))
    except UserError as exc:
        log.warning("the outcome of the automatic backup could not be recorded: %s", exc)
        return False
    return True


def _read(value: str) -> Recorded | None:
    try:
        data = json.loads(value)
        last = Outcome(at=datetime.fromisoformat(data["at"]), kind=str(data["kind"]),
                       file=Path(data["file"]) if data.get("file") else None,
                       problem=str(data.get("problem") or ""), fix=str(data.get("fix") or ""))
        verified_at = data.get("last_verified_at")
        return Recorded(last, datetime.fromisoformat(verified_at) if verified_at else None,
                        data.get("last_verified_file"))
    except (ValueError, KeyError, TypeError):
        return None


def recorded(session: Session) -> Recorded | None:
    """The office's record of its automatic backups (None: none recorded yet)."""
    from ethics_desk.models import Setting

    row = session.get(Setting, RECORD_KEY)
    return None if row is None else _read(row.value)


# -- the status bar's words -------------------------------------------------------------------

def when(moment: datetime, zone: tzinfo) -> str:
    """A moment as the status bar says it, in the office's time zone: "30 November 2026 at
    10:00" (a moment without a zone is taken as UTC, as the record stores it)."""
    local = (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(zone)
    return f"{local.day} {MONTHS[local.month - 1]} {local.year} at {local:%H:%M}"


def status_line(office: Recorded | None, now: datetime,
                zone: tzinfo | None = None) -> str | None:
    """What the status bar says of the automatic backups: the last one failed, or the last
    verified copy is older than a day; None when all is well (or nothing is recorded yet).
    Moments are told in ``zone``, the office's (its default when not given)."""
    zone = zone or office_zone(DEFAULT_OFFICE_ZONE)
    if office is None:
        return None
    last = office.last
    if not last.verified:
        line = f"The last backup failed on {when(last.at, zone)}: {last.problem.rstrip('.')}."
        if last.fix:
            line += f" {last.fix}"
        if office.last_verified_at is not None:
            line += f" (The last verified backup was taken on {when(office.last_verified_at, zone)}.)"
        return line
    taken = office.last_verified_at or last.at
    if now - taken > STALE_AFTER:
        return (f"The last backup was taken on {when(taken, zone)}, more than a day ago. The desk "
                "takes one at its first start each day: close and start Ethics Desk again, or "
                "ask IT.")
    return None


def desk_status(database: Database, *, clock: Clock, taken: Outcome | None = None) -> str | None:
    """The status bar's line for this desk now (:func:`status_line`), from the office's
    record — or from ``taken``, this desk's own outcome, when it is newer than the record
    (the record could not be written). None on a server, and when all is well."""
    from ethics_desk.storage.addresses import sqlite_path

    if sqlite_path(database.url) is None:
        return None
    zone: tzinfo | None = None
    try:
        with database.read_session() as session:
            office = recorded(session)
            zone = time_zone(session)
    except UserError as exc:
        log.warning("the record of the automatic backups could not be read: %s", exc)
        office = None
    if taken is not None and (office is None or taken.at > office.last.at):
        verified_at = taken.at if taken.verified else (office.last_verified_at if office else None)
        office = Recorded(taken, verified_at, str(taken.file) if taken.verified else
                          (office.last_verified_file if office else None))
    return status_line(office, clock(), zone)
