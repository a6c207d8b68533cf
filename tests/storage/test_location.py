"""Where the database is: ``--db``, then ``ETHICS_DESK_DB``, then the machine-wide setting office
IT writes for every desk, then the file in the user's data folder — and the machine-wide
setting never carries a password."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethics_desk.core.errors import StorageError
from ethics_desk.storage.location import (
    database_file,
    default_database_path,
    machine_database,
    machine_settings_file,
    named_database,
)

SERVER = "postgresql+psycopg://ethics_desk@dbserver/ethics"


@pytest.fixture
def site_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The machine-wide settings folder of this test (``XDG_CONFIG_DIRS`` on Linux)."""
    folder = tmp_path / "etc-xdg"
    monkeypatch.setenv("XDG_CONFIG_DIRS", str(folder))
    return folder


def _it_sets(site_config: Path, text: str) -> Path:
    path = site_config / "EthicsDesk" / "ethics-desk.ini"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_machine_wide_setting_lives_in_the_systems_shared_configuration_folder(
        site_config: Path) -> None:
    assert machine_settings_file() == site_config / "EthicsDesk" / "ethics-desk.ini"


def test_without_any_setting_the_desk_uses_the_file_in_its_data_folder(site_config: Path) -> None:
    assert named_database() == ""
    assert database_file() == default_database_path()


def test_the_machine_wide_setting_points_a_desk_at_the_server(site_config: Path) -> None:
    _it_sets(site_config, f"[database]\naddress = {SERVER}\n")
    assert machine_database() == SERVER
    assert named_database() == SERVER
    assert database_file() is None


def test_the_environment_variable_comes_before_the_machine_wide_setting(
        site_config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _it_sets(site_config, f"[database]\naddress = {SERVER}\n")
    own = tmp_path / "own.sqlite"
    monkeypatch.setenv("ETHICS_DESK_DB", str(own))
    assert named_database() == str(own)
    assert database_file() == own.resolve()


def test_the_command_lines_db_comes_before_everything(
        site_config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _it_sets(site_config, f"[database]\naddress = {SERVER}\n")
    monkeypatch.setenv("ETHICS_DESK_DB", str(tmp_path / "env.sqlite"))
    given = tmp_path / "given.sqlite"
    assert named_database(given) == str(given)
    assert database_file(given) == given.resolve()


def test_a_machine_wide_file_path_names_a_sqlite_file(site_config: Path, tmp_path: Path) -> None:
    shared = tmp_path / "desk" / "ethics-desk.sqlite"
    _it_sets(site_config, f"[database]\naddress = {shared}\n")
    assert database_file() == shared.resolve()


def test_a_settings_file_written_by_windows_notepad_with_a_byte_order_mark_is_read(
        site_config: Path) -> None:
    path = _it_sets(site_config, "")
    path.write_bytes(f"\ufeff[database]\r\naddress = {SERVER}\r\n".encode())
    assert machine_database() == SERVER


def test_a_settings_file_without_an_address_leaves_the_default(site_config: Path) -> None:
    _it_sets(site_config, "[database]\n# IT fills this in\n")
    assert named_database() == ""


@pytest.mark.parametrize("address", [
    "postgresql+psycopg://ethics_desk:s3cret@dbserver/ethics",
    "postgresql+psycopg://ethics_desk@dbserver/ethics?password=s3cret",
])
def test_a_machine_wide_address_with_a_password_is_refused_with_the_fix(
        site_config: Path, address: str) -> None:
    _it_sets(site_config, f"[database]\naddress = {address}\n")
    with pytest.raises(StorageError) as refused:
        named_database()
    assert "contains a password" in refused.value.problem
    assert "s3cret" not in str(refused.value)
    assert "pgpass.conf" in refused.value.fix


def test_a_settings_file_that_cannot_be_understood_is_refused_naming_the_file(
        site_config: Path) -> None:
    path = _it_sets(site_config, "address = no section header\n")
    with pytest.raises(StorageError) as refused:
        named_database()
    assert str(path) in refused.value.problem
    assert "[database]" in refused.value.fix


def test_a_settings_file_that_is_not_text_is_refused_naming_the_file(site_config: Path) -> None:
    path = _it_sets(site_config, "")
    path.write_bytes(b"[database]\naddress = \xff\xfe dbserver\n")  # saved as Windows-1252?
    with pytest.raises(StorageError) as refused:
        named_database()
    assert str(path) in refused.value.problem
    assert "[database]" in refused.value.fix


def test_the_command_line_says_a_broken_machine_wide_setting_in_one_line(
        site_config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ethics_desk.cli import main

    _it_sets(site_config, "[database]\naddress = postgresql+psycopg://u:pw@dbserver/ethics\n")
    assert main(["check"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("ethics-desk: The machine-wide database address")
    assert "pw@" not in err[0]
