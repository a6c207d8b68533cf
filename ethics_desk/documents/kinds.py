"""Which document applies to a case, to whom it goes, and its preview as PDF bytes (no Qt).

:data:`KINDS` is the table: for each kind, what it is, the states of the case in which it applies
(with the rule that makes it so) and who receives it. :func:`recipients` lists the people a
kind goes to for one case; :func:`render_letter` resolves one copy's data in a single read
session and renders it outside the session. Both refuse, with a :class:`UserError` a clerk can
act on, an unknown case, an unknown kind (listing the kinds) and a kind that does not apply to
the case's state (naming the state and the states where it applies).

Dates the letters print are the deadline engine's: the response and reply due dates and their
explanations are read from the case's stored deadlines, never recomputed here. These are
previews; issuing (frozen bytes with a SHA-256) is ``ethics_desk.documents.issuing``'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.errors import UserError
from ethics_desk.core.parties import respondent_key
from ethics_desk.documents.render.data import (
    Letterhead,
    Party,
    complaint_paper_from_case,
    letterhead_from_settings,
    receipt_paper_from_case,
    unsworn_return_paper_from_case,
)
from ethics_desk.documents.render.letter_data import (
    BallotLine,
    BoardTransmittalPaper,
    CampaignFinanceForwardPaper,
    CertificateOfMailingPaper,
    CureNoticePaper,
    DefectEntry,
    DefectLetterPaper,
    EnvelopePaper,
    FactorNote,
    FilingNoticePaper,
    FrivolousDeterminationPaper,
    LabelsPaper,
    MailedItem,
    ReferralPaper,
    ReplyCopyPaper,
    ResolutionNoticePaper,
    RespondentNoticePaper,
    ResponseCopyPaper,
    ReviewerCopy,
    ReviewerTransmittalPaper,
    SanctionLine,
    ShowCauseOrderPaper,
    VoteRecord,
)
from ethics_desk.models import (
    BoardAction,
    BoardMember,
    BoardRole,
    BoardVote,
    CaseState,
    Complaint,
    Cure,
    Deadline,
    DeadlineStatus,
    Decision,
    DecisionKind,
    DefectItem,
    Disposition,
    Filing,
    FilingKind,
    FrivolousFactor,
    Hearing,
    HearingKind,
    IssuedDocument,
    Mailing,
    Review,
    ReviewDefect,
    ReviewerRole,
    Sanction,
    SanctionFactor,
    SanctionKind,
    ShowCauseOrder,
    VoteChoice,
    in_a_sentence,
)
from ethics_desk.models.board import BoardTerm
from ethics_desk.storage.database import Database

S = CaseState
FILED_STATES = frozenset(S) - {S.DRAFT, S.DISCARDED}
"""Every state of a case that has been filed (a case number assigned)."""


class Audience(StrEnum):
    """Who receives a kind of document."""

    COMPLAINANT = "the complainant"
    RESPONDENTS = "each respondent"
    REVIEWERS = "the Chair, Vice Chair, Compliance Auditor and City Attorney's Office"
    BOARD = "the members of the Ethics Review Board"
    PARTIES = "the complainant and each respondent"
    COMPLAINANT_WITH_COPIES = "the complainant, with a copy to each respondent"
    AGENCY = "the agency named on each referral"
    OFFICE = "the case file"


@dataclass(frozen=True)
class KindRule:
    """One row of :data:`KINDS`: what the document is, when it applies and why, to whom."""

    title: str
    states: frozenset[CaseState]
    citation: str
    audience: Audience


def _rule(title: str, states: set[CaseState] | frozenset[CaseState], citation: str,
          audience: Audience) -> KindRule:
    return KindRule(title, frozenset(states), citation, audience)


KINDS: dict[str, KindRule] = {
    "sworn-complaint": _rule("The sworn complaint as filed", FILED_STATES, "§ 2-83(c)",
                             Audience.OFFICE),
    "receipt": _rule("Filing receipt for the complainant", FILED_STATES, "§ 2-83(a), (c)",
                     Audience.COMPLAINANT),
    "unsworn-return": _rule("Return of an unsworn complaint", {S.FILED, S.RETURNED_UNSWORN},
                            "§ 2-83(c), last paragraph", Audience.COMPLAINANT),
    "reviewer-transmittal": _rule("Confidential transmittal to the reviewers", {S.UNDER_REVIEW},
                                  "§ 2-83(d)(1)", Audience.REVIEWERS),
    "filing-notice": _rule("Notice of filing to a respondent, information only",
                           {S.UNDER_REVIEW}, "§ 2-83(d)(1)", Audience.RESPONDENTS),
    "defect-letter": _rule("Defect letter to the complainant",
                           {S.UNDER_REVIEW, S.RETURNED_DEFECTIVE}, "§ 2-83(d)(3)",
                           Audience.COMPLAINANT),
    "cf-forward": _rule("Campaign-finance complaint forwarded to the respondent",
                        {S.CAMPAIGN_FINANCE}, "§ 2-83(d)(2)", Audience.RESPONDENTS),
    "cf-cure-notice": _rule("Notice of the statement or amended report filed (first class mail)",
                            {S.RESOLVED}, "§ 2-83(d)(2)", Audience.COMPLAINANT),
    "board-transmittal": _rule("Transmittal to the members of the Board",
                               {S.ACCEPTED, S.AWAITING_RESPONSE}, "§ 2-83(d)(3)",
                               Audience.BOARD),
    "respondent-notice": _rule("Notice to a respondent with the (e) items and the response date",
                               {S.AWAITING_RESPONSE, S.RESPONSE_FILED, S.REPLY_FILED},
                               "§ 2-83(d)(3), (e)", Audience.RESPONDENTS),
    "response-copy": _rule("Copy of a response for the complainant, with the reply date",
                           {S.RESPONSE_FILED, S.REPLY_FILED}, "§ 2-83(e)(3)",
                           Audience.COMPLAINANT),
    "reply-copy": _rule("Copy of the complainant's reply for a respondent", {S.REPLY_FILED},
                        "§ 2-83(e)(3)", Audience.RESPONDENTS),
    "show-cause-order": _rule("Notice of an order to show cause, with the hearing's date, time "
                              "and place", {S.SHOW_CAUSE, S.RESOLVED}, "§ 2-83(f)(2), (f)(4)",
                              Audience.COMPLAINANT_WITH_COPIES),
    "frivolous-determination": _rule("Determination of a frivolous complaint, with any "
                                     "sanctions", {S.RESOLVED}, "§ 2-83(f)(6), (g)",
                                     Audience.COMPLAINANT_WITH_COPIES),
    "referral": _rule("Notification of an agency, e.g. for investigation of perjury",
                      {S.RESOLVED}, "§ 2-83(g)(3)", Audience.AGENCY),
    "resolution-notice": _rule("Notice of resolution to a respondent", {S.RESOLVED},
                               "§ 2-83(d)(4)", Audience.RESPONDENTS),
    "envelope": _rule("Envelope, #10, for one recipient", FILED_STATES, "any mailed item",
                      Audience.PARTIES),
    "labels": _rule("Address labels for every party (30 a sheet)", FILED_STATES,
                    "any mailed item", Audience.PARTIES),
    "certificate-of-mailing": _rule("Certificate of mailing, signed by the Clerk", FILED_STATES,
                                    "any mailed item", Audience.OFFICE),
}
"""Kind → what it is, the states where it applies (and the rule), who receives it."""

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
_CASE_NUMBER = re.compile(r"^ERB-\d{4}-\d{3,}$", re.IGNORECASE)


@dataclass(frozen=True)
class Recipient:
    """One person a kind goes to for a case: the party as printed, and which one they are."""

    party: Party
    role: str
    respondent_id: int | None = None

    @property
    def name(self) -> str:
        """The recipient's name."""
        return self.party.name


def kinds() -> list[tuple[str, str]]:
    """Each kind with what it is, where it applies and to whom, for ``letter --list``."""
    return [(kind, f"{rule.title} ({rule.citation}) — to {rule.audience.value}")
            for kind, rule in KINDS.items()]


def rule_for(kind: str) -> KindRule:
    """The row of ``kind``; an unknown kind is a :class:`UserError` listing the kinds."""
    try:
        return KINDS[kind]
    except KeyError:
        raise UserError(f"There is no document called “{kind}”.",
                        "Choose one of: " + ", ".join(KINDS) + ".") from None


def find_case(database: Database, reference: str) -> int:
    """The id of the case numbered ``reference`` (``ERB-2026-001``) or of draft ``reference``."""
    text = reference.strip()
    with database.read_session() as session:
        if _CASE_NUMBER.match(text):
            found = session.scalar(select(Complaint.id).where(
                Complaint.case_number == text.upper()))
        elif text.isdigit():
            found = session.scalar(select(Complaint.id).where(Complaint.id == int(text)))
        else:
            raise UserError(f"“{reference}” is not a case number or a draft number.",
                            "Give a case number such as ERB-2026-001, or a draft's number.")
    if found is None:
        raise UserError(f"There is no case {text}.", "Check the number in the inbox.")
    return found


def recipients(database: Database, case_id: int, kind: str) -> list[Recipient]:
    """Whom ``kind`` goes to for this case, in order (the index :func:`render_letter` takes)."""
    rule = rule_for(kind)
    with database.read_session() as session:
        complaint = _case(session, case_id)
        _check_state(complaint, kind, rule)
        return _recipients(session, complaint, kind, rule)


def render_letter(database: Database, case_id: int, kind: str, *, recipient_index: int = 0,
                  today: date) -> bytes:
    """A preview of ``kind`` for the case's ``recipient_index``-th recipient, as PDF bytes."""
    from ethics_desk.documents.render.registry import renderer_for

    rule = rule_for(kind)
    with database.read_session() as session:
        complaint = _case(session, case_id)
        _check_state(complaint, kind, rule)
        people = _recipients(session, complaint, kind, rule)
        if not 0 <= recipient_index < len(people):
            raise UserError(f"The {kind} of {complaint.display_number} has {len(people)} "
                            f"recipient(s); there is no number {recipient_index + 1}.",
                            "Choose one of the recipients listed.")
        paper = _PAPERS[kind](_Context(session, complaint, letterhead_from_settings(session),
                                       people, recipient_index, today))
    return renderer_for(kind)().render(paper)


# -- resolving ----------------------------------------------------------------------------------


def _case(session: Session, case_id: int) -> Complaint:
    complaint = session.get(Complaint, case_id)
    if complaint is None:
        raise UserError(f"There is no complaint with id {case_id}.", "Refresh the list.")
    return complaint


def _check_state(complaint: Complaint, kind: str, rule: KindRule) -> None:
    if complaint.state not in rule.states:
        where = ", ".join(s.label for s in CaseState if s in rule.states)
        raise UserError(
            f"The {kind} ({rule.citation}) does not apply to {complaint.display_number}, which "
            f"is “{complaint.state.label}”.", f"It applies to a case that is: {where}.")


def party_of(person: Any) -> Party:
    """A complainant or respondent of the case as the papers address them."""
    return Party(name=person.name, title=getattr(person, "title", ""),
                 department=getattr(person, "department", ""), address=person.address,
                 phone=getattr(person, "phone", ""), email=person.email)


def _complainant(complaint: Complaint) -> Party:
    return party_of(complaint.complainants[0]) if complaint.complainants else Party(name="")


def _recipients(session: Session, complaint: Complaint, kind: str,
                rule: KindRule) -> list[Recipient]:
    complainant = Recipient(_complainant(complaint), "complainant")
    respondents = [Recipient(party_of(r), "respondent", r.id) for r in complaint.respondents]
    if kind == "response-copy":
        responses = _filings(session, complaint, FilingKind.RESPONSE)
        return [Recipient(complainant.party, "complainant", f.respondent_id) for f in responses]
    if rule.audience is Audience.COMPLAINANT:
        return [complainant]
    if rule.audience is Audience.RESPONDENTS:
        return respondents
    if rule.audience in (Audience.PARTIES, Audience.COMPLAINANT_WITH_COPIES):
        return [complainant, *respondents]
    if rule.audience is Audience.AGENCY:
        return [Recipient(_agency(s.agency)[0], "agency") for s in _referrals(session, complaint)]
    if rule.audience is Audience.REVIEWERS:
        return [Recipient(Party(role.label), role.value) for role in ReviewerRole]
    if rule.audience is Audience.BOARD:
        return [Recipient(Party("Members of the Ethics Review Board"), "board")]
    return [Recipient(Party("Case file"), "office")]


@dataclass
class _Context:
    """What a paper builder reads: the session, the case, the office, the recipient, today."""

    session: Session
    complaint: Complaint
    letterhead: Letterhead
    people: list[Recipient]
    index: int
    today: date

    @property
    def recipient(self) -> Recipient:
        """The recipient of this copy."""
        return self.people[self.index]

    def common(self) -> dict[str, Any]:
        """The fields every :class:`CaseLetter` has."""
        c = self.complaint
        assert c.received_at is not None and c.case_number is not None
        return {"letterhead": self.letterhead, "case_number": c.case_number,
                "issued_on": self.today, "recipient": self.recipient.party,
                "complainant": _complainant(c),
                "respondents": tuple(party_of(r) for r in c.respondents),
                "filed_on": c.received_at.astimezone().date(), "nature": c.nature.strip(),
                "provisions": tuple(dict.fromkeys(a.provision.citation for a in c.allegations
                                                  if a.provision is not None))}


def _filings(session: Session, complaint: Complaint, kind: FilingKind) -> list[Filing]:
    return list(session.scalars(select(Filing).where(
        Filing.complaint_id == complaint.id, Filing.kind == kind).order_by(Filing.id)))


def _deadline(session: Session, complaint: Complaint, clock: str,
              subject: str | None = None) -> Deadline | None:
    """The case's latest deadline of ``clock`` (for ``subject``), a cancelled one last."""
    query = select(Deadline).where(Deadline.complaint_id == complaint.id, Deadline.clock == clock)
    if subject is not None:
        query = query.where(Deadline.subject == subject)
    found = list(session.scalars(query.order_by(Deadline.id.desc())))
    live = [d for d in found if d.status is not DeadlineStatus.CANCELLED]
    return (live or found)[0] if found else None


def _latest_decision(session: Session, complaint: Complaint,
                     kind: DecisionKind) -> Decision | None:
    return session.scalar(select(Decision).where(
        Decision.complaint_id == complaint.id, Decision.kind == kind)
        .order_by(Decision.id.desc()).limit(1))


def _sworn_complaint(ctx: _Context) -> Any:
    return complaint_paper_from_case(ctx.complaint, ctx.letterhead)


def _receipt(ctx: _Context) -> Any:
    return receipt_paper_from_case(ctx.complaint, ctx.letterhead)


def _unsworn_return(ctx: _Context) -> Any:
    return unsworn_return_paper_from_case(ctx.complaint, ctx.letterhead, ctx.today)


def _reviewer_transmittal(ctx: _Context) -> ReviewerTransmittalPaper:
    reviews = {r.role: r for r in ctx.session.scalars(
        select(Review).where(Review.complaint_id == ctx.complaint.id))}
    copies = []
    for role in ReviewerRole:
        review = reviews.get(role)
        due = _deadline(ctx.session, ctx.complaint, "review", role.value)
        copies.append(ReviewerCopy(role.label, review.reviewer_name if review else "",
                                   review.received_on if review else None,
                                   due.due_on if due else None))
    received = [c.received_on for c in copies if c.received_on]
    return ReviewerTransmittalPaper(**ctx.common(), reviewers=tuple(copies),
                                    forwarded_on=min(received) if received else ctx.today)


def _filing_notice(ctx: _Context) -> FilingNoticePaper:
    return FilingNoticePaper(**ctx.common())


def _defect_letter(ctx: _Context) -> DefectLetterPaper:
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
    defects = tuple(DefectEntry(item.citation, item.label, " ".join(notes[item]))
                    for item in DefectItem if item in notes)
    return DefectLetterPaper(**ctx.common(), defects=defects)


def _cf_forward(ctx: _Context) -> CampaignFinanceForwardPaper:
    decision = _latest_decision(ctx.session, ctx.complaint, DecisionKind.FORWARD_CAMPAIGN_FINANCE)
    return CampaignFinanceForwardPaper(**ctx.common(),
                                       forwarded_on=decision.decided_on if decision else ctx.today)


def _cf_cure_notice(ctx: _Context) -> CureNoticePaper:
    cure = ctx.session.scalar(select(Cure).where(Cure.complaint_id == ctx.complaint.id)
                              .order_by(Cure.id.desc()).limit(1))
    if cure is None:
        raise UserError(f"No statement or amended report is recorded for "
                        f"{ctx.complaint.display_number}.",
                        "The notice of § 2-83(d)(2) follows a cure recorded and verified by the "
                        "City Clerk.")
    return CureNoticePaper(**ctx.common(), cure="the " + in_a_sentence(cure.kind.label),
                           cure_filed_on=cure.filed_on,
                           verified_by=cure.verified_by, verified_on=cure.verified_on)


def _board_members(session: Session, today: date) -> tuple[str, ...]:
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


def _board_transmittal(ctx: _Context) -> BoardTransmittalPaper:
    first = _deadline(ctx.session, ctx.complaint, "response")
    forwarded = (first.trigger_mailed_on or first.trigger_on) if first else ctx.today
    return BoardTransmittalPaper(**ctx.common(), members=_board_members(ctx.session, ctx.today),
                                 forwarded_on=forwarded)


def _respondent_notice(ctx: _Context) -> RespondentNoticePaper:
    respondent = ctx.recipient
    due = None if respondent.respondent_id is None else _deadline(
        ctx.session, ctx.complaint, "response", respondent_key(respondent.respondent_id))
    if due is None:
        raise UserError(f"No response deadline is recorded for {respondent.name} in "
                        f"{ctx.complaint.display_number}.",
                        "Forward the complaint to the Board and the respondents first "
                        "(§ 2-83(d)(3), (e)).")
    attachments = tuple(dict.fromkeys(item.attachment.file_name
                                      for item in ctx.complaint.documents if item.attachment))
    return RespondentNoticePaper(**ctx.common(),
                                 forwarded_on=due.trigger_mailed_on or due.trigger_on,
                                 response_due=due.due_on, response_explanation=due.explanation,
                                 attachments=attachments)


def _response_copy(ctx: _Context) -> ResponseCopyPaper:
    responses = _filings(ctx.session, ctx.complaint, FilingKind.RESPONSE)
    response = responses[ctx.index]
    due = None if response.respondent_id is None else _deadline(
        ctx.session, ctx.complaint, "reply", respondent_key(response.respondent_id))
    return ResponseCopyPaper(**ctx.common(), responding=response.party_name,
                             response_received_on=response.received_on,
                             reply_due=due.due_on if due else None,
                             reply_explanation=due.explanation if due else "")


def _reply_copy(ctx: _Context) -> ReplyCopyPaper:
    replies = _filings(ctx.session, ctx.complaint, FilingKind.REPLY)
    if not replies:
        raise UserError(f"No reply is recorded for {ctx.complaint.display_number}.",
                        "Record the complainant's sworn reply first (§ 2-83(e)(3)).")
    return ReplyCopyPaper(**ctx.common(), reply_received_on=replies[-1].received_on)


def _resolution_notice(ctx: _Context) -> ResolutionNoticePaper:
    decision = _latest_decision(ctx.session, ctx.complaint, DecisionKind.RESOLUTION)
    if decision is None or decision.disposition is None:
        raise UserError(f"No resolution is recorded for {ctx.complaint.display_number}.",
                        "Record the resolution first (§ 2-83(d)(4)).")
    return ResolutionNoticePaper(**ctx.common(), disposition=DISPOSITIONS[decision.disposition],
                                 decided_on=decision.decided_on, notes=decision.notes)


def _envelope(ctx: _Context) -> EnvelopePaper:
    return EnvelopePaper(ctx.letterhead, ctx.complaint.case_number or "", ctx.recipient.party)


def _labels(ctx: _Context) -> LabelsPaper:
    return LabelsPaper(ctx.letterhead, ctx.complaint.case_number or "",
                       tuple(p.party for p in ctx.people))


def _certificate(ctx: _Context) -> CertificateOfMailingPaper:
    rows = ctx.session.execute(
        select(Mailing, IssuedDocument.kind).outerjoin(IssuedDocument)
        .where(Mailing.complaint_id == ctx.complaint.id, Mailing.mailed_on.is_not(None))
        .order_by(Mailing.mailed_on, Mailing.id)).all()
    if not rows:
        raise UserError(f"Nothing has been mailed in {ctx.complaint.display_number} yet.",
                        "Record the mailing in the mail ledger first.")
    items = tuple(MailedItem(
        document=KINDS[kind].title if kind in KINDS else (kind or "Correspondence"),
        recipient=Party(mailing.recipient_name, address=mailing.address),
        method=mailing.method.label, mailed_on=mailing.mailed_on or ctx.today,
        tracking_number=mailing.tracking_number) for mailing, kind in rows)
    return CertificateOfMailingPaper(ctx.letterhead, ctx.complaint.case_number or "", items,
                                     certified_on=ctx.today)


# -- the Board's papers (§ 2-83(f), (g)) ----------------------------------------------------------

VOTE_WORDS = {VoteChoice.YES: "yes", VoteChoice.NO: "no", VoteChoice.ABSTAIN: "abstained",
              VoteChoice.RECUSED: "recused"}
def vote_record(vote: BoardVote) -> VoteRecord:
    """A stored Board vote as a paper prints it."""
    return VoteRecord(meeting_on=vote.meeting_on, summary=vote.summary, carried=vote.carried,
                      is_record_vote=vote.is_record_vote,
                      ballots=tuple(BallotLine(b.member_name, VOTE_WORDS[b.choice])
                                    for b in vote.ballots))


def dollars(cents: int | None) -> str:
    """"$350.00"."""
    return f"${(cents or 0) / 100:,.2f}"


def sanction_line(sanction: Sanction) -> SanctionLine:
    """A sanction as the determination lists it: citation, kind, amount or words."""
    citation, label = sanction.kind.citation, sanction.kind.label
    if sanction.kind in (SanctionKind.CIVIL_PENALTY, SanctionKind.ATTORNEYS_FEES):
        detail = dollars(sanction.amount_cents)
    elif sanction.kind is SanctionKind.REFERRAL:
        detail = " — ".join(x for x in (_agency(sanction.agency)[0].name, sanction.text.strip())
                            if x)
    else:
        detail = sanction.text.strip()
    return SanctionLine(citation, label, detail)


def factor_note(factor: FrivolousFactor | SanctionFactor, note: str) -> FactorNote:
    """A factor the Board weighed as a letter prints it: its citation, the statute's words (the
    factor's own label), the note."""
    return FactorNote(factor.citation, in_a_sentence(factor.label), note)


def sanction_factors(sanction: Sanction) -> tuple[FactorNote, ...]:
    """The (g)(1) notes stored with a sanction, in the statute's order."""
    noted = {n.factor: n.note.strip() for n in sanction.factors if n.note.strip()}
    return tuple(factor_note(f, noted[f]) for f in SanctionFactor if f in noted)


def _agency(text: str) -> tuple[Party, str]:
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


def _referrals(session: Session, complaint: Complaint) -> list[Sanction]:
    return list(session.scalars(select(Sanction).where(
        Sanction.complaint_id == complaint.id, Sanction.kind == SanctionKind.REFERRAL)
        .order_by(Sanction.id)))


def _frivolous_vote(ctx: _Context) -> BoardVote:
    vote = ctx.session.scalar(select(BoardVote).where(
        BoardVote.complaint_id == ctx.complaint.id, BoardVote.action == BoardAction.FRIVOLOUS,
        BoardVote.carried.is_(True)).order_by(BoardVote.id.desc()).limit(1))
    if vote is None:
        raise UserError(f"The Board has not determined {ctx.complaint.display_number} to be a "
                        "frivolous complaint.",
                        "Record the record vote of § 2-83(f)(6) after the hearing first.")
    return vote


def _particulars(ctx: _Context) -> str:
    decision = ctx.session.scalar(select(Decision).where(
        Decision.complaint_id == ctx.complaint.id, Decision.kind == DecisionKind.RESOLUTION,
        Decision.disposition == Disposition.FRIVOLOUS).order_by(Decision.id.desc()).limit(1))
    return decision.notes.strip() if decision is not None else ""


def _show_cause_hearing(ctx: _Context) -> Hearing | None:
    return ctx.session.scalar(select(Hearing).where(
        Hearing.complaint_id == ctx.complaint.id, Hearing.kind == HearingKind.SHOW_CAUSE,
        Hearing.held_on.is_not(None)).order_by(Hearing.held_on.desc(), Hearing.id.desc())
        .limit(1))


def _show_cause_order(ctx: _Context) -> ShowCauseOrderPaper:
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
        **ctx.common(), ordered_on=order.ordered_on, vote=vote_record(vote),
        explanation=order.explanation,
        factors=tuple(factor_note(f, noted[f]) for f in FrivolousFactor if f in noted),
        factors_not_relied_on=tuple(f.citation for f in FrivolousFactor if f not in noted),
        hearing_at=hearing.scheduled_at.astimezone(), place=hearing.place,
        pending=ctx.complaint.state.is_pending)


def _frivolous_determination(ctx: _Context) -> FrivolousDeterminationPaper:
    vote = _frivolous_vote(ctx)
    hearing = _show_cause_hearing(ctx)
    sanctions = list(ctx.session.scalars(select(Sanction).where(
        Sanction.complaint_id == ctx.complaint.id).order_by(Sanction.id)))
    factors = sanction_factors(sanctions[-1]) if sanctions else ()
    return FrivolousDeterminationPaper(
        **ctx.common(), determined_on=vote.meeting_on, vote=vote_record(vote),
        particulars=_particulars(ctx), hearing_held_on=hearing.held_on if hearing else None,
        sanctions=tuple(sanction_line(s) for s in sanctions), sanction_factors=factors,
        sanctions_imposed_on=max((s.imposed_on for s in sanctions), default=None),
        pending=ctx.complaint.state.is_pending)


def _referral(ctx: _Context) -> ReferralPaper:
    referrals = _referrals(ctx.session, ctx.complaint)
    if not referrals:
        raise UserError(f"No referral to an agency is recorded for "
                        f"{ctx.complaint.display_number}.",
                        "Record it with the sanctions first, naming the agency (§ 2-83(g)(3)).")
    referral = referrals[ctx.index]
    vote = _frivolous_vote(ctx)
    _, note = _agency(referral.agency)
    purpose = referral.text.strip() or note
    return ReferralPaper(
        **ctx.common(), referred_on=referral.imposed_on, determined_on=vote.meeting_on,
        vote=vote_record(vote), particulars=_particulars(ctx), purpose=purpose,
        perjury="perjur" in f"{referral.agency} {referral.text}".lower(),
        pending=ctx.complaint.state.is_pending)


_PAPERS: dict[str, Callable[[_Context], Any]] = {
    "sworn-complaint": _sworn_complaint,
    "receipt": _receipt,
    "unsworn-return": _unsworn_return,
    "reviewer-transmittal": _reviewer_transmittal,
    "filing-notice": _filing_notice,
    "defect-letter": _defect_letter,
    "cf-forward": _cf_forward,
    "cf-cure-notice": _cf_cure_notice,
    "board-transmittal": _board_transmittal,
    "respondent-notice": _respondent_notice,
    "response-copy": _response_copy,
    "reply-copy": _reply_copy,
    "show-cause-order": _show_cause_order,
    "frivolous-determination": _frivolous_determination,
    "referral": _referral,
    "resolution-notice": _resolution_notice,
    "envelope": _envelope,
    "labels": _labels,
    "certificate-of-mailing": _certificate,
}
assert set(_PAPERS) == set(KINDS), "every kind resolves its paper"
