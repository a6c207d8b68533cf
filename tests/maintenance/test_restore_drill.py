"""The restore drill: a backup taken, more work done, the backup restored — every record of the
backup is back, every check holds, the restore is in the audit trail, and the database as it
was is kept beside it. A backup that does not verify, one of a newer version, a database another
program holds, a stale write-ahead log beside the database: each is refused or beaten, and any
path works."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import sqlalchemy as sa
from alembic import command
from sqlalchemy import select

from ethics_desk.core.errors import StorageError
from ethics_desk.maintenance import integrity
from ethics_desk.maintenance.backup import backup_sqlite
from ethics_desk.maintenance.backup_description import describe_backup
from ethics_desk.maintenance.integrity import CheckResult, run_checks
from ethics_desk.maintenance.opening import open_database
from ethics_desk.maintenance.restore import restore_backup
from ethics_desk.models import AuditRecord
from ethics_desk.storage import search_table
from ethics_desk.storage.backup_files import RESTORED
from ethics_desk.storage.database import Database
from ethics_desk.storage.migrate import alembic_config, head_revision
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, set_workstation_zone
from tests.factories import filed_case

pytestmark = pytest.mark.sqlite_file

ACTOR = "Ada Lovelace (ada)"

FOLDER_NAMES = ["hash #1", "what?", "100%", "%23", "two  spaces", "Muñoz 李"]
"""Folder names a hand-made ``file:`` URI reads as another file, or that need encoding."""


def counts(path: Path) -> dict[str, int]:
    """Every record table's rows in the SQLite file ``path``, read-only (not the search index,
    which is the complaints' columns again)."""
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        names = [row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            if not search_table.is_index_table(row[0])]
        return {name: conn.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]
                for name in names}
    finally:
        conn.close()


def newest_record(path: Path) -> AuditRecord:
    """The last audit record of the database at ``path``."""
    database = open_database(path, clock=CLOCK, create=False, migrate=False)
    try:
        with database.read_session() as session:
            record = session.scalars(select(AuditRecord).order_by(AuditRecord.seq.desc())
                                     .limit(1)).one()
            session.expunge(record)
            return record
    finally:
        database.dispose()


def damage(path: Path) -> None:
    """Overwrite pages in the middle of the file, as a failing disk would."""
    with path.open("r+b") as file:
        file.seek(4096 * 3)
        file.write(b"\xff" * 4096 * 4)


@pytest.fixture
def office(demo_database: Database, tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """The office's database (the demonstration's records) and a verified backup of it, after
    which a case was filed; the database is closed, as Ethics Desk is for a restore."""
    target = tmp_path / "demo.sqlite"
    folder = tmp_path / "backups"
    folder.mkdir()
    backup = backup_sqlite(target, folder, clock=CLOCK).path
    filed_case(WorkflowController.unrestricted(demo_database, "Maria Clerk", clock=CLOCK))
    demo_database.dispose()
    yield target, backup


def test_the_restore_drill_brings_back_every_record_of_the_backup_and_records_the_restore(
        office: tuple[Path, Path]) -> None:
    target, backup = office
    before = counts(target)
    held = counts(backup)
    assert before["complaint"] == held["complaint"] + 1  # the work done after the backup

    report = restore_backup(backup, target, clock=CLOCK, actor=ACTOR)

    assert all(result.ok for result in run_checks(target)), run_checks(target)
    after = counts(target)
    grown = ("audit_record", "journal_record")  # the restore's own record, and its journal
    assert {name: count for name, count in after.items() if name not in grown} == \
        {name: count for name, count in held.items() if name not in grown}
    assert after["audit_record"] == held["audit_record"] + 1
    assert after["journal_record"] == held["journal_record"] + 2  # the record, the chain's head
    record = newest_record(target)
    assert record.action == RESTORED and record.actor == ACTOR
    detail = json.loads(record.detail)
    assert detail["backup"] == backup.name  # the file name, not where it was
    assert str(backup.parent) not in record.detail + record.summary
    assert detail["counts"] == held
    description = describe_backup(backup)
    assert description.head is not None
    assert detail["backup_head"] == {"seq": description.head[0], "hash": description.head[1]}
    assert record.seq == description.head[0] + 1 and report.head == (record.seq, record.hash)
    assert report.kept is not None and report.counts == after


def test_the_database_as_it_was_is_kept_beside_it_verified_and_private(
        office: tuple[Path, Path]) -> None:
    target, backup = office
    before = counts(target)
    report = restore_backup(backup, target, clock=CLOCK, actor=ACTOR)
    kept = report.kept
    assert kept is not None
    assert kept.parent == target.parent
    assert kept.name == "demo.before-restore-20261130-100000.sqlite"
    assert counts(kept) == before
    assert all(result.ok for result in run_checks(kept))
    assert kept.stat().st_mode & 0o077 == 0  # § 2-83(h)(1): the user's only


def test_describing_a_backup_changes_nothing_in_it_or_beside_it(
        office: tuple[Path, Path]) -> None:
    _, backup = office
    before = backup.read_bytes()
    beside = sorted(backup.parent.iterdir())
    description = describe_backup(backup)
    assert description.verifies and description.known and not description.older
    assert description.revision == head_revision()
    assert description.counts == counts(backup)
    assert description.cases == description.counts["complaint"] - description.drafts
    assert description.stamped_at is not None and description.taken_at is not None
    assert backup.read_bytes() == before
    assert sorted(backup.parent.iterdir()) == beside


def test_a_damaged_backup_is_refused_naming_what_failed_and_nothing_changes(
        office: tuple[Path, Path]) -> None:
    target, backup = office
    damage(backup)
    before = counts(target)
    with pytest.raises(StorageError, match="does not verify") as refused:
        restore_backup(backup, target, clock=CLOCK, actor=ACTOR)
    assert "integrity" in refused.value.problem.lower()
    assert "Choose another backup" in refused.value.fix
    assert counts(target) == before
    assert not list(target.parent.glob("*before-restore*"))


def test_a_backup_written_by_a_newer_version_is_refused(office: tuple[Path, Path]) -> None:
    target, backup = office
    conn = sqlite3.connect(backup)
    conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.commit()
    conn.close()
    before = counts(target)
    description = describe_backup(backup)
    assert not description.known and not description.verifies
    with pytest.raises(StorageError, match="newer version of Ethics Desk"):
        restore_backup(backup, target, clock=CLOCK, actor=ACTOR)
    assert counts(target) == before


def test_a_database_another_program_holds_is_refused_telling_to_close_ethics_desk_first(
        office: tuple[Path, Path]) -> None:
    target, backup = office
    other = open_database(target, clock=CLOCK, create=False)  # another window of Ethics Desk
    try:
        with other.read_session() as session:
            session.scalar(select(AuditRecord.seq).limit(1))  # its pool keeps the file open
        before = counts(target)
        with pytest.raises(StorageError, match="open in another program") as refused:
            restore_backup(backup, target, clock=CLOCK, actor=ACTOR)
        assert "Close Ethics Desk on this computer first" in refused.value.fix
        assert counts(target) == before
        assert not list(target.parent.glob("*before-restore*"))
    finally:
        other.dispose()


def test_the_restore_wins_over_a_stale_write_ahead_log_beside_the_database(
        demo_database: Database, tmp_path: Path) -> None:
    source = tmp_path / "demo.sqlite"
    backup = backup_sqlite(source, tmp_path / "backup.sqlite", clock=CLOCK).path
    filed_case(WorkflowController.unrestricted(demo_database, "Maria Clerk", clock=CLOCK))
    wal = source.with_name(source.name + "-wal")
    assert wal.stat().st_size > 0  # the new case is still in the log, not yet in the file
    target = tmp_path / "stale.sqlite"
    shutil.copyfile(source, target)  # the file and its log, as a crash leaves them
    shutil.copyfile(wal, target.with_name(target.name + "-wal"))
    demo_database.dispose()
    held = counts(backup)
    assert counts(target)["complaint"] == held["complaint"] + 1  # the log is part of it

    report = restore_backup(backup, target, clock=CLOCK, actor=ACTOR)

    stale = target.with_name(target.name + "-wal")
    assert not stale.exists() or stale.stat().st_size == 0
    assert counts(target)["complaint"] == held["complaint"]
    reopened = open_database(target, clock=CLOCK, create=False)
    reopened.dispose()
    assert counts(target)["complaint"] == held["complaint"]
    assert all(result.ok for result in run_checks(target))
    assert report.kept is not None
    assert counts(report.kept)["complaint"] == held["complaint"] + 1  # the log's case is kept


@pytest.mark.parametrize("name", FOLDER_NAMES)
def test_a_backup_and_a_database_in_folders_named_with_any_character_are_restored(
        database: Database, db_path: Path, controller: WorkflowController, tmp_path: Path,
        name: str) -> None:
    folder = tmp_path / name
    folder.mkdir()
    backup = backup_sqlite(db_path, folder / f"backup {name}.sqlite", clock=CLOCK).path
    filed_case(controller)
    database.dispose()
    target = folder / f"office {name}.sqlite"
    shutil.move(db_path, target)
    held = counts(backup)
    assert describe_backup(backup).path == backup

    report = restore_backup(backup, target, clock=CLOCK, actor=ACTOR)

    assert counts(target)["complaint"] == held["complaint"]
    assert report.kept is not None and report.kept.parent == folder
    assert all(result.ok for result in run_checks(target))


def test_a_backup_restored_where_there_is_no_database_yet_becomes_the_database(
        office: tuple[Path, Path], tmp_path: Path) -> None:
    _, backup = office
    target = tmp_path / "new computer" / "ethics-desk.sqlite"
    target.parent.mkdir()
    report = restore_backup(backup, target, clock=CLOCK, actor=ACTOR)
    assert report.kept is None
    assert counts(target)["complaint"] == counts(backup)["complaint"]
    assert target.stat().st_mode & 0o077 == 0
    assert newest_record(target).action == RESTORED


def test_a_backup_of_an_older_schema_is_upgraded_as_it_is_restored(
        office: tuple[Path, Path], tmp_path: Path) -> None:
    target, _ = office
    older = tmp_path / "older.sqlite"
    engine = sa.create_engine(f"sqlite:///{older}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0007")
    engine.dispose()
    description = describe_backup(older)
    assert description.older and description.verifies

    report = restore_backup(older, target, clock=CLOCK, actor=ACTOR)

    assert report.upgraded_from == "0007"
    assert describe_backup(target).revision == head_revision()
    assert all(result.ok for result in run_checks(target))
    assert newest_record(target).action == RESTORED
    assert list((target.parent / "Backups").glob(f"demo.before-{head_revision()}-*.sqlite"))  # opening's


def test_a_restored_database_that_fails_a_check_is_replaced_by_the_kept_copy(
        office: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    target, backup = office
    before = counts(target)
    checks = integrity.run_checks

    def failing_on_the_target(db: object, *args: object, **kwargs: bool) -> list[CheckResult]:
        results = checks(db, *args, **kwargs)  # type: ignore[arg-type]
        if str(target) in str(db):
            results.append(CheckResult("A check a later version adds", False, ["it fails"]))
        return results

    monkeypatch.setattr(integrity, "run_checks", failing_on_the_target)
    with pytest.raises(StorageError, match="has been put back") as refused:
        restore_backup(backup, target, clock=CLOCK, actor=ACTOR)
    assert "A check a later version adds" in refused.value.problem
    assert counts(target) == before
    assert all(result.ok for result in checks(target))


@pytest.mark.parametrize("kind", ["missing", "folder", "not sqlite", "another application"])
def test_a_file_that_is_no_backup_is_named_as_such(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "backup.sqlite"
    if kind == "folder":
        path.mkdir()
    elif kind == "not sqlite":
        path.write_text("minutes of the Board, not a database")
    elif kind == "another application":
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE invoice (id INTEGER PRIMARY KEY)")
        conn.commit()
        conn.close()
    words = {"missing": "There is no backup file", "folder": "is a folder",
             "not sqlite": "is not a SQLite database",
             "another application": "another application"}[kind]
    with pytest.raises(StorageError, match=words):
        describe_backup(path)


def test_a_backup_tells_its_newest_record_in_the_office_time_whatever_the_workstation_zone(
        office: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    _, backup = office
    set_workstation_zone(monkeypatch, "Asia/Tokyo")
    description = describe_backup(backup)
    assert description.taken_at is not None
    taken = description.taken_at.astimezone(ZoneInfo("America/Chicago"))
    told = next(line for line in description.lines() if line.startswith("Taken:"))
    assert f"of {taken:%Y-%m-%d %H:%M:%S} C" in told  # CST or CDT, the office's
