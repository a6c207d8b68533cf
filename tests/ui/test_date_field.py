"""The one date field: typed, refused with its accepted forms, cleared, left with Tab."""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from ethics_desk.ui.date_field import DateField, DateTimeField
from tests.conftest import NOW
from tests.ui.conftest import type_text

TODAY = NOW.astimezone().date()


def _form(qtbot: QtBot) -> tuple[QWidget, QLineEdit, DateField, QLineEdit]:
    window = QWidget()
    qtbot.addWidget(window)
    before, after = QLineEdit(window), QLineEdit(window)
    field = DateField(window, today=lambda: TODAY)
    label = QLabel("Date &sworn:", window)
    label.setBuddy(field)
    column = QVBoxLayout(window)
    for widget in (before, label, field, after):
        column.addWidget(widget)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window, before, field, after


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
