"""A database server that cannot be used is one clear message — what is wrong and what to do —
never a traceback: unreachable, missing its driver, a database that does not exist."""

from __future__ import annotations

import pytest

from ethics_desk.core.errors import StorageError
from ethics_desk.maintenance.opening import open_database
from tests.conftest import CLOCK, server_url


def test_an_unreachable_server_says_so_and_what_to_check() -> None:
    with pytest.raises(StorageError) as refused:
        open_database("postgresql+psycopg://clerk@127.0.0.1:1/ethics", clock=CLOCK)
    assert "cannot be reached" in refused.value.problem
    assert "network" in refused.value.fix and "IT" in refused.value.fix


def test_a_server_address_without_its_driver_says_how_to_install_it() -> None:
    with pytest.raises(StorageError) as refused:
        open_database("postgresql+pg8000://clerk@127.0.0.1/ethics", clock=CLOCK)
    assert "driver is missing" in refused.value.problem
    assert "ethics-desk[server]" in refused.value.fix


def test_the_password_never_appears_in_the_message() -> None:
    with pytest.raises(StorageError) as refused:
        open_database("postgresql+psycopg://clerk:s3cret-Pa55@127.0.0.1:1/ethics", clock=CLOCK)
    assert "s3cret-Pa55" not in str(refused.value)


@pytest.mark.skipif(server_url() is None, reason="needs the PostgreSQL server of the suite")
def test_a_database_missing_on_the_server_says_so() -> None:
    url = server_url()
    assert url is not None
    with pytest.raises(StorageError) as refused:
        open_database(url.set(database="no_such_office").render_as_string(hide_password=False),
                      clock=CLOCK)
    assert "does not exist" in refused.value.problem
