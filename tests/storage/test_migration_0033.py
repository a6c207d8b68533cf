"""Upgrading to revision 0033 reads the text of every exhibit and issued paper already on record
and builds the full-text index over them and the facts, allegations and notes; the database
checks whole, the index is kept from then on, and the revision can be taken back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from ethics_desk.cases import full_text
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.integrity import run_checks
from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage.database import Database
from ethics_desk.storage.migrate import alembic_config
from ethics_desk.workflow.controller import WorkflowController
from tests.cases.test_full_text import WORDS_OF_THE_EXHIBIT, case_with_exhibit
from tests.conftest import CLOCK
from tests.revisions import back_to, tables

CLERK = Account(1, "maria", "Maria Clerk", Role.CLERK)


def _scalar(path: Path, sql: str) -> int:
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:
            return int(conn.execute(sa.text(sql)).scalar_one())
    finally:
        engine.dispose()


SOURCES = ("SELECT (SELECT count(*) FROM complaint WHERE facts <> '') "
           "+ (SELECT count(*) FROM allegation WHERE description <> '') "
           "+ (SELECT count(*) FROM case_note WHERE text <> '') "
           "+ (SELECT count(*) FROM attachment WHERE extracted_text <> '') "
           "+ (SELECT count(*) FROM issued_document WHERE extracted_text <> '')")


@pytest.mark.sqlite_file
def test_a_database_made_before_full_text_search_is_searched_whole_after_the_upgrade(
        demo_database: Database) -> None:
    path = Path(str(demo_database.engine.url.database))
    demo_database.dispose()
    back_to(path, "0032")
    assert "case_text" not in tables(path)
    records = _scalar(path, "SELECT count(*) FROM audit_record")
    open_database(path, clock=CLOCK).dispose()  # backs up, then migrates to the head
    exhibits = _scalar(path, "SELECT count(*) FROM attachment")
    assert exhibits and _scalar(path, "SELECT count(*) FROM attachment WHERE "
                                      "extracted_text LIKE '%Demonstration document%'") \
        == exhibits  # every exhibit's text read from its stored bytes
    assert _scalar(path, "SELECT count(*) FROM issued_document WHERE extracted_text = ''") == 0
    assert _scalar(path, "SELECT count(*) FROM case_text") == _scalar(path, SOURCES)
    assert [r.name for r in run_checks(path) if not r.ok] == []

    back_to(path, "0032")  # taken back: nothing of it is left
    assert not {"case_text", "case_text_data"} & tables(path)
    assert [r.name for r in run_checks(path) if not r.ok] == []
    shutil.rmtree(path.parent / "Backups")  # the second upgrade's copy, at the same minute
    upgraded = open_database(path, clock=CLOCK)
    try:
        found = full_text.search_documents(upgraded, '"demonstration document"',
                                           account=CLERK, clock=CLOCK)
        assert found.hits and {h.part for h in found.hits} >= {"exhibit"}
    finally:
        upgraded.dispose()
    assert _scalar(path, "SELECT count(*) FROM audit_record") > records
    assert [r.name for r in run_checks(path) if not r.ok] == []


def test_the_revision_is_taken_back_and_made_again_on_either_database_with_its_cases(
        database: Database, controller: WorkflowController) -> None:
    """On the suite's database, SQLite or the server: down to 0032 nothing of the index or the
    documents' text is left; up again, the exhibit already on record is read from its bytes and
    its words are found."""
    case = case_with_exhibit(controller, WORDS_OF_THE_EXHIBIT)
    config = alembic_config()
    with database.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0032")
    inspector = sa.inspect(database.engine)
    assert "case_text" not in inspector.get_table_names()
    assert "extracted_text" not in {c["name"] for c in inspector.get_columns("attachment")}
    with database.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
    [hit] = full_text.search_documents(database, "quixotic", account=CLERK, clock=CLOCK).hits
    assert (hit.complaint_id, hit.part) == (case, "exhibit")
    assert [h.part for h in full_text.search_documents(
        database, "truck", account=CLERK, clock=CLOCK).hits] == ["facts"]
