"""Upgrading from the first schema fills the inbox listing of the cases already on record."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command

from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage.migrate import alembic_config
from tests.conftest import CLOCK


def test_cases_on_record_get_their_listing_when_the_schema_is_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    engine = sa.create_engine(f"sqlite:///{path}")
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(sa.text(
            "INSERT INTO complaint (id, case_number, state, route_confirmed, created_at, "
            "created_by, updated_at, updated_by, facts, nature, version) VALUES (1, "
            "'ERB-2026-007', 'under_review', 0, '2026-11-02 15:00:00', 'x', "
            "'2026-11-02 15:00:00', 'x', '', '', 1)"))
        for table, name in (("complainant", "José Peña"), ("respondent", "Nguyễn Thị Minh Khai"),
                            ("respondent", "Zoë Ødegård")):
            conn.execute(sa.text(
                f"INSERT INTO {table} (complaint_id, position, name, name_folded, "
                f"{'title, department, ' if table == 'respondent' else 'phone, '}"
                "address, email, version"
                f"{', is_board_member_or_staff, acting_for_board' if table == 'complainant' else ''}"
                f") VALUES (1, 0, :n, '', '', {'' if table == 'complainant' else ''''', '''}"
                f"'', '', 1{', 0, 0' if table == 'complainant' else ''})"), {"n": name})
        conn.execute(sa.text(
            "INSERT INTO deadline (complaint_id, clock, subject, title, citation, trigger_on, "
            "trigger_basis, trigger_detail, length, extension_days, calendar, due_on, "
            "explanation, status, version) VALUES (1, 'review', 'chair', 'Independent review', "
            "'§ 2-83(d)(1)', '2026-11-02', 'actual', '', 5, 0, 'city', '2026-11-09', '', "
            "'open', 1)"))
    engine.dispose()
    database = open_database(path, clock=CLOCK)  # backs up, then migrates to the head
    try:
        with database.engine.connect() as conn:
            row = conn.execute(sa.text(
                "SELECT complainant_names, respondent_names, next_due_title, search_key "
                "FROM complaint WHERE id = 1")).one()
    finally:
        database.dispose()
    assert row.complainant_names == "José Peña"
    assert row.respondent_names == "Nguyễn Thị Minh Khai; Zoë Ødegård"
    assert row.next_due_title == "Independent review"
    assert "nguyen thi minh khai" in row.search_key and "erb-2026-007" in row.search_key
    assert list((tmp_path / "Backups").glob("old.before-*.sqlite"))
