"""Time the office's annual report for a year on 100,000 cases (issue 33: at most 5 s on two
cores).

``python benchmarks/annual_report.py [--db big.sqlite] [--count 100000] [--year 2025]
[--repeat 3] [--edition public|confidential]``

The database is ``benchmarks/year_statistics.py``'s — 100,000 complaints with a year's reviews,
decisions, closed clocks, responses, votes and penalties — built once and kept under the
temporary folder. A copy made for an older schema is reused when this schema's is missing:
it is copied beside it under this schema's name and brought up to date by opening it (the
upgrade's own backup of the copy is removed; a database built from nothing takes minutes).

:func:`ethics_desk.reports.annual_report.render_report` — the year's figures counted in one
read and laid out with its tables and charts — is timed (the first run warms the caches and is
not counted): the median of ``--repeat`` runs. One report is then issued, timed once (the
frozen copy and its audit record). The last line printed is one JSON object with ``"met"``.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pypdf import PdfReader

from ethics_desk.core.clock import fixed_clock
from ethics_desk.maintenance.opening import open_database
from ethics_desk.reports.annual_report import Edition, issue_annual_report, render_report
from ethics_desk.storage.migrate import head_revision

TARGET_S = 5.0


def _statistics_benchmark() -> Any:
    """``benchmarks/year_statistics.py``, imported from beside this script."""
    path = Path(__file__).resolve().parent / "year_statistics.py"
    spec = importlib.util.spec_from_file_location("benchmark_statistics", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _older_copy(count: int) -> Path | None:
    """A finished database of ``count`` cases built for an earlier schema, newest first."""
    found = sorted(Path(tempfile.gettempdir()).glob(f"ethics-desk-statistics-*-{count}.sqlite"),
                   key=lambda path: path.stat().st_mtime, reverse=True)
    return next((path for path in found if Path(f"{path}.complete").exists()), None)


def prepare(db: Path | None, count: int, seed: int) -> tuple[Path, dict[str, Any]]:
    """The database to time: ``db``; the statistics benchmark's for this schema; a copy of one
    for an older schema, upgraded; or one built from nothing."""
    if db is not None:
        return db, {"built": False}
    statistics = _statistics_benchmark()
    out = statistics.cached_path(count)
    if out.exists() and Path(f"{out}.complete").exists():
        return out, {"built": False}
    older = _older_copy(count)
    if older is None:
        return statistics.prepare(None, count, seed)  # type: ignore[no-any-return]
    started = time.perf_counter()
    for suffix in ("", "-anchor"):
        if Path(f"{older}{suffix}").exists():
            shutil.copy2(f"{older}{suffix}", f"{out}{suffix}")
    open_database(out, clock=fixed_clock(datetime.now(UTC))).dispose()  # migrates it
    for backup in (out.parent / "Backups").glob(f"{out.stem}.before-*.sqlite"):
        backup.unlink()  # the upgrade's safety copy of a copy: the older file is still there
    shutil.copy2(f"{older}.complete", f"{out}.complete")
    return out, {"built": False, "upgraded_from": older.name,
                 "upgrade_s": round(time.perf_counter() - started, 1)}


def measure(path: Path, year: int, repeat: int, edition: Edition) -> dict[str, Any]:
    """The median time of the year's report over ``repeat`` runs after a warm one, and one
    issue."""
    statistics = _statistics_benchmark()
    today = statistics.TODAY
    moment = fixed_clock(datetime(today.year, today.month, today.day, 12,
                                  tzinfo=statistics.OFFICE_TZ))
    clerk = statistics.CLERK
    database = open_database(path, clock=fixed_clock(datetime.now(UTC)))
    try:
        times, cpu = [], []
        pdf = b""
        for run in range(repeat + 1):
            started, used = time.perf_counter(), time.process_time()
            pdf = render_report(database, year, edition=edition, account=clerk, clock=moment)
            if run:
                times.append(time.perf_counter() - started)
                cpu.append(time.process_time() - used)
        started = time.perf_counter()
        issued, _bytes = issue_annual_report(database, year, edition=edition, account=clerk,
                                             clock=moment)
        issue_s = time.perf_counter() - started
        with database.engine.connect() as conn:
            cases = conn.exec_driver_sql("SELECT count(*) FROM complaint").scalar_one()
    finally:
        database.dispose()
    ordered = sorted(times)
    middle = len(ordered) // 2
    median = (ordered[middle] if len(ordered) % 2
              else (ordered[middle - 1] + ordered[middle]) / 2)
    return {"benchmark": "annual_report", "path": str(path), "cases": cases, "year": year,
            "edition": edition.value, "pages": len(PdfReader(io.BytesIO(pdf)).pages),
            "bytes": len(pdf), "runs": repeat, "median_s": round(median, 3),
            "max_s": round(max(times), 3), "median_cpu_s": round(sorted(cpu)[middle], 3),
            "issue_s": round(issue_s, 3), "issued_pages": issued.page_count,
            "target_s": TARGET_S, "met": median <= TARGET_S}


def main(argv: list[str] | None = None) -> int:
    """Find or make the database, time the report, print the figures (JSON last)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None,
                        help="a SQLite file to time as it is (default: the statistics "
                             "benchmark's, for this schema)")
    parser.add_argument("--count", type=int, default=100_000, help="complaints (default 100000)")
    parser.add_argument("--year", type=int, default=2025,
                        help="the year reported (default 2025, a whole year)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=283)
    parser.add_argument("--edition", choices=[e.value for e in Edition], default="public")
    args = parser.parse_args(argv)
    path, prepared = prepare(args.db, args.count, args.seed)
    print(f"Timing {path} (schema {head_revision()})", file=sys.stderr)
    figures = measure(path, args.year, max(1, args.repeat), Edition(args.edition)) | prepared
    print(json.dumps(figures, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
