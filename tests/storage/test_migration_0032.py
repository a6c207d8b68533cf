"""Upgrading to revision 0032 adds the office's issued reports: a database made before it keeps
its records, gains the table (journalled, checked whole), takes an issued annual report, and
the revision can be taken back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from ethics_desk.maintenance.integrity import run_checks
from ethics_desk.maintenance.opening import open_database
from ethics_desk.reports.annual_report import Edition, issue_annual_report, issued_report
from ethics_desk.storage.database import Database
from ethics_desk.storage.migrate import alembic_config
from tests.conftest import CLOCK, NOW
from tests.factories import CLERK


def _tables(path: Path) -> set[str]:
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def _audit_count(path: Path) -> int:
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:
            return int(conn.execute(sa.text("SELECT count(*) FROM audit_record")).scalar_one())
    finally:
        engine.dispose()


def _move(path: Path, revision: str) -> None:
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, revision)
    finally:
        engine.dispose()


@pytest.mark.sqlite_file
def test_a_database_made_before_office_reports_upgrades_and_keeps_an_issued_report(
        demo_database: Database) -> None:
    path = Path(str(demo_database.engine.url.database))
    demo_database.dispose()
    _move(path, "0030")
    assert "office_report" not in _tables(path)
    records = _audit_count(path)
    open_database(path, clock=CLOCK).dispose()  # backs up, then migrates to the head
    assert "office_report" in _tables(path)
    _move(path, "0030")  # taken back before any report was issued: nothing of it is left
    assert "office_report" not in _tables(path)
    assert [r.name for r in run_checks(path) if not r.ok] == []
    shutil.rmtree(path.parent / "Backups")  # the second upgrade's copy, at the same minute
    upgraded = open_database(path, clock=CLOCK)
    try:
        issued, pdf = issue_annual_report(upgraded, NOW.year, edition=Edition.PUBLIC,
                                          account=CLERK, clock=CLOCK)
        assert issued_report(upgraded, issued.report_id, account=CLERK) == pdf
    finally:
        upgraded.dispose()
    assert _audit_count(path) > records  # the records made before it are all there
    assert [r.name for r in run_checks(path) if not r.ok] == []  # the new table journalled
