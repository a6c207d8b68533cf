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


class KnowledgeBasis(StrEnum):
    """Whether the complaint rests on personal knowledge or on information and belief (c)."""

    PERSONAL_KNOWLEDGE = "personal_knowledge"
    INFORMATION_AND_BELIEF = "information_and_belief"


class DocumentList(StrEnum):
    """The three lists of § 2-83(c)(7)."""

    IN_POSSESSION = "in_possession"  # attached
    NOT_IN_POSSESSION = "not_in_possession"  # available but held elsewhere, with location
    UNAVAILABLE = "unavailable"  # unavailable to the complainant, with location if known


class ViolationPeriod(StrEnum):
    """How the dates of the alleged violation are given (c)(6)."""

    SINGLE_DATE = "single_date"
    RANGE = "range"
    ONGOING_SINCE = "ongoing_since"


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


class Determination(StrEnum):
    """A reviewer's finding on the filing requirements of (c)."""

    COMPLIES = "complies"
    SUBSTANTIALLY_COMPLIES = "substantially_complies"
    DOES_NOT_COMPLY = "does_not_comply"

    @property
    def label(self) -> str:
        """"Complies", "Substantially complies", "Does not comply"."""
        return self.value.replace("_", " ").capitalize()


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


class Disposition(StrEnum):
    """How a complaint was finally resolved (d)(4)."""

    DISMISSED = "dismissed"
    NO_VIOLATION = "no_violation"
    VIOLATION_FOUND = "violation_found"
    CURED = "cured"
    WITHDRAWN = "withdrawn"
    FRIVOLOUS = "frivolous"


class CureKind(StrEnum):
    """What cures a §§ 2-306/2-307 complaint under § 2-82(b)(2)."""

    BANK_STATEMENT = "bank_statement"
    AMENDED_REPORT = "amended_report"


class FilingKind(StrEnum):
    """Papers the parties file with the Clerk after acceptance (e)."""

    RESPONSE = "response"  # (e)(1), respondent
    REPLY = "reply"  # (e)(3), complainant
    HEARING_REQUEST = "hearing_request"  # (e)(4), either party


class PartyRole(StrEnum):
    """Which side of a complaint a person is on."""

    COMPLAINANT = "complainant"
    RESPONDENT = "respondent"


class DeadlineStatus(StrEnum):
    """Whether a clock is still running."""

    OPEN = "open"
    MET = "met"
    MISSED = "missed"
    CANCELLED = "cancelled"


class MailMethod(StrEnum):
    """How a paper went out."""

    FIRST_CLASS = "first_class"
    CERTIFIED_RRR = "certified_rrr"
    HAND_DELIVERY = "hand_delivery"
    EMAIL = "email"


class MailOutcome(StrEnum):
    """What became of a mailed item."""

    DELIVERED = "delivered"
    RETURNED = "returned"
    REFUSED = "refused"


class BoardRole(StrEnum):
    """A person's place on the Ethics Review Board roster."""

    MEMBER = "member"
    CHAIR = "chair"
    VICE_CHAIR = "vice_chair"
    STAFF = "staff"


class VoteChoice(StrEnum):
    """One member's vote; only members present vote."""

    YES = "yes"
    NO = "no"
    ABSTAIN = "abstain"
    RECUSED = "recused"


class BoardAction(StrEnum):
    """What a Board vote decides."""

    SHOW_CAUSE = "show_cause"  # (f)(2)
    FRIVOLOUS = "frivolous"  # (f)(6)
    DISPOSITION = "disposition"


class HearingKind(StrEnum):
    """Why a hearing is held."""

    REQUESTED = "requested"  # (e)(4)
    SHOW_CAUSE = "show_cause"  # (f)(5)


class SanctionKind(StrEnum):
    """The sanctions of § 2-83(g)(2) and the notification of (g)(3)."""

    CIVIL_PENALTY = "civil_penalty"
    ATTORNEYS_FEES = "attorneys_fees"
    OTHER = "other"
    REFERRAL = "referral"


class FrivolousFactor(StrEnum):
    """The factors of § 2-83(f)(3)(a)–(f)."""

    TIMING = "a"
    PUBLICITY = "b"
    RELATIONSHIP = "c"
    OPPOSING_CANDIDATE = "d"
    KNEW_GROUNDLESS = "e"
    MOTIVES = "f"


CIVIL_PENALTY_LIMIT_CENTS = 50_000
"""§ 2-83(g)(2)(a): a civil penalty of not more than five hundred dollars ($500.00)."""
