"""Help → Manual (F1) opens the manual shipped with the application at the page of what is in
front of the person; its pages, links and pictures work inside the window."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QKeySequence, QTextDocument
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ethics_desk.ui.case.case_window import CaseWindow
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.main_window import SCREENS, MainWindow
from ethics_desk.ui.manual_window import (
    CONTENTS,
    SCREEN_PAGES,
    ManualWindow,
    manual_folder,
    page_for,
)
from ethics_desk.workflow.controller import WorkflowController
from tests.factories import filed_case

PICTURE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")


def _manual_pages() -> list[Path]:
    return sorted(manual_folder().rglob("*.md"))


def test_every_screen_has_its_page_of_the_manual() -> None:
    assert set(SCREENS) <= set(SCREEN_PAGES)
    for where, name in SCREEN_PAGES.items():
        assert (manual_folder() / name).is_file(), where
        assert page_for(where) == manual_folder() / name
    assert page_for("no such screen") == manual_folder() / CONTENTS


def test_f1_opens_the_manual_at_the_page_of_the_screen_shown(
        qtbot: QtBot, context: AppContext) -> None:
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    window.go("calendar")
    action = window.findChild(QAction, "actionManual")
    assert action is not None and action.shortcut() == QKeySequence("F1")
    action.trigger()
    manual = next(w for w in QApplication.topLevelWidgets()
                  if isinstance(w, ManualWindow) and w.isVisible())
    qtbot.addWidget(manual)
    assert manual.current_page() == manual_folder() / "deadlines.md"
    assert "deadline" in manual.browser.toPlainText().lower()


def test_every_page_of_the_manual_shows_with_its_pictures(qtbot: QtBot) -> None:
    window = ManualWindow()
    qtbot.addWidget(window)
    assert "manual" in window.browser.toPlainText().lower()  # the contents page
    for page in _manual_pages():
        window.show_page(page)
        assert window.current_page() == page
        assert window.browser.toPlainText().strip(), page
        for picture in PICTURE.findall(page.read_text(encoding="utf-8")):
            url = window.browser.source().resolved(QUrl(picture))
            image = window.browser.document().resource(
                QTextDocument.ResourceType.ImageResource, url)
            assert image is not None and not image.isNull(), f"{page.name}: {picture}"


def test_a_link_to_another_page_is_followed_and_one_outside_the_manual_is_said(
        qtbot: QtBot) -> None:
    window = ManualWindow()
    qtbot.addWidget(window)
    window.anchor_clicked(QUrl("signing-in.md"))
    assert window.current_page() == manual_folder() / "signing-in.md"
    assert window.back_button.isEnabled()
    window.anchor_clicked(QUrl("../../../docs/it/README.md"))
    assert window.current_page() == manual_folder() / "signing-in.md"  # not followed
    assert window.note.isVisibleTo(window) and "ask IT" in window.note.text()
    window.back_button.click()
    assert window.current_page() == manual_folder() / CONTENTS


def test_f1_in_a_case_window_opens_the_page_about_working_a_case(
        qtbot: QtBot, context: AppContext, controller: WorkflowController) -> None:
    case_window = CaseWindow(context, filed_case(controller))
    qtbot.addWidget(case_window)
    manual = case_window.show_manual()
    qtbot.addWidget(manual)
    assert isinstance(manual, ManualWindow)
    assert manual.current_page() == manual_folder() / SCREEN_PAGES["case"]
