"""Witnesses and potential witnesses of a complaint, § 2-83(h)(1).

While a complaint is pending, nothing about it goes to anyone but the respondent, the
complainant, and the witnesses and potential witnesses they — or another witness — identify.
So each witness is recorded with who identified them: a complainant, a respondent, or a witness
already recorded. Recording one, and taking one off (a name entered by mistake, with the
reason), is one audited act each. No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.parties import respondent_key
from ethics_desk.core.permissions import Act
from ethics_desk.models import Complainant, Complaint, Respondent, Witness
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.party_matches import find_for_complaint
from ethics_desk.staff.scope import case_for
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

MAX_NAME = 200


@dataclass(frozen=True)
class Identifier:
    """Someone who may identify a witness: a party or a recorded witness."""

    key: str  # "complainant:3", a respondent's key (core.parties), "witness:2"
    label: str  # "José Peña (complainant)"


@dataclass(frozen=True)
class WitnessLine:
    """A recorded witness as the case window lists them."""

    witness_id: int
    name: str
    identified_by: str
    contact: str


def _complaint(session: Session, case_id: int) -> Complaint:
    complaint = session.get(Complaint, case_id)
    if complaint is None:
        raise UserError(f"There is no complaint with id {case_id}.", "Refresh the list.")
    return complaint


def _identifiers(session: Session, case_id: int) -> list[Identifier]:
    out = [Identifier(f"complainant:{c.id}", f"{c.name} (complainant)") for c in
           session.scalars(select(Complainant).where(Complainant.complaint_id == case_id)
                           .order_by(Complainant.position, Complainant.id))]
    out += [Identifier(respondent_key(r.id), f"{r.name} (respondent)") for r in
            session.scalars(select(Respondent).where(Respondent.complaint_id == case_id)
                            .order_by(Respondent.position, Respondent.id))]
    out += [Identifier(f"witness:{w.id}", f"{w.name} (witness)") for w in
            session.scalars(select(Witness).where(Witness.complaint_id == case_id)
                            .order_by(Witness.id))]
    return out


@case_reader("Reading a case's parties and witnesses")
def identifiers(database: Database, case_id: int, *, account: Account) -> list[Identifier]:
    """Who may identify a witness of the case: its complainants, respondents and witnesses."""
    with database.read_session() as session:
        case_for(session, account, case_id)
        return _identifiers(session, case_id)


@case_reader("Reading a case's witnesses")
def witnesses(database: Database, case_id: int, *, account: Account) -> list[WitnessLine]:
    """The case's witnesses, in the order they were recorded."""
    with database.read_session() as session:
        case_for(session, account, case_id)
        return [WitnessLine(w.id, w.name, w.identified_by, w.contact) for w in
                session.scalars(select(Witness).where(Witness.complaint_id == case_id)
                                .order_by(Witness.id))]


@service(Act.RECORD_WITNESSES, "Recording a witness")
def add_witness(database: Database, case_id: int, name: str, identified_by: str, contact: str,
                *, account: Account, clock: Clock) -> WitnessLine:
    """Record a witness identified by ``identified_by`` (an :class:`Identifier` key), audited."""
    name = " ".join(name.split())
    if not name:
        raise UserError("The witness needs a name.", "Type the witness's full name.")
    if len(name) > MAX_NAME:
        raise UserError(f"The name is longer than {MAX_NAME} characters.", "Shorten it.")

    def record(session: Session) -> WitnessLine:
        complaint = _complaint(session, case_id)
        if complaint.case_number is None:
            raise UserError("A witness is recorded on a filed complaint.",
                            "File the complaint first; its witnesses go on the case.")
        found = {i.key: i.label for i in _identifiers(session, case_id)}
        if identified_by not in found:
            raise UserError("Say who identified the witness: a complainant, a respondent or a "
                            "witness of this case (§ 2-83(h)(1)).",
                            "Choose them in “Identified by”.")
        witness = Witness(complaint_id=case_id, identified_by=found[identified_by],
                          contact=contact.strip())
        witness.set_name(name)
        session.add(witness)
        session.flush()
        audit.append(session, actor=account.display, action="witness.add", complaint_id=case_id,
                     at=clock(),
                     summary=f"Recorded {name} as a witness, identified by {found[identified_by]}"
                             " (§ 2-83(h)(1))",
                     detail={"witness_id": witness.id, "identified_by": found[identified_by]})
        find_for_complaint(session, case_id, actor=account.display, now=clock())
        return WitnessLine(witness.id, witness.name, witness.identified_by, witness.contact)

    return database.write(record)


@service(Act.RECORD_WITNESSES, "Taking a witness off a case")
def remove_witness(database: Database, case_id: int, witness_id: int, reason: str, *,
                   account: Account, clock: Clock) -> None:
    """Take a witness off the case (entered by mistake), saying why; audited."""
    reason = " ".join(reason.split())
    if not reason:
        raise UserError("Say why the witness is taken off the case.",
                        "For example: entered on the wrong case.")

    def remove(session: Session) -> None:
        witness = session.get(Witness, witness_id)
        if witness is None or witness.complaint_id != case_id:
            raise UserError("That witness is not recorded on this case.", "Refresh the case.")
        name = witness.name
        session.delete(witness)
        audit.append(session, actor=account.display, action="witness.remove", complaint_id=case_id,
                     at=clock(), summary=f"Took {name} off the witnesses: {reason}",
                     detail={"witness_id": witness_id, "reason": reason})

    database.write(remove)
