"""The office's dated backup copies as they lie on disk: where they go, how they are named, and
which files of a folder are copies this application made.

The copies are named ``NAME.daily-YYYYMMDD-HHMMSS.sqlite`` and
``NAME.before-REVISION-YYYYMMDD-HHMMSS.sqlite`` (``NAME`` the database file's name without
``.sqlite``); only a regular file whose whole name is exactly that (:func:`made_here`) is one.
Taking and rotating them is :mod:`ethics_desk.maintenance.auto_backup`'s; reading them is also
the record anchor's, which names the copy that holds a lost transaction
(:mod:`ethics_desk.storage.record_anchor`), and the check's.
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from ethics_desk.core.clock import Clock, file_stamp
from ethics_desk.core.errors import UserError
from ethics_desk.storage.sqlite_file import read_only, unwritable
from ethics_desk.storage.write_targets import refuse_key_folder

log = logging.getLogger(__name__)

RESTORED = "database.restore"
"""The audit action of a restore from one of these copies: the record that begins another
history of the journal from an earlier copy (:mod:`ethics_desk.maintenance.restore` writes it;
the check leaves out the copies taken before it)."""

DEFAULT_FOLDER = "Backups"
"""The folder beside the database the copies go to when the office has chosen none."""
FOLDER_KEY = "backup.folder"
"""The office's setting that names the backup folder (empty: :data:`DEFAULT_FOLDER`)."""
DAILY = "daily"
"""The kind of copy taken at the first start of a day."""


@dataclass(frozen=True)
class BackupFile:
    """A copy this feature made, as its name tells: when it was taken (the office's local
    time, to the second), and the revision it was taken before (None: a daily copy)."""

    path: Path
    taken: datetime
    revision: str | None = None

    @property
    def day(self) -> date:
        """The office's day the copy was taken on."""
        return self.taken.date()


# -- names ------------------------------------------------------------------------------------

def _pattern(stem: str) -> re.Pattern[str]:
    return re.compile(rf"{re.escape(stem)}\.(?:daily|before-(?P<revision>[0-9]{{4}}))"
                      r"-(?P<stamp>[0-9]{8}-[0-9]{6})\.sqlite")


def daily_name(stem: str, clock: Clock) -> str:
    """The file name of a daily copy of the database ``stem`` taken now."""
    return f"{stem}.{DAILY}-{file_stamp(clock)}.sqlite"


def before_migration_name(stem: str, revision: str, clock: Clock) -> str:
    """The file name of the copy taken now before migrating to ``revision``."""
    return f"{stem}.before-{revision}-{file_stamp(clock)}.sqlite"


def made_here(path: Path, stem: str) -> BackupFile | None:
    """The copy ``path`` is, if this feature made it for the database ``stem``: its whole name
    exactly as :func:`daily_name` or :func:`before_migration_name` write it, with a real date
    and time; None for any other file (which rotation never deletes)."""
    found = _pattern(stem).fullmatch(path.name)
    if found is None:
        return None
    try:
        taken = datetime.strptime(found["stamp"], "%Y%m%d-%H%M%S")
    except ValueError:
        return None
    return BackupFile(path, taken, found["revision"])


def backups_in(folder: Path, stem: str) -> list[BackupFile]:
    """The copies this feature made of the database ``stem`` in ``folder`` (regular files
    only, never a link or a folder that happens to bear such a name)."""
    found = []
    for entry in folder.iterdir():
        copy = made_here(entry, stem)
        if copy is not None and entry.is_file() and not entry.is_symlink():
            found.append(copy)
    return found


def check_folder(value: str) -> None:
    """Refuse, naming the problem and the fix, a backup folder the office cannot use: one
    that is not a full path, does not exist, is not a folder, or cannot be written (read-only,
    or its disk full). Empty is the default, a ``Backups`` folder beside the database."""
    if not value.strip():
        return
    folder = Path(value.strip()).expanduser()
    if not folder.is_absolute():
        raise UserError(f"The backup folder “{value}” is not a full path.",
                        "Give the whole path (such as D:\\Backups\\Ethics Desk), or leave it "
                        f"empty for a “{DEFAULT_FOLDER}” folder beside the database.")
    if not folder.exists():
        raise UserError(f"The backup folder {folder} does not exist.",
                        "Create it first, choose another folder, or leave it empty for a "
                        f"“{DEFAULT_FOLDER}” folder beside the database.")
    if not folder.is_dir():
        raise UserError(f"{folder} is a file, not a folder, so backups cannot go there.",
                        "Choose a folder.")
    refuse_key_folder(folder, fix="Choose another folder for the backups.")
    why = unwritable(folder)
    if why is not None:
        raise UserError(f"Backups cannot be written in that folder: {why.split(', which')[0]}.",
                        "Choose a folder this account may write, on a disk with free space.")


def settings_in_file(path: Path, keys: tuple[str, ...]) -> dict[str, Any]:
    """The office settings ``keys`` as the SQLite file ``path`` stores them, read straight from
    the file (before a migration the ORM's schema may not be the file's yet); those missing, or
    all where the file cannot be read, are left out for their defaults."""
    values: dict[str, Any] = {}
    try:
        conn = read_only(path)
        try:
            marks = ", ".join("?" for _ in keys)
            for key, stored in conn.execute(
                    f"SELECT key, value FROM setting WHERE key IN ({marks})", keys):
                values[key] = json.loads(stored)
        finally:
            conn.close()
    except (sqlite3.Error, ValueError) as exc:
        log.warning("the backup settings of %s could not be read (%s); using the defaults",
                    path, exc)
    return values


def existing_folder(path: Path) -> Path | None:
    """The backup folder of the SQLite file ``path`` as its settings name it, if it exists
    (never created: for reading the copies, as ``check`` does)."""
    chosen = settings_in_file(path, (FOLDER_KEY,)).get(FOLDER_KEY, "")
    chosen = chosen if isinstance(chosen, str) else ""
    folder = Path(chosen.strip()).expanduser() if chosen.strip() else path.parent / DEFAULT_FOLDER
    if not folder.is_absolute():
        folder = path.parent / folder
    return folder if folder.is_dir() else None
