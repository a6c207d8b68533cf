"""How the interface reports trouble: a problem the user can fix is a message naming the fix;
anything else is a bug, shown in a crash dialog and written to the log."""

from __future__ import annotations

import enum
import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Final, Literal, TypeVar

import platformdirs
from PySide6.QtWidgets import QMessageBox, QWidget

from ethics_desk.core.errors import ConflictError, RuleError, StorageError, UserError

T = TypeVar("T")
log = logging.getLogger("ethics_desk")


def show_user_error(parent: QWidget | None, error: UserError, title: str = "") -> None:
    """A warning that says what is wrong and what to do; nothing the user typed is touched."""
    if not title:
        title = ("The database needs attention" if isinstance(error, StorageError) else
                 "Changed elsewhere" if isinstance(error, ConflictError) else
                 "Not allowed by § 2-83" if isinstance(error, RuleError) else "Please check")
    box = QMessageBox(QMessageBox.Icon.Warning, f"Ethics Desk — {title}", error.problem,
                      QMessageBox.StandardButton.Ok, parent)
    if error.fix:
        box.setInformativeText(error.fix)
    box.setObjectName("userErrorBox")
    box.exec()


class Failed(enum.Enum):
    """What :func:`attempt` returns when the action was refused (the user has been told why).

    It is not ``None``, so an action that returns nothing is told apart from one that failed:
    ``if attempt(...) is FAILED``. It is false, so ``attempt(read) or []`` still reads naturally.
    """

    FAILED = "failed"

    def __bool__(self) -> Literal[False]:
        """Always false: a failed attempt gave nothing to use."""
        return False


FAILED: Final = Failed.FAILED
"""The one :class:`Failed` value."""


def attempt(parent: QWidget | None, action: Callable[[], T], title: str = "") -> T | Failed:
    """Run a user action; a :class:`UserError` becomes a message and :data:`FAILED` is returned.

    Otherwise the action's own result is returned, ``None`` included (an action that returns
    nothing succeeded when the result ``is not FAILED``).
    """
    try:
        return action()
    except UserError as error:
        show_user_error(parent, error, title)
        return FAILED


def log_file() -> Path:
    """Where the application log is written (the user's log folder, readable by this user
    only: an error's details may name a case, § 2-83(h)). No password is ever logged."""
    from ethics_desk.storage.private_files import make_private_folder, tighten

    folder = make_private_folder(Path(platformdirs.user_log_dir("EthicsDesk", appauthor=False)))
    path = folder / "ethics-desk.log"
    if path.exists():
        tighten(path)
    return path


def install_crash_handler() -> None:
    """Log every unexpected exception and show it in a dialog instead of dying silently."""
    path = log_file()
    if not path.exists():
        from ethics_desk.storage.private_files import create_private_file

        create_private_file(path)  # private before the first line is written
    logging.basicConfig(filename=path, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    def handle(kind: type[BaseException], value: BaseException,
               tb: TracebackType | None) -> None:
        text = "".join(traceback.format_exception(kind, value, tb))
        log.error("Unexpected error\n%s", text)
        if isinstance(value, UserError):
            show_user_error(None, value)
            return
        box = QMessageBox(QMessageBox.Icon.Critical, "Ethics Desk — unexpected error",
                          "Something went wrong inside Ethics Desk. What you were doing may not "
                          "have been saved; saved records are safe.", QMessageBox.StandardButton.Ok)
        box.setInformativeText(f"The details are in {log_file()}. Please send that file to IT.")
        box.setDetailedText(text)
        box.exec()

    sys.excepthook = handle
