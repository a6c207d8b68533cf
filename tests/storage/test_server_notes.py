"""Notes on a case on the office's server (§ 2-83(h)(1)): each person, connected as their own
role, reads the notes of the complaints they receive and no other, only the City Clerk's staff
add one, and no one changes or removes one — the row-level security and the grants of
:mod:`ethics_desk.staff.server_policies`, not only the window's rules.

PostgreSQL only (the server's own rules): they run when the suite has its server.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError

from ethics_desk.cases import notes
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import NoteKind
from ethics_desk.maintenance.opening import open_database
from tests.conftest import CLOCK, server_url
from tests.storage.test_server_scope import Office, _owners, _reached, _seen
from tests.storage.test_server_scope import office as office  # the module's fixture

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="the server's rules need the suite's PostgreSQL server")

_NOTE = ("INSERT INTO case_note (complaint_id, kind, text, written_by, written_at, version) "
         "VALUES (:c, 'call', 'The respondent''s lawyer called.', 'IT', now(), 1)")


def _note_on_every_complaint(office: Office) -> None:
    with office.database.engine.begin() as conn:  # as the owner
        if not conn.execute(sa.text("SELECT count(*) FROM case_note")).scalar():
            for case in conn.execute(sa.text("SELECT id FROM complaint")).scalars().all():
                conn.execute(sa.text(_NOTE), {"c": case})


def _as(office: Office, login: str, sql: str, **values: object) -> int:
    """Run ``sql`` connected as ``login``; the rows it changed."""
    engine = office.person(login)
    try:
        with engine.begin() as conn:
            return conn.execute(sa.text(sql), values).rowcount
    finally:
        engine.dispose()


@pytest.mark.parametrize("role", list(Role))
def test_each_role_reads_on_the_server_the_notes_of_the_complaints_it_reaches_and_no_other(
        office: Office, role: Role) -> None:
    _note_on_every_complaint(office)
    account = office.accounts[role]
    sql = "SELECT complaint_id FROM case_note"
    assert _seen(office, account.login, sql) == _owners(office, sql) & _reached(office, account)
    if role in (Role.RECORDS, Role.ADMIN):  # no pending complaint: not even that notes exist
        pending = _owners(office, "SELECT id FROM complaint WHERE state <> 'resolved'")
        assert not _seen(office, account.login, sql) & pending


def test_a_clerk_adds_a_note_at_their_own_desk_and_changes_or_removes_none(
        office: Office) -> None:
    clerk = office.accounts[Role.CLERK]
    case = min(_seen(office, clerk.login))
    desk = open_database(office.database.url.set(username=clerk.login, password=None)
                         .render_as_string(hide_password=False), clock=CLOCK)
    try:
        line = notes.add_note(desk, case, NoteKind.VISIT, "Came to the counter at ten.",
                              account=clerk, clock=CLOCK)
        assert line in notes.notes(desk, case, account=clerk)
    finally:
        desk.dispose()
    for sql in ("UPDATE case_note SET text = 'changed' WHERE id = :n",
                "DELETE FROM case_note WHERE id = :n"):
        with pytest.raises(DBAPIError, match="permission denied"):
            _as(office, clerk.login, sql, n=line.note_id)
    assert _owners(office, f"SELECT id FROM case_note WHERE id = {line.note_id} "
                           "AND text = 'Came to the counter at ten.'") == {line.note_id}


@pytest.mark.parametrize("role", [Role.AUDITOR, Role.ATTORNEY, Role.CHAIR, Role.MEMBER,
                                  Role.RECORDS, Role.ADMIN])
def test_no_one_but_the_clerks_staff_adds_a_note_by_sql_even_to_a_case_they_receive(
        office: Office, role: Role) -> None:
    login = office.accounts[role].login
    received = _seen(office, login) or _owners(office, "SELECT min(id) FROM complaint")
    before = _owners(office, "SELECT id FROM case_note")
    with pytest.raises(DBAPIError, match=r"permission denied|row-level security"):
        _as(office, login, _NOTE, c=min(received))
    assert _owners(office, "SELECT id FROM case_note") == before


def test_a_clerk_adds_no_note_by_sql_to_a_complaint_kept_from_them(office: Office) -> None:
    from ethics_desk.staff.accounts import add_account
    from tests.signing_in import PASSWORD
    from tests.storage.test_server_scope import _LOGINS, _a_case_before_the_board

    case, respondent = _a_case_before_the_board(office)
    named = f"party{next(_LOGINS)}"  # a deputy clerk the complaint names
    add_account(office.database, named, respondent, Role.CLERK, PASSWORD,
                by=office.accounts[Role.ADMIN], clock=CLOCK)
    person = office.new_person(named, Role.CLERK)
    with pytest.raises(DBAPIError, match="row-level security"):
        _as(office, person, _NOTE, c=case)
