"""Shared fixtures: offscreen Qt, a fresh database file per test, a controller at a fixed time."""

from __future__ import annotations

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"  # before any Qt import: no display in CI
os.environ.setdefault("QT_SCALE_FACTOR", "1")

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from ethics_desk.core.clock import fixed_clock
from ethics_desk.storage.database import Database
from ethics_desk.storage.opening import open_database
from ethics_desk.ui import none_guard
from ethics_desk.workflow import WorkflowController

OFFICE_TZ = ZoneInfo("America/Chicago")
NOW = datetime(2026, 11, 30, 10, 0, tzinfo=OFFICE_TZ)
"""The tests' "now": Monday 30 November 2026, 10:00 in San Antonio."""
CLOCK = fixed_clock(NOW)
"""The tests' clock, stopped at :data:`NOW`: every act a test records is stamped by a pinned
clock, never the machine's (the suite passes on any date)."""

none_guard.guard()  # as the application does before its first window (see the module)


def pytest_report_header() -> str:
    """Say which print system the printing tests go through (tests/printing_env.py)."""
    from tests.printing_env import describe_printing

    return describe_printing()


@pytest.fixture(autouse=True)
def _office_time_zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Run every test in the office's time zone, whatever the machine's."""
    import time

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


@pytest.fixture
def database(db_path: Path) -> Iterator[Database]:
    """A freshly created and migrated database file."""
    db = open_database(db_path, clock=CLOCK)
    yield db
    db.dispose()


@pytest.fixture
def controller(database: Database) -> WorkflowController:
    """The workflow controller for clerk "Maria Clerk" at :data:`NOW`."""
    return WorkflowController(database, "Maria Clerk", clock=CLOCK)
