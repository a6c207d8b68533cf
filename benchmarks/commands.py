"""Commands that answer at once: how long ``ethics-desk`` takes to answer, against Python itself.

``python benchmarks/commands.py [--runs 7] [--db FILE --user LOGIN]``

Each program below is started ``--runs`` times in a process of its own, interleaved (one of each
in turn, after one start of each to warm the file cache and the bytecode —
``PYTHONDONTWRITEBYTECODE`` is not passed on, so the bytecode is written once, as an installed
copy has it), every one the same way — ``python -c …`` or ``python -m ethics_desk …`` in this
checkout's folder, its package first on the path — in a throw-away home folder (``HOME``,
``APPDATA``, the XDG folders; no machine-wide database setting, no ``ETHICS_DESK_DB``), so no
real settings or database are read. Each time is the wall clock from starting the process to its
exit (it must exit 0):

* ``python`` — ``python -c "import sqlite3"``: the yardstick, Python starting and stopping;
* ``version`` — ``ethics-desk --version``;
* ``help`` — ``ethics-desk --help``;
* ``due`` — ``ethics-desk due 2026-12-01 5`` (no database on this computer: the rules alone);
* ``calendar`` — ``ethics-desk calendar 2027`` (likewise);
* ``signed_in`` — ``ethics-desk user list --db DB``, signed in from ``ETHICS_DESK_USER`` and
  ``ETHICS_DESK_PASSWORD``: on a demonstration database built first in the benchmark's own
  folder (``ethics-desk demo``, its record key kept there with ``ETHICS_DESK_KEY_FOLDER``),
  as ``admin`` with the demonstration's password; or, with ``--db``, on that database as
  ``--user`` with the password in ``ETHICS_DESK_PASSWORD`` and the key the environment gives;
* ``due_on_database`` — ``ethics-desk due 2026-12-01 5 --db DB``, the same count with the
  office's closures read from that database (reported, not a target).

The sign-in checks the password with Argon2id at its shipped cost, slow on purpose:
``argon2_verify_s`` is one such check alone, timed here as ``startup.py`` times it, and the
signed-in command's target leaves it out (``ratio_without_argon2``).

The targets, each a ratio of medians to ``python``: ``--version`` and ``--help`` at most
:data:`TARGET_AT_ONCE`; ``due`` and ``calendar`` at most :data:`TARGET_COUNTING`; the signed-in
command, less one Argon2id check, at most :data:`TARGET_SIGNED_IN`. ``"met"`` is true only if
every target holds. The last line printed is one JSON object with every figure.
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

ROOT = Path(__file__).resolve().parents[1]

TARGET_AT_ONCE = 1.5
"""``--version`` and ``--help``: at most this many Python starts."""
TARGET_COUNTING = 2.5
"""``due`` and ``calendar``: at most this many Python starts."""
TARGET_SIGNED_IN = 2.5
"""A signed-in command, less its one Argon2id check: at most this many Python starts."""

DEMO_USER = ("admin", "demo")
"""The demonstration's Administrator and its password (``ethics_desk.staff.accounts``)."""
RUN_TIMEOUT_S = 300.0
KEY_FOLDER_ENV = "ETHICS_DESK_KEY_FOLDER"


ARGON2 = """
import json, sys, time
from ethics_desk.staff import accounts

hashed = accounts._HASHER.hash("demo")
times = []
for _ in range(int(sys.argv[1])):
    started = time.perf_counter()
    accounts._HASHER.verify(hashed, "demo")
    times.append(time.perf_counter() - started)
print(json.dumps(times))
"""
"""One Argon2id check at a time with the hasher the accounts use, at its shipped cost."""


def argon2_verify_s(runs: int, env: dict[str, str]) -> float:
    """One Argon2id check of a password at the shipped cost, the median of ``runs`` (as
    ``startup.py`` times it: the hasher the accounts use), in a process of its own, so that
    nothing in this one (a test's cheaper hasher) changes it."""
    result = subprocess.run([sys.executable, "-c", ARGON2, str(runs)], env=env, cwd=ROOT,
                            capture_output=True, text=True, check=True, timeout=RUN_TIMEOUT_S)
    return statistics.median(json.loads(result.stdout.strip().splitlines()[-1]))


def child_env(home: Path, keys: Path | None) -> dict[str, str]:
    """The environment of every process started: a throw-away home folder, no database named,
    this checkout's package first on the path, and (``keys``) the key folder of a database the
    benchmark built."""
    env = dict(os.environ, HOME=str(home), USERPROFILE=str(home),
               APPDATA=str(home / "AppData" / "Roaming"),
               LOCALAPPDATA=str(home / "AppData" / "Local"),
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "cache"), XDG_STATE_HOME=str(home / "state"),
               XDG_CONFIG_DIRS=str(home / "site-config"),
               PYTHONPATH=os.pathsep.join(filter(None, (str(ROOT),
                                                        os.environ.get("PYTHONPATH")))))
    for name in ("ETHICS_DESK_DB", "ETHICS_DESK_USER", "ETHICS_DESK_PASSWORD",
                 "PYTHONDONTWRITEBYTECODE"):  # compiled once, as an installed copy is
        env.pop(name, None)
    if keys is not None:
        env[KEY_FOLDER_ENV] = str(keys)
    return env


def run_once(command: list[str], env: dict[str, str]) -> float:
    """Wall seconds from starting ``command`` to its exit; it must exit 0."""
    started = time.perf_counter()
    result = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            cwd=ROOT, timeout=RUN_TIMEOUT_S, check=False)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command[2:])} exited {result.returncode}:\n"
                         f"{result.stderr.decode(errors='replace')}")
    return elapsed


def build_demo(folder: Path, env: dict[str, str]) -> Path:
    """A demonstration database in ``folder`` (``ethics-desk demo``)."""
    db = folder / "demo.sqlite"
    print(f"building the demonstration database in {db}…", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "ethics_desk", "demo", "--db", str(db)], env=env,
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=RUN_TIMEOUT_S * 4)
    return db


def programs(db: Path | str, env: dict[str, str], user: tuple[str, str | None],
             ) -> dict[str, tuple[list[str], dict[str, str]]]:
    """Each program timed, with its environment (the signed-in one's names its account)."""
    ethics_desk = [sys.executable, "-m", "ethics_desk"]
    signed_in = dict(env, ETHICS_DESK_USER=user[0])
    if user[1] is not None:
        signed_in["ETHICS_DESK_PASSWORD"] = user[1]
    elif "ETHICS_DESK_PASSWORD" in os.environ:
        signed_in["ETHICS_DESK_PASSWORD"] = os.environ["ETHICS_DESK_PASSWORD"]
    return {
        "python": ([sys.executable, "-c", "import sqlite3"], env),
        "version": ([*ethics_desk, "--version"], env),
        "help": ([*ethics_desk, "--help"], env),
        "due": ([*ethics_desk, "due", "2026-12-01", "5"], env),
        "calendar": ([*ethics_desk, "calendar", "2027"], env),
        "signed_in": ([*ethics_desk, "user", "list", "--db", str(db)], signed_in),
        "due_on_database": ([*ethics_desk, "due", "2026-12-01", "5", "--db", str(db)], env),
    }


def measure(db: Path | str, runs: int, env: dict[str, str],
            user: tuple[str, str | None]) -> dict[str, Any]:
    """Time every program ``runs`` times, interleaved, and judge the targets."""
    timed = programs(db, env, user)
    for command, environment in timed.values():  # warm the file cache and the bytecode
        run_once(command, environment)
    samples: dict[str, list[float]] = {name: [] for name in timed}
    for _ in range(runs):
        for name, (command, environment) in timed.items():
            samples[name].append(run_once(command, environment))
    medians = {name: statistics.median(times) for name, times in samples.items()}
    python = medians["python"]
    argon2 = argon2_verify_s(max(runs, 3), env)
    targets = {"version": TARGET_AT_ONCE, "help": TARGET_AT_ONCE, "due": TARGET_COUNTING,
               "calendar": TARGET_COUNTING, "signed_in": TARGET_SIGNED_IN}
    figures: dict[str, Any] = {"python_s": round(python, 3), "argon2_verify_s": round(argon2, 3)}
    met = True
    for name, taken in medians.items():
        if name == "python":
            continue
        line: dict[str, Any] = {"median_s": round(taken, 3), "ratio": round(taken / python, 2),
                                "runs_s": [round(t, 3) for t in samples[name]]}
        judged = taken / python
        if name == "signed_in":
            judged = (taken - argon2) / python
            line["ratio_without_argon2"] = round(judged, 2)
        if name in targets:
            line["target_ratio"] = targets[name]
            line["met"] = judged <= targets[name]
            met = met and line["met"]
        figures[name] = line
    figures["met"] = met
    print(f"python      {python:.3f} s", file=sys.stderr)
    for name in timed:
        if name == "python":
            continue
        line = figures[name]
        judged = line.get("ratio_without_argon2", line["ratio"])
        target = (f"target {line['target_ratio']}: {'met' if line['met'] else 'NOT met'}"
                  if "target_ratio" in line else "reported only")
        extra = (f", {judged:.2f} × without Argon2id ({argon2:.3f} s)" if name == "signed_in"
                 else "")
        print(f"{name:<11} {line['median_s']:.3f} s = {line['ratio']:.2f} × python{extra} "
              f"({target})", file=sys.stderr)
    return figures


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, measure, print the figures (JSON on the last line)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="starts of each program (default 7)")
    parser.add_argument("--db", help="time the signed-in command on this database instead of "
                                     "a demonstration built for the run (a file or a URL)")
    parser.add_argument("--user", help="with --db, the login to sign in as (the password in "
                                       "ETHICS_DESK_PASSWORD)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.db and not (args.user and os.environ.get("ETHICS_DESK_PASSWORD")):
        parser.error("with --db, give --user and the password in ETHICS_DESK_PASSWORD")
    folder = Path(tempfile.mkdtemp(prefix="ethics-desk-commands-"))
    try:
        home = folder / "home"
        db: Path | str
        if args.db:
            db = args.db if "://" in args.db else Path(args.db).expanduser().resolve()
            if isinstance(db, Path) and not db.is_file():
                raise SystemExit(f"no database at {db}")
            env = child_env(home, None)  # the key the environment gives, as the office's
            user: tuple[str, str | None] = (args.user, None)
        else:
            keys = Path(os.environ[KEY_FOLDER_ENV]) if os.environ.get(KEY_FOLDER_ENV) \
                else folder / "keys"
            env = child_env(home, keys)
            db = build_demo(folder, env)
            user = DEMO_USER
        figures = measure(db, args.runs, env, user)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps({"benchmark": "commands", "runs": args.runs,
                      "db": str(db) if args.db else "demonstration",
                      "target_at_once_ratio": TARGET_AT_ONCE,
                      "target_counting_ratio": TARGET_COUNTING,
                      "target_signed_in_ratio": TARGET_SIGNED_IN, **figures}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
