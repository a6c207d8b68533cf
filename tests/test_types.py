"""Types are checked on every run: ``mypy --strict`` finds nothing in the application, under the
project's own configuration (pyproject.toml), which is strict too."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.lint
def test_mypy_strict_finds_nothing_in_the_application() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", "pyproject.toml",
         "ethics_desk"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_project_configuration_is_strict_and_quiets_only_reportlab() -> None:
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["strict"] is True
    assert mypy["strict_equality_for_none"] is True  # a stale `attempt(...) is None` is an error
    assert "ignore_missing_imports" not in mypy  # not for every library, only the untyped one
    assert [(o["module"], o) for o in mypy["overrides"]] == [
        (["reportlab.*"], {"module": ["reportlab.*"], "ignore_missing_imports": True})]
