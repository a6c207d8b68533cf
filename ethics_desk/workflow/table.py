"""The § 2-83 state machine as one table: (event, from states, guards, effect, label, citation).

Read it top to bottom as the statute's process. Nothing else in the application decides what
can happen to a case, and nothing else names an action: the case window's buttons and the
forms they open both read the label and the citation from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ethics_desk.core.events import Event
from ethics_desk.models import CaseState as S
from ethics_desk.workflow import events as ev
from ethics_desk.workflow.context import Context, Outcome
from ethics_desk.workflow.effects import board, filing, response, review
from ethics_desk.workflow.guards import GUARDS, Guard


@dataclass(frozen=True)
class Transition:
    """One row: the event, where it may start, what must hold, and what it does."""

    event: Event
    sources: frozenset[S]
    guards: tuple[Guard, ...]
    effect: Callable[[Context, Any], Outcome]
    payload: type[ev.Payload]
    label: str
    citation: str
    independent: bool = False
    """One person's own act that others' acts on the case do not make stale — each reviewer's
    independent review of § 2-83(d)(1): a case changed since the clerk opened it is then no
    conflict, and the guards decide on the case as it is now."""


def _row(event: Event, sources: set[S], guards: tuple[str, ...],
         effect: Callable[[Context, Any], Outcome], payload: type[ev.Payload], label: str,
         citation: str, *, independent: bool = False) -> Transition:
    return Transition(event, frozenset(sources), tuple(GUARDS[g] for g in guards), effect,
                      payload, label, citation, independent)


MERITS = {S.ACCEPTED, S.AWAITING_RESPONSE, S.RESPONSE_FILED, S.REPLY_FILED}
"""States in which the Board has the complaint on its merits (after (d)(3) acceptance)."""

BEFORE_RESOLUTION = MERITS | {S.FILED, S.UNDER_REVIEW, S.CAMPAIGN_FINANCE, S.SHOW_CAUSE}
"""States of a filed complaint not yet resolved nor returned: the complainant may withdraw it."""

TRANSITIONS: tuple[Transition, ...] = (
    _row(Event.FILE, {S.DRAFT}, ("filing_complete",), filing.file_complaint, ev.FileComplaint,
         "File the complaint", "§ 2-83(a), (c)"),
    _row(Event.DISCARD, {S.DRAFT}, (), filing.discard_draft, ev.DiscardDraft,
         "Discard the draft", "—"),
    _row(Event.RETURN_UNSWORN, {S.FILED}, ("is_not_sworn",), filing.return_unsworn, ev.ReturnUnsworn,
         "Return as not sworn", "§ 2-83(c), last paragraph"),
    # The (c) elements, the source and basis of information and belief among them, are the
    # reviewers' to weigh (§ 2-83(d)(1), (d)(3)): a sworn complaint goes on to them as filed.
    _row(Event.FORWARD_FOR_REVIEW, {S.FILED}, ("is_sworn", "route_known"), review.forward_for_review,
         ev.ForwardForReview, "Forward to the reviewers", "§ 2-83(d)(1)"),
    _row(Event.RECORD_REVIEW, {S.UNDER_REVIEW, S.CAMPAIGN_FINANCE}, (), review.record_review,
         ev.RecordReview, "Record a review", "§ 2-83(d)(1)", independent=True),
    _row(Event.ACCEPT, {S.UNDER_REVIEW},
         ("ethics_code_route", "all_reviews_recorded", "auditor_finds_compliance"), review.accept,
         ev.Accept, "Accept for the Board", "§ 2-83(d)(3)"),
    # A campaign-finance complaint is held to (c) as well: returned as defective like any other,
    # also once forwarded to the respondent, since its (d)(1) reviews go on after that forward.
    _row(Event.RETURN_DEFECTIVE, {S.UNDER_REVIEW, S.CAMPAIGN_FINANCE},
         ("all_reviews_recorded", "auditor_finds_defects"),
         review.return_defective, ev.ReturnDefective, "Return as defective", "§ 2-83(d)(3)"),
    # (d)(2) sets a time, five business days from the Compliance Auditor's receipt, and no
    # condition: the forward waits for no review (a reviewer who received the complaint later
    # would otherwise make the Clerk miss it). Only a recorded finding of defects stops it.
    _row(Event.FORWARD_CAMPAIGN_FINANCE, {S.UNDER_REVIEW},
         ("campaign_finance_route", "auditor_has_not_found_defects"),
         review.forward_campaign_finance, ev.ForwardCampaignFinance,
         "Forward to the respondent (campaign finance)", "§ 2-83(d)(2)"),
    _row(Event.RECORD_CURE, {S.CAMPAIGN_FINANCE}, (), review.record_cure, ev.RecordCure,
         "Record the cure", "§ 2-83(d)(2); § 2-82(b)(2)"),
    # Going on to the Board is the (d)(3) acceptance: (c) is settled by the reviews first.
    _row(Event.NOT_CURED, {S.CAMPAIGN_FINANCE},
         ("all_reviews_recorded", "auditor_finds_compliance"), review.not_cured, ev.NotCured,
         "Not cured: go on to the Board", "§ 2-83(d)(2)"),
    _row(Event.FORWARD_TO_BOARD, {S.ACCEPTED}, (), response.forward_to_board, ev.ForwardToBoard,
         "Forward to the Board and the respondents", "§ 2-83(d)(3), (e)"),
    _row(Event.RECORD_RESPONDENT_RECEIPT, {S.AWAITING_RESPONSE, S.RESPONSE_FILED}, (),
         response.record_respondent_receipt, ev.RecordRespondentReceipt,
         "Record the respondent's receipt", "§ 2-83(e)(1)"),
    # Time granted moves the response date and the written opinion's with it (§ 2-87(a)).
    _row(Event.GRANT_MORE_TIME, {S.AWAITING_RESPONSE, S.RESPONSE_FILED},
         ("response_clock_open",), response.grant_more_time, ev.GrantMoreTime,
         "Grant the respondent more time", "§ 2-83(e)(1); § 2-87(a)"),
    _row(Event.FILE_RESPONSE, {S.AWAITING_RESPONSE, S.RESPONSE_FILED}, (), response.file_response,
         ev.FileResponse, "File a sworn response", "§ 2-83(e)(1), (e)(3)"),
    _row(Event.FORWARD_RESPONSE, MERITS | {S.SHOW_CAUSE}, ("response_to_forward",),
         response.forward_response, ev.ForwardResponse,
         "Forward a response to the Auditor, City Attorney and Board",
         "§ 2-83(e), last paragraph"),
    _row(Event.RECORD_COMPLAINANT_RECEIPT, {S.RESPONSE_FILED, S.REPLY_FILED}, (),
         response.record_complainant_receipt, ev.RecordComplainantReceipt,
         "Record the complainant's receipt of a response", "§ 2-83(e)(3)"),
    _row(Event.FILE_REPLY, {S.RESPONSE_FILED}, ("response_filed",), response.file_reply, ev.FileReply,
         "File the complainant's sworn reply", "§ 2-83(e)(3)"),
    _row(Event.REQUEST_HEARING, MERITS, (), response.request_hearing, ev.RequestHearing,
         "Record a hearing request", "§ 2-83(e)(4)"),
    # The requested hearing is a meeting of the Board: set at least 72 hours ahead (Gov't Code
    # § 551.043), noticed to the parties (the Papers tab), then recorded as held.
    _row(Event.SCHEDULE_HEARING, MERITS, ("hearing_to_schedule",), response.schedule_hearing,
         ev.ScheduleHearing, "Schedule the requested hearing", "§ 2-83(e)(4)"),
    _row(Event.RECORD_HEARING, MERITS | {S.SHOW_CAUSE}, ("requested_hearing_scheduled",),
         response.record_hearing, ev.RecordHearing, "Record the requested hearing", "§ 2-83(e)(4)"),
    # The Board may find a violation of any provision, alleged or not (§ 2-85(b)); of one not
    # alleged, only after written notice and the respondent's ten business days (§ 2-85(c)).
    _row(Event.GIVE_RULE_NOTICE, MERITS, (), board.give_rule_notice, ev.GiveRuleNotice,
         "Give notice of a rule not alleged", "§ 2-85(c)"),
    _row(Event.ORDER_SHOW_CAUSE, MERITS, (), board.order_show_cause, ev.OrderShowCause,
         "Order the complainant to show cause", "§ 2-83(f)(2)–(4)"),
    _row(Event.RECORD_SHOW_CAUSE_HEARING, {S.SHOW_CAUSE}, (), board.record_show_cause_hearing,
         ev.RecordShowCauseHearing, "Record the show-cause hearing", "§ 2-83(f)(5)"),
    _row(Event.RECORD_FRIVOLOUS_VOTE, {S.SHOW_CAUSE}, ("show_cause_hearing_held",),
         board.record_frivolous_vote, ev.RecordFrivolousVote,
         "Record the vote on frivolousness", "§ 2-83(f)(6)"),
    _row(Event.IMPOSE_SANCTIONS, {S.RESOLVED}, ("determined_frivolous",), board.impose_sanctions,
         ev.ImposeSanctions, "Impose sanctions", "§ 2-83(g)"),
    _row(Event.RECORD_PENALTY_PAYMENT, {S.RESOLVED}, ("civil_penalty_outstanding",),
         board.record_penalty_payment, ev.RecordPenaltyPayment,
         "Log the civil penalty's payment or waiver", "§ 2-83(g)(2)(a)"),
    # The case window's form of the row above also records a waiver (one button, one form).
    _row(Event.WAIVE_PENALTY, {S.RESOLVED}, ("civil_penalty_outstanding",), board.waive_penalty,
         ev.WaivePenalty, "Waive the civil penalty", "§ 2-83(g)(2)(a)"),
    # Also from show cause: a complaint decided on its merits before any (f)(6) vote (a
    # withdrawal is its own row, below); a failed (f)(6) vote has already returned the case to
    # the merits.
    _row(Event.RESOLVE, MERITS | {S.CAMPAIGN_FINANCE, S.SHOW_CAUSE}, (), board.resolve, ev.Resolve,
         "Resolve the complaint", "§ 2-83(d)(4)"),
    # The complainant may withdraw at any stage before resolution; the respondents are told.
    _row(Event.WITHDRAW, BEFORE_RESOLUTION, (), filing.withdraw, ev.Withdraw,
         "Record the complainant's withdrawal", "§ 2-83(d)(4)"),
)

BY_EVENT: dict[Event, Transition] = {t.event: t for t in TRANSITIONS}
assert len(BY_EVENT) == len(TRANSITIONS), "each event has exactly one row"
assert all(t.payload.event is t.event for t in TRANSITIONS), "payloads match their rows"
