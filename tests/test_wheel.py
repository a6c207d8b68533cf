"""The wheel is a whole application: built from this tree, installed into a fresh virtual
environment with the locked releases (``requirements/app.txt``), it runs ``demo`` and ``check``
from a folder with nothing of the source tree at hand.

A non-editable install once left ``resources/`` (the provisions catalogue, the calendars, the
letter templates, the fonts) out of the wheel, and ``demo`` failed on a missing
``provisions.csv``: the resources are package data now. The Windows stage of CI
(``.ci/windows-under-wine``) installs the same wheel into Windows' Python and runs the suite's
domain part against it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(command: list[str | Path], cwd: Path, env: dict[str, str] | None = None,
         ) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(part) for part in command], cwd=cwd, env=env, text=True,
                            encoding="utf-8", capture_output=True, check=False, timeout=600)
    assert result.returncode == 0, f"{command[:4]} failed:\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built from this tree (without build isolation: the locked
    setuptools is installed)."""
    out = tmp_path_factory.mktemp("wheel")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
          "--quiet", "-w", out, ROOT], cwd=out)
    (built,) = out.glob("ethics_desk-*.whl")
    return built


def test_the_wheel_carries_every_resource_the_application_reads(wheel: Path) -> None:
    shipped = {path.relative_to(ROOT).as_posix()
               for path in (ROOT / "ethics_desk" / "resources").rglob("*") if path.is_file()}
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = set(archive.namelist())
    assert shipped, "ethics_desk/resources/ is empty"
    assert shipped <= in_wheel, f"left out of the wheel: {sorted(shipped - in_wheel)}"


def test_an_installed_wheel_runs_demo_and_check_outside_the_tree(
        wheel: Path, tmp_path: Path) -> None:
    environment = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(environment)
    python = environment / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    # Nothing of the tree on the path, the installs included: with the tree on PYTHONPATH pip
    # takes the tree's build metadata for an installed copy and installs nothing.
    env = {name: value for name, value in os.environ.items()
           if name not in ("PYTHONPATH", "ETHICS_DESK_DB")}
    _run([python, "-m", "pip", "install", "--quiet", "--require-hashes",
          "-r", ROOT / "requirements" / "app.txt"], cwd=tmp_path, env=env)
    _run([python, "-m", "pip", "install", "--quiet", "--no-deps", wheel], cwd=tmp_path, env=env)

    elsewhere = tmp_path / "a desk"
    elsewhere.mkdir()
    env.update(XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_DIRS=str(tmp_path / "site"),
               PYTHONSAFEPATH="1")
    where = _run([python, "-c", "import ethics_desk.core.resources as r; print(r.resources_dir())"],
                 cwd=elsewhere, env=env).stdout.strip()
    assert Path(where).is_relative_to(environment), f"the tree's copy was imported: {where}"

    demo = _run([python, "-m", "ethics_desk", "demo", "--db", "demo.sqlite"],
                cwd=elsewhere, env=env).stdout
    assert "ERB-" in demo
    env.update(ETHICS_DESK_USER="admin", ETHICS_DESK_PASSWORD="demo")
    check = _run([python, "-m", "ethics_desk", "check", "--db", "demo.sqlite"],
                 cwd=elsewhere, env=env).stdout
    assert "hold" in check.lower(), check
