"""Guards: the § 2-83 conditions an event needs, each answering "why not" with its citation.

A guard looks only at the stored case (so the UI can ask before the clerk types anything);
checks on the data an event carries are made by its effect and raise ``RuleError``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.models import (
    Complaint,
    DecisionKind,
    Determination,
    Disposition,
    Hearing,
    HearingKind,
    KnowledgeBasis,
    Review,
    ReviewerRole,
    Route,
)
from ethics_desk.models.review import Decision, ReviewDefect


@dataclass(frozen=True)
class Block:
    """Why an event cannot happen now, and the rule that says so."""

    reason: str
    citation: str

    def __str__(self) -> str:
        return f"{self.reason} ({self.citation})" if self.citation else self.reason


@dataclass(frozen=True)
class Guard:
    """A named condition on the stored case."""

    name: str
    check: Callable[[Session, Complaint], Block | None]


def _reviews(session: Session, complaint: Complaint) -> dict[ReviewerRole, Review]:
    rows = session.scalars(select(Review).where(Review.complaint_id == complaint.id))
    return {r.role: r for r in rows}


def filing_complete(session: Session, complaint: Complaint) -> Block | None:
    """What a record of a filing needs (the rest of (c) is the Compliance Auditor's to weigh,
    § 2-83(d)(3)): the complainant's name, (c)(1); whether it was sworn, and before whom and
    when if it was, (c); and any witness named at intake with a name and who identified them,
    (h)(1). A complaint lacking another (c) element is filed as brought, so that it has a
    receipt date and, if defective, its letter."""
    c = complaint.complainants[0] if complaint.complainants else None
    if c is None or not c.name:
        return Block("The complainant's name is missing", "§ 2-83(c)(1)")
    if any(not r.name for r in complaint.respondents):
        return Block("A respondent has no name; enter it, or remove the respondent",
                     "§ 2-83(c)(3)")
    for witness in complaint.witnesses:
        if not witness.name:
            return Block("A witness has no name", "§ 2-83(h)(1)")
        if not witness.identified_by:
            return Block(f"Who identified the witness {witness.name} is not recorded",
                         "§ 2-83(h)(1)")
    oath = complaint.oath
    if oath is None or oath.sworn is None:
        return Block("Whether the complaint was sworn is not recorded", "§ 2-83(c)")
    if oath.sworn and (not oath.officer_title or not oath.notary_name or oath.sworn_on is None):
        return Block("The oath does not record before whom (name and title) and when it was "
                     "sworn", "§ 2-83(c); Gov't Code § 602.002")
    return None


def source_and_basis_stated(session: Session, complaint: Complaint) -> Block | None:
    """(c): a complaint on information and belief states its source and basis."""
    oath = complaint.oath
    if oath is not None and oath.knowledge is KnowledgeBasis.INFORMATION_AND_BELIEF and \
            not oath.source_and_basis:
        return Block("A complaint on information and belief must state the source and basis of "
                     "the information and belief", "§ 2-83(c)")
    return None


def is_sworn(session: Session, complaint: Complaint) -> Block | None:
    """(c), last ¶: a complaint not sworn is never forwarded to the Compliance Auditor."""
    if complaint.oath is None or not complaint.oath.sworn:
        return Block("The complaint is not sworn, so it cannot be forwarded; return it to the "
                     "complainant", "§ 2-83(c), last paragraph")
    return None


def is_not_sworn(session: Session, complaint: Complaint) -> Block | None:
    """Only an unsworn complaint is returned as unsworn."""
    if complaint.oath is not None and complaint.oath.sworn:
        return Block("The complaint is sworn; only an unsworn complaint is returned for that "
                     "reason", "§ 2-83(c), last paragraph")
    return None


def route_known(session: Session, complaint: Complaint) -> Block | None:
    """The route (Ethics Code or campaign finance) decides which clock runs after review."""
    if complaint.route is None:
        return Block("Choose the route: Ethics Code, or campaign finance (§§ 2-306/2-307)",
                     "§ 2-83(d)(2)–(3)")
    return None


def ethics_code_route(session: Session, complaint: Complaint) -> Block | None:
    """(d)(3) applies to complaints alleging a violation of the Ethics Code."""
    if complaint.route is not Route.ETHICS_CODE:
        return Block("This is a campaign-finance complaint; it is forwarded to the respondent "
                     "instead", "§ 2-83(d)(2)")
    return None


def campaign_finance_route(session: Session, complaint: Complaint) -> Block | None:
    """(d)(2) applies to complaints under §§ 2-306 and 2-307."""
    if complaint.route is not Route.CAMPAIGN_FINANCE:
        return Block("Only a complaint under § 2-306 or § 2-307 takes the campaign-finance route",
                     "§ 2-83(d)(2)")
    return None


def all_reviews_recorded(session: Session, complaint: Complaint) -> Block | None:
    """(d)(1): the four reviewers each review independently before the decision."""
    reviews = _reviews(session, complaint)
    waiting = [role.label for role in ReviewerRole
               if role not in reviews or reviews[role].determination is None]
    if waiting:
        return Block("Waiting for the review of " + ", ".join(waiting), "§ 2-83(d)(1)")
    return None


def _auditor_found_defects(review: Review) -> Block | None:
    """The Compliance Auditor's recorded finding against the complaint, if there is one."""
    if review.determination is Determination.DOES_NOT_COMPLY:
        return Block("The Compliance Auditor found that the complaint does not substantially "
                     "comply; return it with a letter explaining the defects", "§ 2-83(d)(3)")
    if review.states_allegation_on_face is False:
        return Block("The Compliance Auditor found no allegation that, if true, is a violation of "
                     "a law the Board administers", "§ 2-83(c), last sentence")
    return None


def auditor_finds_compliance(session: Session, complaint: Complaint) -> Block | None:
    """(d)(3): forwarded only if it substantially complies and states a violation on its face."""
    review = _reviews(session, complaint).get(ReviewerRole.COMPLIANCE_AUDITOR)
    if review is None or review.determination is None:
        return Block("The Compliance Auditor's review is not recorded", "§ 2-83(d)(3)")
    return _auditor_found_defects(review)


def auditor_has_not_found_defects(session: Session, complaint: Complaint) -> Block | None:
    """(d)(2) sets one time, five business days from the Compliance Auditor's receipt, and no
    condition: the forward waits for no review. Only a finding already recorded that the
    complaint fails (c) stops it, for that complaint is returned instead (§ 2-83(c), (d)(3))."""
    review = _reviews(session, complaint).get(ReviewerRole.COMPLIANCE_AUDITOR)
    if review is None or review.determination is None:
        return None
    return _auditor_found_defects(review)


def auditor_finds_defects(session: Session, complaint: Complaint) -> Block | None:
    """(d)(3): the Compliance Auditor returns a complaint that does not substantially comply."""
    review = _reviews(session, complaint).get(ReviewerRole.COMPLIANCE_AUDITOR)
    if review is None or review.determination is None:
        return Block("The Compliance Auditor's review is not recorded", "§ 2-83(d)(3)")
    if review.determination is not Determination.DOES_NOT_COMPLY and \
            review.states_allegation_on_face is not False:
        return Block("The Compliance Auditor found that the complaint substantially complies",
                     "§ 2-83(d)(3)")
    has_defect = session.scalar(
        select(ReviewDefect.id).join(Review).where(Review.complaint_id == complaint.id).limit(1))
    if has_defect is None:
        return Block("No defect is recorded for the letter to explain", "§ 2-83(d)(3)")
    return None


def response_filed(session: Session, complaint: Complaint) -> Block | None:
    """(e)(3): the complainant replies to a response."""
    from ethics_desk.models import Filing, FilingKind

    if session.scalar(select(Filing.id).where(Filing.complaint_id == complaint.id,
                                              Filing.kind == FilingKind.RESPONSE).limit(1)) is None:
        return Block("No response has been filed to reply to", "§ 2-83(e)(3)")
    return None


def response_to_forward(session: Session, complaint: Complaint) -> Block | None:
    """(e), last paragraph: the Clerk forwards a sworn response upon its receipt."""
    if response_filed(session, complaint) is not None:
        return Block("No sworn response has been filed to forward", "§ 2-83(e), last paragraph")
    return None


def show_cause_hearing_held(session: Session, complaint: Complaint) -> Block | None:
    """(f)(5)–(6): the record vote comes after the hearing."""
    held = session.scalar(select(Hearing.id).where(
        Hearing.complaint_id == complaint.id, Hearing.kind == HearingKind.SHOW_CAUSE,
        Hearing.held_on.is_not(None), Hearing.concluded.is_(True)).limit(1))
    if held is None:
        return Block("The show-cause hearing has not been held and concluded", "§ 2-83(f)(5)")
    return None


def hearing_to_schedule(session: Session, complaint: Complaint) -> Block | None:
    """(e)(4): a party asked for a hearing that has no date yet. A hearing once set is not set
    again: the date the notice of it told the parties stands."""
    if session.scalar(Hearing.to_schedule(complaint.id)) is None:
        return Block("No hearing requested under (e)(4) is waiting to be scheduled",
                     "§ 2-83(e)(4)")
    return None


def requested_hearing_scheduled(session: Session, complaint: Complaint) -> Block | None:
    """(e)(4): a requested hearing is recorded as held once it has been scheduled."""
    if session.scalar(Hearing.to_hold(complaint.id)) is None:
        return Block("No requested hearing is scheduled and still to be held", "§ 2-83(e)(4)")
    return None


def response_clock_open(session: Session, complaint: Complaint) -> Block | None:
    """(e)(1): more time is granted to a respondent whose response is still due."""
    from ethics_desk.deadlines import ClockKind
    from ethics_desk.models import Deadline, DeadlineStatus

    running = session.scalar(select(Deadline.id).where(
        Deadline.complaint_id == complaint.id, Deadline.clock == ClockKind.RESPONSE.value,
        Deadline.status == DeadlineStatus.OPEN).limit(1))
    if running is None:
        return Block("No respondent's response is still due", "§ 2-83(e)(1)")
    return None


def determined_frivolous(session: Session, complaint: Complaint) -> Block | None:
    """(g): sanctions follow only a determination that the complaint was frivolous."""
    frivolous = session.scalar(select(Decision.id).where(
        Decision.complaint_id == complaint.id, Decision.kind == DecisionKind.RESOLUTION,
        Decision.disposition == Disposition.FRIVOLOUS).limit(1))
    if frivolous is None:
        return Block("Sanctions need a determination that the complaint was frivolous",
                     "§ 2-83(f)(6), (g)")
    return None


def civil_penalty_outstanding(session: Session, complaint: Complaint) -> Block | None:
    """(g)(2)(a): a payment or a waiver is recorded for a civil penalty neither paid nor waived."""
    from ethics_desk.models import CivilPenalty, Sanction

    owed = session.scalar(select(CivilPenalty.id).join(Sanction).where(
        Sanction.complaint_id == complaint.id, CivilPenalty.paid_on.is_(None),
        CivilPenalty.waived_on.is_(None)).limit(1))
    if owed is None:
        return Block("No civil penalty is outstanding on this case", "§ 2-83(g)(2)(a)")
    return None


GUARDS = {g.__name__: Guard(g.__name__, g) for g in (
    filing_complete, source_and_basis_stated, is_sworn, is_not_sworn, route_known,
    ethics_code_route, campaign_finance_route, all_reviews_recorded, auditor_finds_compliance,
    auditor_has_not_found_defects, auditor_finds_defects, response_filed, response_to_forward,
    show_cause_hearing_held, hearing_to_schedule, requested_hearing_scheduled,
    response_clock_open, determined_frivolous, civil_penalty_outstanding)}
