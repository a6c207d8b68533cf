"""Upgrading to revision 0014 lets the Board vote on sanctions (§ 2-83(g)) and keeps what is owed
on each civil penalty, on a SQLite file made before: its ballots and sanctions are kept, a civil
penalty already imposed is outstanding with no due date recorded, and the journal still proves
every row."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from sqlalchemy.exc import IntegrityError

from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import CivilPenalty
from ethics_desk.storage import journal
from ethics_desk.storage.migrate import alembic_config
from tests.conftest import CLOCK

pytestmark = pytest.mark.sqlite_file


def _database_at_0009_with_a_sanction(path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0009")  # registers the journal's functions on this connection
        conn.execute(sa.text(
            "INSERT INTO complaint (id, case_number, state, route_confirmed, created_at, "
            "created_by, updated_at, updated_by, facts, nature, version) VALUES (1, "
            "'ERB-2026-009', 'resolved', 0, '2026-11-02 15:00:00', 'x', "
            "'2026-11-02 15:00:00', 'x', '', '', 1)"))
        conn.execute(sa.text(
            "INSERT INTO board_vote (id, complaint_id, action, meeting_on, is_record_vote, "
            "present_count, yes_count, required_yes, carried, summary, recorded_by, "
            "recorded_at, version) VALUES (1, 1, 'frivolous', '2026-11-24', 1, 3, 3, 2, 1, "
            "'3 present', 'x', '2026-11-24 20:00:00', 1)"))
        for number, name in enumerate(("Ana", "Bảo", "Chris"), start=1):
            conn.execute(sa.text(
                "INSERT INTO ballot (id, vote_id, member_name, choice, version) "
                "VALUES (:i, 1, :n, 'yes', 1)"), {"i": number, "n": name})
        conn.execute(sa.text(
            "INSERT INTO sanction (id, complaint_id, vote_id, kind, amount_cents, text, agency, "
            "imposed_on, version) VALUES (1, 1, NULL, 'civil_penalty', 25000, '', '', "
            "'2026-11-24', 1), (2, 1, NULL, 'referral', NULL, 'perjury', 'District Attorney', "
            "'2026-11-24', 1)"))
    engine.dispose()


def test_an_older_file_keeps_its_ballots_and_its_civil_penalty_becomes_outstanding(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0009_with_a_sanction(path)
    database = open_database(path, clock=CLOCK)  # backs up, then migrates to the head
    try:
        with database.read_session() as session:
            owed = session.scalars(sa.select(CivilPenalty)).all()
            assert [(p.sanction_id, p.due_on, p.outstanding) for p in owed] == [(1, None, True)]
        with database.engine.connect() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM ballot")).scalar() == 3
            found = journal.verify(conn)
        assert (found.chain, found.rows_differ, found.triggers) == ([], [], [])
    finally:
        database.dispose()


def test_after_the_upgrade_a_vote_on_sanctions_is_stored_and_no_unknown_action_is(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0009_with_a_sanction(path)
    database = open_database(path, clock=CLOCK)
    vote = ("INSERT INTO board_vote (complaint_id, action, meeting_on, is_record_vote, "
            "present_count, yes_count, required_yes, carried, summary, recorded_by, "
            "recorded_at, version) VALUES (1, :a, '2026-11-30', 0, 3, 2, 2, 1, '', 'x', "
            "'2026-11-30 20:00:00', 1)")
    try:
        with database.unit_of_work() as session:
            session.execute(sa.text(vote), {"a": "sanctions"})
        with pytest.raises(IntegrityError), database.unit_of_work() as session:
            session.execute(sa.text(vote), {"a": "pardon"})
        with database.engine.connect() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM board_vote WHERE action = "
                                        "'sanctions'")).scalar() == 1
            assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
    finally:
        database.dispose()


def test_a_penalty_is_either_paid_or_waived_never_both(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0009_with_a_sanction(path)
    database = open_database(path, clock=CLOCK)
    try:
        with pytest.raises(IntegrityError), database.unit_of_work() as session:
            session.execute(sa.text(
                "UPDATE civil_penalty SET paid_on = '2026-11-30', paid_cents = 25000, "
                "waived_on = '2026-11-30', waived_by = 'the Board' WHERE sanction_id = 1"))
    finally:
        database.dispose()
