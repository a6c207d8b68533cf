"""Starting the application: the QApplication, the database, the main window, and failures.

A database that cannot be opened (locked, read-only, written by a newer version) is a dialog
that says what to do, never a traceback.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from ethics_desk import __version__
from ethics_desk.errors import UserError


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


def run_gui(database_arg: str | None = None, quit_when_ready: bool = False) -> int:
    """Open the database and show the main window; returns the exit code."""
    from ethics_desk.storage import open_database
    from ethics_desk.ui.main_window import MainWindow

    app = application()
    try:
        database = open_database(database_arg)
    except UserError as exc:
        if quit_when_ready:
            print(f"ethics-desk: {exc}", file=sys.stderr)
            return 2
        QMessageBox.critical(None, "Ethics Desk — the database cannot be opened",
                             f"{exc.problem}\n\n{exc.fix}")
        return 2
    window = MainWindow(database)
    window.show()
    if quit_when_ready:
        QTimer.singleShot(0, app.quit)
    try:
        return app.exec()
    finally:
        database.dispose()
