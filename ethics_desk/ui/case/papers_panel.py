"""The case window's Papers tab: the documents that apply to the case now, previewed, issued,
reprinted from their frozen bytes, and their mailings and deliveries recorded.

Everything written goes through the domain: :mod:`ethics_desk.documents.kinds` renders a preview,
:mod:`ethics_desk.documents.issuing` freezes it (and gives the stored bytes back for a reprint), and
:mod:`ethics_desk.mail.ledger` records a mailing and what became of it — a delivery of the (e)
notice restarts the respondent's response clock. :class:`MailingDialog` is shared with the Mail
screen.

An issued paper whose stated date a later change made wrong (a closure moved the response date,
a hearing was set again; :mod:`ethics_desk.documents.stated_dates`) is named above the issued
list, and **Fix: prepare the corrected reissue** previews the correction — saying under its title
which copy it replaces — and asks for the void and reissue with the reason filled in.

While the office has stored no Ethics Code, the (e) notice shows **Ethics Code provided on** and
**how**: the day and the way the Code reached the respondent, which the notice states and its
issuing records (§ 2-83(e)); without them the preview says it is not to be issued and issuing
is refused.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import office_date, stamp
from ethics_desk.core.parties import recipient_key, respondent_key, respondent_of
from ethics_desk.core.permissions import Act
from ethics_desk.documents.issuing import (
    IssuedRef,
    issue,
    issued_for_case,
    reprint,
    save_issued,
    void_and_reissue,
)
from ethics_desk.documents.kinds import KindRule, rule_for, title_of
from ethics_desk.documents.making import papers_offered, recipients, render_letter
from ethics_desk.documents.paper_context import Recipient
from ethics_desk.documents.render.letter_data import CodeProvided
from ethics_desk.documents.stated_dates import StalePaper, reissue_reason, stale_in
from ethics_desk.documents.wording import read_enclosure
from ethics_desk.mail.batch import default_method
from ethics_desk.mail.email import (
    EmailRecipient,
    Sent,
    email_recipients,
    record_email_address,
    send_paper,
)
from ethics_desk.mail.ledger import (
    MailingRef,
    mailings_for_case,
    record_mailing,
    record_outcome,
)
from ethics_desk.models import (
    CaseState,
    Language,
    MailMethod,
    MailOutcome,
    in_a_sentence,
)
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.language import choose_language, chosen_language, language_box
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.models.rows import ROW_ROLE, Column, RowsModel, rows_view
from ethics_desk.ui.office_display import office_time_zone
from ethics_desk.ui.operations import operate
from ethics_desk.ui.pdf_view import (
    PdfViewer,
    ask_pdf_path,
    choose_printer,
    file_name_for,
    print_document,
    write_pdf,
)
from ethics_desk.ui.read_only import refuse_while_read_only


@dataclass(frozen=True)
class KindLine:
    """A kind of document that applies to the case now."""

    kind: str
    rule: KindRule




def selected_row(view: QTableView) -> object | None:
    """The row object under the view's current index, or ``None``."""
    index = view.currentIndex()
    return index.data(ROW_ROLE) if index.isValid() else None


def _when(ref: IssuedRef) -> str:
    return stamp(ref.issued_at, office_time_zone(), with_zone=False)


def print_bytes(parent: QWidget, data: bytes, printer: QPrinter | None) -> int:
    """Print PDF bytes on ``printer`` (or one the user chooses); pages printed, 0 if not.

    A failure is a message naming what to do; nothing is recorded either way.
    """
    printer = printer or choose_printer(parent)
    if printer is None:
        return 0
    holder = PdfViewer(parent)
    holder.hide()
    try:
        holder.set_pdf(data)
        if holder.document.status() != QPdfDocument.Status.Ready or not holder.page_count():
            raise OSError("The document could not be read for printing, so nothing was sent "
                          "to the printer.\n\nPrint it again; if it fails again, run "
                          "“ethics-desk check” and report the problem.")
        return print_document(holder.document, printer)
    except OSError as exc:
        QMessageBox.warning(parent, "Ethics Desk — printing failed",
                            f"{exc}\n\nThe item stays in the print queue.")
        return 0
    finally:
        holder.deleteLater()


class VoidDialog(QDialog):
    """Why an issued copy is being replaced (kept with the void copy, audited)."""

    reason_given = Signal(str)

    def __init__(self, document: IssuedRef, parent: QWidget | None = None,
                 reason: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Void and reissue — {document.title} to {document.recipient}")
        self.reason = QLineEdit(reason, self)
        self.reason.setPlaceholderText("e.g. wrong mailing address")
        self.message = StatusLine(self, urgent=True)
        palette.set_style(self.message, "error, regular")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Void and reissue")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"The copy issued {_when(document)} stays on record, marked void; "
                                "the corrected preview is issued in its place.", self))
        label = QLabel("&Why is it being replaced?", self)
        buddy(label, self.reason)
        layout.addWidget(label)
        layout.addWidget(self.reason)
        layout.addWidget(self.message)
        layout.addWidget(buttons)

    def accept(self) -> None:
        """A reason is required; then hand it over."""
        reason = self.reason.text().strip()
        if not reason:
            self.message.setText("⚠ Give the reason: it is kept with the void copy.")
            return
        self.reason_given.emit(reason)
        super().accept()


class MailingDialog(QDialog):
    """Record how an issued document went out: method, tracking number, date, address."""

    saved = Signal(int)

    def __init__(self, context: AppContext, document_id: int, case_id: int, kind: str,
                 recipient: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.document_id = document_id
        self.mailing_id: int | None = None
        self.setObjectName("mailingDialog")
        self.setWindowTitle(f"Record mailing — {title_of(kind)} to {recipient or '—'}")
        try:
            people = recipients(context.database, case_id, kind, account=context.signed_in)
        except UserError:
            people = []
        match = next((p for p in people if p.name == recipient), None)
        self.recipient_ref = recipient_key(match.role, match.respondent_id) if match else ""
        self.name = QLineEdit(recipient, self)
        self.name.setObjectName("mailName")
        self.role = QLineEdit(match.role if match else "", self)
        self.role.setObjectName("mailRole")
        self.address = QPlainTextEdit(match.party.address if match else "", self)
        self.address.setObjectName("mailAddress")
        self.address.setFixedHeight(80)
        self.method = QComboBox(self)
        self.method.setObjectName("mailMethod")
        for method in MailMethod:
            self.method.addItem(method.label, method)
        self.method.setCurrentIndex(self.method.findData(default_method(kind)))
        self.tracking = QLineEdit(self)
        self.tracking.setObjectName("mailTracking")
        self.tracking.setPlaceholderText("Article number (certified mail)")
        self.mailed_on = DateField(self, today=context.today, value=context.today())
        self.mailed_on.setObjectName("mailedOn")
        form = QFormLayout()
        form.addRow("&Recipient:", self.name)
        form.addRow("R&ole:", self.role)
        form.addRow("&Address:", self.address)
        form.addRow("&Method:", self.method)
        form.addRow("&Tracking number:", self.tracking)
        form.addRow("Ma&iled on:", self.mailed_on)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        give_alt_keys(self)  # Save

    def set_method(self, method: MailMethod) -> None:
        """Choose the method."""
        self.method.setCurrentIndex(self.method.findData(method))

    def accept(self) -> None:
        """Save through the mail ledger; a problem is shown and the dialog stays open."""
        mailed_on = attempt(self, lambda: self.mailed_on.required("the date mailed"))
        if mailed_on is FAILED:
            return
        saved = attempt(self, lambda: record_mailing(
            self.context.database, self.document_id, recipient_name=self.name.text(),
            recipient_role=self.role.text(), recipient_ref=self.recipient_ref,
            address=self.address.toPlainText(), method=MailMethod(self.method.currentData()),
            tracking_number=self.tracking.text(), mailed_on=mailed_on,
            account=self.context.signed_in, clock=self.context.clock))
        if saved is FAILED:
            return
        self.mailing_id = saved
        self.saved.emit(saved)
        super().accept()


class EmailDialog(QDialog):
    """Send an issued paper by e-mail through the office's mail server: to a party or a
    recorded witness of the case, at the address recorded for them with who gave it (a new
    or changed address is recorded first). A paper the statute sends by mail goes only as a
    courtesy copy, and the dialog says so."""

    sent = Signal(str)

    def __init__(self, context: AppContext, ref: IssuedRef, parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.context = context
        self.ref = ref
        self.result_sent: Sent | None = None
        self.setObjectName("emailDialog")
        self.setWindowTitle(f"Send by e-mail — {title_of(ref.kind)}")
        found = attempt(self, lambda: email_recipients(context.database, ref.complaint_id,
                                                       account=context.signed_in))
        self.people: list[EmailRecipient] = [] if found is FAILED else found
        self.recipient = QComboBox(self)
        self.recipient.setObjectName("emailRecipient")
        self.recipient.setAccessibleName("Send the paper to")
        for person in self.people:
            self.recipient.addItem(f"{person.name} ({person.role})", person.key)
        first = next((i for i, p in enumerate(self.people) if p.name == ref.recipient), 0)
        self.address = QLineEdit(self)
        self.address.setObjectName("emailAddress")
        self.address.setAccessibleName("E-mail address")
        self.given_by = QLineEdit(self)
        self.given_by.setObjectName("emailGivenBy")
        self.given_by.setAccessibleName("Who gave the address")
        self.given_by.setPlaceholderText("e.g. the complainant, on the complaint form")
        rule = rule_for(ref.kind)
        courtesy = rule.sent_by is not None and rule.sent_by is not MailMethod.EMAIL
        self.note = QLabel(
            f"The statute sends this paper by {in_a_sentence(rule.sent_by.label)}: the e-mail "
            "is only a courtesy copy and says so, and the paper still waits to be mailed."
            if courtesy and rule.sent_by is not None else
            "The paper goes as its PDF, exactly as issued, with the office's covering message.",
            self)
        self.note.setObjectName("emailNote")
        self.note.setWordWrap(True)
        self.recipient.currentIndexChanged.connect(lambda _i: self._show_address())
        self.recipient.setCurrentIndex(first)
        self._show_address()
        form = QFormLayout()
        form.addRow("Send &to:", self.recipient)
        form.addRow("&Address:", self.address)
        form.addRow("&Given by:", self.given_by)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.send_button = buttons.addButton("&Send", QDialogButtonBox.ButtonRole.AcceptRole)
        self.send_button.setObjectName("emailSend")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addLayout(form)
        layout.addWidget(buttons)
        give_alt_keys(self)

    def chosen(self) -> EmailRecipient | None:
        """The recipient chosen."""
        key = self.recipient.currentData()
        return next((p for p in self.people if p.key == key), None)

    def _show_address(self) -> None:
        person = self.chosen()
        self.address.setText(person.address if person else "")
        self.given_by.setText(person.given_by if person else "")

    def accept(self) -> None:
        """Record a new or changed address, then send; a refusal (of the address, or the mail
        server's) is shown and the dialog stays open with what was typed."""
        person = self.chosen()
        if person is None:
            return
        address, given_by = self.address.text().strip(), self.given_by.text().strip()
        if (address, given_by) != (person.address, person.given_by):
            recorded = attempt(self, lambda: record_email_address(
                self.context.database, self.ref.complaint_id, person.key, address, given_by,
                account=self.context.signed_in, clock=self.context.clock))
            if recorded is FAILED:
                return
            self.people = [recorded if p.key == person.key else p for p in self.people]
        done = operate(self, "Sending the paper by e-mail", lambda: send_paper(
            self.context.database, self.ref.document_id, person.key,
            account=self.context.signed_in, clock=self.context.clock))
        if done is FAILED:
            return
        self.result_sent = done
        self.sent.emit(done.summary)
        super().accept()


class OutcomeDialog(QDialog):
    """Record what became of a mailed item: delivered, returned or refused, and when."""

    saved = Signal(str)

    def __init__(self, context: AppContext, mailing: MailingRef,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.mailing = mailing
        self.summary = ""
        self.setObjectName("outcomeDialog")
        self.setWindowTitle(f"Delivery or return — {mailing.document_title} to "
                            f"{mailing.recipient_name}")
        self.outcome = QComboBox(self)
        self.outcome.setObjectName("mailOutcome")
        for outcome, label in ((MailOutcome.DELIVERED, "Delivered"),
                               (MailOutcome.RETURNED, "Returned undelivered"),
                               (MailOutcome.REFUSED, "Refused")):
            self.outcome.addItem(label, outcome)
        self.on = DateField(self, today=context.today, value=context.today())
        self.on.setObjectName("outcomeOn")
        note = QLabel("A delivery of the notice to a respondent restarts the response deadline "
                      "from the date on the return receipt (§ 2-83(e)).", self)
        note.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&What happened:", self.outcome)
        form.addRow("&On:", self.on)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)
        give_alt_keys(self)  # Save

    def set_outcome(self, outcome: MailOutcome) -> None:
        """Choose the outcome."""
        self.outcome.setCurrentIndex(self.outcome.findData(outcome))

    def accept(self) -> None:
        """Save through the mail ledger; a problem is shown and the dialog stays open."""
        on = attempt(self, lambda: self.on.required("the date it happened"))
        if on is FAILED:
            return
        result = attempt(self, lambda: record_outcome(
            self.context.database, self.mailing.mailing_id,
            MailOutcome(self.outcome.currentData()), on, account=self.context.signed_in,
            clock=self.context.clock))
        if result is FAILED:
            return
        self.summary = result.summary
        self.saved.emit(result.summary)
        super().accept()


class PapersPanel(QWidget):
    """Preview, issue, reprint and mail the case's documents."""

    ALT_KEYS = frozenset("wyxrfmbau")
    """The Alt-keys of the panel's controls: taken in the case window before the panel is
    built (:class:`~ethics_desk.ui.tab_pages.TabPages`)."""

    changed = Signal()

    def __init__(self, context: AppContext, case_id: int, parent: QWidget | None = None, *,
                 fill_when_shown: bool = False) -> None:
        """``fill_when_shown``: read nothing until the panel is first shown (a tab of the case
        window, which opens without waiting for the tabs nobody has looked at yet)."""
        super().__init__(parent)
        self.context = context
        self.case_id = case_id
        self._fill_when_shown = fill_when_shown
        self.state: CaseState | None = None
        self._preview: tuple[str, Recipient, bytes, int] | None = None
        self._preview_code: CodeProvided | None = None  # how the Code was provided, as previewed
        self._preview_replaces: date | None = None  # the copy a correction replaces
        self._shown_document: int | None = None
        self.dialog: QDialog | None = None
        self.setObjectName("papersPanel")
        self.kinds = RowsModel[KindLine](
            [Column("Document", lambda k: k.rule.title), Column("Rule", lambda k: k.rule.citation),
             Column("To", lambda k: k.rule.audience.value)], self,
            tooltip=lambda k: f"{k.rule.title} ({k.rule.citation}) — to {k.rule.audience.value}")
        self.kinds_view = rows_view(self.kinds, "kindsView", 0, self, keep_for=self.context,
                                    spoken="Documents that apply now")
        self.kinds_view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.kinds_view.selectionModel().currentRowChanged.connect(self._kind_chosen)
        self.recipient = QComboBox(self)
        self.recipient.setObjectName("recipientChooser")
        self.recipient.currentIndexChanged.connect(self._recipient_chosen)
        self.language = language_box(self, "The language of the paper")
        self.language.setObjectName("languageChooser")
        self.language.setToolTip("The language the paper is printed in: the recipient's "
                                 "preferred language, where the paper has a template in it")
        self.language.currentIndexChanged.connect(self._update_buttons)
        self._preview_language: Language | None = None
        self.code_row = QWidget(self)
        self.code_row.setObjectName("codeProvidedRow")
        self.code_on = DateField(self.code_row, today=context.today,
                                 value=context.today())
        self.code_on.setObjectName("codeProvidedOn")
        self.code_way = QLineEdit(self.code_row)
        self.code_way.setObjectName("codeProvidedWay")
        self.code_way.setPlaceholderText("e.g. handed over at the counter; link e-mailed")
        self.code_way.setToolTip("The office has stored no Ethics Code to enclose: say how the "
                                 "Code was provided to the respondent (§ 2-83(e)); the notice "
                                 "states it")
        self.code_row.setVisible(False)
        self.preview_button = QPushButton("Previe&w", self)
        self.preview_button.clicked.connect(self.preview)
        self.issue_button = QPushButton("Issue the previewed cop&y", self)
        self.issue_button.setToolTip("Issue the paper as previewed: made again from the case and "
                                     "frozen with its SHA-256 (refused if it changed since)")
        self.issue_button.clicked.connect(self.issue)
        self.issued = RowsModel[IssuedRef](
            [Column("Document", lambda r: r.title), Column("Recipient", lambda r: r.recipient),
             Column("Issued", _when), Column("By", lambda r: r.issued_by),
             Column("SHA-256", lambda r: r.sha256[:12] + "…"),
             Column("Status", lambda r: f"VOID — {r.void_reason}" if r.is_void else "issued")],
            self, tooltip=lambda r: f"{r.title} to {r.recipient}: SHA-256 {r.sha256}, "
                                    f"{r.page_count} page(s)",
            bold=lambda r, column: r.is_void and column == 5)
        # The paper's title (long: "Notice to a respondent with the (e) items …") takes what is
        # left and is shortened at its end; the names, dates and marks are shown whole.
        self.issued_view = rows_view(self.issued, "issuedView", 0, self, keep_for=self.context,
                                     spoken="Papers issued in this case")
        self.issued_view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.issued_view.selectionModel().currentRowChanged.connect(self._update_buttons)
        self.stale: list[StalePaper] = []
        self.stale_label = QLabel(self)
        self.stale_label.setObjectName("staleWarning")
        self.stale_label.setWordWrap(True)
        self.stale_label.setAccessibleName("Issued papers that state a date no longer right")
        palette.set_style(self.stale_label, "error, regular")
        self.correct_button = QPushButton("Fi&x: prepare the corrected reissue…", self)
        self.correct_button.setObjectName("correctButton")
        self.correct_button.setToolTip("Preview the correction of the issued paper whose date "
                                       "no longer holds (the selected one, or the first named), "
                                       "then void and reissue it")
        self.correct_button.clicked.connect(lambda: self.prepare_correction())
        self._correction: StalePaper | None = None
        self.reprint_button = QPushButton("&Reprint…", self)
        self.reprint_button.setToolTip("Print the selected issued paper again, exactly as it was "
                                       "frozen when issued (its recorded bytes, SHA-256 checked)")
        self.reprint_button.clicked.connect(lambda: self.reprint_and_print())
        self.save_button = QPushButton("Save as PD&F…", self)
        self.save_button.setToolTip("Save the selected issued paper as a PDF file, exactly as "
                                    "frozen, readable by you only")
        self.save_button.clicked.connect(lambda: self.save_issued())
        self.mail_button = QPushButton("Record &mailing…", self)
        self.mail_button.clicked.connect(self.open_mailing_dialog)
        self.email_button = QPushButton("Send &by e-mail…", self)
        self.email_button.setToolTip("Send the selected issued paper by e-mail through the "
                                     "office's mail server, to a party or a recorded witness")
        self.email_button.clicked.connect(self.open_email_dialog)
        self.void_button = QPushButton("Void &and reissue…", self)
        self.void_button.setToolTip("Replace the selected issued copy with the corrected preview "
                                    "of the same document; the old copy is kept, marked void")
        self.void_button.clicked.connect(lambda: self.open_void_dialog())
        self.mailings = RowsModel[MailingRef](
            [Column("Document", lambda m: m.document_title),
             Column("To", lambda m: m.recipient_name), Column("Method", lambda m: m.method_label),
             Column("Tracking", lambda m: m.tracking_number),
             Column("Mailed", lambda m: m.mailed_on.isoformat() if m.mailed_on else "—"),
             Column("Outcome", self._outcome_text)], self,
            tooltip=lambda m: m.address + (f" — Message-ID {m.message_id}"
                                           if m.message_id else ""))
        self.mailings_view = rows_view(self.mailings, "mailingsView", 0, self, keep_for=self.context,
                                       spoken="Papers mailed in this case",
                                       elide=Qt.TextElideMode.ElideRight)
        self.mailings_view.selectionModel().currentRowChanged.connect(self._update_buttons)
        self.outcome_button = QPushButton("Record delivery / ret&urn…", self)
        self.outcome_button.clicked.connect(self.open_outcome_dialog)
        self.viewer = PdfViewer(self)
        self.viewer.setObjectName("papersViewer")
        self.shown_label = QLabel("Choose a document and press Preview.", self)
        self.shown_label.setObjectName("shownLabel")
        self.shown_label.setWordWrap(True)
        self._layout()

    def _layout(self) -> None:
        left = QWidget(self)
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(QLabel("<b>Documents that apply now</b>", left))
        column.addWidget(self.kinds_view, 2)
        row = QHBoxLayout()
        row.addWidget(QLabel("To:", left))
        row.addWidget(self.recipient, 1)
        row.addWidget(self.language)
        row.addWidget(self.preview_button)
        row.addWidget(self.issue_button)
        column.addLayout(row)
        code = QHBoxLayout(self.code_row)
        code.setContentsMargins(0, 0, 0, 0)
        on_label = QLabel("Ethics Code provided on:", self.code_row)
        buddy(on_label, self.code_on)
        way_label = QLabel("how:", self.code_row)
        buddy(way_label, self.code_way)
        self.code_way.setAccessibleName("How the Ethics Code was provided")
        code.addWidget(on_label)
        code.addWidget(self.code_on)
        code.addWidget(way_label)
        code.addWidget(self.code_way, 1)
        column.addWidget(self.code_row)
        column.addWidget(QLabel("<b>Issued</b>", left))
        stale_row = QHBoxLayout()
        stale_row.addWidget(self.stale_label, 1)
        stale_row.addWidget(self.correct_button)
        column.addLayout(stale_row)
        column.addWidget(self.issued_view, 2)
        row = QHBoxLayout()
        for button in (self.reprint_button, self.save_button, self.mail_button,
                       self.email_button, self.void_button):
            row.addWidget(button)
        row.addStretch(1)
        column.addLayout(row)
        column.addWidget(QLabel("<b>Mailed</b>", left))
        column.addWidget(self.mailings_view, 1)
        row = QHBoxLayout()
        row.addWidget(self.outcome_button)
        row.addStretch(1)
        column.addLayout(row)
        right = QWidget(self)
        side = QVBoxLayout(right)
        side.setContentsMargins(0, 0, 0, 0)
        side.addWidget(self.shown_label)
        side.addWidget(self.viewer, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(left)
        splitter.addWidget(right)
        # The lists (six columns of names, dates and marks) take three parts, the preview two;
        # the clerk may drag the line between them.
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([660, 440])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        if self._fill_when_shown:
            self._update_buttons()  # each button as the table allows it; the lists when shown
        else:
            self.refresh()

    # -- showing ----------------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        """Read the case again when the tab comes into view (its state may have moved)."""
        super().showEvent(event)
        self.refresh()

    def refresh(self) -> None:
        """Read the case's state, issued documents and mailings again."""
        # The kinds of its state, less a notice of a hearing already past (§ 2-83(f)(4)(b)).
        found = attempt(self, lambda: papers_offered(self.context.database, self.case_id,
                                                     account=self.context.signed_in,
                                                     clock=self.context.clock))
        state, offered = (None, []) if found is FAILED else found
        chosen = self.chosen_kind()
        if state != self.state or not self.kinds.rows() or \
                [line.kind for line in self.kinds.rows()] != [kind for kind, _ in offered]:
            self.state = state
            self.kinds.set_rows([KindLine(kind, rule) for kind, rule in offered])
            names = [line.kind for line in self.kinds.rows()]
            if chosen in names:
                self.choose_kind(chosen)
            elif names:
                self.choose_kind(names[0])
        issued = attempt(self, lambda: issued_for_case(self.context.database, self.case_id,
                                                      account=self.context.signed_in))
        self.issued.set_rows(issued or [])
        mailed = attempt(self, lambda: mailings_for_case(self.context.database, self.case_id,
                                                        account=self.context.signed_in))
        self.mailings.set_rows(mailed or [])
        self.stale = attempt(self, lambda: stale_in(self.context.database, self.case_id,
                                                      account=self.context.signed_in)) or []
        self.stale_label.setText("\n".join(
            f"⚠ “{s.title}” to {s.recipient or '—'} issued {s.issued_on.isoformat()} states "
            f"“{s.label}” {s.stated_on.isoformat()}; it is now {s.now_on.isoformat()}. "
            "Fix: prepare the corrected reissue." for s in self.stale))
        self.stale_label.setVisible(bool(self.stale))
        self.correct_button.setVisible(bool(self.stale))
        self._update_buttons()

    @staticmethod
    def _outcome_text(mailing: MailingRef) -> str:
        if mailing.outcome is None:
            return "—"
        text = f"{in_a_sentence(mailing.outcome.label)} {mailing.outcome_on or ''}".strip()
        if mailing.outcome is not MailOutcome.DELIVERED:
            text = ("⚠ " + text) + (" (sent again)" if mailing.resent else "")
        return text

    def chosen_kind(self) -> str | None:
        """The kind selected in the list."""
        line = selected_row(self.kinds_view)
        return line.kind if isinstance(line, KindLine) else None

    def choose_kind(self, kind: str) -> None:
        """Select a kind in the list (and list its recipients)."""
        for number, line in enumerate(self.kinds.rows()):
            if line.kind == kind:
                self.kinds_view.setCurrentIndex(self.kinds.index(number, 0))
                return
        raise ValueError(f"{kind} does not apply to the case now")

    def _kind_chosen(self) -> None:
        self.recipient.clear()
        kind = self.chosen_kind()
        self._show_code_row(kind)
        if kind is not None:
            people = attempt(self, lambda: recipients(self.context.database, self.case_id, kind,
                                                        account=self.context.signed_in))
            for person in people or []:
                self.recipient.addItem(f"{person.name} ({person.role})", person)
        self._recipient_chosen()

    def _show_code_row(self, kind: str | None) -> None:
        """Ask how the Ethics Code was provided for the (e) notice while the office has
        stored no Code to enclose (§ 2-83(e))."""
        needed = False
        if kind is not None and rule_for(kind).encloses_code:
            found = attempt(self, lambda: read_enclosure(self.context.database))
            needed = found is not FAILED and found.placeholder
        self.code_row.setVisible(needed)

    def code_provided(self) -> CodeProvided | None:
        """How the Ethics Code was provided, as typed (None when not asked or not given)."""
        if self.code_row.isHidden():
            return None
        when = self.code_on.date()
        way = self.code_way.text().strip()
        return CodeProvided(when, way) if when is not None and way else None

    def chosen_rule(self) -> KindRule | None:
        """The row of the kind selected in the list."""
        line = selected_row(self.kinds_view)
        return line.rule if isinstance(line, KindLine) else None

    def _recipient_chosen(self) -> None:
        """Offer the kind's languages, the recipient's preferred one chosen where it has it."""
        rule = self.chosen_rule()
        person = self.recipient.currentData()
        offered = rule.languages if rule is not None else frozenset({Language.ENGLISH})
        preferred = person.language if isinstance(person, Recipient) else Language.ENGLISH
        self.language.setEnabled(len(offered) > 1)
        choose_language(self.language, preferred if preferred in offered else Language.ENGLISH)
        self._update_buttons()

    def _update_buttons(self) -> None:
        kind = self.chosen_kind()
        person = self.recipient.currentData()
        self.preview_button.setEnabled(kind is not None and person is not None)
        self.issue_button.setEnabled(self._preview is not None and kind == self._preview[0]
                                     and person == self._preview[1]
                                     and self._preview_language == chosen_language(self.language))
        document = selected_row(self.issued_view)
        live = isinstance(document, IssuedRef) and not document.is_void
        self.reprint_button.setEnabled(isinstance(document, IssuedRef))
        self.save_button.setEnabled(isinstance(document, IssuedRef))
        self.mail_button.setEnabled(live)
        self.email_button.setEnabled(live)
        self.void_button.setEnabled(live and self._preview is not None
                                    and isinstance(document, IssuedRef)
                                    and self._preview[0] == document.kind)
        mailing = selected_row(self.mailings_view)
        self.outcome_button.setEnabled(isinstance(mailing, MailingRef)
                                       and mailing.outcome is None
                                       and mailing.mailed_on is not None)
        self.correct_button.setEnabled(bool(self.stale))
        declare(None, self.preview_button)  # a preview shows, and keeps nothing
        offer(self.context, Act.MAIL_PAPERS, "issue and mail papers", self.issue_button,
              self.reprint_button, self.save_button, self.mail_button, self.email_button,
              self.void_button, self.outcome_button, self.correct_button)
        refuse_while_read_only(self.context, self.issue_button, self.mail_button,
                               self.email_button,
                               self.void_button, self.outcome_button, self.correct_button)

    # -- acting -----------------------------------------------------------------------------

    def preview(self, replaces_issued_on: date | None = None) -> bytes | None:
        """Render the chosen kind for the chosen recipient and show it (a corrected reissue
        with ``replaces_issued_on``, the day the copy it replaces was issued)."""
        kind = self.chosen_kind()
        person = self.recipient.currentData()
        if kind is None or person is None:
            return None
        index = self.recipient.currentIndex()
        language = chosen_language(self.language)
        code = self.code_provided() if rule_for(kind).encloses_code else None
        data = operate(self, "Making the preview", lambda: render_letter(
            self.context.database, self.case_id, kind, recipient_index=index,
            account=self.context.signed_in, clock=self.context.clock, language=language,
            replaces_issued_on=replaces_issued_on, code_provided=code))
        if data is FAILED:
            return None
        if replaces_issued_on is None:
            self._correction = None
        self._preview = (kind, person, data, index)
        self._preview_code = code
        self._preview_replaces = replaces_issued_on
        self._preview_language = language
        self._shown_document = None
        self.viewer.set_pdf(data)
        in_language = "" if language is Language.ENGLISH else f", in {language.label}"
        self.shown_label.setText(f"PREVIEW — {title_of(kind)}, to {person.name}{in_language}. "
                                 "Not issued yet.")
        self._update_buttons()
        return data

    def issue(self) -> IssuedRef | None:
        """Issue the previewed paper: the service renders it again from the record and freezes
        it (the (e) notice as a packet with the Ethics Code), refusing it if it is no longer
        the paper previewed."""
        if self._preview is None:
            return None
        kind, person, data, index = self._preview
        database, account, clock = self.context.database, self.context.signed_in, \
            self.context.clock
        language = self._preview_language or Language.ENGLISH
        code = self._preview_code  # what is issued is what was previewed
        ref = operate(self, "Issuing the paper", lambda: issue(
            database, self.case_id, kind, recipient_index=index, account=account, clock=clock,
            language=language, previewed=hashlib.sha256(data).hexdigest(), code_provided=code))
        if ref is FAILED:
            return None
        self._preview = None
        self.shown_label.setText(f"Issued: {title_of(kind)}, to {person.name} "
                                 f"(SHA-256 {ref.sha256[:12]}…).")
        self.refresh()
        self.select_issued(ref.document_id)
        self.changed.emit()
        return ref

    def open_void_dialog(self) -> VoidDialog | None:
        """Ask why the selected copy is wrong, then replace it with the previewed correction."""
        document = selected_row(self.issued_view)
        if not isinstance(document, IssuedRef) or self._preview is None:
            return None
        # The correction says under its title which copy it replaces: preview it so, as the
        # service will issue it (what is issued is what was shown).
        replaces_on = office_date(document.issued_at, self.context.time_zone())
        if self._preview_replaces != replaces_on:
            correction = self._correction
            if self.preview(replaces_issued_on=replaces_on) is None:
                return None
            self._correction = correction
            self.select_issued(document.document_id)
        correction = self._correction
        reason = (reissue_reason(correction) if correction is not None
                  and correction.document_id == document.document_id else "")
        dialog = VoidDialog(document, self, reason)
        dialog.reason_given.connect(lambda reason: self.void_and_reissue(document, reason))
        self.void_dialog = dialog
        dialog.open()
        return dialog

    def void_and_reissue(self, document: IssuedRef, reason: str) -> IssuedRef | None:
        """Void ``document`` and issue the previewed correction in its place (one transaction;
        the service renders the correction, refusing it if it is no longer the one previewed)."""
        if self._preview is None:
            return None
        kind, person, data, index = self._preview
        language = self._preview_language or Language.ENGLISH
        code = self._preview_code
        ref = operate(self, "Voiding the copy and issuing the correction", lambda: void_and_reissue(
            self.context.database, document.document_id, account=self.context.signed_in,
            reason=reason, recipient_index=index, clock=self.context.clock, language=language,
            previewed=hashlib.sha256(data).hexdigest(), code_provided=code))
        if ref is FAILED:
            return None
        self._preview = None
        self._correction = None
        self.shown_label.setText(f"Reissued: {title_of(kind)}, to {person.name}; the earlier "
                                 f"copy is void ({reason}).")
        self.refresh()
        self.select_issued(ref.document_id)
        self.changed.emit()
        return ref

    def prepare_correction(self, document_id: int | None = None) -> VoidDialog | None:
        """Preview the corrected reissue of a paper whose stated date no longer holds (``document_id``,
        else the selected issued paper if it is one, else the first named) — the letter says
        which copy it replaces — and open the void and reissue with the reason filled in."""
        if document_id is None:
            chosen = selected_row(self.issued_view)
            named = {s.document_id for s in self.stale}
            document_id = (chosen.document_id if isinstance(chosen, IssuedRef)
                           and chosen.document_id in named
                           else self.stale[0].document_id if self.stale else None)
        stale = next((s for s in self.stale if s.document_id == document_id), None)
        if stale is None:
            return None
        try:
            self.choose_kind(stale.kind)
        except ValueError:
            QMessageBox.information(
                self, "Ethics Desk — corrected reissue",
                f"“{stale.title}” no longer applies to the case in its present state, so it "
                "cannot be reissued here. Tell the recipient of the new date in writing.")
            return None
        for number in range(self.recipient.count()):
            person = self.recipient.itemData(number)
            if isinstance(person, Recipient) and person.name == stale.recipient and (
                    person.respondent_id is None or respondent_of(stale.subject) is None
                    or stale.subject == respondent_key(person.respondent_id)):
                self.recipient.setCurrentIndex(number)
                break
        self._correction = stale
        if self.preview(replaces_issued_on=stale.issued_on) is None:
            self._correction = None
            return None
        self.select_issued(stale.document_id)
        return self.open_void_dialog()

    def select_issued(self, document_id: int) -> None:
        """Select an issued document in the list."""
        for number, ref in enumerate(self.issued.rows()):
            if ref.document_id == document_id:
                self.issued_view.setCurrentIndex(self.issued.index(number, 0))

    def reprint(self) -> bytes | None:
        """Show the selected issued document's frozen bytes (checked against their SHA-256)."""
        ref = selected_row(self.issued_view)
        if not isinstance(ref, IssuedRef):
            return None
        data = operate(self, "Reading the issued copy", lambda: reprint(
            self.context.database, ref.document_id, account=self.context.signed_in,
            clock=self.context.clock))
        if data is FAILED:
            return None
        self._preview = None
        self._shown_document = ref.document_id
        self.viewer.set_pdf(data)
        void = " — VOID" if ref.is_void else ""
        self.shown_label.setText(f"ISSUED COPY{void} — {ref.title} to {ref.recipient}, "
                                 f"{_when(ref)} (SHA-256 {ref.sha256[:12]}… verified).")
        self._update_buttons()
        self.changed.emit()
        return data

    def print_shown(self, printer: QPrinter | None = None) -> int:
        """Print the reprinted issued copy on ``printer`` (or one chosen); pages printed."""
        if self._shown_document is None:
            return 0
        return print_bytes(self, self.viewer.pdf_bytes, printer)

    def reprint_and_print(self, printer: QPrinter | None = None) -> int:
        """*Reprint…*: print the selected issued paper's recorded bytes (shown as they print;
        the print audited by the service) on ``printer`` or one chosen; pages printed. With no
        printer set up, saving it as a PDF is offered instead."""
        if not isinstance(selected_row(self.issued_view), IssuedRef):
            return 0
        chosen = printer or choose_printer(self, save_instead=self.save_issued)
        if chosen is None or self.reprint() is None:
            return 0
        return self.print_shown(chosen)

    def save_issued(self, path: Path | None = None) -> Path | None:
        """*Save as PDF…*: write the selected issued paper's recorded bytes to a file the
        person chooses (or ``path``), readable by them only; the save audited once written."""
        ref = selected_row(self.issued_view)
        if not isinstance(ref, IssuedRef):
            return None
        target = path or ask_pdf_path(self, "Save the issued paper as a PDF",
                                      file_name_for(title_of(ref.kind), ref.recipient))
        if target is None:
            return None

        def write(data: bytes) -> str:
            write_pdf(target, data)  # § 2-83(h)(1): readable by this user only
            return target.name

        saved = operate(self, "Saving the issued paper", lambda: save_issued(
            self.context.database, ref.document_id, write, account=self.context.signed_in,
            clock=self.context.clock))
        if saved is FAILED:
            return None
        self.changed.emit()
        return target

    def open_mailing_dialog(self) -> MailingDialog | None:
        """Record how the selected issued document went out (non-modal)."""
        ref = selected_row(self.issued_view)
        if not isinstance(ref, IssuedRef) or ref.is_void:
            return None
        dialog = MailingDialog(self.context, ref.document_id, self.case_id, ref.kind,
                               ref.recipient, self)
        dialog.saved.connect(lambda _id: self._written())
        self.dialog = dialog
        dialog.open()
        return dialog

    def open_email_dialog(self) -> EmailDialog | None:
        """Send the selected issued paper by e-mail (non-modal)."""
        ref = selected_row(self.issued_view)
        if not isinstance(ref, IssuedRef) or ref.is_void:
            return None
        dialog = EmailDialog(self.context, ref, self)
        dialog.sent.connect(lambda _summary: self._written())
        self.dialog = dialog
        dialog.open()
        return dialog

    def open_outcome_dialog(self) -> OutcomeDialog | None:
        """Record what became of the selected mailing (non-modal)."""
        mailing = selected_row(self.mailings_view)
        if not isinstance(mailing, MailingRef):
            return None
        dialog = OutcomeDialog(self.context, mailing, self)
        dialog.saved.connect(self._outcome_saved)
        self.dialog = dialog
        dialog.open()
        return dialog

    def select_mailing(self, mailing_id: int) -> None:
        """Select a mailing in the list."""
        for number, mailing in enumerate(self.mailings.rows()):
            if mailing.mailing_id == mailing_id:
                self.mailings_view.setCurrentIndex(self.mailings.index(number, 0))

    def _outcome_saved(self, summary: str) -> None:
        self.shown_label.setText(summary)
        self._written()

    def _written(self) -> None:
        self.refresh()
        self.changed.emit()
