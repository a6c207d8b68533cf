"""``ethics-desk user``: an Administrator manages the accounts from the command line, signing
in like everyone else; passwords come from a prompt or the environment and are never printed."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from ethics_desk.cli import main
from ethics_desk.cli.common import NEW_PASSWORD_ENV, PASSWORD_ENV, USER_ENV
from ethics_desk.core.errors import UserError
from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord
from ethics_desk.staff.accounts import list_accounts, sign_in
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK

ADMIN_PASSWORD = "correct horse battery staple"
NEW = "a passphrase for José"


@pytest.fixture
def as_admin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(USER_ENV, "ada")
    monkeypatch.setenv(PASSWORD_ENV, ADMIN_PASSWORD)
    monkeypatch.setenv(NEW_PASSWORD_ENV, NEW)


def test_the_first_command_on_an_empty_database_makes_the_administrator_then_adds_a_clerk(
        database: Database, db_arg: str, as_admin: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["user", "add", "jpena", "--name", "José Peña", "--role", "clerk",
                 "--db", db_arg], clock=CLOCK) == 0
    out, err = capsys.readouterr()
    assert "ada is now its first Administrator" in err
    assert "Created José Peña (jpena), City Clerk staff" in out
    assert ADMIN_PASSWORD not in out + err and NEW not in out + err
    assert [(a.login, a.role) for a in list_accounts(database)] == [
        ("ada", Role.ADMIN), ("jpena", Role.CLERK)]
    assert sign_in(database, "jpena", NEW, clock=CLOCK).must_change_password


def test_the_administrator_lists_disables_and_resets_accounts(
        database: Database, db_arg: str, as_admin: None,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    main(["user", "add", "jpena", "--name", "José Peña", "--role", "auditor", "--db", db_arg],
         clock=CLOCK)
    assert main(["user", "disable", "jpena", "--db", db_arg], clock=CLOCK) == 0
    assert main(["user", "list", "--db", db_arg], clock=CLOCK) == 0
    listed = capsys.readouterr().out
    assert "jpena" in listed and "Compliance Auditor (disabled)" in listed
    monkeypatch.setenv(NEW_PASSWORD_ENV, "another passphrase")
    assert main(["user", "reset", "jpena", "--db", db_arg], clock=CLOCK) == 0
    assert "may sign in at once" in capsys.readouterr().out
    assert sign_in(database, "jpena", "another passphrase", clock=CLOCK).login == "jpena"


@pytest.mark.sqlite_file  # Argon2 and the growing delay: the file's; on a server PostgreSQL's
def test_a_wrong_password_on_the_command_line_is_one_line_and_changes_nothing(
        database: Database, db_arg: str, as_admin: None,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    main(["user", "list", "--db", db_arg], clock=CLOCK)
    capsys.readouterr()
    monkeypatch.setenv(PASSWORD_ENV, "not the password")
    assert main(["user", "add", "jpena", "--name", "José Peña", "--role", "clerk",
                 "--db", db_arg], clock=CLOCK) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "The login or the password is not right." in err
    assert "not the password" not in err
    assert [a.login for a in list_accounts(database)] == ["ada"]


def test_a_clerk_cannot_manage_accounts_from_the_command_line(
        database: Database, db_arg: str, as_admin: None,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    main(["user", "add", "jpena", "--name", "José Peña", "--role", "clerk", "--db", db_arg],
         clock=CLOCK)
    monkeypatch.setenv(USER_ENV, "jpena")
    monkeypatch.setenv(PASSWORD_ENV, NEW)
    monkeypatch.setenv("ETHICS_DESK_NEW_PASSWORD", "josé's own passphrase")
    assert main(["user", "password", "--db", db_arg], clock=CLOCK) == 0  # first, their own
    monkeypatch.setenv(PASSWORD_ENV, "josé's own passphrase")
    capsys.readouterr()
    assert main(["user", "list", "--db", db_arg], clock=CLOCK) == 2
    assert "Listing the accounts is for: Administrator." in capsys.readouterr().err


def test_without_a_terminal_or_the_variable_the_password_is_asked_for_by_name(
        db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv(PASSWORD_ENV, raising=False)
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert main(["user", "list", "--user", "ada", "--db", db_arg], clock=CLOCK) == 2
    assert PASSWORD_ENV in capsys.readouterr().err


@pytest.mark.sqlite_file  # Argon2 and the growing delay: the file's; on a server PostgreSQL's
def test_the_administrator_clears_a_sign_in_delay_from_the_command_line(
        database: Database, db_arg: str, as_admin: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    main(["user", "add", "jpena", "--name", "José Peña", "--role", "clerk", "--db", db_arg],
         clock=CLOCK)
    for _ in range(3):
        with pytest.raises(UserError):
            sign_in(database, "jpena", "not the password", clock=CLOCK)
    with pytest.raises(UserError, match="Wait"):
        sign_in(database, "jpena", NEW, clock=CLOCK)
    assert main(["user", "clear-delay", "JPena", "--db", db_arg], clock=CLOCK) == 0
    assert "José Peña (jpena) may try their password again at once." in capsys.readouterr().out
    assert sign_in(database, "jpena", NEW, clock=CLOCK).login == "jpena"
    with database.read_session() as session:
        [record] = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "account.clear_delay"))
    assert record.actor == "ada"
