"""New complaint: start an intake at the counter, or resume a draft left unfinished."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.permissions import Act
from ethics_desk.intake.drafts import list_drafts
from ethics_desk.staff.acting import allowed
from ethics_desk.ui.accessibility import buddy
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.read_only import refuse_while_read_only


class NewComplaintScreen(QWidget):
    """The counter's starting point: a new intake, the drafts, and the information sheet."""

    start_requested = Signal()
    resume_requested = Signal(int)
    info_sheet_requested = Signal()

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        intro = QLabel(
            "<h2>New complaint</h2>A sworn complaint under City Code § 2-83 is taken at the "
            "counter in eight steps: the complainant, the respondents, the allegation, the "
            "facts, the documents, the affidavit, signing before a notary, and filing. "
            "Everything is saved as you type; a complaint left unfinished is listed below.")
        intro.setWordWrap(True)
        self.start_button = QPushButton("&Start a new complaint", self)
        self.start_button.setObjectName("startIntake")
        self.info_button = QPushButton("Print the &information sheet (§ 2-83(b))", self)
        self.start_button.clicked.connect(self.start_requested)
        self.info_button.clicked.connect(self.info_sheet_requested)
        self.drafts = QListWidget(self)
        self.drafts.setObjectName("drafts")
        self.drafts.itemActivated.connect(self._resume)
        self.resume_button = QPushButton("&Resume the selected draft", self)
        self.resume_button.clicked.connect(lambda: self._resume(self.drafts.currentItem()))
        declare(None, self.info_button)  # the public information sheet of § 2-83(b)
        self.empty = QLabel("No unfinished drafts.")
        row = QHBoxLayout()
        row.addWidget(self.start_button)
        row.addWidget(self.info_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(row)
        drafts_label = QLabel("<b>Unfinished &drafts</b> (double-click or Enter to resume)")
        buddy(drafts_label, self.drafts)
        layout.addWidget(drafts_label)
        layout.addWidget(self.empty)
        layout.addWidget(self.drafts, 1)
        layout.addWidget(self.resume_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.refresh()

    def refresh(self) -> None:
        """Reload the drafts list."""
        self.drafts.clear()
        account = self.context.signed_in
        drafts = (list_drafts(self.context.database, account=account)
                  if allowed(account, Act.TAKE_COMPLAINT) else [])
        for draft in drafts:
            item = QListWidgetItem(draft.label)
            item.setData(Qt.ItemDataRole.UserRole, draft.complaint_id)
            self.drafts.addItem(item)
        has = self.drafts.count() > 0
        self.empty.setVisible(not has)
        self.resume_button.setEnabled(has)
        offer(self.context, Act.TAKE_COMPLAINT, "take a complaint at the counter (§ 2-83(c))",
              self.start_button, self.resume_button)
        refuse_while_read_only(self.context, self.start_button, self.resume_button)
        if has:
            self.drafts.setCurrentRow(0)

    def _resume(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.resume_requested.emit(int(item.data(Qt.ItemDataRole.UserRole)))

    def first_field(self) -> QWidget:
        """Where the cursor goes when the screen is shown: the drafts to resume, if any; else
        Start a new complaint."""
        return self.drafts if self.drafts.count() else self.start_button
