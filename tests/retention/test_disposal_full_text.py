"""A disposal under the retention schedule removes the destroyed case's words from the full-text
index in its own transaction: no search finds them, and on SQLite no byte of them stays in the file
(FTS5 merges its index's segments at once, dropping the deleted entries' terms)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from sqlalchemy import text

from ethics_desk.cases import full_text
from ethics_desk.cases.notes import add_note
from ethics_desk.core.vocabulary import DocumentList, NoteKind
from ethics_desk.intake.record import AttachmentData, DocumentData
from ethics_desk.retention.disposal import dispose
from ethics_desk.storage import full_text_table
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Accept, Resolve
from ethics_desk.workflow.controller import WorkflowController
from tests.cases.test_full_text import pdf
from tests.conftest import CLOCK
from tests.factories import CLERK, complete_intake, reviewed_case
from tests.retention.conftest import ELIGIBLE_ON, RECORDS, RESOLVED_ON, on

WORDS = ("xylograph", "quokkas", "marzipan")
"""A word of the exhibit, of a note and of the facts: in no other case."""


def _resolved_case_with_words(controller: WorkflowController, database: Database) -> int:
    from ethics_desk.models import Disposition

    intake = replace(complete_intake(documents=[DocumentData(
        DocumentList.IN_POSSESSION, "A print", attachment=AttachmentData(
            "print.pdf", "application/pdf", pdf(f"An old {WORDS[0]} of City Hall.")))]),
        facts=f"The respondent bought {WORDS[2]} with City funds.")
    case = reviewed_case(controller, intake=intake)
    add_note(database, case, NoteKind.CALL, f"Asked about the {WORDS[1]}.", account=CLERK,
             clock=CLOCK)
    controller.fire(case, Accept())
    controller.fire(case, Resolve(disposition=Disposition.NO_VIOLATION, decided_on=RESOLVED_ON))
    return case


def _entries(database: Database, case: int) -> int:
    with database.engine.connect() as conn:
        return int(conn.execute(text(f"SELECT count(*) FROM {full_text_table.TABLE} "
                                     "WHERE complaint_id = :c"), {"c": case}).scalar_one())


def _in_the_file(database: Database) -> set[str]:
    """The words whose bytes are anywhere in the SQLite file (and its write-ahead log)."""
    with database.engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    path = Path(str(database.engine.url.database))
    data = b"".join(part.read_bytes() for part in path.parent.glob(path.name + "*"))
    return {word for word in WORDS if word.encode() in data}


def test_a_disposal_removes_the_destroyed_cases_words_from_the_full_text_index(
        controller: WorkflowController, database: Database) -> None:
    case = _resolved_case_with_words(controller, database)
    for word in WORDS:
        assert full_text.search_documents(database, word, account=CLERK, clock=CLOCK).hits
    sqlite = database.engine.dialect.name == "sqlite"
    if sqlite:
        assert _in_the_file(database) == set(WORDS)
    dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    assert _entries(database, case) == 0
    for word in WORDS:
        assert full_text.search_documents(database, word, account=CLERK,
                                          clock=on(ELIGIBLE_ON)).hits == ()
    if sqlite:
        assert _in_the_file(database) == set()  # no term left in the index
