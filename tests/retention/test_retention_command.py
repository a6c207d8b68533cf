"""``ethics-desk retention``: the Records officer's disposal list at the command line (and the
paper with --out); anyone else is refused, naming who may."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethics_desk.cli import main
from ethics_desk.core.roles import Role
from ethics_desk.models import HoldKind
from ethics_desk.retention.holds import place_hold
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.documents.render.helpers import flat, text_of
from tests.retention.conftest import ELIGIBLE_ON, RECORDS, on, resolved_case
from tests.signing_in import sign_in_as


def test_the_command_lists_the_eligible_and_the_held_with_why(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, database: Database,
        db_arg: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    resolved_case(controller)
    resolved_case(controller)
    place_hold(database, account=RECORDS, clock=CLOCK, kind=HoldKind.LITIGATION, reason="Ruiz v. City",
               case_numbers=["ERB-2026-002"])
    sign_in_as(monkeypatch, database, Role.RECORDS)
    out_file = tmp_path / "retention.pdf"
    code = main(["retention", "--db", db_arg, "--out", str(out_file)], clock=on(ELIGIBLE_ON))
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    eligible, held = out.split("Held (Local Government Code § 202.002): 1")
    assert "Eligible for disposal on 2028-11-30 (GR1000-24" in eligible
    assert "ERB-2026-001" in eligible and "ERB-2026-002" not in eligible
    assert "ERB-2026-002" in held and "Ruiz v. City" in held
    assert "ERB-2026-002" in flat(text_of(out_file.read_bytes()))


def test_the_command_is_refused_to_the_clerk(
        capsys: pytest.CaptureFixture[str], database: Database, db_arg: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.CLERK)
    code = main(["retention", "--db", db_arg], clock=CLOCK)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "The disposal list (Local Schedule GR) is for: Records officer" in err
