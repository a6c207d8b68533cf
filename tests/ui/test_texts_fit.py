"""No text is cut at the desk's size (1280 × 720; 1920 × 1080 at 150 % lays out the same
1280 × 720 of room): each label, button, tab, list heading and cell, drop-down choice and shown
value of every screen of every role, and of every window of the clerk's day (the tour), is
measured against the room it is given. Only a list's one column that gives way may shorten a
cell, and then with the whole text in its tooltip."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QTabWidget
from pytestqt.qtbot import QtBot

from ethics_desk.core.roles import Role
from ethics_desk.ui.context import AppContext
from tests.ui.text_fit import cut_texts
from tests.ui.window_tour import Stop, tour


def test_no_text_is_cut_in_any_window_of_the_clerks_day(
        qtbot: QtBot, demo_context: AppContext, tmp_path: Path) -> None:
    cut: list[str] = []
    seen: list[Stop] = []
    for stop in tour(qtbot, demo_context, tmp_path):
        seen.append(stop)
        cut += [f"{stop.name}: {text}" for text in cut_texts(stop.part)]
    assert len(seen) > 60
    assert cut == [], "\n".join(cut)


@pytest.mark.parametrize("role", list(Role), ids=[role.value for role in Role])
def test_no_text_is_cut_on_any_screen_of_a_role(
        qtbot: QtBot, demo_context: AppContext, role: Role) -> None:
    from ethics_desk.ui.main_window import SCREENS, MainWindow
    from tests.ui.conftest import make_account, signed_in_context

    login = f"tour.{role.value}"
    make_account(demo_context.database, login, f"Tour {role.label}", role)
    window = MainWindow(signed_in_context(demo_context.database, login))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    cut: list[str] = []
    shown = 0
    for key in SCREENS:
        if not window.allows(key):
            continue
        window.go(key)
        qtbot.wait(30)
        screen = window.stack.currentWidget()
        tabs = screen.findChildren(QTabWidget)
        pages = range(tabs[0].count()) if tabs else range(1)
        for index in pages:
            if tabs:
                tabs[0].setCurrentIndex(index)
                qtbot.wait(10)
            shown += 1
            cut += [f"{key} {index}: {text}" for text in cut_texts(window)]
    assert shown >= 1
    assert cut == [], "\n".join(cut)


def test_the_measure_finds_a_cut_label_button_choice_and_cell(qtbot: QtBot) -> None:
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QTableView, QVBoxLayout, QWidget

    from ethics_desk.ui.column_widths import GIVES_WAY

    window = QWidget()
    qtbot.addWidget(window)
    column = QVBoxLayout(window)
    label = QLabel("The respondent's sworn response is due", window)
    button = QPushButton("Record the respondent's receipt", window)
    combo = QComboBox(window)
    combo.addItem("Campaign finance — forwarded")
    table = QTableView(window)
    model = QStandardItemModel(1, 2, window)
    model.setItem(0, 0, QStandardItem("Forward an Ethics Code complaint to the Board"))
    model.setItem(0, 1, QStandardItem("María José Núñez de la Fuente"))
    table.setModel(model)
    table.setWordWrap(False)
    for widget in (label, button, combo, table):
        widget.setFixedWidth(200 if widget is table else 60)
        column.addWidget(widget)
    table.horizontalHeader().resizeSection(0, 60)
    table.horizontalHeader().resizeSection(1, 60)
    window.show()
    qtbot.waitExposed(window)
    found = "\n".join(cut_texts(window))
    for text in ("The respondent's sworn", "Record the respondent's receipt",
                 "Campaign finance — forwarded", "Forward an Ethics Code", "María José Núñez"):
        assert text in found, text
    # A column that gives way may shorten its text, with the whole of it in the tooltip.
    table.setProperty(GIVES_WAY, [0])
    model.item(0, 0).setToolTip("Forward an Ethics Code complaint to the Board")
    assert "Forward an Ethics Code" not in "\n".join(cut_texts(window))


def test_on_a_wide_screen_the_inbox_shows_every_text_whole(
        qtbot: QtBot, demo_context: AppContext) -> None:
    from ethics_desk.cases.inbox import ALL_CASES
    from ethics_desk.ui.column_widths import GIVES_WAY
    from ethics_desk.ui.screens.inbox_screen import InboxScreen

    screen = InboxScreen(demo_context)
    qtbot.addWidget(screen)
    screen.resize(1720, 900)  # a 1920-pixel screen, less the navigation
    screen.show()
    qtbot.waitExposed(screen)
    screen.show_view(ALL_CASES)
    qtbot.waitUntil(lambda: screen.model.rowCount() > 20 and not screen.model.busy)
    qtbot.wait(20)
    screen.table.setProperty(GIVES_WAY, [])  # no column may shorten a text here
    assert cut_texts(screen.table.parentWidget()) == []
    assert not screen.table.horizontalScrollBar().isVisible()
