"""The effects of the response (§ 2-83(d)(3), (e)): forwarding to the Board and the respondents
with their response clocks, more time granted, receipts, the sworn response forwarded, the
reply, and a requested hearing scheduled and held."""

from __future__ import annotations

from datetime import date

from sqlalchemy import func, select

from ethics_desk.core.errors import RuleError
from ethics_desk.core.office_time import in_office_time, office_date
from ethics_desk.core.parties import respondent_key
from ethics_desk.deadlines import ClockKind, actual_receipt
from ethics_desk.deadlines.schedule import (
    close_clocks,
    extend_clock,
    open_deadlines,
    start_clock,
)
from ethics_desk.models import (
    OPEN_MEETING_CITATION,
    CaseState,
    Filing,
    FilingKind,
    Hearing,
    HearingKind,
    MailMethod,
    PartyRole,
    ResponseForward,
    ResponseRecipient,
    in_a_sentence,
)
from ethics_desk.workflow import events as ev
from ethics_desk.workflow.context import Context, Outcome
from ethics_desk.workflow.effects.shared import (
    attach,
    check_hearing_time,
    filing_subject,
    not_future,
    respondent_name,
)


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
    forwarded = not_future(ctx, p.forwarded_on or ctx.today, "forwarded", "§ 2-83(d)(3)")
    close_clocks(ctx.session, c, ClockKind.ETHICS_FORWARD, forwarded)
    lines = _start_response_clocks(ctx, p.deliveries, forwarded)
    filed = office_date(c.received_at, ctx.zone) if c.received_at else forwarded
    start_clock(ctx.session, c, ClockKind.OPINION, actual_receipt(filed, "complaint filed"),
                ctx.calendars)
    return Outcome(CaseState.AWAITING_RESPONSE,
                   f"Forwarded to the Ethics Review Board and the respondents with the (e) notice "
                   f"and the Ethics Code on {forwarded.isoformat()}; " + "; ".join(lines),
                   {"forwarded_on": forwarded.isoformat()})


def grant_more_time(ctx: Context, p: ev.GrantMoreTime) -> Outcome:
    """Time granted to a respondent to respond: ``days`` business days added to their (e)(1)
    response date, through the deadline engine (the explanation says so, and a recount keeps
    it). The Board's written opinion, due 90 calendar days after filing "extended by any time
    granted to the respondent" (§ 2-87(a)), moves by the calendar days the respondent gained."""
    name = respondent_name(ctx, p.respondent_id)
    if not 1 <= p.days <= ev.MAX_DAYS_GRANTED:
        raise RuleError(f"{p.days} is not a number of business days that can be granted",
                        "§ 2-83(e)(1)", f"Enter from 1 to {ev.MAX_DAYS_GRANTED} business days.")
    if p.granted_on is None:
        raise RuleError("Enter the date the time was granted", "§ 2-83(e)(1)")
    granted_on = not_future(ctx, p.granted_on, "the time was granted", "§ 2-83(e)(1)")
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
    name = respondent_name(ctx, p.respondent_id)
    if p.received_on is None:
        raise RuleError("Enter the date the respondent received the complaint", "§ 2-83(e)(1)")
    day = not_future(ctx, p.received_on, "received", "§ 2-83(e)(1)")
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


def file_response(ctx: Context, p: ev.FileResponse) -> Outcome:
    """(e)(1), (e)(3): a sworn response; forwarded; a copy to the complainant starts the reply."""
    c = ctx.complaint
    name = respondent_name(ctx, p.respondent_id)
    if not p.sworn:
        raise RuleError("A response must be sworn", "§ 2-83(e)(1)",
                        "Have the respondent swear to it before filing.")
    if p.received_on is None:
        raise RuleError("Enter the date the response was received", "§ 2-83(e)(1)")
    received = not_future(ctx, p.received_on, "received", "§ 2-83(e)(1)")
    ctx.session.add(Filing(complaint_id=c.id, kind=FilingKind.RESPONSE,
                           party_role=PartyRole.RESPONDENT, party_name=name,
                           respondent_id=p.respondent_id, received_on=received, sworn=True,
                           forwarded_on=p.forwarded_on, notes=p.notes, recorded_by=ctx.actor,
                           recorded_at=ctx.now,
                           attachment_id=attach(ctx, p.attachment)))
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
    on = not_future(ctx, day, "forwarded", citation)
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
                          subject=filing_subject(ctx, filing_id))
    timing = f" ({in_a_sentence(closed[0].status.label)})" if closed else ""
    return words + f"; forwarded to all three{timing} ({citation})"


def forward_response(ctx: Context, p: ev.ForwardResponse) -> Outcome:
    """§ 2-83(e), last paragraph: the Clerk forwards a sworn response, upon receipt, to the
    Compliance Auditor, the City Attorney's Office and the Ethics Review Board."""
    name = respondent_name(ctx, p.respondent_id)
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
    name = respondent_name(ctx, p.respondent_id)
    if p.received_on is None:
        raise RuleError("Enter the date the complainant received the copy of the response",
                        "§ 2-83(e)(3)")
    day = not_future(ctx, p.received_on, "received", "§ 2-83(e)(3)")
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
    received = not_future(ctx, p.received_on, "received", "§ 2-83(e)(3)")
    name = c.complainants[0].name if c.complainants else ""
    ctx.session.add(Filing(complaint_id=c.id, kind=FilingKind.REPLY,
                           party_role=PartyRole.COMPLAINANT, party_name=name,
                           received_on=received, sworn=True,
                           forwarded_on=p.copy_to_respondents_on, notes=p.notes,
                           recorded_by=ctx.actor, recorded_at=ctx.now,
                           attachment_id=attach(ctx, p.attachment)))
    closed = close_clocks(ctx.session, c, ClockKind.REPLY, received)
    timing = f" ({in_a_sentence(closed[0].status.label)})" if closed else ""
    return Outcome(CaseState.REPLY_FILED,
                   f"Sworn reply of {name} received {received.isoformat()}{timing}",
                   {"received_on": received.isoformat()})


def request_hearing(ctx: Context, p: ev.RequestHearing) -> Outcome:
    """(e)(4): a party asks for a hearing; the Board schedules it."""
    c = ctx.complaint
    received = not_future(ctx, p.received_on or ctx.today, "of the request", "§ 2-83(e)(4)")
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
    check_hearing_time(ctx, p.hearing_at, "requested hearing", "it is scheduled",
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
    held = not_future(ctx, p.held_on, "of the hearing", "§ 2-83(e)(4)")
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
