"""SQLite ``file:`` URIs built from a path, and read back into one, correct for any path.

SQLite reads a URI's ``?`` as the start of its parameters and ``#`` as the start of a fragment,
and decodes ``%HH``; a path pasted into ``f"file:{path}"`` therefore names another file as soon
as a folder's name holds one of them (a backup of "nothing", verified). Every URI the application
builds comes from :func:`file_uri`: the absolute path, percent-encoded, with an empty authority —
``file:///srv/Ethics%20%231/db.sqlite``, ``file:///C:/Ethics/db.sqlite`` on Windows, and
``file:////server/share/db.sqlite`` for a Windows share (SQLite refuses a host name in the
authority). :func:`path_of_uri` is its inverse, for the SQLAlchemy form
``sqlite:///file:…?mode=ro&uri=true`` (:func:`ethics_desk.storage.database.sqlite_path`).

Nothing here loads SQLAlchemy: the start-up path uses it before the ORM is loaded.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePath, PureWindowsPath
from urllib.parse import quote, unquote, urlencode

SAFE = "/:"
"""What stays as it is in the path of a URI: the separators and a Windows drive's colon."""


def file_uri(path: str | os.PathLike[str] | PurePath, **parameters: str) -> str:
    """The SQLite URI of ``path`` (made absolute), with ``parameters`` (``mode="ro"``)."""
    pure = path if isinstance(path, PurePath) else Path(path)
    if isinstance(pure, Path):
        pure = pure.expanduser().resolve()
    if isinstance(pure, PureWindowsPath):
        text = pure.as_posix()  # C:/Ethics/db.sqlite, or //server/share/db.sqlite
        raw = (text if text.startswith("//") else "/" + text).encode("utf-8")
    else:
        raw = os.fsencode(pure)  # the file name's own bytes
    encoded = quote(raw, safe=SAFE)
    query = urlencode(parameters) if parameters else ""
    return f"file://{encoded}" + (f"?{query}" if query else "")


def path_of_uri(uri: str, *, windows: bool | None = None) -> str | None:
    """The file a SQLite ``file:`` URI names (its parameters dropped), or None for an in-memory
    database; ``windows`` reads it as on Windows (default: as on this machine)."""
    rest = uri.removeprefix("file:").split("#", 1)[0].split("?", 1)[0]
    if rest.startswith("//"):  # an authority: empty or "localhost" (SQLite allows no other)
        authority, _, rest = rest[2:].partition("/")
        rest = "/" + rest
        if authority not in ("", "localhost"):
            rest = f"//{authority}{rest}"
    path = unquote(rest, errors="surrogateescape")
    if path in ("", ":memory:"):
        return None
    if windows if windows is not None else os.name == "nt":
        if len(path) >= 3 and path[0] == "/" and path[2] == ":":  # /C:/… is C:/…
            path = path[1:]
        return str(PureWindowsPath(path))
    return path
