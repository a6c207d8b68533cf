"""The one table of document kinds, and producing a kind's paper as PDF bytes (no Qt).

:data:`KINDS` holds one row per kind of document, and each fact about a kind is stated there
only: its title, the states of a case in which it applies, the rule of § 2-83 behind it, who
receives it, the function that builds the data it needs, and the renderer that lays it out.
Every list of documents (``ethics-desk letter --list``, a case's Papers tab, the certificate of
mailing, the print batches), every paper the intake hands over and the Board packet read this
table; no renderer is reached another way, and a renderer carries no title of its own.

Most kinds are made for one case (:attr:`Scope.CASE`): :func:`recipients` lists the people a
kind goes to for the case and :func:`render_letter` resolves one copy's data in a single read
session and renders it outside the session. The counter's papers go through
:func:`render_at_counter` — a complaint there is a draft until it is filed, so only a kind that
applies to a draft is made there: the sworn complaint for signing (from the intake as typed)
and the information sheet of § 2-83(b). The Board packet of a meeting is
:func:`render_for_meeting`'s. Each refuses, with a :class:`UserError` a clerk can act on, an
unknown case, an unknown kind (listing the kinds) and a kind that does not apply to the case's
state (naming the state and the states where it applies).

Dates the letters print are the deadline engine's: the response and reply due dates and their
explanations are read from the case's stored deadlines, never recomputed here. These are
previews; issuing (frozen bytes with a SHA-256) is ``ethics_desk.documents.issuing``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from enum import StrEnum
from typing import Any

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
from ethics_desk.core.account import Account
from ethics_desk.core.case_numbers import is_case_number
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import in_office_time, office_date
from ethics_desk.core.parties import respondent_key
from ethics_desk.core.permissions import Act
from ethics_desk.core.vocabulary import Language, RulingOutcome
from ethics_desk.core.vote_count import tally
from ethics_desk.deadlines import ClockKind
from ethics_desk.deadlines.compute import ReceiptBasis
from ethics_desk.documents import wording
from ethics_desk.documents.render.base import Renderer
from ethics_desk.documents.render.board_letters import (
    FrivolousDeterminationRenderer,
    ReferralRenderer,
    RuleNoticeRenderer,
    ShowCauseOrderRenderer,
    WrittenOpinionRenderer,
)
from ethics_desk.documents.render.board_packet import BoardPacketRenderer
from ethics_desk.documents.render.data import (
    ComplaintPaper,
    InfoSheetPaper,
    Letterhead,
    Party,
    complaint_paper_from_case,
    complaint_paper_from_intake,
    letterhead_from_settings,
    receipt_paper_from_case,
    unsworn_return_paper_from_case,
)
from ethics_desk.documents.render.info_sheet import InfoSheetRenderer
from ethics_desk.documents.render.language import BALLOTS_EN, ENGLISH
from ethics_desk.documents.render.letter_data import (
    BallotLine,
    BoardTransmittalPaper,
    CampaignFinanceForwardPaper,
    CaseLetter,
    CertificateOfMailingPaper,
    CodeProvided,
    CureNoticePaper,
    DefectEntry,
    DefectLetterPaper,
    DueBasis,
    EnvelopePaper,
    FactorNote,
    FilingNoticePaper,
    FindingLine,
    ForwardedResponse,
    FrivolousDeterminationPaper,
    HearingNoticePaper,
    LabelsPaper,
    MailedItem,
    NoticedRule,
    ReferralPaper,
    ReplyCopyPaper,
    ResolutionNoticePaper,
    RespondentNoticePaper,
    ResponseCopyPaper,
    ResponseTransmittalPaper,
    ReviewerCopy,
    ReviewerTransmittalPaper,
    RuleNoticePaper,
    SanctionLine,
    ShowCauseOrderPaper,
    VoteRecord,
    WrittenOpinionPaper,
)
from ethics_desk.documents.render.letters import (
    BoardTransmittalRenderer,
    CampaignFinanceForwardRenderer,
    CureNoticeRenderer,
    DefectLetterRenderer,
    FilingNoticeRenderer,
    HearingNoticeRenderer,
    ReplyCopyRenderer,
    ResolutionNoticeRenderer,
    RespondentNoticeRenderer,
    ResponseCopyRenderer,
    ResponseTransmittalRenderer,
    ReviewerTransmittalRenderer,
)
from ethics_desk.documents.render.mailing import (
    CertificateOfMailingRenderer,
    EnvelopeRenderer,
    LabelsRenderer,
)
from ethics_desk.documents.render.public_information import (
    ClarificationRequestRenderer,
    CostEstimateRenderer,
    ReleaseLetterRenderer,
    RequestAcknowledgementRenderer,
    RequestLetterPaper,
    RulingNoticeRenderer,
    RulingRequestRenderer,
)
from ethics_desk.documents.render.receipt import ReceiptRenderer
from ethics_desk.documents.render.recovery_sheet import RecoverySheetPaper, RecoverySheetRenderer
from ethics_desk.documents.render.retention_certificate import (
    RetentionCertificateRenderer,
    RetentionPaper,
)
from ethics_desk.documents.render.sworn_complaint import SwornComplaintRenderer
from ethics_desk.documents.render.templates import TemplateLibrary
from ethics_desk.documents.render.unsworn_return import UnswornReturnRenderer
from ethics_desk.intake.record import Intake
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
    InformationRequest,
    IssuedDocument,
    Mailing,
    MailMethod,
    Provision,
    ResponseForward,
    ResponseRecipient,
    Review,
    ReviewDefect,
    ReviewerRole,
    RuleNotice,
    Sanction,
    SanctionFactor,
    SanctionKind,
    ShowCauseOrder,
    ViolationFinding,
    in_a_sentence,
)
from ethics_desk.models.board import BoardTerm
from ethics_desk.office import settings
from ethics_desk.public_information.log import CostItem, RequestView, calendar_for, view_of
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.scope import case_for, no_such_case, receives
from ethics_desk.storage import queued_records
from ethics_desk.storage.database import Database

S = CaseState
FILED_STATES = frozenset(S) - {S.DRAFT, S.DISCARDED}
"""Every state of a case that has been filed (a case number assigned)."""
AT_THE_COUNTER = S.DRAFT
"""The state of a complaint at the counter: a draft until the Clerk records its receipt (§ 2-83(a))."""
BOARD_PACKET = "board-packet"
"""The kind of the Board packet for a meeting (:func:`render_for_meeting`)."""
RETENTION_CERTIFICATE = "retention-certificate"
"""The kind of the Records officer's disposal list and log (:func:`render_for_records`)."""
RECOVERY_SHEET = "recovery-sheet"
"""The kind of the record key's recovery sheet (:func:`render_for_recovery`)."""


class Audience(StrEnum):
    """Who receives a kind of document."""

    COMPLAINANT = "the complainant"
    RESPONDENTS = "each respondent"
    REVIEWERS = "the Chair, Vice Chair, Compliance Auditor and City Attorney's Office"
    RESPONSE_RECIPIENTS = "the Compliance Auditor, City Attorney's Office and Ethics Review Board"
    BOARD = "the members of the Ethics Review Board"
    PARTIES = "the complainant and each respondent"
    COMPLAINANT_WITH_COPIES = "the complainant, with a copy to each respondent"
    AGENCY = "the agency named on each referral"
    NOTICED = "each respondent given notice of a rule not alleged"
    OPINION = ("the complainant, each respondent, the City Attorney's Office, the Compliance "
               "Auditor, the Board members who did not take part and the City Clerk")
    OFFICE = "the case file"
    INQUIRER = "anyone who asks how to file a complaint"
    RECORDS = "the Records officer"
    REQUESTER = "the requester"
    ATTORNEY_GENERAL = "the Attorney General's Open Records Division, with a copy to the requester"
    SAFE = "the office's safe, apart from the backups"


class Scope(StrEnum):
    """What one copy of a kind is made for."""

    CASE = "one case"
    """A case's paper: its Papers tab, ``ethics-desk letter CASE KIND``, the intake's papers."""
    INQUIRY = "an inquiry at the counter"
    """Made with no case: the information the Clerk gives to anyone who asks (§ 2-83(b))."""
    MEETING = "a meeting of the Board"
    """Made of several cases at once: the Board packet (``ethics-desk packet``)."""
    RECORDS = "the office's records"
    """Made of the retention of every case: the Records officer's disposal list and log."""
    REQUEST = "a Public Information Act request"
    """Made for a request under Gov't Code ch. 552 (§ 2-83(h)(3)): :func:`render_for_request`."""
    KEY = "the record key of a SQLite database"
    """Made of the key that seals the record's journal: the recovery sheet
    (:func:`render_for_recovery`, :mod:`ethics_desk.storage.recovery_sheet`)."""


@dataclass(frozen=True)
class KindRule:
    """One row of :data:`KINDS`: what the document is, when it applies and why, to whom, the
    function that builds its data and the renderer that lays it out."""

    title: str
    states: frozenset[CaseState]
    citation: str
    audience: Audience
    paper: Callable[[_Context], Any]
    renderer: type[Renderer[Any]]
    scope: Scope = Scope.CASE
    languages: frozenset[Language] = frozenset({Language.ENGLISH})
    """The languages the kind has a template in: ``receipt.txt``, and ``receipt.es.txt`` for
    Spanish (the complainant-facing papers)."""
    withheld: Callable[[Session, Complaint, datetime], UserError | None] | None = None
    """Why a case in one of :attr:`states` may still not have the paper at a moment (None: it
    may): the notice of an order to show cause is no notice once its hearing is past."""
    unsworn_only: bool = False
    """Made only for a complaint that is not sworn (the return of § 2-83(c), last paragraph)."""
    sent_by: MailMethod | None = None
    """The one way the statute sends the paper (:attr:`citation`): the cure notice of
    § 2-83(d)(2) goes "by first class mail", so the mail ledger records it no other way. None:
    the statute names no method."""
    encloses_code: bool = False
    """Goes with a copy of the Ethics Code (the respondent "shall also be provided with a copy
    of the Ethics Code", § 2-83(e)): the office's stored Code is enclosed, or the Clerk records
    how the Code was provided; without either the paper is not issued."""
    certified_by_default: bool = False
    """Sent certified, return receipt requested, unless the Clerk chooses another way: the
    addressee's receipt starts a period of § 2-83 (the response of (e)), which the green card
    proves."""

    def applies_to(self, state: CaseState, sworn: bool | None = None) -> bool:
        """Whether a case in ``state`` (and, when known, sworn or not) may have this
        document."""
        return state in self.states and not (self.unsworn_only and sworn is True)

    def offered(self, session: Session, complaint: Complaint, now: datetime) -> bool:
        """Whether the case may have this document at ``now`` (its state, and the kind's own
        condition)."""
        return self.applies_to(complaint.state) and (
            self.withheld is None or self.withheld(session, complaint, now) is None)

    def check_language(self, kind: str, language: Language) -> None:
        """Refuse a language the kind has no template in, naming the ones it has."""
        if language not in self.languages:
            have = ", ".join(lang.label for lang in Language if lang in self.languages)
            spanish = ", ".join(k for k, r in KINDS.items() if Language.SPANISH in r.languages)
            raise UserError(f"The {kind} ({self.citation}) has no template in "
                            f"{language.label}; it is printed in: {have}.",
                            f"Print it in English. The papers in Spanish are: {spanish}.")

    def renderer_in(self, language: Language, templates: TemplateLibrary) -> Renderer[Any]:
        """This kind's renderer for a paper in ``language``, worded by ``templates`` (the
        office's wording, :func:`ethics_desk.documents.wording.library`)."""
        return self.renderer(templates, language)


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


@dataclass(frozen=True)
class Recipient:
    """One person a kind goes to for a case: the party as printed, and which one they are."""

    party: Party
    role: str
    respondent_id: int | None = None
    language: Language = Language.ENGLISH
    """The recipient's preferred language as recorded at intake (the Papers tab's default)."""

    @property
    def name(self) -> str:
        """The recipient's name."""
        return self.party.name


def kinds() -> list[tuple[str, str]]:
    """Each kind made for a case with what it is, where it applies and to whom, for
    ``letter --list``."""
    return [(kind, f"{rule.title} ({rule.citation}) — to {rule.audience.value}")
            for kind, rule in KINDS.items() if rule.scope is Scope.CASE]


def kinds_for(state: CaseState, sworn: bool | None = None) -> list[tuple[str, KindRule]]:
    """The kinds made for a case that apply to a case in ``state`` (sworn or not, when
    ``sworn`` is given), in the table's order (a case's Papers tab)."""
    return [(kind, rule) for kind, rule in KINDS.items()
            if rule.scope is Scope.CASE and rule.applies_to(state, sworn)]


def kinds_offered(session: Session, complaint: Complaint,
                  now: datetime) -> list[tuple[str, KindRule]]:
    """The kinds a case may have at ``now``, in the table's order (a case's Papers tab): those
    of its state (sworn or not), less a kind withheld by its own condition (a notice of a
    hearing already past, Gov't Code § 551.043; § 2-83(f)(4)(b))."""
    return [(kind, rule) for kind, rule in kinds_for(complaint.state, is_sworn(complaint))
            if rule.offered(session, complaint, now)]


@case_reader("Listing the papers a case may have")
def papers_offered(database: Database, case_id: int, *, account: Account,
                   clock: Clock) -> tuple[CaseState, list[tuple[str, KindRule]]]:
    """The case's state and the kinds it may have now (:func:`kinds_offered`), for its Papers
    tab; a case ``account`` does not receive is answered as one that does not exist."""
    with database.read_session() as session:
        complaint = case_for(session, account, case_id)
        return complaint.state, kinds_offered(session, complaint, clock())


def title_of(kind: str | None) -> str:
    """The title of ``kind``, or the stored name of a kind no longer in the table."""
    return KINDS[kind].title if kind in KINDS else (kind or "Correspondence")


def rule_for(kind: str, scope: Scope = Scope.CASE) -> KindRule:
    """The row of ``kind``; an unknown kind is a :class:`UserError` listing the kinds of
    ``scope``, and a kind made for something else is refused saying what it is made for."""
    rule = KINDS.get(kind)
    if rule is not None and rule.scope is scope:
        return rule
    choices = "Choose one of: " + ", ".join(k for k, r in KINDS.items() if r.scope is scope) + "."
    if rule is None:
        raise UserError(f"There is no document called “{kind}”.", choices)
    raise UserError(f"The {kind} ({rule.citation}) is made for {rule.scope.value}, not for "
                    f"{scope.value}.", choices)


MAX_DRAFT_NUMBER = 2**63 - 1
"""The largest draft number a database can hold (a 64-bit integer key)."""


@case_reader("Finding a case by its number")
def find_case(database: Database, reference: str, *, account: Account) -> int:
    """The id of the case numbered ``reference`` (``ERB-2026-001``) or of draft ``reference``.

    A case ``account`` does not receive (:mod:`ethics_desk.staff.scope`) gets exactly the
    answer of a case that does not exist, § 2-83(h)(1).
    """
    text = reference.strip()
    with database.read_session() as session:
        if is_case_number(text):
            found = session.scalars(select(Complaint).where(
                Complaint.case_number == text.upper())).first()
        elif text.isascii() and text.isdigit():  # "²" and "١" are digits to str.isdigit
            number = int(text)
            # A number past the database's largest integer is no draft's (SQLite would overflow).
            found = session.get(Complaint, number) if number <= MAX_DRAFT_NUMBER else None
        else:
            raise UserError(f"“{reference}” is not a case number or a draft number.",
                            "Give a case number such as ERB-2026-001, or a draft's number.")
        if found is None or not receives(session, account, found):
            raise no_such_case(text.upper())
        return found.id


def language_of(value: str) -> Language:
    """The language named ``value`` ("es", "Spanish", "español"), or a :class:`UserError`
    listing the languages (``ethics-desk letter … --language es``)."""
    text = value.strip().lower()
    for language in Language:
        names = {language.value, language.name.lower(), language.label.lower(),
                 language.label.split(" (")[0].lower()}
        if text in names:
            return language
    raise UserError(f"There is no language “{value}” for the papers.",
                    "Choose one of: " + ", ".join(f"{lang.value} ({lang.label})"
                                                  for lang in Language) + ".")


@case_reader("Reading whom a case's paper goes to")
def recipients(database: Database, case_id: int, kind: str, *,
               account: Account) -> list[Recipient]:
    """Whom ``kind`` goes to for this case, in order (the index :func:`render_letter` takes); a
    case ``account`` does not receive gets the answer of one that does not exist."""
    rule_for(kind)  # an unknown kind is refused before anything is read
    with database.read_session() as session:
        return recipients_in(session, case_for(session, account, case_id), kind)


@case_reader("Previewing a case's paper")
def render_letter(database: Database, case_id: int, kind: str, *, recipient_index: int = 0,
                  account: Account, clock: Clock, language: Language = Language.ENGLISH,
                  replaces_issued_on: date | None = None,
                  code_provided: CodeProvided | None = None) -> bytes:
    """A preview of ``kind`` for the case's ``recipient_index``-th recipient, as PDF bytes, in
    ``language`` (a kind with no template in it is refused, naming the kinds that have one),
    dated the office's day at ``clock``'s time. A corrected reissue gives
    ``replaces_issued_on``, the day the copy it replaces was issued: the letter says so under
    its title. A case ``account`` does not receive is answered as one that does not exist.
    ``code_provided``: for the (e) notice when the office has stored no Ethics Code, how the
    Code was provided to the respondent (:func:`check_code_provided`); the notice says so.

    The preview is exactly the paper issuing would freeze at the same moment
    (:func:`letter_in`, which :func:`ethics_desk.documents.issuing.issue` renders inside its
    transaction): same record, same wording, same bytes.

    It is audited as ``preview.<kind>`` before anyone sees it, § 2-83(h): who saw what of a
    pending complaint is always on record. It is read in a read transaction, never waiting for
    another desk's write: while one holds the writers' lock, the record is queued, fsynced, and
    written by the next writer (:mod:`ethics_desk.storage.queued_records`).
    """
    rule = rule_for(kind)
    rule.check_language(kind, language)
    now = clock()
    with database.read_session() as session:
        complaint = case_for(session, account, case_id)
        person, paper, renderer = _letter(session, complaint, kind, rule,
                                          recipient_index=recipient_index, now=now,
                                          language=language,
                                          replaces_issued_on=replaces_issued_on,
                                          code_provided=code_provided)
    in_language = "" if language is Language.ENGLISH else f", in {language.label}"
    # On record before anyone sees it; queued while another desk writes.
    queued_records.record(database, [queued_records.Pending(
        now, account.display, f"preview.{kind}",
        f"Previewed the {rule.title} to {person.name}{in_language}", complaint_id=case_id,
        detail={"kind": kind, "recipient": person.name, "language": language.value})])
    return renderer.render(paper)


def recipients_in(session: Session, complaint: Complaint, kind: str) -> list[Recipient]:
    """Whom ``kind`` goes to for ``complaint`` (already found through the acting account's
    scope), in order: :func:`recipients` inside a service's transaction."""
    rule = rule_for(kind)
    _check_state(complaint, kind, rule)
    return _recipients(session, complaint, kind, rule)


def letter_in(session: Session, complaint: Complaint, kind: str, *, recipient_index: int = 0,
              now: datetime, language: Language = Language.ENGLISH,
              replaces_issued_on: date | None = None,
              code_provided: CodeProvided | None = None) -> tuple[Recipient, bytes]:
    """The paper ``kind`` of ``complaint`` (already found through the acting account's scope)
    for its ``recipient_index``-th recipient, rendered in ``session`` from the record and the
    office's wording as they are at ``now``: the recipient and the PDF bytes. Issuing renders
    the paper it freezes here, inside its own transaction; the preview
    (:func:`render_letter`) is the same rendering."""
    rule = rule_for(kind)
    rule.check_language(kind, language)
    person, paper, renderer = _letter(session, complaint, kind, rule,
                                      recipient_index=recipient_index, now=now,
                                      language=language, replaces_issued_on=replaces_issued_on,
                                      code_provided=code_provided)
    return person, renderer.render(paper)


def _letter(session: Session, complaint: Complaint, kind: str, rule: KindRule, *,
            recipient_index: int, now: datetime, language: Language,
            replaces_issued_on: date | None,
            code_provided: CodeProvided | None = None) -> tuple[Recipient, Any, Renderer[Any]]:
    """A case paper's recipient, data and renderer, resolved in ``session`` at ``now``: the
    state and the kind's own condition checked, dated the office's day at ``now``."""
    _check_state(complaint, kind, rule)
    _check_withheld(session, complaint, rule, now)
    people = _recipients(session, complaint, kind, rule)
    if not 0 <= recipient_index < len(people):
        raise UserError(f"The {kind} of {complaint.display_number} has {len(people)} "
                        f"recipient(s); there is no number {recipient_index + 1}.",
                        "Choose one of the recipients listed.")
    letterhead = letterhead_from_settings(session)
    today = office_date(now, letterhead.zone)
    if code_provided is not None:
        code_provided = check_code_provided(code_provided, today)
    paper = rule.paper(_Context(session, letterhead, today, case=complaint, people=people,
                                index=recipient_index, code_provided=code_provided))
    if replaces_issued_on is not None and isinstance(paper, CaseLetter):
        paper = replace(paper, replaces_issued_on=replaces_issued_on)
    return people[recipient_index], paper, rule.renderer_in(language, wording.library(session))


def render_at_counter(database: Database, kind: str, *, today: date, intake: Intake | None = None,
                      provision_citations: Sequence[str] = (),
                      language: Language = Language.ENGLISH) -> bytes:
    """A paper made at the counter, before the complaint is filed, as PDF bytes: the sworn
    complaint for signing from ``intake`` as typed (``provision_citations`` are the citations of
    its provisions), or the information sheet (§ 2-83(b)). A complaint at the counter is a draft,
    so a kind that does not apply to a draft (the receipt, say) is refused."""
    rule = KINDS.get(kind)
    made_there = [k for k, r in KINDS.items()
                  if r.scope is not Scope.MEETING and r.applies_to(AT_THE_COUNTER)]
    if rule is None:
        raise UserError(f"There is no document called “{kind}”.",
                        "Choose one of: " + ", ".join(made_there) + ".")
    if kind not in made_there:
        where = ", ".join(s.label for s in CaseState if s in rule.states)
        raise UserError(f"The {kind} ({rule.citation}) is not made at the counter: a complaint "
                        f"there is “{AT_THE_COUNTER.label}” until its receipt is recorded.",
                        f"It applies to a case that is: {where}; make it from the case.")
    if rule.scope is Scope.CASE and intake is None:
        raise UserError(f"The {kind} ({rule.citation}) is made from the complaint being taken.",
                        "Make it from the intake.")
    rule.check_language(kind, language)
    with database.read_session() as session:
        templates = wording.library(session)
        paper = rule.paper(_Context(session, letterhead_from_settings(session), today,
                                    intake=intake, citations=tuple(provision_citations)))
    return rule.renderer_in(language, templates).render(paper)


@dataclass(frozen=True)
class Meeting:
    """What the Board packet is made for: the meeting, its cases in order, when and by whom."""

    meeting_on: date
    complaint_ids: tuple[int, ...]
    produced_at: datetime
    actor: str | None = None


@service(Act.BOARD_PACKET, "Producing the Board packet")
def render_for_meeting(database: Database, meeting: Meeting, kind: str = BOARD_PACKET, *,
                       account: Account) -> tuple[Any, bytes]:
    """The paper of a Board meeting (its data, then its PDF bytes), for an ``account`` the
    permission table lets produce it (its production is audited by
    :func:`ethics_desk.board.packet.render_packet`). Each case must be one the kind applies to
    (a filed case); the builder refuses any other."""
    rule = rule_for(kind, Scope.MEETING)
    with database.read_session() as session:
        templates = wording.library(session)
        letterhead = letterhead_from_settings(session)
        paper = rule.paper(_Context(session, letterhead,
                                    office_date(meeting.produced_at, letterhead.zone),
                                    meeting=meeting))
    return paper, rule.renderer_in(Language.ENGLISH, templates).render(paper)


def render_for_records(database: Database, paper: RetentionPaper,
                       kind: str = RETENTION_CERTIFICATE) -> bytes:
    """The paper of the office's records (the disposal list and log, resolved by
    :mod:`ethics_desk.retention.certificate`) as PDF bytes, in the office's wording."""
    rule = rule_for(kind, Scope.RECORDS)
    with database.read_session() as session:
        templates = wording.library(session)
        data = rule.paper(_Context(session, paper.letterhead, paper.list_day, records=paper))
    return bytes(rule.renderer_in(Language.ENGLISH, templates).render(data))


def render_for_recovery(database: Database, paper: RecoverySheetPaper,
                        kind: str = RECOVERY_SHEET) -> bytes:
    """The recovery sheet of the record key (resolved by
    :func:`ethics_desk.maintenance.recovery_sheet.render_recovery_sheet`) as PDF bytes, in the
    office's wording."""
    rule = rule_for(kind, Scope.KEY)
    with database.read_session() as session:
        templates = wording.library(session)
        data = rule.paper(_Context(session, paper.letterhead, paper.made_on, recovery=paper))
    return bytes(rule.renderer_in(Language.ENGLISH, templates).render(data))


# -- resolving ----------------------------------------------------------------------------------


def _check_state(complaint: Complaint, kind: str, rule: KindRule) -> None:
    if rule.applies_to(complaint.state) and not rule.applies_to(complaint.state,
                                                                 is_sworn(complaint)):
        raise UserError(f"The {kind} ({rule.citation}) is for a complaint that is not sworn; "
                        f"{complaint.display_number} is sworn.",
                        "A sworn complaint is forwarded for review (§ 2-83(d)(1)), not returned "
                        "as unsworn.")
    if not rule.applies_to(complaint.state):
        where = ", ".join(s.label for s in CaseState if s in rule.states)
        raise UserError(
            f"The {kind} ({rule.citation}) does not apply to {complaint.display_number}, which "
            f"is “{complaint.state.label}”.", f"It applies to a case that is: {where}.")


def _check_withheld(session: Session, complaint: Complaint, rule: KindRule,
                    now: datetime) -> None:
    """Refuse a paper the kind's own condition withholds at ``now``."""
    if rule.withheld is not None:
        refusal = rule.withheld(session, complaint, now)
        if refusal is not None:
            raise refusal


def _hearing_past(session: Session, complaint: Complaint, now: datetime) -> UserError | None:
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
    return _past_hearing(session, complaint, hearing.scheduled_at, "show-cause hearing",
                         "the complainant", "§ 2-83(f)(4)(b)")


def _past_hearing(session: Session, complaint: Complaint, scheduled_at: datetime, name: str,
                  told: str, citation: str) -> UserError:
    """Why a notice of a hearing is no longer made: the hearing's time is past, so a notice
    would give ``told`` no notice (posted at least 72 hours before, Gov't Code § 551.043)."""
    when = ENGLISH.long_datetime(scheduled_at, settings.time_zone(session))
    return UserError(f"The {name} of {complaint.display_number} was set for {when}, which is "
                     f"past: a notice of it would give {told} no notice ({citation}; Gov't Code "
                     "§ 551.043).",
                     "Reprint the notice already issued from the Papers tab's issued list, or "
                     "record the hearing.")


def _requested_hearing_not_to_come(session: Session, complaint: Complaint,
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
    return _past_hearing(session, complaint, hearing.scheduled_at, "requested hearing",
                         "the parties", "§ 2-83(e)(4)")


def is_sworn(complaint: Complaint) -> bool | None:
    """Whether the complaint was sworn (None: not recorded), as the kinds' table asks."""
    return complaint.oath.sworn if complaint.oath is not None else None


def party_of(person: Any) -> Party:
    """A complainant or respondent of the case as the papers address them."""
    return Party(name=person.name, title=getattr(person, "title", ""),
                 department=getattr(person, "department", ""), address=person.address,
                 phone=getattr(person, "phone", ""), email=person.email)


def _complainant(complaint: Complaint) -> Party:
    return party_of(complaint.complainants[0]) if complaint.complainants else Party(name="")


def _recipients(session: Session, complaint: Complaint, kind: str,
                rule: KindRule) -> list[Recipient]:
    first = complaint.complainants[0] if complaint.complainants else None
    complainant = Recipient(_complainant(complaint), "complainant",
                            language=first.preferred_language if first else Language.ENGLISH)
    respondents = [Recipient(party_of(r), "respondent", r.id, r.preferred_language)
                   for r in complaint.respondents]
    if kind == "response-copy":
        responses = _filings(session, complaint, FilingKind.RESPONSE)
        return [Recipient(complainant.party, "complainant", f.respondent_id,
                          complainant.language) for f in responses]
    if rule.audience is Audience.COMPLAINANT:
        return [complainant]
    if rule.audience is Audience.RESPONDENTS:
        return respondents
    if rule.audience in (Audience.PARTIES, Audience.COMPLAINANT_WITH_COPIES):
        return [complainant, *respondents]
    if rule.audience is Audience.AGENCY:
        return [Recipient(_agency(s.agency)[0], "agency") for s in _referrals(session, complaint)]
    if rule.audience is Audience.NOTICED:
        noticed = set(session.scalars(select(RuleNotice.respondent_id).where(
            RuleNotice.complaint_id == complaint.id)))
        return [r for r in respondents if r.respondent_id in noticed]
    if rule.audience is Audience.OPINION:
        return [complainant, *respondents, *_opinion_copies(session, complaint)]
    if rule.audience is Audience.RESPONSE_RECIPIENTS:
        return [Recipient(Party(r.label), r.value) for r in ResponseRecipient]
    if rule.audience is Audience.REVIEWERS:
        return [Recipient(Party(role.label), role.value) for role in ReviewerRole]
    if rule.audience is Audience.BOARD:
        return [Recipient(Party("Members of the Ethics Review Board"), "board")]
    # The case file's paper in a language the complainant reads, when the kind has it: the
    # sworn complaint is what the complainant swears to.
    return [Recipient(Party("Case file"), "office", language=complainant.language
                      if complainant.language in rule.languages else Language.ENGLISH)]


@dataclass
class _Context:
    """What a kind's builder reads: the session, the office, today, and what the paper is made
    for — a case and the copy's recipient, the complaint being taken at the counter, or a
    meeting of the Board."""

    session: Session
    letterhead: Letterhead
    today: date
    case: Complaint | None = None
    people: Sequence[Recipient] = ()
    index: int = 0
    intake: Intake | None = None
    citations: tuple[str, ...] = ()
    meeting: Meeting | None = None
    records: RetentionPaper | None = None
    recovery: RecoverySheetPaper | None = None
    information_request: RequestView | None = None
    code_provided: CodeProvided | None = None

    @property
    def pia(self) -> RequestView:
        """The Public Information Act request the paper is made for."""
        assert self.information_request is not None, "a paper made for a request"
        return self.information_request

    @property
    def complaint(self) -> Complaint:
        """The case the paper is made for."""
        assert self.case is not None, "a paper made for a case"
        return self.case

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
                "filed_on": office_date(c.received_at, self.letterhead.zone),
                "nature": c.nature.strip(),
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


def _sworn_complaint(ctx: _Context) -> ComplaintPaper:
    if ctx.intake is not None:  # at the counter, for signing: the intake as typed
        return complaint_paper_from_intake(ctx.intake, list(ctx.citations), ctx.letterhead)
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
    defects = tuple(DefectEntry(item.citation, item.label, " ".join(notes[item]), item.value)
                    for item in DefectItem if item in notes)
    auditor = ctx.session.scalar(select(Review.reviewer_name).where(
        Review.complaint_id == ctx.complaint.id, Review.role == ReviewerRole.COMPLIANCE_AUDITOR))
    return DefectLetterPaper(**ctx.common(), defects=defects, auditor_name=auditor or "")


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
    return CureNoticePaper(**ctx.common(), cure=ENGLISH.cure(cure.kind),
                           cure_filed_on=cure.filed_on, cure_kind=cure.kind,
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
    enclosed = wording.code_stored(ctx.session)
    return RespondentNoticePaper(**ctx.common(),
                                 forwarded_on=due.trigger_mailed_on or due.trigger_on,
                                 response_due=due.due_on, response_explanation=due.explanation,
                                 response_basis=_due_basis(due), attachments=attachments,
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


def _response_copy(ctx: _Context) -> ResponseCopyPaper:
    responses = _filings(ctx.session, ctx.complaint, FilingKind.RESPONSE)
    response = responses[ctx.index]
    due = None if response.respondent_id is None else _deadline(
        ctx.session, ctx.complaint, "reply", respondent_key(response.respondent_id))
    return ResponseCopyPaper(**ctx.common(), responding=response.party_name,
                             response_received_on=response.received_on,
                             reply_due=due.due_on if due else None,
                             reply_explanation=due.explanation if due else "",
                             reply_basis=_due_basis(due) if due else None)


def _due_basis(deadline: Deadline) -> DueBasis:
    """What a stored deadline counts from, for the plain sentence a letter states it in."""
    return DueBasis(deadline.trigger_on, deadline.trigger_basis == "presumed",
                    deadline.trigger_mailed_on)


def _reply_copy(ctx: _Context) -> ReplyCopyPaper:
    replies = _filings(ctx.session, ctx.complaint, FilingKind.REPLY)
    if not replies:
        raise UserError(f"No reply is recorded for {ctx.complaint.display_number}.",
                        "Record the complainant's sworn reply first (§ 2-83(e)(3)).")
    return ReplyCopyPaper(**ctx.common(), reply_received_on=replies[-1].received_on)


def _hearing_notice(ctx: _Context) -> HearingNoticePaper:
    hearing = ctx.session.scalar(Hearing.to_hold(ctx.complaint.id))
    if hearing is None or hearing.scheduled_at is None:
        raise UserError(f"No requested hearing is scheduled for {ctx.complaint.display_number}.",
                        "Schedule the requested hearing first (§ 2-83(e)(4)).")
    # Each request made its hearing and its filing together: the n-th hearing is the n-th ask.
    hearings = [h.id for h in ctx.session.scalars(Hearing.requested(ctx.complaint.id))]
    requests = _filings(ctx.session, ctx.complaint, FilingKind.HEARING_REQUEST)
    asked = hearings.index(hearing.id)
    request = requests[asked] if asked < len(requests) else None
    return HearingNoticePaper(
        **ctx.common(), hearing_at=in_office_time(hearing.scheduled_at, ctx.letterhead.zone),
        place=hearing.place,
        requested_by=request.party_name if request is not None else "",
        requested_role=hearing.requested_by,
        requested_on=request.received_on if request is not None else ctx.today,
        pending=ctx.complaint.state.is_pending)


def _response_transmittal(ctx: _Context) -> ResponseTransmittalPaper:
    responses = _filings(ctx.session, ctx.complaint, FilingKind.RESPONSE)
    if not responses:
        raise UserError(f"No sworn response is recorded for {ctx.complaint.display_number}.",
                        "File the response first (§ 2-83(e)(1)).")
    sent = {(f.filing_id, f.recipient.value): f.forwarded_on for f in ctx.session.scalars(
        select(ResponseForward).where(ResponseForward.complaint_id == ctx.complaint.id))}
    return ResponseTransmittalPaper(**ctx.common(), responses=tuple(
        ForwardedResponse(f.party_name, f.received_on, sent.get((f.id, ctx.recipient.role)))
        for f in responses))


def _resolution_notice(ctx: _Context) -> ResolutionNoticePaper:
    if ctx.complaint.state is S.RETURNED_DEFECTIVE:  # a return is a resolution, § 2-83(d)(3)-(4)
        returned = _latest_decision(ctx.session, ctx.complaint, DecisionKind.RETURN_DEFECTIVE)
        if returned is None:
            raise UserError(f"No return as defective is recorded for "
                            f"{ctx.complaint.display_number}.",
                            "Record the return first (§ 2-83(d)(3)).")
        return ResolutionNoticePaper(**ctx.common(), disposition=RETURNED_DEFECTIVE_WORDS,
                                     decided_on=returned.decided_on, notes=returned.notes,
                                     outcome=RETURNED_DEFECTIVE)
    decision = _latest_decision(ctx.session, ctx.complaint, DecisionKind.RESOLUTION)
    if decision is None or decision.disposition is None:
        raise UserError(f"No resolution is recorded for {ctx.complaint.display_number}.",
                        "Record the resolution first (§ 2-83(d)(4)).")
    return ResolutionNoticePaper(**ctx.common(), disposition=DISPOSITIONS[decision.disposition],
                                 decided_on=decision.decided_on, notes=decision.notes,
                                 outcome=decision.disposition.value)


def _opinion_copies(session: Session, complaint: Complaint) -> list[Recipient]:
    """The copies of the written opinion besides the parties', § 2-87(a)."""
    return [Recipient(Party(name, title="Member, Ethics Review Board" if role == "board_member"
                            else ""), role) for name, role in opinion_copies(session, complaint)]


def _rule_notice(ctx: _Context) -> RuleNoticePaper:
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


def _not_on_the_merits(session: Session, complaint: Complaint,
                       now: datetime) -> UserError | None:
    """The written opinion states the Board's decision on the merits (§ 2-87(a)): none is made
    for a complaint withdrawn, cured or determined frivolous (their own papers say so)."""
    decision = _latest_decision(session, complaint, DecisionKind.RESOLUTION)
    if decision is not None and decision.disposition in ON_THE_MERITS:
        return None
    how = (f"“{decision.disposition.label}”" if decision is not None and decision.disposition
           else "not decided by the Board on the merits")
    return UserError(f"{complaint.display_number} was resolved as {how}: the Board's written "
                     "opinion (§ 2-87(a)) states a decision on the merits — dismissed, no "
                     "violation or violation found.",
                     "Use the notice of resolution (§ 2-83(d)(4)) or the case's own paper.")


def _written_opinion(ctx: _Context) -> WrittenOpinionPaper:
    decision = _latest_decision(ctx.session, ctx.complaint, DecisionKind.RESOLUTION)
    if decision is None or decision.disposition is None \
            or decision.disposition not in ON_THE_MERITS:
        raise _not_on_the_merits(ctx.session, ctx.complaint, datetime.min) or UserError(
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
    due = _deadline(ctx.session, ctx.complaint, ClockKind.OPINION.value)
    return WrittenOpinionPaper(
        **ctx.common(), disposition=DISPOSITIONS[decision.disposition],
        outcome=decision.disposition.value, decided_on=decision.decided_on,
        reasons=decision.notes, vote=vote_record(ctx.session, vote) if vote else None,
        findings=tuple(findings),
        not_taking_part=not_taking_part(ctx.session, vote) if vote is not None else (),
        opinion_due=due.due_on if due is not None else None)


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
        document=title_of(kind),
        recipient=Party(mailing.recipient_name, address=mailing.address),
        method=mailing.method.label, mailed_on=mailing.mailed_on or ctx.today,
        tracking_number=mailing.tracking_number,
        note=_method_note(kind, mailing.method)) for mailing, kind in rows)
    return CertificateOfMailingPaper(ctx.letterhead, ctx.complaint.case_number or "", items,
                                     certified_on=ctx.today)


def _method_note(kind: str | None, method: MailMethod) -> str:
    """Why an item's method is not the statute's, for a paper the statute sends one way only
    (the mail ledger refuses any other now; a record made before it did is certified as it
    stands, saying so, never as if it were the statute's way)."""
    rule = KINDS.get(kind or "")
    if rule is None or rule.sent_by is None or method is rule.sent_by:
        return ""
    return (f"{rule.citation} sends this paper by {in_a_sentence(rule.sent_by.label)}; "
            f"it is recorded as sent by {in_a_sentence(method.label)}.")


# -- the Board's papers (§ 2-83(f), (g)) ----------------------------------------------------------

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
        detail = " — ".join(x for x in (_agency(sanction.agency)[0].name, sanction.text.strip())
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
        **ctx.common(), ordered_on=order.ordered_on, vote=vote_record(ctx.session, vote),
        explanation=order.explanation,
        factors=tuple(factor_note(f, noted[f]) for f in FrivolousFactor if f in noted),
        factors_not_relied_on=tuple(f.citation for f in FrivolousFactor if f not in noted),
        hearing_at=in_office_time(hearing.scheduled_at, ctx.letterhead.zone),
        place=hearing.place,
        pending=ctx.complaint.state.is_pending)


def _frivolous_determination(ctx: _Context) -> FrivolousDeterminationPaper:
    vote = _frivolous_vote(ctx)
    hearing = _show_cause_hearing(ctx)
    sanctions = list(ctx.session.scalars(select(Sanction).where(
        Sanction.complaint_id == ctx.complaint.id).order_by(Sanction.id)))
    factors = sanction_factors(sanctions[-1]) if sanctions else ()
    return FrivolousDeterminationPaper(
        **ctx.common(), determined_on=vote.meeting_on, vote=vote_record(ctx.session, vote),
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
        vote=vote_record(ctx.session, vote), particulars=_particulars(ctx), purpose=purpose,
        perjury="perjur" in f"{referral.agency} {referral.text}".lower(),
        pending=ctx.complaint.state.is_pending,
        chair=_board_chair(ctx.session, referral.imposed_on))


def _board_chair(session: Session, on: date) -> str:
    """The name of the Chair of the Board serving on ``on`` ("" when none is recorded)."""
    return session.scalar(
        select(BoardMember.name).join(BoardTerm)
        .where(BoardTerm.role == BoardRole.CHAIR, BoardTerm.starts_on <= on,
               (BoardTerm.ends_on.is_(None)) | (BoardTerm.ends_on >= on))
        .order_by(BoardTerm.starts_on.desc()).limit(1)) or ""


def _info_sheet(ctx: _Context) -> InfoSheetPaper:
    return InfoSheetPaper(letterhead=ctx.letterhead)


def _board_packet(ctx: _Context) -> Any:
    # The packet's data is the Board's: the agenda and a sheet per case (deferred, since the
    # Board's module states votes and parties with this module's builders).
    from ethics_desk.board.packet import packet_paper

    assert ctx.meeting is not None, "the packet is made for a meeting"
    return packet_paper(ctx.session, ctx.letterhead, ctx.meeting, KINDS[BOARD_PACKET])


def _retention_certificate(ctx: _Context) -> RetentionPaper:
    assert ctx.records is not None, "the paper is made of the office's records"
    return ctx.records


def _recovery_sheet(ctx: _Context) -> RecoverySheetPaper:
    assert ctx.recovery is not None, "the paper is made of the record key"
    return ctx.recovery

# -- the papers of a Public Information Act request (Gov't Code ch. 552), § 2-83(h)(3) -------------


def _request_letter(ctx: _Context, *, to_attorney_general: bool = False) -> RequestLetterPaper:
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
        estimate=tuple((_estimate_line(item), item.amount_cents) for item in view.estimate),
        estimate_sent_on=view.estimate_sent_on, estimate_answer_due=view.estimate_answer_due)


def _estimate_line(item: CostItem) -> str:
    """"Paper copies: 120 × $0.10"."""
    return f"{item.description}: {item.quantity.normalize():f} × {dollars(item.unit_cents)}"


def _pia_clarification(ctx: _Context) -> RequestLetterPaper:
    if ctx.pia.clarification_asked_on is None:
        raise UserError(f"No request for clarification is recorded on {ctx.pia.number}.",
                        "Record the clarification asked for first (Clarification…); the letter "
                        "states its question (Gov't Code § 552.222(b)).")
    return _request_letter(ctx)


def _pia_cost_estimate(ctx: _Context) -> RequestLetterPaper:
    if not ctx.pia.estimate:
        raise UserError(f"No statement of estimated charges is recorded on {ctx.pia.number}.",
                        "Record the estimated charges first (Cost estimate…); the statement "
                        "itemizes them (Gov't Code § 552.2615(a)).")
    return _request_letter(ctx)


def _pia_acknowledgement(ctx: _Context) -> RequestLetterPaper:
    return _request_letter(ctx)


def _pia_ruling_notice(ctx: _Context) -> RequestLetterPaper:
    return _request_letter(ctx)


def _pia_ruling_request(ctx: _Context) -> RequestLetterPaper:
    if not ctx.pia.exceptions_claimed:  # the request states the exceptions, § 552.301(b)
        raise UserError(f"No exception claimed is recorded on {ctx.pia.number}: the request "
                        "for a ruling states the exceptions that apply (Gov't Code "
                        "§ 552.301(b)).", "Record the exceptions claimed first (Exceptions "
                        "claimed…); the letter lists them.")
    return _request_letter(ctx, to_attorney_general=True)


def _pia_release_letter(ctx: _Context) -> RequestLetterPaper:
    if ctx.pia.released_on is None:
        raise UserError(f"No release is recorded on {ctx.pia.number}.",
                        "Record the release first; the letter states its date.")
    return _request_letter(ctx)


def request_kinds() -> list[tuple[str, KindRule]]:
    """The kinds made for a Public Information Act request, in the table's order."""
    return [(kind, rule) for kind, rule in KINDS.items() if rule.scope is Scope.REQUEST]


@service(Act.PUBLIC_INFORMATION, "Making a paper of a Public Information Act request")
def render_for_request(database: Database, request_id: int, kind: str, *,
                       account: Account, today: date,
                       language: Language = Language.ENGLISH) -> tuple[RequestLetterPaper, bytes]:
    """A paper of a Public Information Act request (its data, then its PDF bytes), for an
    account the permission table lets handle requests; nothing is stored (issuing is
    :func:`ethics_desk.public_information.papers.issue_paper`'s)."""
    rule = rule_for(kind, Scope.REQUEST)
    rule.check_language(kind, language)
    with database.read_session() as session:
        row = session.get(InformationRequest, request_id)
        if row is None:
            raise UserError(f"There is no request with id {request_id}.", "Refresh the list.")
        view = view_of(session, row, calendar_for(session))
        templates = wording.library(session)
        paper = rule.paper(_Context(session, letterhead_from_settings(session), today,
                                    information_request=view))
    return paper, rule.renderer_in(language, templates).render(paper)


# -- the table ------------------------------------------------------------------------------------


def _row(title: str, states: set[CaseState] | frozenset[CaseState], citation: str,
         audience: Audience, paper: Callable[[_Context], Any], renderer: type[Renderer[Any]],
         scope: Scope = Scope.CASE, *, spanish: bool = False,
         withheld: Callable[[Session, Complaint, datetime], UserError | None] | None = None,
         unsworn_only: bool = False, sent_by: MailMethod | None = None,
         encloses_code: bool = False, certified_by_default: bool = False) -> KindRule:
    languages = frozenset(Language) if spanish else frozenset({Language.ENGLISH})
    return KindRule(title, frozenset(states), citation, audience, paper, renderer, scope,
                    languages, withheld, unsworn_only, sent_by, encloses_code,
                    certified_by_default)


KINDS: dict[str, KindRule] = {
    "sworn-complaint": _row(
        "The sworn complaint, with its affidavit and notary jurat", FILED_STATES | {S.DRAFT},
        "§ 2-83(c)", Audience.OFFICE, _sworn_complaint, SwornComplaintRenderer, spanish=True),
    "receipt": _row(
        "Filing receipt for the complainant", FILED_STATES, "§ 2-83(a), (c)",
        Audience.COMPLAINANT, _receipt, ReceiptRenderer, spanish=True),
    "unsworn-return": _row(
        "Return of an unsworn complaint", {S.FILED, S.RETURNED_UNSWORN},
        "§ 2-83(c), last paragraph", Audience.COMPLAINANT, _unsworn_return,
        UnswornReturnRenderer, spanish=True, unsworn_only=True),
    "info-sheet": _row(
        "How to File an Ethics Complaint", frozenset(CaseState), "§ 2-83(b)", Audience.INQUIRER,
        _info_sheet, InfoSheetRenderer, Scope.INQUIRY, spanish=True),
    "reviewer-transmittal": _row(
        "Confidential transmittal to the reviewers", {S.UNDER_REVIEW}, "§ 2-83(d)(1)",
        Audience.REVIEWERS, _reviewer_transmittal, ReviewerTransmittalRenderer),
    # (d)(1) owes the notice from the forwarding for review; one forgotten then can still be
    # sent once the review is over (the steps of the case say it is owed, cases/steps.py).
    "filing-notice": _row(
        "Notice of filing to a respondent, information only",
        {S.UNDER_REVIEW, S.ACCEPTED, S.CAMPAIGN_FINANCE, S.RETURNED_DEFECTIVE}, "§ 2-83(d)(1)",
        Audience.RESPONDENTS, _filing_notice, FilingNoticeRenderer),
    "defect-letter": _row(
        "Defect letter to the complainant", {S.UNDER_REVIEW, S.RETURNED_DEFECTIVE},
        "§ 2-83(d)(3)", Audience.COMPLAINANT, _defect_letter, DefectLetterRenderer, spanish=True),
    "cf-forward": _row(
        "Campaign-finance complaint forwarded to the respondent", {S.CAMPAIGN_FINANCE},
        "§ 2-83(d)(2)", Audience.RESPONDENTS, _cf_forward, CampaignFinanceForwardRenderer),
    "cf-cure-notice": _row(
        "Notice of the statement or amended report filed", {S.RESOLVED},
        "§ 2-83(d)(2)", Audience.COMPLAINANT, _cf_cure_notice, CureNoticeRenderer,
        spanish=True, sent_by=MailMethod.FIRST_CLASS),
    "board-transmittal": _row(
        "Transmittal to the members of the Board", {S.ACCEPTED, S.AWAITING_RESPONSE},
        "§ 2-83(d)(3)", Audience.BOARD, _board_transmittal, BoardTransmittalRenderer),
    "respondent-notice": _row(
        "Notice to a respondent with the (e) items and the response date",
        {S.AWAITING_RESPONSE, S.RESPONSE_FILED, S.REPLY_FILED}, "§ 2-83(d)(3), (e)",
        Audience.RESPONDENTS, _respondent_notice, RespondentNoticeRenderer,
        encloses_code=True, certified_by_default=True),
    "response-copy": _row(
        "Copy of a response for the complainant, with the reply date",
        {S.RESPONSE_FILED, S.REPLY_FILED}, "§ 2-83(e)(3)", Audience.COMPLAINANT,
        _response_copy, ResponseCopyRenderer, spanish=True),
    "response-transmittal": _row(
        "Transmittal of a sworn response, upon receipt", {S.RESPONSE_FILED, S.REPLY_FILED,
                                                          S.SHOW_CAUSE, S.RESOLVED},
        "§ 2-83(e), last paragraph", Audience.RESPONSE_RECIPIENTS, _response_transmittal,
        ResponseTransmittalRenderer),
    "reply-copy": _row(
        "Copy of the complainant's reply for a respondent", {S.REPLY_FILED}, "§ 2-83(e)(3)",
        Audience.RESPONDENTS, _reply_copy, ReplyCopyRenderer),
    "hearing-notice": _row(
        "Notice of the requested hearing, with its date, time and place",
        {S.ACCEPTED, S.AWAITING_RESPONSE, S.RESPONSE_FILED, S.REPLY_FILED, S.SHOW_CAUSE},
        "§ 2-83(e)(4); Gov't Code § 551.043", Audience.PARTIES, _hearing_notice,
        HearingNoticeRenderer, spanish=True, withheld=_requested_hearing_not_to_come),
    "show-cause-order": _row(
        "Notice of an order to show cause, with the hearing's date, time and place",
        {S.SHOW_CAUSE, S.RESOLVED}, "§ 2-83(f)(2), (f)(4)", Audience.COMPLAINANT_WITH_COPIES,
        _show_cause_order, ShowCauseOrderRenderer, spanish=True, withheld=_hearing_past),
    "frivolous-determination": _row(
        "Determination of a frivolous complaint, with any sanctions", {S.RESOLVED},
        "§ 2-83(f)(6), (g)", Audience.COMPLAINANT_WITH_COPIES, _frivolous_determination,
        FrivolousDeterminationRenderer, spanish=True),
    "referral": _row(
        "Notification of an agency, e.g. for investigation of perjury", {S.RESOLVED},
        "§ 2-83(g)(3)", Audience.AGENCY, _referral, ReferralRenderer),
    "rule-notice": _row(
        "Notice to a respondent of a rule not alleged in the complaint",
        {S.ACCEPTED, S.AWAITING_RESPONSE, S.RESPONSE_FILED, S.REPLY_FILED, S.SHOW_CAUSE},
        "§ 2-85(c)", Audience.NOTICED, _rule_notice, RuleNoticeRenderer),
    "written-opinion": _row(
        "The Board's written opinion, with its copies", {S.RESOLVED}, "§ 2-87(a)",
        Audience.OPINION, _written_opinion, WrittenOpinionRenderer, spanish=True,
        withheld=_not_on_the_merits),
    "resolution-notice": _row(
        "Notice of resolution to a respondent", {S.RESOLVED, S.RETURNED_DEFECTIVE},
        "§ 2-83(d)(4)",
        Audience.RESPONDENTS, _resolution_notice, ResolutionNoticeRenderer, spanish=True),
    "envelope": _row(
        "Envelope, #10, for one recipient", FILED_STATES, "any mailed item", Audience.PARTIES,
        _envelope, EnvelopeRenderer),
    "labels": _row(
        "Address labels for every party (30 a sheet)", FILED_STATES, "any mailed item",
        Audience.PARTIES, _labels, LabelsRenderer),
    "certificate-of-mailing": _row(
        "Certificate of mailing, signed by the Clerk", FILED_STATES, "any mailed item",
        Audience.OFFICE, _certificate, CertificateOfMailingRenderer),
    BOARD_PACKET: _row(
        "Board Packet", FILED_STATES, "§ 2-83(h)", Audience.BOARD, _board_packet,
        BoardPacketRenderer, Scope.MEETING),
    RETENTION_CERTIFICATE: _row(
        "Records Disposal List and Log of Destruction", {S.RESOLVED},
        "Local Schedule GR; Local Government Code § 202.002", Audience.RECORDS,
        _retention_certificate, RetentionCertificateRenderer, Scope.RECORDS),
    RECOVERY_SHEET: _row(
        "Recovery Sheet: the Record Key", frozenset(),
        "the record's journal and its key", Audience.SAFE,
        _recovery_sheet, RecoverySheetRenderer, Scope.KEY),
    "pia-acknowledgement": _row(
        "Acknowledgement of Your Request for Information", frozenset(),
        "Gov't Code ch. 552; § 2-83(h)(3)", Audience.REQUESTER, _pia_acknowledgement,
        RequestAcknowledgementRenderer, Scope.REQUEST, spanish=True),
    "pia-ruling-request": _row(
        "Request for an Attorney General Decision under the Public Information Act",
        frozenset(), "Gov't Code § 552.301(b), (e)", Audience.ATTORNEY_GENERAL,
        _pia_ruling_request, RulingRequestRenderer, Scope.REQUEST),
    "pia-ruling-notice": _row(
        "Notice That We Asked the Attorney General for a Decision", frozenset(),
        "Gov't Code § 552.301(d)", Audience.REQUESTER, _pia_ruling_notice,
        RulingNoticeRenderer, Scope.REQUEST, spanish=True),
    "pia-clarification": _row(
        "Request to Clarify Your Request for Information", frozenset(),
        "Gov't Code § 552.222(b)", Audience.REQUESTER, _pia_clarification,
        ClarificationRequestRenderer, Scope.REQUEST, spanish=True),
    "pia-cost-estimate": _row(
        "Itemized Statement of Estimated Charges", frozenset(), "Gov't Code § 552.2615",
        Audience.REQUESTER, _pia_cost_estimate, CostEstimateRenderer, Scope.REQUEST,
        spanish=True),
    "pia-release-letter": _row(
        "Release of the Information You Requested", frozenset(),
        "Gov't Code ch. 552; § 2-83(h)(3)", Audience.REQUESTER, _pia_release_letter,
        ReleaseLetterRenderer, Scope.REQUEST, spanish=True),
}
"""Kind → its title, the states where it applies, the rule, who receives it, the function that
builds its data and its renderer: one row per kind, in the order a clerk meets the documents.
``unsworn_only=True`` marks the return of an unsworn complaint, never offered for a sworn one.
``spanish=True`` marks the complainant-facing papers that also have a Spanish template
(``<kind>.es.txt``): the information sheet, the receipt, the unsworn return, the defect letter,
the copy of a response, the notice of a requested hearing, the notice of an order to show
cause and the notice of resolution.
The information sheet applies in every state (anyone may ask, at any time) and is made with no
case; the sworn complaint applies from the draft at the counter on; the Board packet takes any
filed case the Clerk puts before the Board."""
