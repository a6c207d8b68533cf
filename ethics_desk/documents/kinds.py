"""The one table of document kinds (no Qt).

:data:`KINDS` holds one row per kind of document, and each fact about a kind is stated there
only: its title, the states of a case in which it applies, the rule of § 2-83 behind it, who
receives it, the builder of its data (:mod:`ethics_desk.documents.builders`) and the renderer
that lays it out. Every list of documents (``ethics-desk letter --list``, a case's Papers tab,
the certificate of mailing, the print batches, the wording in Settings), every paper the intake
hands over and the Board packet read this table; no renderer is reached another way, and a
renderer carries no title of its own. Making a paper from a row is
:mod:`ethics_desk.documents.making`'s.

Two builders live beside the table because they read it: the certificate of mailing lists the
papers mailed by the table's titles and notes a method the statute does not use for a kind, and
the Board packet takes any case in the states of its row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.errors import UserError
from ethics_desk.core.vocabulary import Language
from ethics_desk.documents.builders import board, counter, mailing, records, requests, response, review
from ethics_desk.documents.builders.board_packet import packet_paper
from ethics_desk.documents.paper_context import PaperContext, is_sworn
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
    Party,
)
from ethics_desk.documents.render.info_sheet import InfoSheetRenderer
from ethics_desk.documents.render.letter_data import (
    CertificateOfMailingPaper,
    MailedItem,
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
    RulingNoticeRenderer,
    RulingRequestRenderer,
)
from ethics_desk.documents.render.receipt import ReceiptRenderer
from ethics_desk.documents.render.recovery_sheet import RecoverySheetRenderer
from ethics_desk.documents.render.retention_certificate import (
    RetentionCertificateRenderer,
)
from ethics_desk.documents.render.sworn_complaint import SwornComplaintRenderer
from ethics_desk.documents.render.templates import TemplateLibrary
from ethics_desk.documents.render.unsworn_return import UnswornReturnRenderer
from ethics_desk.models import (
    CaseState,
    Complaint,
    IssuedDocument,
    Mailing,
    MailMethod,
    in_a_sentence,
)

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
    paper: Callable[[PaperContext], Any]
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


def title_of(kind: str | None) -> str:
    """The title of ``kind``, or the stored name of a kind no longer in the table."""
    return KINDS[kind].title if kind in KINDS else (kind or "Correspondence")


def quoted_title(kind: str | None) -> str:
    """The title of ``kind`` in quotation marks, as a sentence names a paper ("Issued “Filing
    receipt for the complainant” to José Peña"): the window and the history never show a kind
    by its stored name."""
    return f"“{title_of(kind)}”"


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


def _certificate(ctx: PaperContext) -> CertificateOfMailingPaper:
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
        note=_method_note(kind, mailing.method, courtesy=mailing.courtesy_copy))
        for mailing, kind in rows)
    return CertificateOfMailingPaper(ctx.letterhead, ctx.complaint.case_number or "", items,
                                     certified_on=ctx.today)


def _method_note(kind: str | None, method: MailMethod, *, courtesy: bool = False) -> str:
    """Why an item's method is not the statute's, for a paper the statute sends one way only
    (the mail ledger refuses any other now; a record made before it did is certified as it
    stands, saying so, never as if it were the statute's way) — or, for an e-mailed courtesy
    copy (:mod:`ethics_desk.mail.email`), that it is one."""
    rule = KINDS.get(kind or "")
    if rule is None or rule.sent_by is None or method is rule.sent_by:
        return ""
    if courtesy:
        return (f"A courtesy copy only: {rule.citation} sends this paper by "
                f"{in_a_sentence(rule.sent_by.label)}, and its mailing is listed apart.")
    return (f"{rule.citation} sends this paper by {in_a_sentence(rule.sent_by.label)}; "
            f"it is recorded as sent by {in_a_sentence(method.label)}.")


def _board_packet(ctx: PaperContext) -> Any:
    assert ctx.meeting is not None, "the packet is made for a meeting"
    return packet_paper(ctx.session, ctx.letterhead, ctx.meeting, KINDS[BOARD_PACKET].states)


COVER_TEMPLATE = "email-cover"
"""The wording of the message a paper sent by e-mail goes with (:mod:`ethics_desk.mail.email`):
the office edits it with the papers' wording, though it is no paper of the table."""


def template_titles() -> dict[str, str]:
    """Each template's name (``receipt``) with the title of the kind it words: the list of the
    office's wording in Settings and ``ethics-desk wording``."""
    return {rule.renderer.template_name: rule.title for rule in KINDS.values()} | {
        COVER_TEMPLATE: "Covering message of a paper sent by e-mail"}


def request_kinds() -> list[tuple[str, KindRule]]:
    """The kinds made for a Public Information Act request, in the table's order."""
    return [(kind, rule) for kind, rule in KINDS.items() if rule.scope is Scope.REQUEST]


def _row(title: str, states: set[CaseState] | frozenset[CaseState], citation: str,
         audience: Audience, paper: Callable[[PaperContext], Any], renderer: type[Renderer[Any]],
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
        "§ 2-83(c)", Audience.OFFICE, counter.sworn_complaint, SwornComplaintRenderer, spanish=True),
    "receipt": _row(
        "Filing receipt for the complainant", FILED_STATES, "§ 2-83(a), (c)",
        Audience.COMPLAINANT, counter.receipt, ReceiptRenderer, spanish=True),
    "unsworn-return": _row(
        "Return of an unsworn complaint", {S.FILED, S.RETURNED_UNSWORN},
        "§ 2-83(c), last paragraph", Audience.COMPLAINANT, counter.unsworn_return,
        UnswornReturnRenderer, spanish=True, unsworn_only=True),
    "info-sheet": _row(
        "How to File an Ethics Complaint", frozenset(CaseState), "§ 2-83(b)", Audience.INQUIRER,
        counter.info_sheet, InfoSheetRenderer, Scope.INQUIRY, spanish=True),
    "reviewer-transmittal": _row(
        "Confidential transmittal to the reviewers", {S.UNDER_REVIEW}, "§ 2-83(d)(1)",
        Audience.REVIEWERS, review.reviewer_transmittal, ReviewerTransmittalRenderer),
    # (d)(1) owes the notice from the forwarding for review; one forgotten then can still be
    # sent once the review is over (the steps of the case say it is owed, cases/steps.py).
    "filing-notice": _row(
        "Notice of filing to a respondent, information only",
        {S.UNDER_REVIEW, S.ACCEPTED, S.CAMPAIGN_FINANCE, S.RETURNED_DEFECTIVE}, "§ 2-83(d)(1)",
        Audience.RESPONDENTS, review.filing_notice, FilingNoticeRenderer),
    "defect-letter": _row(
        "Defect letter to the complainant", {S.UNDER_REVIEW, S.RETURNED_DEFECTIVE},
        "§ 2-83(d)(3)", Audience.COMPLAINANT, review.defect_letter, DefectLetterRenderer, spanish=True),
    "cf-forward": _row(
        "Campaign-finance complaint forwarded to the respondent", {S.CAMPAIGN_FINANCE},
        "§ 2-83(d)(2)", Audience.RESPONDENTS, review.cf_forward, CampaignFinanceForwardRenderer),
    "cf-cure-notice": _row(
        "Notice of the statement or amended report filed", {S.RESOLVED},
        "§ 2-83(d)(2)", Audience.COMPLAINANT, review.cf_cure_notice, CureNoticeRenderer,
        spanish=True, sent_by=MailMethod.FIRST_CLASS),
    "board-transmittal": _row(
        "Transmittal to the members of the Board", {S.ACCEPTED, S.AWAITING_RESPONSE},
        "§ 2-83(d)(3)", Audience.BOARD, response.board_transmittal, BoardTransmittalRenderer),
    "respondent-notice": _row(
        "Notice to a respondent with the (e) items and the response date",
        {S.AWAITING_RESPONSE, S.RESPONSE_FILED, S.REPLY_FILED}, "§ 2-83(d)(3), (e)",
        Audience.RESPONDENTS, response.respondent_notice, RespondentNoticeRenderer,
        encloses_code=True, certified_by_default=True),
    "response-copy": _row(
        "Copy of a response for the complainant, with the reply date",
        {S.RESPONSE_FILED, S.REPLY_FILED}, "§ 2-83(e)(3)", Audience.COMPLAINANT,
        response.response_copy, ResponseCopyRenderer, spanish=True),
    "response-transmittal": _row(
        "Transmittal of a sworn response, upon receipt", {S.RESPONSE_FILED, S.REPLY_FILED,
                                                          S.SHOW_CAUSE, S.RESOLVED},
        "§ 2-83(e), last paragraph", Audience.RESPONSE_RECIPIENTS, response.response_transmittal,
        ResponseTransmittalRenderer),
    "reply-copy": _row(
        "Copy of the complainant's reply for a respondent", {S.REPLY_FILED}, "§ 2-83(e)(3)",
        Audience.RESPONDENTS, response.reply_copy, ReplyCopyRenderer),
    "hearing-notice": _row(
        "Notice of the requested hearing, with its date, time and place",
        {S.ACCEPTED, S.AWAITING_RESPONSE, S.RESPONSE_FILED, S.REPLY_FILED, S.SHOW_CAUSE},
        "§ 2-83(e)(4); Gov't Code § 551.043", Audience.PARTIES, response.hearing_notice,
        HearingNoticeRenderer, spanish=True, withheld=response.requested_hearing_not_to_come),
    "show-cause-order": _row(
        "Notice of an order to show cause, with the hearing's date, time and place",
        {S.SHOW_CAUSE, S.RESOLVED}, "§ 2-83(f)(2), (f)(4)", Audience.COMPLAINANT_WITH_COPIES,
        board.show_cause_order, ShowCauseOrderRenderer, spanish=True, withheld=board.hearing_past),
    "frivolous-determination": _row(
        "Determination of a frivolous complaint, with any sanctions", {S.RESOLVED},
        "§ 2-83(f)(6), (g)", Audience.COMPLAINANT_WITH_COPIES, board.frivolous_determination,
        FrivolousDeterminationRenderer, spanish=True),
    "referral": _row(
        "Notification of an agency, e.g. for investigation of perjury", {S.RESOLVED},
        "§ 2-83(g)(3)", Audience.AGENCY, board.referral, ReferralRenderer),
    "rule-notice": _row(
        "Notice to a respondent of a rule not alleged in the complaint",
        {S.ACCEPTED, S.AWAITING_RESPONSE, S.RESPONSE_FILED, S.REPLY_FILED, S.SHOW_CAUSE},
        "§ 2-85(c)", Audience.NOTICED, board.rule_notice, RuleNoticeRenderer),
    "written-opinion": _row(
        "The Board's written opinion, with its copies", {S.RESOLVED}, "§ 2-87(a)",
        Audience.OPINION, board.written_opinion, WrittenOpinionRenderer, spanish=True,
        withheld=board.not_on_the_merits),
    "resolution-notice": _row(
        "Notice of resolution to a respondent", {S.RESOLVED, S.RETURNED_DEFECTIVE},
        "§ 2-83(d)(4)",
        Audience.RESPONDENTS, board.resolution_notice, ResolutionNoticeRenderer, spanish=True),
    "envelope": _row(
        "Envelope, #10, for one recipient", FILED_STATES, "any mailed item", Audience.PARTIES,
        mailing.envelope, EnvelopeRenderer),
    "labels": _row(
        "Address labels for every party (30 a sheet)", FILED_STATES, "any mailed item",
        Audience.PARTIES, mailing.labels, LabelsRenderer),
    "certificate-of-mailing": _row(
        "Certificate of mailing, signed by the Clerk", FILED_STATES, "any mailed item",
        Audience.OFFICE, _certificate, CertificateOfMailingRenderer),
    BOARD_PACKET: _row(
        "Board Packet", FILED_STATES, "§ 2-83(h)", Audience.BOARD, _board_packet,
        BoardPacketRenderer, Scope.MEETING),
    RETENTION_CERTIFICATE: _row(
        "Records Disposal List and Log of Destruction", {S.RESOLVED},
        "Local Schedule GR; Local Government Code § 202.002", Audience.RECORDS,
        records.retention_certificate, RetentionCertificateRenderer, Scope.RECORDS),
    RECOVERY_SHEET: _row(
        "Recovery Sheet: the Record Key", frozenset(),
        "the record's journal and its key", Audience.SAFE,
        records.recovery_sheet, RecoverySheetRenderer, Scope.KEY),
    "pia-acknowledgement": _row(
        "Acknowledgement of Your Request for Information", frozenset(),
        "Gov't Code ch. 552; § 2-83(h)(3)", Audience.REQUESTER, requests.pia_acknowledgement,
        RequestAcknowledgementRenderer, Scope.REQUEST, spanish=True),
    "pia-ruling-request": _row(
        "Request for an Attorney General Decision under the Public Information Act",
        frozenset(), "Gov't Code § 552.301(b), (e)", Audience.ATTORNEY_GENERAL,
        requests.pia_ruling_request, RulingRequestRenderer, Scope.REQUEST),
    "pia-ruling-notice": _row(
        "Notice That We Asked the Attorney General for a Decision", frozenset(),
        "Gov't Code § 552.301(d)", Audience.REQUESTER, requests.pia_ruling_notice,
        RulingNoticeRenderer, Scope.REQUEST, spanish=True),
    "pia-clarification": _row(
        "Request to Clarify Your Request for Information", frozenset(),
        "Gov't Code § 552.222(b)", Audience.REQUESTER, requests.pia_clarification,
        ClarificationRequestRenderer, Scope.REQUEST, spanish=True),
    "pia-cost-estimate": _row(
        "Itemized Statement of Estimated Charges", frozenset(), "Gov't Code § 552.2615",
        Audience.REQUESTER, requests.pia_cost_estimate, CostEstimateRenderer, Scope.REQUEST,
        spanish=True),
    "pia-release-letter": _row(
        "Release of the Information You Requested", frozenset(),
        "Gov't Code ch. 552; § 2-83(h)(3)", Audience.REQUESTER, requests.pia_release_letter,
        ReleaseLetterRenderer, Scope.REQUEST, spanish=True),
}
"""Kind → its title, the states where it applies, the rule, who receives it, the function that
builds its data and its renderer: one row per kind, in the order a clerk meets the documents.
``unsworn_only=True`` marks the return of an unsworn complaint, never offered for a sworn one.
``spanish=True`` marks the complainant-facing papers that also have a Spanish template
(``<kind>.es.txt``): the information sheet, the counter.receipt, the unsworn return, the defect letter,
the copy of a response, the notice of a requested hearing, the notice of an order to show
cause and the notice of resolution.
The information sheet applies in every state (anyone may ask, at any time) and is made with no
case; the sworn complaint applies from the draft at the counter on; the Board packet takes any
filed case the Clerk puts before the Board."""
