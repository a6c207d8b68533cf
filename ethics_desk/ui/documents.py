"""The intake's papers in the interface: preview dialogs with Print, each print audited.

What each paper is called and the rule behind it come from its row in
:data:`ethics_desk.documents.kinds.KINDS`; the bytes from :mod:`ethics_desk.documents.papers`."""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.cases.case_file import filed_case
from ethics_desk.documents import papers
from ethics_desk.documents.issuing import IssuedRef, issue
from ethics_desk.documents.kinds import KINDS
from ethics_desk.intake.record import Intake
from ethics_desk.mail.ledger import record_mailing
from ethics_desk.models import CaseState, Language, MailMethod
from ethics_desk.office.actions import record_access
from ethics_desk.ui.accessibility import buddy
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.pdf_view import (
    PdfPreviewDialog,
    PdfViewer,
    ask_pdf_path,
    choose_printer,
    file_name_for,
    print_document,
    save_pdf_as,
)
from ethics_desk.ui.sizing import fit_to_screen


def sworn_complaint(context: AppContext, intake: Intake, citations: list[str]) -> bytes:
    """The sworn complaint for the intake as typed."""
    return papers.sworn_complaint_for_intake(context.database, intake, citations,
                                             today=context.today())


INFO_SHEET_CHOICES: tuple[tuple[str, tuple[Language, ...]], ...] = (
    (Language.ENGLISH.label, (Language.ENGLISH,)),
    (Language.SPANISH.label, (Language.SPANISH,)),
    ("English and Español (both, one sheet each)", (Language.ENGLISH, Language.SPANISH)),
)
"""The information sheet's languages as the dialog offers them: English, Spanish, or both."""


class InfoSheetDialog(PdfPreviewDialog):
    """The (b) information sheet in English, Spanish or both (one PDF); printing is audited."""

    def __init__(self, context: AppContext, data: bytes, parent: QWidget | None) -> None:
        sheet = KINDS["info-sheet"]
        super().__init__(f"{sheet.title} — {sheet.citation}", data, parent,
                         on_print=self.audit)
        self.context = context
        self.languages: tuple[Language, ...] = (Language.ENGLISH,)
        self.setObjectName("infoSheetDialog")
        self.choice = QComboBox(self)
        self.choice.setObjectName("infoSheetLanguage")
        self.choice.setAccessibleName("The language of the information sheet")
        for label, languages in INFO_SHEET_CHOICES:
            self.choice.addItem(label, languages)
        caption = QLabel("&Language:", self)
        buddy(caption, self.choice)
        row = QHBoxLayout()
        row.addWidget(caption)
        row.addWidget(self.choice)
        row.addStretch(1)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertLayout(0, row)
        # Tab as laid out: the language above the sheet first, then the sheet, Print…, Close
        # (put next to the sheet, then the sheet after it: Qt's chain wraps around the window).
        QWidget.setTabOrder(self.viewer.view, self.choice)
        QWidget.setTabOrder(self.choice, self.viewer.view)
        self.choice.currentIndexChanged.connect(self._language_chosen)

    def choose(self, languages: tuple[Language, ...]) -> None:
        """Show the sheet in ``languages`` (one of :data:`INFO_SHEET_CHOICES`)."""
        for index, (_label, offered) in enumerate(INFO_SHEET_CHOICES):
            if offered == languages:
                self.choice.setCurrentIndex(index)

    def _language_chosen(self) -> None:
        languages = INFO_SHEET_CHOICES[self.choice.currentIndex()][1]
        data = attempt(self, lambda: papers.info_sheet(self.context.database,
                                                       today=self.context.today(),
                                                       languages=languages))
        if data is FAILED:
            return
        self.languages = languages
        self.viewer.set_pdf(data)

    def audit(self, pages: int) -> None:
        """Record a print of the sheet, naming its languages (§ 2-83(b))."""
        names = " and ".join(language.label for language in self.languages)
        record_access(self.context.database, account=self.context.signed_in,
                      action="print.info-sheet", clock=self.context.clock,
                      summary=f"Printed the information sheet in {names} ({pages} page(s)) "
                              "(§ 2-83(b))")


def show_info_sheet(context: AppContext, parent: QWidget | None) -> InfoSheetDialog | None:
    """Preview the (b) information sheet (English first; Spanish or both on the dialog);
    printing it is audited."""
    data = attempt(parent, lambda: papers.info_sheet(context.database, today=context.today()))
    if data is FAILED:
        return None
    dialog = InfoSheetDialog(context, data, parent)
    dialog.open()
    return dialog


class FilingPapersDialog(QDialog):
    """After filing: the receipt, or for an unsworn complaint the letter returning it.

    A paper printed or saved here is a paper given to the complainant, so it is *issued* first
    (:func:`ethics_desk.documents.issuing.issue`: frozen, on the case's Papers tab, audited),
    then printed or saved from those bytes; printing it again prints the same issued copy. A
    paper handed over at the counter is recorded as delivered by hand, so it does not wait in
    the Mail screen's print queue."""

    def __init__(self, context: AppContext, case_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.case_id = case_id
        filed = filed_case(context.database, case_id, account=context.signed_in)
        number, state = filed.case_number, filed.state
        self.case_number = number or ""
        # The complainant's papers in the language recorded at intake (§ 2-83(a), (c)).
        self.language = filed.language
        self.setObjectName("filingPapersDialog")
        self.setWindowTitle(f"{number} filed — papers for the complainant")
        fit_to_screen(self, 840, 920)
        self.tabs = QTabWidget(self)
        self.viewers: dict[str, PdfViewer] = {}
        self.issued: dict[str, IssuedRef] = {}
        """The papers issued from this dialog, by kind."""
        # The paper shown is a preview (audited by the service) until it is printed or saved.
        if state is CaseState.RETURNED_UNSWORN:
            # The return letter acknowledges receipt (case number, date); a receipt would
            # promise a review that § 2-83(c) forbids for an unsworn complaint.
            self._add("unsworn-return", "&Return letter (not sworn)",
                      papers.unsworn_return(context.database, case_id,
                                            account=context.signed_in, clock=context.clock,
                                            language=self.language))
        else:
            self._add("receipt", "Filing &receipt", papers.receipt(context.database, case_id,
                                                                 account=context.signed_in,
                                                                 clock=context.clock,
                                                                 language=self.language))
        self.status = QLabel("Not issued yet: printing or saving it issues it to the "
                             "complainant and puts it on the case's Papers tab.", self)
        self.status.setObjectName("filingPapersStatus")
        self.status.setWordWrap(True)
        self.status.setAccessibleName("What became of the paper")
        buttons = QDialogButtonBox(self)
        self.print_button = buttons.addButton("&Print this paper…",
                                              QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button = buttons.addButton("Save as P&DF…",
                                             QDialogButtonBox.ButtonRole.ActionRole)
        self.handed_button = buttons.addButton("Record as &handed over",
                                               QDialogButtonBox.ButtonRole.ActionRole)
        self.handed_button.setToolTip("The complainant was given the printed paper at the "
                                      "counter: recorded as delivered by hand today")
        self.handed_button.setEnabled(False)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.print_button.clicked.connect(lambda: self.print_current())
        self.save_button.clicked.connect(lambda: self.save_current())
        self.handed_button.clicked.connect(lambda: self.record_handed_over())
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        give_alt_keys(self)  # Close

    def _add(self, kind: str, label: str, data: bytes) -> None:
        viewer = PdfViewer(self)
        viewer.setObjectName(kind)
        viewer.set_pdf(data)
        self.viewers[kind] = viewer
        index = self.tabs.addTab(viewer, label)
        self.tabs.setTabToolTip(index, f"{KINDS[kind].title} ({KINDS[kind].citation})")

    def current_kind(self) -> str:
        """The kind of paper on the tab shown."""
        return list(self.viewers)[self.tabs.currentIndex()]

    def issue_current(self) -> IssuedRef | None:
        """Issue the paper shown (once): the service renders it again from the record and
        freezes it, refusing it if it is no longer the paper previewed."""
        kind = self.current_kind()
        if kind in self.issued:
            return self.issued[kind]
        data = self.viewers[kind].pdf_bytes
        ref = attempt(self, lambda: issue(
            self.context.database, self.case_id, kind, account=self.context.signed_in,
            clock=self.context.clock, language=self.language,
            previewed=hashlib.sha256(data).hexdigest()))
        if ref is FAILED:
            return None
        self.issued[kind] = ref
        self.status.setText(f"Issued: {KINDS[kind].title}, to {ref.recipient} (document "
                            f"{ref.document_id}, SHA-256 {ref.sha256[:12]}…), on the case's "
                            "Papers tab.")
        self.handed_button.setEnabled(True)
        return ref

    def print_current(self, printer: QPrinter | None = None) -> int:
        """Issue the paper on the tab shown (the first time) and print it (audited); returns
        pages printed. With no printer set up, saving it as a PDF is offered instead."""
        kind = self.current_kind()
        chosen = printer or choose_printer(self, save_instead=self.save_current)
        if chosen is None:
            return 0
        ref = self.issue_current()
        if ref is None:
            return 0
        try:
            pages = print_document(self.viewers[kind].document, chosen)
        except OSError as exc:
            QMessageBox.warning(self, "Ethics Desk — printing failed",
                                f"{exc}\n\nThe paper is issued and on the case's Papers tab: "
                                "print it again from here or from there.")
            return 0
        record_access(self.context.database, account=self.context.signed_in,
                      clock=self.context.clock, action=f"print.{kind}", complaint_id=self.case_id,
                      summary=f"Printed the issued {KINDS[kind].title.lower()} (document "
                              f"{ref.document_id}, {pages} page(s))",
                      detail={"document_id": ref.document_id, "sha256": ref.sha256})
        self.status.setText(f"{self.status.text()} Printed: {pages} page(s).")
        return pages

    def save_current(self, path: Path | None = None) -> Path | None:
        """Issue the paper on the tab shown (the first time) and save it as a PDF (where the
        person chooses, or ``path``; audited); the file, or ``None``."""
        kind = self.current_kind()
        path = path or ask_pdf_path(self, "Save the paper as a PDF",
                                    file_name_for(self.case_number, KINDS[kind].title))
        if path is None:
            return None
        ref = self.issue_current()
        if ref is None:
            return None
        saved = save_pdf_as(self, self.viewers[kind].pdf_bytes, path=path)
        if saved is None:
            return None
        record_access(self.context.database, account=self.context.signed_in,
                      clock=self.context.clock, action=f"export.{kind}",
                      complaint_id=self.case_id,
                      summary=f"Saved the issued {KINDS[kind].title.lower()} (document "
                              f"{ref.document_id}) as {saved.name}",
                      detail={"document_id": ref.document_id, "sha256": ref.sha256})
        self.status.setText(f"{self.status.text()} Saved as {saved}.")
        return saved

    def record_handed_over(self) -> int | None:
        """Record the issued paper on the tab shown as handed to the complainant at the counter
        today (delivered by hand); the mailing's id."""
        ref = self.issued.get(self.current_kind())
        if ref is None:
            return None
        mailing = attempt(self, lambda: record_mailing(
            self.context.database, ref.document_id, recipient_name=ref.recipient,
            recipient_role="complainant", recipient_ref="complainant",
            method=MailMethod.HAND_DELIVERY, mailed_on=self.context.today(),
            account=self.context.signed_in, clock=self.context.clock))
        if mailing is FAILED:
            return None
        self.handed_button.setEnabled(False)
        self.status.setText(f"{self.status.text()} Recorded as handed over at the counter.")
        return mailing


def show_filing_papers(context: AppContext, case_id: int,
                       parent: QWidget | None) -> FilingPapersDialog | None:
    """Show the papers of a case just filed (non-modal, so the counter can go on)."""
    dialog = attempt(parent, lambda: FilingPapersDialog(context, case_id, parent))
    if dialog is FAILED:
        return None
    dialog.open()
    return dialog
