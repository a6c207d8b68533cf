"""The main window: for now, which database is open and how many cases it holds.

The intake issue replaces this with the full frame (navigation, menus, screens).
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow, QVBoxLayout, QWidget
from sqlalchemy import func, select

from ethics_desk.db import Database
from ethics_desk.models import CaseState, Complaint


class MainWindow(QMainWindow):
    """The application window, showing the database in use in its status bar."""

    def __init__(self, database: Database) -> None:
        super().__init__()
        self.database = database
        self.setWindowTitle("Ethics Desk — City Code § 2-83 complaints")
        self.resize(1000, 680)
        body = QWidget()
        layout = QVBoxLayout(body)
        self.summary = QLabel()
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        layout.addStretch(1)
        self.setCentralWidget(body)
        self.statusBar().showMessage(f"Database: {database.description}")
        self.refresh()

    def refresh(self) -> None:
        """Count the cases by whether they are pending (§ 2-83(h))."""
        with self.database.read_session() as session:
            rows = session.execute(select(Complaint.state, func.count())
                                   .group_by(Complaint.state)).all()
        pending = sum(n for state, n in rows if state.is_pending)
        drafts = sum(n for state, n in rows if state is CaseState.DRAFT)
        total = sum(n for _, n in rows)
        self.summary.setText(f"{total} complaint{'s' * (total != 1)} on record: {pending} "
                             f"pending, {drafts} draft{'s' * (drafts != 1)}.")
