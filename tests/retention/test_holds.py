"""Legal holds (Local Government Code § 202.002): a held case cannot be disposed of, the refusal
names the hold and the law, a released hold no longer blocks, placing and releasing are
recorded acts of the Records officer or the City Attorney's Office, and a hold tells no one of
a case they may not know of (§ 2-83(h)(1))."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from ethics_desk.core.errors import NotAllowed, UserError
from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord, Complainant, Complaint, HoldKind, LegalHold
from ethics_desk.retention.disposal import disposal_list, dispose
from ethics_desk.retention.holds import list_holds, parse_numbers, place_hold, reasons_held, release_hold
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, copy_of, examples
from tests.factories import filed_case
from tests.retention.conftest import ELIGIBLE_ON, RECORDS, on, person, resolved_case

ATTORNEY = person(Role.ATTORNEY, "Alma Attorney")
LAWSUIT = "Peña v. City of San Antonio, No. 2027-CI-01234"


def _number(database: Database, case_id: int) -> str:
    with database.read_session() as session:
        number = session.scalar(select(Complaint.case_number).where(Complaint.id == case_id))
    assert number is not None
    return number


def test_a_held_case_cannot_be_disposed_and_the_refusal_names_the_hold_and_the_law(
        controller: WorkflowController, database: Database) -> None:
    case = resolved_case(controller)
    number = _number(database, case)
    hold = place_hold(database, account=RECORDS, clock=CLOCK, kind=HoldKind.LITIGATION, reason=LAWSUIT,
                      case_numbers=[number])
    with pytest.raises(UserError) as refused:
        dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    message = str(refused.value)
    assert f"Litigation hold {hold}" in message and LAWSUIT in message
    assert "Local Government Code § 202.002" in message
    with database.read_session() as session:
        assert session.scalar(select(Complainant.name).where(Complainant.complaint_id == case))


def test_a_released_hold_no_longer_blocks(controller: WorkflowController,
                                          database: Database) -> None:
    case = resolved_case(controller)
    hold = place_hold(database, account=RECORDS, clock=CLOCK, kind=HoldKind.LITIGATION, reason=LAWSUIT,
                      case_numbers=[_number(database, case)])
    release_hold(database, hold, account=ATTORNEY, clock=on(ELIGIBLE_ON), reason="Judgment final, no appeal")
    with database.read_session() as session:
        assert reasons_held(session, case) == []
        released = session.get(LegalHold, hold)
        assert released is not None and released.released_by == ATTORNEY.display
        assert released.release_reason == "Judgment final, no appeal"
    entry = dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    assert entry.case_number == _number(database, case)
    [row] = list_holds(database, account=RECORDS)
    assert not row.in_force and "Judgment final" in row.status


def test_placing_and_releasing_a_hold_are_recorded_in_the_cases_history(
        controller: WorkflowController, database: Database) -> None:
    case = resolved_case(controller)
    hold = place_hold(database, account=ATTORNEY, clock=CLOCK, kind=HoldKind.LITIGATION, reason=LAWSUIT,
                      case_numbers=[_number(database, case)])
    release_hold(database, hold, account=RECORDS, clock=CLOCK, reason="Settled")
    with database.read_session() as session:
        records = session.scalars(select(AuditRecord).where(
            AuditRecord.complaint_id == case,
            AuditRecord.action.like("retention.%")).order_by(AuditRecord.seq)).all()
    assert [(r.action, r.actor) for r in records] == [
        ("retention.hold", ATTORNEY.display), ("retention.release", RECORDS.display)]
    assert LAWSUIT in records[0].summary and "Settled" in records[1].summary


def test_a_hold_needs_its_reason_and_its_cases(controller: WorkflowController,
                                               database: Database) -> None:
    number = _number(database, resolved_case(controller))
    with pytest.raises(UserError, match="needs its reason"):
        place_hold(database, account=RECORDS, clock=CLOCK, kind=HoldKind.AUDIT, reason="  ",
                   case_numbers=[number])
    with pytest.raises(UserError, match="names the cases"):
        place_hold(database, account=RECORDS, clock=CLOCK, kind=HoldKind.AUDIT, reason="Audit",
                   case_numbers=[])
    with pytest.raises(UserError, match="There is no case ERB-2099-999"):
        place_hold(database, account=RECORDS, clock=CLOCK, kind=HoldKind.AUDIT, reason="Audit",
                   case_numbers=[number, "ERB-2099-999"])
    assert list_holds(database, account=RECORDS) == []


@pytest.mark.parametrize("role", [r for r in Role if r not in (Role.RECORDS, Role.ATTORNEY)])
def test_only_the_records_officer_and_the_city_attorney_place_or_release_holds(
        controller: WorkflowController, database: Database, role: Role) -> None:
    number = _number(database, resolved_case(controller))
    with pytest.raises(NotAllowed, match="City Attorney's Office or Records officer"):
        place_hold(database, account=person(role), clock=CLOCK, kind=HoldKind.OFFICE, reason="Keep",
                   case_numbers=[number])
    hold = place_hold(database, account=RECORDS, clock=CLOCK, kind=HoldKind.OFFICE, reason="Keep",
                      case_numbers=[number])
    with pytest.raises(NotAllowed):
        release_hold(database, hold, account=person(role), clock=CLOCK, reason="Done")
    assert list_holds(database, account=RECORDS)[0].in_force


def test_the_city_attorney_cannot_learn_of_a_case_it_does_not_receive_through_a_hold(
        controller: WorkflowController, database: Database) -> None:
    at_the_clerk = filed_case(controller)  # not forwarded for review: the Attorney has not got it
    number = _number(database, at_the_clerk)
    with pytest.raises(UserError) as refused:
        place_hold(database, account=ATTORNEY, clock=CLOCK, kind=HoldKind.LITIGATION, reason=LAWSUIT,
                   case_numbers=[number])
    assert str(refused.value) == f"There is no case {number}. Check the number in the inbox."
    place_hold(database, account=RECORDS, clock=CLOCK, kind=HoldKind.OFFICE, reason="Keep",
               case_numbers=[number])
    assert list_holds(database, account=ATTORNEY) == []
    assert [r.case_numbers for r in list_holds(database, account=RECORDS)] == [(number,)]


def test_case_numbers_are_typed_one_a_line_or_with_commas() -> None:
    assert parse_numbers("erb-2026-001, ERB-2026-002\nERB-2026-001;  ERB-2026-003 ") == [
        "ERB-2026-001", "ERB-2026-002", "ERB-2026-003"]


# -- a held record is never disposed of, whatever the holds --------------------------------------


CASES = 4


@pytest.fixture(scope="module")
def resolved(tmp_path_factory: pytest.TempPathFactory,
             _new_database_template: Path | str) -> Iterator[tuple[Database, list[int]]]:
    """One database for the module with :data:`CASES` resolved cases."""
    for database in copy_of(_new_database_template, tmp_path_factory.mktemp("holds"),
                            "holds.sqlite"):
        controller = WorkflowController.unrestricted(database, "Maria Clerk", clock=CLOCK)
        yield database, [resolved_case(controller) for _ in range(CASES)]


holds_drawn = st.lists(st.tuples(st.sampled_from(list(HoldKind)),
                                 st.sets(st.integers(0, CASES - 1), min_size=1),
                                 st.booleans()), max_size=4)
"""Holds: a kind, the cases named (by index), and whether the hold is released again."""


@settings(max_examples=examples(12), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(holds=holds_drawn)
def test_a_case_is_eligible_exactly_when_no_hold_in_force_names_it_and_a_held_one_is_refused(
        resolved: tuple[Database, list[int]],
        holds: list[tuple[HoldKind, set[int], bool]]) -> None:
    database, cases = resolved
    for row in list_holds(database, account=RECORDS):  # each example starts with no hold in force
        if row.in_force:
            release_hold(database, row.id, account=RECORDS, clock=CLOCK, reason="Next example")
    numbers = [_number(database, case) for case in cases]
    in_force: set[int] = set()
    for kind, named, released in holds:
        hold = place_hold(database, account=RECORDS, clock=CLOCK, kind=kind, reason=f"{kind.label} matter",
                          case_numbers=[numbers[i] for i in sorted(named)])
        if released:
            release_hold(database, hold, account=ATTORNEY, clock=CLOCK, reason="Over")
        else:
            in_force |= {cases[i] for i in named}
    listed = disposal_list(database, account=RECORDS, clock=on(ELIGIBLE_ON))
    assert {line.case_id for line in listed.held} == in_force
    assert {line.case_id for line in listed.eligible} == set(cases) - in_force
    for case in in_force:
        with pytest.raises(UserError, match=r"Local Government Code § 202\.002"):
            dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    with database.read_session() as session:
        assert {c for c in cases if session.scalar(
            select(Complainant.id).where(Complainant.complaint_id == c))} == set(cases)


def test_an_open_records_request_that_touches_a_case_holds_it_until_the_request_is_closed(
        controller: WorkflowController, database: Database) -> None:
    from ethics_desk.models import RequestChannel
    from ethics_desk.public_information.log import NewRequest, close_request, log_request

    case = resolved_case(controller)
    number = _number(database, case)
    request = log_request(database,
                          NewRequest(
        requester_name="María Gómez", channel=RequestChannel.EMAIL,
        asked_for="The complaint file", received_on=CLOCK().date(),
        requester_email="mgomez@example.com", case_numbers=(number,)),
                          account=RECORDS, clock=CLOCK)
    with pytest.raises(UserError) as refused:
        dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON))
    assert f"Public Information Act request {request.number}" in str(refused.value)
    assert "Local Government Code § 202.002" in str(refused.value)
    [held] = disposal_list(database, account=RECORDS, clock=on(ELIGIBLE_ON)).held
    assert held.case_number == number and request.number in held.held_because
    close_request(database, request.request_id, account=RECORDS, closed_on=CLOCK().date(), note="Released",
                  clock=CLOCK)
    assert dispose(database, case, account=RECORDS, clock=on(ELIGIBLE_ON)).case_number == number
