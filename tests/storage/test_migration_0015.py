"""Upgrading to revision 0015 adds the dates each issued paper stated, journalled like every
table, to a file made before; papers issued before it state nothing to compare, and the revision
can be taken back."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command

from ethics_desk.documents.issuing import issue
from ethics_desk.documents.making import recipients
from ethics_desk.documents.stated_dates import stale_papers
from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage.database import Database
from ethics_desk.storage.migrate import alembic_config
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import awaiting_response
from tests.conftest import CLOCK
from tests.factories import CODE_HANDED_OVER, DESK_CLERK


def _database_at_0009(path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0009")
    engine.dispose()


def test_the_dates_a_paper_states_are_journalled_like_every_table(
        controller: WorkflowController, database: Database) -> None:
    case = awaiting_response(controller)
    [person] = recipients(database, case, "respondent-notice", account=DESK_CLERK)
    assert issue(database, case, "respondent-notice", account=DESK_CLERK,
                 clock=CLOCK, code_provided=CODE_HANDED_OVER).recipient == person.name
    with database.engine.connect() as conn:
        journalled = conn.execute(sa.text(
            "SELECT count(*) FROM journal_record WHERE table_name = 'issued_document_date'"
        )).scalar()
    assert journalled == 1


@pytest.mark.sqlite_file
def test_an_older_file_gets_the_table_with_its_journal_triggers(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0009(path)
    database = open_database(path, clock=CLOCK)  # backs up, then migrates to the head
    try:
        assert "issued_document_date" in sa.inspect(database.engine).get_table_names()
        with database.engine.connect() as conn:
            triggers = conn.execute(sa.text(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' "
                "AND tbl_name = 'issued_document_date'")).scalars().all()
        assert len(triggers) == 3  # insert, update, delete
        with database.read_session() as session:
            assert stale_papers(session) == []
    finally:
        database.dispose()


@pytest.mark.sqlite_file
def test_the_revision_can_be_taken_back_to_0009(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0009(path)
    open_database(path, clock=CLOCK).dispose()
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0009")
        assert "issued_document_date" not in sa.inspect(engine).get_table_names()
    finally:
        engine.dispose()
