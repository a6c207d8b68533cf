"""The server gives each person exactly the complaints the application gives them (§ 2-83(d),
(h)(1)): the row-level security of :mod:`ethics_desk.staff.server_policies`, generated from
:func:`ethics_desk.staff.scope.role_condition`, compared with the application's own rule on the
demonstration's cases, each person connected as their own role with the driver.

PostgreSQL only (the server's own rules): they run when the suite has its server.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import sqlalchemy as sa
from sqlalchemy import select

from ethics_desk.core.account import Account
from ethics_desk.core.permissions import ACT_ROLES, Act
from ethics_desk.core.roles import Role
from ethics_desk.models import Complaint, Respondent
from ethics_desk.staff.accounts import add_account, sign_in
from ethics_desk.staff.scope import case_condition
from ethics_desk.staff.server_policies import NAME_KEY_TABLE
from ethics_desk.storage.case_tables import case_tables
from ethics_desk.storage.database import Database
from ethics_desk.storage.server_roles import add_person
from tests.conftest import CLOCK, DemoTemplate, server_url, test_server
from tests.signing_in import PASSWORD

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="the server's rules need the suite's PostgreSQL server")

_LOGINS = itertools.count(1)


@dataclass
class Office:
    """The demonstration on the server, each role's person with their own server role."""

    database: Database
    accounts: dict[Role, Account]
    made: list[str]  # the server roles made for this module (dropped after it)

    def person(self, login: str) -> sa.Engine:
        """An engine connected as ``login`` (the suite's server trusts its loopback)."""
        return sa.create_engine(self.database.url.set(username=login, password=None),
                                poolclass=sa.pool.NullPool)

    def new_person(self, login: str, role: Role) -> str:
        """``login``'s account, now given a server role of its own under a login no other run
        uses (renamed by IT, journalled as every change is)."""
        person = f"s{os.getpid()}x{next(_LOGINS)}"
        with self.database.engine.begin() as conn:
            conn.execute(sa.text("UPDATE staff_account SET login = :new WHERE login = :old"),
                         {"new": person, "old": login})
            add_person(conn, person, role, PASSWORD)
        self.made.append(person)
        return person


@pytest.fixture(scope="module")
def office(demo_template: DemoTemplate,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Office]:
    server = test_server()
    assert server is not None
    made: list[str] = []
    try:
        for database in demo_template.copy(tmp_path_factory.mktemp("server-scope")):
            found = Office(database, {}, made)
            for role in Role:  # the demonstration's accounts: login = the role, "demo"
                login = found.new_person(role.value, role)
                found.accounts[role] = sign_in(database, login, "demo", clock=CLOCK)
            yield found
    finally:  # after the database, which holds their right to connect
        with server.admin.connect() as conn:
            for login in made:
                conn.execute(sa.text(f'DROP ROLE IF EXISTS "{login}"'))


def _received(office: Office, account: Account) -> set[int]:
    """The complaints the application gives ``account``."""
    with office.database.read_session() as session:
        return set(session.scalars(select(Complaint.id).where(case_condition(account))))


def _reached(office: Office, account: Account) -> set[int]:
    """The complaints whose rows the server lets ``account`` reach: those it receives, and for
    the retention schedule's roles the resolved ones too — no longer pending, § 2-83(h)(1) —
    whose files they destroy when their period has run."""
    reached = _received(office, account)
    if account.role in ACT_ROLES[Act.RETENTION]:
        reached |= _owners(office, "SELECT id FROM complaint WHERE state = 'resolved'")
    return reached


def _seen(office: Office, login: str, sql: str = "SELECT id FROM complaint") -> set[int]:
    engine = office.person(login)
    try:
        with engine.connect() as conn:
            return {int(row[0]) for row in conn.execute(sa.text(sql)) if row[0] is not None}
    finally:
        engine.dispose()


def _owners(office: Office, sql: str) -> set[int]:
    with office.database.engine.connect() as conn:
        return {int(row[0]) for row in conn.execute(sa.text(sql)) if row[0] is not None}


@pytest.mark.parametrize("role", list(Role))
def test_the_server_gives_each_role_exactly_the_complaints_the_application_gives(
        office: Office, role: Role) -> None:
    account = office.accounts[role]
    received = _received(office, account)
    assert _seen(office, account.login) == _reached(office, account)
    pending = _owners(office, "SELECT id FROM complaint WHERE state <> 'resolved'")
    assert _seen(office, account.login) & pending == received & pending
    if role is Role.CLERK:
        assert received == _owners(office, "SELECT id FROM complaint")
    if role in (Role.RECORDS, Role.ADMIN):
        assert received == set() and not _seen(office, account.login) & pending
    else:
        assert received, "the demonstration gives every other role some complaint"


@pytest.mark.parametrize("role", [Role.MEMBER, Role.AUDITOR, Role.RECORDS])
def test_every_table_of_a_case_shows_the_rows_of_the_complaints_received_and_no_other(
        office: Office, role: Role) -> None:
    account = office.accounts[role]
    received = _reached(office, account)
    for table, column in case_tables().items():
        if "." in column:  # below another table: the rows of its parent's rows
            parent, reference = column.split(".")
            sql = (f"SELECT c.complaint_id FROM {table} t JOIN {parent} c "
                   f"ON c.id = t.{reference}")
            owners = _owners(office, sql)
        else:
            sql = f"SELECT {column} FROM {table}"
            owners = _owners(office, sql)
        seen = _seen(office, account.login, sql)
        assert seen == owners & received, table


def _a_case_before_the_board(office: Office) -> tuple[int, str]:
    received = _received(office, office.accounts[Role.MEMBER])
    with office.database.read_session() as session:
        respondent = session.scalars(select(Respondent).where(
            Respondent.complaint_id.in_(received)).order_by(Respondent.id)).first()
        assert respondent is not None
        return respondent.complaint_id, respondent.name


def test_a_board_member_who_is_a_party_never_receives_the_complaint_on_the_server(
        office: Office) -> None:
    case, respondent = _a_case_before_the_board(office)
    admin = office.accounts[Role.ADMIN]
    named = f"party{next(_LOGINS)}"
    add_account(office.database, named, respondent, Role.MEMBER, PASSWORD, by=admin,
                clock=CLOCK)
    by_title = f"party{next(_LOGINS)}"  # a possible match: flagged, and kept from the case
    add_account(office.database, by_title, f"Dr. {respondent.upper()}", Role.MEMBER, PASSWORD,
                by=admin, clock=CLOCK)
    for login in (named, by_title):
        person = office.new_person(login, Role.MEMBER)
        account = sign_in(office.database, person, PASSWORD, clock=CLOCK)
        assert case not in _received(office, account)
        seen = _seen(office, person)
        assert case not in seen and seen == _received(office, account)
        assert case not in _seen(office, person, "SELECT complaint_id FROM respondent")


def test_a_clerk_who_is_a_party_never_receives_the_complaint_on_the_server(
        office: Office) -> None:
    case, respondent = _a_case_before_the_board(office)
    admin = office.accounts[Role.ADMIN]
    named = f"party{next(_LOGINS)}"  # a deputy clerk the complaint names (issue 29, item 14)
    add_account(office.database, named, respondent, Role.CLERK, PASSWORD, by=admin,
                clock=CLOCK)
    person = office.new_person(named, Role.CLERK)
    account = sign_in(office.database, person, PASSWORD, clock=CLOCK)
    assert case not in _received(office, account)
    seen = _seen(office, person)
    assert case not in seen and seen == _received(office, account)
    assert case not in _seen(office, person, "SELECT complaint_id FROM respondent")
    assert case in _seen(office, office.accounts[Role.CLERK].login)  # the other clerks do


def test_a_board_member_whose_name_the_server_does_not_know_receives_nothing(
        office: Office) -> None:
    member = office.accounts[Role.MEMBER]
    assert _seen(office, member.login)
    with office.database.engine.begin() as conn:
        conn.execute(sa.text(f"UPDATE {NAME_KEY_TABLE} SET name = 'an older name' "
                             "WHERE account_id = :a"), {"a": member.account_id})
    try:
        assert _seen(office, member.login) == set()
    finally:
        with office.database.engine.begin() as conn:
            conn.execute(sa.text(f"UPDATE {NAME_KEY_TABLE} SET name = :n WHERE account_id = :a"),
                         {"n": member.name, "a": member.account_id})
    assert _seen(office, member.login) == _received(office, member)


def test_a_disabled_account_receives_nothing_on_the_server(office: Office) -> None:
    clerk = office.accounts[Role.CLERK]
    with office.database.engine.begin() as conn:
        conn.execute(sa.text("UPDATE staff_account SET disabled_at = now() WHERE id = :a"),
                     {"a": clerk.account_id})
    try:
        assert _seen(office, clerk.login) == set()
    finally:
        with office.database.engine.begin() as conn:
            conn.execute(sa.text("UPDATE staff_account SET disabled_at = NULL WHERE id = :a"),
                         {"a": clerk.account_id})


def test_the_register_of_filed_cases_is_read_by_those_who_name_cases_and_no_one_else(
        office: Office) -> None:
    """The Records officer and the City Attorney's Office name any filed case in a hold or a
    request — by its number, state and dates, never its content (§ 2-83(h)(1), (h)(3))."""
    from sqlalchemy.exc import DBAPIError

    filed = _owners(office, "SELECT id FROM complaint WHERE case_number IS NOT NULL")
    assert filed
    for role in Role:
        login = office.accounts[role].login
        if role in (Role.RECORDS, Role.ATTORNEY):
            assert _seen(office, login, "SELECT id FROM case_register") == filed
        else:
            with pytest.raises(DBAPIError, match="permission denied"):
                _seen(office, login, "SELECT id FROM case_register")


def test_the_records_officer_disposes_of_a_resolved_case_at_their_own_desk(
        office: Office) -> None:
    """Connected as their own role, the Records officer lists the cases due and destroys one's
    file (Local Schedule GR): the server lets them reach a resolved complaint, and only that."""
    from datetime import timedelta

    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.retention.disposal import disposal_list, dispose

    records = office.accounts[Role.RECORDS]
    later = CLOCK() + timedelta(days=366 * 6)
    desk = open_database(office.database.url.set(username=records.login, password=None)
                         .render_as_string(hide_password=False), clock=CLOCK)
    try:
        due = disposal_list(desk, account=records, clock=lambda: later)
        assert due.eligible, "the demonstration has a case resolved long enough ago"
        for case in due.eligible:  # one whose parties' names are its own alone
            with office.database.engine.connect() as conn:
                names = conn.execute(sa.text(
                    "SELECT name FROM respondent WHERE complaint_id = :c UNION "
                    "SELECT name FROM complainant WHERE complaint_id = :c EXCEPT ("
                    "SELECT name FROM respondent WHERE complaint_id <> :c UNION "
                    "SELECT name FROM complainant WHERE complaint_id <> :c UNION "
                    "SELECT name FROM witness WHERE complaint_id <> :c)"),
                    {"c": case.case_id}).scalars().all()
            if names:
                break
        assert names
        entry = dispose(desk, case.case_id, account=records, clock=lambda: later,
                        seen_version=case.version)
        assert entry.case_number == case.case_number
    finally:
        desk.dispose()
    assert _owners(office, f"SELECT id FROM respondent WHERE complaint_id = {case.case_id}") \
        == set()
    with office.database.engine.connect() as conn:  # and nothing of it in the journal
        for name in names:
            assert conn.execute(sa.text(
                "SELECT count(*) FROM journal_record WHERE strpos(coalesce(before, '') || "
                "coalesce(after, ''), :n) > 0 AND table_name = ANY(:tables)"),
                {"n": name, "tables": [*case_tables(), "audit_record"]}).scalar() == 0, name
    from ethics_desk.maintenance.integrity import JOURNAL, RECORDS, run_checks
    results = {r.name: r for r in run_checks(office.database.url)}
    assert results[JOURNAL].ok and results[RECORDS].ok, results
