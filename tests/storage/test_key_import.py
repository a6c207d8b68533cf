"""``key import`` reads a key file and nothing else: never a device, a pipe or a folder, and
never more than a key file can hold (``/dev/zero`` was once read until memory ran out)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from ethics_desk.core.errors import StorageError
from ethics_desk.storage import record_key
from tests.test_cli import assert_one_line_error, run

unix_devices = pytest.mark.skipif(sys.platform == "win32", reason="no /dev/zero on Windows")


@pytest.fixture(autouse=True)
def own_key_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A key folder of the test's own, so that nothing is kept anywhere else."""
    folder = tmp_path / "keys"
    monkeypatch.setenv(record_key.KEY_FOLDER_ENV, str(folder))
    record_key.forget_cached_keys()
    return folder


def link_to_dev_zero(tmp_path: Path) -> Path:
    """A link named like a key file that leads to ``/dev/zero``."""
    link = tmp_path / "key.txt"
    link.symlink_to("/dev/zero")
    return link


@unix_devices
@pytest.mark.parametrize("source", ["/dev/zero", "a link to /dev/zero", "a folder"])
def test_a_key_import_of_something_that_is_not_a_file_is_refused_unread(
        tmp_path: Path, own_key_folder: Path, source: str) -> None:
    path = {"/dev/zero": Path("/dev/zero"), "a folder": tmp_path,
            "a link to /dev/zero": link_to_dev_zero(tmp_path) if "link" in source
            else tmp_path}[source]
    with pytest.raises(StorageError) as refused:
        record_key.import_key(path)
    assert f"{path} is not a record key file: it is not a file at all" in refused.value.problem
    assert "ethics-desk key export" in refused.value.fix
    assert not own_key_folder.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_key_import_of_a_named_pipe_does_not_wait_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "key.txt"
    os.mkfifo(pipe)
    with pytest.raises(StorageError, match="not a file at all"):
        record_key.import_key(pipe)


def test_a_key_import_of_a_large_file_reads_no_more_than_a_key_file_can_hold(
        tmp_path: Path, own_key_folder: Path) -> None:
    big = tmp_path / "key.txt"
    big.write_bytes(b"ethics-desk-record-key " + b"0" * (10 * 1024 * 1024))
    with pytest.raises(StorageError) as refused:
        record_key.import_key(big)
    assert refused.value.problem == (f"{big} is not a record key file: it holds more than "
                                     "4,096 bytes, and a key file holds about 120.")
    assert not own_key_folder.exists()


def test_an_exported_key_file_is_well_within_the_bound(tmp_path: Path) -> None:
    key_id = record_key.new_key_id()
    line = f"ethics-desk-record-key {key_id} {'ab' * record_key.KEY_BYTES}\n"
    (tmp_path / "key.txt").write_text(line, encoding="ascii")
    assert len(line) == 121 < record_key.KEY_FILE_LIMIT
    assert record_key.import_key(tmp_path / "key.txt") == key_id


@unix_devices
def test_key_import_dev_zero_at_the_command_line_is_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "key", "import", "/dev/zero")
    assert out == ""
    assert_one_line_error(code, err, "/dev/zero is not a record key file", "key export")
