"""The Board screen: the Board's roster with its terms, the elections list, the meeting packet.

**Roster** lists everyone with the place each holds on a chosen date (today by default) and
every term; who is a member on a date follows from the terms, and the vote screens offer the
members serving on the meeting date. Members, terms and the end of a term are entered here.
**Elections** is the office's list of elections with their candidates, read for the
§ 2-83(f)(3)(a) timing factor when the Board orders a complainant to show cause.

Every change goes through :mod:`ethics_desk.board.roster` (one transaction with its audit record). A
refused change is said inside its dialog, with everything typed kept. **Meeting packet** is
:class:`~ethics_desk.ui.screens.board_packet_panel.BoardPacketPanel`: a meeting's agenda and its
confidential packet. **May be parties** (the City Clerk's staff only) lists the Board members
whose names may be a party's, for the Clerk to decide
(:class:`~ethics_desk.ui.screens.party_matches_panel.PartyMatchesPanel`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TypeVar

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.board import roster
from ethics_desk.board.roster import ElectionRow, MemberRow
from ethics_desk.board.sanctions import PenaltyLine, outstanding_penalties
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.models import BoardRole
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import buddy
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.focus import first_tab_stop
from ethics_desk.ui.intake.fields import FieldMessage, text_box
from ethics_desk.ui.models.rows import ROW_ROLE, Column, RowsModel, list_and_form, rows_view
from ethics_desk.ui.screens.board_packet_panel import BoardPacketPanel
from ethics_desk.ui.screens.party_matches_panel import PartyMatchesPanel

ROLES: tuple[BoardRole, ...] = (BoardRole.MEMBER, BoardRole.CHAIR, BoardRole.VICE_CHAIR,
                                BoardRole.STAFF)
"""The places on the roster, in the order the choosers offer them."""

W = TypeVar("W", bound=QWidget)



class ChangeDialog(QDialog):
    """A small form for one roster change; Save runs ``submit``, which raises UserError to
    refuse (said under the form, everything typed kept)."""

    def __init__(self, title: str, intro: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.submit: Callable[[], None] = lambda: None
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        note = QLabel(intro, self)
        note.setWordWrap(True)
        self.message = FieldMessage(self)
        self.message.setObjectName("changeMessage")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Save")
        self.buttons = buttons
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addLayout(self.form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.setMinimumWidth(480)

    def row(self, label: str, widget: W) -> W:
        """Add a labelled input (``&`` in the label gives its mnemonic); the input is returned."""
        caption = QLabel(label, self)
        buddy(caption, widget)
        self.form.addRow(caption, widget)
        previous: QWidget = widget  # Tab goes on to Save and Cancel after the last row
        for button in self.buttons.buttons():
            QWidget.setTabOrder(previous, button)
            previous = button
        return widget

    def save(self) -> None:
        """Make the change; stay open with the reason if it is refused."""
        try:
            self.submit()
        except UserError as error:
            self.message.say(str(error))
            return
        self.accept()


def role_chooser(parent: QWidget) -> QComboBox:
    """A chooser of the places on the roster (items carry indexes into :data:`ROLES`)."""
    combo = QComboBox(parent)
    for number, role in enumerate(ROLES):
        combo.addItem(role.label, number)
    return combo


class BoardScreen(QWidget):
    """The roster, the elections list and the meeting packet, in tabs."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("boardScreen")
        self.dialog: ChangeDialog | None = None
        self.confirm: Callable[[str], bool] = self._ask
        heading = QLabel("<h2 style='margin:0'>Ethics Review Board</h2>"
                         "The roster decides who may vote on a meeting date; the elections "
                         "list serves the timing factor of § 2-83(f)(3)(a); the meeting "
                         "packet gathers the agenda's cases for the Board, confidential "
                         "(§ 2-83(h)).", self)
        heading.setWordWrap(True)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("boardTabs")
        self.tabs.addTab(self._roster_tab(), "&Roster")
        self.tabs.addTab(self._elections_tab(), "E&lections")
        self.packet = BoardPacketPanel(context, self)
        self.tabs.addTab(self.packet, "Meeting &packet")
        self.tabs.addTab(self._penalties_tab(), "Civil penalties o&utstanding")
        self.party_matches: PartyMatchesPanel | None = None
        if context.may(Act.LINK_PARTIES):  # the list names the parties of every complaint
            self.party_matches = PartyMatchesPanel(context, self)
            self.tabs.addTab(self.party_matches, "Ma&y be parties")
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.tabs, 1)
        self.refresh()

    # -- building ---------------------------------------------------------------------------

    def _roster_tab(self) -> QWidget:
        page = QWidget(self)
        self.serving_on = DateField(page, today=self.context.today,
                                    value=self.context.today())
        self.serving_on.setObjectName("servingOn")
        self.serving_on.changed.connect(self._serving_on_changed)
        caption = QLabel("Who serves &on:", page)
        buddy(caption, self.serving_on)
        today = QPushButton("To&day", page)
        today.clicked.connect(lambda: self.serving_on.set_date(self.context.today()))
        declare(None, today)
        self.serving_count = QLabel(page)
        self.serving_count.setObjectName("servingCount")
        top = QHBoxLayout()
        top.addWidget(caption)
        top.addWidget(self.serving_on)
        top.addWidget(today)
        top.addSpacing(12)
        top.addWidget(self.serving_count, 1)
        self.roster = RowsModel[MemberRow](
            [Column("Name", lambda m: m.name),
             Column("On the date", lambda m: m.status),
             Column("Terms", lambda m: "; ".join(t.text for t in m.terms))], self,
            bold=lambda m, column: column == 1 and m.role_today is not None,
            tooltip=lambda m: "\n".join(t.text for t in m.terms))
        self.roster_view = rows_view(self.roster, "rosterView", 2, page, keep_for=self.context,
                                     spoken="Board roster")
        add = QPushButton("Add a &member…", page)
        add.setObjectName("addMember")
        add.clicked.connect(lambda: self.add_member_dialog())
        self.add_term_button = QPushButton("Add a &term…", page)
        self.add_term_button.setObjectName("addTerm")
        self.add_term_button.clicked.connect(lambda: self.add_term_dialog())
        self.end_term_button = QPushButton("E&nd a term…", page)
        self.end_term_button.setObjectName("endTerm")
        self.end_term_button.clicked.connect(lambda: self.end_term_dialog())
        self.changes_roster = offer(self.context, Act.MANAGE_BOARD, "change the Board's roster",
                                    add, self.add_term_button, self.end_term_button)
        buttons = QHBoxLayout()
        for button in (add, self.add_term_button, self.end_term_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        note = QLabel("Select a person to add a term (a reappointment, or an office such as "
                      "Chair) or to end one. The Board has one Chair and one Vice Chair at a "
                      "time; a member who is a party to a complaint is recused from every vote "
                      "on it.", page)
        note.setWordWrap(True)
        palette.set_style(note, "muted")
        column = QVBoxLayout(page)
        column.addLayout(top)
        column.addWidget(self.roster_view, 1)
        column.addLayout(buttons)
        column.addWidget(note)
        self.roster_view.selectionModel().currentRowChanged.connect(
            lambda _c, _p: self._enable())
        return page

    def _elections_tab(self) -> QWidget:
        page = QWidget(self)
        self.elections = RowsModel[ElectionRow](
            [Column("Date", lambda e: e.held_on.isoformat()),
             Column("Election", lambda e: e.name),
             Column("Candidates", lambda e: "; ".join(e.candidates.splitlines())),
             Column("Status", lambda e: "pending" if e.held_on >= self.context.today()
                    else "held")], self,
            tooltip=lambda e: e.candidates)
        self.elections_view = rows_view(self.elections, "electionsView", 2, page, keep_for=self.context,
                                        spoken="Elections")
        self.remove_button = QPushButton("Re&move the selected election", page)
        self.remove_button.setObjectName("removeElection")
        self.remove_button.clicked.connect(lambda: self.remove_election())
        self.election_on = DateField(page, today=self.context.today)
        self.election_on.setObjectName("electionOn")
        self.election_name = QLineEdit(page)
        self.election_name.setObjectName("electionName")
        self.election_name.setPlaceholderText("e.g. General Election")
        self.candidates = text_box(page, 70)
        self.candidates.setObjectName("candidates")
        self.candidates.setPlaceholderText("One candidate per line")
        add = QPushButton("&Add the election", page)
        add.setObjectName("addElection")
        add.clicked.connect(lambda: self.add_election())
        self.election_message = FieldMessage(page)
        self.election_message.setObjectName("electionMessage")
        self.keeps_elections = offer(self.context, Act.MANAGE_BOARD, "keep the elections list",
                                     add, self.remove_button)
        return list_and_form(
            page, self.elections_view,
            "<b>Add an election</b> — the order to show cause lists the pending elections in "
            "which a respondent is a candidate.",
            (("Election &date:", self.election_on),
                              ("Election &name:", self.election_name),
                              ("&Candidates:", self.candidates)),
            self.election_message, add, self.remove_button, self._enable)

    def _penalties_tab(self) -> QWidget:
        page = QWidget(self)
        self.penalties = RowsModel[PenaltyLine](
            [Column("Case", lambda p: p.case_number),
             Column("Complainant", lambda p: p.complainant),
             Column("Amount", lambda p: p.amount),
             Column("Imposed", lambda p: p.imposed_on.isoformat()),
             Column("Due", lambda p: p.due),
             Column("Status", lambda p: p.status(self.context.today()))], self,
            bold=lambda p, column: column == 5 and p.overdue(self.context.today()),
            user=lambda p: p.complaint_id)
        self.penalties_view = rows_view(self.penalties, "penaltiesView", 5, page, keep_for=self.context,
                                        spoken="Civil penalties outstanding")
        note = QLabel("Each civil penalty the Board imposed (§ 2-83(g)(2)(a)) that is neither "
                      "paid nor waived, the longest overdue first. Record a payment or a waiver "
                      "on the case's window.", page)
        note.setWordWrap(True)
        palette.set_style(note, "muted")
        column = QVBoxLayout(page)
        column.addWidget(self.penalties_view, 1)
        column.addWidget(note)
        return page

    def refresh_penalties(self) -> None:
        """Read the civil penalties outstanding on the cases the signed-in person receives."""
        rows = attempt(self, lambda: outstanding_penalties(
            self.context.database, self.context.today(), account=self.context.signed_in))
        if rows is not FAILED:
            self.penalties.set_rows(rows)

    # -- showing ----------------------------------------------------------------------------

    @property
    def day(self) -> date:
        """The date the roster shows who serves on (while the field is retyped, the last)."""
        return self.serving_on.last_date() or self.context.today()

    def _serving_on_changed(self) -> None:
        if self.serving_on.date() is not None:
            self.refresh_roster()

    def refresh(self) -> None:
        """Read the roster, the elections and the meeting's agenda again."""
        self.refresh_roster()
        self.packet.refresh()
        if self.party_matches is not None:
            self.party_matches.refresh()
        self.refresh_penalties()
        rows = attempt(self, lambda: roster.read_elections(self.context.database))
        if rows is not FAILED:
            self.elections.set_rows(rows)
        self._enable()

    def refresh_roster(self) -> None:
        """Read the roster for the date chosen, keeping the selected person selected."""
        chosen = self.selected_member()
        day = self.day
        rows = attempt(self, lambda: roster.read_roster(self.context.database, day))
        if rows is FAILED:
            return
        self.roster.set_rows(rows)
        serving = [r for r in rows if r.role_today not in (None, BoardRole.STAFF)]
        self.serving_count.setText(f"{len(serving)} member(s) serving on {day.isoformat()}")
        if chosen is not None:
            self.select_member(chosen.id)
        self._enable()

    def _enable(self) -> None:
        member = self.selected_member()
        self.add_term_button.setEnabled(self.changes_roster and member is not None)
        self.end_term_button.setEnabled(self.changes_roster and member is not None and any(
            t.ends_on is None for t in member.terms))
        self.remove_button.setEnabled(self.keeps_elections
                                      and self.selected_election() is not None)

    def selected_member(self) -> MemberRow | None:
        """The person selected on the roster."""
        index = self.roster_view.currentIndex()
        return index.data(ROW_ROLE) if index.isValid() else None

    def select_member(self, member_id: int) -> None:
        """Select a person on the roster by id."""
        for number, row in enumerate(self.roster.rows()):
            if row.id == member_id:
                self.roster_view.selectRow(number)
                return

    def selected_election(self) -> ElectionRow | None:
        """The election selected on the list."""
        index = self.elections_view.currentIndex()
        return index.data(ROW_ROLE) if index.isValid() else None

    # -- the roster -------------------------------------------------------------------------

    def _open(self, dialog: ChangeDialog) -> ChangeDialog:
        dialog.accepted.connect(self.refresh_roster)
        if self.party_matches is not None:  # a member put on the roster may be a party
            dialog.accepted.connect(self.party_matches.refresh)
        self.dialog = dialog
        dialog.open()
        return dialog

    def add_member_dialog(self) -> ChangeDialog:
        """Put a person on the roster with a first term."""
        dialog = ChangeDialog("Add a member to the Board roster",
                              "The first term decides from when the person serves (and, with "
                              "an end date, until when).", self)
        dialog.setObjectName("addMemberDialog")
        name = dialog.row("&Name:", QLineEdit(dialog))
        role = dialog.row("&Place:", role_chooser(dialog))
        starts = dialog.row("Term s&tarts on:", DateField(dialog, today=self.context.today))
        ends = dialog.row("Term &ends on (if known):", DateField(dialog, today=self.context.today))
        starts.set_date(self.day)
        for key, widget in (("name", name), ("role", role), ("starts", starts), ("ends", ends)):
            widget.setObjectName(key)

        def submit() -> None:
            first = self._dates(starts, ends)
            member_id = roster.add_member(self.context.database, name.text(),
                                         role=ROLES[role.currentIndex()], starts_on=first[0],
                                         ends_on=first[1], account=self.context.signed_in,
                                         clock=self.context.clock)
            dialog.accepted.connect(lambda: self.select_member(member_id))
        dialog.submit = submit
        return self._open(dialog)

    def add_term_dialog(self) -> ChangeDialog | None:
        """Give the selected person a new term."""
        member = self.selected_member()
        if member is None:
            return None
        dialog = ChangeDialog(f"Add a term for {member.name}",
                              f"Terms so far: {'; '.join(t.text for t in member.terms)}.", self)
        dialog.setObjectName("addTermDialog")
        role = dialog.row("&Place:", role_chooser(dialog))
        starts = dialog.row("Term s&tarts on:", DateField(dialog, today=self.context.today))
        ends = dialog.row("Term &ends on (if known):", DateField(dialog, today=self.context.today))
        starts.set_date(self.day)
        for key, widget in (("role", role), ("starts", starts), ("ends", ends)):
            widget.setObjectName(key)

        def submit() -> None:
            first, last = self._dates(starts, ends)
            roster.add_term(self.context.database, member.id, role=ROLES[role.currentIndex()],
                           starts_on=first, ends_on=last, account=self.context.signed_in,
                           clock=self.context.clock)
        dialog.submit = submit
        return self._open(dialog)

    def end_term_dialog(self) -> ChangeDialog | None:
        """End one of the selected person's open terms."""
        member = self.selected_member()
        if member is None:
            return None
        open_terms = [t for t in member.terms if t.ends_on is None]
        if not open_terms:
            return None
        dialog = ChangeDialog(f"End a term of {member.name}",
                              "The end date is the last day served.", self)
        dialog.setObjectName("endTermDialog")
        term = QComboBox(dialog)
        for t in open_terms:
            term.addItem(t.text)
        dialog.row("&Term:", term)
        last = dialog.row("&Last day served:", DateField(dialog, today=self.context.today))
        last.set_date(self.context.today())
        term.setObjectName("term")
        last.setObjectName("last")

        def submit() -> None:
            day = last.checked("the last day served")
            if day is None:
                raise UserError("Enter the last day served.", "Type the date or choose it.")
            roster.end_term(self.context.database, open_terms[term.currentIndex()].id, day,
                           account=self.context.signed_in, clock=self.context.clock)
        dialog.submit = submit
        return self._open(dialog)

    @staticmethod
    def _dates(starts: DateField, ends: DateField) -> tuple[date, date | None]:
        first = starts.checked("the date the term starts")
        if first is None:
            raise UserError("Enter the date the term starts.", "Type the first day served.")
        return first, ends.checked("the date the term ends")

    # -- the elections ----------------------------------------------------------------------

    def add_election(self) -> int | None:
        """Add the election typed in; a refusal is said under the form, everything kept."""
        try:
            held_on = self.election_on.checked("the date of the election")
            if held_on is None:
                raise UserError("Enter the date of the election.", "Choose the election day.")
            election_id = roster.add_election(
                self.context.database, held_on, self.election_name.text(),
                self.candidates.toPlainText(), account=self.context.signed_in,
                clock=self.context.clock)
        except UserError as error:
            self.election_message.say(str(error))
            return None
        self.election_message.say("")
        self.election_on.set_date(None)
        self.election_name.clear()
        self.candidates.clear()
        self.refresh()
        return election_id

    def remove_election(self) -> bool:
        """Take the selected election off the list, after asking."""
        election = self.selected_election()
        if election is None or not self.confirm(
                f"Remove “{election.name}” of {election.held_on.isoformat()} from the list?"):
            return False
        outcome = attempt(self, lambda: roster.remove_election(
            self.context.database, election.id, account=self.context.signed_in,
            clock=self.context.clock))
        self.refresh()
        return outcome is not FAILED

    def _ask(self, question: str) -> bool:
        answer = QMessageBox.question(self, "Ethics Desk — Elections", question)
        return answer == QMessageBox.StandardButton.Yes

    def first_field(self) -> QWidget:
        """Where the cursor goes when the screen is shown: the first field of the tab shown
        (who serves on, the elections, the meeting's date)."""
        return first_tab_stop(self.tabs.currentWidget()) or self.tabs.tabBar()
