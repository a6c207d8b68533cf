"""What the server says at the door before anyone signs in, and the address a person connects
with: read without a server."""

from __future__ import annotations

from sqlalchemy import make_url

from ethics_desk.storage.server_door import waits_for_the_person
from ethics_desk.storage.server_roles import person_url


def test_the_address_alone_refused_for_want_of_a_password_waits_for_the_person() -> None:
    said = 'connection to server at "10.0.0.5", port 5432 failed: fe_sendauth: no password supplied'
    assert waits_for_the_person(None, said)
    assert waits_for_the_person(None, 'password authentication failed for user "mortiz"')


def test_an_address_naming_it_s_role_refused_is_a_refusal_not_a_wait() -> None:
    assert not waits_for_the_person("ethics_owner", "fe_sendauth: no password supplied")


def test_an_unreachable_server_is_not_waiting_for_anyone() -> None:
    assert not waits_for_the_person(None, 'connection to server at "10.0.0.5", port 5432 '
                                          "failed: Connection refused")


def test_a_person_connects_with_their_own_password_or_none_never_one_from_before() -> None:
    desk = make_url("postgresql+psycopg://someone:an-older-secret@dbserver:5433/ethics")
    with_sso = person_url(desk, "mortiz", None)
    assert (with_sso.username, with_sso.password) == ("mortiz", None)
    assert (with_sso.host, with_sso.port, with_sso.database) == ("dbserver", 5433, "ethics")
    typed = person_url(desk, "mortiz", "her own")
    assert (typed.username, typed.password) == ("mortiz", "her own")
