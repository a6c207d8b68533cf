"""The case window's Documents tab: the (c)(7) lists and the papers filed later, the attached
file opened checked against its SHA-256, the whole case file saved as one PDF, and the papers
entered into the record of a hearing or a Board proceeding (§ 2-83(h)(2)).

Built when the tab is first chosen (:class:`~ethics_desk.ui.tab_pages.TabPages`); the case
window connects its buttons, as the acts are the window's.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from ethics_desk.core.permissions import Act
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.case.hearing_record_panel import HearingRecordPanel
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.mnemonics import mnemonic_of
from ethics_desk.ui.models.rows import rows_view

OPEN_FILE = "&Open the attached file (checked against its SHA-256)"
SAVE_CASE_FILE = "Save the &whole case file…"


class DocumentsPage(QWidget):
    """The Documents tab: its table, its two buttons and the hearing-record panel under them."""

    ALT_KEYS = frozenset(filter(None, map(mnemonic_of, (OPEN_FILE, SAVE_CASE_FILE))))
    """The Alt-keys of the page's own buttons (the hearing-record panel declares its own)."""

    def __init__(self, context: AppContext, case_id: int, documents: QAbstractTableModel,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("documentsPage")
        column = QVBoxLayout(self)
        self.view = rows_view(documents, "documentsView", 1, self, keep_for=context,
                              spoken="Documents of the case")
        column.addWidget(self.view)
        self.open_button = QPushButton(OPEN_FILE, self)
        declare(None, self.open_button)  # a read of the case, on record
        # The whole case file as one PDF, for those the table names, within their scope
        self.case_file_button = QPushButton(SAVE_CASE_FILE, self)
        self.case_file_button.setObjectName("saveCaseFile")
        self.case_file_button.setAccessibleName("Save the whole case file as one PDF")
        self.case_file_button.setToolTip("The sworn complaint, its exhibits, every issued paper, "
                                         "the mail ledger, the reviews and decisions, the "
                                         "Board's votes, the deadlines and the access record, "
                                         "as one PDF with bookmarks (recorded in the history)")
        offer(context, Act.CASE_FILE, "make the whole case file", self.case_file_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.case_file_button)
        buttons.addStretch(1)
        column.addLayout(buttons)
        # § 2-83(h)(2): papers entered into the record of a hearing or a Board proceeding
        self.hearing_record = HearingRecordPanel(context, case_id, self.view, self,
                                                 fill_when_shown=True)
        column.addWidget(self.hearing_record)
