"""The ethics-desk command: due dates, calendars, closures, checks, backups and one-line errors."""

from __future__ import annotations

import io
import re
import sqlite3
import subprocess
import sys
import types
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select

from ethics_desk.cli import main
from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock, system_clock
from ethics_desk.core.roles import Role
from ethics_desk.deadlines.closures import add_closure
from ethics_desk.documents.kinds import title_of
from ethics_desk.models import AuditRecord, Deadline, DeadlineStatus
from ethics_desk.storage.database import Database, default_database_path
from ethics_desk.storage.journal import register_functions
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK, CODE_HANDED_OVER, DESK_CLERK, filed_case
from tests.signing_in import sign_in_as

NOTICE = f"“{title_of('respondent-notice')}”"
"""The (e) notice as the window and the commands name it: by its title."""


@pytest.fixture
def clerk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Account:
    """The commands of the test sign in as a member of the City Clerk's staff."""
    return sign_in_as(monkeypatch, database, Role.CLERK)


@pytest.fixture
def administrator(database: Database, monkeypatch: pytest.MonkeyPatch) -> Account:
    """The commands of the test sign in as the Administrator (checks and backups)."""
    return sign_in_as(monkeypatch, database, Role.ADMIN)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the command line in-process; returns (exit status, stdout, stderr)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, err: str, *words: str) -> None:
    """An error is one line, ``ethics-desk: …``, exit status 2, and never a traceback."""
    assert code == 2
    assert err.startswith("ethics-desk: ")
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    for word in words:
        assert word in err


def database_is_a_file(db_arg: str) -> bool:
    """Whether the suite's ``--db`` names a SQLite file (not the server)."""
    return "://" not in db_arg


def raw(db_path: Path, *statements: str) -> None:
    """Change the file the way a tamperer with a raw SQLite tool and this computer's record
    key would (the journal's triggers still seal each change)."""
    conn = sqlite3.connect(db_path)
    register_functions(conn)
    try:
        for statement in statements:
            conn.execute(statement)
        conn.commit()
    finally:
        conn.close()


def open_due_dates(database: Database) -> list[date]:
    with database.read_session() as session:
        return list(session.scalars(select(Deadline.due_on).where(
            Deadline.status == DeadlineStatus.OPEN)))


# -- due --------------------------------------------------------------------------------------


def test_due_counts_three_business_days_past_thanksgiving(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "due", "2026-11-24", "3")
    assert code == 0
    first, *explanation = out.splitlines()
    assert first == "2026-12-01"
    text = "\n".join(explanation)
    assert "Thanksgiving Day" in text and "Day after Thanksgiving" in text
    assert "the start day is not counted" in text
    assert "City of San Antonio" in text


def test_due_works_on_a_fresh_machine_without_creating_a_database(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "due", "2026-11-24", "10")
    assert code == 0
    assert "no database yet" in out
    assert "§ 2-83(e)(1)" in out  # the respondent's response runs ten business days
    assert not default_database_path().exists()


def test_due_counts_the_office_closures_in_the_database(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path, db_arg: str,
        clerk: Account) -> None:
    assert run(capsys, "closure", "add", "2026-12-01", "Winter weather closure",
               "--db", db_arg)[0] == 0
    code, out, _ = run(capsys, "due", "2026-11-24", "3", "--db", db_arg)
    assert code == 0
    assert out.splitlines()[0] == "2026-12-02"
    assert "Winter weather closure" in out


def test_due_on_the_state_calendar_skips_the_state_holidays(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "due", "2026-02-27", "1", "--calendar", "state")
    assert code == 0
    assert out.splitlines()[0] == "2026-03-03"  # Monday 2 March is Texas Independence Day
    assert "Texas Independence Day" in out


# -- calendar ---------------------------------------------------------------------------------


def test_calendar_lists_the_city_closed_weekdays_of_a_year(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "calendar", "2026")
    assert code == 0
    days = dict(line.split(" ", 1) for line in out.splitlines())
    assert days["2026-11-26"] == "Thanksgiving Day"
    assert days["2026-11-27"] == "Day after Thanksgiving"
    assert days["2026-03-31"] == "César Chávez Day"
    assert "2026-03-02" not in days
    assert "Fiesta San Jacinto Day 2026 is not set" in err
    assert 'closure add DATE "Fiesta San Jacinto Day" --kind fiesta' in err


def test_calendar_of_the_state_has_texas_independence_day(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "calendar", "2026", "--calendar", "state")
    assert code == 0
    assert "2026-03-02 Texas Independence Day" in out.splitlines()
    assert err == ""


def test_calendar_does_not_warn_about_a_fiesta_day_that_is_set(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path, db_arg: str) -> None:
    code, out, err = run(capsys, "calendar", "2025", "--db", db_arg)
    assert code == 0
    assert "2025-05-02 Fiesta San Jacinto Day" in out.splitlines()
    assert err == ""


def test_calendar_warns_of_a_fiesta_day_set_outside_april_and_may(
        capsys: pytest.CaptureFixture[str], database: Database, db_arg: str) -> None:
    add_closure(database, date(2027, 6, 4), "Fiesta San Jacinto Day", account=CLERK,
                kind="fiesta", clock=CLOCK)
    code, out, err = run(capsys, "calendar", "2027", "--db", db_arg)
    assert code == 0
    assert "2027-06-04 Fiesta San Jacinto Day" in out.splitlines()
    assert "outside April and May" in err and "2027-06-04" in err
    assert "closure remove 2027-06-04" in err


def test_closure_add_warns_of_a_fiesta_day_outside_april_and_may(
        capsys: pytest.CaptureFixture[str], database: Database, db_arg: str,
        clerk: Account) -> None:
    code, _out, err = run(capsys, "closure", "add", "2027-09-03", "Fiesta San Jacinto Day",
                          "--kind", "fiesta", "--db", db_arg)
    assert code == 0
    assert "warning: Fiesta San Jacinto Day is set on Friday 2027-09-03, outside April and May" \
        in err


def test_due_warns_for_a_year_with_no_fiesta_day(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "due", "2026-11-24", "10")
    assert code == 0
    assert out.splitlines()[0] == "2026-12-10"
    assert "warning: Fiesta San Jacinto Day 2026 is not set on the city calendar" in err
    assert 'closure add DATE "Fiesta San Jacinto Day" --kind fiesta' in err


def test_due_does_not_warn_for_a_year_whose_fiesta_day_is_set(
        capsys: pytest.CaptureFixture[str], database: Database, db_arg: str) -> None:
    code, _out, err = run(capsys, "due", "2025-04-21", "5", "--db", db_arg)
    assert code == 0
    assert "Fiesta" not in err


# -- closure ----------------------------------------------------------------------------------


def test_a_closure_on_a_due_date_moves_the_open_deadline_and_is_audited(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController,
        database: Database, db_path: Path, db_arg: str, clerk: Account) -> None:
    filed_case(controller)  # filed Monday 2026-11-30: forward "promptly", by 2026-12-01
    assert open_due_dates(database) == [date(2026, 12, 1)]

    code, out, _ = run(capsys, "closure", "add", "2026-12-01", "Winter weather closure",
                       "--db", db_arg)
    assert code == 0
    assert "Added Winter weather closure on 2026-12-01 to the city calendar" in out
    assert "ERB-2026-001 " in out and "2026-12-01 → 2026-12-02" in out
    assert open_due_dates(database) == [date(2026, 12, 2)]

    code, out, _ = run(capsys, "closure", "remove", "2026-12-01", "--db", db_arg)
    assert code == 0
    assert "ERB-2026-001 " in out and "2026-12-02 → 2026-12-01" in out
    assert open_due_dates(database) == [date(2026, 12, 1)]
    with database.read_session() as session:
        acts = list(session.execute(select(AuditRecord.action, AuditRecord.actor)
                                    .where(AuditRecord.action.like("calendar.%"))
                                    .order_by(AuditRecord.seq)))
        summaries = list(session.scalars(select(AuditRecord.summary)))
    assert acts == [("calendar.add", clerk.display), ("calendar.remove", clerk.display)]
    assert any("Winter weather closure" in s and "1 open deadline(s) moved" in s
               for s in summaries)


def test_a_closure_on_a_weekend_is_refused_with_the_reason(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path, db_arg: str,
        clerk: Account) -> None:
    code, _, err = run(capsys, "closure", "add", "2026-12-05", "Snow", "--db", db_arg)
    assert_one_line_error(code, err, "already not a business day (Saturday)")


def test_the_same_closure_twice_is_refused_with_the_reason(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path, db_arg: str,
        clerk: Account) -> None:
    assert run(capsys, "closure", "add", "2026-12-01", "Ice storm", "--db", db_arg)[0] == 0
    code, _, err = run(capsys, "closure", "add", "2026-12-01", "Ice", "--db", db_arg)
    assert_one_line_error(code, err, "already closed", "Ice storm")


def test_a_closure_needs_an_existing_database_when_one_is_named(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "typo.sqlite"
    code, _, err = run(capsys, "closure", "add", "2026-12-01", "Snow", "--db", str(missing))
    assert_one_line_error(code, err, "There is no database")
    assert not missing.exists()


# -- check ------------------------------------------------------------------------------------


def test_check_passes_on_a_fresh_database(capsys: pytest.CaptureFixture[str],
                                          database: Database, db_path: Path, db_arg: str,
                                          administrator: Account) -> None:
    code, out, err = run(capsys, "check", "--db", db_arg)
    assert code == 0, out + err
    assert "FAILED" not in out
    checks = 17 if database.url.get_backend_name() == "sqlite" else 14  # a file has 3 of its own
    assert f"All {checks} checks hold." in out
    assert "ok      The audit trail is append-only at the database" in out


def _issued_notice(controller: WorkflowController, database: Database) -> int:
    """A case awaiting the response, its (e) notice issued (the response due 2026-12-17)."""
    from ethics_desk.documents.issuing import issue
    from tests.board_cases import awaiting_response

    case = awaiting_response(controller)
    issue(database, case, "respondent-notice", account=DESK_CLERK, clock=CLOCK,
          code_provided=CODE_HANDED_OVER)
    return case


def test_a_closure_that_makes_an_issued_notice_wrong_is_warned_of_by_closure_add(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController,
        database: Database, db_arg: str, clerk: Account) -> None:
    _issued_notice(controller, database)
    code, out, err = run(capsys, "closure", "add", "2026-12-10", "Winter weather closure",
                         "--db", db_arg)
    assert code == 0
    assert "2026-12-17 → 2026-12-18" in out
    assert f"warning: ERB-2026-001: {NOTICE} to Nguyễn Thị Minh Khai" in err
    assert "reissue it corrected from the case's Papers tab" in err


def test_check_counts_for_the_administrator_an_issued_notice_a_closure_made_wrong(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController,
        database: Database, db_arg: str, administrator: Account) -> None:
    _issued_notice(controller, database)
    add_closure(database, date(2026, 12, 10), "Winter weather closure", account=CLERK,
                clock=CLOCK)
    code, out, err = run(capsys, "check", "--db", db_arg)
    assert code == 0, out + err
    assert "FAILED" not in out
    assert "warning Issued papers state the dates that hold now" in out
    assert "1 issued paper(s) state a date that no longer holds" in out
    assert "ask the Clerk's staff which" in out
    assert "1 warning(s) for the office" in out
    # The Administrator receives no case: not its number, its respondent or the paper
    for word in ("ERB-2026-001", "Nguyễn Thị Minh Khai", "respondent-notice",
                 "Respondent's sworn response"):
        assert word not in out + err


@pytest.mark.sqlite_file
def test_check_detects_an_edited_audit_record(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController,
        db_path: Path, db_arg: str, administrator: Account) -> None:
    filed_case(controller)
    raw(db_path, "DROP TRIGGER audit_record_no_update",
        "UPDATE audit_record SET summary = 'Nothing happened' WHERE seq = 2")
    code, out, err = run(capsys, "check", "--db", db_arg)
    assert code == 1
    assert "FAILED  Audit trail hash chain" in out
    assert "record 2 was altered after it was written" in out
    assert "Traceback" not in err and err.count("\n") == 1


@pytest.mark.sqlite_file
def test_check_detects_a_deleted_newest_audit_record(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController,
        db_path: Path, db_arg: str, administrator: Account) -> None:
    filed_case(controller)
    raw(db_path, "DROP TRIGGER audit_record_no_delete",
        "DELETE FROM audit_record WHERE seq = (SELECT max(seq) FROM audit_record)")
    code, out, _ = run(capsys, "check", "--db", db_arg)
    assert code == 1
    # the command's own sign-in was chained after the head, so the gap shows before it
    assert "is missing or out of order" in out and "does not follow the record before it" in out


@pytest.mark.sqlite_file
def test_check_detects_two_audit_records_swapped(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController,
        db_path: Path, db_arg: str, administrator: Account) -> None:
    filed_case(controller)
    raw(db_path, "DROP TRIGGER audit_record_no_update",
        "UPDATE audit_record SET seq = -1 WHERE seq = 2",
        "UPDATE audit_record SET seq = 2 WHERE seq = 3",
        "UPDATE audit_record SET seq = 3 WHERE seq = -1")
    code, out, _ = run(capsys, "check", "--db", db_arg)
    assert code == 1
    assert "record 2 does not follow the record before it" in out


@pytest.mark.sqlite_file
def test_check_detects_a_deadline_left_on_a_day_the_offices_are_closed(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController,
        db_path: Path, db_arg: str, administrator: Account) -> None:
    filed_case(controller)  # forward by Tuesday 2026-12-01
    raw(db_path, "INSERT INTO calendar_day (calendar, day, name, kind, version) "
                 "VALUES ('city', '2026-12-01', 'Ice storm', 'closure', 1)")
    code, out, _ = run(capsys, "check", "--db", db_arg)
    assert code == 1
    assert "FAILED  Open deadlines fall on business days" in out
    assert "1 open deadline(s) fall on a day that is not a business day" in out
    assert "Ice storm" in out and "ERB-2026-001" not in out  # counted for the Administrator


def test_check_refuses_a_database_that_does_not_exist(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.sqlite"
    code, _, err = run(capsys, "check", "--db", str(missing))
    assert_one_line_error(code, err, "There is no database", str(missing))
    assert not missing.exists()


@pytest.mark.sqlite_file
def test_check_of_a_schema_written_by_a_newer_version_is_refused_before_anyone_signs_in_to_it(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path, db_arg: str,
        administrator: Account) -> None:
    """A sign-in would add to an audit trail of a format this version does not know."""
    raw(db_path, "UPDATE alembic_version SET version_num = 'ffff'")
    with database.read_session() as session:
        before = list(session.scalars(select(AuditRecord.seq)))
    code, out, err = run(capsys, "check", "--db", db_arg)
    assert out == ""
    assert_one_line_error(code, err, "newer version of Ethics Desk", "Install the newer version")
    with database.read_session() as session:
        assert list(session.scalars(select(AuditRecord.seq))) == before


# -- backup -----------------------------------------------------------------------------------


def test_backup_writes_a_verified_copy_that_passes_check(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, db_path: Path,
        tmp_path: Path, db_arg: str, administrator: Account) -> None:
    filed_case(controller)
    dest = tmp_path / "copy.sqlite"
    code, out, _ = run(capsys, "backup", str(dest), "--db", db_arg)
    assert code == 0
    assert out.startswith("Backed up ") and f" to {dest}: " in out
    assert out.rstrip().endswith("verified.")
    if database_is_a_file(db_arg):  # a file's backup names its anchor; a server's copy is new
        assert ", record anchor " in out
    assert run(capsys, "check", "--db", str(dest))[0] == 0


def test_a_backup_into_a_folder_is_named_by_the_command_lines_clock(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        tmp_path: Path, db_arg: str, administrator: Account) -> None:
    folder = tmp_path / "Backups"
    folder.mkdir()
    assert main(["backup", str(folder), "--db", db_arg], clock=CLOCK) == 0
    assert [p.name for p in folder.iterdir()] == ["ethics-desk-20261130-100000.sqlite"]


def test_backup_shows_on_a_terminal_each_step_of_the_copy_and_clears_the_line(
        capsys: pytest.CaptureFixture[str], database: Database, tmp_path: Path, db_arg: str,
        administrator: Account, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code = main(["backup", str(tmp_path / "copy.sqlite"), "--db", db_arg])
    out, _ = capsys.readouterr()
    shown = terminal.getvalue()
    assert code == 0, out + shown
    if database_is_a_file(db_arg):
        assert re.search(r"\rBacking up: copying the database \((\d+) of \1 pages\)…", shown)
        assert "\rBacking up: verifying the copy…" in shown
        assert "\rBacking up: checking the copy as a restore would: " in shown
    else:  # a server's records, table by table, into a file
        assert re.search(r"\rBacking up: copying complaint \(\d+ of \d+ tables\)…", shown)
    assert_progress_cleared(shown, "Backing up")
    assert out.startswith("Backed up ") and out.count("\n") == 1 and "Backing up" not in out


def test_backup_adds_no_progress_to_a_log(
        capsys: pytest.CaptureFixture[str], database: Database, tmp_path: Path, db_arg: str,
        administrator: Account) -> None:
    code, out, err = run(capsys, "backup", str(tmp_path / "copy.sqlite"), "--db", db_arg)
    assert code == 0 and "\r" not in err + out and "Backing up" not in err
    assert all(line.startswith("ethics-desk: ") for line in err.splitlines())  # notes only


def test_backup_into_a_folder_that_does_not_exist_is_refused(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        tmp_path: Path, db_arg: str, administrator: Account) -> None:
    code, _, err = run(capsys, "backup", str(tmp_path / "Backups"), "--db", db_arg)
    assert_one_line_error(code, err, "There is no folder", "Create the folder first")
    assert not (tmp_path / "Backups").exists()


def test_backup_refuses_a_database_that_does_not_exist(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "backup", str(tmp_path / "copy.sqlite"),
                       "--db", str(tmp_path / "missing.sqlite"))
    assert_one_line_error(code, err, "There is no database")


def test_backup_of_a_server_that_cannot_be_reached_says_so_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "backup", str(tmp_path),
                       "--db", "postgresql+psycopg://clerk@dbserver.invalid/ethics")
    assert_one_line_error(code, err, "cannot be reached")


# -- demo -------------------------------------------------------------------------------------


def test_demo_refuses_a_database_that_has_complaints(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController,
        db_path: Path, db_arg: str) -> None:
    filed_case(controller)
    code, _, err = run(capsys, "demo", "--db", db_arg)
    assert_one_line_error(code, err, "already has complaints")


def test_demo_refuses_the_office_own_database(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "demo")
    assert_one_line_error(code, err, "office's own database", "--db")
    assert not default_database_path().exists()


def test_demo_prints_one_line_per_case_and_its_progress_at_a_console(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code, out, _ = run(capsys, "demo", "--db", str(tmp_path / "demo.sqlite"))
    assert code == 0
    shown = terminal.getvalue()
    assert "\rBuilding the demonstration: the Board's roster…" in shown
    assert re.search(r"Building the demonstration: the cases' day \d{4}-\d\d-\d\d \(to ", shown)
    assert "Building the demonstration" not in out
    lines = out.splitlines()
    assert len(lines) >= 40
    assert any(line.startswith("Draft ") and line.endswith(" draft") for line in lines)
    assert any(line.startswith("ERB-") and line.endswith(" show_cause") for line in lines)


# -- the command line itself ------------------------------------------------------------------


@pytest.mark.parametrize(("args", "words"), [
    (("due", "2026-13-01", "3"), ("START", "2026-13-01", "YYYY-MM-DD")),
    (("due", "2026-11-24", "-3"), ("from 0 to 1000", "-3")),
    (("due", "2026-11-24", "1001"), ("from 0 to 1000",)),
    (("due", "2026-11-24", "3", "--calendar", "moon"), ("moon", "city", "state")),
    (("calendar", "twenty"), ("twenty", "year")),
    (("closure", "add", "1 December", "Snow"), ("DATE", "YYYY-MM-DD")),
    (("closure",), ("add or remove",)),
    (("frobnicate",), ("frobnicate",)),
])
def test_a_mistyped_command_line_is_one_clear_line(
        capsys: pytest.CaptureFixture[str], args: tuple[str, ...], words: tuple[str, ...]) -> None:
    code, out, err = run(capsys, *args)
    assert out == ""
    assert_one_line_error(code, err, *words)


@pytest.mark.sqlite_file
def test_a_database_written_by_a_newer_version_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path, db_arg: str) -> None:
    raw(db_path, "UPDATE alembic_version SET version_num = 'ffff'")
    code, out, err = run(capsys, "due", "2026-11-24", "3", "--db", db_arg)
    assert out == ""
    assert_one_line_error(code, err, "newer version of Ethics Desk", "Install the newer version")


def test_help_describes_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("due", "calendar", "closure", "demo", "check", "backup"):
        assert f"\n    {command} " in out
    assert "--db" in out


def test_no_command_opens_the_window_with_the_database_and_flag(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str | None, bool, Clock]] = []

    def run_gui(database_arg: str | None, quit_when_ready: bool, *, clock: Clock) -> int:
        calls.append((database_arg, quit_when_ready, clock))
        return 0

    app = types.ModuleType("ethics_desk.ui.app")
    app.run_gui = run_gui  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ethics_desk.ui.app", app)
    assert main(["--db", "office.sqlite", "--quit-when-ready"]) == 0
    assert main([]) == 0
    assert calls == [("office.sqlite", True, system_clock), (None, False, system_clock)]


def test_python_dash_m_prints_the_version() -> None:
    result = subprocess.run([sys.executable, "-m", "ethics_desk", "--version"],
                            capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ethics-desk 0.1.0"


class Terminal(io.StringIO):
    """Standard error as a terminal (a person at a console), written to a string."""

    def isatty(self) -> bool:
        return True


def assert_progress_cleared(shown: str, doing: str) -> None:
    """The progress line of ``doing`` was shown on the terminal, and its last step was then
    taken away: spaces written over it, the cursor back at the start of the line."""
    assert f"\r{doing}: " in shown
    cleared = shown.rsplit(f"{doing}: ", 1)[1].split("\r", 2)
    assert len(cleared) == 3 and cleared[1] and cleared[1].strip() == ""


def test_check_shows_on_a_terminal_which_check_runs_and_clears_the_line(
        capsys: pytest.CaptureFixture[str], database: Database, db_arg: str,
        administrator: Account, monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code = main(["check", "--db", db_arg])
    out, _ = capsys.readouterr()
    shown = terminal.getvalue()
    assert code == 0, out + shown
    assert "\rChecking: " in shown and "The audit trail" in shown  # each check as it starts
    cleared = shown.rsplit("Checking: ", 1)[1].split("\r", 2)
    assert len(cleared) == 3 and cleared[1].strip() == ""  # the line taken away, spaces over it
    assert "Checking: " not in out and "All " in out


def test_check_adds_no_progress_to_a_log(capsys: pytest.CaptureFixture[str],
                                         database: Database, db_arg: str,
                                         administrator: Account) -> None:
    code, out, err = run(capsys, "check", "--db", db_arg)
    assert code == 0 and "Checking:" not in err and "\r" not in err + out


def test_every_check_is_announced_before_it_runs(database: Database) -> None:
    from ethics_desk.maintenance.integrity import run_checks

    said: list[str] = []
    results = run_checks(database.url, progress=said.append)
    assert said and len(said) <= len(results)
    assert said[-1] == results[-1].name  # the last one said is the last one run
    if database.url.get_backend_name() == "sqlite":
        assert said[0] == "the file"
