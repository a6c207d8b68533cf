"""Where the shipped resources are (source tree, installed package, or a PyInstaller bundle)."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    """The ``resources/`` folder: beside the package in a checkout, or inside a frozen bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"


def resource_path(*parts: str) -> Path:
    """A file under ``resources/``."""
    return resources_dir().joinpath(*parts)
