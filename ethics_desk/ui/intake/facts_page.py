"""Step 4 — the facts and when they happened, § 2-83(c)(6); and the witnesses the complainant
names at the counter, each with who identified them, § 2-83(h)(1).

A witness is optional. Each one is a line: the name, who identified them (the complainant, a
respondent entered on step 2, or a witness on a line above) and how to reach them. The choice
of who identified a witness follows that person: it is forgotten — and asked again — when the
party's name changes on an earlier step or the witness above is removed.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
    QWizard,
)

from ethics_desk.intake.record import (
    Intake,
    Problem,
    WitnessData,
    check_facts,
    check_witnesses,
    identifier_label,
    identifiers,
)
from ethics_desk.models import ViolationPeriod
from ethics_desk.ui import palette
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.intake.base import IntakeHost, IntakePage, warning_words
from ethics_desk.ui.intake.fields import (
    FieldForm,
    FieldMessage,
    FieldRow,
    tell_problems,
    text_box,
)
from ethics_desk.ui.mnemonics import mnemonic_of, window_mnemonics, with_mnemonic

LOOK_BACK_YEARS = 2
"""The Board cannot consider a violation more than two years before filing (City Clerk)."""


FIELDS = (("name", "Na&me:", "Name of witness {n}"),
          ("identified_by", "&Identified by:", "Who identified witness {n}"),
          ("contact", "&Contact:", "Contact of witness {n} (address, telephone)"))
"""Each line's fields: the key, the caption (its Alt-key on the first line only, so that no two
controls share one) and the name a screen reader says."""


class WitnessList(QScrollArea):
    """The witnesses' lines: as tall as they are, messages included, while the page has room
    (the statement of facts takes the rest); they scroll beyond that."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def sizeHint(self) -> QSize:
        """The lines' own height, not a scroll area's usual one."""
        held = self.widget()
        height = held.sizeHint().height() if held is not None else 0
        return QSize(super().sizeHint().width(), height + 2 * self.frameWidth())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A line added or removed, or a message shown under a field, asks for room again."""
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)


class WitnessRow(QWidget):
    """One witness named at the counter: name, who identified them, contact, and Remove."""

    def __init__(self, page: FactsPage, index: int) -> None:
        super().__init__(page.witness_holder)
        self.page = page
        self.index = index
        self.chosen: str | WitnessRow | None = None
        """Who the clerk chose, kept while the list changes: a party's label, or the line."""
        self.number = QLabel(self)
        self.form = FieldRow(self)
        prefix = f"witnesses[{index}]"
        self.name = self.form.add(f"{prefix}.name", "Name:", QLineEdit(self), 3)
        self.identified_by = self.form.add(f"{prefix}.identified_by", "Identified by:",
                                           QComboBox(self), 3)
        self.identified_by.setPlaceholderText("Choose who identified them")
        self.identified_by.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.identified_by.setMinimumContentsLength(14)
        self.contact = self.form.add(f"{prefix}.contact", "Contact:", QLineEdit(self), 3)
        self.contact.setPlaceholderText("Address or telephone")
        self.remove = QPushButton("Remove", self)
        self.remove.clicked.connect(lambda: page.remove_witness(self))
        line = QHBoxLayout(self)
        line.setContentsMargins(0, 0, 0, 0)
        self.number.setMinimumHeight(self.name.sizeHint().height())
        line.addWidget(self.number, 0, Qt.AlignmentFlag.AlignTop)
        line.addLayout(self.form.row, 1)
        line.addWidget(self.remove, 0, Qt.AlignmentFlag.AlignTop)
        self.identified_by.currentIndexChanged.connect(self._chose)
        self.name.textChanged.connect(page.names_changed)
        page.watch(self.name, self.contact)
        self.identified_by.currentIndexChanged.connect(page.intake_wizard.schedule_save)
        self.identified_by.currentIndexChanged.connect(page.recheck)
        self.renumber(index)

    def renumber(self, index: int) -> None:
        """Show the line's number, and key its fields (and their messages) by it."""
        self.form.rekey(f"witnesses[{self.index}].", f"witnesses[{index}].")
        self.index = index
        self.number.setText(f"{index + 1}.")
        for key, caption, said in FIELDS:
            self.form.widgets[f"witnesses[{index}].{key}"].setAccessibleName(
                said.format(n=index + 1))
            self.form.captions[f"witnesses[{index}].{key}"].setText(
                caption if index == 0 else caption.replace("&", ""))
        self.remove.setAccessibleName(f"Remove witness {index + 1}")

    def _chose(self) -> None:
        data = self.identified_by.currentData()
        if self.identified_by.currentIndex() >= 0:
            self.chosen = self.identified_by.currentText() if isinstance(data, str) else data

    def choose_from(self, people: list[tuple[str, str | WitnessRow]]) -> None:
        """Offer these people: each a label, and a party's key ("complainant", "respondent:0")
        or the line of the witness above; keep the one chosen if they are still offered."""
        combo = self.identified_by
        combo.blockSignals(True)
        before = combo.currentIndex(), combo.currentText()
        combo.clear()
        chosen = -1
        for position, (label, choice) in enumerate(people):
            combo.addItem(label, choice)
            if (choice is self.chosen) if isinstance(choice, WitnessRow) else \
                    (isinstance(self.chosen, str) and label == self.chosen):
                chosen = position
        combo.setCurrentIndex(chosen)
        combo.blockSignals(False)
        if (combo.currentIndex(), combo.currentText()) != before:
            self.page.intake_wizard.schedule_save()

    def key(self) -> str:
        """The intake's key of who identified this witness ("" for nobody)."""
        if self.identified_by.currentIndex() < 0:
            return ""
        data = self.identified_by.currentData()
        if isinstance(data, WitnessRow):
            return f"witness:{data.index}" if data in self.page.rows else ""
        return str(data)

    def data(self) -> WitnessData:
        """The witness as entered."""
        return WitnessData(self.name.text(), self.key(), self.contact.text())


class FactsPage(IntakePage):
    """The statement of facts; a single date, a range, or "ongoing since"; the witnesses."""

    def __init__(self, wizard: IntakeHost) -> None:
        super().__init__(wizard, "4. The facts — § 2-83(c)(6)",
                         "A statement of the facts constituting the alleged violation, and the "
                         "date or period when it happened; and any witnesses the complainant "
                         "names.")
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
        layout.addWidget(self._witness_box())
        for button in (self.single, self.range, self.ongoing):
            button.toggled.connect(self._kind_changed)
        self.start.changed.connect(self._note_age)
        self.watch(self.facts, self.single, self.range, self.ongoing, self.start, self.end)
        self.single.setChecked(True)

    def _witness_box(self) -> QGroupBox:
        """The witnesses of (h)(1): a line each, in a list that scrolls, and Add."""
        box = QGroupBox("Witnesses and potential witnesses — § 2-83(h)(1), optional", self)
        note = QLabel("While the complaint is pending, only the parties and the witnesses they "
                      "or another witness identify may be told of it.", box)
        note.setWordWrap(True)
        self.witness_holder = QWidget(box)
        self.witness_column = QVBoxLayout(self.witness_holder)
        self.witness_column.setContentsMargins(0, 0, 0, 0)
        self.witness_column.addStretch(1)
        self.witness_scroll = WitnessList(box)
        self.witness_scroll.setObjectName("witnesses")
        self.witness_scroll.setWidgetResizable(True)
        self.witness_scroll.setWidget(self.witness_holder)
        self.witness_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to its fields
        self.witness_scroll.hide()
        self.rows: list[WitnessRow] = []
        self.add_button = QPushButton("&Add a witness", box)
        self.add_button.setObjectName("addWitness")
        self.add_button.clicked.connect(lambda: self.add_witness().name.setFocus())
        column = QVBoxLayout(box)
        column.addWidget(note)
        column.addWidget(self.witness_scroll)
        column.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)
        return box

    def add_witness(self) -> WitnessRow:
        """A new, empty line at the end; Tab reaches it before Add."""
        row = WitnessRow(self, len(self.rows))
        self.witness_column.insertWidget(self.witness_column.count() - 1, row)
        row.show()  # now, not when the layout next runs: the cursor goes into it at once
        before: QWidget = self.rows[-1].remove if self.rows else self.end  # the stop above
        self.rows.append(row)
        for widget in (row.name, row.identified_by, row.contact, row.remove):
            QWidget.setTabOrder(before, widget)
            before = widget
        self.witness_scroll.show()
        self.witness_scroll.setMinimumHeight(row.sizeHint().height() + 4)
        self._give_alt_keys()
        self.refresh_choices()
        self.intake_wizard.schedule_save()
        return row

    def remove_witness(self, row: WitnessRow) -> None:
        """Drop a witness; the lines below are renumbered, and a line identified by them asks
        again who identified it."""
        self.rows.remove(row)
        row.setParent(None)
        row.deleteLater()
        for index, other in enumerate(self.rows):
            other.renumber(index)
        self.witness_scroll.setVisible(bool(self.rows))
        self._give_alt_keys()
        self.refresh_choices()
        self.intake_wizard.schedule_save()
        (self.rows[min(row.index, len(self.rows) - 1)].name if self.rows
         else self.add_button).setFocus()

    def _give_alt_keys(self) -> None:
        """Each line's Remove gets a letter no other control of the step uses, while one is
        free (the first line's captions have theirs)."""
        removes = [row.remove for row in self.rows]
        taken = set(window_mnemonics(self, leave_out=removes, shown_only=False))
        for which in (QWizard.WizardButton.BackButton, QWizard.WizardButton.NextButton,
                      QWizard.WizardButton.FinishButton, QWizard.WizardButton.CancelButton):
            letter = mnemonic_of(self.intake_wizard.buttonText(which))
            if letter is not None:
                taken.add(letter)
        for button in removes:
            button.setText(with_mnemonic("Remove", taken))

    def names_changed(self) -> None:
        """A witness's name is offered (as it now reads) to the lines below."""
        if not self.intake_wizard.loading:
            self.refresh_choices()

    def refresh_choices(self, intake: Intake | None = None) -> None:
        """Offer each line who may have identified it: the complainant and the respondents as
        ``intake`` (the pages, by default) holds them, and the witnesses above, § 2-83(h)(1)."""
        intake = replace(intake or self.intake_wizard.collect(),
                         witnesses=[row.data() for row in self.rows])
        for index, row in enumerate(self.rows):
            row.choose_from([(label, self.rows[int(key.split(":")[1])]
                              if key.startswith("witness:") else key)
                             for key, label in identifiers(intake, index)])

    def initializePage(self) -> None:
        """Offer the parties as steps 1 and 2 now name them."""
        super().initializePage()
        self.refresh_choices()

    def _kind_changed(self) -> None:
        self.end.setEnabled(self.range.isChecked())

    def _note_age(self) -> None:
        """Warn (not block) when the alleged dates are more than two years old."""
        start = self.start.date()
        today = self.intake_wizard.context.today()
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
        for row in list(self.rows):
            self.rows.remove(row)
            row.setParent(None)
            row.deleteLater()
        for witness in intake.witnesses:
            row = self.add_witness()
            row.name.setText(witness.name)
            row.contact.setText(witness.contact)
        for index, (row, witness) in enumerate(zip(self.rows, intake.witnesses, strict=True)):
            key = witness.identified_by
            row.chosen = (self.rows[int(key.split(":")[1])] if key.startswith("witness:")
                          else identifier_label(intake, index) or None)
        self.witness_scroll.setVisible(bool(self.rows))
        self.refresh_choices(intake)

    def store(self, intake: Intake) -> None:
        """Write into the intake (after steps 1 and 2: a witness identified by a party whose
        name has changed since is identified by nobody until chosen again)."""
        intake.facts = self.facts.toPlainText()
        intake.violation_period = self.period()
        intake.violation_start = self.start.date()
        intake.violation_end = self.end.date() if self.range.isChecked() else None
        intake.witnesses = [row.data() for row in self.rows]
        for index, row in enumerate(self.rows):
            if intake.witnesses[index].identified_by and \
                    identifier_label(intake, index) != row.identified_by.currentText():
                intake.witnesses[index].identified_by = ""

    def field_forms(self) -> list[FieldForm]:
        """The facts' form, and each witness's line."""
        return [self.form] + [row.form for row in self.rows]

    def clear_fixed(self, problems: list[Problem]) -> None:
        """Take the message off every fixed field, the witnesses' too."""
        fields = {p.field for p in problems}
        for form in self.field_forms():
            form.clear_except(fields)

    def show_problems(self, problems: list[Problem]) -> None:
        """Each problem beside its field (a witness's on its line); the cursor goes to the
        first of them."""
        by_field = {p.field: warning_words(p) for p in problems}
        shown = [(form.widgets[key], by_field[key]) for form in self.field_forms()
                 for key in form.messages if key in by_field]
        for form in self.field_forms():
            form.show({key: text for key, text in by_field.items() if key in form.messages},
                      quiet=True)
        if shown:
            tell_problems(shown[0][0], [text for _widget, text in shown])

    def problems(self, intake: Intake) -> list[Problem]:
        """(c)(6), with a date in the future refused too, and a provision cited that was not
        law on the date given (a warning); and (h)(1), each witness's name and who identified
        them."""
        problems = (check_facts(intake) + self.intake_wizard.provision_problems(intake)
                    + check_witnesses(intake))
        today = self.intake_wizard.context.today()  # the office's date
        for key, value in (("violation_start", intake.violation_start),
                           ("violation_end", intake.violation_end)):
            if value is not None and value > today:
                problems.append(Problem(key, "A date of the alleged violation cannot be in the "
                                        "future.", "§ 2-83(c)(6)"))
        return problems
