"""Upgrading to revision 0017 adds the Clerk's decisions on Board members and parties
(``party_link``), journalled like every table, to a file made before; the revision can be taken
back."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from ethics_desk.storage.migrate import alembic_config
from ethics_desk.storage.opening import open_database
from tests.conftest import CLOCK


def _database_at_0016(path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0016")
    engine.dispose()


def _triggers(engine: sa.Engine) -> list[str]:
    with engine.connect() as conn:
        return list(conn.execute(sa.text(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' "
            "AND tbl_name = 'party_link'")).scalars())


@pytest.mark.sqlite_file
def test_an_older_file_gets_the_table_with_its_journal_triggers_and_can_go_back(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0016(path)
    database = open_database(path, clock=CLOCK)  # backs up, then migrates to the head
    try:
        assert "party_link" in sa.inspect(database.engine).get_table_names()
        assert len(_triggers(database.engine)) == 3  # insert, update, delete
    finally:
        database.dispose()
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0016")
        assert "party_link" not in sa.inspect(engine).get_table_names()
        assert _triggers(engine) == []
    finally:
        engine.dispose()
