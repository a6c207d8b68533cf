"""Step 1 — the complainant, § 2-83(c)(1)–(2); who may file, (a)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout

from ethics_desk.intake.record import Intake, Problem, check_complainant, valid_phone
from ethics_desk.ui.intake.base import IntakeHost, IntakePage
from ethics_desk.ui.intake.fields import text_box
from ethics_desk.ui.language import choose_language, chosen_language, language_box


class ComplainantPage(IntakePage):
    """Name, address, telephone, e-mail; a Board member or staff acting for the Board."""

    def __init__(self, wizard: IntakeHost) -> None:
        super().__init__(wizard, "1. The complainant — § 2-83(c)(1)–(2)",
                         "Who is filing, and how the Clerk reaches them. Any person may file, "
                         "including a member of the Ethics Review Board or its staff (§ 2-83(a)).")
        self.name = self.form.add("complainant.name", "Na&me:", QLineEdit(self))
        self.address = self.form.add("complainant.address", "Street or mailing &address:",
                                     text_box(self, 64))
        self.phone = self.form.add("complainant.phone", "&Telephone:", QLineEdit(self))
        self.phone.setPlaceholderText("e.g. 210-555-0143")
        self.email = self.form.add("complainant.email", "&E-mail (optional):", QLineEdit(self))
        self.language = self.form.add(
            "complainant.preferred_language", "&Language of the papers:",
            language_box(self, "The complainant's preferred language for the papers"))
        self.language.setToolTip("The receipt and the letters to the complainant are printed in "
                                 "this language; the Code itself stays in English.")
        self.language.currentIndexChanged.connect(wizard.schedule_save)
        self.board = self.form.add("complainant.is_board_member_or_staff", "",
                                   QCheckBox("A member of the Ethics Review Board or its "
                                             "&staff", self))
        self.acting = self.form.add("complainant.acting_for_board", "",
                                    QCheckBox("Acting on &behalf of the Board (§ 2-83(a))",
                                              self))
        self.board.toggled.connect(self._board_toggled)
        self.phone.editingFinished.connect(self._check_phone)
        self.info_button = QPushButton("Print the &information sheet (§ 2-83(b))…", self)
        self.info_button.clicked.connect(wizard.show_info_sheet)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form.layout)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.info_button)
        layout.addLayout(row)
        layout.addStretch(1)
        self.watch(self.name, self.address, self.phone, self.email, self.board, self.acting)

    def _board_toggled(self, on: bool) -> None:
        self.acting.setEnabled(on)
        if not on:
            self.acting.setChecked(False)

    def _check_phone(self) -> None:
        """Say at once when a telephone number is not a US number (without blocking typing)."""
        text = self.phone.text().strip()
        message = self.form.messages["complainant.phone"]
        if text and not valid_phone(text):
            message.say(f"⚠ “{text}” is not a US telephone number; check it — a number abroad "
                        "is kept as given (§ 2-83(c)(2)).")
        elif message.isVisible() and text:
            message.say("")

    def load(self, intake: Intake) -> None:
        """Fill from the intake."""
        c = intake.complainant
        self.name.setText(c.name)
        self.address.setPlainText(c.address)
        self.phone.setText(c.phone)
        self.email.setText(c.email)
        choose_language(self.language, c.preferred_language)
        self.board.setChecked(c.is_board_member_or_staff)
        self.acting.setChecked(c.acting_for_board)
        self._board_toggled(c.is_board_member_or_staff)

    def store(self, intake: Intake) -> None:
        """Write into the intake."""
        c = intake.complainant
        c.name = self.name.text()
        c.address = self.address.toPlainText()
        c.phone = self.phone.text()
        c.email = self.email.text()
        c.preferred_language = chosen_language(self.language)
        c.is_board_member_or_staff = self.board.isChecked()
        c.acting_for_board = self.acting.isChecked()

    def problems(self, intake: Intake) -> list[Problem]:
        """(c)(1)–(2)."""
        return check_complainant(intake.complainant)
