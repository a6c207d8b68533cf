"""``ethics-desk search TEXT``: the words of the cases one receives, each result with its case,
where the words are and a snippet; a case one does not receive is never found; a search that
cannot be made is one line saying why, before any password, never a traceback."""

from __future__ import annotations

import pytest

from ethics_desk.cli.common import PASSWORD_ENV
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.cases.test_full_text import WORDS_OF_THE_EXHIBIT, case_with_exhibit
from tests.signing_in import sign_in_as
from tests.test_cli import assert_one_line_error, run


def test_search_prints_each_result_with_its_case_and_a_snippet(
        capsys: pytest.CaptureFixture[str], database: Database, db_arg: str,
        controller: WorkflowController, monkeypatch: pytest.MonkeyPatch) -> None:
    case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT, "")
    sign_in_as(monkeypatch, database, Role.CLERK)
    code, out, err = run(capsys, "search", "quixotic", "holdi*", "--db", db_arg)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("ERB-2026-") and "exhibit “contract.pdf”" in lines[0]
    assert "page 2: no text" in lines[0]
    assert "[Quixotic] [Holdings]" in lines[1]
    assert lines[-1] == "1 result(s) in 1 case(s)."


def test_a_member_searching_a_word_of_a_case_they_do_not_receive_finds_nothing(
        capsys: pytest.CaptureFixture[str], database: Database, db_arg: str,
        controller: WorkflowController, monkeypatch: pytest.MonkeyPatch) -> None:
    case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT)
    member: Account = sign_in_as(monkeypatch, database, Role.MEMBER)
    code, out, _ = run(capsys, "search", '"parking contract"', "--db", db_arg)
    assert code == 0 and member.role is Role.MEMBER
    assert out == "Nothing found in the cases you receive.\n"
    assert "ERB-" not in out and "Quixotic" not in out


@pytest.mark.parametrize(("words", "said"), [
    ('"parking contract', "not closed"),
    ("*", "no word"),
    ("p*", "at least 2 letters"),
])
def test_a_search_that_cannot_be_made_is_one_line_saying_why(
        capsys: pytest.CaptureFixture[str], db_arg: str, words: str, said: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PASSWORD_ENV, raising=False)  # refused before any password
    code, _, err = run(capsys, "search", words, "--db", db_arg)
    assert_one_line_error(code, err, said)
