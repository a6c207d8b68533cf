"""A guard against a Qt binding that drops a reference to ``None`` on every void call.

PySide6 6.12.0 returns ``None`` from every method that returns nothing (``QLabel.setText``,
``QPainter.setPen`` …) without taking the reference it hands back. On Python 3.12 and later
``None`` is immortal and this is harmless; on Python 3.11 each such call lowers ``None``'s
reference count by one, and after some tens of thousands of calls — minutes of painting the
deadline calendar, an afternoon at the desk — the interpreter stops with "Fatal Python error:
none_dealloc". A clerk would lose the window and whatever was being typed.

:func:`guard` measures whether the binding in use has the fault (a few void calls on a
throw-away ``QObject``) and, only then, gives ``None`` a reserve of references far larger than a
session can use, which is what Python 3.12 does for every immortal object. It is called once,
before the first window, by the application and by the test suite.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject

PROBE_CALLS = 64
"""Void calls made to find out whether the binding drops references to ``None``."""
RESERVE = 1 << 48
"""References added to ``None`` when it does: 2.8e14, more calls than a session makes."""


def drops_none_references() -> bool:
    """True when a void call into Qt lowers ``None``'s reference count (the fault)."""
    if sys.version_info >= (3, 12):  # None is immortal: its count never reaches zero
        return False
    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(PROBE_CALLS):
        probe.setObjectName("probe")
    return sys.getrefcount(None) <= before - PROBE_CALLS // 2


_guarded = False


def guard() -> bool:
    """Give ``None`` its reserve if the binding has the fault (once); True when it has it."""
    global _guarded
    if _guarded:
        return True
    if not drops_none_references():
        return False
    # ob_refcnt is the first field of every CPython object (Include/object.h, PyObject).
    refcount = ctypes.c_ssize_t.from_address(id(None))
    refcount.value += RESERVE
    _guarded = True
    return True
