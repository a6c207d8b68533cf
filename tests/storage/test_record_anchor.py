"""A committed act is never lost unseen: the record anchor beside a SQLite file
(:mod:`ethics_desk.storage.record_anchor`), ``check``'s report of lost acts, the opening that
refuses writes, and the restore and the accepted loss that clear it (issue 27, finding 3)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import threading
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from ethics_desk.cli import main
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.errors import StorageError, UserError
from ethics_desk.core.roles import Role
from ethics_desk.deadlines.closures import add_closure
from ethics_desk.maintenance.backup import backup_sqlite
from ethics_desk.maintenance.integrity import LOST_ACTS, run_checks
from ethics_desk.maintenance.opening import open_database
from ethics_desk.maintenance.restore import restore_backup
from ethics_desk.models import AuditRecord
from ethics_desk.storage import journal, record_anchor
from ethics_desk.storage.backup_files import DEFAULT_FOLDER, daily_name
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK, test_server
from tests.factories import CLERK
from tests.signing_in import sign_in_as

pytestmark = pytest.mark.skipif(test_server() is not None,
                                reason="the record anchor is a SQLite file's (a server's own "
                                       "durability keeps its committed transactions)")

FIRST_DAY = date(2027, 1, 4)
WAL_HEADER = 32
"""The bytes of a write-ahead log's header, before its first frame."""


def closures(database: Database, count: int, *, start: int = 0) -> None:
    """``count`` committed acts: an office closure each, audited, on the business days from
    ``start`` weeks after :data:`FIRST_DAY` (a day already closed is passed over)."""
    day, made = FIRST_DAY + timedelta(weeks=start), 0
    while made < count:
        try:
            add_closure(database, day, f"Closure {day}", account=CLERK, clock=CLOCK)
            made += 1
        except UserError as error:
            if "already not a business day" not in error.problem:
                raise
        day += timedelta(days=1)


def head(path: Path) -> int:
    found = journal.head_of_file(path)
    assert found is not None
    return found[0]


def crash_image(database: Database, path: Path, image: Path) -> None:
    """``image``: the database file, its write-ahead log and its anchor as a power cut would
    leave them — the committed acts still in the log, not yet folded into the file."""
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size > WAL_HEADER, "the acts must still be in the write-ahead log"
    for suffix in ("", "-wal", record_anchor.SUFFIX):
        shutil.copyfile(path.with_name(path.name + suffix), image.with_name(image.name + suffix))
    database.dispose()


def flip_the_last_frame(image: Path) -> None:
    """Bytes flipped in the newest frame of the log (the last act's commit frame)."""
    wal = image.with_name(image.name + "-wal")
    size = wal.stat().st_size
    with wal.open("r+b") as handle:
        for offset in (size - 200, size - 100, size - 7):
            handle.seek(offset)
            byte = handle.read(1)[0]
            handle.seek(offset)
            handle.write(bytes([byte ^ 0xA5]))


@pytest.fixture
def checkpointed(database: Database, monkeypatch: pytest.MonkeyPatch) -> Database:
    """The test's database, its Administrator signing in to every command, with nothing in
    its log: what follows is all in the log."""
    sign_in_as(monkeypatch, database, Role.ADMIN)
    with database.engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    return database


@pytest.fixture
def damaged(checkpointed: Database, db_path: Path, tmp_path: Path) -> Iterator[Path]:
    """The issue's reproduction: four committed, not yet checkpointed closures, then bytes
    flipped in the ``-wal``: SQLite's recovery drops the last of them on the next open."""
    closures(checkpointed, 4)
    image = tmp_path / "image" / db_path.name
    image.parent.mkdir()
    crash_image(checkpointed, db_path, image)
    flip_the_last_frame(image)
    yield image


def test_acts_lost_from_a_damaged_log_fail_check_naming_their_numbers(damaged: Path) -> None:
    anchored = record_anchor.read_anchor(damaged)
    assert anchored is not None
    now = head(damaged)
    assert now < anchored.seq, "SQLite's recovery dropped the damaged frames (the loss)"
    failed = [r for r in run_checks(damaged) if not r.ok]
    assert [r.name for r in failed] == [LOST_ACTS]
    numbers = (f"journal record {anchored.seq}" if now + 1 == anchored.seq
               else f"journal records {now + 1}–{anchored.seq}")
    assert numbers in failed[0].details[0]
    assert "ethics-desk restore" in failed[0].details[1]


def test_check_on_the_command_line_fails_on_lost_acts(
        damaged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lost = record_anchor.lost_acts(damaged)
    assert lost is not None
    code = main(["check", "--db", str(damaged)])
    out = capsys.readouterr().out
    assert code == 1
    assert f"FAILED  {LOST_ACTS}" in out
    assert lost.numbers in out
    assert "checks hold" not in out


def test_a_database_that_lost_acts_refuses_writes_naming_them(damaged: Path) -> None:
    lost = record_anchor.lost_acts(damaged)
    assert lost is not None
    reopened = open_database(damaged, clock=CLOCK, create=False)
    try:
        with pytest.raises(StorageError) as refused:
            closures(reopened, 1, start=10)
        assert lost.numbers in refused.value.problem
        assert "ethics-desk restore" in refused.value.fix
        with pytest.raises(StorageError):
            reopened.check_writable()
    finally:
        reopened.dispose()
    assert head(damaged) == (lost.head or 0), "nothing was written over the lost acts"


def test_the_window_s_quick_opening_of_a_database_that_lost_acts_is_read_only(
        damaged: Path) -> None:
    """The window opens a current file through its first look, not the full opening: the loss
    is found there too, and every change refused."""
    from ethics_desk.maintenance.first_look import first_look
    from ethics_desk.storage.read_only import ReadOnlyKind

    lost = record_anchor.lost_acts(damaged)
    assert lost is not None
    look = first_look(str(damaged))
    assert look is not None
    opened = look.open()
    try:
        reason = opened.read_only_reason()
        assert reason is not None and reason.kind is ReadOnlyKind.LOST_ACTS
        with pytest.raises(StorageError, match=lost.numbers):
            closures(opened, 1, start=10)
    finally:
        opened.dispose()
    assert head(damaged) == (lost.head or 0)


def test_lost_acts_name_the_newest_backup_that_holds_them(
        checkpointed: Database, db_path: Path, tmp_path: Path) -> None:
    folder = db_path.parent / DEFAULT_FOLDER
    folder.mkdir()
    closures(checkpointed, 3)
    older = backup_sqlite(db_path, folder / daily_name(db_path.stem, CLOCK), clock=CLOCK).path
    closures(checkpointed, 1, start=3)
    later = fixed_clock(CLOCK() + timedelta(hours=1))
    newest = backup_sqlite(db_path, folder / daily_name(db_path.stem, later), clock=later).path
    image = tmp_path / "image" / db_path.name
    image.parent.mkdir()
    crash_image(checkpointed, db_path, image)
    shutil.copytree(folder, image.parent / DEFAULT_FOLDER)
    flip_the_last_frame(image)
    lost = record_anchor.lost_acts(image)
    assert lost is not None
    assert lost.backup is not None and lost.backup.name == newest.name != older.name
    assert f"The newest backup that holds them is {lost.backup}" in lost.fix


def test_a_normal_database_keeps_its_anchor_at_its_head(database: Database,
                                                        db_path: Path) -> None:
    closures(database, 2)
    anchored = record_anchor.read_anchor(db_path)
    assert anchored is not None
    assert (anchored.seq, anchored.mac) == journal.head_of_file(db_path)
    assert record_anchor.anchor_path(db_path).name == db_path.name + "-anchor"
    assert record_anchor.lost_acts(db_path) is None
    assert all(r.ok for r in run_checks(db_path))


def test_the_anchor_is_private_to_the_user(database: Database, db_path: Path) -> None:
    closures(database, 1)
    if os.name != "nt":
        mode = stat.S_IMODE(record_anchor.anchor_path(db_path).stat().st_mode)
        assert mode == 0o600


def test_the_anchor_never_moves_backwards_while_several_desks_write(
        database: Database, db_path: Path) -> None:
    desks = [open_database(db_path, clock=CLOCK, create=False) for _ in range(3)]
    seen: list[int] = []
    stop = threading.Event()
    failures: list[BaseException] = []

    def watch() -> None:
        while not stop.is_set():
            anchored = record_anchor.read_anchor(db_path)
            if anchored is not None:
                seen.append(anchored.seq)

    def work(desk: Database, number: int) -> None:
        try:
            closures(desk, 6, start=number * 10)
        except BaseException as exc:  # reported below
            failures.append(exc)

    watcher = threading.Thread(target=watch)
    watcher.start()
    writers = [threading.Thread(target=work, args=(desk, n)) for n, desk in enumerate(desks)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    stop.set()
    watcher.join()
    for desk in desks:
        desk.dispose()
    assert not failures
    assert seen == sorted(seen), "the anchor moved backwards"
    anchored = record_anchor.read_anchor(db_path)
    assert anchored is not None and anchored.seq == head(db_path)


def _desk_in_another_process(path: str, start: int) -> None:
    """A desk of its own process: opens the file and commits five closures."""
    desk = open_database(Path(path), clock=CLOCK, create=False)
    try:
        closures(desk, 5, start=start)
    finally:
        desk.dispose()


def test_the_anchor_never_moves_backwards_while_several_processes_write(
        database: Database, db_path: Path) -> None:
    import multiprocessing

    database.dispose()
    seen: list[int] = []
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            anchored = record_anchor.read_anchor(db_path)
            if anchored is not None:
                seen.append(anchored.seq)

    watcher = threading.Thread(target=watch)
    watcher.start()
    spawn = multiprocessing.get_context("spawn")
    desks = [spawn.Process(target=_desk_in_another_process, args=(str(db_path), n * 10))
             for n in range(3)]
    for desk in desks:
        desk.start()
    for desk in desks:
        desk.join()
    stop.set()
    watcher.join()
    assert [desk.exitcode for desk in desks] == [0, 0, 0]
    assert seen and seen == sorted(seen), "the anchor moved backwards"
    anchored = record_anchor.read_anchor(db_path)
    assert anchored is not None and anchored.seq == head(db_path)


def test_a_slower_desk_never_writes_an_older_head_over_a_newer_one(
        database: Database, db_path: Path) -> None:
    closures(database, 1)
    anchored = record_anchor.read_anchor(db_path)
    assert anchored is not None
    newer = record_anchor.AnchoredHead(anchored.seq + 5, "f" * 64, anchored.key)
    record_anchor.anchor_path(db_path).write_text(
        f'{{"seq": {newer.seq}, "mac": "{newer.mac}", "key": "{newer.key}"}}')
    assert record_anchor.record_head(database.engine, db_path) is None
    assert record_anchor.read_anchor(db_path) == newer


def test_a_restore_sets_the_anchor_to_the_restored_head(
        database: Database, db_path: Path, tmp_path: Path) -> None:
    closures(database, 2)
    backup = backup_sqlite(db_path, tmp_path / "kept.sqlite", clock=CLOCK).path
    closures(database, 3, start=2)
    database.dispose()
    assert record_anchor.lost_acts(db_path) is None
    restore_backup(backup, db_path, clock=CLOCK, actor="Ada Lovelace")
    assert record_anchor.lost_acts(db_path) is None, "a restore is not a loss of acts"
    reopened = open_database(db_path, clock=CLOCK, create=False)
    try:
        closures(reopened, 1, start=20)  # takes writes
        with reopened.read_session() as session:
            restored = session.scalars(select(AuditRecord.action)
                                       .where(AuditRecord.action == "database.restore")).all()
        assert restored == ["database.restore"]
    finally:
        reopened.dispose()
    anchored = record_anchor.read_anchor(db_path)
    assert anchored is not None and anchored.seq == head(db_path)


def test_a_restore_clears_lost_acts(damaged: Path, tmp_path: Path) -> None:
    lost = record_anchor.lost_acts(damaged)
    assert lost is not None
    backup = tmp_path / "copy-before-damage.sqlite"
    shutil.copyfile(damaged, backup)  # the database file alone: before the log's acts
    restore_backup(backup, damaged, clock=CLOCK, actor="Ada Lovelace")
    assert record_anchor.lost_acts(damaged) is None
    assert all(r.ok for r in run_checks(damaged, from_backups=False))


def test_an_administrator_accepts_lost_acts_audited(
        damaged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lost = record_anchor.lost_acts(damaged)
    assert lost is not None
    assert main(["check", "--accept-lost-acts", "--db", str(damaged)]) == 0
    assert lost.numbers in capsys.readouterr().out
    assert record_anchor.lost_acts(damaged) is None
    reopened = open_database(damaged, clock=CLOCK, create=False)
    try:
        with reopened.read_session() as session:
            accepted = session.scalars(select(AuditRecord)
                                       .where(AuditRecord.action == record_anchor.ACCEPTED)).all()
        assert len(accepted) == 1
        assert lost.numbers in accepted[0].summary
        assert f'"first": {lost.first}' in accepted[0].detail
        closures(reopened, 1, start=30)  # takes writes again
    finally:
        reopened.dispose()
    assert main(["check", "--db", str(damaged)]) == 0


def test_a_desk_holding_the_lock_leaves_the_act_saved_and_anchored_by_the_next(
        database: Database, db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    closures(database, 1)
    before = record_anchor.read_anchor(db_path)
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # a hung desk, holding the write lock
        record_anchor.record_quietly(database.engine, db_path)  # never raises: logged
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert record_anchor.read_anchor(db_path) == before
    assert "could not be written" in caplog.text
    closures(database, 1, start=5)
    anchored = record_anchor.read_anchor(db_path)
    assert anchored is not None and anchored.seq == head(db_path)


def test_another_databases_anchor_beside_a_new_file_is_replaced_not_reported(
        tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    record_anchor.anchor_path(path).write_text(
        '{"seq": 9999, "mac": "' + "a" * 64 + '", "key": "' + "0" * 32 + '"}')
    database = open_database(path, clock=CLOCK)  # a new database: it has its own key
    try:
        closures(database, 1)
    finally:
        database.dispose()
    assert record_anchor.lost_acts(path) is None
    anchored = record_anchor.read_anchor(path)
    assert anchored is not None and anchored.seq == head(path) and anchored.key != "0" * 32
    assert all(r.ok for r in run_checks(path))


def test_an_administrator_restores_over_a_database_that_lost_acts(
        damaged: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    backup = tmp_path / "the-file-before-its-log.sqlite"
    shutil.copyfile(damaged, backup)
    assert main(["restore", str(backup), "--db", str(damaged), "--yes"]) == 0
    assert "lost committed acts" in capsys.readouterr().err  # its sign-in: not recorded there
    assert record_anchor.lost_acts(damaged) is None
    assert main(["check", "--db", str(damaged)]) == 0


def test_a_database_that_lost_acts_takes_no_daily_backup_that_would_rotate_theirs_out(
        damaged: Path) -> None:
    from ethics_desk.maintenance.auto_backup import daily_backup

    reopened = open_database(damaged, clock=CLOCK, create=False)
    try:
        assert daily_backup(reopened, actor="Ethics Desk", clock=CLOCK) is None
    finally:
        reopened.dispose()
    assert not (damaged.parent / DEFAULT_FOLDER).exists()
