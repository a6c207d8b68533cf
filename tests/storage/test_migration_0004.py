"""Upgrading to revision 0004 records English as the preferred language of every complainant and
respondent already stored (every paper was printed in English until then), and the column then
takes only the languages the papers are printed in."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import Complainant, Language, Respondent
from ethics_desk.storage.migrate import alembic_config
from tests.conftest import CLOCK


def _database_at_0003_with_parties(path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0003")
        conn.execute(sa.text(
            "INSERT INTO complaint (id, case_number, state, route_confirmed, created_at, "
            "created_by, updated_at, updated_by, facts, nature, version) VALUES (1, "
            "'ERB-2026-007', 'filed', 0, '2026-11-02 15:00:00', 'x', "
            "'2026-11-02 15:00:00', 'x', '', '', 1)"))
        conn.execute(sa.text(
            "INSERT INTO complainant (id, complaint_id, position, name, name_folded, address, "
            "phone, email, is_board_member_or_staff, acting_for_board, version) VALUES "
            "(1, 1, 0, 'José Peña', 'jose pena', '', '', '', 0, 0, 1)"))
        conn.execute(sa.text(
            "INSERT INTO respondent (id, complaint_id, position, name, name_folded, title, "
            "department, address, email, version) VALUES "
            "(1, 1, 0, 'Chris Ortiz', 'chris ortiz', 'Inspector', '', '', '', 1)"))
    engine.dispose()


def test_every_party_stored_before_the_upgrade_prefers_english(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0003_with_parties(path)
    database = open_database(path, clock=CLOCK)  # backs up, then migrates to the head
    try:
        with database.read_session() as session:
            complainant = session.scalars(select(Complainant)).one()
            respondent = session.scalars(select(Respondent)).one()
            assert (complainant.name, complainant.preferred_language) == ("José Peña",
                                                                          Language.ENGLISH)
            assert respondent.preferred_language is Language.ENGLISH
    finally:
        database.dispose()


def test_after_the_upgrade_only_a_known_language_can_be_stored(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0003_with_parties(path)
    database = open_database(path, clock=CLOCK)
    try:
        with database.engine.begin() as conn:
            conn.execute(sa.text("UPDATE complainant SET preferred_language = 'es'"))
        with pytest.raises(IntegrityError), database.engine.begin() as conn:
            conn.execute(sa.text("UPDATE respondent SET preferred_language = 'fr'"))
    finally:
        database.dispose()


def test_the_downgrade_drops_the_column_again(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0003_with_parties(path)
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0004")
        command.downgrade(config, "0003")
        columns = {c["name"] for c in sa.inspect(conn).get_columns("complainant")}
        names = conn.execute(sa.text("SELECT name FROM complainant")).scalars().all()
    engine.dispose()
    assert "preferred_language" not in columns and names == ["José Peña"]
