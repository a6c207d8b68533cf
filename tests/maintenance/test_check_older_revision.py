"""``check`` on a database of an older schema revision that this version knows and upgrades
reports a note, not a failure ("call IT"): the revision, and that opening it upgrades it after a
verified backup; the checks that read what that revision does not have yet say they were not
run. A revision this version does not know, and a real fault on an older revision, still fail."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ethics_desk.cli import main
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.integrity import AUDIT, LISTING, SCHEMA, SEARCH_INDEX, run_checks
from ethics_desk.storage import journal
from ethics_desk.storage.database import Database
from ethics_desk.storage.migrate import head_revision
from tests.conftest import CLOCK
from tests.revisions import back_to
from tests.signing_in import sign_in_as

pytestmark = pytest.mark.sqlite_file

OLDER = "0015"


@pytest.fixture
def older(database: Database, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's database at revision 0015, with an Administrator signed in to commands."""
    sign_in_as(monkeypatch, database, Role.ADMIN)
    database.dispose()
    back_to(db_path, OLDER)
    return db_path


def test_check_on_an_older_revision_it_upgrades_is_a_note_not_a_failure(
        older: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", "--db", str(older)], clock=CLOCK)
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "FAILED" not in out and "call IT" not in err
    assert (f"revision {OLDER}; opening the database with this version upgrades it to "
            f"{head_revision()} after a verified backup") in out
    assert f"  not run {SEARCH_INDEX}" in out and f"  not run {LISTING}" in out
    assert "not run on this older schema revision until the database is upgraded" in out


def test_the_checks_an_older_revision_cannot_run_say_so_and_the_others_run(
        older: Path) -> None:
    results = {r.name: r for r in run_checks(older, from_backups=False)}
    assert all(r.ok for r in results.values())
    assert results[SEARCH_INDEX].not_run and results[LISTING].not_run
    assert "the search index comes with revision 0016" in results[SEARCH_INDEX].details[0]
    assert "no such column: complaint.search_words" in results[LISTING].details[0]
    assert not results[SCHEMA].not_run and not results[AUDIT].not_run


def test_a_fault_on_an_older_revision_still_fails(older: Path) -> None:
    with sqlite3.connect(older) as conn:
        journal.register_functions(conn)  # the journal's triggers seal the change
        conn.execute("DROP TRIGGER audit_record_no_update")
        conn.execute("UPDATE audit_record SET summary = 'rewritten' WHERE seq = 1")
    results = {r.name: r for r in run_checks(older, from_backups=False)}
    assert not results[AUDIT].ok and not results[AUDIT].not_run


def test_a_revision_this_version_does_not_know_still_fails(
        older: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with sqlite3.connect(older) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099'")
    results = {r.name: r for r in run_checks(older, from_backups=False)}
    assert not results[SCHEMA].ok
    assert main(["check", "--db", str(older)], clock=CLOCK) != 0
    assert "newer version of Ethics Desk" in capsys.readouterr().err
