"""Upgrading to revision 0036 makes the index of the complaints that refile a case hold those
complaints only: once SQLite has statistics (``ANALYZE``), an index over every complaint counts
their NULLs as one value shared by all and is passed over, and opening a case read the whole
complaint table (0.4 s at 1,000,000 cases). The question asked is the one opening a case asks,
as the person's scope words it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from ethics_desk.cases.case_file import load_case
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import Complaint
from ethics_desk.staff.accounts import list_accounts
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK
from tests.revisions import back_to, plan

INDEX = "ix_complaint_refiling_of_id"


def _refilings_question(database: Database) -> tuple[str, Any]:
    """The statement, and its parameters, with which opening a case as a clerk asks for the
    complaints that refile it."""
    clerk = next(a for a in list_accounts(database) if a.role is Role.CLERK)
    with database.read_session() as session:
        case_id = session.scalar(sa.select(Complaint.id).where(
            Complaint.case_number.is_not(None)).limit(1))
    asked: list[tuple[str, Any]] = []

    def heard(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if "refiling_of_id =" in statement and statement.lstrip().startswith("SELECT"):
            asked.append((statement, parameters))

    sa.event.listen(database.engine, "before_cursor_execute", heard)
    try:
        assert case_id is not None
        load_case(database, case_id, account=clerk)
    finally:
        sa.event.remove(database.engine, "before_cursor_execute", heard)
    assert len(asked) == 1, asked
    return asked[0]


def _plan(path: Path, question: tuple[str, Any]) -> str:
    return plan(path, question[0], question[1], analyze=True)  # statistics, as a tuned file


@pytest.mark.sqlite_file
def test_opening_a_case_finds_its_refilings_through_the_index_even_with_statistics(
        demo_database: Database) -> None:
    path = Path(str(demo_database.engine.url.database))
    question = _refilings_question(demo_database)
    demo_database.dispose()
    assert f"INDEX {INDEX}" in _plan(path, question)
    back_to(path, "0035")  # the index of every complaint, NULLs and all
    assert f"INDEX {INDEX}" not in _plan(path, question)  # the whole table read
    open_database(path, clock=CLOCK).dispose()  # backs up, then migrates to the head
    assert f"INDEX {INDEX}" in _plan(path, question)
