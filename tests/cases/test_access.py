"""The access history of a case lists every read of it — who saw it and when — and looking at
it is recorded too (§ 2-83(h))."""

from __future__ import annotations

import pytest

from ethics_desk.cases.access import access_history
from ethics_desk.cli import main
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.documents.making import render_letter
from ethics_desk.office.actions import record_access
from ethics_desk.storage.audit import is_access
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK, reviewed_case
from tests.signing_in import sign_in_as
from tests.workflow.helpers import audit_actions

ANA = Account(11, "aruiz", "Ana Ruiz", Role.CLERK)
MARIA = Account(12, "mortiz", "María Ortiz", Role.CLERK)
LUIS = Account(13, "lgarza", "Luis Garza", Role.CLERK)


def test_the_access_history_lists_the_reads_and_not_the_acts(
        database: Database, controller: WorkflowController) -> None:
    case = reviewed_case(controller)
    record_access(database, account=ANA, action="view.case", summary="Opened the case",
                  clock=CLOCK, complaint_id=case)
    render_letter(database, case, "reviewer-transmittal", account=LUIS, clock=CLOCK)
    lines = access_history(database, case, account=MARIA, clock=CLOCK)
    assert [(line.actor, line.action) for line in lines] == [
        (ANA.display, "view.case"), (LUIS.display, "preview.reviewer-transmittal"),
        (MARIA.display, "view.access")]
    everything = audit_actions(database, case)
    assert any(action.startswith("event.") for action in everything)
    assert [a for a in everything if is_access(a)] == [line.action for line in lines]


def test_the_command_prints_who_saw_the_case(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, db_arg: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    clerk = sign_in_as(monkeypatch, controller.database, Role.CLERK)
    case = reviewed_case(controller)
    record_access(controller.database, account=ANA, action="view.case",
                  summary="Opened the case", clock=CLOCK, complaint_id=case)
    assert main(["access", "ERB-2026-001", "--db", db_arg], clock=CLOCK) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Ana Ruiz" in out[0] and "Opened the case" in out[0]
    assert "access history" in out[-1] and clerk.display in out[-1]


def test_an_unknown_case_number_is_one_message(
        capsys: pytest.CaptureFixture[str], database: Database, db_arg: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.CLERK)
    assert main(["access", "ERB-2026-999", "--db", db_arg], clock=CLOCK) == 2
    assert "There is no case ERB-2026-999" in capsys.readouterr().err


def test_opening_a_case_is_read_and_recorded_in_one_transaction(
        database: Database, controller: WorkflowController) -> None:
    from ethics_desk.cases.case_file import load_case

    case = reviewed_case(controller)
    before = audit_actions(database, case)
    opened = load_case(database, case, account=ANA, opened=CLOCK)
    assert opened.timeline[-1].action == "view.case" and opened.timeline[-1].actor == ANA.display
    again = load_case(database, case, account=CLERK)
    assert audit_actions(database, case) == [*before, "view.case"]
    assert again.timeline == opened.timeline
