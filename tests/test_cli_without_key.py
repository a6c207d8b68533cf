"""A database on a computer without its record key (a dead PC, no ``key export``) still opens,
read-only: every record can be read, previewed and printed, and every change is refused with the
sentence that says the record cannot be verified or changed here and how to bring the key."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from ethics_desk.core.roles import Role
from ethics_desk.models import Complaint
from ethics_desk.storage import journal, record_key
from ethics_desk.storage.database import Database
from ethics_desk.storage.read_only import key_missing
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.damaged_files import closed, fingerprint
from tests.factories import filed_case
from tests.signing_in import account_of, sign_in_as
from tests.test_cli import assert_one_line_error
from tests.test_cli_recovery import on_a_new_computer, run

pytestmark = pytest.mark.sqlite_file


@pytest.fixture(autouse=True)
def _forget_keys_afterwards() -> object:
    yield None
    record_key.forget_cached_keys()


def case_number_of(database: Database, complaint_id: int) -> str:
    with database.read_session() as session:
        number = session.scalar(select(Complaint.case_number)
                                .where(Complaint.id == complaint_id))
    assert number is not None
    return number


def test_without_the_key_a_case_is_read_and_previewed_and_closure_add_is_refused(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    account_of(database, Role.CLERK)
    number = case_number_of(database, filed_case(WorkflowController.unrestricted(database, "Test Clerk",
                                                                    clock=CLOCK)))
    key_id = journal.key_of_file(db_path)
    assert key_id is not None
    sign_in_as(monkeypatch, database, Role.CLERK)
    closed(database, db_path)
    on_a_new_computer(monkeypatch, tmp_path)
    reason = key_missing(db_path, key_id)
    assert "this record cannot be verified or changed on this computer" in reason.problem
    before = fingerprint(db_path)

    preview = tmp_path / "receipt.pdf"
    code, _, err = run(capsys, "letter", number, "receipt", "--out", str(preview),
                       "--db", str(db_path))
    assert code == 0, err
    assert preview.read_bytes().startswith(b"%PDF")
    code, _, err = run(capsys, "access", number, "--db", str(db_path))
    assert (code, err) == (0, "")
    code, _, err = run(capsys, "closure", "add", "2026-12-10", "Snow", "--db", str(db_path))
    assert_one_line_error(code, err, f"record key ({key_id})",
                          "cannot be verified or changed on this computer",
                          "ethics-desk key import --sheet", "ethics-desk key import FILE")
    assert err == f"ethics-desk: {reason.sentence}\n"
    sign_in_as(monkeypatch, database, Role.ADMIN)  # made already: nothing is written
    code, out, err = run(capsys, "user", "list", "--db", str(db_path))
    assert code == 0, err
    assert "clerk" in out and "ada" in out
    assert fingerprint(db_path) == before



def test_check_without_the_key_does_not_mark_the_file_failed_for_every_desk(
        capsys: pytest.CaptureFixture[str], database: Database, db_path: Path,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the key the journal cannot be verified here, so check fails; that is this
    computer's lack, not damage: no marker of a failed check is left beside the file, and the
    file takes changes again as soon as the key is back."""
    from ethics_desk.storage.read_only import check_failed_marker

    sign_in_as(monkeypatch, database, Role.ADMIN)
    closed(database, db_path)
    on_a_new_computer(monkeypatch, tmp_path)
    code, _, _ = run(capsys, "check", "--db", str(db_path))
    assert code == 1
    assert not check_failed_marker(db_path).exists()
