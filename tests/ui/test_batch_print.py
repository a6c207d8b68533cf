"""Printing a batch in the background: the worker prints on a thread of its own, while the batch
itself stays a plain Qt object of the GUI thread (its ``thread()`` is Qt's, not shadowed)."""

from __future__ import annotations

import io
import stat
from pathlib import Path

from pypdf import PdfReader
from PySide6.QtCore import QThread
from PySide6.QtPrintSupport import QPrinter
from pytestqt.qtbot import QtBot
from reportlab.pdfgen.canvas import Canvas

from ethics_desk.ui.batch_print import BatchPrint, PrintItem


def _one_page_pdf() -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.drawString(72, 720, "Notice of complaint, § 2-83(e)")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _pdf_printer(path: Path) -> QPrinter:
    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


def test_a_batch_prints_on_its_worker_thread_and_keeps_qts_own_thread(
        qtbot: QtBot, tmp_path: Path) -> None:
    out = tmp_path / "batch.pdf"
    batch = BatchPrint([PrintItem("notice", _one_page_pdf())], _pdf_printer(out))
    assert batch.thread() is QThread.currentThread()  # the GUI thread, as for any QObject
    assert batch.worker.thread() is batch.worker_thread
    assert batch.worker_thread is not QThread.currentThread()
    with qtbot.waitSignal(batch.finished, timeout=20_000) as done:
        assert batch.start()
    assert done.args == [1, 1, False]
    assert len(PdfReader(io.BytesIO(out.read_bytes())).pages) == 1
    assert stat.S_IMODE(out.stat().st_mode) == 0o600  # printed to a file: the user's only
    assert batch.worker_thread.isFinished()
