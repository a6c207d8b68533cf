"""The effects of the review (§ 2-83(d)(1)–(3)): forwarding to the reviewers, a review recorded,
the complaint accepted or returned as defective, and the campaign-finance route of (d)(2) with
its cure."""

from __future__ import annotations

from sqlalchemy import select

from ethics_desk.core.errors import RuleError
from ethics_desk.core.office_time import office_date
from ethics_desk.deadlines import ClockKind, actual_receipt
from ethics_desk.deadlines.schedule import (
    cancel_open_clocks,
    close_clocks,
    start_clock,
)
from ethics_desk.models import (
    CaseState,
    Cure,
    Decision,
    DecisionKind,
    Determination,
    Disposition,
    Review,
    ReviewDefect,
    ReviewerRole,
    Route,
    in_a_sentence,
)
from ethics_desk.workflow import events as ev
from ethics_desk.workflow.context import Context, Outcome
from ethics_desk.workflow.effects.shared import not_future


def forward_for_review(ctx: Context, p: ev.ForwardForReview) -> Outcome:
    """(d)(1): four reviews with their own clocks; respondents told, for information only."""
    c = ctx.complaint
    forwarded = not_future(ctx, p.forwarded_on or ctx.today, "forwarded", "§ 2-83(d)(1)")
    received_date = office_date(c.received_at, ctx.zone) if c.received_at else forwarded
    if forwarded < received_date:
        raise RuleError("A complaint cannot be forwarded before it was filed", "§ 2-83(d)(1)",
                        f"Use a date on or after {received_date.isoformat()}.")
    receipts = {}
    for role in ReviewerRole:
        day = p.received_on.get(role, forwarded)
        if day < forwarded:
            raise RuleError(f"The {role.label} cannot receive the complaint before it was "
                            "forwarded", "§ 2-83(d)(1)", "Check the dates of receipt.")
        receipts[role] = not_future(ctx, day, f"the {role.label} received it", "§ 2-83(d)(1)")
        review = Review(complaint_id=c.id, role=role,
                        reviewer_name=p.reviewer_names.get(role, ""), received_on=day,
                        recorded_by=ctx.actor)
        ctx.session.add(review)
        start_clock(ctx.session, c, ClockKind.REVIEW,
                    actual_receipt(day, f"received by the {role.label} from the City Clerk"),
                    ctx.calendars, subject=role.value, subject_label=role.label)
    close_clocks(ctx.session, c, ClockKind.PROMPT_FORWARD, forwarded)
    auditor_receipt = actual_receipt(receipts[ReviewerRole.COMPLIANCE_AUDITOR],
                                     "received by the Compliance Auditor from the City Clerk")
    if c.route is Route.CAMPAIGN_FINANCE:
        start_clock(ctx.session, c, ClockKind.CF_FORWARD, auditor_receipt, ctx.calendars)
    else:
        start_clock(ctx.session, c, ClockKind.ETHICS_FORWARD, auditor_receipt, ctx.calendars)
    names = ", ".join(r.name for r in c.respondents)
    return Outcome(CaseState.UNDER_REVIEW,
                   f"Forwarded for review to the Chair, Vice Chair, Compliance Auditor and City "
                   f"Attorney's Office on {forwarded.isoformat()}; respondents ({names}) notified "
                   "for information only — no response is due yet (§ 2-83(d)(1))",
                   {"forwarded_on": forwarded.isoformat(),
                    "received_on": {r.value: d.isoformat() for r, d in receipts.items()}})


def record_review(ctx: Context, p: ev.RecordReview) -> Outcome:
    """(d)(1): one reviewer's determination; their clock stops (met or missed)."""
    c = ctx.complaint
    review = ctx.session.scalar(select(Review).where(Review.complaint_id == c.id,
                                                     Review.role == p.role))
    if review is None:
        raise RuleError(f"The complaint was not forwarded to the {p.role.label}", "§ 2-83(d)(1)")
    if review.determination is not None:
        raise RuleError(f"The {p.role.label}'s review is already recorded", "§ 2-83(d)(1)",
                        "Each reviewer records one independent review.")
    completed = not_future(ctx, p.completed_on or ctx.today, "of the review", "§ 2-83(d)(1)")
    if completed < review.received_on:
        raise RuleError("A review cannot be completed before the reviewer received the complaint",
                        "§ 2-83(d)(1)", f"Use a date on or after {review.received_on}.")
    if p.determination is Determination.DOES_NOT_COMPLY and not p.defects:
        raise RuleError("A finding that the complaint does not comply must name its defects",
                        "§ 2-83(d)(3)", "Add each defect with the (c) item it fails.")
    review.determination = p.determination
    review.states_allegation_on_face = p.states_allegation_on_face
    review.completed_on = completed
    review.reviewer_name = p.reviewer_name or review.reviewer_name
    review.notes = p.notes
    review.recorded_by = ctx.actor
    for item, note in p.defects:
        review.defects.append(ReviewDefect(item=item, note=note))
    closed = close_clocks(ctx.session, c, ClockKind.REVIEW, completed, subject=p.role.value)
    timing = f" ({in_a_sentence(closed[0].status.label)})" if closed else ""
    return Outcome(c.state,
                   f"{p.role.label}: {in_a_sentence(p.determination.label)}"
                   f"{timing}; {len(p.defects)} defect(s)",
                   {"role": p.role.value, "determination": p.determination.value,
                    "states_allegation_on_face": p.states_allegation_on_face,
                    "defects": [[i.value, n] for i, n in p.defects],
                    "completed_on": completed.isoformat()})


def accept(ctx: Context, p: ev.Accept) -> Outcome:
    """(d)(3): accepted for the Board; the ten-business-day forward clock keeps running."""
    on = not_future(ctx, p.decided_on or ctx.today, "of the decision", "§ 2-83(d)(3)")
    ctx.session.add(Decision(complaint_id=ctx.complaint.id, kind=DecisionKind.ACCEPT,
                             decided_on=on, notes=p.notes, recorded_by=ctx.actor, recorded_at=ctx.now))
    return Outcome(CaseState.ACCEPTED, "Accepted: substantially complies; to be forwarded to the "
                   "Ethics Review Board and the respondents (§ 2-83(d)(3))",
                   {"decided_on": on.isoformat()})


def return_defective(ctx: Context, p: ev.ReturnDefective) -> Outcome:
    """(d)(3): returned with a letter explaining every defect the reviewers found."""
    on = not_future(ctx, p.returned_on or ctx.today, "returned", "§ 2-83(d)(3)")
    defects = ctx.session.execute(
        select(ReviewDefect.item, ReviewDefect.note, Review.role).join(Review)
        .where(Review.complaint_id == ctx.complaint.id).order_by(ReviewDefect.item)).all()
    ctx.session.add(Decision(complaint_id=ctx.complaint.id, kind=DecisionKind.RETURN_DEFECTIVE,
                             decided_on=on, notes=p.notes, recorded_by=ctx.actor, recorded_at=ctx.now))
    cancel_open_clocks(ctx.session, ctx.complaint, on)
    ctx.complaint.resolved_on = on
    items = sorted({d.item.citation for d in defects})
    return Outcome(CaseState.RETURNED_DEFECTIVE,
                   "Returned to the complainant as not substantially complying: " + "; ".join(items),
                   {"returned_on": on.isoformat(),
                    "defects": [[d.item.value, d.note, d.role.value] for d in defects]})


def forward_campaign_finance(ctx: Context, p: ev.ForwardCampaignFinance) -> Outcome:
    """(d)(2): forwarded to the respondent within five business days of the Compliance
    Auditor's receipt, whatever the (d)(1) reviews still owed; the cure can now be verified."""
    c = ctx.complaint
    forwarded = not_future(ctx, p.forwarded_on or ctx.today, "forwarded", "§ 2-83(d)(2)")
    closed = close_clocks(ctx.session, c, ClockKind.CF_FORWARD, forwarded)
    ctx.session.add(Decision(complaint_id=c.id, kind=DecisionKind.FORWARD_CAMPAIGN_FINANCE,
                             decided_on=forwarded, recorded_by=ctx.actor, recorded_at=ctx.now))
    timing = f" ({in_a_sentence(closed[0].status.label)})" if closed else ""
    owed = ctx.session.scalars(select(Review.role).where(
        Review.complaint_id == c.id, Review.determination.is_(None))).all()
    still = (f"; the reviews of {', '.join(r.label for r in sorted(owed, key=list(ReviewerRole).index))}"
             " go on (§ 2-83(d)(1))") if owed else ""
    return Outcome(CaseState.CAMPAIGN_FINANCE,
                   f"Campaign-finance complaint forwarded to the respondent(s) on "
                   f"{forwarded.isoformat()}{timing} (§ 2-83(d)(2)){still}",
                   {"forwarded_on": forwarded.isoformat(),
                    "reviews_owed": [r.value for r in owed]})


def record_cure(ctx: Context, p: ev.RecordCure) -> Outcome:
    """(d)(2), § 2-82(b)(2): a timely statement or report, verified by the Clerk, is no violation."""
    if p.filed_on is None:
        raise RuleError("Enter the date the statement or amended report was filed",
                        "§ 2-83(d)(2)")
    if not p.timely:
        raise RuleError("Only a timely filing cures the complaint", "§ 2-82(b)(2)",
                        "Record “not cured” instead.")
    if not p.verified_by.strip():
        raise RuleError("The filing must be verified by the City Clerk; enter who verified it",
                        "§ 2-83(d)(2)")
    filed = not_future(ctx, p.filed_on, "filed", "§ 2-83(d)(2)")
    verified = not_future(ctx, p.verified_on or ctx.today, "verified", "§ 2-83(d)(2)")
    c = ctx.complaint
    ctx.session.add(Cure(complaint_id=c.id, kind=p.kind, filed_on=filed, timely=True,
                         verified_by=p.verified_by.strip(), verified_on=verified))
    ctx.session.add(Decision(complaint_id=c.id, kind=DecisionKind.RESOLUTION, decided_on=verified,
                             disposition=Disposition.CURED, recorded_by=ctx.actor, recorded_at=ctx.now,
                             notes=f"{in_a_sentence(p.kind.label)} filed {filed.isoformat()}"))
    cancel_open_clocks(ctx.session, c, verified)
    c.resolved_on = verified
    return Outcome(CaseState.RESOLVED,
                   f"Cured: {in_a_sentence(p.kind.label)} filed {filed.isoformat()}, verified by "
                   f"{p.verified_by.strip()}; the complainant is to be told by first class mail "
                   "(§ 2-83(d)(2)) and the respondents of the resolution (§ 2-83(d)(4))",
                   {"kind": p.kind.value, "filed_on": filed.isoformat(),
                    "verified_by": p.verified_by.strip()})


def not_cured(ctx: Context, p: ev.NotCured) -> Outcome:
    """(d)(2): no timely cure; the complaint goes on to the Board like an accepted one."""
    on = not_future(ctx, p.decided_on or ctx.today, "of the decision", "§ 2-83(d)(2)")
    ctx.session.add(Decision(complaint_id=ctx.complaint.id, kind=DecisionKind.NOT_CURED,
                             decided_on=on, notes=p.notes, recorded_by=ctx.actor, recorded_at=ctx.now))
    return Outcome(CaseState.ACCEPTED, "Not cured: to be forwarded to the Ethics Review Board",
                   {"decided_on": on.isoformat()})
