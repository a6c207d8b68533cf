"""Making a kind's paper as PDF bytes, from a row of the table of kinds (no Qt).

Most kinds are made for one case (:attr:`~ethics_desk.documents.kinds.Scope.CASE`):
:func:`recipients` lists the people a kind goes to for the case and :func:`render_letter`
resolves one copy's data in a single read session and renders it outside the session. The
counter's papers go through :func:`render_at_counter` — a complaint there is a draft until it
is filed, so only a kind that applies to a draft is made there: the sworn complaint for signing
(from the intake as typed) and the information sheet of § 2-83(b). The Board packet of a
meeting is :func:`render_for_meeting`'s, a request's letters :func:`render_for_request`'s. Each
refuses, with a :class:`UserError` a clerk can act on, an unknown case, an unknown kind
(listing the kinds) and a kind that does not apply to the case's state (naming the state and
the states where it applies).

Dates the letters print are the deadline engine's: the response and reply due dates and their
explanations are read from the case's stored deadlines, never recomputed here. These are
previews; issuing (frozen bytes with a SHA-256) is ``ethics_desk.documents.issuing``'s, which
renders through :func:`letter_in` inside its own transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.case_numbers import is_case_number
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import office_date
from ethics_desk.core.permissions import Act
from ethics_desk.core.vocabulary import Language
from ethics_desk.documents import wording
from ethics_desk.documents.builders.board import agency_of, opinion_copy_recipients, referrals_of
from ethics_desk.documents.builders.response import check_code_provided
from ethics_desk.documents.kinds import (
    AT_THE_COUNTER,
    BOARD_PACKET,
    KINDS,
    RECOVERY_SHEET,
    RETENTION_CERTIFICATE,
    Audience,
    KindRule,
    Scope,
    kinds_offered,
    rule_for,
)
from ethics_desk.documents.paper_context import (
    Meeting,
    PaperContext,
    Recipient,
    complainant_of,
    filings_of,
    is_sworn,
    party_of,
)
from ethics_desk.documents.render.base import Renderer
from ethics_desk.documents.render.data import (
    Party,
    letterhead_from_settings,
)
from ethics_desk.documents.render.letter_data import (
    CaseLetter,
    CodeProvided,
)
from ethics_desk.documents.render.public_information import (
    RequestLetterPaper,
)
from ethics_desk.documents.render.recovery_sheet import RecoverySheetPaper
from ethics_desk.documents.render.retention_certificate import (
    RetentionPaper,
)
from ethics_desk.intake.record import Intake
from ethics_desk.models import (
    CaseState,
    Complaint,
    FilingKind,
    InformationRequest,
    ResponseRecipient,
    ReviewerRole,
    RuleNotice,
)
from ethics_desk.public_information.log import calendar_for, view_of
from ethics_desk.staff.acting import case_reader, service
from ethics_desk.staff.scope import case_for, no_such_case, receives
from ethics_desk.storage import queued_records
from ethics_desk.storage.database import Database

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


@case_reader("Listing the papers a case may have")
def papers_offered(database: Database, case_id: int, *, account: Account,
                   clock: Clock) -> tuple[CaseState, list[tuple[str, KindRule]]]:
    """The case's state and the kinds it may have now (:func:`kinds_offered`), for its Papers
    tab; a case ``account`` does not receive is answered as one that does not exist."""
    with database.read_session() as session:
        complaint = case_for(session, account, case_id)
        return complaint.state, kinds_offered(session, complaint, clock())


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
    paper = rule.paper(PaperContext(session, letterhead, today, case=complaint, people=people,
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
        paper = rule.paper(PaperContext(session, letterhead_from_settings(session), today,
                                    intake=intake, citations=tuple(provision_citations)))
    return rule.renderer_in(language, templates).render(paper)


@service(Act.BOARD_PACKET, "Producing the Board packet")
def render_for_meeting(database: Database, meeting: Meeting, kind: str = BOARD_PACKET, *,
                       account: Account) -> tuple[Any, bytes]:
    """The paper of a Board meeting (its data, then its PDF bytes), for an ``account`` the
    permission table lets produce it (its production is audited by
    :func:`ethics_desk.documents.board_packet.render_packet`). Each case must be one the kind applies to
    (a filed case); the builder refuses any other."""
    rule = rule_for(kind, Scope.MEETING)
    with database.read_session() as session:
        templates = wording.library(session)
        letterhead = letterhead_from_settings(session)
        paper = rule.paper(PaperContext(session, letterhead,
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
        data = rule.paper(PaperContext(session, paper.letterhead, paper.list_day, records=paper))
    return bytes(rule.renderer_in(Language.ENGLISH, templates).render(data))


def render_for_recovery(database: Database, paper: RecoverySheetPaper,
                        kind: str = RECOVERY_SHEET) -> bytes:
    """The recovery sheet of the record key (resolved by
    :func:`ethics_desk.maintenance.recovery_sheet.render_recovery_sheet`) as PDF bytes, in the
    office's wording."""
    rule = rule_for(kind, Scope.KEY)
    with database.read_session() as session:
        templates = wording.library(session)
        data = rule.paper(PaperContext(session, paper.letterhead, paper.made_on, recovery=paper))
    return bytes(rule.renderer_in(Language.ENGLISH, templates).render(data))


@service(Act.PUBLIC_INFORMATION, "Making a paper of a Public Information Act request")
def render_for_request(database: Database, request_id: int, kind: str, *,
                       account: Account, today: date,
                       language: Language = Language.ENGLISH) -> tuple[RequestLetterPaper, bytes]:
    """A paper of a Public Information Act request (its data, then its PDF bytes), for an
    account the permission table lets handle requests; nothing is stored (issuing is
    :func:`ethics_desk.documents.request_papers.issue_paper`'s)."""
    rule = rule_for(kind, Scope.REQUEST)
    rule.check_language(kind, language)
    with database.read_session() as session:
        row = session.get(InformationRequest, request_id)
        if row is None:
            raise UserError(f"There is no request with id {request_id}.", "Refresh the list.")
        view = view_of(session, row, calendar_for(session))
        templates = wording.library(session)
        paper = rule.paper(PaperContext(session, letterhead_from_settings(session), today,
                                    information_request=view))
    return paper, rule.renderer_in(language, templates).render(paper)


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


def _recipients(session: Session, complaint: Complaint, kind: str,
                rule: KindRule) -> list[Recipient]:
    first = complaint.complainants[0] if complaint.complainants else None
    complainant = Recipient(complainant_of(complaint), "complainant",
                            language=first.preferred_language if first else Language.ENGLISH)
    respondents = [Recipient(party_of(r), "respondent", r.id, r.preferred_language)
                   for r in complaint.respondents]
    if kind == "response-copy":
        responses = filings_of(session, complaint, FilingKind.RESPONSE)
        return [Recipient(complainant.party, "complainant", f.respondent_id,
                          complainant.language) for f in responses]
    if rule.audience is Audience.COMPLAINANT:
        return [complainant]
    if rule.audience is Audience.RESPONDENTS:
        return respondents
    if rule.audience in (Audience.PARTIES, Audience.COMPLAINANT_WITH_COPIES):
        return [complainant, *respondents]
    if rule.audience is Audience.AGENCY:
        return [Recipient(agency_of(s.agency)[0], "agency") for s in referrals_of(session, complaint)]
    if rule.audience is Audience.NOTICED:
        noticed = set(session.scalars(select(RuleNotice.respondent_id).where(
            RuleNotice.complaint_id == complaint.id)))
        return [r for r in respondents if r.respondent_id in noticed]
    if rule.audience is Audience.OPINION:
        return [complainant, *respondents, *opinion_copy_recipients(session, complaint)]
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
