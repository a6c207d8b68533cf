"""Upgrading to revision 0013 adds the record of each sworn response's forwarding to the
Compliance Auditor, the City Attorney's Office and the Ethics Review Board (§ 2-83(e), last
paragraph) and the oath officer's title (§ 2-83(c); Gov't Code § 602.002) to a file made
before, keeping its cases — and its record's journal still verifies."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command

from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage import journal
from ethics_desk.storage.database import make_engine, resolve_url
from ethics_desk.storage.migrate import alembic_config
from tests.conftest import CLOCK


def _database_at_0009_with_a_response(path: Path) -> None:
    engine = make_engine(resolve_url(path))
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0009")
        conn.execute(sa.text(
            "INSERT INTO complaint (id, case_number, state, route_confirmed, created_at, "
            "created_by, updated_at, updated_by, facts, nature, version) VALUES (1, "
            "'ERB-2026-009', 'response_filed', 0, '2026-11-02 15:00:00', 'x', "
            "'2026-11-02 15:00:00', 'x', '', '', 1)"))
        conn.execute(sa.text(
            "INSERT INTO oath (id, complaint_id, source_and_basis, sworn, notary_name, "
            "notary_commission_number, county, state, version) VALUES (1, 1, '', 1, "
            "'Ana María Treviño', '13245678-9', 'Bexar', 'Texas', 1)"))
        for number, forwarded in ((1, "'2026-11-20'"), (2, "NULL")):
            conn.execute(sa.text(
                "INSERT INTO filing (id, complaint_id, kind, party_role, party_name, "
                "received_on, sworn, forwarded_on, notes, recorded_by, recorded_at, version) "
                f"VALUES ({number}, 1, 'response', 'respondent', 'Ana Ruiz', '2026-11-19', 1, "
                f"{forwarded}, '', 'x', '2026-11-19 15:00:00', 1)"))
    engine.dispose()


def test_a_response_forwarded_before_is_forwarded_to_all_three_and_oaths_were_a_notarys(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0009_with_a_response(path)
    database = open_database(path, clock=CLOCK)  # backs up, then migrates to the head
    try:
        with database.engine.connect() as conn:
            rows = conn.execute(sa.text(
                "SELECT filing_id, recipient, forwarded_on FROM response_forward "
                "ORDER BY filing_id, recipient")).all()
            assert [(r[0], r[1], str(r[2])) for r in rows] == [
                (1, "board", "2026-11-20"), (1, "city_attorney", "2026-11-20"),
                (1, "compliance_auditor", "2026-11-20")]  # the unforwarded one owes all three
            assert conn.execute(sa.text("SELECT officer_title FROM oath")).scalar() == \
                "Notary Public"
    finally:
        database.dispose()


def test_the_journal_verifies_after_the_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0009_with_a_response(path)
    database = open_database(path, clock=CLOCK)
    try:
        with database.engine.connect() as conn:
            found = journal.verify(conn)
        assert (found.chain, found.rows_differ, found.triggers) == ([], [], [])
    finally:
        database.dispose()


def test_the_revision_can_be_taken_back_to_0009(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _database_at_0009_with_a_response(path)
    open_database(path, clock=CLOCK).dispose()
    engine = make_engine(resolve_url(path))
    config = alembic_config()
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0009")
        inspector = sa.inspect(engine)
        assert "response_forward" not in inspector.get_table_names()
        assert "officer_title" not in {c["name"] for c in inspector.get_columns("oath")}
    finally:
        engine.dispose()
