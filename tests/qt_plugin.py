"""The Qt side of the test run: which tests are ``gui``, and what Qt needs before the first one.

A test is ``gui`` when it uses pytest-qt's ``qtbot`` or ``qapp`` (directly or through another
fixture), lives under ``tests/ui/``, or its module imports PySide6, pytest-qt, ``ethics_desk.ui``
or ``tests.ui`` when it is imported. The marker is added to every such item as it is collected,
so ``pytest -m "not gui"`` runs the domain alone and ``pytest -m gui`` the interface alone.

A run whose ``-m`` leaves out every ``gui`` test never imports Qt: pytest-qt is taken out before
it would load PySide6 (its ``pytest_configure`` does), the ``tests/ui`` folder and the modules
that import Qt are not collected (importing them would load it), and at the end of the session
the run fails if PySide6 was loaded anyway (a domain test that reached Qt after all).

A run that has ``gui`` tests gets, before its first test, what the application does before its
first window: ``ethics_desk.ui.none_guard.guard()`` (PySide6 6.12 on Python 3.11 drops a
reference to ``None`` on every void call; see that module). Qt draws offscreen at scale 1 in
every run, and in every program the tests start: the environment is set when this plugin loads,
before any Qt import.

This module imports no Qt itself; the root ``conftest.py`` loads it as a plugin.
"""

from __future__ import annotations

import ast
import itertools
import os
import re
import sys
from functools import cache
from pathlib import Path

import pytest

os.environ["QT_QPA_PLATFORM"] = "offscreen"  # no display in CI; read when the QApplication starts
os.environ.setdefault("QT_SCALE_FACTOR", "1")

TESTS = Path(__file__).resolve().parent
GUI_FOLDER = TESTS / "ui"
"""The interface's tests: every test under it is ``gui``."""
QT_FIXTURES = frozenset({"qtbot", "qapp"})
"""pytest-qt's fixtures that start the QApplication."""
QT_MODULES = ("PySide6", "pytestqt", "ethics_desk.ui", "tests.ui")
"""A test module importing one of these (or a module inside one) is ``gui``."""
PYTEST_QT = "pytest-qt"
"""pytest-qt's plugin name (its entry point), taken out of runs without ``gui`` tests."""

_MARK_WORDS = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NOT_MARKS = frozenset({"and", "or", "not", "True", "False"})


def _is_qt_module(name: str) -> bool:
    return any(name == qt or name.startswith(qt + ".") for qt in QT_MODULES)


@cache
def imports_qt(path: Path) -> bool:
    """True when importing the module at ``path`` imports Qt: a module-level import (also under
    ``if``/``try``) of PySide6, pytest-qt, ``ethics_desk.ui`` or ``tests.ui``.

    Imports inside functions are not counted: they happen only when the function runs.
    """
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return False  # pytest reports the module's own problem when it collects it
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Import) and any(_is_qt_module(a.name) for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                _is_qt_module(node.module)
                or any(_is_qt_module(f"{node.module}.{a.name}") for a in node.names)):
            return True
        if isinstance(node, ast.If | ast.Try | ast.With):
            for field in ("body", "orelse", "finalbody", "handlers"):
                for child in getattr(node, field, []):
                    pending.extend(child.body if isinstance(child, ast.ExceptHandler)
                                   else [child])
    return False


def in_gui_folder(path: Path) -> bool:
    """True for ``tests/ui`` and everything in it."""
    return path == GUI_FOLDER or GUI_FOLDER in path.parents


def is_gui(item: pytest.Item) -> bool:
    """Whether ``item`` needs Qt: a pytest-qt fixture, the ``tests/ui`` folder, or a Qt import."""
    path = Path(item.path)
    return bool(QT_FIXTURES & set(getattr(item, "fixturenames", ()))) or in_gui_folder(path) \
        or (path.suffix == ".py" and imports_qt(path))


def excludes_gui(markexpr: str) -> bool:
    """True when the ``-m`` expression selects no ``gui`` test, whatever its other marks.

    Every combination of the expression's other mark names is tried with ``gui`` set; an
    expression pytest cannot read is left for pytest to report (False here).
    """
    if not markexpr.strip():
        return False
    from _pytest.mark.expression import Expression  # pytest's own reading of -m

    try:
        expression = Expression.compile(markexpr)
    except Exception:
        return False
    others = sorted(set(_MARK_WORDS.findall(markexpr)) - _NOT_MARKS - {"gui"})
    if len(others) > 10:
        return False  # too many to try; gui tests are then deselected rather than uncollected
    for values in itertools.product((False, True), repeat=len(others)):
        present = {"gui", *(name for name, on in zip(others, values, strict=True) if on)}
        if expression.evaluate(_MarksMatcher(present)):
            return False
    return True


class _MarksMatcher:
    """An item's marks as ``-m`` sees them: a mark given with arguments matches none of them."""

    def __init__(self, marks: set[str]) -> None:
        self.marks = marks

    def __call__(self, name: str, /, **kwargs: str | int | bool | None) -> bool:
        return name in self.marks and not kwargs


def _without_gui(config: pytest.Config) -> bool:
    return excludes_gui(str(config.getoption("markexpr", "") or ""))


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Before ``pytest_configure``: take pytest-qt out of a run without ``gui`` tests (it would
    import PySide6 there). Its options stay known, so the ``qt_*`` settings remain valid."""
    if _without_gui(config) and config.pluginmanager.has_plugin(PYTEST_QT):
        config.pluginmanager.set_blocked(PYTEST_QT)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """In a run without ``gui`` tests, do not import ``tests/ui`` or a module that imports Qt."""
    if not _without_gui(config):
        return None
    path = Path(collection_path)
    if in_gui_folder(path) or (path.suffix == ".py" and path.name.startswith("test_")
                               and imports_qt(path)):
        return True
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that needs Qt ``gui`` (before ``-m`` deselects by marks)."""
    for item in items:
        if is_gui(item):
            item.add_marker(pytest.mark.gui)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Before the first ``gui`` test: guard ``None`` as the application does (see the module)."""
    if any(item.get_closest_marker("gui") for item in session.items):
        from ethics_desk.ui import none_guard

        none_guard.guard()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A run without ``gui`` tests fails if PySide6 was imported all the same."""
    if not _without_gui(session.config):
        return
    loaded = sorted(name for name in sys.modules if name.split(".")[0] == "PySide6")
    if loaded:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        message = (f"a run without gui tests imported Qt: {', '.join(loaded[:8])}; mark the test "
                   "that needs Qt (it uses qtbot, or imports PySide6 or ethics_desk.ui)")
        if reporter is not None:
            reporter.write_line(f"ERROR: {message}", red=True)
        else:  # pragma: no cover - the terminal reporter is always there in a normal run
            print(f"ERROR: {message}", file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
