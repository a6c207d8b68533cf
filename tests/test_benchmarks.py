"""The benchmark scripts are not run by the suite, so each is at least imported: a name one of
them imports that has moved would otherwise go unseen until someone measures."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.benchmark_scripts import BENCHMARKS, load_benchmark

pytestmark = pytest.mark.gui  # two of the scripts drive the real window


@pytest.mark.parametrize("script", sorted(p.name for p in BENCHMARKS.glob("*.py")))
def test_every_benchmark_script_still_imports(script: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A benchmark is not run by the suite, so a name it imports that moved would go unseen."""
    module = load_benchmark(script, monkeypatch)
    assert callable(getattr(module, "main", None))


def test_check_memory_reports_each_size_and_whether_the_target_is_met(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The check-memory benchmark on a tiny database: its JSON's shape, never its figures."""
    import json

    monkeypatch.setenv("ETHICS_DESK_KEY_FOLDER", str(tmp_path / "keys"))
    module = load_benchmark("check_memory.py", monkeypatch)
    assert module.main(["--sizes", "40", "--work", str(tmp_path), "--today", "2026-11-30"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["benchmark"] == "check_memory" and isinstance(figures["met"], bool)
    [size] = figures["sizes"]
    assert size["cases"] == 40 and size["ran_to_end"] and size["peak_mb"] > 0
    assert {"wall_s", "cpu_s", "size_mb", "all_hold"} <= set(size)
    assert figures["flat"] is None and figures["growth_mb"] is None  # one size: not judged


def test_full_text_search_builds_its_cases_and_reports_each_query_and_whether_it_is_met(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The full-text benchmark on 60 cases in a folder of the test's: its JSON's shape, and the
    word planted in one exhibit found once — never its times."""
    import json
    import tempfile

    monkeypatch.setenv("ETHICS_DESK_KEY_FOLDER", str(tmp_path / "keys"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the cached file goes there
    module = load_benchmark("full_text_search.py", monkeypatch)
    assert module.main(["--count", "60", "--repeat", "1"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["dialect"] == "sqlite" and isinstance(figures["met"], bool)
    assert figures["built"] and figures["exhibit"] >= 1
    assert figures["queries"]["clerk: quixotic"]["results"] == 1
    assert len(figures["queries"]) == 2 * len(module.QUERIES)
    assert all(query["median_ms"] >= 0 for query in figures["queries"].values())


def test_commands_times_each_command_against_python_and_reports_whether_each_target_is_met(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The commands benchmark, one start of each on the demonstration database it builds: its
    JSON's shape and every target judged — never its times."""
    import json
    import tempfile

    monkeypatch.setenv("ETHICS_DESK_KEY_FOLDER", str(tmp_path / "keys"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # its folder goes there
    module = load_benchmark("commands.py", monkeypatch)
    assert module.main(["--runs", "1"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["benchmark"] == "commands" and isinstance(figures["met"], bool)
    assert figures["python_s"] > 0 and figures["argon2_verify_s"] > 0
    targets = {"version": 1.5, "help": 1.5, "due": 2.5, "calendar": 2.5, "signed_in": 2.5}
    for name, target in targets.items():
        line = figures[name]
        assert line["target_ratio"] == target and isinstance(line["met"], bool), name
        assert line["median_s"] > 0 and len(line["runs_s"]) == 1, name
    assert "ratio_without_argon2" in figures["signed_in"]
    assert figures["met"] == all(figures[name]["met"] for name in targets)
    assert figures["due_on_database"]["median_s"] > 0
    assert list(tmp_path.glob("ethics-desk-commands-*")) == []  # its folder is removed
