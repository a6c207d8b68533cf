"""The Board packet for a meeting: one confidential PDF of the cases on its agenda.

:func:`render_packet` reads the chosen cases in one session into plain data (the agenda,
:mod:`ethics_desk.board.agenda`; the sheets, :mod:`ethics_desk.documents.builders.board_packet`),
renders the packet (``ethics_desk.documents.render.board_packet``: a cover with the agenda,
then a summary sheet per case, CONFIDENTIAL under § 2-83(h) on every page), and records its
production in the audit trail of each case in one transaction, since a confidential paper about
pending complaints has been produced. No Qt here.

**Whose packet.** Each function takes the signed-in ``account`` and keeps to the complaints it
receives (:mod:`ethics_desk.staff.scope`): a member of the Board's packet has no sheet of a case
they do not receive, and such a case is refused exactly as one that does not exist,
§ 2-83(h)(1). The account is the actor on the packet's records; producing or printing a packet
is for the roles the permission table gives ``Act.BOARD_PACKET``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import date

from sqlalchemy.orm import Session

from ethics_desk.board.agenda import no_filed_case
from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.documents.making import render_for_meeting
from ethics_desk.documents.paper_context import Meeting
from ethics_desk.models import (
    Complaint,
)
from ethics_desk.staff.acting import service
from ethics_desk.staff.scope import receives
from ethics_desk.storage import queued_records
from ethics_desk.storage.database import Database

AUDIT_ACTION = "board.packet"


def _received(session: Session, account: Account | None, ids: Sequence[int]) -> None:
    """Refuse, as missing, any case of ``ids`` that ``account`` does not receive."""
    if account is None:
        return
    for complaint_id in ids:
        complaint = session.get(Complaint, complaint_id)
        if complaint is None or not receives(session, account, complaint):
            raise no_filed_case(complaint_id)


@service(Act.BOARD_PACKET, "Producing the Board packet")
def render_packet(database: Database, meeting_on: date, complaint_ids: Sequence[int], *,
                  clock: Clock, account: Account) -> bytes:
    """The packet for ``meeting_on`` with the cases ``complaint_ids`` (in that order), as PDF
    bytes, produced at the ``clock``'s time; its production is audited on each case, in one
    transaction, naming ``account`` — never waiting for another desk's write: queued meanwhile
    (:mod:`ethics_desk.storage.queued_records`).

    A case ``account`` does not receive is refused exactly as one that does not exist,
    § 2-83(h)(1).
    """
    ids = list(dict.fromkeys(complaint_ids))
    if not ids:
        raise UserError("The packet has no case in it.",
                        "Choose at least one case from the agenda.")
    with database.read_session() as session:
        _received(session, account, ids)  # before anything of the cases is read
    who = account.display
    moment = clock()  # an instant: the packet prints it in the office's zone
    paper, pdf = render_for_meeting(database, Meeting(meeting_on, tuple(ids), moment, who),
                                    account=account)
    who, sheets = paper.produced_by, paper.sheets
    numbers = [s.case_number for s in sheets]
    with database.read_session() as session:
        _received(session, account, ids)  # still theirs when the packet is handed over
    queued_records.record(database, [queued_records.Pending(
        moment, who or "unknown", AUDIT_ACTION,
        f"Board packet for the meeting of {meeting_on.isoformat()} produced, with "
        f"{', '.join(numbers)} (confidential, § 2-83(h))", complaint_id=complaint_id,
        detail={"meeting_on": meeting_on.isoformat(), "cases": numbers,
                "sha256": hashlib.sha256(pdf).hexdigest()}) for complaint_id in ids])
    return pdf


@service(Act.BOARD_PACKET, "Recording that the Board packet was saved or printed")
def record_packet_use(database: Database, meeting_on: date, complaint_ids: Sequence[int], *,
                      action: str, what: str, clock: Clock, account: Account) -> None:
    """Record that the packet was saved or printed (``action`` such as
    ``print.board-packet``; ``what`` in words), on each of its cases that ``account`` receives,
    in one transaction, naming ``account``; never waiting for another desk's write (queued
    meanwhile)."""
    meeting = meeting_on.isoformat()
    now = clock()
    who = account.display
    with database.read_session() as session:
        theirs = [complaint_id for complaint_id in dict.fromkeys(complaint_ids)
                  if (complaint := session.get(Complaint, complaint_id)) is not None
                  and receives(session, account, complaint)]
        # not theirs to have printed, § 2-83(h)(1): nothing is recorded of the others
    queued_records.record(database, [queued_records.Pending(
        now, who, action, f"Board packet for the meeting of {meeting} {what} (confidential, "
        "§ 2-83(h))", complaint_id=complaint_id, detail={"meeting_on": meeting})
        for complaint_id in theirs])


