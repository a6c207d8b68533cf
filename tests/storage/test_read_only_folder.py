"""A database on a read-only folder, share or disk is named so — not "cannot be opened" — with
what still works (``check`` reads it as it is) and what to do to work in it. The tests run as
root, which chmod does not stop: the operating system and SQLite are made to answer as they do
for such a folder (each was seen so on a read-only mount)."""

from __future__ import annotations

import errno
import sqlite3
import sqlite3.dbapi2
import tempfile
from pathlib import Path
from typing import Any

import pytest

from ethics_desk.cli import main
from ethics_desk.core.errors import StorageError
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK
from tests.signing_in import sign_in_as
from tests.test_cli import assert_one_line_error

pytestmark = pytest.mark.sqlite_file


def refuse_opening(monkeypatch: pytest.MonkeyPatch, database_file: Path,
                   folder_error: OSError | None) -> None:
    """SQLite cannot open ``database_file`` but immutably (it cannot make its ``-shm``), and a
    file made in its folder is refused with ``folder_error`` (None: the folder is writable)."""
    connect = sqlite3.connect

    def sqlite_connect(target: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        text = str(target)
        if database_file.name in text and "immutable=1" not in text:
            raise sqlite3.OperationalError("unable to open database file")
        return connect(target, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", sqlite_connect)
    monkeypatch.setattr(sqlite3.dbapi2, "connect", sqlite_connect)  # SQLAlchemy's
    if folder_error is not None:
        def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
            raise folder_error

        monkeypatch.setattr(tempfile, "mkstemp", mkstemp)


@pytest.mark.parametrize(("error", "words"), [
    (OSError(errno.EROFS, "Read-only file system"), "the folder is read-only"),
    (PermissionError(errno.EACCES, "Permission denied"), "the folder is read-only"),
    (OSError(errno.ENOSPC, "No space left on device"), "the disk is full"),
], ids=["read-only disk", "read-only folder", "full disk"])
def test_a_database_in_a_folder_that_cannot_be_written_is_named_so_with_what_still_works(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError,
        words: str) -> None:
    database.dispose()
    refuse_opening(monkeypatch, db_path, error)
    with pytest.raises(StorageError) as refused:
        open_database(str(db_path), clock=CLOCK, create=False)
    assert refused.value.problem.startswith(f"The database {db_path} cannot be opened here: "
                                            f"{words}")
    assert f"“ethics-desk check --db {db_path}” still checks it" in refused.value.fix
    assert "cannot be opened." not in refused.value.problem


def test_every_command_on_a_read_only_folder_says_read_only_in_one_line(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    refuse_opening(monkeypatch, db_path, OSError(errno.EROFS, "Read-only file system"))
    for command in (["user", "list"], ["closure", "add", "2027-01-27", "Ice storm"],
                    ["access", "ERB-2026-001"], ["requests"]):
        code = main([*command, "--db", str(db_path)], clock=CLOCK)
        _, err = capsys.readouterr()
        assert_one_line_error(code, err, "cannot be opened here: the folder is read-only",
                              "still checks it as it is", "copy the file to a folder you may "
                              "write")


def test_a_file_sqlite_cannot_open_in_a_writable_folder_is_not_called_read_only(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database.dispose()
    refuse_opening(monkeypatch, db_path, None)
    with pytest.raises(StorageError) as refused:
        open_database(str(db_path), clock=CLOCK, create=False)
    assert refused.value.problem == "The database file cannot be opened."
