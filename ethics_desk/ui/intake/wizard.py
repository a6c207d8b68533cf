"""The intake wizard: eight pages, saved as the clerk types, filed through the controller.

It writes nothing itself: every save is ``WorkflowController.save_draft`` and filing is the
controller's FILE event (and, for an unsworn complaint, RETURN_UNSWORN). Closing it, or a
crash, loses at most the last half second of typing; the draft is listed for resuming.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent, QKeySequence, QShowEvent
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QAbstractButton,
    QMessageBox,
    QScrollArea,
    QWidget,
    QWizard,
    QWizardPage,
)

from ethics_desk.cases.case_file import filed_case
from ethics_desk.core.errors import ConflictError, UserError
from ethics_desk.core.office_time import stamp
from ethics_desk.intake.catalogue import ProvisionChoice, provisions_not_in_force
from ethics_desk.intake.drafts import load_intake, resume_step
from ethics_desk.intake.record import Intake, Problem
from ethics_desk.models import CaseState, ViolationPeriod
from ethics_desk.office.actions import read_settings, record_access
from ethics_desk.ui import documents
from ethics_desk.ui.accessibility import announce, spoken
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt, show_user_error
from ethics_desk.ui.intake.affidavit_page import AffidavitPage
from ethics_desk.ui.intake.allegation_page import AllegationPage
from ethics_desk.ui.intake.base import IntakePage
from ethics_desk.ui.intake.complainant_page import ComplainantPage
from ethics_desk.ui.intake.documents_page import DocumentsPage
from ethics_desk.ui.intake.facts_page import FactsPage
from ethics_desk.ui.intake.respondents_page import RespondentsPage
from ethics_desk.ui.intake.review_page import ReviewPage
from ethics_desk.ui.intake.signing_page import SigningPage
from ethics_desk.ui.office_display import office_time_zone
from ethics_desk.ui.operations import operate
from ethics_desk.ui.pdf_view import choose_printer, print_document
from ethics_desk.ui.sizing import fit_to_screen

P = TypeVar("P", bound=IntakePage)

SAVE_DELAY_MS = 500


class IntakeWizard(QWizard):
    """One sworn complaint taken at the counter, step by step."""

    COMPLAINANT, RESPONDENTS, ALLEGATION, FACTS, DOCUMENTS, AFFIDAVIT, SIGNING, REVIEW = range(8)
    filed = Signal(int)

    def __init__(self, context: AppContext, draft_id: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("intakeWizard")
        self.context = context
        self.controller = context.controller()
        self.draft_id = draft_id
        self.version: int | None = None
        self.filed_case_id: int | None = None
        self.save_error = ""
        self.saved_at = ""
        self._loading = True
        self.setWindowTitle("New complaint")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.setButtonText(QWizard.WizardButton.FinishButton, "&File the complaint")
        self.setButtonText(QWizard.WizardButton.NextButton, "&Next >")
        self.setButtonText(QWizard.WizardButton.BackButton, "< &Back")
        self.setButtonText(QWizard.WizardButton.CancelButton, "Close (&keep the draft)")
        fit_to_screen(self, 960, 760)
        self.save_timer = QTimer(self)
        self.save_timer.setSingleShot(True)
        self.save_timer.setInterval(SAVE_DELAY_MS)
        self.save_timer.timeout.connect(self.save_draft)
        self.pages: list[IntakePage] = [
            ComplainantPage(self), RespondentsPage(self), AllegationPage(self), FactsPage(self),
            DocumentsPage(self), AffidavitPage(self), SigningPage(self), ReviewPage(self)]
        for number, page in enumerate(self.pages):
            self.setPage(number, page)
        self._one_width_for_every_step()
        self.currentIdChanged.connect(lambda _id: self._one_width_for_every_step())
        self.currentIdChanged.connect(lambda _id: self.save_draft())
        self.currentIdChanged.connect(lambda _id: self.focus_first_field())
        self.currentIdChanged.connect(lambda _id: self.announce_step())
        self.confirm: Callable[[str], bool] = self._ask
        """Asks the clerk a yes-or-no question (Escape's "close and keep the draft?")."""
        intake = Intake()
        if draft_id is not None:
            loaded = attempt(self, lambda: load_intake(context.database, draft_id,
                                                          account=context.signed_in))
            if loaded is not FAILED:
                intake, self.version = loaded
        for page in self.pages:
            page.load(intake)
        self._pristine = self.collect() if draft_id is None else None
        if draft_id is not None and self.version is not None:
            self.resume_at(resume_step(context.database, draft_id, account=context.signed_in))
        self._loading = False
        self._update_title()

    @property
    def loading(self) -> bool:
        """Whether the pages are being filled from a draft (nothing is saved or re-checked)."""
        return self._loading

    def resume_at(self, step: int) -> None:
        """Open on the step where the clerk stopped, through every step before it (so that
        Back works); a step before it that is no longer complete stops the way, with its
        problems shown."""
        self.restart()
        while self.currentId() < min(step, self.REVIEW):
            before = self.currentId()
            self.next()
            if self.currentId() == before:
                break

    # -- the intake as typed --------------------------------------------------------------------

    def collect(self) -> Intake:
        """The intake as the pages show it now."""
        intake = Intake()
        for page in self.pages:
            page.store(intake)
        return intake

    def page_of(self, kind: type[P]) -> P:
        """The page of a given class."""
        return next(p for p in self.pages if isinstance(p, kind))

    def provision_citations(self, ids: list[int]) -> list[str]:
        """The citations of the chosen provisions, in order."""
        choices: list[ProvisionChoice] = self.page_of(AllegationPage).choices
        by_id = {c.id: c.label for c in choices}
        return [by_id[i] for i in ids if i in by_id]

    def provision_problems(self, intake: Intake) -> list[Problem]:
        """A warning, beside the date of the alleged violation, for each provision cited that
        was not law on that date (:func:`ethics_desk.intake.catalogue.provisions_not_in_force`)."""
        choices: list[ProvisionChoice] = self.page_of(AllegationPage).choices
        return [replace(problem, field="violation_start")
                for problem in provisions_not_in_force(choices, intake)]

    @staticmethod
    def period_words(intake: Intake) -> str:
        """"From 2026-10-03 to 2026-10-17", "On 2026-10-03", "Ongoing since …"."""
        start = intake.violation_start.isoformat() if intake.violation_start else "(no date)"
        if intake.violation_period is ViolationPeriod.RANGE:
            end = intake.violation_end.isoformat() if intake.violation_end else "(no end)"
            return f"From {start} to {end}"
        if intake.violation_period is ViolationPeriod.ONGOING_SINCE:
            return f"Ongoing since {start}"
        return f"On {start}"

    def default_county(self) -> str:
        """The county for the jurat (Settings)."""
        return str(read_settings(self.context.database)["office.county"])

    # -- saving --------------------------------------------------------------------------------

    def schedule_save(self) -> None:
        """Save shortly after the clerk stops typing."""
        if not self._loading and self.filed_case_id is None:
            self.save_timer.start()

    def has_content(self, intake: Intake) -> bool:
        """Whether anything has been typed (an untouched wizard creates no draft)."""
        return intake != self._pristine

    def save_draft(self) -> bool:
        """Store the intake as a draft now; a failure is shown in the title, nothing is lost."""
        self.save_timer.stop()
        if self._loading or self.filed_case_id is not None:
            return True
        intake = self.collect()
        if self.draft_id is None and not self.has_content(intake):
            return True
        try:
            result = self.controller.save_draft(intake, self.draft_id,
                                                expected_version=self.version,
                                                step=self.currentId())
        except ConflictError as error:
            show_user_error(self, error)
            return False
        except UserError as error:
            self.save_error = error.problem
            self._update_title()
            return False
        self.draft_id, self.version = result.complaint_id, result.version
        self.save_error = ""
        self.saved_at = stamp(self.context.now(), office_time_zone(), seconds=True,
                              with_zone=False, with_date=False)
        self._update_title()
        return True

    def _update_title(self) -> None:
        name = f"Draft {self.draft_id}" if self.draft_id else "New complaint"
        state = (f"NOT SAVED — {self.save_error} (it will be saved again when you type)"
                 if self.save_error else f"saved {self.saved_at}" if self.saved_at else
                 "nothing typed yet")
        self.setWindowTitle(f"{name} — {state}")

    # -- navigation ------------------------------------------------------------------------------

    def go_to(self, page_id: int) -> None:
        """Back to an earlier step (the review page's "Edit" links)."""
        while self.currentId() > page_id:
            self.back()

    # -- documents -------------------------------------------------------------------------------

    def sworn_complaint_pdf(self) -> bytes:
        """The sworn complaint for the intake as typed (for preview and printing)."""
        intake = self.collect()
        return documents.sworn_complaint(self.context, intake,
                                         self.provision_citations(intake.provision_ids))

    def print_sworn_complaint(self, printer: QPrinter | None = None) -> int:
        """Print the complaint for signing (audited); returns pages printed."""
        viewer = self.page_of(SigningPage).viewer
        viewer.set_pdf(self.sworn_complaint_pdf())
        printer = printer or choose_printer(self)
        if printer is None:
            return 0
        pages = print_document(viewer.document, printer)
        self.save_draft()
        record_access(self.context.database, account=self.context.signed_in,
                      clock=self.context.clock, action="print.sworn-complaint", complaint_id=self.draft_id,
                      summary=f"Printed the sworn complaint for signing ({pages} pages)")
        return pages

    def show_info_sheet(self) -> None:
        """The (b) information sheet."""
        documents.show_info_sheet(self.context, self)

    # -- filing and closing ------------------------------------------------------------------------

    def file_complaint(self) -> int | None:
        """File through the controller in one transaction: what is typed is saved, filed and,
        when not sworn, returned at once, § 2-83(c). Refused, nothing of it is stored: the form
        stays as typed, and the draft is saved again as usual."""
        self.save_timer.stop()
        intake = self.collect()
        step, draft_id, version = self.currentId(), self.draft_id, self.version
        filed = operate(self, "Filing the complaint", lambda: self.controller.file_at_counter(
            intake, draft_id, expected_version=version, step=step))
        if filed is FAILED:
            self.schedule_save()
            return None
        self.draft_id, self.version = filed.complaint_id, filed.version
        self.filed_case_id = filed.complaint_id
        self.filed.emit(filed.complaint_id)
        return filed.complaint_id

    def accept(self) -> None:
        """Finish: file, then show the receipt (and the return letter when unsworn)."""
        case_id = self.file_complaint()
        if case_id is None:
            return
        parent = self.parentWidget()
        super().accept()
        self.result_dialog = documents.show_filing_papers(self.context, case_id, parent)

    def announce_step(self) -> None:
        """Tell a screen reader which step the clerk is on now ("Step 2 of 8: …")."""
        page: QWizardPage | None = self.currentPage()  # None before the first page is shown
        if page is not None and not self._loading:
            ids = self.pageIds()
            announce(self, f"Step {ids.index(self.currentId()) + 1} of {len(ids)}: "
                           f"{spoken(page.title())}")

    def focus_first_field(self) -> None:
        """Put the cursor in the new step's first field, so that what the clerk types next goes
        there (and a space never presses a button by surprise): the first field in the tab
        order that takes text or a choice, else the first control."""
        page: QWizardPage | None = self.currentPage()  # None before the first page is shown
        if page is None:
            return
        chain: list[QWidget] = []
        widget = page.nextInFocusChain()
        while widget is not None and widget is not page and len(chain) < 500:
            if (page.isAncestorOf(widget) and widget.isVisible() and widget.isEnabled()
                    and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
                    and not isinstance(widget, QScrollArea)):  # a holder, not a field
                chain.append(widget)
            widget = widget.nextInFocusChain()
        fields = [w for w in chain if not isinstance(w, QAbstractButton)]
        if fields or chain:
            (fields or chain)[0].setFocus(Qt.FocusReason.TabFocusReason)

    def showEvent(self, event: QShowEvent) -> None:
        """Measure the steps again as the window is shown: their fonts and style are final."""
        super().showEvent(event)
        self._one_width_for_every_step()

    def _one_width_for_every_step(self) -> None:
        """Take from the start the width the widest step needs, so that the window never
        changes width as the clerk goes from step to step (Qt's wizard otherwise grows to each
        page's own minimum when it is shown)."""
        shown = self._page_shown_or_first()
        if shown.isVisible():  # laid out: the window's frame about the page, as it is
            frame = self.width() - shown.width()
        else:
            frame = max(self.minimumSizeHint().width() - shown.minimumSizeHint().width(), 0)
        widest = max(page.minimumSizeHint().width() for page in self.pages) + frame
        widest = max(widest, self.minimumWidth())  # never narrower than it was
        self.setMinimumWidth(widest)
        if self.width() < widest:
            self.resize(widest, self.height())

    def _page_shown_or_first(self) -> QWizardPage:
        """The page shown, or the first before any is."""
        return self.currentPage() or self.pages[0]

    def show_manual(self) -> QWidget:
        """F1: the manual, at the page about taking a complaint at the counter."""
        from ethics_desk.ui.manual_window import show_manual

        self._manual = show_manual("intake", self)
        return self._manual

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Escape asks before closing: the complaint is kept as a draft, never dropped. F1
        opens the manual at the counter's page."""
        if event.matches(QKeySequence.StandardKey.HelpContents):
            event.accept()
            self.show_manual()
            return
        if event.key() == Qt.Key.Key_Escape:
            event.accept()
            if self.confirm("Close the complaint for now? Everything typed is kept as a draft "
                            "under Unfinished drafts on the New complaint screen."):
                self.reject()
            return
        super().keyPressEvent(event)

    def _ask(self, question: str) -> bool:
        answer = QMessageBox.question(self, "New complaint", question,
                                      QMessageBox.StandardButton.Yes
                                      | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def reject(self) -> None:
        """Close, keeping the draft."""
        self.save_draft()
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the window keeps the draft too."""
        self.save_draft()
        super().closeEvent(event)

    def filed_state(self) -> CaseState | None:
        """The state of the filed case (for the caller's message)."""
        if self.filed_case_id is None:
            return None
        return filed_case(self.context.database, self.filed_case_id,
                          account=self.context.signed_in).state


