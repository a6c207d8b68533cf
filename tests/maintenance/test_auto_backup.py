"""The office's automatic backups: one verified copy at the first start of each day and one
before each migration, in the office's backup folder, rotated grandfather-father-son without
ever touching a file the feature did not make, and each outcome recorded for every desk."""

from __future__ import annotations

import errno
import os
import tempfile
import threading
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.errors import UserError
from ethics_desk.maintenance import auto_backup, backup, opening
from ethics_desk.maintenance.auto_backup import (
    Keep,
    daily_backup,
    desk_status,
    recorded,
    rotate,
    to_keep,
)
from ethics_desk.models import AuditRecord
from ethics_desk.office.actions import read_settings, save_settings
from ethics_desk.storage import backup_files
from ethics_desk.storage.audit import verify_chain
from ethics_desk.storage.backup_files import BackupFile, backups_in, made_here
from ethics_desk.storage.database import Database
from ethics_desk.storage.sqlite_file import verify_sqlite_file
from tests.conftest import CLOCK, NOW, examples
from tests.factories import CLERK

ACTOR = "Maria Clerk (maria)"
STEM = "ethics-desk"


def backups_folder(db_path: Path) -> Path:
    """The default backup folder: ``Backups`` beside the database."""
    return db_path.parent / "Backups"


def ours(folder: Path) -> list[str]:
    return sorted(copy.path.name for copy in backups_in(folder, STEM))


# -- the rotation rule, as properties ---------------------------------------------------------

def _week(moment: datetime) -> tuple[int, int]:
    year, week, _ = moment.isocalendar()
    return (year, week)


def expected_kept(copies: list[BackupFile], keep: Keep) -> set[BackupFile]:
    """The rule as the office states it: the newest copy of each of the last 7 days, of each
    of the last 4 ISO weeks and of each of the last 12 months (those that have a copy), and
    every before-migration copy of one of those days."""
    periods: list[tuple[int, Any]] = [(keep.daily, lambda m: m.date()), (keep.weekly, _week),
                                      (keep.monthly, lambda m: (m.year, m.month))]
    kept: set[BackupFile] = set()
    for count, period in periods:
        last = sorted({period(c.taken) for c in copies}, reverse=True)[:count]
        for each in last:
            kept.add(max((c for c in copies if period(c.taken) == each),
                         key=lambda c: (c.taken, c.path.name)))
    days = sorted({c.day for c in copies}, reverse=True)[:keep.daily]
    return kept | {c for c in copies if c.revision is not None and c.day in days}


moments = st.datetimes(min_value=datetime(2024, 1, 1), max_value=datetime(2027, 12, 31))
"""When a desk took a copy (the office's local time, to the second)."""
kinds = st.sampled_from([None, None, None, "0008", "0009"])
"""A daily copy, mostly; now and then one before a migration."""
keeps = st.builds(Keep, st.integers(1, 9), st.integers(1, 6), st.integers(1, 14))


def copy_named(moment: datetime, revision: str | None) -> BackupFile:
    stamp = moment.strftime("%Y%m%d-%H%M%S")
    kind = "daily" if revision is None else f"before-{revision}"
    return BackupFile(Path(f"{STEM}.{kind}-{stamp}.sqlite"), moment.replace(microsecond=0),
                      revision)


copy_lists = st.lists(st.builds(copy_named, moments, kinds), max_size=60,
                      unique_by=lambda c: c.path.name)


@given(copy_lists, keeps)
def test_rotation_keeps_exactly_the_newest_of_each_of_the_last_days_weeks_and_months(
        copies: list[BackupFile], keep: Keep) -> None:
    assert to_keep(copies, keep) == expected_kept(copies, keep)


@given(copy_lists, keeps)
def test_rotation_keeps_the_newest_copy_and_never_more_than_the_counts_allow(
        copies: list[BackupFile], keep: Keep) -> None:
    kept = to_keep(copies, keep)
    befores_kept = [c for c in kept if c.revision is not None]
    assert len(kept) <= keep.daily + keep.weekly + keep.monthly + len(befores_kept)
    if copies:
        assert max(copies, key=lambda c: (c.taken, c.path.name)) in kept
    assert to_keep(kept, keep) == kept  # rotating again deletes nothing more


@given(copy_lists, keeps)
def test_a_copy_taken_before_a_migration_is_kept_at_least_as_long_as_the_daily_ones(
        copies: list[BackupFile], keep: Keep) -> None:
    kept = to_keep(copies, keep)
    last_days = sorted({c.day for c in copies}, reverse=True)[:keep.daily]
    assert {c for c in copies if c.revision and c.day in last_days} <= kept


FOREIGN_NAMES = [
    "notes.txt", "ethics-desk.sqlite", f"{STEM}.daily-20261130-100000.sqlite.partial",
    f"{STEM}.daily-20261399-100000.sqlite", f"{STEM}.weekly-20261130-100000.sqlite",
    "other-desk.daily-20261101-090000.sqlite", f"{STEM}.before-9-20261101-090000.sqlite",
    f"{STEM}.daily-20261101-090000.sqlite.bak", f"Copy of {STEM}.daily-20261101-090000.sqlite",
    f"{STEM}.DAILY-20261101-090000.sqlite", f"{STEM}-20261101-090000.sqlite",
    f"{STEM}.before-0008-20261101-0900.sqlite",
]
"""Files an office may keep in its backup folder that this feature did not make — among them
near misses of its names, a manual ``ethics-desk backup`` copy and another database's copies."""


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None, max_examples=examples(60))
@given(copy_lists, keeps, st.lists(st.sampled_from(FOREIGN_NAMES), unique=True))
def test_rotating_a_folder_deletes_only_the_copies_this_feature_made(
        copies: list[BackupFile], keep: Keep, foreign: list[str]) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for copy in copies:
            (folder / copy.path.name).write_bytes(b"a copy")
        for other in foreign:
            (folder / other).write_bytes(b"not ours")
        (folder / f"{STEM}.daily-20200101-000000.sqlite").mkdir()  # a folder, never deleted
        removed = rotate(folder, STEM, keep)
        assert all(made_here(path, STEM) is not None for path in removed)
        assert ours(folder) == sorted(c.path.name for c in expected_kept(copies, keep))
        assert all((folder / other).read_bytes() == b"not ours" for other in foreign)
        assert (folder / f"{STEM}.daily-20200101-000000.sqlite").is_dir()


def test_a_name_is_the_features_only_as_it_writes_it_whole() -> None:
    copy = made_here(Path(f"{STEM}.before-0009-20261130-100000.sqlite"), STEM)
    assert copy is not None and copy.revision == "0009"
    assert copy.taken == datetime(2026, 11, 30, 10, 0, 0)
    assert all(made_here(Path(name), STEM) is None for name in FOREIGN_NAMES)


# -- the daily copy -----------------------------------------------------------------------------

@pytest.mark.sqlite_file
def test_the_first_start_of_a_day_takes_a_verified_copy_and_the_second_takes_none(
        database: Database, db_path: Path) -> None:
    first = daily_backup(database, actor=ACTOR, clock=CLOCK)
    assert first is not None and first.verified
    assert first.file == backups_folder(db_path) / f"{STEM}.daily-20261130-100000.sqlite"
    assert verify_sqlite_file(first.file) == []
    later = fixed_clock(NOW + timedelta(hours=5))
    assert daily_backup(database, actor=ACTOR, clock=later) is None
    assert ours(backups_folder(db_path)) == [first.file.name]
    next_day = fixed_clock(NOW + timedelta(days=1, hours=-2))  # Tuesday, 08:00
    second = daily_backup(database, actor=ACTOR, clock=next_day)
    assert second is not None and second.verified
    assert ours(backups_folder(db_path)) == [first.file.name,
                                             f"{STEM}.daily-20261201-080000.sqlite"]


@pytest.mark.sqlite_file
@pytest.mark.parametrize("step", ["_copy_one_snapshot", "_copy_problems", "_restore_refusals"])
def test_a_copy_stopped_at_any_step_keeps_and_records_nothing_and_the_next_start_takes_it(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    stop = threading.Event()
    original = getattr(backup, step)

    def stopped_meanwhile(*args: Any) -> Any:
        stop.set()  # the window closes while this step runs
        return original(*args)

    monkeypatch.setattr(backup, step, stopped_meanwhile)
    assert daily_backup(database, actor=ACTOR, clock=CLOCK, stop=stop) is None
    folder = backups_folder(db_path)
    assert sorted(p.name for p in folder.iterdir()) == []  # not even a copy under way
    with database.read_session() as session:
        assert recorded(session) is None
        assert session.scalars(select(AuditRecord).where(
            AuditRecord.action == auto_backup.AUDIT_ACTION)).all() == []
    monkeypatch.setattr(backup, step, original)
    taken = daily_backup(database, actor=ACTOR, clock=CLOCK)  # the next start of the day
    assert taken is not None and taken.verified
    assert ours(folder) == [f"{STEM}.daily-20261130-100000.sqlite"]


@pytest.mark.sqlite_file
def test_the_default_backup_folder_beside_the_database_is_private(
        database: Database, db_path: Path) -> None:
    taken = daily_backup(database, actor=ACTOR, clock=CLOCK)
    assert taken is not None and taken.file is not None
    assert os.stat(backups_folder(db_path)).st_mode & 0o777 == 0o700
    assert os.stat(taken.file).st_mode & 0o777 == 0o600


@pytest.mark.sqlite_file
def test_each_automatic_backup_is_recorded_for_every_desk_with_its_audit_record(
        database: Database) -> None:
    taken = daily_backup(database, actor=ACTOR, clock=CLOCK)
    assert taken is not None
    with database.read_session() as session:
        office = recorded(session)
        [entry] = session.scalars(select(AuditRecord).where(
            AuditRecord.action == auto_backup.AUDIT_ACTION)).all()
        assert verify_chain(session) == []
    assert office is not None and office.last.verified
    assert office.last.file == taken.file and office.last_verified_at == NOW
    assert entry.actor == ACTOR and entry.summary == (
        f"Automatic daily backup taken and verified: {STEM}.daily-20261130-100000.sqlite")


@pytest.mark.sqlite_file
def test_daily_copies_are_rotated_as_they_are_taken(database: Database, db_path: Path) -> None:
    save_settings(database, {"backup.keep_daily": 2, "backup.keep_weekly": 1,
                             "backup.keep_monthly": 1}, account=CLERK, clock=CLOCK)
    for day in range(5):  # Monday to Friday
        daily_backup(database, actor=ACTOR, clock=fixed_clock(NOW + timedelta(days=day)))
    assert ours(backups_folder(db_path)) == [f"{STEM}.daily-20261203-100000.sqlite",
                                             f"{STEM}.daily-20261204-100000.sqlite"]


@pytest.mark.sqlite_file
def test_a_damaged_copy_is_reported_and_not_kept(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy_one = backup._copy_one_snapshot

    def damaging(source: Path, partial: Path, progress: backup.Progress | None = None) -> Any:
        seen = copy_one(source, partial, progress)
        with partial.open("r+b") as file:  # the disk garbles the copy as it is written
            file.seek(4096 * 2)
            file.write(b"\xff" * 4096 * 3)
        return seen

    monkeypatch.setattr(backup, "_copy_one_snapshot", damaging)
    failed = daily_backup(database, actor=ACTOR, clock=CLOCK)
    assert failed is not None and not failed.verified and failed.file is None
    assert "failed verification" in failed.problem
    assert list(backups_folder(db_path).iterdir()) == []
    line = desk_status(database, clock=CLOCK)
    assert line is not None and line.startswith(
        "The last backup failed on 30 November 2026 at 10:00: The backup copy failed "
        "verification")


def refusing_the_folder(monkeypatch: pytest.MonkeyPatch, folder: Path, error: OSError) -> None:
    """The operating system as it answers for a folder that is read-only or on a full disk
    (the tests run as root, which chmod does not stop): nothing can be created in it."""
    create = backup.create_private_file
    mkstemp = tempfile.mkstemp

    def create_private_file(path: Path, **kwargs: Any) -> None:
        if path.parent == folder:
            raise error
        create(path, **kwargs)

    def probe(*args: Any, **kwargs: Any) -> Any:
        if Path(str(kwargs.get("dir", ""))) == folder:
            raise error
        return mkstemp(*args, **kwargs)

    monkeypatch.setattr(backup, "create_private_file", create_private_file)
    monkeypatch.setattr(tempfile, "mkstemp", probe)


@pytest.mark.sqlite_file
@pytest.mark.parametrize(("error", "words"), [
    (PermissionError(errno.EACCES, "Permission denied"), "the folder is read-only"),
    (OSError(errno.ENOSPC, "No space left on device"), "the disk is full"),
], ids=["read-only folder", "full disk"])
def test_a_folder_that_cannot_be_written_is_a_failure_named_and_recorded_never_raised(
        database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch,
        error: OSError, words: str) -> None:
    folder = backups_folder(db_path)
    folder.mkdir()
    refusing_the_folder(monkeypatch, folder, error)
    failed = daily_backup(database, actor=ACTOR, clock=CLOCK)
    assert failed is not None and not failed.verified
    assert failed.problem.startswith(f"No backup can be written in the backup folder: {words}")
    assert "Settings" in failed.fix
    assert list(folder.iterdir()) == []
    with database.read_session() as session:
        office = recorded(session)
    assert office is not None and office.last.problem == failed.problem
    assert office.last_verified_at is None
    again = fixed_clock(NOW + timedelta(hours=1))  # a failed day is tried again at next start
    assert daily_backup(database, actor=ACTOR, clock=again) is not None


@pytest.mark.sqlite_file
def test_a_chosen_folder_that_is_not_there_is_a_failure_and_no_folder_is_made(
        database: Database, tmp_path: Path) -> None:
    share = tmp_path / "share"
    share.mkdir()
    save_settings(database, {"backup.folder": str(share)}, account=CLERK, clock=CLOCK)
    share.rmdir()  # the share is not connected today
    failed = daily_backup(database, actor=ACTOR, clock=CLOCK)
    assert failed is not None and "does not exist" in failed.problem
    assert not share.exists()


@pytest.mark.sqlite_file
def test_a_copy_goes_into_the_folder_the_office_chose(database: Database, tmp_path: Path) -> None:
    chosen = tmp_path / "D" / "Backups of the Clerk"
    chosen.mkdir(parents=True)
    save_settings(database, {"backup.folder": str(chosen)}, account=CLERK, clock=CLOCK)
    taken = daily_backup(database, actor=ACTOR, clock=CLOCK)
    assert taken is not None and taken.file is not None and taken.file.parent == chosen


def test_a_database_on_a_server_is_left_to_it_and_the_status_says_nothing(
        database: Database) -> None:
    if database.url.get_backend_name() == "sqlite":
        server = Database(database.url.set(drivername="postgresql+psycopg", database="office"),
                          database.engine)
    else:
        server = database
    assert daily_backup(server, actor=ACTOR, clock=CLOCK) is None
    assert desk_status(server, clock=CLOCK) is None


# -- before a migration -------------------------------------------------------------------------

@pytest.mark.sqlite_file
def test_the_copy_before_a_migration_lands_in_the_backup_folder_and_is_recorded(
        db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = tmp_path / "office backups"
    chosen.mkdir()
    database = opening.open_database(db_path, clock=CLOCK)
    save_settings(database, {"backup.folder": str(chosen)}, account=CLERK, clock=CLOCK)
    database.dispose()
    monkeypatch.setattr(opening, "head_revision", lambda: "9999")
    monkeypatch.setattr(opening, "upgrade", lambda engine: None)
    database = opening.open_database(db_path, clock=CLOCK)
    try:
        with database.read_session() as session:
            office = recorded(session)
    finally:
        database.dispose()
    [copy] = [path.name for path in chosen.iterdir()]
    assert copy == f"{STEM}.before-9999-20261130-100000.sqlite"
    assert verify_sqlite_file(chosen / copy) == []
    assert not list(db_path.parent.glob("*.before-*"))  # no longer beside the database
    assert office is not None and office.last.kind == auto_backup.BEFORE_MIGRATION
    assert office.last.verified and office.last.file == chosen / copy


@pytest.mark.sqlite_file
def test_before_a_migration_a_chosen_folder_not_there_gives_way_to_the_one_beside_the_database(
        db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = tmp_path / "share"
    chosen.mkdir()
    database = opening.open_database(db_path, clock=CLOCK)
    save_settings(database, {"backup.folder": str(chosen)}, account=CLERK, clock=CLOCK)
    database.dispose()
    chosen.rmdir()
    monkeypatch.setattr(opening, "head_revision", lambda: "9999")
    monkeypatch.setattr(opening, "upgrade", lambda engine: None)
    opening.open_database(db_path, clock=CLOCK).dispose()
    assert ours(backups_folder(db_path)) == [f"{STEM}.before-9999-20261130-100000.sqlite"]


# -- the status bar's words ---------------------------------------------------------------------

@pytest.mark.sqlite_file
def test_a_copy_older_than_a_day_is_named_and_a_fresh_one_says_nothing(
        database: Database) -> None:
    assert desk_status(database, clock=CLOCK) is None  # nothing recorded yet
    daily_backup(database, actor=ACTOR, clock=CLOCK)
    assert desk_status(database, clock=fixed_clock(NOW + timedelta(hours=23))) is None
    line = desk_status(database, clock=fixed_clock(NOW + timedelta(days=1, minutes=1)))
    assert line is not None and line.startswith(
        "The last backup was taken on 30 November 2026 at 10:00, more than a day ago.")


def test_a_failure_names_the_last_verified_copy_too() -> None:
    office = auto_backup.Recorded(
        auto_backup.Outcome(at=NOW, kind="daily", problem="The disk is full.",
                            fix="Free some space."),
        NOW - timedelta(days=3), "old.sqlite")
    assert auto_backup.status_line(office, NOW) == (
        "The last backup failed on 30 November 2026 at 10:00: The disk is full. Free some "
        "space. (The last verified backup was taken on 27 November 2026 at 10:00.)")


# -- the settings -------------------------------------------------------------------------------

def test_the_backup_settings_default_to_a_folder_beside_the_database_and_7_4_12(
        database: Database) -> None:
    stored = read_settings(database)
    assert (stored["backup.folder"], stored["backup.keep_daily"], stored["backup.keep_weekly"],
            stored["backup.keep_monthly"]) == ("", 7, 4, 12)


@pytest.mark.parametrize("key", ["backup.keep_daily", "backup.keep_weekly",
                                 "backup.keep_monthly"])
def test_a_count_below_1_is_refused_naming_the_fix(database: Database, key: str) -> None:
    with pytest.raises(UserError) as caught:
        save_settings(database, {key: 0}, account=CLERK, clock=CLOCK)
    assert "cannot be 0: it must be at least 1" in caught.value.problem
    assert caught.value.fix == "Enter 1 or more."
    assert read_settings(database)[key] > 0


def test_a_backup_folder_that_does_not_exist_is_refused_naming_the_fix(
        database: Database, tmp_path: Path) -> None:
    with pytest.raises(UserError) as caught:
        save_settings(database, {"backup.folder": str(tmp_path / "nowhere")}, account=CLERK,
                      clock=CLOCK)
    assert caught.value.problem == f"The backup folder {tmp_path / 'nowhere'} does not exist."
    assert caught.value.fix.startswith("Create it first, choose another folder")


def test_a_backup_folder_that_is_not_a_full_path_is_refused(database: Database) -> None:
    with pytest.raises(UserError, match="is not a full path"):
        save_settings(database, {"backup.folder": "Backups"}, account=CLERK, clock=CLOCK)


def test_a_backup_folder_that_cannot_be_written_is_refused_naming_the_fix(
        database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "read-only share"
    folder.mkdir()
    refusing_the_folder(monkeypatch, folder, OSError(errno.EROFS, "Read-only file system"))
    with pytest.raises(UserError) as caught:
        save_settings(database, {"backup.folder": str(folder)}, account=CLERK, clock=CLOCK)
    assert caught.value.problem.startswith(
        "Backups cannot be written in that folder: the folder is read-only")
    assert caught.value.fix == "Choose a folder this account may write, on a disk with free space."
    assert read_settings(database)["backup.folder"] == ""


def test_a_copys_day_is_the_office_clocks_never_the_machines() -> None:
    name = backup_files.daily_name(STEM, CLOCK)
    assert name == f"{STEM}.daily-20261130-100000.sqlite"
    copy = made_here(Path(name), STEM)
    assert copy is not None and copy.day == date(2026, 11, 30)


@pytest.mark.sqlite_file
def test_the_status_line_tells_the_office_time_on_a_workstation_set_to_another_zone(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """The office's time zone is a setting (office.time_zone); a workstation's own clock
    setting (a laptop left on Pacific time) does not change what the status bar says."""
    import time as clock_module

    monkeypatch.setenv("TZ", "America/Los_Angeles")
    clock_module.tzset()
    daily_backup(database, actor=ACTOR, clock=CLOCK)
    line = desk_status(database, clock=fixed_clock(NOW + timedelta(days=1, minutes=1)))
    assert line is not None and "30 November 2026 at 10:00," in line
    office = auto_backup.Recorded(
        auto_backup.Outcome(at=NOW, kind="daily", problem="The disk is full.",
                            fix="Free some space."), None, None)
    assert "at 10:00:" in (auto_backup.status_line(office, NOW) or "")
    assert "at 16:00:" in (auto_backup.status_line(office, NOW, ZoneInfo("Europe/London")) or "")
