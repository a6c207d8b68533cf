"""The letters of a Public Information Act request (Gov't Code ch. 552; § 2-83(h)(3)): their
dates from the deadline engine on the State calendar, the ruling, the estimate and the
Attorney General's address."""

from __future__ import annotations

from ethics_desk.core.errors import UserError
from ethics_desk.core.vocabulary import RulingOutcome
from ethics_desk.deadlines import ClockKind
from ethics_desk.deadlines.compute import ReceiptBasis
from ethics_desk.documents.builders.board import dollars
from ethics_desk.documents.paper_context import PaperContext
from ethics_desk.documents.render.data import (
    Party,
)
from ethics_desk.documents.render.public_information import (
    RequestLetterPaper,
)
from ethics_desk.office import settings
from ethics_desk.public_information.log import CostItem


def request_letter(ctx: PaperContext, *, to_attorney_general: bool = False) -> RequestLetterPaper:
    """The data of a request's letter: its dates from the deadline engine, its ruling, and the
    Attorney General's address (an office setting)."""
    view = ctx.pia
    requester = Party(name=view.requester_name, address=view.requester_address,
                      email=view.requester_email)
    lines = [line.strip() for line in str(settings.get(
        ctx.session, "public_information.attorney_general")).splitlines() if line.strip()]
    agency = Party(name=lines[0] if lines else "Office of the Attorney General",
                   address="\n".join(lines[1:]))
    ruling = view.clock(ClockKind.PIA_RULING)
    records = tuple(record.label for record in view.records) if to_attorney_general else ()
    return RequestLetterPaper(
        letterhead=ctx.letterhead, case_number=view.number, issued_on=ctx.today,
        recipient=agency if to_attorney_general else requester, requester=requester,
        received_on=view.received_on, received_how=view.received_detail,
        asked_for=view.asked_for, ruling_due=ruling.due_on,
        arguments_due=view.clock(ClockKind.PIA_ARGUMENTS).due_on,
        certify_due=view.clock(ClockKind.PIA_RELEASE_DATE).due_on,
        ruling_due_explanation=ruling.explain(), ruling_requested_on=view.ruling_requested_on,
        released_on=view.released_on, outcome=view.outcome.label if view.outcome else "",
        decided_by=f"the {view.outcome_by.label}" if view.outcome_by else "",
        outcome_kind=view.outcome, decided_kind=view.outcome_by,
        decided_on=view.outcome_on, reference=view.outcome_reference,
        partial=view.outcome is RulingOutcome.PARTIAL, records=records,
        attorney_general=agency, channel=view.channel,
        postmarked_on=(view.postmarked_on if view.received_basis is ReceiptBasis.PRESUMED
                       else None),
        exceptions=view.exceptions_claimed if to_attorney_general else (),
        clarification_asked_on=view.clarification_asked_on,
        clarification_question=view.clarification_question,
        estimate=tuple((estimate_line(item), item.amount_cents) for item in view.estimate),
        estimate_sent_on=view.estimate_sent_on, estimate_answer_due=view.estimate_answer_due)


def estimate_line(item: CostItem) -> str:
    """"Paper copies: 120 × $0.10"."""
    return f"{item.description}: {item.quantity.normalize():f} × {dollars(item.unit_cents)}"


def pia_clarification(ctx: PaperContext) -> RequestLetterPaper:
    if ctx.pia.clarification_asked_on is None:
        raise UserError(f"No request for clarification is recorded on {ctx.pia.number}.",
                        "Record the clarification asked for first (Clarification…); the letter "
                        "states its question (Gov't Code § 552.222(b)).")
    return request_letter(ctx)


def pia_cost_estimate(ctx: PaperContext) -> RequestLetterPaper:
    if not ctx.pia.estimate:
        raise UserError(f"No statement of estimated charges is recorded on {ctx.pia.number}.",
                        "Record the estimated charges first (Cost estimate…); the statement "
                        "itemizes them (Gov't Code § 552.2615(a)).")
    return request_letter(ctx)


def pia_acknowledgement(ctx: PaperContext) -> RequestLetterPaper:
    return request_letter(ctx)


def pia_ruling_notice(ctx: PaperContext) -> RequestLetterPaper:
    return request_letter(ctx)


def pia_ruling_request(ctx: PaperContext) -> RequestLetterPaper:
    if not ctx.pia.exceptions_claimed:  # the request states the exceptions, § 552.301(b)
        raise UserError(f"No exception claimed is recorded on {ctx.pia.number}: the request "
                        "for a ruling states the exceptions that apply (Gov't Code "
                        "§ 552.301(b)).", "Record the exceptions claimed first (Exceptions "
                        "claimed…); the letter lists them.")
    return request_letter(ctx, to_attorney_general=True)


def pia_release_letter(ctx: PaperContext) -> RequestLetterPaper:
    if ctx.pia.released_on is None:
        raise UserError(f"No release is recorded on {ctx.pia.number}.",
                        "Record the release first; the letter states its date.")
    return request_letter(ctx)
