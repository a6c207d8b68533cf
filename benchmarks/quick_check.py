"""How long SQLite's ``quick_check`` takes at the opening, and whether the size above which it runs
in the background (:data:`ethics_desk.storage.read_only.QUICK_CHECK_IN_BACKGROUND_BYTES`) keeps
the check run at once short.

``python benchmarks/quick_check.py DATABASE [--runs 3]`` — DATABASE is a large file, such as the
100,000 cases of ``benchmarks/make_big_db.py`` (run it under ``nice``). The check is timed
``--runs`` times (the first from however warm the disk cache is: drop the caches first to
measure a cold start); the time per MB of the slowest run gives what a file just under the
threshold costs, which is what an opening waits for before the window. The target: under 0.1 s.
The last line printed is one JSON object with ``"met"``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ethics_desk.storage.read_only import (
    QUICK_CHECK_IN_BACKGROUND_BYTES,
    quick_check,
)

TARGET_SECONDS = 0.1
"""The longest an opening may wait for a check run at once (a file just under the threshold)."""


def main(argv: list[str] | None = None) -> int:
    """Time the check on the file given; print the figures and one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    size_mb = args.database.stat().st_size / 1_000_000
    times = []
    for _ in range(max(1, args.runs)):
        started = time.perf_counter()
        found = quick_check(args.database)
        times.append(time.perf_counter() - started)
    per_mb = max(times) / size_mb
    at_threshold = per_mb * QUICK_CHECK_IN_BACKGROUND_BYTES / 1_000_000
    print(f"{args.database.name}: {size_mb:.0f} MB, quick_check "
          f"{', '.join(f'{t:.2f}' for t in times)} s ({per_mb * 1000:.2f} ms per MB); "
          f"a file at the threshold, {QUICK_CHECK_IN_BACKGROUND_BYTES // 1_048_576} MiB: "
          f"{at_threshold:.3f} s")
    print(json.dumps({"benchmark": "quick_check", "size_mb": round(size_mb, 1),
                      "seconds": [round(t, 3) for t in times], "ms_per_mb": round(per_mb * 1000, 3),
                      "at_threshold_s": round(at_threshold, 3), "findings": len(found),
                      "target_s": TARGET_SECONDS, "met": at_threshold < TARGET_SECONDS and not found}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
