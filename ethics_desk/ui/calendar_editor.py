"""Closures and holidays: the City and State calendars of a year, and the office's closures.

Rule holidays are listed read-only; the days the office set (closures, Fiesta San Jacinto Day)
can be removed. Adding or removing a day first shows which open deadlines it moves, and which
issued papers it would leave stating a date that no longer holds, and asks to confirm; the
change is then saved through :mod:`ethics_desk.deadlines.closures`, which audits it and
recomputes every open deadline. A refused change is explained and nothing typed is lost.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import (
    QAbstractTableModel,
    QLocale,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.cases.calendar_overview import (
    CALENDAR_TITLES,
    CalendarEntry,
    MoveLine,
    calendar_days,
    describe_moves,
    long_day,
    preview_remove,
    required_days_missing,
    short_day,
)
from ethics_desk.core.permissions import Act
from ethics_desk.deadlines import DayKind, closures
from ethics_desk.deadlines.clocks import short_title
from ethics_desk.deadlines.closures import CALENDARS
from ethics_desk.deadlines.schedule import MovedDeadline
from ethics_desk.documents.stated_dates import made_wrong_by, papers_sentence
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.models.rows import Column, RowsModel, rows_view
from ethics_desk.ui.sizing import fit_to_screen

FIESTA_NAME = "Fiesta San Jacinto Day"
KINDS = (("closure", "Closure (weather, winter holidays …)"), ("fiesta", FIESTA_NAME))
CALENDAR_CHOICES = (("city", "City of San Antonio — every § 2-83 clock"),
                    ("state", "State of Texas — Public Information Act"))


def calendar_days_model(parent: QWidget | None = None) -> RowsModel[CalendarEntry]:
    """A year's closed weekdays of one calendar; the office's days in bold."""
    return RowsModel(
        (Column("Date", lambda e: short_day(e.day)), Column("Name", lambda e: e.name),
         Column("Kind", lambda e: e.source)),
        parent, bold=lambda e, _column: e.set_by_office,
        tooltip=lambda e: f"{long_day(e.day)}: {e.name} — {e.source}"
                          + ("" if e.set_by_office else ". A rule of the calendar: it cannot "
                             "be removed here."))


def moves_model(parent: QWidget | None = None) -> RowsModel[MoveLine]:
    """The open deadlines a change moves, old date → new date."""
    return RowsModel(
        (Column("Case", lambda m: m.case_number), Column("Deadline", lambda m: short_title(m.title)),
         Column("Due now", lambda m: short_day(m.old_due)),
         Column("Would be due", lambda m: f"→ {short_day(m.new_due)}")),
        parent, tooltip=lambda m: f"{m.case_number}: {m.title}\n{long_day(m.old_due)} → "
                                  f"{long_day(m.new_due)}")


def _table(model: QAbstractTableModel, name: str, parent: QWidget, stretch: int,
           spoken: str) -> QTableView:
    return rows_view(model, name, stretch, parent, spoken=spoken, compact=True,
                     elide=Qt.TextElideMode.ElideRight)


class ConfirmChangeDialog(QDialog):
    """“This change moves these deadlines — save it?”: the preview of a calendar change."""

    def __init__(self, title: str, message: str, moves: list[MoveLine],
                 parent: QWidget | None = None, papers: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("confirmCalendarChange")
        self.setWindowTitle(f"Ethics Desk — {title}")
        self.message = QLabel(message, self)
        self.message.setWordWrap(True)
        if moves:
            count = f"{len(moves)} open deadline{'' if len(moves) == 1 else 's'}"
            lead = f"Saving moves {count} (every open deadline is recomputed):"
        else:
            lead = "No open deadline moves: none is due on or counts across this day."
        self.lead = QLabel(lead, self)
        self.lead.setWordWrap(True)
        self.model = moves_model(self)
        self.model.set_rows(moves)
        self.table = _table(self.model, "movedDeadlines", self, 1,
                            "Deadlines that would move")
        self.table.setVisible(bool(moves))
        self.papers = QLabel(papers, self)
        self.papers.setObjectName("papersMadeWrong")
        self.papers.setAccessibleName("Issued papers the change makes wrong")
        self.papers.setWordWrap(True)
        palette.set_style(self.papers, "error, regular")
        self.papers.setVisible(bool(papers))
        buttons = QDialogButtonBox(self)
        self.save_button = buttons.addButton("&Save the change",
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addWidget(self.lead)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.papers)
        layout.addWidget(buttons)
        fit_to_screen(self, 900, 440 if moves else 180)

    @property
    def moves(self) -> list[MoveLine]:
        """The deadlines listed."""
        return self.model.rows()


class CalendarEditorDialog(QDialog):
    """Both calendars of a year, the office's closures removable, and a form to add one.

    ``changed`` is emitted after every saved change (the calendar screen then refreshes).
    """

    changed = Signal()

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("calendarEditor")
        self.setWindowTitle("Ethics Desk — Closures and holidays")
        today = context.today()
        english = QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)

        self.year = QSpinBox(self)
        self.year.setObjectName("calendarYear")
        self.year.setRange(2000, 2100)
        self.year.setValue(today.year)
        self.year.valueChanged.connect(lambda _y: self.reload())
        year_label = QLabel("&Year:", self)
        buddy(year_label, self.year)
        intro = QLabel("Weekdays the offices are closed. Days marked “rule” come from the "
                       "calendar's rules and cannot be removed here; days marked “office” (in "
                       "<b>bold</b>) were set by the office. Every change is recorded in the audit "
                       "trail and moves the open deadlines it affects — you see which before "
                       "saving.", self)
        intro.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(year_label)
        top.addWidget(self.year)
        top.addWidget(intro, 1)

        self.models: dict[str, RowsModel[CalendarEntry]] = {}
        self.tables: dict[str, QTableView] = {}
        self.remove_buttons: dict[str, QPushButton] = {}
        self.missing_labels: dict[str, QLabel] = {}
        lists = QHBoxLayout()
        for name in CALENDARS:
            box = QGroupBox(CALENDAR_TITLES[name] + (" — § 2-83 clocks" if name == "city" else
                                                     " — Public Information Act"), self)
            model = calendar_days_model(self)
            table = _table(model, f"{name}Days", box, 1, box.title())
            remove = QPushButton("&Remove the selected closure…" if name == "city" else
                                 "R&emove the selected closure…", box)
            remove.setObjectName(f"{name}Remove")
            remove.setEnabled(False)
            remove.clicked.connect(lambda _c=False, n=name: self.remove_selected(n))
            table.selectionModel().currentRowChanged.connect(
                lambda _cur, _prev, n=name: self._update_remove(n))
            missing = QLabel(box)
            missing.setObjectName(f"{name}Missing")
            missing.setWordWrap(True)
            palette.set_style(missing, "warning, bold")
            missing.setVisible(False)
            box_layout = QVBoxLayout(box)
            box_layout.addWidget(table, 1)
            box_layout.addWidget(missing)
            box_layout.addWidget(remove, 0, Qt.AlignmentFlag.AlignLeft)
            lists.addWidget(box, 1)
            self.models[name], self.tables[name], self.remove_buttons[name] = model, table, remove
            self.missing_labels[name] = missing

        add_box = QGroupBox("Add a day the offices are closed", self)
        self.day = DateField(add_box, today=context.today, value=today)
        self.day.setObjectName("closureDay")
        self.day.setLocale(english)
        self.weekday = QLabel(add_box)  # the day of the week, as the old field showed it
        self.weekday.setObjectName("closureWeekday")
        self.day.changed.connect(self._show_weekday)
        self._show_weekday()
        self.name = QLineEdit(add_box)
        self.name.setObjectName("closureName")
        self.name.setPlaceholderText("As deadline explanations will show it, e.g. "
                                     "“Winter weather closure”")
        self.kind = QComboBox(add_box)
        self.kind.setObjectName("closureKind")
        for key, text in KINDS:
            self.kind.addItem(text, key)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.calendar = QComboBox(add_box)
        self.calendar.setObjectName("closureCalendar")
        for key, text in CALENDAR_CHOICES:
            self.calendar.addItem(text, key)
        self.add_button = QPushButton("&Add…", add_box)
        self.add_button.setObjectName("closureAdd")
        self.add_button.setToolTip("Shows which open deadlines move, then asks to save")
        self.add_button.clicked.connect(self.add_day)
        grid = QGridLayout(add_box)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        day_box = QWidget(add_box)
        day_row = QHBoxLayout(day_box)
        day_row.setContentsMargins(0, 0, 0, 0)
        day_row.addWidget(self.day, 1)
        day_row.addWidget(self.weekday)
        for row, column, text, field in ((0, 0, "&Date:", day_box), (0, 2, "&Kind:", self.kind),
                                         (1, 0, "&Name:", self.name),
                                         (1, 2, "&Calendar:", self.calendar)):
            label = QLabel(text, add_box)
            buddy(label, self.day if field is day_box else field)
            grid.addWidget(label, row, column)
            grid.addWidget(field, row, column + 1)
        # Tab reads the grid row by row: Date, Kind; Name, Calendar; then Add.
        for first, second in ((self.day, self.kind), (self.kind, self.name),
                              (self.name, self.calendar), (self.calendar, self.add_button)):
            QWidget.setTabOrder(first, second)
        self.day.setMinimumWidth(130)
        self.name.setMinimumWidth(320)
        hint = QLabel("Fiesta San Jacinto Day is one Friday a year; a closure is any other day "
                      "the offices close (weather, a winter-holiday closure).", add_box)
        hint.setWordWrap(True)
        grid.addWidget(hint, 2, 0, 1, 3)
        grid.addWidget(self.add_button, 2, 3, Qt.AlignmentFlag.AlignRight)

        self.changes_calendar = offer(context, Act.EDIT_CALENDAR, "change the office's closures",
                                      self.add_button, *self.remove_buttons.values())
        self.status = StatusLine(self)
        self.status.setObjectName("calendarEditorStatus")
        self.status.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(buttons)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(lists, 1)
        layout.addWidget(add_box)
        layout.addLayout(bottom)
        give_alt_keys(self)  # Close
        fit_to_screen(self, 1000, 680)
        self.reload()

    # -- the lists ----------------------------------------------------------------------------

    def set_year(self, year: int) -> None:
        """List the calendars of ``year``."""
        if self.year.value() != year:
            self.year.setValue(year)  # reloads
        else:
            self.reload()

    def reload(self) -> None:
        """Read both calendars of the chosen year again."""
        year = self.year.value()
        entries = calendar_days(self.context.database, year)
        missing = required_days_missing(self.context.database, year)
        for name, model in self.models.items():
            model.set_rows([e for e in entries if e.calendar == name])
            self._update_remove(name)
            names = [day_name for cal, day_name in missing if cal == name]
            label = self.missing_labels[name]
            warnings = [f"⚠ {n} is not set for {year}: add it below once the City announces it."
                        for n in names]
            warnings += [f"⚠ {warning}" for e in entries if e.calendar == name
                         and e.kind is DayKind.FIESTA
                         and (warning := closures.fiesta_season_warning(e.day)) is not None]
            label.setText(" ".join(warnings))
            label.setVisible(bool(warnings))

    def entries(self, calendar: str) -> list[CalendarEntry]:
        """The days listed for ``calendar``."""
        return self.models[calendar].rows()

    def select_entry(self, calendar: str, day: date) -> bool:
        """Choose the listed day ``day`` of ``calendar`` (turning to its year); False if absent."""
        self.set_year(day.year)
        for row, entry in enumerate(self.entries(calendar)):
            if entry.day == day:
                self.tables[calendar].selectRow(row)
                self._update_remove(calendar)
                return True
        return False

    def selected_entry(self, calendar: str) -> CalendarEntry | None:
        """The chosen day of ``calendar``, if any."""
        index = self.tables[calendar].currentIndex()
        return self.models[calendar].row(index.row()) if index.isValid() else None

    def _update_remove(self, calendar: str) -> None:
        entry = self.selected_entry(calendar)
        self.remove_buttons[calendar].setEnabled(self.changes_calendar and entry is not None
                                                 and entry.set_by_office)

    # -- adding -------------------------------------------------------------------------------

    def prepare_fiesta(self, year: int) -> None:
        """Set the form up for the year's Fiesta San Jacinto Day (the clerk picks the Friday)."""
        self.set_year(year)
        self.kind.setCurrentIndex(self.kind.findData("fiesta"))
        self.calendar.setCurrentIndex(self.calendar.findData("city"))
        self.name.setText(FIESTA_NAME)
        self.day.set_date(date(year, 4, 1))
        self.day.setFocus()
        self.status.setText(f"Choose the Friday the City announced for Fiesta San Jacinto Day "
                            f"{year}, then Add.")

    def _kind_changed(self) -> None:
        if self.kind.currentData() == "fiesta" and not self.name.text().strip():
            self.name.setText(FIESTA_NAME)

    def chosen_day(self) -> date:
        """The date in the form; a :class:`UserError` when it is empty or not a date."""
        return self.day.required("the day the offices close")

    def _show_weekday(self) -> None:
        day = self.day.date()
        self.weekday.setText(long_day(day) if day is not None else "")

    def add_day(self) -> bool:
        """Preview the day in the form, ask to confirm, then save it. True when saved."""
        chosen = attempt(self, self.chosen_day, "Cannot close that day")
        if chosen is FAILED:
            return False
        day, name = chosen, self.name.text()
        kind, calendar = str(self.kind.currentData()), str(self.calendar.currentData())
        database = self.context.database
        account = self.context.signed_in
        moves = attempt(self, lambda: describe_moves(database, closures.preview_add(
            database, day, name, account=account, calendar=calendar, kind=kind),
            account=account), "Cannot close that day")
        if moves is FAILED:
            return False
        message = (f"Close the offices on {long_day(day)} — “{name.strip()}” — on the "
                   f"{CALENDAR_TITLES[calendar]} calendar?")
        season = closures.fiesta_season_warning(day) if kind == "fiesta" else None
        if season is not None:
            message += f"\n\n⚠ {season}"
        if not self.confirm("Add a closed day", message, moves):
            self.status.setText("Not saved.")
            return False
        change = attempt(self, lambda: closures.add_closure(
            database, day, name, account=self.context.signed_in, clock=self.context.clock,
            calendar=calendar, kind=kind))
        if change is FAILED:
            return False
        self.name.clear()
        self.kind.setCurrentIndex(self.kind.findData("closure"))  # one Fiesta day a year
        self.status.setText(change.summary + "." + (f" ⚠ {season}" if season else "")
                            + self._papers_after(change.moved))
        self.select_entry(calendar, day)
        self.changed.emit()
        return True

    # -- removing -----------------------------------------------------------------------------

    def remove_selected(self, calendar: str) -> bool:
        """Preview reopening the chosen closure of ``calendar``, confirm, then save it."""
        entry = self.selected_entry(calendar)
        if entry is None or not entry.set_by_office:
            return False
        database = self.context.database
        account = self.context.signed_in
        moves = attempt(self, lambda: describe_moves(database, preview_remove(
            database, entry.day, account=account, calendar=calendar), account=account),
            "Cannot reopen that day")
        if moves is FAILED:
            return False
        message = (f"Remove “{entry.name}” on {long_day(entry.day)} from the "
                   f"{CALENDAR_TITLES[calendar]} calendar (the offices count it as open)?")
        if not self.confirm("Remove a closed day", message, moves):
            self.status.setText("Not saved.")
            return False
        change = attempt(self, lambda: closures.remove_closure(
            database, entry.day, account=self.context.signed_in, clock=self.context.clock,
            calendar=calendar))
        if change is FAILED:
            return False
        self.status.setText(change.summary + "." + self._papers_after(change.moved))
        self.reload()
        self.changed.emit()
        return True

    def _papers_after(self, moved: list[MovedDeadline]) -> str:
        """The issued papers a saved change made wrong, as a sentence after its summary."""
        papers = attempt(self, lambda: made_wrong_by(self.context.database, moved, saved=True,
                                                        account=self.context.signed_in))
        return "" if papers is FAILED or not papers else " " + papers_sentence(papers,
                                                                                saved=True)

    def confirm(self, title: str, message: str, moves: list[MoveLine]) -> bool:
        """Show the preview — the deadlines it moves, the issued papers it would leave stating
        a wrong date — and ask to save (:class:`ConfirmChangeDialog`)."""
        papers = attempt(self, lambda: made_wrong_by(self.context.database, moves, saved=False,
                                                        account=self.context.signed_in))
        dialog = ConfirmChangeDialog(title, message, moves, self,
                                     "" if papers is FAILED else papers_sentence(papers,
                                                                                 saved=False))
        try:
            return dialog.exec() == QDialog.DialogCode.Accepted
        finally:
            dialog.deleteLater()
