"""Where the shipped resources are: ``ethics_desk/resources/`` in a checkout or an installed
package, ``resources/`` in a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    """The ``resources/`` folder: inside the package (a checkout, an editable install or an
    installed wheel alike: ``pyproject.toml`` ships it as package data), or at the top of a
    frozen bundle (``build_installer.spec`` puts it there)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[1] / "resources"


def resource_path(*parts: str) -> Path:
    """A file under ``resources/``."""
    return resources_dir().joinpath(*parts)
