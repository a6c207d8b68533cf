"""Column widths kept per person: a table's columns as the signed-in person last set them by
hand, on this desk (Qt's settings, under the person's login), so that two clerks sharing a
counter PC each find their own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtWidgets import QHeaderView, QTableView
from shiboken6 import isValid

if TYPE_CHECKING:
    from ethics_desk.ui.context import AppContext

GIVES_WAY = "givesWayColumn"
"""The property of a list naming the column (a number, or a list of them in the order they
give way) that is shortened when the window is narrow — the longest texts, least needed at a
glance, each whole in its tooltip. Every other column shows its texts whole."""


def widths_key(context: AppContext, table: str) -> str:
    """Where ``table``'s column widths are kept for the signed-in person (logins are plain:
    a-z, 0-9, ``.``, ``_``, ``-``)."""
    return f"accounts/{context.signed_in.login}/columns/{table}"


def keep_column_widths(context: AppContext, view: QTableView, table: str,
                       by_hand: Callable[[], bool] = lambda: True,
                       stretch: int | None = None) -> bool:
    """Give ``view`` the widths the signed-in person last set for ``table``, and keep every
    change they make by hand from now on (``by_hand`` says whether a resize is theirs, not the
    screen's own fitting; the ``stretch`` column, which follows the window, never is). Only the
    widths are kept — the order and the sorting stay the screen's. True when there were widths
    to give back (as many as the table has columns)."""
    header = view.horizontalHeader()
    key = widths_key(context, table)
    stored = str(QSettings().value(key, "") or "")
    widths = [int(part) for part in stored.split(",") if part.strip().isdigit()]
    restored = len(widths) == header.count() > 0 and all(width > 0 for width in widths)
    if restored:
        for section, width in enumerate(widths):
            header.resizeSection(section, width)

    def keep(section: int, _old: int, _new: int) -> None:
        if section != stretch and by_hand():
            QSettings().setValue(key, ",".join(str(header.sectionSize(section))
                                               for section in range(header.count())))

    header.sectionResized.connect(keep)
    return restored


def _widest_allowed(wanted: dict[int, int], least: dict[int, int], room: int) -> int:
    """The one width the widest columns are cut to so that all fit in ``room``: the largest
    cap with sum(max(least, min(wanted, cap))) <= room (0 when even their least is too much)."""
    low, high = 0, max(wanted.values())
    while low < high:
        cap = (low + high + 1) // 2
        if sum(max(least[c], min(wanted[c], cap)) for c in wanted) <= room:
            low = cap
        else:
            high = cap - 1
    return low


class ColumnFit(QObject):
    """A list's columns sized to what they show: each column as wide as its widest text and
    its heading, the one that stretches (:data:`GIVES_WAY`) taking the rest of the width and
    giving way first when the window is narrow — until the person drags a column's edge; from
    then on their widths stand, and with ``keep_for`` they are kept for them under ``table``
    (:func:`keep_column_widths`), on this desk, for the next time."""

    def __init__(self, view: QTableView, stretch: int, table: str,
                 keep_for: AppContext | None = None) -> None:
        super().__init__(view)
        self.view = view
        view.setProperty("columnFit", self)  # held as long as the list: its filter and slots
        self.stretch = stretch
        self.fitting = False
        self.by_hand = False
        header = view.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
        view.setProperty(GIVES_WAY, stretch)
        header.sectionResized.connect(self._resized)
        model = view.model()
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved,
                       model.layoutChanged, model.dataChanged):
            signal.connect(self.fit)
        view.installEventFilter(self)
        self.viewport = view.viewport()
        self.viewport.installEventFilter(self)  # its width is the room the columns share
        # Never narrower than its headings: the window's layout gives the list that room.
        frame = 2 * view.frameWidth() + view.verticalScrollBar().sizeHint().width()
        view.setMinimumWidth(max(view.minimumWidth(), frame + sum(
            header.sectionSizeHint(column) for column in range(header.count()))))
        if keep_for is not None:
            self.by_hand = keep_column_widths(keep_for, view, table,
                                              by_hand=lambda: not self.fitting, stretch=stretch)
        self.fit()

    def _resized(self, section: int, _old: int, _new: int) -> None:
        if not self.fitting and section != self.stretch:
            self.by_hand = True

    def _least(self, column: int, wrap: bool) -> int:
        """The narrowest ``column`` may be: its heading whole, and when its texts wrap, its
        longest word (shorter, a text is cut at its end, whole in its tooltip)."""
        if not wrap:
            return self.view.horizontalHeader().sectionSizeHint(column)
        model = self.view.model()
        metrics = self.view.fontMetrics()
        words = [word for row in range(min(model.rowCount(), 200))
                 for word in str(model.index(row, column).data() or "").split()]
        longest = max((metrics.horizontalAdvance(word) for word in words), default=0)
        return max(self.view.horizontalHeader().sectionSizeHint(column), longest + 12)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Fit again when the list is shown (its font and style are known then) or its
        viewport is resized (laid out: the room the columns have)."""
        view = self.__dict__.get("view")
        if view is None or not isValid(view):  # the list is being taken down
            return False
        if (watched is self.view and event.type() == QEvent.Type.Show) or (
                watched is self.viewport and event.type() == QEvent.Type.Resize):
            self.fit()
        return False

    def fit(self, *_changed: object) -> None:
        """Each column but the stretching one to its contents (unless set by hand), keeping a
        quarter of the width for the stretching column: when the others need more, the widest
        of them give way first, down to one width they share (never below their heading), so
        that a number or a date stays whole while a long name is shortened — its text then
        wraps onto more lines of the row where the list wraps, or is shortened at its end,
        whole in its tooltip (and :data:`GIVES_WAY` names the column)."""
        if self.by_hand:
            return
        view = self.view
        header = view.horizontalHeader()
        others = [column for column in range(header.count())
                  if column != self.stretch and not header.isSectionHidden(column)]
        self.fitting = True
        try:
            for column in others:
                view.resizeColumnToContents(column)
            room = view.viewport().width() - max(view.viewport().width() // 4,
                                                 header.sectionSizeHint(self.stretch))
            used = sum(header.sectionSize(column) for column in others)
            shortened: list[int] = []
            if others and used > room > 0:
                wrap = view.wordWrap()
                least = {column: self._least(column, wrap) for column in others}
                wanted = {column: header.sectionSize(column) for column in others}
                widest = _widest_allowed(wanted, least, room)
                for column in others:
                    width = max(least[column], min(wanted[column], widest))
                    if width < wanted[column]:
                        header.resizeSection(column, width)
                        shortened.append(column)
                if wrap:
                    view.resizeRowsToContents()
                    shortened = []
            view.setProperty(GIVES_WAY, [self.stretch, *shortened])
        finally:
            self.fitting = False
