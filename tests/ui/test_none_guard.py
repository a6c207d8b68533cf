"""A long session of Qt calls never exhausts ``None``, nor signals ``True`` (the binding's
dropped references).

Each check runs in a fresh interpreter, so that it sees the binding as the application does,
before anything (such as this suite's own conftest) has guarded it.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

CALLS = 300_000
"""More void calls than ``None`` has references in a fresh interpreter (about 5,000), and more
signals than ``True`` has."""


def _run(script: str) -> subprocess.CompletedProcess[str]:
    code = textwrap.dedent("""
        import os, sys
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        from PySide6.QtWidgets import QApplication, QLabel
        from ethics_desk.ui import none_guard
    """) + textwrap.dedent(script)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)


def test_an_afternoon_of_void_calls_does_not_stop_the_application() -> None:
    result = _run(f"""
        from ethics_desk.ui.app import application
        app = application()  # guards, as the application does
        label = QLabel()
        for _ in range({CALLS}):
            label.setText("Due today")
        print("survived", sys.getrefcount(None) > 0)
    """)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "survived True" in result.stdout
    assert "none_dealloc" not in result.stderr


def test_an_afternoon_of_signals_does_not_stop_the_application() -> None:
    result = _run(f"""
        from PySide6.QtCore import QObject, Signal
        from ethics_desk.ui.app import application
        app = application()  # guards, as the application does

        class Case(QObject):
            saved = Signal()

        case = Case()
        case.saved.connect(lambda: None)
        for _ in range({CALLS}):
            case.saved.emit()
        print("survived", sys.getrefcount(True) > 0)
    """)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "survived True" in result.stdout
    assert "bool_dealloc" not in result.stderr


def test_the_guard_is_given_only_when_the_binding_drops_references() -> None:
    result = _run("""
        nones = none_guard.drops_none_references()
        bools = none_guard.drops_bool_references()
        before = {v: sys.getrefcount(v) for v in (None, True, False)}
        needed = none_guard.guard()
        grew = {v: sys.getrefcount(v) - before[v] >= none_guard.RESERVE // 2
                for v in (None, True, False)}
        print("needed", needed == (nones or bools))
        print("none", grew[None] == nones, "bools", grew[True] == bools, grew[False] == bools)
        again = {v: sys.getrefcount(v) for v in (None, True, False)}
        print("again", none_guard.guard() == needed,
              all(sys.getrefcount(v) - again[v] < 1000 for v in again))
    """)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "needed True" in result.stdout
    assert "none True bools True True" in result.stdout  # a reserve only where the fault is
    assert "again True True" in result.stdout  # and only once
