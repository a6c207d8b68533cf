"""``ethics-desk restore BACKUP``: an Administrator, signed in, sees what the backup holds, is
asked, and the backup is put in place of the database; any other role, a question nobody can
answer, a server, and every file that is no backup are refused in one line, nothing changed."""

from __future__ import annotations

import re
import sqlite3
import sys
from pathlib import Path

import pytest

from ethics_desk.cli import main
from ethics_desk.cli.common import PASSWORD_ENV, USER_ENV
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.backup import backup_sqlite
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import filed_case
from tests.signing_in import ADMINISTRATOR, PASSWORD, account_of, sign_in_as
from tests.test_cli import Terminal, assert_one_line_error, assert_progress_cleared

pytestmark = pytest.mark.sqlite_file


def complaints(path: Path) -> int:
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT count(*) FROM complaint").fetchone()[0])
    finally:
        conn.close()


def restore(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["restore", *args], clock=CLOCK)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def backup(database: Database, db_path: Path, controller: WorkflowController,
           tmp_path: Path) -> Path:
    """A verified backup of the database with one case, after which a second case was filed;
    the accounts of an Administrator and a clerk exist in both."""
    account_of(database, Role.CLERK)
    filed_case(controller)
    made = backup_sqlite(db_path, tmp_path / "backup.sqlite", clock=CLOCK).path
    filed_case(controller)
    database.dispose()
    return made


def test_an_administrator_restores_a_backup_seeing_what_it_holds_first(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        backup: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    assert complaints(db_path) == 2
    code, out, err = restore(capsys, str(backup), "--db", str(db_path), "--yes")
    assert code == 0, err
    assert out.index("Holds: 1 case(s)") < out.index("It verifies") < out.index("Restored")
    assert "The database as it was is kept in" in out
    assert complaints(db_path) == 1
    assert complaints(db_path.with_name("ethics-desk.before-restore-20261130-100000.sqlite")) == 2


def test_at_a_terminal_the_restore_shows_each_step_and_clears_the_line(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        backup: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code, out, _ = restore(capsys, str(backup), "--db", str(db_path), "--yes")
    shown = terminal.getvalue()
    assert code == 0, shown
    assert "\rChecking the backup: reading the backup's rows…" in shown
    assert "\rChecking the backup: Schema revision…" in shown
    assert re.search(r"\rRestoring: copying the database as it is aside \((\d+) of \1 pages\)…",
                     shown)
    assert re.search(r"\rRestoring: writing the backup into the database \((\d+) of \1 pages\)…",
                     shown)
    assert "\rRestoring: checking the restored database: Schema revision…" in shown
    assert "\rRestoring: recording the restore…" in shown
    assert_progress_cleared(shown, "Checking the backup")  # before the question
    assert_progress_cleared(shown, "Restoring")
    assert "Checking the backup" not in out and "Restoring" not in out
    assert out.index("Holds: 1 case(s)") < out.index("Restored")
    assert complaints(db_path) == 1


def test_a_restore_adds_no_progress_to_a_log(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        backup: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    code, out, err = restore(capsys, str(backup), "--db", str(db_path), "--yes")
    assert code == 0 and complaints(db_path) == 1
    assert err == "" and "\r" not in out


def test_a_clerk_may_not_restore_a_backup(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        backup: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.CLERK)
    database.dispose()
    code, out, err = restore(capsys, str(backup), "--db", str(db_path), "--yes")
    assert_one_line_error(code, err, "Restoring a backup is for: Administrator")
    assert out == ""
    assert complaints(db_path) == 2


def test_without_yes_and_without_a_terminal_to_ask_on_nothing_is_restored(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        backup: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    code, out, err = restore(capsys, str(backup), "--db", str(db_path))
    assert_one_line_error(code, err, "nothing was restored", "--yes")
    assert out == ""
    assert complaints(db_path) == 2


@pytest.mark.parametrize(("answer", "restored"), [("y", True), ("", False), ("no", False)])
def test_at_a_terminal_the_administrator_is_asked_and_only_yes_restores(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        backup: Path, monkeypatch: pytest.MonkeyPatch, answer: str, restored: bool) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return answer

    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", ask)
    code, _, err = restore(capsys, str(backup), "--db", str(db_path))
    assert asked == [f"Restore this backup over {db_path}? [y/N] "]
    assert complaints(db_path) == (1 if restored else 2)
    assert code == (0 if restored else 1)
    if not restored:
        assert err == "ethics-desk: Nothing was restored.\n"


def test_restoring_over_a_database_server_says_how_a_server_is_restored(
        capsys: pytest.CaptureFixture[str], backup: Path) -> None:
    code, out, err = restore(capsys, str(backup), "--db",
                             "postgresql+psycopg://clerk@dbserver/ethics", "--yes")
    assert out == ""
    assert_one_line_error(code, err, "pg_restore", "migrate-to")


def test_where_there_is_no_database_yet_the_backups_administrator_restores_it(
        capsys: pytest.CaptureFixture[str], backup: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(USER_ENV, ADMINISTRATOR)
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    target = tmp_path / "new.sqlite"
    code, out, err = restore(capsys, str(backup), "--db", str(target), "--yes")
    assert code == 0, err
    assert "no database at" in err and "Restored" in out
    assert complaints(target) == 1


def test_where_there_is_no_database_yet_a_wrong_password_restores_nothing(
        capsys: pytest.CaptureFixture[str], backup: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(USER_ENV, ADMINISTRATOR)
    monkeypatch.setenv(PASSWORD_ENV, "not the password")
    target = tmp_path / "new.sqlite"
    code, _, err = restore(capsys, str(backup), "--db", str(target), "--yes")
    assert code == 2 and err.count("\n") == 1
    assert not target.exists()


def test_the_database_is_not_restored_over_itself(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    code, _, err = restore(capsys, str(db_path), "--db", str(db_path), "--yes")
    assert_one_line_error(code, err, "is the database itself")


def _newer(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.commit()
    conn.close()


def _damaged(path: Path) -> None:
    with path.open("r+b") as file:
        file.seek(4096 * 3)
        file.write(b"\xff" * 4096 * 4)


def _foreign(path: Path) -> None:
    path.unlink()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE invoice (id INTEGER PRIMARY KEY, customer TEXT)")
    conn.commit()
    conn.close()


@pytest.mark.parametrize(("kind", "words"), [
    ("missing", "There is no backup file"),
    ("folder", "is a folder, not a backup file"),
    ("not sqlite", "is not a SQLite database"),
    ("another application", "tables of another application"),
    ("damaged", "does not verify"),
    ("newer", "newer version of Ethics Desk"),
    ("empty name", "Say which backup to restore"),
])
def test_a_file_that_cannot_be_restored_is_one_line_and_changes_nothing(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        backup: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, kind: str,
        words: str) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    given = str(backup)
    if kind == "missing":
        given = str(tmp_path / "no such backup.sqlite")
    elif kind == "folder":
        given = str(tmp_path)
    elif kind == "not sqlite":
        backup.write_text("the Board's minutes")
    elif kind == "another application":
        _foreign(backup)
    elif kind == "damaged":
        _damaged(backup)
    elif kind == "newer":
        _newer(backup)
    elif kind == "empty name":
        given = " "
    code, out, err = restore(capsys, given, "--db", str(db_path), "--yes")
    assert out == ""
    assert_one_line_error(code, err, words)
    assert complaints(db_path) == 2
    assert not list(db_path.parent.glob("*before-restore*"))


def test_a_database_file_that_is_not_sqlite_is_not_written_over(
        capsys: pytest.CaptureFixture[str], backup: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(USER_ENV, ADMINISTRATOR)
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    target = tmp_path / "garbled.sqlite"
    target.write_bytes(b"\x00garbled" * 512)
    code, _, err = restore(capsys, str(backup), "--db", str(target), "--yes")
    assert_one_line_error(code, err, "is not a SQLite database", "Move the file aside")
    assert target.read_bytes() == b"\x00garbled" * 512


def test_a_database_of_another_application_is_not_written_over(
        capsys: pytest.CaptureFixture[str], backup: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(USER_ENV, ADMINISTRATOR)
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    target = tmp_path / "inventory.db"
    conn = sqlite3.connect(target)
    conn.execute("CREATE TABLE invoice (id INTEGER PRIMARY KEY, customer TEXT)")
    conn.commit()
    conn.close()
    before = target.read_bytes()
    code, _, err = restore(capsys, str(backup), "--db", str(target), "--yes")
    assert_one_line_error(code, err, "tables of another application")
    assert target.read_bytes() == before
