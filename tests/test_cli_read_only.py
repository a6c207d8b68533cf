"""On the command line a damaged database takes no more data: after a failed ``check``, or a
failed ``quick_check`` at the opening, every command that writes is refused in the one sentence
of the read-only mode (exit 2) with nothing written; the commands that read go on, and a check
that holds again lifts it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethics_desk.core.roles import Role
from ethics_desk.storage.database import Database
from ethics_desk.storage.read_only import check_failed_marker, failed_check
from tests.conftest import CLOCK
from tests.damaged_files import break_a_page, break_an_index, closed, fingerprint, mend_the_index
from tests.signing_in import account_of, sign_in_as
from tests.test_cli import assert_one_line_error

pytestmark = pytest.mark.sqlite_file


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    from ethics_desk.cli import main

    code = main(list(args), clock=CLOCK)
    out, err = capsys.readouterr()
    return code, out, err


def test_after_a_failed_check_of_a_damaged_page_closure_add_is_refused_and_writes_nothing(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    account_of(database, Role.CLERK)
    sign_in_as(monkeypatch, database, Role.ADMIN)
    closed(database, db_path)
    break_a_page(db_path)
    code, out, _ = run(capsys, "check", "--db", str(db_path))
    assert code == 1
    assert "FAILED  SQLite integrity (PRAGMA integrity_check)" in out
    before = fingerprint(db_path)
    sign_in_as(monkeypatch, database, Role.CLERK)
    code, _, err = run(capsys, "closure", "add", "2026-12-10", "Snow", "--db", str(db_path))
    assert_one_line_error(code, err, f"The database file {db_path.name} is damaged",
                          "so it takes no more data.", "Restore the latest backup",
                          "call IT")
    assert fingerprint(db_path) == before


def test_a_failed_check_makes_every_write_command_refuse_in_its_sentence_until_a_check_holds(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    account_of(database, Role.CLERK)
    sign_in_as(monkeypatch, database, Role.ADMIN)
    closed(database, db_path)
    break_an_index(db_path)  # quick_check holds; integrity_check does not
    code, out, err = run(capsys, "check", "--db", str(db_path))
    assert code == 1, out + err
    assert "every desk opens it read-only until a check holds again" in err
    reason = failed_check(db_path)
    assert reason is not None
    before = fingerprint(db_path)
    for command in (["user", "add", "newclerk", "--name", "New Clerk", "--role", "clerk"],
                    ["repair-search"],
                    ["closure", "remove", "2026-12-10"]):
        monkeypatch.setenv("ETHICS_DESK_NEW_PASSWORD", "a new clerk's own passphrase")
        code, _, err = run(capsys, *command, "--db", str(db_path))
        assert_one_line_error(code, err)
        assert err == f"ethics-desk: {reason.sentence}\n", command
    code, out, err = run(capsys, "user", "list", "--db", str(db_path))  # reading goes on
    assert code == 0, err
    assert "ada" in out
    sign_in_as(monkeypatch, database, Role.CLERK)
    code, _, err = run(capsys, "closure", "add", "2026-12-10", "Snow", "--db", str(db_path))
    assert err == f"ethics-desk: {reason.sentence}\n"
    assert fingerprint(db_path) == before

    mend_the_index(db_path)
    sign_in_as(monkeypatch, database, Role.ADMIN)
    code, out, err = run(capsys, "check", "--db", str(db_path))
    assert code == 0, out + err
    assert not check_failed_marker(db_path).exists()
    sign_in_as(monkeypatch, database, Role.CLERK)
    code, out, err = run(capsys, "closure", "add", "2026-12-10", "Snow", "--db", str(db_path))
    assert code == 0, err
    assert "Added Snow on 2026-12-10" in out
