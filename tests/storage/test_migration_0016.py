"""Upgrading to revision 0016 builds the search index for the cases already on record, it can be
taken back, and a SQLite too old for the trigram index is told plainly, never a traceback."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from ethics_desk.cases.inbox import ALL_CASES, saved_view
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.core.errors import StorageError
from ethics_desk.maintenance.integrity import LISTING, SEARCH_INDEX, run_checks
from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage.migrate import alembic_config
from tests.conftest import CLOCK, DEMO_TODAY, DemoTemplate


def _back_to_0015(path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0015")
    finally:
        engine.dispose()


@pytest.fixture
def demo_at_0015(demo_template: DemoTemplate, tmp_path: Path) -> Path:
    """The demonstration's cases in a file at revision 0015 (no search words, no index)."""
    for database in demo_template.copy(tmp_path):
        path = Path(str(database.engine.url.database))
        database.dispose()
        _back_to_0015(path)
        with sqlite3.connect(path) as conn:
            names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
            columns = {row[1] for row in conn.execute("PRAGMA table_info(complaint)")}
        assert "complaint_search" not in names and "search_words" not in columns
        return path
    raise AssertionError("no copy of the demonstration")


@pytest.mark.sqlite_file
def test_the_cases_on_record_are_found_through_the_index_after_the_upgrade(
        demo_at_0015: Path) -> None:
    database = open_database(demo_at_0015, clock=CLOCK)  # backs up, then migrates to the head
    try:
        query = InboxQuery(database, DEMO_TODAY)
        found = {row.id for row in query.page(saved_view(ALL_CASES).with_text("pena"), 0, 500)}
        assert found
        short = {row.id for row in query.page(saved_view(ALL_CASES).with_text("p"), 0, 500)}
        assert found <= short
    finally:
        database.dispose()
    results = {r.name: r for r in run_checks(demo_at_0015, from_backups=False)}
    assert results[SEARCH_INDEX].ok and results[LISTING].ok


@pytest.mark.sqlite_file
def test_a_sqlite_without_the_trigram_tokenizer_is_told_not_traced(
        demo_at_0015: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 31, 1))
    monkeypatch.setattr(sqlite3, "sqlite_version", "3.31.1")
    with pytest.raises(StorageError, match=r"3\.31\.1.*3\.34 or later") as raised:
        open_database(demo_at_0015, clock=CLOCK).dispose()
    assert "installer" in raised.value.fix
