"""The Notes tab of the case window: the calls, visits and e-mails about the case.

Lists the case's notes, oldest first — when, who, what kind and what was said — with the chosen
note in full below, and adds a note (its kind and its text) as the signed-in person at the
clock's time: one audited act (:func:`ethics_desk.cases.notes.add_note`). A note is never
changed or removed: a correction is a new note. Notes are as confidential as the case
(§ 2-83(h)(1)) and go on no paper sent to a party. A refused note keeps what was typed.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.cases import notes
from ethics_desk.cases.notes import NoteLine
from ethics_desk.core.office_time import stamp
from ethics_desk.core.permissions import Act
from ethics_desk.core.vocabulary import NoteKind
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.models.rows import Column, RowsModel, rows_view
from ethics_desk.ui.office_display import office_time_zone
from ethics_desk.ui.read_only import refuse_while_read_only

NO_NOTE = "Choose a note to read it in full."


def _first_line(text: str) -> str:
    return text.splitlines()[0] if text else ""


class NotesPanel(QWidget):
    """The case's notes and the form that adds one; ``changed`` after each note saved."""

    ALT_KEYS = frozenset("akw")
    """The Alt-keys of the panel's controls: taken in the case window before the panel is
    built (:class:`~ethics_desk.ui.tab_pages.TabPages`)."""

    changed = Signal()

    def __init__(self, context: AppContext, case_id: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.case_id = case_id
        self.setObjectName("notesPanel")
        intro = QLabel("Calls, visits and e-mails about the case. Notes are as confidential as "
                       "the case (§ 2-83(h)(1)) and go on no paper sent to a party. A note "
                       "cannot be changed: to correct one, add another.", self)
        intro.setWordWrap(True)
        self.model: RowsModel[NoteLine] = RowsModel(
            (Column("When", lambda n: stamp(n.written_at, office_time_zone(), with_zone=False)),
             Column("Who", lambda n: n.written_by), Column("Kind", lambda n: n.kind.label),
             Column("Note", lambda n: _first_line(n.text))), self, tooltip=lambda n: n.text)
        self.table = rows_view(self.model, "notesView", 3, self,
                               keep_for=self.context, spoken="Notes on the case",
                               compact=True, elide=Qt.TextElideMode.ElideRight)
        self.full = QPlainTextEdit(self)
        self.full.setObjectName("noteFull")
        self.full.setAccessibleName("The chosen note in full")
        self.full.setReadOnly(True)
        self.full.setPlainText(NO_NOTE)
        self.table.selectionModel().currentRowChanged.connect(self._show)
        shown = QSplitter(Qt.Orientation.Vertical, self)
        shown.addWidget(self.table)
        shown.addWidget(self.full)
        shown.setSizes([300, 120])
        self.kind = QComboBox(self)
        self.kind.setObjectName("noteKind")
        for kind in NoteKind:
            self.kind.addItem(kind.label, kind.value)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("noteText")
        self.text.setTabChangesFocus(True)  # Tab leaves the box: the keyboard is not trapped
        self.text.setPlaceholderText("Who called, wrote or came, and what about")
        self.add_button = QPushButton("&Add the note", self)
        self.add_button.setObjectName("noteAdd")
        self.add_button.clicked.connect(self.add)
        self.status = StatusLine(self)
        self.status.setObjectName("noteStatus")
        self.status.setAccessibleName("Notes status")
        form = QFormLayout()
        for label_text, field in (("&Kind:", self.kind), ("&What was said:", self.text)):
            label = QLabel(label_text, self)
            buddy(label, field)
            form.addRow(label, field)
        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.add_button)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(shown, 1)
        layout.addLayout(form)
        layout.addLayout(buttons)
        self._offer()

    def _offer(self) -> None:
        offer(self.context, Act.ADD_NOTE, "add notes to a case", self.add_button)
        refuse_while_read_only(self.context, self.add_button)

    def set_notes(self, lines: tuple[NoteLine, ...] | list[NoteLine]) -> None:
        """Show the case's notes (read with the case: the case file's), the newest chosen."""
        self.model.set_rows(list(lines))
        if lines:
            self.table.selectRow(len(lines) - 1)
        else:
            self.full.setPlainText(NO_NOTE)
        self._offer()

    def _show(self, current: QModelIndex | QPersistentModelIndex, _previous: object) -> None:
        if not current.isValid():
            self.full.setPlainText(NO_NOTE)
            return
        line = self.model.row(current.row())
        self.full.setPlainText(f"{line.kind.label} — {line.written_by}, "
                               f"{stamp(line.written_at, office_time_zone())}\n\n{line.text}")

    def add(self) -> NoteLine | None:
        """Add the note in the form (audited); the form is emptied once it is saved."""
        kind = NoteKind(str(self.kind.currentData()))
        text = self.text.toPlainText()
        line = attempt(self, lambda: notes.add_note(
            self.context.database, self.case_id, kind, text,
            account=self.context.signed_in, clock=self.context.clock), "Note not added")
        if line is FAILED:
            return None
        self.text.clear()
        self.status.setText(f"Added the note ({line.kind.label.lower()}).")
        self.changed.emit()
        return line
