"""The inbox's results of a search "in documents": each piece of a case's text that holds the
words, with its case, where it is and a snippet.

The inbox shows this list in place of the case list while "in documents" is ticked
(:mod:`ethics_desk.ui.screens.inbox_screen`); what is searched, and for whom, is the service's
(:func:`ethics_desk.cases.full_text.search_documents`). Each result is one item: the case number
and the place on the first line, the snippet on the second, the words found between « and » (a
screen reader reads them as written). Enter or a double-click asks for the case.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

from ethics_desk.cases.full_text import DocumentSearch

CASE_ROLE = int(Qt.ItemDataRole.UserRole) + 1
"""The item's data: the id of its case."""


class DocumentResults(QListWidget):
    """The results of one search in documents, newest first."""

    case_requested = Signal(int)
    """The clerk asked to open the case of a result (Enter or double-click)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inboxDocumentResults")
        self.setAccessibleName("Documents found")
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.itemActivated.connect(self._activated)

    def show_search(self, found: DocumentSearch) -> None:
        """Show ``found``'s results (none: an empty list)."""
        self.clear()
        for hit in found.hits:
            scanned = f" — {hit.textless} scanned without text, not searched" \
                if hit.textless else ""
            text = (f"{hit.case_number} — {hit.where}{scanned}\n"
                    f"{hit.plain_snippet('«', '»')}")
            item = QListWidgetItem(text, self)
            item.setData(CASE_ROLE, hit.complaint_id)
            item.setToolTip(text)
        if self.count():
            self.setCurrentRow(0)

    def case_of(self, row: int) -> int | None:
        """The case id of the result on ``row``."""
        if not 0 <= row < self.count():
            return None
        return int(self.item(row).data(CASE_ROLE))

    def _activated(self, item: QListWidgetItem) -> None:
        self.case_requested.emit(int(item.data(CASE_ROLE)))
