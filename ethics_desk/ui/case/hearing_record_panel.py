"""The case window's record of proceedings: papers entered into the record of a formal hearing or
a Board proceeding, which § 2-83(h)(2) lets be disclosed.

Under the Documents tab's list, :class:`HearingRecordPanel` lists the case's papers so marked —
which paper, the proceeding, the day it was entered, by whom — says whether the paper chosen in
the documents list is one, and offers **Enter into the record…** (:class:`EnterIntoRecordDialog`:
the paper, the proceeding — a hearing of the case, or a Board meeting and its date — and the
day) and **Take off the record…** (asks why). The acts are
:mod:`ethics_desk.cases.hearing_record`'s, each audited; a refused one keeps the dialog open.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.cases import hearing_record
from ethics_desk.cases.case_file import DocumentLine
from ethics_desk.cases.hearing_record import Paper, Proceeding, RecordLine
from ethics_desk.core.permissions import Act
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.models.rows import ROW_ROLE, Column, RowsModel, rows_view
from ethics_desk.ui.read_only import refuse_while_read_only

MEETING = "meeting"
"""The proceeding choice that is a Board meeting, named by the date typed beside it."""


def paper_key_of(line: DocumentLine | None) -> str:
    """The :class:`~ethics_desk.cases.hearing_record.Paper` key of a documents-list line."""
    if line is None:
        return ""
    if line.filing_id is not None:
        return f"{hearing_record.FILING}:{line.filing_id}"
    return f"{hearing_record.ATTACHMENT}:{line.attachment_id}" if line.attachment_id else ""


class EnterIntoRecordDialog(QDialog):
    """Mark a paper of the case as entered into the record of a proceeding, § 2-83(h)(2)."""

    saved = Signal(object)

    def __init__(self, context: AppContext, case_id: int, papers: list[Paper],
                 proceedings: list[Proceeding], chosen: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.case_id = case_id
        self.line: RecordLine | None = None
        self.setObjectName("enterIntoRecordDialog")
        self.setWindowTitle("Enter into the record of a proceeding — § 2-83(h)(2)")
        intro = QLabel("A paper entered into the record of a formal hearing or an Ethics Review "
                       "Board proceeding may be disclosed (§ 2-83(h)(2)); every other paper of a "
                       "pending complaint stays confidential (§ 2-83(h)(1)).", self)
        intro.setWordWrap(True)
        self.paper = QComboBox(self)
        self.paper.setObjectName("recordPaper")
        self.paper.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.paper.setMaximumWidth(900)  # the dialog stays on a 1280-pixel screen
        for paper in papers:
            self.paper.addItem(paper.label, paper.key)
        self.paper.setCurrentIndex(max(0, self.paper.findData(chosen)))
        self.proceeding = QComboBox(self)
        self.proceeding.setObjectName("recordProceeding")
        for hearing in proceedings:
            self.proceeding.addItem(hearing.label[:1].upper() + hearing.label[1:], hearing)
        self.proceeding.addItem("A meeting of the Ethics Review Board (its date below)", MEETING)
        today = context.today()
        self.meeting_on = DateField(self, today=context.today, value=today)
        self.meeting_on.setObjectName("recordMeetingOn")
        self.entered_on = DateField(self, today=context.today, value=today)
        self.entered_on.setObjectName("recordEnteredOn")
        self.message = StatusLine(self, urgent=True)
        palette.set_style(self.message, "error, regular")
        self.message.setWordWrap(True)
        form = QFormLayout()
        for text, field in (("&Paper:", self.paper), ("P&roceeding:", self.proceeding),
                            ("&Meeting of the Board on:", self.meeting_on),
                            ("&Entered into its record on:", self.entered_on)):
            label = QLabel(text, self)
            buddy(label, field)
            form.addRow(label, field)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.proceeding.currentIndexChanged.connect(self._proceeding_chosen)
        self.meeting_on.changed.connect(self._proceeding_chosen)
        self._proceeding_chosen()
        give_alt_keys(self)  # Save

    def chosen_hearing(self) -> Proceeding | None:
        """The hearing chosen, or None when the proceeding is a Board meeting."""
        data = self.proceeding.currentData()
        return data if isinstance(data, Proceeding) else None

    def choose_meeting(self) -> None:
        """Choose a Board meeting as the proceeding (its date in the field below)."""
        self.proceeding.setCurrentIndex(self.proceeding.findData(MEETING))

    def _proceeding_chosen(self) -> None:
        """A meeting is named by its date; a hearing's own day is where its entries begin."""
        hearing = self.chosen_hearing()
        self.meeting_on.setEnabled(hearing is None)
        today = self.context.today()
        if hearing is not None and hearing.on is not None and hearing.on <= today:
            self.entered_on.set_date(hearing.on)
        elif hearing is None:
            self.entered_on.set_date(self.meeting_on.date() or today)

    def accept(self) -> None:
        """Save through :func:`~ethics_desk.cases.hearing_record.enter_into_record`; a problem is
        shown and the dialog stays open with what was chosen."""
        paper = str(self.paper.currentData() or "")
        if not paper:
            self.message.setText("⚠ This case has no paper to enter yet.")
            return
        entered_on = attempt(self, lambda: self.entered_on.required("the day it was entered"))
        if entered_on is FAILED:
            return
        hearing = self.chosen_hearing()
        meeting_on: date | None = None
        if hearing is None:
            found = attempt(self, lambda: self.meeting_on.required("the date of the meeting"))
            if found is FAILED:
                return
            meeting_on = found
        line = attempt(self, lambda: hearing_record.enter_into_record(
            self.context.database, self.case_id, paper, entered_on=entered_on,
            hearing_id=hearing.hearing_id if hearing else None, meeting_on=meeting_on,
            account=self.context.signed_in, clock=self.context.clock),
            "Not entered into the record")
        if line is FAILED:
            return
        self.line = line
        self.saved.emit(line)
        super().accept()


class HearingRecordPanel(QWidget):
    """The case's papers entered into the record of a proceeding; ``changed`` after each act.

    ``documents`` is the case window's documents list: the paper chosen there is the one the
    dialog offers first, and the line under the list says whether it was entered.
    """

    ALT_KEYS = frozenset("rf")
    """The Alt-keys of the panel's controls: taken in the case window before the panel is
    built (:class:`~ethics_desk.ui.tab_pages.TabPages`)."""

    changed = Signal()

    def __init__(self, context: AppContext, case_id: int, documents: QTableView,
                 parent: QWidget | None = None, *, fill_when_shown: bool = False) -> None:
        """``fill_when_shown``: read nothing until the panel is first shown (the Documents tab
        of the case window)."""
        super().__init__(parent)
        self.context = context
        self.case_id = case_id
        self.documents = documents
        self.dialog: EnterIntoRecordDialog | None = None
        self.setObjectName("hearingRecordPanel")
        # no taller than it needs: the documents list above takes the spare height
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        heading = QLabel("<b>Entered into the record of a hearing or a Board proceeding</b> — "
                         "these may be disclosed (§ 2-83(h)(2))", self)
        heading.setWordWrap(True)
        self.model: RowsModel[RecordLine] = RowsModel(
            (Column("Paper", lambda r: r.paper), Column("Proceeding", lambda r: r.proceeding),
             Column("Entered on", lambda r: r.entered_on.isoformat()),
             Column("By", lambda r: r.entered_by)), self, tooltip=lambda r: r.in_words)
        self.table = rows_view(self.model, "hearingRecordView", 0, self, keep_for=self.context,
                               spoken="Papers entered into the record of a proceeding",
                               compact=True, elide=Qt.TextElideMode.ElideRight)
        self.table.setMinimumHeight(self.table.fontMetrics().height() * 5)
        self.table.setMaximumHeight(self.table.fontMetrics().height() * 8)
        self.chosen = StatusLine(self)
        self.chosen.setObjectName("chosenInRecord")
        self.chosen.setWordWrap(True)
        palette.set_style(self.chosen, "muted")
        self.enter_button = QPushButton("Enter into the &record…", self)
        self.enter_button.setObjectName("enterIntoRecord")
        self.enter_button.clicked.connect(self.open_enter_dialog)
        self.remove_button = QPushButton("Take o&ff the record…", self)
        self.remove_button.setObjectName("takeOffRecord")
        self.remove_button.clicked.connect(self.take_off)
        self.status = StatusLine(self)
        buttons = QHBoxLayout()
        buttons.addWidget(self.enter_button)
        buttons.addWidget(self.remove_button)
        buttons.addWidget(self.status, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 0)
        layout.addWidget(heading)
        layout.addWidget(self.table)
        layout.addWidget(self.chosen)
        layout.addLayout(buttons)
        documents.selectionModel().currentRowChanged.connect(lambda *_: self.show_chosen())
        if fill_when_shown:
            self.remove_button.setEnabled(False)  # nothing listed yet
            self._offer()
        else:
            self.reload()

    def showEvent(self, event: QShowEvent) -> None:
        """Read the marks again when the tab is shown (a paper may have been issued since)."""
        super().showEvent(event)
        self.reload()

    def reload(self) -> None:
        """Show the case's marks."""
        lines = attempt(self, lambda: hearing_record.entries(
            self.context.database, self.case_id, account=self.context.signed_in))
        if lines is FAILED:
            return
        self.model.set_rows(lines)
        self.remove_button.setEnabled(bool(lines))
        self._offer()
        self.show_chosen()

    def _offer(self) -> None:
        offer(self.context, Act.ENTER_INTO_RECORD, "enter papers into the record (§ 2-83(h)(2))",
              self.enter_button, self.remove_button)
        refuse_while_read_only(self.context, self.enter_button, self.remove_button)

    def chosen_document(self) -> DocumentLine | None:
        """The line chosen in the documents list, if any."""
        index = self.documents.currentIndex()
        line = index.data(ROW_ROLE) if index.isValid() else None
        return line if isinstance(line, DocumentLine) else None

    def show_chosen(self) -> None:
        """Say whether the paper chosen in the documents list was entered into a record."""
        line = self.chosen_document()
        if line is None:
            self.chosen.setText("")
        elif line.in_record:
            self.chosen.setText(f"{line.description}: {line.in_record}.")
        else:
            self.chosen.setText(f"{line.description}: not entered into the record of any "
                                "proceeding — confidential while the complaint is pending "
                                "(§ 2-83(h)(1)).")

    def open_enter_dialog(self) -> EnterIntoRecordDialog | None:
        """Open the dialog (non-modal) on the paper chosen in the documents list."""
        found = attempt(self, lambda: (
            hearing_record.papers(self.context.database, self.case_id, account=self.context.signed_in),
            hearing_record.proceedings(self.context.database, self.case_id, account=self.context.signed_in)))
        if found is FAILED:
            return None
        papers, proceedings = found
        dialog = EnterIntoRecordDialog(self.context, self.case_id, papers, proceedings,
                                       paper_key_of(self.chosen_document()), self)
        dialog.saved.connect(self._entered)
        self.dialog = dialog
        dialog.open()
        return dialog

    def _entered(self, line: RecordLine) -> None:
        self.reload()
        self.status.setText(f"{line.paper}: {line.in_words}.")
        self.changed.emit()

    def take_off(self) -> None:
        """Take the chosen mark off, after asking why."""
        index = self.table.currentIndex()
        if not index.isValid():
            self.status.setText("Choose the paper to take off the record first.")
            return
        line = self.model.row(index.row())
        reason, ok = QInputDialog.getText(
            self, "Ethics Desk — take a paper off the record",
            f"Why is the mark on {line.paper} taken off?")
        if not ok:
            return
        done = attempt(self, lambda: hearing_record.take_off_record(
            self.context.database, self.case_id, line.entry_id, reason,
            account=self.context.signed_in, clock=self.context.clock))
        if done is FAILED:
            return
        self.reload()
        self.status.setText(f"Took the mark off {line.paper}.")
        self.changed.emit()
