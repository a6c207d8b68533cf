"""``check`` verifies the full-text index against the records it is made of: a piece of a case's
text missing from it, or changed behind the application's back, names the case; a disposed
case's words left in it are reported as such; ``repair-search`` builds it again whole."""

from __future__ import annotations

from sqlalchemy import text

from ethics_desk.cases.search_repair import rebuild_search_index
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.integrity import FULL_TEXT, CheckResult, run_checks
from ethics_desk.retention.disposal import dispose
from ethics_desk.storage import full_text_table
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import filed_case
from tests.retention.conftest import ELIGIBLE_ON, RECORDS, on, person, resolved_case
from tests.retention.test_disposal_full_text import _resolved_case_with_words


def _checked(db_arg: str) -> CheckResult:
    [result] = [r for r in run_checks(db_arg, from_backups=False, names_cases=True)
                if r.name == FULL_TEXT]
    return result


def _behind_the_applications_back(database: Database, sql: str, **values: object) -> None:
    with database.engine.begin() as conn:
        conn.execute(text(sql), values)


def test_check_names_a_case_whose_words_the_index_does_not_hold_as_they_are(
        database: Database, controller: WorkflowController, db_arg: str) -> None:
    case = filed_case(controller)
    other = filed_case(controller)
    assert _checked(db_arg).ok
    _behind_the_applications_back(
        database, f"DELETE FROM {full_text_table.TABLE} WHERE {_id(database)} = :e",
        e=case * full_text_table.ID_FACTOR)  # its statement of facts
    broken = _checked(db_arg)
    assert not broken.ok and f"by id: {case})" in broken.details[0]
    assert str(other) not in broken.details[0]
    assert "repair-search" in broken.details[0]
    rebuild_search_index(database, account=person(Role.ADMIN), clock=CLOCK)
    assert _checked(db_arg).ok


def test_check_reports_a_disposed_cases_words_left_in_the_index(
        database: Database, controller: WorkflowController, db_arg: str) -> None:
    case = _resolved_case_with_words(controller, database)
    resolved_case(controller)  # another, kept
    dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    assert _checked(db_arg).ok
    sqlite = database.engine.dialect.name == "sqlite"
    _behind_the_applications_back(
        database, f"INSERT INTO {full_text_table.TABLE} ("
        + ("rowid, body, complaint_id, part" if sqlite else "id, body, complaint_id, part")
        + ") VALUES (:e, 'a destroyed word', :c, 'note')",
        e=999 * full_text_table.ID_FACTOR + 2, c=case)
    broken = _checked(db_arg)
    assert not broken.ok and "disposed of" in broken.details[0]


def _id(database: Database) -> str:
    return "rowid" if database.engine.dialect.name == "sqlite" else "id"
