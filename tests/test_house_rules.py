"""The rules the design depends on, checked on every run: a Qt-free core, lint, migrations."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import CLOCK

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ethics_desk"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_the_domain_core_never_imports_qt() -> None:
    offenders = [str(p.relative_to(ROOT)) for p in PACKAGE.rglob("*.py")
                 if "ui" not in p.relative_to(PACKAGE).parts[:1] and "PySide6" in _imports(p)]
    assert offenders == []


THE_RECORDS_DOORS = frozenset({"read_session", "unit_of_work", "write", "statements",
                               "write_session"})
"""The database's own ways in: a session, a unit of work, a write, raw statements."""


def _reaches_into_the_record(path: Path) -> list[str]:
    """What a module of the window does that only a service may: import SQLAlchemy (a query,
    a session), or call the database's own ways in."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""])
            found += [f"line {node.lineno}: imports {name}" for name in names
                      if name == "sqlalchemy" or name.startswith("sqlalchemy.")]
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in THE_RECORDS_DOORS
                and "database" in ast.unparse(node.func.value)):
            found.append(f"line {node.lineno}: {ast.unparse(node.func)}(…)")
    return found


def test_the_window_never_opens_a_session_or_writes_a_query() -> None:
    # The window calls an operation of the domain, which takes the signed-in account and
    # reads or writes in one transaction; it never holds a session of its own.
    offenders = {str(p.relative_to(ROOT)): found for p in sorted((PACKAGE / "ui").rglob("*.py"))
                 if (found := _reaches_into_the_record(p))}
    assert offenders == {}


def test_the_session_rule_finds_a_session_opened_in_the_window(tmp_path: Path) -> None:
    screen = tmp_path / "screen.py"
    screen.write_text("from sqlalchemy import select\n"
                      "def read(context):\n"
                      "    with context.database.read_session() as session:\n"
                      "        return session.scalars(select(1))\n", encoding="utf-8")
    assert _reaches_into_the_record(screen) == [
        "line 1: imports sqlalchemy", "line 3: context.database.read_session(…)"]


def test_every_module_and_class_has_a_docstring() -> None:
    missing = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        wants_docstring = (path.name != "__init__.py" or path.stat().st_size) and \
            "versions" not in path.parts
        if wants_docstring and not ast.get_docstring(tree):
            missing.append(f"{path.relative_to(ROOT)} (module)")
        missing.extend(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
                       for node in ast.walk(tree)
                       if isinstance(node, ast.ClassDef) and not ast.get_docstring(node))
    assert missing == []


@pytest.mark.lint
def test_ruff_finds_nothing() -> None:
    ruff = shutil.which("ruff")
    command = [ruff] if ruff else [sys.executable, "-m", "ruff"]
    result = subprocess.run([*command, "check", "ethics_desk", "tests", "benchmarks", "installer"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_migrations_match_the_models(tmp_path: Path) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from ethics_desk.maintenance.opening import open_database
    from ethics_desk.models import Base
    from ethics_desk.storage import search_table

    database = open_database(tmp_path / "m.sqlite", clock=CLOCK)
    try:
        with database.engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={
                "include_name": lambda name, kind, _parents: not (
                    kind == "table" and search_table.is_index_table(name or ""))})
            diff = compare_metadata(context, Base.metadata)
    finally:
        database.dispose()
    assert diff == [], "the models changed without a migration: " + repr(diff)


@pytest.mark.parametrize("name", ["sqlalchemy", "alembic", "holidays", "reportlab"])
def test_runtime_dependencies_are_declared(name: str) -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8").lower()
    assert f'"{name}' in text


def test_the_command_line_and_the_database_agree_on_the_environment_variable() -> None:
    from ethics_desk.cli import common as cli
    from ethics_desk.storage import location
    assert cli.DB_ENV == location.DB_ENV


def test_the_known_revisions_are_exactly_the_migration_scripts() -> None:
    from alembic.script import ScriptDirectory

    from ethics_desk.storage.migrate import REVISIONS, alembic_config

    script = ScriptDirectory.from_config(alembic_config())
    in_order = [rev.revision for rev in reversed(list(script.walk_revisions()))]
    assert tuple(in_order) == REVISIONS
    assert script.get_current_head() == REVISIONS[-1]


WALL_CLOCK_READS = ("date.today(", "datetime.now(", "datetime.today(", "datetime.utcnow(",
                    "QDate.currentDate(", "QDateTime.currentDateTime(", "QTime.currentTime(",
                    "time.time(")
"""Ways of reading the machine's clock; only ``ethics_desk/core/clock.py`` may use them."""


def _wall_clock_reads() -> list[str]:
    return [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
            for path in sorted(PACKAGE.rglob("*.py"))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if any(read in line for read in WALL_CLOCK_READS)]


def test_only_the_clock_module_reads_the_wall_clock() -> None:
    """Time is an input: every stamp and every "today" comes from the clock a caller passes."""
    reads = _wall_clock_reads()
    assert reads, "the clock module reads the wall clock, so the search must find it"
    assert {read.split(":")[0] for read in reads} == {"ethics_desk/core/clock.py"}, reads


WORKSTATION_ZONE_READS = (".astimezone()", "now().date()", "clock().date()", "now().time()",
                          "time.localtime(", "time.strftime(")
"""Ways of taking a date or an hour in the workstation's own time zone. The office's "today" is
the clock's moment in the office's zone (``office.time_zone``: ``office_today``,
``AppContext.today``, ``office_date``), whatever the workstation is set to; only
``ethics_desk/core/clock.py`` reads the workstation's zone (a file-name stamp)."""


def _workstation_zone_reads() -> list[str]:
    return [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
            for path in sorted(PACKAGE.rglob("*.py"))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if any(read in line for read in WORKSTATION_ZONE_READS)]


def test_only_the_clock_module_takes_a_date_in_the_workstations_zone() -> None:
    """One "today" for the office: no screen, paper or rule dates anything by the zone the
    workstation happens to be set to (a laptop back from a trip, a desk set to UTC)."""
    reads = _workstation_zone_reads()
    assert reads, "the clock module names the workstation's day, so the search must find it"
    assert {read.split(":")[0] for read in reads} == {"ethics_desk/core/clock.py"}, reads


def test_no_stored_time_defaults_to_the_wall_clock() -> None:
    """Stamps (recorded, issued, added, created, updated) are set from the act's clock."""
    from ethics_desk.models import Base
    from ethics_desk.models.base import UTCDateTime

    stamps = [column for table in Base.metadata.tables.values() for column in table.columns
              if isinstance(column.type, UTCDateTime)]
    assert {"issued_document.issued_at", "audit_record.at"} <= {str(c) for c in stamps}
    assert [str(c) for c in stamps if c.default is not None or c.onupdate is not None] == []


# -- a domain run without Qt (tests/qt_plugin.py) -------------------------------------------------


def _pytest(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "QT_"))}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:randomly", *args], cwd=cwd,
                          env=env, capture_output=True, text=True, check=False, timeout=600)


def test_a_domain_run_collects_every_domain_folder_and_never_imports_qt() -> None:
    result = _pytest("-m", "not gui", "--collect-only", "-q")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "imported Qt" not in result.stdout
    files = {line.split("::")[0] for line in result.stdout.splitlines() if "::" in line}
    assert not [name for name in files if name.startswith("tests/ui/")]
    folders = {Path(name).parent.name for name in files}
    assert {"board", "cases", "deadlines", "demo", "documents", "mail", "storage",
            "workflow"} <= folders
    assert "tests/test_cli.py" in files


def test_a_domain_run_that_reaches_qt_fails(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (tmp_path / "test_reaches_qt.py").write_text(
        "def test_imports_qt_when_it_runs():\n    import PySide6.QtCore  # noqa: F401\n",
        encoding="utf-8")
    result = _pytest("-c", str(tmp_path / "pytest.ini"), "--rootdir", str(tmp_path),
                     "-p", "tests.qt_plugin", "-m", "not gui", str(tmp_path))
    assert result.returncode == pytest.ExitCode.TESTS_FAILED, result.stdout + result.stderr
    assert "1 passed" in result.stdout
    assert "a run without gui tests imported Qt: PySide6" in result.stdout


@pytest.mark.parametrize(("expression", "excludes"), [
    ("not gui", True), ("not gui and not slow", True), ("(not gui) and (slow or fast)", True),
    ("gui", False), ("not gui or slow", False), ("slow", False), ("", False),
    ("not gui(reason=1)", False),
])
def test_only_a_mark_expression_that_selects_no_gui_test_keeps_qt_out(
        expression: str, excludes: bool) -> None:
    from tests.qt_plugin import excludes_gui

    assert excludes_gui(expression) is excludes


@pytest.mark.parametrize(("source", "qt"), [
    ("from PySide6.QtCore import Qt\n", True),
    ("import PySide6.QtWidgets as widgets\n", True),
    ("from ethics_desk import ui\n", True),
    ("from ethics_desk.ui.context import AppContext\n", True),
    ("from tests.ui.conftest import type_text\n", True),
    ("try:\n    import pytestqt\nexcept ImportError:\n    pass\n", True),
    ("def test_late():\n    from PySide6.QtCore import Qt\n", False),
    ("from ethics_desk.cases.inbox import urgency_of\nimport uiautomation\n", False),
])
def test_a_module_that_imports_qt_when_imported_is_gui(tmp_path: Path, source: str,
                                                       qt: bool) -> None:
    from tests.qt_plugin import imports_qt

    module = tmp_path / "test_module.py"
    module.write_text(source, encoding="utf-8")
    assert imports_qt(module) is qt

