"""The Board packet panel: a meeting date, its agenda to tick, and the packet to preview, save
or print.

The agenda is ``ethics_desk.board.agenda.agenda`` (every case is checked at first, each with why
it is listed); **Preview** renders the packet of the checked cases through
``ethics_desk.documents.board_packet.render_packet`` — which records its production in each case's
history — and shows it in the panel; **Save as PDF…** and **Print…** use the previewed bytes
(previewing first if needed), and each is recorded too, since the packet is confidential under
§ 2-83(h). Everything is reachable from the keyboard: Alt+M the date, Alt+A the agenda (Space
ticks a case), Alt+V, Alt+S, Alt+P the buttons.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.board.agenda import AgendaCase, meeting_agenda
from ethics_desk.cases.list_reads import MEETING_AGENDA, list_shown
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.documents.board_packet import record_packet_use, render_packet
from ethics_desk.storage.private_files import write_private
from ethics_desk.storage.write_targets import refuse_record_target
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import offer
from ethics_desk.ui.case.papers_panel import print_bytes
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.operations import operate
from ethics_desk.ui.pdf_view import PdfViewer

CASE_ROLE = Qt.ItemDataRole.UserRole


class BoardPacketPanel(QWidget):
    """Choose a meeting and its cases; preview, save or print the confidential packet."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self._pdf: tuple[date, tuple[int, ...], bytes] | None = None

        self.meeting = DateField(self, today=context.today, value=context.today())
        self.meeting.setObjectName("packetMeeting")
        self.meeting.changed.connect(self._meeting_changed)
        meeting_label = QLabel("&Meeting of:", self)
        buddy(meeting_label, self.meeting)

        self.cases = QListWidget(self)
        self.cases.setObjectName("packetAgenda")
        self.cases.setAccessibleName("Cases on the agenda")
        # Each case's line and why it is before the Board wrap at the list's width, whole,
        # rather than running off its right edge behind a sideways scroll bar.
        self.cases.setWordWrap(True)
        self.cases.setResizeMode(QListView.ResizeMode.Adjust)
        self.cases.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.cases.itemChanged.connect(self._changed)
        agenda_label = QLabel("&Agenda — the cases in the packet (Space ticks or unticks):", self)
        buddy(agenda_label, self.cases)

        self.preview_button = QPushButton("Previe&w", self)
        self.preview_button.setObjectName("packetPreview")
        self.preview_button.clicked.connect(lambda: self.preview())
        self.save_button = QPushButton("&Save as PDF…", self)
        self.save_button.setObjectName("packetSave")
        self.save_button.clicked.connect(lambda: self.save_as())
        self.print_button = QPushButton("Pri&nt…", self)
        self.print_button.setObjectName("packetPrint")
        self.print_button.clicked.connect(lambda: self.print_packet())
        self.makes_packets = offer(self.context, Act.BOARD_PACKET,
                                   "make the Board's meeting packet", self.preview_button,
                                   self.save_button, self.print_button)
        self.status = StatusLine(self)
        self.status.setObjectName("packetStatus")
        self.status.setWordWrap(True)

        self.viewer = PdfViewer(self)

        top = QHBoxLayout()
        top.addWidget(meeting_label)
        top.addWidget(self.meeting)
        top.addStretch(1)
        left = QWidget(self)
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(top)
        column.addWidget(agenda_label)
        column.addWidget(self.cases, 1)
        buttons = QHBoxLayout()
        for button in (self.preview_button, self.save_button, self.print_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        column.addLayout(buttons)
        column.addWidget(self.status)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(left)
        splitter.addWidget(self.viewer)
        splitter.setStretchFactor(0, 4)  # the agenda's lines are long: it gets a fair share
        splitter.setStretchFactor(1, 5)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self.setTabOrder(self.meeting, self.cases)
        self.setTabOrder(self.cases, self.preview_button)
        self.setTabOrder(self.preview_button, self.save_button)
        self.setTabOrder(self.save_button, self.print_button)
        self.refresh()

    # -- the agenda ---------------------------------------------------------------------------

    def meeting_on(self) -> date:
        """The meeting date chosen (while the field is empty or retyped, the last one)."""
        return self.meeting.last_date() or self.context.today()

    def set_meeting(self, day: date) -> None:
        """Choose the meeting date (the agenda is read again)."""
        self.meeting.set_date(day)

    def _meeting_changed(self) -> None:
        if self.meeting.date() is not None:
            self.refresh()

    def refresh(self) -> None:
        """Read the agenda of the meeting again; every case is checked."""
        found = attempt(self, lambda: meeting_agenda(self.context.database, self.meeting_on(),
                                                     account=self.context.signed_in))
        listed = [] if found is FAILED else found
        # The agenda shows parties' names: a read on record, § 2-83(h).
        attempt(self, lambda: list_shown(self.context.database, MEETING_AGENDA,
                                         [case.complaint_id for case in listed],
                                         viewer=self.context.viewer()))
        self.cases.blockSignals(True)
        self.cases.clear()
        for case in listed:
            item = QListWidgetItem(f"{case.case_number} — {case.parties} ({case.state.label})\n"
                                   f"    {case.why}", self.cases)
            item.setData(CASE_ROLE, case)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            item.setToolTip(f"{case.case_number} — {case.parties} ({case.state.label})\n"
                            f"{case.why}")
        self.cases.blockSignals(False)
        if listed:
            self.cases.setCurrentRow(0)
        self.status.setText(f"{len(listed)} case(s) on the agenda for "
                            f"{self.meeting_on().isoformat()}." if listed else
                            "No case is on the agenda for this date.")
        self._changed()

    def agenda_cases(self) -> list[AgendaCase]:
        """Every case listed, checked or not."""
        return [self.cases.item(i).data(CASE_ROLE) for i in range(self.cases.count())]

    def chosen_ids(self) -> list[int]:
        """The complaint ids of the checked cases, in agenda order."""
        return [self.cases.item(i).data(CASE_ROLE).complaint_id
                for i in range(self.cases.count())
                if self.cases.item(i).checkState() == Qt.CheckState.Checked]

    def _changed(self) -> None:
        has_cases = bool(self.chosen_ids())
        for button in (self.preview_button, self.save_button, self.print_button):
            button.setEnabled(self.makes_packets and has_cases)

    # -- the packet ---------------------------------------------------------------------------

    def packet_bytes(self) -> bytes | None:
        """The packet of the checked cases: the previewed one if it is still what is chosen,
        else rendered now (and its production recorded); ``None`` after a message."""
        if attempt(self, lambda: self.meeting.required("the meeting date")) is FAILED:
            return None
        key = (self.meeting_on(), tuple(self.chosen_ids()))
        if self._pdf is not None and self._pdf[:2] == key:
            return self._pdf[2]
        if not key[1]:
            attempt(self, lambda: _no_case())
            return None
        data = operate(self, "Making the Board packet", lambda: render_packet(
            self.context.database, key[0], list(key[1]), clock=self.context.clock,
            account=self.context.signed_in))
        if data is FAILED:
            return None
        self._pdf = (key[0], key[1], data)
        return data

    def preview(self) -> bool:
        """Show the packet of the checked cases in the panel."""
        data = self.packet_bytes()
        if data is None:
            return False
        self.viewer.set_pdf(data)
        self.status.setText(f"Packet for {self.meeting_on().isoformat()}: "
                            f"{len(self.chosen_ids())} case(s), {self.viewer.page_count()} "
                            "page(s), CONFIDENTIAL (§ 2-83(h)).")
        return True

    def save_to(self, path: Path) -> bool:
        """Write the packet to ``path`` (recorded in each case's history) — never over the
        record: the database, its companions, a backup, the key folder are refused first."""
        if attempt(self, lambda: refuse_record_target(path)) is FAILED:
            return False
        data = self.packet_bytes()
        if data is None:
            return False
        try:
            write_private(path, data)  # § 2-83(h)(1): readable by this user only
        except OSError as exc:
            problem = exc.strerror or str(exc)
            attempt(self, lambda: _cannot_write(path, problem))
            return False
        self._record("export.board-packet", f"saved to {path.name}")
        self.status.setText(f"Saved the packet to {path}.")
        return True

    def save_as(self) -> bool:
        """Ask where to save the packet, then save it."""
        if self.packet_bytes() is None:
            return False
        suggested = f"board-packet-{self.meeting_on().isoformat()}.pdf"
        chosen, _ = QFileDialog.getSaveFileName(self, "Save the Board packet", suggested,
                                                "PDF files (*.pdf)")
        return bool(chosen) and self.save_to(Path(chosen))

    def print_packet(self, printer: QPrinter | None = None) -> int:
        """Print the packet (through the system dialog unless ``printer``); pages printed."""
        data = self.packet_bytes()
        if data is None:
            return 0
        pages = print_bytes(self, data, printer)
        if pages:
            self._record("print.board-packet", f"printed, {pages} page(s)")
            self.status.setText(f"Printed the packet: {pages} page(s).")
        return pages

    def _record(self, action: str, what: str) -> None:
        attempt(self, lambda: record_packet_use(
            self.context.database, self.meeting_on(), self.chosen_ids(),
            account=self.context.signed_in, action=action, what=what,
            clock=self.context.clock))


def _no_case() -> None:
    raise UserError("No case is checked for the packet.",
                    "Tick at least one case on the agenda, or choose another meeting date.")


def _cannot_write(path: Path, problem: str) -> None:
    raise UserError(f"The packet could not be saved to {path} ({problem}).",
                    "Choose a folder you may write to.")
