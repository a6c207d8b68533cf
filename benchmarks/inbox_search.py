"""How long one keystroke in the inbox's search box takes to show its rows, against raw SQLite.

``python benchmarks/inbox_search.py --db BIG [--today YYYY-MM-DD] [--repeat 25]``

The inbox screen is built on the database (Qt offscreen) and switched to "All cases", so that a
search looks through every case. For each search term, everything but its last character is
typed first; then the last character is typed with ``QTest.keyClick`` (a key event with the
text, for a non-Latin letter) and the clock runs until ``processEvents()`` has let the view lay
out and paint the new rows. That is compared with Python's ``sqlite3`` running the model's own
page query — the same SQL text and parameters, on the same file — and fetching its rows.
Medians of ``--repeat`` runs after one warm-up; targets: at most 3 times the raw query, and
under 100 ms. The last line printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import enum
import json
import os
import sqlite3
import statistics
import sys
import time
from datetime import date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, Qt  # after choosing the platform, above
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from ethics_desk.cases.inbox import ALL_CASES, PAGE_SIZE
from ethics_desk.cases.inbox_query import InboxQuery
from ethics_desk.core.clock import fixed_clock
from ethics_desk.storage.opening import open_database
from ethics_desk.storage.sqlite_uri import file_uri
from ethics_desk.ui import none_guard
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.screens.inbox_screen import InboxScreen

OFFICE_TZ = ZoneInfo("America/Chicago")
TERMS = ("pena", "nguyen", "ERB-2024-0", "szczepanska", "Иван")
"""A common Spanish surname, a common Vietnamese one, a case-number prefix, a rare surname
(three cases in ``make_big_db``), and a Cyrillic name typed as it is written."""
TARGET_RATIO = 3.0
TARGET_MS = 100.0


def type_key(widget: QWidget, char: str) -> None:
    """One keystroke: ``QTest.keyClick`` for ASCII, a key event carrying the text otherwise."""
    if char.isascii():
        QTest.keyClick(widget, char)  # type: ignore[call-overload]  # PySide takes a character
        return
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, char))


def raw_sql(query: InboxQuery, screen: InboxScreen) -> tuple[str, list[Any]]:
    """The model's page query as SQL text with its parameters, as SQLite receives them."""
    statement = query.page_statement(screen.inbox_filter, 0, PAGE_SIZE + 1)
    compiled = statement.compile(dialect=query.database.engine.dialect)
    names = compiled.positiontup or []
    values = compiled.params
    return compiled.string, [_sqlite_value(values[name]) for name in names]


def _sqlite_value(value: Any) -> Any:
    """A parameter the way SQLAlchemy's SQLite types store it."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, datetime):
        return value.astimezone(ZoneInfo("UTC")).replace(tzinfo=None).isoformat(" ")
    if isinstance(value, date):
        return value.isoformat()
    return value


def measure(db: Path, today: date, terms: tuple[str, ...], repeat: int) -> dict[str, Any]:
    """The figures for every term."""
    none_guard.guard()  # as the application does before its first window
    app = QApplication.instance() or QApplication(sys.argv[:1])
    moment = datetime(today.year, today.month, today.day, 10, 0, tzinfo=OFFICE_TZ)
    database = open_database(db, clock=fixed_clock(moment), create=False)
    screen = InboxScreen(AppContext(database, clock=fixed_clock(moment)))
    screen.resize(1250, 760)
    screen.show()
    app.processEvents()
    screen.show_view(ALL_CASES)
    app.processEvents()
    raw = sqlite3.connect(file_uri(db, mode="ro"), uri=True)
    results: dict[str, Any] = {}
    try:
        for term in terms:
            ui_times: list[float] = []
            for _ in range(repeat + 1):  # the first run warms the caches and is not counted
                screen.search.setText(term[:-1])
                app.processEvents()
                screen.search.setFocus()
                started = time.perf_counter()
                type_key(screen.search, term[-1])
                app.processEvents()
                ui_times.append(time.perf_counter() - started)
            assert screen.search.text() == term, (screen.search.text(), term)
            sql, params = raw_sql(screen.query, screen)
            sql_times: list[float] = []
            rows: list[tuple[Any, ...]] = []
            for _ in range(repeat + 1):
                started = time.perf_counter()
                rows = raw.execute(sql, params).fetchall()
                sql_times.append(time.perf_counter() - started)
            shown = [screen.model.case_id(row) for row in range(screen.model.rowCount())]
            assert shown == [row[0] for row in rows[:PAGE_SIZE]], f"{term}: different rows"
            ui_ms = statistics.median(ui_times[1:]) * 1000
            sql_ms = statistics.median(sql_times[1:]) * 1000
            results[term] = {"rows_shown": len(shown), "more": screen.model.has_more,
                             "ui_ms": round(ui_ms, 2), "sql_ms": round(sql_ms, 2),
                             "ratio": round(ui_ms / sql_ms, 2)}
            print(f"{term!r:16} {len(shown):4} rows  keystroke→rows {ui_ms:7.2f} ms  "
                  f"raw SQL {sql_ms:7.2f} ms  ratio {ui_ms / sql_ms:5.2f}", file=sys.stderr)
        results["_sql"] = raw_sql(screen.query, screen)[0].replace("\n", " ")
    finally:
        raw.close()
        screen.close()
        database.dispose()
    return results


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, measure, print the figures (JSON on the last line)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="the database (make_big_db.py)")
    parser.add_argument("--today", type=date.fromisoformat, default=None,
                        help="the office's date (default: today)")
    parser.add_argument("--repeat", type=int, default=25)
    parser.add_argument("--terms", nargs="*", default=list(TERMS))
    args = parser.parse_args(argv)
    today = args.today or datetime.now(OFFICE_TZ).date()
    results = measure(args.db, today, tuple(args.terms), args.repeat)
    sql = results.pop("_sql")
    worst_ratio = max(r["ratio"] for r in results.values())
    worst_ms = max(r["ui_ms"] for r in results.values())
    figures = {"benchmark": "inbox_search", "db": str(args.db), "view": ALL_CASES,
               "repeat": args.repeat, "terms": results, "worst_ratio": worst_ratio,
               "worst_ui_ms": worst_ms, "target_ratio": TARGET_RATIO, "target_ms": TARGET_MS,
               "met": worst_ratio <= TARGET_RATIO and worst_ms < TARGET_MS,
               "sql_example": sql}
    print(json.dumps(figures, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
