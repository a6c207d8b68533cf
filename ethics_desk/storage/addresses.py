"""Where a database is: the SQLite file behind a URL, and the database named in words for a
status bar or a message (a file path, or a server's address without its password)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import URL

from ethics_desk.storage.sqlite_uri import path_of_uri


def describe(url: URL) -> str:
    """The database for a status bar or a message: a file path, or the URL without password."""
    path = sqlite_path(url)
    if path is not None:
        return str(path)
    if url.get_backend_name() == "sqlite" and url.database:
        return url.database
    return url.render_as_string(hide_password=True)


def sqlite_path(url: URL) -> Path | None:
    """The file behind a SQLite URL, or None for other backends and in-memory databases.

    A URI-style URL (``sqlite:///file:PATH?mode=ro&uri=true``) names ``PATH``, decoded as
    SQLite decodes it (:func:`ethics_desk.storage.sqlite_uri.path_of_uri`).
    """
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    if uses_uri(url) and url.database.startswith("file:"):
        named = path_of_uri(url.database)
        return Path(named) if named is not None else None
    return Path(url.database)


def uses_uri(url: URL) -> bool:
    """Whether a SQLite URL is URI-style (``?mode=ro&uri=true``): its file is never created."""
    return str(url.query.get("uri", "")).lower() in ("true", "1")
