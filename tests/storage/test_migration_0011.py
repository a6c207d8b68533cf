"""Upgrading to revision 0011 adds the Public Information Act's request log (§ 2-83(h)(3)) to a
file made before: the three tables, journalled like every other, and a check that passes."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import RequestChannel
from ethics_desk.maintenance.integrity import run_checks
from ethics_desk.maintenance.opening import open_database
from ethics_desk.public_information import NewRequest, log_request
from ethics_desk.storage.migrate import alembic_config
from tests.conftest import CLOCK

TABLES = {"information_request", "requested_record", "request_paper"}


@pytest.mark.sqlite_file
def test_an_older_file_gets_the_request_log_and_journals_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0009")
    engine.dispose()
    database = open_database(path, clock=CLOCK)  # backs up, then migrates to the head
    try:
        assert set(sa.inspect(database.engine).get_table_names()) >= TABLES
        log_request(database,
                    NewRequest(
            requester_name="María Gómez", channel=RequestChannel.EMAIL,
            asked_for="The Board's minutes", received_on=date(2026, 11, 30),
            other_records=("Minutes",)),
                    account=Account(1, "rosa", "Rosa Records", Role.RECORDS), clock=CLOCK)
        with database.engine.connect() as conn:
            journalled = dict(conn.execute(sa.text(
                "SELECT table_name, count(*) FROM journal_record WHERE table_name IN "
                "('information_request', 'requested_record') GROUP BY table_name")).all())
    finally:
        database.dispose()
    assert journalled == {"information_request": 1, "requested_record": 1}
    assert [r.name for r in run_checks(path) if not r.ok] == []
