"""Drafts at the counter: listing them for resuming, and reading one back as an :class:`Intake`.

Writing a draft goes through the workflow controller (``save_draft``), which also keeps the
intake step the clerk was on (:func:`store_step`, in the same transaction) so that a resumed
draft opens where the clerk stopped (:func:`resume_step`). The step is a row of the key-value
``setting`` table (``intake.step.<draft id>``): no column of the complaint holds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from ethics_desk.core.account import Account
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import in_office_time
from ethics_desk.core.permissions import Act
from ethics_desk.intake.record import (
    AttachmentData,
    ComplainantData,
    DocumentData,
    Intake,
    OathData,
    RespondentData,
    WitnessData,
    identifiers,
)
from ethics_desk.models import Attachment, CaseState, Complaint, Setting
from ethics_desk.office import settings
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.scope import case_condition, receives
from ethics_desk.storage.database import Database


@dataclass(frozen=True)
class DraftSummary:
    """One unfinished intake, as the resume list shows it."""

    complaint_id: int
    complainant: str
    respondents: str
    updated_at: datetime
    updated_by: str
    version: int
    zone: tzinfo = field(default=UTC, compare=False)
    """The office's time zone, in which :attr:`label` gives the time it was saved."""

    @property
    def label(self) -> str:
        """"Draft 12 — José Peña about Nguyễn Thị Minh Khai (30 Nov 10:05, Maria)"."""
        who = self.complainant or "no complainant yet"
        about = f" about {self.respondents}" if self.respondents else ""
        when = in_office_time(self.updated_at, self.zone).strftime("%d %b %H:%M")
        return f"Draft {self.complaint_id} — {who}{about} ({when}, {self.updated_by})"


def step_key(complaint_id: int) -> str:
    """The ``setting`` key of a draft's intake step."""
    return f"intake.step.{complaint_id}"


def store_step(session: Session, complaint_id: int, step: int) -> None:
    """Keep the intake step a draft was saved on (in the caller's transaction)."""
    if step < 0:
        return
    row = session.get(Setting, step_key(complaint_id))
    if row is None:
        session.add(Setting(key=step_key(complaint_id), value=str(step)))
    elif row.value != str(step):
        row.value = str(step)


@service(Act.TAKE_COMPLAINT, "Resuming a draft complaint")
def resume_step(database: Database, complaint_id: int, *, account: Account) -> int:
    """The intake step a draft was last saved on (0, the first, when none was kept)."""
    with database.read_session() as session:
        row = session.get(Setting, step_key(complaint_id))
        return int(row.value) if row is not None and row.value.isdigit() else 0


@case_reader("Listing the drafts of complaints being taken")
def list_drafts(database: Database, *, account: Account) -> list[DraftSummary]:
    """Every draft not yet filed or discarded that ``account`` receives
    (:func:`ethics_desk.staff.scope.case_condition`: the Clerk's staff), newest first."""
    with database.read_session() as session:
        drafts = session.scalars(
            select(Complaint).where(Complaint.state == CaseState.DRAFT, case_condition(account))
            .options(selectinload(Complaint.complainants), selectinload(Complaint.respondents))
            .order_by(Complaint.updated_at.desc())).all()
        zone = settings.time_zone(session)
        return [DraftSummary(d.id, d.complainants[0].name if d.complainants else "",
                             ", ".join(r.name for r in d.respondents if r.name),
                             d.updated_at, d.updated_by, d.version, zone) for d in drafts]


@service(Act.TAKE_COMPLAINT, "Resuming a draft complaint")
def load_intake(database: Database, complaint_id: int, *,
                account: Account) -> tuple[Intake, int]:
    """The draft's intake and its version (for a stale-save check), attachments and witnesses
    included."""
    with database.read_session() as session:
        c = session.get(Complaint, complaint_id)
        if c is None or not receives(session, account, c):
            raise UserError(f"Draft {complaint_id} no longer exists.",
                            "Another workstation may have filed or discarded it; refresh.")
        person = c.complainants[0] if c.complainants else None
        complainant = ComplainantData() if person is None else ComplainantData(
            name=person.name, address=person.address, phone=person.phone, email=person.email,
            is_board_member_or_staff=person.is_board_member_or_staff,
            acting_for_board=person.acting_for_board,
            preferred_language=person.preferred_language)
        contents: dict[int, bytes] = {}
        if c.attachments:
            rows = session.execute(select(Attachment.id, Attachment.content).where(
                Attachment.complaint_id == c.id)).all()
            contents = {row.id: row.content for row in rows}
        documents = []
        for item in c.documents:
            attachment = None
            if item.attachment is not None:
                attachment = AttachmentData(item.attachment.file_name,
                                            item.attachment.media_type,
                                            contents[item.attachment.id])
            documents.append(DocumentData(item.list_kind, item.description, item.location,
                                          attachment))
        o = c.oath
        oath = OathData() if o is None else OathData(
            affirmation=o.affirmation, knowledge=o.knowledge, source_and_basis=o.source_and_basis,
            sworn=o.sworn, officer_title=o.officer_title, notary_name=o.notary_name,
            notary_commission_number=o.notary_commission_number,
            notary_commission_expires=o.notary_commission_expires, county=o.county,
            sworn_on=o.sworn_on)
        intake = Intake(
            complainant=complainant,
            respondents=[RespondentData(r.name, r.title, r.department, r.address, r.email,
                                        r.preferred_language)
                         for r in c.respondents],
            nature=c.nature,
            provision_ids=[a.provision_id for a in c.allegations if a.provision_id is not None],
            provision_unsure=any(a.provision_id is None for a in c.allegations),
            route=c.route if c.route_confirmed else None,
            facts=c.facts, violation_period=c.violation_period,
            violation_start=c.violation_start, violation_end=c.violation_end,
            documents=documents, oath=oath, refiling_of=c.refiling_of_id)
        for w in c.witnesses:  # who identified each, from its label back to a key, (h)(1)
            keys = {label: key for key, label in reversed(identifiers(intake,
                                                                      len(intake.witnesses)))}
            intake.witnesses.append(WitnessData(w.name, keys.get(w.identified_by, ""),
                                                w.contact))
        return intake, c.version
