"""``ethics-desk letter``: a preview of a document for a case, or the list of kinds."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethics_desk.cli import main
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Accept, ForwardToBoard
from ethics_desk.workflow.controller import WorkflowController
from tests.documents.render.helpers import flat, text_of
from tests.factories import filed_case, reviewed_case
from tests.signing_in import sign_in_as
from tests.workflow.helpers import audit_actions


@pytest.fixture
def clerk(database: Database, monkeypatch: pytest.MonkeyPatch) -> Account:
    """The commands of the test sign in as a member of the City Clerk's staff."""
    return sign_in_as(monkeypatch, database, Role.CLERK)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_names_every_kind_with_its_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "letter", "--list")
    assert code == 0
    lines = out.splitlines()
    assert any(line.startswith("respondent-notice") and "§ 2-83(d)(3), (e)" in line
               for line in lines)
    assert any(line.startswith("certificate-of-mailing") for line in lines)


def test_a_preview_is_written_for_a_case_number(capsys: pytest.CaptureFixture[str],
                                                controller: WorkflowController, db_path: Path,
                                                tmp_path: Path, db_arg: str, clerk: Account) -> None:
    case = reviewed_case(controller)
    controller.fire(case, Accept())
    controller.fire(case, ForwardToBoard())
    out_file = tmp_path / "notice.pdf"
    code, out, err = run(capsys, "letter", "ERB-2026-001", "respondent-notice", "--out",
                         str(out_file), "--db", db_arg)
    assert (code, err) == (0, "")
    assert "it is not issued" in out
    text = flat(text_of(out_file.read_bytes()))
    assert "Nguyễn Thị Minh Khai" in text and "Your sworn response is due by" in text


def test_an_existing_file_is_kept_unless_forced(capsys: pytest.CaptureFixture[str],
                                                controller: WorkflowController, db_path: Path,
                                                tmp_path: Path, db_arg: str, clerk: Account) -> None:
    filed_case(controller)
    out_file = tmp_path / "receipt.pdf"
    out_file.write_bytes(b"keep me")
    code, _, err = run(capsys, "letter", "ERB-2026-001", "receipt", "--out", str(out_file),
                       "--db", db_arg)
    assert code == 2 and "already exists" in err and "--force" in err
    assert out_file.read_bytes() == b"keep me"
    code, _, _ = run(capsys, "letter", "ERB-2026-001", "receipt", "--out", str(out_file),
                     "--db", db_arg, "--force")
    assert code == 0 and out_file.read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(("case", "kind", "words"), [
    ("ERB-2026-404", "receipt", "There is no case ERB-2026-404"),
    ("ERB-2026-001", "thank-you-note", "Choose one of: sworn-complaint, receipt"),
    ("ERB-2026-001", "respondent-notice", "which is “Filed”"),
])
def test_clear_errors(capsys: pytest.CaptureFixture[str], controller: WorkflowController,
                      db_path: Path, tmp_path: Path, case: str, kind: str, words: str,
                      db_arg: str, clerk: Account) -> None:
    filed_case(controller)
    out_file = tmp_path / "x.pdf"
    code, out, err = run(capsys, "letter", case, kind, "--out", str(out_file), "--db",
                         db_arg)
    assert code == 2 and out == ""
    assert err.startswith("ethics-desk: ") and words in err and err.count("\n") == 1
    assert not out_file.exists()


def test_case_and_kind_are_required_without_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "letter")
    assert code == 2 and "letter --list" in err


def test_a_preview_in_spanish_is_written_with_language_es(capsys: pytest.CaptureFixture[str],
                                                          controller: WorkflowController,
                                                          db_path: Path, tmp_path: Path,
                                                          db_arg: str, clerk: Account) -> None:
    filed_case(controller)
    out_file = tmp_path / "recibo.pdf"
    code, out, err = run(capsys, "letter", "ERB-2026-001", "receipt", "--out", str(out_file),
                         "--db", db_arg, "--language", "es")
    assert (code, err) == (0, "")
    assert "in Español (Spanish)" in out
    text = flat(text_of(out_file.read_bytes()))
    assert "Comprobante de una denuncia de ética jurada" in text and "Página 1 de 1" in text


def test_a_kind_with_no_spanish_template_is_refused_in_spanish_with_a_clear_message(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, db_path: Path,
        tmp_path: Path, db_arg: str, clerk: Account) -> None:
    filed_case(controller)
    out_file = tmp_path / "envelope.pdf"
    code, _, err = run(capsys, "letter", "ERB-2026-001", "envelope", "--out", str(out_file),
                       "--db", db_arg, "--language", "es")
    assert code != 0 and not out_file.exists()
    assert "has no template in Español (Spanish)" in err
    assert "receipt" in err


def test_an_unknown_language_is_refused_naming_the_languages(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "letter", "ERB-2026-001", "receipt", "--out",
                       str(tmp_path / "x.pdf"), "--language", "fr")
    assert code != 0 and "no language “fr”" in err and "es (Español (Spanish))" in err


def test_a_preview_written_from_the_command_line_is_in_the_audit_trail(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, tmp_path: Path,
        db_arg: str, clerk: Account) -> None:
    case = reviewed_case(controller)
    before = audit_actions(controller.database, case)
    code, _, err = run(capsys, "letter", "ERB-2026-001", "reviewer-transmittal", "--out",
                       str(tmp_path / "transmittal.pdf"), "--db", db_arg)
    assert (code, err) == (0, "")
    assert audit_actions(controller.database, case) == [*before, "preview.reviewer-transmittal"]
