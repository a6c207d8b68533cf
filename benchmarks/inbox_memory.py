"""How much memory the inbox takes when the clerk scrolls "All cases" to the very end.

``python benchmarks/inbox_memory.py --db BIG [--today YYYY-MM-DD]``

The inbox screen is built on the database (Qt offscreen, signed in as the benchmarks' clerk),
switched to "All cases" and scrolled to the end the way the view does it — to the bottom, the
next page fetched, again — until every case is listed; then back to the top and through the
middle, so that pages let go of are read again by their ids. The process's resident memory
(RSS) is read before and after, its peak from the kernel (``ru_maxrss``). The model keeps every
fetched case's id and built rows for a few pages only, so memory stays flat however far the
clerk scrolls. Target: a peak of at most 200 MB. The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # after choosing the platform, above

from ethics_desk.cases.inbox import ALL_CASES
from ethics_desk.core.clock import fixed_clock
from ethics_desk.staff.accounts import sign_in
from ethics_desk.ui import none_guard
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.screens.inbox_screen import InboxScreen

sys.path.insert(0, str(Path(__file__).resolve().parent))
from inbox_search import open_inbox_database  # the benchmarks' own helpers
from startup import CLERK, leave_after

OFFICE_TZ = ZoneInfo("America/Chicago")
TARGET_PEAK_MB = 200.0


def rss_mb() -> float:
    """The process's resident memory now, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def peak_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux gives kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    """Build the screen, scroll to the end, print the figures (JSON on the last line)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True,
                        help="a SQLite file (make_big_db.py) or a postgresql+psycopg:// address")
    parser.add_argument("--today", type=date.fromisoformat, default=None,
                        help="the office's date (default: today)")
    args = parser.parse_args(argv)
    today = args.today or datetime.now(OFFICE_TZ).date()
    none_guard.guard()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    moment = datetime(today.year, today.month, today.day, 10, 0, tzinfo=OFFICE_TZ)
    database = open_inbox_database(args.db, moment)
    account = sign_in(database, *CLERK, clock=fixed_clock(moment))
    screen = InboxScreen(AppContext(database, clock=fixed_clock(moment), account=account))
    screen.resize(1250, 760)
    screen.show()
    app.processEvents()
    screen.show_view(ALL_CASES)
    app.processEvents()
    before = rss_mb()
    peak_before = peak_mb()
    model, table = screen.model, screen.table
    started = time.perf_counter()
    most_pages = 0
    while model.canFetchMore():
        table.scrollToBottom()
        app.processEvents()  # the view paints the last rows and asks for the next page
        most_pages = max(most_pages, model.pages_built)
    table.scrollToBottom()
    app.processEvents()
    scrolled_s = time.perf_counter() - started
    rows = model.rowCount()
    for row in (0, rows // 3, rows // 2, 2 * rows // 3, rows - 1):  # pages read again by id
        table.scrollTo(model.index(row, 0))
        app.processEvents()
        most_pages = max(most_pages, model.pages_built)
    ids = [model.case_id(row) for row in range(rows)]
    after = rss_mb()
    peak = peak_mb()
    figures = {"benchmark": "inbox_memory", "db": args.db if args.db.startswith("postgresql")
               else Path(args.db).name, "view": ALL_CASES, "rows": rows,
               "every_case_once": len(set(ids)) == rows, "scroll_s": round(scrolled_s, 1),
               "rss_before_mb": round(before, 1), "rss_after_mb": round(after, 1),
               "peak_before_scrolling_mb": round(peak_before, 1), "peak_mb": round(peak, 1),
               "most_pages_built": most_pages, "target_peak_mb": TARGET_PEAK_MB,
               "met": peak <= TARGET_PEAK_MB and len(set(ids)) == rows}
    screen.close()
    database.dispose()
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    leave_after(main)
