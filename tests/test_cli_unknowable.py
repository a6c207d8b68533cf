"""Unknowable existence at the command line, § 2-83(h)(1): for every role and every command that
takes a case number, a case the signed-in person does not receive gets exactly the answer of a
number that does not exist — the same line on stderr, the same exit status, nothing written and
nothing recorded about the case. And what a role does receive, it gets.

Run on the demonstration database (``ethics-desk demo``: every state of § 2-83, one account per
role named after it, password "demo")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import func, select

from ethics_desk.cli import main
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import CaseState
from ethics_desk.models import AuditRecord, Complaint
from ethics_desk.staff.accounts import DEMO_LOGINS, list_accounts
from ethics_desk.staff.scope import receives
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK
from tests.signing_in import sign_in_to_the_demonstration

COMMANDS: dict[str, Callable[[str, Path], list[str]]] = {
    "letter CASE": lambda number, out: ["letter", number, "receipt", "--out", str(out)],
    "access CASE": lambda number, out: ["access", number],
    "packet --case": lambda number, out: ["packet", "--meeting", "2026-12-10", "--case", number,
                                          "--out", str(out)],
}
"""Every command that takes a case number, as typed for ``number`` (a PDF goes to ``out``)."""


def db_arg_of(database: Database) -> str:
    return database.url.render_as_string(hide_password=False)


def demo_account(database: Database, role: Role) -> Account:
    return next(a for a in list_accounts(database) if a.login == DEMO_LOGINS[role])


def hidden_and_missing(database: Database, account: Account) -> list[tuple[int, str, str]]:
    """For the first filed case and the first draft ``account`` does not receive: its id, the
    number it is asked for by, and a number of the same shape that no case has."""
    with database.read_session() as session:
        complaints = session.scalars(select(Complaint).order_by(Complaint.id)).all()
        hidden = [c for c in complaints if not receives(session, account, c)]
        numbers = {c.case_number for c in complaints}
        ids = {c.id for c in complaints}
    found = []
    filed = next((c for c in hidden if c.case_number), None)
    if filed is not None:
        assert filed.case_number is not None
        missing = filed.case_number.rsplit("-", 1)[0] + "-999"
        assert missing not in numbers
        found.append((filed.id, filed.case_number, missing))
    draft = next((c for c in hidden if not c.case_number), None)
    if draft is not None:
        missing = "9" * len(str(draft.id))
        assert int(missing) not in ids
        found.append((draft.id, str(draft.id), missing))
    return found


def answer(capsys: pytest.CaptureFixture[str], args: list[str], db_arg: str,
           number: str) -> tuple[int, str, str]:
    """The exit status, stdout and stderr, with the number asked for written N."""
    code = main([*args, "--db", db_arg], clock=CLOCK)
    out, err = capsys.readouterr()
    return code, out.replace(number, "N"), err.replace(number, "N")


def records_of(database: Database, complaint_id: int) -> int:
    with database.read_session() as session:
        return session.scalar(select(func.count()).select_from(AuditRecord).where(
            AuditRecord.complaint_id == complaint_id)) or 0


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("role", list(Role))
def test_a_case_the_person_does_not_receive_is_answered_as_one_that_does_not_exist(
        role: Role, command: str, demo_database: Database, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    sign_in_to_the_demonstration(monkeypatch, role)
    account = demo_account(demo_database, role)
    db_arg = db_arg_of(demo_database)
    cases = hidden_and_missing(demo_database, account)
    if role is Role.CLERK:
        assert cases == []  # the City Clerk's staff receive every complaint, § 2-83(c)
        code, out, err = answer(capsys, COMMANDS[command]("ERB-2026-999", tmp_path / "x.pdf"),
                                db_arg, "ERB-2026-999")
        assert (code, out, err) == (2, "", "ethics-desk: There is no case N. Check the number "
                                           "in the inbox.\n")
        return
    assert [number for _, number, _ in cases][:1] and cases[0][1].startswith("ERB-")
    for complaint_id, number, missing in cases:
        before = records_of(demo_database, complaint_id)
        hidden_out, missing_out = tmp_path / "hidden.pdf", tmp_path / "missing.pdf"
        hidden = answer(capsys, COMMANDS[command](number, hidden_out), db_arg, number)
        absent = answer(capsys, COMMANDS[command](missing, missing_out), db_arg, missing)
        assert hidden == absent, (number, missing)
        code, out, err = hidden
        assert (code, out) == (2, "") and err.startswith("ethics-desk: ")
        assert err.count("\n") == 1
        assert not hidden_out.exists() and not missing_out.exists()
        assert records_of(demo_database, complaint_id) == before  # nothing tells it was asked


def _first(database: Database, state: CaseState) -> str:
    with database.read_session() as session:
        number = session.scalar(select(Complaint.case_number).where(Complaint.state == state)
                                .order_by(Complaint.case_number))
    assert number is not None
    return number


def _letter(capsys: pytest.CaptureFixture[str], database: Database, number: str, kind: str,
            out: Path) -> tuple[int, str, str]:
    code = main(["letter", number, kind, "--out", str(out), "--db", db_arg_of(database)],
                clock=CLOCK)
    printed, err = capsys.readouterr()
    return code, printed, err


def test_a_clerks_letter_of_a_filed_case_is_written_and_on_record(
        demo_database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    sign_in_to_the_demonstration(monkeypatch, Role.CLERK)
    number = _first(demo_database, CaseState.FILED)
    code, out, err = _letter(capsys, demo_database, number, "receipt", tmp_path / "r.pdf")
    assert (code, err) == (0, "") and "it is not issued" in out
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF-")
    with demo_database.read_session() as session:
        newest = session.scalars(select(AuditRecord).order_by(AuditRecord.seq.desc())).first()
    assert newest is not None and newest.action == "preview.receipt"
    assert newest.actor == demo_account(demo_database, Role.CLERK).display


def test_a_members_letter_of_a_case_only_under_review_is_refused_as_missing(
        demo_database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The full Board receives a complaint only once it is forwarded under § 2-83(d)(3)."""
    sign_in_to_the_demonstration(monkeypatch, Role.MEMBER)
    number = _first(demo_database, CaseState.UNDER_REVIEW)
    code, out, err = _letter(capsys, demo_database, number, "reviewer-transmittal",
                             tmp_path / "t.pdf")
    assert (code, out) == (2, "")
    assert err == f"ethics-desk: There is no case {number}. Check the number in the inbox.\n"
    assert not (tmp_path / "t.pdf").exists()


def test_the_chair_receives_the_case_under_review_and_a_member_the_case_before_the_board(
        demo_database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """§ 2-83(d)(1): the Chair reviews the complaint; (d)(3): the Board then receives it."""
    sign_in_to_the_demonstration(monkeypatch, Role.CHAIR)
    in_review = _first(demo_database, CaseState.UNDER_REVIEW)
    code, _, err = _letter(capsys, demo_database, in_review, "reviewer-transmittal",
                           tmp_path / "t.pdf")
    assert (code, err) == (0, "")
    sign_in_to_the_demonstration(monkeypatch, Role.MEMBER)
    before_the_board = _first(demo_database, CaseState.AWAITING_RESPONSE)
    code, _, err = _letter(capsys, demo_database, before_the_board, "respondent-notice",
                           tmp_path / "n.pdf")
    assert (code, err) == (0, "")
