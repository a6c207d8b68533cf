"""The catalogue of provisions a complaint can cite (§ 2-83(c)(5)): the dates each was law, the
intake's warning for a provision not in force on the date of the alleged violation, and a
revised catalogue loaded without losing a section a complaint cites."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import func, select

from ethics_desk.core.errors import NotAllowed, StorageError, UserError
from ethics_desk.core.roles import Role
from ethics_desk.intake.catalogue import (
    load_catalogue,
    provision_choices,
    provisions_not_in_force,
    read_provisions_csv,
)
from ethics_desk.models import AuditRecord, Provision
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import CLERK, complete_intake, filed_case, provision_id
from tests.signing_in import account_of, sign_in_as
from tests.test_cli import assert_one_line_error, run

HEADER = "code,section,title,division,effective,note,repealed\n"


def catalogue_file(folder: Path, *rows: str, name: str = "revised.csv") -> Path:
    """A catalogue CSV with ``rows`` under the header."""
    path = folder / name
    path.write_text(HEADER + "".join(f"{row}\n" for row in rows), encoding="utf-8")
    return path


def current_rows(database: Database) -> list[str]:
    """Every provision of the database as a CSV row (the revised catalogue starts from it)."""
    with database.read_session() as session:
        return [f"{p.code},{p.section},\"{p.title}\",\"{p.division}\","
                f"{p.effective_on.isoformat() if p.effective_on else ''},\"{p.note}\","
                f"{p.repealed_on.isoformat() if p.repealed_on else ''}"
                for p in session.scalars(select(Provision).order_by(Provision.id))]


def provision(database: Database, section: str) -> Provision:
    """The provision of ``section``."""
    with database.read_session() as session:
        found = session.scalars(select(Provision).where(Provision.section == section)).first()
        assert found is not None
        return found


def test_a_provision_not_yet_in_effect_on_a_day_is_not_offered_for_it(
        database: Database) -> None:
    effective = provision(database, "2-43").effective_on
    assert effective is not None
    before = {c.section for c in provision_choices(database, date(effective.year - 1, 1, 1))}
    after = {c.section for c in provision_choices(database, effective)}
    assert "2-43" in after and "2-43" not in before


def test_citing_a_provision_not_in_force_on_the_date_of_the_violation_is_warned_of(
        database: Database) -> None:
    choices = provision_choices(database)
    cited = provision_id(database, "2-43")
    [it] = [c for c in choices if c.id == cited]
    assert it.effective_on is not None
    too_early = date(it.effective_on.year - 1, 3, 1)
    intake = replace(complete_intake(), provision_ids=[cited], violation_start=too_early,
                     violation_end=None)
    [problem] = provisions_not_in_force(choices, intake)
    assert problem.warning and problem.citation == "§ 2-83(c)(5), (c)(6)"
    assert it.citation in problem.message and too_early.isoformat() in problem.message
    assert f"in force from {it.effective_on.isoformat()}" in problem.message
    in_force = replace(intake, violation_start=it.effective_on)
    assert provisions_not_in_force(choices, in_force) == []


def test_a_revised_catalogue_adds_revises_and_repeals_without_deleting_what_is_cited(
        database: Database, controller: WorkflowController, tmp_path: Path) -> None:
    case = filed_case(controller)  # cites § 2-43, among others
    assert case
    before = current_rows(database)
    kept = [row for row in before if ",2-43," not in row]
    revised = [row.replace("Statement of purpose", "Statement of purpose and policy")
               if ",2-41," in row else row for row in kept]
    path = catalogue_file(tmp_path, *revised,
                          "Ethics Code,2-99,Lobbying disclosure,New,2027-01-01,,")
    change = load_catalogue(database, read_provisions_csv(path), repealed_on=date(2026, 12, 1),
                            account=CLERK, clock=CLOCK)
    assert change.added == ("§ 2-99 Lobbying disclosure",)
    assert change.revised == ("§ 2-41 Statement of purpose and policy",)
    assert change.repealed == (provision(database, "2-43").citation,)
    assert provision(database, "2-43").repealed_on == date(2026, 12, 1)  # still there
    with database.read_session() as session:
        assert session.scalar(select(func.count()).select_from(Provision)) == len(before) + 1
        record = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "provisions.load")).one()
    assert record.actor == CLERK.display and "1 added" in record.summary
    assert json.loads(record.detail)["repealed_on"] == "2026-12-01"
    offered = {c.section for c in provision_choices(database, date(2026, 12, 2))}
    assert "2-43" not in offered and "2-99" not in offered  # repealed; not yet in effect


def test_a_revised_catalogue_that_leaves_sections_out_needs_the_day_they_were_repealed(
        database: Database, tmp_path: Path) -> None:
    rows = [row for row in current_rows(database) if ",2-43," not in row]
    with pytest.raises(UserError, match="leaves out 1 section") as raised:
        load_catalogue(database, read_provisions_csv(catalogue_file(tmp_path, *rows)),
                       repealed_on=None, account=CLERK, clock=CLOCK)
    assert "2-43" in raised.value.problem and "--repealed-on" in raised.value.fix
    assert provision(database, "2-43").repealed_on is None


def test_only_those_who_keep_the_offices_settings_load_a_catalogue(
        database: Database, tmp_path: Path) -> None:
    path = catalogue_file(tmp_path, *current_rows(database))
    member = account_of(database, Role.MEMBER)
    with pytest.raises(NotAllowed):
        load_catalogue(database, read_provisions_csv(path), repealed_on=None, account=member,
                       clock=CLOCK)


@pytest.mark.parametrize(("row", "words"), [
    ("Ethics Code,2-43,Conflicts,Div,2018-13-01,,", "line 3"),
    ("Ethics Code,2-43,Conflicts,Div,2018-06-21,,2018-01-01", "not after it took effect"),
    ("Ethics Code,2-41,Again,Div,2018-06-21,,", "already on line 2"),
    ("Ethics Code,,Conflicts,Div,2018-06-21,,", "code, section and title"),
])
def test_a_catalogue_line_that_is_not_valid_is_refused_naming_it(
        tmp_path: Path, row: str, words: str) -> None:
    path = catalogue_file(tmp_path, "Ethics Code,2-41,Statement of purpose,Div,2018-06-21,,",
                          row)
    with pytest.raises(StorageError) as raised:
        read_provisions_csv(path)
    assert words in str(raised.value.problem) and "revised.csv" in raised.value.problem


def test_the_command_loads_a_revised_catalogue_and_lists_what_is_in_force(
        capsys: pytest.CaptureFixture[str], database: Database, db_arg: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    sign_in_as(monkeypatch, database, Role.CLERK)
    rows = [row for row in current_rows(database) if ",2-43," not in row]
    path = catalogue_file(tmp_path, *rows)
    code, _out, err = run(capsys, "provisions", "load", str(path), "--db", db_arg)
    assert_one_line_error(code, err, "leaves out 1 section", "--repealed-on")
    code, out, _err = run(capsys, "provisions", "load", str(path), "--repealed-on",
                          "2026-12-01", "--db", db_arg)
    assert code == 0 and "0 added, 0 revised, 1 repealed" in out
    code, out, _err = run(capsys, "provisions", "list", "--on", "2026-12-02", "--db", db_arg)
    assert code == 0 and "§ 2-44" in out and "§ 2-43" not in out
    code, out, _err = run(capsys, "provisions", "list", "--db", db_arg)
    assert "until 2026-12-01" in out


def test_the_command_refuses_a_file_that_is_not_there_in_one_line(
        capsys: pytest.CaptureFixture[str], db_arg: str, tmp_path: Path) -> None:
    code, _out, err = run(capsys, "provisions", "load", str(tmp_path / "missing.csv"),
                          "--db", db_arg)
    assert_one_line_error(code, err, "missing.csv", "cannot be read")
