"""A guard against a Qt binding that drops a reference to ``None`` on every void call, and one
to ``True`` on every signal emitted from Python.

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

The same binding returns ``True`` from ``Signal.emit()`` without its reference: every signal a
screen emits from Python (a case saved, a query's rows come back, an act of
:mod:`ethics_desk.ui.operations` ended) lowers ``True``'s count by one, and a few thousand
emits stop the interpreter with "Fatal Python error: bool_dealloc". :func:`guard` measures that
fault too, and gives ``True`` and ``False`` the same reserve where it is found.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, Signal

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


class _Emitter(QObject):
    """A throw-away object whose signal is emitted to measure the fault."""

    fired = Signal()


def drops_bool_references() -> bool:
    """True when emitting a signal from Python lowers ``True``'s reference count (the fault)."""
    if sys.version_info >= (3, 12):  # True and False are immortal too
        return False
    probe = _Emitter()
    probe.fired.connect(_nothing)
    before = sys.getrefcount(True)
    for _ in range(PROBE_CALLS):
        probe.fired.emit()
    return sys.getrefcount(True) <= before - PROBE_CALLS // 2


def _nothing() -> None:
    """The probe's slot."""


def _reserve(value: object) -> None:
    """Give the object ``value`` (None, True, False) a reserve of references."""
    # ob_refcnt is the first field of every CPython object (Include/object.h, PyObject).
    refcount = ctypes.c_ssize_t.from_address(id(value))
    refcount.value += RESERVE


_guarded = False


def guard() -> bool:
    """Give ``None`` — and ``True`` and ``False`` — their reserve if the binding has the fault
    (once); True when it has either."""
    global _guarded
    if _guarded:
        return True
    nones, bools = drops_none_references(), drops_bool_references()
    if not (nones or bools):
        return False
    if nones:
        _reserve(None)
    if bools:
        _reserve(True)
        _reserve(False)
    _guarded = True
    return True
