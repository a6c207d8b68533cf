"""A day at the office's server, each person signed in at their desk as their own server role
(issue 28): the desk connects as the person once they sign in, and each does their work through
the application's services while PostgreSQL's own rules — row-level security, each group's
rights — apply to every statement. What the permission table gives them works; what it does not
is refused, by the service and by the server alike.

PostgreSQL only: they run when the suite has its server.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import sqlalchemy as sa

from ethics_desk.cases.inbox import ALL_CASES, saved_view
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.core.account import Account
from ethics_desk.core.errors import NotAllowed
from ethics_desk.core.roles import Role
from ethics_desk.deadlines.closures import add_closure
from ethics_desk.maintenance.opening import open_database
from ethics_desk.maintenance.server import setup_server
from ethics_desk.retention.disposal import disposal_list
from ethics_desk.staff.accounts import add_account, sign_in_at_desk
from ethics_desk.storage.database import Database
from ethics_desk.workflow import ForwardForReview, RecordReview
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK, server_url, test_server
from tests.factories import filed_case
from tests.signing_in import PASSWORD

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="the server's rules need the suite's PostgreSQL server")

_OFFICES = itertools.count(1)


@dataclass
class Office:
    """An office on the server: its address as the desks know it, and each role's login."""

    url: str
    logins: dict[Role, str]
    made: list[str]  # every login role made here (dropped after the office's database)

    def desk(self, role: Role) -> tuple[Database, Account]:
        """A desk opened on the office's address as its person connects (their own login, as
        with the office's single sign-on), the person of ``role`` signed in."""
        address = sa.make_url(self.url).set(username=self.logins[role], password=None)
        database = open_database(address.render_as_string(hide_password=False), clock=CLOCK)
        account = sign_in_at_desk(database, self.logins[role], PASSWORD, clock=CLOCK)
        return database, account


@pytest.fixture(scope="module")
def office(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Office]:
    server = test_server()
    assert server is not None
    name = server.new_name("server_day")
    url = server.create(name)
    tag = f"d{os.getpid()}x{next(_OFFICES)}"
    logins = {role: f"{tag}{role.value}" for role in Role}
    try:
        setup_server(url, clock=CLOCK, backup_folder=tmp_path_factory.mktemp("day"),
                     first_administrator=(logins[Role.ADMIN], "Day Administrator", PASSWORD))
        found = Office(url, logins, list(logins.values()))
        desk, admin = found.desk(Role.ADMIN)
        try:  # the Administrator adds the office's people at their own desk
            for role in Role:
                if role is not Role.ADMIN:
                    add_account(desk, logins[role], f"Day {role.label}", role, PASSWORD,
                                by=admin, clock=CLOCK)
        finally:
            desk.dispose()
        yield found
    finally:
        server.drop(name)
        with server.admin.connect() as conn:
            for login in {*logins.values(), *(found.made if "found" in locals() else [])}:
                conn.execute(sa.text(f'DROP ROLE IF EXISTS "{login}"'))


def _session_user(database: Database) -> str:
    with database.engine.connect() as conn:
        return str(conn.execute(sa.text("SELECT session_user")).scalar())


def test_each_desk_works_as_its_persons_own_role_once_they_sign_in(office: Office) -> None:
    for role in Role:
        database, account = office.desk(role)
        try:
            assert _session_user(database) == office.logins[role] == account.login
        finally:
            database.dispose()


def test_a_desk_opened_as_the_owner_stays_so_for_its_commands(office: Office) -> None:
    """IT's own commands — a backup, the checks — read every record as the owner."""
    database = open_database(office.url, clock=CLOCK)
    try:
        sign_in_at_desk(database, office.logins[Role.ADMIN], PASSWORD, clock=CLOCK)
        assert _session_user(database) == sa.make_url(office.url).username
    finally:
        database.dispose()


def test_a_case_goes_from_the_counter_to_review_each_person_at_their_own_desk(
        office: Office) -> None:
    clerk_desk, clerk = office.desk(Role.CLERK)
    try:
        controller = WorkflowController(clerk_desk, clerk, clock=CLOCK)
        case = filed_case(controller)
        controller.fire(case, ForwardForReview())
    finally:
        clerk_desk.dispose()
    auditor_desk, auditor = office.desk(Role.AUDITOR)
    try:
        inbox = InboxQuery(auditor_desk, CLOCK().date(), auditor, clock=CLOCK)
        assert case in {row.id for row in inbox.page(saved_view(ALL_CASES))}
        WorkflowController(auditor_desk, auditor, clock=CLOCK).fire(case, RecordReview())
    finally:
        auditor_desk.dispose()
    for role in (Role.MEMBER, Role.RECORDS, Role.ADMIN):  # before the Board: nothing of it
        desk, person = office.desk(role)
        try:
            inbox = InboxQuery(desk, CLOCK().date(), person, clock=CLOCK)
            assert case not in {row.id for row in inbox.page(saved_view(ALL_CASES))}
            with desk.engine.connect() as conn:
                assert conn.execute(sa.text("SELECT count(*) FROM complaint WHERE id = :c"),
                                    {"c": case}).scalar() == 0
        finally:
            desk.dispose()


def test_what_the_table_denies_is_refused_by_the_service_and_by_the_server(
        office: Office) -> None:
    from datetime import date

    desk, member = office.desk(Role.MEMBER)
    try:
        with pytest.raises(NotAllowed):
            add_closure(desk, date(2027, 1, 4), "A closure of a member's", account=member,
                        clock=CLOCK)
        with pytest.raises(sa.exc.DBAPIError, match="permission denied"), \
                desk.engine.begin() as conn:
            conn.execute(sa.text("INSERT INTO calendar_day (calendar, day, name, kind, version) "
                                 "VALUES ('city', '2027-01-04', 'By hand', 'closure', 1)"))
    finally:
        desk.dispose()
    desk, clerk = office.desk(Role.CLERK)
    try:  # the Clerk's staff may
        add_closure(desk, date(2027, 1, 4), "Ice storm closure", account=clerk, clock=CLOCK)
    finally:
        desk.dispose()


def test_the_records_officer_reads_the_disposal_list_at_their_own_desk(
        office: Office) -> None:
    desk, records = office.desk(Role.RECORDS)
    try:
        listed = disposal_list(desk, account=records, clock=CLOCK)
        assert listed.eligible == () and listed.held == ()
    finally:
        desk.dispose()


def test_the_clerk_loads_a_revised_catalogue_of_provisions_at_their_own_desk(
        office: Office, tmp_path: Path) -> None:
    from ethics_desk.intake.catalogue import (
        load_catalogue,
        provision_choices,
        read_provisions_csv,
    )

    desk, clerk = office.desk(Role.CLERK)
    try:
        path = tmp_path / "revised.csv"
        path.write_text("code,section,title,division,effective,note\n"
                        + "".join(f"{c.code},{c.section},\"{c.title}\",,"
                                  f"{c.effective_on or ''},\n"
                                  for c in provision_choices(desk))
                        + "Ethics Code,2-99,Lobbying disclosure,,2027-01-01,\n",
                        encoding="utf-8")
        change = load_catalogue(desk, read_provisions_csv(path), repealed_on=None,
                                account=clerk, clock=CLOCK)
        assert change.added == ("§ 2-99 Lobbying disclosure",)
        assert "2-99" in {c.section for c in provision_choices(desk)}
    finally:
        desk.dispose()


def test_an_administrator_adds_and_disables_an_account_at_their_own_desk(
        office: Office) -> None:
    from ethics_desk.staff.accounts import disable_account

    desk, admin = office.desk(Role.ADMIN)
    login = f"{office.logins[Role.ADMIN]}new"
    office.made.append(login)
    try:
        added = add_account(desk, login, "A New Member", Role.MEMBER, PASSWORD, by=admin,
                            clock=CLOCK)
        assert added.role is Role.MEMBER
        disable_account(desk, login, by=admin, clock=CLOCK)
        with desk.engine.connect() as conn:  # and the server no longer lets them in
            assert conn.execute(sa.text("SELECT rolcanlogin FROM pg_roles WHERE rolname = :l"),
                                {"l": login}).scalar() is False
    finally:
        desk.dispose()


def test_a_copy_of_the_server_is_opened_by_an_administrator_of_the_office(
        office: Office, tmp_path_factory: pytest.TempPathFactory) -> None:
    """A backup of the server holds no password a file can check (they were PostgreSQL's): an
    Administrator of the office gives their account one on the copy, on record; nobody else
    can, and nothing of the office is lost for want of a password."""
    from ethics_desk.maintenance.transfer import copy_records
    from ethics_desk.staff.accounts import create_first_administrator, needs_first_administrator

    path = tmp_path_factory.mktemp("copy") / "server-copy.sqlite"
    server = open_database(office.url, clock=CLOCK)  # IT's, the owner's
    try:
        copy_records(server, path)
    finally:
        server.dispose()
    copy = open_database(path, clock=CLOCK, create=False)
    try:
        assert needs_first_administrator(copy)
        with pytest.raises(NotAllowed, match="an Administrator of the office"):
            create_first_administrator(copy, office.logins[Role.CLERK], "x", PASSWORD,
                                       clock=CLOCK)
        admin = create_first_administrator(copy, office.logins[Role.ADMIN], "x", PASSWORD,
                                           clock=CLOCK)
        assert admin.role is Role.ADMIN and not needs_first_administrator(copy)
        from ethics_desk.staff.accounts import sign_in
        assert sign_in(copy, office.logins[Role.ADMIN], PASSWORD, clock=CLOCK) == admin
    finally:
        copy.dispose()
