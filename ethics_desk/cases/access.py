"""Who saw a case and when: the access history of § 2-83(h).

Every read of a pending complaint leaves an audit record — opening the case window, a preview,
a print, a save as a file, the Board packet, an attachment opened, a paper issued. The access
history is those records of one case, oldest first; reading it is itself a read of the case and
is recorded (``view.access``) — at once, or, while another desk writes, queued and listed from
the queue until the next writer writes it. The lists that showed the case among others (the
inbox, a search, a calendar day, the mail queue: ``view.list``) and the inbox's list exported
with it (``export.list``) are in its history too. No Qt here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, or_, select

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.permissions import Act
from ethics_desk.models import AuditRecord
from ethics_desk.staff.acting import service
from ethics_desk.staff.scope import case_for
from ethics_desk.storage.audit import is_access
from ethics_desk.storage.database import Database

LIST_SHOWN = "view.list"
"""A list of cases shown with their parties' names (:mod:`ethics_desk.cases.list_reads`): one
record names every case of the list, and is in each of their histories."""
LIST_EXPORTED = "export.list"
"""The inbox's list exported as a spreadsheet (:mod:`ethics_desk.cases.docket`): one record
names every case exported, and is in each of their histories."""
LISTS = (LIST_SHOWN, LIST_EXPORTED)
"""The records of no one case that name the cases of a list (in the detail's ``cases``)."""

@dataclass(frozen=True)
class AccessLine:
    """One read of a case: when, who, what they saw."""

    at: datetime
    actor: str
    action: str
    summary: str


@service(Act.ACCESS_HISTORY, "Reading who saw a case")
def access_history(database: Database, case_id: int, *, account: Account,
                   clock: Clock) -> list[AccessLine]:
    """Every read of the case, oldest first — this one included, recorded as ``view.access``
    before the history is returned. It is read in a read transaction and never waits for
    another desk's write: while one holds the writers' lock, this record (and any other read
    of the case this computer made meanwhile) waits in the queue, fsynced, and is listed from
    there (:mod:`ethics_desk.storage.queued_records`)."""
    from ethics_desk.storage import queued_records

    with database.read_session() as session:
        case_for(session, account, case_id)
    queued_records.record(database, [queued_records.Pending(
        clock(), account.display, "view.access", "Looked at who saw the case (the access history)",
        complaint_id=case_id)], before_the_check=True)
    with database.read_session() as session:
        rows = session.scalars(select(AuditRecord).where(or_(
            AuditRecord.complaint_id == case_id,
            and_(AuditRecord.complaint_id.is_(None), AuditRecord.action.in_(LISTS),
                 AuditRecord.detail.contains(str(case_id))))).order_by(AuditRecord.seq))
        lines = [AccessLine(r.at, r.actor, r.action, r.summary) for r in rows
                 if is_access(r.action) and (r.complaint_id == case_id
                                             or _lists(json.loads(r.detail or "{}"), case_id))]
        waiting = [p for p in queued_records.waiting(database.url, session=session)
                   if p.complaint_id == case_id or (p.complaint_id is None
                                                    and p.action in LISTS
                                                    and _lists(p.detail, case_id))]
    return lines + [AccessLine(p.at, p.actor, p.action, p.summary) for p in waiting
                    if is_access(p.action)]


def _lists(detail: object, case_id: int) -> bool:
    """Whether a list's record (its detail) names the case among those shown."""
    cases = detail.get("cases") if isinstance(detail, dict) else None
    return isinstance(cases, list) and case_id in cases
