"""Step 8 — review everything, with links back to each step, and file (§ 2-83(c), (d)(1))."""

from __future__ import annotations

import html

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QTextBrowser, QVBoxLayout

from ethics_desk.intake.record import Intake, Problem, blocking, check_intake, identifier_label
from ethics_desk.intake.refiling import earlier_complaints
from ethics_desk.models import DocumentList, KnowledgeBasis, in_a_sentence
from ethics_desk.ui import palette
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.intake.base import IntakeHost, IntakePage


def _e(text: str) -> str:
    return html.escape(text).replace("\n", "<br>")


class ReviewPage(IntakePage):
    """A summary of the whole intake; "Edit" links go back to the step; Finish files it."""

    def __init__(self, wizard: IntakeHost) -> None:
        super().__init__(wizard, "8. Review and file",
                         "Check everything with the complainant. Filing records the date and time "
                         "received and assigns the case number.")
        # A complaint returned to the complainant may come back corrected: the Clerk says so,
        # and the filed case names the one it refiles (§ 2-83(c), (d)(3)).
        self.refiles = QComboBox(self)
        self.refiles.setObjectName("refilingOf")
        self.refiles.setAccessibleName("The returned complaint this one refiles")
        self.refiles.addItem("None — a new complaint", None)
        self.refiles_label = QLabel("This complaint &refiles:", self)
        self.refiles_label.setBuddy(self.refiles)
        self.earlier = QLabel(self)
        self.earlier.setObjectName("earlierComplaints")
        self.earlier.setWordWrap(True)
        self._wanted: int | None = None
        self.summary = QTextBrowser(self)  # after the choice above: Tab follows the layout
        self.summary.setObjectName("reviewSummary")
        self.summary.setOpenLinks(False)
        self.summary.anchorClicked.connect(self._edit)
        row = QHBoxLayout()
        row.addWidget(self.refiles_label)
        row.addWidget(self.refiles, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.earlier)
        layout.addWidget(self.summary)
        self.setFinalPage(True)

    def load(self, intake: Intake) -> None:
        """Remember the complaint a saved draft refiles (offered once the page is shown)."""
        self._wanted = intake.refiling_of

    def store(self, intake: Intake) -> None:
        """The complaint this one refiles, as chosen."""
        chosen = self.refiles.currentData()
        intake.refiling_of = chosen if isinstance(chosen, int) else self._wanted

    def initializePage(self) -> None:
        """Offer the returned complaints this one may refile, name the open ones of the same
        parties, and summarise the intake as it stands."""
        self.offer_earlier()
        self.refresh()

    def offer_earlier(self) -> None:
        """The earlier complaints of the same complainant against the same respondent
        (:func:`ethics_desk.intake.refiling.earlier_complaints`)."""
        w = self.intake_wizard
        intake = w.collect()
        chosen = intake.refiling_of
        found = attempt(self, lambda: earlier_complaints(
            w.context.database, intake, account=w.context.signed_in, draft_id=w.draft_id))
        earlier = [] if found is FAILED else found
        self.refiles.blockSignals(True)
        self.refiles.clear()
        self.refiles.addItem("None — a new complaint", None)
        for item in earlier:
            if item.refilable:
                self.refiles.addItem(item.label, item.complaint_id)
        index = self.refiles.findData(chosen) if chosen is not None else 0
        self.refiles.setCurrentIndex(max(index, 0))
        self.refiles.blockSignals(False)
        self._wanted = None
        offered = self.refiles.count() > 1
        self.refiles.setEnabled(offered)
        self.refiles_label.setEnabled(offered)
        running = [item for item in earlier if not item.refilable]
        self.earlier.setText(
            "⚠ Already on file by the same complainant against the same respondent: "
            + "; ".join(item.label for item in running)
            + ". Check with the complainant that this is not the same complaint."
            if running else "")
        self.earlier.setVisible(bool(running))

    def refresh(self) -> None:
        """Rebuild the summary."""
        intake = self.intake_wizard.collect()
        self.summary.setHtml(self.render_summary(
            intake, check_intake(intake) + self.intake_wizard.provision_problems(intake)))

    def scheme_changed(self) -> None:
        """Build the summary again in the desktop's new colours, if it is the step shown."""
        if self.intake_wizard.currentPage() is self:
            self.refresh()

    def _edit(self, url: QUrl) -> None:
        self.intake_wizard.go_to(int(url.fragment().removeprefix("page-")))

    def render_summary(self, intake: Intake, problems: list[Problem]) -> str:
        """The summary as HTML (every user text escaped)."""
        w = self.intake_wizard
        parts = []
        stops = blocking(problems)
        missing = [p for p in problems if p.warning]
        if stops:
            items = "".join(f"<li>{_e(p.message)} ({_e(p.citation)})</li>" for p in stops)
            parts.append(f"<p style='color:{palette.colours().error}'><b>⚠ Not ready to file:</b></p>"
                         f"<ul>{items}</ul>")
        if missing:
            items = "".join(f"<li>{_e(p.message)} ({_e(p.citation)})</li>" for p in missing)
            parts.append("<p><b>⚠ Missing from the complaint</b> — it is filed as the complainant "
                         "brings it; the Compliance Auditor's review decides whether it "
                         "substantially complies (§ 2-83(d)(3)):</p>" f"<ul>{items}</ul>")
        if not stops:
            sworn = intake.oath.sworn
            parts.append("<p><b>Ready to file.</b> " + (
                "The complaint is sworn; it will be forwarded for review (§ 2-83(d)(1))."
                if sworn else "The complaint is <b>not sworn</b>: filing it records its receipt "
                "and returns it to the complainant with a letter; it is not forwarded to the "
                "Compliance Auditor (§ 2-83(c), last paragraph).") + "</p>")

        def section(page: int, title: str, body: str) -> None:
            parts.append(f"<h3>{title} <a href='#page-{page}'>Edit</a></h3>{body}")

        c = intake.complainant
        section(w.COMPLAINANT, "1. Complainant",
                f"{_e(c.name)}<br>{_e(c.address)}<br>{_e(c.phone)} {_e(c.email)}"
                + ("<br>Board member or staff" + (", acting for the Board" if c.acting_for_board
                                                   else "") if c.is_board_member_or_staff else ""))
        respondents = "".join(f"<li>{_e(r.name)}, {_e(r.title)}"
                              + (f", {_e(r.department)}" if r.department else "")
                              + ("" if r.address else " — <i>no mailing address</i>") + "</li>"
                              for r in intake.respondents)
        section(w.RESPONDENTS, "2. Respondents", f"<ul>{respondents}</ul>")
        provisions = w.provision_citations(intake.provision_ids)
        if intake.provision_unsure:
            provisions.append("not sure")
        route = intake.route.label if intake.route else "not confirmed"
        section(w.ALLEGATION, "3. Allegation",
                f"{_e(intake.nature)}<br><i>Provisions:</i> {_e('; '.join(provisions))}"
                f"<br><i>Route:</i> {_e(route)}")
        period = w.period_words(intake)
        named = "".join(f"<li>{_e(witness.name)}, identified by "
                        + (_e(identifier_label(intake, index)) or "<i>nobody chosen</i>")
                        + (f" — {_e(witness.contact)}" if witness.contact.strip() else "")
                        + "</li>" for index, witness in enumerate(intake.witnesses))
        section(w.FACTS, "4. Facts and witnesses",
                f"<i>{_e(period)}</i><br>{_e(intake.facts)}<br><i>Witnesses (§ 2-83(h)(1)):</i> "
                + (f"<ul>{named}</ul>" if named else "none named"))
        docs = {kind: [d for d in intake.documents if d.list_kind is kind]
                for kind in DocumentList}
        attached = ", ".join(_e(d.attachment.file_name) for d in docs[DocumentList.IN_POSSESSION]
                             if d.attachment) or "none"
        held = "; ".join(_e(f"{d.description} ({d.location or 'location unknown'})")
                         for d in docs[DocumentList.NOT_IN_POSSESSION]) or "none"
        gone = "; ".join(_e(f"{d.description} ({d.location or 'location unknown'})")
                         for d in docs[DocumentList.UNAVAILABLE]) or "none"
        section(w.DOCUMENTS, "5. Documents", f"Attached: {attached}<br>Held by others: {held}"
                                             f"<br>Unavailable: {gone}")
        o = intake.oath
        affirmation = in_a_sentence(o.affirmation.label) if o.affirmation else "not chosen"
        knowledge = in_a_sentence(o.knowledge.label) if o.knowledge else "not chosen"
        if o.knowledge is KnowledgeBasis.INFORMATION_AND_BELIEF:
            knowledge += " — source and basis: " + _e(o.source_and_basis)
        section(w.AFFIDAVIT, "6. Affidavit", f"{affirmation}; {knowledge}")
        oath = ("not recorded" if o.sworn is None else "<b>not sworn</b>" if not o.sworn else
                f"sworn {o.sworn_on or ''} before {_e(o.notary_name)}, {_e(o.officer_title)}, "
                f"County of {_e(o.county)}")
        section(w.SIGNING, "7. Oath", oath)
        return "".join(parts)

    def validatePage(self) -> bool:
        """Nothing that stops a filing may be left (a missing (c) element does not); the wizard
        then files through the controller."""
        problems = blocking(check_intake(self.intake_wizard.collect()))
        self.refresh()
        return not problems
