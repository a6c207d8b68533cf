"""Damaging a closed test database the ways an office meets it, for the read-only mode's tests."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from ethics_desk.storage.database import Database


def closed(database: Database, path: Path) -> None:
    """Close ``database`` and fold its write-ahead log into the file ``path``."""
    database.dispose()
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def break_a_page(path: Path, table: str = "witness") -> None:
    """Overwrite the start of ``table``'s root page with garbage: a page no command of the test
    touches, which SQLite's ``quick_check`` and ``integrity_check`` find broken."""
    conn = sqlite3.connect(path)
    try:
        root = int(conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                                (table,)).fetchone()[0])
        size = int(conn.execute("PRAGMA page_size").fetchone()[0])
    finally:
        conn.close()
    with path.open("r+b") as file:
        file.seek((root - 1) * size)
        file.write(b"\xff" * 64)


AUDIT_INDEX = "ix_audit_record_complaint_id"
AUDIT_INDEX_SQL = f"CREATE INDEX {AUDIT_INDEX} ON audit_record (complaint_id)"


def break_an_index(path: Path) -> None:
    """Make an index disagree with its table: ``integrity_check`` fails ("row 1 missing from
    index"), while ``quick_check``, which does not compare them, holds."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute("UPDATE sqlite_master SET sql = ? WHERE name = ?",
                     (AUDIT_INDEX_SQL.replace("(complaint_id)", "(actor)"), AUDIT_INDEX))
    finally:
        conn.close()


def mend_the_index(path: Path) -> None:
    """Put right what :func:`break_an_index` did (its definition back, the index rebuilt)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute("UPDATE sqlite_master SET sql = ? WHERE name = ?",
                     (AUDIT_INDEX_SQL, AUDIT_INDEX))
        conn.execute("PRAGMA writable_schema = OFF")
    finally:
        conn.close()
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(f"REINDEX {AUDIT_INDEX}")
    finally:
        conn.close()


def fingerprint(path: Path) -> str:
    """The SHA-256 of the file ``path`` and of its write-ahead log, if it has one with frames:
    equal before and after a command when the command wrote nothing."""
    digest = hashlib.sha256(path.read_bytes())
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size:
        digest.update(wal.read_bytes())
    return digest.hexdigest()
