"""The papers of the review (§ 2-83(d)): the transmittal to the four reviewers, the notice of
filing to a respondent, the defect letter, and the campaign-finance forwarding and cure notice
of (d)(2)."""

from __future__ import annotations

from sqlalchemy import select

from ethics_desk.core.errors import UserError
from ethics_desk.core.words import ENGLISH
from ethics_desk.documents.paper_context import PaperContext, deadline_of, latest_decision
from ethics_desk.documents.render.letter_data import (
    CampaignFinanceForwardPaper,
    CureNoticePaper,
    DefectEntry,
    DefectLetterPaper,
    FilingNoticePaper,
    ReviewerCopy,
    ReviewerTransmittalPaper,
)
from ethics_desk.models import (
    Cure,
    DecisionKind,
    DefectItem,
    Review,
    ReviewDefect,
    ReviewerRole,
)


def reviewer_transmittal(ctx: PaperContext) -> ReviewerTransmittalPaper:
    reviews = {r.role: r for r in ctx.session.scalars(
        select(Review).where(Review.complaint_id == ctx.complaint.id))}
    copies = []
    for role in ReviewerRole:
        review = reviews.get(role)
        due = deadline_of(ctx.session, ctx.complaint, "review", role.value)
        copies.append(ReviewerCopy(role.label, review.reviewer_name if review else "",
                                   review.received_on if review else None,
                                   due.due_on if due else None))
    received = [c.received_on for c in copies if c.received_on]
    return ReviewerTransmittalPaper(**ctx.common(), reviewers=tuple(copies),
                                    forwarded_on=min(received) if received else ctx.today)


def filing_notice(ctx: PaperContext) -> FilingNoticePaper:
    return FilingNoticePaper(**ctx.common())


def defect_letter(ctx: PaperContext) -> DefectLetterPaper:
    rows = ctx.session.execute(
        select(ReviewDefect.item, ReviewDefect.note).join(Review)
        .where(Review.complaint_id == ctx.complaint.id).order_by(ReviewDefect.id)).all()
    notes: dict[DefectItem, list[str]] = {}
    for item, note in rows:
        found = notes.setdefault(item, [])
        if note.strip() and note.strip() not in found:
            found.append(note.strip())
    if not notes:
        raise UserError(f"No reviewer has recorded a defect in {ctx.complaint.display_number}.",
                        "A defect letter lists the defects found in review (§ 2-83(d)(3)); "
                        "record them with the reviews first.")
    defects = tuple(DefectEntry(item.citation, item.label, " ".join(notes[item]), item.value)
                    for item in DefectItem if item in notes)
    auditor = ctx.session.scalar(select(Review.reviewer_name).where(
        Review.complaint_id == ctx.complaint.id, Review.role == ReviewerRole.COMPLIANCE_AUDITOR))
    return DefectLetterPaper(**ctx.common(), defects=defects, auditor_name=auditor or "")


def cf_forward(ctx: PaperContext) -> CampaignFinanceForwardPaper:
    decision = latest_decision(ctx.session, ctx.complaint, DecisionKind.FORWARD_CAMPAIGN_FINANCE)
    return CampaignFinanceForwardPaper(**ctx.common(),
                                       forwarded_on=decision.decided_on if decision else ctx.today)


def cf_cure_notice(ctx: PaperContext) -> CureNoticePaper:
    cure = ctx.session.scalar(select(Cure).where(Cure.complaint_id == ctx.complaint.id)
                              .order_by(Cure.id.desc()).limit(1))
    if cure is None:
        raise UserError(f"No statement or amended report is recorded for "
                        f"{ctx.complaint.display_number}.",
                        "The notice of § 2-83(d)(2) follows a cure recorded and verified by the "
                        "City Clerk.")
    return CureNoticePaper(**ctx.common(), cure=ENGLISH.cure(cure.kind),
                           cure_filed_on=cure.filed_on, cure_kind=cure.kind,
                           verified_by=cure.verified_by, verified_on=cure.verified_on)
