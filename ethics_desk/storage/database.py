"""Where the database lives and how it is opened: SQLite by default, any SQLAlchemy URL otherwise.

Every SQLite connection gets WAL, ``synchronous=FULL``, foreign keys and a busy timeout. Write
sessions begin ``IMMEDIATE`` so that two workstations never interleave a case number or the
audit chain. On PostgreSQL every write transaction first takes one transaction-scoped advisory
lock (:data:`WRITER_LOCK`), which serialises the writers of every workstation the same way;
readers never wait for it. Operational failures the user can act on (locked, read-only, full, not a database)
become :class:`~ethics_desk.core.errors.StorageError` with the fix in words. After each commit
to a SQLite file the journal's head is written to the file's record anchor beside it
(:mod:`ethics_desk.storage.record_anchor`); a database that has lost acts is read-only
(:meth:`Database.read_only_reason`).

A user action runs through :meth:`Database.write`: what the database still refuses although
the writers take turns — a deadlock, a serialization failure, a unique key taken by another
workstation at the same moment — is run again, afresh, a bounded number of times
(:data:`WRITE_TRIES`) before the user is told that another workstation saved the same record.

A reader's records (a sign-in, a case's access history) are written with ``wait=False``: while
another desk holds the writers' lock they are queued instead (:mod:`ethics_desk.storage.queued_records`),
and every writer writes what is queued first thing in its transaction.

A database may be read-only for a reason of its own — damaged, a failed check, lost acts
(:mod:`ethics_desk.storage.read_only`): :meth:`Database.read_only_reason` says which, and every
user action then changes nothing — a change is refused with that reason's sentence before
anything is written, and a read's own audit record is not written.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import DBAPIError, NoSuchModuleError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from ethics_desk.core.errors import StorageError
from ethics_desk.storage import sqlite_file
from ethics_desk.storage.addresses import describe, sqlite_path, uses_uri
from ethics_desk.storage.failures import (
    WRITER_LOCK,
    WriterBusy,
    busy_error,
    is_busy,
    is_refused,
    translate_errors,
)
from ethics_desk.storage.journal import register_functions
from ethics_desk.storage.location import APP_NAME as APP_NAME  # re-exported: part of this module's API
from ethics_desk.storage.location import DB_ENV as DB_ENV
from ethics_desk.storage.location import default_database_path, named_database
from ethics_desk.storage.network_share import is_unc, network_share
from ethics_desk.storage.private_files import (
    create_private_file,
    make_private_folder,
    on_windows,
    tighten,
    tighten_database,
)
from ethics_desk.storage.read_only import (
    UNRECORDED,
    QuickCheck,
    ReadOnlyKind,
    ReadOnlyReason,
    reason_of_file,
)
from ethics_desk.storage.sqlite_uri import SAFE, file_uri, path_of_uri
from ethics_desk.storage.write_targets import refuse_companion_as_database, remember_open_database

WRITER_WAIT_SECONDS = 30.0
"""How long a user action waits, in all, for another workstation's write to end before the
user is told that the database is busy."""
LOCK_TIMEOUT = "10s"
"""How long a PostgreSQL writer waits for the lock (or a row) before the user is told that the
database is busy, as SQLite's busy timeout does for a file."""
WRITE_TRIES = 3
"""How many times, in all, :meth:`Database.write` runs a user action that the database refuses
for a moment's collision (deadlock, serialization failure, unique key taken at once)."""
WRITE_PAUSE_SECONDS = 0.05
"""The pause before the second try of a refused action; it doubles before each further try."""

T = TypeVar("T")


def resolve_url(db: str | os.PathLike[str] | None = None) -> URL:
    """The database to use: ``--db`` first, then ``ETHICS_DESK_DB``, then the default file.

    Either may be a SQLAlchemy URL (``postgresql+psycopg://…``) or a plain file path.
    """
    raw = named_database(db)
    if not raw:
        return URL.create("sqlite", database=str(default_database_path()))
    if "\0" in raw:
        raise StorageError("The database's name contains a NUL character (\\0), which no file "
                           "name or address may hold.",
                           "Type the path or the address again (--db or ETHICS_DESK_DB).")
    if "://" in raw:
        try:
            url = make_url(raw)
        except Exception as exc:  # sqlalchemy raises ArgumentError with a terse message
            raise StorageError(f"“{raw}” is not a database URL or file path.",
                               "Give a file path or a URL such as sqlite:///C:/path/file.sqlite.") \
                from exc
        _check_backend(url)
        return _encoded_uri(url)
    if raw.endswith(("/", "\\", os.sep)):
        raise StorageError(f"“{raw}” names a folder, not a database file.",
                           "Give the path of the database file (--db FOLDER/FILE.sqlite).")
    if is_unc(raw):
        # Kept as typed: resolving "//server/share/x" on POSIX makes it "/server/share/x", a
        # folder at the root of the disk, and hides that it names a network share.
        return URL.create("sqlite", database=raw)
    try:
        path = Path(raw).expanduser().resolve()
    except (OSError, RuntimeError) as exc:  # "~nobody/…", a symlink loop
        raise StorageError(f"The database path “{raw}” cannot be followed: {exc}.",
                           "Give the path of the database file as it is (--db PATH).") from exc
    return URL.create("sqlite", database=str(path))


SUPPORTED_BACKENDS = ("sqlite", "postgresql")
"""The databases Ethics Desk keeps its records in: a SQLite file, or a PostgreSQL server."""


def _check_backend(url: URL) -> None:
    """Refuse an address for a database Ethics Desk does not use (``mysql://``, ``oracle://``,
    an unknown scheme) or an asynchronous driver (``postgresql+asyncpg://``), naming the forms
    it takes; a driver of a supported database that is merely not installed is
    :func:`make_engine`'s to report."""
    shown = url.render_as_string(hide_password=True)
    forms = ("Give the path of a SQLite file, or a PostgreSQL server's address such as "
             "postgresql+psycopg://user@dbserver/ethics.")
    if url.get_backend_name() not in SUPPORTED_BACKENDS:
        raise StorageError(f"Ethics Desk cannot keep its records in “{shown}”: it works with a "
                           "SQLite file or a PostgreSQL server only.", forms)
    try:
        dialect = url.get_dialect()
    except NoSuchModuleError as exc:
        raise StorageError(f"“{shown}” names a database driver, {url.get_driver_name()}, that "
                           "Ethics Desk does not know.", forms) from exc
    if getattr(dialect, "is_async", False):
        raise StorageError(f"“{shown}” names an asynchronous driver, {url.get_driver_name()}, "
                           "which Ethics Desk does not use.", forms)


def _encoded_uri(url: URL) -> URL:
    """A URI-style SQLite URL whose file part is a correct SQLite URI for its path.

    SQLAlchemy decodes a URL's ``%HH`` and hands the rest to SQLite as it is, so that
    ``sqlite:///file:/Ethics%20%231/db.sqlite?mode=ro&uri=true`` would reach SQLite as
    ``file:/Ethics #1/db.sqlite`` (a fragment, and another file): the path is encoded again
    (:func:`ethics_desk.storage.sqlite_uri.file_uri`), absolute.
    """
    if url.get_backend_name() != "sqlite" or not uses_uri(url) or not url.database \
            or not url.database.startswith("file:"):
        return url
    literal = path_of_uri("file:" + quote(url.database.removeprefix("file:"), safe=SAFE))
    if literal is None:
        return url
    return url.set(database=file_uri(Path(literal)))


def make_engine(url: URL, *, create_folder: bool = True) -> Engine:
    """An engine with the pragmas and transaction handling Ethics Desk relies on."""
    path = sqlite_path(url)
    if path is not None:
        remember_open_database(path)  # no paper or backup is ever written over it
        try:
            _check_file_path(url, path, create_folder=create_folder)
        except OSError as exc:  # a name too long, a folder that may not be read
            raise StorageError(f"The database path {path} cannot be used: "
                               f"{exc.strerror or exc}.",
                               "Give a shorter path in a folder you may read and write "
                               "(--db PATH).") from exc
    try:
        engine = create_engine(url, future=True,
                               pool_pre_ping=url.get_backend_name() != "sqlite")
    except (ImportError, NoSuchModuleError) as exc:
        raise StorageError(
            f"This installation cannot open a {url.get_backend_name()} database "
            f"({describe(url)}): its driver is missing.",
            "Install Ethics Desk with the server driver (python -m pip install "
            "\"ethics-desk[server]\"), or use the Windows installer, which includes it.") from exc
    if url.get_backend_name() == "sqlite":
        _configure_sqlite(engine, path)
    elif url.get_backend_name() == "postgresql":
        _configure_postgresql(engine)
    return engine


def _check_file_path(url: URL, path: Path, *, create_folder: bool) -> None:
    """Refuse a SQLite file on a network share, a folder given as the file, a database's
    companion given as the database (``office.sqlite-wal``), and a folder that does not exist
    (but the application's own); with ``create_folder``, create the file, private to the user,
    before SQLite writes a page."""
    refuse_companion_as_database(path)
    shared = network_share(path)
    if shared is not None:
        raise StorageError(
            f"The database file {path} is on {shared}: SQLite cannot keep a file safe there "
            "when several workstations write to it, and it would be corrupted.",
            "Keep the file on this computer's own disk, or, for an office of several desks, "
            "use the database server (ethics-desk migrate-to moves the file there; see the "
            "IT guide, docs/it/server.md).")
    if path.is_dir():
        raise StorageError(f"{path} is a folder, not a database file.",
                           "Give the path of the database file (--db FOLDER/FILE.sqlite).")
    if create_folder:
        try:
            _make_folder(path.parent)
        except OSError as exc:
            raise StorageError(f"The folder for the database cannot be created: {exc}.",
                               "Choose a folder you can write to (--db PATH).") from exc
    elif not path.exists():
        raise StorageError(f"There is no database at {path}.",
                           "Check the path, or run the application once to create it.")
    if create_folder and not path.exists() and not uses_uri(url):
        # § 2-83(h)(1): private before SQLite writes a page; a folder that refuses the file
        # is SQLite's to report, as before ("The database file cannot be opened").
        with contextlib.suppress(OSError):
            create_private_file(path)


def _make_folder(folder: Path) -> None:
    """The database's folder: the user's own data folder is created if need be, private to
    the user (§ 2-83(h)(1)) — and on POSIX, when an older version made it readable by all, made
    so then. Any other folder must exist: a mistyped ``--db`` never creates folders (at the root
    of the disk, for ``//server/share/x`` on POSIX), it is refused, naming the folder."""
    default = folder == default_database_path().parent
    if folder.is_dir():
        if default and not on_windows():  # Windows' own %LOCALAPPDATA% is the user's already
            tighten(folder)
        return
    if default:
        make_private_folder(folder)
        return
    if folder.exists():
        raise StorageError(f"{folder} is a file, not a folder, so the database cannot be "
                           "kept in it.", "Give a path in an existing folder (--db PATH).")
    raise StorageError(f"There is no folder {folder} for the database; no folder is created "
                       "that you did not make.",
                       "Create the folder first, or give a path in an existing folder "
                       "(--db PATH).")


def _configure_sqlite(engine: Engine, path: Path | None = None) -> None:
    """Pragmas on every connection; SQLAlchemy, not pysqlite, decides when transactions begin.

    On the first connection the database file and its ``-wal``/``-shm`` are made private to the
    user if they are not (§ 2-83(h)(1)): a file an older version made with the umask's 0644.
    """
    unchecked = [path] if path is not None else []

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves, below
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {sqlite_file.BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA foreign_keys = ON")
            # A read-only file keeps its journal mode; reads still work.
            with contextlib.suppress(sqlite3.OperationalError):
                cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = FULL")
            # What is deleted is overwritten, not left in the file's free pages: a case
            # disposed of under the retention schedule is destroyed, not merely unlinked.
            # (Some builds of SQLite do this by default, Debian's; Python's for Windows does not.)
            cursor.execute("PRAGMA secure_delete = ON")
        finally:
            cursor.close()
        register_functions(dbapi_connection)  # the journal's MAC and digest (its triggers call them)
        if unchecked:  # after the WAL pragma: the companions exist now
            with contextlib.suppress(IndexError):  # another thread's first connection took it
                tighten_database(unchecked.pop())

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        options = conn.get_execution_options()
        mode = options.get("sqlite_begin", "DEFERRED")
        if not options.get("ethics_desk_no_wait"):
            conn.exec_driver_sql(f"BEGIN {mode}")
            return
        conn.exec_driver_sql("PRAGMA busy_timeout = 0")  # the lock now, or the queue
        try:
            conn.exec_driver_sql(f"BEGIN {mode}")
        finally:
            conn.exec_driver_sql(f"PRAGMA busy_timeout = {sqlite_file.BUSY_TIMEOUT_MS}")


def _configure_postgresql(engine: Engine) -> None:
    """A writer's transaction begins by taking :data:`WRITER_LOCK` (waiting at most
    :data:`LOCK_TIMEOUT`); statements are named as the application's in ``pg_stat_activity``."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = '{LOCK_TIMEOUT}'")
            cursor.execute("SET application_name = 'Ethics Desk'")
        dbapi_connection.commit()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        options = conn.get_execution_options()
        if options.get("ethics_desk_no_wait"):
            if not conn.exec_driver_sql(f"SELECT pg_try_advisory_xact_lock({WRITER_LOCK})").scalar():
                raise WriterBusy()
        elif options.get("ethics_desk_writer"):
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({WRITER_LOCK})")


class Database:
    """One open database: the engine, a session factory for reads and one for user actions,
    and whether it takes changes (:meth:`read_only_reason`)."""

    def __init__(self, url: URL, engine: Engine) -> None:
        self._bind(url, engine)
        self.queued = False
        """Whether records of this database's readers were queued (written at :meth:`dispose`
        if the writers' lock is free by then)."""
        path = sqlite_path(url)
        if path is not None and url.get_backend_name() == "sqlite":
            from ethics_desk.storage import record_anchor

            def _anchor(_session: Session) -> None:  # each act's head, outside the file
                record_anchor.record_quietly(engine, path)

            for writers in (self._write, self._write_now):  # waiting or not, every commit
                event.listen(writers, "after_commit", _anchor)
        self._quick_check: QuickCheck | None = None
        self._refused: ReadOnlyReason | None = None
        self.awaits_the_person = False
        """On the office's server opened by its address alone, where PostgreSQL lets nobody in
        before the person signs in with their own password: nothing could be read yet, its
        schema included, and the sign-in connects as the person and checks it first
        (:func:`ethics_desk.staff.accounts.sign_in`)."""

    def _bind(self, url: URL, engine: Engine) -> None:
        self.url = url
        self.engine = engine
        self._read = sessionmaker(bind=engine, expire_on_commit=False)
        writer = engine.execution_options(sqlite_begin="IMMEDIATE", ethics_desk_writer=True)
        self._write = sessionmaker(bind=writer, expire_on_commit=False)
        self._write_now = sessionmaker(bind=writer.execution_options(ethics_desk_no_wait=True),
                                       expire_on_commit=False)

    def connect_as(self, url: URL) -> None:
        """From now on connect as ``url`` says — on the office's server, as the person who
        signed in at this desk, so that the server's own rules (row-level security, each
        group's rights) apply to everything done for them; the connections of before are
        closed. A server's only: a file has no one to connect as."""
        if url.get_backend_name() != "postgresql":
            raise StorageError("Only a database server knows who connects.",
                               "Open a SQLite file as it is.")
        old = self.engine
        self._bind(url, make_engine(url))
        old.dispose()

    def start_quick_check(self, started: QuickCheck | None = None) -> None:
        """Run SQLite's ``quick_check`` on the file (in the background on a large one,
        :class:`~ethics_desk.storage.read_only.QuickCheck`) — or take over ``started``, this
        file's check begun at the first look: the first change waits for it, and a file it
        finds damaged takes none. Nothing for a server."""
        path = sqlite_path(self.url)
        if path is None or self._quick_check is not None:
            return
        if started is not None and started.path == path:
            self._quick_check = started
        elif path.is_file() and path.stat().st_size:
            self._quick_check = QuickCheck(path)

    def open_connections(self, count: int = 2) -> None:
        """Open ``count`` connections now and keep them in the pool, while nobody waits (behind
        the sign-in dialog): the sign-in after Enter reads through one and writes through
        another, each otherwise opened then, with its pragmas and functions (some 15 ms each on
        a file). Nothing is read. Nothing for a server: a desk there connects again as the
        person who signs in (:meth:`connect_as`)."""
        if self.url.get_backend_name() != "sqlite":
            return
        with contextlib.ExitStack() as held, translate_errors():
            for _ in range(count):
                held.enter_context(self.engine.connect())

    @property
    def checking(self) -> bool:
        """Whether the file's ``quick_check`` is still reading it in the background: until it
        answers, a change waits for it, and a record made meanwhile (a sign-in, an opened case)
        is queued (:func:`ethics_desk.storage.queued_records.record`) rather than waited for."""
        return self._quick_check is not None and not self._quick_check.done

    def refuse_changes(self, reason: ReadOnlyReason) -> None:
        """Take no more changes from now on, for ``reason`` (one found at the opening)."""
        self._refused = reason

    @contextmanager
    def lifting(self, kind: ReadOnlyKind) -> Iterator[None]:
        """Take changes again for the one act that ends a refusal of ``kind`` given at the
        opening (an Administrator accepting lost acts); the refusal stays if the act fails."""
        refused = self._refused
        if refused is not None and refused.kind is kind:
            self._refused = None
        try:
            yield
        except BaseException:
            self._refused = refused
            raise

    def read_only_reason(self, *, wait: bool = True) -> ReadOnlyReason | None:
        """Why this database takes no changes, or None: a reason given at the opening, the
        damage its ``quick_check`` found (waiting for it, unless not ``wait``), or one found
        beside the file (:data:`~ethics_desk.storage.read_only.REASON_PROVIDERS`), looked for
        afresh each time (another desk's failed check counts at once)."""
        if self._refused is not None:
            return self._refused
        if self._quick_check is not None:
            damage = self._quick_check.reason(wait=wait)
            if damage is not None:
                self._refused = damage
                return damage
        path = sqlite_path(self.url)
        return reason_of_file(path) if path is not None else None

    @property
    def description(self) -> str:
        """Where the data is, for the status bar and messages."""
        return describe(self.url)

    def read_session(self) -> Session:
        """A session for looking (no writes expected)."""
        return self._read()

    @contextmanager
    def statements(self) -> Iterator[Connection]:
        """A connection for reads of one statement each (the inbox's pages and counts, read
        on every keystroke), its failures worded (:func:`translate_errors`). On a server it is
        in autocommit: each statement is its own snapshot, without the two round trips a
        transaction adds (BEGIN, and the ROLLBACK when the connection goes back to the pool);
        a SQLite file is local, and read as any other."""
        with translate_errors(), self.engine.connect() as conn:
            if self.engine.dialect.name == "postgresql":
                conn.execution_options(isolation_level="AUTOCOMMIT")
            yield conn

    @contextmanager
    def unit_of_work(self, *, wait: bool = True) -> Iterator[Session]:
        """One user action: one session, one transaction, committed on success, rolled back on error.

        The transaction begins as a writer before the action runs (SQLite's write lock, or the
        server's :data:`WRITER_LOCK`); while another workstation holds it, the wait is retried
        for up to :data:`WRITER_WAIT_SECONDS` in all — or, with ``wait=False``, not at all:
        :class:`WriterBusy` at once. The records readers queued meanwhile are written first
        (:func:`~ethics_desk.storage.queued_records.write_queued`). Storage failures become
        :class:`StorageError`; a stale version becomes :class:`ConflictError`.

        On a read-only database (:meth:`read_only_reason`) the action runs in a transaction
        that cannot write and is rolled back: a change is refused with the reason's sentence
        before anything is written (:func:`_refuse_changes`, and the database refuses one made
        in SQL too), and a read whose audit record the action appends (opening a case, a
        preview, a print) goes on without it, since it cannot be written
        (:func:`ethics_desk.storage.audit.append_many`).
        """
        from ethics_desk.storage import queued_records

        reason = self.read_only_reason()
        if reason is not None:
            with self._without_changes(reason) as reading:
                yield reading
            return
        session = self._begin_writing() if wait else self._begin_writing_now()
        try:
            with translate_errors():
                try:
                    drained = queued_records.write_queued(session, self.url)
                    yield session
                    session.commit()
                except BaseException:
                    session.rollback()
                    raise
        finally:
            session.close()
        queued_records.forget(drained)

    def write(self, action: Callable[[Session], T], *, tries: int = WRITE_TRIES,
              wait: bool = True) -> T:
        """Run one user action, ``action(session)``, as :meth:`unit_of_work` does — one session,
        one transaction holding the writers' lock, committed on success, rolled back on error,
        failures translated — and return what it returns.

        When the database refuses the transaction for a collision with another workstation's
        (deadlock detected, could not serialize access, a unique key taken at the same moment:
        :func:`is_refused`), it is rolled back and ``action`` is run again in a new transaction
        after a short pause that grows each time, at most ``tries`` times in all; the last
        refusal is the user's "Another workstation saved the same record at the same moment".

        Running again is safe because nothing is kept between tries: the refused transaction
        is rolled back whole, its session is closed, and ``action`` gets a new session in which
        it reads everything afresh (the case, its version, the next number, the audit chain's
        head) — so ``action`` must keep nothing of its own from one call to the next. Any other
        failure — a :class:`~ethics_desk.core.errors.UserError` such as a § 2-83 rule or a
        stale version (:class:`ConflictError`), a busy, read-only or full database — is not
        retried.
        """
        pause = WRITE_PAUSE_SECONDS
        attempt = 1
        while True:
            try:
                with self.unit_of_work(wait=wait) as session:
                    return action(session)
            except StorageError as error:
                if attempt >= tries or not is_refused(error.__cause__):
                    raise
            time.sleep(pause)
            pause *= 2
            attempt += 1

    @contextmanager
    def _without_changes(self, reason: ReadOnlyReason) -> Iterator[Session]:
        """A session for a user action on a read-only database: it changes nothing (see
        :meth:`unit_of_work`)."""
        session = self._read()
        session.info[UNRECORDED] = reason
        event.listen(session, "before_flush", _refuse_changes)
        try:
            with translate_errors():
                connection = session.connection()
                sqlite = self.engine.dialect.name == "sqlite"
                connection.exec_driver_sql("PRAGMA query_only = ON" if sqlite
                                           else "SET TRANSACTION READ ONLY")
                try:
                    yield session
                except (OperationalError, DBAPIError) as exc:
                    if "read" in str(exc).lower() and "only" in str(exc).lower():
                        raise reason.error() from exc
                    raise
                finally:
                    if sqlite:
                        try:
                            connection.exec_driver_sql("PRAGMA query_only = OFF")
                        except (OperationalError, DBAPIError):
                            connection.invalidate()  # never back to the pool unable to write
                    session.rollback()
        finally:
            session.close()

    def _begin_writing(self) -> Session:
        """A write session whose transaction has begun and holds the writers' lock.

        Nothing has been read or written yet when the lock is refused, so waiting again is
        always safe; the last refusal is the user's "the database is busy".
        """
        deadline = time.monotonic() + WRITER_WAIT_SECONDS
        pause = 0.05
        while True:
            session = self._write()
            try:
                session.begin()
                session.connection()  # BEGIN IMMEDIATE, or the advisory lock
                return session
            except (OperationalError, DBAPIError) as exc:
                session.close()
                if not is_busy(exc):
                    with translate_errors():
                        raise
                if time.monotonic() + pause > deadline:
                    raise busy_error(self.url) from exc
                time.sleep(pause)
                pause = min(pause * 2, 1.0)
            except BaseException:
                session.close()
                raise

    def _begin_writing_now(self) -> Session:
        """A write session holding the writers' lock, taken without waiting; else
        :class:`WriterBusy`."""
        session = self._write_now()
        try:
            session.begin()
            session.connection()  # BEGIN IMMEDIATE without a busy wait, or the lock if free
            return session
        except WriterBusy:
            session.close()
            raise
        except (OperationalError, DBAPIError) as exc:
            session.close()
            if is_busy(exc):
                raise WriterBusy() from exc
            with translate_errors():
                raise
        except BaseException:
            session.close()
            raise

    def check_writable(self) -> None:
        """Raise :class:`StorageError` now if nothing could be saved (read-only, locked).

        On SQLite the write engine begins ``IMMEDIATE``, which takes the write lock (a locked
        file answers at once), and rewrites the header's ``user_version`` with its own value
        (a read-only file refuses); the transaction is then rolled back. A database in read-only
        mode (:meth:`read_only_reason`) raises its reason.
        """
        reason = self.read_only_reason()
        if reason is not None:
            raise reason.error()
        with translate_errors(), self._write.kw["bind"].connect() as conn:
            transaction = conn.begin()
            if self.url.get_backend_name() == "sqlite":
                version = conn.exec_driver_sql("PRAGMA user_version").scalar()
                conn.exec_driver_sql(f"PRAGMA user_version = {int(version or 0)}")
            transaction.rollback()

    def dispose(self) -> None:
        """Close every pooled connection (before a backup copy or at exit); the records this
        database's readers queued are written first if the writers' lock is free now. A
        ``quick_check`` still reading the file in the background is waited for first."""
        if self._quick_check is not None:
            self._quick_check.finish()
        self.write_queued()
        self.engine.dispose()

    def write_queued(self) -> None:
        """Write the records this database's readers queued, if the writers' lock is free now
        (never waiting for it): at :meth:`dispose`, and once a large file's check at the
        opening has held (:attr:`checking`). A database that takes no more data keeps them
        queued."""
        if self.queued:
            self.queued = False
            with contextlib.suppress(StorageError):  # still busy (or worse): the next writer's
                self.write(lambda _session: None, wait=False)


def _refuse_changes(session: Session, _context: Any, _instances: Any) -> None:
    """Before a read-only database's session writes anything: refuse any change with the
    reason's sentence (a read's audit record was never added, see :meth:`Database.unit_of_work`)."""
    changed = [item for item in session.dirty if session.is_modified(item)]
    if session.new or session.deleted or changed:
        reason: ReadOnlyReason = session.info[UNRECORDED]
        raise reason.error()


