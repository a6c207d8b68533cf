"""The data the clerk supplies for each event a case can undergo (the events' names are
:class:`ethics_desk.core.events.Event`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import ClassVar

from ethics_desk.core.events import Event
from ethics_desk.intake.record import AttachmentData
from ethics_desk.models import (
    CureKind,
    DefectItem,
    Determination,
    Disposition,
    FrivolousFactor,
    MailMethod,
    PartyRole,
    ResponseRecipient,
    ReviewerRole,
    SanctionFactor,
    SanctionKind,
    VoteChoice,
)


@dataclass(frozen=True)
class Payload:
    """Base of every event's data; ``event`` says which event the data is for."""

    event: ClassVar[Event]


@dataclass(frozen=True)
class FileComplaint(Payload):
    """The Clerk records receipt; the case number is assigned (c). Default: now."""

    event: ClassVar[Event] = Event.FILE
    received_at: datetime | None = None


@dataclass(frozen=True)
class DiscardDraft(Payload):
    """A draft abandoned before filing."""

    event: ClassVar[Event] = Event.DISCARD
    reason: str = ""


@dataclass(frozen=True)
class ReturnUnsworn(Payload):
    """(c), last ¶: not sworn, so returned to the complainant, never forwarded."""

    event: ClassVar[Event] = Event.RETURN_UNSWORN
    returned_on: date | None = None


@dataclass(frozen=True)
class ForwardForReview(Payload):
    """(d)(1): copies to the four reviewers; each one's receipt starts their own clock."""

    event: ClassVar[Event] = Event.FORWARD_FOR_REVIEW
    forwarded_on: date | None = None
    received_on: Mapping[ReviewerRole, date] = field(default_factory=dict)
    reviewer_names: Mapping[ReviewerRole, str] = field(default_factory=dict)


@dataclass(frozen=True)
class RecordReview(Payload):
    """(d)(1): one reviewer's independent determination, with defects keyed to (c)."""

    event: ClassVar[Event] = Event.RECORD_REVIEW
    role: ReviewerRole = ReviewerRole.COMPLIANCE_AUDITOR
    determination: Determination = Determination.COMPLIES
    states_allegation_on_face: bool = True
    defects: tuple[tuple[DefectItem, str], ...] = ()
    completed_on: date | None = None
    reviewer_name: str = ""
    notes: str = ""


@dataclass(frozen=True)
class Accept(Payload):
    """(d)(3): the Ethics Code complaint substantially complies and goes to the Board."""

    event: ClassVar[Event] = Event.ACCEPT
    decided_on: date | None = None
    notes: str = ""


@dataclass(frozen=True)
class ReturnDefective(Payload):
    """(d)(3): returned to the complainant with a letter explaining the defects."""

    event: ClassVar[Event] = Event.RETURN_DEFECTIVE
    returned_on: date | None = None
    notes: str = ""


@dataclass(frozen=True)
class Delivery:
    """How one respondent got a paper: mailed on (receipt presumed) and/or received on (actual)."""

    respondent_id: int
    mailed_on: date | None = None
    received_on: date | None = None
    method: MailMethod = MailMethod.CERTIFIED_RRR
    detail: str = ""


@dataclass(frozen=True)
class ForwardToBoard(Payload):
    """(d)(3), (e): to the ERB members, and to each respondent with the (e) notice and the Code.

    A respondent without a :class:`Delivery` is taken as mailed on ``forwarded_on``.
    """

    event: ClassVar[Event] = Event.FORWARD_TO_BOARD
    forwarded_on: date | None = None
    deliveries: tuple[Delivery, ...] = ()


@dataclass(frozen=True)
class ForwardCampaignFinance(Payload):
    """(d)(2): a §§ 2-306/2-307 complaint forwarded to the respondent."""

    event: ClassVar[Event] = Event.FORWARD_CAMPAIGN_FINANCE
    forwarded_on: date | None = None
    deliveries: tuple[Delivery, ...] = ()


@dataclass(frozen=True)
class RecordCure(Payload):
    """(d)(2), § 2-82(b)(2): the bank statement or amended report, timely filed, verified."""

    event: ClassVar[Event] = Event.RECORD_CURE
    kind: CureKind = CureKind.BANK_STATEMENT
    filed_on: date | None = None
    timely: bool = True
    verified_by: str = ""
    verified_on: date | None = None


@dataclass(frozen=True)
class NotCured(Payload):
    """(d)(2): no timely cure; the complaint goes on to the Board."""

    event: ClassVar[Event] = Event.NOT_CURED
    decided_on: date | None = None
    notes: str = ""


@dataclass(frozen=True)
class RecordRespondentReceipt(Payload):
    """A delivery date for the (e) notice: the response clock runs from it (e)(1)."""

    event: ClassVar[Event] = Event.RECORD_RESPONDENT_RECEIPT
    respondent_id: int = 0
    received_on: date | None = None
    detail: str = "delivered (return receipt)"


MAX_DAYS_GRANTED = 30
"""The most business days one grant adds to a response date (more is taken for a typing slip;
a second grant adds more)."""


@dataclass(frozen=True)
class GrantMoreTime(Payload):
    """Time granted to ``respondent_id`` to respond, ``days`` business days added to their
    (e)(1) response date, granted on ``granted_on`` by ``granted_by`` (the Board, its Chair…)
    for ``reason``; the Board's written opinion is due later by the calendar days gained
    (§ 2-87(a): "extended by any time granted to the respondent")."""

    event: ClassVar[Event] = Event.GRANT_MORE_TIME
    respondent_id: int = 0
    days: int = 0
    granted_on: date | None = None
    granted_by: str = ""
    reason: str = ""


@dataclass(frozen=True)
class RecordComplainantReceipt(Payload):
    """A delivery date for the copy of a response: the complainant's reply clock runs from it.

    (e)(3): the complainant may reply within five business days of receipt of the copy of the
    response of ``respondent_id``.
    """

    event: ClassVar[Event] = Event.RECORD_COMPLAINANT_RECEIPT
    respondent_id: int = 0
    received_on: date | None = None
    detail: str = "delivered (return receipt)"


@dataclass(frozen=True)
class FileResponse(Payload):
    """(e)(1): a respondent's sworn response; copies go on, and the complainant's reply clock.

    ``forwarded_on``, when the Clerk forwarded it at once to all three recipients of § 2-83(e),
    last paragraph (by ``forward_method``); otherwise each forward is recorded on its own
    (:class:`ForwardResponse`) and the "upon receipt" clock shows it outstanding.
    """

    event: ClassVar[Event] = Event.FILE_RESPONSE
    respondent_id: int = 0
    received_on: date | None = None
    sworn: bool = False
    forwarded_on: date | None = None
    forward_method: MailMethod = MailMethod.HAND_DELIVERY
    copy_mailed_on: date | None = None
    copy_received_on: date | None = None
    notes: str = ""
    attachment: AttachmentData | None = None


@dataclass(frozen=True)
class ForwardResponse(Payload):
    """§ 2-83(e), last paragraph: a sworn response forwarded to one or more of the Compliance
    Auditor, the City Attorney's Office and the Ethics Review Board, on a day, by a method.

    ``respondent_id`` names whose response (their latest filed)."""

    event: ClassVar[Event] = Event.FORWARD_RESPONSE
    respondent_id: int = 0
    recipients: tuple[ResponseRecipient, ...] = tuple(ResponseRecipient)
    forwarded_on: date | None = None
    method: MailMethod = MailMethod.HAND_DELIVERY


@dataclass(frozen=True)
class FileReply(Payload):
    """(e)(3): the complainant's sworn reply to the response."""

    event: ClassVar[Event] = Event.FILE_REPLY
    received_on: date | None = None
    sworn: bool = False
    copy_to_respondents_on: date | None = None
    notes: str = ""
    attachment: AttachmentData | None = None


@dataclass(frozen=True)
class RequestHearing(Payload):
    """(e)(4): the complainant or a respondent asks for a hearing."""

    event: ClassVar[Event] = Event.REQUEST_HEARING
    party: PartyRole = PartyRole.COMPLAINANT
    party_name: str = ""
    received_on: date | None = None


@dataclass(frozen=True)
class ScheduleHearing(Payload):
    """(e)(4): the date, time (time-zone aware) and place of a hearing a party requested."""

    event: ClassVar[Event] = Event.SCHEDULE_HEARING
    hearing_at: datetime | None = None
    place: str = ""


@dataclass(frozen=True)
class RecordHearing(Payload):
    """(e)(4): the requested hearing held — when, who appeared, counsel, concluded or not."""

    event: ClassVar[Event] = Event.RECORD_HEARING
    held_on: date | None = None
    appeared: str = ""
    counsel: str = ""
    concluded: bool = True


@dataclass(frozen=True)
class BallotData:
    """One member present and their vote."""

    member_name: str
    choice: VoteChoice
    member_id: int | None = None


@dataclass(frozen=True)
class VoteData:
    """A Board vote: the meeting date and a ballot for each member present."""

    meeting_on: date
    ballots: tuple[BallotData, ...]
    is_record_vote: bool = True


@dataclass(frozen=True)
class OrderShowCause(Payload):
    """(f)(2), (f)(4): the vote, the explanation by the (f)(3) factors, the hearing."""

    event: ClassVar[Event] = Event.ORDER_SHOW_CAUSE
    vote: VoteData | None = None
    explanation: str = ""
    factors: Mapping[FrivolousFactor, str] = field(default_factory=dict)
    hearing_at: datetime | None = None
    place: str = ""


@dataclass(frozen=True)
class RecordShowCauseHearing(Payload):
    """(f)(5): the hearing at which the complainant may be heard, with counsel."""

    event: ClassVar[Event] = Event.RECORD_SHOW_CAUSE_HEARING
    held_on: date | None = None
    appeared: str = ""
    counsel: str = ""
    concluded: bool = True


@dataclass(frozen=True)
class RecordFrivolousVote(Payload):
    """(f)(6): the record vote after the hearing; carried means a frivolous determination."""

    event: ClassVar[Event] = Event.RECORD_FRIVOLOUS_VOTE
    vote: VoteData | None = None
    particulars: str = ""


@dataclass(frozen=True)
class SanctionData:
    """One sanction of (g)(2), or the (g)(3) notification of an agency."""

    kind: SanctionKind
    amount_cents: int | None = None
    text: str = ""
    agency: str = ""


@dataclass(frozen=True)
class ImposeSanctions(Payload):
    """(g): sanctions after a frivolous determination, imposed by the Board's ``vote`` (on its
    meeting's date) after it considered each (g)(1) factor, noted in ``factors_considered``; a
    civil penalty is due on ``penalty_due_on``."""

    event: ClassVar[Event] = Event.IMPOSE_SANCTIONS
    sanctions: tuple[SanctionData, ...] = ()
    factors_considered: Mapping[SanctionFactor, str] = field(default_factory=dict)
    vote: VoteData | None = None
    penalty_due_on: date | None = None


@dataclass(frozen=True)
class RecordPenaltyPayment(Payload):
    """(g)(2)(a): the civil penalty of sanction ``sanction_id`` (0: the one outstanding) paid in
    full on ``paid_on``."""

    event: ClassVar[Event] = Event.RECORD_PENALTY_PAYMENT
    sanction_id: int = 0
    paid_on: date | None = None
    amount_cents: int | None = None


@dataclass(frozen=True)
class WaivePenalty(Payload):
    """(g)(2)(a): the civil penalty of sanction ``sanction_id`` (0: the one outstanding) waived,
    by whom and why."""

    event: ClassVar[Event] = Event.WAIVE_PENALTY
    sanction_id: int = 0
    waived_on: date | None = None
    waived_by: str = ""
    reason: str = ""


@dataclass(frozen=True)
class GiveRuleNotice(Payload):
    """§ 2-85(c): written notice to ``respondent_id`` of provisions the complaint did not allege
    against them (ids in the provisions catalogue), given on ``given_on``; the respondent has ten
    business days to respond before the Board may find a violation of them."""

    event: ClassVar[Event] = Event.GIVE_RULE_NOTICE
    respondent_id: int = 0
    provision_ids: tuple[int, ...] = ()
    given_on: date | None = None


@dataclass(frozen=True)
class Finding:
    """One provision (an id in the provisions catalogue) the Board found a respondent
    violated, § 2-85(b)."""

    respondent_id: int
    provision_id: int


@dataclass(frozen=True)
class Resolve(Payload):
    """(d)(4): the case is resolved; the respondents are to be notified.

    ``vote``, when the Board decided the disposition at a meeting: carried by a majority of
    those present, it resolves the case on the meeting's date; failed, it is recorded and
    resolves nothing. ``findings``: with "violation found", each provision found violated and
    by whom (§ 2-85(b)); the written opinion of § 2-87(a) states them.
    """

    event: ClassVar[Event] = Event.RESOLVE
    disposition: Disposition = Disposition.DISMISSED
    decided_on: date | None = None
    notes: str = ""
    vote: VoteData | None = None
    findings: tuple[Finding, ...] = ()


@dataclass(frozen=True)
class Withdraw(Payload):
    """The complainant withdraws the complaint before it is resolved; the date is the day the
    withdrawal was received by the City Clerk. The respondents are told of the resolution,
    § 2-83(d)(4)."""

    event: ClassVar[Event] = Event.WITHDRAW
    received_on: date | None = None
    notes: str = ""
