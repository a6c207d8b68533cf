"""Printing many documents off the GUI thread, with progress and a Cancel that stops between
pages. A failure or a cancel is reported; nothing is recorded as mailed by printing.

A print run (:class:`~ethics_desk.documents.print_run.PrintRun`) is ONE document holding many
papers: it is given as one :class:`PrintItem` with its parts, and progress and Cancel go page by
page, the dialog naming the paper being printed; a paper counts as printed once its last page is.

The documents go to the printer as one job, named so the system's print queue shows what it
is. Before the job starts, the printer is asked whether it can take it
(:func:`~ethics_desk.ui.pdf_view.printer_problem`); each page is printed on paper of its own
size (:func:`~ethics_desk.ui.pdf_view.match_page`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject, QThread, Signal, Slot
from PySide6.QtGui import QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QProgressDialog, QWidget

from ethics_desk.documents.print_run import PrintRun, RunPart
from ethics_desk.ui.pdf_view import keep_printed_file_private, match_page, paint_page, printer_problem


@dataclass(frozen=True)
class PrintItem:
    """One document to print: a label for the progress dialog, its PDF bytes, and — for a
    print run — the papers in it (none: the document is one paper)."""

    label: str
    data: bytes
    parts: tuple[RunPart, ...] = ()

    @classmethod
    def of_run(cls, label: str, run: PrintRun) -> PrintItem:
        """A print run as one document of many papers."""
        return cls(label, run.pdf, run.parts)


class BatchPrintWorker(QObject):
    """Prints the items, one after another, on one printer job (runs in its own thread)."""

    progress = Signal(int, int, str)  # papers printed, pages printed, the paper being printed
    done = Signal(int, int, bool)  # papers printed, pages printed, cancelled
    failed = Signal(str)

    def __init__(self, items: list[PrintItem], printer: QPrinter) -> None:
        super().__init__()
        self.items = items
        self.printer = printer
        self._cancel = threading.Event()

    def cancel(self) -> None:
        """Stop at the next page (safe to call from the GUI thread)."""
        self._cancel.set()

    @Slot()
    def run(self) -> None:
        """Print every item; emit ``done``, or ``failed`` if the job cannot be started or sent.

        The job starts with the first page (so a Cancel before it sends nothing at all).
        """
        painter = QPainter()
        started = sent = unreadable = False
        documents = pages = 0
        name = self.printer.printerName() or self.printer.outputFileName()
        try:
            for item in self.items:
                if self._cancel.is_set():
                    break
                document = QPdfDocument()
                buffer = QBuffer()
                buffer.setData(QByteArray(item.data))
                buffer.open(QIODevice.OpenModeFlag.ReadOnly)
                document.load(buffer)
                if document.pageCount() == 0:
                    unreadable = True
                    self.failed.emit(f"The {item.label} could not be read for printing, so the "
                                     "job was stopped. Print again; if it fails again, run "
                                     "“ethics-desk check”.")
                    return
                parts = item.parts or (RunPart(item.label, 0, document.pageCount()),)
                if sum(part.pages for part in parts) != document.pageCount():
                    unreadable = True
                    self.failed.emit(f"The {item.label} does not have the pages it should, so "
                                     "the job was stopped. Print again; if it fails again, run "
                                     "“ethics-desk check”.")
                    return
                for part in parts:
                    for index in range(part.first_page, part.first_page + part.pages):
                        if self._cancel.is_set():
                            break
                        match_page(self.printer, document, index)
                        if not started:
                            keep_printed_file_private(self.printer, before=True)
                            if not painter.begin(self.printer):
                                self.failed.emit(
                                    f"The printer “{name}” could not be started, so nothing "
                                    "was sent to it. Check that it is on and connected, then "
                                    "print again.")
                                return
                            started = True
                        else:
                            self.printer.newPage()
                        paint_page(painter, self.printer, document, index)
                        pages += 1
                        self.progress.emit(documents, pages, part.label)
                    else:
                        documents += 1
                        self.progress.emit(documents, pages, part.label)
                        continue
                    break
                document.close()
        finally:
            if started:
                if self._cancel.is_set() or unreadable:
                    self.printer.abort()
                sent = painter.end()
                keep_printed_file_private(self.printer)
        cancelled = self._cancel.is_set()
        if started and not cancelled and (
                not sent or self.printer.printerState() == QPrinter.PrinterState.Error):
            self.failed.emit(f"The job could not be sent to the printer “{name}”. Check that "
                             "it is on and connected, then print again.")
            return
        self.done.emit(documents, pages, cancelled)


class BatchPrint(QObject):
    """Runs a :class:`BatchPrintWorker` in a thread behind a progress dialog with Cancel.

    The worker's thread is :attr:`worker_thread`; ``thread()`` stays Qt's own (the thread this
    object lives in, the GUI thread).

    ``title`` names the documents in the dialog; ``job_name`` names the job in the system's
    print queue (plain ASCII: some print systems mangle anything else in a job's title).
    """

    finished = Signal(int, int, bool)
    failed = Signal(str)

    def __init__(self, items: list[PrintItem], printer: QPrinter,
                 parent: QWidget | None = None, title: str = "documents",
                 job_name: str = "Ethics Desk") -> None:
        super().__init__(parent)
        printer.setDocName(job_name)
        self.printer = printer
        self.worker = BatchPrintWorker(items, printer)
        self.worker_thread = QThread(self)
        self.worker.moveToThread(self.worker_thread)
        self.by_page = all(item.parts for item in items)
        """Whether progress goes by page (every item is a print run that says its pages)."""
        steps = (sum(part.pages for item in items for part in item.parts) if self.by_page
                 else sum(max(1, len(item.parts)) for item in items))
        self.dialog = QProgressDialog(f"Printing the {title}…", "&Cancel", 0, steps, parent)
        self.dialog.setAccessibleName(f"Printing the {title}")
        self.dialog.setWindowTitle("Ethics Desk — printing")
        self.dialog.setMinimumDuration(300)
        self.dialog.canceled.connect(self.worker.cancel)
        self.worker_thread.started.connect(self.worker.run)
        self.worker.progress.connect(self._progress)
        self.worker.done.connect(self._done)
        self.worker.failed.connect(self._failed)

    def start(self) -> bool:
        """Begin printing in the background; ``False`` (and ``failed``) when the printer cannot
        take the job now — nothing is sent then."""
        problem = printer_problem(self.printer)
        if problem:
            self.dialog.reset()
            self.failed.emit(problem)
            return False
        self.worker_thread.start()
        return True

    def _progress(self, documents: int, pages: int, label: str) -> None:
        if self.by_page:
            self.dialog.setValue(pages)
            self.dialog.setLabelText(f"Printing {label} (page {pages} of "
                                     f"{self.dialog.maximum()})")
        else:
            self.dialog.setValue(documents)
            self.dialog.setLabelText(f"Printed {label}")

    def _stop(self) -> None:
        self.worker_thread.quit()
        self.worker_thread.wait()
        self.dialog.reset()

    def _done(self, documents: int, pages: int, cancelled: bool) -> None:
        self._stop()
        self.finished.emit(documents, pages, cancelled)

    def _failed(self, message: str) -> None:
        self._stop()
        self.failed.emit(message)
