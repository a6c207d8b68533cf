"""What the office's PostgreSQL server says at the door, read without SQLAlchemy (the sign-in
dialog's first look asks the server before the ORM is loaded).

A desk reaches the server by its address alone — server and database, no user, no password
(``docs/it/server.md``) — and connects as the person who signs in, with the password typed.
Where IT lets people in by their own passwords, the server refuses the address alone at the
door: that is not a fault, but the server waiting for the person (:func:`waits_for_the_person`).
"""

from __future__ import annotations

REFUSED_AT_CONNECTION = ("password authentication failed", "is not permitted to log in",
                         "no pg_hba.conf entry", "GSSAPI authentication failed",
                         "SSPI authentication failed", "permission denied for database",
                         "authentication failed")
"""What PostgreSQL says when it refuses a person at the door: a wrong password, an unknown
login, a role that may not log in, a host or method ``pg_hba.conf`` does not let in — all
one answer to the person (:data:`ethics_desk.staff.accounts.NOT_SIGNED_IN`)."""

WANTS_THE_PERSON = (*REFUSED_AT_CONNECTION, "no password supplied")
"""What it says to a desk that connects before anyone has signed in, by the address alone,
where people come in by their own passwords."""


def waits_for_the_person(user: str | None, said: str) -> bool:
    """Whether a connection made as ``user`` (the address's; None: it names none) and refused
    with ``said`` means the server waits for the person who signs in. An address naming a
    role — IT's — that is refused is a refusal, told as such."""
    return not user and any(why in said for why in WANTS_THE_PERSON)
