"""The benchmark scripts as they are run, ``python benchmarks/NAME.py``: none hides a module of
the standard library from the others (their folder comes first on the path), and the start-up
benchmark works on a database built elsewhere — its children start with a home folder of their
own, so they are given the folder where the record's key is."""

from __future__ import annotations

import sqlite3
import sys
from contextlib import closing
from pathlib import Path
from types import ModuleType

import pytest

from ethics_desk.storage.journal import KEY_SETTING
from ethics_desk.storage.location import KEY_FOLDER_ENV
from tests.benchmark_scripts import BENCHMARKS, load_benchmark


def test_no_benchmark_script_is_named_as_a_module_of_the_standard_library() -> None:
    """``python benchmarks/x.py`` puts the folder first on the path: a script named
    ``statistics.py`` was imported by every other script's ``import statistics``."""
    clashes = sorted(path.name for path in BENCHMARKS.glob("*.py")
                     if path.stem in sys.stdlib_module_names)
    assert clashes == []


def _startup(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    return load_benchmark("startup.py", monkeypatch)


def _database_keyed(path: Path, key_id: str) -> Path:
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT)")
        connection.execute("INSERT INTO setting VALUES (?, ?)", (KEY_SETTING, key_id))
    return path


@pytest.fixture
def builders_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data folder of whoever built the database: no key folder named, keys in a file."""
    monkeypatch.delenv(KEY_FOLDER_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "data"))
    return tmp_path


def test_a_child_with_a_fresh_home_is_given_the_folder_holding_the_databases_key(
        builders_data_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.storage.location import key_folder

    startup = _startup(monkeypatch)
    (builders_data_folder / "built elsewhere").mkdir()
    db = _database_keyed(builders_data_folder / "built elsewhere" / "big.sqlite", "k" * 32)
    keys = key_folder()
    keys.mkdir(parents=True)
    (keys / f"{'k' * 32}.key").write_text("not read here")
    assert startup.key_folder_for(db) == {KEY_FOLDER_ENV: str(keys)}


def test_a_key_not_in_a_key_file_here_adds_nothing(builders_data_folder: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    startup = _startup(monkeypatch)
    db = _database_keyed(builders_data_folder / "big.sqlite", "k" * 32)
    assert startup.key_folder_for(db) == {}  # in the credential store, which any home reaches


def test_a_key_folder_already_named_is_left_to_the_child(
        builders_data_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    startup = _startup(monkeypatch)
    db = _database_keyed(builders_data_folder / "big.sqlite", "k" * 32)
    monkeypatch.setenv(KEY_FOLDER_ENV, str(builders_data_folder / "keys"))
    assert startup.key_folder_for(db) == {}  # the child inherits the variable itself


@pytest.mark.sqlite_file  # the benchmark's clerk is made with the file's own accounts
def test_case_open_times_each_case_against_its_rows_and_says_whether_the_target_is_met(
        demo_database: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], qapp: object) -> None:
    """The case-opening benchmark on the demonstration: its JSON's shape and the rows it read,
    never its times."""
    import json

    from ethics_desk.storage.database import Database

    assert isinstance(demo_database, Database) and demo_database.url.database
    module = load_benchmark("case_open.py", monkeypatch)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the script puts its folder first
    assert module.main(["--db", demo_database.url.database, "--runs", "1", "--cases", "2"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["benchmark"] == "case_open" and isinstance(figures["met"], bool)
    assert len(figures["cases"]) == 2 and figures["bare_ms"] > 0
    for case in figures["cases"].values():
        assert case["rows"] > 0 and case["open_ms"] > 0 and case["raw_ms"] > 0


@pytest.mark.sqlite_file  # the benchmark's clerk is made with the file's own accounts
def test_inbox_search_runs_the_screens_own_query_raw_and_says_whether_the_target_is_met(
        demo_database: object, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], qapp: object) -> None:
    """The search benchmark on the demonstration: the screen's query, its lists of values
    (a person's scope asks ``decision IN (…)``) given one parameter each, runs with the
    driver; its JSON's shape, never its times."""
    import json

    from ethics_desk.storage.database import Database

    assert isinstance(demo_database, Database) and demo_database.url.database
    module = load_benchmark("inbox_search.py", monkeypatch)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the script puts its folder first
    assert module.main(["--db", demo_database.url.database, "--repeat", "1",
                        "--key-ms", "5", "--terms", "garcia"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["benchmark"] == "inbox_search" and isinstance(figures["met"], bool)
    garcia = figures["terms"]["garcia"]
    assert garcia["sql_ms"] > 0 and garcia["ui_ms"] > 0
    assert "POSTCOMPILE" not in figures["sql_example"]
