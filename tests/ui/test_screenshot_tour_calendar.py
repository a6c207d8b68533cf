"""The calendar's screenshot tour: November 2026 of the demonstration database with a day chosen,
and the closures editor with a change previewed; saved as PNG when ``ETHICS_DESK_SCREENSHOTS`` is
set (so a person can look at them), and always checked to render at a usable size."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from ethics_desk.ui.calendar_editor import ConfirmChangeDialog
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.screens.calendar_screen import CalendarScreen
from tests.ui.test_screenshot_tour import shoot


def _no_message(box: QMessageBox) -> int:
    raise AssertionError(f"unexpected message: {box.text()} {box.informativeText()}")


def test_tour_of_the_calendar(qtbot: QtBot, demo_context: AppContext,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    screen = CalendarScreen(demo_context)
    qtbot.addWidget(screen)
    screen.resize(990, 720)  # the main window's stack at its first-run size
    screen.show()
    qtbot.waitExposed(screen)
    screen.select_day(date(2026, 11, 24))
    assert screen.model.rowCount() > 0
    assert screen.month_view.describe_cell(date(2026, 11, 24)).count
    shoot(screen, "calendar-1-november-2026")

    editor = screen.open_editor()
    qtbot.waitExposed(editor)
    shoot(editor, "calendar-2-closures-and-holidays")

    answers = [QDialog.DialogCode.Rejected, QDialog.DialogCode.Accepted,
               QDialog.DialogCode.Accepted]
    shots: list[ConfirmChangeDialog] = []

    def look(dialog: ConfirmChangeDialog) -> int:
        dialog.show()
        qtbot.waitExposed(dialog)
        if not shots:
            shoot(dialog, "calendar-3-closure-preview")
        shots.append(dialog)
        return int(answers[len(shots) - 1])

    monkeypatch.setattr(ConfirmChangeDialog, "exec", look)
    monkeypatch.setattr(QMessageBox, "exec", _no_message)
    editor.day.set_date(date(2026, 12, 3))
    editor.name.setText("Ice storm closure")
    assert not editor.add_day()  # looked at, then cancelled
    assert shots[0].moves

    screen.open_editor(fiesta_year=2027)
    shoot(editor, "calendar-4-fiesta-for-2027")
    editor.day.set_date(date(2027, 4, 23))
    assert editor.add_day()
    editor.day.set_date(date(2026, 12, 24))
    editor.name.setText("Winter holiday closure")
    assert editor.add_day()
    shoot(editor, "calendar-5-closures-of-2026")
    editor.close()

    screen.select_day(date(2027, 4, 23))
    assert screen.month_view.describe_cell(date(2027, 4, 23)).name == "Fiesta San Jacinto Day"
    shoot(screen, "calendar-6-april-2027-fiesta")
    screen.select_day(date(2026, 12, 3))
    assert screen.month_view.describe_cell(date(2026, 12, 24)).name == "Winter holiday closure"
    shoot(screen, "calendar-7-december-2026")
