"""The one date field: typed, refused with its accepted forms, cleared, left with Tab."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from ethics_desk.core.dates import DateStyle
from ethics_desk.core.errors import UserError
from ethics_desk.ui.date_field import DateField, DateTimeField
from ethics_desk.ui.office_display import set_office_style
from tests.conftest import NOW
from tests.ui.conftest import type_text

TODAY = NOW.astimezone().date()


def _form(qtbot: QtBot) -> tuple[QWidget, QLineEdit, DateField, QLineEdit]:
    window = QWidget()
    qtbot.addWidget(window)
    before = QLineEdit(window)
    label = QLabel("Date &sworn:", window)
    field = DateField(window, today=lambda: TODAY)
    after = QLineEdit(window)  # made in the order of the form: Tab goes before, field, after
    label.setBuddy(field)
    column = QVBoxLayout(window)
    for widget in (before, label, field, after):
        column.addWidget(widget)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window, before, field, after


@pytest.mark.parametrize("typed", ["2026-11-03", "11/3/2026", "11/3/26"])
def test_typing_each_accepted_form_gives_the_date(qtbot: QtBot, typed: str) -> None:
    _window, _before, field, after = _form(qtbot)
    type_text(qtbot, field.edit, typed)
    assert field.date() == date(2026, 11, 3)
    qtbot.keyClick(field.edit, Qt.Key.Key_Tab)
    assert field.text() == "2026-11-03"  # shown in the office's style once left
    assert QApplication.focusWidget() is after


def test_the_office_can_show_dates_month_first(qtbot: QtBot) -> None:
    set_office_style(DateStyle.US)
    try:
        _window, _before, field, _after = _form(qtbot)
        type_text(qtbot, field.edit, "2026-11-03")
        qtbot.keyClick(field.edit, Qt.Key.Key_Tab)
        assert field.text() == "11/03/2026" and field.date() == date(2026, 11, 3)
    finally:
        set_office_style(DateStyle.ISO)


def test_a_bad_entry_is_refused_with_the_message_and_the_text_kept(qtbot: QtBot) -> None:
    _window, _before, field, after = _form(qtbot)
    type_text(qtbot, field.edit, "13/45/2026")
    qtbot.keyClick(field.edit, Qt.Key.Key_Tab)
    assert field.text() == "13/45/2026"
    assert field.date() is None
    assert field.message.isVisible()
    assert "2026-11-03, 11/3/2026 or 11/3/26" in field.message.text()
    assert QApplication.focusWidget() is after  # refused, but not a trap
    with pytest.raises(UserError, match="not a day of the calendar"):
        field.checked("the date sworn")


def test_tab_moves_in_and_out_of_an_empty_field(qtbot: QtBot) -> None:
    _window, before, field, after = _form(qtbot)
    before.setFocus()
    qtbot.keyClick(before, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is field.edit
    qtbot.keyClick(field.edit, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is after
    qtbot.keyClick(after, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is field.edit
    qtbot.keyClick(field.edit, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is before


def test_the_calendar_opens_on_the_clocks_month_when_empty(qtbot: QtBot) -> None:
    _window, _before, field, _after = _form(qtbot)
    field.setFocus()
    qtbot.keyClick(field.edit, Qt.Key.Key_F4)
    assert field.popup is not None and field.popup.isVisible()
    calendar = field.popup.calendar
    assert (calendar.yearShown(), calendar.monthShown()) == (TODAY.year, TODAY.month)
    field.popup.hide()
    field.set_date(date(2027, 4, 23))
    calendar = field.open_calendar().calendar
    assert (calendar.yearShown(), calendar.monthShown()) == (2027, 4)


def test_escape_closes_the_calendar_and_keeps_the_date(qtbot: QtBot) -> None:
    _window, _before, field, _after = _form(qtbot)
    field.set_date(date(2026, 11, 3))
    popup = field.open_calendar()
    qtbot.keyClick(popup, Qt.Key.Key_Escape)
    assert not popup.isVisible()
    assert field.date() == date(2026, 11, 3)


def test_a_day_picked_on_the_calendar_is_the_date(qtbot: QtBot) -> None:
    _window, _before, field, _after = _form(qtbot)
    popup = field.open_calendar()
    popup.calendar.setSelectedDate(popup.calendar.selectedDate().addDays(2))
    popup.calendar.activated.emit(popup.calendar.selectedDate())  # Enter on the day
    assert field.date() == date.fromordinal(TODAY.toordinal() + 2)
    assert not popup.isVisible()


def test_an_empty_date_field_shows_nothing_and_reads_as_no_date(qtbot: QtBot) -> None:
    _window, _before, field, _after = _form(qtbot)
    assert field.text() == "" and field.date() is None
    assert "(not given)" not in field.text()


def test_a_fixed_date_loses_its_message(qtbot: QtBot) -> None:
    _window, _before, field, _after = _form(qtbot)
    type_text(qtbot, field.edit, "2026-11-3x")
    field.edit.editingFinished.emit()
    assert field.message.isVisible()
    qtbot.keyClick(field.edit, Qt.Key.Key_Backspace)
    assert field.date() == date(2026, 11, 3)
    assert not field.message.isVisible()


def test_delete_clears_the_date(qtbot: QtBot) -> None:
    _window, _before, field, _after = _form(qtbot)
    field.set_date(date(2026, 11, 3))
    with qtbot.waitSignal(field.changed):
        qtbot.keyClick(field.edit, Qt.Key.Key_Delete)
    assert field.date() is None and field.text() == ""


def test_the_field_is_named_by_its_label_and_described_by_the_accepted_forms(
        qtbot: QtBot) -> None:
    _window, _before, field, _after = _form(qtbot)
    assert field.edit.accessibleName() == "Date sworn"
    assert "11/3/26" in field.edit.accessibleDescription()


def test_the_label_mnemonic_puts_the_cursor_in_the_field(qtbot: QtBot) -> None:
    window, before, field, _after = _form(qtbot)
    before.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is field.edit


def test_a_hearing_is_typed_with_its_time(qtbot: QtBot) -> None:
    field = DateTimeField(today=TODAY)
    qtbot.addWidget(field)
    type_text(qtbot, field.edit, "12/15/26 2:00 PM")
    assert field.moment() == datetime(2026, 12, 15, 14, 0).astimezone()
    type_text(qtbot, field.edit, "x")
    assert field.moment() is None and field.problem()


@pytest.mark.parametrize("style", list(DateStyle), ids=[style.value for style in DateStyle])
@pytest.mark.parametrize("kind", [DateField, DateTimeField], ids=["date", "date and time"])
def test_an_empty_date_field_shows_no_date_only_the_form_of_one(
        qtbot: QtBot, style: DateStyle, kind: type[DateField]) -> None:
    from ethics_desk.core.dates import DateTypingError, parse_date, parse_datetime

    set_office_style(style)
    try:
        window = QWidget()
        qtbot.addWidget(window)
        field = kind(window, today=lambda: TODAY)
        window.show()
        qtbot.waitExposed(window)
        assert field.text() == "" and field.date() is None
        visible = field.edit.text() or field.edit.placeholderText()  # what the field draws
        assert visible, "an empty field says what to type"
        assert not any(char.isdigit() for char in visible), visible
        for parse in (parse_date, parse_datetime):
            with pytest.raises(DateTypingError):
                parse(visible, today=TODAY)
        assert visible.startswith("MM/DD/YYYY" if style is DateStyle.US else "YYYY-MM-DD")
        # drawn in the palette's placeholder colour, not as typed text
        assert (field.edit.palette().placeholderText().color()
                != field.edit.palette().text().color())
    finally:
        set_office_style(DateStyle.ISO)
