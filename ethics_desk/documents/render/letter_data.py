"""What the letters after filing show (§ 2-83(d), (e)), resolved into frozen data before rendering.

Like :mod:`ethics_desk.documents.render.data`, nothing here touches a session:
``ethics_desk.documents.kinds`` reads the case and the office settings and builds one of these;
the renderers in :mod:`ethics_desk.documents.render.letters` and
:mod:`ethics_desk.documents.render.mailing` lay them out. Every letter shares :class:`CaseLetter`
(the office, the case, the date of the letter and to whom it goes); each kind adds what only it
shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from ethics_desk.core.vocabulary import CureKind, SanctionKind, VoteChoice
from ethics_desk.core.vote_count import VoteResult
from ethics_desk.documents.render.data import Letterhead, Party


@dataclass(frozen=True, kw_only=True)
class CaseLetter:
    """What every letter about a filed case shows: the office, the case, the date, the parties."""

    letterhead: Letterhead
    case_number: str
    issued_on: date
    recipient: Party
    """To whom this copy goes (printed in the envelope window of a mailed letter)."""
    complainant: Party
    respondents: tuple[Party, ...]
    filed_on: date
    nature: str = ""
    provisions: tuple[str, ...] = ()
    replaces_issued_on: date | None = None
    """A corrected reissue: the day the copy it replaces was issued (said under the title)."""


@dataclass(frozen=True)
class ReviewerCopy:
    """One of the four independent reviewers of § 2-83(d)(1): who, received when, due when."""

    role: str
    name: str
    received_on: date | None = None
    due_on: date | None = None


@dataclass(frozen=True, kw_only=True)
class ReviewerTransmittalPaper(CaseLetter):
    """The confidential transmittal of the complaint to the four reviewers (§ 2-83(d)(1))."""

    forwarded_on: date
    reviewers: tuple[ReviewerCopy, ...]


@dataclass(frozen=True, kw_only=True)
class FilingNoticePaper(CaseLetter):
    """The information-only notice to a respondent that a complaint was filed (§ 2-83(d)(1))."""


@dataclass(frozen=True)
class DefectEntry:
    """A defect the reviewers found, keyed to its (c) item: citation, requirement, their note."""

    citation: str
    requirement: str
    note: str = ""
    item: str = ""
    """The (c) item's stored name (``c1`` …): a template may word the requirement itself."""


@dataclass(frozen=True, kw_only=True)
class DefectLetterPaper(CaseLetter):
    """The letter returning a complaint that does not substantially comply (§ 2-83(d)(3)):
    the Compliance Auditor returns it, so the Compliance Auditor signs it."""

    defects: tuple[DefectEntry, ...]
    auditor_name: str = ""
    """The Compliance Auditor's name as their review records it ("" when none is recorded)."""


@dataclass(frozen=True, kw_only=True)
class CampaignFinanceForwardPaper(CaseLetter):
    """The forward of a §§ 2-306/2-307 complaint to the respondent (§ 2-83(d)(2))."""

    forwarded_on: date


@dataclass(frozen=True, kw_only=True)
class CureNoticePaper(CaseLetter):
    """The first-class notice to the complainant that the cure was filed (§ 2-83(d)(2))."""

    cure: str
    """What was filed, in words: "the campaign bank account statement", "the amended report"."""
    cure_filed_on: date
    verified_by: str
    verified_on: date
    cure_kind: CureKind | None = None
    """What was filed, which a notice in Spanish words in Spanish (:meth:`Words.cure`)."""


@dataclass(frozen=True, kw_only=True)
class BoardTransmittalPaper(CaseLetter):
    """The transmittal of an accepted complaint to the members of the Board (§ 2-83(d)(3))."""

    members: tuple[str, ...]
    forwarded_on: date


@dataclass(frozen=True)
class DueBasis:
    """What a due date printed for the public is counted from, for the plain sentence that
    states it (the engine's full explanation stays on the screens and the Board packet)."""

    counted_from: date
    """The day the clock started: the recipient's receipt, recorded or presumed."""
    presumed: bool = False
    """Whether no receipt was recorded, so the receipt is presumed from the mailing."""
    mailed_on: date | None = None


@dataclass(frozen=True)
class ForwardedResponse:
    """A sworn response as the transmittal of § 2-83(e), last paragraph, lists it."""

    responding: str
    received_on: date
    forwarded_on: date | None = None
    """When this copy's recipient was sent it (None: not yet recorded)."""


@dataclass(frozen=True, kw_only=True)
class ResponseTransmittalPaper(CaseLetter):
    """The City Clerk's transmittal of the sworn responses, upon receipt, to the Compliance
    Auditor, the City Attorney's Office or the Ethics Review Board (§ 2-83(e), last ¶)."""

    responses: tuple[ForwardedResponse, ...]


@dataclass(frozen=True, kw_only=True)
class RespondentNoticePaper(CaseLetter):
    """The (e) notice: the five items, the response due date and how it was found, enclosures."""

    forwarded_on: date
    response_due: date
    response_explanation: str
    """The deadline engine's own explanation of the due date, as stored with the deadline (kept
    with the data; the letter states the date and its rule in plain words from ``response_basis``)."""
    response_basis: DueBasis | None = None
    attachments: tuple[str, ...] = ()
    """The files filed with the complaint (c)(7), enclosed with it."""
    code_enclosed: bool = True
    """Whether the office's Ethics Code is enclosed with the notice (§ 2-83(e): the respondent
    "shall also be provided with a copy of the Ethics Code"); when it is not, the notice says
    how it was provided (:attr:`code_provided`) and lists no Code among its enclosures."""
    code_provided: CodeProvided | None = None
    """How the Code was provided, when it is not enclosed; None with no Code enclosed: a
    preview that cannot be issued, saying so."""


@dataclass(frozen=True)
class CodeProvided:
    """How the respondent was provided with the Ethics Code other than enclosed with the (e)
    notice, as the Clerk records it when issuing: the day and the way ("handed over at the
    counter", "link e-mailed to the respondent")."""

    on: date
    way: str


@dataclass(frozen=True, kw_only=True)
class ResponseCopyPaper(CaseLetter):
    """A copy of a respondent's sworn response for the complainant, with the reply date (e)(3)."""

    responding: str
    response_received_on: date
    reply_due: date | None = None
    reply_explanation: str = ""
    reply_basis: DueBasis | None = None


@dataclass(frozen=True, kw_only=True)
class ReplyCopyPaper(CaseLetter):
    """A copy of the complainant's sworn reply for a respondent (§ 2-83(e)(3))."""

    reply_received_on: date


@dataclass(frozen=True, kw_only=True)
class HearingNoticePaper(CaseLetter):
    """The notice to the complainant and to each respondent of the hearing a party requested
    (§ 2-83(e)(4)): its date, time and place, and who asked for it. The hearing is a meeting
    of the Board, whose notice is posted at least 72 hours before it (Gov't Code § 551.043)."""

    hearing_at: datetime
    """The hearing's date and time, in the office's time zone."""
    place: str
    requested_by: str
    """The name of the party who asked for the hearing."""
    requested_role: str
    """Which party asked: ``complainant`` or ``respondent`` (a :class:`PartyRole` value)."""
    requested_on: date
    pending: bool = True
    """Whether the complaint is still pending (then every page is marked under § 2-83(h))."""


@dataclass(frozen=True, kw_only=True)
class ResolutionNoticePaper(CaseLetter):
    """The notice to a respondent of the resolution of the complaint (§ 2-83(d)(4))."""

    disposition: str
    """How the complaint was resolved, in words."""
    decided_on: date
    notes: str = ""
    outcome: str = ""
    """The disposition's stored name (``dismissed`` …): a template may word it itself."""


# -- the Board's papers: show cause, frivolous determination, referral (§ 2-83(f), (g)) ----------


@dataclass(frozen=True)
class BallotLine:
    """One member present and how they voted, as a record vote prints it."""

    member: str
    vote: str
    """In words: "yes", "no", "abstained", "recused"."""
    choice: VoteChoice | None = None
    """The ballot itself, which a paper in Spanish words in Spanish (:meth:`Words.ballot`)."""


@dataclass(frozen=True)
class VoteRecord:
    """A Board vote as a paper states it: the meeting, the two-thirds arithmetic in words, the
    ballots (printed with each member's name when it was a record vote)."""

    meeting_on: date
    summary: str
    """``ethics_desk.board.votes``' words: those present, the quorum, the recused, the yes votes
    needed and cast ("Present: 7 of the 11 members serving; recused: 0; quorum: 6 …; needed: at
    least 5 yes votes …; cast: 5 yes, 2 no, 0 abstaining — carried")."""
    carried: bool
    is_record_vote: bool
    ballots: tuple[BallotLine, ...] = ()
    tally: VoteResult | None = None
    """The count of the ballots by the action's rule, which a paper in Spanish states in
    Spanish (:meth:`Words.tally`); the English paper prints :attr:`summary` as recorded."""


@dataclass(frozen=True)
class FactorNote:
    """A factor the Board weighed, with its citation, its words in the statute and the note."""

    citation: str
    factor: str
    note: str


@dataclass(frozen=True, kw_only=True)
class ShowCauseOrderPaper(CaseLetter):
    """The (f)(4) notice of an order to show cause: to the complainant, a copy to each
    respondent; the explanation by the (f)(3) factors, and the hearing's date, time and place."""

    ordered_on: date
    vote: VoteRecord
    explanation: str
    factors: tuple[FactorNote, ...]
    """The (f)(3) factors the order relies on, each with the clerk's note, in statute order."""
    factors_not_relied_on: tuple[str, ...] = ()
    """The citations of the (f)(3) factors with no note ("§ 2-83(f)(3)(c)")."""
    hearing_at: datetime
    """The hearing's date and time, in the office's time zone."""
    place: str
    pending: bool = True
    """Whether the complaint is still pending (then every page is marked under § 2-83(h))."""


@dataclass(frozen=True)
class SanctionLine:
    """A sanction of (g)(2), or the (g)(3) notification of an agency, as a paper lists it."""

    citation: str
    label: str
    detail: str
    kind: SanctionKind | None = None
    """The sanction itself, which a paper in Spanish names in Spanish (:meth:`Words.sanction`)."""
    amount: str = ""
    """A penalty's or fees' amount ("$350.00"), which a paper in Spanish states with
    :attr:`pay_by` in its own words; empty for another sanction (its words are typed)."""
    pay_by: date | None = None


@dataclass(frozen=True, kw_only=True)
class FrivolousDeterminationPaper(CaseLetter):
    """The (f)(6) determination: to the complainant, a copy to each respondent; the record vote
    member by member, the particulars, and any (g) sanctions with the (g)(1) factors weighed."""

    determined_on: date
    vote: VoteRecord
    particulars: str
    hearing_held_on: date | None = None
    sanctions: tuple[SanctionLine, ...] = ()
    sanction_factors: tuple[FactorNote, ...] = ()
    sanctions_imposed_on: date | None = None
    pending: bool = False


@dataclass(frozen=True, kw_only=True)
class ReferralPaper(CaseLetter):
    """The (g)(3) notification of a regulatory, supervisory, investigative or prosecuting agency,
    addressed to the agency (``recipient``) named on the referral."""

    referred_on: date
    determined_on: date
    vote: VoteRecord
    particulars: str
    purpose: str = ""
    """What the Board asks, in its words (e.g. "investigation of perjury"); may be empty."""
    perjury: bool = False
    """Whether the referral is for investigation of perjury (the (g)(3) paragraph is printed)."""
    pending: bool = False
    chair: str = ""
    """The Chair of the Board serving on the day of the referral, who signs it for the Board:
    the notification is the Board's (§ 2-83(g)(3), "The Board may notify"), not the Clerk's.
    Empty when no Chair is recorded for that day (the line is left to sign and name by hand)."""


# -- mailing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EnvelopePaper:
    """A #10 envelope: the office's return address and the recipient's address.

    ``window``: the address is printed where a standard #10 window would show it (so the same
    layout serves a window envelope's position); otherwise it is printed in the usual place for
    an address on a plain envelope.
    """

    letterhead: Letterhead
    case_number: str
    recipient: Party
    window: bool = False


@dataclass(frozen=True)
class LabelsPaper:
    """A sheet of 30 address labels (1" × 2-5/8", Avery 5160 layout), filled in order."""

    letterhead: Letterhead
    case_number: str
    recipients: tuple[Party, ...]
    skip: int = 0
    """Labels already used on the sheet, left blank at the start."""


@dataclass(frozen=True)
class MailedItem:
    """One entry of a certificate of mailing: what went to whom, how and when."""

    document: str
    recipient: Party
    method: str
    mailed_on: date
    tracking_number: str = ""
    note: str = ""
    """What the record says against the method, printed under it: a paper the statute sends
    one way only recorded (before the ledger checked it) as sent another."""


@dataclass(frozen=True)
class CertificateOfMailingPaper:
    """The Clerk's certificate of what was mailed to whom, how and when."""

    letterhead: Letterhead
    case_number: str
    items: tuple[MailedItem, ...]
    certified_on: date


# -- the Board's findings and opinion (§§ 2-85(c), 2-87(a)) ---------------------------------------


@dataclass(frozen=True)
class NoticedRule:
    """A provision not alleged in the complaint of which a respondent is given notice
    (§ 2-85(c)): its citation, the day the notice was given, the last day to respond."""

    citation: str
    given_on: date
    respond_by: date | None = None


@dataclass(frozen=True, kw_only=True)
class RuleNoticePaper(CaseLetter):
    """The written notice to a respondent of rules the complaint did not allege (§ 2-85(c)):
    before the Board finds a violation of one, the respondent has ten business days to respond."""

    noticed: tuple[NoticedRule, ...]
    pending: bool = True


@dataclass(frozen=True)
class FindingLine:
    """A provision the Board found a respondent violated (§ 2-85(b)); ``noticed_on``: for a
    rule not alleged in the complaint, the day its notice was given (§ 2-85(c))."""

    respondent: str
    citation: str
    noticed_on: date | None = None


@dataclass(frozen=True, kw_only=True)
class WrittenOpinionPaper(CaseLetter):
    """The Board's written opinion on a complaint it decided on the merits (§ 2-87(a)): the
    disposition, the vote, the provisions found violated, the Board's reasons as recorded, and
    the copies the section requires."""

    disposition: str
    outcome: str
    """The disposition's stored name (``dismissed`` …): a template may word it itself."""
    decided_on: date
    reasons: str
    vote: VoteRecord | None = None
    findings: tuple[FindingLine, ...] = ()
    not_taking_part: tuple[str, ...] = ()
    """The Board members serving on the day of the decision who did not take part in it."""
    opinion_due: date | None = None
    """The 90th calendar day after filing, plus any time granted to the respondent."""
