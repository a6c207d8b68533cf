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
from tests.factories import ANA, CLERK


def test_defaults_come_from_the_public_facts(database: Database) -> None:
    values = read_settings(database)
    assert values["office.mailing_address"].startswith("P.O. Box 839966")
    assert values["receipt.presumption_days"] == 3
    assert values["policy.prompt_forward_days"] == 1


def test_only_changed_settings_are_saved_and_each_change_is_audited(database: Database) -> None:
    changed = save_settings(database, {"office.phone": "210-207-7253",
                                       "office.signatory": "Debbie Racca-Sittre"},
                            account=CLERK, clock=CLOCK)
    assert changed == ["office.signatory"]
    assert read_settings(database)["office.signatory"] == "Debbie Racca-Sittre"
    with database.read_session() as session:
        records = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "setting.change")).all()
    assert len(records) == 1 and "Debbie Racca-Sittre" in records[0].summary
    assert records[0].actor == "Maria Clerk (maria)"


def test_a_setting_of_the_wrong_kind_is_refused_and_nothing_is_saved(database: Database) -> None:
    with pytest.raises(UserError, match="whole number"):
        save_settings(database, {"office.signatory": "Ana", "receipt.presumption_days": True},
                      account=CLERK, clock=CLOCK)
    assert read_settings(database)["receipt.presumption_days"] == 3
    assert read_settings(database)["office.signatory"] != "Ana"


def test_a_print_is_recorded_in_the_audit_trail(database: Database) -> None:
    record_access(database, account=CLERK, action="print.sworn-complaint",
                  summary="Printed the sworn complaint for signing", clock=CLOCK)
    with database.read_session() as session:
        assert session.scalar(select(AuditRecord.action).order_by(
            AuditRecord.seq.desc()).limit(1)) == "print.sworn-complaint"
        assert verify_chain(session) == []


def test_date_fields_show_iso_dates_unless_the_office_chooses_month_first(
        database: Database) -> None:
    assert read_settings(database)["display.date_style"] == "iso"
    save_settings(database, {"display.date_style": "us"}, account=CLERK, clock=CLOCK)
    assert read_settings(database)["display.date_style"] == "us"
    with pytest.raises(UserError, match="Date fields show dates as"):
        save_settings(database, {"display.date_style": "d/m/y"}, account=CLERK, clock=CLOCK)
    assert read_settings(database)["display.date_style"] == "us"


def test_settings_saved_at_two_desks_keep_both_changes_and_refuse_a_clash(
        database: Database) -> None:
    from ethics_desk.core.errors import ConflictError
    from ethics_desk.office.actions import read_settings, save_settings
    from tests.conftest import CLOCK

    front, back = read_settings(database), read_settings(database)  # both desks open Settings
    save_settings(database, {**front, "office.phone": "210-207-0000"}, account=CLERK,
                  clock=CLOCK, seen=front)
    save_settings(database, {**back, "office.fax": "210-207-1111"}, account=ANA,
                  clock=CLOCK, seen=back)
    now = read_settings(database)
    assert (now["office.phone"], now["office.fax"]) == ("210-207-0000", "210-207-1111")
    with pytest.raises(ConflictError, match="Telephone") as refused:
        save_settings(database, {**back, "office.phone": "210-207-2222"}, account=ANA,
                      clock=CLOCK, seen=back)
    assert "Revert" in refused.value.fix
    assert read_settings(database)["office.phone"] == "210-207-0000"  # nothing was saved


def test_a_board_member_may_not_change_the_settings_and_nothing_is_written(
        database: Database) -> None:
    from ethics_desk.core.errors import NotAllowed
    from ethics_desk.models import Setting
    from tests.factories import MEMBER, rows_and_records

    before = rows_and_records(database, Setting)
    with pytest.raises(NotAllowed, match="City Clerk staff"):
        save_settings(database, {"office.signatory": "Alma Member"}, account=MEMBER,
                      clock=CLOCK)
    assert rows_and_records(database, Setting) == before
    assert read_settings(database)["office.signatory"] != "Alma Member"
