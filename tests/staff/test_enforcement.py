"""The permission table as the application enforces it, for every role: each event of the
workflow through the controller, each read of a case through the functions every screen and
command uses, and the same answer for a hidden case as for a missing one (§ 2-83(d), (h)(1)).
Also: the audit actor is the signed-in account, two people acting at once."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import date

import pytest
from sqlalchemy import select

from ethics_desk.cases.calendar_overview import deadlines_on, open_counts
from ethics_desk.cases.case_file import load_case
from ethics_desk.cases.inbox import ALL_CASES, saved_view
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.core.account import Account
from ethics_desk.core.errors import UserError
from ethics_desk.core.events import Event
from ethics_desk.core.permissions import Act, may, may_fire
from ethics_desk.core.roles import Role
from ethics_desk.documents.making import find_case, render_letter
from ethics_desk.models import AuditRecord, Complaint, Deadline, DeadlineStatus
from ethics_desk.public_information.log import open_clocks_between
from ethics_desk.staff.accounts import sign_in
from ethics_desk.staff.scope import case_condition, receives
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, NOW, DemoTemplate

TODAY = NOW.date()


@pytest.fixture(scope="module")
def demo(demo_template: DemoTemplate,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    """One copy of the demonstration for the module (its accounts: one per role, "demo")."""
    yield from demo_template.copy(tmp_path_factory.mktemp("enforcement"))


@pytest.fixture(scope="module")
def people(demo: Database) -> dict[Role, Account]:
    """The demonstration's account of each role, signed in."""
    return {role: sign_in(demo, role.value, "demo", clock=CLOCK) for role in Role}


def _cases(database: Database) -> list[Complaint]:
    with database.read_session() as session:
        return list(session.scalars(select(Complaint).order_by(Complaint.id)))


@pytest.mark.parametrize("role", list(Role))
def test_the_sql_condition_and_the_per_case_rule_agree_on_every_case(
        demo: Database, people: dict[Role, Account], role: Role) -> None:
    account = people[role]
    with demo.read_session() as session:
        by_sql = set(session.scalars(select(Complaint.id).where(case_condition(account))))
        by_rule = {c.id for c in session.scalars(select(Complaint)) if receives(session, account, c)}
    assert by_sql == by_rule
    if role is Role.CLERK:
        assert by_sql == {c.id for c in _cases(demo)}
    if role in (Role.RECORDS, Role.ADMIN):
        assert by_sql == set()


@pytest.mark.parametrize("role", list(Role))
@pytest.mark.parametrize("event", list(Event))
def test_the_controller_offers_each_event_only_to_the_roles_the_table_gives_it(
        demo: Database, people: dict[Role, Account], role: Role, event: Event) -> None:
    account = people[role]
    controller = WorkflowController(demo, account, clock=CLOCK)
    with demo.read_session() as session:
        seen = [c.id for c in session.scalars(select(Complaint).order_by(Complaint.id))
                if receives(session, account, c)]
    for case_id in seen[:6]:
        option = next(o for o in controller.available_events(case_id) if o.event is event)
        role_blocked = any("you are signed in as" in b.reason for b in option.reasons)
        assert role_blocked is not may_fire(role, event)
        if not may_fire(role, event):
            assert not option.allowed


@pytest.mark.parametrize("role", [r for r in Role if r is not Role.CLERK])
def test_every_read_of_a_hidden_case_answers_as_for_a_missing_one(
        demo: Database, people: dict[Role, Account], role: Role) -> None:
    account = people[role]
    with demo.read_session() as session:
        hidden = next(c for c in session.scalars(select(Complaint).order_by(Complaint.id))
                      if c.case_number and not receives(session, account, c))
        number, hidden_id = hidden.case_number, hidden.id
        missing_id = (session.scalar(select(Complaint.id).order_by(Complaint.id.desc())) or 0) + 99
    assert number is not None
    missing_number = f"{number[:-3]}999"

    def answer(read: object) -> str:
        with pytest.raises(UserError) as caught:
            read()  # type: ignore[operator]
        return f"{caught.value.problem} {caught.value.fix}"

    reads = {
        "find_case": (lambda: find_case(demo, number, account=account),
                      lambda: find_case(demo, missing_number, account=account)),
        "load_case": (lambda: load_case(demo, hidden_id, account=account, opened=CLOCK),
                      lambda: load_case(demo, missing_id, account=account, opened=CLOCK)),
        "render_letter": (lambda: render_letter(demo, hidden_id, "receipt", account=account,
                                                clock=CLOCK),
                          lambda: render_letter(demo, missing_id, "receipt", account=account,
                                                clock=CLOCK)),
        "controller": (lambda: WorkflowController(demo, account, clock=CLOCK)
                       .available_events(hidden_id),
                       lambda: WorkflowController(demo, account, clock=CLOCK)
                       .available_events(missing_id)),
    }
    for name, (of_hidden, of_missing) in reads.items():
        said_hidden = answer(of_hidden).replace(number, "#").replace(str(hidden_id), "#")
        said_missing = answer(of_missing).replace(missing_number, "#").replace(
            str(missing_id), "#")
        assert said_hidden == said_missing, name
    with demo.read_session() as session:
        recorded = session.scalars(select(AuditRecord).where(
            AuditRecord.complaint_id == hidden_id, AuditRecord.actor == account.display)).all()
    assert recorded == []  # nothing was read, so nothing was recorded as seen


@pytest.mark.parametrize("role", list(Role))
def test_the_inbox_and_the_calendar_count_only_what_the_role_receives(
        demo: Database, people: dict[Role, Account], role: Role) -> None:
    account = people[role]
    with demo.read_session() as session:
        received = {c.id for c in session.scalars(select(Complaint))
                    if receives(session, account, c)}
        open_deadlines = [(d.complaint_id, d.due_on) for d in session.scalars(
            select(Deadline).where(Deadline.status == DeadlineStatus.OPEN))]
    query = InboxQuery(demo, TODAY, account)
    assert set(query.ids(saved_view(ALL_CASES))) == received
    assert query.count(saved_view(ALL_CASES)) == len(received)
    first, last = date(TODAY.year - 1, 1, 1), date(TODAY.year + 1, 12, 31)
    counts = open_counts(demo, first, last, TODAY, account=account)
    expected: dict[date, int] = {}
    for complaint_id, due_on in open_deadlines:
        if complaint_id in received and first <= due_on <= last:
            expected[due_on] = expected.get(due_on, 0) + 1
    if may(role, Act.PUBLIC_INFORMATION):  # and the Act's clocks, to those who handle requests
        with demo.read_session() as session:
            for _request, clock in open_clocks_between(session, first, last):
                expected[clock.due_on] = expected.get(clock.due_on, 0) + 1
    assert {day: count for day, (count, _overdue) in counts.items()} == expected
    for day in list(expected)[:5]:
        listed = deadlines_on(demo, day, TODAY, account=account)
        assert {d.complaint_id for d in listed if d.complaint_id} <= received  # 0: a request


def test_the_audit_actor_is_the_signed_in_account_at_two_desks_at_once(
        database: Database) -> None:
    from ethics_desk.office.actions import save_settings
    from ethics_desk.staff.accounts import add_account
    from tests.signing_in import account_of

    maria = account_of(database, Role.CLERK)
    ada = account_of(database, Role.ADMIN)
    jose = add_account(database, "jose", "José Peña", Role.CLERK, "a passphrase of José's",
                       by=ada, clock=CLOCK)
    barrier = threading.Barrier(2)
    failures: list[BaseException] = []

    def desk(account: Account, key: str, values: list[int]) -> None:
        try:
            barrier.wait()
            for value in values:
                save_settings(database, {key: value}, account=account, clock=CLOCK)
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=desk, args=(maria, "receipt.presumption_days",
                                                   [4, 5, 6, 7])),
               threading.Thread(target=desk, args=(jose, "policy.prompt_forward_days",
                                                   [2, 3, 4, 5]))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    with database.read_session() as session:
        changes = session.scalars(select(AuditRecord).where(
            AuditRecord.action == "setting.change").order_by(AuditRecord.seq)).all()
    by_key: dict[str, set[str]] = {}
    for record in changes:
        key = "receipt" if "receipt" in record.detail else "policy"
        by_key.setdefault(key, set()).add(record.actor)
    assert by_key == {"receipt": {maria.display}, "policy": {jose.display}}
    assert len(changes) == 8


def test_no_one_acts_through_the_workflow_by_a_name_alone(demo: Database) -> None:
    """A person's act names their signed-in account, whose role and scope the controller
    checks; only the application's own work goes by a name, and says so."""
    with pytest.raises(TypeError, match="signed-in account"):
        WorkflowController(demo, "Maria Clerk", clock=CLOCK)  # type: ignore[arg-type]
    own = WorkflowController.unrestricted(demo, "Ethics Desk", clock=CLOCK)
    assert own.account is None and own.actor == "Ethics Desk"
