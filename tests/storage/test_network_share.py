"""A SQLite file on a network share is refused, with the advice to use the server: two desks
writing one file through SMB or NFS corrupt it (SQLite's locks do not hold across a network)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ethics_desk.core.errors import StorageError
from ethics_desk.maintenance.opening import open_database
from ethics_desk.storage import network_share
from ethics_desk.storage.network_share import is_unc, mount_type
from tests.conftest import CLOCK

MOUNTS = """\
overlay / overlay rw,relatime 0 0
/dev/sda1 /home ext4 rw 0 0
//fileserver/clerk /mnt/clerk cifs rw,vers=3.0 0 0
fileserver:/export/ethics /srv/ethics nfs4 rw 0 0
/dev/sdb1 /mnt/clerk/local ext4 rw 0 0
tmpfs /mnt/my\\040disk tmpfs rw 0 0
"""


@pytest.mark.parametrize(("path", "unc"), [
    (r"\\fileserver\clerk\ethics-desk.sqlite", True),
    ("//fileserver/clerk/ethics-desk.sqlite", True),
    (r"\\?\UNC\fileserver\clerk\ethics-desk.sqlite", True),
    (r"\\?\C:\Ethics\ethics-desk.sqlite", False),
    (r"C:\Ethics\ethics-desk.sqlite", False),
    ("/home/clerk/ethics-desk.sqlite", False),
])
def test_a_unc_path_is_told_from_a_local_one(path: str, unc: bool) -> None:
    assert is_unc(path) is unc


@pytest.mark.parametrize(("path", "kind"), [
    ("/mnt/clerk/ethics-desk.sqlite", "cifs"),
    ("/srv/ethics/db/ethics-desk.sqlite", "nfs4"),
    ("/mnt/clerk/local/ethics-desk.sqlite", "ext4"),  # a local disk mounted inside the share
    ("/home/clerk/ethics-desk.sqlite", "ext4"),
    ("/mnt/clerkship/ethics-desk.sqlite", "overlay"),  # not inside /mnt/clerk
    ("/mnt/my disk/ethics-desk.sqlite", "tmpfs"),
])
def test_the_mount_holding_a_file_is_the_longest_that_contains_it(path: str, kind: str) -> None:
    assert mount_type(Path(path), MOUNTS) == kind


def test_a_database_on_a_network_share_is_refused_with_the_server_as_the_fix(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(network_share, "mount_type", lambda _path, _mounts: "cifs")
    with pytest.raises(StorageError) as refused:
        open_database(tmp_path / "ethics-desk.sqlite", clock=CLOCK)
    assert "network file system (cifs)" in refused.value.problem
    assert "database server" in refused.value.fix and "migrate-to" in refused.value.fix
    assert not (tmp_path / "ethics-desk.sqlite").exists()


def test_a_unc_path_is_a_network_share_wherever_it_is_asked() -> None:
    assert network_share.network_share(Path(r"\\fileserver\clerk\ethics-desk.sqlite")) == (
        "a network path (UNC)")
