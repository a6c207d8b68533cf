"""Recovery without the computer at the command line: ``key sheet`` makes the recovery sheet (an
Administrator, audited, never the key in a record), ``backup`` and ``check`` remind until it is
made, ``key import --sheet`` brings the key back from the typed lines or the sheet's PDF, and
``restore`` on a computer without the backup's key says what is missing and how to bring it."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest

from ethics_desk.cli import main
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.backup import backup_sqlite
from ethics_desk.storage import record_key
from ethics_desk.storage.database import Database
from ethics_desk.storage.recovery_sheet import sheet_of
from tests.conftest import CLOCK
from tests.signing_in import sign_in_as
from tests.test_cli import assert_one_line_error

pytestmark = pytest.mark.sqlite_file

REMINDER = "recovery sheet of this database's record key has never been made"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args), clock=CLOCK)
    out, err = capsys.readouterr()
    return code, out, err


def key_id_of(path: Path) -> str:
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as conn:
        return str(conn.execute("SELECT value FROM setting WHERE key = 'journal.key'")
                   .fetchone()[0])


def on_a_new_computer(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """This test's desk from now on: an empty key folder, nothing remembered."""
    keys = tmp_path / "the new computer's keys"
    monkeypatch.setenv(record_key.KEY_FOLDER_ENV, str(keys))
    record_key.forget_cached_keys()
    return keys


@pytest.fixture(autouse=True)
def _forget_keys_afterwards() -> object:
    yield None
    record_key.forget_cached_keys()


def test_an_administrator_makes_the_recovery_sheet_audited_without_the_key(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    code, out, err = run(capsys, "key", "sheet", str(tmp_path / "sheet.pdf"), "--db",
                         str(db_path))
    assert code == 0, err
    key_id = key_id_of(db_path)
    key = record_key.find_key(key_id)
    assert key is not None
    assert f"The recovery sheet of the record key {key_id} is in" in out
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF-")
    with sqlite3.connect(db_path) as conn:
        records = conn.execute("SELECT actor, summary, detail FROM audit_record WHERE action = "
                               "'record_key.recovery_sheet'").fetchall()
    assert len(records) == 1 and records[0][0].startswith("Ada Lovelace")
    assert "Recovery sheet made" in records[0][1]
    for secret in (key.hex(), sheet_of(key_id, key).key_lines[0].groups[0]):
        assert secret not in out + err + records[0][1] + records[0][2]


def test_a_clerk_may_not_make_the_recovery_sheet(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.CLERK)
    database.dispose()
    code, _out, err = run(capsys, "key", "sheet", str(tmp_path / "sheet.pdf"), "--db",
                          str(db_path))
    assert_one_line_error(code, err, "Making the recovery sheet is for: Administrator")
    assert not (tmp_path / "sheet.pdf").exists()


def test_backup_and_check_remind_until_the_recovery_sheet_is_made(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    for command in (["backup", str(tmp_path / "one.sqlite")], ["check"]):
        code, _out, err = run(capsys, *command, "--db", str(db_path))
        assert code == 0, err
        assert err.count(REMINDER) == 1 and "ethics-desk key sheet FILE.pdf" in err
    assert run(capsys, "key", "sheet", str(tmp_path / "sheet.pdf"), "--db", str(db_path))[0] == 0
    for command in (["backup", str(tmp_path / "two.sqlite")], ["check"]):
        code, _out, err = run(capsys, *command, "--db", str(db_path))
        assert code == 0, err
        assert REMINDER not in err


def test_restore_on_a_new_computer_names_the_missing_key_and_how_to_bring_it(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    backup = backup_sqlite(db_path, tmp_path / "last-night.sqlite", clock=CLOCK).path
    key_id = key_id_of(db_path)
    on_a_new_computer(monkeypatch, tmp_path)
    new = tmp_path / "new computer" / "ethics-desk.sqlite"
    new.parent.mkdir()
    code, out, err = run(capsys, "restore", str(backup), "--db", str(new), "--yes")
    assert_one_line_error(code, err, f"sealed with the record key {key_id}",
                          "not on this computer", "ethics-desk key import --sheet",
                          "ethics-desk key export FILE", "ethics-desk key import FILE")
    assert "Choose another backup" not in err
    assert out == "" and not new.exists()


def typed_sheet(key_id: str, key: bytes) -> list[str]:
    sheet = sheet_of(key_id, key)
    return [" ".join(sheet.id_line.text.split()).upper(),
            *(line.text.lower() for line in sheet.key_lines)]


def test_the_key_typed_from_the_sheet_is_kept_and_a_mistyped_line_is_named(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database.dispose()
    key_id = key_id_of(db_path)
    key = record_key.find_key(key_id)
    assert key is not None
    keys = on_a_new_computer(monkeypatch, tmp_path)
    lines = typed_sheet(key_id, key)
    wrong = [*lines]
    wrong[3] = wrong[3][:-2] + ("zz" if wrong[3][-2:] != "zz" else "yy")  # never its check
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(wrong) + "\n"))
    code, _out, err = run(capsys, "key", "import", "--sheet")
    assert_one_line_error(code, err, "Line 3 of the key does not match its check")
    assert record_key.find_key(key_id) is None and not keys.exists()
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, err = run(capsys, "key", "import", "--sheet")
    assert code == 0, err
    assert f"The record key {key_id} is kept on this computer" in out
    record_key.forget_cached_keys()
    assert record_key.find_key(key_id) == key


def test_it_reads_the_key_from_the_sheets_pdf(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    assert run(capsys, "key", "sheet", str(tmp_path / "sheet.pdf"), "--db", str(db_path))[0] == 0
    key_id = key_id_of(db_path)
    key = record_key.find_key(key_id)
    on_a_new_computer(monkeypatch, tmp_path)
    code, out, err = run(capsys, "key", "import", "--sheet", str(tmp_path / "sheet.pdf"))
    assert code == 0, err
    assert f"The record key {key_id} is kept on this computer" in out
    record_key.forget_cached_keys()
    assert record_key.find_key(key_id) == key


def test_key_import_without_a_file_or_the_sheet_says_which_to_give(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "key", "import")
    assert_one_line_error(code, err, "key import FILE", "key import --sheet")


def test_at_a_terminal_a_mistyped_line_is_named_and_asked_again_keeping_the_others(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database.dispose()
    key_id = key_id_of(db_path)
    key = record_key.find_key(key_id)
    assert key is not None
    on_a_new_computer(monkeypatch, tmp_path)
    lines = typed_sheet(key_id, key)
    mistyped = lines[2][:-2] + ("zz" if lines[2][-2:] != "zz" else "yy")
    terminal = io.StringIO("\n".join([*lines[:2], mistyped, *lines[2:]]) + "\n")
    monkeypatch.setattr(terminal, "isatty", lambda: True)
    monkeypatch.setattr("sys.stdin", terminal)
    code, out, err = run(capsys, "key", "import", "--sheet")
    assert code == 0, err
    assert err.count("Line 2 of the key does not match its check") == 1
    assert f"The record key {key_id} is kept on this computer" in out
    record_key.forget_cached_keys()
    assert record_key.find_key(key_id) == key
