"""Step 4 — the facts and when they happened, § 2-83(c)(6)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QRadioButton, QVBoxLayout, QWidget

from ethics_desk.intake.record import Intake, Problem, check_facts
from ethics_desk.models import ViolationPeriod
from ethics_desk.ui import palette
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.intake.base import IntakePage
from ethics_desk.ui.intake.fields import FieldMessage, text_box

if TYPE_CHECKING:
    from ethics_desk.ui.intake.wizard import IntakeWizard

LOOK_BACK_YEARS = 2
"""The Board cannot consider a violation more than two years before filing (City Clerk)."""


class FactsPage(IntakePage):
    """The statement of facts; a single date, a range, or "ongoing since"."""

    def __init__(self, wizard: IntakeWizard) -> None:
        super().__init__(wizard, "4. The facts — § 2-83(c)(6)",
                         "A statement of the facts constituting the alleged violation, and the "
                         "date or period when it happened.")
        self.facts = self.form.add("facts", "&Statement of facts:", text_box(self, 200, grows=True))
        self.single = QRadioButton("A single da&y", self)
        self.range = QRadioButton("A &period from … to …", self)
        self.ongoing = QRadioButton("&Ongoing since", self)
        self.kinds = QButtonGroup(self)
        for button in (self.single, self.range, self.ongoing):
            self.kinds.addButton(button)
        kinds = QWidget(self)
        row = QHBoxLayout(kinds)
        row.setContentsMargins(0, 0, 0, 0)
        for button in (self.single, self.range, self.ongoing):
            row.addWidget(button)
        row.addStretch(1)
        self.form.add("violation_period", "&When:", kinds)
        self.start = self.form.add("violation_start", "&Date or start:",
                                   DateField(self, today=wizard.context.today))
        self.end = self.form.add("violation_end", "&End of the period:",
                                 DateField(self, today=wizard.context.today))
        self.age_note = FieldMessage(self)
        self.age_note.setObjectName("ageNote")
        palette.set_style(self.age_note, "warning")
        layout = QVBoxLayout(self)
        layout.addLayout(self.form.layout)
        layout.addWidget(self.age_note)
        layout.addWidget(QLabel("Type a date as 2026-11-03, 11/3/2026 or 11/3/26; F4 or the "
                                "arrow opens a calendar.", self))
        for button in (self.single, self.range, self.ongoing):
            button.toggled.connect(self._kind_changed)
        self.start.changed.connect(self._note_age)
        self.watch(self.facts, self.single, self.range, self.ongoing, self.start, self.end)
        self.single.setChecked(True)

    def _kind_changed(self) -> None:
        self.end.setEnabled(self.range.isChecked())

    def _note_age(self) -> None:
        """Warn (not block) when the alleged dates are more than two years old."""
        start = self.start.date()
        today = self.intake_wizard.context.now().date()
        if start is not None and start < date(today.year - LOOK_BACK_YEARS, today.month,
                                              min(today.day, 28)):
            self.age_note.say("The alleged violation began more than two years ago; the Board "
                              "cannot consider a violation that occurred more than two years "
                              "before the complaint was filed. Tell the complainant.")
        else:
            self.age_note.say("")

    def period(self) -> ViolationPeriod:
        """The kind of date chosen."""
        if self.range.isChecked():
            return ViolationPeriod.RANGE
        if self.ongoing.isChecked():
            return ViolationPeriod.ONGOING_SINCE
        return ViolationPeriod.SINGLE_DATE

    def load(self, intake: Intake) -> None:
        """Fill from the intake."""
        self.facts.setPlainText(intake.facts)
        kind = intake.violation_period or ViolationPeriod.SINGLE_DATE
        {ViolationPeriod.SINGLE_DATE: self.single, ViolationPeriod.RANGE: self.range,
         ViolationPeriod.ONGOING_SINCE: self.ongoing}[kind].setChecked(True)
        self.start.set_date(intake.violation_start)
        self.end.set_date(intake.violation_end)
        self._kind_changed()
        self._note_age()

    def store(self, intake: Intake) -> None:
        """Write into the intake."""
        intake.facts = self.facts.toPlainText()
        intake.violation_period = self.period()
        intake.violation_start = self.start.date()
        intake.violation_end = self.end.date() if self.range.isChecked() else None

    def problems(self, intake: Intake) -> list[Problem]:
        """(c)(6); a date in the future is refused too."""
        problems = check_facts(intake)
        today = self.intake_wizard.context.now().date()
        for key, value in (("violation_start", intake.violation_start),
                           ("violation_end", intake.violation_end)):
            if value is not None and value > today:
                problems.append(Problem(key, "A date of the alleged violation cannot be in the "
                                        "future.", "§ 2-83(c)(6)"))
        return problems
