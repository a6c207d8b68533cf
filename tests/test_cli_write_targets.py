"""No command writes a file over the record: ``--out``, ``backup`` and ``key export`` refuse the
open database, its companions, any Ethics Desk database or backup and the key folder, whatever
``--force`` says, before anything is written (the sign-in's record included); ``--db`` refuses
a database's companion file instead of making a new database in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethics_desk.cli import main
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.backup import backup_sqlite
from ethics_desk.storage.database import Database
from ethics_desk.storage.location import key_folder
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import filed_case
from tests.signing_in import sign_in_as

pytestmark = pytest.mark.sqlite_file

OUT_COMMANDS = {
    "letter": ["letter", "ERB-2026-001", "receipt"],
    "packet": ["packet", "--meeting", "2026-12-10", "--case", "ERB-2026-001"],
    "retention": ["retention"],
}
"""The commands that write a PDF where ``--out`` says."""
WRITERS = {"letter": Role.CLERK, "packet": Role.CLERK, "retention": Role.RECORDS}
"""Who may write each command's PDF (so that only the target can stop it)."""


@pytest.fixture
def administrator(database: Database, monkeypatch: pytest.MonkeyPatch) -> Account:
    """The commands of the test sign in as the Administrator."""
    return sign_in_as(monkeypatch, database, Role.ADMIN)


@pytest.fixture
def clerk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Account:
    """The commands of the test sign in as a member of the City Clerk's staff."""
    return sign_in_as(monkeypatch, database, Role.CLERK)


def writer(monkeypatch: pytest.MonkeyPatch, database: Database, command: str) -> None:
    """Have ``command`` sign in as someone it lets write its PDF."""
    sign_in_as(monkeypatch, database, WRITERS[command])


@pytest.fixture
def live(controller: WorkflowController, database: Database, db_path: Path) -> Path:
    """The office's database in use: a case filed, the file with its ``-wal`` and ``-shm``
    beside it (another desk holds it open)."""
    filed_case(controller)
    with database.engine.connect() as conn:  # the pool keeps it open: the log stays
        conn.exec_driver_sql("SELECT count(*) FROM complaint").scalar()
    for ending in ("-wal", "-shm"):
        assert db_path.with_name(db_path.name + ending).exists()
    return db_path


def files_of(db_path: Path) -> dict[str, bytes | None]:
    """The database file and its companions, byte for byte (None: not there)."""
    found: dict[str, bytes | None] = {}
    for ending in ("", "-wal", "-shm", "-journal"):
        path = db_path.with_name(db_path.name + ending)
        found[ending] = path.read_bytes() if path.exists() else None
    return found


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args), clock=CLOCK)
    out, err = capsys.readouterr()
    return code, out, err


def assert_refused(code: int, err: str, *words: str) -> None:
    """One line, ``ethics-desk: …``, exit status 2, naming the problem and the fix."""
    assert code == 2, err
    assert err.startswith("ethics-desk: ") and err.count("\n") == 1, err
    assert "nothing was written" in err, err
    for word in words:
        assert word in err, err


@pytest.mark.parametrize("command", sorted(OUT_COMMANDS))
def test_a_pdf_is_never_written_over_the_open_database_whatever_force_says(
        capsys: pytest.CaptureFixture[str], live: Path, database: Database,
        monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    writer(monkeypatch, database, command)
    monkeypatch.chdir(live.parent)  # as the issue typed it: office.sqlite, relative
    before = files_of(live)
    code, _, err = run(capsys, *OUT_COMMANDS[command], "--out", live.name, "--force",
                       "--db", live.name)
    assert_refused(code, err, f"{live.name} is the office's database", "Give another file name.")
    assert files_of(live) == before


@pytest.mark.parametrize("ending", ["-wal", "-shm", "-journal"])
@pytest.mark.parametrize("command", sorted(OUT_COMMANDS))
def test_a_pdf_is_never_written_over_a_companion_of_the_open_database(
        capsys: pytest.CaptureFixture[str], live: Path, database: Database,
        monkeypatch: pytest.MonkeyPatch, command: str, ending: str) -> None:
    writer(monkeypatch, database, command)
    before = files_of(live)
    target = live.with_name(live.name + ending)
    code, _, err = run(capsys, *OUT_COMMANDS[command], "--out", str(target), "--force",
                       "--db", str(live))
    assert_refused(code, err, f"of the office's database {live}")
    assert files_of(live) == before


def test_a_pdf_is_never_written_over_a_backup_or_another_ethics_desk_database(
        capsys: pytest.CaptureFixture[str], live: Path, clerk: Account,
        tmp_path: Path) -> None:
    backup = backup_sqlite(live, tmp_path / "monday.sqlite", clock=CLOCK).path
    kept = backup.read_bytes()
    code, _, err = run(capsys, "letter", "ERB-2026-001", "receipt", "--out", str(backup),
                       "--force", "--db", str(live))
    assert_refused(code, err, "is an Ethics Desk database or backup")
    assert backup.read_bytes() == kept


def test_a_pdf_is_never_written_into_the_key_folder(
        capsys: pytest.CaptureFixture[str], live: Path, clerk: Account) -> None:
    target = key_folder() / "receipt.pdf"
    code, _, err = run(capsys, "letter", "ERB-2026-001", "receipt", "--out", str(target),
                       "--db", str(live))
    assert_refused(code, err, "folder that keeps the record keys")
    assert not target.exists()


def test_a_key_is_never_exported_into_the_key_folder(
        capsys: pytest.CaptureFixture[str], live: Path, administrator: Account) -> None:
    before = files_of(live)
    target = key_folder() / "carried.key"
    code, _, err = run(capsys, "key", "export", str(target), "--db", str(live))
    assert_refused(code, err, "folder that keeps the record keys")
    assert not target.exists()
    assert files_of(live) == before  # refused before the sign-in was recorded


def test_a_key_is_never_exported_over_a_backup(
        capsys: pytest.CaptureFixture[str], live: Path, administrator: Account,
        tmp_path: Path) -> None:
    backup = backup_sqlite(live, tmp_path / "monday.sqlite", clock=CLOCK).path
    kept = backup.read_bytes()
    code, _, err = run(capsys, "key", "export", str(backup), "--db", str(live))
    assert_refused(code, err, "is an Ethics Desk database or backup")
    assert backup.read_bytes() == kept


@pytest.mark.parametrize("ending", ["", "-wal", "-shm"])
def test_a_backup_is_never_written_over_the_database_or_its_companions(
        capsys: pytest.CaptureFixture[str], live: Path, administrator: Account,
        ending: str) -> None:
    before = files_of(live)
    code, _, err = run(capsys, "backup", str(live.with_name(live.name + ending)),
                       "--db", str(live))
    assert_refused(code, err, "the office's database")
    assert files_of(live) == before  # refused before the sign-in was recorded


def test_a_backup_into_the_key_folder_is_refused(
        capsys: pytest.CaptureFixture[str], live: Path, administrator: Account) -> None:
    code, _, err = run(capsys, "backup", str(key_folder() / "copy.sqlite"), "--db", str(live))
    assert_refused(code, err, "folder that keeps the record keys")
    assert not (key_folder() / "copy.sqlite").exists()


# -- --db naming a companion ------------------------------------------------------------------


@pytest.mark.parametrize("ending", ["-wal", "-shm", "-journal"])
def test_db_naming_a_live_databases_empty_companion_is_refused_and_left_as_it_is(
        capsys: pytest.CaptureFixture[str], live: Path, database: Database,
        clerk: Account, ending: str) -> None:
    with database.engine.connect() as conn:  # the log folded in and emptied; the file kept open
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    companion = live.with_name(live.name + ending)
    if not companion.exists():
        companion.write_bytes(b"")
    before = files_of(live)
    code, _, err = run(capsys, "closure", "add", "2026-12-24", "Christmas Eve",
                       "--db", str(companion))
    assert code == 2 and err.count("\n") == 1, err
    assert f"{companion} is the name of the " in err
    assert f"Give the database file itself (--db {live}" in err
    assert files_of(live) == before
    assert not companion.with_name(companion.name + "-wal").exists()


def test_db_naming_a_new_file_as_a_companion_makes_no_database(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    named = tmp_path / "office.sqlite-wal"
    code, _, err = run(capsys, "user", "list", "--db", str(named))
    assert code == 2 and "not a database" in err and "--db" in err, err
    assert not named.exists() and not (tmp_path / "office.sqlite").exists()
