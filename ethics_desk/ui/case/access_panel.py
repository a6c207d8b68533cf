"""The case window's Access tab: who saw the case and when (§ 2-83(h)), for the City Clerk.

Every opening, preview, print, save, packet, attachment opened and paper issued left an audit
record; the tab lists them, oldest first, when the Clerk asks (:func:`ethics_desk.cases.access.
access_history`). Looking is itself a read of the case, and is recorded as one. Only a role the
permission table gives ``access_history`` has the tab.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ethics_desk.cases.access import AccessLine, access_history
from ethics_desk.core.office_time import stamp
from ethics_desk.core.permissions import Act
from ethics_desk.ui.accessibility import StatusLine
from ethics_desk.ui.acts import offer
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.models.rows import Column, RowsModel, rows_view
from ethics_desk.ui.office_display import office_time_zone

if TYPE_CHECKING:
    from ethics_desk.ui.context import AppContext


class AccessPanel(QWidget):
    """A button that reads the access history (recorded), and the table of its reads."""

    ALT_KEYS = frozenset("w")
    """The Alt-keys of the panel's controls: taken in the case window before the panel is
    built (:class:`~ethics_desk.ui.tab_pages.TabPages`)."""

    def __init__(self, context: AppContext, case_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.case_id = case_id
        self.setObjectName("accessPanel")
        layout = QVBoxLayout(self)
        intro = QLabel("Every time someone opened this case, previewed, printed or saved one of "
                       "its papers, opened an attachment or made a Board packet with it is "
                       "recorded. Looking at the list is recorded too.", self)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        row = QHBoxLayout()
        self.show_button = QPushButton("Show who sa&w this case", self)
        self.show_button.setObjectName("accessShow")
        self.show_button.clicked.connect(self.show_history)
        offer(context, Act.ACCESS_HISTORY, "see who saw a case", self.show_button)
        row.addWidget(self.show_button)
        self.status = StatusLine(self)
        self.status.setObjectName("accessStatus")
        self.status.setAccessibleName("Access history status")
        row.addWidget(self.status, 1)
        layout.addLayout(row)
        self.model = RowsModel[AccessLine](
            [Column("When", lambda a: stamp(a.at, office_time_zone(), with_zone=False)),
             Column("Who", lambda a: a.actor), Column("What", lambda a: a.summary)], self,
            tooltip=lambda a: a.action)
        self.view = rows_view(self.model, "accessView", 2, self,
                              keep_for=self.context, spoken="Who saw the case")
        layout.addWidget(self.view, 1)

    def show_history(self) -> list[AccessLine] | None:
        """Read the access history (recorded as a read of the case) and list it."""
        lines = attempt(self, lambda: access_history(
            self.context.database, self.case_id, account=self.context.signed_in,
            clock=self.context.clock))
        if lines is FAILED:
            return None
        self.model.set_rows(lines)
        self.status.setText(f"{len(lines)} read(s) of the case, this one included.")
        return lines
