"""Any path works: the file a path names is the file backed up and checked, whatever its folder
is called — ``#``, ``?``, ``%``, spaces, letters beyond ASCII, a Windows drive or share."""

from __future__ import annotations

import sqlite3
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath
from urllib.parse import quote

import pytest

from ethics_desk.cli import main
from ethics_desk.core.errors import StorageError
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.backup import backup_sqlite
from ethics_desk.maintenance.integrity import INTEGRITY, run_checks
from ethics_desk.storage.addresses import sqlite_path
from ethics_desk.storage.database import Database, resolve_url
from ethics_desk.storage.sqlite_file import verify_sqlite_file
from ethics_desk.storage.sqlite_uri import file_uri, path_of_uri
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import filed_case
from tests.signing_in import sign_in_as

pytestmark = pytest.mark.sqlite_file

FOLDER_NAMES = ["hash #1", "what?", "100%", "%23", "two  spaces", "Muñoz 李", "a#b?c=d&e%20f"]
"""Folder names that a hand-made ``file:`` URI reads as another file (a fragment, parameters,
an escape), or that need encoding (spaces, letters beyond ASCII)."""


def rows(path: Path, table: str) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    finally:
        conn.close()


def damage(path: Path) -> None:
    """Overwrite pages in the middle of the file, as a failing disk would."""
    with path.open("r+b") as file:
        file.seek(4096 * 3)
        file.write(b"\xff" * 4096 * 4)


# -- any path -----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [
    PurePosixPath("/srv/Ethics #1/What?/100%/Muñoz 李/ethics-desk.sqlite"),
    PureWindowsPath(r"C:\Users\mgarza\Ethics #1\what%3F\Muñoz 李\ethics-desk.sqlite"),
    PureWindowsPath(r"\\cityhall\clerk$\Ethics #1\ethics-desk.sqlite"),
], ids=["posix", "windows-drive", "windows-share"])
def test_a_uri_built_from_any_path_names_that_path_again(path: PurePath) -> None:
    uri = file_uri(path, mode="ro")
    body = uri.removesuffix("?mode=ro")
    assert not any(c in body for c in "#? \\") and body.isascii()
    assert uri.startswith("file:///") or uri.startswith("file:////")  # no host: SQLite's rule
    assert path_of_uri(uri, windows=isinstance(path, PureWindowsPath)) == str(path)


@pytest.mark.parametrize("name", FOLDER_NAMES)
def test_a_sqlalchemy_uri_url_names_the_file_sqlite_opens(tmp_path: Path, name: str) -> None:
    path = tmp_path / name / "ethics-desk.sqlite"
    path.parent.mkdir()
    sqlite3.connect(path).close()
    url = resolve_url(f"sqlite:///file:{quote(str(path))}?mode=ro&uri=true")
    assert sqlite_path(url) == path
    assert sqlite_path(resolve_url(f"sqlite:///{file_uri(path)}?mode=ro&uri=true")) == path


@pytest.fixture(params=FOLDER_NAMES)
def db_path(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """The suite's database, in a folder named with a character a URI must encode."""
    folder = tmp_path / str(request.param)
    folder.mkdir()
    return folder / "ethics-desk.sqlite"


def test_backup_and_check_work_in_a_folder_named_with_any_character(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, database: Database,
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    filed_case(controller)
    copy = db_path.parent / "copy of it.sqlite"
    assert main(["backup", str(copy), "--db", str(db_path)], clock=CLOCK) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("verified.")
    assert rows(copy, "complaint") == 1 and rows(copy, "audit_record") > 1
    assert main(["check", "--db", str(copy)], clock=CLOCK) == 0
    assert "All 17 checks hold." in capsys.readouterr().out
    assert sorted(p.name for p in db_path.parent.parent.iterdir()) == [db_path.parent.name]


def test_a_damaged_file_in_a_folder_named_with_any_character_fails_check(
        database: Database, db_path: Path) -> None:
    copy = backup_sqlite(db_path, db_path.parent / "copy.sqlite", clock=CLOCK).path
    damage(copy)
    assert verify_sqlite_file(copy) != []
    results = {result.name: result for result in run_checks(copy)}
    assert not results[INTEGRITY].ok


def test_a_backup_from_a_damaged_file_in_such_a_folder_is_refused_and_nothing_is_kept(
        database: Database, db_path: Path) -> None:
    database.dispose()
    damage(db_path)
    with pytest.raises(StorageError):
        backup_sqlite(db_path, db_path.parent / "copy.sqlite", clock=CLOCK)
    assert sorted(p.name for p in db_path.parent.iterdir()
                  if not p.name.endswith(("-wal", "-shm"))) == ["ethics-desk.sqlite"]


def test_the_copy_made_before_a_migration_in_such_a_folder_holds_every_row(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.maintenance import opening

    database.dispose()
    monkeypatch.setattr(opening, "head_revision", lambda: "9999")  # a newer version ships
    monkeypatch.setattr(opening, "upgrade", lambda engine: None)
    monkeypatch.setattr(opening, "load_reference_data", lambda database, clock: None)
    before = {table: rows(db_path, table) for table in ("provision", "audit_record",
                                                          "alembic_version")}
    opening.open_database(db_path, clock=CLOCK).dispose()
    [copy] = list((db_path.parent / "Backups").glob("*.before-9999-*.sqlite"))
    assert verify_sqlite_file(copy) == []
    for table, count in before.items():
        assert rows(copy, table) == count > 0


def test_the_first_look_reads_a_database_in_such_a_folder(
        database: Database, db_path: Path) -> None:
    from ethics_desk.maintenance.first_look import first_look

    database.dispose()
    look = first_look(str(db_path))
    assert look is not None and look.path == db_path
    assert not look.has_accounts()
    assert sorted(p.name for p in db_path.parent.parent.iterdir()) == [db_path.parent.name]
