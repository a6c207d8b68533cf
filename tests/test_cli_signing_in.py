"""The command line signs in too: every command that shows a case or changes anything asks who is
there and checks the permission table before it does anything; the commands that show no case
and change nothing (``due``, ``calendar``, ``letter --list``) work with no account at all."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from sqlalchemy import func, select

from ethics_desk.cli import main
from ethics_desk.cli.common import PASSWORD_ENV, USER_ENV, UsageError
from ethics_desk.cli.parser import build_parser
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord, CalendarDay
from ethics_desk.staff.accounts import needs_first_administrator
from ethics_desk.storage.database import Database
from ethics_desk.storage.migrate import alembic_config
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.factories import filed_case
from tests.signing_in import PASSWORD, sign_in_as

SIGNING_IN = {
    "letter": ["letter", "ERB-2026-001", "receipt", "--out", "x.pdf"],
    "packet": ["packet", "--meeting", "2026-12-10", "--out", "x.pdf"],
    "access": ["access", "ERB-2026-001"],
    "closure add": ["closure", "add", "2026-12-01", "Snow"],
    "closure remove": ["closure", "remove", "2026-12-01"],
    "wording list": ["wording", "list"],
    "wording bring-in": ["wording", "bring-in"],
    "check": ["check"],
    "backup": ["backup", "copy.sqlite"],
    "migrate-to": ["migrate-to", "postgresql+psycopg://owner@server/ethics"],
    "user add": ["user", "add", "jpena", "--name", "José Peña", "--role", "clerk"],
    "user list": ["user", "list"],
    "user disable": ["user", "disable", "jpena"],
    "user reset": ["user", "reset", "jpena"],
    "statistics": ["statistics", "--year", "2026"],
}
"""Every command that shows case content or changes anything, as typed."""

NO_SIGN_IN = {
    "due": ["due", "2026-11-24", "3"],
    "calendar": ["calendar", "2027"],
    "demo": ["demo"],
    "server setup": ["server", "setup", "postgresql+psycopg://owner@server/ethics"],
}
"""The commands that sign in to nothing (``letter --list`` is ``letter`` without a case)."""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args), clock=CLOCK)
    out, err = capsys.readouterr()
    return code, out, err


def audit_count(database: Database) -> int:
    with database.read_session() as session:
        return session.scalar(select(func.count()).select_from(AuditRecord)) or 0


@pytest.mark.parametrize("command", list(SIGNING_IN))
def test_every_command_that_shows_a_case_or_changes_anything_takes_a_login(command: str) -> None:
    args = build_parser().parse_args([*SIGNING_IN[command], "--user", "mortiz"])
    assert args.user == "mortiz"


@pytest.mark.parametrize("command", list(NO_SIGN_IN))
def test_the_commands_that_sign_in_to_nothing_take_no_login(command: str) -> None:
    args = build_parser().parse_args(NO_SIGN_IN[command])
    assert not hasattr(args, "user")
    with pytest.raises(UsageError, match="Unrecognized arguments: --user"):
        build_parser().parse_args([*NO_SIGN_IN[command], "--user", "mortiz"])


def test_a_command_without_a_password_in_the_environment_and_no_terminal_says_so_in_one_line(
        database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    sign_in_as(monkeypatch, database, Role.CLERK)
    monkeypatch.delenv(PASSWORD_ENV)
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    code, out, err = run(capsys, "closure", "add", "2026-12-01", "Snow", "--db", db_arg)
    assert (code, out) == (2, "")
    assert err == (f"ethics-desk: No terminal to type the password in; give it in "
                   f"{PASSWORD_ENV}.\n")
    with database.read_session() as session:
        assert session.scalar(select(func.count()).select_from(CalendarDay).where(
            CalendarDay.name == "Snow")) == 0


@pytest.mark.sqlite_file  # the growing delay: the file's; on a server PostgreSQL's auth_delay
def test_five_wrong_passwords_make_the_right_one_wait_seconds_not_lock_the_account(
        database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    sign_in_as(monkeypatch, database, Role.CLERK)
    monkeypatch.setenv(PASSWORD_ENV, "not the passphrase")
    moment = NOW
    for seconds in (1, 2, 4, 8, 16):
        code = main(["wording", "list", "--db", db_arg], clock=fixed_clock(moment))
        err = capsys.readouterr().err
        assert code == 2 and "The login or the password is not right." in err
        assert f"Wait {seconds} second(s)" in err
        moment += timedelta(seconds=seconds)
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    too_soon = main(["wording", "list", "--db", db_arg],
                    clock=fixed_clock(moment - timedelta(seconds=1)))
    _, err = capsys.readouterr()
    assert too_soon == 2 and err.count("\n") == 1
    assert err.startswith("ethics-desk: The login or the password is not right. Wait 1 ")
    assert "lock" not in err and PASSWORD not in err
    assert main(["wording", "list", "--db", db_arg], clock=fixed_clock(moment)) == 0


def test_due_and_calendar_work_with_no_account_at_all(
        database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv(USER_ENV, raising=False)
    monkeypatch.delenv(PASSWORD_ENV, raising=False)
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)  # nobody to ask for a password
    before = audit_count(database)
    code, out, _ = run(capsys, "due", "2026-11-24", "3", "--db", db_arg)
    assert (code, out.splitlines()[0]) == (0, "2026-12-01")
    code, out, _ = run(capsys, "calendar", "2026", "--db", db_arg)
    assert code == 0 and "2026-11-26 Thanksgiving Day" in out.splitlines()
    code, out, _ = run(capsys, "letter", "--list", "--db", db_arg)
    assert code == 0 and any(line.startswith("receipt") for line in out.splitlines())
    assert needs_first_administrator(database)  # no account was made, none was asked for
    assert audit_count(database) == before


def test_the_first_sign_in_of_a_command_on_a_database_without_accounts_makes_the_administrator(
        database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(USER_ENV, "ada")
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    code, out, err = run(capsys, "check", "--db", db_arg)
    assert code == 0 and "checks hold" in out
    assert "ada is now its first Administrator" in err
    assert not needs_first_administrator(database)


def test_an_administrators_letter_of_a_case_is_answered_as_missing(
        controller: WorkflowController, database: Database, db_arg: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The Administrator runs the accounts, backups and checks and receives no complaint."""
    filed_case(controller)
    sign_in_as(monkeypatch, database, Role.ADMIN)
    answers = []
    for number in ("ERB-2026-001", "ERB-2026-999"):
        code, out, err = run(capsys, "letter", number, "receipt", "--out",
                             str(tmp_path / "receipt.pdf"), "--db", db_arg)
        answers.append((code, out, err.replace(number, "N")))
    assert answers[0] == answers[1] == (2, "", "ethics-desk: There is no case N. Check the "
                                                "number in the inbox.\n")
    assert not (tmp_path / "receipt.pdf").exists()


def test_a_records_officers_closure_is_refused_naming_the_city_clerks_staff(
        database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    officer = sign_in_as(monkeypatch, database, Role.RECORDS)
    code, out, err = run(capsys, "closure", "add", "2026-12-01", "Snow", "--db", db_arg)
    assert (code, out) == (2, "")
    assert err == (f"ethics-desk: Closing the offices on a day is for: City Clerk staff. You "
                   f"are signed in as {officer.display}, Records officer. Ask one of them to do "
                   "it, or sign in as one of them with --user.\n")
    with database.read_session() as session:
        assert session.scalar(select(func.count()).select_from(CalendarDay).where(
            CalendarDay.name == "Snow")) == 0
        assert not session.scalars(select(AuditRecord).where(
            AuditRecord.action.like("calendar.%"))).all()


@pytest.mark.parametrize(("role", "args", "who"), [
    (Role.AUDITOR, ("closure", "remove", "2026-12-01"), "City Clerk staff"),
    (Role.MEMBER, ("wording", "list"), "City Clerk staff"),
    (Role.CHAIR, ("wording", "bring-in"), "City Clerk staff"),
    (Role.ATTORNEY, ("access", "ERB-2026-001"), "City Clerk staff"),
    (Role.AUDITOR, ("packet", "--meeting", "2026-12-10", "--out", "{tmp}/p.pdf"),
     "City Clerk staff or Ethics Review Board Chair or Ethics Review Board Vice Chair or "
     "Ethics Review Board member"),
    (Role.CLERK, ("check",), "Administrator"),
    (Role.CLERK, ("backup", "{tmp}/copy.sqlite"), "Administrator"),
    (Role.CLERK, ("migrate-to", "{tmp}/server.sqlite"), "Administrator"),
    (Role.CLERK, ("user", "list"), "Administrator"),
    (Role.CLERK, ("user", "disable", "ada"), "Administrator"),
])
def test_each_command_checks_its_act_in_the_permission_table_before_anything_else(
        role: Role, args: tuple[str, ...], who: str, controller: WorkflowController,
        database: Database, db_arg: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    filed_case(controller)
    sign_in_as(monkeypatch, database, role)
    code, out, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in args),
                         "--db", db_arg)
    assert (code, out) == (2, "")
    assert f"is for: {who}. You are signed in as" in err and err.count("\n") == 1
    assert not any((tmp_path / name).exists() for name in ("p.pdf", "copy.sqlite", "server.sqlite"))


@pytest.mark.sqlite_file
def test_a_file_from_before_staff_accounts_is_refused_by_check_and_backup_saying_how_to_upgrade(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``check`` and ``backup`` take the file as it is; nobody can sign in to a file without
    accounts, and neither command upgrades it behind the Administrator's back."""
    old = tmp_path / "office-0006.sqlite"
    engine = sa.create_engine(f"sqlite:///{old}")
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
    engine.dispose()
    monkeypatch.setenv(USER_ENV, "ada")
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    for args in (("check",), ("backup", str(tmp_path / "copy.sqlite"))):
        code, out, err = run(capsys, *args, "--db", str(old))
        assert (code, out) == (2, "") and err.count("\n") == 1
        assert "from before staff accounts" in err and "Open it once with the application" in err
    assert not (tmp_path / "copy.sqlite").exists()
    assert [p.name for p in tmp_path.iterdir()] == [old.name]  # not upgraded, no backup taken


def test_a_password_an_administrator_reset_is_changed_before_any_other_command(
        database: Database, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from ethics_desk.cli import main
    from ethics_desk.staff.accounts import reset_password
    from tests.signing_in import ADMINISTRATOR, PASSWORD, account_of

    account_of(database, Role.CLERK)
    admin = account_of(database, Role.ADMIN)
    reset_password(database, "clerk", "given by the administrator", by=admin, clock=CLOCK)
    assert admin.login == ADMINISTRATOR
    monkeypatch.setenv("ETHICS_DESK_USER", "clerk")
    monkeypatch.setenv("ETHICS_DESK_PASSWORD", "given by the administrator")
    db = database.description
    assert main(["wording", "list", "--db", db], clock=CLOCK) == 2
    assert "choose your own before anything else" in capsys.readouterr().err
    monkeypatch.setenv("ETHICS_DESK_NEW_PASSWORD", "my very own passphrase")
    assert main(["user", "password", "--db", db], clock=CLOCK) == 0
    assert "has a new password" in capsys.readouterr().out
    monkeypatch.setenv("ETHICS_DESK_PASSWORD", "my very own passphrase")
    assert main(["wording", "list", "--db", db], clock=CLOCK) == 0
    assert PASSWORD not in capsys.readouterr().out


@pytest.mark.sqlite_file
def test_check_of_a_file_that_cannot_be_written_verifies_the_administrator_without_recording(
        database: Database, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from ethics_desk.storage import sqlite_file

    sign_in_as(monkeypatch, database, Role.ADMIN)
    with database.read_session() as session:
        before = session.scalar(select(func.count()).select_from(AuditRecord))
    folder = Path(database.description).resolve().parent
    monkeypatch.setattr(sqlite_file, "unwritable", lambda where: (
        f"the folder is read-only: {where} cannot be written" if where == folder else None))
    capsys.readouterr()
    assert main(["check", "--db", database.description], clock=CLOCK) == 0
    captured = capsys.readouterr()
    assert "could not be recorded" in captured.err and "checks hold" in captured.out
    with database.read_session() as session:
        assert session.scalar(select(func.count()).select_from(AuditRecord)) == before
    monkeypatch.setenv(PASSWORD_ENV, "not the password")
    assert main(["check", "--db", database.description], clock=CLOCK) == 2
    assert "The login or the password is not right." in capsys.readouterr().err
    sign_in_as(monkeypatch, database, Role.CLERK)
    assert main(["check", "--db", database.description], clock=CLOCK) == 2
    assert "Checking the database is for: Administrator." in capsys.readouterr().err
