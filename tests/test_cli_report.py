"""``ethics-desk report annual YEAR``: the Clerk's staff issue the year's report and it is
written where they said, public by default and the Board's with --confidential; a mistyped
year or an unusable file is one clear line before any password, and another role is refused
naming who may."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from ethics_desk.cli import main
from ethics_desk.core.roles import Role
from ethics_desk.reports.annual_report import CONFIDENTIAL_MARK, Edition, issued_reports
from ethics_desk.reports.small_counts import FEWER
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.factories import CLERK, filed_case
from tests.signing_in import sign_in_as

YEAR = str(NOW.year)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args), clock=CLOCK)
    out, err = capsys.readouterr()
    return code, out, err


def _text(path: Path) -> str:
    pages = PdfReader(io.BytesIO(path.read_bytes())).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def test_the_clerk_issues_the_public_report_and_it_is_written_and_kept(
        controller: WorkflowController, database: Database, db_arg: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    filed_case(controller)
    sign_in_as(monkeypatch, database, Role.CLERK)
    out_file = tmp_path / "annual.pdf"
    code, out, err = run(capsys, "report", "annual", YEAR, "--out", str(out_file),
                         "--db", db_arg)
    assert (code, err) == (0, "")
    data = out_file.read_bytes()
    assert f"SHA-256 {hashlib.sha256(data).hexdigest()}" in out
    text = _text(out_file)
    assert f"Complaints received {FEWER}" in text and CONFIDENTIAL_MARK not in text
    [issued] = issued_reports(database, account=CLERK)
    assert (issued.edition, issued.sha256) == (Edition.PUBLIC, hashlib.sha256(data).hexdigest())
    assert not list(tmp_path.glob(".*partial"))  # written beside it, then put in its place


def test_the_boards_edition_is_exact_and_marked(
        controller: WorkflowController, database: Database, db_arg: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    filed_case(controller)
    sign_in_as(monkeypatch, database, Role.CLERK)
    out_file = tmp_path / "annual-board.pdf"
    code, out, err = run(capsys, "report", "annual", YEAR, "--confidential", "--out",
                         str(out_file), "--db", db_arg)
    assert (code, err) == (0, "")
    assert "confidential (§ 2-83(h)(1))" in out
    assert "confidential edition for the Ethics Review Board" in out  # its name whole
    text = _text(out_file)
    assert "Complaints received 1 " in text and CONFIDENTIAL_MARK in text


@pytest.mark.parametrize(("args", "message"), [
    (("annual", "twenty", "--out", "x.pdf"), "year"),
    (("annual", YEAR), "--out"),
    (("annual", YEAR, "--out", "{missing}/annual.pdf"), "There is no folder"),
    (("annual", YEAR, "--out", "{existing}"), "already exists"),
])
def test_a_mistyped_year_or_file_is_one_clear_line_and_no_password_is_asked(
        args: tuple[str, ...], message: str, database: Database, db_arg: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)  # nobody to type a password
    existing = tmp_path / "there.pdf"
    existing.write_bytes(b"kept")
    filled = [arg.format(missing=tmp_path / "nowhere", existing=existing) for arg in args]
    code, out, err = run(capsys, "report", *filled, "--db", db_arg)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("ethics-desk: ") and message in err
    assert existing.read_bytes() == b"kept"


def test_a_year_not_yet_begun_is_one_clear_line(
        database: Database, db_arg: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    sign_in_as(monkeypatch, database, Role.CLERK)
    code, out, err = run(capsys, "report", "annual", str(NOW.year + 1), "--out",
                         str(tmp_path / "a.pdf"), "--db", db_arg)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and f"There is no annual report for {NOW.year + 1}" in err
    assert not (tmp_path / "a.pdf").exists()


def test_the_administrators_report_is_refused_naming_who_may(
        database: Database, db_arg: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    admin = sign_in_as(monkeypatch, database, Role.ADMIN)
    code, out, err = run(capsys, "report", "annual", YEAR, "--out", str(tmp_path / "a.pdf"),
                         "--db", db_arg)
    assert (code, out) == (2, "")
    assert err == (f"ethics-desk: The office's annual report is for: City Clerk staff. You are "
                   f"signed in as {admin.display}, Administrator. Ask one of them to do it, or "
                   "sign in as one of them with --user.\n")
    assert not (tmp_path / "a.pdf").exists()
