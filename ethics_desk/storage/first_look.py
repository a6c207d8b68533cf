"""The first look at the database: what the start-up screen shows, read without SQLAlchemy.

Loading SQLAlchemy and the ORM takes longer than building and showing the whole window, so the
application first looks at a *current* database with the database's own driver — Python's
``sqlite3`` for a SQLite file that exists, is at the schema revision this version writes, and
can be written to now; ``psycopg`` for an office's PostgreSQL server at that revision. For such
a database :func:`first_look` answers what the start-up screen needs — the staff member at the
desk and the inbox's start-up view "Due today" (:class:`FirstInbox`) — and the ORM is loaded
after the window is shown (:meth:`FirstLook.open`). Everything else takes the full path,
:func:`ethics_desk.storage.opening.open_database`, with its messages: a database to create or to
migrate (after its backup), one written by a newer version, a locked or read-only one, a server
that cannot be reached or is not set up.

The rows are made by the same :func:`ethics_desk.cases.inbox.inbox_row` as the SQL query's, from the
same columns in the same order (tests compare the two answers).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from ethics_desk.cases.inbox import (
    DUE_TODAY,
    OVERDUE,
    PAGE_SIZE,
    BusinessDayCounter,
    InboxFilter,
    InboxRow,
    InboxSource,
    RowPage,
    inbox_row,
    listing_values,
    saved_view,
)
from ethics_desk.office import settings
from ethics_desk.storage.location import database_file, named_database
from ethics_desk.storage.migrate import head_revision

if TYPE_CHECKING:
    from ethics_desk.storage.database import Database

_LISTING = ("SELECT id, case_number, received_at, complainant_names, respondent_names, route, "
            "state, next_due_on, next_due_title FROM complaint")
"""The inbox's columns, in the order :func:`~ethics_desk.cases.inbox.inbox_row` takes them."""

BUSY_TIMEOUT_S = 5.0
"""How long a read waits for another workstation's write (as :mod:`ethics_desk.storage.database` does)."""


class FirstLook:
    """A current, writable SQLite database, read with ``sqlite3`` until the ORM is loaded."""

    ERRORS: tuple[type[Exception], ...] = (sqlite3.Error,)
    """What a read may raise that the full path explains better (busy, changed underneath)."""
    MARK = "?"
    """The driver's placeholder for a parameter."""

    def __init__(self, path: Path) -> None:
        self.path = path

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
        with closing(sqlite3.connect(f"{self.path.as_uri()}?mode=rw", uri=True,
                                     timeout=BUSY_TIMEOUT_S)) as conn:
            yield conn

    def _rows(self, sql: str, parameters: tuple[Any, ...]) -> list[Any]:
        with self._reading() as conn:
            return list(conn.execute(sql.replace("?", self.MARK), parameters).fetchall())

    def setting(self, key: str) -> Any:
        """A setting's value (its default when not stored), as :func:`settings.get` gives it."""
        rows = self._rows("SELECT value FROM setting WHERE key = ?", (key,))
        return settings.stored_value(key, rows[0][0] if rows else None)

    def due_on(self, today: date, offset: int = 0, limit: int = PAGE_SIZE) -> list[InboxRow]:
        """The "Due today" view's rows ``offset`` to ``offset + limit``, in its order (the id)."""
        rows = self._rows(f"{_LISTING} WHERE next_due_on = ? ORDER BY id LIMIT ? OFFSET ?",
                          (self._day(today), limit, offset))
        return [inbox_row(listing_values(row), today, _no_counter) for row in rows]

    def count_due(self, today: date, *, overdue: bool = False) -> int:
        """How many cases are due today (or, with ``overdue``, have a deadline before today)."""
        operator = "<" if overdue else "="
        rows = self._rows(f"SELECT count(*) FROM complaint WHERE next_due_on {operator} ?",
                          (self._day(today),))
        return int(rows[0][0])

    @staticmethod
    def _day(day: date) -> Any:
        return day.isoformat()  # SQLite keeps dates as ISO text

    def open(self) -> Database:
        """The database through SQLAlchemy, with the ORM loaded and its mappers configured.

        The revision was checked by :func:`first_look`; nothing is migrated here.
        """
        from sqlalchemy.orm import configure_mappers

        import ethics_desk.models  # noqa: F401 - every mapper must be known to configure them
        from ethics_desk.storage.database import Database, make_engine, resolve_url

        url = resolve_url(self.address)
        database = Database(url, make_engine(url, create_folder=False))
        configure_mappers()
        return database


class ServerFirstLook(FirstLook):
    """The office's PostgreSQL server at this version's revision, read with ``psycopg`` until
    the ORM is loaded (one short connection per question, as the window asks few)."""

    MARK = "%s"

    def __init__(self, url: str, conninfo: str, shown: str) -> None:
        import psycopg

        super().__init__(Path())
        self.url = url
        self.conninfo = conninfo
        self.shown = shown
        self.ERRORS = (psycopg.Error,)

    @property
    def description(self) -> str:
        """The address without its password, as the status bar shows it."""
        return self.shown

    @property
    def address(self) -> str:
        """The database as ``--db`` names it."""
        return self.url

    @contextmanager
    def _reading(self) -> Iterator[Any]:
        import psycopg

        with psycopg.connect(self.conninfo, connect_timeout=5, autocommit=True) as conn:
            yield conn

    @staticmethod
    def _day(day: date) -> Any:
        return day


def _no_counter() -> BusinessDayCounter:
    raise AssertionError("a row due today needs no business-day counting")


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


def _server_first_look(raw: str) -> FirstLook | None:
    """A first look at a server, when its driver is installed and it is at this revision."""
    address = _server_address(raw)
    if address is None:
        return None
    try:
        look = ServerFirstLook(raw, *address)
        rows = look._rows("SELECT version_num FROM alembic_version", ())
    except Exception:  # no driver, unreachable, not set up: the full path says which
        return None
    return look if [tuple(r) for r in rows] == [(head_revision(),)] else None


def first_look(db: str | None = None) -> FirstLook | None:
    """A first look at the database ``db`` names, or None when the full path must open it.

    The first look is given for a SQLite file that exists, is at this version's schema revision,
    and takes a write lock at once (the lock is released straight away), and for a PostgreSQL
    server at this version's revision.
    """
    path = database_file(db)
    if path is None:
        return _server_first_look(named_database(db))
    if not path.is_file():
        return None
    try:
        with closing(sqlite3.connect(f"{path.as_uri()}?mode=rw", uri=True, timeout=0,
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
    except sqlite3.Error:  # no such table, locked, read-only, not a database: the full path says
        return None
    return FirstLook(path)


class FirstInbox:
    """The inbox for one day: "Due today" from the first look, anything else from SQL.

    The first question the start-up view does not cover (another view, a search, the next page
    of a long list is covered) makes the full query, loading the ORM if it is not loaded yet;
    from then on every question goes there.
    """

    def __init__(self, look: FirstLook, today: date, full: Callable[[], InboxSource]) -> None:
        self.look = look
        self.today = today
        self._make_full = full
        self._full: InboxSource | None = None

    def full(self) -> InboxSource:
        """The full query (made on first need)."""
        if self._full is None:
            self._full = self._make_full()
        return self._full

    def page(self, inbox_filter: InboxFilter, offset: int = 0,
             limit: int = PAGE_SIZE) -> list[InboxRow]:
        """Rows ``offset`` to ``offset + limit`` of the filter's list."""
        return self.rows(inbox_filter, offset, limit).built()

    def rows(self, inbox_filter: InboxFilter, offset: int = 0,
             limit: int = PAGE_SIZE) -> RowPage:
        """:meth:`page`, each row built when first read."""
        if self._full is None and inbox_filter == saved_view(DUE_TODAY):
            try:
                return RowPage.of(self.look.due_on(self.today, offset, limit))
            except self.look.ERRORS:  # busy, or changed underneath: the full query explains
                pass
        return self.full().rows(inbox_filter, offset, limit)

    def count(self, inbox_filter: InboxFilter) -> int:
        """How many cases match."""
        if self._full is None and inbox_filter in (saved_view(DUE_TODAY), saved_view(OVERDUE)):
            try:
                return self.look.count_due(self.today,
                                           overdue=inbox_filter == saved_view(OVERDUE))
            except self.look.ERRORS:
                pass
        return self.full().count(inbox_filter)
