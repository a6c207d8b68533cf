"""Effects: what each event writes, inside the transaction of the user's action.

Each effect validates the data its event carries (raising ``RuleError`` with the citation),
writes the rows, starts or stops clocks through ``ethics_desk.deadlines.schedule``, and returns the
:class:`Outcome`. The controller adds the audit record in the same transaction.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from sqlalchemy import func, select

from ethics_desk.board.findings import (
    FINDING_CITATION,
    NOTICE_CITATION,
    ON_THE_MERITS,
    OPINION_CITATION,
    alleged_against,
    may_be_found_on,
    notice_clock,
)
from ethics_desk.board.roster import members_on, roster
from ethics_desk.board.votes import vote_terms
from ethics_desk.cases.listing import refresh_listing
from ethics_desk.core.case_numbers import case_number
from ethics_desk.core.errors import RuleError
from ethics_desk.core.folding import fold
from ethics_desk.core.office_time import in_office_time, office_date, stamp
from ethics_desk.core.parties import respondent_key, rule_notice_key
from ethics_desk.core.vote_count import QUORUM_CITATION, VoteResult, tally
from ethics_desk.deadlines import ClockKind, actual_receipt
from ethics_desk.deadlines.schedule import (
    cancel_open_clocks,
    close_clocks,
    extend_clock,
    open_deadlines,
    start_clock,
)
from ethics_desk.documents.render.periods import days_of
from ethics_desk.intake.record import MAX_ATTACHMENT_BYTES, AttachmentData
from ethics_desk.models import (
    CIVIL_PENALTY_LIMIT_CENTS,
    OPEN_MEETING_CITATION,
    OPEN_MEETING_NOTICE_HOURS,
    Attachment,
    Ballot,
    BoardAction,
    BoardVote,
    CaseState,
    CivilPenalty,
    Complaint,
    Cure,
    DeadlineStatus,
    Decision,
    DecisionKind,
    Determination,
    Disposition,
    Filing,
    FilingKind,
    FrivolousFactor,
    Hearing,
    HearingKind,
    MailMethod,
    PartyRole,
    Provision,
    ResponseForward,
    ResponseRecipient,
    Review,
    ReviewDefect,
    ReviewerRole,
    Route,
    RuleNotice,
    Sanction,
    SanctionFactor,
    SanctionFactorNote,
    SanctionKind,
    ShowCauseFactor,
    ShowCauseOrder,
    ViolationFinding,
    VoteChoice,
    in_a_sentence,
)
from ethics_desk.staff.party_matches import find_for_complaint, members_who_may_be_parties
from ethics_desk.workflow import events as ev
from ethics_desk.workflow.context import Context, Outcome


def _respondent(ctx: Context, respondent_id: int) -> str:
    for r in ctx.complaint.respondents:
        if r.id == respondent_id:
            return r.name
    raise RuleError(f"Respondent {respondent_id} is not a party to this complaint",
                    "§ 2-83(c)(3)", "Choose one of the case's respondents.")


def _not_future(ctx: Context, day: date, what: str, citation: str) -> date:
    if day > ctx.today:
        raise RuleError(f"The date {what} ({day.isoformat()}) is in the future", citation,
                        "Enter the date it actually happened.")
    return day


def file_complaint(ctx: Context, p: ev.FileComplaint) -> Outcome:
    """(c): receipt recorded, case number ``ERB-YYYY-NNN`` assigned, "promptly" clock started."""
    received_at = (p.received_at or ctx.now).astimezone(UTC)
    local = in_office_time(received_at, ctx.zone)
    if local.date() > ctx.today:
        raise RuleError("A complaint cannot be received in the future", "§ 2-83(c)",
                        "Enter the date and time it was handed in.")
    year = local.year
    seq = (ctx.session.scalar(select(func.max(Complaint.case_seq))
                              .where(Complaint.case_year == year)) or 0) + 1
    c = ctx.complaint
    c.case_year, c.case_seq = year, seq
    c.case_number = case_number(year, seq)
    c.received_at = received_at
    c.received_by = ctx.actor
    refresh_listing(c)
    ctx.session.flush()
    find_for_complaint(ctx.session, c.id, actor=ctx.actor, now=ctx.now)
    detail = {"case_number": c.case_number, "received_at": local.isoformat(timespec="minutes"),
              "sworn": bool(c.oath and c.oath.sworn)}
    if c.oath is not None and c.oath.sworn:
        start_clock(ctx.session, c, ClockKind.PROMPT_FORWARD,
                    actual_receipt(local.date(), "filed with the City Clerk"), ctx.calendars,
                    length=int(ctx.setting("policy.prompt_forward_days")))
    refiles = ""
    if c.refiling_of_id is not None:
        # By id only: whoever later reads this case's history may not receive the returned
        # one, and must not learn its number from here (§ 2-83(h)(1)).
        refiles = ", refiling a complaint returned to the complainant (§ 2-83(c), (d)(3))"
        detail["refiling_of_id"] = c.refiling_of_id
    return Outcome(CaseState.FILED,
                   f"Filed as {c.case_number}, received {local:%Y-%m-%d %H:%M}{refiles}", detail)


def discard_draft(ctx: Context, p: ev.DiscardDraft) -> Outcome:
    """A draft nobody will file; kept (not deleted) so the audit trail still points at it."""
    return Outcome(CaseState.DISCARDED, "Draft discarded" + (f": {p.reason}" if p.reason else ""),
                   {"reason": p.reason})


def return_unsworn(ctx: Context, p: ev.ReturnUnsworn) -> Outcome:
    """(c), last ¶: returned to the complainant; the return letter is the kind "unsworn-return"."""
    on = _not_future(ctx, p.returned_on or ctx.today, "returned", "§ 2-83(c)")
    cancel_open_clocks(ctx.session, ctx.complaint, on)
    ctx.session.add(Decision(complaint_id=ctx.complaint.id, kind=DecisionKind.RESOLUTION,
                             decided_on=on, notes="Returned as not sworn (§ 2-83(c))",
                             recorded_by=ctx.actor, recorded_at=ctx.now))
    ctx.complaint.resolved_on = on
    return Outcome(CaseState.RETURNED_UNSWORN,
                   "Returned to the complainant as not sworn; not forwarded to the Compliance "
                   "Auditor", {"returned_on": on.isoformat()})


def forward_for_review(ctx: Context, p: ev.ForwardForReview) -> Outcome:
    """(d)(1): four reviews with their own clocks; respondents told, for information only."""
    c = ctx.complaint
    forwarded = _not_future(ctx, p.forwarded_on or ctx.today, "forwarded", "§ 2-83(d)(1)")
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
        receipts[role] = _not_future(ctx, day, f"the {role.label} received it", "§ 2-83(d)(1)")
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
    completed = _not_future(ctx, p.completed_on or ctx.today, "of the review", "§ 2-83(d)(1)")
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
    on = _not_future(ctx, p.decided_on or ctx.today, "of the decision", "§ 2-83(d)(3)")
    ctx.session.add(Decision(complaint_id=ctx.complaint.id, kind=DecisionKind.ACCEPT,
                             decided_on=on, notes=p.notes, recorded_by=ctx.actor, recorded_at=ctx.now))
    return Outcome(CaseState.ACCEPTED, "Accepted: substantially complies; to be forwarded to the "
                   "Ethics Review Board and the respondents (§ 2-83(d)(3))",
                   {"decided_on": on.isoformat()})


def return_defective(ctx: Context, p: ev.ReturnDefective) -> Outcome:
    """(d)(3): returned with a letter explaining every defect the reviewers found."""
    on = _not_future(ctx, p.returned_on or ctx.today, "returned", "§ 2-83(d)(3)")
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


def _start_response_clocks(ctx: Context, deliveries: tuple[ev.Delivery, ...],
                           forwarded: date) -> list[str]:
    by_id = {d.respondent_id: d for d in deliveries}
    unknown = set(by_id) - {r.id for r in ctx.complaint.respondents}
    if unknown:
        raise RuleError(f"Respondent(s) {sorted(unknown)} are not parties to this complaint",
                        "§ 2-83(e)")
    lines = []
    for respondent in ctx.complaint.respondents:
        delivery = by_id.get(respondent.id, ev.Delivery(respondent.id, mailed_on=forwarded))
        receipt = ctx.receipt(received_on=delivery.received_on,
                              mailed_on=delivery.mailed_on or forwarded,
                              detail=delivery.detail or "delivered")
        deadline = start_clock(ctx.session, ctx.complaint, ClockKind.RESPONSE, receipt,
                               ctx.calendars, subject=respondent_key(respondent.id),
                               subject_label=respondent.name,
                               presumption_days=int(ctx.setting("receipt.presumption_days")))
        lines.append(f"{respondent.name}: response due {deadline.due_on.isoformat()}")
    return lines


def forward_to_board(ctx: Context, p: ev.ForwardToBoard) -> Outcome:
    """(d)(3), (e): forwarded to the ERB and each respondent; response clocks and the opinion."""
    c = ctx.complaint
    forwarded = _not_future(ctx, p.forwarded_on or ctx.today, "forwarded", "§ 2-83(d)(3)")
    close_clocks(ctx.session, c, ClockKind.ETHICS_FORWARD, forwarded)
    lines = _start_response_clocks(ctx, p.deliveries, forwarded)
    filed = office_date(c.received_at, ctx.zone) if c.received_at else forwarded
    start_clock(ctx.session, c, ClockKind.OPINION, actual_receipt(filed, "complaint filed"),
                ctx.calendars)
    return Outcome(CaseState.AWAITING_RESPONSE,
                   f"Forwarded to the Ethics Review Board and the respondents with the (e) notice "
                   f"and the Ethics Code on {forwarded.isoformat()}; " + "; ".join(lines),
                   {"forwarded_on": forwarded.isoformat()})


def forward_campaign_finance(ctx: Context, p: ev.ForwardCampaignFinance) -> Outcome:
    """(d)(2): forwarded to the respondent within five business days of the Compliance
    Auditor's receipt, whatever the (d)(1) reviews still owed; the cure can now be verified."""
    c = ctx.complaint
    forwarded = _not_future(ctx, p.forwarded_on or ctx.today, "forwarded", "§ 2-83(d)(2)")
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
    filed = _not_future(ctx, p.filed_on, "filed", "§ 2-83(d)(2)")
    verified = _not_future(ctx, p.verified_on or ctx.today, "verified", "§ 2-83(d)(2)")
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
    on = _not_future(ctx, p.decided_on or ctx.today, "of the decision", "§ 2-83(d)(2)")
    ctx.session.add(Decision(complaint_id=ctx.complaint.id, kind=DecisionKind.NOT_CURED,
                             decided_on=on, notes=p.notes, recorded_by=ctx.actor, recorded_at=ctx.now))
    return Outcome(CaseState.ACCEPTED, "Not cured: to be forwarded to the Ethics Review Board",
                   {"decided_on": on.isoformat()})


def grant_more_time(ctx: Context, p: ev.GrantMoreTime) -> Outcome:
    """Time granted to a respondent to respond: ``days`` business days added to their (e)(1)
    response date, through the deadline engine (the explanation says so, and a recount keeps
    it). The Board's written opinion, due 90 calendar days after filing "extended by any time
    granted to the respondent" (§ 2-87(a)), moves by the calendar days the respondent gained."""
    name = _respondent(ctx, p.respondent_id)
    if not 1 <= p.days <= ev.MAX_DAYS_GRANTED:
        raise RuleError(f"{p.days} is not a number of business days that can be granted",
                        "§ 2-83(e)(1)", f"Enter from 1 to {ev.MAX_DAYS_GRANTED} business days.")
    if p.granted_on is None:
        raise RuleError("Enter the date the time was granted", "§ 2-83(e)(1)")
    granted_on = _not_future(ctx, p.granted_on, "the time was granted", "§ 2-83(e)(1)")
    by = " ".join(p.granted_by.split())
    if not by:
        raise RuleError("Say who granted the time (the Board, its Chair…)", "§ 2-87(a)",
                        "Enter who granted it, e.g. “the Ethics Review Board, at its meeting "
                        f"of {granted_on.isoformat()}”.")
    running = open_deadlines(ctx.session, ctx.complaint, ClockKind.RESPONSE,
                             respondent_key(p.respondent_id))
    response = running[0] if running else None
    if response is None:
        raise RuleError(f"{name} has no response still due: there is no response date to "
                        "extend", "§ 2-83(e)(1)",
                        "Choose a respondent whose response is due (see Deadlines).")
    filed = office_date(ctx.complaint.received_at, ctx.zone) if ctx.complaint.received_at \
        else granted_on
    if granted_on < filed:
        raise RuleError(f"Time cannot be granted ({granted_on.isoformat()}) before the "
                        f"complaint was filed ({filed.isoformat()})", "§ 2-83(e)(1)",
                        f"Use a date on or after {filed.isoformat()}.")
    was, now = extend_clock(ctx.session, ctx.complaint, response, p.days, ctx.calendars)
    gained = (now - was).days
    opinion = ""
    detail: dict[str, object] = {
        "respondent_id": p.respondent_id, "days": p.days, "granted_on": granted_on.isoformat(),
        "granted_by": by, "reason": p.reason.strip(),
        "response_due": [was.isoformat(), now.isoformat()]}
    opinion_clock = open_deadlines(ctx.session, ctx.complaint, ClockKind.OPINION)
    if gained > 0 and opinion_clock:
        before, after = extend_clock(ctx.session, ctx.complaint, opinion_clock[0], gained,
                                     ctx.calendars)
        opinion = (f"; the Board's written opinion is now due {after.isoformat()} (was "
                   f"{before.isoformat()}, § 2-87(a))")
        detail["opinion_due"] = [before.isoformat(), after.isoformat()]
    return Outcome(ctx.complaint.state,
                   f"{by} granted {name} {p.days} more business day"
                   f"{'' if p.days == 1 else 's'} to respond on {granted_on.isoformat()}: "
                   f"response now due {now.isoformat()} (was {was.isoformat()}, § 2-83(e)(1))"
                   f"{opinion}", detail)


def record_respondent_receipt(ctx: Context, p: ev.RecordRespondentReceipt) -> Outcome:
    """(e)(1): the respondent's actual receipt restarts their response clock from that day."""
    name = _respondent(ctx, p.respondent_id)
    if p.received_on is None:
        raise RuleError("Enter the date the respondent received the complaint", "§ 2-83(e)(1)")
    day = _not_future(ctx, p.received_on, "received", "§ 2-83(e)(1)")
    responded = ctx.session.scalar(select(Filing.received_on).where(
        Filing.complaint_id == ctx.complaint.id, Filing.kind == FilingKind.RESPONSE,
        Filing.respondent_id == p.respondent_id).limit(1))
    if responded is not None:
        raise RuleError(f"{name} already filed a response on {responded.isoformat()}; there is "
                        "no response clock to restart", "§ 2-83(e)(1)",
                        "Record the delivery in the mail ledger only.")
    deadline = start_clock(ctx.session, ctx.complaint, ClockKind.RESPONSE,
                           actual_receipt(day, p.detail or "delivered"), ctx.calendars,
                           subject=respondent_key(p.respondent_id), subject_label=name,
                           presumption_days=int(ctx.setting("receipt.presumption_days")))
    return Outcome(ctx.complaint.state,
                   f"{name} received the complaint on {day.isoformat()} ({p.detail}); response "
                   f"due {deadline.due_on.isoformat()}",
                   {"respondent_id": p.respondent_id, "received_on": day.isoformat()})


def _attach(ctx: Context, data: AttachmentData | None) -> int | None:
    """Store a filed paper's scan with its SHA-256; returns its id."""
    if data is None:
        return None
    if len(data.content) > MAX_ATTACHMENT_BYTES:
        raise RuleError(f"“{data.file_name}” is larger than "
                        f"{MAX_ATTACHMENT_BYTES // 1024 // 1024} MB", "§ 2-83(e)",
                        "Scan it at a lower resolution or split it.")
    attachment = Attachment(complaint_id=ctx.complaint.id, file_name=data.file_name,
                            media_type=data.media_type, size=len(data.content),
                            sha256=data.sha256, content=data.content, added_by=ctx.actor,
                            added_at=ctx.now)
    ctx.session.add(attachment)
    ctx.session.flush()
    return attachment.id


def file_response(ctx: Context, p: ev.FileResponse) -> Outcome:
    """(e)(1), (e)(3): a sworn response; forwarded; a copy to the complainant starts the reply."""
    c = ctx.complaint
    name = _respondent(ctx, p.respondent_id)
    if not p.sworn:
        raise RuleError("A response must be sworn", "§ 2-83(e)(1)",
                        "Have the respondent swear to it before filing.")
    if p.received_on is None:
        raise RuleError("Enter the date the response was received", "§ 2-83(e)(1)")
    received = _not_future(ctx, p.received_on, "received", "§ 2-83(e)(1)")
    ctx.session.add(Filing(complaint_id=c.id, kind=FilingKind.RESPONSE,
                           party_role=PartyRole.RESPONDENT, party_name=name,
                           respondent_id=p.respondent_id, received_on=received, sworn=True,
                           forwarded_on=p.forwarded_on, notes=p.notes, recorded_by=ctx.actor,
                           recorded_at=ctx.now,
                           attachment_id=_attach(ctx, p.attachment)))
    closed = close_clocks(ctx.session, c, ClockKind.RESPONSE, received,
                          subject=respondent_key(p.respondent_id))
    summary = f"Sworn response of {name} received {received.isoformat()}"
    if closed:
        summary += f" ({in_a_sentence(closed[0].status.label)})"
    ctx.session.flush()
    filing_id = ctx.session.scalar(select(func.max(Filing.id)).where(
        Filing.complaint_id == c.id, Filing.kind == FilingKind.RESPONSE,
        Filing.respondent_id == p.respondent_id))
    assert filing_id is not None
    start_clock(ctx.session, c, ClockKind.RESPONSE_FORWARD,
                actual_receipt(received, "sworn response filed with the City Clerk"),
                ctx.calendars, subject=respondent_key(p.respondent_id),
                subject_label=f"the response of {name}",
                length=int(ctx.setting("policy.response_forward_days")))
    if p.forwarded_on is not None:
        summary += "; " + _forward_response(ctx, filing_id, name, tuple(ResponseRecipient),
                                            p.forwarded_on, p.forward_method, received)
    if p.copy_mailed_on or p.copy_received_on:
        receipt = ctx.receipt(received_on=p.copy_received_on, mailed_on=p.copy_mailed_on,
                              detail="copy of the response received by the complainant")
        deadline = start_clock(ctx.session, c, ClockKind.REPLY, receipt, ctx.calendars,
                               subject=respondent_key(p.respondent_id),
                               subject_label=f"to the response of {name}",
                               presumption_days=int(ctx.setting("receipt.presumption_days")))
        summary += f"; complainant's reply due {deadline.due_on.isoformat()}"
    return Outcome(CaseState.RESPONSE_FILED, summary,
                   {"respondent_id": p.respondent_id, "received_on": received.isoformat()})


def _forward_response(ctx: Context, filing_id: int, name: str,
                      recipients: tuple[ResponseRecipient, ...], day: date, method: MailMethod,
                      received: date) -> str:
    """Record the response's forward to ``recipients``; the "upon receipt" clock stops once
    all three of § 2-83(e), last paragraph, have it. Returns the summary's words."""
    citation = "§ 2-83(e), last paragraph"
    if not recipients:
        raise RuleError("Choose who the response was forwarded to", citation,
                        "Tick the Compliance Auditor, the City Attorney's Office or the Ethics "
                        "Review Board.")
    on = _not_future(ctx, day, "forwarded", citation)
    if on < received:
        raise RuleError(f"A response cannot be forwarded ({on.isoformat()}) before it was "
                        f"received ({received.isoformat()})", citation,
                        f"Use a date on or after {received.isoformat()}.")
    have = set(ctx.session.scalars(select(ResponseForward.recipient).where(
        ResponseForward.filing_id == filing_id)))
    again = [r.label for r in recipients if r in have]
    if again:
        raise RuleError(f"The response of {name} was already forwarded to "
                        + ", ".join(again), citation, "Choose only those who do not have it.")
    for recipient in dict.fromkeys(recipients):
        ctx.session.add(ResponseForward(
            complaint_id=ctx.complaint.id, filing_id=filing_id, recipient=recipient,
            forwarded_on=on, method=method, recorded_by=ctx.actor, recorded_at=ctx.now))
    have |= set(recipients)
    words = (f"response of {name} forwarded to "
             + ", ".join(r.label for r in ResponseRecipient if r in recipients)
             + f" on {on.isoformat()} ({in_a_sentence(method.label)})")
    missing = [r.label for r in ResponseRecipient if r not in have]
    if missing:
        return words + "; still to forward to " + ", ".join(missing) + f" ({citation})"
    ctx.session.flush()
    closed = close_clocks(ctx.session, ctx.complaint, ClockKind.RESPONSE_FORWARD, on,
                          subject=_filing_subject(ctx, filing_id))
    timing = f" ({in_a_sentence(closed[0].status.label)})" if closed else ""
    return words + f"; forwarded to all three{timing} ({citation})"


def _filing_subject(ctx: Context, filing_id: int) -> str:
    filing = ctx.session.get(Filing, filing_id)
    assert filing is not None and filing.respondent_id is not None
    return respondent_key(filing.respondent_id)


def forward_response(ctx: Context, p: ev.ForwardResponse) -> Outcome:
    """§ 2-83(e), last paragraph: the Clerk forwards a sworn response, upon receipt, to the
    Compliance Auditor, the City Attorney's Office and the Ethics Review Board."""
    name = _respondent(ctx, p.respondent_id)
    response = ctx.session.scalar(select(Filing).where(
        Filing.complaint_id == ctx.complaint.id, Filing.kind == FilingKind.RESPONSE,
        Filing.respondent_id == p.respondent_id).order_by(Filing.id.desc()).limit(1))
    if response is None:
        raise RuleError(f"{name} has filed no response to forward", "§ 2-83(e), last paragraph",
                        "File the sworn response first.")
    words = _forward_response(ctx, response.id, name, p.recipients, p.forwarded_on or ctx.today,
                              p.method, response.received_on)
    return Outcome(ctx.complaint.state, words[:1].upper() + words[1:],
                   {"respondent_id": p.respondent_id, "filing_id": response.id,
                    "recipients": [r.value for r in p.recipients],
                    "forwarded_on": (p.forwarded_on or ctx.today).isoformat(),
                    "method": p.method.value})


def record_complainant_receipt(ctx: Context, p: ev.RecordComplainantReceipt) -> Outcome:
    """(e)(3): the complainant's actual receipt of a response's copy restarts the reply clock.

    Once the complainant's reply is filed the reply clocks are closed; a receipt recorded
    after that is kept in the record but opens no clock again.
    """
    c = ctx.complaint
    name = _respondent(ctx, p.respondent_id)
    if p.received_on is None:
        raise RuleError("Enter the date the complainant received the copy of the response",
                        "§ 2-83(e)(3)")
    day = _not_future(ctx, p.received_on, "received", "§ 2-83(e)(3)")
    filed = ctx.session.scalars(select(Filing.received_on).where(
        Filing.complaint_id == c.id, Filing.kind == FilingKind.RESPONSE,
        Filing.respondent_id == p.respondent_id)).all()
    if not filed:
        raise RuleError(f"No response of {name} has been filed, so there is no copy to receive",
                        "§ 2-83(e)(3)", "File the response first.")
    if day < min(filed):
        raise RuleError(f"The copy cannot be received ({day.isoformat()}) before the response "
                        f"was filed ({min(filed).isoformat()})", "§ 2-83(e)(3)",
                        "Check the delivery date.")
    detail = p.detail or "delivered"
    data = {"respondent_id": p.respondent_id, "received_on": day.isoformat()}
    if c.state is CaseState.REPLY_FILED:
        return Outcome(c.state, f"The complainant received the copy of the response of {name} on "
                                f"{day.isoformat()} ({detail}); the reply is already filed, so "
                                "no clock is restarted", data)
    deadline = start_clock(ctx.session, c, ClockKind.REPLY, actual_receipt(day, detail),
                           ctx.calendars, subject=respondent_key(p.respondent_id),
                           subject_label=f"to the response of {name}",
                           presumption_days=int(ctx.setting("receipt.presumption_days")))
    return Outcome(c.state, f"The complainant received the copy of the response of {name} on "
                            f"{day.isoformat()} ({detail}); reply due "
                            f"{deadline.due_on.isoformat()}", data)


def file_reply(ctx: Context, p: ev.FileReply) -> Outcome:
    """(e)(3): the complainant's sworn reply; a copy goes to the respondents."""
    if not p.sworn:
        raise RuleError("A reply must be sworn", "§ 2-83(e)(3)",
                        "Have the complainant swear to it before filing.")
    if p.received_on is None:
        raise RuleError("Enter the date the reply was received", "§ 2-83(e)(3)")
    c = ctx.complaint
    received = _not_future(ctx, p.received_on, "received", "§ 2-83(e)(3)")
    name = c.complainants[0].name if c.complainants else ""
    ctx.session.add(Filing(complaint_id=c.id, kind=FilingKind.REPLY,
                           party_role=PartyRole.COMPLAINANT, party_name=name,
                           received_on=received, sworn=True,
                           forwarded_on=p.copy_to_respondents_on, notes=p.notes,
                           recorded_by=ctx.actor, recorded_at=ctx.now,
                           attachment_id=_attach(ctx, p.attachment)))
    closed = close_clocks(ctx.session, c, ClockKind.REPLY, received)
    timing = f" ({in_a_sentence(closed[0].status.label)})" if closed else ""
    return Outcome(CaseState.REPLY_FILED,
                   f"Sworn reply of {name} received {received.isoformat()}{timing}",
                   {"received_on": received.isoformat()})


def request_hearing(ctx: Context, p: ev.RequestHearing) -> Outcome:
    """(e)(4): a party asks for a hearing; the Board schedules it."""
    c = ctx.complaint
    received = _not_future(ctx, p.received_on or ctx.today, "of the request", "§ 2-83(e)(4)")
    name = p.party_name or (c.complainants[0].name if p.party is PartyRole.COMPLAINANT and
                            c.complainants else "")
    if not name:
        raise RuleError("Name the party asking for the hearing", "§ 2-83(e)(4)")
    ctx.session.add(Filing(complaint_id=c.id, kind=FilingKind.HEARING_REQUEST, party_role=p.party,
                           party_name=name, received_on=received, recorded_by=ctx.actor, recorded_at=ctx.now))
    ctx.session.add(Hearing(complaint_id=c.id, kind=HearingKind.REQUESTED,
                            requested_by=p.party.value))
    return Outcome(c.state, f"Hearing requested by {name} ({in_a_sentence(p.party.label)}) on "
                            f"{received.isoformat()}",
                   {"party": p.party.value, "received_on": received.isoformat()})


def schedule_hearing(ctx: Context, p: ev.ScheduleHearing) -> Outcome:
    """(e)(4): the Board sets the date, time and place of the hearing a party asked for. The
    hearing is a meeting of the Board: at least 72 hours after it is set (Gov't Code
    § 551.043). A hearing already set is not set again here (the guard says so)."""
    if p.hearing_at is None or not p.place.strip():
        raise RuleError("Give the date, time and place of the hearing", "§ 2-83(e)(4)")
    _check_hearing_time(ctx, p.hearing_at, "requested hearing", "it is scheduled",
                        "§ 2-83(e)(4)")
    hearing = ctx.session.scalar(Hearing.to_schedule(ctx.complaint.id))
    if hearing is None:
        raise RuleError("No hearing requested under (e)(4) is waiting to be scheduled",
                        "§ 2-83(e)(4)", "Record the hearing request first.")
    hearing.scheduled_at = p.hearing_at
    hearing.place = p.place.strip()
    local = in_office_time(p.hearing_at, ctx.zone)
    return Outcome(ctx.complaint.state,
                   f"Hearing requested by the {hearing.requested_by} scheduled for "
                   f"{local:%Y-%m-%d %H:%M} at {hearing.place} (§ 2-83(e)(4))",
                   {"hearing_id": hearing.id, "hearing_at": local.isoformat()})


def record_hearing(ctx: Context, p: ev.RecordHearing) -> Outcome:
    """(e)(4): the requested hearing held, on or after the day it was scheduled for."""
    hearing = ctx.session.scalar(Hearing.to_hold(ctx.complaint.id))
    if hearing is None or hearing.scheduled_at is None:
        raise RuleError("No requested hearing is scheduled", "§ 2-83(e)(4)",
                        "Schedule the requested hearing first.")
    if p.held_on is None:
        raise RuleError("Enter the date the hearing was held", "§ 2-83(e)(4)")
    held = _not_future(ctx, p.held_on, "of the hearing", "§ 2-83(e)(4)")
    scheduled_on = office_date(hearing.scheduled_at, ctx.zone)
    if held < scheduled_on:
        raise RuleError(f"The hearing was scheduled for {scheduled_on.isoformat()}; it cannot "
                        f"have been held on {held.isoformat()}, before then", "§ 2-83(e)(4); "
                        f"{OPEN_MEETING_CITATION}",
                        f"Enter the date it was held, on or after {scheduled_on.isoformat()}.")
    hearing.held_on = held
    hearing.appeared = p.appeared.strip()
    hearing.counsel = p.counsel.strip()
    hearing.concluded = p.concluded
    state = "concluded" if p.concluded else "continued"
    # A continuation is a hearing of its own, with its own date and its own 72 hours' notice:
    # it is set as the party's request again, so that its notice names who asked.
    then = "" if p.concluded else (
        "; to set the continued hearing's date, record the request again for the same party "
        "(Record a hearing request), then schedule it")
    return Outcome(ctx.complaint.state,
                   f"Requested hearing held {held.isoformat()} ({state}); appeared: "
                   f"{p.appeared.strip() or 'no one'}"
                   + (f"; counsel: {p.counsel.strip()}" if p.counsel.strip() else "")
                   + then + " (§ 2-83(e)(4))",
                   {"hearing_id": hearing.id, "held_on": held.isoformat(),
                    "concluded": p.concluded})


def _ballot_member(ctx: Context, ballot: ev.BallotData, serving: dict[int, str],
                   day: date, citation: str) -> tuple[int, str]:
    """The roster's member a ballot is cast by (id and name as the roster spells it), refused
    when the name is not on the roster or the member does not serve on the meeting's date:
    only members serving then are "those present" of § 2-83(f)."""
    by_name = {fold(name): member_id for member_id, name in serving.items()}
    if ballot.member_id is not None and ballot.member_id in serving:
        return ballot.member_id, serving[ballot.member_id]
    if ballot.member_id is None and fold(ballot.member_name) in by_name:
        member_id = by_name[fold(ballot.member_name)]
        return member_id, serving[member_id]
    known = {row.id: row for row in roster(ctx.session, day)}
    found = known.get(ballot.member_id) if ballot.member_id is not None else next(
        (row for row in known.values() if fold(row.name) == fold(ballot.member_name)), None)
    if found is None:
        raise RuleError(f"“{ballot.member_name}” is not on the Board's roster: only its members "
                        "serving on the meeting's date vote", citation,
                        "Correct the name, or add the member and the term on the Board screen "
                        "(Ctrl+6).")
    raise RuleError(f"{found.name} does not serve on the Board on {day.isoformat()} (the "
                    "roster's terms): only its members serving on the meeting's date vote",
                    citation, "Check the meeting date, or the member's terms on the Board "
                    "screen (Ctrl+6).")


def _record_vote(ctx: Context, vote: ev.VoteData | None,
                 action: BoardAction) -> tuple[BoardVote, VoteResult]:
    """Check and store a Board vote on ``action``, counted by its terms (the action's rule, the
    quorum and the sanctions' vote the office's settings give: :func:`vote_terms`). Only
    members on the roster serving on the meeting's date vote; a vote without a quorum is
    refused with the count."""
    citation = action.citation
    if vote is None or not vote.ballots:
        raise RuleError("Record the members present and how each voted", citation)
    if vote.meeting_on > ctx.today:
        raise RuleError("A vote cannot be recorded for a meeting that has not happened",
                        citation, "Check the meeting date.")
    terms = vote_terms(ctx.session, action, vote.meeting_on)
    if terms.record_vote_required and not vote.is_record_vote:
        raise RuleError("This action needs a record vote", terms.citation,
                        "Record each member's name and vote.")
    if any(not fold(b.member_name) and b.member_id is None for b in vote.ballots):
        raise RuleError("Every ballot needs the member's name", citation)
    serving = {row.id: row.name for row in members_on(ctx.session, vote.meeting_on)}
    if not serving:
        raise RuleError(f"No member of the Board serves on {vote.meeting_on.isoformat()} "
                        "according to the roster", citation,
                        "Check the meeting date, or add the members and their terms on the "
                        "Board screen (Ctrl+6).")
    cast = [(*_ballot_member(ctx, b, serving, vote.meeting_on, citation), b) for b in vote.ballots]
    ids = [member_id for member_id, _name, _b in cast]
    if len(set(ids)) != len(ids):
        raise RuleError("A member appears twice in the vote", citation,
                        "Give one ballot for each member present.")
    parties = members_who_may_be_parties(ctx.session, ctx.complaint.id)
    for member_id, name, ballot in cast:
        if member_id in parties and ballot.choice is not VoteChoice.RECUSED:
            raise RuleError(f"{name} is a party to this complaint and cannot vote "
                            "on it", "§ 2-83(h); § 2-85", "Record the member as recused.")
    result = tally((b.choice for b in vote.ballots), terms.rule, terms.quorum)
    if not result.has_quorum:
        raise RuleError(result.no_quorum(), f"{citation}; {QUORUM_CITATION}",
                        "A vote is recorded only when a quorum of the Board was present: "
                        "check who attended, or the quorum in Settings.")
    row = BoardVote(complaint_id=ctx.complaint.id, action=action, meeting_on=vote.meeting_on,
                    is_record_vote=vote.is_record_vote, present_count=result.present,
                    yes_count=result.yes, required_yes=result.required, carried=result.carried,
                    summary=result.summary, recorded_by=ctx.actor, recorded_at=ctx.now)
    row.ballots = [Ballot(member_name=name, member_id=member_id, choice=b.choice)
                   for member_id, name, b in cast]
    ctx.session.add(row)
    ctx.session.flush()
    return row, result


def _check_hearing_time(ctx: Context, at: datetime, name: str, when_set: str,
                        citation: str) -> None:
    """Refuse a hearing time without a time zone, not still to come, or less than
    :data:`OPEN_MEETING_NOTICE_HOURS` hours after it is set (now): a hearing is a meeting of the
    Board, whose notice is posted at least 72 hours before it (Gov't Code § 551.043), and can be
    posted no sooner than the hearing is set. The refusal names the earliest time allowed."""
    if at.tzinfo is None:
        raise RuleError("The hearing time needs a time zone", citation)
    if at <= ctx.now:
        raise RuleError("The hearing must be set for a date and time still to come",
                        citation, "Choose a future date for the hearing.")
    earliest = ctx.now + timedelta(hours=OPEN_MEETING_NOTICE_HOURS)
    if at < earliest:
        zone = ctx.zone
        raise RuleError(f"The {name} is a meeting of the Board, whose notice is "
                        f"posted at least {OPEN_MEETING_NOTICE_HOURS} hours before it: "
                        f"{stamp(at, zone)} is less than "
                        f"{OPEN_MEETING_NOTICE_HOURS} hours after {when_set} "
                        f"({stamp(ctx.now, zone)})",
                        f"{OPEN_MEETING_CITATION}; {citation}",
                        f"Set the hearing for {stamp(earliest, zone)} or later.")


def order_show_cause(ctx: Context, p: ev.OrderShowCause) -> Outcome:
    """(f)(2), (f)(4): two-thirds of those present order the complainant to show cause."""
    if not p.explanation.strip():
        raise RuleError("The order must explain why the complaint appears to be frivolous",
                        "§ 2-83(f)(4)(a)")
    if p.hearing_at is None or not p.place.strip():
        raise RuleError("The order must give the date, time and place of the hearing",
                        "§ 2-83(f)(4)(b)")
    _check_hearing_time(ctx, p.hearing_at, "show-cause hearing", "the order is given",
                        "§ 2-83(f)(4)(b)")
    c = ctx.complaint
    vote, result = _record_vote(ctx, p.vote, BoardAction.SHOW_CAUSE)
    if not result.carried:
        return Outcome(c.state, f"Motion to order the complainant to show cause failed: "
                                f"{result.summary} (§ 2-83(f)(2))",
                       {"vote_id": vote.id, "carried": False})
    hearing = Hearing(complaint_id=c.id, kind=HearingKind.SHOW_CAUSE, requested_by="board",
                      scheduled_at=p.hearing_at, place=p.place.strip())
    ctx.session.add(hearing)
    ctx.session.flush()
    order = ShowCauseOrder(complaint_id=c.id, vote_id=vote.id, hearing_id=hearing.id,
                           explanation=p.explanation.strip(), ordered_on=vote.meeting_on)
    order.factors = [ShowCauseFactor(factor=FrivolousFactor(f), note=n)
                     for f, n in sorted(p.factors.items()) if n.strip()]
    ctx.session.add(order)
    local = in_office_time(p.hearing_at, ctx.zone)
    return Outcome(CaseState.SHOW_CAUSE,
                   f"Order to show cause: {result.summary}; hearing {local:%Y-%m-%d %H:%M} at "
                   f"{p.place.strip()} (§ 2-83(f)(2), (f)(4))",
                   {"vote_id": vote.id, "carried": True, "hearing_at": local.isoformat()})


def record_show_cause_hearing(ctx: Context, p: ev.RecordShowCauseHearing) -> Outcome:
    """(f)(5): the hearing, where the complainant may be heard and accompanied by counsel."""
    c = ctx.complaint
    hearing = ctx.session.scalar(select(Hearing).where(
        Hearing.complaint_id == c.id, Hearing.kind == HearingKind.SHOW_CAUSE)
        .order_by(Hearing.id.desc()).limit(1))
    if hearing is None:
        raise RuleError("No show-cause hearing is scheduled", "§ 2-83(f)(4)")
    if p.held_on is None:
        raise RuleError("Enter the date the hearing was held", "§ 2-83(f)(5)")
    held = _not_future(ctx, p.held_on, "of the hearing", "§ 2-83(f)(5)")
    hearing.held_on = held
    hearing.appeared = p.appeared.strip()
    hearing.counsel = p.counsel.strip()
    hearing.concluded = p.concluded
    state = "concluded" if p.concluded else "continued"
    return Outcome(c.state, f"Show-cause hearing held {held.isoformat()} ({state}); appeared: "
                            f"{p.appeared.strip() or 'no one'}"
                            + (f"; counsel: {p.counsel.strip()}" if p.counsel.strip() else ""),
                   {"held_on": held.isoformat(), "concluded": p.concluded})


def _merits_state(ctx: Context) -> CaseState:
    """Where a case goes back to when the Board does not find it frivolous."""
    kinds = set(ctx.session.scalars(select(Filing.kind).where(
        Filing.complaint_id == ctx.complaint.id)))
    if FilingKind.REPLY in kinds:
        return CaseState.REPLY_FILED
    if FilingKind.RESPONSE in kinds:
        return CaseState.RESPONSE_FILED
    return CaseState.AWAITING_RESPONSE


def record_frivolous_vote(ctx: Context, p: ev.RecordFrivolousVote) -> Outcome:
    """(f)(6): a record vote of two-thirds of those present finds the complaint frivolous."""
    c = ctx.complaint
    vote, result = _record_vote(ctx, p.vote, BoardAction.FRIVOLOUS)
    if not result.carried:
        back = _merits_state(ctx)
        return Outcome(back, f"Not determined frivolous: {result.summary} (§ 2-83(f)(6)); the "
                             "complaint returns to the merits",
                       {"vote_id": vote.id, "carried": False})
    if not p.particulars.strip():
        raise RuleError("State the particulars of the determination", "§ 2-83(f)(6)")
    ctx.session.add(Decision(complaint_id=c.id, kind=DecisionKind.RESOLUTION,
                             decided_on=vote.meeting_on, disposition=Disposition.FRIVOLOUS,
                             notes=p.particulars.strip(), recorded_by=ctx.actor, recorded_at=ctx.now))
    cancel_open_clocks(ctx.session, c, vote.meeting_on)
    c.resolved_on = vote.meeting_on
    return Outcome(CaseState.RESOLVED,
                   f"Determined frivolous by record vote: {result.summary} (§ 2-83(f)(6))",
                   {"vote_id": vote.id, "carried": True})


def impose_sanctions(ctx: Context, p: ev.ImposeSanctions) -> Outcome:
    """(g): the Board, by its vote, imposes sanctions after considering each (g)(1) factor; a
    civil penalty is at most $500.00 and has a due date, from which its payment is tracked.
    (g) is silent on the vote: by the office's default it is (f)(6)'s record vote of two-thirds
    of those present, to which (f)(6) ties "may recommend sanctions" (``board.sanction_vote``)."""
    if not p.sanctions:
        raise RuleError("Add at least one sanction or notification", "§ 2-83(g)(2)")
    notes = {SanctionFactor(k): v.strip() for k, v in p.factors_considered.items()}
    missing = [f for f in SanctionFactor if not notes.get(f)]
    if missing:
        raise RuleError("Before imposing a sanction the Board shall consider all three factors; "
                        "not noted: " + "; ".join(f"({f.item}) {in_a_sentence(f.label)}"
                                                  for f in missing), "§ 2-83(g)(1)",
                        "Note how the Board considered each factor.")
    lines = []
    penalty = False
    for s in p.sanctions:
        if s.kind is SanctionKind.CIVIL_PENALTY:
            if s.amount_cents is None or s.amount_cents <= 0:
                raise RuleError("Enter the amount of the civil penalty", "§ 2-83(g)(2)(a)")
            if s.amount_cents > CIVIL_PENALTY_LIMIT_CENTS:
                raise RuleError(f"A civil penalty may not exceed $500.00; ${s.amount_cents / 100:,.2f}"
                                " was entered", "§ 2-83(g)(2)(a)", "Enter $500.00 or less.")
            penalty = True
            lines.append(f"civil penalty ${s.amount_cents / 100:,.2f}")
        elif s.kind is SanctionKind.ATTORNEYS_FEES:
            if s.amount_cents is None or s.amount_cents <= 0:
                raise RuleError("Enter the attorneys' fees incurred by the respondent",
                                "§ 2-83(g)(2)(b)")
            lines.append(f"attorneys' fees ${s.amount_cents / 100:,.2f}")
        elif s.kind is SanctionKind.REFERRAL:
            if not s.agency.strip():
                raise RuleError("Name the agency notified", "§ 2-83(g)(3)")
            lines.append(f"referral to {s.agency.strip()}")
        else:
            if not s.text.strip():
                raise RuleError("Describe the other sanction", "§ 2-83(g)(2)(c)")
            lines.append(s.text.strip())
    if penalty and p.penalty_due_on is None:
        raise RuleError("Enter the date by which the civil penalty is to be paid",
                        "§ 2-83(g)(2)(a)", "Enter the due date the Board set.")
    vote, result = _record_vote(ctx, p.vote, BoardAction.SANCTIONS)
    if not result.carried:
        return Outcome(ctx.complaint.state, "Motion to impose sanctions (" + "; ".join(lines)
                       + f") failed: {result.summary} (§ 2-83(g))",
                       {"vote_id": vote.id, "carried": False})
    on = vote.meeting_on  # the Board imposes sanctions at its meeting
    if penalty and p.penalty_due_on is not None and p.penalty_due_on < on:
        raise RuleError(f"The civil penalty cannot be due ({p.penalty_due_on.isoformat()}) before "
                        f"the meeting that imposed it ({on.isoformat()})", "§ 2-83(g)(2)(a)",
                        "Check the due date.")
    for s in p.sanctions:
        sanction = Sanction(complaint_id=ctx.complaint.id, vote_id=vote.id, kind=s.kind,
                            amount_cents=s.amount_cents, text=s.text.strip(),
                            agency=s.agency.strip(), imposed_on=on)
        sanction.factors = [SanctionFactorNote(factor=f, note=notes[f]) for f in SanctionFactor]
        if s.kind is SanctionKind.CIVIL_PENALTY:
            sanction.payment = CivilPenalty(due_on=p.penalty_due_on, recorded_by=ctx.actor)
        ctx.session.add(sanction)
    due = (f"; the civil penalty is due {p.penalty_due_on.isoformat()}"
           if penalty and p.penalty_due_on is not None else "")
    return Outcome(ctx.complaint.state, "Sanctions imposed by the Board's vote "
                   f"({result.summary}): " + "; ".join(lines) + due + " (§ 2-83(g))",
                   {"vote_id": vote.id, "carried": True, "imposed_on": on.isoformat(),
                    "penalty_due_on": p.penalty_due_on.isoformat() if penalty and
                    p.penalty_due_on is not None else None,
                    "sanctions": [[s.kind.value, s.amount_cents, s.text, s.agency]
                                  for s in p.sanctions]})


def _outstanding_penalty(ctx: Context, sanction_id: int) -> tuple[Sanction, CivilPenalty]:
    """The civil penalty ``sanction_id`` of the case (0: its only one outstanding), refused
    when it is already paid or waived."""
    owed = [(s, s.payment) for s in ctx.session.scalars(select(Sanction).where(
        Sanction.complaint_id == ctx.complaint.id, Sanction.kind == SanctionKind.CIVIL_PENALTY)
        .order_by(Sanction.id)) if s.payment is not None]
    if sanction_id:
        chosen = [(s, c) for s, c in owed if s.id == sanction_id]
        if not chosen:
            raise RuleError(f"Sanction {sanction_id} is not a civil penalty of this case",
                            "§ 2-83(g)(2)(a)", "Choose one of the case's civil penalties.")
    else:
        chosen = [(s, c) for s, c in owed if c.outstanding]
        if len(chosen) > 1:
            raise RuleError("The case has more than one civil penalty outstanding",
                            "§ 2-83(g)(2)(a)", "Choose which penalty was paid or waived.")
    if not chosen or not chosen[0][1].outstanding:
        raise RuleError("That civil penalty is already paid or waived", "§ 2-83(g)(2)(a)")
    return chosen[0]


def record_penalty_payment(ctx: Context, p: ev.RecordPenaltyPayment) -> Outcome:
    """(g)(2)(a): the civil penalty paid in full, on a day not before it was imposed."""
    sanction, owed = _outstanding_penalty(ctx, p.sanction_id)
    if p.paid_on is None:
        raise RuleError("Enter the date the civil penalty was paid", "§ 2-83(g)(2)(a)")
    paid = _not_future(ctx, p.paid_on, "of the payment", "§ 2-83(g)(2)(a)")
    if paid < sanction.imposed_on:
        raise RuleError("A civil penalty cannot be paid before it was imposed "
                        f"({sanction.imposed_on.isoformat()})", "§ 2-83(g)(2)(a)",
                        "Check the date of the payment.")
    amount = sanction.amount_cents or 0
    if p.amount_cents != amount:
        entered = "no amount" if p.amount_cents is None else f"${p.amount_cents / 100:,.2f}"
        raise RuleError(f"The civil penalty is ${amount / 100:,.2f}; {entered} was entered",
                        "§ 2-83(g)(2)(a)", "Record the payment when the penalty is paid in "
                        "full, for its whole amount.")
    owed.paid_on, owed.paid_cents, owed.recorded_by = paid, amount, ctx.actor
    late = (f", {(paid - owed.due_on).days} day(s) after it was due"
            if owed.due_on is not None and paid > owed.due_on else "")
    return Outcome(ctx.complaint.state, f"Civil penalty of ${amount / 100:,.2f} paid on "
                   f"{paid.isoformat()}{late} (§ 2-83(g)(2)(a))",
                   {"sanction_id": sanction.id, "paid_on": paid.isoformat(),
                    "paid_cents": amount})


def waive_penalty(ctx: Context, p: ev.WaivePenalty) -> Outcome:
    """(g)(2)(a): the civil penalty waived, recording by whom and why."""
    sanction, owed = _outstanding_penalty(ctx, p.sanction_id)
    if not p.waived_by.strip():
        raise RuleError("Enter who waived the civil penalty", "§ 2-83(g)(2)(a)",
                        "For example: the Ethics Review Board, by its vote of a date.")
    if not p.reason.strip():
        raise RuleError("Enter why the civil penalty was waived", "§ 2-83(g)(2)(a)")
    on = _not_future(ctx, p.waived_on or ctx.today, "of the waiver", "§ 2-83(g)(2)(a)")
    if on < sanction.imposed_on:
        raise RuleError("A civil penalty cannot be waived before it was imposed "
                        f"({sanction.imposed_on.isoformat()})", "§ 2-83(g)(2)(a)",
                        "Check the date of the waiver.")
    owed.waived_on, owed.waived_by = on, p.waived_by.strip()
    owed.waived_reason, owed.recorded_by = p.reason.strip(), ctx.actor
    amount = sanction.amount_cents or 0
    return Outcome(ctx.complaint.state, f"Civil penalty of ${amount / 100:,.2f} waived on "
                   f"{on.isoformat()} by {owed.waived_by}: {owed.waived_reason} "
                   "(§ 2-83(g)(2)(a))",
                   {"sanction_id": sanction.id, "waived_on": on.isoformat(),
                    "waived_by": owed.waived_by, "reason": owed.waived_reason})


def resolve(ctx: Context, p: ev.Resolve) -> Outcome:
    """(d)(4): the case is resolved; the respondents are to be notified of the resolution."""
    if p.disposition in (Disposition.FRIVOLOUS, Disposition.CURED, Disposition.WITHDRAWN):
        how = {Disposition.FRIVOLOUS: "the record vote of § 2-83(f)(6)",
               Disposition.CURED: "recording the cure (§ 2-83(d)(2))",
               Disposition.WITHDRAWN: "recording the complainant's withdrawal, with the date "
                                      "it was received"}[p.disposition]
        raise RuleError(f"A “{in_a_sentence(p.disposition.label)}” resolution is recorded through {how}",
                        "§ 2-83(d)(4)")
    on = _not_future(ctx, p.decided_on or ctx.today, "of the resolution", "§ 2-83(d)(4)")
    c = ctx.complaint
    if p.disposition is Disposition.VIOLATION_FOUND and not p.findings:
        raise RuleError("A finding of a violation names each provision found violated, and by "
                        "whom", FINDING_CITATION, "Tick each provision the Board found violated.")
    if p.findings and p.disposition is not Disposition.VIOLATION_FOUND:
        raise RuleError(f"Provisions found violated go with a finding of “"
                        f"{in_a_sentence(Disposition.VIOLATION_FOUND.label)}”, not “"
                        f"{in_a_sentence(p.disposition.label)}”", FINDING_CITATION,
                        "Untick the provisions, or choose “violation found”.")
    if p.vote is not None:
        vote, result = _record_vote(ctx, p.vote, BoardAction.DISPOSITION)
        if not result.carried:
            return Outcome(c.state, f"Motion to resolve the complaint as "
                                    f"{in_a_sentence(p.disposition.label)} failed: "
                                    f"{result.summary} (§ 2-83(d)(4))",
                           {"vote_id": vote.id, "carried": False})
        on = vote.meeting_on  # the Board decides at its meeting
    found = _check_findings(ctx, p.findings, on)
    decision = Decision(complaint_id=c.id, kind=DecisionKind.RESOLUTION, decided_on=on,
                        disposition=p.disposition, notes=p.notes, recorded_by=ctx.actor,
                        recorded_at=ctx.now)
    ctx.session.add(decision)
    ctx.session.flush()
    for finding, alleged, _citation in found:
        ctx.session.add(ViolationFinding(complaint_id=c.id, decision_id=decision.id,
                                         respondent_id=finding.respondent_id,
                                         provision_id=finding.provision_id, alleged=alleged))
    opinion = ""
    if p.disposition in ON_THE_MERITS:
        # § 2-87(a): the Board's decision on the merits is what its written opinion states; the
        # 90 days are met or missed by it, never cancelled (a late decision stays late).
        for clock in close_clocks(ctx.session, c, ClockKind.OPINION, on):
            timing = "on time" if clock.status is DeadlineStatus.MET else "late"
            opinion = (f"; decided {timing} for the written opinion due "
                       f"{clock.due_on.isoformat()} ({OPINION_CITATION}), which goes to the "
                       "parties (Papers tab)")
    cancel_open_clocks(ctx.session, c, on)
    c.resolved_on = on
    by_vote = "" if p.vote is None else f" by the Board's vote: {result.summary}"
    findings = "" if not found else "; violations found: " + "; ".join(
        f"{_respondent(ctx, f.respondent_id)}, {citation}" for f, _a, citation in found)
    detail: dict[str, object] = {"disposition": p.disposition.value,
                                 "decided_on": on.isoformat(),
                                 "findings": [[f.respondent_id, f.provision_id]
                                              for f, _a, _c in found]}
    if p.vote is not None:
        detail |= {"vote_id": vote.id, "carried": True}
    return Outcome(CaseState.RESOLVED,
                   f"Resolved ({in_a_sentence(p.disposition.label)}) on {on.isoformat()}"
                   f"{by_vote}{findings}{opinion}; the respondents are to be notified "
                   "(§ 2-83(d)(4))", detail)


def _check_findings(ctx: Context, findings: tuple[ev.Finding, ...],
                    on: date) -> list[tuple[ev.Finding, bool, str]]:
    """Each provision found violated, checked (§ 2-85(b), (c)): a respondent of the case, a
    provision of the catalogue, found once; one the complaint did not allege against that
    respondent only after the written notice and the ten business days of § 2-85(c) (or the
    respondent's answer). Returns each with whether it was alleged and its citation."""
    alleged = alleged_against(ctx.complaint)
    checked: list[tuple[ev.Finding, bool, str]] = []
    seen: set[tuple[int, int]] = set()
    for finding in findings:
        name = _respondent(ctx, finding.respondent_id)
        provision = ctx.session.get(Provision, finding.provision_id)
        if provision is None:
            raise RuleError(f"Provision {finding.provision_id} is not in the catalogue of "
                            "provisions", FINDING_CITATION, "Choose a provision from the list.")
        key = (finding.respondent_id, finding.provision_id)
        if key in seen:
            continue
        seen.add(key)
        if finding.provision_id in alleged.get(finding.respondent_id, set()):
            checked.append((finding, True, provision.citation))
            continue
        clock = notice_clock(ctx.session, ctx.complaint, finding.respondent_id,
                             finding.provision_id)
        if clock is None:
            raise RuleError(f"The complaint does not allege {provision.citation} against {name}: "
                            "before the Board finds a violation of a rule not alleged, the "
                            "respondent gets written notice of it and "
                            f"{days_of(ClockKind.UNALLEGED_RULE)} to respond", NOTICE_CITATION,
                            "Give notice of a rule not alleged first (the notice is on the "
                            "Papers tab); the violation may be found once those days have run.")
        allowed = may_be_found_on(clock)
        if on < allowed:
            raise RuleError(f"{name} was given notice of {provision.citation}, not alleged, on "
                            f"{clock.trigger_on.isoformat()}: the "
                            f"{days_of(ClockKind.UNALLEGED_RULE)} to respond "
                            f"run to {clock.due_on.isoformat()}, so the violation may be found "
                            f"on or after {allowed.isoformat()}, not on {on.isoformat()}",
                            NOTICE_CITATION,
                            f"Decide on or after {allowed.isoformat()}, or leave that provision "
                            "out of the finding.")
        checked.append((finding, False, provision.citation))
    return checked


def give_rule_notice(ctx: Context, p: ev.GiveRuleNotice) -> Outcome:
    """§ 2-85(c): written notice to a respondent of provisions the complaint does not allege
    against them; their ten business days to respond run from the day it is given, and until
    they have run (or the answer is in) the Board may not find a violation of them. Refused for
    a provision already alleged (no notice is needed, § 2-85(b)) and for one not in force on the
    alleged dates, as the catalogue gives them."""
    c = ctx.complaint
    name = _respondent(ctx, p.respondent_id)
    if not p.provision_ids:
        raise RuleError("Choose the provision not alleged that the notice names",
                        NOTICE_CITATION, "Pick it from the provisions catalogue.")
    if p.given_on is None:
        raise RuleError("Enter the date the written notice was given to the respondent",
                        NOTICE_CITATION)
    given = _not_future(ctx, p.given_on, "the notice was given", NOTICE_CITATION)
    filed = office_date(c.received_at, ctx.zone) if c.received_at else given
    if given < filed:
        raise RuleError(f"A notice cannot be given ({given.isoformat()}) before the complaint "
                        f"was filed ({filed.isoformat()})", NOTICE_CITATION,
                        f"Use a date on or after {filed.isoformat()}.")
    alleged = alleged_against(c).get(p.respondent_id, set())
    days = sorted({d for d in (c.violation_start, c.violation_end) if d is not None})
    lines = []
    for provision_id in dict.fromkeys(p.provision_ids):
        provision = ctx.session.get(Provision, provision_id)
        if provision is None:
            raise RuleError(f"Provision {provision_id} is not in the catalogue of provisions",
                            NOTICE_CITATION, "Choose a provision from the list.")
        if provision_id in alleged:
            raise RuleError(f"The complaint already alleges {provision.citation} against {name}: "
                            "the notice of § 2-85(c) is for a rule not alleged",
                            f"{NOTICE_CITATION}; {FINDING_CITATION}",
                            "Choose a provision the complaint does not allege.")
        missed = [d for d in days if not provision.in_force_on(d)]
        if missed:
            raise RuleError(f"{provision.citation} was not in force on "
                            + " and ".join(d.isoformat() for d in missed)
                            + ", the date of the alleged violation (the catalogue of provisions)",
                            NOTICE_CITATION, "Check the provision and the alleged dates.")
        ctx.session.add(RuleNotice(complaint_id=c.id, respondent_id=p.respondent_id,
                                   provision_id=provision_id, given_on=given,
                                   recorded_by=ctx.actor, recorded_at=ctx.now))
        deadline = start_clock(
            ctx.session, c, ClockKind.UNALLEGED_RULE,
            actual_receipt(given, "written notice of the rule not alleged given to the "
                                  "respondent"), ctx.calendars,
            subject=rule_notice_key(p.respondent_id, provision_id),
            subject_label=f"{name}, {provision.citation}")
        lines.append(f"{provision.citation}: response due {deadline.due_on.isoformat()}")
    return Outcome(c.state, f"Notice given to {name} on {given.isoformat()} of a rule not "
                            "alleged — " + "; ".join(lines) + f" ({NOTICE_CITATION})",
                   {"respondent_id": p.respondent_id, "given_on": given.isoformat(),
                    "provision_ids": list(dict.fromkeys(p.provision_ids))})


def withdraw(ctx: Context, p: ev.Withdraw) -> Outcome:
    """The complainant's withdrawal, received on a day: the case is resolved as withdrawn, every
    clock stops, and the respondents are to be told of the resolution (§ 2-83(d)(4))."""
    if p.received_on is None:
        raise RuleError("Enter the date the withdrawal was received", "§ 2-83(d)(4)",
                        "Use the date the City Clerk received the complainant's withdrawal.")
    on = _not_future(ctx, p.received_on, "the withdrawal was received", "§ 2-83(d)(4)")
    c = ctx.complaint
    filed = c.received_at.astimezone().date() if c.received_at else on
    if on < filed:
        raise RuleError("A complaint cannot be withdrawn before it was filed", "§ 2-83(d)(4)",
                        f"Use a date on or after {filed.isoformat()}.")
    ctx.session.add(Decision(complaint_id=c.id, kind=DecisionKind.RESOLUTION, decided_on=on,
                             disposition=Disposition.WITHDRAWN, notes=p.notes,
                             recorded_by=ctx.actor, recorded_at=ctx.now))
    cancel_open_clocks(ctx.session, c, on)
    c.resolved_on = on
    return Outcome(CaseState.RESOLVED,
                   f"Withdrawn by the complainant (withdrawal received {on.isoformat()}); the "
                   "respondents are to be notified of the resolution (§ 2-83(d)(4))",
                   {"received_on": on.isoformat(), "disposition": Disposition.WITHDRAWN.value})
