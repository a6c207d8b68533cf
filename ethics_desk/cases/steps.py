"""The steps of § 2-83 a case still owes that no button moves: what the City Clerk must still
send, read from the record (no Qt, no clock of its own).

* a filed complaint that was not sworn is returned to the complainant, not forwarded (§ 2-83(c),
  last paragraph) — outstanding until its return letter is issued;
* every sworn response goes, upon receipt, to the Compliance Auditor, the City Attorney's
  Office and the Ethics Review Board (§ 2-83(e), last paragraph) — outstanding until each of
  the three has it (the "upon receipt" clock counts how long it has been);
* each respondent is told of the resolution of the complaint (§ 2-83(d)(4)) — a complaint
  resolved, withdrawn or returned as defective — outstanding until a notice of resolution is
  issued to them.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.parties import respondent_key
from ethics_desk.models import (
    CaseState,
    Complaint,
    Filing,
    FilingKind,
    IssuedDocument,
    ResponseForward,
    ResponseRecipient,
)

UNSWORN_RETURN = "unsworn-return"
"""The kind of the return of an unsworn complaint (its row in ``ethics_desk.documents.kinds``)."""
RETURNED_STATES = frozenset({CaseState.FILED, CaseState.RETURNED_UNSWORN})
"""The states in which a complaint not sworn owes its return, § 2-83(c), last paragraph."""
RESOLUTION_NOTICE = "resolution-notice"
"""The kind of the notice of resolution (its row in ``ethics_desk.documents.kinds``)."""
NOTIFIED_STATES = frozenset({CaseState.RESOLVED, CaseState.RETURNED_DEFECTIVE})
"""The states in which the respondents are owed the notice of resolution, § 2-83(d)(4)."""


@dataclass(frozen=True)
class Step:
    """One step still owed: what to do, and the rule that asks for it."""

    what: str
    citation: str

    def __str__(self) -> str:
        return f"{self.what} ({self.citation})"


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
    if complaint.state in NOTIFIED_STATES:
        issued = set(session.scalars(select(IssuedDocument.recipient).where(
            IssuedDocument.complaint_id == complaint.id,
            IssuedDocument.kind == RESOLUTION_NOTICE, IssuedDocument.voided_at.is_(None))))
        for respondent in complaint.respondents:
            # Issued to the respondent as the case names them (a record written before the
            # papers were issued by name may carry the respondent's key instead).
            if respondent.name.strip() not in issued and respondent_key(respondent.id) not in issued:
                steps.append(Step(f"Notify {respondent.name} of the resolution (the notice of "
                                  "resolution, Papers tab)", "§ 2-83(d)(4)"))
    return tuple(steps)


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
