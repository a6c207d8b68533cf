"""What the record anchor costs each commit on a SQLite file.

``python benchmarks/anchor_cost.py [--acts 60] [--folder DIR]``

A new database is made in ``--folder`` (a temporary folder on the disk the office's file would
be on, when given) and ``--acts`` office closures are committed through the application, each
one user action with its audit record: the time of each act is measured as the clerk waits for
it, the anchor included (:mod:`ethics_desk.storage.record_anchor`: after each commit a short
write lock, the journal's head read, the anchor written to a new file, flushed, renamed over the
old one, and the folder flushed). The anchor alone is then timed as many times
(:func:`~ethics_desk.storage.record_anchor.record_head`, forced to write). The target: the
anchor adds at most :data:`TARGET_SHARE` of an act's time (the median of each), since a
commit on a SQLite file with ``synchronous = FULL`` already flushes the log once or twice.

The last line printed is one JSON object: ``{"acts", "act_ms", "anchor_ms", "share",
"target_share", "met"}``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET_SHARE = 0.5
"""The anchor's time, at most half of what the act itself takes (medians)."""


def measure(folder: Path, acts: int) -> dict[str, object]:
    """Commit ``acts`` closures to a new database in ``folder``, then time the anchor alone."""
    from ethics_desk.core.clock import fixed_clock
    from ethics_desk.core.errors import UserError
    from ethics_desk.deadlines.closures import add_closure
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.storage.record_anchor import record_head
    from tests.factories import CLERK

    path = folder / "anchor-cost.sqlite"
    clock = fixed_clock(datetime(2026, 11, 30, 16, 0, tzinfo=UTC))
    database = open_database(path, clock=clock)
    act_times: list[float] = []
    anchor_times: list[float] = []
    try:
        day = date(2027, 1, 4)
        while len(act_times) < acts:
            started = time.perf_counter()
            try:
                add_closure(database, day, f"Closure {day}", account=CLERK, clock=clock)
                act_times.append(time.perf_counter() - started)
            except UserError:
                pass  # not a business day: the next one
            day += timedelta(days=1)
        for _ in range(acts):
            started = time.perf_counter()
            record_head(database.engine, path, force=True)
            anchor_times.append(time.perf_counter() - started)
    finally:
        database.dispose()
    act_ms = statistics.median(act_times) * 1000
    anchor_ms = statistics.median(anchor_times) * 1000
    share = anchor_ms / act_ms
    return {"acts": acts, "act_ms": round(act_ms, 2), "anchor_ms": round(anchor_ms, 2),
            "share": round(share, 3), "target_share": TARGET_SHARE, "met": share <= TARGET_SHARE}


def main(argv: list[str] | None = None) -> int:
    """Measure and print the figures; non-zero when the target is not met."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acts", type=int, default=60)
    parser.add_argument("--folder", type=Path, help="where to make the scratch database")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="anchor-cost-", dir=args.folder) as scratch:
        os.environ.setdefault("ETHICS_DESK_KEY_FOLDER", str(Path(scratch) / "keys"))
        figures = measure(Path(scratch), args.acts)
    print(json.dumps(figures))
    return 0 if figures["met"] else 1


if __name__ == "__main__":
    sys.exit(main())
