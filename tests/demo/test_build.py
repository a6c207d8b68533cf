"""The demonstration database: every state of § 2-83, made through the workflow, sound and repeatable."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import func, select

from ethics_desk.board import roster
from ethics_desk.core.errors import UserError
from ethics_desk.core.vocabulary import VoteRule
from ethics_desk.deadlines import ClockKind
from ethics_desk.deadlines.schedule import load_calendars
from ethics_desk.demo.build import build_demo
from ethics_desk.documents.issuing import RESPONDENT_NOTICE, issued_for_case, print_queue
from ethics_desk.mail.ledger import mail_flags, returned_items
from ethics_desk.maintenance.integrity import run_checks
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import (
    CIVIL_PENALTY_LIMIT_CENTS,
    AuditRecord,
    BoardAction,
    BoardMember,
    BoardRole,
    BoardVote,
    CaseState,
    Complainant,
    Complaint,
    Deadline,
    DeadlineStatus,
    Decision,
    Disposition,
    Hearing,
    HearingKind,
    IssuedDocument,
    Mailing,
    MailMethod,
    MailOutcome,
    Respondent,
    Sanction,
    SanctionKind,
)
from ethics_desk.storage.audit import verify_chain
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK, DEMO_TODAY, DemoTemplate
from tests.factories import DESK_CLERK

TODAY = DEMO_TODAY
"""The day the run's demonstration is built for: Monday 30 November 2026."""

Demo = tuple[Database, list[tuple[str, str]]]


@pytest.fixture(scope="module")
def demo(demo_template: DemoTemplate, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    """The run's demonstration database (built in the office's time zone), one copy for the
    module, with the builder's list of cases."""
    for database in demo_template.copy(tmp_path_factory.mktemp("demo")):
        yield database, demo_template.cases


def test_the_demo_covers_every_case_state(demo: Demo) -> None:
    _, cases = demo
    assert {state for _, state in cases} == {state.value for state in CaseState}
    assert 35 <= len(cases) <= 50


def test_the_demo_resolves_cases_every_way_including_frivolous_with_sanctions(
        demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        dispositions = set(session.scalars(select(Decision.disposition)))
        sanctions = list(session.scalars(select(Sanction)))
    assert set(Disposition) <= dispositions
    assert {s.kind for s in sanctions} >= {SanctionKind.CIVIL_PENALTY, SanctionKind.REFERRAL}
    assert all(s.amount_cents <= CIVIL_PENALTY_LIMIT_CENTS for s in sanctions
               if s.kind is SanctionKind.CIVIL_PENALTY and s.amount_cents is not None)


def test_the_demo_audit_chain_verifies(demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        assert verify_chain(session) == []


def test_check_passes_on_the_demo(demo: Demo) -> None:
    database, _ = demo
    results = run_checks(database.url)
    assert [r.name for r in results if not r.ok] == []


def test_the_demo_passes_the_check_command_without_a_warning(
        demo: Demo, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``ethics-desk check`` on a new demonstration says nothing is wrong and warns of nothing
    (its recovery sheet is made as it is built, as an office makes one the day it starts)."""
    from ethics_desk.cli import main
    from ethics_desk.core.roles import Role
    from tests.conftest import put_in_office_zone
    from tests.signing_in import sign_in_to_the_demonstration

    database, _ = demo
    put_in_office_zone(monkeypatch)  # as at the office, where the demonstration was built
    sign_in_to_the_demonstration(monkeypatch, Role.ADMIN)
    where = database.url.render_as_string(hide_password=False)
    code = main(["check", "--db", where])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert "warning" not in out + err, out + err
    assert "FAILED" not in out


def test_every_case_was_made_through_the_workflow_in_the_past(demo: Demo) -> None:
    database, cases = demo
    with database.read_session() as session:
        complaint_ids = set(session.scalars(select(Complaint.id)))
        records = list(session.scalars(select(AuditRecord).where(
            AuditRecord.complaint_id.is_not(None))))
    assert {r.complaint_id for r in records} == complaint_ids
    assert Counter(r.action for r in records)["event.file"] == \
        sum(number.startswith("ERB-") for number, _ in cases)
    assert all(r.at.astimezone().date() < TODAY for r in records)


def test_names_with_accents_and_non_latin_letters_are_stored_intact(demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        names = set(session.scalars(select(Complainant.name))) | \
            set(session.scalars(select(Respondent.name)))
        folded = dict(session.execute(select(Complainant.name, Complainant.name_folded)).all())
    for name in ("José Peña", "Nguyễn Thị Minh Khai", "Zoë Ødegård", "Đặng Văn Lâm",
                 "María José Núñez", "Łukasz Wróbel", "Søren Kierkegård", "Chloé Dubois",
                 "Иван Петров", "李小龙"):
        assert unicodedata.normalize("NFC", name) in names
    assert folded["Zoë Ødegård"] == "zoe odegard"


def test_every_open_deadline_of_the_demo_falls_on_a_business_day(demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        calendars = load_calendars(session)
        open_deadlines = list(session.scalars(select(Deadline).where(
            Deadline.status == DeadlineStatus.OPEN)))
    assert open_deadlines
    assert [d.due_on for d in open_deadlines if not calendars.city.is_business_day(d.due_on)] \
        == []


def test_the_demo_deadlines_are_met_missed_open_due_soon_and_overdue(demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        deadlines = list(session.scalars(select(Deadline)))
    statuses = {d.status for d in deadlines}
    assert {DeadlineStatus.MET, DeadlineStatus.MISSED, DeadlineStatus.OPEN} <= statuses
    open_due = [d.due_on for d in deadlines if d.status is DeadlineStatus.OPEN]
    assert any(due < TODAY for due in open_due)  # overdue
    assert any(TODAY <= due <= date(2026, 12, 4) for due in open_due)  # due this week


def test_the_board_roster_has_a_chair_a_vice_chair_and_a_former_member(demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        roles = [m.role_on(TODAY) for m in session.scalars(select(BoardMember))]
    assert len(roles) == 12
    assert roles.count(BoardRole.CHAIR) == roles.count(BoardRole.VICE_CHAIR) == 1
    assert roles.count(None) == 1


def test_the_elections_list_has_a_coming_election_with_a_respondent_as_candidate(
        demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        respondents = list(session.scalars(select(Respondent.name)))
        coming = roster.pending_elections_for(session, respondents, TODAY)
        everyone = roster.elections(session)
    assert len(everyone) == 2 and any(e.held_on < TODAY for e in everyone)
    assert [e.held_on.weekday() for e in coming] == [5]  # a Saturday, still to come
    assert "Raymond Ortega" in coming[0].candidates


def test_the_demo_votes_follow_the_rule_of_each_action(demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        votes = list(session.scalars(select(BoardVote)))
        hearings = list(session.scalars(select(Hearing).where(
            Hearing.kind == HearingKind.SHOW_CAUSE)))
    assert {v.carried for v in votes} == {True, False}
    assert {v.action for v in votes} == set(BoardAction)
    for vote in votes:  # two-thirds of those present for (f)(2), (f)(6) and, by the office's
        # default, for sanctions (g); a majority for a disposition; always with a quorum
        rule = VoteRule.MAJORITY if vote.action is BoardAction.DISPOSITION \
            else VoteRule.TWO_THIRDS
        assert vote.required_yes == rule.required(vote.present_count)
        assert vote.carried == (vote.yes_count >= vote.required_yes)
        assert "quorum: 6 (a majority of the 11 serving), met by" in vote.summary
        assert vote.is_record_vote or vote.action not in (BoardAction.FRIVOLOUS,
                                                          BoardAction.SANCTIONS)
    assert any(h.held_on is None and h.scheduled_at is not None and
               h.scheduled_at.astimezone().date() > TODAY for h in hearings)


def test_every_sworn_complaint_filed_in_the_demo_has_its_filing_receipt(demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        filed = set(session.scalars(select(Complaint.id).where(
            Complaint.case_number.is_not(None),
            Complaint.state.not_in([CaseState.FILED, CaseState.RETURNED_UNSWORN]))))
        receipts = set(session.scalars(select(IssuedDocument.complaint_id).where(
            IssuedDocument.kind == "receipt")))
    assert filed and filed <= receipts


def test_the_demo_issues_the_papers_of_each_stage_of_section_2_83(demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        kinds = Counter(session.scalars(select(IssuedDocument.kind)))
        awaiting = list(session.scalars(select(Complaint.id).where(
            Complaint.state == CaseState.AWAITING_RESPONSE)))
    assert {"receipt", "unsworn-return", "reviewer-transmittal", "defect-letter", "cf-forward",
            RESPONDENT_NOTICE, "response-copy", "resolution-notice",
            "certificate-of-mailing"} <= set(kinds)
    assert sum(kinds.values()) >= 100
    for case_id in awaiting:  # each case waiting for a response has its (e) notice issued
        assert RESPONDENT_NOTICE in {d.kind for d in issued_for_case(database, case_id, account=DESK_CLERK)}


def test_the_e_notice_goes_certified_with_an_article_number_and_the_rest_first_class_or_by_hand(
        demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        rows = session.execute(select(Mailing, IssuedDocument.kind).join(IssuedDocument)).all()
    assert len(rows) >= 100
    certified = [m for m, kind in rows if m.method is MailMethod.CERTIFIED_RRR]
    assert certified and all(m.tracking_number.strip() for m in certified)
    assert {kind for m, kind in rows if m.method is MailMethod.CERTIFIED_RRR} <= \
        {RESPONDENT_NOTICE, "cf-forward"}
    assert {m.method for m, kind in rows if kind not in (RESPONDENT_NOTICE, "cf-forward")} == \
        {MailMethod.FIRST_CLASS, MailMethod.HAND_DELIVERY}
    assert all(m.mailed_on is not None and m.mailed_on < TODAY for m, _ in rows)
    assert all(m.outcome_on < TODAY for m, _ in rows if m.outcome_on is not None)


def test_most_mailed_items_are_delivered_and_exactly_one_came_back_returned(demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        outcomes = Counter(session.scalars(select(Mailing.outcome)))
        case_ids = list(session.scalars(select(Complaint.id)))
    assert outcomes[MailOutcome.DELIVERED] > sum(outcomes.values()) / 2
    assert outcomes[MailOutcome.RETURNED] == 1 and outcomes[MailOutcome.REFUSED] == 0
    flagged = {case: n for case, n in mail_flags(database, case_ids, account=DESK_CLERK).items() if n}
    assert list(flagged.values()) == [1]  # the Mail screen's "returned" list has it
    [returned] = returned_items(database, next(iter(flagged)), account=DESK_CLERK)
    assert returned.outcome is MailOutcome.RETURNED and not returned.resent


def test_a_signed_return_receipt_restarts_the_response_clock_from_its_date(demo: Demo) -> None:
    database, _ = demo
    with database.read_session() as session:
        delivered = list(session.scalars(select(Mailing).join(IssuedDocument).where(
            IssuedDocument.kind == RESPONDENT_NOTICE, Mailing.outcome == MailOutcome.DELIVERED)))
        clocks = {(d.complaint_id, d.subject): d for d in session.scalars(select(Deadline).where(
            Deadline.clock == ClockKind.RESPONSE.value,
            Deadline.status != DeadlineStatus.CANCELLED))}
    assert delivered
    for mailing in delivered:  # § 2-83(e): ten business days from the respondent's receipt
        clock = clocks[(mailing.complaint_id, mailing.recipient_ref)]
        assert (clock.trigger_basis, clock.trigger_on) == ("actual", mailing.outcome_on)


def test_the_print_queue_has_a_few_papers_waiting_with_a_certificate_of_mailing(
        demo: Demo) -> None:
    database, _ = demo
    queue = print_queue(database, account=DESK_CLERK)
    assert 3 <= len(queue) <= 12
    [certificate] = [item for item in queue if item.kind == "certificate-of-mailing"]
    issued = issued_for_case(database, certificate.complaint_id, account=DESK_CLERK)
    assert certificate.document_id in {d.document_id for d in issued if not d.is_void}
    with database.read_session() as session:  # it lists what was mailed on the case before it
        mailed = session.scalar(select(func.count()).select_from(Mailing).where(
            Mailing.complaint_id == certificate.complaint_id))
    assert mailed and mailed >= 2


def test_the_demo_refuses_a_database_that_has_complaints(demo: Demo) -> None:
    database, _ = demo
    with pytest.raises(UserError, match="already has complaints"):
        build_demo(database, today=TODAY)


def test_the_demo_is_deterministic(demo: Demo, tmp_path: Path) -> None:
    _, cases = demo
    again = open_database(tmp_path / "again.sqlite", clock=CLOCK)
    try:
        assert build_demo(again, today=TODAY) == cases
    finally:
        again.dispose()
