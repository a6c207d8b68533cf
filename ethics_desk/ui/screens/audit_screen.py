"""The Audit trail screen: the records a person may read, filtered, newest first, each with
whether the hash chain verifies up to it; the chosen record's whole text; Export to CSV….

For the Compliance Auditor, the Records officer and the Administrator (the permission table's
``Act.AUDIT_TRAIL``); what each reads is the domain's decision
(:mod:`ethics_desk.maintenance.audit_trail`), which also records the browse and the export.
The list reads a page at a time as it is scrolled (the model's ``fetchMore``, keyed on the
record's place in the chain, never an offset).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.office_time import stamp
from ethics_desk.core.permissions import Act
from ethics_desk.maintenance.audit_trail import (
    ACT_CHOICES,
    Trail,
    TrailFilter,
    TrailLine,
    export_csv,
    next_page,
    open_trail,
)
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.column_widths import ColumnFit
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.models.rows import Column, RowsModel, rows_view
from ethics_desk.ui.office_display import office_time_zone

AnyIndex = QModelIndex | QPersistentModelIndex


class TrailModel(RowsModel[TrailLine]):
    """The trail's lines, a page at a time: Qt asks for more as the list is scrolled to its
    end (:meth:`fetchMore`), and the next page is read after the last record shown."""

    def __init__(self, screen: AuditScreen) -> None:
        super().__init__([Column("When", lambda t: stamp(t.at, office_time_zone(),
                                                         with_zone=False)),
                          Column("Who", lambda t: t.actor),
                          Column("Act", lambda t: t.act),
                          Column("Case", lambda t: t.case_number),
                          Column("What", lambda t: t.summary),
                          Column("Chain", lambda t: "✓ Verified" if t.verified
                                 else "✗ Not verified")], screen,
                         tooltip=lambda t: f"{t.when}\n{t.summary}")
        self._screen = screen
        self.trail: Trail | None = None
        self.next_before: int | None = None

    def show_trail(self, trail: Trail | None) -> None:
        """Show the first page of ``trail`` (None: nothing)."""
        self.trail = trail
        self.next_before = trail.first.next_before if trail is not None else None
        self.set_rows(trail.first.lines if trail is not None else [])

    def canFetchMore(self, parent: AnyIndex = QModelIndex()) -> bool:  # noqa: B008 - Qt's
        """Whether another page follows the last one read."""
        return not parent.isValid() and self.trail is not None and self.next_before is not None

    def fetchMore(self, parent: AnyIndex = QModelIndex()) -> None:  # noqa: B008 - Qt's
        """Read the next page and add its lines at the end."""
        if not self.canFetchMore(parent) or self.trail is None or self.next_before is None:
            return
        context = self._screen.context
        trail, before = self.trail, self.next_before
        page = attempt(self._screen, lambda: next_page(context.database, trail, before,
                                                       account=context.signed_in))
        if page is FAILED:
            self.next_before = None
            return
        rows = self.rows()
        self.beginInsertRows(QModelIndex(), len(rows), len(rows) + len(page.lines) - 1)
        self._rows = rows + page.lines
        self.endInsertRows()
        self.next_before = page.next_before


class AuditScreen(QWidget):
    """The audit trail, filtered by person, act, case and period; the chosen record whole."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("auditScreen")
        self.who = QLineEdit(self)
        self.who.setObjectName("auditWho")
        self.who.setPlaceholderText("a login or a part of a name")
        self.act = QComboBox(self)
        self.act.setObjectName("auditAct")
        for words, prefix in ACT_CHOICES:
            self.act.addItem(words, prefix)
        self.case = QLineEdit(self)
        self.case.setObjectName("auditCase")
        self.case.setPlaceholderText("e.g. ERB-2026-001")
        self.start = DateField(self, today=context.today)
        self.start.setObjectName("auditFrom")
        self.end = DateField(self, today=context.today)
        self.end.setObjectName("auditTo")
        self.show_button = QPushButton("&Show", self)
        self.show_button.setObjectName("auditShow")
        self.show_button.setDefault(True)
        self.clear_button = QPushButton("C&lear the filters", self)
        self.clear_button.setObjectName("auditClear")
        self.export_button = QPushButton("E&xport to CSV…", self)
        self.export_button.setObjectName("auditExport")
        offer(context, Act.AUDIT_TRAIL, "read the audit trail", self.show_button,
              self.export_button)
        declare(None, self.clear_button)
        filters = QGridLayout()
        for column, (text, field) in enumerate((("&Person:", self.who), ("&Act:", self.act),
                                                ("Case &number:", self.case))):
            label = QLabel(text, self)
            buddy(label, field)
            filters.addWidget(label, 0, 2 * column)
            filters.addWidget(field, 0, 2 * column + 1)
        for column, (text, date_field) in enumerate((("Fro&m:", self.start),
                                                     ("&To:", self.end))):
            label = QLabel(text, self)
            buddy(label, date_field)
            date_field.set_accessible_name(text.replace("&", "").rstrip(":")
                                           + " (first day)" * (column == 0)
                                           + " (last day)" * (column == 1))
            filters.addWidget(label, 1, 2 * column)
            filters.addWidget(date_field, 1, 2 * column + 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.show_button)
        buttons.addWidget(self.clear_button)
        buttons.addStretch(1)
        buttons.addWidget(self.export_button)
        filters.addLayout(buttons, 1, 4, 1, 2)
        for column in (1, 3, 5):
            filters.setColumnStretch(column, 1)
        self.chain = StatusLine(self)
        self.chain.setObjectName("auditChain")
        self.chain.setWordWrap(True)
        self.chain.setAccessibleName("The chain's state")
        self.model = TrailModel(self)
        self.view = rows_view(self.model, "auditView", 4, self, spoken="Audit trail records",
                              compact=True, keep_for=context,
                              elide=Qt.TextElideMode.ElideRight)
        self.record = QPlainTextEdit(self)
        self.record.setObjectName("auditRecord")
        self.record.setReadOnly(True)
        self.record.setAccessibleName("The chosen record, whole")
        record_label = QLabel("The chosen &record:", self)
        buddy(record_label, self.record)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>Audit trail</b> — the records you may read, newest first",
                                self))
        layout.addLayout(filters)
        layout.addWidget(self.chain)
        layout.addWidget(self.view, 3)
        layout.addWidget(record_label)
        layout.addWidget(self.record, 1)
        self.show_button.clicked.connect(self.refresh)
        self.clear_button.clicked.connect(self.clear)
        self.export_button.clicked.connect(lambda: self.export())
        self.who.returnPressed.connect(self.refresh)
        self.case.returnPressed.connect(self.refresh)
        self.view.selectionModel().currentRowChanged.connect(self._chosen)
        self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        """Fit the columns again once the list has its size (the list's own fitting runs
        before its viewport takes the new width)."""
        super().showEvent(event)
        QTimer.singleShot(0, self._fit_columns)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The same when the screen is resized."""
        super().resizeEvent(event)
        QTimer.singleShot(0, self._fit_columns)

    def _fit_columns(self) -> None:
        fit = self.view.findChild(ColumnFit)
        if fit is not None:
            fit.fit()

    # -- reading ------------------------------------------------------------------------------

    def filters(self) -> TrailFilter:
        """The filters as typed; a :class:`UserError` naming a date that is not one."""
        return TrailFilter(self.who.text(), str(self.act.currentData() or ""),
                           self.case.text(), self.start.checked("the first day"),
                           self.end.checked("the last day"))

    def refresh(self) -> None:
        """Read the trail again with the filters (a browse: recorded by the domain)."""
        if not self.context.may(Act.AUDIT_TRAIL):
            return
        context = self.context
        trail = attempt(self, lambda: open_trail(context.database, self.filters(),
                                                 account=context.signed_in,
                                                 clock=context.clock))
        if trail is FAILED:
            return
        self.model.show_trail(trail)
        palette.set_style(self.chain, "success" if trail.chain.holds else "error")
        self.chain.setText(("✓ " if trail.chain.holds else "⊘ ") + trail.chain.words
                           + ("" if trail.first.lines else
                              " No record you may read matches the filters."))
        if trail.first.lines:
            self.view.selectRow(0)
        else:
            self.record.clear()

    def clear(self) -> None:
        """Empty the filters and read the trail again."""
        self.who.clear()
        self.act.setCurrentIndex(0)
        self.case.clear()
        self.start.set_date(None)
        self.end.set_date(None)
        self.refresh()

    def _chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            self.record.clear()
            return
        self.record.setPlainText(self.model.row(current.row()).full_text())

    # -- exporting ----------------------------------------------------------------------------

    def export(self, path: Path | None = None) -> Path | None:
        """Write the filtered records to a CSV file (asked for, unless ``path`` is given); the
        file written, or None when cancelled or refused (the refusal said in a message)."""
        context = self.context
        filters = attempt(self, self.filters)
        if filters is FAILED:
            return None
        if path is None:
            chosen, _kind = QFileDialog.getSaveFileName(self, "Export the audit trail to CSV",
                                                        "audit-trail.csv", "CSV files (*.csv)")
            if not chosen:
                return None
            path = Path(chosen)
        written = attempt(self, lambda: export_csv(context.database, filters, path,
                                                   account=context.signed_in,
                                                   clock=context.clock))
        if written is FAILED:
            return None
        self.chain.setText(f"Exported {written} record(s) to {path}. {self.chain.text()}")
        return path
