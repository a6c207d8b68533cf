"""Previewing a PDF in the application (QPdfView with zoom and page navigation) and printing it.

Each page is printed on paper of its own size (a letter on US Letter, an envelope on a #10
envelope fed landscape), edge to edge, so an address lands in an envelope's window and a label
on its label. Before printing, the chosen printer is asked whether it is still set up and
ready: Qt's CUPS print engine drops a job the print system refuses without saying so, so a
stopped or vanished printer must be caught here, with a message, before anything is sent.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QMarginsF,
    QPointF,
    QRect,
    QSizeF,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence, QPageLayout, QPageSize, QPainter
from PySide6.QtPdf import QPdfDocument, QPdfDocumentRenderOptions
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrinterInfo
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.storage.private_files import create_private_file, tighten, write_private
from ethics_desk.ui.acts import declare
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.sizing import fit_to_screen


class PdfViewer(QWidget):
    """A PDF shown from bytes, with zoom in/out, fit width and page up/down."""

    printed = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = QPdfDocument(self)
        self._buffer: QBuffer | None = None
        self._bytes = b""
        self.view = QPdfView(self)
        self.view.setMinimumSize(320, 360)
        self.view.setDocument(self.document)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        self.toolbar = QToolBar("PDF", self)
        self.toolbar.setAccessibleName("PDF tools")
        for more in self.toolbar.findChildren(QToolButton, "qt_toolbar_ext_button"):
            more.setAccessibleName("More PDF tools")
        self.page_label = QLabel(self)
        self.page_label.setObjectName("pageLabel")
        for text, said, shortcut, slot in (
                ("Zoom +", "Zoom in", QKeySequence.StandardKey.ZoomIn, lambda: self._zoom(1.25)),
                ("Zoom −", "Zoom out", QKeySequence.StandardKey.ZoomOut,
                 lambda: self._zoom(0.8)),
                ("Fit", "Fit to the width", QKeySequence("Ctrl+0"), self._fit),
                ("◀ Page", "Previous page", QKeySequence("Ctrl+PgUp"), lambda: self._go(-1)),
                ("Page ▶", "Next page", QKeySequence("Ctrl+PgDown"), lambda: self._go(1))):
            action = QAction(text, self)
            action.setToolTip(f"{text} ({QKeySequence(shortcut).toString()})")
            action.setShortcut(shortcut)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(slot)
            self.toolbar.addAction(action)
            self.toolbar.widgetForAction(action).setAccessibleName(said)
            self.addAction(action)
        self.toolbar.addWidget(self.page_label)
        # looking at the paper: every tool of the viewer (and the toolbar's own) is harmless
        declare(None, *self.findChildren(QAction), *self.toolbar.findChildren(QToolButton))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.view, 1)
        self.view.pageNavigator().currentPageChanged.connect(self._show_page)

    @property
    def pdf_bytes(self) -> bytes:
        """The PDF being shown."""
        return self._bytes

    def set_pdf(self, data: bytes) -> None:
        """Show a PDF given as bytes (kept alive for as long as it is shown)."""
        self.document.close()
        self._bytes = data
        self._buffer = QBuffer(self)
        self._buffer.setData(QByteArray(data))
        self._buffer.open(QIODevice.OpenModeFlag.ReadOnly)
        self.document.load(self._buffer)
        self._show_page(0)

    def page_count(self) -> int:
        """Pages in the document shown."""
        return self.document.pageCount()

    def _show_page(self, page: int) -> None:
        self.page_label.setText(f"  Page {page + 1} of {max(1, self.document.pageCount())}")

    def _zoom(self, factor: float) -> None:
        self.view.setZoomMode(QPdfView.ZoomMode.Custom)
        self.view.setZoomFactor(max(0.25, min(4.0, self.view.zoomFactor() * factor)))

    def _fit(self) -> None:
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)

    def _go(self, step: int) -> None:
        navigator = self.view.pageNavigator()
        target = max(0, min(self.document.pageCount() - 1, navigator.currentPage() + step))
        navigator.jump(target, QPointF(), navigator.currentZoom())


def match_page(printer: QPrinter, document: QPdfDocument, index: int) -> None:
    """Set the printer's paper to page ``index``'s own size and orientation, edge to edge.

    Call it before ``QPainter.begin`` for the first page and before ``newPage`` for the others.
    A size the printer does not take leaves its paper as it is (the page is then fitted).
    """
    size = document.pagePointSize(index)
    width, height = size.width(), size.height()
    if width <= 0 or height <= 0:
        return
    paper = QPageSize(QSizeF(min(width, height), max(width, height)), QPageSize.Unit.Point, "",
                      QPageSize.SizeMatchPolicy.FuzzyMatch)
    orientation = (QPageLayout.Orientation.Landscape if width > height
                   else QPageLayout.Orientation.Portrait)
    printer.setFullPage(True)
    printer.setPageLayout(QPageLayout(paper, orientation, QMarginsF(0, 0, 0, 0)))


PRINT_DPI = 300
"""The most dots per inch a page is rendered at for printing: sharp on paper, and a Letter page
stays about 34 MB in memory where a 1200-dpi printer would otherwise need half a gigabyte."""


def paint_page(painter: QPainter, printer: QPrinter, document: QPdfDocument,
               index: int) -> None:
    """Draw one page of ``document`` (rendered at up to :data:`PRINT_DPI`), fitted to the page."""
    target = painter.viewport()
    size = document.pagePointSize(index)
    dpi = min(printer.resolution(), PRINT_DPI)
    image = document.render(index, (size * dpi / 72).toSize(), QPdfDocumentRenderOptions())
    fitted = image.size().scaled(target.size(), Qt.AspectRatioMode.KeepAspectRatio)
    painter.drawImage(QRect(target.topLeft(), fitted), image)


def printer_problem(printer: QPrinter) -> str | None:
    """Why ``printer`` cannot take a job now (no longer set up, stopped, in error), or ``None``.

    A printer writing a PDF file has no queue to ask; its problems show when the file is opened.
    """
    if printer.outputFormat() == QPrinter.OutputFormat.PdfFormat:
        return None
    name = printer.printerName()
    info = QPrinterInfo.printerInfo(name)
    if not name or info.isNull():
        return (f"The printer “{name or '(none)'}” is not set up on this computer (any more), so "
                "nothing was sent to it.\n\nChoose another printer, or add it again in the "
                "system's printer settings (or ask IT), then print again.")
    if info.state() in (QPrinter.PrinterState.Error, QPrinter.PrinterState.Aborted):
        return (f"The printer “{name}” is stopped or reports a problem (paused, out of paper, "
                "jammed, or not accepting jobs), so nothing was sent to it.\n\nClear the "
                "problem and resume the printer in the system's printer settings (or ask IT), "
                "or choose another printer, then print again.")
    return None


def keep_printed_file_private(printer: QPrinter, *, before: bool = False) -> None:
    """A printer writing a PDF file (the print dialog's "Print to file") writes a file that is
    this user's only, as every exported paper is (§ 2-83(h)(1)): ``before`` the job it is
    created private (Qt then writes into it, keeping its mode), after it is tightened."""
    name = printer.outputFileName()
    if printer.outputFormat() != QPrinter.OutputFormat.PdfFormat or not name:
        return
    path = Path(name)
    if before:
        if not path.exists():
            with contextlib.suppress(OSError):  # the job reports a folder it cannot write to
                create_private_file(path)
    else:
        tighten(path)


def print_document(document: QPdfDocument, printer: QPrinter) -> int:
    """Print every page of ``document`` on ``printer``; returns the number of pages sent.

    A printer that cannot take the job (:func:`printer_problem`) or cannot be started raises
    ``OSError`` with the reason, before anything is sent.
    """
    problem = printer_problem(printer)
    if problem:
        raise OSError(problem)
    pages = document.pageCount()
    if pages:
        match_page(printer, document, 0)
    painter = QPainter()
    keep_printed_file_private(printer, before=True)
    if not painter.begin(printer):
        raise OSError("The printer could not be started, so nothing was sent to it.\n\nCheck "
                      "that it is on and connected, then print again.")
    try:
        for index in range(pages):
            if index:
                match_page(printer, document, index)
                printer.newPage()
            paint_page(painter, printer, document, index)
        return pages
    finally:
        painter.end()
        keep_printed_file_private(printer)


NO_PRINTER = ("No printer is set up on this computer.\n\nAdd a printer in the system settings "
              "(or ask IT), then print again. Nothing was lost.")
"""What a print says on a computer with no printer."""


def choose_printer(parent: QWidget | None,
                   save_instead: Callable[[], object] | None = None) -> QPrinter | None:
    """The system's print dialog; ``None`` when cancelled or when no printer is set up. With no
    printer, ``save_instead`` (the paper's own *Save as PDF…*) is offered in its place."""
    if not QPrinterInfo.availablePrinters():
        if save_instead is None:
            QMessageBox.warning(parent, "Ethics Desk — no printer", NO_PRINTER)
            return None
        answer = QMessageBox.warning(
            parent, "Ethics Desk — no printer",
            f"{NO_PRINTER}\n\nOr choose Save to save the paper as a PDF (to print at another "
            "computer, or to send).",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            save_instead()
        return None
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    dialog = QPrintDialog(printer, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return printer


def ask_pdf_path(parent: QWidget | None, title: str, suggested: str) -> Path | None:
    """Where to save a PDF, asked in the system's save dialog (``suggested`` as the name);
    ``None`` when cancelled."""
    chosen, _filter = QFileDialog.getSaveFileName(parent, title, suggested, "PDF files (*.pdf)")
    return Path(chosen) if chosen else None


def write_pdf(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` readable by this user only (§ 2-83(h)(1)) — never over the
    record (:func:`ethics_desk.storage.private_files.write_private`); a file that cannot be
    written is a :class:`UserError` naming the problem and the fix."""
    try:
        write_private(path, data)
    except OSError as exc:
        raise UserError(f"The paper could not be saved to {path} ({exc.strerror or exc}).",
                        "Choose a folder you may write to, then save again. Nothing was "
                        "lost.") from exc


def save_pdf_as(parent: QWidget | None, data: bytes, *, title: str = "Save the paper as a PDF",
                suggested: str = "paper.pdf", path: Path | None = None) -> Path | None:
    """Ask where (:func:`ask_pdf_path`; or ``path``), then write ``data`` there
    (:func:`write_pdf`). The file written, or ``None`` when cancelled or refused, the refusal
    said in a message that names the fix."""
    if path is None:
        path = ask_pdf_path(parent, title, suggested)
        if path is None:
            return None
    try:
        write_pdf(path, data)
    except UserError as exc:
        QMessageBox.warning(parent, "Ethics Desk — not saved", f"{exc.problem}\n\n{exc.fix}")
        return None
    return path


def file_name_for(*parts: str) -> str:
    """A file name made of ``parts`` (a case number, a paper's title…), with the characters no
    file system takes left out: ``ERB-2026-001 Filing receipt.pdf``."""
    text = " ".join(part.strip() for part in parts if part and part.strip())
    kept = "".join(c for c in text if c not in '<>:"/\\|?*' and ord(c) >= 32).strip(" .")
    return f"{kept or 'paper'}.pdf"


class PdfPreviewDialog(QDialog):
    """A document shown before printing: preview, Print…, Close."""

    def __init__(self, title: str, data: bytes, parent: QWidget | None = None,
                 on_print: object = None, on_save: Callable[[Path], object] | None = None,
                 file_name: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        fit_to_screen(self, 820, 900)
        self.viewer = PdfViewer(self)
        self.viewer.set_pdf(data)
        self._on_print = on_print
        self._on_save = on_save
        self._file_name = file_name or file_name_for(title.split(" — ")[0])
        buttons = QDialogButtonBox(self)
        self.save_button = buttons.addButton("Save as P&DF…",
                                             QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button.setToolTip("Save this paper as a PDF file, readable by you only")
        self.save_button.clicked.connect(lambda: self.save_now())
        self.print_button = buttons.addButton("&Print…", QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.print_button.clicked.connect(self.print_now)
        layout = QVBoxLayout(self)
        layout.addWidget(self.viewer, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(buttons)
        layout.addLayout(row)
        give_alt_keys(self)  # Close

    def save_now(self, path: Path | None = None) -> Path | None:
        """Save the paper shown as a PDF (where the person chooses, or ``path``); the file, or
        ``None`` when nothing was saved."""
        saved = save_pdf_as(self, self.viewer.pdf_bytes, title="Save the paper as a PDF",
                            suggested=self._file_name, path=path)
        if saved is not None and self._on_save is not None:
            self._on_save(saved)
        return saved

    def print_now(self, printer: QPrinter | None = None) -> int:
        """Print through the system dialog (or on ``printer``); returns pages printed. With no
        printer set up, saving it as a PDF is offered instead."""
        printer = printer or choose_printer(self, save_instead=self.save_now)
        if printer is None:
            return 0
        try:
            pages = print_document(self.viewer.document, printer)
        except OSError as exc:
            QMessageBox.warning(self, "Ethics Desk — printing failed", str(exc))
            return 0
        if callable(self._on_print):
            self._on_print(pages)
        self.viewer.printed.emit(pages)
        return pages
