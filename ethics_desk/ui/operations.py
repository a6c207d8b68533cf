"""The window's acts that take long, run off the GUI thread: the window keeps painting, and a
person sees what is being done.

:func:`operate` runs one act — a call of a service, which opens its own transaction with the
signed-in account and the clock passed in — on a worker thread, and waits for it without
blocking the window: the GUI thread goes on painting and running its timers, but takes no
click or key until the act is done (they wait, and are not lost), so nothing else can be
started over it. After :data:`SHOW_AFTER_MS` a small progress window names the act ("Issuing
the paper…"). The act's refusal is shown the one way every refusal is
(:func:`ethics_desk.ui.errors.show_user_error`) and :data:`~ethics_desk.ui.errors.FAILED` is
returned, as :func:`ethics_desk.ui.errors.attempt` does; anything else is a bug, raised again
on the GUI thread for the crash handler.

The act must read no widget: what the person typed is read before, on the GUI thread, and
passed in (a widget belongs to the GUI thread alone). Under a fixed clock in the tests the act
runs exactly as in the window, on its own thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QEventLoop, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QProgressDialog, QWidget

from ethics_desk.core.errors import UserError
from ethics_desk.ui import errors
from ethics_desk.ui.errors import FAILED, Failed

T = TypeVar("T")

SHOW_AFTER_MS = 400
"""How long an act runs before its progress window shows (a quick act shows none)."""


class _Relay(QObject):
    """Carries the worker's end back to the GUI thread (a queued signal wakes its loop)."""

    ended = Signal()


class _Outcome(Generic[T]):
    """What the worker thread left: the act's result, or what it raised."""

    def __init__(self) -> None:
        self.result: T | None = None
        self.error: BaseException | None = None
        self.done = False


def operate(parent: QWidget | None, doing: str, act: Callable[[], T]) -> T | Failed:
    """Run ``act`` on a worker thread while the window keeps painting (:func:`perform`); its
    result, or :data:`FAILED` once its refusal has been shown, the one way every refusal is.
    ``doing`` names the act in the progress window ("Issuing the paper")."""
    try:
        return perform(parent, doing, act)
    except UserError as error:
        errors.show_user_error(parent, error)  # looked up now: the one way, wherever it is set
        return FAILED


def perform(parent: QWidget | None, doing: str, act: Callable[[], T]) -> T:
    """Run ``act`` on a worker thread while the window keeps painting and takes no click or
    key, showing its progress window after :data:`SHOW_AFTER_MS`; its result, or what it
    raised, raised again here on the GUI thread (for a screen that shows a refusal in its own
    dialog, as the case window shows a rule of § 2-83 beside the form)."""
    outcome: _Outcome[T] = _Outcome()
    relay = _Relay()
    loop = QEventLoop()

    def end() -> None:
        loop.quit()

    relay.ended.connect(end, Qt.ConnectionType.QueuedConnection)

    def work() -> None:
        try:
            outcome.result = act()
        except BaseException as error:  # handed back to the GUI thread, raised there
            outcome.error = error
        finally:
            outcome.done = True
            relay.ended.emit()

    progress = _progress(parent, doing)
    shown = QTimer()
    shown.setSingleShot(True)
    shown.timeout.connect(progress.show)
    shown.start(SHOW_AFTER_MS)
    QGuiApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
    worker = threading.Thread(target=work, name=f"act: {doing}", daemon=True)
    try:
        worker.start()
        while not outcome.done:  # the window paints; clicks and keys wait for the act's end
            loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        worker.join()
    finally:
        shown.stop()
        progress.close()
        progress.deleteLater()
        QGuiApplication.restoreOverrideCursor()
    if outcome.error is not None:
        raise outcome.error
    return outcome.result  # type: ignore[return-value]  # set by the act, None included


def _progress(parent: QWidget | None, doing: str) -> QProgressDialog:
    """The small window that names the act while it runs: no bar to fill, no Cancel (an act
    is one transaction, done whole or not at all)."""
    dialog = QProgressDialog(f"{doing}…", "", 0, 0, parent)
    dialog.setObjectName("operationProgress")
    dialog.setWindowTitle("Ethics Desk")
    dialog.setAccessibleName(doing)
    dialog.setCancelButton(None)  # Qt: None removes the button
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(0)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.hide()
    return dialog
