"""Another desk holding the writers' lock, for the tests of what must not wait for it: a SQLite
``BEGIN IMMEDIATE`` on a second connection, or the server's advisory lock in another session."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine, select

from ethics_desk.models import AuditRecord
from ethics_desk.storage import database as storage
from ethics_desk.storage import sqlite_file
from ethics_desk.storage.addresses import sqlite_path
from ethics_desk.storage.database import Database
from ethics_desk.storage.failures import WRITER_LOCK


@pytest.fixture
def short_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command that waited for the lock would fail in a fraction of a second, not in 30."""
    monkeypatch.setattr(storage, "WRITER_WAIT_SECONDS", 0.2)
    monkeypatch.setattr(sqlite_file, "BUSY_TIMEOUT_MS", 100)
    monkeypatch.setattr(storage, "LOCK_TIMEOUT", "100ms")


@contextmanager
def another_desk_writing(database: Database) -> Iterator[None]:
    """Another desk holding the writers' lock, from its own connection, until the block ends."""
    path = sqlite_path(database.url)
    if path is not None:
        other = sqlite3.connect(path, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            yield
            other.execute("ROLLBACK")
        finally:
            other.close()
        return
    engine = create_engine(database.url)
    try:
        with engine.connect() as conn, conn.begin():
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({WRITER_LOCK})")
            yield
    finally:
        engine.dispose()


def records_of(database: Database, action: str) -> list[AuditRecord]:
    """The audit records of ``action``, in the chain's order."""
    with database.read_session() as session:
        return list(session.scalars(select(AuditRecord).where(AuditRecord.action == action)
                                    .order_by(AuditRecord.seq)))


def the_next_writer_writes(database: Database) -> None:
    """Any act of any desk, once the lock is free (here: one that records nothing itself)."""
    database.write(lambda _session: None)
