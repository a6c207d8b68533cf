"""Statistics → Issue the annual report…: the City Clerk's staff issue the year's report.

The dialog asks the year and the edition — the public one, counts only with small counts
withheld by the rule it states, or the confidential one for the Ethics Review Board
(§ 2-83(h)(1)) — then where to save it; only then is the report issued
(:func:`ethics_desk.reports.annual_report.issue_annual_report`, off the GUI thread: counted,
signed by the person signed in, frozen with its SHA-256 and recorded) and written there,
readable by this user only and never half (:func:`ethics_desk.storage.private_files.
write_private`). A file that cannot be written is said plainly and another place asked for:
the issued copy is in the record whatever happens to the file.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.reports.annual_report import Edition, IssuedReport, issue_annual_report
from ethics_desk.reports.small_counts import SMALL_COUNT_RULE
from ethics_desk.storage.private_files import write_private
from ethics_desk.ui import errors
from ethics_desk.ui.accessibility import buddy
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED
from ethics_desk.ui.operations import operate

FIRST_YEAR = 2000
"""The earliest year the dialog offers (the office's records begin later)."""


class AnnualReportDialog(QDialog):
    """The year and the edition; OK asks where to save, then issues and saves."""

    def __init__(self, context: AppContext, year: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setWindowTitle("Ethics Desk — issue the annual report")
        self.setObjectName("annualReportDialog")
        self.issued: IssuedReport | None = None
        """The report issued through this dialog, once it is."""
        self.saved_to: Path | None = None
        """Where it was saved (None: issued, kept in the record, not saved)."""
        today = context.today()
        self.year = QSpinBox(self)
        self.year.setObjectName("annualReportYear")
        self.year.setRange(FIRST_YEAR, today.year)
        self.year.setValue(min(max(year, FIRST_YEAR), today.year))
        self.public = QRadioButton("P&ublic edition: counts only, small counts withheld", self)
        self.public.setObjectName("annualReportPublic")
        self.public.setChecked(True)
        self.confidential = QRadioButton(
            "&Confidential edition for the Ethics Review Board (§ 2-83(h)(1))", self)
        self.confidential.setObjectName("annualReportConfidential")
        for control in (self.year, self.public, self.confidential):
            declare(None, control)
        rule = QLabel(SMALL_COUNT_RULE, self)
        rule.setWordWrap(True)
        rule.setObjectName("annualReportRule")
        note = QLabel("The report is signed with your name, kept in the record with its "
                      "SHA-256 like any issued paper, and the issue is recorded. A year still "
                      "running is counted to today.", self)
        note.setWordWrap(True)
        form = QFormLayout()
        year_label = QLabel("&Year:", self)
        buddy(year_label, self.year)
        form.addRow(year_label, self.year)
        buttons = QDialogButtonBox(self)
        self.issue_button = buttons.addButton("&Issue and save…",
                                              QDialogButtonBox.ButtonRole.AcceptRole)
        self.issue_button.setObjectName("annualReportIssue")
        self.issue_button.setDefault(True)
        offer(context, Act.ANNUAL_REPORT, "issue the annual report", self.issue_button)
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        declare(None, cancel)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.public)
        layout.addWidget(self.confidential)
        layout.addWidget(rule)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.issue_button.clicked.connect(self.issue)
        cancel.clicked.connect(self.reject)
        self.setMinimumWidth(520)

    def edition(self) -> Edition:
        """The edition chosen."""
        return Edition.CONFIDENTIAL if self.confidential.isChecked() else Edition.PUBLIC

    def ask_where(self, year: int, edition: Edition) -> Path | None:
        """Where to save the report (None: cancelled)."""
        chosen, _kind = QFileDialog.getSaveFileName(
            self, "Save the annual report", f"annual-report-{year}-{edition.value}.pdf",
            "PDF files (*.pdf)")
        return Path(chosen) if chosen else None

    def issue(self) -> None:
        """Ask where, issue the report (recorded), save it; closed once issued."""
        context = self.context
        year, edition = self.year.value(), self.edition()
        target = self.ask_where(year, edition)
        if target is None:
            return  # nothing issued: the dialog stays, as it was
        account, clock = context.signed_in, context.clock
        outcome = operate(self, "Issuing the annual report", lambda: issue_annual_report(
            context.database, year, edition=edition, account=account, clock=clock))
        if outcome is FAILED:
            return
        self.issued, pdf = outcome
        while target is not None:
            try:
                write_private(target, pdf)
            except UserError as error:  # the record's own file: refused, nothing written
                errors.show_user_error(self, error)
            except OSError as exc:
                errors.show_user_error(self, UserError(
                    f"The annual report for {year} was issued (report "
                    f"{self.issued.report_id}) but could not be saved to {target} "
                    f"({exc.strerror or exc}).",
                    "Choose a folder you may write to; the issued copy stays in the record."))
            else:
                self.saved_to = target
                break
            target = self.ask_where(year, edition)
        self.accept()
