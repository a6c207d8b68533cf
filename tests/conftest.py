"""Shared fixtures: a fresh database file per test, a controller at a fixed time, and the
demonstration database. Both databases are made once per run and copied, file by file, for
each test that uses them (creating and migrating a file takes a tenth of a second or more, the
demonstration seconds).

Nothing here imports Qt: the Qt side of the run (the ``gui`` marker, offscreen drawing, the
``None`` guard) is the plugin :mod:`tests.qt_plugin`, so ``pytest -m "not gui"`` runs the domain
without loading PySide6.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from ethics_desk.core.clock import fixed_clock
from ethics_desk.storage.database import Database
from ethics_desk.storage.opening import open_database
from ethics_desk.workflow import WorkflowController

pytest_plugins = ["tests.qt_plugin"]

OFFICE_TZ = ZoneInfo("America/Chicago")
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=OFFICE_TZ)
"""The tests' "now": Monday 30 November 2026, 10:00 in San Antonio."""
CLOCK = fixed_clock(NOW)
"""The tests' clock, stopped at :data:`NOW`: every act a test records is stamped by a pinned
clock, never the machine's (the suite passes on any date)."""


DEMO_TODAY = NOW.date()
"""The day the demonstration database is built for: pinned, never the real date."""


def pytest_report_header() -> str:
    """Say which print system the printing tests go through (tests/printing_env.py)."""
    from tests.printing_env import describe_printing

    return describe_printing()


@pytest.fixture(autouse=True)
def _office_time_zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Run every test in the office's time zone, whatever the machine's."""
    monkeypatch.setenv("TZ", "America/Chicago")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture(autouse=True)
def _no_user_data(tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every test away from the real data folder and the ETHICS_DESK_DB of the shell."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.delenv("ETHICS_DESK_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("HOME", str(home))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where this test's database file lives."""
    return tmp_path / "ethics-desk.sqlite"


def _checkpointed(database: Database) -> None:
    """Write the database's write-ahead log into its file and close it (a copy is then whole)."""
    try:
        with database.engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        database.dispose()  # the last connection closed: nothing is left in a WAL


def _copy_sqlite(template: Path, copy: Path) -> Path:
    """A file copy of a closed, checkpointed SQLite database."""
    wal = template.with_name(template.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0, f"{template.name}'s WAL was not checkpointed"
    shutil.copyfile(template, copy)
    return copy


@pytest.fixture(scope="session")
def _new_database_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database created and migrated once per run, with its reference data, then closed."""
    path = tmp_path_factory.mktemp("new-template") / "ethics-desk.sqlite"
    _checkpointed(open_database(path, clock=CLOCK))
    return path


@pytest.fixture
def database(db_path: Path, _new_database_template: Path) -> Iterator[Database]:
    """A freshly created and migrated database file (a copy of one made so once per run)."""
    db = open_database(_copy_sqlite(_new_database_template, db_path), create=False,
                       clock=CLOCK)
    yield db
    db.dispose()


@pytest.fixture
def controller(database: Database) -> WorkflowController:
    """The workflow controller for clerk "Maria Clerk" at :data:`NOW`."""
    return WorkflowController(database, "Maria Clerk", clock=CLOCK)


# -- the demonstration database -----------------------------------------------------------------


@dataclass(frozen=True)
class DemoTemplate:
    """The demonstration database as built once for the run: a closed SQLite file whose
    write-ahead log has been checkpointed into it, and the builder's (case number, state) list.

    Tests never open the template itself; each opens a copy (:meth:`open_copy`).
    """

    path: Path
    cases: list[tuple[str, str]]

    def open_copy(self, folder: Path) -> Database:
        """A copy of the demonstration in ``folder``, opened as the application opens a file."""
        return open_database(_copy_sqlite(self.path, folder / "demo.sqlite"),
                             create=False, clock=CLOCK)


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory) -> DemoTemplate:
    """The demonstration database (every state of § 2-83), built once per run for
    :data:`DEMO_TODAY` in the office's time zone; copy it with :meth:`DemoTemplate.open_copy`."""
    from ethics_desk.demo.build import build_demo

    path = tmp_path_factory.mktemp("demo-template") / "demo.sqlite"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TZ", "America/Chicago")
        time.tzset()
        try:
            built = open_database(path, clock=CLOCK)
            try:
                cases = build_demo(built, today=DEMO_TODAY)
            finally:
                _checkpointed(built)
        finally:
            patch.undo()
            time.tzset()
    return DemoTemplate(path, cases)


@pytest.fixture
def demo_database(demo_template: DemoTemplate, tmp_path: Path) -> Iterator[Database]:
    """A fresh copy of the demonstration database for this test alone (it may write to it)."""
    database = demo_template.open_copy(tmp_path)
    yield database
    database.dispose()
