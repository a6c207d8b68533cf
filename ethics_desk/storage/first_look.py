"""The first look at the database: what the start-up screen shows, read without SQLAlchemy.

Loading SQLAlchemy and the ORM takes longer than building and showing the whole window, so the
application first looks at a *current* database with Python's ``sqlite3``: a SQLite file that
exists, is at the schema revision this version writes, and can be written to now. For such a
database :func:`first_look` answers what the start-up screen needs — the staff member at the
desk and the inbox's start-up view "Due today" (:class:`FirstInbox`) — and the ORM is loaded
after the window is shown (:meth:`FirstLook.open`). Everything else takes the full path,
:func:`ethics_desk.storage.opening.open_database`, with its messages: a database to create or to
migrate (after its backup), one written by a newer version, a locked or read-only one, a
database server.

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
from ethics_desk.storage.location import database_file
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

    def __init__(self, path: Path) -> None:
        self.path = path

    @property
    def description(self) -> str:
        """Where the data is, as :attr:`ethics_desk.storage.database.Database.description` says it."""
        return str(self.path)

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        with closing(sqlite3.connect(f"{self.path.as_uri()}?mode=rw", uri=True,
                                     timeout=BUSY_TIMEOUT_S)) as conn:
            yield conn

    def setting(self, key: str) -> Any:
        """A setting's value (its default when not stored), as :func:`settings.get` gives it."""
        with self._reading() as conn:
            row = conn.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
        return settings.stored_value(key, None if row is None else row[0])

    def due_on(self, today: date, offset: int = 0, limit: int = PAGE_SIZE) -> list[InboxRow]:
        """The "Due today" view's rows ``offset`` to ``offset + limit``, in its order (the id)."""
        with self._reading() as conn:
            rows = conn.execute(f"{_LISTING} WHERE next_due_on = ? ORDER BY id LIMIT ? OFFSET ?",
                                (today.isoformat(), limit, offset)).fetchall()
        return [inbox_row(listing_values(row), today, _no_counter) for row in rows]

    def count_due(self, today: date, *, overdue: bool = False) -> int:
        """How many cases are due today (or, with ``overdue``, have a deadline before today)."""
        operator = "<" if overdue else "="
        with self._reading() as conn:
            row = conn.execute(f"SELECT count(*) FROM complaint WHERE next_due_on {operator} ?",
                               (today.isoformat(),)).fetchone()
        return int(row[0])

    def open(self) -> Database:
        """The database through SQLAlchemy, with the ORM loaded and its mappers configured.

        The revision was checked by :func:`first_look`; nothing is migrated here.
        """
        from sqlalchemy.orm import configure_mappers

        import ethics_desk.models  # noqa: F401 - every mapper must be known to configure them
        from ethics_desk.storage.database import Database, make_engine, resolve_url

        url = resolve_url(self.path)
        database = Database(url, make_engine(url, create_folder=False))
        configure_mappers()
        return database


def _no_counter() -> BusinessDayCounter:
    raise AssertionError("a row due today needs no business-day counting")


def first_look(db: str | None = None) -> FirstLook | None:
    """A first look at the database ``db`` names, or None when the full path must open it.

    The first look is given only for a SQLite file that exists, is at this version's schema
    revision, and takes a write lock at once (the lock is released straight away).
    """
    path = database_file(db)
    if path is None or not path.is_file():
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
            except sqlite3.Error:  # busy, or changed underneath: the full query explains
                pass
        return self.full().rows(inbox_filter, offset, limit)

    def count(self, inbox_filter: InboxFilter) -> int:
        """How many cases match."""
        if self._full is None and inbox_filter in (saved_view(DUE_TODAY), saved_view(OVERDUE)):
            try:
                return self.look.count_due(self.today,
                                           overdue=inbox_filter == saved_view(OVERDUE))
            except sqlite3.Error:
                pass
        return self.full().count(inbox_filter)
