"""The intake's papers in the interface: preview dialogs with Print, each print audited.

What each paper is called and the rule behind it come from its row in
:data:`ethics_desk.documents.kinds.KINDS`; the bytes from :mod:`ethics_desk.documents.papers`."""

from __future__ import annotations

from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.cases.case_file import filed_case
from ethics_desk.documents import papers
from ethics_desk.documents.kinds import KINDS
from ethics_desk.intake.record import Intake
from ethics_desk.models import CaseState, Language
from ethics_desk.office.actions import record_access
from ethics_desk.ui.accessibility import buddy
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.pdf_view import PdfPreviewDialog, PdfViewer, choose_printer, print_document
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
    """After filing: the receipt, or for an unsworn complaint the letter returning it."""

    def __init__(self, context: AppContext, case_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.case_id = case_id
        filed = filed_case(context.database, case_id, account=context.signed_in)
        number, state = filed.case_number, filed.state
        # The complainant's papers in the language recorded at intake (§ 2-83(a), (c)).
        self.language = filed.language
        self.setObjectName("filingPapersDialog")
        self.setWindowTitle(f"{number} filed — papers for the complainant")
        fit_to_screen(self, 840, 920)
        self.tabs = QTabWidget(self)
        self.viewers: dict[str, PdfViewer] = {}
        # The paper shown is on record (a preview, audited by the service).
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
        buttons = QDialogButtonBox(self)
        self.print_button = buttons.addButton("&Print this paper…",
                                              QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.print_button.clicked.connect(lambda: self.print_current())
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
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

    def print_current(self, printer: QPrinter | None = None) -> int:
        """Print the paper on the tab shown (audited); returns pages printed."""
        kind = self.current_kind()
        chosen = printer or choose_printer(self)
        if chosen is None:
            return 0
        pages = print_document(self.viewers[kind].document, chosen)
        record_access(self.context.database, account=self.context.signed_in,
                      clock=self.context.clock, action=f"print.{kind}", complaint_id=self.case_id,
                      summary=f"Printed the {kind.replace('-', ' ')} ({pages} page(s))")
        return pages


def show_filing_papers(context: AppContext, case_id: int,
                       parent: QWidget | None) -> FilingPapersDialog | None:
    """Show the papers of a case just filed (non-modal, so the counter can go on)."""
    dialog = attempt(parent, lambda: FilingPapersDialog(context, case_id, parent))
    if dialog is FAILED:
        return None
    dialog.open()
    return dialog
