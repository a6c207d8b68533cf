"""The first look at the database: what the start-up screen shows, read without SQLAlchemy.

Loading SQLAlchemy and the ORM takes longer than building and showing the whole window, so the
application first looks at a *current* database with the database's own driver — Python's
``sqlite3`` for a SQLite file that exists, is at the schema revision this version writes, and
can be written to now; ``psycopg`` for an office's PostgreSQL server at that revision. For such
a database :func:`first_look` answers what the sign-in dialog needs — where the data is and the
office's date style — and the ORM is loaded while the dialog is on screen
(:meth:`FirstLook.open`): nothing of a case is read before someone has signed in (§ 2-83(h)).
Everything else takes the full path,
:func:`ethics_desk.maintenance.opening.open_database`, with its messages: a database to create or to
migrate (after its backup), one written by a newer version, a locked or read-only one, a server
that cannot be reached or is not set up.

A server is further away than a file: importing ``psycopg`` and connecting take a good part of
a second, and an unreachable server the whole connection timeout. So the sign-in dialog is
shown from :func:`server_look` — the address alone, with neither the driver imported nor a
connection made — and asks the server (:meth:`ServerFirstLook.ask`, on a thread of its own)
while it is on screen; whatever the server then answers that is not "at this revision" takes
the full path as before.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from ethics_desk.core.errors import UserError
from ethics_desk.office import settings
from ethics_desk.storage.location import database_file, named_database
from ethics_desk.storage.migrate import head_revision
from ethics_desk.storage.read_only import QuickCheck
from ethics_desk.storage.server_door import waits_for_the_person
from ethics_desk.storage.sqlite_uri import file_uri

if TYPE_CHECKING:
    from ethics_desk.storage.database import Database

BUSY_TIMEOUT_S = 5.0
"""How long a read waits for another workstation's write (as :mod:`ethics_desk.storage.database` does)."""


class FirstLook:
    """A current, writable SQLite database, read with ``sqlite3`` until the ORM is loaded."""

    ERRORS: tuple[type[Exception], ...] = (sqlite3.Error,)
    """What a read may raise that the full path explains better (busy, changed underneath)."""
    MARK = "?"
    """The driver's placeholder for a parameter."""
    current: bool | None = True
    """Whether the database is at this version's revision: True for a file (:func:`first_look`
    checked it); for a server, None until it has been asked (:meth:`ServerFirstLook.ask`)."""
    awaits_the_person = False
    """Whether the server lets nobody in before the person signs in with their own password:
    it is then taken as current, and its schema is checked at the sign-in, as the person
    (``Database.awaits_the_person``). Never for a file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.check: QuickCheck | None = None
        """A large file's ``quick_check`` once :meth:`begin_check` has begun it; None for a
        small file or a server."""
        self._check_begun = False

    def begin_check(self) -> None:
        """Begin a large file's ``quick_check`` on its own thread, once: called as the ORM
        starts loading behind the sign-in dialog, so that the check reads the file while the
        ORM loads and the person types rather than after, and is done before Enter more often
        (:meth:`open` hands it to the database). Not before the dialog is shown: it would
        take from the dialog's start."""
        if not self._check_begun:
            self._check_begun = True
            self.check = QuickCheck.of_a_large_file(self.path)

    @property
    def description(self) -> str:
        """Where the data is, as :attr:`ethics_desk.storage.database.Database.description` says it."""
        return str(self.path)

    @property
    def address(self) -> str:
        """The database as ``--db`` names it (for opening it fully)."""
        return str(self.path)

    @contextmanager
    def _reading(self) -> Iterator[Any]:
        with closing(sqlite3.connect(file_uri(self.path, mode="rw"), uri=True,
                                     timeout=BUSY_TIMEOUT_S)) as conn:
            yield conn

    def _rows(self, sql: str, parameters: tuple[Any, ...]) -> list[Any]:
        with self._reading() as conn:
            return list(conn.execute(sql.replace("?", self.MARK), parameters).fetchall())

    def setting(self, key: str) -> Any:
        """A setting's value (its default when not stored), as :func:`settings.get` gives it."""
        rows = self._rows("SELECT value FROM setting WHERE key = ?", (key,))
        return settings.stored_value(key, rows[0][0] if rows else None)

    def has_accounts(self) -> bool:
        """Whether any staff account exists (none: the first sign-in makes the Administrator)."""
        return bool(self._rows("SELECT 1 FROM staff_account LIMIT 1", ()))

    def open(self) -> Database:
        """The database through SQLAlchemy, with the ORM loaded and its mappers configured.

        The revision was checked by :func:`first_look`; nothing is migrated here.
        """
        from sqlalchemy.orm import configure_mappers

        import ethics_desk.models  # noqa: F401 - every mapper must be known to configure them
        from ethics_desk.storage import record_anchor
        from ethics_desk.storage.addresses import sqlite_path
        from ethics_desk.storage.database import Database, make_engine, resolve_url

        url = resolve_url(self.address)
        database = Database(url, make_engine(url, create_folder=False))
        database.awaits_the_person = self.awaits_the_person
        database.start_quick_check(self.check)  # begun at the first look on a large file
        path = sqlite_path(url)
        lost = record_anchor.lost_acts(path) if path is not None else None
        if lost is not None:  # as the full opening does: read-only until restored or accepted
            database.refuse_changes(record_anchor.reason(lost))
        configure_mappers()
        return database


class ServerFirstLook(FirstLook):
    """The office's PostgreSQL server, read with ``psycopg`` until the ORM is loaded.

    Made from the address alone (:func:`server_look`): nothing is imported or connected until
    :meth:`ask` reaches the server, reads its revision and, when it is this version's, what the
    sign-in dialog needs, in one connection. Until then :attr:`current` is None.
    """

    MARK = "%s"

    def __init__(self, url: str, conninfo: str, shown: str) -> None:
        super().__init__(Path())
        self.url = url
        self.conninfo = conninfo
        self.shown = shown
        self.current: bool | None = None
        self._accounts: bool | None = None

    @property
    def description(self) -> str:
        """The address without its password, as the status bar shows it."""
        return self.shown

    def begin_check(self) -> None:
        """Nothing: a server has no file for this desk to check."""

    @property
    def address(self) -> str:
        """The database as ``--db`` names it."""
        return self.url

    def ask(self) -> bool:
        """Reach the server now: whether it is at this version's revision (:attr:`current`).

        Takes as long as a connection does (an unreachable server: up to
        :data:`CONNECT_TIMEOUT_S`), so the window calls it off its own thread. In the same
        connection it reads whether any account exists (:meth:`has_accounts`).
        Anything that goes wrong — the driver missing, the server unreachable, not set up, at
        another revision — is False: the full path opens it, and says what is wrong.
        """
        try:
            import psycopg

            self.ERRORS = (psycopg.Error,)
            with self._reading() as conn:
                revision = [tuple(r) for r in conn.execute(
                    "SELECT version_num FROM alembic_version").fetchall()]
                if revision != [(head_revision(),)]:
                    self.current = False
                    return False
                self._accounts = bool(conn.execute(
                    "SELECT 1 FROM staff_account LIMIT 1").fetchall())
        except Exception as exc:  # no driver, unreachable, not set up: the full path says which
            if waits_for_the_person(urlsplit(self.url).username, str(exc)):
                self.awaits_the_person = True  # there, waiting for the person who signs in
                self._accounts = True  # its first Administrator was made by IT's setup
                self.current = True
                return True
            self.current = False
            return False
        self.current = True
        return True

    def has_accounts(self) -> bool:
        """Whether any staff account exists: as the server answered :meth:`ask`, else read now."""
        if self._accounts is not None:
            return self._accounts
        return super().has_accounts()

    @contextmanager
    def _reading(self) -> Iterator[Any]:
        import psycopg

        with psycopg.connect(self.conninfo, connect_timeout=CONNECT_TIMEOUT_S,
                             autocommit=True) as conn:
            yield conn


CONNECT_TIMEOUT_S = 5
"""How long the first look waits for the server to accept a connection."""


def _server_address(raw: str) -> tuple[str, str] | None:
    """A PostgreSQL address as psycopg takes it, and as the status bar shows it (no password);
    None for any other address."""
    parts = urlsplit(raw)
    if parts.scheme not in ("postgresql", "postgresql+psycopg", "postgres"):
        return None
    conninfo = urlunsplit(parts._replace(scheme="postgresql"))
    shown_netloc = parts.netloc
    if parts.password is not None:
        user, _, host = parts.netloc.rpartition("@")
        shown_netloc = f"{user.split(':', 1)[0]}:***@{host}"
    return conninfo, urlunsplit(parts._replace(netloc=shown_netloc))


def server_look(db: str | None = None) -> ServerFirstLook | None:
    """A look at the PostgreSQL server ``db`` names, not yet asked (:meth:`ServerFirstLook.ask`):
    neither ``psycopg`` imported nor a connection made. None for a SQLite file (and for a
    machine-wide setting IT must fix: the full path's dialog says so)."""
    try:
        if database_file(db) is not None:
            return None
    except UserError:
        return None
    raw = named_database(db)
    address = _server_address(raw)
    return None if address is None else ServerFirstLook(raw, *address)


def _server_first_look(raw: str) -> FirstLook | None:
    """A first look at a server, asked now, when its driver is installed and it is at this
    revision."""
    address = _server_address(raw)
    if address is None:
        return None
    look = ServerFirstLook(raw, *address)
    return look if look.ask() else None


def first_look(db: str | None = None) -> FirstLook | None:
    """A first look at the database ``db`` names, or None when the full path must open it.

    The first look is given for a SQLite file that exists, is at this version's schema revision,
    takes a write lock at once (the lock is released straight away) and whose record key is on
    this computer, and for a PostgreSQL server at this version's revision (asked now, on this
    thread: :func:`server_look` is the look that asks later).
    """
    try:
        path = database_file(db)
    except UserError:  # a machine-wide setting IT must fix: the full path's dialog says so
        return None
    if path is None:
        return _server_first_look(named_database(db))
    try:
        if not path.is_file():
            return None
    except OSError:  # a name too long: the full path says so
        return None
    try:
        with closing(sqlite3.connect(file_uri(path, mode="rw"), uri=True, timeout=0,
                                     isolation_level=None)) as conn:
            revision = conn.execute("SELECT version_num FROM alembic_version").fetchall()
            if revision != [(head_revision(),)]:
                return None
            # As Database.check_writable does: a write lock, and a header write, rolled back.
            conn.execute("BEGIN IMMEDIATE")
            try:
                version = int(conn.execute("PRAGMA user_version").fetchone()[0])
                conn.execute(f"PRAGMA user_version = {version}")
            finally:
                conn.execute("ROLLBACK")
            if not _key_is_here(conn):  # opened read-only, with its reason, by the full path
                return None
    except sqlite3.Error:  # no such table, locked, read-only, not a database: the full path says
        return None
    return FirstLook(path)


JOURNAL_TABLE = "journal_record"
""":data:`ethics_desk.storage.journal.TABLE` (that module loads SQLAlchemy)."""
KEY_SETTING = "journal.key"
""":data:`ethics_desk.storage.journal.KEY_SETTING`."""


def _key_is_here(conn: sqlite3.Connection) -> bool:
    """Whether this computer has the record key of the SQLite database ``conn`` reads (or it
    has no journal yet), as :func:`ethics_desk.storage.journal.key_missing_for_file` answers."""
    from ethics_desk.storage import record_key

    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (JOURNAL_TABLE,)).fetchall():
        return True
    row = conn.execute("SELECT value FROM setting WHERE key = ?", (KEY_SETTING,)).fetchone()
    return row is not None and record_key.find_key(str(row[0])) is not None
