"""The sign-in delays kept in a SQLite file: each wrong password makes the next try of its login,
and of its workstation, wait longer (1, 2, 4 … seconds, a minute at most); a sign-in ends them.

Signing in (:func:`ethics_desk.staff.accounts.sign_in`) asks and counts them; a sign-in or a
refusal written later from this computer's queue (:mod:`ethics_desk.storage.queued_records`) is
counted here too, at its own time. A PostgreSQL server keeps its own (``auth_delay``): nothing is
counted in its database.
"""

from __future__ import annotations

import hashlib
import math
import unicodedata
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from ethics_desk.models import SignInDelay

DELAY_CAP_SECONDS = 60
"""The longest wait a wrong password brings on the next try (:func:`delay_after`)."""

DELAY_FORGOTTEN = timedelta(hours=1)
"""How long after its wait ended a delay is forgotten: the next wrong try starts again at 1 s."""

LOGIN_DIGITS = 5
"""How many hexadecimal digits of a login's SHA-256 name its delay: enough to keep the logins
of an office apart, too few to tell a text typed in the login field from a million others."""


def delay_after(failures: int) -> int:
    """The seconds the next try waits after ``failures`` wrong tries in a row: 1, 2, 4 … and
    at most :data:`DELAY_CAP_SECONDS`."""
    return 0 if failures <= 0 else min(DELAY_CAP_SECONDS, 2 ** min(failures - 1, 16))


def subjects_of(login: str, workstation: str | None) -> list[str]:
    """The delays a try of ``login`` at ``workstation`` is subject to: its login's — the
    SHA-256's first digits of the login folded, never the text, which may be a password typed
    in the wrong field — and its workstation's (:class:`~ethics_desk.models.SignInDelay`)."""
    folded = unicodedata.normalize("NFKC", login).strip().casefold()
    found = ["login:" + hashlib.sha256(folded.encode("utf-8")).hexdigest()[:LOGIN_DIGITS]]
    desk = " ".join((workstation or "").split()).casefold()[:70]
    return found + ([f"desk:{desk}"] if desk else [])


def delays_kept(session: Session) -> bool:
    """Whether the database keeps sign-in delays (a revision from 0018 on: an older one, which
    ``check`` and a read-only copy read as it is, has nothing to count them in)."""
    from sqlalchemy import inspect

    return inspect(session.connection()).has_table(SignInDelay.__tablename__)


def delays(session: Session, subjects: list[str], now: datetime) -> list[SignInDelay]:
    """The delays of ``subjects`` still counting at ``now`` (one whose wait ended more than
    :data:`DELAY_FORGOTTEN` ago starts again)."""
    if not delays_kept(session):
        return []
    return [row for row in session.scalars(select(SignInDelay).where(
        SignInDelay.subject.in_(subjects))) if row.not_before + DELAY_FORGOTTEN > now]


def wait_for(session: Session, subjects: list[str], now: datetime) -> int:
    """The seconds before a try of ``subjects`` is heard (0: at once)."""
    latest = max((row.not_before for row in delays(session, subjects, now)), default=None)
    return 0 if latest is None or latest <= now else math.ceil((latest - now).total_seconds())


def next_wait(session: Session, subjects: list[str], now: datetime) -> int:
    """The wait one more wrong try would bring, without counting it (a sign-in that cannot
    write: it gives the same answer a counted one does)."""
    failures = {row.subject: row.failures for row in delays(session, subjects, now)}
    return max(delay_after(failures.get(subject, 0) + 1) for subject in subjects)


def count_failure(session: Session, subjects: list[str], now: datetime) -> int:
    """Count a wrong try against each of ``subjects``: the seconds the next try must wait.
    Delays forgotten long ago are removed on the way."""
    if not delays_kept(session):
        return delay_after(1)
    session.execute(delete(SignInDelay).where(SignInDelay.not_before < now - DELAY_FORGOTTEN))
    counting = {row.subject: row for row in delays(session, subjects, now)}
    wait = 0
    for subject in subjects:
        row = counting.get(subject) or session.get(SignInDelay, subject)
        if row is None:
            row = SignInDelay(subject=subject, failures=0, not_before=now)
            session.add(row)
        elif subject not in counting:
            row.failures = 0
        row.failures += 1
        seconds = delay_after(row.failures)
        row.not_before = now + timedelta(seconds=seconds)
        wait = max(wait, seconds)
    return wait


def clear_delays(session: Session, subjects: list[str]) -> None:
    if session.connection().dialect.name == "postgresql":  # a server's are its auth_delay
        return
    if delays_kept(session):
        session.execute(delete(SignInDelay).where(SignInDelay.subject.in_(subjects)))


def count_refusal(session: Session, login: str, workstation: str | None, at: datetime) -> None:
    """A refused sign-in written later (:mod:`ethics_desk.storage.queued_records`): counted as
    :func:`sign_in` counts it, at its own time."""
    count_failure(session, subjects_of(login, workstation), at)


def count_sign_in(session: Session, login: str, workstation: str | None) -> None:
    """A sign-in written later: its login's and workstation's delays end, as :func:`sign_in`'s
    do."""
    clear_delays(session, subjects_of(login, workstation))
