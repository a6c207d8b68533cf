"""The first look: the start-up view read with sqlite3 is the inbox's own answer, and only a
current, writable SQLite database gets one (everything else takes the full opening)."""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta
from pathlib import Path

import pytest

from ethics_desk.cases.inbox import (
    ALL_CASES,
    DUE_TODAY,
    OVERDUE,
    THIS_WEEK,
    InboxFilter,
    InboxRow,
    InboxSource,
    RowPage,
    saved_view,
)
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.models import CaseState, Route
from ethics_desk.office import settings
from ethics_desk.office.actions import save_settings
from ethics_desk.storage.database import Database
from ethics_desk.storage.first_look import FirstInbox, FirstLook, first_look
from ethics_desk.storage.opening import open_database
from tests.cases.test_inbox import CaseSpec, insert_cases
from tests.conftest import CLOCK

TODAY = date(2026, 11, 30)



@pytest.fixture
def busy_day(database: Database) -> Database:
    """Cases due today (filed and a draft, both routes, accented names), overdue, later, none."""
    specs = [CaseSpec(complainant=f"Ana Ruiz {n}", due_on=TODAY) for n in range(7)]
    specs += [
        CaseSpec(complainant="José Peña", respondents=("Nguyễn Văn An", "Raymond Ortega"),
                 route=Route.CAMPAIGN_FINANCE, state=CaseState.CAMPAIGN_FINANCE, due_on=TODAY),
        CaseSpec(complainant="Draft Person", received_on=None, state=CaseState.DRAFT,
                 due_on=TODAY),
        CaseSpec(complainant="Late One", due_on=TODAY - timedelta(days=3)),
        CaseSpec(complainant="Late Two", due_on=TODAY - timedelta(days=10)),
        CaseSpec(complainant="Later", due_on=TODAY + timedelta(days=2)),
        CaseSpec(complainant="Nothing Open", due_on=None, state=CaseState.RESOLVED),
    ]
    insert_cases(database, specs)
    return database


def _address(database: Database) -> str:
    """The database as ``--db`` names it: the file's path, or the server's address."""
    if database.url.get_backend_name() == "sqlite":
        return database.description
    return database.url.render_as_string(hide_password=False)


def _look(database: Database) -> FirstLook:
    look = first_look(_address(database))
    assert look is not None
    return look


@pytest.mark.parametrize(("offset", "limit"), [(0, 201), (0, 4), (4, 4), (8, 4)])
def test_due_today_from_the_first_look_is_the_inbox_querys_own_page(
        busy_day: Database, offset: int, limit: int) -> None:
    look = _look(busy_day)
    expected = InboxQuery(busy_day, TODAY).page(saved_view(DUE_TODAY), offset, limit)
    assert look.due_on(TODAY, offset, limit) == expected


def test_the_first_looks_counts_are_the_inbox_querys(busy_day: Database) -> None:
    look = _look(busy_day)
    query = InboxQuery(busy_day, TODAY)
    assert look.count_due(TODAY) == query.count(saved_view(DUE_TODAY)) == 9
    assert look.count_due(TODAY, overdue=True) == query.count(saved_view(OVERDUE)) == 2


def test_the_first_look_reads_the_staff_member_as_the_settings_do(database: Database) -> None:
    look = _look(database)
    with database.read_session() as session:
        assert look.setting("staff.name") == settings.get(session, "staff.name")
    save_settings(database, {"staff.name": "Maria Clerk"}, actor="Maria Clerk", clock=CLOCK)
    assert look.setting("staff.name") == "Maria Clerk"


def test_a_current_writable_database_gets_a_first_look_named_as_the_database_is(
        database: Database) -> None:
    assert _look(database).description == database.description


def test_a_missing_file_or_an_unreachable_server_gets_no_first_look(tmp_path: Path) -> None:
    assert first_look(str(tmp_path / "nothing-here.sqlite")) is None
    assert not (tmp_path / "nothing-here.sqlite").exists()  # and none was created
    assert first_look("postgresql+psycopg://clerk@127.0.0.1:1/ethics") is None
    assert first_look("mysql://clerk@server/ethics") is None  # no first look for other kinds


def test_a_server_address_is_shown_without_its_password() -> None:
    from ethics_desk.storage.first_look import _server_address

    assert _server_address("postgresql+psycopg://desk:s3cret@dbserver:5433/ethics") == (
        "postgresql://desk:s3cret@dbserver:5433/ethics",
        "postgresql+psycopg://desk:***@dbserver:5433/ethics")
    assert _server_address("sqlite:///office.sqlite") is None


@pytest.mark.parametrize("revision", ["0001", "ffff"])
def test_a_database_to_migrate_or_from_a_newer_version_gets_no_first_look(
        database: Database, revision: str) -> None:
    from sqlalchemy import text

    with database.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": revision})
    assert first_look(_address(database)) is None


def test_a_file_that_is_not_an_ethics_desk_database_gets_no_first_look(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite"
    sqlite3.connect(empty).close()
    text = tmp_path / "notes.sqlite"
    text.write_text("not a database")
    assert first_look(str(empty)) is None and first_look(str(text)) is None


@pytest.mark.sqlite_file
def test_a_database_another_workstation_is_writing_gets_no_first_look(
        db_path: Path, database: Database) -> None:
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        assert first_look(str(db_path)) is None  # the full opening waits, then says "busy"
        other.execute("ROLLBACK")
        assert first_look(str(db_path)) is not None
    finally:
        other.close()


def test_the_default_database_gets_a_first_look_once_it_exists() -> None:
    assert first_look(None) is None
    open_database(None, clock=CLOCK).dispose()
    assert first_look(None) is not None


class _Recorder:
    """A full query that notes what it was asked."""

    def __init__(self, full: InboxSource) -> None:
        self.full = full
        self.asked: list[InboxFilter] = []
        self.today = full.today

    def page(self, inbox_filter: InboxFilter, offset: int = 0, limit: int = 200) -> list[InboxRow]:
        """Note and pass on."""
        self.asked.append(inbox_filter)
        return self.full.page(inbox_filter, offset, limit)

    def rows(self, inbox_filter: InboxFilter, offset: int = 0, limit: int = 200) -> RowPage:
        """Note and pass on."""
        self.asked.append(inbox_filter)
        return self.full.rows(inbox_filter, offset, limit)

    def count(self, inbox_filter: InboxFilter) -> int:
        """Note and pass on."""
        self.asked.append(inbox_filter)
        return self.full.count(inbox_filter)


def test_the_first_inbox_answers_the_start_up_view_itself_and_passes_on_everything_else(
        busy_day: Database) -> None:
    query = InboxQuery(busy_day, TODAY)
    full = _Recorder(query)
    inbox = FirstInbox(_look(busy_day), TODAY, lambda: full)
    assert inbox.page(saved_view(DUE_TODAY), 0, 5) == query.page(saved_view(DUE_TODAY), 0, 5)
    assert inbox.count(saved_view(OVERDUE)) == 2
    assert full.asked == []
    week = saved_view(THIS_WEEK)
    assert inbox.page(week) == query.page(week)
    searched = saved_view(DUE_TODAY).with_text("pena")
    assert [row.complainant for row in inbox.page(searched)] == ["José Peña"]
    assert inbox.count(saved_view(ALL_CASES)) == 13
    assert full.asked == [week, searched, saved_view(ALL_CASES)]
    inbox.page(saved_view(DUE_TODAY))  # once the full query is made, it answers everything
    assert full.asked[-1] == saved_view(DUE_TODAY)
