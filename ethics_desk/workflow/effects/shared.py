"""What several effects check or read alike: a respondent named by id, a day that may not be in
the future, an attachment stored, a hearing's time, the subject of a filing's clock."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from ethics_desk.core.errors import RuleError
from ethics_desk.core.office_time import stamp
from ethics_desk.core.parties import respondent_key
from ethics_desk.intake.record import MAX_ATTACHMENT_BYTES, AttachmentData
from ethics_desk.models import (
    OPEN_MEETING_CITATION,
    OPEN_MEETING_NOTICE_HOURS,
    Attachment,
    Filing,
)
from ethics_desk.workflow.context import Context


def respondent_name(ctx: Context, respondent_id: int) -> str:
    for r in ctx.complaint.respondents:
        if r.id == respondent_id:
            return r.name
    raise RuleError(f"Respondent {respondent_id} is not a party to this complaint",
                    "§ 2-83(c)(3)", "Choose one of the case's respondents.")


def not_future(ctx: Context, day: date, what: str, citation: str) -> date:
    if day > ctx.today:
        raise RuleError(f"The date {what} ({day.isoformat()}) is in the future", citation,
                        "Enter the date it actually happened.")
    return day


def attach(ctx: Context, data: AttachmentData | None) -> int | None:
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


def check_hearing_time(ctx: Context, at: datetime, name: str, when_set: str,
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


def filing_subject(ctx: Context, filing_id: int) -> str:
    filing = ctx.session.get(Filing, filing_id)
    assert filing is not None and filing.respondent_id is not None
    return respondent_key(filing.respondent_id)
