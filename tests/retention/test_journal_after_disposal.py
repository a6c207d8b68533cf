"""A disposal and the record's journal: the chain still verifies after a disposal, and the
journal and the audit trail keep none of the destroyed case's content (their redaction under
sealed vouchers, :func:`ethics_desk.retention.disposal._redact_journal`)."""

from __future__ import annotations

from sqlalchemy import text

from ethics_desk.documents.issuing import issue
from ethics_desk.retention.disposal import dispose
from ethics_desk.storage import journal
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import DESK_CLERK
from tests.retention.conftest import ELIGIBLE_ON, RECORDS, on, resolved_case

COMPLAINANT = "José Peña"
"""The complainant of :func:`tests.factories.complete_intake`."""


def _disposed_case(controller: WorkflowController, database: Database) -> int:
    """A resolved case whose receipt was issued to its complainant, then disposed of."""
    case = resolved_case(controller)
    assert issue(database, case, "receipt", account=DESK_CLERK,
                 clock=CLOCK).recipient == COMPLAINANT
    dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    return case


def _problems(database: Database) -> list[str]:
    with database.engine.connect() as conn:
        found = journal.verify(conn)
    return [*found.chain, *found.rows_differ, *found.papers_differ, *found.triggers,
            *([found.unverifiable] if found.unverifiable else [])]


def test_after_a_disposal_the_journal_verifies(controller: WorkflowController,
                                               database: Database) -> None:
    _disposed_case(controller, database)
    assert _problems(database) == []


def test_disposed_case_leaves_no_content_in_the_journal_and_a_verifiable_chain(
        controller: WorkflowController, database: Database) -> None:
    _disposed_case(controller, database)
    assert _problems(database) == []
    with database.engine.connect() as conn:
        holding = conn.execute(text(
            "SELECT seq, table_name FROM journal_record WHERE before LIKE :n OR after LIKE :n"),
            {"n": f"%{COMPLAINANT}%"}).all()
    assert holding == []
    with database.engine.connect() as conn:
        naming = conn.execute(text(
            "SELECT seq FROM audit_record WHERE summary LIKE :n OR detail LIKE :n"),
            {"n": f"%{COMPLAINANT}%"}).all()
    assert naming == [], "the audit trail names no party of the destroyed case"
