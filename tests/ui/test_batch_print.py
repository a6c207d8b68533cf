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


def _page_pdf(*texts: str) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    for text in texts:
        canvas.drawString(72, 720, text)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_a_print_run_prints_as_one_document_page_by_page_naming_each_paper(
        qtbot: QtBot, tmp_path: Path) -> None:
    from ethics_desk.documents.print_run import print_run

    run = print_run([("notice to Ann", _page_pdf("A1", "A2")), ("receipt to Ben",
                                                                 _page_pdf("B1"))],
                    title="letters")
    out = tmp_path / "run.pdf"
    batch = BatchPrint([PrintItem.of_run("letters", run)], _pdf_printer(out))
    assert batch.by_page and batch.dialog.maximum() == 3
    seen: list[tuple[int, int, str]] = []
    batch.worker.progress.connect(lambda papers, pages, label: seen.append(
        (papers, pages, label)))
    with qtbot.waitSignal(batch.finished, timeout=20_000) as done:
        assert batch.start()
    assert done.args == [2, 3, False]  # two papers, three pages, one document
    assert seen[-1] == (2, 3, "receipt to Ben")
    assert (1, 2, "notice to Ann") in seen
    printed = PdfReader(io.BytesIO(out.read_bytes()))
    assert len(printed.pages) == 3  # one job of the run's pages (painted, so no text layer)


def test_a_run_cancelled_before_its_first_page_sends_nothing(
        qtbot: QtBot, tmp_path: Path) -> None:
    from ethics_desk.documents.print_run import print_run
    from ethics_desk.ui.batch_print import BatchPrintWorker

    run = print_run([("one", _page_pdf("1")), ("two", _page_pdf("2"))], title="letters")
    worker = BatchPrintWorker([PrintItem.of_run("letters", run)],
                              _pdf_printer(tmp_path / "cancelled.pdf"))
    worker.cancel()
    with qtbot.waitSignal(worker.done, timeout=10_000) as done:
        worker.run()
    assert done.args == [0, 0, True]
    assert not (tmp_path / "cancelled.pdf").exists()
