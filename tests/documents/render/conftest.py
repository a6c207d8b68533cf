"""Fixtures for the document tests: a template library with none of the office's wording yet."""

from __future__ import annotations

import pytest

from ethics_desk.documents.render.templates import TemplateLibrary


@pytest.fixture
def overrides() -> dict[str, str]:
    """The office's wording for this test, by file name (empty until a test puts some in)."""
    return {}


@pytest.fixture
def templates(overrides: dict[str, str]) -> TemplateLibrary:
    """The shipped templates, overridden by whatever the test puts in :func:`overrides`."""
    return TemplateLibrary(overrides)
