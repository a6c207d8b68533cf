"""The first start at the command line: the first sign-in makes the Administrator, who adds the
office's staff accounts and writes the recovery sheet — the steps of the window's first-start
page (docs/it/commands.md); each command signs in and out by itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethics_desk.cli import main
from ethics_desk.cli.common import PASSWORD_ENV, USER_ENV
from ethics_desk.core.roles import Role
from ethics_desk.staff.accounts import list_accounts, office_has_clerk, sign_in
from ethics_desk.storage.database import Database
from ethics_desk.storage.recovery_sheet import sheet_missing_for
from tests.conftest import CLOCK

ADMIN_PASSWORD = "the first administrator's passphrase"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args), clock=CLOCK)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.sqlite_file  # a server's first Administrator is IT's (server setup)
def test_the_first_start_at_the_command_line_makes_the_administrator_a_clerk_and_the_sheet(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database.dispose()
    monkeypatch.setenv(USER_ENV, "ada")
    monkeypatch.setenv(PASSWORD_ENV, ADMIN_PASSWORD)
    code, _out, err = run(capsys, "user", "list", "--db", str(db_path))  # the first sign-in
    assert code == 0, err
    assert [(a.login, a.role) for a in list_accounts(database)] == [("ada", Role.ADMIN)]
    assert not office_has_clerk(database)
    monkeypatch.setenv("ETHICS_DESK_NEW_PASSWORD", "given by the administrator")
    code, _out, err = run(capsys, "user", "add", "maria", "--name", "Maria Clerk", "--role",
                         "clerk", "--db", str(db_path))
    assert code == 0, err
    assert office_has_clerk(database)
    assert sheet_missing_for(database) is not None
    code, _out, err = run(capsys, "key", "sheet", str(tmp_path / "sheet.pdf"), "--db",
                         str(db_path))
    assert code == 0, err
    assert sheet_missing_for(database) is None
    clerk = sign_in(database, "maria", "given by the administrator", clock=CLOCK)
    assert clerk.role is Role.CLERK and clerk.must_change_password  # chosen at the first sign-in
