"""A benchmark script imported as a test imports it: by its path, as ``benchmark_NAME``, for
the length of one test (the scripts are not a package, and run only under ``__main__``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_benchmark(script: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``benchmarks/SCRIPT`` imported, in ``sys.modules`` until the test ends."""
    spec = importlib.util.spec_from_file_location(f"benchmark_{Path(script).stem}",
                                                  BENCHMARKS / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # as an imported module is
    spec.loader.exec_module(module)
    return module
