"""The colours the application draws with, for a light, a dark and a high-contrast desktop.

Every text colour is chosen for the backgrounds it is drawn on: at least 4.5 : 1 (the WCAG 2
contrast for normal text) in each scheme, which ``tests/ui/test_palette.py`` computes for every
pair in :data:`TEXT_ON`. The scheme follows the desktop: its dark setting
(``QStyleHints.colorScheme``) and its high-contrast preference
(``QAccessibilityHints.contrastPreference``). Colour is never the only cue: the calendar and the
inbox also say "overdue", "today" and "⚠" in words, and every field message and warning starts
with "⚠".

No other module of the interface writes a colour: a widget's style sheet is one of the
:data:`STYLES`, set by :func:`set_style` (``palette.set_style(label, "error")``), and rich text
takes its colours from :func:`colours` when it is built. When the desktop's scheme changes
while the application runs, :func:`apply` (connected by :func:`follow`) sets the style sheet of
every widget :func:`set_style` styled again from the new scheme, and asks every widget that
builds coloured rich text (a :class:`FollowsScheme`) to build it again. The widgets are found
through ``QApplication.allWidgets()`` and the style each wears is a dynamic property of the
widget itself, so there is no registry to keep in step with widgets that are closed or deleted.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Literal, Protocol, runtime_checkable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget


class Scheme(StrEnum):
    """The desktop's colour setting the application follows."""

    LIGHT = "light"
    DARK = "dark"
    HIGH_CONTRAST = "high contrast"


@dataclass(frozen=True)
class Colours:
    """One scheme's colours, by what they are for (hex strings, ``#rrggbb``)."""

    base: str
    """The background of a calendar day, of a table cell that is not shaded and of a text box
    (the review of an intake, a case's summary)."""
    window: str
    """The background of windows, dialogs and their labels, as the desktop's style draws it
    (Qt's Fusion in each scheme); the application does not set it."""
    text: str
    """Ordinary text on :attr:`base`."""
    muted: str
    """Text of lesser weight on :attr:`base`: days of the neighbouring months, placeholders."""
    weekend: str
    """The shade of Saturdays and Sundays."""
    holiday: str
    """The shade of the holidays and City days the calendar rules give."""
    closure: str
    """The shade of closures and Fiesta San Jacinto Day, set by the office."""
    ink: str
    """Text on any of the three shades."""
    overdue: str
    """Overdue deadlines (always with a ⚠), on :attr:`base` or a shade."""
    due: str
    """Deadlines due that are not yet overdue, on :attr:`base` or a shade."""
    state: str
    """A State holiday on a City business day (the Public Information Act counts it)."""
    today: str
    """The word "today" and the frame around today's date."""
    overdue_back: str
    """The inbox row of an overdue case."""
    overdue_fore: str
    due_today_back: str
    """The inbox row of a case due today."""
    due_today_fore: str
    due_soon_back: str
    """The inbox row of a case due within the next few business days."""
    due_soon_fore: str
    banner_back: str
    """The calendar's banner that asks for the year's Fiesta San Jacinto Day."""
    banner_border: str
    banner_text: str
    error: str
    """What must be put right or stops an act, on :attr:`window` or :attr:`base`, always said
    in words too (a ⚠, "failed"): a field's message, "Not ready to file", a Board member who is
    a party (§ 2-83(h)), a vote that failed, the reason a void copy needs."""
    warning: str
    """What the clerk should know but may go on with, on :attr:`window`: an old violation
    (§ 2-83(c)(6)), a respondent with no mailing address, a year's missing Fiesta day."""
    success: str
    """A confirmation, on :attr:`window`: a vote that carried (the words say "carried")."""
    notice_back: str
    """The boxed notice the complainant reads before swearing (the perjury warning,
    § 2-83(c))."""
    notice_text: str
    panel_back: str
    """The shaded panel that quotes the record under a form's field ("From the record")."""
    panel_text: str


LIGHT = Colours(
    base="#ffffff", text="#1f1f1f", muted="#595959",
    weekend="#dcdcdc", holiday="#fbd98a", closure="#cdb8ee", ink="#1f1f1f",
    overdue="#8c1d18", due="#0b4a8b", state="#004d40", today="#0d47a1",
    overdue_back="#f1aeb5", overdue_fore="#58151c",
    due_today_back="#ffda6a", due_today_fore="#3d2e00",
    due_soon_back="#e2eeff", due_soon_fore="#052c65",
    banner_back="#fff4ce", banner_border="#c9a227", banner_text="#3d2e00",
    window="#efefef", error="#a40000", warning="#7a5200", success="#0a5c0a",
    notice_text="#1f1f1f", notice_back="#fff6dc", panel_text="#333355", panel_back="#eef2f8",
)
DARK = Colours(
    base="#1e1e1e", text="#e8e8e8", muted="#a8a8a8",
    weekend="#3a3a3a", holiday="#5c4400", closure="#3f2f63", ink="#f2f2f2",
    overdue="#ffb4ab", due="#a8c8ff", state="#7ddac7", today="#9ccaff",
    overdue_back="#5c1a1f", overdue_fore="#ffdad6",
    due_today_back="#4d3b00", due_today_fore="#ffe08a",
    due_soon_back="#14325c", due_soon_fore="#d6e3ff",
    banner_back="#3d3000", banner_border="#c9a227", banner_text="#ffe08a",
    window="#353535", error="#ffb4ab", warning="#f5c065", success="#8fd694",
    notice_text="#ffe08a", notice_back="#3d3000", panel_text="#d6e3ff", panel_back="#243247",
)
HIGH_CONTRAST = Colours(
    base="#ffffff", text="#000000", muted="#3b3b3b",
    weekend="#e6e6e6", holiday="#ffe9a8", closure="#e4d8f7", ink="#000000",
    overdue="#6e0000", due="#002b66", state="#00332a", today="#00266b",
    overdue_back="#ffd6d9", overdue_fore="#3d0000",
    due_today_back="#ffe9a8", due_today_fore="#201800",
    due_soon_back="#e8f0ff", due_soon_fore="#001a40",
    banner_back="#fff4ce", banner_border="#000000", banner_text="#000000",
    window="#efefef", error="#6e0000", warning="#4d3300", success="#004d00",
    notice_text="#000000", notice_back="#fff4ce", panel_text="#000000", panel_back="#e8f0ff",
)
CHART_SERIES = ("#0072b2", "#d55e00", "#e69f00", "#56b4e9", "#cc79a7", "#009e73")
"""The bars of a chart, set by set (Okabe and Ito's colours, told apart with any common colour
blindness, on a light or a dark ground alike); each set is also named in its legend and its
counts are in the table beside it, so no figure is told by colour alone."""

SCHEMES: dict[Scheme, Colours] = {Scheme.LIGHT: LIGHT, Scheme.DARK: DARK,
                                  Scheme.HIGH_CONTRAST: HIGH_CONTRAST}

SHADES = ("weekend", "holiday", "closure")
TEXT_ON: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("text", ("base",)),
    ("muted", ("base", "window", "veiled weekend", "veiled holiday", "veiled closure")),
    ("ink", SHADES),
    ("overdue", ("base", *SHADES)),
    ("due", ("base", *SHADES)),
    ("state", ("base",)),
    ("today", ("base", *SHADES)),
    ("overdue_fore", ("overdue_back",)),
    ("due_today_fore", ("due_today_back",)),
    ("due_soon_fore", ("due_soon_back",)),
    ("banner_text", ("banner_back",)),
    ("error", ("window", "base")),
    ("warning", ("window", "base")),
    ("success", ("window", "base")),
    ("notice_text", ("notice_back",)),
    ("panel_text", ("panel_back",)),
)
"""Each text colour and the backgrounds it is drawn on ("veiled X": shade X under the veil of
the neighbouring months' days, :func:`veiled`)."""

VEIL = 150
"""How much of :attr:`Colours.base` covers a neighbouring month's day (0–255)."""


def _channels(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def veiled(colours: Colours, shade: str) -> str:
    """``shade`` (a :class:`Colours` field) under the veil of the neighbouring months' days."""
    top, under = _channels(colours.base), _channels(getattr(colours, shade))
    mixed = (round((t * VEIL + u * (255 - VEIL)) / 255) for t, u in zip(top, under, strict=True))
    return "#" + "".join(f"{c:02x}" for c in mixed)


def background(colours: Colours, name: str) -> str:
    """A background of :data:`TEXT_ON` by its name."""
    if name.startswith("veiled "):
        return veiled(colours, name.removeprefix("veiled "))
    return str(getattr(colours, name))


def _luminance(colour: str) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _channels(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: str, second: str) -> float:
    """The WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def scheme() -> Scheme:
    """The scheme the desktop asks for: high contrast first, then dark, else light."""
    if QGuiApplication.instance() is None:
        return Scheme.LIGHT
    hints = QGuiApplication.styleHints()
    if hints.accessibility().contrastPreference() == Qt.ContrastPreference.HighContrast:
        return Scheme.HIGH_CONTRAST
    if hints.colorScheme() == Qt.ColorScheme.Dark:
        return Scheme.DARK
    return Scheme.LIGHT


def colours() -> Colours:
    """The colours of the desktop's current scheme."""
    return SCHEMES[scheme()]


Style = Literal["error", "error, regular", "warning", "warning, bold", "success", "muted",
                "notice", "panel"]
"""The name of a style sheet of :data:`STYLES`."""

STYLES: dict[Style, str] = {
    "error": "color: {error}; font-weight: 600;",
    "error, regular": "color: {error};",
    "warning": "color: {warning};",
    "warning, bold": "color: {warning}; font-weight: bold;",
    "success": "color: {success}; font-weight: 600;",
    "muted": "color: {muted};",
    "notice": "QLabel {{ color: {notice_text}; background: {notice_back}; padding: 10px; }}",
    "panel": "color: {panel_text}; background: {panel_back}; padding: 4px;",
}
"""Every style sheet a widget of the application wears, by name; ``{field}`` is a colour of
:class:`Colours`: "error" is a field's message (§ 2-83(c)'s requirements, a date typed wrong),
"muted" a hint under a field, "notice" the perjury warning, "panel" what the record says."""

STYLE_PROPERTY = "paletteStyle"
"""The dynamic property that names the :data:`STYLES` entry a widget wears."""


def style(name: Style, scheme_colours: Colours | None = None) -> str:
    """The style sheet ``name`` in ``scheme_colours`` (the desktop's current scheme if none)."""
    return STYLES[name].format(**asdict(scheme_colours or colours()))


def set_style(widget: QWidget, name: Style | None) -> None:
    """Give ``widget`` the style sheet ``name`` in the current scheme, and again whenever the
    scheme changes (:func:`apply`); ``None`` takes the style sheet away."""
    widget.setProperty(STYLE_PROPERTY, name or "")
    widget.setStyleSheet(style(name) if name else "")


@runtime_checkable
class FollowsScheme(Protocol):
    """A widget that builds rich text in the scheme's colours and builds it again on a change."""

    def scheme_changed(self) -> None:
        """Build the coloured rich text again from :func:`colours`."""


def restyle(widget: QWidget) -> None:
    """Bring ``widget``'s colours to the current scheme: its :data:`STYLES` entry, if it wears
    one, and its rich text, if it is a :class:`FollowsScheme`."""
    name = widget.property(STYLE_PROPERTY)
    if isinstance(name, str) and name in STYLES:
        widget.setStyleSheet(style(name))
    if isinstance(widget, FollowsScheme):
        widget.scheme_changed()


def apply(app: QApplication) -> None:
    """Bring the application to the desktop's scheme: the palette's placeholder text (Qt's own
    grey is 4.0 : 1 on white, below the 4.5 : 1 the application keeps), then every widget's
    colours (:func:`restyle`)."""
    palette = app.palette()
    muted = QColor(colours().muted)
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        palette.setColor(group, QPalette.ColorRole.PlaceholderText, muted)
    app.setPalette(palette)
    for widget in app.allWidgets():
        restyle(widget)


FOLLOWING_PROPERTY = "paletteFollowsDesktop"
"""Set on the application once :func:`follow` has connected it to the desktop's settings."""


def follow(app: QApplication) -> None:
    """Apply the scheme now and whenever the desktop's dark setting or its high-contrast
    preference changes while the application runs (connected once, however often called)."""
    apply(app)
    if app.property(FOLLOWING_PROPERTY):
        return
    app.setProperty(FOLLOWING_PROPERTY, True)
    hints = app.styleHints()
    hints.colorSchemeChanged.connect(lambda _scheme: apply(app))
    hints.accessibility().contrastPreferenceChanged.connect(lambda _preference: apply(app))

