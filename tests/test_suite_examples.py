"""The suite's repeated runs check the same properties with fewer examples."""

from __future__ import annotations

import pytest

from tests.conftest import REPEAT_ENV, examples


def test_a_repeated_run_tries_a_quarter_of_a_property_tests_examples(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(REPEAT_ENV, "1")
    assert [examples(n) for n in (10_000, 400, 40, 12)] == [2_500, 100, 10, 5]


def test_the_first_run_tries_every_example(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(REPEAT_ENV, raising=False)
    assert [examples(n) for n in (10_000, 400, 40, 12)] == [10_000, 400, 40, 12]
