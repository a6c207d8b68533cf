"""The Witnesses tab of the case window: who may be told of the complaint, § 2-83(h)(1).

Lists the witnesses and potential witnesses recorded on the case with who identified each,
and records a new one (the complainant, a respondent or a witness identified them). Taking one
off asks why. The acts are :mod:`ethics_desk.cases.witnesses`'; a refused one keeps what was
typed.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.cases import witnesses
from ethics_desk.cases.witnesses import WitnessLine
from ethics_desk.core.permissions import Act
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.models.rows import Column, RowsModel, rows_view
from ethics_desk.ui.read_only import refuse_while_read_only


class WitnessesPanel(QWidget):
    """The case's witnesses, and a form to record one; ``changed`` after each saved act."""

    ALT_KEYS = frozenset("kombt")
    """The Alt-keys of the panel's controls: taken in the case window before the panel is
    built (:class:`~ethics_desk.ui.tab_pages.TabPages`)."""

    changed = Signal()

    def __init__(self, context: AppContext, case_id: int, parent: QWidget | None = None, *,
                 fill_when_shown: bool = False) -> None:
        """``fill_when_shown``: read nothing until the panel is first shown (a tab of the case
        window)."""
        super().__init__(parent)
        self.context = context
        self.case_id = case_id
        self._filled = False
        self.model: RowsModel[WitnessLine] = RowsModel(
            (Column("Witness", lambda w: w.name), Column("Identified by", lambda w: w.identified_by),
             Column("Contact", lambda w: w.contact)), self)
        self.table = rows_view(self.model, "witnessesView", 2, self, keep_for=self.context,
                               spoken="Witnesses and potential witnesses of the case",
                               compact=True, elide=Qt.TextElideMode.ElideRight)
        intro = QLabel("While the complaint is pending, only the parties and the witnesses they "
                       "or another witness identify may be told of it (§ 2-83(h)(1)).", self)
        intro.setWordWrap(True)
        self.remove_button = QPushButton("Ta&ke off the case…", self)  # above the form
        self.remove_button.clicked.connect(self.remove)
        self.name = QLineEdit(self)
        self.name.setObjectName("witnessName")
        self.identified_by = QComboBox(self)
        self.identified_by.setObjectName("witnessIdentifiedBy")
        self.contact = QLineEdit(self)
        self.contact.setObjectName("witnessContact")
        self.add_button = QPushButton("Rec&ord the witness", self)
        self.add_button.clicked.connect(self.add)
        self.status = StatusLine(self)
        form = QFormLayout()
        for text, field in (("Na&me of the witness:", self.name),
                            ("Identified &by:", self.identified_by),
                            ("Con&tact (address, telephone):", self.contact)):
            label = QLabel(text, self)
            buddy(label, field)
            form.addRow(label, field)
        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.add_button)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addLayout(form)
        layout.addLayout(buttons)
        if fill_when_shown:
            self.remove_button.setEnabled(False)  # nothing listed yet
            self._offer()
        else:
            self.reload()

    def showEvent(self, event: QShowEvent) -> None:
        """The first time the tab is shown, read what it lists."""
        super().showEvent(event)
        if not self._filled:
            self.reload()

    def reload(self) -> None:
        """Show the case's witnesses and who may identify one."""
        found = attempt(self, lambda: (witnesses.witnesses(self.context.database, self.case_id,
                                                           account=self.context.signed_in),
                                       witnesses.identifiers(self.context.database,
                                                             self.case_id, account=self.context.signed_in)))
        if found is FAILED:
            return
        self._filled = True
        lines, people = found
        self.model.set_rows(lines)
        chosen = self.identified_by.currentData()
        self.identified_by.clear()
        for person in people:
            self.identified_by.addItem(person.label, person.key)
        self.identified_by.setCurrentIndex(max(0, self.identified_by.findData(chosen)))
        self.remove_button.setEnabled(bool(lines))
        self._offer()

    def _offer(self) -> None:
        offer(self.context, Act.RECORD_WITNESSES, "record witnesses", self.add_button,
              self.remove_button)
        refuse_while_read_only(self.context, self.add_button, self.remove_button)

    def add(self) -> WitnessLine | None:
        """Record the witness in the form (audited); the form is emptied once it is saved."""
        key = str(self.identified_by.currentData() or "")
        name, contact = self.name.text(), self.contact.text()
        line = attempt(self, lambda: witnesses.add_witness(
            self.context.database, self.case_id, name, key, contact,
            account=self.context.signed_in, clock=self.context.clock), "Witness not recorded")
        if line is FAILED:
            return None
        self.name.clear()
        self.contact.clear()
        self.reload()
        self.status.setText(f"Recorded {line.name} as a witness.")
        self.changed.emit()
        return line

    def remove(self) -> None:
        """Take the chosen witness off the case, after asking why."""
        index = self.table.currentIndex()
        if not index.isValid():
            self.status.setText("Choose the witness to take off first.")
            return
        line = self.model.row(index.row())
        reason, ok = QInputDialog.getText(self, "Ethics Desk — take a witness off the case",
                                          f"Why is {line.name} taken off the witnesses?")
        if not ok:
            return
        done = attempt(self, lambda: witnesses.remove_witness(
            self.context.database, self.case_id, line.witness_id, reason,
            account=self.context.signed_in, clock=self.context.clock))
        if done is FAILED:
            return
        self.reload()
        self.status.setText(f"Took {line.name} off the witnesses.")
        self.changed.emit()
