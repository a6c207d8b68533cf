"""Where the database is, worked out without loading SQLAlchemy (the start-up path needs it first).

In this order: ``--db``; then ``ETHICS_DESK_DB``; then the **machine-wide setting** office IT
writes for every desk (the installer's ``/DB=`` option, or a file IT deploys); then the file in
the user's data folder. Any of them may be a file path or a SQLAlchemy URL
(:func:`ethics_desk.storage.database.resolve_url` turns each into a URL).

The machine-wide setting is the file :func:`machine_settings_file` — on Windows
``%ProgramData%\\EthicsDesk\\ethics-desk.ini``, on Linux ``/etc/xdg/EthicsDesk/ethics-desk.ini``
(the first folder of ``XDG_CONFIG_DIRS``), on macOS ``/Library/Application Support/EthicsDesk``
— holding::

    [database]
    address = postgresql+psycopg://ethics_desk@dbserver/ethics

A file rather than a registry value: one format and one reader on every system (the Linux
build is how CI checks it), readable by every account without ``winreg``, and deployed alike by
the installer, Group Policy's Files preference or a copy. Every account on the computer can
read it, so it may not hold a password: an address with one is refused, naming the fix — the
desks then reach the server by its own authentication (Windows sign-in through SSPI or
Kerberos, or libpq's password file ``%APPDATA%\\postgresql\\pgpass.conf`` of the account).
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import platformdirs

from ethics_desk.core.errors import StorageError

APP_NAME = "EthicsDesk"
DB_ENV = "ETHICS_DESK_DB"
MACHINE_SETTINGS_NAME = "ethics-desk.ini"
MACHINE_SECTION = "database"
MACHINE_KEY = "address"


def default_database_path() -> Path:
    """The per-user data folder's database file (``%LOCALAPPDATA%\\EthicsDesk`` on Windows)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "ethics-desk.sqlite"


def machine_settings_file() -> Path:
    """The machine-wide settings file IT writes for every desk (``%ProgramData%`` on Windows)."""
    return Path(platformdirs.site_config_dir(APP_NAME, appauthor=False)) / MACHINE_SETTINGS_NAME


def machine_database() -> str:
    """The database address of the machine-wide setting, or "" when there is none.

    A file that cannot be read or understood, or an address holding a password, is refused
    with the fix (IT's to make): silently using the desk's own file instead would let a clerk
    keep records apart from the office's.
    """
    path = machine_settings_file()
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return ""  # most desks; then configparser is not even imported (``due`` at once)
    except (OSError, UnicodeDecodeError) as exc:
        raise _unreadable(path, exc) from exc
    import configparser

    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text, source=str(path))
    except configparser.Error as exc:
        raise _unreadable(path, exc) from exc
    address = parser.get(MACHINE_SECTION, MACHINE_KEY, fallback="").strip()
    if address and _has_password(address):
        raise StorageError(f"The machine-wide database address in {path} contains a password, "
                           "which every account on this computer can read.",
                           "Ask IT to remove the password from the address; the desks then "
                           "sign in to the server with Windows authentication (SSPI or "
                           "Kerberos) or each account's pgpass.conf (see the IT guide, docs/it/server.md).")
    return address


def _unreadable(path: Path, problem: Exception) -> StorageError:
    """The machine-wide setting cannot be read or understood: IT's to correct."""
    return StorageError(f"The machine-wide database setting {path} cannot be read ({problem}).",
                        f"Ask IT to correct it (a [{MACHINE_SECTION}] section with "
                        f"“{MACHINE_KEY} = …”) or remove it; --db or {DB_ENV} still choose "
                        "a database meanwhile.")


def _has_password(address: str) -> bool:
    """Whether an address carries a password (``scheme://user:password@host`` or
    ``?password=…``)."""
    if "://" not in address:
        return False
    parts = urlsplit(address)
    return parts.password is not None or "password" in parse_qs(parts.query)


def named_database(db: str | os.PathLike[str] | None = None) -> str:
    """The database as named: ``db``, else ``ETHICS_DESK_DB``, else the machine-wide setting,
    else "" (the default file)."""
    if db is not None:
        return os.fspath(db)
    return os.environ.get(DB_ENV) or machine_database()


def database_file(db: str | os.PathLike[str] | None = None) -> Path | None:
    """The SQLite file a plain path (or the default) names, absolute; None for a database URL."""
    raw = named_database(db)
    if "://" in raw:
        return None
    if not raw:
        return default_database_path()
    return Path(raw).expanduser().resolve()


KEY_FOLDER_ENV = "ETHICS_DESK_KEY_FOLDER"
"""A folder for the key files instead of the user's data folder, and no credential store."""


def key_folder() -> Path:
    """Where key files are kept: ``ETHICS_DESK_KEY_FOLDER``, or ``keys`` in the user's data
    folder."""
    named = os.environ.get(KEY_FOLDER_ENV, "").strip()
    if named:
        return Path(named)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "keys"
