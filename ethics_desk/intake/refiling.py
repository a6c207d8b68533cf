"""Earlier complaints of the same complainant against the same respondent, found at the counter.

A complaint returned to the complainant — not sworn (§ 2-83(c), last paragraph) or defective
(§ 2-83(d)(3)) — may be filed again, corrected. The review step of the intake lists the filed
complaints that name the same complainant and at least one of the same respondents (names
compared folded: case, accents and spacing aside): a returned one can be chosen as the complaint
this one refiles, and the filed case then says so both ways; one still open is named as a
warning, so that two complaints on the same facts are not run side by side unnoticed. No Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ethics_desk.core.account import Account
from ethics_desk.core.folding import fold
from ethics_desk.core.office_time import office_date
from ethics_desk.intake.record import REFILABLE, Intake
from ethics_desk.models import CaseState, Complainant, Complaint, Respondent
from ethics_desk.office import settings
from ethics_desk.staff.acting import case_reader
from ethics_desk.staff.scope import case_condition
from ethics_desk.storage.database import Database

CLOSED = frozenset({CaseState.RESOLVED, CaseState.DISCARDED, CaseState.DRAFT})
"""States in which an earlier complaint is neither refiled nor running: no warning."""


@dataclass(frozen=True)
class EarlierComplaint:
    """A filed complaint with the same complainant and a respondent in common."""

    complaint_id: int
    case_number: str
    state: CaseState
    filed_on: date
    respondents: tuple[str, ...]

    @property
    def refilable(self) -> bool:
        """Whether the new complaint may refile it (it was returned to the complainant)."""
        return self.state in REFILABLE

    @property
    def label(self) -> str:
        """"ERB-2026-004 — Returned (not sworn), filed 2026-11-02, against Nguyễn Thị Minh Khai"."""
        return (f"{self.case_number} — {self.state.label}, filed {self.filed_on.isoformat()}, "
                f"against {', '.join(self.respondents)}")


@case_reader("Finding earlier complaints of the same parties")
def earlier_complaints(database: Database, intake: Intake, *, account: Account,
                       draft_id: int | None = None) -> list[EarlierComplaint]:
    """The filed complaints ``account`` receives that name the intake's complainant and at
    least one of its respondents, returned ones first, then by number; closed ones left out
    (a resolution is final; a discarded draft was never filed). ``draft_id``: the intake's own
    draft, never its own earlier complaint."""
    complainant = fold(intake.complainant.name)
    respondents = {fold(r.name) for r in intake.respondents if r.name.strip()}
    if not complainant or not respondents:
        return []
    with database.read_session() as session:
        zone = settings.time_zone(session)
        found = session.scalars(
            select(Complaint).where(
                Complaint.case_number.is_not(None), Complaint.state.not_in(CLOSED),
                Complaint.id != (draft_id or 0), case_condition(account),
                Complaint.id.in_(select(Complainant.complaint_id).where(
                    Complainant.name_folded == complainant)),
                Complaint.id.in_(select(Respondent.complaint_id).where(
                    Respondent.name_folded.in_(respondents))))
            .options(selectinload(Complaint.respondents))).all()
        earlier = [EarlierComplaint(c.id, c.case_number or "", c.state,
                                    office_date(c.received_at, zone) if c.received_at
                                    else date.min,
                                    tuple(r.name for r in c.respondents)) for c in found]
    return sorted(earlier, key=lambda e: (not e.refilable, e.case_number))
