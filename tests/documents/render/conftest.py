"""Fixtures for the document tests: a template library with an empty office override folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethics_desk.documents.render.templates import TemplateLibrary


@pytest.fixture
def override_dir(tmp_path: Path) -> Path:
    """The office's template folder for this test (empty until a test writes to it)."""
    folder = tmp_path / "office-templates"
    folder.mkdir()
    return folder


@pytest.fixture
def templates(override_dir: Path) -> TemplateLibrary:
    """The shipped templates, overridden by whatever the test puts in :func:`override_dir`."""
    return TemplateLibrary(override_dir)
