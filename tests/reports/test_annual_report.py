"""The office's annual report agrees with the records and keeps § 2-83(h)(1): known cases are
built through the workflow and read back from the PDF's text; the public edition hides the
small counts by its stated rule and names no case, party or witness of the demonstration; the
Board's edition is exact and marked on every page; issuing freezes the bytes (issue 33)."""

from __future__ import annotations

import hashlib
import io
import json
from datetime import UTC, datetime

import pytest
from pypdf import PdfReader
from sqlalchemy import select

from ethics_desk.core.account import Account
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord, Complainant, Complaint, OfficeReport, Respondent, Witness
from ethics_desk.reports.annual_report import (
    ACTION,
    CONFIDENTIAL_MARK,
    Edition,
    annual_figures,
    issue_annual_report,
    issued_report,
    issued_reports,
    render_report,
)
from ethics_desk.reports.small_counts import (
    FEWER,
    SMALL_COUNT_RULE,
    WITHHELD,
    Line,
    Shown,
    suppress,
)
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW
from tests.factories import CLERK
from tests.reports.test_statistics import _november

YEAR = NOW.year


def _text(pdf: bytes) -> str:
    """The PDF's text with its white space made single spaces (a table's row reads as a line)."""
    pages = PdfReader(io.BytesIO(pdf)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


def _pages(pdf: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def test_the_boards_edition_gives_every_figure_of_known_cases_exactly(
        controller: WorkflowController, database: Database) -> None:
    _november(controller)
    text = _text(render_report(database, YEAR, edition=Edition.CONFIDENTIAL, account=CLERK,
                               clock=CLOCK))
    # Seven received in the year: F on 31 October (the office's date), six in November
    assert "Ethics Code (§ 2-83(d)(3)) 5 " in text
    assert "Campaign finance (§§ 2-306/2-307) (§ 2-83(d)(2)) 2 " in text
    assert "Sworn (§ 2-83(c)) 6 " in text
    assert "Not sworn, returned (§ 2-83(c), last paragraph) 1 " in text
    assert "Complaints received 7 " in text
    assert "§ 2-49 Public property and resources 4 " in text
    assert "No provision named (§ 2-83(c)(5)) 1 " in text
    # The month chart's bars are labelled with the counts: October 1, November 6
    assert "0 0 0 0 0 0 0 0 0 1 6 0 Jan Feb" in text
    # B returned as not sworn, C as defective; A dismissed, D cured, F withdrawn; E not cured
    assert "Returned as not sworn (§ 2-83(c)) 1 " in text
    assert "Returned as defective (§ 2-83(d)(3)) 1 " in text
    assert "Resolved: Dismissed (§ 2-83(d)(4)) 1 " in text
    assert "Resolved: Cured (§ 2-83(d)(2); § 2-82(b)(2)) 1 " in text
    assert "Resolved: Withdrawn (§ 2-83(d)(4)) 1 " in text
    assert "Cases ended 5 " in text
    assert "gone on to the Board (§ 2-83(d)(2)) 1 " in text
    # A forwarded after 1 business day, C after 3 (Veterans Day), D after 1, E after 1
    assert "Forwarded for review (received by the Compliance Auditor) (§ 2-83(d)(1)) 4 1 3 " in text
    assert "Accepted for the Board (§ 2-83(d)(3)) 1 4 4 " in text
    assert "Sworn response filed (§ 2-83(e)(1)) 0 — — " in text


def test_the_figures_printed_are_the_statistics_counted(
        controller: WorkflowController, database: Database) -> None:
    _november(controller)
    figures = annual_figures(database, YEAR, account=CLERK, clock=CLOCK)
    assert figures.statistics.start.isoformat() == f"{YEAR}-01-01"
    assert figures.statistics.end == NOW.date()  # the year still runs: to the office's date
    assert sum(figures.by_month) == figures.statistics.received.total == 7
    text = _text(render_report(database, YEAR, edition=Edition.CONFIDENTIAL, account=CLERK,
                               clock=CLOCK))
    total = figures.statistics.deadlines_total
    assert (f"Every clock {total.due} {total.met} {total.missed} {total.open_past_due} "
            f"{total.open_not_yet_due} {total.cancelled} {total.moved_by_closures}") in text
    for step in figures.statistics.steps:
        if step.cases:
            assert f"({step.citation}) {step.cases} {step.median} {step.p90} " in text


def test_the_public_edition_hides_small_counts_by_the_rule_it_states(
        controller: WorkflowController, database: Database) -> None:
    _november(controller)
    text = _text(render_report(database, YEAR, edition=Edition.PUBLIC, account=CLERK,
                               clock=CLOCK))
    assert " ".join(SMALL_COUNT_RULE.split()) in text
    # 7 received is shown; one not sworn is fewer than 5, and the six sworn, which the total
    # would give back, are withheld; so the two campaign-finance complaints and the five others
    assert "Complaints received 7 " in text
    assert f"Not sworn, returned (§ 2-83(c), last paragraph) {FEWER} " in text
    assert f"Sworn (§ 2-83(c)) {WITHHELD} " in text
    assert f"Campaign finance (§§ 2-306/2-307) (§ 2-83(d)(2)) {FEWER} " in text
    assert f"Ethics Code (§ 2-83(d)(3)) {WITHHELD} " in text
    assert f"§ 2-49 Public property and resources {FEWER} " in text
    # Five cases ended, each way of ending fewer than five; a nought is shown
    assert "Cases ended 5 " in text
    assert f"Resolved: Dismissed (§ 2-83(d)(4)) {FEWER} " in text
    assert "Resolved: No violation (§ 2-83(d)(4)) 0 " in text
    # A time over fewer than five cases is withheld
    assert (f"Forwarded for review (received by the Compliance Auditor) (§ 2-83(d)(1)) {FEWER} "
            f"{WITHHELD} {WITHHELD} ") in text
    # The chart draws a small month as nought and labels it so
    assert "0 0 0 0 0 0 0 0 0 <5 w/h 0 Jan Feb" in text
    assert CONFIDENTIAL_MARK not in text


def test_a_lone_small_count_is_never_given_back_by_its_total() -> None:
    lines = [Line("total", ("a", "b", "c"))]
    assert suppress({"total": 20, "a": 3, "b": 9, "c": 8}, lines) == {
        "total": Shown.EXACT, "a": Shown.SMALL, "b": Shown.EXACT, "c": Shown.COMPLEMENT}
    assert suppress({"total": 20, "a": 3, "b": 2, "c": 15}, lines) == {
        "total": Shown.EXACT, "a": Shown.SMALL, "b": Shown.SMALL, "c": Shown.EXACT}
    # a nought is shown, and is not taken to hide a small count when another is there
    assert suppress({"total": 12, "a": 4, "b": 0, "c": 8}, lines)["c"] is Shown.COMPLEMENT
    # a table's rows and columns: hiding in one line may call for hiding in another
    grid = {"t": 30, "r1": 13, "r2": 17, "c1": 11, "c2": 19,
            "a": 2, "b": 11, "c": 9, "d": 8}
    shown = suppress(grid, [Line("r1", ("a", "b")), Line("r2", ("c", "d")),
                            Line("c1", ("a", "c")), Line("c2", ("b", "d")),
                            Line("t", ("r1", "r2"))])
    assert shown == {**dict.fromkeys(grid, Shown.EXACT), "a": Shown.SMALL,
                     "b": Shown.COMPLEMENT, "c": Shown.COMPLEMENT, "d": Shown.COMPLEMENT}


def test_the_demonstrations_public_report_names_no_case_party_or_witness(
        demo_database: Database) -> None:
    pdf = render_report(demo_database, YEAR, edition=Edition.PUBLIC, account=CLERK,
                        clock=CLOCK)
    text = _text(pdf).casefold()
    with demo_database.read_session() as session:
        numbers = [n for n in session.scalars(select(Complaint.case_number)) if n]
        names = [name for model in (Complainant, Respondent, Witness)
                 for name in session.scalars(select(model.name)) if name.strip()]
    assert numbers and names  # the demonstration has them to hide (every case, pending or not)
    assert "received" in text  # the text is read
    for number in numbers:
        assert number.casefold() not in text, number
    for name in names:
        assert " ".join(name.split()).casefold() not in text, name
        for part in name.split():  # nor a surname alone
            if len(part) > 3 and part[0].isupper() and part.casefold() not in _WORDS:
                assert f" {part.casefold()} " not in f" {text} ", (name, part)


_WORDS = frozenset({"city", "clerk", "board", "office", "ethics", "review", "code", "public",
                    "campaign", "finance", "attorney", "council", "antonio", "san"})
"""Words of the report itself that a name may share (an organisation named as a party)."""


def test_the_boards_edition_is_marked_confidential_on_every_page(
        demo_database: Database) -> None:
    pdf = render_report(demo_database, YEAR, edition=Edition.CONFIDENTIAL, account=CLERK,
                        clock=CLOCK)
    pages = _pages(pdf)
    assert len(pages) > 1
    assert all(CONFIDENTIAL_MARK in page for page in pages)
    assert all(CONFIDENTIAL_MARK not in page for page in _pages(render_report(
        demo_database, YEAR, edition=Edition.PUBLIC, account=CLERK, clock=CLOCK)))


def test_the_report_is_signed_by_the_clerks_staff_who_issue_it(database: Database) -> None:
    text = _text(render_report(database, YEAR, edition=Edition.PUBLIC, account=CLERK,
                               clock=CLOCK))
    assert "Maria Clerk City Clerk's staff, for the City Clerk Office of the City Clerk" in text


@pytest.mark.parametrize("role", [role for role in Role if role is not Role.CLERK])
def test_a_role_without_the_annual_report_act_is_refused(role: Role,
                                                         database: Database) -> None:
    someone = Account(905, "someone", "Some One", role)
    with pytest.raises(NotAllowed, match="is for: City Clerk staff"):
        render_report(database, YEAR, edition=Edition.PUBLIC, account=someone, clock=CLOCK)
    with pytest.raises(NotAllowed, match="is for: City Clerk staff"):
        issue_annual_report(database, YEAR, edition=Edition.CONFIDENTIAL, account=someone,
                            clock=CLOCK)
    with database.read_session() as session:
        assert session.scalars(select(OfficeReport)).first() is None


def test_issuing_freezes_the_bytes_with_their_sha256_and_one_audit_record(
        controller: WorkflowController, database: Database) -> None:
    _november(controller)
    with database.read_session() as session:
        before = len(session.scalars(select(AuditRecord)).all())
    issued, pdf = issue_annual_report(database, YEAR, edition=Edition.PUBLIC, account=CLERK,
                                      clock=CLOCK)
    assert issued.sha256 == hashlib.sha256(pdf).hexdigest()
    assert issued.page_count == len(PdfReader(io.BytesIO(pdf)).pages)
    assert issued.issued_by == CLERK.display and issued.edition is Edition.PUBLIC
    assert issued_report(database, issued.report_id, account=CLERK) == pdf
    assert issued_reports(database, account=CLERK) == [issued]
    with database.read_session() as session:
        records = session.scalars(select(AuditRecord).order_by(AuditRecord.seq)).all()
    assert len(records) == before + 1
    record = records[-1]
    assert record.action == ACTION and record.complaint_id is None
    detail = json.loads(record.detail or "{}")
    assert (detail["sha256"], detail["report_id"], detail["year"]) == (
        issued.sha256, issued.report_id, YEAR)
    # the same figures at the same moment give the same bytes (the preview is what is issued)
    assert render_report(database, YEAR, edition=Edition.PUBLIC, account=CLERK,
                         clock=CLOCK) == pdf


def test_a_year_not_yet_begun_is_refused_with_the_years_there_are(database: Database) -> None:
    with pytest.raises(UserError, match=f"There is no annual report for {YEAR + 1}"):
        render_report(database, YEAR + 1, edition=Edition.PUBLIC, account=CLERK, clock=CLOCK)


def test_a_past_year_runs_to_its_last_day_whatever_the_clock(database: Database) -> None:
    later = fixed_clock(datetime(YEAR + 3, 2, 1, 15, tzinfo=UTC))
    figures = annual_figures(database, YEAR, account=CLERK, clock=later)
    assert figures.year_over and figures.statistics.end.isoformat() == f"{YEAR}-12-31"
    text = _text(render_report(database, YEAR, edition=Edition.PUBLIC, account=CLERK,
                               clock=later))
    assert "The year is not over" not in text
    assert f"Annual Report {YEAR}" in text


def test_every_font_of_the_report_and_its_charts_is_embedded(demo_database: Database) -> None:
    for edition in Edition:
        pdf = render_report(demo_database, YEAR, edition=edition, account=CLERK, clock=CLOCK)
        used: dict[str, bool] = {}
        for page in PdfReader(io.BytesIO(pdf)).pages:
            for ref in page["/Resources"].get("/Font", {}).values():
                font = ref.get_object()
                descriptor = font.get("/FontDescriptor")
                used[str(font["/BaseFont"])] = (
                    descriptor is not None and "/FontFile2" in descriptor.get_object())
        # DejaVu, embedded; never one of ReportLab's own (Helvetica), which lacks many letters
        assert used and all(used.values()), used
        assert all("DejaVuSans" in name for name in used), used
