"""Issued papers remember the dates they stated, and a later change names the ones it made wrong
(a closure moving the § 2-83(e)(1) response date, a show-cause hearing set again)."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterable
from datetime import date, datetime
from pathlib import Path

import pytest
from pypdf import PdfReader
from sqlalchemy import select

from ethics_desk.cases.calendar_overview import preview_remove
from ethics_desk.cases.case_file import load_case
from ethics_desk.deadlines import closures
from ethics_desk.documents.issuing import (
    RESPONDENT_NOTICE,
    issue,
    reprint,
    void_and_reissue,
)
from ethics_desk.documents.kinds import title_of
from ethics_desk.documents.making import recipients, render_letter
from ethics_desk.documents.stated_dates import (
    Moved,
    StalePaper,
    reissue_reason,
    stale_in,
    stale_papers,
)
from ethics_desk.maintenance.integrity import STALE_PAPERS, run_checks
from ethics_desk.models import AuditRecord, Deadline, DeadlineStatus, StatedDate
from ethics_desk.storage.database import Database
from ethics_desk.workflow import RecordRespondentReceipt
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import awaiting_response, later
from tests.conftest import CLOCK, OFFICE_TZ
from tests.factories import CLERK as CLERK_ACCOUNT
from tests.factories import CODE_HANDED_OVER, DESK_CLERK

NOTICE = f"“{title_of('respondent-notice')}”"
"""The (e) notice as the window and the commands name it: by its title."""

CLERK = DESK_CLERK.display
RESPONDENT = "Nguyễn Thị Minh Khai"
DUE = date(2026, 12, 17)  # ten business days after the presumed receipt of 2026-12-03
CLOSED = date(2026, 12, 10)  # a weather closure inside the count moves it to 2026-12-18


def everywhere(database: Database, moved: Iterable[Moved] = ()) -> list[StalePaper]:
    """Every case's papers stating a wrong date (the office's check; ``moved``: a preview)."""
    with database.read_session() as session:
        return stale_papers(session, moved=moved)


def _text(pdf: bytes) -> str:
    return " ".join(" ".join((page.extract_text() or "").split())
                    for page in PdfReader(io.BytesIO(pdf)).pages)


def _issue_notice(database: Database, case: int) -> int:
    [person] = recipients(database, case, RESPONDENT_NOTICE, account=DESK_CLERK)
    assert person.name == RESPONDENT
    return issue(database, case, RESPONDENT_NOTICE, account=DESK_CLERK, clock=CLOCK,
                 code_provided=CODE_HANDED_OVER).document_id


def test_an_issued_notice_records_the_response_date_it_states(
        controller: WorkflowController, database: Database) -> None:
    case = awaiting_response(controller)
    document = _issue_notice(database, case)
    with database.read_session() as session:
        [stated] = session.scalars(select(StatedDate).where(StatedDate.document_id == document))
        record = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "document.issue")).all()[-1]
    assert (stated.clock, stated.subject, stated.stated_on) == ("response", "respondent:1", DUE)
    assert stated.label == f"Respondent's sworn response — {RESPONDENT}"
    assert '"stated_dates"' in record.detail and DUE.isoformat() in record.detail


def test_a_paper_that_states_no_date_records_none(
        controller: WorkflowController, database: Database) -> None:
    case = awaiting_response(controller)
    document = issue(database, case, "receipt", account=DESK_CLERK, clock=CLOCK).document_id
    with database.read_session() as session:
        assert session.scalars(select(StatedDate).where(
            StatedDate.document_id == document)).all() == []


def test_a_closure_that_moves_the_response_date_names_the_issued_notice_before_and_after(
        controller: WorkflowController, database: Database) -> None:
    case = awaiting_response(controller)
    document = _issue_notice(database, case)
    assert everywhere(database) == []
    moved = closures.preview_add(database, CLOSED, "Winter weather closure",
                                 account=CLERK_ACCOUNT)
    [before] = everywhere(database, moved=moved)  # the preview names it; nothing is saved
    assert (before.document_id, before.stated_on, before.now_on) == (document, DUE,
                                                                     date(2026, 12, 18))
    assert everywhere(database) == []
    closures.add_closure(database, CLOSED, "Winter weather closure", account=CLERK_ACCOUNT,
                         clock=CLOCK)
    [after] = stale_in(database, case, account=DESK_CLERK)
    assert after.document_id == document and after.now_on == date(2026, 12, 18)
    assert after.sentence() == (
        f"ERB-2026-001: {NOTICE} to {RESPONDENT} issued 2026-11-30 (document "
        f"{document}) states “Respondent's sworn response — {RESPONDENT}” Thursday 2026-12-17; "
        "it is now Friday 2026-12-18")
    reopened = preview_remove(database, CLOSED, account=CLERK_ACCOUNT)
    assert everywhere(database, moved=reopened) == []  # reopening fixes it


def test_the_corrected_reissue_says_it_replaces_the_one_issued_on_its_date_and_clears_the_name(
        controller: WorkflowController, database: Database) -> None:
    case = awaiting_response(controller)
    document = _issue_notice(database, case)
    closures.add_closure(database, CLOSED, "Winter weather closure", account=CLERK_ACCOUNT,
                         clock=CLOCK)
    [stale] = stale_in(database, case, account=DESK_CLERK)
    notice = render_letter(database, case, RESPONDENT_NOTICE, account=DESK_CLERK, clock=CLOCK,
                           replaces_issued_on=stale.issued_on, code_provided=CODE_HANDED_OVER)
    text = _text(notice)
    assert "This corrected copy replaces the one issued on November 30, 2026, which is void." \
        in text
    assert "Friday, December 18, 2026" in text
    new = void_and_reissue(database, document, account=DESK_CLERK, reason=reissue_reason(stale),
                           clock=CLOCK, previewed=hashlib.sha256(notice).hexdigest(),
                           code_provided=CODE_HANDED_OVER)
    assert new.replaces_id == document and new.recipient == RESPONDENT
    issued = _text(reprint(database, new.document_id, account=DESK_CLERK, clock=CLOCK))
    assert "This corrected copy replaces the one issued on November 30, 2026, which is void." \
        in issued
    assert "Friday, December 18, 2026" in issued
    assert stale_in(database, case, account=DESK_CLERK) == []


def test_a_paper_whose_deadline_is_no_longer_open_is_not_named(
        controller: WorkflowController, database: Database) -> None:
    from ethics_desk.workflow import Withdraw

    case = awaiting_response(controller)
    _issue_notice(database, case)
    controller.fire(case, Withdraw(received_on=CLOCK().date()))
    closures.add_closure(database, CLOSED, "Winter weather closure", account=CLERK_ACCOUNT,
                         clock=CLOCK)
    assert stale_in(database, case, account=DESK_CLERK) == []


def test_check_warns_of_an_issued_paper_stating_a_date_that_no_longer_holds(
        controller: WorkflowController, database: Database) -> None:
    case = awaiting_response(controller)
    _issue_notice(database, case)
    closures.add_closure(database, CLOSED, "Winter weather closure", account=CLERK_ACCOUNT,
                         clock=CLOCK)
    results = {r.name: r for r in run_checks(database.url, from_backups=False,
                                             names_cases=True)}
    found = results[STALE_PAPERS]
    assert found.ok and found.warning  # a warning, not a broken record
    assert any("states “Respondent's sworn response" in d and "2026-12-18" in d
               for d in found.details)
    assert all(r.ok for r in results.values())


def test_a_show_cause_order_whose_hearing_is_set_on_another_day_is_named(
        controller: WorkflowController, database: Database) -> None:
    from datetime import timedelta

    from ethics_desk.models import Hearing
    from tests.board_cases import HEARING_AT, show_cause

    case = show_cause(controller)
    order = issue(database, case, "show-cause-order", account=DESK_CLERK, clock=CLOCK)
    assert order.recipient == "José Peña"
    document = order.document_id
    assert stale_in(database, case, account=DESK_CLERK) == []
    with database.unit_of_work() as session:  # the hearing is set a week later
        [hearing] = session.scalars(select(Hearing).where(Hearing.complaint_id == case))
        hearing.scheduled_at = HEARING_AT + timedelta(days=7)
    [stale] = stale_in(database, case, account=DESK_CLERK)
    assert stale.document_id == document
    assert (stale.stated_on, stale.now_on) == (HEARING_AT.date(),
                                               HEARING_AT.date() + timedelta(days=7))
    assert "Show-cause hearing (§ 2-83(f)(4), (f)(5))" in stale.sentence()


def test_every_kind_that_states_a_date_is_a_kind_of_the_table() -> None:
    from ethics_desk.documents.kinds import KINDS
    from ethics_desk.documents.stated_dates import DATED_KINDS

    assert set(DATED_KINDS) <= set(KINDS)
    assert {"respondent-notice", "response-copy", "show-cause-order"} <= set(DATED_KINDS)


@pytest.mark.sqlite_file
def test_check_names_a_stated_date_damaged_past_reading_instead_of_failing(
        controller: WorkflowController, database: Database, db_path: Path) -> None:
    from tests.storage.test_journal import as_tamperer, unjournalled

    case = awaiting_response(controller)
    _issue_notice(database, case)
    database.dispose()
    conn = as_tamperer(db_path)
    try:
        unjournalled(conn, "issued_document_date",
                     "UPDATE issued_document_date SET stated_on = zeroblob(26)")
    finally:
        conn.close()
    results = {r.name: r for r in run_checks(database.url, from_backups=False)}
    found = results[STALE_PAPERS]
    assert not found.ok and "a stored value is damaged" in found.details[0]


# -- a date told to a party is never shortened by a later fact -----------------------------------

GREEN_CARD = date(2026, 12, 1)  # the return receipt's date, before the presumed 2026-12-03
COUNTED = date(2026, 12, 15)  # ten business days after the green card's date


def _receipt_on_the_green_card(controller: WorkflowController, case: int,
                               received_on: date = GREEN_CARD) -> Deadline:
    """The green card comes back on Friday 4 December and its date is recorded; the respondent's
    open response clock after it."""
    [respondent] = load_case(controller.database, case, account=CLERK_ACCOUNT).respondents
    on_friday = later(controller, datetime(2026, 12, 4, 10, tzinfo=OFFICE_TZ))
    on_friday.fire(case, RecordRespondentReceipt(respondent_id=respondent.id,
                                                 received_on=received_on,
                                                 detail="green card (return receipt)"))
    with controller.database.read_session() as session:
        [deadline] = session.scalars(select(Deadline).where(
            Deadline.complaint_id == case, Deadline.clock == "response",
            Deadline.status == DeadlineStatus.OPEN)).all()
        return deadline


def test_an_earlier_receipt_never_moves_the_response_date_the_notice_told_earlier(
        controller: WorkflowController, database: Database) -> None:
    """§ 2-83(e)(1): the notice told the respondent 17 December; the green card then shows an
    earlier receipt, whose count gives 15 December. The later date holds, and the deadline's
    explanation says why; the notice is not made wrong."""
    case = awaiting_response(controller)
    document = _issue_notice(database, case)
    deadline = _receipt_on_the_green_card(controller, case)
    assert deadline.due_on == DUE
    assert deadline.trigger_on == GREEN_CARD
    assert "Counted, it would be Tuesday 2026-12-15; but the respondent-notice to " \
        f"{RESPONDENT} (document {document}) already told its reader Thursday 2026-12-17. A " \
        "date told to a party is never shortened by a later fact: the later date holds " \
        "(City Code § 2-83(e)(1) sets the least time the party has)." in deadline.explanation
    assert deadline.explanation.endswith("Due: Thursday 2026-12-17.")
    assert stale_in(database, case, account=DESK_CLERK) == []


def test_with_no_paper_issued_an_earlier_receipt_counts_from_its_own_day(
        controller: WorkflowController) -> None:
    """Nothing was told yet: the count from the actual receipt holds."""
    case = awaiting_response(controller)
    deadline = _receipt_on_the_green_card(controller, case)
    assert deadline.due_on == COUNTED and "already told" not in deadline.explanation


def test_a_later_receipt_still_gives_the_party_the_later_date(
        controller: WorkflowController, database: Database) -> None:
    """The rule only ever lengthens: a receipt after the presumed one counts from its day, and
    the notice that told the earlier date is named for a corrected reissue."""
    case = awaiting_response(controller)
    document = _issue_notice(database, case)
    deadline = _receipt_on_the_green_card(controller, case, date(2026, 12, 4))
    assert deadline.due_on == date(2026, 12, 18) and "already told" not in deadline.explanation
    [stale] = stale_in(database, case, account=DESK_CLERK)
    assert (stale.document_id, stale.stated_on, stale.now_on) == (document, DUE,
                                                                  date(2026, 12, 18))


def test_a_calendar_change_never_moves_a_told_date_earlier(
        controller: WorkflowController, database: Database) -> None:
    """A closure moves the date to 18 December and the corrected notice tells it; taking the
    closure off the calendar again leaves 18 December, the date the respondent was told."""
    case = awaiting_response(controller)
    _issue_notice(database, case)
    closures.add_closure(database, CLOSED, "Winter weather closure", account=CLERK_ACCOUNT,
                         clock=CLOCK)
    [stale] = stale_in(database, case, account=DESK_CLERK)
    void_and_reissue(database, stale.document_id, reason=reissue_reason(stale),
                     account=DESK_CLERK, clock=CLOCK, code_provided=CODE_HANDED_OVER)
    assert preview_remove(database, CLOSED, account=CLERK_ACCOUNT) == []
    closures.remove_closure(database, CLOSED, account=CLERK_ACCOUNT, clock=CLOCK)
    with database.read_session() as session:
        [deadline] = session.scalars(select(Deadline).where(
            Deadline.complaint_id == case, Deadline.status == DeadlineStatus.OPEN,
            Deadline.clock == "response")).all()
    assert deadline.due_on == date(2026, 12, 18) and "already told" in deadline.explanation
