"""Reading a file a person chose — a key file, a scanned exhibit — as a file, and no more of it
than such a file can be.

A path can name something that is not a file at all: ``/dev/zero`` or ``/dev/urandom`` (which
never end), a named pipe (which waits for a writer), a folder, or a link to any of them under a
harmless name (``exhibit.pdf``). Reading such a thing "to the end" never ends, or ends in
``MemoryError``. :func:`read_chosen_file` reads only a regular file (a link is followed, and
what it leads to must be one), and at most ``limit`` bytes of it; anything else is refused with
:class:`NotARegularFile` or :class:`FileTooLarge`, which the caller words for the person (the
file, and what to give instead).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class ChosenFileRefused(ValueError):
    """A chosen file that is not read: not a regular file, or larger than its limit."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(f"{path}: {what}")
        self.path = path


class NotARegularFile(ChosenFileRefused):
    """The path names a device, a pipe, a socket or a folder (or a link to one)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, "not a regular file (a device, a pipe or a folder)")


class FileTooLarge(ChosenFileRefused):
    """The file holds more than the limit; ``size`` is what it holds (or at least holds)."""

    def __init__(self, path: Path, size: int, limit: int) -> None:
        super().__init__(path, f"{size:,} bytes, more than the {limit:,} allowed")
        self.size = size
        self.limit = limit


def _regular(path: Path, mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise NotARegularFile(path)


def read_chosen_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (a link followed), at most ``limit`` of them.

    Raises :class:`NotARegularFile` for anything but a regular file, :class:`FileTooLarge`
    for a file of more than ``limit`` bytes (also one that grows while it is read), and
    ``OSError`` when it cannot be found, opened or read. Nothing is opened before the path is
    known to be a regular file (opening a named pipe would wait), and it is checked again on
    what was opened."""
    _regular(path, os.stat(path).st_mode)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    with os.fdopen(descriptor, "rb") as file:
        opened = os.fstat(file.fileno())
        _regular(path, opened.st_mode)
        if opened.st_size > limit:
            raise FileTooLarge(path, opened.st_size, limit)
        content = file.read(limit + 1)
    if len(content) > limit:
        raise FileTooLarge(path, len(content), limit)
    return content
