"""Find a case (Ctrl+K): one search from every screen and from a case window, across every view.

A small window with one line: as the person types, the cases whose number or complainant's or
respondent's name holds every word (accents and capitals do not matter: "pena" and "PEÑA" find
José Peña) are listed, the newest first, at most
:data:`~ethics_desk.cases.inbox.FIND_LIMIT`. The question is the inbox's own
(:func:`~ethics_desk.cases.inbox.find_filter` asked of the signed-in person's
:meth:`~ethics_desk.ui.context.AppContext.inbox_query`), so only the complaints they receive
are ever listed — of any other they cannot tell it exists, § 2-83(h)(1) — and each list shown
is on record. It is asked after a pause in typing, off the GUI thread
(:class:`~ethics_desk.ui.models.inbox_loader.InboxLoader`): a newer keystroke drops an older
search. Down goes to the list; Enter opens the chosen case (from the line: the first listed, once
the list of the words typed has come); Escape closes the window.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent, QKeyEvent
from PySide6.QtWidgets import QDialog, QLabel, QLineEdit, QVBoxLayout, QWidget

from ethics_desk.cases.inbox import FIND_LIMIT, InboxRow, find_filter
from ethics_desk.core.errors import UserError
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.models.inbox_loader import InboxLoader
from ethics_desk.ui.models.rows import Column, RowsModel, rows_view
from ethics_desk.ui.sizing import fit_to_screen

SHORTCUT = "Ctrl+K"
"""The key that opens the window, from the main window (Edit menu) and from a case window."""


class FindCaseDialog(QDialog):
    """The search line and its list of cases; :attr:`case_chosen` carries the case to open."""

    case_chosen = Signal(int)

    PAUSE_MS = 150
    """How long a pause in typing starts the search (as the inbox's)."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("findCase")
        self.setWindowTitle("Ethics Desk — Find a case")
        self.search = QLineEdit(self)
        self.search.setObjectName("findCaseText")
        self.search.setPlaceholderText("Case number, or a complainant's or respondent's name")
        label = QLabel("&Find a case:", self)
        buddy(label, self.search)
        self.model: RowsModel[InboxRow] = RowsModel(
            (Column("Case", lambda r: r.case_number), Column("Complainant", lambda r: r.complainant),
             Column("Respondents", lambda r: r.respondents), Column("State", lambda r: r.state_label)),
            self, user=lambda r: r.id)
        self.results = rows_view(self.model, "findCaseResults", 2, self, keep_for=self.context,
                                 spoken="Cases found", compact=True,
                                 elide=Qt.TextElideMode.ElideRight)
        self.status = StatusLine(self)
        self.status.setObjectName("findCaseStatus")
        self.status.setAccessibleName("Cases found status")
        self.status.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(self.search)
        layout.addWidget(self.results, 1)
        layout.addWidget(self.status)
        self._loader = InboxLoader(self)
        self._loader.answered.connect(self._answered)
        self._loader.failed.connect(self._failed)
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.setInterval(self.PAUSE_MS)
        self._pause.timeout.connect(self._ask)
        self.search.textChanged.connect(self._typed)
        self.search.returnPressed.connect(self.open_chosen)
        self.search.installEventFilter(self)
        self.results.activated.connect(self._activated)
        self._asked = ""
        self._open_when_answered = False
        fit_to_screen(self, 720, 420)
        self._tell_what_to_type()

    # -- asking --------------------------------------------------------------------------------

    @property
    def searching(self) -> bool:
        """Whether a search typed is still to be asked or answered."""
        return self._pause.isActive() or not self._loader.idle

    def start(self) -> None:
        """Show the window, empty, the cursor in the line."""
        self.show()
        self.raise_()
        self.activateWindow()
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def hideEvent(self, event: QHideEvent) -> None:
        """Closing forgets what was typed and found, and drops a search under way: the next
        person at the desk sees none of it (§ 2-83(h)(1))."""
        self._pause.stop()
        self._loader.next_request()
        self._open_when_answered = False
        self._asked = ""
        self.search.blockSignals(True)
        self.search.clear()
        self.search.blockSignals(False)
        self.model.set_rows([])
        self._tell_what_to_type()
        super().hideEvent(event)

    def _typed(self, _text: str) -> None:
        """A keystroke: the search is asked after a pause in typing."""
        self._open_when_answered = False
        self._pause.start()

    def _ask(self) -> None:
        """The pause is over: ask for the words in the line, of the inbox's scoped query."""
        self._pause.stop()
        text = self.search.text().strip()
        request = self._loader.next_request()  # an older search's answer is dropped
        self._asked = text
        if not text:
            self._open_when_answered = False
            self.model.set_rows([])
            self._tell_what_to_type()
            return
        source = self.context.inbox_query(self.context.today())
        wanted = find_filter(text)
        self._loader.submit(request, "find", lambda: source.page(wanted, 0, FIND_LIMIT))

    def _answered(self, _request: int, _kind: str, rows: object) -> None:
        assert isinstance(rows, list)
        self.model.set_rows(rows)
        if rows:
            self.results.selectRow(0)
        if not rows:
            self.status.setText(f"No case found for “{self._asked}”. Check the number or the "
                                "spelling, or type fewer words.")
        elif len(rows) >= FIND_LIMIT:
            self.status.setText(f"The {FIND_LIMIT} newest cases found; type more to narrow "
                                "the list. Enter opens the first.")
        else:
            self.status.setText(f"{len(rows)} case(s) found. Enter opens the first; Down "
                                "chooses another.")
        if self._open_when_answered:
            self._open_when_answered = False
            self.open_chosen()

    def _failed(self, _request: int, _kind: str, error: object) -> None:
        assert isinstance(error, UserError)
        self._open_when_answered = False
        self.model.set_rows([])
        self.status.setText(f"{error.problem} {error.fix}".strip())

    def _tell_what_to_type(self) -> None:
        self.status.setText("Type a case number or part of a name; accents and capitals do "
                            "not matter.")

    # -- choosing ------------------------------------------------------------------------------

    def open_chosen(self) -> int | None:
        """Open the chosen case (the first listed when none is chosen): :attr:`case_chosen`,
        and the window closes. None while nothing is listed for the words typed."""
        if self.searching or self._asked != self.search.text().strip():
            self._open_when_answered = True  # Enter before the list came: the first it lists
            if self._pause.isActive() or self._asked != self.search.text().strip():
                self._ask()
            return None
        index = self.results.currentIndex()
        row = index.row() if index.isValid() else 0
        if row >= self.model.rowCount():
            return None
        case_id = self.model.row(row).id
        self.hide()
        self.case_chosen.emit(case_id)
        return case_id

    def _activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.results.setCurrentIndex(index)
            self.open_chosen()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Down from the line goes to the list. (Asked of any object while the dialog is
        being taken down too, its fields already gone: those events pass.)"""
        search = self.__dict__.get("search")
        if search is not None and watched is search and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Down and self.model.rowCount():
                self.results.setFocus(Qt.FocusReason.OtherFocusReason)
                if not self.results.currentIndex().isValid():
                    self.results.selectRow(0)
                return True
        return super().eventFilter(watched, event)


def find_a_case(context: AppContext, parent: QWidget,
                open_case: Callable[[int], object]) -> FindCaseDialog:
    """Show ``parent``'s Find a case window (made on first use), whose chosen case goes to
    ``open_case``."""
    dialog = parent.findChild(FindCaseDialog)
    if dialog is None:
        dialog = FindCaseDialog(context, parent)
        dialog.case_chosen.connect(open_case)
    dialog.start()
    return dialog
