"""The letters of § 2-83(d) and (e): one small renderer per document, on :class:`CaseLetterRenderer`.

Each takes its paper from :mod:`ethics_desk.documents.render.letter_data` and its wording from
``resources/templates/<kind>.txt``. A mailed letter puts its recipient in the window of a #10
envelope (the base's :meth:`~ethics_desk.documents.render.base.Renderer.recipient`); the two internal
transmittals (to the reviewers and to the Board) are memoranda with no window, and the one to the
reviewers carries the § 2-83(h) marking on every page.
"""

from __future__ import annotations

from datetime import date
from typing import ClassVar, TypeVar

from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepTogether, Spacer

from ethics_desk.core.office_time import office_date
from ethics_desk.core.words import ENGLISH
from ethics_desk.documents.render.base import (
    DocParagraph,
    Renderer,
    Wording,
    bullet_list,
    field_table,
    notice,
    paragraphs,
)
from ethics_desk.documents.render.data import Party, long_date
from ethics_desk.documents.render.fonts import markup
from ethics_desk.documents.render.letter_data import (
    BoardTransmittalPaper,
    CampaignFinanceForwardPaper,
    CaseLetter,
    CureNoticePaper,
    DefectLetterPaper,
    DueBasis,
    FilingNoticePaper,
    HearingNoticePaper,
    ReplyCopyPaper,
    ResolutionNoticePaper,
    RespondentNoticePaper,
    ResponseCopyPaper,
    ResponseTransmittalPaper,
    ReviewerCopy,
    ReviewerTransmittalPaper,
)

L = TypeVar("L", bound=CaseLetter)

REPLACES = "replaces_line"
"""The value holding a corrected reissue's line under the title (no template places it)."""

ENCLOSURE_GAP = 6
"""Points between the signatory's lines and the enclosure line under them (kept small so that a
one-line enclosure note does not go over to a page of its own)."""


def names(parties: tuple[Party, ...]) -> str:
    """"A", "A and B", "A, B and C"."""
    return ENGLISH.names([p.name for p in parties if p.name.strip()])


def weekday_date(day: date) -> str:
    """"Thursday, December 17, 2026"."""
    return ENGLISH.weekday_date(day)


class CaseLetterRenderer(Renderer[L]):
    """A letter about a filed case, mailed to ``data.recipient`` in a #10 window envelope."""

    required_sections: ClassVar[tuple[str, ...]] = ("title", "re", "salutation", "body",
                                                    "closing")

    def values(self, data: L) -> dict[str, str | None]:
        """The placeholders every letter offers, and :meth:`extra_values`."""
        return {
            "issued_on": self.words.long_date(data.issued_on),
            "recipient_name": data.recipient.name or None,
            "complainant_name": data.complainant.name or None,
            "respondent_names": self.names(data.respondents) or None,
            "filed_on": self.words.long_date(data.filed_on),
            **self.extra_values(data),
            REPLACES: (self.words.replaces(data.replaces_issued_on)
                       if data.replaces_issued_on is not None else None),
        }

    def extra_values(self, data: L) -> dict[str, str | None]:
        """What only this kind offers its template."""
        return {}

    def names(self, parties: tuple[Party, ...]) -> str:
        """The parties' names joined in the letter's language ("A, B and C", "A, B y C")."""
        return self.words.names([p.name for p in parties if p.name.strip()])

    def recipient(self, data: L) -> Party | None:
        """The recipient, in the envelope window."""
        return data.recipient

    def side_lines(self, data: L, wording: Wording) -> list[str]:
        """The date of the letter and the case number."""
        return [markup(self.words.long_date(data.issued_on)),
                markup(self.words.case(data.case_number))]

    def opening(self, wording: Wording) -> list[Flowable]:
        """Title (and, on a corrected reissue, the copy it replaces), the "Re:" line and the
        salutation."""
        replaces = wording.values.get(REPLACES)
        return [DocParagraph(wording.text("title"), self.styles["Title"]),
                *([DocParagraph(f"<b>{markup(replaces)}</b>", self.styles["Body"])]
                  if replaces else []),
                DocParagraph(f"<b>{wording.text('re')}</b>", self.styles["Body"]),
                Spacer(0, 4),
                DocParagraph(wording.text("salutation"), self.styles["Body"])]

    def optional(self, wording: Wording, *sections: str) -> list[Flowable]:
        """The flowables of those ``sections`` the template has."""
        return [f for s in sections if wording.has(s) for f in wording.flowables(s)]

    def closing(self, data: L, wording: Wording) -> list[Flowable]:
        """Signature, then the enclosure line if the template has one."""
        out: list[Flowable] = [self.signature_block(data.letterhead, wording.text("closing"))]
        if wording.has("enclosures"):
            out.extend([Spacer(0, ENCLOSURE_GAP), *wording.flowables("enclosures", "Small")])
        return out

    def due_values(self, basis: DueBasis | None) -> dict[str, str | None]:
        """The placeholders of the plain sentence on what a due date counts from (empty where
        the letter states no date, so that no section of the template lacks its value)."""
        if basis is None:
            return {"counted_from": "", "mailed_on": ""}
        return {"counted_from": self.words.weekday_date(basis.counted_from),
                "mailed_on": self.words.long_date(basis.mailed_on) if basis.mailed_on else ""}

    def due_box(self, wording: Wording, due: str, basis: DueBasis | None) -> Flowable:
        """A boxed due date for the public: the date and its rule in plain words (the template's
        ``due-rule``: "…: ten business days after you received the complaint (City Code
        § 2-83(e)(1))"), then the day it is counted from, received or presumed. The engine's
        counting log stays on the screens and in the Board packet. A template the office wrote
        before these sections existed prints the date alone."""
        rule = f": {wording.text('due-rule')}" if wording.has("due-rule") else ""
        content: list[Flowable] = [
            DocParagraph(f"{wording.text('due-label')} <b>{markup(due)}</b>{rule}",
                         self.styles["Notice"])]
        section = "due-presumed" if basis is not None and basis.presumed else "due-received"
        if basis is not None and wording.has(section):
            content.append(DocParagraph(wording.text(section), self.styles["Body"]))
        return notice(content)


class FilingNoticeRenderer(CaseLetterRenderer[FilingNoticePaper]):
    """Kind ``filing-notice``: tells a respondent, for information only, of a filing (d)(1)."""

    template_name = "filing-notice"
    confidential = True

    def story(self, data: FilingNoticePaper, wording: Wording) -> list[Flowable]:
        """Opening, the information-only notice, what happens next, confidentiality."""
        return [*self.opening(wording), *wording.flowables("body"),
                *self.optional(wording, "next", "confidentiality", "questions"),
                *self.closing(data, wording)]


class DefectLetterRenderer(CaseLetterRenderer[DefectLetterPaper]):
    """Kind ``defect-letter``: returns a complaint with every defect by its (c) item (d)(3)."""

    template_name = "defect-letter"
    required_sections = (*CaseLetterRenderer.required_sections, "defects-heading")

    def story(self, data: DefectLetterPaper, wording: Wording) -> list[Flowable]:
        """Opening, the return, each defect with its citation and the reviewer's note."""
        items = []
        must = wording.text("must-set-forth") if wording.has("must-set-forth") else (
            "the complaint must set forth")
        for defect in data.defects:
            # A template may word each (c) item itself ("[requirement-c1]", the Spanish one does).
            section = f"requirement-{defect.item}"
            requirement = (wording.text(section) if defect.item and wording.has(section)
                           else markup(defect.requirement))
            text = f"<b>{markup(defect.citation)}</b> — {must} {requirement}."
            if defect.note.strip():
                text += f"<br/><i>{markup(defect.note.strip())}</i>"
            items.append(text)
        return [*self.opening(wording), *wording.flowables("body"),
                *wording.flowables("defects-heading"),
                bullet_list(items, self.styles["Item"], numbered=True),
                *self.optional(wording, "refile", "questions"),
                *self.closing(data, wording)]

    def closing(self, data: DefectLetterPaper, wording: Wording) -> list[Flowable]:
        """Signed as the Compliance Auditor's letter, § 2-83(d)(3): "the Compliance Auditor
        shall return the complaint … with a letter" — not the City Clerk's."""
        title = wording.text("signed-as") if wording.has("signed-as") else "Compliance Auditor"
        out: list[Flowable] = [self.signature_block(
            data.letterhead, wording.text("closing"),
            signer=(data.auditor_name, title, data.letterhead.city))]
        if wording.has("enclosures"):
            out.extend([Spacer(0, ENCLOSURE_GAP), *wording.flowables("enclosures", "Small")])
        return out


class CampaignFinanceForwardRenderer(CaseLetterRenderer[CampaignFinanceForwardPaper]):
    """Kind ``cf-forward``: forwards a §§ 2-306/2-307 complaint to the respondent (d)(2)."""

    template_name = "cf-forward"
    confidential = True

    def extra_values(self, data: CampaignFinanceForwardPaper) -> dict[str, str | None]:
        """When it was forwarded."""
        return {"forwarded_on": long_date(data.forwarded_on)}

    def story(self, data: CampaignFinanceForwardPaper, wording: Wording) -> list[Flowable]:
        """Opening, the forward, the cure of § 2-82(b)(2), confidentiality."""
        return [*self.opening(wording), *wording.flowables("body"),
                *self.optional(wording, "cure", "confidentiality", "questions"),
                *self.closing(data, wording)]


class CureNoticeRenderer(CaseLetterRenderer[CureNoticePaper]):
    """Kind ``cf-cure-notice``: tells the complainant, first class, of the cure filed (d)(2)."""

    template_name = "cf-cure-notice"

    def extra_values(self, data: CureNoticePaper) -> dict[str, str | None]:
        """What was filed, when, and who verified it."""
        cure = self.words.cure(data.cure_kind) if data.cure_kind else data.cure
        return {"cure": cure[:1].upper() + cure[1:],
                "cure_filed_on": self.words.long_date(data.cure_filed_on),
                "verified_by": data.verified_by or None,
                "verified_on": self.words.long_date(data.verified_on)}

    def side_lines(self, data: CureNoticePaper, wording: Wording) -> list[str]:
        """Date, case, and the mail class the statute asks for."""
        lines = super().side_lines(data, wording)
        if wording.has("mail-line"):
            lines.append(f"<b>{wording.text('mail-line')}</b>")
        return lines

    def story(self, data: CureNoticePaper, wording: Wording) -> list[Flowable]:
        """Opening, the filing and its verification."""
        return [*self.opening(wording), *wording.flowables("body"),
                *self.optional(wording, "questions"), *self.closing(data, wording)]


class RespondentNoticeRenderer(CaseLetterRenderer[RespondentNoticePaper]):
    """Kind ``respondent-notice``: the (e) notice with the five items and the response date."""

    template_name = "respondent-notice"
    required_sections = (*CaseLetterRenderer.required_sections, "rights", "due-label",
                         "enclosures-label", "enclosure-complaint", "enclosure-code")
    confidential = True

    code_sections = ("code-provided", "enclosure-code-provided")
    """The sections a notice issued without the Code needs: how it was provided, § 2-83(e)."""

    def extra_values(self, data: RespondentNoticePaper) -> dict[str, str | None]:
        """When it was forwarded, when the response is due and what it counts from, and how
        the Ethics Code was provided when it is not enclosed."""
        provided = data.code_provided
        return {"forwarded_on": long_date(data.forwarded_on),
                "response_due": weekday_date(data.response_due),
                **self.due_values(data.response_basis),
                "code_provided_on": long_date(provided.on) if provided else "",
                "code_provided_way": provided.way if provided else ""}

    def wording_for(self, data: RespondentNoticePaper) -> Wording:
        """The template checked as for any letter, and for a notice without the Code the
        sections saying how it was provided (an office's older wording without them is
        refused, naming the section, rather than listing the Code as enclosed)."""
        wording = super().wording_for(data)
        if not data.code_enclosed:
            for section in self.code_sections:
                wording.template.section(section)
        return wording

    def code(self, data: RespondentNoticePaper, wording: Wording) -> tuple[list[Flowable], str]:
        """What the notice says of the Ethics Code under its opening, and its line among the
        enclosures: enclosed, provided otherwise (when and how), or — a preview that cannot
        be issued — neither."""
        if data.code_enclosed:
            return self.optional(wording, "code-enclosed"), wording.text("enclosure-code")
        if data.code_provided is not None:
            return wording.flowables("code-provided"), wording.text("enclosure-code-provided")
        missing = (wording.text("enclosure-code-missing") if wording.has("enclosure-code-missing")
                   else "NOT ENCLOSED: the Ethics Code")
        return self.optional(wording, "code-missing"), missing

    def story(self, data: RespondentNoticePaper, wording: Wording) -> list[Flowable]:
        """Opening, the complaint in brief, the (e) items, the due date, enclosures."""
        rows = [("Case number", f"<b>{markup(data.case_number)}</b>"),
                ("Complainant", markup(data.complainant.name)),
                ("Filed on", markup(long_date(data.filed_on)))]
        if data.provisions:
            rows.append(("Provisions cited", "<br/>".join(markup(p) for p in data.provisions)))
        if data.nature.strip():
            rows.append(("Nature of the allegation", markup(data.nature.strip())))
        enclosures = [wording.text("enclosure-complaint")]
        if data.attachments and wording.has("enclosure-attachments"):
            enclosures.append(wording.text("enclosure-attachments") + " "
                              + "; ".join(markup(a) for a in data.attachments))
        code, code_line = self.code(data, wording)
        enclosures.append(code_line)
        return [
            *self.opening(wording), *wording.flowables("body"), *code,
            field_table(rows, self.styles), Spacer(0, 4),
            *wording.flowables("rights"),
            self.due_box(wording, weekday_date(data.response_due), data.response_basis),
            *self.optional(wording, "file", "confidentiality"),
            self.signature_block(data.letterhead, wording.text("closing")),
            Spacer(0, ENCLOSURE_GAP),
            KeepTogether([DocParagraph(wording.text("enclosures-label"), self.styles["Small"]),
                          bullet_list(enclosures, self.styles["Small"])]),
        ]


class ResponseCopyRenderer(CaseLetterRenderer[ResponseCopyPaper]):
    """Kind ``response-copy``: a response for the complainant, with the reply due date (e)(3)."""

    template_name = "response-copy"
    required_sections = (*CaseLetterRenderer.required_sections, "reply", "due-label",
                         "due-unknown")
    confidential = True

    def extra_values(self, data: ResponseCopyPaper) -> dict[str, str | None]:
        """Whose response, when it was received, when the reply is due."""
        return {"responding": data.responding or None,
                "response_received_on": self.words.long_date(data.response_received_on),
                "reply_due": self.words.weekday_date(data.reply_due) if data.reply_due else None,
                **self.due_values(data.reply_basis)}

    def story(self, data: ResponseCopyPaper, wording: Wording) -> list[Flowable]:
        """Opening, the response enclosed, the right to reply and its due date."""
        due: Flowable = (
            self.due_box(wording, self.words.weekday_date(data.reply_due), data.reply_basis)
            if data.reply_due is not None
            else notice([DocParagraph(wording.text("due-unknown"), self.styles["Notice"])]))
        return [*self.opening(wording), *wording.flowables("body"),
                *wording.flowables("reply"), due, *self.optional(wording, "file"),
                *self.closing(data, wording)]


class ReplyCopyRenderer(CaseLetterRenderer[ReplyCopyPaper]):
    """Kind ``reply-copy``: the complainant's sworn reply for a respondent (e)(3)."""

    template_name = "reply-copy"
    confidential = True

    def extra_values(self, data: ReplyCopyPaper) -> dict[str, str | None]:
        """When the reply was received."""
        return {"reply_received_on": long_date(data.reply_received_on)}

    def story(self, data: ReplyCopyPaper, wording: Wording) -> list[Flowable]:
        """Opening, the reply enclosed."""
        return [*self.opening(wording), *wording.flowables("body"),
                *self.optional(wording, "questions"), *self.closing(data, wording)]


class HearingNoticeRenderer(CaseLetterRenderer[HearingNoticePaper]):
    """Kind ``hearing-notice``: the hearing a party requested (e)(4), its date, time and place,
    to the complainant and to each respondent, each copy addressed to its recipient."""

    template_name = "hearing-notice"
    required_sections = (*CaseLetterRenderer.required_sections, "hearing-heading",
                         "date-label", "time-label", "place-label", "requested-label",
                         "role-complainant", "role-respondent", "rights")

    def is_confidential(self, data: HearingNoticePaper) -> bool:
        """Marked under § 2-83(h) while the complaint is pending."""
        return data.pending

    def requester(self, data: HearingNoticePaper) -> str:
        """"Carl Diaz (respondent)", the role in the paper's language (``[role-respondent]``)."""
        template = self.templates.load(self.template_name, self.language)
        role = " ".join(template.plain(item, {}) for block in
                        template.section(f"role-{data.requested_role}").blocks
                        for item in block.items)
        return f"{data.requested_by} ({role})"

    def extra_values(self, data: HearingNoticePaper) -> dict[str, str | None]:
        """The hearing's date, time and place, who asked for it and when."""
        zone = data.letterhead.zone
        return {"hearing_date": self.words.weekday_date(office_date(data.hearing_at, zone)),
                "hearing_time": self.words.clock_time(data.hearing_at, zone),
                "hearing_place": data.place or None,
                "requested_by": self.requester(data),
                "requested_on": self.words.long_date(data.requested_on)}

    def story(self, data: HearingNoticePaper, wording: Wording) -> list[Flowable]:
        """Opening, the hearing in a box, the parties' rights, questions."""
        zone = data.letterhead.zone
        hearing = field_table([
            (wording.text("date-label"),
             f"<b>{markup(self.words.weekday_date(office_date(data.hearing_at, zone)))}</b>"),
            (wording.text("time-label"),
             f"<b>{markup(self.words.clock_time(data.hearing_at, zone))}</b>"),
            (wording.text("place-label"), "<b>" + "<br/>".join(
                markup(line) for line in data.place.splitlines() if line.strip()) + "</b>"),
            (wording.text("requested-label"), markup(self.requester(data))),
        ], self.styles, label_width=1.3 * inch, width=6.0 * inch)
        story: list[Flowable] = [
            *self.opening(wording), *wording.flowables("body"),
            KeepTogether([*wording.flowables("hearing-heading"), notice([hearing])]),
            *wording.flowables("rights"), Spacer(0, 4)]
        if data.pending:
            story += self.optional(wording, "confidentiality")
        # The signature never stands alone on a page: the last paragraph goes with it.
        return [*story, KeepTogether([*self.optional(wording, "questions"),
                                      *self.closing(data, wording)])]


class ResolutionNoticeRenderer(CaseLetterRenderer[ResolutionNoticePaper]):
    """Kind ``resolution-notice``: tells a respondent how the complaint was resolved (d)(4)."""

    template_name = "resolution-notice"
    required_sections = (*CaseLetterRenderer.required_sections, "outcome-label")

    def extra_values(self, data: ResolutionNoticePaper) -> dict[str, str | None]:
        """How and when it was resolved."""
        return {"disposition": self.disposition(data) or None,
                "decided_on": self.words.long_date(data.decided_on)}

    def disposition(self, data: ResolutionNoticePaper) -> str:
        """How it was resolved, as plain text: the template's own words for the outcome
        ("[disposition-dismissed]", the Spanish template has them) or the office's."""
        section = f"disposition-{data.outcome}"
        template = self.templates.load(self.template_name, self.language)
        if data.outcome and section in template.sections:
            return " ".join(template.plain(item, {}) for block in template.section(section).blocks
                            for item in block.items)
        return data.disposition

    def story(self, data: ResolutionNoticePaper, wording: Wording) -> list[Flowable]:
        """Opening, the resolution, any notes of the decision."""
        outcome: list[Flowable] = [DocParagraph(
            f"{wording.text('outcome-label')}: <b>{markup(self.disposition(data))}</b>",
            self.styles["Notice"])]
        outcome += paragraphs(data.notes, self.styles["Body"]) if data.notes.strip() else []
        return [*self.opening(wording), *wording.flowables("body"), notice(outcome),
                *self.optional(wording, "questions"), *self.closing(data, wording)]


class ReviewerTransmittalRenderer(Renderer[ReviewerTransmittalPaper]):
    """Kind ``reviewer-transmittal``: the complaint to the four reviewers (d)(1), confidential."""

    template_name = "reviewer-transmittal"
    required_sections = ("title", "to-label", "from-label", "date-label", "case-label",
                         "copy-label", "body", "closing")
    confidential = True

    def values(self, data: ReviewerTransmittalPaper) -> dict[str, str | None]:
        """The memo's placeholders."""
        return {"issued_on": long_date(data.issued_on), "filed_on": long_date(data.filed_on),
                "forwarded_on": long_date(data.forwarded_on),
                "recipient_name": data.recipient.name or None,
                "complainant_name": data.complainant.name or None,
                "respondent_names": names(data.respondents) or None}

    def story(self, data: ReviewerTransmittalPaper, wording: Wording) -> list[Flowable]:
        """Heading block (each reviewer with their dates), the (d)(1) review, the checklist."""
        head = data.letterhead

        def reviewer(r: ReviewerCopy) -> str:
            who = markup(f"{r.role}" + (f" — {r.name}" if r.name and r.name != r.role else ""))
            when = "; ".join(part for part in (
                f"received {long_date(r.received_on)}" if r.received_on else "",
                f"<b>review due {markup(weekday_date(r.due_on))}</b>" if r.due_on else "")
                if part)
            return who + (f"<br/><font size=8.5>{when}</font>" if when else "")

        memo = field_table([
            (wording.text("to-label"), "<br/>".join(reviewer(r) for r in data.reviewers)),
            (wording.text("from-label"), markup(f"{head.signatory}, {head.office_name}")),
            (wording.text("date-label"), markup(long_date(data.issued_on))),
            (wording.text("case-label"), f"<b>{markup(data.case_number)}</b> — "
             + markup(f"{data.complainant.name} v. {names(data.respondents)}")),
            (wording.text("copy-label"), markup(data.recipient.name)),
        ], self.styles, label_width=1.3 * inch)
        # Each reviewer's receipt and due date sit under their name in the memo's heading, and
        # the checklist is run in: the memo then fits one page with its signature.
        return [DocParagraph(wording.text("title"), self.styles["Title"]), memo, Spacer(0, 8),
                *wording.flowables("body"),
                *(wording.flowables("checklist", "Small", run_in=True)
                  if wording.has("checklist") else []),
                *(wording.flowables("confidentiality") if wording.has("confidentiality") else []),
                self.signature_block(data.letterhead, wording.text("closing")),
                *([Spacer(0, ENCLOSURE_GAP), *wording.flowables("enclosures", "Small")]
                  if wording.has("enclosures") else [])]


class BoardTransmittalRenderer(Renderer[BoardTransmittalPaper]):
    """Kind ``board-transmittal``: an accepted complaint to the members of the Board (d)(3)."""

    template_name = "board-transmittal"
    required_sections = ("title", "to-label", "from-label", "date-label", "case-label",
                         "to-board", "body", "closing")
    confidential = True

    def values(self, data: BoardTransmittalPaper) -> dict[str, str | None]:
        """The memo's placeholders."""
        return {"issued_on": long_date(data.issued_on), "filed_on": long_date(data.filed_on),
                "forwarded_on": long_date(data.forwarded_on),
                "recipient_name": data.recipient.name or None,
                "complainant_name": data.complainant.name or None,
                "respondent_names": names(data.respondents) or None}

    def story(self, data: BoardTransmittalPaper, wording: Wording) -> list[Flowable]:
        """Heading block, the (d)(3) forward, the members, the parties."""
        head = data.letterhead
        memo = field_table([
            (wording.text("to-label"), wording.text("to-board")),
            (wording.text("from-label"), markup(f"{head.signatory}, {head.office_name}")),
            (wording.text("date-label"), markup(long_date(data.issued_on))),
            (wording.text("case-label"), f"<b>{markup(data.case_number)}</b> — "
             + markup(f"{data.complainant.name} v. {names(data.respondents)}")),
        ], self.styles, label_width=1.3 * inch)
        parties = [("Complainant", markup(data.complainant.name))]
        parties += [("Respondent", markup(", ".join(x for x in (r.name, r.title, r.department)
                                                   if x)))
                    for r in data.respondents]
        if data.provisions:
            parties.append(("Provisions cited", "<br/>".join(markup(p) for p in data.provisions)))
        story: list[Flowable] = [DocParagraph(wording.text("title"), self.styles["Title"]), memo,
                                 Spacer(0, 8), *wording.flowables("body"),
                                 field_table(parties, self.styles)]
        if data.members and wording.has("members-heading"):
            story += [*wording.flowables("members-heading"),
                      bullet_list([markup(m) for m in data.members], self.styles["Item"])]
        if wording.has("confidentiality"):
            story += wording.flowables("confidentiality")
        story.append(self.signature_block(data.letterhead, wording.text("closing")))
        if wording.has("enclosures"):
            story += [Spacer(0, ENCLOSURE_GAP), *wording.flowables("enclosures", "Small")]
        return story



class ResponseTransmittalRenderer(Renderer[ResponseTransmittalPaper]):
    """Kind ``response-transmittal``: the sworn responses forwarded upon receipt to the
    Compliance Auditor, the City Attorney's Office or the Ethics Review Board (§ 2-83(e), last
    paragraph), a memorandum with the § 2-83(h) marking."""

    template_name = "response-transmittal"
    required_sections = ("title", "to-label", "from-label", "date-label", "case-label", "body",
                         "responses-heading", "closing")
    confidential = True

    def values(self, data: ResponseTransmittalPaper) -> dict[str, str | None]:
        """The memo's placeholders."""
        return {"issued_on": long_date(data.issued_on), "filed_on": long_date(data.filed_on),
                "recipient_name": data.recipient.name or None,
                "complainant_name": data.complainant.name or None,
                "respondent_names": names(data.respondents) or None}

    def story(self, data: ResponseTransmittalPaper, wording: Wording) -> list[Flowable]:
        """Heading block, the forward upon receipt, each response with its dates."""
        head = data.letterhead
        memo = field_table([
            (wording.text("to-label"), markup(data.recipient.name)),
            (wording.text("from-label"), markup(f"{head.signatory}, {head.office_name}")),
            (wording.text("date-label"), markup(long_date(data.issued_on))),
            (wording.text("case-label"), f"<b>{markup(data.case_number)}</b> — "
             + markup(f"{data.complainant.name} v. {names(data.respondents)}")),
        ], self.styles, label_width=1.3 * inch)
        lines = [f"<b>{markup(r.responding)}</b> — sworn response received "
                 f"{markup(long_date(r.received_on))}"
                 + (f"; forwarded {markup(long_date(r.forwarded_on))}" if r.forwarded_on else "")
                 for r in data.responses]
        story: list[Flowable] = [DocParagraph(wording.text("title"), self.styles["Title"]), memo,
                                 Spacer(0, 8), *wording.flowables("body"),
                                 *wording.flowables("responses-heading"),
                                 bullet_list(lines, self.styles["Item"])]
        if wording.has("confidentiality"):
            story += wording.flowables("confidentiality")
        story.append(self.signature_block(data.letterhead, wording.text("closing")))
        if wording.has("enclosures"):
            story += [Spacer(0, ENCLOSURE_GAP), *wording.flowables("enclosures", "Small")]
        return story
