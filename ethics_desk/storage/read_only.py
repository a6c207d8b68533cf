"""Read-only mode: a database that takes no more data, and the one sentence that says why.

A damaged record must not grow: what is saved into a file whose pages are broken may be lost
with it, and what is added after a failed ``ethics-desk check`` buries the damage under new
acts. So the storage layer, not the window, decides that a database is read-only, for a typed
reason (:class:`ReadOnlyReason`): its :class:`ReadOnlyKind`, a problem sentence and a fix
sentence. :class:`~ethics_desk.storage.database.Database` asks for it before every user action
and refuses every change with that sentence, as a
:class:`~ethics_desk.core.errors.StorageError`, before anything is written; so the window, every
command and any screen yet to come obey it alike. Reading, printing, previews and exports go on
(a read's own audit record cannot be written then, and is not: see
:meth:`~ethics_desk.storage.database.Database.unit_of_work`).

The reasons, looked for in this order:

* **the file is damaged**: SQLite's ``PRAGMA quick_check`` failed when the database was opened
  (:class:`QuickCheck`; on a large file it runs in the background and the first write waits for
  it);
* **a check failed**: the last ``ethics-desk check`` of the file failed
  (:func:`record_failed_check`) and no later check has held, nor a restore replaced the file;
* **acts were lost**: the database's journal head is behind its anchor — a provider registered
  in :data:`REASON_PROVIDERS` (:func:`provider` adapts any ``finder(path)`` that answers an
  object with ``problem`` and ``fix``, or None);
* **the record key is missing** on this computer (:func:`key_missing`), for whoever opens a file
  without its key read-only.

Only a SQLite file has a read-only mode of its own: a PostgreSQL server checks its own pages, and
a server whose data is damaged is IT's to restore.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from typing import Protocol

from ethics_desk.core.errors import StorageError


class ReadOnlyKind(Enum):
    """Why a database takes no more data."""

    DAMAGED = "damaged"
    """SQLite's ``quick_check`` or ``integrity_check`` found broken pages."""
    CHECK_FAILED = "check failed"
    """The last ``ethics-desk check`` of the file failed."""
    LOST_ACTS = "lost acts"
    """The journal's head is behind its anchor: committed acts are missing."""
    KEY_MISSING = "key missing"
    """This computer does not have the record key that seals the journal."""


UNRECORDED = "ethics_desk.read_only"
"""The key, in a session's ``info``, of the reason a user action's session changes nothing: the
audit trail then leaves a read's own record unwritten
(:func:`ethics_desk.storage.audit.append_many`)."""

RESTORE_OR_CALL_IT = ("Restore the latest backup (an Administrator: ethics-desk restore BACKUP) "
                      "or call IT; until then the records can still be read, printed and "
                      "exported.")
"""The fix of a damaged database, as the banner and every refused command say it."""


@dataclass(frozen=True)
class ReadOnlyReason:
    """Why the database takes no more data: its ``kind``, the ``problem`` and the ``fix``, each
    one sentence; :attr:`sentence` is what the banner shows and every refusal says."""

    kind: ReadOnlyKind
    problem: str
    fix: str

    @property
    def sentence(self) -> str:
        """The problem, then the fix."""
        return f"{self.problem} {self.fix}"

    def error(self) -> StorageError:
        """The refusal of a change, in the same words."""
        return StorageError(self.problem, self.fix)


# -- the reasons found beside the file ----------------------------------------------------------


class Finding(Protocol):
    """What a reason provider's finder answers: a problem and its fix, in words."""

    @property
    def problem(self) -> str:
        """What happened, one sentence."""
        ...

    @property
    def fix(self) -> str:
        """What to do, one sentence."""
        ...


ReasonProvider = Callable[[Path], "ReadOnlyReason | None"]
"""A function of a SQLite database file's path: why it takes no more data, or None."""


def provider(kind: ReadOnlyKind, finder: Callable[[Path], Finding | None]) -> ReasonProvider:
    """A reason provider of ``kind`` made of ``finder(path)``, which answers an object with
    ``problem`` and ``fix`` sentences (or None when all is well)."""

    def find(path: Path) -> ReadOnlyReason | None:
        found = finder(path)
        return None if found is None else ReadOnlyReason(kind, found.problem, found.fix)

    return find


CHECK_FAILED_SUFFIX = "-check-failed"
"""The marker beside a database whose last ``ethics-desk check`` failed: ``office.sqlite`` has
``office.sqlite-check-failed``."""


def check_failed_marker(path: Path) -> Path:
    """Where the failed check of the SQLite file ``path`` is recorded."""
    return path.with_name(path.name + CHECK_FAILED_SUFFIX)


def record_failed_check(path: Path, failed: list[str], *, at: datetime) -> None:
    """Record that the check of the SQLite file ``path`` failed at ``at`` (``failed``: the
    checks that did not hold): every desk opens it read-only until a check holds again or a
    backup is restored in its place.

    It is recorded in a private file beside the database, not in the database: the file itself
    may be what is damaged — a write into it could fail, be lost with it, or damage it further —
    and a restore replaces it whole; a marker beside it is seen by every desk that opens the
    file, whatever state its pages are in, and goes only when the file is known sound again.
    """
    from ethics_desk.storage.private_files import keep_private

    text = json.dumps({"at": at.isoformat(timespec="seconds"), "failed": failed},
                      ensure_ascii=False, indent=1)
    keep_private(check_failed_marker(path), text.encode("utf-8"))


def clear_failed_check(path: Path) -> str | None:
    """Remove the failed check's marker of ``path``: a check held on the same file, or a backup
    was restored in its place. Its text (for :func:`put_back_failed_check`), None if there was
    none."""
    marker = check_failed_marker(path)
    try:
        text = marker.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    marker.unlink(missing_ok=True)
    return text


def put_back_failed_check(path: Path, text: str | None) -> None:
    """Put back a marker :func:`clear_failed_check` removed (a restore that was undone)."""
    if text is not None:
        from ethics_desk.storage.private_files import keep_private

        keep_private(check_failed_marker(path), text.encode("utf-8"))


def failed_check(path: Path) -> ReadOnlyReason | None:
    """The reason of a SQLite file whose last check failed (:func:`record_failed_check`)."""
    marker = check_failed_marker(path)
    try:
        text = marker.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return None
    except OSError:
        text = ""
    when, names = "", "see its report"
    with contextlib.suppress(ValueError, TypeError, AttributeError):
        found = json.loads(text)
        at = datetime.fromisoformat(found["at"]).astimezone(UTC)  # the office zone is in the database
        when = f" on {at:%Y-%m-%d} at {at:%H:%M} UTC"
        names = "; ".join(str(name) for name in found["failed"]) or names
    return ReadOnlyReason(
        ReadOnlyKind.CHECK_FAILED,
        f"The database {path.name} failed its check{when} ({names}), so it takes no more data "
        "until it is put right.", RESTORE_OR_CALL_IT)


REASON_PROVIDERS: list[ReasonProvider] = [failed_check]
"""Where a reason of a SQLite file is looked for, in order, before every change and whenever the
window asks: each is called with the file's path and must be quick (a file beside it, a head
read). Lost acts (the journal's head behind its anchor) plug in here, one line:
``REASON_PROVIDERS.append(provider(ReadOnlyKind.LOST_ACTS, record_anchor.lost_acts))``."""


def register_reason_provider(found: ReasonProvider) -> None:
    """Add a reason provider to :data:`REASON_PROVIDERS` (once)."""
    if found not in REASON_PROVIDERS:
        REASON_PROVIDERS.append(found)


def reason_of_file(path: Path) -> ReadOnlyReason | None:
    """The first reason :data:`REASON_PROVIDERS` give for the SQLite file ``path``, or None."""
    for find in list(REASON_PROVIDERS):
        found = find(path)
        if found is not None:
            return found
    return None


def key_missing(path: Path, key_id: str) -> ReadOnlyReason:
    """The reason of a file whose record key (``key_id``) is not on this computer: its records
    are read, printed and exported, none verified or changed; the fix is
    :func:`~ethics_desk.storage.record_key.missing_key`'s, bringing the key here."""
    from ethics_desk.storage.record_key import missing_key

    return ReadOnlyReason(
        ReadOnlyKind.KEY_MISSING,
        f"This computer does not have the record key ({key_id}) of {path.name}, so this record "
        "cannot be verified or changed on this computer; it can still be read, printed and "
        "exported.", missing_key(key_id).fix)


# -- SQLite's quick_check ------------------------------------------------------------------------


QUICK_CHECK_IN_BACKGROUND_BYTES = 4 * 1024 * 1024
"""A file at least this large is quick-checked in the background, while the window comes up and
the person signs in (the first change waits for it). Measured with
``benchmarks/quick_check.py`` on the 452 MB file of 100,000 cases that
``benchmarks/make_big_db.py`` builds: 4.9 to 9.8 s from a cold disk (11 to 22 ms per MB), 0.4 to
0.6 s from the disk cache (about 1.2 ms per MB). A file under 4 MiB (some 900 cases) is checked
at once in under a tenth of a second even from a cold disk."""


def quick_check(path: Path) -> list[str]:
    """What SQLite's ``PRAGMA quick_check`` finds wrong with the file ``path`` (its write-ahead
    log included), read without writing; empty when it holds."""
    from ethics_desk.storage.sqlite_file import read_only

    try:
        conn = read_only(path)
    except sqlite3.Error as exc:
        return [str(exc)]
    try:
        rows = [str(row[0]) for row in conn.execute("PRAGMA quick_check(20)")]
    except sqlite3.DatabaseError as exc:  # "database disk image is malformed"
        if "locked" in str(exc).lower() or "busy" in str(exc).lower():
            return []  # another desk holds it: not a finding (the next opening checks again)
        return [str(exc)]
    finally:
        conn.close()
    return [] if rows == ["ok"] else rows


def damaged(path: Path, found: list[str]) -> ReadOnlyReason:
    """The reason of a file whose pages ``quick_check`` or ``integrity_check`` found broken."""
    first = found[0].rstrip(".") if found else "broken pages"
    more = f", and {len(found) - 1} more finding(s)" if len(found) > 1 else ""
    return ReadOnlyReason(
        ReadOnlyKind.DAMAGED,
        f"The database file {path.name} is damaged (SQLite found: {first}{more}), so it takes "
        "no more data.", RESTORE_OR_CALL_IT)


def _large(path: Path) -> bool:
    """Whether the file ``path`` is checked in the background (a file that cannot be read for
    its size is not: the check at once says what is wrong)."""
    try:
        return path.stat().st_size >= QUICK_CHECK_IN_BACKGROUND_BYTES
    except OSError:
        return False


class QuickCheck:
    """SQLite's ``quick_check`` of one file at its opening, run once: at once for a small file,
    in a thread for a large one (:data:`QUICK_CHECK_IN_BACKGROUND_BYTES`); :meth:`reason` waits
    for it."""

    def __init__(self, path: Path, *, background: bool | None = None) -> None:
        self.path = path
        self._found: list[str] | None = None
        self._thread: threading.Thread | None = None
        if background is None:
            background = _large(path)
        if background:
            self._thread = threading.Thread(target=self._run, name="ethics-desk-quick-check",
                                            daemon=True)
            self._thread.start()
        else:
            self._run()

    @classmethod
    def of_a_large_file(cls, path: Path) -> QuickCheck | None:
        """The check of ``path`` started now on its thread if the file is large, for the
        opening to take over (:meth:`ethics_desk.storage.database.Database.start_quick_check`);
        None for a small one, checked at once when it is opened."""
        return cls(path, background=True) if _large(path) else None

    def _run(self) -> None:
        self._found = quick_check(self.path)

    @property
    def done(self) -> bool:
        """Whether the check has finished."""
        return self._found is not None

    def finish(self) -> None:
        """Wait for a check in the background to end: its file is about to be closed, and
        perhaps replaced (a restore) or removed, and no thread may still be reading it."""
        if self._thread is not None:
            self._thread.join()

    def reason(self, *, wait: bool = True) -> ReadOnlyReason | None:
        """The damage found (waiting for the check, unless not ``wait``), or None."""
        if self._thread is not None and wait:
            self._thread.join()
        found = self._found
        return damaged(self.path, found) if found else None
