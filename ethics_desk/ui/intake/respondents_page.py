"""Step 2 — each person complained about, § 2-83(c)(3)–(4)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.intake.record import Intake, Problem, RespondentData, check_respondents
from ethics_desk.ui import palette
from ethics_desk.ui.intake.base import IntakeHost, IntakePage, warning_words
from ethics_desk.ui.intake.fields import FieldForm, FieldMessage, text_box
from ethics_desk.ui.language import choose_language, chosen_language, language_box


class RespondentBox(QGroupBox):
    """One respondent's fields, with their inline messages and a Remove button."""

    def __init__(self, page: RespondentsPage, index: int) -> None:
        super().__init__(page.holder)
        self.form = FieldForm(self)
        self.index = index
        prefix = f"respondents[{index}]"
        self.name = self.form.add(f"{prefix}.name", "Na&me:", QLineEdit(self))
        self.title_edit = self.form.add(f"{prefix}.title", "&Position or title:", QLineEdit(self))
        self.department = self.form.add(f"{prefix}.department", "&Department or board:",
                                        QLineEdit(self))
        self.address = self.form.add(f"{prefix}.address", "Ma&iling address:", text_box(self, 52))
        self.language = self.form.add(
            f"{prefix}.preferred_language", "&Language of the papers:",
            language_box(self, "The respondent's preferred language for the papers"))
        self.language.currentIndexChanged.connect(page.intake_wizard.schedule_save)
        self.address_note = FieldMessage(self)
        palette.set_style(self.address_note, "warning")
        self.remove = QPushButton("&Remove this respondent", self)
        self.remove.clicked.connect(lambda: page.remove(self))
        layout = QVBoxLayout(self)
        layout.addLayout(self.form.layout)
        layout.addWidget(self.address_note)
        layout.addWidget(self.remove, 0, Qt.AlignmentFlag.AlignRight)
        self.address.textChanged.connect(self.note_address)
        page.watch(self.name, self.title_edit, self.department, self.address)
        self.renumber(index)

    def renumber(self, index: int) -> None:
        """Show the respondent's number in its title."""
        self.index = index
        self.setTitle(f"Respondent {index + 1}")

    def note_address(self) -> None:
        """A warning, not a block: mailed notices need an address (§ 2-83(d)(1), (e))."""
        missing = not self.address.toPlainText().strip()
        self.address_note.say("No mailing address: the notices of § 2-83(d)(1) and (e) cannot "
                              "be mailed until one is known." if missing else "")

    def data(self) -> RespondentData:
        """The respondent as entered."""
        return RespondentData(name=self.name.text(), title=self.title_edit.text(),
                              department=self.department.text(),
                              address=self.address.toPlainText(),
                              preferred_language=chosen_language(self.language))

    def fill(self, data: RespondentData) -> None:
        """Show a stored respondent."""
        self.name.setText(data.name)
        self.title_edit.setText(data.title)
        self.department.setText(data.department)
        self.address.setPlainText(data.address)
        choose_language(self.language, data.preferred_language)
        self.note_address()


class RespondentsPage(IntakePage):
    """One or more respondents, each with a name and a position or title."""

    def __init__(self, wizard: IntakeHost) -> None:
        super().__init__(wizard, "2. The respondents — § 2-83(c)(3)–(4)",
                         "Each person complained about, with their position or title. A mailing "
                         "address is needed to mail their notices.")
        self.holder = QWidget(self)
        self.column = QVBoxLayout(self.holder)
        self.column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.holder)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a container: Tab goes to its fields
        self.boxes: list[RespondentBox] = []
        self.none_message = FieldMessage(self)
        self.none_message.setObjectName("message:respondents")
        self.add_button = QPushButton("&Add another respondent", self)
        self.add_button.setObjectName("addRespondent")
        self.add_button.clicked.connect(lambda: self.add().name.setFocus())
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.none_message)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addStretch(1)
        layout.addLayout(row)

    def add(self) -> RespondentBox:
        """A new, empty respondent at the end."""
        box = RespondentBox(self, len(self.boxes))
        self.column.insertWidget(self.column.count() - 1, box)
        self.boxes.append(box)
        QWidget.setTabOrder(box.remove, self.add_button)  # Tab: every box, then Add another
        box.note_address()
        return box

    def remove(self, box: RespondentBox) -> None:
        """Drop a respondent; the others are renumbered."""
        self.boxes.remove(box)
        box.setParent(None)
        box.deleteLater()
        for index, other in enumerate(self.boxes):
            other.renumber(index)
        self.intake_wizard.schedule_save()

    def load(self, intake: Intake) -> None:
        """One box per respondent; at least one empty box to start with."""
        for box in list(self.boxes):
            self.boxes.remove(box)
            box.setParent(None)
            box.deleteLater()
        for respondent in intake.respondents or [RespondentData()]:
            self.add().fill(respondent)

    def store(self, intake: Intake) -> None:
        """Every box that is not entirely empty."""
        intake.respondents = [b.data() for b in self.boxes
                              if any((b.data().name, b.data().title, b.data().department,
                                      b.data().address))]

    def problems(self, intake: Intake) -> list[Problem]:
        """(c)(3)–(4)."""
        return check_respondents(intake.respondents)

    def field_forms(self) -> list[FieldForm]:
        """Each box has its own form."""
        return [box.form for box in self.boxes]

    def clear_fixed(self, problems: list[Problem]) -> None:
        """As :meth:`show_problems` numbers them: a fixed field's message goes."""
        by_field = {p.field for p in problems}
        if "respondents" not in by_field:
            self.none_message.say("")
        filled = [b for b in self.boxes if any((b.data().name, b.data().title,
                                                b.data().department, b.data().address))]
        for position, box in enumerate(filled):
            prefix = f"respondents[{position}]"
            box.form.clear_except({key.replace(prefix, f"respondents[{box.index}]")
                                   for key in by_field if key.startswith(prefix + ".")})

    def recheck(self) -> None:
        """As every page, counting the "add at least one" message too."""
        if not self.none_message.isHidden() and not self.intake_wizard.loading:
            self.clear_fixed(self.problems(self.intake_wizard.collect()))
            return
        super().recheck()

    def show_problems(self, problems: list[Problem]) -> None:
        """Each box shows its own; "add at least one" shows under the list."""
        by_field = {p.field: warning_words(p) for p in problems}
        self.none_message.say(by_field.get("respondents", ""))
        # store() drops empty boxes, so number problems by the boxes that have content.
        filled = [b for b in self.boxes if any((b.data().name, b.data().title,
                                                b.data().department, b.data().address))]
        for box in self.boxes:
            box.form.show({})
        for position, box in enumerate(filled):
            prefix = f"respondents[{position}]"
            box.form.show({key.replace(prefix, f"respondents[{box.index}]"): text
                           for key, text in by_field.items() if key.startswith(prefix + ".")})
