"""The effects of the counter and of a withdrawal: filing a complaint (§ 2-83(a)–(c)),
discarding a draft, returning an unsworn complaint (§ 2-83(c), last paragraph), and a
complainant's withdrawal (§ 2-83(d)(4))."""

from __future__ import annotations

from datetime import UTC

from sqlalchemy import func, select

from ethics_desk.cases.listing import refresh_listing
from ethics_desk.core.case_numbers import case_number
from ethics_desk.core.errors import RuleError
from ethics_desk.core.office_time import in_office_time, office_date
from ethics_desk.deadlines import ClockKind, actual_receipt
from ethics_desk.deadlines.schedule import (
    cancel_open_clocks,
    start_clock,
)
from ethics_desk.models import (
    CaseState,
    Complaint,
    Decision,
    DecisionKind,
    Disposition,
)
from ethics_desk.staff.party_matches import find_for_complaint
from ethics_desk.workflow import events as ev
from ethics_desk.workflow.context import Context, Outcome
from ethics_desk.workflow.effects.shared import not_future


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
    on = not_future(ctx, p.returned_on or ctx.today, "returned", "§ 2-83(c)")
    cancel_open_clocks(ctx.session, ctx.complaint, on)
    ctx.session.add(Decision(complaint_id=ctx.complaint.id, kind=DecisionKind.RESOLUTION,
                             decided_on=on, notes="Returned as not sworn (§ 2-83(c))",
                             recorded_by=ctx.actor, recorded_at=ctx.now))
    ctx.complaint.resolved_on = on
    return Outcome(CaseState.RETURNED_UNSWORN,
                   "Returned to the complainant as not sworn; not forwarded to the Compliance "
                   "Auditor", {"returned_on": on.isoformat()})


def withdraw(ctx: Context, p: ev.Withdraw) -> Outcome:
    """The complainant's withdrawal, received on a day: the case is resolved as withdrawn, every
    clock stops, and the respondents are to be told of the resolution (§ 2-83(d)(4))."""
    if p.received_on is None:
        raise RuleError("Enter the date the withdrawal was received", "§ 2-83(d)(4)",
                        "Use the date the City Clerk received the complainant's withdrawal.")
    on = not_future(ctx, p.received_on, "the withdrawal was received", "§ 2-83(d)(4)")
    c = ctx.complaint
    filed = office_date(c.received_at, ctx.zone) if c.received_at else on
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
