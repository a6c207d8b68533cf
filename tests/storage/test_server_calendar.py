"""Each person's deadlines in their own calendar, on the office's server (issue 34): connected
as their own role, a person asks for invitations and reads and writes only their own opt-in and
events — never another's, whose summaries name cases — the row-level security and the grants of
:mod:`ethics_desk.staff.server_policies`, not only the services' rules.

PostgreSQL only (the server's own rules): they run when the suite has its server.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError

from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.mail import calendar as outlook
from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK, server_url
from tests.storage.test_server_scope import Office
from tests.storage.test_server_scope import office as office  # the module's fixture

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="the server's rules need the suite's PostgreSQL server")


def _desk(office: Office, account: Account) -> Database:
    """The application at ``account``'s desk, connected as their own server role."""
    return open_database(office.database.url.set(username=account.login, password=None)
                         .render_as_string(hide_password=False), clock=CLOCK)


def _rows(office: Office, login: str, sql: str) -> list[object]:
    engine = office.person(login)
    try:
        with engine.begin() as conn:
            return list(conn.execute(sa.text(sql)).scalars())
    finally:
        engine.dispose()


def test_on_the_server_each_person_reads_and_writes_only_their_own_calendar(
        office: Office) -> None:
    clerk, member = office.accounts[Role.CLERK], office.accounts[Role.MEMBER]
    for account, mailbox in ((clerk, "clerk@example.org"), (member, "member@example.org")):
        desk = _desk(office, account)
        try:
            outlook.opt_in(desk, mailbox, account=account, clock=CLOCK)
            assert outlook.subscription(desk, account=account) is not None
        finally:
            desk.dispose()
    assert _rows(office, member.login, "SELECT mailbox FROM calendar_feed") == \
        ["member@example.org"]
    assert _rows(office, clerk.login, "SELECT mailbox FROM calendar_feed") == \
        ["clerk@example.org"]
    # Another's opt-in is neither changed nor removed, nor one made in their name.
    assert _rows(office, member.login, "UPDATE calendar_feed SET mailbox = 'x@example.org' "
                                       f"WHERE login = '{clerk.login}' RETURNING login") == []
    assert _rows(office, member.login, "DELETE FROM calendar_feed WHERE login = "
                                       f"'{clerk.login}' RETURNING login") == []
    event = ("INSERT INTO calendar_event (login, uid, mailbox, summary, sequence, due_on, "
             "cancelled, sent_at, version) VALUES ('{login}', '{uid}', 'm@example.org', 's', 0, "
             "'2026-12-01', false, now(), 1) RETURNING id")
    assert len(_rows(office, member.login, event.format(login=member.login, uid="own@x"))) == 1
    with pytest.raises(DBAPIError, match="row-level security"):
        _rows(office, member.login, event.format(login=clerk.login, uid="forged@x"))
    assert _rows(office, clerk.login, "SELECT uid FROM calendar_event") == []
    with office.database.engine.connect() as conn:
        assert set(conn.execute(sa.text("SELECT mailbox FROM calendar_feed")).scalars()) == \
            {"clerk@example.org", "member@example.org"}
