"""``ethics-desk statistics``: the office's figures for a period, signed in, as lines or JSON;
a mistyped period is one clear line, before any password is asked."""

from __future__ import annotations

import json
from datetime import date

import pytest

from ethics_desk.cli import main
from ethics_desk.core.roles import Role
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import filed_case
from tests.signing_in import sign_in_as


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args), clock=CLOCK)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_clerks_statistics_for_the_year_come_as_one_json_object(
        controller: WorkflowController, database: Database, db_arg: str,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    filed_case(controller)
    sign_in_as(monkeypatch, database, Role.CLERK)
    code, out, err = run(capsys, "statistics", "--year", "2026", "--json", "--db", db_arg)
    assert (code, err) == (0, "")
    figures = json.loads(out.splitlines()[-1])
    assert (figures["start"], figures["end"]) == ("2026-01-01", "2026-12-31")
    assert figures["received"]["total"] == 1
    assert figures["received"]["sworn"] == 1


def test_the_statistics_print_as_lines_from_the_first_of_january_to_today_by_default(
        controller: WorkflowController, database: Database, db_arg: str,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    filed_case(controller)
    sign_in_as(monkeypatch, database, Role.CLERK)
    code, out, _ = run(capsys, "statistics", "--db", db_arg)
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == ("The office's statistics from 2026-01-01 to 2026-11-30 (counted on "
                        "2026-11-30)")
    assert "Complaints received (§ 2-83(c)): 1" in lines
    assert "  Ethics Code (§ 2-83(d)(3)): 1" in lines
    code, out, _ = run(capsys, "statistics", "--from", "2026-12-01", "--to", "2026-12-31",
                       "--db", db_arg)
    assert code == 0 and "Complaints received (§ 2-83(c)): 0" in out.splitlines()


@pytest.mark.parametrize(("args", "message"), [
    (("--from", "2026-13-01"), "--from "),
    (("--to", "30/11/2026"), "--to "),
    (("--year", "2026", "--from", "2026-01-01"), "Give either --year or --from/--to, not both."),
    (("--from", "2026-12-01", "--to", "2026-11-01"), "--to 2026-11-01 is before --from "
                                                     "2026-12-01"),
    (("--year", "twenty"), "year"),
])
def test_a_mistyped_period_is_one_clear_line_and_no_password_is_asked(
        args: tuple[str, ...], message: str, database: Database, db_arg: str,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)  # nobody to type a password
    code, out, err = run(capsys, "statistics", *args, "--db", db_arg)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("ethics-desk: ") and message in err
    assert "Traceback" not in err


def test_a_board_members_statistics_are_refused_naming_who_may(
        database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    member = sign_in_as(monkeypatch, database, Role.MEMBER)
    code, out, err = run(capsys, "statistics", "--year", str(date(2026, 1, 1).year),
                         "--db", db_arg)
    assert (code, out) == (2, "")
    assert err == (f"ethics-desk: The office's statistics is for: City Clerk staff or "
                   f"Administrator. You are signed in as {member.display}, Ethics Review Board "
                   "member. Ask one of them to do it, or sign in as one of them with --user.\n")
