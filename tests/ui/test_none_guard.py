"""A long session of Qt calls never exhausts ``None`` (the binding's dropped references).

Each check runs in a fresh interpreter, so that it sees the binding as the application does,
before anything (such as this suite's own conftest) has guarded it.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

CALLS = 300_000
"""More void calls than ``None`` has references in a fresh interpreter (about 5,000)."""


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


def test_the_guard_is_given_only_when_the_binding_drops_references() -> None:
    result = _run("""
        faulty = none_guard.drops_none_references()
        before = sys.getrefcount(None)
        needed = none_guard.guard()
        after = sys.getrefcount(None)
        print("faulty", faulty, "needed", needed, "reserve", after - before >= none_guard.RESERVE // 2)
        print("again", none_guard.guard(), sys.getrefcount(None) - after < 1000)
    """)
    assert result.returncode == 0, result.stderr[-2000:]
    faulty = "faulty True" in result.stdout
    assert f"needed {faulty}" in result.stdout
    assert f"reserve {faulty}" in result.stdout  # a reserve only where the fault is
    assert f"again {faulty} True" in result.stdout  # and only once
