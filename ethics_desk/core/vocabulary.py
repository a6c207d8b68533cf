"""The closed vocabularies of § 2-83, stored as their string values.

Plain enums with no database code, so that the first screen can use them before the ORM is
loaded; :mod:`ethics_desk.models` re-exports them as part of the model API.
"""

from __future__ import annotations

from enum import StrEnum


class CaseState(StrEnum):
    """Where a complaint stands in the § 2-83 process (design § 2)."""

    DRAFT = "draft"
    FILED = "filed"
    RETURNED_UNSWORN = "returned_unsworn"
    UNDER_REVIEW = "under_review"
    RETURNED_DEFECTIVE = "returned_defective"
    CAMPAIGN_FINANCE = "campaign_finance"
    ACCEPTED = "accepted"
    AWAITING_RESPONSE = "awaiting_response"
    RESPONSE_FILED = "response_filed"
    REPLY_FILED = "reply_filed"
    SHOW_CAUSE = "show_cause"
    RESOLVED = "resolved"
    DISCARDED = "discarded"

    @property
    def label(self) -> str:
        """The state as a clerk reads it."""
        return _STATE_LABELS[self]

    @property
    def is_pending(self) -> bool:
        """Pending for § 2-83(h): filed and not yet finally disposed of."""
        return self not in _NOT_PENDING


_STATE_LABELS = {
    CaseState.DRAFT: "Draft (not filed)",
    CaseState.FILED: "Filed",
    CaseState.RETURNED_UNSWORN: "Returned — not sworn",
    CaseState.UNDER_REVIEW: "Under review",
    CaseState.RETURNED_DEFECTIVE: "Returned — defective",
    CaseState.CAMPAIGN_FINANCE: "Campaign finance — forwarded",
    CaseState.ACCEPTED: "Accepted",
    CaseState.AWAITING_RESPONSE: "Awaiting response",
    CaseState.RESPONSE_FILED: "Response filed",
    CaseState.REPLY_FILED: "Reply filed",
    CaseState.SHOW_CAUSE: "Show cause",
    CaseState.RESOLVED: "Resolved",
    CaseState.DISCARDED: "Discarded draft",
}
_NOT_PENDING = {CaseState.DRAFT, CaseState.DISCARDED, CaseState.RETURNED_UNSWORN,
                CaseState.RETURNED_DEFECTIVE, CaseState.RESOLVED}


class Route(StrEnum):
    """Which track of § 2-83(d) a complaint takes."""

    ETHICS_CODE = "ethics_code"  # (d)(3)
    CAMPAIGN_FINANCE = "campaign_finance"  # (d)(2): §§ 2-306 / 2-307

    @property
    def label(self) -> str:
        """The route as a clerk reads it."""
        return "Ethics Code" if self is Route.ETHICS_CODE else "Campaign finance (§§ 2-306/2-307)"


class Affirmation(StrEnum):
    """What the § 2-83(c) affidavit states."""

    TRUE_AND_CORRECT = "true_and_correct"
    GOOD_REASON_TO_BELIEVE = "good_reason_to_believe"

    @property
    def label(self) -> str:
        """What the affidavit states, as a clerk reads it (§ 2-83(c))."""
        return _AFFIRMATION_LABELS[self]


_AFFIRMATION_LABELS: dict[Affirmation, str] = {
    Affirmation.TRUE_AND_CORRECT: "True and correct",
    Affirmation.GOOD_REASON_TO_BELIEVE: "Good reason to believe",
}


class KnowledgeBasis(StrEnum):
    """Whether the complaint rests on personal knowledge or on information and belief (c)."""

    PERSONAL_KNOWLEDGE = "personal_knowledge"
    INFORMATION_AND_BELIEF = "information_and_belief"

    @property
    def label(self) -> str:
        """The basis of the complaint, as a clerk reads it (§ 2-83(c))."""
        return _KNOWLEDGE_LABELS[self]


_KNOWLEDGE_LABELS: dict[KnowledgeBasis, str] = {
    KnowledgeBasis.PERSONAL_KNOWLEDGE: "Personal knowledge",
    KnowledgeBasis.INFORMATION_AND_BELIEF: "Information and belief",
}


class DocumentList(StrEnum):
    """The three lists of § 2-83(c)(7)."""

    IN_POSSESSION = "in_possession"  # attached
    NOT_IN_POSSESSION = "not_in_possession"  # available but held elsewhere, with location
    UNAVAILABLE = "unavailable"  # unavailable to the complainant, with location if known

    @property
    def label(self) -> str:
        """The list of § 2-83(c)(7) a document is on, as a clerk reads it."""
        return _LIST_LABELS[self]


_LIST_LABELS: dict[DocumentList, str] = {
    DocumentList.IN_POSSESSION: "Attached",
    DocumentList.NOT_IN_POSSESSION: "Held by others",
    DocumentList.UNAVAILABLE: "Unavailable",
}


class ViolationPeriod(StrEnum):
    """How the dates of the alleged violation are given (c)(6)."""

    SINGLE_DATE = "single_date"
    RANGE = "range"
    ONGOING_SINCE = "ongoing_since"

    @property
    def label(self) -> str:
        """How the dates of the violation are given (§ 2-83(c)(6))."""
        return _PERIOD_LABELS[self]


_PERIOD_LABELS: dict[ViolationPeriod, str] = {
    ViolationPeriod.SINGLE_DATE: "On one date",
    ViolationPeriod.RANGE: "Over a period",
    ViolationPeriod.ONGOING_SINCE: "Ongoing since a date",
}


class ReviewerRole(StrEnum):
    """The four independent reviewers of § 2-83(d)(1)."""

    CHAIR = "chair"
    VICE_CHAIR = "vice_chair"
    COMPLIANCE_AUDITOR = "compliance_auditor"
    CITY_ATTORNEY = "city_attorney"

    @property
    def label(self) -> str:
        """The reviewer as named in the statute."""
        return {
            ReviewerRole.CHAIR: "Chair of the Ethics Review Board",
            ReviewerRole.VICE_CHAIR: "Vice Chair of the Ethics Review Board",
            ReviewerRole.COMPLIANCE_AUDITOR: "Compliance Auditor",
            ReviewerRole.CITY_ATTORNEY: "City Attorney's Office",
        }[self]

    @property
    def short_label(self) -> str:
        """The reviewer where the Board is understood (a list of the four): "Chair"."""
        return {
            ReviewerRole.CHAIR: "Chair",
            ReviewerRole.VICE_CHAIR: "Vice Chair",
            ReviewerRole.COMPLIANCE_AUDITOR: "Compliance Auditor",
            ReviewerRole.CITY_ATTORNEY: "City Attorney's Office",
        }[self]


class Determination(StrEnum):
    """A reviewer's finding on the filing requirements of (c)."""

    COMPLIES = "complies"
    SUBSTANTIALLY_COMPLIES = "substantially_complies"
    DOES_NOT_COMPLY = "does_not_comply"

    @property
    def label(self) -> str:
        """"Complies", "Substantially complies", "Does not comply"."""
        return _DETERMINATION_LABELS[self]


_DETERMINATION_LABELS: dict[Determination, str] = {
    Determination.COMPLIES: "Complies",
    Determination.SUBSTANTIALLY_COMPLIES: "Substantially complies",
    Determination.DOES_NOT_COMPLY: "Does not comply",
}


class DefectItem(StrEnum):
    """What a defect is keyed to: the items of § 2-83(c) and its closing paragraphs."""

    C1_COMPLAINANT_NAME = "c1"
    C2_COMPLAINANT_CONTACT = "c2"
    C3_RESPONDENT_NAME = "c3"
    C4_RESPONDENT_POSITION = "c4"
    C5_NATURE = "c5"
    C6_FACTS_AND_DATES = "c6"
    C7_DOCUMENTS = "c7"
    AFFIDAVIT = "affidavit"
    SOURCE_AND_BASIS = "source_and_basis"
    OATH = "oath"
    FACE_ALLEGATION = "face_allegation"

    @property
    def citation(self) -> str:
        """The subsection the item comes from."""
        return _DEFECT_CITATIONS[self][0]

    @property
    def label(self) -> str:
        """What the item requires, in plain words."""
        return _DEFECT_CITATIONS[self][1]


_DEFECT_CITATIONS = {
    DefectItem.C1_COMPLAINANT_NAME: ("§ 2-83(c)(1)", "the name of the complainant"),
    DefectItem.C2_COMPLAINANT_CONTACT: (
        "§ 2-83(c)(2)", "the street or mailing address and the telephone number of the complainant"),
    DefectItem.C3_RESPONDENT_NAME: ("§ 2-83(c)(3)", "the name of each person complained about"),
    DefectItem.C4_RESPONDENT_POSITION: (
        "§ 2-83(c)(4)", "the position or title of each person complained about"),
    DefectItem.C5_NATURE: ("§ 2-83(c)(5)", "the nature of the alleged violation"),
    DefectItem.C6_FACTS_AND_DATES: (
        "§ 2-83(c)(6)", "a statement of the facts and the dates or period of the alleged violation"),
    DefectItem.C7_DOCUMENTS: ("§ 2-83(c)(7)", "the relevant documents and the lists of documents"),
    DefectItem.AFFIDAVIT: ("§ 2-83(c)", "an affidavit that the information is true and correct "
                           "or that the complainant has good reason to believe it"),
    DefectItem.SOURCE_AND_BASIS: (
        "§ 2-83(c)", "the source and basis of information and belief"),
    DefectItem.OATH: ("§ 2-83(c)", "an oath before a notary public or other officer"),
    DefectItem.FACE_ALLEGATION: (
        "§ 2-83(c)", "an allegation that, if true, is a violation of a law the Board administers"),
}


class DecisionKind(StrEnum):
    """A decision recorded after the (d)(1) reviews, or at the end of a case."""

    ACCEPT = "accept"  # (d)(3): forward to the ERB and the respondents
    FORWARD_CAMPAIGN_FINANCE = "forward_campaign_finance"  # (d)(2)
    RETURN_DEFECTIVE = "return_defective"  # (d)(3) last sentence
    CURE_VERIFIED = "cure_verified"  # (d)(2), § 2-82(b)(2)
    NOT_CURED = "not_cured"
    RESOLUTION = "resolution"  # (d)(4)

    @property
    def label(self) -> str:
        """The decision as a clerk reads it."""
        return _DECISION_LABELS[self]


_DECISION_LABELS: dict[DecisionKind, str] = {
    DecisionKind.ACCEPT: "Accepted for the Board",
    DecisionKind.FORWARD_CAMPAIGN_FINANCE: "Forwarded to the respondent (campaign finance)",
    DecisionKind.RETURN_DEFECTIVE: "Returned as defective",
    DecisionKind.CURE_VERIFIED: "Cure verified",
    DecisionKind.NOT_CURED: "Not cured",
    DecisionKind.RESOLUTION: "Resolution",
}


class Disposition(StrEnum):
    """How a complaint was finally resolved (d)(4)."""

    DISMISSED = "dismissed"
    NO_VIOLATION = "no_violation"
    VIOLATION_FOUND = "violation_found"
    CURED = "cured"
    WITHDRAWN = "withdrawn"
    FRIVOLOUS = "frivolous"

    @property
    def label(self) -> str:
        """The disposition as a clerk reads it: "Dismissed", "No violation" …."""
        return _DISPOSITION_LABELS[self]


_DISPOSITION_LABELS: dict[Disposition, str] = {
    Disposition.DISMISSED: "Dismissed",
    Disposition.NO_VIOLATION: "No violation",
    Disposition.VIOLATION_FOUND: "Violation found",
    Disposition.CURED: "Cured",
    Disposition.WITHDRAWN: "Withdrawn",
    Disposition.FRIVOLOUS: "Frivolous",
}


class CureKind(StrEnum):
    """What cures a §§ 2-306/2-307 complaint under § 2-82(b)(2)."""

    BANK_STATEMENT = "bank_statement"
    AMENDED_REPORT = "amended_report"

    @property
    def label(self) -> str:
        """What was filed to cure the complaint (§ 2-82(b)(2))."""
        return _CURE_LABELS[self]


_CURE_LABELS: dict[CureKind, str] = {
    CureKind.BANK_STATEMENT: "Campaign bank account statement",
    CureKind.AMENDED_REPORT: "Amended report",
}


class FilingKind(StrEnum):
    """Papers the parties file with the Clerk after acceptance (e)."""

    RESPONSE = "response"  # (e)(1), respondent
    REPLY = "reply"  # (e)(3), complainant
    HEARING_REQUEST = "hearing_request"  # (e)(4), either party

    @property
    def label(self) -> str:
        """The paper filed, as a clerk reads it (§ 2-83(e))."""
        return _FILING_LABELS[self]


_FILING_LABELS: dict[FilingKind, str] = {
    FilingKind.RESPONSE: "Sworn response",
    FilingKind.REPLY: "Sworn reply",
    FilingKind.HEARING_REQUEST: "Hearing request",
}


class ResponseRecipient(StrEnum):
    """Who the City Clerk forwards a sworn response to upon receipt, § 2-83(e), last paragraph."""

    COMPLIANCE_AUDITOR = "compliance_auditor"
    CITY_ATTORNEY = "city_attorney"
    BOARD = "board"

    @property
    def label(self) -> str:
        """The recipient as the statute names it."""
        return _RESPONSE_RECIPIENT_LABELS[self]


_RESPONSE_RECIPIENT_LABELS: dict[ResponseRecipient, str] = {
    ResponseRecipient.COMPLIANCE_AUDITOR: "Compliance Auditor",
    ResponseRecipient.CITY_ATTORNEY: "City Attorney's Office",
    ResponseRecipient.BOARD: "Ethics Review Board",
}


NOTARY_PUBLIC = "Notary Public"
"""The oath officer's title for a notary public, the only officer whose seal and commission a
jurat records (Gov't Code § 602.002(1); ch. 406)."""

OATH_OFFICERS: tuple[str, ...] = (
    NOTARY_PUBLIC, "Judge of a municipal court", "Clerk of a municipal court",
    "Judge of a court of record", "Clerk of a court of record", "Justice of the peace",
    "Clerk of a justice court", "Secretary of State", "Attorney General",
    "Member of the Legislature",
)
"""Officers Gov't Code § 602.002 authorises to administer an oath, offered at the counter; the
Clerk may type another officer's title the law allows."""


def is_notary(title: str) -> bool:
    """Whether an oath officer's title is a notary public's (an empty title: the records kept
    before the title was asked, all sworn before a notary)."""
    return title.strip().casefold() in ("", NOTARY_PUBLIC.casefold())


class PartyRole(StrEnum):
    """Which side of a complaint a person is on."""

    COMPLAINANT = "complainant"
    RESPONDENT = "respondent"

    @property
    def label(self) -> str:
        """"Complainant" or "Respondent"."""
        return _PARTY_LABELS[self]


_PARTY_LABELS: dict[PartyRole, str] = {
    PartyRole.COMPLAINANT: "Complainant",
    PartyRole.RESPONDENT: "Respondent",
}


class DeadlineStatus(StrEnum):
    """Whether a clock is still running."""

    OPEN = "open"
    MET = "met"
    MISSED = "missed"
    CANCELLED = "cancelled"

    @property
    def label(self) -> str:
        """"Open", "Met", "Missed", "Cancelled"."""
        return _STATUS_LABELS[self]


_STATUS_LABELS: dict[DeadlineStatus, str] = {
    DeadlineStatus.OPEN: "Open",
    DeadlineStatus.MET: "Met",
    DeadlineStatus.MISSED: "Missed",
    DeadlineStatus.CANCELLED: "Cancelled",
}


class MailMethod(StrEnum):
    """How a paper went out."""

    FIRST_CLASS = "first_class"
    CERTIFIED_RRR = "certified_rrr"
    HAND_DELIVERY = "hand_delivery"
    EMAIL = "email"

    @property
    def label(self) -> str:
        """The method in the Postal Service's words ("Certified mail, return receipt requested")."""
        return _METHOD_LABELS[self]


_METHOD_LABELS: dict[MailMethod, str] = {
    MailMethod.FIRST_CLASS: "First class mail",
    MailMethod.CERTIFIED_RRR: "Certified mail, return receipt requested",
    MailMethod.HAND_DELIVERY: "Hand delivery",
    MailMethod.EMAIL: "E-mail",
}


class MailOutcome(StrEnum):
    """What became of a mailed item."""

    DELIVERED = "delivered"
    RETURNED = "returned"
    REFUSED = "refused"

    @property
    def label(self) -> str:
        """"Delivered", "Returned", "Refused"."""
        return _OUTCOME_LABELS[self]


_OUTCOME_LABELS: dict[MailOutcome, str] = {
    MailOutcome.DELIVERED: "Delivered",
    MailOutcome.RETURNED: "Returned",
    MailOutcome.REFUSED: "Refused",
}


class BoardRole(StrEnum):
    """A person's place on the Ethics Review Board roster."""

    MEMBER = "member"
    CHAIR = "chair"
    VICE_CHAIR = "vice_chair"
    STAFF = "staff"

    @property
    def label(self) -> str:
        """"Chair", "Vice Chair", "Member", "Staff"."""
        return _BOARD_ROLE_LABELS[self]


_BOARD_ROLE_LABELS: dict[BoardRole, str] = {
    BoardRole.MEMBER: "Member",
    BoardRole.CHAIR: "Chair",
    BoardRole.VICE_CHAIR: "Vice Chair",
    BoardRole.STAFF: "Staff",
}


class VoteChoice(StrEnum):
    """One member's vote; only members present vote."""

    YES = "yes"
    NO = "no"
    ABSTAIN = "abstain"
    RECUSED = "recused"

    @property
    def label(self) -> str:
        """"Yes", "No", "Abstain", "Recused"."""
        return _CHOICE_LABELS[self]


_CHOICE_LABELS: dict[VoteChoice, str] = {
    VoteChoice.YES: "Yes",
    VoteChoice.NO: "No",
    VoteChoice.ABSTAIN: "Abstain",
    VoteChoice.RECUSED: "Recused",
}


class VoteRule(StrEnum):
    """How many of those present must vote yes (the arithmetic is :mod:`ethics_desk.board.votes`)."""

    TWO_THIRDS = "two_thirds"  # § 2-83(f)(2), (f)(6)
    MAJORITY = "majority"  # any other Board action on a case

    def required(self, present: int) -> int:
        """The fewest yes votes that carry a motion with ``present`` members counted."""
        if present < 0:
            raise ValueError("a count of members present cannot be negative")
        if self is VoteRule.TWO_THIRDS:
            return -(-2 * present // 3)  # ceil(2n/3), exact integer arithmetic
        return present // 2 + 1

    @property
    def words(self) -> str:
        """"two-thirds" / "a majority"."""
        return "two-thirds" if self is VoteRule.TWO_THIRDS else "a majority"

    @property
    def label(self) -> str:
        """"At least two-thirds of those present" / "A majority of those present"."""
        return ("At least two-thirds of those present" if self is VoteRule.TWO_THIRDS
                else "A majority of those present")


class BoardAction(StrEnum):
    """What a Board vote decides, and the rule the vote needs.

    The rule is a property of the action, read by the workflow's effects when a vote is saved
    and by the vote entry when it is counted on screen: two-thirds of those present for an
    order to show cause (§ 2-83(f)(2)) and a frivolous determination, by record vote
    (§ 2-83(f)(6)); a majority of those present for a disposition, for which § 2-83 sets no
    special rule (§ 2-83(d)(4)). For the sanctions the Board imposes after considering the
    factors of § 2-83(g)(1), (g) sets no rule: (f)(6) ties "may recommend sanctions" to its
    two-thirds record vote, and that is the default here; the office may relax it to a majority
    of those present (the setting ``board.sanction_vote``, for the City Attorney's review,
    applied by :func:`ethics_desk.board.votes.vote_terms`).
    """

    SHOW_CAUSE = "show_cause"  # (f)(2)
    FRIVOLOUS = "frivolous"  # (f)(6)
    DISPOSITION = "disposition"  # (d)(4)
    SANCTIONS = "sanctions"  # (g), by default the (f)(6) rule

    @property
    def vote_rule(self) -> VoteRule:
        """How many of those present must vote yes for this action (for sanctions, the
        default the office may relax)."""
        return (VoteRule.MAJORITY if self is BoardAction.DISPOSITION
                else VoteRule.TWO_THIRDS)

    @property
    def record_vote_required(self) -> bool:
        """Whether each member's name and vote must be recorded: (f)(6) says so, and sanctions
        follow its rule by default."""
        return self in (BoardAction.FRIVOLOUS, BoardAction.SANCTIONS)

    @property
    def citation(self) -> str:
        """The rule that gives the Board the action."""
        return _BOARD_ACTIONS[self][0]

    @property
    def label(self) -> str:
        """The action as a clerk reads it."""
        return _BOARD_ACTIONS[self][1]


_BOARD_ACTIONS: dict[BoardAction, tuple[str, str]] = {
    BoardAction.SHOW_CAUSE: ("§ 2-83(f)(2)", "Order to show cause"),
    BoardAction.FRIVOLOUS: ("§ 2-83(f)(6)", "Determination that the complaint is frivolous"),
    BoardAction.DISPOSITION: ("§ 2-83(d)(4)", "Disposition of the complaint"),
    BoardAction.SANCTIONS: ("§ 2-83(g)", "Sanctions for filing a frivolous complaint"),
}


class HearingKind(StrEnum):
    """Why a hearing is held."""

    REQUESTED = "requested"  # (e)(4)
    SHOW_CAUSE = "show_cause"  # (f)(5)

    @property
    def label(self) -> str:
        """Why the hearing is held, with its rule."""
        return _HEARING_LABELS[self]


_HEARING_LABELS: dict[HearingKind, str] = {
    HearingKind.REQUESTED: "Hearing requested (§ 2-83(e)(4))",
    HearingKind.SHOW_CAUSE: "Show-cause hearing (§ 2-83(f)(5))",
}


class SanctionKind(StrEnum):
    """The sanctions of § 2-83(g)(2) and the notification of (g)(3)."""

    CIVIL_PENALTY = "civil_penalty"
    ATTORNEYS_FEES = "attorneys_fees"
    OTHER = "other"
    REFERRAL = "referral"

    @property
    def citation(self) -> str:
        """"§ 2-83(g)(2)(a)" for a civil penalty, and so on."""
        return _SANCTIONS[self][0]

    @property
    def label(self) -> str:
        """The sanction as the statute names it."""
        return _SANCTIONS[self][1]


_SANCTIONS: dict[SanctionKind, tuple[str, str]] = {
    SanctionKind.CIVIL_PENALTY: ("§ 2-83(g)(2)(a)", "Civil penalty"),
    SanctionKind.ATTORNEYS_FEES: ("§ 2-83(g)(2)(b)", "Attorneys' fees incurred by the respondent"),
    SanctionKind.OTHER: ("§ 2-83(g)(2)(c)", "Other sanction permitted by law"),
    SanctionKind.REFERRAL: ("§ 2-83(g)(3)", "Notification of an agency"),
}


class FrivolousFactor(StrEnum):
    """The factors of § 2-83(f)(3)(a)–(f); the value is the factor's letter in the statute.

    :attr:`label` is the statute's words, the one text the show-cause form, the workflow and
    the order to show cause all print.
    """

    TIMING = "a"
    PUBLICITY = "b"
    RELATIONSHIP = "c"
    OPPOSING_CANDIDATE = "d"
    KNEW_GROUNDLESS = "e"
    MOTIVES = "f"

    @property
    def item(self) -> str:
        """The factor's letter in § 2-83(f)(3)."""
        return self.value

    @property
    def citation(self) -> str:
        """"§ 2-83(f)(3)(a)" for the timing factor, and so on."""
        return f"§ 2-83(f)(3)({self.item})"

    @property
    def label(self) -> str:
        """The factor in the statute's words."""
        return _FRIVOLOUS_FACTORS[self]


_FRIVOLOUS_FACTORS: dict[FrivolousFactor, str] = {
    FrivolousFactor.TIMING:
        "The timing of the sworn complaint with respect to when the facts supporting the alleged "
        "violation became known or should have become known to the complainant, and with respect "
        "to the date of any pending election in which the respondent is a candidate or is "
        "involved with a candidacy, if any",
    FrivolousFactor.PUBLICITY:
        "The nature and type of any publicity surrounding the filing of the sworn complaint, and "
        "the degree of participation by the complainant in publicizing the fact that a sworn "
        "complaint was filed with the Board",
    FrivolousFactor.RELATIONSHIP:
        "The existence and nature of any relationship between the respondent and the complainant "
        "before the complaint was filed",
    FrivolousFactor.OPPOSING_CANDIDATE:
        "If respondent is a candidate for election to office, the existence and nature of any "
        "relationship between the complainant and any candidate or group opposing the respondent",
    FrivolousFactor.KNEW_GROUNDLESS:
        "Any evidence that the complainant knew or reasonably should have known that the "
        "allegations in the complaint were groundless",
    FrivolousFactor.MOTIVES: "Any evidence of the complainant's motives in filing the complaint",
}


class SanctionFactor(StrEnum):
    """The factors of § 2-83(g)(1)(a)–(c) the Board shall consider before imposing a sanction.

    The value is the key a note is stored under (table ``sanction_factor``); :attr:`label` is the
    statute's words, the one text the sanctions form and the determination letter print.
    """

    SERIOUSNESS = "seriousness"
    DETERRENCE = "deterrence"
    JUSTICE = "justice"

    @property
    def item(self) -> str:
        """The factor's letter in § 2-83(g)(1)."""
        return _SANCTION_FACTORS[self][0]

    @property
    def citation(self) -> str:
        """"§ 2-83(g)(1)(a)" for the seriousness of the violation, and so on."""
        return f"§ 2-83(g)(1)({self.item})"

    @property
    def label(self) -> str:
        """The factor in the statute's words."""
        return _SANCTION_FACTORS[self][1]


_SANCTION_FACTORS: dict[SanctionFactor, tuple[str, str]] = {
    SanctionFactor.SERIOUSNESS: ("a", "The seriousness of the violation, including the nature, "
                                      "circumstances, consequences, extent, and gravity of the "
                                      "violation"),
    SanctionFactor.DETERRENCE: ("b", "The sanction necessary to deter future violations"),
    SanctionFactor.JUSTICE: ("c", "Any other matters that justice may require"),
}


def in_a_sentence(label: str) -> str:
    """A label as it reads inside a sentence: its first letter in lower case."""
    return label[:1].lower() + label[1:]


CIVIL_PENALTY_LIMIT_CENTS = 50_000
"""§ 2-83(g)(2)(a): a civil penalty of not more than five hundred dollars ($500.00)."""

OPEN_MEETING_NOTICE_HOURS = 72
"""Gov't Code § 551.043: the notice of a meeting of the Board — a show-cause hearing of
§ 2-83(f)(5) is one — is posted at least 72 hours before it."""
OPEN_MEETING_CITATION = "Gov't Code § 551.043"
"""Where the 72 hours' notice of a meeting comes from (the Texas Open Meetings Act)."""


class Language(StrEnum):
    """The language a party prefers for the papers addressed to them, recorded at intake.

    The statute is the office's law and stays in English; the complainant-facing papers have a
    Spanish template beside the English one (``receipt.es.txt`` beside ``receipt.txt``)."""

    ENGLISH = "en"
    SPANISH = "es"

    @property
    def label(self) -> str:
        """The language as a clerk (and the party) reads it: "English", "Español (Spanish)"."""
        return _LANGUAGE_LABELS[self]

    @property
    def tag(self) -> str:
        """The BCP 47 tag written into a PDF's metadata (what a screen reader speaks it in)."""
        return _LANGUAGE_TAGS[self]


_LANGUAGE_LABELS: dict[Language, str] = {
    Language.ENGLISH: "English",
    Language.SPANISH: "Español (Spanish)",
}
_LANGUAGE_TAGS: dict[Language, str] = {Language.ENGLISH: "en-US", Language.SPANISH: "es-US"}


class HoldKind(StrEnum):
    """Why records are held from disposal (Local Government Code § 202.002): no record may be
    destroyed while litigation, an audit or a public information request that involves it is
    pending; the office may also hold records of its own motion."""

    LITIGATION = "litigation"
    AUDIT = "audit"
    OPEN_RECORDS = "open_records"
    OFFICE = "office"

    @property
    def label(self) -> str:
        """"Litigation", "Audit", "Open records request", "Office hold"."""
        return _HOLD_LABELS[self]

    @property
    def citation(self) -> str:
        """Where the hold comes from."""
        return _HOLD_CITATIONS[self]


_HOLD_LABELS: dict[HoldKind, str] = {
    HoldKind.LITIGATION: "Litigation",
    HoldKind.AUDIT: "Audit",
    HoldKind.OPEN_RECORDS: "Open records request",
    HoldKind.OFFICE: "Office hold",
}
_HOLD_CITATIONS: dict[HoldKind, str] = {
    HoldKind.LITIGATION: "Local Government Code § 202.002",
    HoldKind.AUDIT: "Local Government Code § 202.002",
    HoldKind.OPEN_RECORDS: "Local Government Code § 202.002; Gov't Code ch. 552",
    HoldKind.OFFICE: "the office's records management policy",
}


# -- The Public Information Act (Gov't Code ch. 552), for § 2-83(h)(3) ------------------------


class RequestChannel(StrEnum):
    """How a written request for information came to the City (Gov't Code § 552.301(a-1))."""

    MAIL = "mail"
    EMAIL = "email"
    HAND = "hand"
    FAX = "fax"

    @property
    def label(self) -> str:
        """"U.S. mail", "E-mail", "Hand delivery", "Fax"."""
        return _REQUEST_CHANNEL_LABELS[self]


_REQUEST_CHANNEL_LABELS: dict[RequestChannel, str] = {
    RequestChannel.MAIL: "U.S. mail",
    RequestChannel.EMAIL: "E-mail",
    RequestChannel.HAND: "Hand delivery",
    RequestChannel.FAX: "Fax",
}


class RequestStatus(StrEnum):
    """Whether a Public Information Act request is still being answered."""

    OPEN = "open"
    CLOSED = "closed"

    @property
    def label(self) -> str:
        """"Open" or "Closed"."""
        return "Open" if self is RequestStatus.OPEN else "Closed"


class RulingOutcome(StrEnum):
    """What a ruling of the Attorney General (or the City Attorney's decision) allows."""

    RELEASE = "release"
    WITHHOLD = "withhold"
    PARTIAL = "partial"

    @property
    def label(self) -> str:
        """"Release", "Withhold", "Partial release"."""
        return _RULING_OUTCOME_LABELS[self]


_RULING_OUTCOME_LABELS: dict[RulingOutcome, str] = {
    RulingOutcome.RELEASE: "Release",
    RulingOutcome.WITHHOLD: "Withhold",
    RulingOutcome.PARTIAL: "Partial release",
}


class RulingBy(StrEnum):
    """Who decided what may be released: the Attorney General (§ 552.306) or the City Attorney."""

    ATTORNEY_GENERAL = "attorney_general"
    CITY_ATTORNEY = "city_attorney"

    @property
    def label(self) -> str:
        """"Attorney General's ruling" or "City Attorney's decision"."""
        return ("Attorney General's ruling" if self is RulingBy.ATTORNEY_GENERAL
                else "City Attorney's decision")


class CaseParty(StrEnum):
    """A person named on a complaint whom § 2-83(h)(1) lets know of it: a complainant, a
    respondent, or a witness or potential witness."""

    COMPLAINANT = "complainant"
    RESPONDENT = "respondent"
    WITNESS = "witness"

    @property
    def label(self) -> str:
        """"Complainant", "Respondent" or "Witness"."""
        return self.value.capitalize()


class SamePerson(StrEnum):
    """The City Clerk's answer to "is this Board member that party?": a possible match not yet
    decided, the same person (linked), or not the same person."""

    UNDECIDED = "undecided"
    SAME = "same"
    NOT_SAME = "not_same"

    @property
    def label(self) -> str:
        """"May be the same person — not decided", "Same person", "Not the same person"."""
        return {SamePerson.UNDECIDED: "May be the same person — not decided",
                SamePerson.SAME: "Same person",
                SamePerson.NOT_SAME: "Not the same person"}[self]


class NoteKind(StrEnum):
    """How what a note records came to the office: a telephone call, a visit to the counter,
    an e-mail, or something else (a letter that is not a filing, a word in the hall)."""

    CALL = "call"
    VISIT = "visit"
    EMAIL = "email"
    OTHER = "other"

    @property
    def label(self) -> str:
        """"Telephone call", "Visit", "E-mail" or "Other"."""
        return _NOTE_KIND_LABELS[self]


_NOTE_KIND_LABELS: dict[NoteKind, str] = {
    NoteKind.CALL: "Telephone call",
    NoteKind.VISIT: "Visit",
    NoteKind.EMAIL: "E-mail",
    NoteKind.OTHER: "Other",
}
