"""Upgrading to revision 0005 gives the calendar's one-entry-per-day rule the name that a
PostgreSQL server can hold too, on a SQLite file made before, with every day kept."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from ethics_desk.core.errors import StorageError
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import CalendarDay
from ethics_desk.storage.migrate import alembic_config
from tests.conftest import CLOCK


def _database_at_0004_as_0001_first_made_it(path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0004")
        conn.execute(sa.text("INSERT INTO calendar_day (calendar, day, name, kind, version) "
                             "VALUES ('city', '2026-12-07', 'Ice storm closure', 'closure', 1)"))
    with engine.begin() as conn:  # the constraint as revision 0001 first named it
        from alembic.migration import MigrationContext
        from alembic.operations import Operations

        operations = Operations(MigrationContext.configure(conn))
        with operations.batch_alter_table("calendar_day", recreate="always") as batch:
            batch.drop_constraint("uq_calendar_day_calendar", type_="unique")
            batch.create_unique_constraint("calendar_day", ["calendar", "day"])
    engine.dispose()


def _unique_names(engine: sa.Engine) -> set[str | None]:
    return {c["name"] for c in sa.inspect(engine).get_unique_constraints("calendar_day")}


def test_an_older_file_gets_the_new_name_and_keeps_its_days_and_the_rule(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0004_as_0001_first_made_it(path)
    old = sa.create_engine(f"sqlite:///{path}")
    assert _unique_names(old) == {"calendar_day"}
    old.dispose()
    database = open_database(path, clock=CLOCK)
    try:
        assert _unique_names(database.engine) == {"uq_calendar_day_calendar"}
        with database.read_session() as session:
            kept = session.scalars(sa.select(CalendarDay).where(
                CalendarDay.day == date(2026, 12, 7))).one()
            assert kept.name == "Ice storm closure"
        with pytest.raises(StorageError, match="same moment"), \
                database.unit_of_work() as session:
            session.add(CalendarDay(calendar="city", day=date(2026, 12, 7), name="Again",
                                    kind="closure"))
    finally:
        database.dispose()


def test_a_new_database_has_the_new_name_from_the_start(tmp_path: Path) -> None:
    database = open_database(tmp_path / "new.sqlite", clock=CLOCK)
    try:
        assert _unique_names(database.engine) == {"uq_calendar_day_calendar"}
    finally:
        database.dispose()
