"""Upgrading to revision 0030 adds the saved views of the inbox: a database made before it keeps
its records, gains the table (journalled, checked whole), takes a person's view, and the
revision can be taken back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ethics_desk.cases import views
from ethics_desk.cases.inbox import DueWindow, InboxFilter
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.integrity import run_checks
from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK
from tests.revisions import audit_count, back_to, tables

CLERK = Account(1, "maria", "Maria Clerk", Role.CLERK)


@pytest.mark.sqlite_file
def test_a_database_made_before_saved_views_upgrades_and_keeps_a_persons_view(
        demo_database: Database) -> None:
    path = Path(str(demo_database.engine.url.database))
    demo_database.dispose()
    back_to(path, "0029")
    assert "saved_view" not in tables(path)
    records = audit_count(path)
    open_database(path, clock=CLOCK).dispose()  # backs up, then migrates to the head
    assert "saved_view" in tables(path)
    back_to(path, "0029")  # taken back before anyone saved a view: nothing of it is left
    assert "saved_view" not in tables(path)
    assert [r.name for r in run_checks(path) if not r.ok] == []
    shutil.rmtree(path.parent / "Backups")  # the second upgrade's copy, at the same minute
    upgraded = open_database(path, clock=CLOCK)
    try:
        kept = views.save_view(upgraded, "Overdue reviews", InboxFilter(due=DueWindow.OVERDUE),
                               account=CLERK, clock=CLOCK)
        assert views.view_choices(upgraded, account=CLERK)[-1] == kept
    finally:
        upgraded.dispose()
    assert audit_count(path) > records  # the records made before it are all there
    assert [r.name for r in run_checks(path) if not r.ok] == []  # the new table journalled
