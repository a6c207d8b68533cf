"""``ethics-desk letter CASE show-cause-order`` and ``ethics-desk packet``: the Board's papers
from the command line, with one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethics_desk.cli import main
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import awaiting_response, show_cause
from tests.conftest import CLOCK
from tests.documents.render.helpers import flat, pages_text, text_of
from tests.signing_in import sign_in_as


@pytest.fixture
def clerk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Account:
    """The commands of the test sign in as a member of the City Clerk's staff."""
    return sign_in_as(monkeypatch, database, Role.CLERK)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args), clock=CLOCK)  # the tests' day, whatever the machine's date
    out, err = capsys.readouterr()
    return code, out, err


def test_the_show_cause_order_is_previewed_for_a_case(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, db_path: Path,
        tmp_path: Path, db_arg: str, clerk: Account) -> None:
    show_cause(controller)
    out_file = tmp_path / "order.pdf"
    code, out, err = run(capsys, "letter", "ERB-2026-001", "show-cause-order", "--out",
                         str(out_file), "--db", db_arg)
    assert (code, err) == (0, "") and "it is not issued" in out
    text = flat(text_of(out_file.read_bytes()))
    assert "Notice of an Order to Show Cause" in text and "accompanied by counsel" in text


def test_the_letter_list_names_the_boards_papers(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "letter", "--list")
    for kind, rule in (("show-cause-order", "§ 2-83(f)(2), (f)(4)"),
                       ("frivolous-determination", "§ 2-83(f)(6), (g)"),
                       ("referral", "§ 2-83(g)(3)")):
        assert any(line.startswith(kind) and rule in line for line in out.splitlines())


def test_the_packet_of_the_agenda_is_written_confidential_on_every_page(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, db_path: Path,
        tmp_path: Path, db_arg: str, clerk: Account) -> None:
    for _ in range(3):
        awaiting_response(controller)
    out_file = tmp_path / "packet.pdf"
    code, out, err = run(capsys, "packet", "--meeting", "2026-12-10", "--out", str(out_file),
                         "--db", db_arg)
    assert (code, err) == (0, "")
    assert "with 3 case(s)" in out and "confidential" in out
    pages = pages_text(out_file.read_bytes())
    assert all("CONFIDENTIAL — § 2-83(h)" in page for page in pages)
    text = flat("\n".join(pages))
    assert all(f"{n}. ERB-2026-00{n} —" in text for n in (1, 2, 3))


def test_the_packet_takes_the_cases_named(capsys: pytest.CaptureFixture[str],
                                          controller: WorkflowController, db_path: Path,
                                          tmp_path: Path, db_arg: str, clerk: Account) -> None:
    awaiting_response(controller)
    show_cause(controller)
    out_file = tmp_path / "packet.pdf"
    code, out, _ = run(capsys, "packet", "--meeting", "2026-12-10", "--case", "ERB-2026-002",
                       "--out", str(out_file), "--db", db_arg)
    assert code == 0 and "with 1 case(s)" in out
    text = flat(text_of(out_file.read_bytes()))
    assert "1. ERB-2026-002" in text and "ERB-2026-001" not in text


@pytest.mark.parametrize(("args", "words"), [
    (("--meeting", "2026-13-01"), "“2026-13-01” is not a date"),
    (("--meeting", "2026-12-10", "--case", "ERB-2026-404"), "There is no case ERB-2026-404"),
    (("--meeting", "2026-12-10"), "No case is on the agenda for 2026-12-10"),
])
def test_clear_one_line_errors(capsys: pytest.CaptureFixture[str], database: object,
                               db_path: Path, tmp_path: Path, args: tuple[str, ...],
                               words: str, db_arg: str, clerk: Account) -> None:
    out_file = tmp_path / "packet.pdf"
    code, out, err = run(capsys, "packet", *args, "--out", str(out_file), "--db", db_arg)
    assert code == 2 and out == ""
    assert err.startswith("ethics-desk: ") and words in err and err.count("\n") == 1
    assert not out_file.exists()
