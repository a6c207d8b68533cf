"""``ethics-desk audit``: the trail a signed-in person may read, filtered, with the chain's
state; written to a CSV file with --csv; refused to a role the permission table does not give
it, and a mistyped date refused before the password is asked."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from ethics_desk.cli import main
from ethics_desk.core.roles import Role
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import filed_case, reviewed_case
from tests.signing_in import sign_in_as


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv), clock=CLOCK)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_auditor_reads_the_steps_of_the_case_they_receive_and_the_chain_holds(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, db_arg: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, controller.database, Role.AUDITOR)
    reviewed_case(controller)
    filed_case(controller)
    code, out, _ = _run(capsys, "audit", "--act", "event.", "--db", db_arg)
    assert code == 0
    lines = out.splitlines()
    assert "Step: Forward to the reviewers  ERB-2026-001" in out
    assert "ERB-2026-002" not in out  # filed only: not the Auditor's, § 2-83(h)(1)
    assert lines[-1].startswith("The chain verifies")


def test_the_case_filter_answers_a_case_not_received_as_one_never_filed(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, db_arg: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, controller.database, Role.AUDITOR)
    filed_case(controller)
    code, _, err = _run(capsys, "audit", "--case", "ERB-2026-001", "--db", db_arg)
    assert code == 2 and "There is no case ERB-2026-001." in err
    assert "Traceback" not in err


def test_the_command_writes_the_filtered_records_to_a_csv_file(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, db_arg: str,
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    admin = sign_in_as(monkeypatch, controller.database, Role.ADMIN)
    target = tmp_path / "trail.csv"
    code, _, err = _run(capsys, "audit", "--act", "account.", "--from", "2026-11-30",
                        "--csv", str(target), "--db", db_arg)
    assert code == 0 and f"to {target}" in err
    with target.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][:3] == ["When", "Who", "Act"]
    assert rows[1:] and all(row[2].startswith("Account: ") for row in rows[1:])
    assert any(admin.login in row[1] for row in rows[1:])
    code, _, err = _run(capsys, "audit", "--csv", str(target), "--db", db_arg)
    assert code == 2 and "already exists" in err and "--force" in err


@pytest.mark.parametrize("role", [Role.CLERK, Role.MEMBER])
def test_a_role_outside_the_act_is_refused(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, db_arg: str,
        monkeypatch: pytest.MonkeyPatch, role: Role) -> None:
    sign_in_as(monkeypatch, controller.database, role)
    code, out, err = _run(capsys, "audit", "--db", db_arg)
    assert code != 0 and out == ""
    assert "Reading the audit trail is for: Compliance Auditor or Records officer or " \
           "Administrator" in err


def test_a_mistyped_date_is_refused_naming_the_option(
        capsys: pytest.CaptureFixture[str], db_arg: str) -> None:
    code, _, err = _run(capsys, "audit", "--from", "30/11/2026", "--db", db_arg)
    assert code == 2 and "--from" in err and "Traceback" not in err
