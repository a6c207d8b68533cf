"""The suite's own servers: each worker of a run on PostgreSQL takes a cluster of its own, because
a server's login roles belong to its whole cluster (two workers on one would change the same
staff member's role at once)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import pytest

from tests import conftest

TWO = "postgresql+psycopg://postgres@127.0.0.1:54401/postgres " \
      "postgresql+psycopg://postgres@127.0.0.1:54402/postgres"


def test_each_worker_takes_the_cluster_of_its_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(conftest.SERVER_ENV, TWO)
    ports = []
    for worker in ("gw0", "gw1"):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
        url = conftest.server_url()
        assert url is not None
        ports.append(url.port)
    assert ports == [54401, 54402]


def test_a_run_in_one_process_takes_the_first_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(conftest.SERVER_ENV, TWO)
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    url = conftest.server_url()
    assert url is not None and url.port == 54401


def test_more_workers_than_clusters_is_refused_naming_the_fix(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(conftest.SERVER_ENV, TWO.split()[0])
    config = SimpleNamespace(getoption=lambda name, default=None: 2)
    with pytest.raises(pytest.UsageError, match="cluster of its own"):
        conftest.pytest_configure(cast(pytest.Config, config))


def test_no_server_is_files(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(conftest.SERVER_ENV, raising=False)
    assert conftest.server_url() is None and conftest.server_urls() == []
