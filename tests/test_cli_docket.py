"""``ethics-desk docket``: the inbox's list written to .xlsx or .csv by whoever signs in, holding
what their inbox holds; a name of another kind, a view the inbox does not have and a file that
would be replaced without --force are each one line, and nothing is written or recorded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import load_workbook
from sqlalchemy import func, select

from ethics_desk.cases.access import LIST_EXPORTED
from ethics_desk.cases.inbox import ALL_PENDING, OVERDUE, saved_view
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.cli import main
from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK, NOW
from tests.signing_in import sign_in_to_the_demonstration
from tests.test_cli import assert_one_line_error
from tests.test_cli_unknowable import db_arg_of, demo_account


def run(capsys: pytest.CaptureFixture[str], database: Database,
        *args: str) -> tuple[int, str, str]:
    code = main([*args, "--db", db_arg_of(database)], clock=CLOCK)
    out, err = capsys.readouterr()
    return code, out, err


def exports(database: Database) -> list[AuditRecord]:
    with database.read_session() as session:
        return list(session.scalars(select(AuditRecord).where(
            AuditRecord.action == LIST_EXPORTED)))


def audit_count(database: Database) -> int:
    with database.read_session() as session:
        return session.scalar(select(func.count()).select_from(AuditRecord)) or 0


@pytest.mark.parametrize("role", [Role.CLERK, Role.MEMBER])
def test_docket_writes_the_view_as_the_signed_in_persons_inbox_shows_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        demo_database: Database, tmp_path: Path, role: Role) -> None:
    sign_in_to_the_demonstration(monkeypatch, role)
    out = tmp_path / "out" / "pending.xlsx"
    out.parent.mkdir()
    code, printed, err = run(capsys, demo_database, "docket", "--out", str(out))
    account = demo_account(demo_database, role)
    shown = InboxQuery(demo_database, NOW.date(), account).page(saved_view(ALL_PENDING), 0, 1000)
    assert (code, err) == (0, "")
    assert printed.startswith(f"Exported {len(shown)} case") and str(out) in printed
    rows = list(load_workbook(out).active.iter_rows(min_row=3, values_only=True))
    assert [row[0] for row in rows] == [row.case_number for row in shown]
    [record] = exports(demo_database)
    assert record.actor == account.display
    assert json.loads(record.detail)["case_numbers"] == [row.case_number for row in shown]


def test_docket_takes_a_view_and_words_and_writes_a_csv(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        demo_database: Database, tmp_path: Path) -> None:
    sign_in_to_the_demonstration(monkeypatch, Role.CLERK)
    clerk = demo_account(demo_database, Role.CLERK)
    overdue = InboxQuery(demo_database, NOW.date(), clerk).page(saved_view(OVERDUE), 0, 1000)
    word = overdue[0].respondents.split()[-1]
    wanted = InboxQuery(demo_database, NOW.date(), clerk).page(
        saved_view(OVERDUE).with_text(word), 0, 1000)
    code, printed, _err = run(capsys, demo_database, "docket", "--view", "overdue", "--text",
                              word, "--out", str(tmp_path / "overdue.csv"))
    assert code == 0 and "“Overdue”" in printed
    lines = (tmp_path / "overdue.csv").read_text(encoding="utf-8-sig").splitlines()
    assert [line.split(",")[0] for line in lines[1:]] == [row.case_number for row in wanted]


@pytest.mark.parametrize("name", ["list.pdf", "list", "list.xls"])
def test_docket_refuses_a_name_that_is_not_a_spreadsheets_in_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        demo_database: Database, tmp_path: Path, name: str) -> None:
    sign_in_to_the_demonstration(monkeypatch, Role.CLERK)
    before = audit_count(demo_database)
    code, printed, err = run(capsys, demo_database, "docket", "--out", str(tmp_path / name))
    assert_one_line_error(code, err, ".xlsx", ".csv")
    assert printed == "" and not (tmp_path / name).exists()
    assert audit_count(demo_database) == before


def test_docket_refuses_a_view_the_inbox_does_not_have_naming_those_it_has(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        demo_database: Database, tmp_path: Path) -> None:
    sign_in_to_the_demonstration(monkeypatch, Role.CLERK)
    code, _printed, err = run(capsys, demo_database, "docket", "--view", "Everything",
                              "--out", str(tmp_path / "x.xlsx"))
    assert_one_line_error(code, err, "Everything", "“All pending”")
    assert not (tmp_path / "x.xlsx").exists()


def test_docket_replaces_a_file_only_with_force(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        demo_database: Database, tmp_path: Path) -> None:
    sign_in_to_the_demonstration(monkeypatch, Role.CLERK)
    out = tmp_path / "kept.csv"
    out.write_text("kept")
    code, _printed, err = run(capsys, demo_database, "docket", "--out", str(out))
    assert_one_line_error(code, err, "already exists", "--force")
    assert out.read_text() == "kept"
    code, _printed, _err = run(capsys, demo_database, "docket", "--out", str(out), "--force")
    assert code == 0 and out.read_bytes().startswith(b"\xef\xbb\xbfCase,")
