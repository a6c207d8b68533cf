"""Upgrading to revision 0034 adds what papers sent by e-mail and deadlines in each person's
calendar need: a database made before it keeps its records and its parties' addresses, gains who
gave each address, what the mail server answered and the calendar tables (journalled, checked
whole), records an address, and the revision can be taken back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import sqlalchemy as sa

from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.intake.record import AT_INTAKE
from ethics_desk.mail import email as by_email
from ethics_desk.maintenance.integrity import run_checks
from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK
from tests.revisions import back_to, scalar, tables

CLERK = Account(1, "maria", "Maria Clerk", Role.CLERK)
NEW = {"complainant": {"email_given_by"}, "respondent": {"email_given_by"},
       "witness": {"email", "email_given_by"},
       "mailing": {"sent_at", "message_id", "server_answer", "courtesy_copy"}}


def _columns(path: Path) -> dict[str, set[str]]:
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        inspector = sa.inspect(engine)
        return {table: {c["name"] for c in inspector.get_columns(table)} for table in NEW}
    finally:
        engine.dispose()


def _has_none(path: Path) -> bool:
    columns = _columns(path)
    return (all(not (NEW[table] & columns[table]) for table in NEW)
            and not {"calendar_feed", "calendar_event"} & tables(path))


@pytest.mark.sqlite_file
def test_a_database_made_before_papers_by_email_upgrades_and_keeps_its_addresses(
        demo_database: Database) -> None:
    path = Path(str(demo_database.engine.url.database))
    demo_database.dispose()
    back_to(path, "0033")
    assert _has_none(path)
    records = scalar(path, "SELECT count(*) FROM audit_record")
    addresses = scalar(path, "SELECT count(*) FROM complainant WHERE email <> ''")
    open_database(path, clock=CLOCK).dispose()  # backs up, then migrates to the head
    assert all(NEW[table] <= columns for table, columns in _columns(path).items())
    assert {"calendar_feed", "calendar_event"} <= tables(path)
    assert scalar(path, "SELECT count(*) FROM complainant WHERE email <> ''") == addresses
    assert scalar(path, "SELECT count(*) FROM complainant WHERE email_given_by = "
                         f"'{AT_INTAKE}'") == addresses  # taken at the counter
    assert scalar(path, "SELECT count(*) FROM mailing WHERE courtesy_copy") == 0
    back_to(path, "0033")  # taken back: nothing of it is left
    assert _has_none(path)
    assert [r.name for r in run_checks(path) if not r.ok] == []
    shutil.rmtree(path.parent / "Backups")  # the second upgrade's copy, at the same minute
    upgraded = open_database(path, clock=CLOCK)
    try:
        case_id = int(str(scalar(path, "SELECT min(complaint_id) FROM complainant")))
        complainant = int(str(scalar(path, "SELECT min(id) FROM complainant "
                                            f"WHERE complaint_id = {case_id}")))
        recorded = by_email.record_email_address(
            upgraded, case_id, by_email.recipient_key("complainant", complainant),
            "someone@example.org", "the complainant, by telephone", account=CLERK, clock=CLOCK)
        assert recorded.given_by == "the complainant, by telephone"
    finally:
        upgraded.dispose()
    assert int(str(scalar(path, "SELECT count(*) FROM audit_record"))) > int(str(records))
    assert [r.name for r in run_checks(path) if not r.ok] == []  # the new columns journalled
