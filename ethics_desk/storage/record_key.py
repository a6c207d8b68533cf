"""The key the record's journal is sealed with, kept outside the database it seals.

Every change to a record of a SQLite database is journalled with an HMAC-SHA-256 made with a
key of that database (:mod:`ethics_desk.storage.journal`). The key is never written into the
database: whoever copies or edits the file without the key cannot make a journal record that
verifies. It is kept, by the key's identifier (a random name recorded in the database), in

* the operating system's credential store through ``keyring`` — Windows Credential Manager
  (protected by DPAPI for the signed-in Windows user), the macOS Keychain, the Secret Service
  on a Linux desktop; or, where there is none (a server without a desktop session),
* a key file in the user's private data folder (``keys/ID.key``, mode 0600 or the user's own
  access list: :mod:`ethics_desk.storage.private_files`).

``ETHICS_DESK_KEY_FOLDER`` names another folder for key files and leaves the credential store
alone: for the tests, and for office IT keeping the keys of a shared workstation in a folder of
their own. ``ethics-desk key export`` and ``key import`` move a key between computers (a file
that is only ever in IT's hands): the same database on another desk needs the same key. The
recovery sheet (:mod:`ethics_desk.storage.recovery_sheet`) keeps it on paper, for a computer
that is lost; ``key import --sheet`` brings it back (:func:`keep_imported`).

On a PostgreSQL server this module is not used: the server keeps its database's key in a table
that only the role owning the database may read, and seals the journal itself.
"""

from __future__ import annotations

import binascii
import contextlib
import logging
import os
import re
import secrets
import threading
from pathlib import Path

from ethics_desk.core.chosen_files import FileTooLarge, NotARegularFile, read_chosen_file
from ethics_desk.core.errors import StorageError
from ethics_desk.storage.location import KEY_FOLDER_ENV, key_folder
from ethics_desk.storage.private_files import keep_private, make_private_folder, write_private

log = logging.getLogger(__name__)

SERVICE = "Ethics Desk record key"
"""The credential store's service name the keys are kept under (one entry per key id)."""
KEY_EXPORTED = "export.key"
"""The audit action of ``ethics-desk key export``: the record key taken out of its keeping."""
KEY_BYTES = 32
"""256 bits: as long as the hash HMAC-SHA-256 is made with."""
KEY_ID = re.compile(r"^[0-9a-f]{32}$")
"""A key's identifier: 128 random bits in hexadecimal (what the database records)."""
KEY_FILE_LIMIT = 4096
"""The most ``key import`` reads of a file: a key file :func:`export_key` writes holds 121
bytes, so anything larger is not one (and ``/dev/zero`` is never read to its end)."""

_cache: dict[str, bytes] = {}
_lock = threading.Lock()


def _credential_store_in_use() -> bool:
    return not os.environ.get(KEY_FOLDER_ENV, "").strip()


def _store() -> object | None:
    """The operating system's credential store, or None where ``keyring`` finds none."""
    if not _credential_store_in_use():
        return None
    try:
        import keyring
        from keyring.backends import fail
    except ImportError:  # pragma: no cover - a dependency; kept for a partial install
        return None
    try:
        backend = keyring.get_keyring()
    except Exception:  # a broken keyring configuration is no reason to lose the key file
        log.warning("the credential store could not be opened; using the key file")
        return None
    if isinstance(backend, fail.Keyring) or type(backend).__module__.startswith("keyring.backends.null"):
        return None
    return backend


def _key_file(key_id: str) -> Path:
    return key_folder() / f"{key_id}.key"


def _check_id(key_id: str) -> None:
    if not KEY_ID.match(key_id):
        raise StorageError(f"“{key_id}” is not a record key's identifier.",
                           "Run “ethics-desk check”: the database's journal settings were "
                           "changed.")


def create_key(key_id: str) -> bytes:
    """A new random key for ``key_id``, kept in the credential store (else the key file)."""
    _check_id(key_id)
    key = secrets.token_bytes(KEY_BYTES)
    _keep(key_id, key)
    return key


def _keep(key_id: str, key: bytes) -> None:
    backend = _store()
    text = key.hex()
    if backend is not None:
        try:
            backend.set_password(SERVICE, key_id, text)  # type: ignore[attr-defined]
            with _lock:
                _cache[key_id] = key
            return
        except Exception:  # the store refused (locked, full): the key file keeps it
            log.warning("the credential store refused the record key; keeping it in a key file")
    folder = key_folder()
    try:
        if not folder.is_dir():
            make_private_folder(folder)
        keep_private(_key_file(key_id), (text + "\n").encode("ascii"))
    except OSError as exc:
        raise StorageError(f"The record key cannot be kept in {folder}: "
                           f"{exc.strerror or exc}.",
                           f"Make the folder writable, or name another with {KEY_FOLDER_ENV}.") \
            from exc
    with _lock:
        _cache[key_id] = key


def find_key(key_id: str) -> bytes | None:
    """The key of ``key_id`` from the credential store or the key file; None if neither has it."""
    with _lock:
        cached = _cache.get(key_id)
    if cached is not None:
        return cached
    if not KEY_ID.match(key_id):
        return None
    key: bytes | None = None
    backend = _store()
    if backend is not None:
        with contextlib.suppress(Exception):
            text = backend.get_password(SERVICE, key_id)  # type: ignore[attr-defined]
            key = _decode(text) if text else None
    if key is None:
        with contextlib.suppress(OSError):
            key = _decode(_key_file(key_id).read_text(encoding="ascii"))
    if key is not None:
        with _lock:
            _cache[key_id] = key
    return key


def _decode(text: str | None) -> bytes | None:
    if not text:
        return None
    try:
        key = binascii.unhexlify(text.strip())
    except (binascii.Error, ValueError):
        return None
    return key if len(key) == KEY_BYTES else None


def missing_key(key_id: str) -> StorageError:
    """The message of a desk that lacks the key of the database it opened."""
    return StorageError(
        "This database's record key is not on this computer, so no change can be recorded in "
        "it and its journal cannot be verified here.",
        "Bring the key here: type it from the office's recovery sheet (ethics-desk key import "
        "--sheet), or export it on the computer that has it (ethics-desk key export FILE) and "
        f"import that file here (ethics-desk key import FILE); its identifier is {key_id}.")


def export_key(key_id: str, dest: Path) -> None:
    """Write the key of ``key_id`` into the new file ``dest``, private to the user — never
    into the key folder or over the record
    (:func:`ethics_desk.storage.write_targets.refuse_record_target`)."""
    from ethics_desk.storage.write_targets import refuse_record_target

    refuse_record_target(dest)
    key = find_key(key_id)
    if key is None:
        raise missing_key(key_id)
    if dest.exists():
        raise StorageError(f"{dest} already exists; a key is never written over a file.",
                           "Choose a new file name.")
    try:
        write_private(dest, f"ethics-desk-record-key {key_id} {key.hex()}\n".encode("ascii"))
    except OSError as exc:
        raise StorageError(f"The key cannot be written to {dest}: {exc.strerror or exc}.",
                           "Choose a folder you can write to.") from exc


def import_key(source: Path) -> str:
    """Keep the key in the file ``source`` (written by :func:`export_key`); its identifier."""
    fix = "Give the file “ethics-desk key export” wrote."
    try:
        words = read_chosen_file(source, KEY_FILE_LIMIT).decode("ascii").split()
    except NotARegularFile:
        raise StorageError(f"{source} is not a record key file: it is not a file at all (a "
                           "device, a pipe or a folder), so it was not read.", fix) from None
    except FileTooLarge as exc:
        raise StorageError(f"{source} is not a record key file: it holds more than "
                           f"{exc.limit:,} bytes, and a key file holds about 120.", fix) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise StorageError(f"{source} cannot be read as a record key file.", fix) from exc
    if len(words) != 3 or words[0] != "ethics-desk-record-key" or not KEY_ID.match(words[1]) \
            or _decode(words[2]) is None:
        raise StorageError(f"{source} is not a record key file.",
                           "Give the file “ethics-desk key export” wrote.")
    key = _decode(words[2])
    assert key is not None
    return keep_imported(words[1], key)


def keep_imported(key_id: str, key: bytes) -> str:
    """Keep ``key`` of ``key_id`` brought from another computer (a key file, a recovery sheet);
    its identifier. Another key already kept under the same identifier is never replaced."""
    _check_id(key_id)
    known = find_key(key_id)
    if known is not None and known != key:
        raise StorageError(f"This computer already keeps another key under the identifier "
                           f"{key_id}.", "Nothing was changed; ask IT which key is right.")
    _keep(key_id, key)
    return key_id


def new_key_id() -> str:
    """A fresh identifier for a database's key."""
    return secrets.token_hex(16)


def forget_cached_keys() -> None:
    """Drop the keys held in memory (the tests' key folders change between runs)."""
    with _lock:
        _cache.clear()
