"""The Records officer's paper: the disposal list of the day and the log of destruction, with
the holds and their reasons, the authority of each disposal, and no case's content."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from ethics_desk.core.errors import NotAllowed
from ethics_desk.core.roles import Role
from ethics_desk.models import AuditRecord, Complaint, HoldKind
from ethics_desk.retention.certificate import render_certificate
from ethics_desk.retention.disposal import dispose
from ethics_desk.retention.holds import place_hold
from ethics_desk.storage.database import Database
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.documents.render.helpers import flat, screenshot, text_of
from tests.retention.conftest import ELIGIBLE_ON, RECORDS, on, person, resolved_case


def test_the_paper_lists_the_eligible_the_held_with_why_and_the_destroyed_with_the_authority(
        controller: WorkflowController, database: Database) -> None:
    destroyed, held, eligible = (resolved_case(controller) for _ in range(3))
    with database.read_session() as session:
        numbers = {c.id: c.case_number for c in session.scalars(select(Complaint))}
    place_hold(database, account=RECORDS, clock=CLOCK, kind=HoldKind.LITIGATION,
               reason="Ruiz v. City of San Antonio", case_numbers=[str(numbers[held])])
    dispose(database, destroyed, account=RECORDS, clock=on(ELIGIBLE_ON))
    pdf = render_certificate(database, account=RECORDS, clock=on(ELIGIBLE_ON))
    screenshot("retention-certificate-of-a-day", pdf)
    words = flat(text_of(pdf))
    assert "Records Disposal List and Log of Destruction" in words
    for case in (destroyed, held, eligible):
        assert str(numbers[case]) in words
    assert "Ruiz v. City of San Antonio" in words
    assert "Local Government Code § 202.002" in words and "GR1000-24" in words
    assert "Peña" not in words and "Nguyễn" not in words  # numbers and dates, never content
    with database.read_session() as session:
        assert session.scalars(select(AuditRecord.action).order_by(AuditRecord.seq.desc())
                               ).first() == "retention.certificate"


@pytest.mark.parametrize("role", [Role.CLERK, Role.ATTORNEY, Role.ADMIN])
def test_the_paper_is_the_records_officers(database: Database, role: Role) -> None:
    with pytest.raises(NotAllowed, match="Records officer"):
        render_certificate(database, account=person(role), clock=CLOCK)
