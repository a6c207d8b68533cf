"""Upgrading to revision 0008 adds the record of papers entered into a formal hearing or a Board
proceeding (§ 2-83(h)(2)) to a SQLite file made before, keeping its cases; an entry names exactly
one paper and exactly one proceeding, and the revision can be taken back."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from sqlalchemy.exc import IntegrityError

from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import Complaint
from ethics_desk.storage.migrate import alembic_config
from tests.conftest import CLOCK

ENTRY = ("INSERT INTO record_entry (complaint_id, attachment_id, filing_id, issued_document_id, "
         "hearing_id, meeting_on, entered_on, entered_by, entered_at, version) VALUES ")


def _database_at_0007_with_a_case(path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0007")
        conn.execute(sa.text(
            "INSERT INTO complaint (id, case_number, state, route_confirmed, created_at, "
            "created_by, updated_at, updated_by, facts, nature, version) VALUES (1, "
            "'ERB-2026-007', 'filed', 0, '2026-11-02 15:00:00', 'x', "
            "'2026-11-02 15:00:00', 'x', '', '', 1)"))
        conn.execute(sa.text(
            "INSERT INTO attachment (id, complaint_id, file_name, media_type, size, sha256, "
            "content, added_at, added_by, version) VALUES (1, 1, 'logs.pdf', 'application/pdf',"
            " 4, 'ab', x'25504446', '2026-11-02 15:00:00', 'x', 1)"))
    engine.dispose()


def test_an_older_file_gets_the_table_and_keeps_its_cases(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0007_with_a_case(path)
    database = open_database(path, clock=CLOCK)  # backs up, then migrates to the head
    try:
        assert "record_entry" in sa.inspect(database.engine).get_table_names()
        with database.read_session() as session:
            assert session.get(Complaint, 1) is not None
        with database.engine.begin() as conn:
            conn.execute(sa.text(ENTRY + "(1, 1, NULL, NULL, NULL, '2026-11-30', '2026-11-30', "
                                         "'x', '2026-11-30 16:00:00', 1)"))
            assert conn.execute(sa.text("SELECT count(*) FROM record_entry")).scalar() == 1
    finally:
        database.dispose()


@pytest.mark.parametrize("values", [
    "(1, NULL, NULL, NULL, NULL, '2026-11-30', '2026-11-30', 'x', '2026-11-30 16:00:00', 1)",
    "(1, 1, NULL, NULL, NULL, NULL, '2026-11-30', 'x', '2026-11-30 16:00:00', 1)",
], ids=["no paper", "no proceeding"])
def test_an_entry_names_one_paper_and_one_proceeding(tmp_path: Path, values: str) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0007_with_a_case(path)
    database = open_database(path, clock=CLOCK)
    try:
        with pytest.raises(IntegrityError), database.engine.begin() as conn:
            conn.execute(sa.text(ENTRY + values))
    finally:
        database.dispose()


def test_the_revision_can_be_taken_back_to_0007(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0007_with_a_case(path)
    open_database(path, clock=CLOCK).dispose()
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0007")
        assert "record_entry" not in sa.inspect(engine).get_table_names()
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT case_number FROM complaint")).scalar() == \
                "ERB-2026-007"
    finally:
        engine.dispose()
