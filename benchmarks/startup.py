"""Start-up time and peak memory of Ethics Desk on a big database, against a bare PySide6 window.

``python benchmarks/startup.py --db BIG [--runs 5] [--today YYYY-MM-DD]``

Four programs are started in turn, ``--runs`` times each (interleaved), with Qt offscreen and a
throw-away home folder (so no real settings are read or written):

* ``bare`` — a PySide6 script that shows an empty ``QMainWindow`` and quits once it is shown;
* ``app`` — ``python -m ethics_desk --db BIG --quit-when-ready``, whatever it shows today;
* ``frame`` — the same main window started the way ``inbox`` starts it, showing the inbox's
  placeholder (so that ``inbox`` minus ``frame`` is the inbox screen's own cost);
* ``inbox`` — the main window with the inbox screen put in its place and shown, on "Due today"
  (what ``--quit-when-ready`` will measure once the inbox is the start-up screen).

Wall time is from starting the process to its exit; peak memory is the child's own maximum
resident set (``os.wait4``'s rusage). Medians are reported, with each program's ratio to the
bare window (target at most 4.0) and its peak in MB (target at most 300). The last line printed
is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

TARGET_RATIO = 4.0
TARGET_MB = 300.0

BARE = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

class Window(QMainWindow):
    def showEvent(self, event):
        super().showEvent(event)
        QTimer.singleShot(0, QApplication.quit)

app = QApplication(sys.argv[:1])
window = Window()
window.resize(1180, 760)
window.show()
sys.exit(app.exec())
"""

INBOX = """
import sys
from datetime import date, datetime
from zoneinfo import ZoneInfo

from ethics_desk.ui.app import application, open_with_dialogs
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import SCREENS, MainWindow
from ethics_desk.ui.screens.inbox_screen import InboxScreen

app = application()
database = open_with_dialogs(sys.argv[1], interactive=False)
if database is None:
    sys.exit(2)
if sys.argv[2]:
    day = date.fromisoformat(sys.argv[2])
    moment = datetime(day.year, day.month, day.day, 10, 0, tzinfo=ZoneInfo("America/Chicago"))
    context = AppContext(database, clock=lambda: moment)
else:
    context = AppContext(database)
window = MainWindow(context)
if sys.argv[3] == "inbox":
    inbox = InboxScreen(context, window)
    place = SCREENS.index("inbox")
    placeholder = window.stack.widget(place)
    window.stack.removeWidget(placeholder)
    window.stack.insertWidget(place, inbox)
    window.go("inbox")
    assert inbox.current_view() == "Due today"
else:
    window.go("inbox")
window.ready.connect(app.quit)
window.show()
code = app.exec()
database.dispose()
sys.exit(code)
"""


def run_once(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and peak resident MB of one run (it must exit 0)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    stderr = process.stderr.read().decode(errors="replace") if process.stderr else ""
    if process.stderr:
        process.stderr.close()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{command[:3]} exited {process.returncode}:\n{stderr}")
    peak_mb = usage.ru_maxrss / 1024 if sys.platform != "darwin" else usage.ru_maxrss / 2**20
    return elapsed, peak_mb


def measure(db: Path, runs: int, today: date | None) -> dict[str, Any]:
    """Run the three programs and summarise."""
    home = Path(tempfile.mkdtemp(prefix="ethics-desk-startup-"))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(home),
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "cache"), XDG_STATE_HOME=str(home / "state"))
    env.pop("ETHICS_DESK_DB", None)
    day = today.isoformat() if today else ""
    programs = {
        "bare": [sys.executable, "-c", BARE],
        "app": [sys.executable, "-m", "ethics_desk", "--db", str(db), "--quit-when-ready"],
        "frame": [sys.executable, "-c", INBOX, str(db), day, "placeholder"],
        "inbox": [sys.executable, "-c", INBOX, str(db), day, "inbox"],
    }
    for command in programs.values():  # warm the file cache and Python's bytecode first
        run_once(command, env)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in programs}
    for _ in range(runs):
        for name, command in programs.items():
            samples[name].append(run_once(command, env))
    figures: dict[str, Any] = {}
    for name, values in samples.items():
        figures[name] = {"wall_s": round(statistics.median(v[0] for v in values), 3),
                         "peak_mb": round(max(v[1] for v in values), 1)}
    bare = figures["bare"]["wall_s"]
    for name in ("app", "frame", "inbox"):
        figures[name]["ratio"] = round(figures[name]["wall_s"] / bare, 2)
        figures[name]["met"] = (figures[name]["ratio"] <= TARGET_RATIO
                                and figures[name]["peak_mb"] <= TARGET_MB)
        print(f"{name:6} {figures[name]['wall_s']:.3f} s ({figures[name]['ratio']:.2f} × bare "
              f"{bare:.3f} s), peak {figures[name]['peak_mb']:.0f} MB", file=sys.stderr)
    return figures


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, measure, print the figures (JSON on the last line)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="the database (make_big_db.py)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--today", type=date.fromisoformat, default=None,
                        help="the inbox's date (default: the real today)")
    args = parser.parse_args(argv)
    db = args.db.expanduser().resolve()
    if not db.is_file():
        raise SystemExit(f"no database at {db}; build one with benchmarks/make_big_db.py")
    figures = measure(db, args.runs, args.today)
    print(json.dumps({"benchmark": "startup", "db": str(db), "runs": args.runs,
                      "target_ratio": TARGET_RATIO, "target_mb": TARGET_MB, **figures}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
