"""The suite's own set-up runs on every platform the desks use: Windows has no ``time.tzset``."""

from __future__ import annotations

import time

import pytest

from tests.conftest import read_zone_again, set_workstation_zone


def test_the_suite_sets_each_test_up_where_a_process_cannot_change_its_zone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(time, "tzset", raising=False)  # as on Windows (where it is already absent)
    read_zone_again()  # what every test's set-up and tear-down call: no AttributeError
    assert not hasattr(time, "tzset")


def test_a_test_of_another_workstation_zone_is_skipped_there_not_failed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(time, "tzset", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"time\.tzset"):
        set_workstation_zone(monkeypatch, "Asia/Tokyo")


def test_where_it_can_a_test_puts_the_workstation_in_another_zone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    if not hasattr(time, "tzset"):
        pytest.skip("a running process changes its zone only where time.tzset exists (POSIX)")
    set_workstation_zone(monkeypatch, "Asia/Tokyo")
    assert time.strftime("%Z", time.localtime(0)) == "JST"
