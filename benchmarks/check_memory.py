"""How much memory and time ``ethics-desk check`` takes as the record grows.

``python benchmarks/check_memory.py [--sizes 20000 100000] [--db FILE ...] [--work FOLDER]``

For each of ``--sizes`` a database of that many complaints is built with ``make_big_db.py`` in
``--work`` (a file already there from an earlier run with the same count is reused unless
``--rebuild``); each ``--db`` is a database already built (``make_big_db.py --out``) checked as
it is. The benchmarks' Administrator (``startup.py``'s ``benchadmin``, made once in a database
that has no Administrator yet) then runs ``python -m ethics_desk check --db FILE`` in a process
of its own, and the process's peak resident memory is read from the kernel when it ends
(``os.wait4``'s ``ru_maxrss``: that process alone, never the builder's), with its wall-clock and
CPU time.

Targets: a peak of at most :data:`TARGET_PEAK_MB` MB at every size, and flat: from the smallest
size measured to the largest the peak grows by at most :data:`FLAT_LIMIT_MB` MB (``check``
once grew by about 3.6 MB per 1,000 cases, so 100,000 more cases would add 360 MB). Flatness
needs two sizes at least a factor of 2 apart; with fewer it is not judged (``"flat": null``) and
``"met"`` rests on the peak alone. ``"met"`` also needs every check to have run to its end (exit
0, all hold; or 1, a check failed, which the figures name). The databases built are kept for the
next run (several GB at 1,000,000 cases: the size is printed). Built databases are sealed with a
key in ``--work``/``keys`` unless ``ETHICS_DESK_KEY_FOLDER`` is set; a ``--db`` is checked with
the key the environment gives. The last line printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any

BENCHMARKS = Path(__file__).resolve().parent
ROOT = BENCHMARKS.parent
sys.path.insert(0, str(BENCHMARKS))
from startup import CLERK  # noqa: E402  (the benchmarks' own accounts, beside this script)

TARGET_PEAK_MB = 250.0
FLAT_LIMIT_MB = 25.0
ADMIN = ("benchadmin", "an administrator's passphrase")
"""The Administrator ``startup.ensure_clerk`` makes in a database that has none (check is an
Administrator's)."""
KEY_FOLDER_ENV = "ETHICS_DESK_KEY_FOLDER"
DEFAULT_WORK = Path(tempfile.gettempdir()) / "ethics-desk-check-memory"


def child_env(keys: Path | None) -> dict[str, str]:
    """The environment of every process started: this checkout's ``ethics_desk`` first on the
    path, the benchmarks' Administrator, and (``keys``) the key folder of a built database."""
    env = dict(os.environ, ETHICS_DESK_USER=ADMIN[0], ETHICS_DESK_PASSWORD=ADMIN[1],
               PYTHONPATH=os.pathsep.join(filter(None, (str(ROOT),
                                                        os.environ.get("PYTHONPATH")))))
    if keys is not None:
        env[KEY_FOLDER_ENV] = str(keys)
    return env


def run(command: list[str], env: dict[str, str]) -> tuple[int, str, float, float, float]:
    """Run ``command``: its exit code, its output's last line, wall seconds, CPU seconds
    (user and system) and peak resident MB, all of that process alone."""
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
    assert process.stdout is not None
    output = process.stdout.read().decode(errors="replace")
    process.stdout.close()
    _pid, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    peak_mb = usage.ru_maxrss / 1024 if sys.platform != "darwin" else usage.ru_maxrss / 2**20
    lines = [line for line in output.splitlines() if line.strip()]
    return (process.returncode, lines[-1] if lines else "", elapsed,
            usage.ru_utime + usage.ru_stime, peak_mb)


def build(out: Path, count: int, today: str | None, env: dict[str, str]) -> None:
    """Build ``out`` with ``make_big_db.py`` (``count`` complaints)."""
    command = [sys.executable, str(BENCHMARKS / "make_big_db.py"), "--out", str(out),
               "--count", str(count)] + (["--today", today] if today else [])
    code, last, elapsed, _cpu, peak = run(command, env)
    if code != 0:
        raise SystemExit(f"make_big_db.py --count {count} exited {code}: {last}")
    print(f"built {out.name}: {count} complaints in {elapsed:.0f} s (builder's peak "
          f"{peak:.0f} MB)", file=sys.stderr)


def complaints_in(db: Path) -> int:
    """How many complaints the SQLite file holds (read-only)."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        return int(conn.execute("SELECT count(*) FROM complaint").fetchone()[0])


def ensure_administrator(db: Path, env: dict[str, str]) -> None:
    """Give the database the benchmarks' accounts (``startup.ensure_clerk``: an Administrator
    first when it has none), in a process with the database's key."""
    code, last, *_ = run([sys.executable, "-c",
                          "import sys; sys.path.insert(0, sys.argv[1]); "
                          "from startup import ensure_clerk; ensure_clerk(sys.argv[2])",
                          str(BENCHMARKS), str(db)], env)
    if code != 0:
        raise SystemExit(f"could not give {db} the benchmarks' accounts ({CLERK[0]}, "
                         f"{ADMIN[0]}): {last}")


def measure(db: Path, env: dict[str, str]) -> dict[str, Any]:
    """``check`` on ``db`` in a process of its own: its figures."""
    ensure_administrator(db, env)
    code, last, elapsed, cpu, peak = run(
        [sys.executable, "-m", "ethics_desk", "check", "--db", str(db)], env)
    print(f"{db.name}: peak {peak:.0f} MB, {elapsed:.1f} s — {last}", file=sys.stderr)
    return {"cases": complaints_in(db), "db": db.name,
            "size_mb": round(db.stat().st_size / 1e6, 1), "peak_mb": round(peak, 1),
            "wall_s": round(elapsed, 1), "cpu_s": round(cpu, 1), "exit": code,
            "all_hold": code == 0, "ran_to_end": code in (0, 1), "last_line": last}


def judge(figures: list[dict[str, Any]]) -> dict[str, Any]:
    """The targets over the sizes measured (see the module)."""
    ordered = sorted(figures, key=lambda f: f["cases"])
    small, large = (ordered[0], ordered[-1]) if ordered else ({}, {})
    judged = bool(ordered) and large["cases"] >= 2 * max(small["cases"], 1)
    growth = large["peak_mb"] - small["peak_mb"] if judged else None
    slope = (round(growth / (large["cases"] - small["cases"]) * 1000, 3)
             if growth is not None else None)
    flat = growth <= FLAT_LIMIT_MB if growth is not None else None
    under = bool(ordered) and all(f["peak_mb"] <= TARGET_PEAK_MB for f in ordered)
    return {"growth_mb": round(growth, 1) if growth is not None else None,
            "mb_per_1000_cases": slope, "flat": flat, "under_target": under,
            "met": under and flat is not False and all(f["ran_to_end"] for f in ordered)}


def main(argv: list[str] | None = None) -> int:
    """Build or reuse the databases, check each, print the figures (JSON on the last line)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[20_000, 100_000],
                        help="complaints in each database built (default 20000 100000)")
    parser.add_argument("--db", type=Path, action="append", default=[],
                        help="a database already built to check as well (repeatable)")
    parser.add_argument("--work", type=Path, default=DEFAULT_WORK,
                        help=f"where databases are built and kept (default {DEFAULT_WORK})")
    parser.add_argument("--rebuild", action="store_true",
                        help="build again a database already in --work")
    parser.add_argument("--today", default=None,
                        help="make_big_db.py's --today for the databases built")
    args = parser.parse_args(argv)
    work = args.work.expanduser().resolve()
    work.mkdir(parents=True, exist_ok=True)
    keys = None if os.environ.get(KEY_FOLDER_ENV, "").strip() else work / "keys"
    figures = []
    for count in args.sizes:
        out = work / f"check-{count}.sqlite"
        env = child_env(keys)
        if args.rebuild or not out.exists() or complaints_in(out) != count:
            build(out, count, args.today, env)
        figures.append(measure(out, env))
    for db in args.db:
        figures.append(measure(db.expanduser().resolve(), child_env(None)))
    result = {"benchmark": "check_memory", "target_peak_mb": TARGET_PEAK_MB,
              "flat_limit_mb": FLAT_LIMIT_MB,
              "sizes": sorted(figures, key=lambda f: f["cases"]), **judge(figures)}
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
