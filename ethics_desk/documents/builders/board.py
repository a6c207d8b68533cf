"""The papers of the Board's decisions (§ 2-83(d)(4), (f), (g); § 2-85(c); § 2-87(a)): the
notice of resolution, the notice of a rule not alleged, the written opinion, the order to show
cause, the determination of a frivolous complaint and the referral to an agency, with the
record vote and the sanctions as the papers print them."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.board.findings import (
    ON_THE_MERITS,
    disposition_vote,
    not_taking_part,
    notice_clock,
    opinion_copies,
)
from ethics_desk.board.votes import vote_terms
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import in_office_time
from ethics_desk.core.vote_count import tally
from ethics_desk.core.words import BALLOTS_EN, ENGLISH
from ethics_desk.deadlines import ClockKind
from ethics_desk.documents.builders.response import past_hearing
from ethics_desk.documents.paper_context import PaperContext, Recipient, deadline_of, latest_decision
from ethics_desk.documents.render.data import (
    Party,
)
from ethics_desk.documents.render.letter_data import (
    BallotLine,
    FactorNote,
    FindingLine,
    FrivolousDeterminationPaper,
    NoticedRule,
    ReferralPaper,
    ResolutionNoticePaper,
    RuleNoticePaper,
    SanctionLine,
    ShowCauseOrderPaper,
    VoteRecord,
    WrittenOpinionPaper,
)
from ethics_desk.models import (
    BoardAction,
    BoardMember,
    BoardRole,
    BoardVote,
    CaseState,
    Complaint,
    Decision,
    DecisionKind,
    Disposition,
    FrivolousFactor,
    Hearing,
    HearingKind,
    Provision,
    RuleNotice,
    Sanction,
    SanctionFactor,
    SanctionKind,
    ShowCauseOrder,
    ViolationFinding,
    in_a_sentence,
)
from ethics_desk.models.board import BoardTerm

DISPOSITIONS = {
    Disposition.DISMISSED: "Dismissed by the Ethics Review Board",
    Disposition.NO_VIOLATION: "No violation found: the Ethics Review Board found that the "
                              "respondent did not violate the provisions cited",
    Disposition.VIOLATION_FOUND: "Violation found: the Ethics Review Board found that a "
                                 "violation occurred",
    Disposition.CURED: "Cured, no violation: the campaign bank account statement or the amended "
                       "report was filed in time and verified by the City Clerk (§ 2-82(b)(2), "
                       "§ 2-83(d)(2))",
    Disposition.WITHDRAWN: "Withdrawn by the complainant",
    Disposition.FRIVOLOUS: "Frivolous complaint: the Ethics Review Board determined by record "
                           "vote that the complaint was groundless and brought in bad faith or "
                           "for the purpose of harassment (§ 2-83(f)(1), (f)(6))",
}


RETURNED_DEFECTIVE = "returned_defective"
"""The outcome of a complaint the Compliance Auditor returned as defective, § 2-83(d)(3)."""


RETURNED_DEFECTIVE_WORDS = (
    "Returned to the complainant as defective: the Compliance Auditor found that the complaint "
    "does not substantially comply with the filing requirements of § 2-83(c), and it was not "
    "forwarded to the Ethics Review Board (§ 2-83(d)(3))")
"""How the notice of resolution words a return as defective."""


def resolution_notice(ctx: PaperContext) -> ResolutionNoticePaper:
    if ctx.complaint.state is CaseState.RETURNED_DEFECTIVE:  # a return is a resolution, § 2-83(d)(3)-(4)
        returned = latest_decision(ctx.session, ctx.complaint, DecisionKind.RETURN_DEFECTIVE)
        if returned is None:
            raise UserError(f"No return as defective is recorded for "
                            f"{ctx.complaint.display_number}.",
                            "Record the return first (§ 2-83(d)(3)).")
        return ResolutionNoticePaper(**ctx.common(), disposition=RETURNED_DEFECTIVE_WORDS,
                                     decided_on=returned.decided_on, notes=returned.notes,
                                     outcome=RETURNED_DEFECTIVE)
    decision = latest_decision(ctx.session, ctx.complaint, DecisionKind.RESOLUTION)
    if decision is None or decision.disposition is None:
        raise UserError(f"No resolution is recorded for {ctx.complaint.display_number}.",
                        "Record the resolution first (§ 2-83(d)(4)).")
    return ResolutionNoticePaper(**ctx.common(), disposition=DISPOSITIONS[decision.disposition],
                                 decided_on=decision.decided_on, notes=decision.notes,
                                 outcome=decision.disposition.value)


def opinion_copy_recipients(session: Session, complaint: Complaint) -> list[Recipient]:
    """The copies of the written opinion besides the parties', § 2-87(a)."""
    return [Recipient(Party(name, title="Member, Ethics Review Board" if role == "board_member"
                            else ""), role) for name, role in opinion_copies(session, complaint)]


def rule_notice(ctx: PaperContext) -> RuleNoticePaper:
    respondent_id = ctx.recipient.respondent_id
    notices = list(ctx.session.scalars(select(RuleNotice).where(
        RuleNotice.complaint_id == ctx.complaint.id, RuleNotice.respondent_id == respondent_id)
        .order_by(RuleNotice.id)))
    if not notices:
        raise UserError(f"No notice of a rule not alleged is recorded for "
                        f"{ctx.recipient.name} on {ctx.complaint.display_number}.",
                        "Record it first (Give notice of a rule not alleged, § 2-85(c)).")
    latest = {n.provision_id: n for n in notices}  # a provision noticed again: the latest
    noticed = []
    for provision_id, n in latest.items():
        provision = ctx.session.get(Provision, provision_id)
        clock = notice_clock(ctx.session, ctx.complaint, n.respondent_id, provision_id)
        noticed.append(NoticedRule(provision.citation if provision else str(provision_id),
                                   n.given_on, clock.due_on if clock is not None else None))
    return RuleNoticePaper(**ctx.common(), noticed=tuple(noticed),
                           pending=ctx.complaint.state.is_pending)


def not_on_the_merits(session: Session, complaint: Complaint,
                       now: datetime) -> UserError | None:
    """The written opinion states the Board's decision on the merits (§ 2-87(a)): none is made
    for a complaint withdrawn, cured or determined frivolous (their own papers say so)."""
    decision = latest_decision(session, complaint, DecisionKind.RESOLUTION)
    if decision is not None and decision.disposition in ON_THE_MERITS:
        return None
    how = (f"“{decision.disposition.label}”" if decision is not None and decision.disposition
           else "not decided by the Board on the merits")
    return UserError(f"{complaint.display_number} was resolved as {how}: the Board's written "
                     "opinion (§ 2-87(a)) states a decision on the merits — dismissed, no "
                     "violation or violation found.",
                     "Use the notice of resolution (§ 2-83(d)(4)) or the case's own paper.")


def written_opinion(ctx: PaperContext) -> WrittenOpinionPaper:
    decision = latest_decision(ctx.session, ctx.complaint, DecisionKind.RESOLUTION)
    if decision is None or decision.disposition is None \
            or decision.disposition not in ON_THE_MERITS:
        raise not_on_the_merits(ctx.session, ctx.complaint, datetime.min) or UserError(
            "No decision on the merits is recorded.", "Record the resolution first.")
    vote = disposition_vote(ctx.session, ctx.complaint)
    names = {r.id: r.name for r in ctx.complaint.respondents}
    citations: dict[int, str] = {}
    findings = []
    for f in ctx.session.scalars(select(ViolationFinding).where(
            ViolationFinding.decision_id == decision.id).order_by(ViolationFinding.id)):
        if f.provision_id not in citations:
            provision = ctx.session.get(Provision, f.provision_id)
            citations[f.provision_id] = provision.citation if provision else ""
        noticed = None
        if not f.alleged:
            notice = ctx.session.scalar(select(RuleNotice.given_on).where(
                RuleNotice.complaint_id == ctx.complaint.id,
                RuleNotice.respondent_id == f.respondent_id,
                RuleNotice.provision_id == f.provision_id).order_by(RuleNotice.id.desc())
                .limit(1))
            noticed = notice
        findings.append(FindingLine(names.get(f.respondent_id, ""), citations[f.provision_id],
                                    noticed))
    due = deadline_of(ctx.session, ctx.complaint, ClockKind.OPINION.value)
    return WrittenOpinionPaper(
        **ctx.common(), disposition=DISPOSITIONS[decision.disposition],
        outcome=decision.disposition.value, decided_on=decision.decided_on,
        reasons=decision.notes, vote=vote_record(ctx.session, vote) if vote else None,
        findings=tuple(findings),
        not_taking_part=not_taking_part(ctx.session, vote) if vote is not None else (),
        opinion_due=due.due_on if due is not None else None)


VOTE_WORDS = BALLOTS_EN
"""How each ballot is printed in English (:meth:`Words.ballot` in either language)."""


def vote_record(session: Session, vote: BoardVote) -> VoteRecord:
    """A stored Board vote as a paper prints it: its summary as recorded, and its count under
    the rule and the quorum of its meeting (the roster serving that day, the office's settings),
    from which a paper in another language states present, quorum, recused, needed and cast."""
    terms = vote_terms(session, vote.action, vote.meeting_on)
    return VoteRecord(meeting_on=vote.meeting_on, summary=vote.summary, carried=vote.carried,
                      is_record_vote=vote.is_record_vote,
                      ballots=tuple(BallotLine(b.member_name, VOTE_WORDS[b.choice], b.choice)
                                    for b in vote.ballots),
                      tally=tally((b.choice for b in vote.ballots), terms.rule, terms.quorum))


def dollars(cents: int | None) -> str:
    """"$350.00"."""
    return f"${(cents or 0) / 100:,.2f}"


def sanction_line(sanction: Sanction) -> SanctionLine:
    """A sanction as the determination lists it: citation, kind, amount or words."""
    citation, label = sanction.kind.citation, sanction.kind.label
    amount, pay_by = "", None
    if sanction.kind in (SanctionKind.CIVIL_PENALTY, SanctionKind.ATTORNEYS_FEES):
        amount = dollars(sanction.amount_cents)
        owed = sanction.payment if sanction.kind is SanctionKind.CIVIL_PENALTY else None
        pay_by = owed.due_on if owed is not None else None  # as the Board set it
        detail = ENGLISH.amount_due(amount, pay_by)
    elif sanction.kind is SanctionKind.REFERRAL:
        detail = " — ".join(x for x in (agency_of(sanction.agency)[0].name, sanction.text.strip())
                            if x)
    else:
        detail = sanction.text.strip()
    return SanctionLine(citation, label, detail, sanction.kind, amount, pay_by)


def factor_note(factor: FrivolousFactor | SanctionFactor, note: str) -> FactorNote:
    """A factor the Board weighed as a letter prints it: its citation, the statute's words (the
    factor's own label), the note."""
    return FactorNote(factor.citation, in_a_sentence(factor.label), note)


def sanction_factors(sanction: Sanction) -> tuple[FactorNote, ...]:
    """The (g)(1) notes stored with a sanction, in the statute's order."""
    noted = {n.factor: n.note.strip() for n in sanction.factors if n.note.strip()}
    return tuple(factor_note(f, noted[f]) for f in SanctionFactor if f in noted)


def agency_of(text: str) -> tuple[Party, str]:
    """The agency on a referral as an addressee (first line the name, the rest its address),
    and a note the clerk put in brackets after the name ("(perjury)")."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    name, note = (lines[0] if lines else ""), ""
    if name.endswith(")"):
        depth = 0
        for at in range(len(name) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(name[at], 0)
            if depth == 0:
                if name[:at].strip():
                    name, note = name[:at].strip(), name[at + 1:-1].strip()
                break
    return Party(name, address="\n".join(lines[1:])), note


def referrals_of(session: Session, complaint: Complaint) -> list[Sanction]:
    return list(session.scalars(select(Sanction).where(
        Sanction.complaint_id == complaint.id, Sanction.kind == SanctionKind.REFERRAL)
        .order_by(Sanction.id)))


def frivolous_vote(ctx: PaperContext) -> BoardVote:
    vote = ctx.session.scalar(select(BoardVote).where(
        BoardVote.complaint_id == ctx.complaint.id, BoardVote.action == BoardAction.FRIVOLOUS,
        BoardVote.carried.is_(True)).order_by(BoardVote.id.desc()).limit(1))
    if vote is None:
        raise UserError(f"The Board has not determined {ctx.complaint.display_number} to be a "
                        "frivolous complaint.",
                        "Record the record vote of § 2-83(f)(6) after the hearing first.")
    return vote


def particulars(ctx: PaperContext) -> str:
    decision = ctx.session.scalar(select(Decision).where(
        Decision.complaint_id == ctx.complaint.id, Decision.kind == DecisionKind.RESOLUTION,
        Decision.disposition == Disposition.FRIVOLOUS).order_by(Decision.id.desc()).limit(1))
    return decision.notes.strip() if decision is not None else ""


def show_cause_hearing(ctx: PaperContext) -> Hearing | None:
    return ctx.session.scalar(select(Hearing).where(
        Hearing.complaint_id == ctx.complaint.id, Hearing.kind == HearingKind.SHOW_CAUSE,
        Hearing.held_on.is_not(None)).order_by(Hearing.held_on.desc(), Hearing.id.desc())
        .limit(1))


def hearing_past(session: Session, complaint: Complaint, now: datetime) -> UserError | None:
    """The notice of an order to show cause gives the date, time and place of a hearing still
    to come (§ 2-83(f)(4)(b)); posted at least 72 hours before it (Gov't Code § 551.043), it is
    no notice once the hearing is held or its time has passed."""
    order = session.scalar(select(ShowCauseOrder).where(
        ShowCauseOrder.complaint_id == complaint.id).order_by(ShowCauseOrder.id.desc()).limit(1))
    if order is None:
        return None  # the builder says no order is recorded
    hearing = session.get(Hearing, order.hearing_id)
    if hearing is None or hearing.scheduled_at is None:
        return None
    if hearing.held_on is None and hearing.scheduled_at > now:
        return None
    return past_hearing(session, complaint, hearing.scheduled_at, "show-cause hearing",
                         "the complainant", "§ 2-83(f)(4)(b)")


def show_cause_order(ctx: PaperContext) -> ShowCauseOrderPaper:
    order = ctx.session.scalar(select(ShowCauseOrder).where(
        ShowCauseOrder.complaint_id == ctx.complaint.id).order_by(ShowCauseOrder.id.desc())
        .limit(1))
    if order is None:
        raise UserError(f"No order to show cause is recorded for {ctx.complaint.display_number}.",
                        "Record the Board's vote and the order first (§ 2-83(f)(2), (f)(4)).")
    vote = ctx.session.get(BoardVote, order.vote_id)
    hearing = ctx.session.get(Hearing, order.hearing_id)
    assert vote is not None and hearing is not None and hearing.scheduled_at is not None
    noted = {f.factor: f.note.strip() for f in order.factors if f.note.strip()}
    return ShowCauseOrderPaper(
        **ctx.common(), ordered_on=order.ordered_on, vote=vote_record(ctx.session, vote),
        explanation=order.explanation,
        factors=tuple(factor_note(f, noted[f]) for f in FrivolousFactor if f in noted),
        factors_not_relied_on=tuple(f.citation for f in FrivolousFactor if f not in noted),
        hearing_at=in_office_time(hearing.scheduled_at, ctx.letterhead.zone),
        place=hearing.place,
        pending=ctx.complaint.state.is_pending)


def frivolous_determination(ctx: PaperContext) -> FrivolousDeterminationPaper:
    vote = frivolous_vote(ctx)
    hearing = show_cause_hearing(ctx)
    sanctions = list(ctx.session.scalars(select(Sanction).where(
        Sanction.complaint_id == ctx.complaint.id).order_by(Sanction.id)))
    factors = sanction_factors(sanctions[-1]) if sanctions else ()
    return FrivolousDeterminationPaper(
        **ctx.common(), determined_on=vote.meeting_on, vote=vote_record(ctx.session, vote),
        particulars=particulars(ctx), hearing_held_on=hearing.held_on if hearing else None,
        sanctions=tuple(sanction_line(s) for s in sanctions), sanction_factors=factors,
        sanctions_imposed_on=max((s.imposed_on for s in sanctions), default=None),
        pending=ctx.complaint.state.is_pending)


def referral(ctx: PaperContext) -> ReferralPaper:
    referrals = referrals_of(ctx.session, ctx.complaint)
    if not referrals:
        raise UserError(f"No referral to an agency is recorded for "
                        f"{ctx.complaint.display_number}.",
                        "Record it with the sanctions first, naming the agency (§ 2-83(g)(3)).")
    referral = referrals[ctx.index]
    vote = frivolous_vote(ctx)
    _, note = agency_of(referral.agency)
    purpose = referral.text.strip() or note
    return ReferralPaper(
        **ctx.common(), referred_on=referral.imposed_on, determined_on=vote.meeting_on,
        vote=vote_record(ctx.session, vote), particulars=particulars(ctx), purpose=purpose,
        perjury="perjur" in f"{referral.agency} {referral.text}".lower(),
        pending=ctx.complaint.state.is_pending,
        chair=board_chair(ctx.session, referral.imposed_on))


def board_chair(session: Session, on: date) -> str:
    """The name of the Chair of the Board serving on ``on`` ("" when none is recorded)."""
    return session.scalar(
        select(BoardMember.name).join(BoardTerm)
        .where(BoardTerm.role == BoardRole.CHAIR, BoardTerm.starts_on <= on,
               (BoardTerm.ends_on.is_(None)) | (BoardTerm.ends_on >= on))
        .order_by(BoardTerm.starts_on.desc()).limit(1)) or ""
