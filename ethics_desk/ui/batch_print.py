"""Printing many documents off the GUI thread, with progress and a Cancel that stops between
pages. A failure or a cancel is reported; nothing is recorded as mailed by printing."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject, QThread, Signal, Slot
from PySide6.QtGui import QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QProgressDialog, QWidget

from ethics_desk.ui.pdf_view import paint_page


@dataclass(frozen=True)
class PrintItem:
    """One document to print: a label for the progress dialog, and its PDF bytes."""

    label: str
    data: bytes


class BatchPrintWorker(QObject):
    """Prints the items, one after another, on one printer job (runs in its own thread)."""

    progress = Signal(int, str)
    done = Signal(int, int, bool)  # documents printed, pages printed, cancelled
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
        """Print every item; emit ``done`` (or ``failed`` if the printer cannot start)."""
        painter = QPainter()
        if not painter.begin(self.printer):
            self.failed.emit("The printer could not be started. Check that it is on and "
                             "connected, then print again; the items stay in the queue.")
            return
        documents = pages = 0
        try:
            for number, item in enumerate(self.items):
                if self._cancel.is_set():
                    break
                document = QPdfDocument()
                buffer = QBuffer()
                buffer.setData(QByteArray(item.data))
                buffer.open(QIODevice.OpenModeFlag.ReadOnly)
                document.load(buffer)
                for index in range(document.pageCount()):
                    if self._cancel.is_set():
                        break
                    if pages:
                        self.printer.newPage()
                    paint_page(painter, self.printer, document, index)
                    pages += 1
                else:
                    documents += 1
                document.close()
                self.progress.emit(number + 1, item.label)
        finally:
            if self._cancel.is_set():
                self.printer.abort()
            painter.end()
        self.done.emit(documents, pages, self._cancel.is_set())


class BatchPrint(QObject):
    """Runs a :class:`BatchPrintWorker` in a thread behind a progress dialog with Cancel."""

    finished = Signal(int, int, bool)
    failed = Signal(str)

    def __init__(self, items: list[PrintItem], printer: QPrinter,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.worker = BatchPrintWorker(items, printer)
        self.thread = QThread(self)
        self.worker.moveToThread(self.thread)
        self.dialog = QProgressDialog("Printing…", "&Cancel", 0, len(items), parent)
        self.dialog.setWindowTitle("Ethics Desk — printing")
        self.dialog.setMinimumDuration(300)
        self.dialog.canceled.connect(self.worker.cancel)
        self.thread.started.connect(self.worker.run)
        self.worker.progress.connect(self._progress)
        self.worker.done.connect(self._done)
        self.worker.failed.connect(self._failed)

    def start(self) -> None:
        """Begin printing in the background."""
        self.thread.start()

    def _progress(self, count: int, label: str) -> None:
        self.dialog.setValue(count)
        self.dialog.setLabelText(f"Printed {label}")

    def _stop(self) -> None:
        self.thread.quit()
        self.thread.wait()
        self.dialog.reset()

    def _done(self, documents: int, pages: int, cancelled: bool) -> None:
        self._stop()
        self.finished.emit(documents, pages, cancelled)

    def _failed(self, message: str) -> None:
        self._stop()
        self.failed.emit(message)
