"""Commands that answer at once: the parser names each command's function without importing its
module, so ``--version``, ``--help``, ``due`` and ``calendar`` load only what they use, and every
name it gives resolves to a real function (a misspelt one fails here, not at a clerk's desk)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ethics_desk.cli import WINDOW, main
from ethics_desk.cli.handlers import Handler
from ethics_desk.cli.parser import build_parser
from ethics_desk.core.roles import Role
from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage.location import default_database_path
from tests.conftest import CLOCK
from tests.signing_in import sign_in_as

ROOT = Path(__file__).resolve().parents[1]

HEAVY = ("sqlalchemy", "PySide6", "reportlab", "argon2", "psycopg", "holidays", "alembic",
         "openpyxl", "pypdf", "keyring")
"""What a command that shows nothing of the record has no use for."""

LOADED = """
import json, sys
from ethics_desk.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
sys.stdout.flush()
heavy = sorted({name.split(".")[0] for name in sys.modules} & set(json.loads(HEAVY)))
ours = sorted(name for name in sys.modules if name.startswith("ethics_desk."))
print("\\n" + json.dumps({"code": code, "heavy": heavy, "ours": ours}))
"""
"""Run the command line as ``ethics-desk`` does, then name the heavy packages it had loaded
(and the modules of its own)."""


def run_alone(*arguments: str) -> tuple[int, str, list[str]]:
    """Run ``ethics-desk ARGUMENTS`` in a fresh Python (this test's data folder, no database
    named); returns its exit status, what it printed and the heavy packages it loaded."""
    code, printed, heavy, _ours = run_alone_naming_ours(*arguments)
    return code, printed, heavy


def run_alone_naming_ours(*arguments: str) -> tuple[int, str, list[str], list[str]]:
    """:func:`run_alone`, and the modules of ``ethics_desk`` it loaded."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    env.pop("ETHICS_DESK_DB", None)
    result = subprocess.run(
        [sys.executable, "-c", LOADED.replace("HEAVY", repr(json.dumps(HEAVY))), *arguments],
        env=env, capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    printed, _, last = result.stdout.rstrip("\n").rpartition("\n")
    seen = json.loads(last)
    return seen["code"], printed, seen["heavy"], seen["ours"]


@pytest.mark.parametrize("option", ["--version", "--help"])
def test_version_and_help_load_no_database_window_or_paper_code(option: str) -> None:
    code, printed, heavy = run_alone(option)
    assert code == 0
    assert "ethics-desk" in printed
    assert heavy == []


def test_importing_the_package_and_its_command_line_loads_nothing_heavy() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    program = ("import json, sys\n"
               "import ethics_desk, ethics_desk.cli, ethics_desk.cli.parser\n"
               "import ethics_desk.cli.common, ethics_desk.cli.handlers\n"
               "print(json.dumps(sorted(name for name in sys.modules)))")
    result = subprocess.run([sys.executable, "-c", program], env=env, capture_output=True,
                            text=True, check=True, timeout=120)
    loaded = {name.split(".")[0] for name in json.loads(result.stdout)}
    assert not loaded & set(HEAVY)


def test_due_on_a_computer_without_a_database_loads_nothing_heavy_not_even_holidays() -> None:
    """No Qt, ReportLab or SQLAlchemy (no database: the rules alone, nothing of the storage),
    and no ``holidays`` package: its holidays come from the shipped table."""
    code, printed, heavy = run_alone("due", "2026-12-01", "5")
    assert code == 0
    assert printed.splitlines()[0] == "2026-12-08"
    assert "no database yet" in printed
    assert heavy == []
    assert not default_database_path().exists()


@pytest.mark.parametrize("command", [("due", "2026-12-01", "5"), ("calendar", "2027")])
def test_due_and_calendar_without_a_database_load_no_permissions_and_no_database_code(
        command: tuple[str, ...]) -> None:
    """They sign in to nothing, so the permission table and its vocabulary stay unread (the
    closure commands, which sign in, live apart in ``cli/closures.py``)."""
    code, _printed, _heavy, ours = run_alone_naming_ours(*command)
    assert code == 0
    assert "ethics_desk.cli.calendar" in ours
    assert not {"ethics_desk.core.permissions", "ethics_desk.core.vocabulary",
                "ethics_desk.cli.closures", "ethics_desk.storage.database",
                "ethics_desk.deadlines.schedule"} & set(ours)


def test_due_on_the_state_calendar_loads_nothing_heavy() -> None:
    code, printed, heavy = run_alone("due", "2026-12-23", "2", "--calendar", "state")
    assert code == 0
    assert printed.splitlines()[0] == "2026-12-29"  # Christmas Eve, Day and the Day After
    assert heavy == []


def test_calendar_on_a_computer_without_a_database_loads_nothing_heavy() -> None:
    code, printed, heavy = run_alone("calendar", "2027")
    assert code == 0
    assert "2027-11-25 Thanksgiving Day" in printed
    assert "2027-11-26 Day after Thanksgiving" in printed
    assert heavy == []


def test_a_year_the_holidays_table_does_not_hold_is_still_answered() -> None:
    """Past the shipped table, ``calendar`` asks the ``holidays`` package itself."""
    code, printed, heavy = run_alone("calendar", "2090")
    assert code == 0
    assert "2090-11-23 Thanksgiving Day" in printed
    assert heavy == ["holidays"]


def test_due_reads_the_closures_of_the_database_in_the_data_folder(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The quick answer on a computer without a database never hides one that is there."""
    database = open_database(None, clock=CLOCK)  # the default file, in the test's data folder
    try:
        sign_in_as(monkeypatch, database, Role.CLERK)
    finally:
        database.dispose()
    assert main(["closure", "add", "2026-12-01", "Winter weather closure"], clock=CLOCK) == 0
    capsys.readouterr()
    assert main(["due", "2026-11-24", "3"], clock=CLOCK) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "2026-12-02"
    assert "Winter weather closure" in out
    assert f"as set in the database at {default_database_path()}" in out


def _parsers(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every command and action of the command line, with its words (``user list``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from ((f"{name} {words}".strip(), inner) for words, inner in _parsers(sub))
    yield "", parser


def test_every_command_in_the_parser_names_a_function_that_exists() -> None:
    named: dict[str, Handler] = {}
    for words, parser in _parsers(build_parser()):
        has_actions = any(isinstance(a, argparse._SubParsersAction) for a in parser._actions)
        handler = parser.get_default("handler")
        if not words or has_actions:  # the program itself, or a command of several actions
            assert handler is None, words
            continue
        assert isinstance(handler, Handler), f"“{words}” names no function"
        named[words] = handler
    assert {"due", "calendar", "user list", "access", "letter", "email send", "deadlines",
            "report annual", "key import", "closure add"} <= set(named)
    for words, handler in [*named.items(), ("(the window)", WINDOW)]:
        assert callable(handler.resolve()), words
        assert handler.resolve().__name__ == handler.name, words


def test_a_misspelt_function_fails_to_resolve() -> None:
    with pytest.raises(AttributeError):
        Handler("ethics_desk.cli.office", "cmd_acess").resolve()


def test_the_help_names_the_inbox_saved_views_in_their_order() -> None:
    from ethics_desk.cases.inbox import SAVED_VIEWS
    from ethics_desk.cases.view_names import SAVED_VIEW_NAMES

    assert tuple(view.name for view in SAVED_VIEWS) == SAVED_VIEW_NAMES
    docket = dict(_parsers(build_parser()))["docket"]
    help_text = docket.format_help()
    assert all(f"“{name}”" in " ".join(help_text.split()) for name in SAVED_VIEW_NAMES)
