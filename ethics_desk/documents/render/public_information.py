"""The papers of a Public Information Act request (Gov't Code ch. 552), for § 2-83(h)(3).

Six letters, each from :class:`RequestLetterPaper` and its template
(``resources/templates/<kind>.txt``): the acknowledgement to the requester, the notice to the
requester that a ruling was asked (§ 552.301(d)), the request to the Attorney General for a
ruling listing the exceptions claimed (§ 552.301(b)), the request to the requester to clarify
(§ 552.222(b)), the itemized statement of estimated charges (§ 552.2615) and the release
letter. Those to the requester have a Spanish template
beside the English one. Each states its dates and the rules behind them in plain words; the
dates are the deadline engine's (:mod:`ethics_desk.public_information.log`), never worked out
here. The requester's letters name no complaint: whether one exists is confidential while it is
pending (§ 2-83(h)(1)).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import ClassVar

from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer

from ethics_desk.core.vocabulary import RequestChannel, RulingBy, RulingOutcome
from ethics_desk.deadlines.clocks import PIA_MAILED_RECEIPT_BUSINESS_DAYS
from ethics_desk.documents.render.base import DocParagraph, Renderer, Wording, field_table
from ethics_desk.documents.render.data import Letterhead, Party
from ethics_desk.documents.render.fonts import markup

_SPANISH_OUTCOMES: dict[RulingOutcome, str] = {
    RulingOutcome.RELEASE: "entrega",
    RulingOutcome.WITHHOLD: "retención",
    RulingOutcome.PARTIAL: "entrega parcial",
}
"""A ruling's outcome in a letter in Spanish."""
_SPANISH_DECIDERS: dict[RulingBy, str] = {
    RulingBy.ATTORNEY_GENERAL: "el dictamen de la Procuraduría General de Texas",
    RulingBy.CITY_ATTORNEY: "la decisión de la Oficina del Abogado de la Ciudad",
}
"""Who decided, in a letter in Spanish."""
_SPANISH_CHANNELS: dict[RequestChannel, str] = {
    RequestChannel.MAIL: "correo postal de los EE. UU.",
    RequestChannel.EMAIL: "correo electrónico",
    RequestChannel.HAND: "entrega en mano",
    RequestChannel.FAX: "fax",
}
"""How a request came, in a letter in Spanish."""
_SPANISH_ORDINALS = {1: "primer", 2: "segundo", 3: "tercer", 4: "cuarto", 5: "quinto"}
"""The business day of § 552.301(a-1) in words (the statute's third)."""


@dataclass(frozen=True, kw_only=True)
class RequestLetterPaper:
    """What a paper of a request shows: the office, the request, its dates, to whom it goes."""

    letterhead: Letterhead
    case_number: str
    """The request's number (``PIA-2026-001``), which the page's frame prints."""
    issued_on: date
    recipient: Party
    requester: Party
    received_on: date
    received_how: str
    asked_for: str
    ruling_due: date
    arguments_due: date
    certify_due: date
    ruling_due_explanation: str = ""
    ruling_requested_on: date | None = None
    released_on: date | None = None
    outcome: str = ""
    """The ruling's or decision's outcome in words ("Partial release"), or ""."""
    decided_by: str = ""
    """"the Attorney General's ruling" / "the City Attorney's decision", or ""."""
    decided_on: date | None = None
    reference: str = ""
    outcome_kind: RulingOutcome | None = None
    """The outcome itself, which a letter in Spanish words in Spanish."""
    decided_kind: RulingBy | None = None
    """Who decided it, likewise."""
    partial: bool = False
    records: tuple[str, ...] = ()
    """The records asked for, as the letter to the Attorney General lists them."""
    exceptions: tuple[str, ...] = ()
    """The exceptions claimed, as the letter to the Attorney General lists them
    (§ 552.301(b))."""
    attorney_general: Party | None = None
    """The Open Records Division's address (an office setting)."""
    channel: RequestChannel | None = None
    """How the request came, which a letter in Spanish states in Spanish with the date."""
    postmarked_on: date | None = None
    """The postmark of a mailed request whose receipt is presumed from it (§ 552.301(a-1))."""
    clarification_asked_on: date | None = None
    clarification_question: str = ""
    """What the requester is asked to clarify (§ 552.222(b)), or ""."""
    estimate: tuple[tuple[str, int], ...] = ()
    """The itemized statement of estimated charges (§ 552.2615): each item in words with its
    charge in cents."""
    estimate_sent_on: date | None = None
    estimate_answer_due: date | None = None
    """The 10th business day after the statement is sent (§ 552.2615(b))."""


class RequestLetterRenderer(Renderer[RequestLetterPaper]):
    """A letter on a request, mailed to ``data.recipient`` in a #10 window envelope."""

    required_sections: ClassVar[tuple[str, ...]] = ("title", "re", "salutation", "body",
                                                    "closing")

    def values(self, data: RequestLetterPaper) -> dict[str, str | None]:
        """The request's dates and facts, in the letter's language."""
        words = self.words
        agency = data.attorney_general
        return {
            "issued_on": words.long_date(data.issued_on),
            "request_number": data.case_number,
            "recipient_name": data.recipient.name or None,
            "requester_name": data.requester.name or None,
            "received_on": words.long_date(data.received_on),
            "received_how": self.received_how(data),
            "asked_for": data.asked_for,
            "ruling_due": words.weekday_date(data.ruling_due),
            "arguments_due": words.weekday_date(data.arguments_due),
            "certify_due": words.weekday_date(data.certify_due),
            "ruling_requested_on": words.long_date(data.ruling_requested_on or data.issued_on),
            "released_on": words.long_date(data.released_on or data.issued_on),
            "outcome": (_SPANISH_OUTCOMES[data.outcome_kind]
                        if words.spanish and data.outcome_kind else data.outcome),
            "decided_by": (_SPANISH_DECIDERS[data.decided_kind]
                           if words.spanish and data.decided_kind else data.decided_by),
            "decided_on": words.long_date(data.decided_on) if data.decided_on else "",
            "reference": f" ({data.reference})" if data.reference else "",
            "attorney_general_line": ", ".join(agency.address_lines) if agency else "",
            "clarification_asked_on": (words.long_date(data.clarification_asked_on)
                                       if data.clarification_asked_on else None),
            "clarification_question": data.clarification_question or None,
            "estimate_sent_on": (words.long_date(data.estimate_sent_on)
                                 if data.estimate_sent_on else None),
            "estimate_answer_due": (words.weekday_date(data.estimate_answer_due)
                                    if data.estimate_answer_due else None),
            "estimate_total": (words.dollars(sum(cents for _what, cents in data.estimate))
                               if data.estimate else None),
        }

    def received_how(self, data: RequestLetterPaper) -> str:
        """How and when the request was received: the log's words in English; in Spanish the
        same facts in Spanish (the postmark of § 552.301(a-1), or the way it came)."""
        if not self.words.spanish:
            return data.received_how
        if data.postmarked_on is not None:
            return (f"recibida el {_SPANISH_ORDINALS[PIA_MAILED_RECEIPT_BUSINESS_DAYS]} día "
                    "hábil después del matasellos del "
                    f"{self.words.long_date(data.postmarked_on)}, § 552.301(a-1) del Código de "
                    "Gobierno de Texas")
        if data.channel is not None:
            return (f"recibida por {_SPANISH_CHANNELS[data.channel]} el "
                    f"{self.words.long_date(data.received_on)}")
        return data.received_how

    def recipient(self, data: RequestLetterPaper) -> Party | None:
        """The recipient, in the envelope window."""
        return data.recipient

    def side_lines(self, data: RequestLetterPaper, wording: Wording) -> list[str]:
        """The date of the letter and the request's number."""
        return [markup(self.words.long_date(data.issued_on)),
                markup(self.case_label(data))]

    def case_label(self, data: RequestLetterPaper) -> str:
        """"Request PIA-2026-001" (in Spanish "Solicitud …")."""
        return f"{'Solicitud' if self.words.spanish else 'Request'} {data.case_number}"

    def opening(self, wording: Wording) -> list[Flowable]:
        """Title, the "Re:" line and the salutation."""
        return [DocParagraph(wording.text("title"), self.styles["Title"]),
                DocParagraph(f"<b>{wording.text('re')}</b>", self.styles["Body"]),
                Spacer(0, 4),
                DocParagraph(wording.text("salutation"), self.styles["Body"])]

    def optional(self, wording: Wording, *sections: str) -> list[Flowable]:
        """The flowables of those ``sections`` the template has."""
        return [f for s in sections if wording.has(s) for f in wording.flowables(s)]

    def closing(self, data: RequestLetterPaper, wording: Wording) -> list[Flowable]:
        """Signature, then the enclosure line if the template has one."""
        out: list[Flowable] = [self.signature_block(data.letterhead, wording.text("closing"))]
        if wording.has("enclosures"):
            out.extend([Spacer(0, 6), *wording.flowables("enclosures", "Small")])
        return out

    def dates_table(self, data: RequestLetterPaper, wording: Wording) -> Flowable:
        """The request's dates as a small table (labels from the template)."""
        rows = [(wording.text("label-received"), self.words.long_date(data.received_on)),
                (wording.text("label-ruling-due"), self.words.weekday_date(data.ruling_due)),
                (wording.text("label-arguments-due"),
                 self.words.weekday_date(data.arguments_due))]
        return field_table([(markup(label), markup(value)) for label, value in rows],
                           self.styles)

    def story(self, data: RequestLetterPaper, wording: Wording) -> list[Flowable]:
        """Opening, body, the kind's own sections, closing."""
        return [*self.opening(wording), *wording.flowables("body"),
                *self.middle(data, wording), *self.optional(wording, "questions"),
                *self.closing(data, wording)]

    def middle(self, data: RequestLetterPaper, wording: Wording) -> list[Flowable]:
        """What only this kind says, between the body and the questions."""
        return []


class RequestAcknowledgementRenderer(RequestLetterRenderer):
    """Kind ``pia-acknowledgement``: tells the requester the request was received, and when
    the City must act on it."""

    template_name = "pia-acknowledgement"

    def middle(self, data: RequestLetterPaper, wording: Wording) -> list[Flowable]:
        """What happens next, with the dates."""
        return self.optional(wording, "asked-for", "next", "counting")


class RulingNoticeRenderer(RequestLetterRenderer):
    """Kind ``pia-ruling-notice``: the § 552.301(d) notice that a ruling was asked."""

    template_name = "pia-ruling-notice"

    def middle(self, data: RequestLetterPaper, wording: Wording) -> list[Flowable]:
        """What happens next, and the requester's own comments (§ 552.304)."""
        return self.optional(wording, "next", "comments")


class RulingRequestRenderer(RequestLetterRenderer):
    """Kind ``pia-ruling-request``: asks the Attorney General for a ruling (§ 552.301(b))."""

    template_name = "pia-ruling-request"
    required_sections = (*RequestLetterRenderer.required_sections, "label-received",
                         "label-ruling-due", "label-arguments-due", "exceptions-heading")

    def middle(self, data: RequestLetterPaper, wording: Wording) -> list[Flowable]:
        """The dates, the records asked for, the exceptions claimed (§ 552.301(b)), the
        arguments to come, the copy to the requester."""
        out: list[Flowable] = [self.dates_table(data, wording), Spacer(0, 6)]
        out += self.optional(wording, "request")
        if data.records:
            out += self.optional(wording, "records-heading")
            out += [DocParagraph(f"• {markup(record)}", self.styles["Item"])
                    for record in data.records]
        out += wording.flowables("exceptions-heading")
        out += [DocParagraph(f"• {markup(exception)}", self.styles["Item"])
                for exception in data.exceptions]
        return [*out, Spacer(0, 6), *self.optional(wording, "arguments", "copy")]


class ClarificationRequestRenderer(RequestLetterRenderer):
    """Kind ``pia-clarification``: asks the requester to clarify the request (§ 552.222(b));
    the clocks run again from the day the answer is received."""

    template_name = "pia-clarification"
    required_sections = (*RequestLetterRenderer.required_sections, "question")

    def middle(self, data: RequestLetterPaper, wording: Wording) -> list[Flowable]:
        """The question, and how the days are counted again."""
        return self.optional(wording, "question", "counting")


class CostEstimateRenderer(RequestLetterRenderer):
    """Kind ``pia-cost-estimate``: the itemized statement of estimated charges (§ 552.2615)."""

    template_name = "pia-cost-estimate"
    required_sections = (*RequestLetterRenderer.required_sections, "items-heading",
                         "label-total", "answer")

    def middle(self, data: RequestLetterPaper, wording: Wording) -> list[Flowable]:
        """Each item with its charge, the total, and what the requester must do by when."""
        rows = [(markup(what), markup(self.words.dollars(cents))) for what, cents in data.estimate]
        rows.append((f"<b>{markup(wording.text('label-total'))}</b>",
                     f"<b>{markup(self.words.dollars(sum(c for _w, c in data.estimate)))}</b>"))
        return [*wording.flowables("items-heading"),
                field_table(rows, self.styles, label_width=4.6 * inch), Spacer(0, 6),
                *self.optional(wording, "answer", "alternative")]


class ReleaseLetterRenderer(RequestLetterRenderer):
    """Kind ``pia-release-letter``: sends the requester the information released."""

    template_name = "pia-release-letter"

    def middle(self, data: RequestLetterPaper, wording: Wording) -> list[Flowable]:
        """The ruling or decision it follows, and what was withheld, if any."""
        out: list[Flowable] = []
        if data.decided_by:
            out += self.optional(wording, "ruling")
        if data.partial:
            out += self.optional(wording, "partial")
        return out
