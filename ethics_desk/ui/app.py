"""Starting the application: the QApplication, the database, the main window, and failures.

A database that cannot be opened (locked, read-only, written by a newer version) is a dialog
that says what to do, never a traceback.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QMessageBox

from ethics_desk import __version__
from ethics_desk.db import Database
from ethics_desk.errors import StorageError, UserError


def application() -> QApplication:
    """The one QApplication, created with the organisation and application names."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication(sys.argv[:1])
    app.setOrganizationName("EthicsDesk")
    app.setApplicationName("Ethics Desk")
    app.setApplicationVersion(__version__)
    return app


def open_with_dialogs(database_arg: str | None, *, interactive: bool) -> Database | None:
    """Open the database; a problem is a dialog (Retry for a busy database), or stderr."""
    from ethics_desk.storage import open_database

    while True:
        try:
            database = open_database(database_arg)
            try:
                database.check_writable()
            except StorageError as exc:
                if not interactive:
                    print(f"ethics-desk: warning: {exc}", file=sys.stderr)
                else:
                    QMessageBox.warning(None, "Ethics Desk — changes cannot be saved",
                                        f"{exc.problem}\n\nYou can look at the records, but "
                                        f"nothing can be saved. {exc.fix}")
            return database
        except UserError as exc:
            if not interactive:
                print(f"ethics-desk: {exc}", file=sys.stderr)
                return None
            busy = "busy" in exc.problem
            buttons = (QMessageBox.StandardButton.Retry | QMessageBox.StandardButton.Cancel
                       if busy else QMessageBox.StandardButton.Close)
            box = QMessageBox(QMessageBox.Icon.Critical, "Ethics Desk — the database cannot be "
                              "opened", exc.problem, buttons)
            box.setInformativeText(exc.fix)
            if box.exec() != QMessageBox.StandardButton.Retry:
                return None


def run_gui(database_arg: str | None = None, quit_when_ready: bool = False) -> int:
    """Open the database and show the main window; returns the exit code.

    With ``quit_when_ready`` the application exits 0 as soon as the main window is shown and
    populated (for smoke tests and start-up benchmarks).
    """
    from ethics_desk.ui.context import AppContext
    from ethics_desk.ui.errors import install_crash_handler
    from ethics_desk.ui.main_window import MainWindow

    app = application()
    if not quit_when_ready:
        install_crash_handler()
    database = open_with_dialogs(database_arg, interactive=not quit_when_ready)
    if database is None:
        return 2
    window = MainWindow(AppContext(database))
    if quit_when_ready:
        window.ready.connect(app.quit)
    window.show()
    try:
        return app.exec()
    finally:
        database.dispose()
