"""The print system the tests print through, from the environment ``.ci/run`` sets (no Qt).

``ETHICS_DESK_TEST_PRINTER`` names a CUPS queue whose driver, cups-pdf, writes each job as a
PDF; ``ETHICS_DESK_TEST_STOPPED_PRINTER`` a queue that is stopped and refuses jobs. Without
them (a developer's machine without CUPS) printing is tested to a PDF file written by Qt, and
the pytest header says so.
"""

from __future__ import annotations

import os
import pwd
import re
import subprocess
from pathlib import Path

PRINTER = os.environ.get("ETHICS_DESK_TEST_PRINTER", "").strip()
"""The CUPS queue (cups-pdf) the tests print to; empty when there is none."""
STOPPED_PRINTER = os.environ.get("ETHICS_DESK_TEST_STOPPED_PRINTER", "").strip()
"""A CUPS queue that is stopped and not accepting jobs; empty when there is none."""
CUPS_PDF_CONF = Path("/etc/cups/cups-pdf.conf")
CUPS_PDF_PPD = Path("/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd")
"""The driver description Debian's printer-driver-cups-pdf installs (as .ci/run uses it)."""


def cups_pdf_folder() -> Path:
    """Where cups-pdf writes this user's jobs: the ``Out`` of its configuration, expanded.

    cups-pdf expands ``${HOME}`` from the user's account, not from the environment (which the
    tests point elsewhere).
    """
    user = pwd.getpwuid(os.getuid())
    out = "/var/spool/cups-pdf/${USER}"  # cups-pdf's own default
    if CUPS_PDF_CONF.exists():
        for line in CUPS_PDF_CONF.read_text(encoding="utf-8", errors="replace").splitlines():
            found = re.match(r"\s*Out\s+(\S.*?)\s*$", line)
            if found:
                out = found.group(1)
    return Path(out.replace("${HOME}", user.pw_dir).replace("${USER}", user.pw_name))


def lpstat(*args: str) -> str:
    """What ``lpstat`` says, its error output included (for a failure message)."""
    try:
        done = subprocess.run(["lpstat", *args], capture_output=True, text=True, timeout=60,
                              check=False)
    except OSError as exc:
        return f"(lpstat could not be run: {exc})"
    return done.stdout + done.stderr


def completed_jobs(printer: str) -> set[int]:
    """The ids of the queue's jobs that have finished (completed, cancelled or aborted)."""
    return {int(found) for found in re.findall(rf"^{re.escape(printer)}-(\d+)\s",
                                               lpstat("-W", "completed", "-o", printer), re.M)}


def describe_printing() -> str:
    """What the printing tests print through, for the pytest header."""
    if PRINTER:
        return (f"printing tests: CUPS queue {PRINTER!r}, stopped queue {STOPPED_PRINTER!r} "
                f"(cups-pdf writes to {cups_pdf_folder()})")
    return ("printing tests: no CUPS queue (ETHICS_DESK_TEST_PRINTER unset) — batches print to "
            "a PDF file through the same code; .ci/run provides the queue")
