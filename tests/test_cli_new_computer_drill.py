"""The new-computer drill in the suite (``.ci/new-computer-drill`` runs it with the frozen
application in ``.ci/run``): the office's computer is lost, a new one has only last night's
backup and the recovery sheet's PDF, and becomes a working office — the key imported from the
sheet, the backup restored, every check holding, a write succeeding.

Each computer is a fresh home folder of its own (``HOME``, ``XDG_DATA_HOME``,
``XDG_CONFIG_DIRS``) with no credential store, so the key is kept where a desk without one keeps
it (a key file in that home's data folder), not in the suite's key folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ethics_desk.cli import main
from ethics_desk.cli.common import NEW_PASSWORD_ENV, PASSWORD_ENV, USER_ENV
from ethics_desk.storage import record_key
from tests.conftest import CLOCK

pytestmark = pytest.mark.sqlite_file


def a_computer(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """From now on this test runs on the computer whose home folder is ``home``."""
    from keyring.backends import fail

    for name in (record_key.KEY_FOLDER_ENV, "ETHICS_DESK_DB"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_CONFIG_DIRS", str(home / "site"))
    monkeypatch.setattr("keyring.core._keyring_backend", fail.Keyring())
    record_key.forget_cached_keys()


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args), clock=CLOCK)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_new_computer_with_last_nights_backup_and_the_recovery_sheet_is_a_working_office(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(USER_ENV, "ada")
    monkeypatch.setenv(PASSWORD_ENV, "the drill's long passphrase")
    monkeypatch.setenv(NEW_PASSWORD_ENV, "a clerk's first passphrase")
    carried = tmp_path / "carried"
    carried.mkdir()
    old = tmp_path / "old computer"
    a_computer(monkeypatch, old)
    try:
        assert run(capsys, "user", "add", "clara", "--name", "Clara Clerk", "--role",
                   "clerk")[0] == 0
        assert run(capsys, "key", "sheet", str(carried / "recovery-sheet.pdf"))[0] == 0
        assert run(capsys, "backup", str(carried / "last-night.sqlite"))[0] == 0
        assert list((old / ".local" / "share" / "EthicsDesk" / "keys").glob("*.key"))
        shutil.rmtree(old)  # the computer is lost

        a_computer(monkeypatch, tmp_path / "new computer")
        backup = str(carried / "last-night.sqlite")
        code, _out, err = run(capsys, "restore", backup, "--yes")
        assert code == 2 and "key import --sheet" in err
        code, _out, err = run(capsys, "key", "import", "--sheet",
                              str(carried / "recovery-sheet.pdf"))
        assert code == 0, err
        code, out, err = run(capsys, "restore", backup, "--yes")
        assert code == 0, err
        assert "every check holds" in out
        code, out, err = run(capsys, "check")
        assert code == 0, out + err
        assert "checks hold" in out and "recovery sheet" not in err
        assert run(capsys, "user", "add", "nico", "--name", "Nico Newdesk", "--role",
                   "clerk")[0] == 0
        code, out, err = run(capsys, "user", "list")
        assert code == 0, err
        assert "Clara Clerk" in out and "Nico Newdesk" in out
    finally:
        record_key.forget_cached_keys()
