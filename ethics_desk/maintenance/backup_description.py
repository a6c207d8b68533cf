"""What a backup file holds, read without changing it: File → Restore a backup… and
``ethics-desk restore`` show it before anything changes, and a backup is verified with it.

:func:`describe_backup` says when the backup was taken (its newest audit record, and the time
stamp in its file name), its schema revision, the rows of every table, the audit chain's head,
and whether it verifies — every check of :func:`ethics_desk.maintenance.integrity.run_checks`
(pages, references, schema, the append-only audit trail, its hash chain, deadlines, the inbox
listing), the problems in words. The backup is read through a read-only ``file:`` URI
(:func:`ethics_desk.storage.sqlite_uri.file_uri`), so describing it never writes it or beside
it, whatever its path holds (``#``, ``?``, ``%``, spaces, any letter). Putting a backup back is
:mod:`ethics_desk.maintenance.restore`'s, which verifies it with the same description.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, tzinfo
from pathlib import Path

from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.office_time import DEFAULT_OFFICE_ZONE, office_zone
from ethics_desk.maintenance.integrity import (
    APPEND_ONLY,
    AUDIT,
    FOREIGN_KEYS,
    INTEGRITY,
    SCHEMA,
    CheckResult,
    run_checks,
)
from ethics_desk.office import settings
from ethics_desk.storage import search_table
from ethics_desk.storage.journal import head_of_file as journal_head_of_file
from ethics_desk.storage.journal import key_missing_for_file as journal_key_missing_for_file
from ethics_desk.storage.migrate import head_revision, known_revisions
from ethics_desk.storage.sqlite_file import SQLITE_HEADER, read_only, unwritable

DESCRIBED = "view.backup"
"""The audit action of a backup's description shown before a restore (its counts, its checks),
recorded in the database it would replace, when there is one."""
STAMP = re.compile(r"(\d{8}-\d{6})")
"""A file name's time stamp, as :func:`ethics_desk.core.clock.file_stamp` writes it."""
BEFORE_UPGRADE = frozenset({INTEGRITY, FOREIGN_KEYS, SCHEMA, APPEND_ONLY, AUDIT})
"""The checks a backup of an older schema revision must pass as it is; the others read tables
and columns of this version's schema, and are run on the restored database after its upgrade."""


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
        taken = (f"its newest audit record is of {local_words(self.taken_at, self.zone)}"
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


def describe_backup(path: str | os.PathLike[str], *,
                    progress: Callable[[str], None] | None = None) -> BackupDescription:
    """What the backup file at ``path`` holds, and whether it verifies, read without writing;
    ``progress`` is told each step as it starts (reading its rows, then each check).

    A path that is no backup at all — nothing there, a folder, a file that is not SQLite, a
    SQLite file of another application — raises :class:`StorageError`, naming it.
    """
    from sqlalchemy.engine import URL

    backup = _existing_file(Path(path), "backup")
    if progress is not None:
        progress("reading the backup's rows")
    parameters = reading_parameters(backup)
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
                counts, head = counts_and_head(conn)
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
    checks = run_checks(URL.create("sqlite", database=str(backup)), progress=progress)
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


def reading_parameters(path: Path) -> dict[str, str]:
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


def counts_and_head(conn: sqlite3.Connection) -> tuple[dict[str, int], tuple[int, str] | None]:
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


def local_words(moment: datetime, zone: tzinfo) -> str:
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


