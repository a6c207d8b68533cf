"""The one date field of the application (and its date-and-time variant).

A clerk types the date — ``2026-11-03``, ``11/3/2026`` or ``11/3/26`` — or picks it on a
calendar (the button, F4 or Alt+Down). The field is empty until a date is given, and looks
empty: it shows the form of a date in letters (``YYYY-MM-DD``), never a sample date; Delete
clears it; Tab and Shift+Tab move in and out whether it is empty or not. Text that is not a date is
kept as typed, with a message beside the field naming the accepted forms, and the field reads
as no date until it is fixed (a form that needs the date refuses with :meth:`DateField.checked`).
On leaving the field the date is shown in the office's style (Settings). The pop-up calendar
opens on the field's month, or on the month of the application's today (never the wall clock).

Parsing is :mod:`ethics_desk.core.dates`; this module is only the widget.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime

from PySide6.QtCore import QDate, QEvent, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QCalendarWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.dates import (
    ACCEPTED_FORMS,
    ACCEPTED_TIMES,
    DateTypingError,
    date_hint,
    datetime_hint,
    format_date,
    format_datetime,
    parse_date,
    parse_datetime,
)
from ethics_desk.core.errors import UserError
from ethics_desk.core.office_time import in_office_time
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import StatusLine
from ethics_desk.ui.acts import declare
from ethics_desk.ui.office_display import office_style, office_time_zone

Day = date  # the methods below are called date(): annotations name the type Day
Today = Callable[[], date]

class CalendarPopup(QWidget):
    """The pop-up calendar of a :class:`DateField`: Enter or a click picks, Escape closes."""

    picked = Signal(date)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent, Qt.WindowType.Popup)
        self.setObjectName("calendarPopup")
        self.calendar = QCalendarWidget(self)
        self.calendar.setObjectName("calendar")
        self.calendar.setFirstDayOfWeek(Qt.DayOfWeek.Sunday)
        self.calendar.setGridVisible(True)
        self.calendar.activated.connect(self._pick)
        self.calendar.clicked.connect(self._pick)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(1, 1, 1, 1)
        layout.addWidget(self.calendar)

    def open_on(self, day: Day, selected: bool, at: QPoint) -> None:
        """Show the month of ``day`` (selecting it when it is the field's date) at ``at``."""
        self.calendar.setSelectedDate(QDate(day.year, day.month, day.day))
        self.calendar.setCurrentPage(day.year, day.month)
        self.calendar.setToolTip("" if selected else "The field is empty: today's month")
        self.move(at)
        self.show()
        self.calendar.setFocus(Qt.FocusReason.PopupFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Escape closes the calendar, the field's date unchanged."""
        if event.key() == Qt.Key.Key_Escape:
            self.hide()
            parent = self.parentWidget()
            if parent is not None:
                parent.setFocus(Qt.FocusReason.PopupFocusReason)
            return
        super().keyPressEvent(event)

    def _pick(self, value: QDate) -> None:
        self.hide()
        self.picked.emit(date(value.year(), value.month(), value.day()))


class DateField(QWidget):
    """A date a clerk types (or picks), or nothing: :meth:`date` → ``date | None``.

    ``today`` is the application's today (``AppContext.today``, or a fixed day); the pop-up
    opens on its month when the field is empty. ``changed`` is emitted when the date read from
    the field changes (cleared and not-a-date included).
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None, *, today: Today | Day,
                 value: Day | None = None, name: str = "") -> None:
        super().__init__(parent)
        self._today: Today = today if callable(today) else (lambda: today)
        self._value: Day | None = None
        self._last: Day | None = None
        self._problem = ""
        self.edit = QLineEdit(self)
        self.edit.setObjectName("dateText")
        self.edit.setPlaceholderText(self.example())
        self.edit.setClearButtonEnabled(False)
        self.edit.installEventFilter(self)
        self.button = QToolButton(self)
        self.button.setObjectName("calendarButton")
        self.button.setText("▾")
        self.button.setToolTip("Choose on a calendar (F4 or Alt+Down)")
        self.button.setAccessibleName("Choose on a calendar")
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # one Tab stop per date
        self.button.clicked.connect(self.open_calendar)
        declare(None, self.button)
        self.message = StatusLine(self, urgent=True)
        self.message.setObjectName("dateMessage")
        self.message.setWordWrap(True)
        palette.set_style(self.message, "error")
        self.message.hide()
        self.popup: CalendarPopup | None = None
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(2)
        row.addWidget(self.edit, 1)
        row.addWidget(self.button)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addLayout(row)
        column.addWidget(self.message)
        self.setFocusProxy(self.edit)  # a label's mnemonic and setFocus() reach the text;
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # a proxied widget is no Tab stop itself
        self.edit.setAccessibleDescription(self.accepted())
        if name:
            self.set_accessible_name(name)
        self.edit.textEdited.connect(self._typed)
        self.edit.editingFinished.connect(self._finished)
        if value is not None:
            self.set_date(value)

    # -- what the field accepts --------------------------------------------------------------

    def example(self) -> str:
        """The placeholder: the form of a date in the office's style, in letters
        (``YYYY-MM-DD``), drawn in the placeholder's muted colour. Never a sample date: an empty
        field must not look as if it held one."""
        return date_hint(office_style())

    def accepted(self) -> str:
        """The accepted forms, for the accessible description and the message."""
        return (f"Type a date as {ACCEPTED_FORMS}, or press F4 for a calendar. Delete clears "
                "it.")

    def parse(self, text: str) -> Day | None:
        """The date typed (None when empty); :class:`DateTypingError` when it is not one."""
        return parse_date(text, today=self.today())

    def shown(self, value: Day) -> str:
        """``value`` in the office's style."""
        return format_date(value, office_style())

    def today(self) -> Day:
        """The application's today (the day the calendar opens on when the field is empty)."""
        return self._today()

    # -- the typed API -------------------------------------------------------------------------

    def date(self) -> Day | None:
        """The date in the field; None when it is empty or not a date."""
        return self._value

    def set_date(self, value: Day | None) -> None:
        """Show ``value`` (None: empty) in the office's style; clears any message."""
        self.edit.setText("" if value is None else self.shown(value))
        self._say("")
        self._read()

    def last_date(self) -> Day | None:
        """The last date the field held (for a screen that always shows some day — who serves
        on, a meeting's agenda — while its field is empty or being retyped)."""
        return self._value or self._last

    def text(self) -> str:
        """The text as typed."""
        return self.edit.text()

    def problem(self) -> str:
        """Why the text is not a date ("" when it is one, or empty)."""
        return self._problem

    def show_problem(self) -> bool:
        """Show why the text is not a date, if it is not; True when it is (or is empty)."""
        self._say(self._problem)
        return not self._problem

    def checked(self, what: str = "the date") -> Day | None:
        """The date, or None when empty; a :class:`UserError` when the text is not a date."""
        if self._problem:
            self._say(self._problem)
            self.edit.setFocus(Qt.FocusReason.OtherFocusReason)
            raise UserError(f"Check {what}: {self._problem}", self.accepted())
        return self._value

    def required(self, what: str = "the date") -> Day:
        """The date; a :class:`UserError` when it is empty or not a date."""
        value = self.checked(what)
        if value is None:
            self.edit.setFocus(Qt.FocusReason.OtherFocusReason)
            raise UserError(f"Enter {what}.", self.accepted())
        return value

    def set_accessible_name(self, name: str) -> None:
        """The name a screen reader says for the field (its label)."""
        clean = name.replace("&&", "\0").replace("&", "").replace("\0", "&").strip().rstrip(":")
        self.setAccessibleName(clean)
        self.edit.setAccessibleName(clean)

    # -- behaviour -----------------------------------------------------------------------------

    def _key(self) -> object:
        """What ``changed`` follows (the date; a date-and-time field, the moment)."""
        return self._value

    def _say(self, text: str) -> None:
        self.message.setText(f"⚠ {text}" if text else "")
        self.message.setVisible(bool(text))

    def _read(self) -> None:
        before = self._key()
        try:
            self._value = self.parse(self.edit.text())
            self._problem = ""
        except DateTypingError as error:
            self._value, self._problem = None, str(error)
        if self._value is not None:
            self._last = self._value
        if self._key() != before:
            self.changed.emit()

    def _typed(self, _text: str) -> None:
        # While typing: the date follows the text; a message already shown goes once fixed.
        self._read()
        if not self._problem:
            self._say("")
        elif self.message.isVisibleTo(self):
            self._say(self._problem)

    def _finished(self) -> None:
        self._read()
        if self._problem:
            self._say(self._problem)
        elif self._value is not None:
            self.edit.setText(self.shown(self._value))

    def clear(self) -> None:
        """Empty the field (Delete)."""
        self.set_date(None)

    def open_calendar(self) -> CalendarPopup:
        """The pop-up calendar, on the field's month or today's."""
        if self.popup is None:
            self.popup = CalendarPopup(self)
            self.popup.picked.connect(self._picked)
        shown = self._value or self.today()
        self.popup.open_on(shown, self._value is not None,
                           self.edit.mapToGlobal(QPoint(0, self.edit.height())))
        return self.popup

    def _picked(self, value: Day) -> None:
        self.set_date(value)
        self.edit.setFocus(Qt.FocusReason.PopupFocusReason)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Delete clears the field; F4 or Alt+Down opens the calendar.

        A field whose Python side Qt had to make anew (a closed dialog let go of, still owned by
        its parent) has no ``edit`` of its own: its events then pass by untouched.
        """
        edit = getattr(self, "edit", None)
        if edit is not None and watched is edit and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key, mods = event.key(), event.modifiers()
            if key == Qt.Key.Key_Delete and mods == Qt.KeyboardModifier.NoModifier:
                self.clear()
                return True
            if key == Qt.Key.Key_F4 or (key == Qt.Key.Key_Down
                                        and mods & Qt.KeyboardModifier.AltModifier):
                self.open_calendar()
                return True
        return super().eventFilter(watched, event)

    def showEvent(self, event: QShowEvent) -> None:
        """Without a name given, the field is named after the label that is its buddy."""
        if not self.accessibleName():
            window = self.window()
            for label in window.findChildren(QLabel):
                if label.buddy() in (self, self.edit) and label.text():
                    self.set_accessible_name(label.text())
                    break
        super().showEvent(event)


class DateTimeField(DateField):
    """A date and a time of day (a hearing's): ``2026-12-15 14:00`` or ``12/15/26 2:00 PM``.

    What is typed is the office's time (``office.time_zone``), whatever the workstation's zone:
    :meth:`moment` is that time, time-zone aware.
    """

    _moment: datetime | None = None

    def example(self) -> str:
        """The form of a date and a time in the office's style, in letters."""
        return datetime_hint(office_style())

    def accepted(self) -> str:
        """The accepted forms of a date and a time."""
        return (f"Type a date ({ACCEPTED_FORMS}) and a time ({ACCEPTED_TIMES}), or press F4 "
                "for a calendar. Delete clears it.")

    def parse(self, text: str) -> Day | None:
        """Parse a date and time; the field's :meth:`date` is its day."""
        self._moment = None
        self._moment = parse_datetime(text, today=self.today())
        return None if self._moment is None else self._moment.date()

    def _key(self) -> object:
        return self._moment

    def moment(self) -> datetime | None:
        """The date and time entered, as the office's clock reads (time-zone aware), or None."""
        return None if self._moment is None else self._moment.replace(tzinfo=office_time_zone())

    def checked_moment(self, what: str = "the date and time") -> datetime | None:
        """The moment, or None when empty; a :class:`UserError` when the text is not one."""
        self.checked(what)
        return self.moment()

    def set_moment(self, value: datetime | None) -> None:
        """Show a date and time (None: empty)."""
        if value is None:
            self.set_date(None)
            return
        local = (in_office_time(value, office_time_zone()).replace(tzinfo=None) if value.tzinfo
                 else value)
        self.edit.setText(format_datetime(local, office_style()))
        self._say("")
        self._read()

    def _finished(self) -> None:
        self._read()
        if self._problem:
            self._say(self._problem)
        elif self._moment is not None:
            self.edit.setText(format_datetime(self._moment, office_style()))

    def _picked(self, value: Day) -> None:
        # A day from the calendar keeps the time typed (none yet: 09:00).
        moment = self._moment
        hour, minute = (moment.hour, moment.minute) if moment is not None else (9, 0)
        self.edit.setText(format_datetime(datetime(value.year, value.month, value.day, hour,
                                                   minute), office_style()))
        self._say("")
        self._read()
        self.edit.setFocus(Qt.FocusReason.PopupFocusReason)
