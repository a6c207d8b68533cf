"""The full-text index on the office's server (§ 2-83(h)(1)): each person, connected as their own
role, reads the words of the complaints they reach and no other, even by plain SQL; a note a
clerk adds at their desk is searched at once (the index's trigger writes as the owner); and a
search at a desk that does not receive the case finds nothing — row-level security and the
grants of :mod:`ethics_desk.staff.server_policies`, not only the services' scope.

PostgreSQL only (the server's own rules): they run when the suite has its server.
"""

from __future__ import annotations

import pytest

from ethics_desk.cases import full_text, notes
from ethics_desk.core.roles import Role
from ethics_desk.core.vocabulary import NoteKind
from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage.database import Database
from tests.conftest import CLOCK, server_url
from tests.storage.test_server_scope import Office, _owners, _reached, _seen
from tests.storage.test_server_scope import office as office  # the module's fixture

pytestmark = pytest.mark.skipif(server_url() is None,
                                reason="the server's rules need the suite's PostgreSQL server")


def _desk(office: Office, login: str) -> Database:
    return open_database(office.database.url.set(username=login, password=None)
                         .render_as_string(hide_password=False), clock=CLOCK)


@pytest.mark.parametrize("role", list(Role))
def test_each_role_reads_on_the_server_the_words_of_the_complaints_it_reaches_and_no_other(
        office: Office, role: Role) -> None:
    account = office.accounts[role]
    sql = "SELECT complaint_id FROM case_text"
    indexed = _owners(office, sql)
    assert indexed  # the demonstration's facts, allegations, exhibits and papers
    assert _seen(office, account.login, sql) == indexed & _reached(office, account)


def test_a_note_added_at_a_clerks_desk_is_searched_there_at_once_and_by_no_one_else(
        office: Office) -> None:
    clerk, member = office.accounts[Role.CLERK], office.accounts[Role.MEMBER]
    kept_from_member = sorted(_seen(office, clerk.login) - _seen(office, member.login))
    assert kept_from_member
    case = kept_from_member[0]
    desk = _desk(office, clerk.login)
    try:
        with desk.read_session() as session:  # under row-level security: the owner's search
            assert not full_text._reads_every_row(session)
        notes.add_note(desk, case, NoteKind.CALL, "Asked about the gazebo's permit.",
                       account=clerk, clock=CLOCK)
        [hit] = full_text.search_documents(desk, "gazebo", account=clerk, clock=CLOCK).hits
        assert (hit.complaint_id, hit.part) == (case, "note")
        assert hit.where.startswith("a note (telephone call, ")  # read by the owner's function
        assert "gazebo" in hit.plain_snippet()
    finally:
        desk.dispose()
    member_desk = _desk(office, member.login)
    try:
        found = full_text.search_documents(member_desk, "gazebo", account=member, clock=CLOCK)
        assert found.hits == ()
    finally:
        member_desk.dispose()
