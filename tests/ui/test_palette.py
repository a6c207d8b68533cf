"""Every text colour the application sets is readable on the backgrounds it is drawn on —
at least 4.5 : 1 in the light, dark and high-contrast schemes —, is written only in the
palette, and follows the desktop: at start, and when its dark or high-contrast setting changes
while the application runs."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import get_args

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from ethics_desk.ui import palette
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.intake.complainant_page import ComplainantPage
from ethics_desk.ui.intake.review_page import ReviewPage
from ethics_desk.ui.intake.wizard import IntakeWizard
from ethics_desk.ui.palette import (
    DARK,
    HIGH_CONTRAST,
    LIGHT,
    SCHEMES,
    TEXT_ON,
    Colours,
    Scheme,
    background,
    contrast_ratio,
)
from tests.ui.conftest import Desktop
from tests.ui.intake_driver import drive_to_review, exhibit_pdf, next_page

UI = Path(palette.__file__).resolve().parent


def test_the_contrast_ratio_is_the_wcag_formula() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#777777") == pytest.approx(1.0)
    assert contrast_ratio("#b3261e", "#cdb8ee") == pytest.approx(3.64, abs=0.01)
    assert contrast_ratio("#ffffff", "#767676") == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("scheme", list(Scheme))
def test_every_text_colour_is_at_least_4_5_to_1_on_each_of_its_backgrounds(
        scheme: Scheme) -> None:
    colours = SCHEMES[scheme]
    low = {f"{text} on {back}": round(ratio, 2)
           for text, backs in TEXT_ON for back in backs
           if (ratio := contrast_ratio(getattr(colours, text), background(colours, back))) < 4.5}
    assert low == {}


def test_every_colour_of_a_scheme_is_drawn_or_drawn_on() -> None:
    used = {text for text, _ in TEXT_ON} | {b.removeprefix("veiled ") for _, backs in TEXT_ON
                                            for b in backs}
    assert set(palette.Colours.__dataclass_fields__) - used == {"banner_border"}


COLOUR_NAMES = frozenset(QColor.colorNames()) - {"transparent"}
"""The colours a style sheet or ``QColor`` knows by name (the SVG names)."""

COLOUR_LITERAL = re.compile(
    r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3}(?:[0-9a-fA-F]{2})?)?\b"  # #rgb, #rrggbb, #rrggbbaa
    r"|\b(?:rgba?|hs[lv]a?)\s*\("  # rgb(…), rgba(…), hsl(…), hsv(…)
    r"|\bQColor\(\s*(?:['\"\d]|Qt\.)"  # QColor("…"), QColor(255, …), QColor(Qt.red)
    r"|\bQColorConstants\b"
    r"|\bQt\.(?:GlobalColor\.)?(?i:white|black|(?:dark|light)?(?:red|green|blue|cyan|magenta"
    r"|yellow|gray))\b")
"""A colour written out in the source rather than taken from :mod:`ethics_desk.ui.palette`."""

STYLE_DECLARATION = re.compile(
    r"\b((?:[a-z]+-)*(?:color|background|border)(?:-[a-z]+)*)\s*:\s*([^;'\"}{]*)")
"""A style sheet's (or an HTML ``style``'s) declaration of a colour: ``color: red``."""


def colour_literals(source: str) -> list[str]:
    """Every colour ``source`` writes out: a literal, or a colour named in a style sheet."""
    named = [f"{prop}: {word}" for prop, value in STYLE_DECLARATION.findall(source)
             for word in re.findall(r"[A-Za-z]+", value) if word.lower() in COLOUR_NAMES]
    return [m.group(0) for m in COLOUR_LITERAL.finditer(source)] + named


def test_the_colour_literal_check_finds_hex_rgb_and_named_colours() -> None:
    for source in ('ERROR_STYLE = "color: #a40000; font-weight: 600;"',
                   "note.setStyleSheet('color: #335;')", "<span style='color:#555'>",
                   'label.setStyleSheet("background: rgb(255, 246, 220);")',
                   'label.setStyleSheet("color: darkred; font-weight: bold;")',
                   "QLabel { background-color: white; }", "border: 1px solid gray;",
                   'QColor("red")', "QColor(164, 0, 0)", "pen = Qt.GlobalColor.darkRed"):
        assert colour_literals(source), source
    for source in ("f\"color: {colours().error};\"", "<a href='#page-3'>Edit</a>",
                   "#fiestaBanner { border-radius: 3px; }", "background: transparent;",
                   "QColor(scheme.overdue)", "# the colour of the row"):
        assert colour_literals(source) == [], source


def test_no_module_of_the_interface_but_the_palette_writes_a_colour() -> None:
    """Every colour is named by its meaning in the palette, so it follows dark and high
    contrast and is checked at 4.5 : 1; a literal anywhere else would do neither."""
    modules = sorted(p for p in UI.rglob("*.py") if p.name != "palette.py")
    assert len(modules) > 40  # the whole interface, not an empty folder
    found = {str(module.relative_to(UI)): literals for module in modules
             if (literals := colour_literals(module.read_text(encoding="utf-8")))}
    assert found == {}


def test_every_style_sheet_is_named_and_draws_only_the_schemes_colours() -> None:
    assert set(get_args(palette.Style)) == set(palette.STYLES)
    for scheme, colours in SCHEMES.items():
        own = {getattr(colours, name) for name in Colours.__dataclass_fields__}
        for name in palette.STYLES:
            sheet = palette.style(name, colours)
            written = set(re.findall(r"#[0-9a-f]{6}", sheet))
            assert written and written <= own, (scheme, name, sheet)


def test_every_style_sheets_text_is_checked_on_the_background_it_is_drawn_on() -> None:
    pairs = {(text, back) for text, backs in TEXT_ON for back in backs}
    for name, template in palette.STYLES.items():
        fields = dict(re.findall(r"([a-z-]+): \{(\w+)\}", template))
        # Without a background of its own, a style sheet's text is drawn on the window.
        assert (fields["color"], fields.get("background", "window")) in pairs, name


class _Desktop:
    """Style hints as a desktop with the given settings reports them."""

    def __init__(self, scheme: Qt.ColorScheme, contrast: Qt.ContrastPreference) -> None:
        self._scheme, self._contrast = scheme, contrast

    def colorScheme(self) -> Qt.ColorScheme:
        return self._scheme

    def accessibility(self) -> _Desktop:
        return self

    def contrastPreference(self) -> Qt.ContrastPreference:
        return self._contrast


@pytest.mark.parametrize(("desktop", "expected"), [
    ((Qt.ColorScheme.Light, Qt.ContrastPreference.NoPreference), Scheme.LIGHT),
    ((Qt.ColorScheme.Unknown, Qt.ContrastPreference.NoPreference), Scheme.LIGHT),
    ((Qt.ColorScheme.Dark, Qt.ContrastPreference.NoPreference), Scheme.DARK),
    ((Qt.ColorScheme.Light, Qt.ContrastPreference.HighContrast), Scheme.HIGH_CONTRAST),
    ((Qt.ColorScheme.Dark, Qt.ContrastPreference.HighContrast), Scheme.HIGH_CONTRAST),
])
def test_the_scheme_follows_the_desktops_dark_and_high_contrast_settings(
        qapp: QApplication, monkeypatch: pytest.MonkeyPatch,
        desktop: tuple[Qt.ColorScheme, Qt.ContrastPreference], expected: Scheme) -> None:
    monkeypatch.setattr(QGuiApplication, "styleHints", staticmethod(lambda: _Desktop(*desktop)))
    assert palette.scheme() is expected
    assert palette.colours() is SCHEMES[expected]


def test_placeholder_text_is_readable_once_the_palette_is_applied(qapp: QApplication) -> None:
    before = qapp.palette()
    try:
        palette.apply(qapp)
        applied = qapp.palette()
        ratio = contrast_ratio(applied.color(QPalette.ColorRole.PlaceholderText).name(),
                               applied.color(QPalette.ColorRole.Base).name())
        assert ratio >= 4.5
    finally:
        qapp.setPalette(before)


# -- following the desktop while the application runs -------------------------------------------


def ink(widget: QWidget) -> str:
    """The colour ``widget``'s text is drawn in: the commonest colour of its picture after its
    background."""
    image = widget.grab().toImage()
    counts = Counter(image.pixelColor(x, y).name()
                     for x in range(image.width()) for y in range(image.height()))
    (_background, _), (text, _) = counts.most_common(2)
    return text


def styled_sheets(root: QWidget) -> list[tuple[str, palette.Style, str]]:
    """Each widget under ``root`` that wears a palette style: its object name, the style and
    its style sheet."""
    return [(w.objectName(), w.property(palette.STYLE_PROPERTY), w.styleSheet())
            for w in root.findChildren(QWidget) if w.property(palette.STYLE_PROPERTY)]


@pytest.fixture
def wizard(qtbot: QtBot, context: AppContext) -> IntakeWizard:
    """A new, empty intake wizard on screen."""
    shown = IntakeWizard(context)
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    return shown


def test_a_shown_field_message_takes_the_error_colour_of_dark_and_of_high_contrast(
        qtbot: QtBot, wizard: IntakeWizard, desktop: Desktop) -> None:
    next_page(qtbot, wizard)  # the complainant's name is required (§ 2-83(c)(1))
    message = wizard.page_of(ComplainantPage).form.messages["complainant.name"]
    assert message.isVisible() and "§ 2-83(c)(1)" in message.text()
    assert ink(message) == LIGHT.error
    for scheme in (Scheme.DARK, Scheme.HIGH_CONTRAST, Scheme.LIGHT):
        desktop.switch_to(scheme)
        assert ink(message) == SCHEMES[scheme].error, scheme
        assert message.text().startswith("⚠ ")  # colour is never the only cue


def test_every_styled_widget_of_the_intake_takes_the_new_schemes_style_sheet(
        wizard: IntakeWizard, desktop: Desktop) -> None:
    before = styled_sheets(wizard)
    assert {("perjuryWarning", "notice"), ("ageNote", "warning"), ("dateMessage", "error"),
            ("message:complainant.name", "error")} <= {(name, style) for name, style, _ in before}
    for scheme in (Scheme.DARK, Scheme.HIGH_CONTRAST):
        desktop.switch_to(scheme)
        sheets = styled_sheets(wizard)
        assert [(name, style) for name, style, _ in sheets] == [(n, s) for n, s, _ in before]
        assert [(name, sheet) for name, style, sheet in sheets
                if sheet != palette.style(style, SCHEMES[scheme])] == []
        notice = next(sheet for name, _, sheet in sheets if name == "perjuryWarning")
        assert SCHEMES[scheme].notice_back in notice and SCHEMES[scheme].notice_text in notice


def test_the_review_is_built_again_in_the_new_schemes_colours(
        qtbot: QtBot, wizard: IntakeWizard, desktop: Desktop, tmp_path: Path) -> None:
    drive_to_review(qtbot, wizard, exhibit_pdf(tmp_path))
    review = wizard.currentPage()
    assert isinstance(review, ReviewPage)
    assert "Ready to file" in review.summary.toPlainText()
    wizard.page_of(ComplainantPage).name.clear()  # § 2-83(c)(1): now not ready
    desktop.switch_to(Scheme.DARK)
    summary = review.summary.toHtml()
    assert "⚠ Not ready to file" in review.summary.toPlainText()
    assert DARK.error in summary and LIGHT.error not in summary
    desktop.switch_to(Scheme.HIGH_CONTRAST)
    assert HIGH_CONTRAST.error in review.summary.toHtml()


def test_a_widget_whose_style_is_taken_away_stays_plain_after_a_change(
        qtbot: QtBot, desktop: Desktop) -> None:
    label = QLabel("Result: carried")
    qtbot.addWidget(label)
    palette.set_style(label, "success")
    assert LIGHT.success in label.styleSheet()
    palette.set_style(label, None)
    desktop.switch_to(Scheme.DARK)
    assert label.styleSheet() == ""
