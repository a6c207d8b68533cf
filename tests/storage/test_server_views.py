"""Saved views of the inbox on the office's server (issue 33): each person, connected as their
own role, reads their own views and those shared with the office and no one else's, changes only
their own, and shares one only if their office role may — the row-level security and the grants
of :mod:`ethics_desk.staff.server_policies`, not only the services' rules.

PostgreSQL only (the server's own rules): they run when the suite has its server.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError

from ethics_desk.cases import views
from ethics_desk.cases.inbox import DueWindow, InboxFilter
from ethics_desk.cases.views import ViewKind
from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK, server_url
from tests.storage.test_server_scope import Office
from tests.storage.test_server_scope import office as office  # the module's fixture

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="the server's rules need the suite's PostgreSQL server")

_VIEW = ("INSERT INTO saved_view (owner_login, owner_name, name, shared, filter_json, "
         "hidden_columns, created_at, updated_at, version) VALUES (:o, 'Someone', :n, :s, "
         "'{\"sort\": \"due\"}', '[]', now(), now(), 1)")


def _desk(office: Office, account: Account) -> Database:
    """The application at ``account``'s desk, connected as their own server role."""
    return open_database(office.database.url.set(username=account.login, password=None)
                         .render_as_string(hide_password=False), clock=CLOCK)


def _as(office: Office, login: str, sql: str, **values: object) -> int:
    """Run ``sql`` connected as ``login``; the rows it changed."""
    engine = office.person(login)
    try:
        with engine.begin() as conn:
            return conn.execute(sa.text(sql), values).rowcount
    finally:
        engine.dispose()


def _names(office: Office, login: str) -> set[str]:
    engine = office.person(login)
    try:
        with engine.connect() as conn:
            return set(conn.execute(sa.text("SELECT name FROM saved_view")).scalars())
    finally:
        engine.dispose()


def _owner_names(office: Office) -> set[str]:
    with office.database.engine.connect() as conn:
        return set(conn.execute(sa.text("SELECT name FROM saved_view")).scalars())


def test_on_the_server_each_person_reads_their_own_views_and_the_offices_and_no_other(
        office: Office) -> None:
    clerk, auditor = office.accounts[Role.CLERK], office.accounts[Role.AUDITOR]
    desk = _desk(office, clerk)
    try:
        views.save_view(desk, "Clerk's own", InboxFilter(due=DueWindow.TODAY), account=clerk,
                        clock=CLOCK)
        views.save_view(desk, "Office week", InboxFilter(due=DueWindow.THIS_WEEK),
                        shared=True, account=clerk, clock=CLOCK)
    finally:
        desk.dispose()
    desk = _desk(office, auditor)
    try:
        views.save_view(desk, "Auditor's own", InboxFilter(due=DueWindow.OVERDUE),
                        account=auditor, clock=CLOCK)
        listed = views.view_choices(desk, account=auditor)
    finally:
        desk.dispose()
    assert [(c.name, c.kind) for c in listed[7:]] == [("Auditor's own", ViewKind.OWN),
                                                      ("Office week", ViewKind.OFFICE)]
    assert _names(office, clerk.login) >= {"Clerk's own", "Office week"}
    assert "Auditor's own" not in _names(office, clerk.login)
    for role in (Role.MEMBER, Role.RECORDS, Role.ADMIN):
        seen = _names(office, office.accounts[role].login)
        assert "Office week" in seen and not seen & {"Clerk's own", "Auditor's own"}


def test_on_the_server_no_one_changes_removes_or_writes_in_anothers_name_a_view(
        office: Office) -> None:
    clerk, member = office.accounts[Role.CLERK], office.accounts[Role.MEMBER]
    _as(office, clerk.login, _VIEW, o=clerk.login, n="Shared by the clerk", s=True)
    before = _owner_names(office)
    for sql in ("UPDATE saved_view SET name = 'taken' WHERE name = 'Shared by the clerk'",
                "DELETE FROM saved_view WHERE name = 'Shared by the clerk'"):
        assert _as(office, member.login, sql) == 0  # read, never reached to change
    with pytest.raises(DBAPIError, match="row-level security"):
        _as(office, member.login, _VIEW, o=clerk.login, n="In the clerk's name", s=False)
    assert _owner_names(office) == before


def test_on_the_server_only_the_clerks_staff_share_a_view(office: Office) -> None:
    member = office.accounts[Role.MEMBER]
    with pytest.raises(DBAPIError, match="row-level security"):
        _as(office, member.login, _VIEW, o=member.login, n="Shared by a member", s=True)
    _as(office, member.login, _VIEW, o=member.login, n="A member's own", s=False)
    with pytest.raises(DBAPIError, match="row-level security"):
        _as(office, member.login, "UPDATE saved_view SET shared = true "
                                  "WHERE name = 'A member''s own'")
    assert "A member's own" in _names(office, member.login)
    assert "A member's own" not in _names(office, office.accounts[Role.CLERK].login)
