"""The audit trail on the office's server (§ 2-83(h)(1)): each person, connected as their own
role, reads at their desk exactly the part of the trail the application gives them, the
chain is verified for them by the owner's function without their reading the rest, and a role
the permission table does not give the trail can neither read the office's records nor call
that function — the row-level security and the grants of
:mod:`ethics_desk.staff.server_policies`, not only the window's rules.

PostgreSQL only (the server's own rules): they run when the suite has its server.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy import select
from sqlalchemy.exc import DBAPIError

from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.audit_trail import TrailFilter, count, open_trail, scope_condition
from ethics_desk.maintenance.opening import open_database
from ethics_desk.models import AuditRecord
from ethics_desk.storage.audit import CHAIN_FUNCTION
from tests.conftest import CLOCK, server_url
from tests.storage.test_server_scope import Office, _received, _seen
from tests.storage.test_server_scope import office as office  # the module's fixture

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="the server's rules need the suite's PostgreSQL server")


def _scope(office: Office, account: Account) -> set[int]:
    """The records the application gives ``account`` in the trail, read as the owner."""
    with office.database.read_session() as session:
        return set(session.scalars(select(AuditRecord.seq).where(scope_condition(account))))


@pytest.mark.parametrize("role", [Role.AUDITOR, Role.RECORDS, Role.ADMIN])
def test_each_reader_of_the_trail_reads_at_their_desk_exactly_their_scope(
        office: Office, role: Role) -> None:
    account = office.accounts[role]
    desk = open_database(office.database.url.set(username=account.login, password=None)
                         .render_as_string(hide_password=False), clock=CLOCK)
    try:
        trail = open_trail(desk, TrailFilter(), account=account, clock=CLOCK, limit=100_000)
        total = count(desk, TrailFilter(), account=account)
    finally:
        desk.dispose()
    assert trail.chain.holds, trail.chain.words  # verified by the owner's function
    shown = {line.seq for line in trail.first.lines}
    assert shown == _scope(office, account) and total == len(shown)
    received = _received(office, account)
    with office.database.read_session() as session:
        cases = set(session.scalars(select(AuditRecord.complaint_id).where(
            AuditRecord.seq.in_(shown), AuditRecord.complaint_id.is_not(None))))
    assert cases <= received  # never a record of a case not received, § 2-83(h)(1)


@pytest.mark.parametrize("role", [Role.RECORDS, Role.ADMIN, Role.AUDITOR])
def test_the_server_lets_a_reader_of_the_trail_read_the_offices_records(
        office: Office, role: Role) -> None:
    login = office.accounts[role].login
    sql = "SELECT seq FROM audit_record WHERE action = 'account.create'"
    assert _seen(office, login, sql) == _seen_as_owner(office, sql) != set()


@pytest.mark.parametrize("role", [Role.MEMBER, Role.ATTORNEY, Role.CHAIR])
def test_a_role_without_the_trail_reads_no_one_elses_office_records_on_the_server(
        office: Office, role: Role) -> None:
    login = office.accounts[role].login
    assert _seen(office, login, "SELECT seq FROM audit_record WHERE action = "
                                "'account.create'") == set()
    engine = office.person(login)
    try:
        with pytest.raises(DBAPIError, match=r"permission denied|only those who may read"), \
                engine.connect() as conn:
            conn.execute(sa.text(f"SELECT * FROM {CHAIN_FUNCTION}()")).all()
    finally:
        engine.dispose()


def test_the_servers_chain_function_finds_what_the_application_finds(office: Office) -> None:
    from ethics_desk.storage.audit import verify_chain

    with office.database.read_session() as session:
        here = [problem.message for problem in verify_chain(session)]
        there = [str(row.message) for row in session.execute(
            sa.text(f"SELECT seq, message FROM {CHAIN_FUNCTION}()"))]
    assert there == here == []


def _seen_as_owner(office: Office, sql: str) -> set[int]:
    with office.database.engine.connect() as conn:
        return {int(row[0]) for row in conn.execute(sa.text(sql))}
