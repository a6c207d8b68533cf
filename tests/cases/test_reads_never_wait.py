"""In the window too, reading a case never waits for another desk's write: opening a case, an
exhibit, a print or a save of a paper is recorded (§ 2-83(h)) at once when the writers' lock is
free, and otherwise queued and written by the next writer — the case's history listing it from
the queue meanwhile. These tests run on the suite's database, whichever it is."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from ethics_desk.cases.access import access_history
from ethics_desk.cases.case_file import load_case, verified_attachment
from ethics_desk.core.roles import Role
from ethics_desk.documents.board_packet import record_packet_use
from ethics_desk.maintenance.opening import open_database
from ethics_desk.office.actions import record_access
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.another_desk import (
    another_desk_writing,
    records_of,
    short_waits,
    the_next_writer_writes,
)
from tests.conftest import CLOCK
from tests.factories import CLERK, DESK_CLERK, filed_case
from tests.signing_in import account_of

pytestmark = pytest.mark.usefixtures(short_waits.__name__)  # waiting code fails at once


def test_a_case_opened_while_another_desk_writes_shows_its_opening_and_keeps_its_record(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    clerk = account_of(database, Role.CLERK)
    with another_desk_writing(database):
        opened = load_case(database, case_id, account=clerk, opened=CLOCK)
    assert (opened.timeline[-1].action, opened.timeline[-1].actor) == ("view.case", clerk.display)
    the_next_writer_writes(database)
    [record] = records_of(database, "view.case")
    assert (record.complaint_id, record.actor, record.at) == (case_id, clerk.display, CLOCK())
    again = load_case(database, case_id, account=CLERK)
    assert [line.action for line in again.timeline].count("view.case") == 1


def test_an_exhibit_a_print_and_a_packet_saved_while_another_desk_writes_are_all_on_record(
        controller: WorkflowController, database: Database) -> None:
    case_id = filed_case(controller)
    with database.read_session() as session:
        [attachment_id] = session.scalars(text(
            "SELECT id FROM attachment WHERE complaint_id = :c"), {"c": case_id}).all()
    with another_desk_writing(database):
        name, _ = verified_attachment(database, attachment_id, account=CLERK, clock=CLOCK)
        record_access(database, account=CLERK, action="print.receipt",
                      summary="Printed the receipt", clock=CLOCK, complaint_id=case_id)
        record_packet_use(database, CLOCK().date(), [case_id], action="save.board-packet",
                          what="saved", clock=CLOCK, account=DESK_CLERK)
    the_next_writer_writes(database)
    for action, actor in (("view.attachment", CLERK.display), ("print.receipt", CLERK.display),
                          ("save.board-packet", DESK_CLERK.display)):
        [record] = records_of(database, action)
        assert (record.complaint_id, record.actor, record.at) == (case_id, actor, CLOCK())
    assert name in records_of(database, "view.attachment")[0].summary


def test_a_reader_that_queued_its_records_writes_them_itself_when_the_lock_frees_before_it_ends(
        controller: WorkflowController, database: Database, db_arg: str) -> None:
    case_id = filed_case(controller)
    reader = open_database(db_arg, clock=CLOCK, create=False)
    with another_desk_writing(database):
        access_history(reader, case_id, account=CLERK, clock=CLOCK)
        assert records_of(database, "view.access") == []
    reader.dispose()  # the command's end: the lock is free now
    [record] = records_of(database, "view.access")
    assert (record.complaint_id, record.at) == (case_id, CLOCK())
