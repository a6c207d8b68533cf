"""Mail: the print queue (issued documents not yet mailed or handed over) and the items that
came back returned or refused, across every case.

Printing reprints the frozen bytes (checked against their SHA-256, audited) on a printer the
clerk chooses; a document leaves the queue only when its mailing is recorded in the mail ledger
(:class:`~ethics_desk.ui.case.papers_panel.MailingDialog`). Double-click opens the case.

**Print the queue** prints, for every queued item, the letters, their #10 envelopes, their
address labels (sheets of 30) or the certificate of mailing — the papers come from
:func:`ethics_desk.mail.batch.prepare_batch` — in the background, with progress and Cancel.
The printer gets one print run: one PDF of all the papers, fonts embedded once; progress goes
page by page and names the paper being printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtGui import QAction, QShowEvent
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.cases.list_reads import MAIL_QUEUE, list_shown
from ethics_desk.core.office_time import stamp
from ethics_desk.core.permissions import Act
from ethics_desk.documents.issuing import QueueItem, print_queue, reprint
from ethics_desk.mail.batch import Batch, BatchPaper, prepare_batch
from ethics_desk.mail.ledger import MailingRef, returned_mail
from ethics_desk.models import in_a_sentence
from ethics_desk.ui.accessibility import StatusLine
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.batch_print import BatchPrint, PrintItem
from ethics_desk.ui.case.papers_panel import MailingDialog, print_bytes, selected_row
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.models.rows import ROW_ROLE, Column, RowsModel, rows_view
from ethics_desk.ui.office_display import office_time_zone
from ethics_desk.ui.pdf_view import choose_printer, printer_problem
from ethics_desk.ui.read_only import refuse_while_read_only


@dataclass(frozen=True)
class ReturnedLine:
    """A returned or refused item, with the number of its case."""

    case_number: str
    mailing: MailingRef


def _returned(line: ReturnedLine) -> str:
    m = line.mailing
    outcome = in_a_sentence(m.outcome.label) if m.outcome else ""
    return f"{outcome} {m.outcome_on.isoformat() if m.outcome_on else ''}".strip()


class MailScreen(QWidget):
    """The print queue and the returned items; opens a case on double-click."""

    case_requested = Signal(int)

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.dialog: MailingDialog | None = None
        self.setObjectName("mailScreen")
        self.queue = RowsModel[QueueItem](
            [Column("Case", lambda q: q.case_number), Column("Document", lambda q: q.title),
             Column("Recipient", lambda q: q.recipient),
             Column("Pages", lambda q: str(q.page_count)),
             Column("Issued", lambda q: stamp(q.issued_at, office_time_zone(),
                                                    with_zone=False)),
             Column("By", lambda q: q.issued_by)], self,
            user=lambda q: q.complaint_id)
        self.queue_view = rows_view(self.queue, "queueView", 2, self, keep_for=self.context,
                                    spoken="Print queue: papers issued and not yet mailed")
        self.queue_view.doubleClicked.connect(self._open)
        self.queue_view.selectionModel().currentRowChanged.connect(self._update_buttons)
        self.print_button = QPushButton("&Print selected…", self)
        self.print_button.setToolTip("Print the issued copy exactly as frozen (SHA-256 checked)")
        self.print_button.clicked.connect(lambda: self.print_selected())
        self.print_queue_button = QPushButton("Print the &queue", self)
        self.print_queue_button.setObjectName("printQueueButton")
        self.print_queue_button.setToolTip("For every queued item: the letters, their envelopes "
                                         "or labels, or the certificate of mailing — printed "
                                         "in the background (Cancel stops between pages)")
        menu = QMenu(self.print_queue_button)
        self.print_actions: dict[BatchPaper, QAction] = {}
        for paper, text in ((BatchPaper.LETTERS, "&Letters, as issued…"),
                            (BatchPaper.ENVELOPES, "&Envelopes (#10)…"),
                            (BatchPaper.LABELS, "&Address labels (30 a sheet)…"),
                            (BatchPaper.CERTIFICATE, "&Certificate of mailing…")):
            action = menu.addAction(text)
            action.triggered.connect(lambda _=False, paper=paper: self.print_batch(paper))
            self.print_actions[paper] = action
        self.print_queue_button.setMenu(menu)
        self.mail_button = QPushButton("Record &mailing…", self)
        self.mail_button.clicked.connect(self.open_mailing_dialog)
        self.refresh_button = QPushButton("&Refresh", self)
        self.refresh_button.clicked.connect(self.refresh)
        declare(None, self.refresh_button)
        self.returned = RowsModel[ReturnedLine](
            [Column("Case", lambda r: r.case_number),
             Column("Document", lambda r: r.mailing.document_title),
             Column("Recipient", lambda r: r.mailing.recipient_name),
             Column("Method", lambda r: r.mailing.method_label),
             Column("Tracking", lambda r: r.mailing.tracking_number),
             Column("What happened", lambda r: "⚠ " + _returned(r)),
             Column("Sent again", lambda r: "yes" if r.mailing.resent else "NO — send again")],
            self, tooltip=lambda r: r.mailing.address, user=lambda r: r.mailing.complaint_id,
            bold=lambda r, column: not r.mailing.resent and column == 6)
        self.returned_view = rows_view(self.returned, "returnedView", 2, self, keep_for=self.context,
                                       spoken="Mail returned undelivered")
        self.returned_view.doubleClicked.connect(self._open)
        self.status = StatusLine(self)
        self.status.setObjectName("mailStatus")
        self.status.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<h2 style='margin:0'>Mail</h2>Issued documents waiting to be "
                                "mailed or handed over. A document leaves the queue when its "
                                "mailing is recorded.", self))
        layout.addWidget(QLabel("<b>Print queue</b>", self))
        layout.addWidget(self.queue_view, 3)
        row = QHBoxLayout()
        for button in (self.print_button, self.print_queue_button, self.mail_button,
                       self.refresh_button):
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(QLabel("<b>Returned or refused</b> — double-click to open the case "
                                "and send the paper again", self))
        layout.addWidget(self.returned_view, 2)
        self._loaded = False
        self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        """Read the queue again whenever the screen comes into view."""
        super().showEvent(event)
        if self._loaded:
            self.refresh()

    def refresh(self) -> None:
        """Read the print queue and the returned items again."""
        self._loaded = True
        database = self.context.database
        account = self.context.signed_in
        queue = attempt(self, lambda: print_queue(database, account=account)) or []
        returned = attempt(self, lambda: returned_mail(database, account=account)) or []
        lines = [ReturnedLine(number, mailing) for number, mailing in returned]
        numbers = sorted({mailing.complaint_id for _, mailing in returned})
        lines.sort(key=lambda line: (line.mailing.resent, line.case_number))
        shown = [item.complaint_id for item in queue] + list(numbers)  # names shown: on record
        if attempt(self, lambda: list_shown(database, MAIL_QUEUE, shown,
                                            viewer=self.context.viewer())) is FAILED:
            queue, lines = [], []
        self.queue.set_rows(queue)
        self.returned.set_rows(lines)
        self._update_buttons()

    def _update_buttons(self) -> None:
        chosen = isinstance(selected_row(self.queue_view), QueueItem)
        self.print_button.setEnabled(chosen)
        self.mail_button.setEnabled(chosen)
        self.print_queue_button.setEnabled(self.queue.rowCount() > 0)
        offer(self.context, Act.MAIL_PAPERS, "print and mail papers", self.print_button,
              self.print_queue_button, *self.print_actions.values(), self.mail_button)
        refuse_while_read_only(self.context, self.mail_button)

    def _open(self, index: QModelIndex) -> None:
        case_id = index.data(ROW_ROLE)
        if isinstance(case_id, QueueItem):
            self.case_requested.emit(case_id.complaint_id)
        elif isinstance(case_id, ReturnedLine):
            self.case_requested.emit(case_id.mailing.complaint_id)

    def select_document(self, document_id: int) -> None:
        """Select a queued document."""
        for number, item in enumerate(self.queue.rows()):
            if item.document_id == document_id:
                self.queue_view.setCurrentIndex(self.queue.index(number, 0))

    def print_selected(self, printer: QPrinter | None = None) -> int:
        """Print the selected document's issued bytes on ``printer`` (or one the clerk chooses).

        Returns the pages printed (0 when cancelled or failed, with a message); the document
        stays in the queue until its mailing is recorded.
        """
        item = selected_row(self.queue_view)
        if not isinstance(item, QueueItem):
            return 0
        data = attempt(self, lambda: reprint(self.context.database, item.document_id,
                                             account=self.context.signed_in,
                                             clock=self.context.clock))
        if data is FAILED:
            return 0
        pages = print_bytes(self, data, printer)
        if pages:
            self.status.setText(f"Printed “{item.title}” for {item.case_number} ({pages} "
                                f"page{'s' if pages != 1 else ''}). Record its mailing when it "
                                "goes out.")
        return pages

    def print_batch(self, paper: BatchPaper = BatchPaper.LETTERS,
                    printer: QPrinter | None = None) -> BatchPrint | None:
        """Print ``paper`` for every queued item in the background, with progress and Cancel.

        The printer is chosen first (``printer`` skips the dialog), then the papers are made
        and their print audited by the domain; printing runs off the GUI thread. A printer that
        cannot take the job, or a job that fails, is a message; everything stays in the queue
        until its mailing is recorded.
        """
        queued = [row.document_id for row in self.queue.rows() if isinstance(row, QueueItem)]
        if not queued:
            self.status.setText("The print queue is empty.")
            return None
        printer = printer or choose_printer(self)
        if printer is None:
            return None
        problem = printer_problem(printer)
        if problem:  # before anything is read or audited as printed
            self._batch_failed(problem)
            return None
        batch = attempt(self, lambda: prepare_batch(
            self.context.database, queued, paper, account=self.context.signed_in,
            clock=self.context.clock))
        if batch is FAILED:
            return None
        # one print run: one document of every paper, each font embedded once
        job = BatchPrint([PrintItem.of_run(f"{paper.label} for {len(batch.items)} item(s)",
                                           batch.run)], printer, self,
                         title=paper.label,
                         job_name=f"Ethics Desk {paper.value} {len(batch.items)} items")
        job.finished.connect(lambda documents, pages, cancelled, batch=batch:
                             self._batch_done(batch, documents, pages, cancelled))
        job.failed.connect(self._batch_failed)
        self.batch = job
        job.start()
        return job

    def _batch_failed(self, message: str) -> None:
        self.status.setText("Printing failed; nothing is marked as mailed and everything stays "
                            "in the queue.")
        QMessageBox.warning(self, "Ethics Desk — printing failed",
                            f"{message}\n\nNothing is marked as mailed; the items stay in the "
                            "print queue.")

    def _batch_done(self, batch: Batch, documents: int, pages: int, cancelled: bool) -> None:
        what = batch.paper.label
        if cancelled:
            text = (f"Printing of the {what} cancelled after {documents} of "
                    f"{len(batch.documents)} document(s); everything stays in the queue.")
        else:
            text = (f"Sent the {what} to the printer: {documents} document(s), {pages} "
                    f"page(s), for {len(batch.items)} item(s). Record each mailing when it "
                    "goes out.")
        if batch.left_out:
            text += f" Left out ({len(batch.left_out)}): " + "; ".join(batch.left_out) + "."
        self.status.setText(text)

    def open_mailing_dialog(self) -> MailingDialog | None:
        """Record how the selected document went out (non-modal)."""
        item = selected_row(self.queue_view)
        if not isinstance(item, QueueItem):
            return None
        dialog = MailingDialog(self.context, item.document_id, item.complaint_id, item.kind,
                               item.recipient, self)
        dialog.saved.connect(lambda _id: self.refresh())
        self.dialog = dialog
        dialog.open()
        return dialog

    def first_field(self) -> QWidget:
        """Where the cursor goes when the screen is shown: the print queue."""
        return self.queue_view
