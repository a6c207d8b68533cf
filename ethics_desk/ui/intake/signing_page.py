"""Step 7 — print the sworn complaint for signing, then record the oath (§ 2-83(c))."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCompleter,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.intake.record import Intake, Problem, check_oath
from ethics_desk.models import NOTARY_PUBLIC, OATH_OFFICERS, is_notary
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.intake.base import IntakeHost, IntakePage
from ethics_desk.ui.pdf_view import PdfViewer


class SigningPage(IntakePage):
    """The complaint with its affidavit and jurat, previewed and printed; the oath, before a
    notary public or another officer authorised to administer oaths (Gov't Code § 602.002)."""

    def __init__(self, wizard: IntakeHost) -> None:
        super().__init__(wizard, "7. Signing under oath — § 2-83(c)",
                         "Print the complaint for the complainant to sign before the notary, "
                         "then record the oath.")
        self.viewer = PdfViewer(self)
        self.viewer.setObjectName("swornComplaintPreview")
        self.print_button = QPushButton("&Print for signing…", self)
        self.print_button.setObjectName("printSwornComplaint")
        self.print_button.clicked.connect(lambda: wizard.print_sworn_complaint())
        self.sworn = QRadioButton("&Sworn before a notary or other officer", self)
        self.sworn.setToolTip("The complainant signed and swore to the facts before a notary "
                              "public or other person authorized to administer oaths "
                              "(§ 2-83(c))")
        self.unsworn = QRadioButton("Not s&worn: returned to the complainant", self)
        self.unsworn.setToolTip("A complaint not sworn as required is not forwarded; it is "
                                "returned to the complainant (§ 2-83(c))")
        self.choice = QButtonGroup(self)
        self.choice.addButton(self.sworn)
        self.choice.addButton(self.unsworn)
        answer = QWidget(self)
        column = QVBoxLayout(answer)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.sworn)
        column.addWidget(self.unsworn)
        self.form.add("oath.sworn", "The oath:", answer)
        self.officer_title = QLineEdit(NOTARY_PUBLIC, self)
        completer = QCompleter(list(OATH_OFFICERS), self.officer_title)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.officer_title.setCompleter(completer)
        self.officer_title.setToolTip("A notary public, or another officer the law authorises to "
                                      "administer oaths (Gov't Code § 602.002): type to choose "
                                      "one of the officers the Code lists, or another title the "
                                      "law allows")
        self.form.add("oath.officer_title", "&Officer's title:", self.officer_title)
        self.notary = self.form.add("oath.notary_name", "Officer's na&me:", QLineEdit(self))
        self.commission = self.form.add("oath.notary_commission_number",
                                        "Commission n&umber:", QLineEdit(self))
        self.expires = self.form.add("oath.notary_commission_expires",
                                     "Commission e&xpires:",
                                     DateField(self, today=wizard.context.today))
        self.county = self.form.add("oath.county", "&County:", QLineEdit(self))
        self.sworn_on = self.form.add("oath.sworn_on", "&Date sworn:",
                                     DateField(self, today=wizard.context.today))
        for button in (self.sworn, self.unsworn):
            button.toggled.connect(self._sworn_changed)
        self.officer_title.textChanged.connect(self._sworn_changed)
        self.officer_title.textChanged.connect(self.intake_wizard.schedule_save)
        self.officer_title.textChanged.connect(self.recheck)
        right = QWidget(self)
        right_column = QVBoxLayout(right)
        right_column.addLayout(self.form.layout)
        right_column.addStretch(1)
        left = QWidget(self)
        left_column = QVBoxLayout(left)
        left_column.setContentsMargins(0, 0, 0, 0)
        left_column.addWidget(self.viewer, 1)
        row = QHBoxLayout()
        row.addWidget(self.print_button)
        row.addStretch(1)
        left_column.addLayout(row)
        splitter = QSplitter(self)
        splitter.setChildrenCollapsible(False)
        right.setMinimumWidth(right.minimumSizeHint().width())  # the oath's answers whole
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([560, 380])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        self.watch(self.sworn, self.unsworn, self.notary, self.commission, self.expires,
                   self.county, self.sworn_on)

    def initializePage(self) -> None:
        """Render the complaint as it stands now (the preview is what will be printed)."""
        self.refresh_preview()

    def refresh_preview(self) -> None:
        """Show the sworn complaint for the intake as typed."""
        self.viewer.set_pdf(self.intake_wizard.sworn_complaint_pdf())

    def _sworn_changed(self) -> None:
        sworn = self.sworn.isChecked()
        for widget in (self.officer_title, self.notary, self.county, self.sworn_on):
            widget.setEnabled(sworn)
        notary = is_notary(self.officer_title.text())
        for widget in (self.commission, self.expires):  # a notary's commission only
            widget.setEnabled(sworn and notary)
        if sworn and self.sworn_on.date() is None:
            self.sworn_on.set_date(self.intake_wizard.context.today())
        if sworn and not self.county.text():
            self.county.setText(self.intake_wizard.default_county())

    def load(self, intake: Intake) -> None:
        """Fill from the intake."""
        oath = intake.oath
        self.choice.setExclusive(False)
        self.sworn.setChecked(oath.sworn is True)
        self.unsworn.setChecked(oath.sworn is False)
        self.choice.setExclusive(True)
        self.officer_title.setText(oath.officer_title or NOTARY_PUBLIC)
        self.notary.setText(oath.notary_name)
        self.commission.setText(oath.notary_commission_number)
        self.expires.set_date(oath.notary_commission_expires)
        self.county.setText(oath.county)
        self.sworn_on.set_date(oath.sworn_on)
        self._sworn_changed()

    def store(self, intake: Intake) -> None:
        """Write into the intake."""
        oath = intake.oath
        oath.sworn = True if self.sworn.isChecked() else False if self.unsworn.isChecked() else None
        oath.officer_title = self.officer_title.text()
        oath.notary_name = self.notary.text()
        oath.notary_commission_number = self.commission.text()
        oath.notary_commission_expires = self.expires.date()
        oath.county = self.county.text()
        oath.sworn_on = self.sworn_on.date()

    def problems(self, intake: Intake) -> list[Problem]:
        """The oath recorded; when sworn, before whom, where and when."""
        problems = check_oath(intake.oath)
        today = self.intake_wizard.context.today()
        if intake.oath.sworn and intake.oath.sworn_on and intake.oath.sworn_on > today:
            problems.append(Problem("oath.sworn_on", "The date sworn cannot be in the future.",
                                    "§ 2-83(c)"))
        return problems
