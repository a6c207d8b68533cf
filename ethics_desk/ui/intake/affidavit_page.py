"""Step 6 — the affidavit of § 2-83(c), and the warning of § 2-83(a) before anyone signs."""

from __future__ import annotations

from PySide6.QtWidgets import QButtonGroup, QFrame, QLabel, QRadioButton, QVBoxLayout, QWidget

from ethics_desk.intake.record import Intake, Problem, check_affidavit
from ethics_desk.models import Affirmation, KnowledgeBasis
from ethics_desk.ui import palette
from ethics_desk.ui.intake.base import IntakeHost, IntakePage
from ethics_desk.ui.intake.fields import text_box

WARNING = (
    "<b>Before signing, please read this.</b> A complaint filed in good faith is protected. "
    "But a person who <b>knowingly makes a false statement</b> in a complaint, or in the "
    "Ethics Review Board's proceedings, can be <b>prosecuted for perjury</b> (§ 2-87(g)) or "
    "<b>sued for abuse of process</b>. The complaint is sworn under oath before a notary "
    "(§ 2-83(a), (c)).")


class AffidavitPage(IntakePage):
    """True and correct, or good reason to believe; personal knowledge or information and belief."""

    def __init__(self, wizard: IntakeHost) -> None:
        super().__init__(wizard, "6. The affidavit — § 2-83(c)",
                         "What the complainant swears to, and on what it rests.")
        self.true = QRadioButton("The information in the complaint is &true and correct", self)
        self.belief = QRadioButton("&Good reason to believe, and does believe, the facts "
                                   "alleged are a violation", self)
        self.belief.setToolTip("§ 2-83(c): the complainant has good reason to believe and does "
                               "believe that the facts alleged constitute a violation of the "
                               "Ethics Code or the Municipal Campaign Finance Code")
        self.affirmations = QButtonGroup(self)
        self.affirmations.addButton(self.true)
        self.affirmations.addButton(self.belief)
        self.personal = QRadioButton("&Personal knowledge", self)
        self.information = QRadioButton("&Information and belief (the source and basis must be "
                                        "stated)", self)
        self.knowledge = QButtonGroup(self)
        self.knowledge.addButton(self.personal)
        self.knowledge.addButton(self.information)
        self.form.add("oath.affirmation", "The affidavit states:",
                      self._column(self.true, self.belief))
        self.form.add("oath.knowledge", "The complaint rests on:",
                      self._column(self.personal, self.information))
        self.source = self.form.add("oath.source_and_basis", "&Source and basis of the "
                                    "information and belief:", text_box(self, 80))
        self.information.toggled.connect(self.source.setEnabled)
        warning = QLabel(WARNING, self)
        warning.setObjectName("perjuryWarning")
        warning.setWordWrap(True)
        warning.setFrameShape(QFrame.Shape.StyledPanel)
        palette.set_style(warning, "notice")
        layout = QVBoxLayout(self)
        layout.addLayout(self.form.layout)
        layout.addWidget(warning)
        layout.addStretch(1)
        self.watch(self.true, self.belief, self.personal, self.information, self.source)

    def _column(self, *widgets: QWidget) -> QWidget:
        holder = QWidget(self)
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        for widget in widgets:
            column.addWidget(widget)
        return holder

    def load(self, intake: Intake) -> None:
        """Fill from the intake."""
        oath = intake.oath
        for group in (self.affirmations, self.knowledge):
            group.setExclusive(False)
            for button in group.buttons():
                button.setChecked(False)
            group.setExclusive(True)
        if oath.affirmation is Affirmation.TRUE_AND_CORRECT:
            self.true.setChecked(True)
        elif oath.affirmation is Affirmation.GOOD_REASON_TO_BELIEVE:
            self.belief.setChecked(True)
        if oath.knowledge is KnowledgeBasis.PERSONAL_KNOWLEDGE:
            self.personal.setChecked(True)
        elif oath.knowledge is KnowledgeBasis.INFORMATION_AND_BELIEF:
            self.information.setChecked(True)
        self.source.setPlainText(oath.source_and_basis)
        self.source.setEnabled(self.information.isChecked())

    def store(self, intake: Intake) -> None:
        """Write into the intake."""
        oath = intake.oath
        oath.affirmation = (Affirmation.TRUE_AND_CORRECT if self.true.isChecked() else
                            Affirmation.GOOD_REASON_TO_BELIEVE if self.belief.isChecked() else None)
        oath.knowledge = (KnowledgeBasis.PERSONAL_KNOWLEDGE if self.personal.isChecked() else
                          KnowledgeBasis.INFORMATION_AND_BELIEF if self.information.isChecked()
                          else None)
        oath.source_and_basis = self.source.toPlainText()

    def problems(self, intake: Intake) -> list[Problem]:
        """The affidavit; information and belief needs its source and basis."""
        return check_affidavit(intake.oath)
