"""What ``check`` finds names a case, a party or a paper only to the City Clerk's staff, who
receive every case; the Administrator and the Records officer, who receive none, are told
counts (§ 2-83(h)(1))."""

from __future__ import annotations

from datetime import date

from sqlalchemy import text

from ethics_desk.deadlines.closures import add_closure
from ethics_desk.documents.issuing import issue
from ethics_desk.documents.kinds import title_of
from ethics_desk.documents.making import recipients
from ethics_desk.maintenance.integrity import (
    ASK_THE_CLERK,
    LISTING,
    STALE_PAPERS,
    CheckResult,
    run_checks,
)
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import awaiting_response
from tests.conftest import CLOCK
from tests.factories import CLERK, CODE_HANDED_OVER

RESPONDENT = "Nguyễn Thị Minh Khai"


def _warned_paper(controller: WorkflowController, database: Database) -> None:
    """A case's (e) notice issued, then a closure that moves the response date it states."""
    case = awaiting_response(controller)
    [person] = recipients(database, case, "respondent-notice", account=CLERK)
    assert issue(database, case, "respondent-notice", account=CLERK,
                 clock=CLOCK, code_provided=CODE_HANDED_OVER).recipient == person.name
    add_closure(database, date(2026, 12, 10), "Winter weather closure", account=CLERK,
                clock=CLOCK)


def _shown(results: list[CheckResult]) -> str:
    return "\n".join([r.name for r in results] + [d for r in results for d in r.details])


def test_a_warned_paper_is_counted_for_the_administrator_and_named_for_the_clerk(
        controller: WorkflowController, database: Database) -> None:
    _warned_paper(controller, database)
    counted = run_checks(database.url, from_backups=False)
    named = run_checks(database.url, from_backups=False, names_cases=True)
    [paper] = [r for r in counted if r.name == STALE_PAPERS]
    assert paper.ok and paper.warning
    assert paper.details == ["1 issued paper(s) state a date that no longer holds, each to be "
                             "reissued corrected from its case's Papers tab: " + ASK_THE_CLERK]
    notice = title_of("respondent-notice")  # the paper, by its title
    for word in ("ERB-2026-001", RESPONDENT, notice, "respondent-notice", "document "):
        if word == "respondent-notice":  # its stored name: shown to no one
            assert word not in _shown(counted) + _shown(named)
            continue
        assert word not in _shown(counted)
        assert word in _shown(named)


def test_a_case_the_inbox_shows_wrongly_is_counted_for_the_administrator(
        controller: WorkflowController, database: Database) -> None:
    awaiting_response(controller)
    with database.engine.begin() as conn:  # the stored names drift from the parties' own
        conn.execute(text("UPDATE complaint SET respondent_names = 'someone else'"))
    counted = {r.name: r for r in run_checks(database.url, from_backups=False)}
    named = {r.name: r for r in run_checks(database.url, from_backups=False, names_cases=True)}
    assert not counted[LISTING].ok and not named[LISTING].ok
    assert "ERB-2026-001" not in _shown(list(counted.values()))
    assert counted[LISTING].details[0].startswith("1 case(s) the inbox would show wrongly")
    assert any("ERB-2026-001" in d for d in named[LISTING].details)
