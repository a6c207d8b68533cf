"""The benchmark scripts are not run by the suite, so each is at least imported: a name one of
them imports that has moved would otherwise go unseen until someone measures."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.gui  # two of the scripts drive the real window


@pytest.mark.parametrize("script", sorted(p.name for p in (ROOT / "benchmarks").glob("*.py")))
def test_every_benchmark_script_still_imports(script: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A benchmark is not run by the suite, so a name it imports that moved would go unseen."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"benchmark_{script[:-3]}",
                                                  ROOT / "benchmarks" / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # as an imported module is
    spec.loader.exec_module(module)  # the scripts run only under __main__
    assert callable(getattr(module, "main", None))
