"""The Board's papers of § 2-83(f) and (g): the order to show cause, the frivolous determination
and the notification of an agency, one small renderer each on :class:`CaseLetterRenderer`.

The order and the determination go to the complainant with a copy to each respondent: every
copy is the same letter addressed to the complainant, the copy mailed to a respondent carries
that respondent in the envelope window and "COPY FOR THE RESPONDENT" beside it, and each letter
ends with the "Copy to" line. The referral goes to the agency named on the (g)(3) sanction. A
paper about a pending complaint carries the § 2-83(h) marking on every page (the order to show
cause always does: a complaint in show cause is pending).
"""

from __future__ import annotations

import re

from reportlab.lib import colors
from reportlab.lib.styles import StyleSheet1
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, TableStyle

from ethics_desk.core.office_time import office_date
from ethics_desk.core.words import ENGLISH, Words
from ethics_desk.documents.render.base import (
    DocTable,
    Wording,
    bullet_list,
    field_table,
    notice,
    paragraphs,
)
from ethics_desk.documents.render.data import Party, long_date
from ethics_desk.documents.render.fonts import markup
from ethics_desk.documents.render.letter_data import (
    FactorNote,
    FrivolousDeterminationPaper,
    ReferralPaper,
    RuleNoticePaper,
    SanctionLine,
    ShowCauseOrderPaper,
    VoteRecord,
    WrittenOpinionPaper,
)
from ethics_desk.documents.render.letters import ENCLOSURE_GAP, CaseLetterRenderer, L


class _BoardLetterRenderer(CaseLetterRenderer[L]):
    """What the Board's letters share: the vote in words, factor lists, copies, the marking."""

    def is_confidential(self, data: L) -> bool:
        """Marked under § 2-83(h) while the complaint is pending."""
        return bool(getattr(data, "pending", False))

    def is_copy(self, data: L) -> bool:
        """Whether this copy goes to someone other than the complainant it is addressed to."""
        return data.recipient != data.complainant

    def side_lines(self, data: L, wording: Wording) -> list[str]:
        """Date, case, and on a respondent's copy the copy marking."""
        lines = super().side_lines(data, wording)
        if self.is_copy(data) and wording.has("copy-marking"):
            lines.append(f"<b>{wording.text('copy-marking')}</b>")
        return lines

    def vote_summary(self, vote: VoteRecord) -> str:
        """The vote's count in the paper's language: the summary recorded with the vote in
        English, the same count in Spanish words (:meth:`Words.tally`)."""
        if self.words.spanish and vote.tally is not None:
            return self.words.tally(vote.tally)
        return vote.summary

    def vote_flowables(self, vote: VoteRecord, label: str) -> list[Flowable]:
        """The vote in words in a box, then each member's name and vote for a record vote."""
        box = notice([Paragraph(label, self.styles["Notice"]),
                      Paragraph(markup(f"{self.words.meeting_of(vote.meeting_on)}: "
                                       f"{self.vote_summary(vote)}"), self.styles["Body"])])
        if vote.is_record_vote and vote.ballots:
            return [KeepTogether([box, ballot_table(vote, self.styles, self.words)]),
                    Spacer(0, 6)]
        return [box]

    def factor_list(self, factors: tuple[FactorNote, ...], wording: Wording) -> Flowable:
        """Each factor: its citation in bold, the statute's words (or the template's wording of
        the factor, ``[factor-f3a]`` for § 2-83(f)(3)(a): a Spanish paper's translation), the
        note in italics."""
        def words(f: FactorNote) -> str:
            section = factor_section(f.citation)
            return wording.text(section) if wording.has(section) else markup(f.factor)

        listed = bullet_list([f"<b>{markup(f.citation)}</b> — {words(f)}"
                              f"<br/><i>{markup(f.note)}</i>" for f in factors],
                             self.styles["Item"])
        listed.spaceAfter = 8
        return listed

    def copies(self, data: L, wording: Wording) -> list[Flowable]:
        """The "Copy to" line naming each respondent."""
        if not data.respondents or not wording.has("copies-label"):
            return []
        return [Spacer(0, 8), Paragraph(f"{wording.text('copies-label')} "
                                        + markup(self.names(data.respondents)),
                                        self.styles["Small"])]


class ShowCauseOrderRenderer(_BoardLetterRenderer[ShowCauseOrderPaper]):
    """Kind ``show-cause-order``: the (f)(4) notice of an order to show cause, with the hearing."""

    template_name = "show-cause-order"
    required_sections = (*CaseLetterRenderer.required_sections, "vote-label",
                         "explanation-heading", "hearing-heading", "date-label", "time-label",
                         "place-label", "rights")

    def extra_values(self, data: ShowCauseOrderPaper) -> dict[str, str | None]:
        """When it was ordered, the hearing's date, time and place, and the vote in words."""
        return {"ordered_on": self.words.long_date(data.ordered_on),
                "hearing_date": self.words.weekday_date(office_date(data.hearing_at,
                                                                     data.letterhead.zone)),
                "hearing_time": self.words.clock_time(data.hearing_at, data.letterhead.zone),
                "hearing_place": data.place or None,
                "vote_summary": self.vote_summary(data.vote) or None}

    def story(self, data: ShowCauseOrderPaper, wording: Wording) -> list[Flowable]:
        """Opening, the order and its vote, the explanation by factor, the hearing, the rights."""
        story: list[Flowable] = [*self.opening(wording), *wording.flowables("body"),
                                 *self.vote_flowables(data.vote, wording.text("vote-label")),
                                 *wording.flowables("explanation-heading"),
                                 *paragraphs(data.explanation, self.styles["Body"])]
        if data.factors:
            story += self.optional(wording, "factors-heading")
            story.append(self.factor_list(data.factors, wording))
        if data.factors_not_relied_on and wording.has("not-relied-on"):
            story.append(Paragraph(f"{wording.text('not-relied-on')} "
                                   + markup(", ".join(data.factors_not_relied_on)) + ".",
                                   self.styles["Body"]))
        hearing = field_table([
            (wording.text("date-label"),
             f"<b>{markup(self.words.weekday_date(office_date(data.hearing_at, data.letterhead.zone)))}"
             "</b>"),
            (wording.text("time-label"),
             f"<b>{markup(self.words.clock_time(data.hearing_at, data.letterhead.zone))}</b>"),
            (wording.text("place-label"), "<b>" + "<br/>".join(
                markup(line) for line in data.place.splitlines() if line.strip()) + "</b>"),
        ], self.styles, label_width=1.0 * inch, width=6.0 * inch)
        story += [KeepTogether([*wording.flowables("hearing-heading"), notice([hearing])]),
                  *wording.flowables("rights"), Spacer(0, 4)]
        if data.pending:
            story += self.optional(wording, "confidentiality")
        story += [*self.optional(wording, "questions"), *self.closing(data, wording),
                  *self.copies(data, wording)]
        return story


class FrivolousDeterminationRenderer(_BoardLetterRenderer[FrivolousDeterminationPaper]):
    """Kind ``frivolous-determination``: the (f)(6) record vote, its particulars, the sanctions."""

    template_name = "frivolous-determination"
    required_sections = (*CaseLetterRenderer.required_sections, "vote-heading",
                         "particulars-heading", "sanctions-heading", "factors-heading",
                         "no-sanctions")

    def extra_values(self, data: FrivolousDeterminationPaper) -> dict[str, str | None]:
        """When it was determined, when the hearing was held, the vote, when sanctions were."""
        long_date = self.words.long_date
        return {"determined_on": long_date(data.determined_on),
                "hearing_held_on": (long_date(data.hearing_held_on) if data.hearing_held_on
                                    else None),
                "vote_summary": self.vote_summary(data.vote) or None,
                "sanctions_imposed_on": (long_date(data.sanctions_imposed_on)
                                         if data.sanctions_imposed_on else "")}

    def story(self, data: FrivolousDeterminationPaper, wording: Wording) -> list[Flowable]:
        """Opening, the record vote member by member, the particulars, the sanctions."""
        story: list[Flowable] = [
            *self.opening(wording), *wording.flowables("body"),
            *wording.flowables("vote-heading"),
            *self.vote_flowables(data.vote, wording.text("vote-label") if wording.has(
                "vote-label") else "Record vote of the members present"),
            *wording.flowables("particulars-heading"),
            *paragraphs(data.particulars, self.styles["Body"])]
        if data.sanctions:
            story.append(KeepTogether([*wording.flowables("sanctions-heading"),
                                       sanction_table(data.sanctions, self.styles,
                                                      self.words)]))
            if data.sanction_factors:
                story += [*wording.flowables("factors-heading"),
                          self.factor_list(data.sanction_factors, wording)]
        else:
            story += wording.flowables("no-sanctions")
        if data.pending:
            story += self.optional(wording, "confidentiality")
        story += [*self.optional(wording, "questions"), *self.closing(data, wording),
                  *self.copies(data, wording)]
        return story


class RuleNoticeRenderer(_BoardLetterRenderer[RuleNoticePaper]):
    """Kind ``rule-notice``: the written notice to one respondent of the rules the complaint did
    not allege (§ 2-85(c)), each with the day the notice was given and the last of the ten
    business days to respond."""

    template_name = "rule-notice"
    required_sections = (*CaseLetterRenderer.required_sections, "rules-heading",
                         "provision-label", "given-label", "due-label", "rights")

    def is_copy(self, data: RuleNoticePaper) -> bool:
        """Each copy goes to the respondent it is addressed to."""
        return False

    def story(self, data: RuleNoticePaper, wording: Wording) -> list[Flowable]:
        """Opening, the rules and their dates in a box, the right to respond, questions."""
        header = [Paragraph(f"<b>{wording.text(key)}</b>", self.styles["Cell"])
                  for key in ("provision-label", "given-label", "due-label")]
        rows = [header] + [[
            Paragraph(markup(rule.citation), self.styles["Cell"]),
            Paragraph(markup(self.words.long_date(rule.given_on)), self.styles["Cell"]),
            Paragraph("<b>" + markup(self.words.weekday_date(rule.respond_by)
                                     if rule.respond_by else "—") + "</b>",
                      self.styles["Cell"])] for rule in data.noticed]
        table = DocTable(rows, colWidths=[2.9 * inch, 1.5 * inch, 2.0 * inch], hAlign="LEFT",
                         repeatRows=1)
        table.setStyle(TableStyle([
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.lightgrey),
            ("VALIGN", (0, 0), (-1, -1), "TOP")]))
        story: list[Flowable] = [
            *self.opening(wording), *wording.flowables("body"),
            KeepTogether([*wording.flowables("rules-heading"), table]), Spacer(0, 6),
            *wording.flowables("rights")]
        if data.pending:
            story += self.optional(wording, "confidentiality")
        return [*story, KeepTogether([*self.optional(wording, "questions"),
                                      *self.closing(data, wording)])]


class WrittenOpinionRenderer(_BoardLetterRenderer[WrittenOpinionPaper]):
    """Kind ``written-opinion``: the Board's written opinion on a complaint decided on the
    merits (§ 2-87(a)) — the disposition, the vote, the provisions found violated and the
    Board's reasons — addressed to the complainant; every other copy the section requires (each
    respondent, the City Attorney's Office, the Compliance Auditor, the Board members who did not
    take part, the City Clerk) carries the copy marking, and the letter ends with the list."""

    template_name = "written-opinion"
    required_sections = (*CaseLetterRenderer.required_sections, "outcome-label",
                         "findings-heading", "alleged", "noticed", "reasons-heading",
                         "no-reasons", "copies-label", "copy-complainant", "copy-respondents",
                         "copy-attorney", "copy-auditor", "copy-members", "copy-clerk",
                         "copy-none")

    def extra_values(self, data: WrittenOpinionPaper) -> dict[str, str | None]:
        """When and how it was decided, and the vote in words."""
        return {"decided_on": self.words.long_date(data.decided_on),
                "disposition": self.disposition(data) or None,
                "vote_summary": self.vote_summary(data.vote) if data.vote else ""}

    def disposition(self, data: WrittenOpinionPaper) -> str:
        """The outcome in the template's own words ("[disposition-dismissed]") when it has
        them (the Spanish template does), else the office's."""
        section = f"disposition-{data.outcome}"
        template = self.templates.load(self.template_name, self.language)
        if data.outcome and section in template.sections:
            return " ".join(template.plain(item, {}) for block in template.section(section).blocks
                            for item in block.items)
        return data.disposition

    def story(self, data: WrittenOpinionPaper, wording: Wording) -> list[Flowable]:
        """Opening, the decision, the vote, the findings, the reasons, the copies."""
        story: list[Flowable] = [
            *self.opening(wording), *wording.flowables("body"),
            notice([Paragraph(f"{wording.text('outcome-label')}: "
                              f"<b>{markup(self.disposition(data))}</b>",
                              self.styles["Notice"])]), Spacer(0, 6)]
        if data.vote is not None:
            story += self.vote_flowables(data.vote, wording.text("vote-label") if wording.has(
                "vote-label") else "The Board's vote")
        if data.findings:
            story.append(KeepTogether([*wording.flowables("findings-heading"), bullet_list(
                [f"<b>{markup(f.respondent)}</b> — {markup(f.citation)}"
                 + (f" ({wording.text('noticed')} {markup(self.words.long_date(f.noticed_on))})"
                    if f.noticed_on else f" ({wording.text('alleged')})")
                 for f in data.findings], self.styles["Item"])]))
        story += wording.flowables("reasons-heading")
        story += (paragraphs(data.reasons, self.styles["Body"]) if data.reasons.strip()
                  else wording.flowables("no-reasons"))
        if data.outcome in ("dismissed", "no_violation"):
            story += self.optional(wording, "similar-charges")
        return [*story, KeepTogether([*self.optional(wording, "questions"),
                                      *self.closing(data, wording),
                                      *self.copies(data, wording)])]

    def copies(self, data: WrittenOpinionPaper, wording: Wording) -> list[Flowable]:
        """The copies § 2-87(a) requires, in its order, each Board member not taking part by
        name."""
        members = (self.words.names(list(data.not_taking_part)) if data.not_taking_part
                   else wording.text("copy-none"))
        listed = [wording.text("copy-complainant") + f" ({markup(data.complainant.name)})",
                  wording.text("copy-respondents") + f" ({markup(self.names(data.respondents))})",
                  wording.text("copy-attorney"), wording.text("copy-auditor"),
                  f"{wording.text('copy-members')}: {markup(members)}",
                  wording.text("copy-clerk")]
        return [Spacer(0, 8), Paragraph(f"{wording.text('copies-label')} " + "; ".join(listed)
                                        + ".", self.styles["Small"])]


def factor_section(citation: str) -> str:
    """The template section that words a factor: ``factor-f3a`` for "§ 2-83(f)(3)(a)"."""
    return "factor-" + "".join(re.findall(r"\((\w+)\)", citation))


def ballot_table(vote: VoteRecord, styles: StyleSheet1, words: Words = ENGLISH) -> Flowable:
    """Each member present and their vote (in ``words``' language), two members to a row, on
    light rules."""
    cells = [[Paragraph(markup(b.member), styles["Cell"]),
              Paragraph(f"<b>{markup(words.ballot(b.choice) if b.choice else b.vote)}</b>",
                        styles["Cell"])] for b in vote.ballots]
    if len(cells) % 2:
        cells.append([Paragraph("", styles["Cell"]), Paragraph("", styles["Cell"])])
    half = len(cells) // 2
    rows = [[*cells[i], *cells[half + i]] for i in range(half)]
    table = DocTable(rows, colWidths=[1.85 * inch, 1.4 * inch, 1.85 * inch, 1.4 * inch],
                     hAlign="LEFT")
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.Color(0.7, 0.7, 0.7)),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 6),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]))
    return table


def sanction_table(sanctions: tuple[SanctionLine, ...], styles: StyleSheet1,
                   words: Words = ENGLISH) -> Flowable:
    """Each sanction: citation and kind on the left, the amount (with the date it is to be paid
    by) or the words on the right, in ``words``' language."""
    def label(s: SanctionLine) -> str:
        return words.sanction(s.kind) if s.kind is not None else s.label

    def detail(s: SanctionLine) -> str:
        return words.amount_due(s.amount, s.pay_by) if s.amount else s.detail

    return field_table([(f"{markup(label(s))}<br/>{markup(s.citation)}",
                         f"<b>{markup(detail(s))}</b>") for s in sanctions], styles,
                       label_width=2.2 * inch)


class ReferralRenderer(_BoardLetterRenderer[ReferralPaper]):
    """Kind ``referral``: the (g)(3) notification of an agency, e.g. for investigation of perjury."""

    template_name = "referral"
    required_sections = (*CaseLetterRenderer.required_sections, "vote-heading",
                         "particulars-label")

    def is_copy(self, data: ReferralPaper) -> bool:
        """The referral goes to the agency itself: never a copy."""
        return False

    def extra_values(self, data: ReferralPaper) -> dict[str, str | None]:
        """The agency, when it was referred and determined, the vote, what the Board asks."""
        return {"agency_name": data.recipient.name or None,
                "referred_on": long_date(data.referred_on),
                "determined_on": long_date(data.determined_on),
                "vote_summary": self.vote_summary(data.vote) or None,
                "purpose": data.purpose}

    def story(self, data: ReferralPaper, wording: Wording) -> list[Flowable]:
        """Opening, the notification, its purpose, the determination and its particulars."""
        story: list[Flowable] = [*self.opening(wording), *wording.flowables("body")]
        if data.purpose.strip() and wording.has("purpose-label"):
            story.append(notice([Paragraph(f"{wording.text('purpose-label')}: "
                                           f"{markup(data.purpose.strip())}",
                                           self.styles["Notice"])]))
        if data.perjury:
            story += self.optional(wording, "perjury")
        parties = [("Case number", f"<b>{markup(data.case_number)}</b>"),
                   ("Complainant", markup(data.complainant.name)),
                   *(("Respondent", markup(_who(r))) for r in data.respondents),
                   ("Complaint filed", markup(long_date(data.filed_on)))]
        if data.provisions:
            parties.append(("Provisions cited", "<br/>".join(markup(p) for p in data.provisions)))
        story += [*wording.flowables("vote-heading"), field_table(parties, self.styles),
                  Spacer(0, 4),
                  *self.vote_flowables(data.vote, "Record vote (§ 2-83(f)(6))"),
                  Paragraph(wording.text("particulars-label"), self.styles["Subheading"]),
                  *paragraphs(data.particulars, self.styles["Body"]),
                  *self.optional(wording, "records"), *self.closing(data, wording)]
        return story

    def closing(self, data: ReferralPaper, wording: Wording) -> list[Flowable]:
        """Signed for the Board by its Chair: "The Board may notify the appropriate regulatory
        or supervisory agency", § 2-83(g)(3) — the notification is the Board's, not the City
        Clerk's."""
        title = wording.text("signed-as") if wording.has("signed-as") else \
            "Chair, Ethics Review Board"
        out: list[Flowable] = [self.signature_block(
            data.letterhead, wording.text("closing"),
            signer=(data.chair, title, data.letterhead.city))]
        if wording.has("enclosures"):
            out.extend([Spacer(0, ENCLOSURE_GAP), *wording.flowables("enclosures", "Small")])
        return out


def _who(party: Party) -> str:
    return ", ".join(x for x in (party.name, party.title, party.department) if x)
