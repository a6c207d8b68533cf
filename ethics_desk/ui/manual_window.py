"""Help → Manual (F1): the clerk's manual, shipped with the application, read in a window.

The manual's pages are Markdown files in ``resources/manual/`` (:func:`manual_folder`); Qt's
text browser shows them with their pictures and follows the links between them. F1 opens the
page of what is in front of the person (:data:`SCREEN_PAGES`: the screen shown, a case window,
the intake); a link that leaves the manual (the IT guide, a web page) is not followed inside
the application but said, so nobody is left on a blank page.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.resources import resource_path
from ethics_desk.ui.acts import declare
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.sizing import fit_to_screen

CONTENTS = "README.md"
"""The manual's first page: what is in it, "How do I …?" first."""

SCREEN_PAGES: dict[str, str] = {
    "new": "counter.md",
    "inbox": "daily-desk.md",
    "calendar": "deadlines.md",
    "mail": "letters.md",
    "settings": "letters.md",
    "board": "board.md",
    "retention": "retention.md",
    "requests": "public-information.md",
    "audit": "how-to/browse-the-audit-trail.md",
    "statistics": "how-to/count-the-statistics.md",
    "case": "daily-desk.md",
    "intake": "counter.md",
    "sign-in": "signing-in.md",
}
"""Which page F1 opens in front of each screen (the main window's screens by their key, a case
window, the intake, the sign-in)."""


def manual_folder() -> Path:
    """Where the manual's pages are (inside the package, or the bundle's resources)."""
    return resource_path("manual")


def page_for(where: str) -> Path:
    """The manual's page for ``where`` (a key of :data:`SCREEN_PAGES`); the contents page for
    anything else, or when that page is missing."""
    page = manual_folder() / SCREEN_PAGES.get(where, CONTENTS)
    return page if page.is_file() else manual_folder() / CONTENTS


def inside_manual(url: QUrl) -> bool:
    """Whether ``url`` is a page (or picture) of the shipped manual."""
    if not url.isLocalFile():
        return False
    try:
        Path(url.toLocalFile()).resolve().relative_to(manual_folder().resolve())
    except ValueError:
        return False
    return True


class ManualWindow(QDialog):
    """The manual, a page at a time: Back, Forward, Contents, and the links between pages."""

    def __init__(self, page: Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("manualWindow")
        self.setWindowTitle("Ethics Desk — Manual")
        fit_to_screen(self, 900, 820)
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("manualText")
        self.browser.setAccessibleName("Manual page")
        self.browser.setOpenLinks(False)  # each link is looked at first (anchor_clicked)
        self.browser.setSearchPaths([str(manual_folder())])
        self.browser.anchorClicked.connect(self.anchor_clicked)
        self.note = QLabel(self)
        self.note.setObjectName("manualNote")
        self.note.setWordWrap(True)
        self.note.setAccessibleName("About the link followed")
        self.note.hide()
        self.back_button = QPushButton("&Back", self)
        self.back_button.setShortcut(QKeySequence(QKeySequence.StandardKey.Back))
        self.back_button.clicked.connect(self.browser.backward)
        self.forward_button = QPushButton("For&ward", self)
        self.forward_button.setShortcut(QKeySequence(QKeySequence.StandardKey.Forward))
        self.forward_button.clicked.connect(self.browser.forward)
        self.contents_button = QPushButton("&Contents", self)
        self.contents_button.clicked.connect(lambda: self.show_page(manual_folder() / CONTENTS))
        self.browser.backwardAvailable.connect(self.back_button.setEnabled)
        self.browser.forwardAvailable.connect(self.forward_button.setEnabled)
        self.back_button.setEnabled(False)
        self.forward_button.setEnabled(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        for button in (self.back_button, self.forward_button, self.contents_button):
            row.addWidget(button)
        row.addStretch(1)
        row.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(self.note)
        layout.addLayout(row)
        declare(None, self.back_button, self.forward_button, self.contents_button)  # reading
        give_alt_keys(self)  # Close
        self.show_page(page or manual_folder() / CONTENTS)

    def show_page(self, page: Path) -> None:
        """Show ``page`` of the manual (a missing one: the contents, and why)."""
        if not page.is_file():
            self._say(f"The manual has no page “{page.name}”; here are its contents.")
            page = manual_folder() / CONTENTS
        else:
            self.note.hide()
        self.browser.setSource(QUrl.fromLocalFile(str(page)))

    def current_page(self) -> Path:
        """The page shown."""
        return Path(self.browser.source().toLocalFile())

    def anchor_clicked(self, url: QUrl) -> None:
        """Follow a link: another page of the manual here; a web address in the browser; a
        file outside the manual (the IT guide, the developers' guide) is named, not opened."""
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
            return
        target = self.browser.source().resolved(url)
        if inside_manual(target):
            self.note.hide()
            self.browser.setSource(target)
            return
        name = Path(target.toLocalFile()).name or url.toString()
        self._say(f"“{name}” is part of the IT guide or the developers' guide, which come with "
                  "the project's files rather than with the application; ask IT for it.")

    def _say(self, text: str) -> None:
        self.note.setText(text)
        self.note.show()


def show_manual(where: str, parent: QWidget | None = None) -> ManualWindow:
    """Open the manual at the page for ``where`` (a key of :data:`SCREEN_PAGES`), non-modal."""
    window = ManualWindow(page_for(where), parent)
    window.show()
    return window
