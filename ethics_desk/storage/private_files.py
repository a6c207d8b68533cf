"""Files and folders only the signed-in operating-system user may read (§ 2-83(h)(1)).

§ 2-83(h)(1): nothing about a pending sworn complaint — not even that it exists — goes to
anyone but the respondent, the complainant and their witnesses. A SQLite file, its backups and
the papers exported from it hold everything; this module is the one place that makes such a
file or folder private to the user running Ethics Desk:

* on POSIX, mode 0600 for a file and 0700 for a folder, set as it is created, before anything is
  written into it (SQLite gives a database's ``-wal``, ``-shm`` and ``-journal`` files the mode of
  the database file itself, so they follow);
* on Windows, an access-control list that grants Full control to the user and to ``SYSTEM``
  only, with the inherited entries removed (``icacls PATH /inheritance:r /grant:r …``;
  :func:`windows_acl_command`). ``SYSTEM`` is kept because the operating system, the backup agent
  and the virus scanner run as it and can read any file anyway; ``Administrators`` are left out
  on purpose — an administrator can still take ownership, but only by a deliberate act that
  Windows can record, never by opening the file. A folder's entries are inherited by what is
  made in it, so the files SQLite and the viewer create there are private too.

A file system that cannot restrict access (a FAT-formatted USB stick, some network shares)
leaves the file as it is: the write itself never fails for that, and the refusal is logged.

The exhibits a case window opens with the system viewer are copied into one private per-user
folder (:func:`exhibits_folder`), a subfolder for each window (:class:`ExhibitFolder`), emptied
when the window closes; at start-up :func:`remove_leftover_exhibits` removes what a window that
is no longer open (a crash, a viewer that held a file) left there.

Nothing here imports SQLAlchemy or Qt: the start-up path calls it before the window is shown.
"""

from __future__ import annotations

import contextlib
import getpass
import logging
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import BinaryIO

import platformdirs

from ethics_desk.storage.location import APP_NAME

log = logging.getLogger(__name__)

PRIVATE_FILE_MODE = 0o600
"""A private file on POSIX: read and written by its owner only."""
PRIVATE_FOLDER_MODE = 0o700
"""A private folder on POSIX: listed, entered and written by its owner only."""
SYSTEM_SID = "*S-1-5-18"
"""Windows' ``SYSTEM`` (LocalSystem) by its well-known SID, the same in every language."""
BROAD_SIDS = ("*S-1-1-0", "*S-1-5-11", "*S-1-5-32-545")
"""Everyone, Authenticated Users and Users: the groups an office's file may have been given
explicitly; their grants are removed when a file is made private (inherited ones go with
``/inheritance:r``)."""
DATABASE_COMPANIONS = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database file while it is open."""
IN_USE = ".in-use"
"""The file a case window holds locked in its exhibit folder while it is open."""

Runner = Callable[[Sequence[str]], int]
"""Runs a command and returns its exit status (injected by tests to see the command)."""


def on_windows() -> bool:
    """Whether this is Windows (access-control lists, not modes)."""
    return sys.platform == "win32"


def sync_folder(folder: Path) -> None:
    """Make the names of the files just made or renamed in ``folder`` durable: on POSIX a new
    name survives a power cut only once its folder is flushed (Windows has no folder handle to
    flush; its rename is written through by NTFS)."""
    if on_windows():
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def run_quietly(command: Sequence[str]) -> int:
    """Run ``command`` without a console window flashing up (the windowed executable has
    none), its output discarded; its exit status, or -1 when it cannot be run at all."""
    import subprocess  # not on the start-up path: only Windows runs a command

    try:
        done = subprocess.run(list(command), stdin=subprocess.DEVNULL, capture_output=True,
                              check=False, creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0))
    except OSError as exc:
        log.warning("could not run %s: %s", command[0], exc)
        return -1
    return done.returncode


def windows_account() -> str:
    """The signed-in Windows account as ``DOMAIN\\user`` (the computer's name for a local
    account), or the bare user name when the domain is not known."""
    user = os.environ.get("USERNAME") or getpass.getuser()
    domain = os.environ.get("USERDOMAIN", "")
    return f"{domain}\\{user}" if domain else user


def windows_acl_command(path: Path, *, folder: bool, account: str | None = None) -> list[str]:
    """The ``icacls`` command that makes ``path`` the user's and ``SYSTEM``'s only.

    ``/inheritance:r`` drops the entries inherited from the folder above, ``/grant:r`` replaces
    the user's and ``SYSTEM``'s explicit entries with Full control — for a folder inherited by
    the files and folders made in it, ``(OI)(CI)`` — and ``/remove:g`` takes away any grant to
    the broad groups (:data:`BROAD_SIDS`). ``/q`` keeps it quiet.
    """
    rights = "(OI)(CI)F" if folder else "F"
    return ["icacls", str(path), "/inheritance:r",
            "/grant:r", f"{account or windows_account()}:{rights}", f"{SYSTEM_SID}:{rights}",
            "/remove:g", *BROAD_SIDS, "/q"]


def make_private(path: Path, *, windows: bool | None = None, runner: Runner = run_quietly) -> bool:
    """Make the existing file or folder ``path`` readable by this user only (§ 2-83(h)(1)).

    True when done; False (logged, never raised) when the file system cannot restrict access
    or the file is not this user's to change. ``windows`` and ``runner`` are for tests.
    """
    if not _ours_to_restrict(path):
        return False  # a device (``--out /dev/null``), a pipe: never the application's to change
    folder = path.is_dir()
    if on_windows() if windows is None else windows:
        status = runner(windows_acl_command(path, folder=folder))
        if status != 0:
            log.warning("could not make %s private (icacls exit status %s)", path, status)
        return status == 0
    wanted = PRIVATE_FOLDER_MODE if folder else PRIVATE_FILE_MODE
    try:
        if stat.S_IMODE(path.stat().st_mode) != wanted:
            os.chmod(path, wanted)
    except OSError as exc:
        log.warning("could not make %s private: %s", path, exc)
        return False
    return True


def _ours_to_restrict(path: Path) -> bool:
    """Whether ``path`` is a regular file or a folder — the only things whose access the
    application changes (a device such as ``/dev/null``, a pipe or a socket is left alone)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return True  # it is about to be made, or the change reports why it cannot
    return stat.S_ISREG(mode) or stat.S_ISDIR(mode)


def tighten(path: Path, *, windows: bool | None = None, runner: Runner = run_quietly) -> None:
    """Take away everyone else's access to ``path`` if it exists: on POSIX the group's and
    others' bits are cleared and the owner's kept (a read-only file stays read-only); on
    Windows, where the list cannot be read cheaply, it is set again each time."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return
    if not _ours_to_restrict(path):
        return
    if on_windows() if windows is None else windows:
        make_private(path, windows=True, runner=runner)
    elif mode & 0o077:
        try:
            os.chmod(path, mode & ~0o077)
        except OSError as exc:  # not this user's file: it is left as it is
            log.warning("could not make %s private: %s", path, exc)


def database_files(path: Path) -> list[Path]:
    """A SQLite database file and its companions (:data:`DATABASE_COMPANIONS`)."""
    return [path, *(path.with_name(path.name + suffix) for suffix in DATABASE_COMPANIONS)]


def tighten_database(path: Path, *, windows: bool | None = None,
                     runner: Runner = run_quietly) -> None:
    """Make an existing database file and the companions beside it private (an office's file
    made by an older version, with the umask's 0644, is 0600 once opened).

    On POSIX, where it costs a look at each, the copies an older version took beside it before
    its migrations (``NAME.before-REVISION-STAMP.sqlite``) are tightened too; on Windows they
    have the folder's list (the user's own in the data folder) and are left as they are.
    """
    for each in database_files(path):
        tighten(each, windows=windows, runner=runner)
    if not (on_windows() if windows is None else windows):
        with contextlib.suppress(OSError):
            for copy in path.parent.glob(f"{glob_escape(path.stem)}.before-*.sqlite"):
                tighten(copy, windows=False)


def glob_escape(name: str) -> str:
    """``name`` with the characters ``glob`` reads as patterns taken literally."""
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


def create_private_file(path: Path, *, windows: bool | None = None,
                        runner: Runner = run_quietly) -> None:
    """Create ``path`` empty (or empty an existing one), private before anything is written
    in it: mode 0600 from the start on POSIX, the access list set on Windows.

    Raises ``OSError`` when the file cannot be created, as ``open`` would.
    """
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0),
                         PRIVATE_FILE_MODE)
    try:
        regular = stat.S_ISREG(os.fstat(descriptor).st_mode)  # not a device (--out /dev/null)
        if regular and not (on_windows() if windows is None else windows):
            with contextlib.suppress(OSError):  # an existing file keeps its mode through O_CREAT
                os.fchmod(descriptor, PRIVATE_FILE_MODE)
    finally:
        os.close(descriptor)
    if regular and (on_windows() if windows is None else windows):
        make_private(path, windows=True, runner=runner)


WINDOWS_DEVICES = frozenset({"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(1, 10)),
                             *(f"LPT{n}" for n in range(1, 10))})
"""Windows' reserved device names, whatever the extension (``NUL``, ``nul.pdf``): a paper
"saved" to one is written to the device, never beside it."""


def _written_through(path: Path) -> bool:
    """Whether ``path`` is written in place rather than replaced: a device, a pipe or a link
    (``--out /dev/null`` must never turn the null device into a file, and a link stays a link
    to the file it names)."""
    if on_windows() and path.name.split(".")[0].upper() in WINDOWS_DEVICES:
        return True
    try:
        return not stat.S_ISREG(path.lstat().st_mode)
    except OSError:  # nothing there yet: a new file, written beside and put in place
        return False


def write_private(path: Path, data: bytes, *, windows: bool | None = None,
                  runner: Runner = run_quietly) -> None:
    """Write ``data`` to ``path`` readable by this user only: every paper or export written
    where the user chose (§ 2-83(h)(1)) — never over the record
    (:func:`ethics_desk.storage.write_targets.refuse_record_target`), and never half: first to
    a private file beside it, then put in its place at once, so an interrupted or refused write
    leaves an earlier file of that name as it was and no partial file. A device, a pipe or a
    link is written through as it is (:func:`_written_through`).

    Raises ``OSError`` when it cannot be written (the partial file removed), as
    ``Path.write_bytes`` does, and ``StorageError`` when ``path`` is part of the record.
    """
    from ethics_desk.storage.write_targets import refuse_record_target

    refuse_record_target(path)
    if _written_through(path):
        keep_private(path, data, windows=windows, runner=runner)
        return
    partial = partial_name(path)
    try:
        keep_private(partial, data, windows=windows, runner=runner)
        os.replace(partial, path)
    except OSError:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise


def partial_name(path: Path) -> Path:
    """The private file :func:`write_private` writes beside ``path`` before putting it in place
    (hidden, named for this process)."""
    return path.with_name(f".{path.name}.{os.getpid()}.partial")


def keep_private(path: Path, data: bytes, *, windows: bool | None = None,
                 runner: Runner = run_quietly) -> None:
    """Write ``data`` to ``path`` (replacing it), readable by this user only: a file the
    application names itself in its own folder (a record key in the key folder).

    Raises ``OSError`` when the file cannot be written, as ``Path.write_bytes`` does.
    """
    create_private_file(path, windows=windows, runner=runner)
    with path.open("r+b") as handle:
        handle.write(data)


def make_private_folder(path: Path, *, windows: bool | None = None,
                        runner: Runner = run_quietly) -> Path:
    """The folder ``path``, created if need be (its parents as usual) and made private."""
    existed = path.is_dir()
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        path.mkdir(mode=PRIVATE_FOLDER_MODE)
    if not existed or not (on_windows() if windows is None else windows):
        make_private(path, windows=windows, runner=runner)
    return path


# -- the exhibits a case window opens -------------------------------------------------------

def exhibits_folder() -> Path:
    """The user's private folder for opened exhibits (in the user's cache folder; not
    created here)."""
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / "exhibits"


def _lock(handle: BinaryIO) -> bool:
    """Take the lock of an exhibit folder's :data:`IN_USE` file without waiting; False when
    another window holds it."""
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


class ExhibitFolder:
    """One case window's private subfolder of :func:`exhibits_folder`, made when the first
    exhibit is opened, held (its :data:`IN_USE` file locked) while the window is open and
    emptied when it closes.

    Each exhibit gets a folder of its own inside, so it keeps its file name and two with the
    same name never meet (a viewer may still hold the first).
    """

    def __init__(self, root: Path | None = None) -> None:
        self.root = root
        self.path: Path | None = None
        self._held: BinaryIO | None = None

    def place(self, name: str, content: bytes) -> Path:
        """Write an exhibit's bytes into the folder, privately; the path to open."""
        if self.path is None:
            root = make_private_folder(self.root or exhibits_folder())
            self.path = Path(tempfile.mkdtemp(prefix="window-", dir=root))
            self._held = (self.path / IN_USE).open("wb")
            _lock(self._held)
        path = Path(tempfile.mkdtemp(dir=self.path)) / (Path(name).name or "exhibit")
        write_private(path, content)
        return path

    def empty(self) -> None:
        """Remove the folder and every exhibit copied into it (a file a viewer still holds
        open on Windows stays until the next start-up removes it)."""
        if self._held is not None:
            self._held.close()
            self._held = None
        if self.path is not None:
            shutil.rmtree(self.path, ignore_errors=True)
            self.path = None


def remove_leftover_exhibits(root: Path | None = None) -> int:
    """Remove every exhibit folder no open window holds (at start-up); how many were removed.

    A folder whose :data:`IN_USE` file is locked belongs to a window of another Ethics Desk
    running now, and is left to it.
    """
    root = root or exhibits_folder()
    try:
        leftovers = [entry for entry in root.iterdir() if entry.is_dir()]
    except OSError:
        return 0
    removed = 0
    for folder in leftovers:
        try:
            with (folder / IN_USE).open("rb") as handle:
                if not _lock(handle):
                    continue
        except OSError:
            pass  # no lock file: nobody holds it
        shutil.rmtree(folder, ignore_errors=True)
        removed += not folder.exists()
    return removed
