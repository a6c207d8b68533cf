"""The test suite's wall time, as a developer runs it: the README's test command, timed.

``python benchmarks/suite_time.py [--parts] [-- PYTEST_ARGS...]``

Runs ``python -m pytest`` (the pytest part of the README's test command) from the project's
folder in a subprocess and times it from start to exit. The run also loads this file as a small
pytest plugin that adds up, for every test, the time of its setup, call and teardown, split by
the ``gui`` marker (tests/qt_plugin.py): the share of the run spent on the interface and on the
domain, the number of tests of each, and the setups of the tests that use the demonstration
database (built once per run, then copied; conftest.py). With ``--parts`` the domain alone
(``-m "not gui"``) and the interface alone (``-m gui``) are also run and timed, one after the
other, as a developer would run either.

Anything after ``--`` is passed to every pytest run (``-- -p no:randomly``). A failing test
does not stop the benchmark; the outcomes are counted. The last line printed is one JSON object
with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIGURES_ENV = "ETHICS_DESK_SUITE_FIGURES"
"""Where the plugin (this module, inside the timed pytest run) writes its figures."""


# -- the plugin, inside the timed run ----------------------------------------------------------


class _Tally:
    """Per-test times and outcomes of the run this module is loaded into as a plugin."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.setup: dict[str, float] = {}
        self.gui: set[str] = set()
        self.demo: set[str] = set()
        self.outcomes: Counter[str] = Counter()

    def add(self, report: pytest.TestReport) -> None:
        """One phase (setup, call or teardown) of one test."""
        self.seconds[report.nodeid] = self.seconds.get(report.nodeid, 0.0) + report.duration
        if report.when == "setup":
            self.setup[report.nodeid] = report.duration
        if report.when == "call":
            self.outcomes[report.outcome] += 1
        elif report.failed:
            self.outcomes["error"] += 1
        elif report.skipped:
            self.outcomes["skipped"] += 1

    def figures(self) -> dict[str, Any]:
        """The figures of the run: tests, outcomes, test time by marker, the demo's setups."""
        gui = sum(self.seconds.get(node, 0.0) for node in self.gui)
        demo = [self.setup.get(node, 0.0) for node in self.demo]
        return {"tests": len(self.seconds), "outcomes": dict(self.outcomes),
                "gui_tests": len(self.gui & self.seconds.keys()),
                "gui_test_seconds": round(gui, 2),
                "not_gui_tests": len(self.seconds.keys() - self.gui),
                "not_gui_test_seconds": round(sum(self.seconds.values()) - gui, 2),
                "demo_tests": len(demo), "demo_setup_seconds": round(sum(demo), 2),
                "slowest_demo_setup_seconds": round(max(demo, default=0.0), 2)}


_tally = _Tally()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Note the ``gui`` tests and those that use the demonstration database."""
    for item in session.items:
        if item.get_closest_marker("gui"):
            _tally.gui.add(item.nodeid)
        if "demo_template" in getattr(item, "fixturenames", ()):
            _tally.demo.add(item.nodeid)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Add one phase of one test."""
    _tally.add(report)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write the figures where the benchmark reads them."""
    target = os.environ.get(FIGURES_ENV)
    if target:
        Path(target).write_text(json.dumps(_tally.figures()), encoding="utf-8")


# -- the benchmark -------------------------------------------------------------------------------


def timed_run(pytest_args: list[str]) -> dict[str, Any]:
    """One ``python -m pytest`` with this plugin loaded; its wall time, exit status and figures."""
    with tempfile.TemporaryDirectory(prefix="suite-time-") as folder:
        figures = Path(folder) / "figures.json"
        env = dict(os.environ, **{FIGURES_ENV: str(figures)})
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(Path(__file__).parent), str(ROOT),
                                                           env.get("PYTHONPATH")]))
        command = [sys.executable, "-m", "pytest", "-q", "-p", Path(__file__).stem, *pytest_args]
        start = time.perf_counter()
        result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                                check=False)
        wall = time.perf_counter() - start
        tail = result.stdout.strip().splitlines()[-1:] or result.stderr.strip().splitlines()[-1:]
        found = json.loads(figures.read_text(encoding="utf-8")) if figures.exists() else {}
    return {"wall_seconds": round(wall, 2), "exit_status": result.returncode,
            "summary": tail[0] if tail else "", **found}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the last line is one JSON object."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    extra = args_in[args_in.index("--") + 1:] if "--" in args_in else []
    own = args_in[:args_in.index("--")] if "--" in args_in else args_in
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", action="store_true",
                        help='also time -m "not gui" and -m gui, each on its own')
    args = parser.parse_args(own)
    result: dict[str, Any] = {"cpus": os.cpu_count(), "load_average": list(os.getloadavg()),
                              "suite": timed_run(extra)}
    suite = result["suite"]
    print(f"the suite: {suite['wall_seconds']:.1f} s, {suite.get('tests', '?')} tests "
          f"({suite['summary']}); gui tests {suite.get('gui_test_seconds', '?')} s of test time, "
          f"the others {suite.get('not_gui_test_seconds', '?')} s; the demonstration's setups "
          f"{suite.get('demo_setup_seconds', '?')} s over {suite.get('demo_tests', '?')} tests")
    if args.parts:
        for name, mark in (("not_gui", "not gui"), ("gui", "gui")):
            part = result[name] = timed_run(["-m", mark, *extra])
            print(f'-m "{mark}": {part["wall_seconds"]:.1f} s ({part["summary"]})')
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
