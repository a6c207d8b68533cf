"""Printing through a real print system: the Mail screen prints a batch through QPrinter to a
CUPS queue whose driver (cups-pdf) writes what it receives as a PDF, and the job completes with
every page; a stopped queue, or one removed after it was chosen, is a clear message, nothing is
sent, and the items stay in the queue.

The queue is named by ``ETHICS_DESK_TEST_PRINTER`` (and a stopped one by
``ETHICS_DESK_TEST_STOPPED_PRINTER``); ``.ci/run`` installs CUPS and cups-pdf, starts the
scheduler, adds both queues and sets both. When a variable is set, its queue must exist: a
missing one fails loudly. On a machine without them (a developer's, without CUPS) the same
batches go through the same code to a PDF file written by Qt — printing is still tested, the
print system is not — and the pytest header says which; the test of a queue removed after it
was chosen needs a print system and is only defined with one. In CI (``CI`` set) the queue is
required.
"""

from __future__ import annotations

import io
import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtPrintSupport import QPrinter, QPrinterInfo
from pytestqt.qtbot import QtBot

from ethics_desk.documents.issuing import issue, print_queue
from ethics_desk.mail.batch import BatchPaper
from ethics_desk.ui.context import AppContext
from ethics_desk.workflow.controller import WorkflowController
from tests.conftest import CLOCK
from tests.factories import DESK_CLERK
from tests.printing_env import (
    CUPS_PDF_PPD,
    PRINTER,
    STOPPED_PRINTER,
    completed_jobs,
    cups_pdf_folder,
    describe_printing,
    lpstat,
)
from tests.ui.test_mail_screen import issued_notice, screen_for, warnings  # noqa: F401
from tests.workflow.helpers import audit_actions

JOB_TIMEOUT_MS = 180_000
"""How long a job may take to go through the CUPS filters (a limit, not a measurement)."""


def require_queue(name: str, variable: str) -> QPrinterInfo:
    """The queue as Qt sees it; a set variable naming a queue that is not there fails."""
    info = QPrinterInfo.printerInfo(name)
    assert not info.isNull(), (
        f"{variable}={name!r}, but Qt's print support sees no such printer (it sees "
        f"{QPrinterInfo.availablePrinterNames()}; lpstat says: {lpstat('-p', '-v').strip()!r}). "
        "Run .ci/run as root to install CUPS and add the queue, or unset the variable.")
    return info


@dataclass
class Target:
    """Where a batch is printed: a CUPS queue (and the jobs it had before) or a PDF file."""

    printer: QPrinter
    queue: str = ""
    before: frozenset[int] = frozenset()

    def printed_pdf(self, qtbot: QtBot) -> bytes:
        """The PDF the print system made of the job, once the job is done."""
        if not self.queue:
            return Path(self.printer.outputFileName()).read_bytes()
        found: list[Path] = []

        def finished() -> bool:
            new = completed_jobs(self.queue) - self.before
            found[:] = [path for job in new
                        for path in cups_pdf_folder().glob(f"*-job_{job}.pdf")]
            return bool(new) and bool(found)

        try:
            qtbot.waitUntil(finished, timeout=JOB_TIMEOUT_MS)
        except AssertionError:
            raise AssertionError(
                f"The job to {self.queue} did not complete with a PDF in {cups_pdf_folder()}: "
                f"lpstat -l -o says {lpstat('-l', '-o', self.queue)!r}, completed jobs "
                f"{sorted(completed_jobs(self.queue))} (before: {sorted(self.before)})") from None
        [path] = found
        return path.read_bytes()


@pytest.fixture
def target(tmp_path: Path) -> Iterator[Target]:
    """The test printer: the CUPS queue when one is given, else Qt writing a PDF file."""
    if PRINTER:
        info = require_queue(PRINTER, "ETHICS_DESK_TEST_PRINTER")
        printer = QPrinter(info, QPrinter.PrinterMode.HighResolution)
        assert printer.printerName() == PRINTER
        yield Target(printer, PRINTER, frozenset(completed_jobs(PRINTER)))
    else:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(tmp_path / "printed.pdf"))
        yield Target(printer)


def queued_letters(qtbot: QtBot, context: AppContext, controller: WorkflowController) -> int:
    """The (e) notice packet and the filing receipt of one case queued; their pages."""
    case_id = issued_notice(qtbot, context, controller)
    issue(context.database, case_id, "receipt", account=DESK_CLERK, clock=CLOCK)
    return sum(item.page_count for item in print_queue(context.database, account=DESK_CLERK))


def page_sizes(data: bytes) -> list[tuple[int, int]]:
    """Each page's size in points, the shorter side first."""
    sizes = []
    for page in PdfReader(io.BytesIO(data)).pages:
        width, height = round(float(page.mediabox.width)), round(float(page.mediabox.height))
        sizes.append((min(width, height), max(width, height)))
    return sizes


def test_the_queue_s_letters_print_through_the_print_system_with_every_page(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, target: Target,
        warnings: list[str]) -> None:  # noqa: F811
    expected = queued_letters(qtbot, context, controller)
    assert expected >= 3
    screen = screen_for(qtbot, context)
    screen.refresh()
    batch = screen.print_batch(BatchPaper.LETTERS, target.printer)
    assert batch is not None
    with qtbot.waitSignal(batch.finished, timeout=JOB_TIMEOUT_MS) as done:
        pass
    assert done.args == [2, expected, False]
    printed = target.printed_pdf(qtbot)
    assert page_sizes(printed) == [(612, 792)] * expected  # every page, on US Letter
    assert warnings == []
    assert len(print_queue(context.database, account=DESK_CLERK)) == 2  # printing is not mailing


def test_the_queue_s_envelopes_print_through_the_print_system_one_a_page(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, target: Target,
        warnings: list[str]) -> None:  # noqa: F811
    queued_letters(qtbot, context, controller)
    screen = screen_for(qtbot, context)
    screen.refresh()
    batch = screen.print_batch(BatchPaper.ENVELOPES, target.printer)
    assert batch is not None
    with qtbot.waitSignal(batch.finished, timeout=JOB_TIMEOUT_MS) as done:
        pass
    assert done.args == [2, 2, False]
    assert page_sizes(target.printed_pdf(qtbot)) == [(297, 684)] * 2  # #10 envelopes
    assert warnings == []


def test_in_ci_printing_goes_through_a_real_print_system() -> None:
    assert PRINTER or not os.environ.get("CI"), (
        "CI is set but ETHICS_DESK_TEST_PRINTER is not: run the tests through .ci/run, which "
        "installs CUPS with cups-pdf and adds the queue.")
    assert describe_printing().startswith("printing tests: ")


@pytest.mark.qt_log_ignore("QPainter::begin")  # without CUPS: the failure, as Qt reports it
def test_a_stopped_printer_is_a_clear_message_and_nothing_is_sent(
        qtbot: QtBot, context: AppContext, controller: WorkflowController, tmp_path: Path,
        warnings: list[str]) -> None:  # noqa: F811
    queued_letters(qtbot, context, controller)
    screen = screen_for(qtbot, context)
    screen.refresh()
    if STOPPED_PRINTER:
        printer = QPrinter(require_queue(STOPPED_PRINTER, "ETHICS_DESK_TEST_STOPPED_PRINTER"))
        jobs = lpstat("-W", "all", "-o", STOPPED_PRINTER)
        assert screen.print_batch(BatchPaper.LETTERS, printer) is None
        assert warnings and f"“{STOPPED_PRINTER}” is stopped" in warnings[0]
        case_id = print_queue(context.database, account=DESK_CLERK)[0].complaint_id
        assert not audit_actions(context.database, case_id)[-1].startswith("print.")
        assert lpstat("-W", "all", "-o", STOPPED_PRINTER) == jobs  # no job was sent
    else:  # no print system: a printer that cannot be opened
        printer = QPrinter()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(tmp_path / "no-such-folder" / "out.pdf"))
        batch = screen.print_batch(BatchPaper.LETTERS, printer)
        assert batch is not None
        with qtbot.waitSignal(batch.failed, timeout=JOB_TIMEOUT_MS):
            pass
        assert warnings and "could not be started" in warnings[0]
    assert "the items stay in the print queue" in warnings[0]
    assert "Printing failed" in screen.status.text()
    assert len(print_queue(context.database, account=DESK_CLERK)) == 2


if PRINTER:  # needs a print system to remove a queue from; CI always has one (see above)
    def test_a_printer_removed_after_it_was_chosen_is_a_clear_message(
            qtbot: QtBot, context: AppContext, controller: WorkflowController,
            warnings: list[str]) -> None:
        queued_letters(qtbot, context, controller)
        screen = screen_for(qtbot, context)
        screen.refresh()
        gone = f"EthicsDeskGone{os.getpid()}"
        subprocess.run(["lpadmin", "-p", gone, "-E", "-v", "cups-pdf:/", "-P",
                        str(CUPS_PDF_PPD)], check=True, capture_output=True, timeout=60)
        printer = QPrinter(require_queue(gone, "the queue just added"))
        subprocess.run(["lpadmin", "-x", gone], check=True, capture_output=True, timeout=60)
        assert screen.print_batch(BatchPaper.LETTERS, printer) is None
        assert warnings and f"“{gone}” is not set up on this computer" in warnings[0]
        assert "the items stay in the print queue" in warnings[0]
        assert "Printing failed" in screen.status.text()
        assert len(print_queue(context.database, account=DESK_CLERK)) == 2
