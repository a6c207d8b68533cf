"""Legal holds: the cases no one may destroy while litigation, an audit, an open records
request or the office's own hold involves them (Local Government Code § 202.002).

A hold names the cases it covers, who placed it, when and why; it stays in force until it is
released, which is a recorded act of its own (who, when, why). Both are one transaction each,
with their audit records. Who may place and release a hold is the permission table's
(:data:`~ethics_desk.core.permissions.ACT_ROLES`, ``LEGAL_HOLD``); the Records officer may
name any filed case, anyone else only the cases they receive
(:data:`~ethics_desk.core.permissions.HOLDS_ANY_CASE`).

:func:`reasons_held` is the one check that says why a case may not be destroyed: the disposal
list and the disposal itself ask it, and nothing else decides.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock, utc_now
from ethics_desk.core.errors import ConflictError, UserError
from ethics_desk.core.office_time import DEFAULT_OFFICE_ZONE, office_date, office_zone
from ethics_desk.core.permissions import HOLDS_ANY_CASE, Act
from ethics_desk.core.vocabulary import CaseState, HoldKind
from ethics_desk.models import CaseRegister, Complaint, HeldCase, LegalHold
from ethics_desk.office.settings import time_zone
from ethics_desk.staff.acting import service
from ethics_desk.staff.scope import no_such_case, receives
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

AUTHORITY = "Local Government Code § 202.002"
"""The law that forbids destroying a record a pending action involves."""

_NUMBERS = re.compile(r"[\s,;]+")


_DEFAULT_ZONE = office_zone(DEFAULT_OFFICE_ZONE)
"""The office's zone when none is given (the setting's default)."""


@dataclass(frozen=True)
class HoldReason:
    """Why a case is held: the hold (its number, kind, why, who placed it and when)."""

    hold_id: int | None
    """None for a reason that is not a hold of this module (an open request, say)."""
    kind: HoldKind
    reason: str
    placed_by: str
    placed_at: datetime | None
    zone: tzinfo = _DEFAULT_ZONE
    """The office's time zone, in which the day it was placed is told."""

    @property
    def text(self) -> str:
        """"Litigation hold 3 (Smith v. City), placed by … on 2026-11-30"."""
        name = (f"{self.kind.label} hold {self.hold_id}" if self.hold_id is not None
                else self.kind.label)
        why = f" ({self.reason})" if self.reason.strip() else ""
        placed = ""
        if self.placed_by:
            placed = f", placed by {self.placed_by}"
            if self.placed_at is not None:
                placed += f" on {office_date(self.placed_at, self.zone).isoformat()}"
        return f"{name}{why}{placed}"


def reasons_held(session: Session, case_id: int) -> list[HoldReason]:
    """Every reason the case ``case_id`` may not be destroyed now (empty: none), oldest first.

    The one blocking check of disposal (Local Government Code § 202.002): every hold in force
    that names the case, and every open Public Information Act request that touches it
    (:func:`ethics_desk.public_information.log.open_requests_touching`), as a
    :class:`HoldReason` of kind :attr:`HoldKind.OPEN_RECORDS` with no ``hold_id``.
    """
    return reasons_by_case(session, case_id).get(case_id, [])


def reasons_by_case(session: Session, case_id: int | None = None) -> dict[int, list[HoldReason]]:
    """:func:`reasons_held` for every case at once, in two queries (the disposal list asks it
    of every case eligible), by case id — or for ``case_id`` alone; a case nothing holds is not
    a key."""
    statement = (select(HeldCase.complaint_id, LegalHold)
                 .join(LegalHold, HeldCase.hold_id == LegalHold.id)
                 .where(LegalHold.released_at.is_(None))
                 .order_by(LegalHold.placed_at, LegalHold.id))
    if case_id is not None:
        statement = statement.where(HeldCase.complaint_id == case_id)
    zone = time_zone(session)
    found: dict[int, list[HoldReason]] = {}
    for complaint_id, h in session.execute(statement):
        found.setdefault(int(complaint_id), []).append(
            HoldReason(h.id, h.kind, h.reason, h.placed_by, h.placed_at, zone))
    from ethics_desk.public_information.log import open_requests_by_case

    for complaint_id, requests in open_requests_by_case(session, case_id).items():
        found.setdefault(complaint_id, []).extend(
            HoldReason(None, HoldKind.OPEN_RECORDS, f"Public Information Act request "
                       f"{r.number}, received {r.received_on.isoformat()}, still open", "",
                       None, zone) for r in requests)
    return found


def refusal(case_number: str, reasons: Sequence[HoldReason]) -> UserError:
    """The message that refuses to destroy a held case, naming each hold and the law."""
    held = "; ".join(r.text for r in reasons)
    return UserError(f"{case_number} is held and may not be destroyed while it is: {held} "
                     f"({AUTHORITY}).",
                     "Release the hold once the action is over (Retention → Holds), then "
                     "dispose of the case.")


@dataclass(frozen=True)
class HoldRow:
    """A hold as the Retention screen lists it."""

    id: int
    version: int
    kind: HoldKind
    reason: str
    case_numbers: tuple[str, ...]
    placed_by: str
    placed_at: datetime
    released_by: str | None
    released_at: datetime | None
    release_reason: str | None
    zone: tzinfo = _DEFAULT_ZONE
    """The office's time zone, in which its days are told."""

    @property
    def placed_on(self) -> str:
        """The day it was placed, in the office's time (ISO)."""
        return office_date(self.placed_at, self.zone).isoformat()

    @property
    def in_force(self) -> bool:
        """True until the hold is released."""
        return self.released_at is None

    @property
    def status(self) -> str:
        """"In force" or "Released 2026-12-01 by …: …"."""
        if self.released_at is None:
            return "In force"
        why = f": {self.release_reason}" if self.release_reason else ""
        return (f"Released {office_date(self.released_at, self.zone).isoformat()} by "
                f"{self.released_by}{why}")


def _may_name(session: Session, account: Account, case: CaseRegister) -> bool:
    """Whether ``account`` may name the filed case in a hold: the Records officer any, another
    role one it receives (read through the case's own row, which the server shows only then)."""
    if account.role in HOLDS_ANY_CASE:
        return True
    complaint = session.get(Complaint, case.id)
    return complaint is not None and receives(session, account, complaint)


def case_by_number(session: Session, account: Account, number: str) -> CaseRegister:
    """The filed case ``number`` (as the register shows it) if ``account`` may name it in a
    hold; else the answer a number that was never used gets."""
    wanted = number.strip().upper()
    complaint = session.scalar(select(CaseRegister).where(CaseRegister.case_number == wanted))
    if (complaint is None or complaint.state in (CaseState.DRAFT, CaseState.DISCARDED)
            or not _may_name(session, account, complaint)):
        raise no_such_case(number.strip())
    return complaint


def parse_numbers(text: str) -> list[str]:
    """Case numbers typed one a line, or separated by commas, in the order typed, once each."""
    return list(dict.fromkeys(n.upper() for n in _NUMBERS.split(text) if n.strip()))


@service(Act.LEGAL_HOLD, "Placing a legal hold")
def place_hold(database: Database, *, account: Account, clock: Clock, kind: HoldKind,
               reason: str, case_numbers: Sequence[str]) -> int:
    """Place a hold on the cases named, in one transaction with an audit record for each
    case; returns the hold's number. A reason and at least one case are needed."""
    why = reason.strip()
    if not why:
        raise UserError("A hold needs its reason (the lawsuit, the audit, the request).",
                        "Type why the cases are held, e.g. “Peña v. City of San Antonio, "
                        "No. 2026-CI-01234”.")
    numbers = list(dict.fromkeys(n.strip().upper() for n in case_numbers if n.strip()))
    if not numbers:
        raise UserError("A hold names the cases it covers.",
                        "Type one or more case numbers, e.g. ERB-2026-001.")
    now = utc_now(clock)

    def place(session: Session) -> int:
        cases = [case_by_number(session, account, n) for n in numbers]
        hold = LegalHold(kind=kind, reason=why, placed_by=account.display, placed_at=now)
        hold.cases = [HeldCase(complaint_id=c.id) for c in cases]
        session.add(hold)
        session.flush()
        for complaint in cases:
            audit.append(session, actor=account.display, action="retention.hold", at=now,
                         complaint_id=complaint.id,
                         summary=f"Placed {kind.label.lower()} hold {hold.id} on "
                                 f"{complaint.case_number}: {why} ({AUTHORITY})",
                         detail={"hold": hold.id, "kind": kind.value})
        return hold.id

    return database.write(place)


@service(Act.LEGAL_HOLD, "Releasing a legal hold")
def release_hold(database: Database, hold_id: int, *, account: Account, clock: Clock,
                 reason: str, seen_version: int | None = None) -> None:
    """Release a hold in force, saying why (the action is over), in one transaction with an
    audit record for each case it covered. ``seen_version`` is the version the screen showed:
    a hold another desk changed since is a :class:`ConflictError`."""
    why = reason.strip()
    if not why:
        raise UserError("A release needs its reason.",
                        "Type why the hold ends, e.g. “judgment final, no appeal”.")
    now = utc_now(clock)

    def release(session: Session) -> None:
        hold = session.get(LegalHold, hold_id)
        if hold is None or not _visible(session, account, hold):
            raise UserError(f"There is no hold {hold_id}.", "Refresh the list of holds.")
        if seen_version is not None and hold.version != seen_version:
            raise ConflictError(f"Another desk changed hold {hold_id} after you opened it.",
                                "Refresh the list of holds and look again.")
        if hold.released_at is not None:
            raise UserError(f"Hold {hold_id} was released already, on "
                            f"{office_date(hold.released_at, time_zone(session)).isoformat()} by "
                            f"{hold.released_by}.", "Refresh the list of holds.")
        hold.released_at, hold.released_by, hold.release_reason = now, account.display, why
        for held in hold.cases:
            number = session.get(CaseRegister, held.complaint_id)
            audit.append(session, actor=account.display, action="retention.release", at=now,
                         complaint_id=held.complaint_id,
                         summary=f"Released {hold.kind.label.lower()} hold {hold.id} on "
                                 f"{number.case_number if number else held.complaint_id}: "
                                 f"{why}",
                         detail={"hold": hold.id})
        session.flush()

    database.write(release)


def _visible(session: Session, account: Account, hold: LegalHold) -> bool:
    """A hold is shown to someone who may name at least one of its cases."""
    return any(_may_name(session, account, c) for c in _cases_of(session, hold))


def _cases_of(session: Session, hold: LegalHold) -> list[CaseRegister]:
    ids = [h.complaint_id for h in hold.cases]
    return list(session.scalars(select(CaseRegister).where(CaseRegister.id.in_(ids))
                                .order_by(CaseRegister.case_year, CaseRegister.case_seq)))


@service(Act.LEGAL_HOLD, "The list of legal holds")
def list_holds(database: Database, *, account: Account) -> list[HoldRow]:
    """Every hold the person may see (in force first, newest first), each with the case
    numbers they may know of."""
    with database.read_session() as session:
        holds = session.scalars(select(LegalHold).options(selectinload(LegalHold.cases))
                                .order_by(LegalHold.placed_at.desc(), LegalHold.id.desc()))
        rows = []
        zone = time_zone(session)
        for hold in holds:
            numbers = tuple(c.case_number or "" for c in _cases_of(session, hold)
                            if _may_name(session, account, c))
            if not numbers:
                continue
            rows.append(HoldRow(hold.id, hold.version, hold.kind, hold.reason, numbers,
                                hold.placed_by, hold.placed_at, hold.released_by,
                                hold.released_at, hold.release_reason, zone))
    return sorted(rows, key=lambda r: not r.in_force)
