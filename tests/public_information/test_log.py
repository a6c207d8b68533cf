"""The Public Information Act request log (Gov't Code ch. 552), for City Code § 2-83(h)(3)."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select

from ethics_desk.core.account import Account
from ethics_desk.core.clock import fixed_clock
from ethics_desk.core.errors import ConflictError, NotAllowed, RuleError, UserError
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import (
    CaseState,
    DeadlineStatus,
    RequestChannel,
    RequestStatus,
    RulingBy,
    RulingOutcome,
)
from ethics_desk.deadlines import ClockKind, ReceiptBasis
from ethics_desk.models import AuditRecord, Complaint
from ethics_desk.office import settings
from ethics_desk.public_information import (
    NewRequest,
    certify_release_date,
    close_request,
    get_request,
    list_requests,
    log_request,
    open_requests_touching,
    record_arguments_sent,
    record_clarification_answered,
    record_clarification_asked,
    record_cost_estimate,
    record_exceptions,
    record_ruling,
    record_ruling_asked,
    release_information,
    typed_cost_items,
)
from ethics_desk.public_information.log import summaries
from ethics_desk.storage.database import Database
from ethics_desk.workflow import ReturnUnsworn
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, set_workstation_zone
from tests.factories import complete_intake, filed_case, sworn_oath

RECORDS = Account(901, "rrecords", "Rosa Records", Role.RECORDS)
ATTORNEY = Account(902, "acity", "Alma City Attorney", Role.ATTORNEY)
TODAY = date(2026, 11, 30)  # the tests' clock: Monday 30 November 2026
EXCEPTIONS = ("§ 552.101 — information confidential by law: City Code § 2-83(h)(1)",)
CENTRAL = ZoneInfo("America/Chicago")


def _request(**changes: object) -> NewRequest:
    values: dict[str, object] = {
        "requester_name": "María Gómez, San Antonio Express-News",
        "channel": RequestChannel.EMAIL, "asked_for": "Every ethics complaint filed in 2026",
        "received_on": TODAY, "requester_email": "mgomez@example.com",
        "requester_address": "P.O. Box 2171\nSan Antonio, TX 78297"}
    values.update(changes)
    return NewRequest(**values)  # type: ignore[arg-type]


def _case_number(database: Database, case_id: int) -> str:
    with database.read_session() as session:
        complaint = session.get(Complaint, case_id)
        assert complaint is not None and complaint.case_number is not None
        return complaint.case_number


def test_a_request_received_by_e_mail_runs_its_three_clocks_on_state_business_days(
        database: Database) -> None:
    view = log_request(database, _request(), account=RECORDS, clock=CLOCK)
    assert view.number == "PIA-2026-001" and view.status is RequestStatus.OPEN
    assert view.clock(ClockKind.PIA_RULING).due_on == date(2026, 12, 14)  # § 552.301(b), (d)
    assert view.clock(ClockKind.PIA_ARGUMENTS).due_on == date(2026, 12, 21)  # (e), (e-1)
    assert view.clock(ClockKind.PIA_RELEASE_DATE).due_on == date(2026, 12, 14)  # § 552.221(d)
    explanation = view.clock(ClockKind.PIA_ARGUMENTS).explain()
    assert "§ 552.301(e), (e-1)" in explanation and "State of Texas" in explanation
    assert "Trigger date: actual" in explanation and "§ 552.302" in explanation


def test_a_mailed_request_with_no_known_receipt_is_received_the_third_business_day_after_the_postmark(
        database: Database) -> None:
    # Friday 20 November 2026: Monday 23, Tuesday 24, Wednesday 25 (§ 552.301(a-1))
    view = log_request(database,
                       _request(channel=RequestChannel.MAIL,
                                                   received_on=None,
                                                   postmarked_on=date(2026, 11, 20)),
                       account=RECORDS, clock=CLOCK)
    assert view.received_on == date(2026, 11, 25)
    assert view.received_basis is ReceiptBasis.PRESUMED
    assert "§ 552.301(a-1)" in view.received_detail
    # then Thanksgiving and the Friday after (both State holidays, § 662.003) are skipped
    ruling = view.clock(ClockKind.PIA_RULING)
    assert ruling.due_on == date(2026, 12, 11)
    assert "Thanksgiving Day" in ruling.explain() and "Trigger date: presumed" in ruling.explain()


def test_a_postmark_is_refused_on_a_request_that_did_not_come_by_mail(
        database: Database) -> None:
    with pytest.raises(UserError, match=r"by mail.*§ 552.301\(a-1\)"):
        log_request(database, _request(postmarked_on=date(2026, 11, 20)), account=RECORDS, clock=CLOCK)
    assert list_requests(database, account=RECORDS) == []


def test_a_mailed_request_with_no_date_of_receipt_is_told_of_the_postmark_rule(
        database: Database) -> None:
    with pytest.raises(UserError) as refused:
        log_request(database, _request(channel=RequestChannel.MAIL, received_on=None), account=RECORDS,
                    clock=CLOCK)
    assert "postmark" in refused.value.fix and "§ 552.301(a-1)" in refused.value.fix


def test_a_date_of_receipt_after_today_is_refused(database: Database) -> None:
    with pytest.raises(UserError, match="after today"):
        log_request(database, _request(received_on=date(2026, 12, 1)), account=RECORDS, clock=CLOCK)


def test_today_is_the_offices_date_on_a_workstation_set_to_another_zone(
        database: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 11:30 p.m. in San Antonio it is already tomorrow in London: a laptop left on London
    time still may not log a request received "tomorrow", and takes one received today."""
    set_workstation_zone(monkeypatch, "Europe/London")
    late = fixed_clock(datetime(2026, 11, 30, 23, 30, tzinfo=CENTRAL))
    assert late().astimezone().date() == date(2026, 12, 1)  # the workstation's own date
    with pytest.raises(UserError, match="after today"):
        log_request(database, _request(received_on=date(2026, 12, 1)), account=RECORDS, clock=late)
    logged = log_request(database, _request(received_on=TODAY), account=RECORDS, clock=late)
    assert logged.received_on == TODAY


def test_the_citys_own_non_business_days_count_only_when_the_office_says_so(
        database: Database) -> None:
    # Friday 27 March 2026: César Chávez Day (Tuesday 31 March) is a City holiday, and an
    # optional one for the State (§ 662.003(c)), so a business day for the Act by default.
    received = _request(received_on=date(2026, 3, 27))
    assert settings.OPTIONS[settings.PIA_CITY_DAYS].default == "no"
    first = log_request(database, received, account=RECORDS, clock=CLOCK)
    assert first.clock(ClockKind.PIA_RULING).due_on == date(2026, 4, 10)
    database.write(lambda s: settings.set_value(s, settings.PIA_CITY_DAYS, "yes",
                                                actor="Rosa Records", at=CLOCK()))
    again = get_request(database, first.request_id, account=RECORDS)
    ruling = again.clock(ClockKind.PIA_RULING)
    assert ruling.due_on == date(2026, 4, 13)
    assert "César Chávez Day (City of San Antonio)" in ruling.explain()
    assert "designated non-business days" in again.calendar_title


@pytest.mark.parametrize("role", [r for r in Role if r not in (Role.RECORDS, Role.ATTORNEY)])
def test_only_the_records_officer_and_the_city_attorney_handle_requests(
        database: Database, role: Role) -> None:
    view = log_request(database, _request(), account=ATTORNEY, clock=CLOCK)
    other = Account(903, "someone", "Some One", role)
    with pytest.raises(NotAllowed, match=r"City Attorney.s Office or Records officer"):
        list_requests(database, account=other)
    with pytest.raises(NotAllowed):
        get_request(database, view.request_id, account=other)
    with pytest.raises(NotAllowed):
        log_request(database, _request(), account=other, clock=CLOCK)
    with pytest.raises(NotAllowed):
        close_request(database, view.request_id, account=other, closed_on=TODAY, clock=CLOCK)


def test_the_log_shows_the_h1_status_of_each_record_asked_for(
        controller: WorkflowController) -> None:
    database = controller.database
    pending = filed_case(controller)
    returned = filed_case(controller, complete_intake(oath=sworn_oath(sworn=False)))
    controller.fire(returned, ReturnUnsworn())
    view = log_request(database,
                       _request(
        case_numbers=(_case_number(database, pending), _case_number(database, returned)),
        other_records=("The Board's minutes of November 2026",)),
                       account=RECORDS, clock=CLOCK)
    statuses = {record.label: record.h1_status for record in view.records}
    assert len(statuses) == 3
    assert any("Pending" in s and "§ 2-83(h)(1)" in s for s in statuses.values())
    assert any(s == f"Not pending ({CaseState.RETURNED_UNSWORN.label})"
               for s in statuses.values())
    assert statuses["The Board's minutes of November 2026"] == "Not a complaint record"
    assert view.touches_pending


def test_releasing_records_of_a_pending_complaint_is_refused_until_a_ruling_is_recorded(
        controller: WorkflowController) -> None:
    database = controller.database
    case_id = filed_case(controller)
    view = log_request(database, _request(
        case_numbers=(_case_number(database, case_id),)),
                       account=RECORDS, clock=CLOCK)
    with pytest.raises(RuleError) as refused:
        release_information(database, view.request_id, account=RECORDS, released_on=TODAY, clock=CLOCK)
    assert "§ 2-83(h)(1)" in str(refused.value) and "Record the ruling" in refused.value.fix
    assert get_request(database, view.request_id, account=RECORDS).released_on is None
    record_ruling_asked(database, view.request_id, account=RECORDS, asked_on=TODAY, told_on=TODAY,
                        clock=CLOCK, exceptions=EXCEPTIONS)
    record_ruling(database, view.request_id, account=ATTORNEY, by=RulingBy.ATTORNEY_GENERAL,
                  outcome=RulingOutcome.PARTIAL, decided_on=TODAY, reference="OR2026-01234", clock=CLOCK)
    released = release_information(database, view.request_id, account=RECORDS, released_on=TODAY,
                                   clock=CLOCK)
    assert released.released_on == TODAY
    assert released.ruling_label.startswith("Attorney General's ruling: Partial release")


def test_the_city_attorneys_decision_recorded_instead_allows_release(
        controller: WorkflowController) -> None:
    database = controller.database
    case_id = filed_case(controller)
    view = log_request(database, _request(
        case_numbers=(_case_number(database, case_id),)),
                       account=ATTORNEY, clock=CLOCK)
    record_ruling(database, view.request_id, account=ATTORNEY, by=RulingBy.CITY_ATTORNEY,
                  outcome=RulingOutcome.RELEASE, decided_on=TODAY, clock=CLOCK)
    released = release_information(database, view.request_id, account=ATTORNEY, released_on=TODAY,
                                   clock=CLOCK)
    assert released.released_on == TODAY
    # the two clocks of a ruling are not needed once the information is released
    assert released.clock(ClockKind.PIA_RULING).status is DeadlineStatus.CANCELLED
    assert released.clock(ClockKind.PIA_RELEASE_DATE).status is DeadlineStatus.MET


def test_an_attorney_generals_ruling_needs_a_ruling_asked_for(database: Database) -> None:
    view = log_request(database, _request(), account=RECORDS, clock=CLOCK)
    with pytest.raises(RuleError, match=r"§ 552.301\(b\)"):
        record_ruling(database, view.request_id, account=RECORDS, by=RulingBy.ATTORNEY_GENERAL,
                      outcome=RulingOutcome.RELEASE, decided_on=TODAY, clock=CLOCK)


def test_a_ruling_to_withhold_releases_nothing(controller: WorkflowController) -> None:
    database = controller.database
    view = log_request(database, _request(), account=RECORDS, clock=CLOCK)
    record_ruling_asked(database, view.request_id, account=RECORDS, asked_on=TODAY, told_on=TODAY,
                        clock=CLOCK, exceptions=EXCEPTIONS)
    record_ruling(database, view.request_id, account=RECORDS, by=RulingBy.ATTORNEY_GENERAL,
                  outcome=RulingOutcome.WITHHOLD, decided_on=TODAY, clock=CLOCK)
    with pytest.raises(RuleError, match=r"withhold.*552\.352"):
        release_information(database, view.request_id, account=RECORDS, released_on=TODAY, clock=CLOCK)


def test_records_of_a_complaint_no_longer_pending_are_released_without_a_ruling(
        controller: WorkflowController) -> None:
    database = controller.database
    returned = filed_case(controller, complete_intake(oath=sworn_oath(sworn=False)))
    controller.fire(returned, ReturnUnsworn())
    view = log_request(database, _request(
        case_numbers=(_case_number(database, returned),)),
                       account=RECORDS, clock=CLOCK)
    assert not view.touches_pending
    released = release_information(database, view.request_id, account=RECORDS, released_on=TODAY,
                                   clock=CLOCK)
    assert released.released_on == TODAY


def test_open_requests_touching_a_case_hold_its_records_until_closed(
        controller: WorkflowController) -> None:
    database = controller.database
    case_id, other = filed_case(controller), filed_case(controller)
    view = log_request(database, _request(
        case_numbers=(_case_number(database, case_id),)),
                       account=RECORDS, clock=CLOCK)
    with database.read_session() as session:
        holding = open_requests_touching(session, case_id)
        assert [h.number for h in holding] == [view.number]
        assert open_requests_touching(session, other) == []
    close_request(database, view.request_id, account=RECORDS, closed_on=TODAY, note="Answered", clock=CLOCK)
    with database.read_session() as session:
        assert open_requests_touching(session, case_id) == []


def test_asking_for_the_ruling_and_telling_the_requester_meets_the_tenth_day_clock(
        database: Database) -> None:
    view = log_request(database, _request(received_on=date(2026, 11, 2)), account=RECORDS, clock=CLOCK)
    # Veterans Day, Wednesday 11 November, is a State holiday (§ 662.003(a))
    assert view.clock(ClockKind.PIA_RULING).due_on == date(2026, 11, 17)
    assert "Veterans Day" in view.clock(ClockKind.PIA_RULING).explain()
    told_late = record_ruling_asked(database, view.request_id, account=RECORDS, asked_on=date(2026, 11, 17),
                                    told_on=date(2026, 11, 18), clock=CLOCK,
                                    exceptions=EXCEPTIONS)
    # both are due by the 10th business day (§ 552.301(b), (d)): the later one is late
    assert told_late.clock(ClockKind.PIA_RULING).status is DeadlineStatus.MISSED
    with pytest.raises(RuleError, match="No ruling was asked"):
        record_arguments_sent(database, log_request(
            database, _request(), account=RECORDS, clock=CLOCK).request_id,
                              account=RECORDS, sent_on=TODAY, clock=CLOCK)
    sent = record_arguments_sent(database, view.request_id, account=RECORDS, sent_on=date(2026, 11, 23),
                                 clock=CLOCK)
    assert sent.clock(ClockKind.PIA_ARGUMENTS).status is DeadlineStatus.MET


def test_certifying_a_date_and_hour_for_release_meets_the_552_221_clock(
        database: Database) -> None:
    view = log_request(database, _request(), account=RECORDS, clock=CLOCK)
    with pytest.raises(RuleError, match=r"§ 552.221\(d\)"):
        certify_release_date(database, view.request_id, account=RECORDS, certified_on=TODAY,
                             release_at=datetime(2026, 11, 30, 16, 0, tzinfo=CENTRAL), clock=CLOCK)
    certified = certify_release_date(
        database, view.request_id, account=RECORDS, certified_on=TODAY,
        release_at=datetime(2027, 1, 8, 10, 0, tzinfo=CENTRAL), clock=CLOCK)
    assert certified.clock(ClockKind.PIA_RELEASE_DATE).status is DeadlineStatus.MET
    assert certified.release_promised_at == datetime(2027, 1, 8, 10, 0, tzinfo=CENTRAL)


def test_each_act_on_a_request_is_audited_and_names_no_case(
        controller: WorkflowController) -> None:
    database = controller.database
    case_id = filed_case(controller)
    view = log_request(database, _request(
        case_numbers=(_case_number(database, case_id),)),
                       account=RECORDS, clock=CLOCK)
    close_request(database, view.request_id, account=RECORDS, closed_on=TODAY, clock=CLOCK)
    with database.read_session() as session:
        records = list(session.scalars(select(AuditRecord).where(
            AuditRecord.action.like("pia.%")).order_by(AuditRecord.seq)))
    assert [r.action for r in records] == ["pia.log", "pia.close"]
    assert all(r.actor == RECORDS.display and r.complaint_id is None for r in records)


def test_a_closed_request_is_not_changed(database: Database) -> None:
    view = log_request(database, _request(), account=RECORDS, clock=CLOCK)
    close_request(database, view.request_id, account=RECORDS, closed_on=TODAY, clock=CLOCK)
    with pytest.raises(UserError, match="was closed"):
        release_information(database, view.request_id, account=RECORDS, released_on=TODAY, clock=CLOCK)
    assert list_requests(database, account=RECORDS) == []
    assert [v.number for v in list_requests(database, account=RECORDS, include_closed=True)] == [
        view.number]


def test_an_unknown_case_number_is_refused_and_nothing_is_logged(database: Database) -> None:
    with pytest.raises(UserError, match="no filed case numbered “ERB-2026-999”"):
        log_request(database, _request(case_numbers=("ERB-2026-999",)), account=RECORDS, clock=CLOCK)
    assert list_requests(database, account=RECORDS, include_closed=True) == []


def test_a_change_made_at_another_desk_meanwhile_is_a_conflict(database: Database) -> None:
    view = log_request(database, _request(), account=RECORDS, clock=CLOCK)
    record_ruling_asked(database, view.request_id, account=ATTORNEY, asked_on=TODAY, told_on=TODAY,
                        clock=CLOCK, exceptions=EXCEPTIONS, seen_version=view.version)
    with pytest.raises(ConflictError, match="Another desk changed PIA-2026-001"):
        close_request(database, view.request_id, account=RECORDS, closed_on=TODAY, clock=CLOCK,
                      seen_version=view.version)


def test_requests_are_numbered_in_the_year_received(database: Database) -> None:
    first = log_request(database, _request(received_on=date(2025, 12, 30)), account=RECORDS, clock=CLOCK)
    second = log_request(database, _request(), account=RECORDS, clock=CLOCK)
    third = log_request(database, _request(), account=RECORDS, clock=CLOCK)
    assert [first.number, second.number, third.number] == [
        "PIA-2025-001", "PIA-2026-001", "PIA-2026-002"]


def test_the_command_line_lists_open_requests_with_their_next_due_date(
        database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from ethics_desk.cli import main
    from tests.signing_in import sign_in_as

    officer = sign_in_as(monkeypatch, database, Role.RECORDS)
    log_request(database, _request(), account=officer, clock=CLOCK)
    assert main(["requests", "--db", db_arg, "--explain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("PIA-2026-001  received 2026-11-30  María Gómez")
    assert "next due 2026-12-14" in out and "§ 552.301(b), (d)" in out
    assert "Counted 15 business days" in out


def test_the_command_line_does_not_tell_the_clerk_requests_exist(
        database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from ethics_desk.cli import main
    from tests.signing_in import sign_in_as

    log_request(database, _request(), account=RECORDS, clock=CLOCK)
    sign_in_as(monkeypatch, database, Role.CLERK)
    assert main(["requests", "--db", db_arg]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "PIA-" not in captured.err
    assert "Records officer" in captured.err


def test_the_calendar_shows_the_acts_clocks_to_those_who_handle_requests_only(
        database: Database) -> None:
    from ethics_desk.cases.calendar_overview import deadlines_on, month_overview

    view = log_request(database, _request(), account=RECORDS, clock=CLOCK)
    due = view.clock(ClockKind.PIA_ARGUMENTS).due_on  # Monday 21 December 2026
    listed = deadlines_on(database, due, TODAY, account=RECORDS)
    assert [(d.case_number, d.citation) for d in listed] == [
        (view.number, "Tex. Gov't Code § 552.301(e), (e-1)")]
    assert "15 business days" in listed[0].explanation
    assert month_overview(database, 2026, 12, TODAY, account=RECORDS).days[due].open_count == 1
    clerk = Account(904, "maria", "Maria Clerk", Role.CLERK)
    assert deadlines_on(database, due, TODAY, account=clerk) == []
    assert month_overview(database, 2026, 12, TODAY, account=clerk).days[due].open_count == 0


def test_the_inbox_line_names_the_next_clock_for_those_who_handle_requests_only(
        database: Database) -> None:
    from ethics_desk.public_information.log import due_summary

    log_request(database, _request(received_on=date(2026, 11, 2)), account=RECORDS, clock=CLOCK)
    line = due_summary(database, TODAY, account=ATTORNEY)
    assert line.startswith("Public Information Act: 1 open request, 3 clocks overdue ⚠")
    assert "next due Tuesday 2026-11-17: PIA-2026-001" in line
    with pytest.raises(NotAllowed):
        due_summary(database, TODAY, account=Account(904, "maria", "Maria Clerk", Role.CLERK))


@pytest.mark.parametrize("outcome", [RulingOutcome.WITHHOLD, RulingOutcome.PARTIAL])
def test_a_city_attorneys_decision_to_withhold_needs_a_ruling_asked_or_a_previous_determination(
        database: Database, outcome: RulingOutcome) -> None:
    view = log_request(database, _request(), account=ATTORNEY, clock=CLOCK)
    with pytest.raises(RuleError, match="no request for the Attorney General's ruling") as refused:
        record_ruling(database, view.request_id, account=ATTORNEY, by=RulingBy.CITY_ATTORNEY,
                      outcome=outcome, decided_on=TODAY, clock=CLOCK)
    assert "§ 552.301(a)" in str(refused.value) and "previous determination" in refused.value.fix
    assert get_request(database, view.request_id, account=ATTORNEY).outcome is None
    withheld = record_ruling(database, view.request_id, account=ATTORNEY,
                             by=RulingBy.CITY_ATTORNEY, outcome=outcome, decided_on=TODAY,
                             previous_determination="Open Records Decision No. 684",
                             clock=CLOCK)
    assert withheld.previous_determination == "Open Records Decision No. 684"
    assert "under the previous determination Open Records Decision No. 684" in (
        withheld.ruling_label)
    ruling = withheld.clock(ClockKind.PIA_RULING)
    assert ruling.status is DeadlineStatus.CANCELLED
    assert "previous determination Open Records Decision No. 684" in ruling.explain()


def test_a_city_attorneys_decision_to_withhold_after_a_ruling_was_asked_is_recorded(
        database: Database) -> None:
    view = log_request(database, _request(), account=ATTORNEY, clock=CLOCK)
    record_ruling_asked(database, view.request_id, account=ATTORNEY, asked_on=TODAY,
                        told_on=TODAY, clock=CLOCK, exceptions=EXCEPTIONS)
    withheld = record_ruling(database, view.request_id, account=ATTORNEY,
                             by=RulingBy.CITY_ATTORNEY, outcome=RulingOutcome.WITHHOLD,
                             decided_on=TODAY, clock=CLOCK)
    assert withheld.outcome is RulingOutcome.WITHHOLD
    with pytest.raises(UserError, match="previous determination is cited only"):
        record_ruling(database, view.request_id, account=ATTORNEY, by=RulingBy.CITY_ATTORNEY,
                      outcome=RulingOutcome.RELEASE, decided_on=TODAY,
                      previous_determination="Open Records Decision No. 684", clock=CLOCK)


def test_a_ruling_is_asked_only_with_the_exceptions_claimed(database: Database) -> None:
    view = log_request(database, _request(), account=RECORDS, clock=CLOCK)
    with pytest.raises(RuleError, match=r"states the exceptions.*§ 552\.301\(b\)"):
        record_ruling_asked(database, view.request_id, account=RECORDS, asked_on=TODAY,
                            told_on=TODAY, clock=CLOCK)
    with pytest.raises(UserError, match="names no section of the Act"):
        record_exceptions(database, view.request_id, account=RECORDS, clock=CLOCK,
                          exceptions=("it is confidential",))
    assert get_request(database, view.request_id, account=RECORDS).ruling_requested_on is None
    record_exceptions(database, view.request_id, account=RECORDS, clock=CLOCK,
                      exceptions=("", *EXCEPTIONS, "§ 552.103 — litigation"))
    asked = record_ruling_asked(database, view.request_id, account=RECORDS, asked_on=TODAY,
                                told_on=TODAY, clock=CLOCK)
    assert asked.exceptions_claimed == (*EXCEPTIONS, "§ 552.103 — litigation")
    assert asked.clock(ClockKind.PIA_RULING).status is DeadlineStatus.MET


def test_a_clock_missed_before_the_request_was_closed_stays_missed_and_the_information_is_presumed_public(
        database: Database) -> None:
    view = log_request(database, _request(received_on=date(2026, 11, 2)), account=RECORDS,
                       clock=CLOCK)
    assert view.clock(ClockKind.PIA_RULING).due_on == date(2026, 11, 17)
    closed = close_request(database, view.request_id, account=RECORDS, closed_on=TODAY,
                           note="Withdrawn", clock=CLOCK)
    ruling = closed.clock(ClockKind.PIA_RULING)
    assert ruling.status is DeadlineStatus.MISSED  # not cancelled by the close
    assert closed.clock(ClockKind.PIA_ARGUMENTS).status is DeadlineStatus.MISSED
    assert "Missed: not done by 2026-11-17; the request was closed on 2026-11-30" in (
        ruling.explain())
    assert "§ 552.302: the information requested is presumed" in ruling.explain()
    assert closed.presumption.startswith("Gov't Code § 552.302: missed Gov't Code "
                                         "§ 552.301(b), (d) (due 2026-11-17)")
    assert "presumed to be subject to required public disclosure" in closed.presumption
    listed = list_requests(database, account=RECORDS, include_closed=True)
    assert summaries(listed)[0].endswith("; presumed public (Tex. Gov't Code § 552.302)")


def test_a_request_closed_before_its_clocks_fall_due_presumes_nothing(database: Database) -> None:
    view = log_request(database, _request(), account=RECORDS, clock=CLOCK)
    closed = close_request(database, view.request_id, account=RECORDS, closed_on=TODAY,
                           note="Withdrawn", clock=CLOCK)
    assert {c.status for c in closed.clocks} == {DeadlineStatus.CANCELLED}
    assert closed.presumption == ""


def test_a_clarification_asked_by_the_tenth_day_holds_the_clocks_and_its_answer_restarts_them(
        database: Database) -> None:
    view = log_request(database, _request(received_on=date(2026, 11, 16)), account=RECORDS,
                       clock=CLOCK)
    assert view.clock(ClockKind.PIA_RULING).due_on == date(2026, 12, 2)  # Thanksgiving skipped
    asked = record_clarification_asked(
        database, view.request_id, account=RECORDS, asked_on=date(2026, 11, 18),
        question="Which months of 2026 do you mean?", clock=CLOCK)
    assert all(c.waiting and c.status_label == "Waiting for the clarification"
               for c in asked.clocks)
    assert asked.next_due is None  # nothing is due while the requester is asked
    assert "the clocks wait for the requester's clarification" in summaries([asked])[0]
    assert "§ 552.222(b)" in asked.clock(ClockKind.PIA_RULING).explain()
    answered = record_clarification_answered(database, view.request_id, account=RECORDS,
                                             answered_on=date(2026, 11, 30), clock=CLOCK)
    assert answered.received_on == date(2026, 11, 16)  # the request's own receipt stays
    ruling = answered.clock(ClockKind.PIA_RULING)
    assert ruling.status is DeadlineStatus.OPEN
    assert ruling.due_on == date(2026, 12, 14)  # ten business days from the answer
    assert answered.clock(ClockKind.PIA_ARGUMENTS).due_on == date(2026, 12, 21)
    assert "City of Dallas v. Abbott" in ruling.explain()
    assert "received on 2026-11-30" in answered.clocks_from


def test_a_clarification_asked_after_the_tenth_day_does_not_restart_the_clocks(
        database: Database) -> None:
    view = log_request(database, _request(received_on=date(2026, 11, 2)), account=RECORDS,
                       clock=CLOCK)
    asked = record_clarification_asked(database, view.request_id, account=RECORDS,
                                       asked_on=date(2026, 11, 18), question="Which?",
                                       clock=CLOCK)
    assert asked.clock(ClockKind.PIA_RULING).due_on == date(2026, 11, 17)
    assert asked.clock(ClockKind.PIA_RULING).status is DeadlineStatus.OPEN
    answered = record_clarification_answered(database, view.request_id, account=RECORDS,
                                             answered_on=TODAY, clock=CLOCK)
    assert answered.clock(ClockKind.PIA_RULING).due_on == date(2026, 11, 17)


def test_an_answer_needs_a_clarification_asked_and_cannot_come_before_it(
        database: Database) -> None:
    view = log_request(database, _request(received_on=date(2026, 11, 16)), account=RECORDS,
                       clock=CLOCK)
    with pytest.raises(UserError, match="No clarification awaits an answer"):
        record_clarification_answered(database, view.request_id, account=RECORDS,
                                      answered_on=TODAY, clock=CLOCK)
    with pytest.raises(UserError, match="needs its question"):
        record_clarification_asked(database, view.request_id, account=RECORDS,
                                   asked_on=date(2026, 11, 18), question="  ", clock=CLOCK)
    record_clarification_asked(database, view.request_id, account=RECORDS,
                               asked_on=date(2026, 11, 18), question="Which?", clock=CLOCK)
    with pytest.raises(UserError, match="cannot come before"):
        record_clarification_answered(database, view.request_id, account=RECORDS,
                                      answered_on=date(2026, 11, 17), clock=CLOCK)


def test_an_itemized_statement_of_estimated_charges_is_recorded_with_its_answer_date(
        database: Database) -> None:
    view = log_request(database, _request(), account=RECORDS, clock=CLOCK)
    with pytest.raises(UserError, match="not “what; how many; charge for one”"):
        typed_cost_items(["Paper copies, 120 at 0.10"])
    with pytest.raises(UserError, match="needs a number"):
        typed_cost_items(["Paper copies; many; 0.10"])
    items = typed_cost_items(["Paper copies; 120; 0.10", "", "Labor, hours; 2.5; 15.00"])
    with pytest.raises(UserError, match="at least one item"):
        record_cost_estimate(database, view.request_id, account=RECORDS, items=(),
                             sent_on=TODAY, clock=CLOCK)
    sent = record_cost_estimate(database, view.request_id, account=RECORDS, items=items,
                                sent_on=TODAY, clock=CLOCK)
    assert [(i.description, i.amount_cents) for i in sent.estimate] == [
        ("Paper copies", 1200), ("Labor, hours", 3750)]
    assert sent.estimate_total_cents == 4950
    assert sent.estimate_answer_due == date(2026, 12, 14)  # 10th business day, § 552.2615(b)


def test_the_command_line_says_what_552_302_presumes_of_a_request_closed_after_a_missed_clock(
        database: Database, db_arg: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from ethics_desk.cli import main
    from tests.signing_in import sign_in_as

    officer = sign_in_as(monkeypatch, database, Role.RECORDS)
    view = log_request(database, _request(received_on=date(2026, 11, 2)), account=officer,
                       clock=CLOCK)
    close_request(database, view.request_id, account=officer, closed_on=TODAY, clock=CLOCK)
    assert main(["requests", "--db", db_arg, "--all", "--explain"]) == 0
    out = capsys.readouterr().out
    assert "Closed: no clock running; presumed public (Tex. Gov't Code § 552.302)" in out
    assert "Missed: not done by 2026-11-17; the request was closed on 2026-11-30." in out
    assert "Tex. Gov't Code § 552.302: the information requested is presumed" in out
