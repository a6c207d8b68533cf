"""Upgrading to revision 0035 gives the complaints that refile a case an index: opening a case
no longer reads the whole complaint table to name them, and the revision can be taken back."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK
from tests.revisions import back_to, plan

REFILINGS = "SELECT id FROM complaint WHERE refiling_of_id = 1"
"""What opening a case asks to name the complaints that refile it (cases.case_file)."""


def _plan(path: Path) -> str:
    return plan(path, REFILINGS)


@pytest.mark.sqlite_file
def test_the_refilings_of_a_case_are_found_through_the_index_after_the_upgrade(
        demo_database: Database) -> None:
    path = Path(str(demo_database.engine.url.database))
    demo_database.dispose()
    back_to(path, "0034")
    assert "ix_complaint_refiling_of_id" not in _plan(path)  # every complaint read
    open_database(path, clock=CLOCK).dispose()  # backs up, then migrates to the head
    assert "INDEX ix_complaint_refiling_of_id" in _plan(path)
    back_to(path, "0034")
    assert "ix_complaint_refiling_of_id" not in _plan(path)
