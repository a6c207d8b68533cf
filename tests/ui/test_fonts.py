"""The application's own fonts are registered on every platform, the offscreen one included:
on Windows, Qt's offscreen platform finds no font of its own (it reads a folder PySide6 does not
ship), and without them every glyph of the tests and the smoke test was a box. This module runs
on Windows in CI's Wine stage (``.ci/windows-under-wine``)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontDatabase, QFontMetricsF
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from ethics_desk.ui.fonts import FAMILY, FONT_FOLDER_ENV, DeskApplication

OFFICE_TEXT = "Complaint ERB-2026-041 § 2-83(d)(3) — María Núñez, Nguyễn Thị Minh Khai"
"""Letters a clerk types at the counter every day."""


def test_the_application_registers_its_own_fonts(qapp: QApplication) -> None:
    assert isinstance(qapp, DeskApplication)
    assert FAMILY in qapp.own_families
    assert "Droid Sans Fallback" in qapp.own_families
    assert {FAMILY, "Droid Sans Fallback"} <= set(QFontDatabase.families())


def test_the_window_font_draws_the_office_s_letters(qapp: QApplication) -> None:
    metrics = QFontMetricsF(qapp.font())
    missing = [letter for letter in OFFICE_TEXT if not metrics.inFontUcs4(ord(letter))]
    assert not missing, f"{qapp.font().family()} has no glyph for {missing}"
    assert metrics.horizontalAdvance(OFFICE_TEXT) > metrics.horizontalAdvance("ERB") > 0


def test_a_label_measures_its_text_with_a_real_font(qtbot: QtBot) -> None:
    short, long = QLabel("§ 2-83"), QLabel("§ 2-83(d)(3) Notice of the complaint to the respondent")
    for label in (short, long):
        qtbot.addWidget(label)
    assert long.sizeHint().width() > 3 * short.sizeHint().width()


def test_a_font_folder_chosen_by_someone_else_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    from ethics_desk.ui import fonts

    monkeypatch.setenv(FONT_FOLDER_ENV, "C:/Fonts chosen by IT")
    fonts.prepare_platform()
    assert fonts.os.environ[FONT_FOLDER_ENV] == "C:/Fonts chosen by IT"
    monkeypatch.delenv(FONT_FOLDER_ENV)
    fonts.prepare_platform()
    assert fonts.os.environ[FONT_FOLDER_ENV].endswith("fonts")
