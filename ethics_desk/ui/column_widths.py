"""Column widths kept per person: a table's columns as the signed-in person last set them by
hand, on this desk (Qt's settings, under the person's login), so that two clerks sharing a
counter PC each find their own."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QTableView

from ethics_desk.ui.context import AppContext


def widths_key(context: AppContext, table: str) -> str:
    """Where ``table``'s column widths are kept for the signed-in person (logins are plain:
    a-z, 0-9, ``.``, ``_``, ``-``)."""
    return f"accounts/{context.signed_in.login}/columns/{table}"


def keep_column_widths(context: AppContext, view: QTableView, table: str,
                       by_hand: Callable[[], bool] = lambda: True) -> bool:
    """Give ``view`` the widths the signed-in person last set for ``table``, and keep every
    change they make by hand from now on (``by_hand`` says whether a resize is theirs, not the
    screen's own fitting). Only the widths are kept — the order and the sorting stay the
    screen's. True when there were widths to give back (as many as the table has columns)."""
    header = view.horizontalHeader()
    key = widths_key(context, table)
    stored = str(QSettings().value(key, "") or "")
    widths = [int(part) for part in stored.split(",") if part.strip().isdigit()]
    restored = len(widths) == header.count() > 0 and all(width > 0 for width in widths)
    if restored:
        for section, width in enumerate(widths):
            header.resizeSection(section, width)

    def keep(_section: int, _old: int, _new: int) -> None:
        if by_hand():
            QSettings().setValue(key, ",".join(str(header.sectionSize(section))
                                               for section in range(header.count())))

    header.sectionResized.connect(keep)
    return restored
