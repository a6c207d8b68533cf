"""The steps of § 2-83 a case still owes that no button moves: what the City Clerk must still
send, read from the record (no Qt, no clock of its own).

* a filed complaint that was not sworn is returned to the complainant, not forwarded (§ 2-83(c),
  last paragraph) — outstanding until its return letter is issued;
* every sworn response goes, upon receipt, to the Compliance Auditor, the City Attorney's
  Office and the Ethics Review Board (§ 2-83(e), last paragraph) — outstanding until each of
  the three has it (the "upon receipt" clock counts how long it has been);
* each respondent is told of the complaint filed, for information (§ 2-83(d)(1)) — while it is
  in review or accepted, outstanding until the notice of filing is issued to them;
* a copy of each sworn response goes to the complainant, and a copy of the complainant's
  sworn reply to each respondent (§ 2-83(e)(3)) — outstanding until the copy of the response
  is mailed (its reply clock runs) and the copy of the reply is issued to each respondent;
* a hearing a party requested is scheduled (§ 2-83(e)(4)) — outstanding while it has no date —
  and, once scheduled, noticed to the complainant and to each respondent — outstanding until the
  notice of the hearing is issued to each of them, or the hearing is held;
* each respondent given notice of a rule the complaint did not allege is sent the written
  notice (§ 2-85(c)) — outstanding until a notice of the rules not alleged is issued to them
  after the latest was recorded;
* each respondent is told of the resolution of the complaint (§ 2-83(d)(4)) — a complaint
  resolved, withdrawn or returned as defective — outstanding until a notice of resolution is
  issued to them;
* a complaint the Board decided on the merits is owed its written opinion, with a copy to each
  person § 2-87(a) names — outstanding until it is issued to each of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.board.findings import decided_on_the_merits, opinion_copies
from ethics_desk.core.parties import respondent_key, response_carried
from ethics_desk.deadlines import ClockKind
from ethics_desk.models import (
    CaseState,
    Complaint,
    Deadline,
    Filing,
    FilingKind,
    Hearing,
    IssuedDocument,
    Mailing,
    Provision,
    ResponseForward,
    ResponseRecipient,
    RuleNotice,
    StatedDate,
)

UNSWORN_RETURN = "unsworn-return"
"""The kind of the return of an unsworn complaint (its row in ``ethics_desk.documents.kinds``)."""
RETURNED_STATES = frozenset({CaseState.FILED, CaseState.RETURNED_UNSWORN})
"""The states in which a complaint not sworn owes its return, § 2-83(c), last paragraph."""
RESOLUTION_NOTICE = "resolution-notice"
"""The kind of the notice of resolution (its row in ``ethics_desk.documents.kinds``)."""
FILING_NOTICE = "filing-notice"
"""The kind of the (d)(1) notice of a complaint filed, to each respondent."""
RESPONSE_COPY = "response-copy"
"""The kind of the copy of a response, to the complainant, (e)(3)."""
REPLY_COPY = "reply-copy"
"""The kind of the copy of the complainant's reply, to each respondent, (e)(3)."""
FILING_NOTICE_OWED = frozenset({CaseState.UNDER_REVIEW, CaseState.ACCEPTED})
"""The states in which the respondents are owed the notice of a complaint filed, § 2-83(d)(1):
from its forwarding for review until the Board's forwarding brings them the complaint itself
(§ 2-83(d)(3), (e))."""
RULE_NOTICE = "rule-notice"
"""The kind of the written notice of a rule not alleged, to the respondent given it, § 2-85(c)."""
WRITTEN_OPINION = "written-opinion"
"""The kind of the Board's written opinion and its copies, § 2-87(a)."""
HEARING_NOTICE = "hearing-notice"
"""The kind of the notice of a requested hearing, to the complainant and each respondent."""
HEARING_OWED = frozenset({CaseState.ACCEPTED, CaseState.AWAITING_RESPONSE,
                          CaseState.RESPONSE_FILED, CaseState.REPLY_FILED, CaseState.SHOW_CAUSE})
"""The states in which a requested hearing is owed its date and its notice, § 2-83(e)(4)."""
COPIES_OWED = frozenset({CaseState.RESPONSE_FILED, CaseState.REPLY_FILED})
"""The states in which the copies of (e)(3) are owed."""
NOTIFIED_STATES = frozenset({CaseState.RESOLVED, CaseState.RETURNED_DEFECTIVE})
"""The states in which the respondents are owed the notice of resolution, § 2-83(d)(4)."""


@dataclass(frozen=True)
class Step:
    """One step still owed: what to do, and the rule that asks for it."""

    what: str
    citation: str

    def __str__(self) -> str:
        return f"{self.what} ({self.citation})"


def _issued_to(session: Session, complaint: Complaint, kind: str) -> set[str]:
    """The recipients of the papers of ``kind`` issued on the case and not voided."""
    return set(session.scalars(select(IssuedDocument.recipient).where(
        IssuedDocument.complaint_id == complaint.id, IssuedDocument.kind == kind,
        IssuedDocument.voided_at.is_(None))))


def _not_yet_told(complaint: Complaint, issued: set[str]) -> list[str]:
    """The respondents to whom none of ``issued`` went (by name as the case names them, or the
    key an older record carries)."""
    return [r.name for r in complaint.respondents
            if r.name.strip() not in issued and respondent_key(r.id) not in issued]


def outstanding_steps(session: Session, complaint: Complaint) -> tuple[Step, ...]:
    """The steps ``complaint`` still owes, in the order of the statute's text."""
    steps: list[Step] = []
    if complaint.state in RETURNED_STATES and not (complaint.oath is not None
                                                  and complaint.oath.sworn):
        returned = session.scalar(select(IssuedDocument.id).where(
            IssuedDocument.complaint_id == complaint.id, IssuedDocument.kind == UNSWORN_RETURN,
            IssuedDocument.voided_at.is_(None)).limit(1))
        if returned is None:
            who = complaint.complainants[0].name if complaint.complainants else "the complainant"
            steps.append(Step(f"Return the complaint, not sworn, to {who} with its return "
                              "letter (the return of an unsworn complaint, Papers tab)",
                              "§ 2-83(c), last paragraph"))
    if complaint.state in FILING_NOTICE_OWED:
        for name in _not_yet_told(complaint, _issued_to(session, complaint, FILING_NOTICE)):
            steps.append(Step(f"Notify {name} of the complaint filed, for information (the "
                              "notice of filing, Papers tab)", "§ 2-83(d)(1)"))
    responses = session.scalars(select(Filing).where(
        Filing.complaint_id == complaint.id, Filing.kind == FilingKind.RESPONSE)
        .order_by(Filing.received_on, Filing.id)).all()
    sent: dict[int, set[ResponseRecipient]] = {}
    for filing_id, recipient in session.execute(select(
            ResponseForward.filing_id, ResponseForward.recipient).where(
            ResponseForward.complaint_id == complaint.id)):
        sent.setdefault(filing_id, set()).add(recipient)
    for response in responses:
        missing = [r.label for r in ResponseRecipient if r not in sent.get(response.id, set())]
        if missing:
            steps.append(Step(f"Forward the sworn response of {response.party_name} (received "
                              f"{response.received_on.isoformat()}) to the "
                              + _and(missing), "§ 2-83(e), last paragraph"))
    if complaint.state in COPIES_OWED:
        steps.extend(_copies_owed(session, complaint, responses))
    if complaint.state in HEARING_OWED:
        steps.extend(_hearing_owed(session, complaint))
    if complaint.state.is_pending:
        steps.extend(_rule_notices_owed(session, complaint))
    if complaint.state in NOTIFIED_STATES:
        for name in _not_yet_told(complaint, _issued_to(session, complaint, RESOLUTION_NOTICE)):
            steps.append(Step(f"Notify {name} of the resolution (the notice of resolution, "
                              "Papers tab)", "§ 2-83(d)(4)"))
    if complaint.state is CaseState.RESOLVED and decided_on_the_merits(session, complaint):
        issued = _issued_to(session, complaint, WRITTEN_OPINION)
        owed = [*(p.name for p in complaint.complainants[:1]), *(r.name for r in
                                                                 complaint.respondents),
                *(name for name, _role in opinion_copies(session, complaint))]
        missing = [name for name in owed if name.strip() not in issued]
        if missing:
            steps.append(Step("Issue the Board's written opinion to "
                              + ", ".join(missing) + " (the written opinion, Papers tab)",
                              "§ 2-87(a)"))
    return tuple(steps)


def _rule_notices_owed(session: Session, complaint: Complaint) -> list[Step]:
    """§ 2-85(c): each respondent given notice of a rule not alleged is owed the written notice,
    until one is issued to them after the latest notice was recorded."""
    latest: dict[int, RuleNotice] = {}
    for notice in session.scalars(select(RuleNotice).where(
            RuleNotice.complaint_id == complaint.id).order_by(RuleNotice.id)):
        latest[notice.respondent_id] = notice
    if not latest:
        return []
    issued = session.execute(select(IssuedDocument.recipient, IssuedDocument.issued_at).where(
        IssuedDocument.complaint_id == complaint.id, IssuedDocument.kind == RULE_NOTICE,
        IssuedDocument.voided_at.is_(None))).all()
    steps = []
    for respondent in complaint.respondents:
        last = latest.get(respondent.id)
        if last is None or any(name == respondent.name.strip() and at >= last.recorded_at
                               for name, at in issued):
            continue
        citations = ", ".join(dict.fromkeys(p.citation for p in session.scalars(
            select(Provision).join(RuleNotice, RuleNotice.provision_id == Provision.id)
            .where(RuleNotice.complaint_id == complaint.id,
                   RuleNotice.respondent_id == respondent.id).order_by(RuleNotice.id))))
        steps.append(Step(f"Send {respondent.name} the written notice of {citations}, not "
                          "alleged (the notice of a rule not alleged, Papers tab)", "§ 2-85(c)"))
    return steps


def _copies_owed(session: Session, complaint: Complaint,
                 responses: Sequence[Filing]) -> list[Step]:
    """(e)(3): the copy of each sworn response to the complainant — owed until it is mailed or
    handed over, or its receipt recorded (the complainant's reply clock runs) — and the copy of the
    complainant's sworn reply to each respondent, owed until it is issued to them."""
    steps = []
    running = set(session.scalars(select(Deadline.subject).where(
        Deadline.complaint_id == complaint.id, Deadline.clock == ClockKind.REPLY.value)))
    # A copy sent: mailed or handed over, whose response the mailing names (or the reply date
    # the copy states); with one response on the case, any copy sent is of it.
    sent = session.execute(select(Mailing.document_id, Mailing.recipient_ref).join(
        IssuedDocument, IssuedDocument.id == Mailing.document_id).where(
        IssuedDocument.complaint_id == complaint.id, IssuedDocument.kind == RESPONSE_COPY,
        IssuedDocument.voided_at.is_(None))).all()
    stated = {document_id: subject for document_id, subject in session.execute(
        select(StatedDate.document_id, StatedDate.subject).where(
            StatedDate.document_id.in_([document_id for document_id, _ref in sent])))}
    for document_id, ref in sent:
        carried = response_carried(ref)
        if carried is not None:
            running.add(respondent_key(carried))
        elif document_id in stated:
            running.add(stated[document_id])
        elif len(responses) == 1 and responses[0].respondent_id is not None:
            running.add(respondent_key(responses[0].respondent_id))
    for response in responses:
        if response.respondent_id is not None and \
                respondent_key(response.respondent_id) not in running:
            steps.append(Step(f"Send the complainant a copy of the response of "
                              f"{response.party_name} (the copy of a response, Papers tab)",
                              "§ 2-83(e)(3)"))
    # A reply whose copy to the respondents was recorded with it needs no other.
    replied = session.scalar(select(Filing.id).where(
        Filing.complaint_id == complaint.id, Filing.kind == FilingKind.REPLY,
        Filing.forwarded_on.is_(None)).limit(1))
    if replied is not None:
        for name in _not_yet_told(complaint, _issued_to(session, complaint, REPLY_COPY)):
            steps.append(Step(f"Send {name} a copy of the complainant's reply (the copy of the "
                              "reply, Papers tab)", "§ 2-83(e)(3)"))
    return steps


def _hearing_owed(session: Session, complaint: Complaint) -> list[Step]:
    """(e)(4): each requested hearing not yet held is owed its date, and once it has one, its
    notice to the complainant and to each respondent. A party is told of as many hearings as
    have been scheduled: a notice issued to them counts for one hearing each."""
    hearings = session.scalars(Hearing.requested(complaint.id)).all()
    requests = session.scalars(select(Filing.party_name).where(
        Filing.complaint_id == complaint.id, Filing.kind == FilingKind.HEARING_REQUEST)
        .order_by(Filing.id)).all()
    steps = []
    for number, hearing in enumerate(hearings):
        if hearing.scheduled_at is None:
            who = requests[number] if number < len(requests) else f"the {hearing.requested_by}"
            steps.append(Step(f"Schedule the hearing {who} requested (Schedule the requested "
                              "hearing)", "§ 2-83(e)(4)"))
    scheduled = sum(1 for h in hearings if h.scheduled_at is not None)
    if not any(h.scheduled_at is not None and h.held_on is None for h in hearings):
        return steps
    notices = session.scalars(select(IssuedDocument.recipient).where(
        IssuedDocument.complaint_id == complaint.id, IssuedDocument.kind == HEARING_NOTICE,
        IssuedDocument.voided_at.is_(None))).all()
    parties = [(p.name, {p.name.strip()}) for p in complaint.complainants[:1]] + [
        (r.name, {r.name.strip(), respondent_key(r.id)}) for r in complaint.respondents]
    for name, keys in parties:
        if sum(1 for n in notices if n in keys) < scheduled:
            steps.append(Step(f"Notify {name} of the date, time and place of the requested "
                              "hearing (the notice of the hearing, Papers tab)",
                              "§ 2-83(e)(4); Gov't Code § 551.043"))
    return steps


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
