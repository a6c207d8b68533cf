"""§ 2-83(h)(1): the database, its companions, its backups and copies, and every paper written
where the user chose are readable by the signed-in user only — mode 0600 (folders 0700) on
POSIX, an access list of the user and SYSTEM on Windows — and the copies of exhibits opened
with the system viewer are removed.

The modes are checked on POSIX, where the suite runs; Windows' lists are checked by the
``icacls`` command that would set them. Every test here runs under the umask 022 that makes a
plain file 0644 (readable by every local user), so a file that is 0600 is so because the
application made it so.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from ethics_desk.maintenance import opening
from ethics_desk.maintenance.backup import backup_sqlite
from ethics_desk.maintenance.opening import open_database
from ethics_desk.maintenance.transfer import copy_records
from ethics_desk.storage import private_files
from ethics_desk.storage.database import Database
from ethics_desk.storage.location import default_database_path
from ethics_desk.storage.private_files import (
    ExhibitFolder,
    exhibits_folder,
    make_private,
    make_private_folder,
    remove_leftover_exhibits,
    windows_acl_command,
    write_private,
)
from tests.conftest import CLOCK


def mode(path: Path) -> int:
    """The permission bits of ``path``."""
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(autouse=True)
def _umask_readable_by_all() -> Iterator[None]:
    """The common umask, under which a new file is 0644 unless the application says otherwise."""
    before = os.umask(0o022)
    yield
    os.umask(before)


class Commands:
    """A runner that records the commands it is given, and what the file held then."""

    def __init__(self, status: int = 0) -> None:
        self.status = status
        self.commands: list[list[str]] = []
        self.sizes: list[int] = []

    def __call__(self, command: Sequence[str]) -> int:
        self.commands.append(list(command))
        self.sizes.append(Path(command[1]).stat().st_size if Path(command[1]).is_file() else -1)
        return self.status


# -- the database and its companions -------------------------------------------------------

@pytest.mark.sqlite_file
def test_a_new_database_and_its_wal_and_shm_are_readable_by_the_user_only(tmp_path: Path) -> None:
    path = tmp_path / "office.sqlite"
    database = open_database(path, clock=CLOCK)
    try:
        with database.engine.connect() as conn:  # an open connection keeps the -wal and -shm
            companions = [path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
            assert all(each.exists() for each in companions)
            assert [mode(each) for each in (path, *companions)] == [0o600, 0o600, 0o600]
            conn.exec_driver_sql("SELECT 1")
    finally:
        database.dispose()


@pytest.mark.sqlite_file
def test_sqlite_gives_the_wal_and_shm_the_mode_of_the_database_file(tmp_path: Path) -> None:
    path = tmp_path / "plain.sqlite"
    path.touch(mode=0o600)
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("CREATE TABLE t (x)")
        conn.commit()
        assert mode(path.with_name(path.name + "-wal")) == 0o600
        assert mode(path.with_name(path.name + "-shm")) == 0o600
    finally:
        conn.close()


@pytest.mark.sqlite_file
def test_the_data_folder_the_application_creates_is_the_users_only() -> None:
    folder = default_database_path().parent
    assert not folder.exists()
    open_database(None, clock=CLOCK).dispose()
    assert mode(folder) == 0o700 and mode(default_database_path()) == 0o600


@pytest.mark.sqlite_file
def test_an_office_database_readable_by_all_is_the_users_only_once_opened(
        db_path: Path, database: Database) -> None:
    with database.engine.connect() as conn:
        conn.exec_driver_sql("SELECT 1")  # the -wal and -shm exist while it is open
        companions = [db_path.with_name(db_path.name + s) for s in ("-wal", "-shm")]
        for each in (db_path, *companions):
            os.chmod(each, 0o644)  # as a version before § 2-83(h)'s files left them
    database.dispose()
    reopened = open_database(db_path, clock=CLOCK)
    try:
        with reopened.engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
            assert [mode(each) for each in (db_path, *companions)] == [0o600] * 3
    finally:
        reopened.dispose()


@pytest.mark.sqlite_file
def test_an_older_data_folder_and_its_copies_before_migrations_are_made_the_users_only() -> None:
    path = default_database_path()
    open_database(None, clock=CLOCK).dispose()
    older_copy = path.with_name(f"{path.stem}.before-0005-20260101-090000.sqlite")
    older_copy.write_bytes(path.read_bytes())
    os.chmod(path.parent, 0o755)  # as a version before § 2-83(h)'s files left them
    os.chmod(older_copy, 0o644)
    open_database(None, clock=CLOCK).dispose()
    assert (mode(path.parent), mode(older_copy)) == (0o700, 0o600)


@pytest.mark.sqlite_file
def test_a_read_only_database_is_made_private_but_never_writable(
        db_path: Path, database: Database) -> None:
    database.dispose()
    os.chmod(db_path, 0o444)
    try:
        reopened = open_database(db_path, clock=CLOCK, create=False, migrate=False)
        with reopened.engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
        reopened.dispose()
        assert mode(db_path) == 0o400
    finally:
        os.chmod(db_path, 0o600)


# -- backups and copies ----------------------------------------------------------------------

@pytest.mark.sqlite_file
def test_a_backup_is_readable_by_the_user_only(tmp_path: Path, db_path: Path,
                                              database: Database) -> None:
    database.dispose()
    report = backup_sqlite(db_path, tmp_path / "backup.sqlite", clock=CLOCK)
    assert report.path == tmp_path / "backup.sqlite" and mode(report.path) == 0o600


@pytest.mark.sqlite_file
def test_a_copy_of_the_records_into_a_new_file_is_readable_by_the_user_only(
        tmp_path: Path, database: Database) -> None:
    target = tmp_path / "copy.sqlite"
    copy_records(database, target)
    assert mode(target) == 0o600


@pytest.mark.sqlite_file
def test_the_copy_taken_before_a_migration_is_readable_by_the_user_only(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    open_database(db_path, clock=CLOCK).dispose()
    monkeypatch.setattr(opening, "head_revision", lambda: "9999")
    monkeypatch.setattr(opening, "upgrade", lambda engine: None)
    opening.open_database(db_path, clock=CLOCK).dispose()
    [before] = list((db_path.parent / "Backups").glob("*.before-9999-*.sqlite"))
    assert mode(before) == 0o600


# -- papers ---------------------------------------------------------------------------------

def test_a_written_paper_is_readable_by_the_user_only_even_over_a_file_readable_by_all(
        tmp_path: Path) -> None:
    new, old = tmp_path / "letter.pdf", tmp_path / "old.pdf"
    old.write_bytes(b"an older export, readable by all")
    assert mode(old) == 0o644
    write_private(new, b"%PDF-1.4 notice")
    write_private(old, b"%PDF-1.4 packet")
    assert (new.read_bytes(), mode(new)) == (b"%PDF-1.4 notice", 0o600)
    assert (old.read_bytes(), mode(old)) == (b"%PDF-1.4 packet", 0o600)


# -- Windows -------------------------------------------------------------------------------

def test_on_windows_a_file_is_given_to_the_user_and_system_alone(tmp_path: Path) -> None:
    assert windows_acl_command(tmp_path / "a.pdf", folder=False, account="CITYHALL\\mgarza") == [
        "icacls", str(tmp_path / "a.pdf"), "/inheritance:r",
        "/grant:r", "CITYHALL\\mgarza:F", "*S-1-5-18:F",
        "/remove:g", "*S-1-1-0", "*S-1-5-11", "*S-1-5-32-545", "/q"]


def test_on_windows_a_folder_passes_the_users_access_to_what_is_made_in_it(tmp_path: Path) -> None:
    assert windows_acl_command(tmp_path, folder=True, account="CITYHALL\\mgarza") == [
        "icacls", str(tmp_path), "/inheritance:r",
        "/grant:r", "CITYHALL\\mgarza:(OI)(CI)F", "*S-1-5-18:(OI)(CI)F",
        "/remove:g", "*S-1-1-0", "*S-1-5-11", "*S-1-5-32-545", "/q"]


def test_on_windows_the_account_is_the_signed_in_users_with_its_domain(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("USERNAME", "mgarza")
    monkeypatch.setenv("USERDOMAIN", "CITYHALL")
    assert private_files.windows_account() == "CITYHALL\\mgarza"
    monkeypatch.delenv("USERDOMAIN")
    assert private_files.windows_account() == "mgarza"


def test_on_windows_a_paper_is_made_private_before_anything_is_written_in_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(private_files, "windows_account", lambda: "CITYHALL\\mgarza")
    runner = Commands()
    path = tmp_path / "packet.pdf"
    write_private(path, b"%PDF-1.4 packet", windows=True, runner=runner)
    partial = private_files.partial_name(path)  # written beside, then put in place
    assert runner.commands == [windows_acl_command(partial, folder=False,
                                                   account="CITYHALL\\mgarza")]
    assert runner.sizes == [0]  # the list was set on the empty file
    assert path.read_bytes() == b"%PDF-1.4 packet" and not partial.exists()


def test_on_windows_a_folder_the_application_creates_is_given_its_list_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(private_files, "windows_account", lambda: "CITYHALL\\mgarza")
    runner = Commands()
    folder = tmp_path / "EthicsDesk"
    make_private_folder(folder, windows=True, runner=runner)
    make_private_folder(folder, windows=True, runner=runner)  # there already: left as it is
    assert runner.commands == [windows_acl_command(folder, folder=True, account="CITYHALL\\mgarza")]


def test_a_file_system_that_cannot_restrict_access_leaves_the_file_written(
        tmp_path: Path) -> None:
    path = tmp_path / "on-a-usb-stick.pdf"
    write_private(path, b"%PDF-1.4", windows=True, runner=Commands(status=5))
    assert path.read_bytes() == b"%PDF-1.4"
    assert make_private(path, windows=True, runner=Commands(status=5)) is False


# -- exhibits --------------------------------------------------------------------------------

def test_an_opened_exhibit_is_copied_into_the_users_private_folder_and_removed_with_it() -> None:
    folder = ExhibitFolder()
    first = folder.place("../sworn-complaint.pdf", b"%PDF-1.4 one")
    second = folder.place("sworn-complaint.pdf", b"%PDF-1.4 two")
    assert first.name == second.name == "sworn-complaint.pdf" and first != second
    assert first.read_bytes() == b"%PDF-1.4 one" and second.read_bytes() == b"%PDF-1.4 two"
    assert exhibits_folder() in first.parents and mode(first) == 0o600
    assert mode(exhibits_folder()) == 0o700 and mode(first.parent.parent) == 0o700
    folder.empty()
    assert not first.exists() and not second.exists()
    assert list(exhibits_folder().iterdir()) == []


def test_leftover_exhibits_are_removed_but_an_open_windows_are_kept() -> None:
    open_window = ExhibitFolder()
    kept = open_window.place("affidavit.pdf", b"%PDF-1.4 kept")
    crashed = exhibits_folder() / "window-left-by-a-crash" / "x"
    crashed.mkdir(parents=True)
    (crashed / "exhibit-a.pdf").write_bytes(b"%PDF-1.4 left")
    assert remove_leftover_exhibits() == 1
    assert not crashed.parent.exists() and kept.read_bytes() == b"%PDF-1.4 kept"
    open_window.empty()
    assert remove_leftover_exhibits() == 0


def test_with_no_exhibit_folder_yet_nothing_is_removed() -> None:
    assert not exhibits_folder().exists()
    assert remove_leftover_exhibits() == 0


def test_a_paper_written_to_the_null_device_leaves_the_device_as_it_was() -> None:
    device = Path(os.devnull)
    before = stat.S_IMODE(device.stat().st_mode)
    try:
        private_files.write_private(device, b"%PDF-1.4 discarded")  # letter … --out /dev/null
        assert stat.S_ISCHR(device.stat().st_mode)  # written through, never replaced by a file
        private_files.tighten(device)
        assert private_files.make_private(device) is False
        assert stat.S_IMODE(device.stat().st_mode) == before
    finally:
        if stat.S_IMODE(device.stat().st_mode) != before:
            os.chmod(device, before)  # never leave the machine without its null device


def test_an_interrupted_write_leaves_the_earlier_paper_whole_and_no_partial_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "packet.pdf"
    path.write_bytes(b"%PDF-1.4 the packet sent yesterday")

    def full_disk(target: Path, data: bytes, **_options: object) -> None:
        target.write_bytes(data[:4])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(private_files, "keep_private", full_disk)
    with pytest.raises(OSError, match="No space left"):
        write_private(path, b"%PDF-1.4 today's packet")
    assert path.read_bytes() == b"%PDF-1.4 the packet sent yesterday"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["packet.pdf"]


def test_a_link_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    paper = tmp_path / "papers" / "letter.pdf"
    paper.parent.mkdir()
    paper.write_bytes(b"%PDF-1.4 old")
    link = tmp_path / "latest.pdf"
    link.symlink_to(paper)
    write_private(link, b"%PDF-1.4 new")
    assert link.is_symlink() and paper.read_bytes() == b"%PDF-1.4 new"
