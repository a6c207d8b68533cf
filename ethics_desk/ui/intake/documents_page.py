"""Step 5 — the documents of § 2-83(c)(7): attached, held elsewhere, and unavailable."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.intake.record import (
    MAX_ATTACHMENT_BYTES,
    AttachmentData,
    DocumentData,
    Intake,
    Problem,
    check_documents,
    read_attachment,
)
from ethics_desk.models import DocumentList
from ethics_desk.ui.intake.base import IntakeHost, IntakePage
from ethics_desk.ui.intake.fields import FieldMessage

FILE_FILTER = "PDF and images (*.pdf *.png *.jpg *.jpeg *.tif *.tiff *.gif *.bmp *.webp)"
DATA_ROLE = Qt.ItemDataRole.UserRole


def _text(cell: QTableWidgetItem | None) -> str:
    """A table cell's text, stripped; "" for a cell never typed in (Qt has no item there)."""
    return cell.text().strip() if cell is not None else ""


class AttachmentList(QListWidget):
    """The attached files; accepts files dropped from the desktop or Explorer."""

    files_dropped = Signal(list)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept file drops."""
        if event.mimeData().hasUrls():
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        """Keep accepting while the files move over the list."""
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """Attach the dropped files."""
        paths = [Path(url.toLocalFile()) for url in event.mimeData().urls() if url.isLocalFile()]
        if paths:
            self.files_dropped.emit(paths)
            event.acceptProposedAction()


class ListTable(QTableWidget):
    """Description and location rows for one of the two (c)(7) lists without attachments."""

    def __init__(self, parent: QWidget, name: str) -> None:
        super().__init__(0, 2, parent)
        self.setObjectName(name)
        self.setHorizontalHeaderLabels(["Document or material", "Location, if known"])
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setVisible(False)
        self.setTabKeyNavigation(False)

    def rows(self) -> list[tuple[str, str]]:
        """The rows that are not empty."""
        out = []
        for r in range(self.rowCount()):
            cells = [_text(self.item(r, c)) for c in (0, 1)]
            if any(cells):
                out.append((cells[0], cells[1]))
        return out

    def set_rows(self, rows: list[tuple[str, str]]) -> None:
        """Show these rows."""
        self.setRowCount(0)
        for description, location in rows:
            self.add_row(description, location)

    def add_row(self, description: str = "", location: str = "") -> None:
        """A row at the end."""
        r = self.rowCount()
        self.insertRow(r)
        self.setItem(r, 0, QTableWidgetItem(description))
        self.setItem(r, 1, QTableWidgetItem(location))


class DocumentsPage(IntakePage):
    """Attach what the complainant has; list what others hold and what is unavailable."""

    def __init__(self, wizard: IntakeHost) -> None:
        super().__init__(wizard, "5. Documents — § 2-83(c)(7)",
                         "All documents available to the complainant are attached; documents "
                         "held by others, and documents unavailable, are listed with their "
                         "location if known.")
        self.attachments: list[AttachmentData] = []
        self.attached = AttachmentList(self)
        self.attached.setObjectName("attachments")
        self.attached.files_dropped.connect(self.attach_paths)
        attach = QPushButton("&Attach files…", self)
        attach.clicked.connect(self.choose_files)
        remove = QPushButton("Remove the selected &file", self)
        remove.clicked.connect(self.remove_selected)
        self.attach_message = FieldMessage(self)
        self.attach_message.setObjectName("message:attachments")
        own = QGroupBox("In the complainant's possession — attached (PDF or images; drop files "
                        "here)", self)
        own_layout = QVBoxLayout(own)
        own_layout.addWidget(self.attached)
        own_layout.addWidget(self.attach_message)
        buttons = QHBoxLayout()
        buttons.addWidget(attach)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        own_layout.addLayout(buttons)
        self.elsewhere = ListTable(self, "notInPossession")
        self.unavailable = ListTable(self, "unavailable")
        layout = QVBoxLayout(self)
        layout.addWidget(own, 2)
        for table, title, button in (
                (self.elsewhere, "Available but held by someone else", "Add a row (a&vailable)"),
                (self.unavailable, "Unavailable to the complainant", "Add a row (&unavailable)")):
            box = QGroupBox(title, self)
            column = QVBoxLayout(box)
            column.addWidget(table)
            add = QPushButton(button, self)
            add.clicked.connect(lambda _c=False, t=table: self._add_row(t))
            column.addWidget(add, 0, Qt.AlignmentFlag.AlignLeft)
            QWidget.setTabOrder(table, add)  # Tab: each list, then its own Add a row
            layout.addWidget(box, 1)
            table.itemChanged.connect(self.intake_wizard.schedule_save)
        self.hint = QLabel(f"Files up to {MAX_ATTACHMENT_BYTES // 1024 // 1024} MB each; each "
                           "file's SHA-256 is recorded so it can be proved unchanged.", self)
        layout.addWidget(self.hint)

    def _add_row(self, table: ListTable) -> None:
        table.add_row()
        table.setCurrentCell(table.rowCount() - 1, 0)
        table.setFocus()

    def choose_files(self) -> None:
        """The file dialog."""
        names, _ = QFileDialog.getOpenFileNames(self, "Attach documents", "", FILE_FILTER)
        self.attach_paths([Path(n) for n in names])

    def attach_paths(self, paths: list[Path]) -> list[str]:
        """Attach files; each refused one is explained. Returns the refusals."""
        refused = []
        for path in paths:
            try:
                self.add_attachment(read_attachment(path))
            except UserError as exc:
                refused.append(str(exc))
        self.attach_message.say(" ".join(refused))
        if refused and self.isVisible():
            QMessageBox.warning(self, "Ethics Desk — file not attached", "\n\n".join(refused))
        return refused

    def add_attachment(self, data: AttachmentData) -> None:
        """Show and keep one attachment."""
        if any(a.sha256 == data.sha256 for a in self.attachments):
            return
        self.attachments.append(data)
        item = QListWidgetItem(f"{data.file_name} — {len(data.content) / 1024:,.0f} KB — "
                               f"SHA-256 {data.sha256[:16]}…")
        item.setData(DATA_ROLE, data.sha256)
        self.attached.addItem(item)
        self.intake_wizard.schedule_save()

    def remove_selected(self) -> None:
        """Drop the selected attachment."""
        item: QListWidgetItem | None = self.attached.currentItem()  # None: nothing selected
        if item is None:
            return
        digest = item.data(DATA_ROLE)
        self.attachments = [a for a in self.attachments if a.sha256 != digest]
        self.attached.takeItem(self.attached.row(item))
        self.intake_wizard.schedule_save()

    def load(self, intake: Intake) -> None:
        """Fill from the intake."""
        self.attachments = []
        self.attached.clear()
        for doc in intake.documents:
            if doc.list_kind is DocumentList.IN_POSSESSION and doc.attachment is not None:
                self.add_attachment(doc.attachment)
        self.elsewhere.blockSignals(True)
        self.unavailable.blockSignals(True)
        self.elsewhere.set_rows([(d.description, d.location) for d in intake.documents
                                 if d.list_kind is DocumentList.NOT_IN_POSSESSION])
        self.unavailable.set_rows([(d.description, d.location) for d in intake.documents
                                   if d.list_kind is DocumentList.UNAVAILABLE])
        self.elsewhere.blockSignals(False)
        self.unavailable.blockSignals(False)

    def store(self, intake: Intake) -> None:
        """Write the three lists into the intake."""
        documents = [DocumentData(DocumentList.IN_POSSESSION, a.file_name, attachment=a)
                     for a in self.attachments]
        documents += [DocumentData(DocumentList.NOT_IN_POSSESSION, d, loc)
                      for d, loc in self.elsewhere.rows()]
        documents += [DocumentData(DocumentList.UNAVAILABLE, d, loc)
                      for d, loc in self.unavailable.rows()]
        intake.documents = documents

    def problems(self, intake: Intake) -> list[Problem]:
        """(c)(7): sizes, and every listed row described."""
        return check_documents(intake)

    def show_problems(self, problems: list[Problem]) -> None:
        """Shown under the attachments (rows are few; the message names the row)."""
        self.attach_message.say(" ".join(f"{p.message} ({p.citation})" for p in problems))
