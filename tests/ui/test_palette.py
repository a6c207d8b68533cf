"""Every text colour the application sets is readable on the backgrounds it is drawn on —
at least 4.5 : 1 in the light, dark and high-contrast schemes — and the scheme follows the
desktop."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from ethics_desk.ui import palette
from ethics_desk.ui.palette import SCHEMES, TEXT_ON, Scheme, background, contrast_ratio

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


@pytest.mark.parametrize("module", ["screens/calendar_screen.py", "models/inbox_model.py"])
def test_the_calendar_and_the_inbox_take_their_colours_from_the_scheme(module: str) -> None:
    source = (UI / module).read_text(encoding="utf-8")
    assert re.findall(r"#[0-9a-fA-F]{6}\b", source) == []


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
