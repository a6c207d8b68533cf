"""Letter wording: the office's wording of each paper, edited once for every desk.

The list names every paper in each of its languages and whether it prints the office's wording
or the shipped one; the editor beside it shows the wording as printed now. Saving checks the
wording first (a placeholder the paper does not fill, a missing section) and says what to fix
with the text left as typed; another desk's change made meanwhile is refused the same way
(:mod:`ethics_desk.documents.wording`). Loading a file puts its text in the editor, to be saved
like typed text.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.documents import wording
from ethics_desk.documents.kinds import template_titles
from ethics_desk.documents.wording import WordingEntry
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.models.rows import Column, RowsModel, rows_view
from ethics_desk.ui.sizing import fit_to_screen


def _whose(entry: WordingEntry) -> str:
    if not entry.office:
        return "Shipped"
    when = f", {entry.changed_at:%Y-%m-%d}" if entry.changed_at else ""
    return f"Office's ({entry.changed_by}{when})"


class WordingDialog(QDialog):
    """Every paper's wording: pick one, edit it, save it for the office or go back to the
    shipped wording."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("wordingDialog")
        self.setWindowTitle("Ethics Desk — Letter wording")
        self.current: WordingEntry | None = None
        self.seen: str | None = None
        self.loaded_text = ""
        self.model: RowsModel[WordingEntry] = RowsModel(
            (Column("Paper", lambda e: e.title), Column("Language", lambda e: e.language.label),
             Column("Wording", _whose)), self)
        self.table = rows_view(self.model, "wordingPapers", 0, self, keep_for=self.context,
                               spoken="Papers and whose wording each prints", compact=True,
                               elide=Qt.TextElideMode.ElideRight)
        papers_label = QLabel("&Papers:", self)
        buddy(papers_label, self.table)
        self.editor = QPlainTextEdit(self)
        self.editor.setObjectName("wordingText")
        self.editor.setTabChangesFocus(True)
        self.editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.editor_label = QLabel("&Wording:", self)
        buddy(self.editor_label, self.editor)
        self.status = StatusLine(self)
        self.status.setObjectName("wordingStatus")
        self.status.setWordWrap(True)
        # made in the order they stand, left to right, which is the order Tab reaches them
        self.load_button = QPushButton("&Load from a file…", self)
        self.reload_button = QPushButton("&Reload", self)
        self.reset_button = QPushButton("Go back to the s&hipped wording", self)
        self.save_button = QPushButton("&Save for every desk", self)
        self.save_button.clicked.connect(self.save)
        self.reset_button.clicked.connect(self.reset)
        self.reload_button.clicked.connect(self.reload)
        self.load_button.clicked.connect(self.load_file)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)

        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(papers_label)
        left_layout.addWidget(self.table, 1)
        right = QWidget(self)
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.editor_label)
        right_layout.addWidget(self.editor, 1)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(left)
        split.addWidget(right)
        split.setChildrenCollapsible(False)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        buttons = QHBoxLayout()
        for button in (self.load_button, self.reload_button, self.reset_button,
                       self.save_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        intro = QLabel("The wording is kept in the office's database: a change here prints at "
                       "every desk from the next paper on. Lines starting with # are notes and "
                       "are not printed; ${name} is filled in by Ethics Desk.", self)
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(split, 1)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._picked())
        self.refresh()
        give_alt_keys(self)
        fit_to_screen(self, 1100, 640)

    # -- what is shown -----------------------------------------------------------------------

    def refresh(self, keep: str | None = None) -> None:
        """List the papers again (after a save), keeping ``keep`` (a file name) chosen."""
        entries = wording.wording_entries(self.context.database, template_titles())
        self.model.set_rows(entries)
        names = [e.file_name for e in entries]
        row = names.index(keep) if keep in names else 0
        if entries:
            self.table.selectionModel().setCurrentIndex(
                self.model.index(row, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
        self._picked(force=True)

    def _picked(self, force: bool = False) -> None:
        index = self.table.currentIndex()
        if not index.isValid():
            return
        entry = self.model.row(index.row())
        if not force and self.current is not None and entry.file_name == self.current.file_name:
            return
        if not force and self.changed() and not self._may_leave():
            self._select(self.current)
            return
        self.show_entry(entry)

    def _select(self, entry: WordingEntry | None) -> None:
        if entry is None:
            return
        names = [e.file_name for e in self.model.rows()]
        if entry.file_name in names:
            blocker = self.table.selectionModel().blockSignals(True)
            self.table.selectionModel().setCurrentIndex(
                self.model.index(names.index(entry.file_name), 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
            self.table.selectionModel().blockSignals(blocker)

    def show_entry(self, entry: WordingEntry) -> None:
        """Put ``entry``'s wording, as printed now, in the editor."""
        found = attempt(self, lambda: wording.wording_text(self.context.database,
                                                           entry.file_name))
        if found is FAILED:
            return
        text, seen = found
        self.current, self.seen, self.loaded_text = entry, seen, text
        self.editor.setPlainText(text)
        self.editor_label.setText(f"&Wording of {entry.title} ({entry.language.label}, "
                                  f"{entry.file_name}):")
        self.editor.setAccessibleName(f"Wording of {entry.title}, {entry.language.label}")
        self.reset_button.setEnabled(entry.office)
        self.status.setText("The office's wording." if entry.office else
                            "The shipped wording: saving a change makes it the office's.")

    def changed(self) -> bool:
        """Whether the editor holds text not saved."""
        return self.editor.toPlainText() != self.loaded_text

    def _may_leave(self) -> bool:
        answer = QMessageBox.question(
            self, "Ethics Desk — wording not saved",
            "The wording you changed is not saved. Leave it and lose the change?",
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Discard

    def reject(self) -> None:
        """Close, after asking when the editor holds a change not saved."""
        if self.changed() and not self._may_leave():
            return
        super().reject()

    # -- the acts ----------------------------------------------------------------------------

    def save(self) -> None:
        """Check and store the wording in the editor for every desk (audited)."""
        entry = self.current
        if entry is None:
            return
        text = self.editor.toPlainText()
        saved = attempt(self, lambda: wording.save_wording(
            self.context.database, entry.file_name, text, seen=self.seen,
            account=self.context.signed_in, clock=self.context.clock), "Wording not saved")
        if saved is FAILED:
            return
        self.refresh(keep=entry.file_name)
        self.status.setText(f"Saved: every desk now prints this wording of {entry.title}."
                            if saved else "No change: this is the wording already printed.")

    def reset(self) -> None:
        """Remove the office's wording of the paper; the shipped one prints again."""
        entry = self.current
        if entry is None or not entry.office:
            return
        answer = QMessageBox.question(
            self, "Ethics Desk — go back to the shipped wording",
            f"Remove the office's wording of {entry.title} ({entry.language.label})? Every "
            "desk prints the shipped wording again.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        if answer != QMessageBox.StandardButton.Yes:
            return
        done = attempt(self, lambda: wording.reset_wording(
            self.context.database, entry.file_name, seen=self.seen,
            account=self.context.signed_in, clock=self.context.clock))
        if done is FAILED:
            return
        self.refresh(keep=entry.file_name)
        self.status.setText(f"Every desk prints the shipped wording of {entry.title} again.")

    def reload(self) -> None:
        """Show the wording as stored now (another desk's change included)."""
        if self.changed() and not self._may_leave():
            return
        self.refresh(keep=None if self.current is None else self.current.file_name)

    def load_file(self) -> None:
        """Put a text file's wording in the editor, to be checked and saved."""
        name, _filter = QFileDialog.getOpenFileName(self, "Load wording from a file", "",
                                                    "Text files (*.txt);;All files (*)")
        if name:
            self.load_path(Path(name))

    def load_path(self, path: Path) -> None:
        """The text of ``path`` in the editor (not saved yet)."""
        text = attempt(self, lambda: wording.read_wording_file(path))
        if text is FAILED:
            return
        self.editor.setPlainText(text)
        self.status.setText(f"Loaded “{path.name}”: check it, then save it for every desk.")
