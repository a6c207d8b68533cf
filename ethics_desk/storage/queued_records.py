"""The records a reader makes while another desk writes: written at once, or queued and never lost.

Reading never waits for a writer. A command or a window that only reads — ``check``, ``backup``,
``access``, a letter's preview, ``user list``, the disposal list, a case or an exhibit opened, a
paper printed — still leaves records: the sign-in (who is there) and, for a case's content, the
access-history record of § 2-83(h) (who saw what). Those records go into the audit chain, which
one writer at a time extends (SQLite's write lock, the server's
:data:`~ethics_desk.storage.database.WRITER_LOCK`). Another desk that
holds that lock — a long print run, a desk hung in the middle of an act — used to make every
reader wait and then fail "the database is busy". Now:

* **The reading runs in a read transaction**, which never waits: SQLite's write-ahead log lets
  readers read the last committed state while a writer works; on the server readers never
  take the writers' lock.
* **The record is attempted without waiting** (:func:`record`): when the writers' lock is free
  it is written at once, in its own transaction, as before.
* **When the lock is held, the record is queued** in a private file (:func:`queue_path`): beside
  a SQLite file, ``<file name>-queued`` (the database's companion, as its ``-wal`` is); for a
  server, in this user's data folder, named after the server's address. The file is created
  private (mode 0600, :func:`~ethics_desk.storage.private_files.create_private_file`), each
  record is one JSON line carrying its own time, actor, act and case, and it is ``fsync``-ed
  before the reader goes on — so nothing is shown that is not on record, even if the computer
  loses power the next moment.
* **The next writer writes the queue** (:func:`write_queued`), first thing in its transaction
  (:meth:`~ethics_desk.storage.database.Database.unit_of_work`): in the order the records were
  made, with their original times and actors, each chained by :func:`ethics_desk.storage.audit.append`
  as any other, so the chain's hash order holds and ``check`` verifies it as before. The records
  commit with the writer's act or roll back with it (and stay queued). The command that queued
  them tries once more, without waiting, before it exits
  (:meth:`~ethics_desk.storage.database.Database.dispose`).

Why a file and not a table: on SQLite a table can only be written under the very lock that is
held; and one mechanism for a file and a server keeps the rules the same on every desk.

**Written once, not twice.** The queue is emptied only after the writer has committed, and the
last record it wrote is named in the ``setting`` row ``audit.queued.<queue id>`` in the same
transaction: a writer that dies between its commit and the emptying leaves records that the next
writer recognises as written and skips.

**A queued sign-in is still a sign-in.** The password is verified against the database as it is
(a read); an unknown login, a wrong password and a disabled account get the one answer as ever.
A refusal of a known account is queued too, and counted when it is written, at its own time,
as :func:`ethics_desk.staff.accounts.sign_in` counts it (the login's and the workstation's
sign-in delays grow; a queued sign-in ends them, as one written at once does).

**On a server** the queue is the desk's own (another desk cannot read this user's data folder),
so it is written by the next write of any kind on this desk — the next sign-in with the lock
free is one. Until then its queued refusals count nowhere: every desk counts those already
written. A desk's queue adds nothing to what its user could do anyway: the
workstations' role inserts audit records by design, and the journal seals whatever is written.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sys
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO, Protocol, TypeVar

import platformdirs
from sqlalchemy.engine import URL
from sqlalchemy.orm import Session

from ethics_desk.storage.failures import WriterBusy
from ethics_desk.storage.location import APP_NAME
from ethics_desk.storage.private_files import (
    create_private_file,
    make_private_folder,
    sync_folder,
)

log = logging.getLogger(__name__)

T = TypeVar("T")


class Writes(Protocol):
    """What :func:`record` asks of a database (:class:`ethics_desk.storage.database.Database`):
    its address, a user action run in one transaction without waiting for the writers' lock,
    and a mark that something was queued. The database writes the queue first thing in each
    transaction, so this module is below it and knows it by this alone."""

    url: URL
    queued: bool

    @property
    def checking(self) -> bool:
        """Whether a check of the file still reads it (a change would wait for it)."""
        ...

    def write(self, action: Callable[[Session], T], *, tries: int = ...,
              wait: bool = ...) -> T:
        """Run ``action`` in one writing transaction."""
        ...

QUEUE_SUFFIX = "-queued"
"""A SQLite file's queue is the file's name and this: ``ethics-desk.sqlite-queued``."""
DONE_PREFIX = "audit.queued."
"""The ``setting`` row naming, for each queue (by its id), the last record written from it."""
REFUSED = "refused"
"""A queued record's effect on the account: a wrong password, counted."""
SIGNED_IN = "signed_in"
"""A queued record's effect on the account: a right password, the count reset."""


@dataclass(frozen=True)
class Pending:
    """One audit record a reader made: what :func:`ethics_desk.storage.audit.append` takes, with
    its own time; ``login`` and ``effect`` (:data:`REFUSED`, :data:`SIGNED_IN`) when it is a
    sign-in's, whose count is kept on the account when it is written."""

    at: datetime
    actor: str
    action: str
    summary: str
    complaint_id: int | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    login: str = ""
    effect: str = ""
    id: str = field(default_factory=lambda: uuid.uuid4().hex)

    def line(self) -> bytes:
        """The record as one line of the queue."""
        return (json.dumps({"id": self.id, "at": self.at.astimezone(UTC).isoformat(),
                            "actor": self.actor, "action": self.action,
                            "summary": self.summary, "complaint_id": self.complaint_id,
                            "detail": self.detail, "login": self.login,
                            "effect": self.effect}, ensure_ascii=False, default=str)
                + "\n").encode("utf-8")

    @classmethod
    def of(cls, data: dict[str, Any]) -> Pending:
        """A record read back from a line of the queue."""
        return cls(datetime.fromisoformat(str(data["at"])), str(data["actor"]),
                   str(data["action"]), str(data["summary"]),
                   None if data.get("complaint_id") is None else int(data["complaint_id"]),
                   dict(data.get("detail") or {}), str(data.get("login") or ""),
                   str(data.get("effect") or ""), str(data["id"]))


def queue_path(url: URL) -> Path | None:
    """Where the records of ``url``'s readers wait for the writers' lock: beside a SQLite file
    (``<file name>-queued``), or this user's data folder for a server (named after its address,
    without the password); None for a database in memory."""
    from ethics_desk.storage.addresses import sqlite_path

    path = sqlite_path(url)
    if path is not None:
        return path.with_name(path.name + QUEUE_SUFFIX)
    if url.get_backend_name() == "sqlite":
        return None
    address = url.render_as_string(hide_password=True)
    digest = hashlib.sha256(address.encode("utf-8")).hexdigest()[:16]
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / f"server-{digest}{QUEUE_SUFFIX}"


# -- the file ---------------------------------------------------------------------------------

def _lock(handle: BinaryIO) -> None:
    """Hold the queue for this process alone (its other readers and writers wait their turn: a
    few lines' read or write)."""
    if sys.platform == "win32":
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK, 1)
    else:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)


def _unlock(handle: BinaryIO) -> None:
    if sys.platform == "win32":
        import msvcrt

        handle.seek(0)
        with contextlib.suppress(OSError):
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _create(path: Path) -> None:
    """The queue, private from its first byte, with its header line (its id); made under another
    name and linked into place, so that two processes making it at once never empty each
    other's records."""
    if not path.parent.is_dir():  # a server's: the user's own data folder, made private
        make_private_folder(path.parent)
    made = path.with_name(f"{path.name}.new-{uuid.uuid4().hex}")
    create_private_file(made)
    try:
        with made.open("r+b") as handle:
            handle.write((json.dumps({"queue": uuid.uuid4().hex}) + "\n").encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(made, path)
        sync_folder(path.parent)
    finally:
        with contextlib.suppress(OSError):
            made.unlink()


@contextlib.contextmanager
def _held(path: Path, *, create: bool) -> Iterator[BinaryIO | None]:
    """The queue's file, open and locked; None when there is none (and ``create`` is False)."""
    if not path.exists():
        if not create:
            yield None
            return
        _create(path)
    with path.open("r+b") as handle:
        _lock(handle)
        try:
            yield handle
        finally:
            _unlock(handle)


def _parse(content: bytes) -> tuple[str, list[Pending], int]:
    """The queue's id, its records in order, and the length of its header line. A last line
    cut short (a process killed while appending, before its ``fsync`` returned, so before
    anything was shown) is not a record; any other line that cannot be read is logged and
    kept in the file, never silently dropped."""
    lines = content.split(b"\n")
    header = json.loads(lines[0].decode("utf-8")) if lines and lines[0] else {}
    queue_id = str(header.get("queue") or "")
    records: list[Pending] = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            records.append(Pending.of(json.loads(line.decode("utf-8"))))
        except (ValueError, KeyError, TypeError):
            if number < len(lines):  # the last, cut-short line has no newline after it
                log.error("line %d of the queued records cannot be read; it is kept", number)
    return queue_id, records, len(lines[0]) + 1


def _append(path: Path, records: Sequence[Pending]) -> None:
    """Add ``records`` to the queue at ``path`` (made if need be) and ``fsync`` it."""
    with _held(path, create=True) as handle:
        assert handle is not None
        content = handle.read()
        end = content.rfind(b"\n") + 1  # a line cut short by a kill was never shown: dropped
        handle.seek(end)
        handle.truncate()
        handle.write(b"".join(record.line() for record in records))
        handle.flush()
        os.fsync(handle.fileno())


def _read(path: Path) -> tuple[str, list[Pending]]:
    with _held(path, create=False) as handle:
        if handle is None:
            return "", []
        queue_id, records, _ = _parse(handle.read())
        return queue_id, records


def waiting(url: URL, *, session: Session | None = None, login: str | None = None,
            complaint_id: int | None = None) -> list[Pending]:
    """The records of ``url``'s readers still waiting in this computer's queue, in order (of
    the account ``login``, or of the case ``complaint_id``, when given); with ``session``, not
    those a writer has written already but not yet emptied from the queue."""
    path = queue_path(url)
    if path is None:
        return []
    queue_id, records = _read(path)
    if session is not None and records:
        records = _not_written(session, queue_id, records)
    return [r for r in records if (login is None or r.login == login)
            and (complaint_id is None or r.complaint_id == complaint_id)]


def _not_written(session: Session, queue_id: str, records: list[Pending]) -> list[Pending]:
    """``records`` without those the ``setting`` row of the queue names as written."""
    from ethics_desk.models import Setting

    done = session.get(Setting, DONE_PREFIX + queue_id)
    ids = [r.id for r in records]
    if done is not None and done.value in ids:
        return records[ids.index(done.value) + 1:]
    return records


# -- writing ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Drained:
    """What a writer wrote from a queue: the queue's file, its id and the last record's id."""

    path: Path
    queue_id: str
    last: str


def _write(session: Session, records: Sequence[Pending]) -> None:
    """Chain ``records`` into the audit trail, each at its own time, and count their sign-ins
    on their accounts, in the caller's (the writer's) transaction."""
    from ethics_desk.models import Complaint
    from ethics_desk.storage import audit

    for pending in records:
        case = pending.complaint_id
        detail = dict(pending.detail)
        if case is not None and session.get(Complaint, case) is None:
            # Disposed of since it was read: the record stays, the case's number with it.
            detail["case_disposed"] = case
            case = None
        if pending.at.tzinfo is None:
            raise ValueError("a queued record's time has no zone")
        audit.append(session, actor=pending.actor, action=pending.action, at=pending.at,
                     summary=pending.summary, complaint_id=case, detail=detail or None)
        if pending.effect:
            _count(session, pending)


def _count(session: Session, pending: Pending) -> None:
    """A queued sign-in's effect on its login's and workstation's delays, as
    :func:`~ethics_desk.staff.accounts.sign_in` would have had it, at its own time."""
    from ethics_desk.storage.sign_in_delays import count_refusal, count_sign_in

    workstation = pending.detail.get("workstation")
    desk = workstation if isinstance(workstation, str) else None
    if pending.effect == SIGNED_IN:
        count_sign_in(session, pending.login, desk)
    elif pending.effect == REFUSED:
        count_refusal(session, pending.login, desk, pending.at)


def write_queued(session: Session, url: URL) -> Drained | None:
    """Write the records waiting in this computer's queue of ``url`` into the audit trail,
    first thing in a writer's transaction (which holds the writers' lock): in order, each at
    its own time, those an earlier writer wrote but could not yet empty skipped. The caller
    empties the queue (:func:`forget`) once its transaction has committed."""
    from ethics_desk.models import Setting

    path = queue_path(url)
    if path is None or not path.exists():
        return None
    queue_id, records = _read(path)
    if not records or not queue_id:
        return None
    key = DONE_PREFIX + queue_id
    done = session.get(Setting, key)
    records = _not_written(session, queue_id, records)
    if records:
        _write(session, records)
        last = records[-1].id
        if done is None:
            session.add(Setting(key=key, value=last))
        else:
            done.value = last
        session.flush()
    else:
        last = done.value if done is not None else ""
    return Drained(path, queue_id, last)


def forget(drained: Drained | None) -> None:
    """Empty the queue a committed writer wrote (:func:`write_queued`), unless records were
    added to it since: they, and those before them, are written (or skipped) next time."""
    if drained is None:
        return
    with _held(drained.path, create=False) as handle:
        if handle is None:
            return
        queue_id, records, header = _parse(handle.read())
        if queue_id == drained.queue_id and records and records[-1].id == drained.last:
            handle.truncate(header)
            handle.flush()
            os.fsync(handle.fileno())


def record(database: Writes, records: Sequence[Pending], *,
           before_the_check: bool = False) -> bool:
    """Write ``records`` now if the writers' lock is free (with whatever was queued before
    them), else queue them, ``fsync``-ed, for the next writer: True when written now. Never
    waits for another desk's write. With ``before_the_check`` (the sign-in after Enter, and the
    record of what a person is shown — a list, a case, a search, an exhibit —, each listed
    from the queue where it is listed), not for the check of a large file still reading it at
    the opening (:attr:`Writes.checking`) either: queued, and should the check find the file
    damaged, kept for the restored one. Any other record waits for that check, as a change
    does: a refusal, so that the growing wait of the next try holds at once, and the
    trail's own browse, so that what it shows holds what was queued before it."""
    path = queue_path(database.url)
    if before_the_check and path is not None and database.checking:
        _append(path, records)
        database.queued = True
        return False
    try:
        database.write(lambda session: _write(session, records), wait=False)
        return True
    except WriterBusy:
        if path is None:
            raise
        _append(path, records)
        database.queued = True
        return False
