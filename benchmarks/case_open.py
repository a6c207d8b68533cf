"""Opening a case on a big database: the case window shown, against reading the case's rows.

``python benchmarks/case_open.py --db BIG [--runs 5] [--cases 5]``

``--db`` is a SQLite file (``make_big_db.py``) or a PostgreSQL server's address
(``postgresql+psycopg://…``, a copy made with ``ethics-desk migrate-to``). In this process, with
Qt offscreen, the application is opened on it as a desk opens it (the first look, what the
sign-in dialog loads behind itself, signed in as the clerk ``benchclerk`` of
``startup.py``, the main window shown on the inbox). Then ``--cases`` cases spread over the
database are each opened ``--runs`` times (interleaved, the first opening of each not counted)
as a double-click in the inbox opens one (:meth:`MainWindow.open_case`): **open** is the time
from that call until the case window has been painted on screen — the case read as the
signed-in person with its header's warnings, its opening on record, the steps the controller
allows now, the window built, its Summary tab painted. Every other tab is built when it is
first chosen (and the papers, witnesses and hearing record read when first shown), so none of
them is in it.

Against it, **raw**: the same case's rows read with the database's own driver (``sqlite3`` or
``psycopg``, a connection kept open as the application keeps its pool): the complaint, its
parties, allegations, documents and attachments' names, oath, filings, deadlines, reviews and
their defects, notes, civil penalties and its history in the audit trail — every row the case
window shows. And **bare**: a window of the same shape (a header, a row of buttons, nine empty
tabs) shown and painted, which is what any case window costs Qt before a row is read.

The issue's target is ``open`` at most :data:`TARGET_RATIO` times ``raw`` for every case
(``"met"``); ``ratio_less_bare`` takes the bare window out of ``open``, to say how much of the
rest is the reading. Medians are reported. The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

TARGET_RATIO = 2.0
"""Opening a case: at most twice the time its rows take to read with the driver."""

_CASE_ROWS = (
    "SELECT * FROM complaint WHERE id = {p}",
    "SELECT * FROM complainant WHERE complaint_id = {p}",
    "SELECT * FROM respondent WHERE complaint_id = {p}",
    "SELECT * FROM witness WHERE complaint_id = {p}",
    "SELECT * FROM allegation WHERE complaint_id = {p}",
    "SELECT * FROM document_item WHERE complaint_id = {p}",
    "SELECT id, file_name, size, sha256 FROM attachment WHERE complaint_id = {p}",
    "SELECT * FROM oath WHERE complaint_id = {p}",
    "SELECT * FROM filing WHERE complaint_id = {p}",
    "SELECT * FROM deadline WHERE complaint_id = {p} ORDER BY due_on, id",
    "SELECT * FROM review WHERE complaint_id = {p} ORDER BY id",
    "SELECT d.* FROM review_defect d JOIN review r ON r.id = d.review_id "
    "WHERE r.complaint_id = {p}",
    "SELECT * FROM case_note WHERE complaint_id = {p}",
    "SELECT c.* FROM civil_penalty c JOIN sanction s ON s.id = c.sanction_id "
    "WHERE s.complaint_id = {p}",
    "SELECT * FROM audit_record WHERE complaint_id = {p} ORDER BY seq",
)
"""Every row the case window shows, as plain SQL (``{p}``: the driver's placeholder)."""


class RawReader:
    """The case's rows read with the database's own driver, over one connection kept open."""

    def __init__(self, db: Path | str) -> None:
        if isinstance(db, Path):
            import sqlite3
            from urllib.parse import quote

            self.connection: Any = sqlite3.connect(f"file:{quote(db.as_posix())}?mode=ro",
                                                   uri=True)
            placeholder = "?"
        else:
            import psycopg

            self.connection = psycopg.connect(
                db.replace("postgresql+psycopg://", "postgresql://", 1), autocommit=True)
            placeholder = "%s"
        self.queries = [sql.format(p=placeholder) for sql in _CASE_ROWS]

    def read(self, case_id: int) -> tuple[float, int]:
        """The seconds the rows of ``case_id`` take to read, and how many there are."""
        started = time.perf_counter()
        count = 0
        for sql in self.queries:
            count += len(self.connection.execute(sql, (case_id,)).fetchall())
        return time.perf_counter() - started, count

    def spread(self, count: int) -> list[int]:
        """``count`` filed cases spread evenly over the database, by id."""
        ids = [row[0] for row in self.connection.execute(
            "SELECT id FROM complaint WHERE case_number IS NOT NULL ORDER BY id").fetchall()]
        if not ids:
            raise SystemExit("the database has no filed case to open")
        step = max(1, len(ids) // max(count, 1))
        return ids[step // 2::step][:count]


def _painted_after(app: Any, show: Any) -> float:
    """Seconds from calling ``show`` (which returns the window it shows) until that window
    has been painted."""
    from PySide6.QtCore import QEvent, QObject

    painted: list[bool] = []
    shown: list[Any] = []

    class PaintWatch(QObject):
        """Notes the first paint of any widget of the window being opened."""

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if (event.type() == QEvent.Type.Paint and shown
                    and getattr(watched, "window", lambda: None)() is shown[0]):
                painted.append(True)
            return False

    watch = PaintWatch()
    app.installEventFilter(watch)
    try:
        started = time.perf_counter()
        window = show()
        shown.append(window)
        while not painted:
            app.processEvents()
        app.processEvents()  # the rest of that frame
        return time.perf_counter() - started
    finally:
        app.removeEventFilter(watch)


def _bare_window() -> Any:
    """A window shaped as the case window, with nothing read: its cost to Qt alone."""
    from PySide6.QtWidgets import (
        QHBoxLayout,
        QLabel,
        QMainWindow,
        QPushButton,
        QTabWidget,
        QTextBrowser,
        QVBoxLayout,
        QWidget,
    )

    window = QMainWindow()
    body = QWidget(window)
    column = QVBoxLayout(body)
    column.addWidget(QLabel("<h2>ERB-2026-00001 — Filed</h2>", body))
    buttons = QHBoxLayout()
    for name in ("Forward", "Return", "Withdraw", "Note"):
        buttons.addWidget(QPushButton(name, body))
    column.addLayout(buttons)
    tabs = QTabWidget(body)
    for name in ("Summary", "Documents", "Papers", "Witnesses", "Reviews", "Deadlines",
                 "History", "Notes", "Access"):
        tabs.addTab(QTextBrowser(tabs) if name == "Summary" else QWidget(tabs), name)
    column.addWidget(tabs, 1)
    window.setCentralWidget(body)
    window.resize(1100, 700)
    window.show()
    return window


def measure(db: Path | str, runs: int, cases: int) -> dict[str, Any]:
    """Open the application on ``db`` and time the opening of ``cases`` cases."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from startup import CLERK, ensure_clerk

    from ethics_desk.core.clock import system_clock
    from ethics_desk.staff import accounts
    from ethics_desk.ui.app import application, load_now, open_context

    ensure_clerk(db)
    app = application()
    context = open_context(str(db), interactive=False, clock=system_clock)
    if context is None:
        raise SystemExit(f"{db} could not be opened")
    load_now(context)
    context.account = accounts.sign_in_at_desk(context.database, CLERK[0], CLERK[1],
                                               clock=system_clock, workstation="benchmark")
    from ethics_desk.ui.main_window import MainWindow

    main = MainWindow(context)
    main.show()
    app.processEvents()
    raw = RawReader(db)
    chosen = raw.spread(cases)
    opened: dict[int, list[float]] = {case_id: [] for case_id in chosen}
    read: dict[int, list[float]] = {case_id: [] for case_id in chosen}
    rows: dict[int, int] = {}
    bare: list[float] = []

    def close_cases() -> None:
        for window in list(main.case_windows.values()):
            window.close()
            window.deleteLater()
        main.case_windows.clear()
        app.processEvents()

    for run in range(runs + 1):  # the first round warms the caches and is not counted
        for case_id in chosen:
            close_cases()
            seconds = _painted_after(app, lambda case_id=case_id: main.open_case(case_id))
            raw_s, rows[case_id] = raw.read(case_id)
            if run:
                opened[case_id].append(seconds)
                read[case_id].append(raw_s)
        made: list[Any] = []

        def bare_window(made: list[Any] = made) -> Any:
            made.append(_bare_window())
            return made[-1]

        seconds = _painted_after(app, bare_window)
        made[-1].close()
        if run:
            bare.append(seconds)
    close_cases()
    main.close()
    main.deleteLater()
    app.processEvents()
    bare_ms = statistics.median(bare) * 1000
    per_case = {}
    for case_id in chosen:
        open_ms = statistics.median(opened[case_id]) * 1000
        raw_ms = statistics.median(read[case_id]) * 1000
        per_case[str(case_id)] = {
            "rows": rows[case_id], "open_ms": round(open_ms, 2), "raw_ms": round(raw_ms, 3),
            "ratio": round(open_ms / raw_ms, 1),
            "ratio_less_bare": round(max(open_ms - bare_ms, 0.0) / raw_ms, 1)}
    context.database.dispose()
    return {"bare_ms": round(bare_ms, 2), "cases": per_case,
            "median_open_ms": round(statistics.median(c["open_ms"] for c in per_case.values()), 2),
            "median_raw_ms": round(statistics.median(c["raw_ms"] for c in per_case.values()), 3),
            "met": all(c["ratio"] <= TARGET_RATIO for c in per_case.values())}


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, measure, print the figures (JSON on the last line)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True,
                        help="the database (make_big_db.py), or a server's address")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cases", type=int, default=5)
    args = parser.parse_args(argv)
    db: Path | str = args.db
    if "://" not in args.db:
        db = Path(args.db).expanduser().resolve()
        if not db.is_file():
            raise SystemExit(f"no database at {db}; build one with benchmarks/make_big_db.py")
    figures = measure(db, max(args.runs, 1), max(args.cases, 1))
    for case_id, case in figures["cases"].items():
        print(f"case {case_id}: {case['rows']} rows; open {case['open_ms']} ms, raw "
              f"{case['raw_ms']} ms ({case['ratio']}×; less the bare window "
              f"{case['ratio_less_bare']}×)", file=sys.stderr)
    print(json.dumps({"benchmark": "case_open", "db": str(db), "runs": args.runs,
                      "target_ratio": TARGET_RATIO, **figures}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
