"""What the database refuses, in words a person can act on.

:func:`translate_errors` turns the failures a user can act on — locked, busy, read-only, full,
not a database, a record another workstation changed — into a
:class:`~ethics_desk.core.errors.StorageError` or :class:`~ethics_desk.core.errors.ConflictError`
with the fix in words; :func:`is_refused` tells what the database refuses although the writers
take turns (a deadlock, a serialization failure, a unique key taken at the same moment), which
:meth:`ethics_desk.storage.database.Database.write` runs again. The writers' lock
(:data:`WRITER_LOCK`) is here because the busy message names it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm.exc import StaleDataError

from ethics_desk.core.errors import ConflictError, StorageError
from ethics_desk.storage.addresses import describe
from ethics_desk.storage.location import APP_NAME as APP_NAME  # re-exported: part of this module's API
from ethics_desk.storage.location import DB_ENV as DB_ENV

REFUSED_SQLSTATES = frozenset({"40001", "40P01", "23505"})
"""PostgreSQL's codes for a transaction refused by a collision with another one: could not
serialize access, deadlock detected, unique violation."""
REFUSED_TEXTS = ("deadlock detected", "could not serialize access", "duplicate key value",
                 "unique constraint failed")
"""The same refusals in the words of the drivers (psycopg, and SQLite's "UNIQUE constraint
failed")."""

WRITER_LOCK = 2_083_000
"""The PostgreSQL advisory lock every writing transaction holds until it ends (§ 2-83's number,
so that IT reading ``pg_locks`` can tell whose it is). One lock for every writer: the next case
number and the audit chain's head are read and written by one workstation at a time."""



class WriterBusy(StorageError):
    """Another desk holds the writers' lock, and this write was not to wait for it
    (``wait=False``): its records are queued instead (:mod:`ethics_desk.storage.queued_records`)."""

    def __init__(self) -> None:
        super().__init__("The database is busy: another workstation is saving.",
                         "Wait a moment and try again.")


@contextmanager
def translate_errors(path: Path | None = None) -> Iterator[None]:
    """Turn the database failures a user can act on into messages that say what to do
    (``path``: the SQLite file being opened, whose folder the message may name)."""
    try:
        yield
    except StaleDataError as exc:
        raise ConflictError(
            "Another workstation changed this record after you opened it; nothing was saved.",
            "Reopen the case to see the change, then make yours again.") from exc
    except (OperationalError, DBAPIError, sqlite3.Error) as exc:
        translated = storage_error(exc, path)
        if translated is exc:
            raise
        raise translated from exc


def cannot_open_here(path: Path | None) -> StorageError | None:
    """For a SQLite file SQLite could not open: the message when its folder cannot be written
    (a read-only folder, share or disk, or a full disk — SQLite must make a small file beside
    the database to open it), saying that ``check`` still reads it and how to work with it;
    None when the folder can be written, or no file is known."""
    if path is None or not path.is_file():
        return None
    from ethics_desk.storage.sqlite_file import unwritable

    why = unwritable(path.resolve().parent)
    if why is None:
        return None
    checking = (f"“ethics-desk check --db {path}” still checks it as it is (it writes nothing "
                "there)")
    if why.startswith("the disk is full"):
        return StorageError(f"The database {path} cannot be opened here: {why}.",
                            f"Free some space on that disk, or ask IT; {checking}.")
    return StorageError(f"The database {path} cannot be opened here: {why}. SQLite must "
                        "write a small file beside a database to open it.",
                        f"{checking}. To work in it, copy the file to a folder you may write "
                        "and open the copy (--db), or ask IT to make the folder writable.")


def is_busy(exc: BaseException) -> bool:
    """Whether ``exc`` says that another writer holds the database (so waiting may help)."""
    text = str(getattr(exc, "orig", exc) or exc).lower()
    return any(word in text for word in ("locked", "busy", "lock timeout"))


def _from_server(exc: BaseException) -> bool:
    """Whether ``exc`` comes from a database server's driver (psycopg), not from SQLite."""
    original = getattr(exc, "orig", exc) or exc
    return not type(original).__module__.startswith("sqlite3") and (
        type(original).__module__.startswith("psycopg") or "lock timeout" in str(original))


def busy_error(url: URL | None, *, server: bool = False) -> StorageError:
    """The user's message for a database another desk kept locked too long: naming the file or
    the server (``url``, when known), and what to do about each. (A reader's own records never
    wait for it: :mod:`ethics_desk.storage.queued_records`.)"""
    where = f" ({describe(url)})" if url is not None else ""
    if server or (url is not None and url.get_backend_name() != "sqlite"):
        return StorageError(f"The database server{where} is busy: another workstation has been "
                            "saving for a long time.",
                            "Wait a moment and try again; if it persists, ask IT which "
                            f"workstation holds the Ethics Desk lock ({WRITER_LOCK} in the "
                            "server's pg_locks) and close Ethics Desk there.")
    return StorageError(f"The database file{where} is busy: another workstation or program is "
                        "holding it.",
                        "Wait a moment and try again; if it persists, close other copies of "
                        "Ethics Desk or any program that has the file open.")


def is_refused(exc: BaseException | None) -> bool:
    """Whether ``exc`` is the database refusing a transaction for a collision with another
    one at the same moment (so that running it again, afresh, may succeed): PostgreSQL's
    :data:`REFUSED_SQLSTATES`, or the drivers' :data:`REFUSED_TEXTS`."""
    if exc is None:
        return False
    original = getattr(exc, "orig", exc) or exc
    if getattr(original, "sqlstate", None) in REFUSED_SQLSTATES:
        return True
    text = str(original).lower()
    return any(words in text for words in REFUSED_TEXTS)


def storage_error(exc: BaseException, path: Path | None = None) -> StorageError | BaseException:
    """The user's message for a database failure, or the failure itself when it is a bug
    (``path``: the SQLite file, when known: a file SQLite cannot open because its folder is
    read-only or its disk full is named so, :func:`cannot_open_here`)."""
    text = str(getattr(exc, "orig", exc) or exc).lower()
    if is_busy(exc):
        return busy_error(None, server=_from_server(exc))
    if "readonly" in text or "read-only" in text or "read only" in text:
        return StorageError("The database is read-only, so nothing can be saved.",
                            "Ask IT for write permission on the database file and its folder, "
                            "or open a copy you can write to (--db PATH).")
    if "disk is full" in text or "database or disk is full" in text or "no space" in text:
        return StorageError("The disk holding the database is full; nothing was saved.",
                            "Free some space on that drive (or ask IT), then try again.")
    if is_refused(exc):
        return StorageError("Another workstation saved the same record at the same moment, so "
                            "this was not saved.",
                            "Try again: what you entered is still there; if it happens again, "
                            "reopen the window to see the other change.")
    if "journal is append-only" in text:
        return StorageError("The record's journal cannot be changed or deleted; nothing was "
                            "saved.", "Record a correction as a new entry instead.")
    if "append-only" in text:
        return StorageError("The audit trail cannot be changed or deleted; nothing was saved.",
                            "Record a correction as a new entry instead.")
    if "user-defined function raised exception" in text or "ethics_desk_mac" in text \
            or "record key is missing" in text:
        return StorageError("This change cannot be recorded: the record's journal cannot be "
                            "sealed on this computer (its key is missing), so nothing was saved.",
                            "Ask IT for the database's record key (ethics-desk key export on "
                            "the computer that has it, then ethics-desk key import FILE here), "
                            "and run “ethics-desk check”.")
    if "password authentication failed" in text or "no pg_hba.conf entry" in text:
        return StorageError("The database server refused this workstation's sign-in.",
                            "Ask IT to check the user name and password in the database address "
                            "(--db or ETHICS_DESK_DB) and the server's access rules.")
    if "database" in text and "does not exist" in text:
        return StorageError("The database named in the address does not exist on the server.",
                            "Check the address (--db or ETHICS_DESK_DB); IT creates the office's "
                            "database once with “ethics-desk server setup”.")
    if "permission denied" in text or "must be owner" in text:
        return StorageError("The database server does not let this workstation do that.",
                            "Ask IT to run “ethics-desk server setup”, which gives the "
                            "workstations' role the rights it needs.")
    if "connection refused" in text or "could not translate host name" in text \
            or "failed to resolve host" in text or "name or service not known" in text \
            or "timeout expired" in text or "server closed the connection" in text \
            or "no route to host" in text or "connection failed" in text:
        return StorageError("The database server cannot be reached, so nothing can be read or "
                            "saved just now.",
                            "Check this workstation's network connection; if other desks cannot "
                            "reach it either, ask IT whether the database server is running.")
    if "not a database" in text or "malformed" in text or "file is encrypted" in text:
        return StorageError("The file is not an Ethics Desk database, or it is damaged.",
                            "Choose the right file, or restore the latest backup "
                            "(ethics-desk check tells more).")
    if "unable to open" in text:
        return cannot_open_here(path) or StorageError(
            "The database file cannot be opened.",
            "Check that the path exists and that you may read and write it.")
    if isinstance(exc, (OperationalError, sqlite3.OperationalError)):
        return StorageError(f"The database reported a problem: {getattr(exc, 'orig', exc)}.",
                            "Try again; if it persists, run “ethics-desk check” and call IT.")
    return exc
