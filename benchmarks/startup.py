"""Start-up of Ethics Desk on a big database: *ready* and *usable*, against a bare PySide6 window.

``python benchmarks/startup.py --db BIG [--runs 5] [--search szczepanska] [--today YYYY-MM-DD]``

``--db`` is a SQLite file (``make_big_db.py``) or a PostgreSQL server's address
(``postgresql+psycopg://…``, a copy made with ``ethics-desk migrate-to``); run it once for each.
Three programs are started in turn, ``--runs`` times each (interleaved, after one start of each
to warm the file cache and write the bytecode, as an installed copy has it:
``PYTHONDONTWRITEBYTECODE`` is not passed on), with Qt offscreen and a throw-away home folder
whose settings are removed before every run (so each starts as on a fresh workstation, on the
inbox, and no real settings are read or written; a file built in another folder or by another
account has its record key's folder passed on, ``ETHICS_DESK_KEY_FOLDER``,
:func:`key_folder_for`). Every time is measured from the moment this script starts the process
(the wall clock, read by the child at each moment it reaches —
:mod:`ethics_desk.ui.startup_probe`):

* ``bare`` — a PySide6 script that shows an empty ``QMainWindow``: the moment it is shown;
* ``sign_in`` — the application's first window, the sign-in dialog, shown from the first look
  at the database (nothing of a case is read before someone signs in, § 2-83(h)): the moment it
  is shown;
* ``app`` — ``python -m ethics_desk --db BIG --quit-when-ready``, signed in as the clerk
  ``benchclerk`` from ``ETHICS_DESK_USER``/``ETHICS_DESK_PASSWORD`` (made in the database when
  it has no such account), as a person who presses Enter the moment the dialog would show:
  **ready** — the main window shown on the inbox with its rows from the database; **usable** —
  then, the moment the window takes keys, "All cases" chosen and ``--search`` typed into the
  search box key by key (``ETHICS_DESK_STARTUP_SEARCH``), answered with its rows on screen.
  The child notes its moments in between (the first look; ``loaded``, what the dialog loads
  behind itself while a person types; signed in; the window built), so the figures say where
  the time goes (``steps_s``): ``sign_in`` is the sign-in itself — the Argon2id check at its
  shipped cost, slow on purpose, and its audit record — reported as its share of *ready*, never
  left out of it (``argon2_verify_s`` is one check alone, timed here); ``enter_to_ready`` and
  ``enter_to_usable`` are what a person who typed while the ORM loaded waits after Enter.

The targets are what a person waits for, each a ratio to the bare window: the sign-in dialog
shown at most :data:`TARGET_SIGN_IN` times; from Enter, *ready* at most :data:`TARGET_READY` times
and *usable* at most :data:`TARGET_USABLE` times (``enter_to_ready``, ``enter_to_usable``: the
sign-in's Argon2id check is in them); and the peak resident memory of ``app`` (the child's own
maximum, ``os.wait4``'s rusage) at most :data:`TARGET_MB` MB. Medians are reported, each with
its ratio to the bare window; ``"met"`` is true only if every target holds.

After timing, one more start checks what ``app`` shows: the inbox on "Due today" with its rows
(compared with the database), the status line; the search's rows (compared with the database's
own search index, read with its driver); and that the sign-in dialog was shown before SQLAlchemy
was imported (and, on a server, before ``psycopg`` was: the server is asked behind the dialog).
The check is part of the JSON (``first_screen``). The application shows the real today:
``--today`` names the day the database was built for (``make_big_db.py --today``) and a warning
is printed when it is not today. The last line printed is one JSON object with every figure.
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
import threading
import time
from collections.abc import Callable
from contextlib import closing
from datetime import date
from pathlib import Path
from typing import Any, NoReturn

TARGET_SIGN_IN = 2.0
"""The sign-in dialog shown, at most this many bare windows (a file and a server alike)."""
TARGET_READY = 2.0
"""Ready (the main window shown with the inbox's rows), from Enter, at most this many bare
windows."""
TARGET_USABLE = 3.0
"""Usable (the first search answered on screen), from Enter, at most this many bare windows."""
TARGET_MB = 200.0
"""The application's peak resident memory on 100,000 complaints."""

RUN_TIMEOUT_S = 180.0
"""A start that never reaches its end (a search that is never answered) is stopped after this."""

SEARCH = "szczepanska"
"""The rare surname ``make_big_db.py`` gives three complainants (typed without its accent)."""

MARKS_ENV = "ETHICS_DESK_STARTUP_MARKS"  # as ethics_desk.ui.startup_probe names them
SEARCH_ENV = "ETHICS_DESK_STARTUP_SEARCH"

BARE = """
import json, sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

class Window(QMainWindow):
    def showEvent(self, event):
        super().showEvent(event)
        QTimer.singleShot(0, shown)

def shown():
    with open(sys.argv[1], "a") as out:
        out.write(json.dumps({"mark": "shown", "at": time.time()}) + "\\n")
    QApplication.quit()

app = QApplication(sys.argv[:1])
window = Window()
window.resize(1180, 760)
window.show()
sys.exit(app.exec())
"""

SIGN_IN = """
import json, sys, time
from PySide6.QtCore import QTimer
from ethics_desk.core.clock import system_clock
from ethics_desk.ui.app import application, open_context
from ethics_desk.ui.sign_in import SignInDialog

app = application()
context = open_context(sys.argv[1], interactive=False, clock=system_clock,
                       behind_dialog=True)  # a server asked behind the dialog, as at the desk
dialog = SignInDialog(context)
seen = {}

def shown():
    seen.update(title=dialog.windowTitle(), sqlalchemy_imported="sqlalchemy" in sys.modules,
                psycopg_imported="psycopg" in sys.modules)
    if len(sys.argv) > 2:
        with open(sys.argv[2], "a") as out:
            out.write(json.dumps({"mark": "shown", "at": time.time()}) + "\\n")
    dialog.reject()

QTimer.singleShot(0, shown)
dialog.exec()
print(json.dumps(seen))
"""

CLERK = ("benchclerk", "a clerk's benchmark passphrase")
"""The account ``app`` signs in as (made once in the database if it lacks it)."""


def run_once(command: list[str], env: dict[str, str],
             marks: Path) -> tuple[float, float, dict[str, dict[str, Any]]]:
    """Wall seconds to exit, peak resident MB, and the moments the child noted (each as
    seconds from this script's start of the process, with the mark's details); it must exit 0."""
    marks.unlink(missing_ok=True)
    started_at = time.time()
    started = time.perf_counter()
    process = subprocess.Popen(command, env=dict(env, **{MARKS_ENV: str(marks)}),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stopper = threading.Timer(RUN_TIMEOUT_S, process.kill)  # never a benchmark that hangs
    stopper.start()
    try:
        _pid, status, usage = os.wait4(process.pid, 0)
    finally:
        stopper.cancel()
    elapsed = time.perf_counter() - started
    stderr = process.stderr.read().decode(errors="replace") if process.stderr else ""
    if process.stderr:
        process.stderr.close()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{command[:3]} exited {process.returncode}:\n{stderr}")
    peak_mb = usage.ru_maxrss / 1024 if sys.platform != "darwin" else usage.ru_maxrss / 2**20
    moments: dict[str, dict[str, Any]] = {}
    if marks.exists():
        for line in marks.read_text(encoding="utf-8").splitlines():
            mark = json.loads(line)
            mark["s"] = mark.pop("at") - started_at
            moments[mark.pop("mark")] = mark
    return elapsed, peak_mb, moments


def _server(db: Path | str) -> str | None:
    return db.replace("postgresql+psycopg://", "postgresql://", 1) if isinstance(db, str) else None


def _due_ids(db: Path | str, today: date) -> list[int]:
    """The ids due ``today``, read with the database's own driver."""
    server = _server(db)
    if server is not None:
        import psycopg

        with psycopg.connect(server) as conn:
            return [row[0] for row in conn.execute(
                "SELECT id FROM complaint WHERE next_due_on = %s ORDER BY id", (today,))]
    assert isinstance(db, Path)
    with closing(sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)) as conn:
        return [row[0] for row in conn.execute(
            "SELECT id FROM complaint WHERE next_due_on = ? ORDER BY id", (today.isoformat(),))]


def _found_ids(db: Path | str, text: str) -> list[int]:
    """The ids whose search key holds every word of ``text``, read with the database's own
    driver on its search index (:mod:`ethics_desk.cases.search_index`; the clerk sees every case)."""
    from ethics_desk.cases import search_index
    from ethics_desk.cases.inbox import like_pattern
    from ethics_desk.storage import search_table

    search = search_index.plan(text)
    server = _server(db)
    if server is not None:
        import psycopg

        where = ([("search_key", s) for s in search.key_substrings + search.unindexed]
                 + [("search_words", s) for s in search.word_substrings])
        sql = "SELECT id FROM complaint" + (" WHERE " + " AND ".join(
            f"{name} LIKE %s ESCAPE '\\'" for name, _ in where) if where else "")
        with psycopg.connect(server) as conn:
            return sorted(row[0] for row in conn.execute(
                sql, tuple(like_pattern(s) for _, s in where)))
    assert isinstance(db, Path)
    with closing(sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)) as conn:
        ids = {row[0] for row in conn.execute(
            f"SELECT rowid FROM {search_table.TABLE} WHERE {search_table.TABLE} MATCH ?",
            (search_index.fts_query(search),))} if search.indexed else None
        for word in search.unindexed:
            matching = {row[0] for row in conn.execute(
                "SELECT id FROM complaint WHERE search_key LIKE ? ESCAPE '\\'",
                (like_pattern(word),))}
            ids = matching if ids is None else ids & matching
        return sorted(ids or ())


def check_first_screen(db: Path | str, env: dict[str, str], today: date, search: str,
                       marks: Path) -> dict[str, Any]:
    """What the application shows when it is ready and when the search is answered, checked
    against the database, and what the sign-in dialog had loaded when it was shown."""
    command = [sys.executable, "-m", "ethics_desk", "--db", str(db), "--quit-when-ready"]
    _wall, _peak, moments = run_once(command, dict(env, **{SEARCH_ENV: search}), marks)
    ready, usable = moments["ready"], moments["usable"]
    seen: dict[str, Any] = {"screen": ready["screen"], "ready_rows": ready["rows"],
                            "search": search, "search_view": usable["view"],
                            "search_rows": usable["rows"], "search_status": usable["status"]}
    dialog = subprocess.run([sys.executable, "-c", SIGN_IN, str(db)], env=env,
                            capture_output=True, text=True, check=True)
    seen["sign_in_dialog"] = json.loads(dialog.stdout.strip().splitlines()[-1])
    due = _due_ids(db, today)
    seen["due_today_in_database"] = len(due)
    from ethics_desk.cases.inbox import PAGE_SIZE

    seen["ready_rows_match_database"] = ready["rows"] == min(len(due), PAGE_SIZE)
    found = _found_ids(db, search)
    seen["search_in_database"] = len(found)
    seen["search_rows_match_database"] = (sorted(usable["ids"]) == found if not usable["more"]
                                          else set(usable["ids"]) <= set(found))
    return seen


def leave_after(main: Callable[[], int]) -> NoReturn:
    """Run a benchmark that drives Qt windows (``inbox_search``, ``inbox_memory``) and leave
    with its code once its figures are printed, without the interpreter's clean-up: PySide 6.12
    at times corrupts a reference count while the Qt objects are collected at exit
    ("bool_dealloc"), after the figures."""
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def ensure_clerk(db: Path | str) -> None:
    """Give the database the clerk ``app`` signs in as, if it has no such account yet."""
    from ethics_desk.core.clock import system_clock
    from ethics_desk.core.roles import Role
    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.staff import accounts

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


def argon2_verify_s(runs: int) -> float:
    """One Argon2id check of a password at the shipped cost (the median of ``runs``)."""
    from ethics_desk.staff import accounts

    hashed = accounts._HASHER.hash(CLERK[1])
    times = []
    for _ in range(max(runs, 1)):
        started = time.perf_counter()
        accounts._HASHER.verify(hashed, CLERK[1])
        times.append(time.perf_counter() - started)
    return statistics.median(times)


_BETWEEN = (("first_look", None, "first_look"), ("loaded", "first_look", "load"),
            ("signed_in", "loaded", "sign_in"), ("window_built", "signed_in", "window_build"),
            ("ready", "window_built", "show"), ("usable", "search_typed", "search"),
            ("ready", "loaded", "enter_to_ready"), ("usable", "loaded", "enter_to_usable"))
"""The steps of a start, each the time from one moment to another (median seconds):
``load`` is what the sign-in dialog loads behind itself while a person types (the ORM, the
accounts, the inbox's SQL, the main window's modules), so ``enter_to_ready`` and
``enter_to_usable`` are what a person waits for after pressing Enter."""


def key_folder_for(db: Path | str) -> dict[str, str]:
    """``ETHICS_DESK_KEY_FOLDER`` for a child started with a fresh home folder: the folder
    where this process finds the record key of the SQLite file ``db``.

    A database built by ``make_big_db.py`` keeps its key in the builder's data folder (or in
    the credential store, which does not depend on the home folder); the child, given a
    throw-away home, would look in its own and open the record read-only. Nothing is added
    for a server (it keeps its own key), when the variable is already set, or when the key is
    not in a key file here.
    """
    from urllib.parse import quote

    from ethics_desk.storage.journal import KEY_SETTING
    from ethics_desk.storage.location import KEY_FOLDER_ENV, key_folder

    if _server(db) is not None or os.environ.get(KEY_FOLDER_ENV, "").strip():
        return {}
    uri = f"file:{quote(Path(db).resolve().as_posix())}?mode=ro"
    with closing(sqlite3.connect(uri, uri=True)) as connection:
        row = connection.execute("SELECT value FROM setting WHERE key = ?",
                                 (KEY_SETTING,)).fetchone()
    folder = key_folder()
    if row is None or not (folder / f"{row[0]}.key").is_file():
        return {}
    return {KEY_FOLDER_ENV: str(folder)}


def measure(db: Path | str, runs: int, search: str) -> dict[str, Any]:
    """Run the three programs and summarise."""
    home = Path(tempfile.mkdtemp(prefix="ethics-desk-startup-"))
    marks = home / "marks.jsonl"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(home),
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "cache"), XDG_STATE_HOME=str(home / "state"))
    for name in ("ETHICS_DESK_DB", MARKS_ENV, SEARCH_ENV, "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)  # compiled once, as an installed copy is, not at every start
    env.update(key_folder_for(db))
    ensure_clerk(db)
    env.update(ETHICS_DESK_USER=CLERK[0], ETHICS_DESK_PASSWORD=CLERK[1])
    programs = {
        "bare": ([sys.executable, "-c", BARE, str(marks)], env),
        "sign_in": ([sys.executable, "-c", SIGN_IN, str(db), str(marks)], env),
        "app": ([sys.executable, "-m", "ethics_desk", "--db", str(db), "--quit-when-ready"],
                dict(env, **{SEARCH_ENV: search})),
    }

    def fresh(command: list[str], environment: dict[str, str]) -> tuple[float, float,
                                                                         dict[str, Any]]:
        shutil.rmtree(home / "config", ignore_errors=True)  # the window remembers its screen
        return run_once(command, environment, marks)

    for command, environment in programs.values():  # warm the file cache and bytecode first
        fresh(command, environment)
    samples: dict[str, list[tuple[float, float, dict[str, Any]]]] = {n: [] for n in programs}
    for _ in range(runs):
        for name, (command, environment) in programs.items():
            samples[name].append(fresh(command, environment))

    def median(name: str, mark: str) -> float:
        return round(float(statistics.median(m[mark]["s"] for _w, _p, m in samples[name])), 3)

    bare = median("bare", "shown")
    figures: dict[str, Any] = {
        "bare": {"shown_s": bare, "peak_mb": round(max(p for _w, p, _m in samples["bare"]), 1)},
        "sign_in": {"shown_s": median("sign_in", "shown"),
                    "peak_mb": round(max(p for _w, p, _m in samples["sign_in"]), 1)},
    }
    figures["sign_in"]["ratio"] = round(figures["sign_in"]["shown_s"] / bare, 2)
    app = samples["app"]
    ready, usable = median("app", "ready"), median("app", "usable")
    steps = {label: round(statistics.median(
        m[end]["s"] - (m[begin]["s"] if begin else 0.0) for _w, _p, m in app), 3)
        for end, begin, label in _BETWEEN}
    figures["app"] = {
        "ready_s": ready, "ready_ratio": round(ready / bare, 2),
        "usable_s": usable, "usable_ratio": round(usable / bare, 2),
        "exit_s": round(statistics.median(w for w, _p, _m in app), 3),
        "peak_mb": round(max(p for _w, p, _m in app), 1),
        "ready_rows": app[-1][2]["ready"]["rows"], "search_rows": app[-1][2]["usable"]["rows"],
        "steps_s": steps,
        "sign_in_share_of_ready": round(steps["sign_in"] / ready, 2),
        "ready_without_sign_in_ratio": round((ready - steps["sign_in"]) / bare, 2),
        "usable_without_sign_in_ratio": round((usable - steps["sign_in"]) / bare, 2),
    }
    figures["argon2_verify_s"] = round(argon2_verify_s(runs), 3)
    figures["app"]["enter_to_ready_ratio"] = round(steps["enter_to_ready"] / bare, 2)
    figures["app"]["enter_to_usable_ratio"] = round(steps["enter_to_usable"] / bare, 2)
    figures["met"] = (figures["sign_in"]["ratio"] <= TARGET_SIGN_IN
                      and figures["app"]["enter_to_ready_ratio"] <= TARGET_READY
                      and figures["app"]["enter_to_usable_ratio"] <= TARGET_USABLE
                      and figures["app"]["peak_mb"] <= TARGET_MB)
    line = figures["app"]
    print(f"bare     {bare:.3f} s, peak {figures['bare']['peak_mb']:.0f} MB", file=sys.stderr)
    print(f"sign-in  {figures['sign_in']['shown_s']:.3f} s ({figures['sign_in']['ratio']:.2f} × "
          f"bare, target {TARGET_SIGN_IN})", file=sys.stderr)
    print(f"ready    {ready:.3f} s ({line['ready_ratio']:.2f} × bare), of which sign-in "
          f"{steps['sign_in']:.3f} s (Argon2id {figures['argon2_verify_s']:.3f} s)",
          file=sys.stderr)
    print(f"usable   {usable:.3f} s ({line['usable_ratio']:.2f} × bare); peak "
          f"{line['peak_mb']:.0f} MB (target {TARGET_MB:.0f})", file=sys.stderr)
    print(f"after Enter: ready {steps['enter_to_ready']:.3f} s "
          f"({line['enter_to_ready_ratio']:.2f} × bare, target {TARGET_READY}), usable "
          f"{steps['enter_to_usable']:.3f} s ({line['enter_to_usable_ratio']:.2f} × bare, "
          f"target {TARGET_USABLE})", file=sys.stderr)
    print(f"steps    {json.dumps(steps)}", file=sys.stderr)
    shutil.rmtree(home / "config", ignore_errors=True)
    figures["first_screen"] = check_first_screen(db, env, date.today(), search, marks)
    shutil.rmtree(home, ignore_errors=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, measure, print the figures (JSON on the last line)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True,
                        help="the database (make_big_db.py), or a server's address (a copy of "
                             "it made with ethics-desk migrate-to)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--search", default=SEARCH,
                        help=f"the search typed once the window is ready (default {SEARCH!r})")
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
    figures = measure(db, args.runs, args.search)
    print(json.dumps({"benchmark": "startup", "db": str(db), "runs": args.runs,
                      "target_sign_in_ratio": TARGET_SIGN_IN,
                      "target_enter_to_ready_ratio": TARGET_READY,
                      "target_enter_to_usable_ratio": TARGET_USABLE,
                      "target_mb": TARGET_MB, **figures}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
