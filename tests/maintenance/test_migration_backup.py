"""An existing database is backed up, and the copy verified, before any migration touches it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethics_desk.maintenance import auto_backup, opening
from ethics_desk.storage.sqlite_file import verify_sqlite_file
from tests.conftest import CLOCK


def test_an_existing_database_is_backed_up_before_it_is_migrated(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opening.open_database(db_path, clock=CLOCK).dispose()
    upgraded: list[str] = []
    # Pretend this version ships a newer revision than the file has.
    monkeypatch.setattr(opening, "head_revision", lambda: "9999")
    monkeypatch.setattr(opening, "upgrade", lambda engine: upgraded.append("9999"))
    opening.open_database(db_path, clock=CLOCK).dispose()
    [backup] = list((db_path.parent / "Backups").glob("*.before-9999-*.sqlite"))
    assert backup.name == f"{db_path.stem}.before-9999-20261130-100000.sqlite"  # CLOCK's time
    assert verify_sqlite_file(backup) == []
    assert upgraded == ["9999"]


def test_a_database_at_the_current_revision_is_opened_without_a_backup(db_path: Path) -> None:
    opening.open_database(db_path, clock=CLOCK).dispose()
    opening.open_database(db_path, clock=CLOCK).dispose()
    assert list(db_path.parent.rglob("*.before-*")) == []


def test_a_failed_backup_stops_the_migration(db_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.core.errors import StorageError

    opening.open_database(db_path, clock=CLOCK).dispose()
    upgraded: list[str] = []
    monkeypatch.setattr(opening, "head_revision", lambda: "9999")
    monkeypatch.setattr(opening, "upgrade", lambda engine: upgraded.append("9999"))

    def refuse(source: Path, dest: Path, *, clock: object) -> None:
        raise StorageError("The backup could not be written: disk full.", "Free some space.")

    monkeypatch.setattr(auto_backup, "backup_sqlite", refuse)
    with pytest.raises(StorageError, match="disk full"):
        opening.open_database(db_path, clock=CLOCK)
    assert upgraded == []
