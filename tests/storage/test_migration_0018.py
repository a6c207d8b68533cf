"""Upgrading to revision 0018 adds the sign-in delays, journalled like every table; an account
the older version had locked after five wrong passwords is no longer locked, and the revision
can be taken back."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy import select

from ethics_desk.maintenance.integrity import run_checks
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import StaffAccount
from ethics_desk.staff.accounts import create_first_administrator, sign_in
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK, NOW
from tests.revisions import back_to, tables

SECRET = "correct horse battery staple"


@pytest.mark.sqlite_file
def test_an_account_the_older_version_locked_signs_in_once_upgraded(
        database: Database, db_path: Path) -> None:
    create_first_administrator(database, "admin", "Ada Admin", SECRET, clock=CLOCK)
    with database.unit_of_work() as session:  # as five wrong passwords left it before 0018
        row = session.scalars(select(StaffAccount)).one()
        row.locked_until = NOW + timedelta(minutes=15)
    database.dispose()
    back_to(db_path, "0016")
    assert "sign_in_delay" not in tables(db_path)
    upgraded = open_database(db_path, clock=CLOCK)  # backs up, then migrates to the head
    try:
        assert sign_in(upgraded, "admin", SECRET, clock=CLOCK).login == "admin"
        with upgraded.engine.connect() as conn:
            triggers = conn.execute(sa.text(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' "
                "AND tbl_name = 'sign_in_delay'")).scalars().all()
        assert len(triggers) == 3  # insert, update, delete
    finally:
        upgraded.dispose()
    assert [r.name for r in run_checks(db_path, from_backups=False) if not r.ok] == []


@pytest.mark.sqlite_file
def test_the_revision_can_be_taken_back_to_0017(database: Database, db_path: Path) -> None:
    database.dispose()
    back_to(db_path, "0017")
    assert "sign_in_delay" not in tables(db_path)
