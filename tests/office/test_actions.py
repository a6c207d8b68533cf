"""Office settings are saved with an audit record per change; prints and views are audited."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import UserError
from ethics_desk.models import AuditRecord
from ethics_desk.office.actions import read_settings, record_access, save_settings
from ethics_desk.storage.audit import verify_chain
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK


def test_defaults_come_from_the_public_facts(database: Database) -> None:
    values = read_settings(database)
    assert values["office.mailing_address"].startswith("P.O. Box 839966")
    assert values["receipt.presumption_days"] == 3
    assert values["policy.prompt_forward_days"] == 1


def test_only_changed_settings_are_saved_and_each_change_is_audited(database: Database) -> None:
    changed = save_settings(database, {"office.phone": "210-207-7253",
                                       "staff.name": "Maria Clerk"}, actor="Maria Clerk", clock=CLOCK)
    assert changed == ["staff.name"]
    assert read_settings(database)["staff.name"] == "Maria Clerk"
    with database.read_session() as session:
        summaries = session.scalars(select(AuditRecord.summary).where(
            AuditRecord.action == "setting.change")).all()
    assert len(summaries) == 1 and "Maria Clerk" in summaries[0]


def test_a_setting_of_the_wrong_kind_is_refused_and_nothing_is_saved(database: Database) -> None:
    with pytest.raises(UserError, match="whole number"):
        save_settings(database, {"staff.name": "Ana", "receipt.presumption_days": True},
                      actor="Ana", clock=CLOCK)
    assert read_settings(database)["receipt.presumption_days"] == 3
    assert read_settings(database)["staff.name"] != "Ana"


def test_a_print_is_recorded_in_the_audit_trail(database: Database) -> None:
    record_access(database, actor="Maria Clerk", action="print.sworn-complaint",
                  summary="Printed the sworn complaint for signing", clock=CLOCK)
    with database.read_session() as session:
        assert session.scalar(select(AuditRecord.action).order_by(
            AuditRecord.seq.desc()).limit(1)) == "print.sworn-complaint"
        assert verify_chain(session) == []


def test_date_fields_show_iso_dates_unless_the_office_chooses_month_first(
        database: Database) -> None:
    assert read_settings(database)["display.date_style"] == "iso"
    save_settings(database, {"display.date_style": "us"}, actor="Maria Clerk", clock=CLOCK)
    assert read_settings(database)["display.date_style"] == "us"
    with pytest.raises(UserError, match="Date fields show dates as"):
        save_settings(database, {"display.date_style": "d/m/y"}, actor="Maria Clerk", clock=CLOCK)
    assert read_settings(database)["display.date_style"] == "us"
