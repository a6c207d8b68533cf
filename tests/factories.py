"""Builders for complete, realistic intakes and cases, so tests state only what they vary."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime

from sqlalchemy import select

from ethics_desk.core.account import Account
from ethics_desk.core.roles import Role
from ethics_desk.documents.render.letter_data import CodeProvided
from ethics_desk.intake.record import (
    AttachmentData,
    ComplainantData,
    DocumentData,
    Intake,
    OathData,
    RespondentData,
)
from ethics_desk.models import (
    Affirmation,
    Determination,
    DocumentList,
    KnowledgeBasis,
    Provision,
    ReviewerRole,
    ViolationPeriod,
)
from ethics_desk.storage.database import Database
from ethics_desk.workflow import ForwardForReview, RecordReview
from ethics_desk.workflow.controller import WorkflowController

CLERK = Account(900, "maria", "Maria Clerk", Role.CLERK)
"""A clerk of the City Clerk's staff acting in a test (services take the acting account)."""

ANA = Account(902, "aruiz", "Ana Ruiz", Role.CLERK)
"""Another clerk, at another desk."""

MEMBER = Account(901, "amember", "Alma Member", Role.MEMBER)
"""A member of the Ethics Review Board, who may change neither the roster, the calendar, the
witnesses of a case nor the office's settings."""


def rows_and_records(database: Database, table: type[object]) -> tuple[int, int]:
    """How many rows ``table`` has and how many audit records there are: what a refused act
    must leave as it found them."""
    from sqlalchemy import func

    from ethics_desk.models import AuditRecord

    with database.read_session() as session:
        return (session.scalar(select(func.count()).select_from(table)) or 0,
                session.scalar(select(func.count()).select_from(AuditRecord)) or 0)


DESK_CLERK = CLERK
"""The clerk at the desk, for tests that issue, print and mail papers without signing in (the
same account as :data:`CLERK`: the services take the acting account, never a name)."""


CODE_HANDED_OVER = CodeProvided(date(2026, 11, 30), "handed over at the counter")
"""How the Ethics Code was provided to a respondent when the office has stored none: the (e)
notice is issued only with it recorded (§ 2-83(e))."""


def sworn_oath(**changes: object) -> OathData:
    """An oath taken before a notary, true and correct on personal knowledge."""
    oath = OathData(affirmation=Affirmation.TRUE_AND_CORRECT,
                    knowledge=KnowledgeBasis.PERSONAL_KNOWLEDGE, sworn=True,
                    notary_name="Ana María Treviño", notary_commission_number="13245678-9",
                    notary_commission_expires=date(2028, 5, 31), county="Bexar",
                    sworn_on=date(2026, 11, 23))
    return replace(oath, **changes)  # type: ignore[arg-type]


def complete_intake(**changes: object) -> Intake:
    """Every element § 2-83(c) asks for, with accented names."""
    intake = Intake(
        complainant=ComplainantData(name="José Peña", address="411 W. Nueva St.\nSan Antonio, "
                                    "TX 78207", phone="(210) 555-0143",
                                    email="jose.pena@example.org"),
        respondents=[RespondentData(name="Nguyễn Thị Minh Khai", title="Director",
                                    department="Parks and Recreation",
                                    address="P.O. Box 839966\nSan Antonio, TX 78283")],
        nature="Used City vehicles for a private catering business.",
        facts="On three Saturdays in October the respondent drove a City truck to private events.",
        violation_period=ViolationPeriod.RANGE, violation_start=date(2026, 10, 3),
        violation_end=date(2026, 10, 17),
        documents=[DocumentData(DocumentList.IN_POSSESSION, "Photographs of the truck",
                                attachment=AttachmentData("truck.pdf", "application/pdf",
                                                          b"%PDF-1.4 test")),
                   DocumentData(DocumentList.NOT_IN_POSSESSION, "Fleet GPS logs",
                                "Fleet Services Division")],
        oath=sworn_oath())
    return replace(intake, **changes)  # type: ignore[arg-type]


def provision_id(database: Database, section: str) -> int:
    """The catalogue id of a section (e.g. "2-49")."""
    with database.read_session() as session:
        found = session.scalar(select(Provision.id).where(Provision.section == section))
        assert found is not None, section
        return found


def filed_case(controller: WorkflowController, intake: Intake | None = None,
               received_at: datetime | None = None) -> int:
    """A draft saved and filed; returns its id."""
    from ethics_desk.workflow import FileComplaint

    draft = controller.save_draft(intake or complete_intake())
    controller.fire(draft.complaint_id, FileComplaint(received_at=received_at))
    return draft.complaint_id


def reviewed_case(controller: WorkflowController, *, determination: Determination =
                  Determination.SUBSTANTIALLY_COMPLIES, intake: Intake | None = None,
                  forwarded_on: date | None = None) -> int:
    """A filed case forwarded and reviewed by all four reviewers."""
    case = filed_case(controller, intake)
    controller.fire(case, ForwardForReview(forwarded_on=forwarded_on))
    for role in ReviewerRole:
        defects = ()
        if determination is Determination.DOES_NOT_COMPLY:
            from ethics_desk.models import DefectItem
            defects = ((DefectItem.C6_FACTS_AND_DATES, "No dates are given."),)
        controller.fire(case, RecordReview(role=role, determination=determination,
                                           defects=defects))
    return case
