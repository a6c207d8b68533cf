"""The papers of the response (§ 2-83(d)(3), (e)): the transmittal to the Board, the
respondent's notice with the response date and the Ethics Code, the copies of a response and a
reply, the transmittal of a sworn response, and the notice of a requested hearing with the
condition that withholds it once the hearing is past (Gov't Code § 551.043)."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import in_office_time
from ethics_desk.core.parties import respondent_key
from ethics_desk.core.words import ENGLISH
from ethics_desk.documents import wording
from ethics_desk.documents.paper_context import PaperContext, deadline_of, due_basis, filings_of
from ethics_desk.documents.render.letter_data import (
    BoardTransmittalPaper,
    CodeProvided,
    ForwardedResponse,
    HearingNoticePaper,
    ReplyCopyPaper,
    RespondentNoticePaper,
    ResponseCopyPaper,
    ResponseTransmittalPaper,
)
from ethics_desk.models import (
    BoardMember,
    BoardRole,
    Complaint,
    FilingKind,
    Hearing,
    ResponseForward,
)
from ethics_desk.models.board import BoardTerm
from ethics_desk.office import settings


def board_members(session: Session, today: date) -> tuple[str, ...]:
    rows = session.execute(
        select(BoardMember.name, BoardTerm.role).join(BoardTerm)
        .where(BoardMember.is_staff.is_(False), BoardTerm.role != BoardRole.STAFF,
               BoardTerm.starts_on <= today,
               (BoardTerm.ends_on.is_(None)) | (BoardTerm.ends_on >= today))
        .order_by(BoardMember.name)).all()
    order = {BoardRole.CHAIR: 0, BoardRole.VICE_CHAIR: 1}
    ranked = sorted(rows, key=lambda row: (order.get(row[1], 2), row[0]))
    return tuple(dict.fromkeys(name + (f" ({role.label})" if role in order else "")
                               for name, role in ranked))


def board_transmittal(ctx: PaperContext) -> BoardTransmittalPaper:
    first = deadline_of(ctx.session, ctx.complaint, "response")
    forwarded = (first.trigger_mailed_on or first.trigger_on) if first else ctx.today
    return BoardTransmittalPaper(**ctx.common(), members=board_members(ctx.session, ctx.today),
                                 forwarded_on=forwarded)


def respondent_notice(ctx: PaperContext) -> RespondentNoticePaper:
    respondent = ctx.recipient
    due = None if respondent.respondent_id is None else deadline_of(
        ctx.session, ctx.complaint, "response", respondent_key(respondent.respondent_id))
    if due is None:
        raise UserError(f"No response deadline is recorded for {respondent.name} in "
                        f"{ctx.complaint.display_number}.",
                        "Forward the complaint to the Board and the respondents first "
                        "(§ 2-83(d)(3), (e)).")
    attachments = tuple(dict.fromkeys(item.attachment.file_name
                                      for item in ctx.complaint.documents if item.attachment))
    enclosed = wording.code_stored(ctx.session)
    return RespondentNoticePaper(**ctx.common(),
                                 forwarded_on=due.trigger_mailed_on or due.trigger_on,
                                 response_due=due.due_on, response_explanation=due.explanation,
                                 response_basis=due_basis(due), attachments=attachments,
                                 code_enclosed=enclosed,
                                 code_provided=None if enclosed else ctx.code_provided)


MAX_CODE_WAY = 200
"""The longest description of how the Ethics Code was provided."""


def check_code_provided(provided: CodeProvided, today: date) -> CodeProvided:
    """How the Ethics Code was provided, checked: a way in words and a day not after
    ``today`` (the office's day); its way trimmed. § 2-83(e): the respondent "shall also be
    provided with a copy of the Ethics Code"."""
    way = " ".join(provided.way.split())
    if not way:
        raise UserError("Say how the Ethics Code was provided to the respondent.",
                        "Enter the way, e.g. “handed over at the counter” or “link e-mailed”, "
                        "and the date (§ 2-83(e)).")
    if len(way) > MAX_CODE_WAY:
        raise UserError(f"How the Ethics Code was provided is longer than {MAX_CODE_WAY} "
                        "characters.", "Shorten it to the way and, if needed, to whom.")
    if provided.on > today:
        raise UserError(f"The day the Ethics Code was provided, {provided.on.isoformat()}, is "
                        "in the future.", "Record it once the Code has been provided.")
    return CodeProvided(provided.on, way)


def response_copy(ctx: PaperContext) -> ResponseCopyPaper:
    responses = filings_of(ctx.session, ctx.complaint, FilingKind.RESPONSE)
    response = responses[ctx.index]
    due = None if response.respondent_id is None else deadline_of(
        ctx.session, ctx.complaint, "reply", respondent_key(response.respondent_id))
    return ResponseCopyPaper(**ctx.common(), responding=response.party_name,
                             response_received_on=response.received_on,
                             reply_due=due.due_on if due else None,
                             reply_explanation=due.explanation if due else "",
                             reply_basis=due_basis(due) if due else None)


def reply_copy(ctx: PaperContext) -> ReplyCopyPaper:
    replies = filings_of(ctx.session, ctx.complaint, FilingKind.REPLY)
    if not replies:
        raise UserError(f"No reply is recorded for {ctx.complaint.display_number}.",
                        "Record the complainant's sworn reply first (§ 2-83(e)(3)).")
    return ReplyCopyPaper(**ctx.common(), reply_received_on=replies[-1].received_on)


def hearing_notice(ctx: PaperContext) -> HearingNoticePaper:
    hearing = ctx.session.scalar(Hearing.to_hold(ctx.complaint.id))
    if hearing is None or hearing.scheduled_at is None:
        raise UserError(f"No requested hearing is scheduled for {ctx.complaint.display_number}.",
                        "Schedule the requested hearing first (§ 2-83(e)(4)).")
    # Each request made its hearing and its filing together: the n-th hearing is the n-th ask.
    hearings = [h.id for h in ctx.session.scalars(Hearing.requested(ctx.complaint.id))]
    requests = filings_of(ctx.session, ctx.complaint, FilingKind.HEARING_REQUEST)
    asked = hearings.index(hearing.id)
    request = requests[asked] if asked < len(requests) else None
    return HearingNoticePaper(
        **ctx.common(), hearing_at=in_office_time(hearing.scheduled_at, ctx.letterhead.zone),
        place=hearing.place,
        requested_by=request.party_name if request is not None else "",
        requested_role=hearing.requested_by,
        requested_on=request.received_on if request is not None else ctx.today,
        pending=ctx.complaint.state.is_pending)


def requested_hearing_not_to_come(session: Session, complaint: Complaint,
                                   now: datetime) -> UserError | None:
    """The notice of a requested hearing gives its date, time and place (§ 2-83(e)(4)): made
    only while a scheduled hearing is still to come (posted at least 72 hours before it, Gov't
    Code § 551.043); no notice once it is held or its time has passed."""
    hearing = session.scalar(Hearing.to_hold(complaint.id))
    if hearing is None or hearing.scheduled_at is None:
        return UserError(f"No hearing requested under § 2-83(e)(4) is scheduled on "
                         f"{complaint.display_number}.",
                         "Schedule the requested hearing first (Schedule the requested hearing).")
    if hearing.scheduled_at > now:
        return None
    return past_hearing(session, complaint, hearing.scheduled_at, "requested hearing",
                         "the parties", "§ 2-83(e)(4)")


def past_hearing(session: Session, complaint: Complaint, scheduled_at: datetime, name: str,
                  told: str, citation: str) -> UserError:
    """Why a notice of a hearing is no longer made: the hearing's time is past, so a notice
    would give ``told`` no notice (posted at least 72 hours before, Gov't Code § 551.043)."""
    when = ENGLISH.long_datetime(scheduled_at, settings.time_zone(session))
    return UserError(f"The {name} of {complaint.display_number} was set for {when}, which is "
                     f"past: a notice of it would give {told} no notice ({citation}; Gov't Code "
                     "§ 551.043).",
                     "Reprint the notice already issued from the Papers tab's issued list, or "
                     "record the hearing.")


def response_transmittal(ctx: PaperContext) -> ResponseTransmittalPaper:
    responses = filings_of(ctx.session, ctx.complaint, FilingKind.RESPONSE)
    if not responses:
        raise UserError(f"No sworn response is recorded for {ctx.complaint.display_number}.",
                        "File the response first (§ 2-83(e)(1)).")
    sent = {(f.filing_id, f.recipient.value): f.forwarded_on for f in ctx.session.scalars(
        select(ResponseForward).where(ResponseForward.complaint_id == ctx.complaint.id))}
    return ResponseTransmittalPaper(**ctx.common(), responses=tuple(
        ForwardedResponse(f.party_name, f.received_on, sent.get((f.id, ctx.recipient.role)))
        for f in responses))
