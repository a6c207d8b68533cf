"""Inbox: what is due today, what is overdue, and every case, searched and sorted in SQL.

The screen opens on the saved view "Due today". Each keystroke in the search box asks for the
words typed at once, in a worker thread, within the chosen view and filters — one search at a
time: keys typed while one is read are asked together when it answers
(:attr:`InboxScreen.SEARCH_PAUSE_MS` at the latest). The window never waits for the database
while a word is typed, a newer search drops an older one's answer, and the list shows the last
one's rows as soon as its first page is read (the count follows, on the status line). Clicking a
column heading sorts in SQL; scrolling to the end fetches the next page. Double-click or Enter
on a row asks for the case (:attr:`InboxScreen.case_requested`); Ctrl+F goes to the search box,
Down or Enter from there to the list, Escape clears the search, F5 asks the database again.
"Export the list…" (Ctrl+Shift+E, also in the File menu) writes every row of the list shown —
not only the pages loaded — to an Excel workbook or a CSV file
(:mod:`ethics_desk.cases.docket`), off the GUI thread, and says on the status line what it
wrote.

The View list holds the seven views every inbox has, then the person's own saved views, then
those others shared with the office, marked "(office)" (:mod:`ethics_desk.cases.views`).
"Save this view…" (Alt+A, also in the View menu) keeps the filters, the order and the columns
shown under a name; "Manage views…" (Alt+M) renames, shares or deletes one's own. The columns
are chosen from the list's context menu (on the headings, or the Menu key in the list).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QFontMetrics, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.cases.inbox import (
    ALL_CASES,
    CUSTOM,
    DUE_TODAY,
    OVERDUE,
    PENDING_STATES,
    DueWindow,
    InboxFilter,
    SortKey,
    saved_view,
    view_name,
)
from ethics_desk.core.errors import UserError
from ethics_desk.core.vocabulary import CaseState, ReviewerRole, Route
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.column_widths import GIVES_WAY, keep_column_widths
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.models.inbox_delegate import InboxCellDelegate, InboxTableView
from ethics_desk.ui.models.inbox_model import (
    CASE_ID_ROLE,
    COLUMN_OF,
    COLUMNS,
    ROUTE_NAMES,
    InboxModel,
    day_text,
)
from ethics_desk.ui.operations import operate
from ethics_desk.ui.screens.document_results import DocumentResults

if TYPE_CHECKING:
    from ethics_desk.cases.docket import DocketExport
    from ethics_desk.cases.views import ViewChoice


_BOLD = (SortKey.DUE, SortKey.DAYS_LEFT)
"""The columns drawn in bold when a deadline is near or past (sized for bold)."""
GIVE_WAY = (SortKey.NEXT_DEADLINE, SortKey.RESPONDENTS, SortKey.COMPLAINANT)
"""The columns shortened, in this order, when the list is narrower than its texts: the next
deadline (its clock's few words; the whole title, date and days left in the tooltip), then the
names (each whole in its tooltip). Every other column shows its texts whole."""
_LEAST = {SortKey.COMPLAINANT: "Robert Garza", SortKey.RESPONDENTS: "Robert Garza",
          SortKey.NEXT_DEADLINE: "Respondent's sworn"}
"""What those columns show at the least before the table scrolls sideways."""
_CELL = 14
"""A cell's margins about its text, in pixels."""


class InboxScreen(QWidget):
    """The inbox: saved views, search, filters and the case list."""

    case_requested = Signal(int)
    """The clerk asked to open the case with this id (double-click or Enter)."""

    SEARCH_PAUSE_MS = 150
    """A keystroke made while a search is read is asked when that search answers, or after
    this pause in typing if the answer is not the search's own (a refresh came between)."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.today = context.today()
        self.heading = QLabel(self)
        self.heading.setObjectName("inboxHeading")
        self.heading.setTextFormat(Qt.TextFormat.RichText)

        self.views = QComboBox(self)
        self.views.setObjectName("inboxViews")
        self.view_choices: list[ViewChoice] = []
        """The views the list offers, in its order (a "Custom filter" entry follows them)."""
        self._chosen: ViewChoice | None = None
        self.view_dialog: QDialog | None = None
        """The saved views' dialog open (for the tests, which answer it)."""
        self._fill_views(self._read_views())
        self._overdue: tuple[int, int | None] = (0, None)
        """The request for whose list the cases overdue were last asked, and how many there
        are once counted (:meth:`_overdue_counted`)."""
        self.search = QLineEdit(self)
        self.search.setObjectName("inboxSearch")
        self.search.setPlaceholderText("Search by case number or name")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip("Any part of a case number or of a complainant's, respondent's or "
                               "witness's name; accents and capitals do not matter. Every word "
                               "must match. (Ctrl+F)")
        self.in_documents = QCheckBox("in d&ocuments", self)
        self.in_documents.setObjectName("inboxInDocuments")
        self.in_documents.setAccessibleName("Search in documents")
        self.in_documents.setToolTip(
            "Search the words of the facts, allegations, notes, exhibits and issued papers of "
            "every case you receive instead of numbers and names; press Enter to search. A "
            "phrase in quotation marks is found in order; a word ending in * finds every word "
            "that begins so (contra*). (Alt+O)")
        declare(None, self.in_documents)  # a search reads: everyone searches what they receive
        self.document_results = DocumentResults(self)
        self.document_results.setVisible(False)
        self._choices: dict[QComboBox, list[Any]] = {}
        self.state = self._combo("inboxState", [("Any state", None),
                                                ("Pending (any)", PENDING_STATES)]
                                 + [(s.label, frozenset({s})) for s in CaseState])
        self.route = self._combo("inboxRoute", [("Any route", None)]
                                 + [(ROUTE_NAMES[r], frozenset({r})) for r in Route])
        self.reviewer = self._combo("inboxReviewer", [("Any reviewer", None)]
                                    + [(r.short_label, r) for r in ReviewerRole])
        self.reviewer.setToolTip("Cases on which this reviewer's independent review "
                                 "(§ 2-83(d)(1)) is open")
        self.due = self._combo("inboxDue", [("Any time", None)]
                               + [(w.label, w) for w in DueWindow])
        self.due.setToolTip("When the case's next deadline falls (City business days)")
        self.refresh_button = QPushButton("Refresh", self)  # every letter is taken: F5 instead
        self.refresh_button.setObjectName("inboxRefresh")
        self.refresh_button.setToolTip("Ask the database again: what others saved appears (F5)")
        declare(None, self.refresh_button)
        self.export_button = QPushButton("E&xport the list…", self)
        self.export_button.setObjectName("inboxExport")
        self.export_button.setToolTip("Write every case of this list, as shown, to an Excel "
                                      "workbook or a CSV file; the export is recorded in each "
                                      "case's history (Ctrl+Shift+E)")
        # Whoever sees the inbox may export it: it holds only the cases they receive.
        from ethics_desk.core.permissions import Act

        offer(context, Act.EXPORT_LIST, "export the list", self.export_button)
        self.save_view_button = QPushButton("S&ave this view…", self)
        self.save_view_button.setObjectName("inboxSaveView")
        self.save_view_button.setToolTip("Keep these filters, this order and the columns shown "
                                         "under a name of your own, or the office's")
        self.manage_views_button = QPushButton("&Manage views…", self)
        self.manage_views_button.setObjectName("inboxManageViews")
        self.manage_views_button.setToolTip("Rename, share or delete the views you saved")
        # Whoever has an inbox keeps views of it (sharing is asked in the dialog)
        offer(context, Act.KEEP_VIEWS, "keep views of the inbox", self.save_view_button,
              self.manage_views_button)

        self.query = context.inbox_query(self.today)
        self.model = InboxModel(self.query, saved_view(DUE_TODAY), parent=self, load=False)
        self.table = InboxTableView(self)
        self.table.setObjectName("inboxTable")
        self.table.setAccessibleName("Cases")
        self._set_up_table()
        self.status = StatusLine(self)
        self.status.setObjectName("inboxStatus")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # The Public Information Act's clocks (§ 2-83(h)(3)), for those who handle requests only
        self.requests_line = StatusLine(self)
        self.requests_line.setObjectName("inboxRequests")
        self.requests_line.setAccessibleName("Public Information Act requests")
        self.requests_line.setWordWrap(True)
        self.requests_line.setVisible(False)

        self._lay_out()
        self.views.currentIndexChanged.connect(self._view_chosen)
        for combo in (self.state, self.route, self.reviewer, self.due):
            combo.currentIndexChanged.connect(self._filters_changed)
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.setInterval(self.SEARCH_PAUSE_MS)
        self._pause.timeout.connect(self._search_now)
        self.search.textChanged.connect(self._search_changed)
        self.model.first_page_shown.connect(self._ask_what_was_typed_meanwhile)
        self.model.failed.connect(self._tell)
        self.model.failed.connect(self._ask_what_was_typed_meanwhile)
        self.model.total_known.connect(self._update_status)
        self.model.aside_counted.connect(self._aside_counted)
        self.search.returnPressed.connect(self._return_pressed)
        self.in_documents.toggled.connect(self._documents_toggled)
        self.document_results.case_requested.connect(self.case_requested)
        self.search.installEventFilter(self)
        self.refresh_button.clicked.connect(self.refresh)
        self.export_button.clicked.connect(self.export_list)
        self.save_view_button.clicked.connect(lambda: self.save_view_dialog())
        self.manage_views_button.clicked.connect(lambda: self.manage_views_dialog())
        self.table.activated.connect(self._activated)
        self.model.modelReset.connect(self._update_status)
        self.model.rowsInserted.connect(self._update_status)
        self.model.modelReset.connect(self._fit_columns)
        self.model.rowsInserted.connect(self._fit_columns)
        find = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self)
        find.setContext(Qt.ShortcutContext.WindowShortcut)  # only while the inbox is shown
        find.activated.connect(self.focus_search)
        again = QShortcut(QKeySequence(QKeySequence.StandardKey.Refresh), self)
        again.setContext(Qt.ShortcutContext.WindowShortcut)
        again.activated.connect(self.refresh)
        self.table.viewport().installEventFilter(self)
        self._show_filter(self.model.inbox_filter)
        self._update_heading()
        self._guard(self.model.refresh)  # a busy database: an empty list and the reason

    # -- construction -----------------------------------------------------------------------

    def _combo(self, name: str, items: list[tuple[str, Any]]) -> QComboBox:
        combo = QComboBox(self)
        combo.setObjectName(name)
        self._choices[combo] = [value for _text, value in items]  # Qt would turn enums to str
        for text, _value in items:
            combo.addItem(text)
            combo.setItemData(combo.count() - 1, text, Qt.ItemDataRole.ToolTipRole)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(len(items[0][0]) + 2)
        combo.view().setMinimumWidth(combo.view().sizeHintForColumn(0) + 24)
        return combo

    def _set_up_table(self) -> None:
        table = self.table
        table.setModel(self.model)
        table.setItemDelegate(InboxCellDelegate(self.model, table))
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setTabKeyNavigation(False)  # Tab leaves the list, arrows move within it
        table.setWordWrap(False)
        table.setAlternatingRowColors(True)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        column, order = self.model.sort_column()
        table.horizontalHeader().setSortIndicator(column, order)
        table.setSortingEnabled(True)  # sorts by the indicator: the model's own order, no query
        rows = table.verticalHeader()
        rows.setVisible(False)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(table.fontMetrics().height() + 8)
        header = table.horizontalHeader()
        header.setHighlightSections(False)
        header.setStretchLastSection(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        for number in range(len(COLUMNS)):
            header.setSectionResizeMode(number, QHeaderView.ResizeMode.Interactive)
        table.setProperty(GIVES_WAY, [COLUMN_OF[key] for key in GIVE_WAY])
        self.hidden_columns: frozenset[SortKey] = frozenset()
        for menu_owner in (header, table):  # the headings, or the Menu key in the list
            menu_owner.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            menu_owner.customContextMenuRequested.connect(
                lambda point, owner=menu_owner: self._columns_menu(owner, point))
        self._fitting = False
        self.columns_set_by_hand = False
        header.sectionResized.connect(self._section_resized)
        # The widths this person set by hand, kept for them (another clerk keeps their own).
        self.columns_set_by_hand = keep_column_widths(self.context, table, "inbox",
                                                      by_hand=lambda: not self._fitting)

    def column_widths_wanted(self) -> list[int]:
        """Each column's width for its heading and the widest text of the rows read."""
        table = self.table
        metrics = table.fontMetrics()
        bold = QFont(table.font())
        bold.setBold(True)
        bold_metrics = QFontMetrics(bold)
        heading = table.horizontalHeader().fontMetrics()
        texts = self.model.read_texts()
        wanted = []
        for number, spec in enumerate(COLUMNS):
            used = bold_metrics if spec.key in _BOLD else metrics
            title = max(heading.horizontalAdvance(line)
                        for line in (spec.heading or spec.title).splitlines()) + _CELL + 12
            widest = max((used.horizontalAdvance(row[number]) for row in texts), default=0)
            least = used.horizontalAdvance(_LEAST[spec.key]) if spec.key in _LEAST else 0
            wanted.append(max(title, widest + _CELL, least + _CELL))
        return wanted

    def _fit_columns(self) -> None:
        """Size each column to its texts; when the list is narrower than that, shorten the
        columns that give way (:data:`GIVE_WAY`), in order, down to their least — until the
        clerk widens one by hand."""
        if self.columns_set_by_hand:
            return
        header = self.table.horizontalHeader()
        wanted = self.column_widths_wanted()
        room = self.table.viewport().width()
        widths = list(wanted)
        spare = room - sum(width for number, width in enumerate(widths)
                           if not self.table.isColumnHidden(number))
        if spare > 0:
            taker = next((COLUMN_OF[key] for key in GIVE_WAY
                          if not self.table.isColumnHidden(COLUMN_OF[key])), None)
            if taker is not None:
                widths[taker] += spare
        else:
            metrics = self.table.fontMetrics()
            for key in GIVE_WAY:
                number = COLUMN_OF[key]
                if self.table.isColumnHidden(number):
                    continue
                least = metrics.horizontalAdvance(_LEAST[key]) + _CELL
                given = min(-spare, max(0, widths[number] - least))
                widths[number] -= given
                spare += given
                if spare >= 0:
                    break
        self._fitting = True
        try:
            for number, width in enumerate(widths):
                header.resizeSection(number, width)
        finally:
            self._fitting = False

    def _section_resized(self, _section: int, _old: int, _new: int) -> None:
        if not self._fitting:
            self.columns_set_by_hand = True

    def _lay_out(self) -> None:
        def labelled(text: str, widget: QWidget) -> QLabel:
            label = QLabel(text, self)
            buddy(label, widget)
            return label

        top = QHBoxLayout()
        top.addWidget(labelled("Vie&w:", self.views))
        top.addWidget(self.views)
        top.addWidget(self.save_view_button)
        top.addWidget(self.manage_views_button)
        top.addSpacing(12)
        top.addWidget(labelled("&Search:", self.search))
        top.addWidget(self.search, 1)
        top.addWidget(self.in_documents)
        filters = QHBoxLayout()
        for text, combo in (("S&tate:", self.state), ("&Route:", self.route),
                            ("Rev&iewer:", self.reviewer), ("&Due:", self.due)):
            filters.addWidget(labelled(text, combo))
            filters.addWidget(combo)
            filters.addSpacing(8)
        filters.addStretch(1)
        filters.addWidget(self.refresh_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.requests_line)
        layout.addLayout(top)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.document_results, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.export_button)
        layout.addLayout(bottom)
        # Tab reads the screen as laid out: the view and search, the filters, then the list
        # (Down from the search still goes straight to the list).
        QWidget.setTabOrder(self.views, self.save_view_button)
        QWidget.setTabOrder(self.save_view_button, self.manage_views_button)
        QWidget.setTabOrder(self.manage_views_button, self.search)
        QWidget.setTabOrder(self.search, self.in_documents)
        QWidget.setTabOrder(self.in_documents, self.state)
        QWidget.setTabOrder(self.state, self.route)
        QWidget.setTabOrder(self.route, self.reviewer)
        QWidget.setTabOrder(self.reviewer, self.due)
        QWidget.setTabOrder(self.due, self.refresh_button)
        QWidget.setTabOrder(self.refresh_button, self.table)
        QWidget.setTabOrder(self.table, self.document_results)
        QWidget.setTabOrder(self.document_results, self.export_button)

    # -- the filter shown -------------------------------------------------------------------

    @property
    def inbox_filter(self) -> InboxFilter:
        """What the list shows."""
        return self.model.inbox_filter

    def current_view(self) -> str:
        """The view's name (a shared one without its "(office)" mark), or "Custom filter"."""
        choice = self.current_choice()
        return choice.name if choice is not None else CUSTOM

    def current_choice(self) -> ViewChoice | None:
        """The view chosen in the list (None: a custom filter)."""
        index = self.views.currentIndex()
        return self.view_choices[index] if 0 <= index < len(self.view_choices) else None

    def show_view(self, name: str) -> None:
        """Show a view by the name the list gives it (the search text stays)."""
        index = self.views.findText(name)
        if index < 0 or index >= len(self.view_choices):
            raise KeyError(name)
        if index == self.views.currentIndex():
            self._view_chosen(index)
        else:
            self.views.setCurrentIndex(index)

    def _view_chosen(self, index: int) -> None:
        if not 0 <= index < len(self.view_choices):
            return  # "Custom filter": what the filters say
        from ethics_desk.cases.views import view_filter

        choice = self.view_choices[index]
        try:
            wanted = view_filter(choice, self.search.text())
        except UserError as error:
            self._tell(error)
            self._show_filter(self.inbox_filter)  # back to the view shown
            return
        self._chosen = choice
        self.set_hidden_columns(choice.hidden_columns)
        self._apply(wanted)

    # -- the views offered ------------------------------------------------------------------

    def _read_views(self) -> list[ViewChoice]:
        """The views the person may choose; the seven alone when their own cannot be read
        (a busy database: the reason on the status line once it is made)."""
        from ethics_desk.cases.views import BUILT_IN_CHOICES, view_choices

        try:
            return view_choices(self.context.database, account=self.context.signed_in)
        except UserError:
            return list(BUILT_IN_CHOICES)

    def _fill_views(self, choices: list[ViewChoice]) -> None:
        self.view_choices = list(choices)
        self.views.blockSignals(True)
        self.views.clear()
        for choice in self.view_choices:
            self.views.addItem(choice.label)
            self.views.setItemData(self.views.count() - 1, choice.description,
                                   Qt.ItemDataRole.ToolTipRole)
        self.views.blockSignals(False)

    def reload_views(self) -> None:
        """List the views again (one saved, renamed, shared or deleted, here or elsewhere),
        keeping the list shown."""
        chosen = self.current_choice()
        self._fill_views(self._read_views())
        if chosen is not None and chosen.view_id is not None:
            self._chosen = next((c for c in self.view_choices if c.view_id == chosen.view_id),
                                None)
        self._show_filter(self.inbox_filter)

    def _index_of(self, inbox_filter: InboxFilter) -> int:
        """The entry of the list whose filters ``inbox_filter`` has, whatever its order and
        search: the view last chosen if it still does, else the first that does; -1 for
        none (a custom filter)."""
        bare = inbox_filter.with_text("")

        def matches(choice: ViewChoice) -> bool:
            return choice.filter is not None and \
                choice.filter.sorted_by(bare.sort, bare.descending) == bare

        chosen = self._chosen
        if chosen is not None and chosen in self.view_choices and matches(chosen):
            return self.view_choices.index(chosen)
        name = view_name(inbox_filter)  # the seven first, as they always were
        if name != CUSTOM:
            return next(i for i, c in enumerate(self.view_choices) if c.name == name
                        and c.view_id is None)
        return next((i for i, c in enumerate(self.view_choices) if matches(c)), -1)

    def save_view_dialog(self) -> ViewChoice | None:
        """Save this view… (Alt+A): ask a name and whether to share it; the view saved, or
        None when cancelled."""
        from ethics_desk.ui.saved_views import SaveViewDialog

        dialog = SaveViewDialog(self.context, self.view_saver(), self)
        self.view_dialog = dialog
        try:
            dialog.exec()
        finally:
            self.view_dialog = None
        if dialog.saved is not None:
            self.view_saved(dialog.saved)
        return dialog.saved

    def view_saver(self) -> Callable[[str, bool], ViewChoice]:
        """The act of saving the filters, order and hidden columns shown now as a view (a name,
        whether shared): everything read from the screen before, so that the act, run off the
        GUI thread, touches no widget."""
        from ethics_desk.cases.views import save_view

        database, account, clock = (self.context.database, self.context.signed_in,
                                    self.context.clock)
        inbox_filter, hidden = self.inbox_filter, self.hidden_columns

        def save(name: str, shared: bool) -> ViewChoice:
            return save_view(database, name, inbox_filter, shared=shared, hidden_columns=hidden,
                             account=account, clock=clock)

        return save

    def view_saved(self, choice: ViewChoice) -> None:
        """Offer the view just saved, and show it as the view chosen."""
        self._fill_views(self._read_views())
        self._chosen = next((c for c in self.view_choices if c.view_id == choice.view_id),
                            None)
        self._show_filter(self.inbox_filter)
        self.status.setText(f"Saved the view “{choice.name}”"
                            + (", shared with the office." if choice.shared else "."))

    def manage_views_dialog(self) -> None:
        """Manage views… (Alt+M): rename, share or delete one's own views."""
        from ethics_desk.ui.saved_views import ManageViewsDialog

        dialog = ManageViewsDialog(self.context, self.reload_views, self)
        self.view_dialog = dialog
        try:
            dialog.exec()
        finally:
            self.view_dialog = None

    # -- the columns shown ------------------------------------------------------------------

    def set_hidden_columns(self, hidden: frozenset[SortKey]) -> None:
        """Hide the columns ``hidden`` and show every other (the case number always shows)."""
        self.hidden_columns = frozenset(hidden) - {SortKey.CASE}
        self._fitting = True
        try:
            for spec in COLUMNS:
                self.table.setColumnHidden(COLUMN_OF[spec.key], spec.key in self.hidden_columns)
        finally:
            self._fitting = False
        self._fit_columns()

    def columns_menu(self) -> QMenu:
        """The columns to show, each a check; the case number cannot be hidden."""
        menu = QMenu(self)
        menu.setObjectName("inboxColumns")
        menu.setAccessibleName("Columns shown")
        for spec in COLUMNS:
            action = QAction(spec.title, menu)
            action.setObjectName(f"column_{spec.key.value}")
            action.setCheckable(True)
            action.setChecked(spec.key not in self.hidden_columns)
            action.setEnabled(spec.key is not SortKey.CASE)
            declare(None, action)
            action.toggled.connect(lambda shown, key=spec.key: self.set_hidden_columns(
                self.hidden_columns - {key} if shown else self.hidden_columns | {key}))
            menu.addAction(action)
        return menu

    def _columns_menu(self, owner: QWidget, point: QPoint) -> None:
        self.columns_menu().exec(owner.mapToGlobal(point))

    def _filters_changed(self) -> None:
        current = self.inbox_filter
        wanted = InboxFilter(text=self.search.text(), states=self.choice(self.state),
                             routes=self.choice(self.route), reviewer=self.choice(self.reviewer),
                             due=self.choice(self.due), sort=current.sort,
                             descending=current.descending)
        self._apply(wanted)

    def choice(self, combo: QComboBox) -> Any:
        """The value behind a filter's chosen entry (None for "any")."""
        return self._choices[combo][max(combo.currentIndex(), 0)]

    def choose(self, combo: QComboBox, value: Any) -> None:
        """Pick the entry of a filter whose value is ``value`` (the list is queried again)."""
        combo.setCurrentIndex(self._choices[combo].index(value))

    @property
    def searching(self) -> bool:
        """Whether a search typed is still to be asked or answered."""
        return self._pause.isActive() or self.model.busy

    def _search_changed(self, _text: str) -> None:
        """A keystroke: the search is asked now, off the GUI thread — or, while another is
        read, when it answers (in documents, when Enter is pressed: each search there is on
        record)."""
        if self.in_documents.isChecked():
            return
        if self.model.busy:
            self._pause.start()  # asked with the answer in flight, or after a pause
        else:
            self._pause.stop()
            self._search_now()

    def _ask_what_was_typed_meanwhile(self, *_answer: object) -> None:
        """A search answered: the keys typed while it was read are asked now."""
        if self._pause.isActive():
            self._pause.stop()
            self._search_now()

    @property
    def searching_documents(self) -> bool:
        """Whether the search box searches the words of the cases' documents."""
        return self.in_documents.isChecked()

    def _documents_toggled(self, checked: bool) -> None:
        """Between numbers and names (the case list) and the words of documents (their
        results, in its place)."""
        self._pause.stop()
        self.table.setVisible(not checked)
        self.document_results.setVisible(checked)
        self.search.setPlaceholderText("Words in the cases' documents, then Enter" if checked
                                       else "Search by case number or name")
        self.document_results.clear()
        if checked:
            self.status.setText("Type words to find in the facts, allegations, notes, exhibits "
                                "and papers of the cases you receive, then press Enter.")
        else:
            self._search_now()
            self._update_status()

    def _return_pressed(self) -> None:
        if self.searching_documents:
            self.search_documents()
        else:
            self._to_table()

    def search_documents(self) -> None:
        """Enter, in documents: the words typed, in every case the person receives (the
        filters and the view do not apply); a search that cannot be made says why on the
        status line, the words typed kept."""
        from ethics_desk.cases.full_text import LIMIT, search_documents
        from ethics_desk.ui.operations import perform

        words = self.search.text()
        database, account, clock = (self.context.database, self.context.signed_in,
                                    self.context.clock)
        try:  # off the GUI thread: a busy server must not stop the window painting
            found = perform(self, "Searching the documents", lambda: search_documents(
                database, words, account=account, clock=clock))
        except UserError as error:
            self.document_results.clear()
            self._tell(error)
            return
        self.document_results.show_search(found)
        cases = len(found.cases)
        if not found.hits:
            message = "Nothing found in the cases you receive."
        elif found.more:
            message = (f"The newest {LIMIT} results are shown ({cases} case(s)); add words, or "
                       "a phrase in quotation marks, to narrow the search.")
        else:
            message = f"{len(found.hits)} result(s) in {cases} case(s). Enter opens a case."
        self.status.setText(message)

    def _search_now(self) -> None:
        """The pause is over: ask for the words in the box (the combos and the sort stay)."""
        self.model.request_filter(self.inbox_filter.with_text(self.search.text()))

    def _apply(self, inbox_filter: InboxFilter) -> None:
        self._pause.stop()  # the filter asked now carries the words typed
        if self._guard(lambda: self.model.set_filter(inbox_filter)):
            self._show_filter(inbox_filter)

    def _show_filter(self, inbox_filter: InboxFilter) -> None:
        """Bring the combos and the sort indicator in line with ``inbox_filter`` (no re-query)."""
        pairs: tuple[tuple[QComboBox, object], ...] = (
            (self.state, inbox_filter.states), (self.route, inbox_filter.routes),
            (self.reviewer, inbox_filter.reviewer), (self.due, inbox_filter.due))
        for combo, value in pairs:
            combo.blockSignals(True)
            found = self._choices[combo].index(value) if value in self._choices[combo] else 0
            combo.setCurrentIndex(found)
            combo.blockSignals(False)
        index = self._index_of(inbox_filter)
        custom = len(self.view_choices)  # the "Custom filter" entry follows the views
        self.views.blockSignals(True)
        if index < 0 and self.views.count() <= custom:
            self.views.addItem(CUSTOM)
        self.views.setCurrentIndex(custom if index < 0 else index)
        if index >= 0 and self.views.count() > custom:
            self.views.removeItem(custom)
        self.views.blockSignals(False)
        column, order = self.model.sort_column()
        self.table.horizontalHeader().setSortIndicator(column, order)  # model.sort: no change

    # -- actions ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Run the current query again, for today's date and the current calendar."""
        selected = self.selected_case_id()
        self.today = self.context.today()
        self.query = self.context.inbox_query(self.today)
        self._update_heading()
        self.update_requests()
        self.reload_views()  # a view shared or unshared at another desk
        self._pause.stop()
        wanted = self.inbox_filter.with_text(self.search.text())  # a search not yet asked too
        if self._guard(lambda: self.model.set_query(self.query, wanted)) and selected is not None:
            self.select_case(selected)

    def export_file_name(self) -> str:
        """The name the export proposes: the view and the office's date."""
        from ethics_desk.cases.docket import docket_file_name

        return docket_file_name(self.current_view(), self.context.today())

    def export_list(self) -> DocketExport | None:
        """Ask where to export the list shown (.xlsx or .csv), then export it
        (:meth:`export_to`); None when cancelled or refused."""
        from ethics_desk.cases.docket import DocketFormat

        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        suggested = str(Path(folder) / self.export_file_name()) if folder else \
            self.export_file_name()
        kinds = [DocketFormat.XLSX, DocketFormat.CSV]
        chosen, kind = QFileDialog.getSaveFileName(self, "Export the list", suggested,
                                                   ";;".join(k.label for k in kinds))
        if not chosen:
            return None
        path = Path(chosen)
        if not path.suffix:  # the dialog's kind chosen, its ending not typed
            ending = next((k.value for k in kinds if k.label == kind), DocketFormat.XLSX.value)
            path = path.with_name(f"{path.name}.{ending}")
        return self.export_to(path)

    def export_to(self, path: Path) -> DocketExport | None:
        """Export every row of the list shown to ``path`` off the GUI thread, and say what was
        written on the status line; None when refused (the refusal shown, naming the fix)."""
        from ethics_desk.cases.docket import export_docket

        database, account, clock = (self.context.database, self.context.signed_in,
                                    self.context.clock)
        inbox_filter, view = self.inbox_filter, self.current_view()
        done = operate(self, "Exporting the list", lambda: export_docket(
            database, path, inbox_filter, view=view, account=account, clock=clock))
        if done is FAILED:
            return None
        self.status.setText(done.sentence())
        return done

    def scheme_changed(self) -> None:
        """Tint the urgent rows in the desktop's new colours (see :mod:`ethics_desk.ui.palette`)."""
        self.model.scheme_changed()

    def focus_search(self) -> None:
        """Ctrl+F: to the search box, its text selected."""
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def selected_case_id(self) -> int | None:
        """The id of the case on the current row, if any."""
        index = self.table.currentIndex()
        return int(index.data(CASE_ID_ROLE)) if index.isValid() else None

    def select_case(self, case_id: int) -> bool:
        """Make ``case_id`` the current row if it is loaded."""
        row = self.model.row_of(case_id)
        if row is None:
            return False
        self.table.selectRow(row)
        return True

    def _activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.case_requested.emit(int(index.data(CASE_ID_ROLE)))

    def _to_table(self) -> None:
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.model.rowCount() and not self.table.currentIndex().isValid():
            self.table.selectRow(0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Down from the search box goes to the list; Escape clears the search."""
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        if watched is self.search and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Down:
                if self.searching_documents:
                    self.document_results.setFocus(Qt.FocusReason.OtherFocusReason)
                else:
                    self._to_table()
                return True
            if event.key() == Qt.Key.Key_Escape and self.search.text():
                self.search.clear()
                return True
        return super().eventFilter(watched, event)

    def _guard(self, action: Callable[[], None]) -> bool:
        """Run a query; a database problem goes to the status line, not a dialog per keystroke."""
        try:
            action()
        except UserError as error:
            self._tell(error)
            return False
        return True

    def _tell(self, error: UserError) -> None:
        """A database problem on the status line (a search's, from the worker thread, too)."""
        self.status.setText(f"{error.problem} {error.fix}".strip())

    # -- what the clerk reads ---------------------------------------------------------------

    def update_requests(self) -> None:
        """The line on the Public Information Act requests, for a person who handles them
        (the permission table); hidden for anyone else, who cannot tell requests exist."""
        from ethics_desk.core.permissions import Act

        if not self.context.may(Act.PUBLIC_INFORMATION):
            self.requests_line.setVisible(False)
            return
        from ethics_desk.public_information.log import due_summary

        text = attempt(self, lambda: due_summary(self.context.database, self.today,
                                                 account=self.context.signed_in))
        self.requests_line.setText(text or "")
        self.requests_line.setVisible(bool(text))

    def _update_heading(self) -> None:
        self.heading.setText(f"<h2>Inbox</h2>Today is {day_text(self.today)}; business days "
                             "are counted on the City's calendar.")

    def _update_status(self) -> None:
        if self.searching_documents:  # the status line tells the documents' search
            return
        shown = self.model.rowCount()
        view = self.current_view()
        text = self.search.text().strip()
        if shown:
            total = self.model.total
            if not self.model.has_more:
                message = f"{shown} shown"
            elif total is None:  # the first page is shown while the rest is counted
                message = f"{shown}+ shown"
            else:
                message = f"{shown} of {total} shown"
            if self.model.has_more:
                message += " (scroll down for more)"
            if text and view != ALL_CASES:
                message += f" — searching “{view}” only; choose All cases to search every case"
        elif text:
            message = f"No case in “{view}” matches “{text}”."
            if view != ALL_CASES:
                message += " Choose All cases to search every case."
        elif view == DUE_TODAY:
            message = "Nothing is due today."
            overdue = self._overdue_counted()
            if overdue:
                message += (f" {overdue} case{' is' if overdue == 1 else 's are'} overdue: "
                            f"choose {OVERDUE} to see {'it' if overdue == 1 else 'them'}.")
        else:
            message = "No case matches these filters."
        self.status.setText(message)

    def _overdue_counted(self) -> int:
        """The cases overdue, told when nothing is due today: counted in a worker thread the
        first time the empty list is told (at a million cases the count is longer than the
        list), 0 until it comes, when the status line is worded again."""
        request = self.model.loader.newest
        asked, counted = self._overdue
        if asked == request:
            return counted or 0
        self._overdue = (request, None)
        self.model.count_aside(OVERDUE, saved_view(OVERDUE))
        return 0

    def _aside_counted(self, name: str, count: int) -> None:
        if name == OVERDUE:  # answered only while its list is the one shown
            self._overdue = (self.model.loader.newest, count)
            self._update_status()

    def column_of(self, key: SortKey) -> int:
        """The table column showing ``key``."""
        return COLUMN_OF[key]

    def first_field(self) -> QWidget:
        """Where the cursor goes when the screen is shown: the search."""
        return self.search
