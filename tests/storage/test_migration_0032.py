"""Upgrading to revision 0032 adds the office's issued reports: a database made before it keeps
its records, gains the table (journalled, checked whole), takes an issued annual report, and
the revision can be taken back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ethics_desk.maintenance.integrity import run_checks
from ethics_desk.maintenance.opening import open_database
from ethics_desk.reports.annual_report import Edition, issue_annual_report, issued_report
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK, NOW
from tests.factories import CLERK
from tests.revisions import audit_count, back_to, tables


@pytest.mark.sqlite_file
def test_a_database_made_before_office_reports_upgrades_and_keeps_an_issued_report(
        demo_database: Database) -> None:
    path = Path(str(demo_database.engine.url.database))
    demo_database.dispose()
    back_to(path, "0030")
    assert "office_report" not in tables(path)
    records = audit_count(path)
    open_database(path, clock=CLOCK).dispose()  # backs up, then migrates to the head
    assert "office_report" in tables(path)
    back_to(path, "0030")  # taken back before any report was issued: nothing of it is left
    assert "office_report" not in tables(path)
    assert [r.name for r in run_checks(path) if not r.ok] == []
    shutil.rmtree(path.parent / "Backups")  # the second upgrade's copy, at the same minute
    upgraded = open_database(path, clock=CLOCK)
    try:
        issued, pdf = issue_annual_report(upgraded, NOW.year, edition=Edition.PUBLIC,
                                          account=CLERK, clock=CLOCK)
        assert issued_report(upgraded, issued.report_id, account=CLERK) == pdf
    finally:
        upgraded.dispose()
    assert audit_count(path) > records  # the records made before it are all there
    assert [r.name for r in run_checks(path) if not r.ok] == []  # the new table journalled
