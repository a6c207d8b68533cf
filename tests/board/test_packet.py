"""The Board packet: the agenda a clerk would set for a meeting, and one confidential PDF of it
with a summary sheet per case, every page marked under § 2-83(h) and numbered."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from ethics_desk.board.agenda import agenda
from ethics_desk.core.errors import UserError
from ethics_desk.documents.board_packet import AUDIT_ACTION, render_packet
from ethics_desk.models import AuditRecord, CaseState
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Withdraw
from ethics_desk.workflow.controller import WorkflowController
from tests.board_cases import HEARING_AT, awaiting_response, show_cause
from tests.conftest import CLOCK
from tests.documents.render.helpers import flat, pages_text, screenshot
from tests.factories import DESK_CLERK, filed_case

MEETING = HEARING_AT.date()


def _three_cases(controller: WorkflowController) -> list[int]:
    """Two awaiting the response, one in show cause with its hearing on the meeting day; and
    two that are not before the Board (one resolved, one only filed)."""
    cases = [awaiting_response(controller), show_cause(controller),
             awaiting_response(controller)]
    resolved = awaiting_response(controller)
    controller.fire(resolved, Withdraw(received_on=CLOCK().date()))
    filed_case(controller)
    return cases


def test_the_agenda_lists_the_cases_before_the_board_with_why(
        controller: WorkflowController, database: Database) -> None:
    cases = _three_cases(controller)
    with database.read_session() as session:
        listed = agenda(session, MEETING)
    assert [a.complaint_id for a in listed] == cases
    assert [a.case_number for a in listed] == ["ERB-2026-001", "ERB-2026-002", "ERB-2026-003"]
    assert listed[0].state is CaseState.AWAITING_RESPONSE
    assert "sworn response is awaited (§ 2-83(e)(1))" in listed[0].why
    assert listed[1].parties == "José Peña v. Nguyễn Thị Minh Khai"
    assert "ordered to show cause (§ 2-83(f)(2))" in listed[1].why
    assert ("Show-cause hearing on this day at 5:30 p.m. CST, City Council Chambers, "
            "114 W. Commerce St.") in listed[1].why
    with database.read_session() as session:
        other_day = agenda(session, date(2026, 12, 17))
    assert "Show-cause hearing set for December 10, 2026" in other_day[1].why


def test_the_packet_for_three_cases_has_three_sheets_every_page_confidential_and_numbered(
        controller: WorkflowController, database: Database) -> None:
    cases = _three_cases(controller)
    pdf = render_packet(database, MEETING, cases, clock=CLOCK, account=DESK_CLERK)
    screenshot("board-packet", pdf)
    pages = pages_text(pdf)
    total = len(pages)
    assert total >= 4  # the cover and at least a page per sheet
    for number, page in enumerate(pages, start=1):
        assert "CONFIDENTIAL — § 2-83(h)" in page
        assert f"Page {number} of {total}" in page
    text = flat("\n".join(pages))
    assert "Board Packet — Meeting of Thursday, December 10, 2026" in text
    assert "3 case(s) on the agenda" in text
    for number, case_number in enumerate(("ERB-2026-001", "ERB-2026-002", "ERB-2026-003"),
                                         start=1):
        assert text.count(f"{number}. {case_number} — José Peña v. Nguyễn Thị Minh Khai") == 1
    starts = [next(i for i, page in enumerate(pages) if f"{n}. ERB-2026-00{n} —" in flat(page))
              for n in (1, 2, 3)]
    assert starts == sorted(starts) and starts[0] >= 1  # each sheet after the cover, in order
    for n, start in zip((1, 2, 3), starts, strict=True):
        assert f"Case ERB-2026-00{n}" in pages[start]  # the running header names its case


def test_a_summary_sheet_has_the_deadlines_the_reviews_and_the_votes(
        controller: WorkflowController, database: Database) -> None:
    case = show_cause(controller)
    text = flat("\n".join(pages_text(render_packet(database, MEETING, [case], clock=CLOCK,
                                                   account=DESK_CLERK))))
    assert "Complainant José Peña" in text and "Respondent Nguyễn Thị Minh Khai, Director" in text
    assert "Nature Used City vehicles for a private catering business." in text
    assert "Provisions not sure" in text  # as the complainant filed it
    assert "Deadlines" in text and "Met on 2026-11-30" in text
    for reviewer in ("Chair of the Ethics Review Board", "Vice Chair of the Ethics Review Board",
                     "Compliance Auditor", "City Attorney's Office"):
        assert reviewer in text
    assert "Substantially complies" in text
    assert "Order to show cause (§ 2-83(f)(2)) — vote of November 30, 2026" in text
    assert ("Present: 7 of the 7 members serving; recused: 0; quorum: 4 (a majority of the 7 "
            "serving), met by the 7 taking part, recused members not counted; needed: at least "
            "5 yes votes (two-thirds of the 7 counted as present); cast: 5 yes, 2 no" in text)
    assert "Show-cause hearing (§ 2-83(f)(5)); set for December 10, 2026 at 5:30 p.m. CST" in text


def test_the_deadlines_table_names_each_party_once(
        controller: WorkflowController, database: Database) -> None:
    case = awaiting_response(controller)
    text = flat("\n".join(pages_text(render_packet(database, MEETING, [case], clock=CLOCK,
                                                   account=DESK_CLERK))))
    table = text[text.index("Deadlines"):]
    assert "Respondent's sworn response — Nguyễn Thị Minh Khai" in table
    assert table.count("Nguyễn Thị Minh Khai — Nguyễn Thị Minh Khai") == 0
    for reviewer in ("Chair of the Ethics Review Board", "Compliance Auditor",
                     "City Attorney's Office"):
        assert f"{reviewer} — {reviewer}" not in table
        assert reviewer in table


def test_producing_the_packet_is_audited_on_each_case(controller: WorkflowController,
                                                      database: Database) -> None:
    cases = _three_cases(controller)
    render_packet(database, MEETING, cases, clock=CLOCK, account=DESK_CLERK)
    with database.read_session() as session:
        records = list(session.scalars(select(AuditRecord).where(
            AuditRecord.action == AUDIT_ACTION).order_by(AuditRecord.seq)))
    assert [r.complaint_id for r in records] == cases
    assert all(r.actor == DESK_CLERK.display for r in records)
    assert records[0].summary == ("Board packet for the meeting of 2026-12-10 produced, with "
                                  "ERB-2026-001, ERB-2026-002, ERB-2026-003 (confidential, "
                                  "§ 2-83(h))")


def test_a_packet_needs_a_filed_case(controller: WorkflowController,
                                     database: Database) -> None:
    with pytest.raises(UserError, match="no case in it"):
        render_packet(database, MEETING, [], clock=CLOCK, account=DESK_CLERK)
    with pytest.raises(UserError, match="no filed case with id 99"):
        render_packet(database, MEETING, [99], clock=CLOCK, account=DESK_CLERK)
