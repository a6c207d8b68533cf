"""A SQLite file on a network share is refused: SQLite's locking does not hold across a network.

Two workstations writing one SQLite file through SMB/CIFS or NFS can both believe they hold the
write lock, and the file is corrupted — an office's complaints, deadlines and audit trail with
it. An office of several desks uses one database server instead (PostgreSQL; see the IT guide,
docs/it/server.md). This module tells whether a path lies on a network share: a UNC path
(``\\\\server\\share``) or a mapped network drive on Windows (``GetDriveTypeW`` says
``DRIVE_REMOTE``), and a network file system elsewhere (the mount table's type: nfs, cifs,
smb3, afp, 9p, sshfs and the like).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path, PureWindowsPath

NETWORK_FILE_SYSTEMS = frozenset({
    "nfs", "nfs4", "cifs", "smb", "smb2", "smb3", "smbfs", "afpfs", "afp", "9p", "ncpfs",
    "fuse.sshfs", "sshfs", "davfs", "fuse.davfs2", "webdav", "glusterfs", "ceph", "fuse.gvfsd-fuse",
})
"""Mount types whose files live on another machine."""

DRIVE_REMOTE = 4
"""``GetDriveTypeW``'s answer for a mapped network drive."""


def is_unc(path: str) -> bool:
    """Whether ``path`` is a Windows UNC path (``\\\\server\\share\\…``, ``//server/share/…``)."""
    text = path.replace("/", "\\")
    if text.startswith("\\\\?\\UNC\\"):
        return True
    if text.startswith(("\\\\?\\", "\\\\.\\")):
        return False  # a long local path, or a device
    return bool(PureWindowsPath(text).drive.startswith("\\\\"))


def mount_type(path: Path, mounts: str) -> str | None:
    """The file system type of the mount holding ``path``, from a ``/proc/mounts`` text."""
    best: tuple[int, str] | None = None
    target = str(path)
    for line in mounts.splitlines():
        fields = line.split()
        if len(fields) < 3:
            continue
        point = fields[1].replace("\\040", " ")
        inside = target == point or target.startswith(point.rstrip("/") + "/") or point == "/"
        if inside and (best is None or len(point) > best[0]):
            best = (len(point), fields[2])
    return best[1] if best else None


def _windows_drive_is_remote(path: Path) -> bool:  # pragma: no cover - Windows only
    import ctypes

    drive = PureWindowsPath(path).drive
    if not drive:
        return False
    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    return int(kernel32.GetDriveTypeW(drive + "\\")) == DRIVE_REMOTE


def network_share(path: Path) -> str | None:
    """Why ``path`` is on a network share ("a UNC path", "an nfs4 mount"), or None if it is not."""
    if is_unc(str(path)):
        return "a network path (UNC)"
    if sys.platform == "win32":  # pragma: no cover - Windows only
        return "a mapped network drive" if _windows_drive_is_remote(path) else None
    try:
        with open("/proc/mounts", encoding="utf-8") as mounts:
            kind = mount_type(Path(os.path.realpath(path.parent if not path.exists() else path)),
                              mounts.read())
    except OSError:
        return None  # macOS and others: no mount table to read; nothing is refused
    if kind is not None and kind.lower() in NETWORK_FILE_SYSTEMS:
        return f"a network file system ({kind})"
    return None
