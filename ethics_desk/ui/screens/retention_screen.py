"""The Retention screen: the Records officer's disposal list, legal holds, the record series and
their periods, and the permanent log of destruction.

**Disposal list** lists the complaint files eligible for disposal today (Local Schedule GR,
GR1000-24: the office's period after resolution) and those held, with why; **Dispose of the
selected case…** asks first, naming the case and saying that it cannot be undone, and **Print
the list and log…** previews the Records officer's paper. **Holds** places a hold on cases
(litigation, an audit, an open records request, the office's own; Local Government Code
§ 202.002) and releases one, each with its reason. **Series and periods** shows each series with
the office's period and the State's minimum, and adopts a longer period for complaint files.
**Disposal log** is every disposal, what it destroyed, when, by whom, under which authority.

Every act goes through :mod:`ethics_desk.retention` (one transaction with its audit record); a
refused act is said with its reason, everything typed kept. The City Attorney's Office sees the
Holds tab only (the permission table: it may place and release holds, nothing else here).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import stamp
from ethics_desk.core.permissions import Act
from ethics_desk.core.vocabulary import HoldKind
from ethics_desk.office.actions import record_access
from ethics_desk.retention import disposal, holds
from ethics_desk.retention.disposal import DisposalLine, LogEntry
from ethics_desk.retention.holds import HoldRow
from ethics_desk.retention.series import COMPLAINTS, SERIES, AdoptedSeries, read_adopted
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.focus import first_tab_stop
from ethics_desk.ui.intake.fields import FieldMessage
from ethics_desk.ui.models.rows import ROW_ROLE, Column, RowsModel, list_and_form, rows_view
from ethics_desk.ui.read_only import refuse_while_read_only
from ethics_desk.ui.screens.board_screen import ChangeDialog


class RetentionScreen(QWidget):
    """The disposal list, the holds, the series and the disposal log, in tabs."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("retentionScreen")
        self.dialog: ChangeDialog | None = None
        self.confirm: Callable[[str], bool] = self._ask
        self.keeps_records = context.may(Act.RETENTION)
        heading = QLabel("<h2 style='margin:0'>Records retention</h2>"
                         "Complaint files are kept by the City's retention schedule (Local "
                         "Schedule GR, 13 TAC § 7.125) and destroyed only when their period has "
                         "run and no hold stands (Local Government Code § 202.002).", self)
        heading.setWordWrap(True)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("retentionTabs")
        if self.keeps_records:
            self.tabs.addTab(self._list_tab(), "&Disposal list")
        self.tabs.addTab(self._holds_tab(), "Hold&s")
        if self.keeps_records:
            self.tabs.addTab(self._series_tab(), "Series and &periods")
            self.tabs.addTab(self._log_tab(), "Disposal l&og")
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.tabs, 1)
        self.refresh()

    # -- building ---------------------------------------------------------------------------

    def _list_tab(self) -> QWidget:
        page = QWidget(self)
        self.eligible = RowsModel[DisposalLine](
            [Column("Case", lambda r: r.case_number),
             Column("Resolved", lambda r: r.resolved_on.isoformat()),
             Column("Eligible since", lambda r: r.eligible_on.isoformat())], self)
        self.eligible_view = rows_view(self.eligible, "eligibleView", 2, page, keep_for=self.context,
                                       spoken="Complaint files eligible for disposal")
        self.held = RowsModel[DisposalLine](
            [Column("Case", lambda r: r.case_number),
             Column("Resolved", lambda r: r.resolved_on.isoformat()),
             Column("Eligible", lambda r: r.eligible_on.isoformat()),
             Column("Held by", lambda r: r.held_because)], self,
            tooltip=lambda r: r.held_because)
        self.held_view = rows_view(self.held, "heldView", 3, page, keep_for=self.context,
                                   spoken="Complaint files held from disposal")
        self.list_caption = QLabel(page)
        self.list_caption.setObjectName("listCaption")
        self.list_caption.setWordWrap(True)
        self.dispose_button = QPushButton("Dispose of the selected &case…", page)
        self.dispose_button.setObjectName("disposeCase")
        self.dispose_button.clicked.connect(lambda: self.dispose_selected())
        self.print_button = QPushButton("P&rint the list and log…", page)
        self.print_button.setObjectName("printRetention")
        self.print_button.clicked.connect(lambda: self.show_paper())
        offer(self.context, Act.RETENTION, "keep the retention schedule and dispose of files",
              self.dispose_button, self.print_button)
        self.status = StatusLine(page)
        self.status.setObjectName("retentionStatus")
        buttons = QHBoxLayout()
        buttons.addWidget(self.dispose_button)
        buttons.addWidget(self.print_button)
        buttons.addWidget(self.status, 1)
        held_caption = QLabel("<b>Held</b> — not to be destroyed while the hold stands (Local "
                              "Government Code § 202.002)", page)
        column = QVBoxLayout(page)
        column.addWidget(self.list_caption)
        column.addWidget(self.eligible_view, 2)
        column.addLayout(buttons)
        column.addWidget(held_caption)
        column.addWidget(self.held_view, 1)
        self.eligible_view.selectionModel().currentRowChanged.connect(
            lambda _c, _p: self._enable())
        # Tab as laid out: the eligible cases, their buttons, then the held ones
        QWidget.setTabOrder(self.eligible_view, self.dispose_button)
        QWidget.setTabOrder(self.dispose_button, self.print_button)
        QWidget.setTabOrder(self.print_button, self.held_view)
        return page

    def _holds_tab(self) -> QWidget:
        page = QWidget(self)
        self.holds = RowsModel[HoldRow](
            [Column("No.", lambda h: str(h.id)),
             Column("Kind", lambda h: h.kind.label),
             Column("Cases", lambda h: ", ".join(h.case_numbers)),
             Column("Why", lambda h: h.reason),
             Column("Placed", lambda h: f"{h.placed_on} by "
                                        f"{h.placed_by}"),
             Column("Status", lambda h: h.status)], self,
            bold=lambda h, column: column == 5 and h.in_force,
            tooltip=lambda h: h.reason)
        self.holds_view = rows_view(self.holds, "holdsView", 3, page, keep_for=self.context,
                                    spoken="Legal holds")
        self.release_button = QPushButton("&Release the selected hold…", page)
        self.release_button.setObjectName("releaseHold")
        self.release_button.clicked.connect(lambda: self.release_dialog())
        self.hold_kind = QComboBox(page)
        self.hold_kind.setObjectName("holdKind")
        for kind in HoldKind:
            self.hold_kind.addItem(f"{kind.label} ({kind.citation})", kind.value)
        self.hold_cases = QLineEdit(page)
        self.hold_cases.setObjectName("holdCases")
        self.hold_cases.setPlaceholderText("e.g. ERB-2026-001, ERB-2026-004")
        self.hold_reason = QLineEdit(page)
        self.hold_reason.setObjectName("holdReason")
        self.hold_reason.setPlaceholderText("e.g. Peña v. City of San Antonio, "
                                            "No. 2027-CI-01234")
        self.place_button = QPushButton("Place the ho&ld", page)
        self.place_button.setObjectName("placeHold")
        self.place_button.clicked.connect(lambda: self.place_hold())
        self.hold_message = FieldMessage(page)
        self.hold_message.setObjectName("holdMessage")
        self.places_holds = offer(self.context, Act.LEGAL_HOLD, "place and release legal holds",
                                  self.place_button, self.release_button)
        return list_and_form(
            page, self.holds_view,
            "<b>Place a hold</b> — a held case is not destroyed until the hold is released.",
            (("&Kind of hold:", self.hold_kind),
                              ("C&ases it covers:", self.hold_cases),
                              ("&Why:", self.hold_reason)),
            self.hold_message, self.place_button, self.release_button, self._enable)

    def _series_tab(self) -> QWidget:
        page = QWidget(self)
        self.series = RowsModel[AdoptedSeries](
            [Column("Series", lambda s: s.series.code),
             Column("Title", lambda s: s.series.title),
             Column("The office's period", lambda s: s.period),
             Column("State minimum", lambda s: s.minimum),
             Column("What it holds here", lambda s: s.series.holds)], self,
            tooltip=lambda s: s.series.holds)
        self.series_view = rows_view(self.series, "seriesView", 4, page, keep_for=self.context,
                                     wrap=True, spoken="Record series and their retention periods")
        complaints = SERIES[COMPLAINTS]
        self.years = QSpinBox(page)
        self.years.setObjectName("complaintYears")
        self.years.setRange(complaints.minimum_years or 2, 99)
        self.years.setSuffix(" years")
        caption = QLabel(f"&Years complaint files ({complaints.code}) are kept:", page)
        buddy(caption, self.years)
        self.adopt_button = QPushButton("&Adopt this period", page)
        self.adopt_button.setObjectName("adoptPeriod")
        self.adopt_button.clicked.connect(lambda: self.adopt())
        offer(self.context, Act.RETENTION, "keep the retention schedule and dispose of files",
              self.adopt_button)
        row = QHBoxLayout()
        row.addWidget(caption)
        row.addWidget(self.years)
        row.addWidget(self.adopt_button)
        row.addStretch(1)
        note = QLabel("The State's schedule sets the least time a record is kept; the City may "
                      "adopt a longer period, never a shorter one. The Board's votes are its "
                      "minutes and are kept permanently (GR1000-03a), also when a case file is "
                      "destroyed.", page)
        note.setWordWrap(True)
        palette.set_style(note, "muted")
        column = QVBoxLayout(page)
        column.addWidget(self.series_view, 1)
        column.addLayout(row)
        column.addWidget(note)
        return page

    def _log_tab(self) -> QWidget:
        page = QWidget(self)
        self.log = RowsModel[LogEntry](
            [Column("Case", lambda e: e.case_number),
             Column("Series", lambda e: e.series),
             Column("Destroyed on", lambda e: e.disposed_on.isoformat()),
             Column("By", lambda e: e.disposed_by),
             Column("What was destroyed", lambda e: e.destroyed_text)], self,
            tooltip=lambda e: f"{e.destroyed_text}\nKept: {e.kept}\nAuthority: {e.authority}")
        self.log_view = rows_view(self.log, "disposalLogView", 4, page, keep_for=self.context,
                                  spoken="Disposal log, permanent")
        self.log_detail = QLabel(page)
        self.log_detail.setObjectName("logDetail")
        self.log_detail.setWordWrap(True)
        column = QVBoxLayout(page)
        column.addWidget(QLabel("Every complaint file destroyed, kept permanently: the case, "
                                "its series, when, by whom, what was destroyed and under which "
                                "authority.", page))
        column.addWidget(self.log_view, 1)
        column.addWidget(self.log_detail)
        self.log_view.selectionModel().currentRowChanged.connect(
            lambda _c, _p: self._show_entry())
        return page

    def _show_entry(self) -> None:
        index = self.log_view.currentIndex()
        entry: LogEntry | None = index.data(ROW_ROLE) if index.isValid() else None
        self.log_detail.setText("" if entry is None else
                                f"{entry.case_number}, destroyed "
                                f"{stamp(entry.disposed_at, self.context.time_zone())} by "
                                f"{entry.disposed_by}: {entry.destroyed_text}. Kept: "
                                f"{entry.kept} Authority: {entry.authority}.")

    # -- showing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the list, the holds, the series and the log again."""
        account = self.context.signed_in
        database = self.context.database
        if self.keeps_records:
            listed = attempt(self, lambda: disposal.disposal_list(database, account=account,
                                                                  clock=self.context.clock))
            if listed is not FAILED:
                self.eligible.set_rows(listed.eligible)
                self.held.set_rows(listed.held)
                self.list_caption.setText(
                    f"<b>Eligible for disposal on {listed.today.isoformat()}</b> — "
                    f"{listed.series.series.code}, {listed.series.period}: "
                    f"{len(listed.eligible)} case(s); {len(listed.held)} held")
            entries = attempt(self, lambda: disposal.disposal_log(database, account=account))
            if entries is not FAILED:
                self.log.set_rows(entries)
                if entries:
                    self.log_view.selectRow(0)
                self._show_entry()
            rows = read_adopted(database)
            self.series.set_rows(rows)
            years = next(r.years for r in rows if r.series.code == COMPLAINTS)
            self.years.setValue(years or 2)
        found = attempt(self, lambda: holds.list_holds(database, account=account))
        if found is not FAILED:
            self.holds.set_rows(found)
        self._enable()

    def _enable(self) -> None:
        if self.keeps_records:
            self.dispose_button.setEnabled(self.selected_line() is not None)
        chosen = self.selected_hold()
        self.release_button.setEnabled(self.places_holds and chosen is not None
                                       and chosen.in_force)
        refuse_while_read_only(self.context, *(  # the Records officer's, when there
            button for name in ("dispose_button", "release_button", "place_button",
                                "adopt_button") if (button := getattr(self, name, None))))

    def selected_line(self) -> DisposalLine | None:
        """The eligible case selected."""
        index = self.eligible_view.currentIndex()
        return index.data(ROW_ROLE) if index.isValid() else None

    def selected_hold(self) -> HoldRow | None:
        """The hold selected."""
        index = self.holds_view.currentIndex()
        return index.data(ROW_ROLE) if index.isValid() else None

    # -- acts -------------------------------------------------------------------------------

    def dispose_selected(self) -> bool:
        """Dispose of the selected case, after a confirmation that names it and says it
        cannot be undone."""
        line = self.selected_line()
        if line is None:
            return False
        question = (f"Destroy the complaint file of {line.case_number} (resolved "
                    f"{line.resolved_on.isoformat()}, eligible since "
                    f"{line.eligible_on.isoformat()})?\n\nIts parties, papers and their bytes, "
                    "reviews, deadlines and mail are destroyed for good; the Board's votes and "
                    "the case number are kept, and the disposal is logged permanently. This "
                    "cannot be undone.")
        if not self.confirm(question):
            return False
        entry = attempt(self, lambda: disposal.dispose(
            self.context.database, line.case_id, account=self.context.signed_in, clock=self.context.clock,
            seen_version=line.version))
        self.refresh()
        if entry is FAILED:
            return False
        self.status.setText(f"{entry.case_number} was disposed of: {entry.total} records "
                            "destroyed, logged permanently.")
        return True

    def place_hold(self) -> int | None:
        """Place the hold typed in; a refusal is said under the form, everything kept."""
        kind = HoldKind(str(self.hold_kind.currentData()))
        try:
            hold_id = holds.place_hold(
                self.context.database, account=self.context.signed_in, clock=self.context.clock, kind=kind,
                reason=self.hold_reason.text(), case_numbers=holds.parse_numbers(self.hold_cases.text()))
        except UserError as error:
            self.hold_message.say(str(error))
            return None
        self.hold_message.say("")
        self.hold_cases.clear()
        self.hold_reason.clear()
        self.refresh()
        return hold_id

    def release_dialog(self) -> ChangeDialog | None:
        """Release the selected hold, saying why."""
        hold = self.selected_hold()
        if hold is None or not hold.in_force:
            return None
        dialog = ChangeDialog(f"Release hold {hold.id}",
                              f"{hold.kind.label} hold on {', '.join(hold.case_numbers)}: "
                              f"{hold.reason}. Once released, the cases may be destroyed "
                              "when their period has run.", self)
        dialog.setObjectName("releaseHoldDialog")
        reason = dialog.row("&Why the hold ends:", QLineEdit(dialog))
        reason.setObjectName("releaseReason")
        reason.setPlaceholderText("e.g. judgment final, no appeal")

        def submit() -> None:
            holds.release_hold(self.context.database, hold.id, account=self.context.signed_in,
                               clock=self.context.clock, reason=reason.text(), seen_version=hold.version)
        dialog.submit = submit
        dialog.accepted.connect(self.refresh)
        self.dialog = dialog
        dialog.open()
        return dialog

    def adopt(self) -> bool:
        """Adopt the period shown for complaint files (never below the State's minimum)."""
        years = self.years.value()
        outcome = attempt(self, lambda: disposal.adopt_period(
            self.context.database, COMPLAINTS, years, account=self.context.signed_in,
            clock=self.context.clock))
        self.refresh()
        return outcome is not FAILED

    def paper(self) -> bytes | None:
        """The Records officer's paper (the disposal list and the log) as PDF bytes."""
        from ethics_desk.retention.certificate import render_certificate

        data = attempt(self, lambda: render_certificate(
            self.context.database, account=self.context.signed_in, clock=self.context.clock))
        return None if data is FAILED else data

    def show_paper(self) -> QWidget | None:
        """Preview the paper; printing it is recorded."""
        from ethics_desk.ui.pdf_view import PdfPreviewDialog

        data = self.paper()
        if data is None:
            return None
        dialog = PdfPreviewDialog("Records Disposal List and Log of Destruction", data, self,
                                  on_print=self._printed, on_save=self._saved)
        dialog.setObjectName("retentionPaperDialog")
        dialog.open()
        return dialog

    def _saved(self, path: Path) -> None:
        record_access(self.context.database, account=self.context.signed_in,
                      action="export.retention-certificate", clock=self.context.clock,
                      summary=f"Saved the disposal list and the log of destruction as "
                              f"{path.name}")

    def _printed(self, pages: int) -> None:
        record_access(self.context.database, account=self.context.signed_in,
                      action="print.retention-certificate", clock=self.context.clock,
                      summary=f"Printed the disposal list and the log of destruction "
                              f"({pages} page(s))")

    def _ask(self, question: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Warning, "Ethics Desk — Dispose of a case file",
                          question, QMessageBox.StandardButton.Cancel, self)
        destroy = box.addButton("Destroy the file", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is destroy

    def first_field(self) -> QWidget:
        """Where the cursor goes when the screen is shown: the first field of the tab shown."""
        return first_tab_stop(self.tabs.currentWidget()) or self.tabs.tabBar()
