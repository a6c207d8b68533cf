"""Where the database is, worked out without loading SQLAlchemy (the start-up path needs it first).

``--db`` first, then ``ETHICS_DESK_DB``, then the file in the user's data folder; either may be a
file path or a SQLAlchemy URL (:func:`ethics_desk.storage.database.resolve_url` turns both into a URL).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "EthicsDesk"
DB_ENV = "ETHICS_DESK_DB"


def default_database_path() -> Path:
    """The per-user data folder's database file (``%LOCALAPPDATA%\\EthicsDesk`` on Windows)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "ethics-desk.sqlite"


def named_database(db: str | os.PathLike[str] | None = None) -> str:
    """The database as named: ``db``, else ``ETHICS_DESK_DB``, else "" (the default file)."""
    return os.fspath(db) if db is not None else os.environ.get(DB_ENV) or ""


def database_file(db: str | os.PathLike[str] | None = None) -> Path | None:
    """The SQLite file a plain path (or the default) names, absolute; None for a database URL."""
    raw = named_database(db)
    if "://" in raw:
        return None
    if not raw:
        return default_database_path()
    return Path(raw).expanduser().resolve()
