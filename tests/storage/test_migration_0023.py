"""Upgrading to revision 0023 adds to the request log the exceptions claimed, the previous
determination (Gov't Code § 552.301(a), (b)), the clarification (§ 552.222(b)) and the statement
of estimated charges (§ 552.2615): a request logged before keeps its row, with none of them
recorded, stays journalled, and the revision can be taken back."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
import sqlalchemy as sa

from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import RequestChannel
from ethics_desk.maintenance.integrity import run_checks
from ethics_desk.maintenance.opening import open_database
from ethics_desk.public_information import NewRequest, get_request, log_request, record_exceptions
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK
from tests.revisions import back_to

RECORDS = Account(1, "rosa", "Rosa Records", Role.RECORDS)
COLUMNS = {"exceptions_claimed", "previous_determination", "clarification_asked_on",
           "clarification_question", "clarification_answered_on", "estimate_items",
           "estimate_sent_on"}


def _columns(path: Path) -> set[str]:
    engine = sa.create_engine(f"sqlite:///{path}")
    try:
        return {c["name"] for c in sa.inspect(engine).get_columns("information_request")}
    finally:
        engine.dispose()


@pytest.mark.sqlite_file
def test_a_request_logged_before_keeps_its_row_and_gets_the_exceptions_column(
        database: Database, db_path: Path) -> None:
    view = log_request(database, NewRequest(
        requester_name="María Gómez", channel=RequestChannel.EMAIL,
        asked_for="The Board's minutes", received_on=date(2026, 11, 30)),
        account=RECORDS, clock=CLOCK)
    database.dispose()
    back_to(db_path, "0020")
    assert not COLUMNS & _columns(db_path)
    upgraded = open_database(db_path, clock=CLOCK)  # backs up, then migrates to the head
    try:
        kept = get_request(upgraded, view.request_id, account=RECORDS)
        assert kept.number == view.number and kept.exceptions_claimed == ()
        assert kept.previous_determination == "" and kept.estimate == ()
        assert kept.clarification_asked_on is None and kept.clocks_from == ""
        record_exceptions(upgraded, view.request_id, account=RECORDS, clock=CLOCK,
                          exceptions=("§ 552.101 — information confidential by law",))
    finally:
        upgraded.dispose()
    assert _columns(db_path) >= COLUMNS
    assert [r.name for r in run_checks(db_path) if not r.ok] == []
    back_to(db_path, "0020")
    assert not COLUMNS & _columns(db_path)
    assert [r.name for r in run_checks(db_path) if not r.ok] == []
