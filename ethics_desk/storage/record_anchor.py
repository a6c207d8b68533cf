"""The record's anchor beside a SQLite file: no committed act is lost unseen.

A SQLite database keeps its newest acts in its write-ahead log (``NAME-wal``) until they are
folded into the file. A damaged log — a flipped byte, a torn write after a power cut — is not an
error to SQLite: its recovery silently drops the log from the damaged frame on, and the
database opens as it was a few acts ago. The journal (:mod:`ethics_desk.storage.journal`) lives
in the same file, so it is consistent with the shortened state, and every check would hold.

So after each commit the journal's head — its newest record's ``seq`` and MAC, with the record
key's identifier — is also written to **the anchor**, a small file *beside* the database named
``NAME-anchor`` (``office.sqlite-anchor``), outside the database file and its log:

* **Beside it, not in the backup folder.** The anchor guards against the database losing its
  newest acts while the file itself stays; it must be written after every commit, so it belongs
  on the database's own disk, where one small write costs about what the commit's own flush
  does. The office's backup folder is often a network share, where a flush on every act would
  make every desk wait on the network, and may be unreachable for a while (the act is then
  committed but unanchored). A lost disk loses the anchor with the database; what is left then
  is the backup folder, whose copies carry their own heads (``check`` proves the journal against
  each). The anchor moves with the database: copy or move ``NAME-anchor`` with ``NAME``.
* **Durably**: written to ``NAME-anchor.partial``, private to the user from its first byte
  (:mod:`ethics_desk.storage.private_files`), flushed to the disk, renamed over the anchor, and
  the folder flushed (on POSIX), so that a crash leaves the old anchor or the new, never half.
* **Never backwards**: it is written while the database's write lock is held (the commit is
  followed at once by a short ``BEGIN IMMEDIATE`` that reads the head then current, writes the
  anchor and lets go), so anchors are written in the order of the commits, by however many
  desks and processes; and a head lower than the anchor's is never written over it (only a
  restore, an accepted loss or a new database with another key move it back). A desk that
  holds the lock past :data:`ANCHOR_WAIT_MS` writes the anchor when it commits; an anchor that
  cannot be written (a full disk) is logged, and the act stays saved.

:func:`lost_acts` compares the database's head with its anchor: a head behind it (or a journal
whose record at the anchor's ``seq`` is not the one anchored) means committed acts were lost —
their sequence numbers, and the newest automatic backup that holds them
(:mod:`ethics_desk.maintenance.auto_backup`), are named. ``check`` reports it
(:data:`ethics_desk.maintenance.integrity.LOST_ACTS`), and an opening (:func:`ethics_desk.storage
.opening.open_database`) is read-only then (:mod:`ethics_desk.storage.read_only`, its
``LOST_ACTS`` reason), until an Administrator restores a backup (the restore sets the anchor to
the restored file's head: :func:`reset`) or accepts the loss
(:func:`ethics_desk.maintenance.integrity.accept_lost_acts`, audited).

A database server needs no anchor: PostgreSQL does not drop committed transactions from a damaged
log silently — its recovery stops with an error at a damaged record, and the server refuses to
start rather than open without them — and the office's server is kept by IT with its own
durability (``fsync``, ``full_page_writes``, archived logs and dumps).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Engine

from ethics_desk.core.errors import StorageError
from ethics_desk.storage import journal
from ethics_desk.storage.private_files import create_private_file, sync_folder
from ethics_desk.storage.read_only import ReadOnlyKind, ReadOnlyReason

if TYPE_CHECKING:
    pass

log = logging.getLogger(__name__)

SUFFIX = "-anchor"
"""The anchor's name is the database file's name and this (``office.sqlite-anchor``)."""
PARTIAL = ".partial"
"""The anchor being written, before it is renamed over the anchor."""
ANCHOR_WAIT_MS = 1000
"""How long the anchor's write waits for the write lock after a commit: another desk holding it
longer writes the anchor itself when it commits (a head at least as new); one that never
commits leaves this act unanchored until the next, which is logged."""
ACCEPTED = "database.lost_acts_accepted"
"""The audit record's action when an Administrator accepts acts lost from the database."""


@dataclass(frozen=True)
class AnchoredHead:
    """A journal head as the anchor holds it: the newest record's ``seq`` and MAC, and the
    identifier of the record key that sealed it (which database it belongs to)."""

    seq: int
    mac: str
    key: str | None


@dataclass(frozen=True)
class LostActs:
    """Committed acts the database no longer holds: journal records ``first`` to ``last``.

    ``anchor`` is the head recorded after the last commit; ``head`` the database's now (None:
    no journal record at all). ``rewritten``: the database has reached the anchor's ``seq``
    again but with other records (acts lost, others made in their place), so ``first`` to
    ``last`` is the least that was lost. ``backup`` is the newest automatic backup holding the
    first of them (None: none does), ``backup_seq`` its head."""

    database: Path
    first: int
    last: int
    anchor: AnchoredHead
    head: int | None
    rewritten: bool = False
    backup: Path | None = None
    backup_seq: int | None = None

    @property
    def numbers(self) -> str:
        """The lost records' sequence numbers in words ("record 12", "records 12–15")."""
        return f"record {self.first}" if self.first == self.last \
            else f"records {self.first}–{self.last}"

    @property
    def problem(self) -> str:
        """What happened, in one sentence."""
        if self.rewritten:
            return (f"The database {self.database.name} has lost committed acts: its journal "
                    f"record {self.anchor.seq} is not the one recorded when it was committed "
                    "(acts were lost and others recorded in their place), so nothing more can "
                    "be saved in it.")
        return (f"The database {self.database.name} has lost committed acts: journal "
                f"{self.numbers} were recorded as committed but are no longer in it (its "
                "write-ahead log was damaged or the file replaced by an older copy), so "
                "nothing more can be saved in it.")

    @property
    def fix(self) -> str:
        """What to do about it, in one sentence."""
        if self.backup is not None:
            held = ("holds them" if self.backup_seq is not None and self.backup_seq >= self.last
                    else f"holds them up to record {self.backup_seq}")
            where = f"The newest backup that {held} is {self.backup}: an Administrator restores it"
        else:
            where = ("No backup in the office's backup folder holds them: an Administrator "
                     "restores the newest backup from elsewhere")
        return (f"{where} (ethics-desk restore), or accepts the loss (ethics-desk check "
                "--accept-lost-acts), after making a copy of the file as it is for IT.")

    def error(self) -> StorageError:
        """The refusal of a write to this database, in words."""
        return StorageError(self.problem, self.fix)


def anchor_path(database: Path) -> Path:
    """The anchor of the SQLite file ``database``: ``NAME-anchor`` beside it."""
    return database.with_name(database.name + SUFFIX)


def read_anchor(database: Path) -> AnchoredHead | None:
    """The head the anchor of ``database`` holds; None when there is none, or it cannot be
    read (logged: a damaged anchor guards nothing, and the next commit writes it whole)."""
    try:
        data = json.loads(anchor_path(database).read_text(encoding="utf-8"))
        key = data.get("key")
        return AnchoredHead(int(data["seq"]), str(data["mac"]),
                            str(key) if key is not None else None)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("the record anchor of %s cannot be read: %s", database, exc)
        return None


def _write(database: Path, head: AnchoredHead | None) -> None:
    """Put ``head`` in the anchor of ``database`` durably (see the module); None removes it."""
    place = anchor_path(database)
    if head is None:
        with contextlib.suppress(FileNotFoundError):
            place.unlink()
        sync_folder(place.parent)
        return
    partial = place.with_name(place.name + PARTIAL)
    create_private_file(partial)
    data = json.dumps({"seq": head.seq, "mac": head.mac, "key": head.key}).encode("utf-8")
    with partial.open("r+b") as handle:
        handle.write(data + b"\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(partial, place)
    sync_folder(place.parent)


def _head_and_key(conn: sqlite3.Connection) -> AnchoredHead | None:
    """The journal's head and key read on a SQLite connection (None: no journal record)."""
    try:
        row = conn.execute(f"SELECT seq, mac FROM {journal.TABLE} ORDER BY seq DESC "
                           "LIMIT 1").fetchone()
    except sqlite3.OperationalError:  # no journal yet (a revision before 0009)
        return None
    if row is None:
        return None
    key = conn.execute("SELECT value FROM setting WHERE key = ?",
                       (journal.KEY_SETTING,)).fetchone()
    return AnchoredHead(int(row[0]), str(row[1]), str(key[0]) if key is not None else None)


def record_head(engine: Engine, database: Path, *, force: bool = False,
                wait_ms: int = ANCHOR_WAIT_MS) -> AnchoredHead | None:
    """After a commit: the journal's head written to the anchor of ``database`` under the
    write lock (a short ``BEGIN IMMEDIATE``, waited for at most ``wait_ms``), unless the anchor
    already holds it or a newer head of the same key; ``force`` writes it whatever the anchor
    holds (an accepted loss). The head written, or None when nothing was written."""
    from ethics_desk.storage import sqlite_file

    raw = engine.raw_connection()
    try:
        conn = raw.driver_connection
        assert isinstance(conn, sqlite3.Connection)
        conn.execute(f"PRAGMA busy_timeout = {int(wait_ms)}")
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                head = _head_and_key(conn)
                anchored = read_anchor(database)
                if head is None or (not force and anchored is not None
                                    and anchored.key == head.key and anchored.seq >= head.seq):
                    return None
                _write(database, head)
                return head
            finally:
                conn.execute("ROLLBACK")
        finally:
            conn.execute(f"PRAGMA busy_timeout = {sqlite_file.BUSY_TIMEOUT_MS}")
    finally:
        raw.close()


def record_quietly(engine: Engine, database: Path) -> None:
    """:func:`record_head` after a commit, whose failure (a full disk, a folder that cannot
    be written, a lock held past the busy timeout) is logged, never raised: the act is
    committed, and the next commit writes the anchor again."""
    try:
        record_head(engine, database)
    except Exception as exc:  # the act is saved; only its anchor is late
        log.warning("the record anchor of %s could not be written: %s", database, exc)


def reset(database: Path, conn: sqlite3.Connection) -> AnchoredHead | None:
    """Set the anchor of ``database`` to the head of the journal ``conn`` reads (the restore's
    locked connection, once the backup is in place); a file without a journal has its anchor
    removed. What the anchor held before, to put back (:func:`put_back`) if the restore is
    undone."""
    before = read_anchor(database)
    _write(database, _head_and_key(conn))
    return before


def put_back(database: Path, before: AnchoredHead | None) -> None:
    """The anchor of ``database`` as it was before a restore that was undone."""
    try:
        _write(database, before)
    except OSError as exc:
        log.warning("the record anchor of %s could not be put back: %s", database, exc)


class Unreadable(Exception):
    """The SQLite file cannot be read (its other checks say why)."""


def file_head(path: Path, **parameters: str) -> AnchoredHead | None:
    """The head and key of the SQLite file at ``path``, read without writing it (None: no
    journal record); :class:`Unreadable` when it cannot be read."""
    from ethics_desk.storage.sqlite_file import read_only

    try:
        conn = read_only(path, **parameters)
        try:
            return _head_and_key(conn)
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise Unreadable(str(exc)) from exc


def _mac_of_file(path: Path, seq: int, **parameters: str) -> str | None:
    """The MAC of journal record ``seq`` of the SQLite file at ``path`` (None: not there, or
    the file cannot be read)."""
    from ethics_desk.storage.sqlite_file import read_only

    try:
        conn = read_only(path, **parameters)
        try:
            row = conn.execute(f"SELECT mac FROM {journal.TABLE} WHERE seq = ?",
                               (seq,)).fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return str(row[0]) if row is not None else None


def lost_acts(path: Path, **parameters: str) -> LostActs | None:
    """The committed acts the SQLite database at ``path`` has lost, by its anchor (see the
    module); None when it holds every act its anchor records, has no anchor of its key, or
    cannot be read (its other checks say why). Reads only (``parameters``: of the read-only
    URI, ``immutable="1"`` for a file on a folder that cannot be written)."""
    anchored = read_anchor(path)
    if anchored is None:
        return None
    try:
        head = file_head(path, **parameters)
    except Unreadable:
        return None
    if head is not None and head.key != anchored.key:
        return None  # the anchor of another database (a new file): the next commit replaces it
    seq = head.seq if head is not None else 0
    if seq < anchored.seq:
        found = LostActs(path, seq + 1, anchored.seq, anchored, head.seq if head else None)
    elif _mac_of_file(path, anchored.seq, **parameters) != anchored.mac:
        found = LostActs(path, anchored.seq, anchored.seq, anchored, seq, rewritten=True)
    else:
        return None
    backup, backup_seq = _newest_backup_holding(path, found, head)
    return LostActs(found.database, found.first, found.last, anchored, found.head,
                    found.rewritten, backup, backup_seq)


def reason(lost: LostActs) -> ReadOnlyReason:
    """The read-only mode's reason for a database that lost ``lost``
    (:mod:`ethics_desk.storage.read_only`): every desk that opens it takes no changes."""
    return ReadOnlyReason(ReadOnlyKind.LOST_ACTS, lost.problem, lost.fix)


def _newest_backup_holding(path: Path, lost: LostActs,
                           head: AnchoredHead | None) -> tuple[Path | None, int | None]:
    """The newest automatic backup of ``path`` (its backup folder) that holds the first lost
    act, with the database's history up to its head, and the backup's head."""
    from ethics_desk.storage.backup_files import backups_in, existing_folder

    folder = existing_folder(path)
    if folder is None:
        return None, None
    for copy in sorted(backups_in(folder, path.stem), key=lambda c: c.taken, reverse=True):
        try:
            found = file_head(copy.path)
        except Unreadable:
            continue
        if found is None or found.key != lost.anchor.key or found.seq < lost.first:
            continue
        if head is not None and not lost.rewritten \
                and _mac_of_file(copy.path, head.seq) != head.mac:
            continue  # another history (taken before a restore)
        if lost.rewritten and _mac_of_file(copy.path, lost.anchor.seq) != lost.anchor.mac:
            continue
        return copy.path, found.seq
    return None, None
