"""Upgrading to revision 0003 turns each sanction's ``key: note`` lines into one stored note per
§ 2-83(g)(1) factor, which the determination letter then reads as they are."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ethics_desk.documents.builders.board import sanction_factors
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import Sanction, SanctionFactor
from ethics_desk.storage.migrate import alembic_config
from tests.conftest import CLOCK

OLD_NOTES = {
    # as the sanctions form wrote them: by the keys of the form
    1: "deterrence: A penalty below the maximum.\nseriousness: Known to be groundless: "
       "the complainant's own exhibit shows it.",
    # as an older caller wrote them: by letter, a note over two lines, something unkeyed
    2: "a: Serious.\nStill serious on a second line.\nc: Nothing else.\nb:   ",
    # text before any key, and a key this revision does not know
    3: "Weighed at the meeting.\npenalty: $350.00",
    4: "",
}


def _database_at_0002_with_sanctions(path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0002")
        conn.execute(sa.text(
            "INSERT INTO complaint (id, case_number, state, route_confirmed, created_at, "
            "created_by, updated_at, updated_by, facts, nature, version) VALUES (1, "
            "'ERB-2026-007', 'resolved', 0, '2026-11-02 15:00:00', 'x', "
            "'2026-11-02 15:00:00', 'x', '', '', 1)"))
        for sanction_id, notes in OLD_NOTES.items():
            conn.execute(sa.text(
                "INSERT INTO sanction (id, complaint_id, kind, amount_cents, text, agency, "
                "factors_considered, imposed_on, version) VALUES (:id, 1, 'civil_penalty', "
                "35000, '', '', :notes, '2026-11-30', 1)"), {"id": sanction_id, "notes": notes})
    engine.dispose()


def test_the_notes_on_the_sanction_factors_are_stored_by_factor_when_upgraded(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0002_with_sanctions(path)
    database = open_database(path, clock=CLOCK)  # backs up, then migrates to the head
    try:
        with database.read_session() as session:
            stored = {s.id: {n.factor: n.note for n in s.factors}
                      for s in session.scalars(select(Sanction))}
            letter = [(f.citation, f.factor, f.note)
                      for f in sanction_factors(session.get_one(Sanction, 2))]
        with database.engine.connect() as conn:
            columns = {c["name"] for c in sa.inspect(conn).get_columns("sanction")}
    finally:
        database.dispose()
    assert stored == {
        1: {SanctionFactor.DETERRENCE: "A penalty below the maximum.",
            SanctionFactor.SERIOUSNESS: "Known to be groundless: the complainant's own exhibit "
                                        "shows it."},
        2: {SanctionFactor.SERIOUSNESS: "Serious.\nStill serious on a second line.",
            SanctionFactor.JUSTICE: "Nothing else."},
        3: {SanctionFactor.JUSTICE: "Weighed at the meeting.\npenalty: $350.00"},
        4: {},
    }
    assert "factors_considered" not in columns
    assert letter == [
        ("§ 2-83(g)(1)(a)", "the seriousness of the violation, including the nature, "
         "circumstances, consequences, extent, and gravity of the violation",
         "Serious.\nStill serious on a second line."),
        ("§ 2-83(g)(1)(c)", "any other matters that justice may require", "Nothing else.")]


def test_the_civil_penalty_limit_still_holds_after_the_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0002_with_sanctions(path)
    database = open_database(path, clock=CLOCK)
    try:
        with pytest.raises(IntegrityError), database.engine.begin() as conn:
            conn.execute(sa.text(
                "INSERT INTO sanction (complaint_id, kind, amount_cents, text, agency, "
                "imposed_on, version) VALUES (1, 'civil_penalty', 50001, '', '', '2026-11-30', "
                "1)"))
    finally:
        database.dispose()
