"""Quit while the day's automatic backup is being taken: how long until Ethics Desk is gone.

``python benchmarks/quit.py [--count 10000] [--runs 3] [--after 1.0]``

A database of ``--count`` cases is built first (``make_big_db.py``, in the benchmark's own
throw-away home folder, which keeps its record key: the backup's checks need it). Each run
copies it into a fresh folder (no backup of the day yet, so the start takes one), starts the
application in a process of its own (Qt offscreen, a throw-away home folder) as an interactive
start does — signed in, the desk (:mod:`ethics_desk.ui.desk`) opening the window and starting the
day's verified backup off the GUI thread — and ``--after`` seconds later, while the copy and
its checks are under way, triggers File → Quit. The child runs the application's own
:func:`ethics_desk.ui.app.run_desk` and ends as :func:`~ethics_desk.ui.app.run_gui` does
(:func:`~ethics_desk.ui.app.leave`). Measured from Quit (the wall clock, noted by the child):
``window_closed_s``, until the event loop has ended and the database is closed;
``process_end_s``, until the process has exited. Medians are reported; ``"met"`` is
true when the median ``process_end_s`` is at most :data:`TARGET_S` and no backup was left half
made (no ``.partial`` file in the backup folder). The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TARGET_S = 1.0
"""At most a second from Quit to the process gone."""

CHILD = r"""
import json, sys, time
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from ethics_desk.core.clock import system_clock
from ethics_desk.staff import accounts
from ethics_desk.ui.app import application, leave, load_now, open_context, run_desk
from ethics_desk.ui.desk import Desk

app = application()
context = open_context(sys.argv[1], interactive=False, clock=system_clock)
load_now(context)
if accounts.needs_first_administrator(context.database):
    context.account = accounts.create_first_administrator(
        context.database, "benchadmin", "Benchmark Admin", "an administrator's passphrase",
        clock=system_clock)
else:
    context.account = accounts.sign_in_at_desk(
        context.database, "benchadmin", "an administrator's passphrase", clock=system_clock)
marks = {}

def quit_now(window):
    backup = window.daily_backup
    marks["backup_running"] = backup is not None and backup.running
    marks["quit"] = time.time()
    window.findChild(QAction, "actionQuit").trigger()

def opened(window):
    QTimer.singleShot(int(float(sys.argv[2]) * 1000), lambda: quit_now(window))

original = Desk.open_window

def open_window(desk):
    window = original(desk)
    opened(window)
    return window

Desk.open_window = open_window
try:
    code = run_desk(app, context, interactive=True)  # as a start with the sign-in dialog
finally:
    context.database.dispose()
marks["closed"] = time.time()
print(json.dumps(marks), flush=True)
leave(code)  # as run_gui ends an interactive start
"""


def build(folder: Path, count: int, env: dict[str, str]) -> Path:
    """A database of ``count`` cases made by ``make_big_db.py``."""
    out = folder / "big.sqlite"
    subprocess.run([sys.executable, str(Path(__file__).with_name("make_big_db.py")), "--out",
                    str(out), "--count", str(count)], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return out


def run_once(source: Path, folder: Path, after: float, env: dict[str, str]) -> dict[str, Any]:
    """One start and Quit on a fresh copy of ``source``."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    db = folder / source.name
    for suffix in ("", "-anchor"):
        if Path(f"{source}{suffix}").exists():
            shutil.copy(f"{source}{suffix}", f"{db}{suffix}")
    result = subprocess.run([sys.executable, "-c", CHILD, str(db), str(after)], env=env,
                            capture_output=True, text=True, check=False)
    ended = time.time()
    if result.returncode != 0:
        raise SystemExit(f"the start failed:\n{result.stderr}")
    marks = json.loads(result.stdout.strip().splitlines()[-1])
    backups = folder / "Backups"
    partial = sorted(p.name for p in backups.iterdir() if ".partial" in p.name) \
        if backups.is_dir() else []
    return {"window_closed_s": marks["closed"] - marks["quit"],
            "process_end_s": ended - marks["quit"],
            "backup_running": marks["backup_running"], "left_half_made": partial}


def main(argv: list[str] | None = None) -> int:
    """Measure and print the figures; non-zero when the target is not met."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--after", type=float, default=1.0)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ethics-desk-quit-") as tmp:
        home = Path(tmp) / "home"
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(home),
                   XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
                   XDG_CACHE_HOME=str(home / "cache"), XDG_STATE_HOME=str(home / "state"))
        source = build(Path(tmp), args.count, env)
        runs = [run_once(source, Path(tmp) / "run", args.after, env) for _ in range(args.runs)]
    window = statistics.median(r["window_closed_s"] for r in runs)
    end = statistics.median(r["process_end_s"] for r in runs)
    figures = {"benchmark": "quit", "cases": args.count,
               "after_s": args.after, "runs": len(runs),
               "backup_running_at_quit": sum(bool(r["backup_running"]) for r in runs),
               "window_closed_s": round(window, 3), "process_end_s": round(end, 3),
               "target_s": TARGET_S, "left_half_made": sum(len(r["left_half_made"]) for r in runs),
               "met": end <= TARGET_S and not any(r["left_half_made"] for r in runs)}
    print(json.dumps(figures))
    return 0 if figures["met"] else 1


if __name__ == "__main__":
    sys.exit(main())
