"""The mail ledger: how each issued document went to each recipient, and what became of it.

A mailing records the method (first class, certified with return receipt, hand delivery,
e-mail), the tracking or article number and the date mailed; later its outcome — delivered,
returned or refused — and the date. A delivery date is a receipt under § 2-83(e): recording
one on the (e) notice to a respondent restarts that respondent's response clock from it, and
on the copy of a response to the complainant restarts the reply clock, through the workflow
controller. A returned or refused item flags the case until the paper is sent again.

Transactions: recording an outcome is one user action. The mailing's outcome, its audit record,
and the workflow event it fires (with the event's own audit record) are written in one unit of
work — the controller's :meth:`~ethics_desk.workflow.WorkflowController.fire_in` applies the
event inside this module's session — so a refused event (a date in the future, a case that
moved on) leaves nothing saved, and a saved delivery always has its clock moved. An outcome
that has no clock to move (the case is not waiting for that receipt) is saved on its own, and
the result says why no clock moved.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.cases import hearing_record
from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock, fixed_clock
from ethics_desk.core.errors import RuleError, UserError
from ethics_desk.core.folding import fold
from ethics_desk.core.office_time import office_date
from ethics_desk.core.parties import is_complainant, respondent_key, respondent_of, response_carried
from ethics_desk.core.permissions import Act
from ethics_desk.deadlines import ClockKind
from ethics_desk.documents.issuing import RESPONDENT_NOTICE
from ethics_desk.documents.kinds import KINDS, quoted_title, title_of
from ethics_desk.documents.stated_dates import respondents_stated
from ethics_desk.models import (
    Complaint,
    Deadline,
    DeadlineStatus,
    Filing,
    FilingKind,
    IssuedDocument,
    Mailing,
    MailMethod,
    MailOutcome,
    in_a_sentence,
)
from ethics_desk.office import settings
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.scope import case_condition, case_for, receives
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database
from ethics_desk.workflow import Payload, RecordComplainantReceipt, RecordRespondentReceipt
from ethics_desk.workflow.controller import FireResult, WorkflowController
from ethics_desk.workflow.table import BY_EVENT

RESPONSE_COPY = "response-copy"
"""The kind of the copy of a respondent's response sent to the complainant (e)(3)."""

UNDELIVERED = (MailOutcome.RETURNED, MailOutcome.REFUSED)


@dataclass(frozen=True)
class MailingRef:
    """One line of the ledger as the case view shows it."""

    mailing_id: int
    complaint_id: int
    document_id: int | None
    document_kind: str
    recipient_name: str
    recipient_role: str
    recipient_ref: str
    address: str
    method: MailMethod
    tracking_number: str
    mailed_on: date | None
    outcome: MailOutcome | None
    outcome_on: date | None
    recorded_by: str
    resent: bool = False
    """For a returned or refused item: the same kind of paper went to the recipient again."""
    message_id: str = ""
    """For a paper sent by e-mail from here: the Message-ID of its message."""
    courtesy_copy: bool = False
    """An e-mailed courtesy copy of a paper the statute sends by mail."""

    @property
    def method_label(self) -> str:
        """The method in words (the method's own label; a courtesy copy says it is one)."""
        return f"{self.method.label} (courtesy copy)" if self.courtesy_copy else self.method.label

    @property
    def document_title(self) -> str:
        """What the paper is, as the table of kinds names it."""
        return title_of(self.document_kind)


@dataclass(frozen=True)
class OutcomeResult:
    """What recording an outcome did: its summary and the workflow events it fired."""

    mailing_id: int
    summary: str
    events: tuple[FireResult, ...] = ()


def _refuse_a_future(session: Session, now: datetime, day: date, problem: str,
                     fix: str) -> None:
    """Refuse ``day`` after the office's date at ``now`` (``office.time_zone``, not the
    workstation's zone), in the act's own transaction."""
    if day > office_date(now, settings.time_zone(session)):
        raise UserError(problem, fix)


def _receives(session: Session, account: Account, complaint_id: int) -> bool:
    """Whether ``account`` receives the complaint: a paper or a mailing of one it does not is
    answered as one that does not exist, § 2-83(h)(1)."""
    complaint = session.get(Complaint, complaint_id)
    return complaint is not None and receives(session, account, complaint)


def _ref(mailing: Mailing, kind: str, resent: bool = False) -> MailingRef:
    return MailingRef(mailing.id, mailing.complaint_id, mailing.document_id, kind,
                      mailing.recipient_name, mailing.recipient_role, mailing.recipient_ref,
                      mailing.address, mailing.method, mailing.tracking_number, mailing.mailed_on,
                      mailing.outcome, mailing.outcome_on, mailing.recorded_by, resent,
                      mailing.message_id, mailing.courtesy_copy)


@service(Act.MAIL_PAPERS, "Recording a mailing")
def record_mailing(database: Database, document_id: int, *, recipient_name: str,
                   recipient_role: str = "", recipient_ref: str = "", address: str = "",
                   method: MailMethod, tracking_number: str = "", mailed_on: date | None,
                   account: Account, clock: Clock) -> int:
    """Record that an issued document was mailed (or handed over, or e-mailed); its id.

    ``recipient_ref`` says who the recipient is on the case ("respondent:<id>",
    "complainant"; for the copy of a response, "complainant:respondent:<id>" names whose
    response it is), so that a delivery can move that party's clock. A certified item needs
    its article number; a mailed one its address. A paper the statute sends one way only (the
    kind's ``sent_by``: the (d)(2) cure notice, "by first class mail") is refused any other,
    citing the clause.
    """
    method = MailMethod(method)
    name, tracking, address = recipient_name.strip(), tracking_number.strip(), address.strip()
    if not name:
        raise UserError("Enter the recipient's name.", "")
    now = clock()
    with database.unit_of_work() as session:
        if mailed_on is not None:
            _refuse_a_future(session, now, mailed_on,
                             f"The mailing date {mailed_on.isoformat()} is in the future.",
                             "Record the mailing on the day it goes out.")
        document = session.get(IssuedDocument, document_id)
        if document is None or not _receives(session, account, document.complaint_id):
            raise UserError(f"There is no issued document with id {document_id}.",
                            "Refresh the case.")
        if document.voided_at is not None:
            raise UserError(f"Document {document.id} ({document.kind}) was voided: "
                            f"{document.void_reason}.", "Mail its replacement instead.")
        _check_method(document.kind, method)
        if method is MailMethod.CERTIFIED_RRR and not tracking:
            raise UserError("A certified item needs its article number.",
                            "Enter the number from the certified mail receipt (PS Form 3800).")
        if method in (MailMethod.FIRST_CLASS, MailMethod.CERTIFIED_RRR, MailMethod.EMAIL) \
                and not address:
            what = "e-mail address" if method is MailMethod.EMAIL else "mailing address"
            raise UserError(f"Enter the {what} it was sent to.", "")
        disclosed = check_disclosure(session, document, name)
        issued_on = office_date(document.issued_at, settings.time_zone(session))
        if mailed_on is not None and mailed_on < issued_on:
            raise UserError(f"The mailing date {mailed_on.isoformat()} is before the document "
                            f"was issued ({issued_on.isoformat()}).", "Check the date.")
        mailing = Mailing(complaint_id=document.complaint_id, document_id=document.id,
                          recipient_name=name, recipient_role=recipient_role.strip(),
                          recipient_ref=recipient_ref.strip(), address=address, method=method,
                          tracking_number=tracking, mailed_on=mailed_on,
                          recorded_by=account.display)
        session.add(mailing)
        session.flush()
        number = f" (no. {tracking})" if tracking else ""
        when = f" on {mailed_on.isoformat()}" if mailed_on else " (not yet sent)"
        detail: dict[str, object] = {
            "mailing_id": mailing.id, "document_id": document.id,
            "recipient_ref": mailing.recipient_ref, "method": method.value,
            "tracking_number": tracking, "mailed_on": mailed_on.isoformat() if mailed_on else None}
        if disclosed:  # not a party or a witness: the paper is in a proceeding's record
            detail |= {"disclosure": hearing_record.CITATION, "in_record": disclosed}
        audit.append(session, actor=account.display, action="mail.record",
                     complaint_id=document.complaint_id, at=now,
                     summary=f"Sent {quoted_title(document.kind)} to {name} by {in_a_sentence(method.label)}"
                             f"{number}{when}" + (f" — {disclosed[0].lower()}{disclosed[1:]}"
                                                  if disclosed else ""),
                     detail=detail)
        return mailing.id


def _check_method(kind: str, method: MailMethod) -> None:
    """Refuse a method other than the one the statute sends the paper by (the kind's
    ``sent_by``): the cure notice goes "by first class mail", § 2-83(d)(2)."""
    rule = KINDS.get(kind)
    if rule is None or rule.sent_by is None or method is rule.sent_by:
        return
    required = in_a_sentence(rule.sent_by.label)
    raise RuleError(f"The {in_a_sentence(rule.title)} goes to {rule.audience.value} by "
                    f"{required}, as the statute says; it cannot be recorded as sent by "
                    f"{in_a_sentence(method.label)}", rule.citation,
                    f"Mail it by {required} and record that mailing.")


def check_disclosure(session: Session, document: IssuedDocument, name: str) -> str:
    """Refuse to send a paper about a pending complaint to anyone § 2-83(h)(1) does not allow:
    only the person it was issued to, a complainant, a respondent or a recorded witness — unless
    the paper was entered into the record of a formal hearing or a Board proceeding, which
    § 2-83(h)(2) lets be disclosed to anyone.

    Returns the mark that allowed it ("Entered into the record of … (§ 2-83(h)(2))") when only
    (h)(2) allows it, else ``""``.
    """
    complaint = session.get(Complaint, document.complaint_id)
    if complaint is None or not complaint.state.is_pending:
        return ""
    allowed = {fold(document.recipient)}
    allowed |= {fold(p.name) for p in complaint.complainants}
    allowed |= {fold(p.name) for p in complaint.respondents}
    allowed |= {fold(w.name) for w in complaint.witnesses}
    if fold(name) in allowed:
        return ""
    marks = hearing_record.marks_of_document(session, document)
    if marks:
        return marks[0].in_words
    raise RuleError(
        f"“{name}” is not a party to {complaint.display_number} or a witness recorded on "
        "it, and the complaint is pending: nothing about it may go to anyone else",
        "§ 2-83(h)(1)",
        f"Send it to {document.recipient}, as it was issued; if a party or a witness "
        "identified this person as a witness, record them on the Witnesses tab first; if "
        "the paper was entered into the record of a hearing or a Board proceeding, mark it "
        "so on the Documents tab (§ 2-83(h)(2)).")


def delivery_detail(method: MailMethod) -> str:
    """How a delivery is explained on the clock it starts."""
    return {MailMethod.CERTIFIED_RRR: "delivered (return receipt)",
            MailMethod.HAND_DELIVERY: "delivered by hand",
            MailMethod.EMAIL: "delivered by e-mail"}.get(method, "delivered")


def _is_complainant(mailing: Mailing) -> bool:
    return (is_complainant(mailing.recipient_ref)
            or mailing.recipient_role.strip().lower() == "complainant")


def _responses_covered(session: Session, mailing: Mailing, document: IssuedDocument) -> list[int]:
    """The respondents whose response a copy to the complainant carries.

    Named in the mailing's ``recipient_ref`` ("complainant:respondent:<id>"), or by the copy
    itself (the reply date it states is one respondent's), or else — a copy issued before the
    papers kept their dates — those whose sworn response was filed by the day the copy was
    issued, except any whose reply clock already runs from an actual receipt (their copy was
    received before).
    """
    named = response_carried(mailing.recipient_ref)
    if named is not None:
        return [named]
    # A copy issued for one response says whose on its face: the reply date it states is that
    # respondent's (its stated dates, :mod:`ethics_desk.documents.stated_dates`).
    stated = respondents_stated(session, document.id)
    if stated:
        return stated
    issued_on = office_date(document.issued_at, settings.time_zone(session))
    filed = session.scalars(select(Filing.respondent_id).where(
        Filing.complaint_id == document.complaint_id, Filing.kind == FilingKind.RESPONSE,
        Filing.respondent_id.is_not(None), Filing.received_on <= issued_on)).all()
    received = set(session.scalars(select(Deadline.subject).where(
        Deadline.complaint_id == document.complaint_id, Deadline.clock == ClockKind.REPLY.value,
        Deadline.trigger_basis == "actual",
        Deadline.status != DeadlineStatus.CANCELLED)).all())
    return sorted({r for r in filed if r is not None and respondent_key(r) not in received})


def _receipt_events(session: Session, controller: WorkflowController, mailing: Mailing,
                    document: IssuedDocument | None, on: date) -> tuple[list[Payload], str]:
    """The workflow events a delivery fires, or why it fires none."""
    if document is None:
        return [], ""
    detail = delivery_detail(mailing.method)
    complaint = document.complaint_id
    if document.kind == RESPONDENT_NOTICE and (rid := respondent_of(mailing.recipient_ref)):
        responded = session.scalar(select(Filing.id).where(
            Filing.complaint_id == complaint, Filing.kind == FilingKind.RESPONSE,
            Filing.respondent_id == rid).limit(1))
        if responded is not None:
            return [], "the respondent has already filed a response; no clock moved"
        payload: Payload = RecordRespondentReceipt(respondent_id=rid, received_on=on,
                                                   detail=detail)
    elif document.kind == RESPONSE_COPY and _is_complainant(mailing):
        covered = _responses_covered(session, mailing, document)
        if not covered:
            return [], "no response awaiting the complainant's receipt; no clock moved"
        if len(covered) > 1:
            return [], ("the copy does not say whose response it carries, so no clock moved: "
                        "record the complainant's receipt from the case")
        payloads: list[Payload] = [RecordComplainantReceipt(
            respondent_id=r, received_on=on, detail=f"copy of the response {detail}")
            for r in covered]
        return _if_possible(session, controller, complaint, payloads)
    else:
        return [], ""
    return _if_possible(session, controller, complaint, [payload])


def _if_possible(session: Session, controller: WorkflowController, complaint_id: int,
                 payloads: list[Payload]) -> tuple[list[Payload], str]:
    """The payloads, or none (with the reason) when the case is not waiting for the receipt."""
    complaint = session.get(Complaint, complaint_id)
    assert complaint is not None
    transition = BY_EVENT[payloads[0].event]
    blocks = controller.blocks(session, complaint, transition)
    if blocks:
        return [], (f"no clock moved: {blocks[0].reason} — record the receipt with the "
                    "case's next step if it still matters")
    return payloads, ""


@service(Act.MAIL_PAPERS, "Recording what became of a mailing")
def record_outcome(database: Database, mailing_id: int, outcome: MailOutcome, on: date, *,
                   account: Account, clock: Clock) -> OutcomeResult:
    """Record that an item was delivered, returned or refused on ``on`` — one transaction.

    A delivery of the (e) notice to a respondent fires ``RecordRespondentReceipt`` (their
    response clock restarts from ``on``); a delivery of the copy of a response to the
    complainant fires ``RecordComplainantReceipt`` (the reply clock). If the event is refused,
    nothing is saved and its message is raised. A returned or refused item flags the case.
    """
    outcome = MailOutcome(outcome)
    now = clock()
    controller = WorkflowController(database, account, clock=fixed_clock(now))
    with database.unit_of_work() as session:
        _refuse_a_future(session, now, on, f"The date {on.isoformat()} is in the future.",
                         "Enter the date on the return receipt or the returned envelope.")
        mailing = session.get(Mailing, mailing_id)
        if mailing is None or not _receives(session, account, mailing.complaint_id):
            raise UserError(f"There is no mailing with id {mailing_id}.", "Refresh the case.")
        if mailing.outcome is not None:
            raise UserError(f"This item was already recorded as {in_a_sentence(mailing.outcome.label)} on "
                            f"{mailing.outcome_on.isoformat() if mailing.outcome_on else '—'}.",
                            "If it was sent again, record a new mailing.")
        if mailing.mailed_on is None:
            raise UserError("Record the date it was sent before what became of it.", "")
        if on < mailing.mailed_on:
            raise UserError(f"The date {on.isoformat()} is before the item was sent "
                            f"({mailing.mailed_on.isoformat()}).", "Check the date.")
        document = mailing.document
        kind = quoted_title(document.kind) if document else "the document"
        mailing.outcome, mailing.outcome_on = outcome, on
        session.flush()
        verb = {MailOutcome.DELIVERED: "delivered to", MailOutcome.RETURNED: "returned from",
                MailOutcome.REFUSED: "refused by"}[outcome]
        summary = f"{kind[0].upper()}{kind[1:]} was {verb} {mailing.recipient_name} on {on.isoformat()}"
        payloads: list[Payload] = []
        note = ""
        if outcome is MailOutcome.DELIVERED:
            payloads, note = _receipt_events(session, controller, mailing, document, on)
        else:
            summary += " — flagged on the case: send it again or record another way of service"
        if note:
            summary += f" ({note})"
        audit.append(session, actor=account.display, action=f"mail.{outcome.value}",
                     complaint_id=mailing.complaint_id, summary=summary, at=now,
                     detail={"mailing_id": mailing.id, "document_id": mailing.document_id,
                             "outcome": outcome.value, "on": on.isoformat(),
                             "recipient_ref": mailing.recipient_ref,
                             "events": [p.event.value for p in payloads]})
        fired = tuple(controller.fire_in(session, mailing.complaint_id, p) for p in payloads)
        if fired:
            summary += "; " + "; ".join(f.summary for f in fired)
        return OutcomeResult(mailing.id, summary, fired)


@case_reader("Reading a case's mail ledger")
def mailings_for_case(database: Database, case_id: int, *, account: Account) -> list[MailingRef]:
    """The case's ledger, oldest first (a case ``account`` does not receive gets the answer of
    one that does not exist)."""
    with database.read_session() as session:
        case_for(session, account, case_id)
        rows = _ledger(session, [case_id])
        resent = _resent(rows)
        return [_ref(m, kind, m.id in resent) for m, kind in rows]


def _ledger(session: Session, case_ids: Collection[int]) -> list[tuple[Mailing, str]]:
    rows = session.execute(
        select(Mailing, IssuedDocument.kind)
        .outerjoin(IssuedDocument, IssuedDocument.id == Mailing.document_id)
        .where(Mailing.complaint_id.in_(list(case_ids))).order_by(Mailing.id)).all()
    return [(m, kind or "") for m, kind in rows]


def _resent(rows: list[tuple[Mailing, str]]) -> set[int]:
    """Ids of returned/refused items that went to the same recipient again afterwards."""
    def key(m: Mailing, kind: str) -> tuple[int, str, str]:
        return m.complaint_id, kind, m.recipient_ref or m.recipient_name.casefold()

    resent: set[int] = set()
    for i, (m, kind) in enumerate(rows):
        if m.outcome not in UNDELIVERED:
            continue
        if any(key(later, later_kind) == key(m, kind) and later.outcome not in UNDELIVERED
               for later, later_kind in rows[i + 1:]):
            resent.add(m.id)
    return resent


@case_reader("Reading a case's returned mail")
def returned_items(database: Database, case_id: int, *, account: Account) -> list[MailingRef]:
    """The case's returned and refused items; ``resent`` tells which were sent again."""
    return [m for m in mailings_for_case(database, case_id, account=account)
            if m.outcome in UNDELIVERED]


@case_reader("Listing the returned mail")
def returned_mail(database: Database, *, account: Account) -> list[tuple[str, MailingRef]]:
    """Every returned or refused item, with its case's number, of the cases ``account``
    receives (:func:`ethics_desk.staff.scope.case_condition`), by case."""
    with database.read_session() as session:
        numbers = dict(session.execute(
            select(Complaint.id, Complaint.case_number).where(case_condition(account),
                                                              Complaint.id.in_(
                select(Mailing.complaint_id).where(Mailing.outcome.in_(UNDELIVERED))))).all())
        rows = _ledger(session, list(numbers))
        resent = _resent(rows)
        return [(numbers[m.complaint_id] or "", _ref(m, kind, m.id in resent))
                for m, kind in rows if m.outcome in UNDELIVERED]


@case_reader("Counting the cases' returned mail")
def mail_flags(database: Database, case_ids: Collection[int], *,
               account: Account) -> dict[int, int]:
    """For each case, how many returned or refused items have not been sent again (none for a
    case ``account`` does not receive)."""
    flags = dict.fromkeys(case_ids, 0)
    if not flags:
        return flags
    with database.read_session() as session:
        flagged = set(session.scalars(select(Mailing.complaint_id).join(
            Complaint, Complaint.id == Mailing.complaint_id).where(
            Mailing.complaint_id.in_(list(flags)), Mailing.outcome.in_(UNDELIVERED),
            case_condition(account))).all())
        if not flagged:
            return flags
        rows = _ledger(session, flagged)
        resent = _resent(rows)
        for m, _kind in rows:
            if m.outcome in UNDELIVERED and m.id not in resent:
                flags[m.complaint_id] += 1
    return flags
