"""The data each action needs, as forms: one dialog, driven by a list of fields per event.

A form only collects values and builds the event's payload; the controller checks the rules
and writes. A refusal keeps the dialog open with everything the clerk typed.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.board import roster
from ethics_desk.cases.case_file import CaseFile
from ethics_desk.core.account import Account
from ethics_desk.core.office_time import office_date
from ethics_desk.core.parties import respondent_key
from ethics_desk.deadlines.clocks import CLOCKS, ClockKind
from ethics_desk.documents.render.periods import days_of
from ethics_desk.intake.record import AttachmentData, read_attachment
from ethics_desk.models import (
    CIVIL_PENALTY_LIMIT_CENTS,
    BoardAction,
    CureKind,
    DeadlineStatus,
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
)
from ethics_desk.storage.database import Database
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import buddy
from ethics_desk.ui.case.vote_entry import VoteEntry, voters_loader
from ethics_desk.ui.date_field import DateField, DateTimeField
from ethics_desk.ui.errors import attempt
from ethics_desk.ui.intake.documents_page import FILE_FILTER
from ethics_desk.ui.intake.fields import FieldMessage, text_box
from ethics_desk.ui.mnemonics import give_alt_keys, give_label_keys
from ethics_desk.ui.office_display import office_time_zone
from ethics_desk.ui.sizing import fit_to_screen
from ethics_desk.workflow import (
    MAX_DAYS_GRANTED,
    Accept,
    Delivery,
    DiscardDraft,
    Event,
    FileReply,
    FileResponse,
    Finding,
    ForwardCampaignFinance,
    ForwardForReview,
    ForwardResponse,
    ForwardToBoard,
    GiveRuleNotice,
    GrantMoreTime,
    ImposeSanctions,
    NotCured,
    OrderShowCause,
    Payload,
    RecordCure,
    RecordFrivolousVote,
    RecordHearing,
    RecordPenaltyPayment,
    RecordRespondentReceipt,
    RecordReview,
    RecordShowCauseHearing,
    RequestHearing,
    Resolve,
    ReturnDefective,
    ReturnUnsworn,
    SanctionData,
    ScheduleHearing,
    WaivePenalty,
    Withdraw,
)
from ethics_desk.workflow.table import BY_EVENT


def _vote(action: BoardAction) -> str:
    """The vote an action of the Board needs, as the help texts say it ("two-thirds")."""
    return action.vote_rule.words


class Kind(StrEnum):
    """What sort of input a field is."""

    DATE = "date"
    OPTIONAL_DATE = "optional_date"
    TEXT = "text"
    LONG_TEXT = "long_text"
    BOOL = "bool"
    CHOICE = "choice"
    REVIEWERS = "reviewers"  # a received-on date and a name for each of the four reviewers
    DELIVERIES = "deliveries"  # mailed on / received on / method for each respondent
    DEFECTS = "defects"  # (c) item and a note, any number of rows
    FILE = "file"  # a scan of the paper filed (PDF or image), optional
    VOTE = "vote"  # a Board vote: meeting date, each serving member's vote (default: the loader)
    NOTES = "notes"  # a note for each of several factors (choices: (statute's words, key))
    DATETIME = "datetime"  # a date and time, required (a hearing)
    MONEY = "money"  # an amount in dollars, optional; the value is in cents
    CHECKS = "checks"  # any number of the choices, ticked in a list; the value is a tuple


LARGE_KINDS = (Kind.VOTE, Kind.NOTES)
"""Inputs that take the dialog's whole width, under a heading (the dialog then scrolls)."""


@dataclass(frozen=True)
class Field:
    """One input of an action form.

    ``hint`` is a line of help shown under the input; ``limit_cents`` caps a MONEY amount (the
    form refuses more before the controller is asked); ``vote_action`` is the Board action a
    VOTE decides, whose own rule it is counted by and whose record-vote requirement it shows
    (``BoardAction.vote_rule``, ``.record_vote_required``, as the office's settings apply them:
    :func:`ethics_desk.board.votes.vote_terms`), and ``vote_optional`` lets it be
    left empty (no vote was taken).
    """

    key: str
    label: str
    kind: Kind
    default: Any = None
    choices: tuple[tuple[str, Any], ...] = ()
    hint: str = ""
    limit_cents: int | None = None
    vote_action: BoardAction | None = None
    vote_optional: bool = False


@dataclass(frozen=True)
class ActionForm:
    """An event's form: what it asks, and how the answers become the payload.

    Its title and citation are the event's row of the workflow table, the same words as the
    button that opens it.
    """

    event: Event
    intro: str
    fields: tuple[Field, ...]
    build: Callable[[dict[str, Any]], Payload]
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def title(self) -> str:
        """The event's label in the workflow table."""
        return BY_EVENT[self.event].label

    @property
    def citation(self) -> str:
        """The event's citation in the workflow table."""
        return BY_EVENT[self.event].citation


DISPOSITIONS = tuple((d.label, d) for d in (Disposition.DISMISSED, Disposition.NO_VIOLATION,
                                             Disposition.VIOLATION_FOUND))
"""The dispositions a clerk records by hand. "Frivolous" comes only from the Board's record vote
(§ 2-83(f)(6)), "cured" only from recording the cure (§ 2-83(d)(2)) and "withdrawn" only from
recording the complainant's withdrawal, with the day it was received; none is offered."""
FORWARD_METHODS = tuple((m.label, m) for m in (MailMethod.HAND_DELIVERY, MailMethod.EMAIL,
                                               MailMethod.FIRST_CLASS, MailMethod.CERTIFIED_RRR))
"""How a response goes to the Compliance Auditor, City Attorney's Office and Board (§ 2-83(e)):
by the City's internal delivery first."""
SHOW_CAUSE_FACTORS: tuple[tuple[str, FrivolousFactor], ...] = tuple(
    (f"({f.item}) {f.label}", f) for f in FrivolousFactor)
"""§ 2-83(f)(3)(a)–(f), in the statute's words (``FrivolousFactor.label``)."""
SANCTION_FACTORS: tuple[tuple[str, SanctionFactor], ...] = tuple(
    (f"({f.item}) {f.label}", f) for f in SanctionFactor)
"""§ 2-83(g)(1)(a)–(c), in the statute's words (``SanctionFactor.label``)."""
DETERMINATIONS = tuple((d.label, d) for d in Determination)
METHODS = tuple((m.label, m) for m in (MailMethod.CERTIFIED_RRR, MailMethod.FIRST_CLASS,
                                        MailMethod.HAND_DELIVERY, MailMethod.EMAIL))
"""How a paper went to a respondent, certified mail first (the (e) notice's usual way)."""


DAYS_GRANTED = tuple((f"{n} business day{'' if n == 1 else 's'}", n)
                     for n in range(1, MAX_DAYS_GRANTED + 1))
"""The time a grant may add to a response date, § 2-83(e)(1) (business days, as it counts)."""


def parse_dollars(text: str, what: str) -> int | None:
    """An amount typed in dollars ("250", "$1,250.50") in cents; None when left empty."""
    clean = text.strip().replace("$", "").replace(",", "").strip()
    if not clean:
        return None
    if not re.fullmatch(r"\d+(\.\d{1,2})?", clean):
        raise ValueError(f"The {what} “{text.strip()}” is not an amount in dollars: type it "
                         "like 250 or 250.00.")
    whole, _dot, cents = clean.partition(".")
    return int(whole) * 100 + int((cents + "00")[:2])


def timing_hint(case: CaseFile, today: date, database: Database | None) -> str:
    """What the record says for the (f)(3)(a) timing factor: the dates the complaint gives for the
    facts, when it was filed, and any pending election in which a respondent is a candidate."""
    filed = (office_date(case.received_at, office_time_zone()).isoformat() if case.received_at
             else "not filed")
    lines = [f"The complaint gives the facts' dates as: {case.period}; it was filed {filed}. "
             "When the facts became known to the complainant is not recorded on the case."]
    if database is not None:
        names = [r.name for r in case.respondents]
        pending = roster.read_pending_elections(database, names, today)
        if pending:
            lines.append("Pending elections in which a respondent is a candidate: " + "; ".join(
                f"{e.name}, {e.held_on.isoformat()} ("
                + ", ".join(n for n in names if e.has_candidate(n)) + ")" for e in pending)
                + ".")
        else:
            lines.append("No pending election on the office's list has a respondent as a "
                         "candidate (the list is on the Board screen, Elections tab).")
    return " ".join(lines)


def _sanctions(v: dict[str, Any]) -> ImposeSanctions:
    """The (g)(2) sanctions and the (g)(3) notification entered, as the event's payload."""
    sanctions: list[SanctionData] = []
    if v["penalty"] is not None:
        sanctions.append(SanctionData(SanctionKind.CIVIL_PENALTY, amount_cents=v["penalty"]))
    if v["fees"] is not None:
        sanctions.append(SanctionData(SanctionKind.ATTORNEYS_FEES, amount_cents=v["fees"]))
    if v["other"]:
        sanctions.append(SanctionData(SanctionKind.OTHER, text=v["other"]))
    if v["agency"] or v["perjury"]:
        if not v["agency"]:
            raise ValueError("Name the agency to be notified (§ 2-83(g)(3)), for example the "
                             "district attorney for a referral for investigation of perjury.")
        text = ("Referral for investigation of perjury (§ 2-83(g)(3))" if v["perjury"] else
                "Notified for their appropriate action (§ 2-83(g)(3))")
        sanctions.append(SanctionData(SanctionKind.REFERRAL, text=text, agency=v["agency"]))
    if not sanctions:
        raise ValueError("Enter at least one sanction of § 2-83(g)(2) — a civil penalty, "
                         "attorneys' fees or another sanction — or an agency to notify (g)(3).")
    return ImposeSanctions(sanctions=tuple(sanctions), factors_considered=v["factors"],
                           vote=v["vote"], penalty_due_on=v["due"])


def _penalty_outcome(v: dict[str, Any]) -> RecordPenaltyPayment | WaivePenalty:
    """The payment of a civil penalty, or its waiver, as the event's payload."""
    if v["outcome"]:
        return RecordPenaltyPayment(sanction_id=v["penalty"], paid_on=v["on"],
                                    amount_cents=v["amount"])
    return WaivePenalty(sanction_id=v["penalty"], waived_on=v["on"], waived_by=v["by"],
                        reason=v["reason"])


def _only(choices: tuple[tuple[str, Any], ...]) -> Any:
    """The one choice's value when there is only one (chosen already), else None."""
    return choices[0][1] if len(choices) == 1 else None


def _board_forms(case: CaseFile, today: date, database: Database | None,
                 account: Account | None, event: Event) -> dict[Event, ActionForm]:
    """The Board's (f) and (g) actions (``event``'s form with everything it shows)."""
    timing = timing_hint(case, today, database) if event is Event.ORDER_SHOW_CAUSE else ""
    loader = (voters_loader(database, case.id, account)
              if database is not None and account is not None else None)
    appeared = ", ".join(f"{p.name} (complainant)" for p in case.complainants)
    owed = tuple((f"{p.amount}, imposed {p.imposed_on.isoformat()}, due {p.due}", p.sanction_id)
                 for p in case.penalties if p.outstanding)
    return {
        Event.ORDER_SHOW_CAUSE: ActionForm(
            Event.ORDER_SHOW_CAUSE,
            f"By a vote of at least {_vote(BoardAction.SHOW_CAUSE)} of those present the Board "
            "may order the "
            "complainant to show cause why the complaint should not be determined frivolous. The "
            "notice goes to the complainant, with a copy to the respondent, and explains why the "
            "complaint appears frivolous and when and where the hearing is (f)(4). A vote that "
            "fails is recorded and orders nothing.",
            (Field("vote", "The Board's vote (§ 2-83(f)(2))", Kind.VOTE, loader,
                   vote_action=BoardAction.SHOW_CAUSE),
             Field("explanation", "Why the complaint appears to be frivolous (f)(4)(a)",
                   Kind.LONG_TEXT, ""),
             Field("factors", "The factors the Board may consider (§ 2-83(f)(3)) — a note for "
                   "each that applies", Kind.NOTES, None, SHOW_CAUSE_FACTORS),
             Field("hearing_at", "Hearing date and time (f)(4)(b)", Kind.DATETIME, None,
                   hint="The hearing must be still to come when the order is issued."),
             Field("place", "Hearing place (f)(4)(b)", Kind.TEXT, "")),
            lambda v: OrderShowCause(vote=v["vote"], explanation=v["explanation"],
                                     factors={k: n for k, n in v["factors"].items() if n},
                                     hearing_at=v["hearing_at"], place=v["place"]),
            {"today": today, "hints": {FrivolousFactor.TIMING: timing}}),
        Event.RECORD_SHOW_CAUSE_HEARING: ActionForm(
            Event.RECORD_SHOW_CAUSE_HEARING,
            "Before determining that a complaint is frivolous the Board holds a hearing at which "
            "the complainant may be heard, accompanied by counsel the complainant retained. The "
            "vote on frivolousness comes after a concluded hearing.",
            (Field("on", "Held on", Kind.DATE, today),
             Field("appeared", "Who appeared", Kind.TEXT, appeared),
             Field("counsel", "Counsel for the complainant", Kind.TEXT, "",
                   hint="Leave empty if the complainant had no counsel."),
             Field("concluded", "Outcome", Kind.CHOICE, True,
                   (("Concluded", True), ("Continued to a later date", False)))),
            lambda v: RecordShowCauseHearing(held_on=v["on"], appeared=v["appeared"],
                                             counsel=v["counsel"], concluded=v["concluded"])),
        Event.RECORD_FRIVOLOUS_VOTE: ActionForm(
            Event.RECORD_FRIVOLOUS_VOTE,
            f"By a record vote of at least {_vote(BoardAction.FRIVOLOUS)} of those present after "
            "the hearing, the Board "
            "may determine that the complainant filed a frivolous complaint — groundless, and "
            "brought in bad faith or for harassment (f)(1) — and may recommend sanctions. A "
            "carried vote resolves the case as frivolous; a vote that fails returns the complaint "
            "to the merits.",
            (Field("vote", "The Board's record vote (§ 2-83(f)(6))", Kind.VOTE, loader,
                   vote_action=BoardAction.FRIVOLOUS),
             Field("particulars", "The determination, with its particulars", Kind.LONG_TEXT, "",
                   hint="Needed when the vote carries: why the complaint is groundless, and the "
                        "bad faith or harassment found.")),
            lambda v: RecordFrivolousVote(vote=v["vote"], particulars=v["particulars"]),
            {"today": today}),
        Event.IMPOSE_SANCTIONS: ActionForm(
            Event.IMPOSE_SANCTIONS,
            "Before imposing a sanction for filing a frivolous complaint the Board shall consider "
            "each of the three factors of (g)(1): note how it considered every one. The sanctions "
            "are the Board's act, by its vote at a meeting — by default the record vote of "
            f"{_vote(BoardAction.FRIVOLOUS)} of those present of (f)(6), the office's setting — "
            "with a quorum of the "
            "Board present; they are imposed on the meeting's date. Enter each sanction "
            "imposed; leave the others empty. A civil penalty is tracked until it is paid or "
            "waived.",
            (Field("vote", "The Board's vote (§ 2-83(g))", Kind.VOTE, loader,
                   vote_action=BoardAction.SANCTIONS),
             Field("factors", "The factors considered (§ 2-83(g)(1)) — a note for each",
                   Kind.NOTES, None, SANCTION_FACTORS),
             Field("penalty", "Civil penalty, dollars (g)(2)(a)", Kind.MONEY,
                   limit_cents=CIVIL_PENALTY_LIMIT_CENTS,
                   hint="Not more than five hundred dollars ($500.00)."),
             Field("fees", "Attorneys' fees, dollars (g)(2)(b)", Kind.MONEY,
                   hint="The attorneys' fees incurred by the respondent."),
             Field("other", "Any other sanction permitted by law (g)(2)(c)", Kind.LONG_TEXT, ""),
             Field("agency", "Agency notified (g)(3)", Kind.TEXT, "",
                   hint="The appropriate regulatory or supervisory agency, for their "
                        "appropriate action."),
             Field("perjury", "A referral to that agency for investigation of perjury (g)(3)",
                   Kind.BOOL, False),
             Field("due", "Civil penalty due on (g)(2)(a)", Kind.OPTIONAL_DATE, None,
                   hint="The date the Board set for payment; needed with a civil penalty.")),
            _sanctions, {"today": today}),
        Event.RECORD_PENALTY_PAYMENT: ActionForm(
            Event.RECORD_PENALTY_PAYMENT,
            "A civil penalty stays outstanding until it is paid in full or waived. For a "
            "payment give the date it was received and the amount; for a waiver, the date, who "
            "waived it and why.",
            (Field("penalty", "Civil penalty", Kind.CHOICE, _only(owed), owed),
             Field("outcome", "What became of it", Kind.CHOICE, True,
                   (("Paid in full", True), ("Waived", False))),
             Field("on", "On", Kind.DATE, today),
             Field("amount", "Amount paid, dollars", Kind.MONEY,
                   limit_cents=CIVIL_PENALTY_LIMIT_CENTS,
                   hint="For a payment: the whole penalty."),
             Field("by", "Waived by", Kind.TEXT, "",
                   hint="For a waiver: for example, the Ethics Review Board, by its vote of "
                        "2026-12-15."),
             Field("reason", "Why it was waived", Kind.LONG_TEXT, "")),
            _penalty_outcome),
    }


def form_for(event: Event, case: CaseFile, today: date, staff: str,
             database: Database | None = None,
             account: Account | None = None) -> ActionForm | None:
    """The form for ``event`` on ``case``; None for events this window does not offer.

    With ``database`` and the signed-in ``account``, the Board's forms can offer the members
    serving on a meeting date (read as the account may see the case) and the elections list;
    without them they still exist (to say that the action has a form).
    """
    if event in (Event.ORDER_SHOW_CAUSE, Event.RECORD_SHOW_CAUSE_HEARING,
                 Event.RECORD_FRIVOLOUS_VOTE, Event.IMPOSE_SANCTIONS,
                 Event.RECORD_PENALTY_PAYMENT):
        board = _board_forms(case, today, database, account, event)[event]
        board.extra.setdefault("today", today)  # the date fields' calendars open on it
        return board
    respondents = tuple((r.name, r.id) for r in case.respondents)
    due = {d.subject for d in case.deadlines
           if d.status is DeadlineStatus.OPEN and d.citation.endswith("§ 2-83(e)(1)")}
    still_due = tuple((r.name, r.id) for r in case.respondents if respondent_key(r.id) in due)
    pending_roles = tuple((r.role.label, r.role) for r in case.reviews if r.determination is None)
    resolve_voters = (voters_loader(database, case.id, account)
                      if database is not None and account is not None else None)
    forms: dict[Event, ActionForm] = {
        Event.RETURN_UNSWORN: ActionForm(
            Event.RETURN_UNSWORN,
            "The complaint is returned to the complainant with a letter; it is not forwarded "
            "to the Compliance Auditor.",
            (Field("on", "Returned on", Kind.DATE, today),),
            lambda v: ReturnUnsworn(returned_on=v["on"])),
        Event.FORWARD_FOR_REVIEW: ActionForm(
            Event.FORWARD_FOR_REVIEW,
            "Copies go to the Chair and Vice Chair of the Ethics Review Board, the Compliance "
            "Auditor and the City Attorney's Office; each reviews within "
            f"{days_of(ClockKind.REVIEW)} of "
            "their own receipt. The respondents are told of the complaint for information only: "
            "no response is due yet.",
            (Field("on", "Forwarded on", Kind.DATE, today),
             Field("reviewers", "Received by each reviewer", Kind.REVIEWERS, today)),
            lambda v: ForwardForReview(forwarded_on=v["on"],
                                       received_on={r: d for r, (d, _n) in v["reviewers"].items()},
                                       reviewer_names={r: n for r, (_d, n)
                                                       in v["reviewers"].items() if n})),
        Event.RECORD_REVIEW: ActionForm(
            Event.RECORD_REVIEW,
            "One reviewer's independent finding on the filing requirements of § 2-83(c).",
            (Field("role", "Reviewer", Kind.CHOICE, None, pending_roles),
             Field("name", "Reviewer's name", Kind.TEXT, ""),
             Field("determination", "Finding", Kind.CHOICE, None, DETERMINATIONS),
             Field("face", "States on its face an allegation that, if true, is a violation",
                   Kind.BOOL, True),
             Field("defects", "Defects, by § 2-83(c) item", Kind.DEFECTS, ()),
             Field("on", "Completed on", Kind.DATE, today),
             Field("notes", "Notes", Kind.LONG_TEXT, "")),
            lambda v: RecordReview(role=v["role"], determination=v["determination"],
                                   states_allegation_on_face=v["face"], defects=v["defects"],
                                   completed_on=v["on"], reviewer_name=v["name"],
                                   notes=v["notes"])),
        Event.ACCEPT: ActionForm(
            Event.ACCEPT,
            "The complaint substantially complies: it is to be forwarded to the members of the "
            f"Ethics Review Board and the respondents within {days_of(ClockKind.ETHICS_FORWARD)}.",
            (Field("on", "Decided on", Kind.DATE, today), Field("notes", "Notes", Kind.LONG_TEXT,
                                                               "")),
            lambda v: Accept(decided_on=v["on"], notes=v["notes"])),
        Event.RETURN_DEFECTIVE: ActionForm(
            Event.RETURN_DEFECTIVE,
            "The Compliance Auditor returns the complaint with a letter explaining each defect "
            "the reviewers recorded.",
            (Field("on", "Returned on", Kind.DATE, today),
             Field("notes", "Notes", Kind.LONG_TEXT, "")),
            lambda v: ReturnDefective(returned_on=v["on"], notes=v["notes"])),
        Event.FORWARD_CAMPAIGN_FINANCE: ActionForm(
            Event.FORWARD_CAMPAIGN_FINANCE,
            "A complaint under § 2-306 or § 2-307 is forwarded to the respondent within "
            f"{days_of(ClockKind.CF_FORWARD)} of the Compliance Auditor's receipt.",
            (Field("on", "Forwarded on", Kind.DATE, today),
             Field("deliveries", "Each respondent", Kind.DELIVERIES, today)),
            lambda v: ForwardCampaignFinance(forwarded_on=v["on"], deliveries=v["deliveries"]),
            {"respondents": respondents}),
        Event.RECORD_CURE: ActionForm(
            Event.RECORD_CURE,
            "The timely filing of the bank statement or the amended report, as verified by the "
            "City Clerk, is not a violation; the complainant is told by first class mail.",
            (Field("kind", "What was filed", Kind.CHOICE, CureKind.BANK_STATEMENT,
                   tuple((k.label, k) for k in CureKind)),
             Field("filed", "Filed on", Kind.DATE, today),
             Field("timely", "Filed in time", Kind.BOOL, True),
             Field("by", "Verified by", Kind.TEXT, staff),
             Field("verified", "Verified on", Kind.DATE, today)),
            lambda v: RecordCure(kind=v["kind"], filed_on=v["filed"], timely=v["timely"],
                                 verified_by=v["by"], verified_on=v["verified"])),
        Event.NOT_CURED: ActionForm(
            Event.NOT_CURED,
            "No timely statement or amended report: the complaint goes on to the Board.",
            (Field("on", "Decided on", Kind.DATE, today), Field("notes", "Notes", Kind.LONG_TEXT,
                                                               "")),
            lambda v: NotCured(decided_on=v["on"], notes=v["notes"])),
        Event.FORWARD_TO_BOARD: ActionForm(
            Event.FORWARD_TO_BOARD,
            "Each respondent gets the complaint with the (e) notice and a copy of the Ethics "
            "Code. The response clock runs from each respondent's receipt: the delivery date "
            "when known, otherwise the presumed receipt after mailing.",
            (Field("on", "Forwarded on", Kind.DATE, today),
             Field("deliveries", "Each respondent", Kind.DELIVERIES, today)),
            lambda v: ForwardToBoard(forwarded_on=v["on"], deliveries=v["deliveries"]),
            {"respondents": respondents}),
        Event.RECORD_RESPONDENT_RECEIPT: ActionForm(
            Event.RECORD_RESPONDENT_RECEIPT,
            f"The response is due {days_of(ClockKind.RESPONSE)} after the respondent received the "
            "complaint.",
            (Field("respondent", "Respondent", Kind.CHOICE, None, respondents),
             Field("on", "Received on", Kind.DATE, today),
             Field("detail", "How we know", Kind.TEXT, "delivered (return receipt)")),
            lambda v: RecordRespondentReceipt(respondent_id=v["respondent"], received_on=v["on"],
                                              detail=v["detail"])),
        Event.GRANT_MORE_TIME: ActionForm(
            Event.GRANT_MORE_TIME,
            "Record time the Board (or its Chair) granted a respondent to respond: the business "
            "days are added to the response date of § 2-83(e)(1), and the Board's written "
            f"opinion, due {CLOCKS[ClockKind.OPINION].period} after filing “extended by any time "
            "granted to the "
            "respondent” (§ 2-87(a)), moves by the calendar days gained. A notice that already "
            "told the respondent a date should be issued again (Papers tab).",
            (Field("respondent", "Respondent", Kind.CHOICE, _only(still_due), still_due,
                   hint="Those whose response is still due."),
             Field("days", "More time granted", Kind.CHOICE, None, DAYS_GRANTED),
             Field("on", "Granted on", Kind.DATE, today),
             Field("by", "Granted by", Kind.TEXT, "",
                   hint="For example: the Ethics Review Board, at its meeting of "
                        f"{today.isoformat()}; or its Chair."),
             Field("reason", "Why", Kind.LONG_TEXT, "")),
            lambda v: GrantMoreTime(respondent_id=v["respondent"], days=v["days"],
                                    granted_on=v["on"], granted_by=v["by"],
                                    reason=v["reason"])),
        Event.FILE_RESPONSE: ActionForm(
            Event.FILE_RESPONSE,
            "The response is forwarded to the Compliance Auditor, the City Attorney's Office and "
            "the Board; a copy goes to the complainant, who may reply within "
            f"{days_of(ClockKind.REPLY)} "
            "of receiving it.",
            (Field("respondent", "Respondent", Kind.CHOICE, None, respondents),
             Field("on", "Received on", Kind.DATE, today),
             Field("sworn", "The response is sworn", Kind.BOOL, False),
             Field("forwarded", "Forwarded to the Compliance Auditor, City Attorney's Office and "
                   "Board on", Kind.OPTIONAL_DATE, today,
                   hint="Leave empty if not yet forwarded to all three; record each forward "
                        "later (§ 2-83(e), last paragraph)."),
             Field("forward_method", "Forwarded by", Kind.CHOICE, MailMethod.HAND_DELIVERY,
                   FORWARD_METHODS),
             Field("copy_mailed", "Copy mailed to the complainant on", Kind.OPTIONAL_DATE, today),
             Field("copy_received", "Copy received by the complainant on", Kind.OPTIONAL_DATE),
             Field("scan", "Scan of the response", Kind.FILE),
             Field("notes", "Notes", Kind.LONG_TEXT, "")),
            lambda v: FileResponse(respondent_id=v["respondent"], received_on=v["on"],
                                   sworn=v["sworn"], forwarded_on=v["forwarded"],
                                   forward_method=v["forward_method"],
                                   copy_mailed_on=v["copy_mailed"],
                                   copy_received_on=v["copy_received"], notes=v["notes"],
                                   attachment=v["scan"])),
        Event.FORWARD_RESPONSE: ActionForm(
            Event.FORWARD_RESPONSE,
            "Upon receipt, the City Clerk forwards each sworn response to the Compliance "
            "Auditor, the City Attorney's Office and the Ethics Review Board. Tick each one sent "
            "it now; the step stays outstanding until all three have it.",
            (Field("respondent", "Response of", Kind.CHOICE, None, respondents),
             *(Field(f"to_{r.value}", f"Forwarded to the {r.label}", Kind.BOOL, True)
               for r in ResponseRecipient),
             Field("on", "Forwarded on", Kind.DATE, today),
             Field("method", "Forwarded by", Kind.CHOICE, MailMethod.HAND_DELIVERY,
                   FORWARD_METHODS)),
            lambda v: ForwardResponse(
                respondent_id=v["respondent"], forwarded_on=v["on"], method=v["method"],
                recipients=tuple(r for r in ResponseRecipient if v[f"to_{r.value}"]))),
        Event.WITHDRAW: ActionForm(
            Event.WITHDRAW,
            "The complainant may withdraw the complaint at any stage before it is resolved. "
            "Every clock stops; each respondent is told of the resolution (the notice of "
            "resolution is on the Papers tab).",
            (Field("on", "Withdrawal received on", Kind.DATE, today),
             Field("notes", "Notes (how the withdrawal was made)", Kind.LONG_TEXT, "")),
            lambda v: Withdraw(received_on=v["on"], notes=v["notes"])),
        Event.FILE_REPLY: ActionForm(
            Event.FILE_REPLY,
            "A copy of the reply goes to the respondents.",
            (Field("on", "Received on", Kind.DATE, today),
             Field("sworn", "The reply is sworn", Kind.BOOL, False),
             Field("copy", "Copy sent to the respondents on", Kind.OPTIONAL_DATE, today),
             Field("scan", "Scan of the reply", Kind.FILE),
             Field("notes", "Notes", Kind.LONG_TEXT, "")),
            lambda v: FileReply(received_on=v["on"], sworn=v["sworn"],
                                copy_to_respondents_on=v["copy"], notes=v["notes"],
                                attachment=v["scan"])),
        Event.REQUEST_HEARING: ActionForm(
            Event.REQUEST_HEARING,
            "The complainant or a respondent may request a hearing.",
            (Field("party", "Requested by", Kind.CHOICE, None,
                   tuple((f"{p.name} (complainant)", (PartyRole.COMPLAINANT, p.name))
                         for p in case.complainants)
                   + tuple((f"{p.name} (respondent)", (PartyRole.RESPONDENT, p.name))
                           for p in case.respondents)),
             Field("on", "Received on", Kind.DATE, today)),
            lambda v: RequestHearing(party=v["party"][0], party_name=v["party"][1],
                                     received_on=v["on"])),
        Event.SCHEDULE_HEARING: ActionForm(
            Event.SCHEDULE_HEARING,
            "The Board sets the date, time and place of the hearing a party asked for. The "
            "hearing is a meeting of the Board, whose notice is posted at least 72 hours before "
            "it (Gov't Code § 551.043): set it at least 72 hours from now. Then issue the notice "
            "of the hearing to the complainant and each respondent (Papers tab).",
            (Field("hearing_at", "Hearing date and time (e)(4)", Kind.DATETIME, None,
                   hint="Office time; at least 72 hours from now."),
             Field("place", "Hearing place (e)(4)", Kind.TEXT, "")),
            lambda v: ScheduleHearing(hearing_at=v["hearing_at"], place=v["place"]),
            {"today": today}),
        Event.RECORD_HEARING: ActionForm(
            Event.RECORD_HEARING,
            "The hearing a party requested, held on or after the day it was scheduled for: the "
            "complainant and the respondents may attend and be heard.",
            (Field("on", "Held on", Kind.DATE, today),
             Field("appeared", "Who appeared", Kind.TEXT, ""),
             Field("counsel", "Counsel who appeared", Kind.TEXT, "",
                   hint="Leave empty if no party had counsel."),
             Field("concluded", "Outcome", Kind.CHOICE, True,
                   (("Concluded", True), ("Continued to a later date", False)))),
            lambda v: RecordHearing(held_on=v["on"], appeared=v["appeared"],
                                    counsel=v["counsel"], concluded=v["concluded"])),
        Event.GIVE_RULE_NOTICE: ActionForm(
            Event.GIVE_RULE_NOTICE,
            "The Board may find a violation of any provision, whether or not the complaint "
            "alleged it (§ 2-85(b)). Before it finds a violation of a rule not alleged, the "
            f"respondent is given written notice of it and {days_of(ClockKind.UNALLEGED_RULE)} to "
            "respond. Record "
            "the day the notice was given; the notice itself is on the Papers tab.",
            (Field("respondent", "Notice to", Kind.CHOICE, _only(respondents), respondents),
             Field("provision", "Provision not alleged", Kind.CHOICE, None, case.noticeable,
                   hint="Those in force on the dates of the alleged violation."),
             Field("on", "Notice given on", Kind.DATE, today)),
            lambda v: GiveRuleNotice(respondent_id=v["respondent"],
                                     provision_ids=(v["provision"],), given_on=v["on"])),
        Event.RESOLVE: ActionForm(
            Event.RESOLVE,
            "Every clock stops; the respondents are to be notified of the resolution (the "
            "notice of resolution is on the Papers tab). “Frivolous” is not chosen here: it "
            "follows from the Board's record vote (§ 2-83(f)(6)); nor is “cured”, which follows "
            "from recording the cure of a campaign-finance complaint (§ 2-83(d)(2)); nor is "
            "“withdrawn”: record the complainant's withdrawal, with the day it was received. "
            "A decision on the merits is stated in the Board's written opinion (§ 2-87(a)).",
            (Field("disposition", "Disposition", Kind.CHOICE, None, DISPOSITIONS),
             Field("on", "Decided on", Kind.DATE, today,
                   hint="With the Board's vote below, the meeting's date is taken instead."),
             Field("findings", "Provisions found violated (§ 2-85(b))", Kind.CHECKS, (),
                   tuple((f.label, Finding(f.respondent_id, f.provision_id))
                         for f in case.findable),
                   hint="With “violation found”, tick each provision the Board found each "
                        "respondent violated. A rule not alleged is listed once its notice "
                        f"is recorded, and may be found when its {days_of(ClockKind.UNALLEGED_RULE)} "
                        "have run "
                        "(§ 2-85(c))."),
             Field("notes", "Notes", Kind.LONG_TEXT, ""),
             Field("vote", "The Board's vote, when it decided at a meeting "
                   f"({_vote(BoardAction.DISPOSITION)} of those present)", Kind.VOTE, resolve_voters,
                   vote_action=BoardAction.DISPOSITION, vote_optional=True)),
            lambda v: Resolve(disposition=v["disposition"], decided_on=v["on"],
                              notes=v["notes"], vote=v["vote"], findings=v["findings"]),
            {"today": today}),
        Event.DISCARD: ActionForm(
            Event.DISCARD, "The draft is kept in the record but no longer listed.",
            (Field("reason", "Why", Kind.TEXT, ""),),
            lambda v: DiscardDraft(reason=v["reason"])),
    }
    chosen = forms.get(event)
    if chosen is not None:
        chosen.extra.setdefault("today", today)  # the date fields' calendars open on it
    return chosen


class DefectsTable(QWidget):
    """Rows of (the § 2-83(c) item, a note)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, 2, self)
        self.table.setHorizontalHeaderLabels(["§ 2-83(c) item", "Note"])
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.setMinimumHeight(110)
        add = QPushButton("Add a &defect", self)
        add.clicked.connect(lambda: self.add())
        remove = QPushButton("Remove the selected defect", self)
        remove.clicked.connect(lambda: self.table.removeRow(self.table.currentRow()))
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)

    def add(self, item: DefectItem | None = None, note: str = "") -> None:
        """A row for one defect."""
        row = self.table.rowCount()
        self.table.insertRow(row)
        combo = QComboBox(self.table)
        for member in DefectItem:
            combo.addItem(f"{member.citation} — {member.label}", member.value)
        if item is not None:
            combo.setCurrentIndex(list(DefectItem).index(item))
        self.table.setCellWidget(row, 0, combo)
        note_edit = QLineEdit(note, self.table)
        self.table.setCellWidget(row, 1, note_edit)

    def value(self) -> tuple[tuple[DefectItem, str], ...]:
        """The defects entered."""
        rows = []
        for row in range(self.table.rowCount()):
            combo = self.table.cellWidget(row, 0)
            note = self.table.cellWidget(row, 1)
            assert isinstance(combo, QComboBox) and isinstance(note, QLineEdit)
            rows.append((DefectItem(combo.currentData()), note.text().strip()))
        return tuple(rows)


class NotesField(QWidget):
    """A note for each of several factors, each under the statute's words."""

    def __init__(self, factors: tuple[tuple[str, Any], ...], parent: QWidget,
                 hints: dict[Any, str] | None = None) -> None:
        super().__init__(parent)
        self.boxes: dict[Any, QPlainTextEdit] = {}
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(3)
        for words, key in factors:
            label = QLabel(words, self)
            label.setWordWrap(True)
            box = text_box(self, 44)
            box.setObjectName(f"note_{key}")
            buddy(label, box)
            column.addWidget(label)
            hint = (hints or {}).get(key, "")
            if hint:  # what the record says for this factor, under its words
                note = QLabel(f"<i>From the record:</i> {html.escape(hint)}", self)
                note.setObjectName(f"hint_{key}")
                note.setWordWrap(True)
                palette.set_style(note, "panel")
                column.addWidget(note)
            column.addWidget(box)
            column.addSpacing(4)
            self.boxes[key] = box

    def box(self, key: Any) -> QPlainTextEdit:
        """The note box of one factor."""
        return self.boxes[key]

    def value(self) -> dict[Any, str]:
        """Every factor's note (empty when none was written)."""
        return {key: box.toPlainText().strip() for key, box in self.boxes.items()}


class FileField(QWidget):
    """An optional scan: its name, a Choose… button, and the file as read and checked."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.attachment: AttachmentData | None = None
        self.name = QLineEdit(self)
        self.name.setReadOnly(True)
        self.name.setPlaceholderText("No file chosen (optional)")
        choose = QPushButton("C&hoose…", self)
        choose.clicked.connect(self.choose)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.name, 1)
        row.addWidget(choose)

    def choose(self) -> None:
        """The file dialog."""
        name, _ = QFileDialog.getOpenFileName(self, "Choose the scan", "", FILE_FILTER)
        if name:
            attempt(self, lambda: self.load(Path(name)), "File not attached")

    def load(self, path: Path) -> None:
        """Read a file through the same checks as the intake's attachments
        (:func:`ethics_desk.intake.record.read_attachment`); a :class:`UserError` when it is
        refused."""
        self.attachment = read_attachment(path)
        self.name.setText(f"{self.attachment.file_name} (SHA-256 "
                          f"{self.attachment.sha256[:12]}…)")


class ActionDialog(QDialog):
    """The form of one action; OK hands the payload to ``submit``, which says if it was saved."""

    def __init__(self, form: ActionForm, submit: Callable[[Payload], bool],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.form = form
        self.submit = submit
        self.setWindowTitle(f"{form.title} — {form.citation}")
        self.inputs: dict[str, Any] = {}
        self.today: date = form.extra.get("today") or next(
            (f.default for f in form.fields if isinstance(f.default, date)), date.min)
        intro = QLabel(f"<b>{form.title}</b> ({form.citation})<br>{form.intro}", self)
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        large = any(spec.kind in LARGE_KINDS for spec in form.fields)
        body = QWidget(self) if large else self
        grid = QFormLayout()
        grid.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for spec in form.fields:
            widget = self._widget(spec, body)
            shown = self._with_hint(widget, spec.hint, body)
            if spec.kind is Kind.BOOL:
                grid.addRow("", shown)
            elif spec.kind in LARGE_KINDS or (large and spec.kind is Kind.LONG_TEXT):
                # a heading, then the whole width
                heading = f"<b>{spec.label}</b>" if spec.kind in LARGE_KINDS else f"{spec.label}:"
                label = QLabel(heading, body)
                label.setWordWrap(True)
                buddy(label, widget)
                grid.addRow(label)
                grid.addRow(shown)
            else:
                label = QLabel(f"{spec.label}:", body)
                buddy(label, widget)
                grid.addRow(label, shown)
        if large:
            column = QVBoxLayout(body)
            column.addLayout(grid)
            column.addStretch(1)
            scroll = QScrollArea(self)
            scroll.setObjectName("formScroll")
            scroll.setWidgetResizable(True)
            scroll.setWidget(body)
            scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a container: Tab goes to the fields
            layout.addWidget(scroll, 1)
        else:
            layout.addLayout(grid)
        self.message = FieldMessage(self)
        self.message.setObjectName("actionMessage")
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Save")
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        give_alt_keys(self)  # the form's own buttons (Remove the selected defect, Clear…)
        give_label_keys(self)  # then each field, through its label
        self._body = body if large else None
        if large:  # room for the vote and the notes; scrolls on a small screen (1280 × 800)
            fit_to_screen(self, *self.preferred_size())
        else:
            self.resize(640, self.sizeHint().height())
            # Wrapped notes take more lines at this width than at the width of the hint: make
            # room for them, so that no row is squeezed below its fields' height.
            self.resize(self.width(), max(self.height(), layout.totalHeightForWidth(self.width())))

    def preferred_size(self) -> tuple[int, int]:
        """The size the dialog asks for before the screen is taken into account: a large form
        (a vote, notes) is wide and as tall as its content, which scrolls when it does not fit."""
        if self._body is None:
            return 640, self.sizeHint().height()
        return 920, self._body.sizeHint().height() + 200

    @staticmethod
    def _with_hint(widget: QWidget, hint: str, parent: QWidget) -> QWidget:
        if not hint:
            return widget
        holder = QWidget(parent)
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addWidget(widget)
        note = QLabel(hint, holder)
        note.setObjectName(f"hint:{widget.objectName()}")
        note.setWordWrap(True)
        palette.set_style(note, "muted")
        column.addWidget(note)
        return holder

    def _widget(self, spec: Field, parent: QWidget) -> QWidget:
        widget: QWidget
        if spec.kind in (Kind.DATE, Kind.OPTIONAL_DATE):
            widget = DateField(parent, today=self.today, value=spec.default, name=spec.label)
        elif spec.kind is Kind.TEXT:
            widget = QLineEdit(str(spec.default or ""), parent)
        elif spec.kind is Kind.LONG_TEXT:
            box = text_box(parent, 60)
            box.setPlainText(str(spec.default or ""))
            widget = box
        elif spec.kind is Kind.BOOL:
            check = QCheckBox(spec.label, parent)
            check.setChecked(bool(spec.default))
            widget = check
        elif spec.kind is Kind.VOTE:
            assert spec.vote_action is not None, "a vote decides a Board action"
            # A vote's form carries the day it was opened, from the application's clock.
            widget = VoteEntry(spec.default, self.form.extra["today"], parent,
                               action=spec.vote_action, optional=spec.vote_optional)
        elif spec.kind is Kind.NOTES:
            widget = NotesField(spec.choices, parent, self.form.extra.get("hints", {}))
        elif spec.kind is Kind.DATETIME:
            widget = DateTimeField(parent, today=self.today, name=spec.label)
        elif spec.kind is Kind.MONEY:
            money = QLineEdit(parent)
            money.setPlaceholderText("none")
            money.setMaximumWidth(160)
            widget = money
        elif spec.kind is Kind.CHOICE:
            # Qt would turn enum values into plain strings: the items carry indexes instead.
            combo = QComboBox(parent)
            # A long choice (a provision's title) is elided in the box, shown whole in the list:
            # the dialog keeps its width.
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(24)
            if spec.default is None:
                combo.addItem("— choose —", -1)
            for number, (label, _value) in enumerate(spec.choices):
                combo.addItem(label, number)
            if spec.default is not None:
                combo.setCurrentIndex(max(0, [v for _l, v in spec.choices].index(spec.default)))
            widget = combo
        elif spec.kind is Kind.CHECKS:
            ticks = QListWidget(parent)
            ticks.setAccessibleName(spec.label)
            for number, (label, _value) in enumerate(spec.choices):
                item = QListWidgetItem(label, ticks)
                item.setData(Qt.ItemDataRole.UserRole, number)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if spec.choices[number][1] in
                                   (spec.default or ()) else Qt.CheckState.Unchecked)
            if not spec.choices:
                QListWidgetItem("(none yet)", ticks).setFlags(Qt.ItemFlag.NoItemFlags)
            rows = max(1, min(len(spec.choices), 5))
            ticks.setFixedHeight(ticks.sizeHintForRow(0) * rows + 2 * ticks.frameWidth() + 4)
            widget = ticks
        elif spec.kind is Kind.DEFECTS:
            widget = DefectsTable(parent)
        elif spec.kind is Kind.FILE:
            widget = FileField(parent)
        elif spec.kind is Kind.REVIEWERS:
            widget = self._reviewers(spec.default)
        else:
            widget = self._deliveries(spec.default)
        widget.setObjectName(spec.key)
        self.inputs[spec.key] = widget
        return widget

    def _reviewers(self, day: date) -> QWidget:
        holder = QWidget(self)
        grid = QGridLayout(holder)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel("<i>Received on</i>"), 0, 1)
        grid.addWidget(QLabel("<i>Reviewer's name (optional)</i>"), 0, 2)
        self.reviewer_inputs: dict[ReviewerRole, tuple[DateField, QLineEdit]] = {}
        for row, role in enumerate(ReviewerRole, start=1):
            when = DateField(holder, today=self.today, value=day,
                             name=f"Received by the {role.label} on")
            name = QLineEdit(holder)
            name.setAccessibleName(f"{role.label}'s name")
            grid.addWidget(QLabel(role.label), row, 0)
            grid.addWidget(when, row, 1)
            grid.addWidget(name, row, 2)
            self.reviewer_inputs[role] = (when, name)
        return holder

    def _deliveries(self, day: date) -> QWidget:
        holder = QWidget(self)
        grid = QGridLayout(holder)
        grid.setContentsMargins(0, 0, 0, 0)
        for column, text in enumerate(("", "Mailed on", "Received on (if known)", "How"), 0):
            grid.addWidget(QLabel(f"<i>{text}</i>"), 0, column)
        self.delivery_inputs: dict[int, tuple[DateField, DateField, QComboBox]] = {}
        for row, (name, respondent_id) in enumerate(self.form.extra.get("respondents", ()), 1):
            mailed = DateField(holder, today=self.today, value=day, name=f"Mailed to {name} on")
            received = DateField(holder, today=self.today,
                                 name=f"Received by {name} on (if known)")
            method = QComboBox(holder)
            for number, (label, _value) in enumerate(METHODS):
                method.addItem(label, number)
            grid.addWidget(QLabel(name), row, 0)
            grid.addWidget(mailed, row, 1)
            grid.addWidget(received, row, 2)
            grid.addWidget(method, row, 3)
            self.delivery_inputs[respondent_id] = (mailed, received, method)
        return holder

    def values(self) -> dict[str, Any]:
        """The answers, typed as the payload wants them; a missing required answer raises."""
        out: dict[str, Any] = {}
        for spec in self.form.fields:
            widget = self.inputs[spec.key]
            if spec.kind is Kind.DATE:
                value = self._checked(widget, spec.label)
                if value is None:
                    raise ValueError(f"Enter the date: {spec.label.lower()}.")
                out[spec.key] = value
            elif spec.kind is Kind.OPTIONAL_DATE:
                out[spec.key] = self._checked(widget, spec.label)
            elif spec.kind is Kind.TEXT:
                out[spec.key] = widget.text().strip()
            elif spec.kind is Kind.LONG_TEXT:
                out[spec.key] = widget.toPlainText().strip()
            elif spec.kind is Kind.BOOL:
                out[spec.key] = widget.isChecked()
            elif spec.kind is Kind.CHOICE:
                number = widget.currentData()
                if number is None or number < 0:
                    raise ValueError(f"Choose: {spec.label.lower()}.")
                out[spec.key] = spec.choices[number][1]
            elif spec.kind is Kind.CHECKS:
                out[spec.key] = tuple(
                    spec.choices[widget.item(row).data(Qt.ItemDataRole.UserRole)][1]
                    for row in range(widget.count())
                    if widget.item(row).checkState() is Qt.CheckState.Checked)
            elif spec.kind is Kind.DEFECTS:
                out[spec.key] = widget.value()
            elif spec.kind is Kind.FILE:
                out[spec.key] = widget.attachment
            elif spec.kind in LARGE_KINDS:  # the vote, or the notes on the factors
                out[spec.key] = widget.value()
            elif spec.kind is Kind.DATETIME:
                self._checked(widget, spec.label)
                moment = widget.moment()
                if moment is None:
                    raise ValueError(f"Enter the {spec.label.lower()}.")
                out[spec.key] = moment
            elif spec.kind is Kind.MONEY:
                cents = parse_dollars(widget.text(), spec.label.split(",")[0].lower())
                if cents is not None and spec.limit_cents is not None \
                        and cents > spec.limit_cents:
                    raise ValueError(
                        f"{spec.label.split(',')[0]}: ${cents / 100:,.2f} is more than the law "
                        f"allows: a civil penalty may not exceed "
                        f"${spec.limit_cents / 100:,.2f} (§ 2-83(g)(2)(a)). Enter "
                        f"${spec.limit_cents / 100:,.2f} or less.")
                out[spec.key] = cents
            elif spec.kind is Kind.REVIEWERS:
                reviewers = {}
                for role, (when, name) in self.reviewer_inputs.items():
                    day = self._checked(when, f"Received by the {role.label} on")
                    if day is None:
                        raise ValueError(f"Enter the date the {role.label} received it.")
                    reviewers[role] = (day, name.text().strip())
                out[spec.key] = reviewers
            else:
                for mailed, received, _method in self.delivery_inputs.values():
                    self._checked(mailed, mailed.accessibleName())
                    self._checked(received, received.accessibleName())
                out[spec.key] = tuple(
                    Delivery(respondent_id, mailed_on=mailed.date(),
                             received_on=received.date(),
                             method=METHODS[method.currentData()][1],
                             detail="delivered" if received.date() else "")
                    for respondent_id, (mailed, received, method)
                    in self.delivery_inputs.items())
        return out

    @staticmethod
    def _checked(field: DateField, label: str) -> date | None:
        """The field's date; a date typed wrong refuses the form, its text kept."""
        if not field.show_problem():
            field.setFocus()
            raise ValueError(f"{label}: {field.problem()}")
        return field.date()

    def save(self) -> None:
        """Build the payload and hand it over; stay open (everything kept) if it is refused."""
        try:
            payload = self.form.build(self.values())
        except ValueError as exc:
            self.message.say(str(exc))
            return
        if self.submit(payload):
            self.accept()

    def show_refusal(self, text: str) -> None:
        """Say why the controller refused, under the form."""
        self.message.say(text)


