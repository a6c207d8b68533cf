"""Start-up time and peak memory of Ethics Desk on a big database, against a bare PySide6 window.

``python benchmarks/startup.py --db BIG [--runs 5] [--today YYYY-MM-DD]``

Three programs are started in turn, ``--runs`` times each (interleaved), with Qt offscreen and a
throw-away home folder whose settings are removed before every run (so each starts as on a
fresh workstation, on the inbox, and no real settings are read or written):

* ``bare`` — a PySide6 script that shows an empty ``QMainWindow`` and quits once it is shown;
* ``sign_in`` — the application's first window, the sign-in dialog, shown from the first look
  at the database (nothing of a case is read before someone signs in, § 2-83(h));
* ``app`` — ``python -m ethics_desk --db BIG --quit-when-ready``, signed in as the clerk
  ``benchclerk`` from ``ETHICS_DESK_USER``/``ETHICS_DESK_PASSWORD`` (made in the database when
  it has no such account): the ORM loaded, the password checked (Argon2id at its shipped cost),
  the main window shown on the inbox's "Due today" with the rows from the database, the status
  bar filled in — everything a start does, with no time for typing.

The targets are what a person waits for: the first window, ``sign_in``, at most four times the
bare window (and 300 MB); and, measured inside one process (``after_sign_in``, the median of
``--runs``), from pressing Enter in the dialog — the ORM having loaded while they typed — to
the main window shown with its rows, at most :data:`TARGET_AFTER_S` seconds (most of it the
Argon2id check, slow on purpose).

After timing, one more start checks what ``app`` shows when it is ready: the inbox on "Due
today", its rows (compared with the database), the status line; and that the sign-in dialog
was shown before SQLAlchemy was imported. The check is part of the JSON (``first_screen``).

Wall time is from starting the process to its exit; peak memory is the child's own maximum
resident set (``os.wait4``'s rusage). Medians are reported, with each program's ratio to the
bare window (target at most 4.0 for ``app``) and its peak in MB (target at most 300). The
application shows the real today: ``--today`` names the day the database was built for
(``make_big_db.py --today``) and a warning is printed when it is not today. The last line
printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from datetime import date
from pathlib import Path
from typing import Any

TARGET_RATIO = 4.0
TARGET_MB = 300.0
TARGET_AFTER_S = 1.0

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

SIGN_IN = """
import json, sys
from PySide6.QtCore import QTimer
from ethics_desk.core.clock import system_clock
from ethics_desk.ui.app import application, open_context
from ethics_desk.ui.sign_in import SignInDialog

app = application()
context = open_context(sys.argv[1], interactive=False, clock=system_clock)
dialog = SignInDialog(context)
seen = {}

def shown():
    seen.update(title=dialog.windowTitle(), sqlalchemy_imported="sqlalchemy" in sys.modules)
    dialog.reject()

QTimer.singleShot(0, shown)
dialog.exec()
print(json.dumps(seen))
"""

AFTER_SIGN_IN = """
import json, sys, time
from ethics_desk.core.clock import system_clock
from ethics_desk.staff.accounts import sign_in
from ethics_desk.ui.app import application, open_context
from ethics_desk.ui.main_window import MainWindow

app = application()
context = open_context(sys.argv[1], interactive=False, clock=system_clock)
context.load()  # as while the person types: the ORM is loaded behind the sign-in dialog
import ethics_desk.cases.inbox_query  # noqa: F401 - the last loading step
started = time.perf_counter()
context.account = sign_in(context.database, sys.argv[2], sys.argv[3], clock=system_clock)
window = MainWindow(context)
window.ready.connect(app.quit)
window.show()
app.exec()
print(json.dumps({"after_sign_in_s": time.perf_counter() - started}))
"""

CLERK = ("benchclerk", "a clerk's benchmark passphrase")
"""The account ``app`` signs in as (made once in the database if it lacks it)."""

CHECK = """
import json, sys
from PySide6.QtWidgets import QApplication
from ethics_desk.core.clock import system_clock
from ethics_desk.ui.app import application, open_context
from ethics_desk.ui.main_window import MainWindow

from ethics_desk.staff.accounts import sign_in

app = application()
context = open_context(sys.argv[1], interactive=False, clock=system_clock)
context.account = sign_in(context.database, sys.argv[2], sys.argv[3], clock=system_clock)
window = MainWindow(context)
seen = {}

def ready():
    inbox = window.inbox_screen
    model = inbox.model
    seen.update(screen=window.current_screen(), view=inbox.current_view(),
                rows=model.rowCount(), more=model.has_more,
                ids=[model.case_id(row) for row in range(model.rowCount())],
                status=inbox.status.text(), staff=window.staff_label.text(),
                database=window.database_label.text(),
                )
    app.quit()

window.ready.connect(ready)
window.show()
app.exec()
print(json.dumps(seen))
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


def _due_ids(db: Path | str, today: date) -> list[int]:
    """The ids due ``today``, read with the database's own driver."""
    if isinstance(db, str):  # a server
        import psycopg

        with psycopg.connect(db.replace("postgresql+psycopg://", "postgresql://", 1)) as conn:
            return [row[0] for row in conn.execute(
                "SELECT id FROM complaint WHERE next_due_on = %s ORDER BY id", (today,))]
    with closing(sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)) as conn:
        return [row[0] for row in conn.execute(
            "SELECT id FROM complaint WHERE next_due_on = ? ORDER BY id", (today.isoformat(),))]


def check_first_screen(db: Path | str, env: dict[str, str], today: date) -> dict[str, Any]:
    """What the application shows when it is ready, checked against the database, and what
    the sign-in dialog had loaded when it was shown."""
    done = subprocess.run([sys.executable, "-c", CHECK, str(db), *CLERK], env=env,
                          capture_output=True, text=True, check=True)
    seen: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    dialog = subprocess.run([sys.executable, "-c", SIGN_IN, str(db)], env=env,
                            capture_output=True, text=True, check=True)
    seen["sign_in_dialog"] = json.loads(dialog.stdout.strip().splitlines()[-1])
    due = _due_ids(db, today)
    ids = seen.pop("ids")
    seen["rows_match_database"] = ids == due[:len(ids)] and (len(ids) == len(due)
                                                              or seen["more"])
    seen["due_today_in_database"] = len(due)
    return seen


def ensure_clerk(db: Path | str) -> None:
    """Give the database the clerk ``app`` signs in as, if it has no such account yet."""
    from ethics_desk.core.clock import system_clock
    from ethics_desk.staff import accounts
    from ethics_desk.staff.roles import Role
    from ethics_desk.storage.opening import open_database

    database = open_database(str(db), create=False, clock=system_clock)
    try:
        if any(a.login == CLERK[0] for a in accounts.list_accounts(database)):
            return
        if accounts.needs_first_administrator(database):
            accounts.create_first_administrator(database, "benchadmin", "Benchmark Admin",
                                                "an administrator's passphrase",
                                                clock=system_clock)
        admin = next(a for a in accounts.list_accounts(database) if a.role is Role.ADMIN)
        made = accounts.add_account(database, CLERK[0], "Benchmark Clerk", Role.CLERK,
                                    "first " + CLERK[1], by=admin, clock=system_clock)
        accounts.change_own_password(database, made, "first " + CLERK[1], CLERK[1],
                                     clock=system_clock)
    finally:
        database.dispose()


def measure(db: Path | str, runs: int) -> dict[str, Any]:
    """Run the three programs and summarise."""
    home = Path(tempfile.mkdtemp(prefix="ethics-desk-startup-"))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(home),
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "cache"), XDG_STATE_HOME=str(home / "state"))
    env.pop("ETHICS_DESK_DB", None)
    ensure_clerk(db)
    env.update(ETHICS_DESK_USER=CLERK[0], ETHICS_DESK_PASSWORD=CLERK[1])
    programs = {
        "bare": [sys.executable, "-c", BARE],
        "sign_in": [sys.executable, "-c", SIGN_IN, str(db)],
        "app": [sys.executable, "-m", "ethics_desk", "--db", str(db), "--quit-when-ready"],
    }

    def fresh(command: list[str]) -> tuple[float, float]:
        shutil.rmtree(home / "config", ignore_errors=True)  # the window remembers its screen
        return run_once(command, env)

    for command in programs.values():  # warm the file cache and Python's bytecode first
        fresh(command)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in programs}
    for _ in range(runs):
        for name, command in programs.items():
            samples[name].append(fresh(command))
    figures: dict[str, Any] = {}
    for name, values in samples.items():
        figures[name] = {"wall_s": round(statistics.median(v[0] for v in values), 3),
                         "peak_mb": round(max(v[1] for v in values), 1)}
    bare = figures["bare"]["wall_s"]
    for name in ("sign_in", "app"):
        figures[name]["ratio"] = round(figures[name]["wall_s"] / bare, 2)
        print(f"{name:6} {figures[name]['wall_s']:.3f} s ({figures[name]['ratio']:.2f} × bare "
              f"{bare:.3f} s), peak {figures[name]['peak_mb']:.0f} MB", file=sys.stderr)
    after = [json.loads(subprocess.run(
        [sys.executable, "-c", AFTER_SIGN_IN, str(db), *CLERK], env=env, capture_output=True,
        text=True, check=True).stdout.strip().splitlines()[-1])["after_sign_in_s"]
        for _ in range(runs)]
    figures["after_sign_in"] = {"wall_s": round(statistics.median(after), 3)}
    figures["met"] = (figures["sign_in"]["ratio"] <= TARGET_RATIO
                      and figures["sign_in"]["peak_mb"] <= TARGET_MB
                      and figures["after_sign_in"]["wall_s"] <= TARGET_AFTER_S)
    shutil.rmtree(home / "config", ignore_errors=True)
    figures["first_screen"] = check_first_screen(db, env, date.today())
    shutil.rmtree(home, ignore_errors=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, measure, print the figures (JSON on the last line)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True,
                        help="the database (make_big_db.py), or a server's address (a copy of "
                             "it made with ethics-desk migrate-to)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--today", type=date.fromisoformat, default=None,
                        help="the day the database was built for (make_big_db.py --today); "
                             "the application shows the real today, so this only warns when "
                             "they differ")
    args = parser.parse_args(argv)
    db: Path | str = args.db
    if "://" not in args.db:
        db = Path(args.db).expanduser().resolve()
        if not db.is_file():
            raise SystemExit(f"no database at {db}; build one with benchmarks/make_big_db.py")
    if args.today is not None and args.today != date.today():
        print(f"warning: the database was built for {args.today}, but the application shows "
              f"today, {date.today()}: its inbox may show few or no rows due today",
              file=sys.stderr)
    figures = measure(db, args.runs)
    print(json.dumps({"benchmark": "startup", "db": str(db), "runs": args.runs,
                      "target_ratio": TARGET_RATIO, "target_mb": TARGET_MB,
                      "target_after_sign_in_s": TARGET_AFTER_S, **figures}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
