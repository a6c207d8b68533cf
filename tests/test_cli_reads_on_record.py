"""A backup, the record key exported and a backup's description before a restore are reads of
every record: each leaves one audit record naming who, written before the copy leaves."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import select

from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.backup import BACKED_UP, backup_sqlite
from ethics_desk.maintenance.backup_description import DESCRIBED
from ethics_desk.models import AuditRecord
from ethics_desk.storage.database import Database
from ethics_desk.storage.record_key import KEY_EXPORTED
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import filed_case
from tests.signing_in import sign_in_as
from tests.test_cli import run


@pytest.fixture
def administrator(database: Database, monkeypatch: pytest.MonkeyPatch) -> Account:
    """The commands of the test sign in as the Administrator."""
    return sign_in_as(monkeypatch, database, Role.ADMIN)


def records(database: Database, action: str) -> list[AuditRecord]:
    with database.read_session() as session:
        return list(session.scalars(select(AuditRecord).where(AuditRecord.action == action)))


def file_records(path: Path, action: str) -> list[tuple[str, str]]:
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return [(str(actor), str(detail)) for actor, detail in conn.execute(
            "SELECT actor, detail FROM audit_record WHERE action = ?", (action,))]
    finally:
        conn.close()


def test_a_backup_is_on_record_naming_who_took_it_and_where(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, database: Database,
        db_arg: str, tmp_path: Path, administrator: Account) -> None:
    filed_case(controller)
    dest = tmp_path / "copy.sqlite"
    code, _, err = run(capsys, "backup", str(dest), "--db", db_arg)
    assert code == 0, err
    [record] = records(database, BACKED_UP)
    assert record.actor == administrator.display
    assert json.loads(record.detail) == {"file": str(dest)}
    assert record.complaint_id is None and "copy.sqlite" in record.summary
    if "://" not in db_arg:  # the copy of a file holds the record of itself
        assert [actor for actor, _ in file_records(dest, BACKED_UP)] == [administrator.display]


@pytest.mark.sqlite_file
def test_the_record_key_exported_is_on_record(
        capsys: pytest.CaptureFixture[str], database: Database, db_arg: str, tmp_path: Path,
        administrator: Account) -> None:
    target = tmp_path / "carried.key"
    code, _, err = run(capsys, "key", "export", str(target), "--db", db_arg)
    assert code == 0, err
    [record] = records(database, KEY_EXPORTED)
    assert record.actor == administrator.display
    assert json.loads(record.detail)["file"] == str(target)


@pytest.mark.sqlite_file
def test_a_backups_description_before_a_restore_is_on_record(
        capsys: pytest.CaptureFixture[str], controller: WorkflowController, database: Database,
        db_path: Path, tmp_path: Path, administrator: Account) -> None:
    filed_case(controller)
    backup = backup_sqlite(db_path, tmp_path / "monday.sqlite", clock=CLOCK).path
    database.dispose()
    code, out, err = run(capsys, "restore", str(backup), "--db", str(db_path), "--yes")
    assert code == 0, err
    assert "Holds: 1 case(s)" in out
    # The database it replaced, kept beside it, records who looked at the backup first
    [kept] = db_path.parent.glob("ethics-desk.before-restore-*.sqlite")
    [(actor, detail)] = file_records(kept, DESCRIBED)
    assert actor == administrator.display and json.loads(detail) == {"file": str(backup)}
