"""The base of every intake page: load from and store into the wizard's :class:`Intake`,
check its own § 2-83(c) items, and show each problem beside its field."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QDateEdit,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QWidget,
    QWizardPage,
)

from ethics_desk.intake.record import Intake, Problem
from ethics_desk.ui.intake.fields import FieldForm

if TYPE_CHECKING:
    from ethics_desk.ui.intake.wizard import IntakeWizard


class IntakePage(QWizardPage):
    """One step of the intake, named with its § 2-83 item."""

    def __init__(self, wizard: IntakeWizard, title: str, subtitle: str) -> None:
        super().__init__()
        self.intake_wizard = wizard
        self.setTitle(title)
        self.setSubTitle(subtitle)
        self.form = FieldForm(self)

    # -- to be provided by each page ------------------------------------------------------------

    def load(self, intake: Intake) -> None:
        """Fill the widgets from ``intake``."""
        raise NotImplementedError

    def store(self, intake: Intake) -> None:
        """Write the widgets' values into ``intake``."""
        raise NotImplementedError

    def problems(self, intake: Intake) -> list[Problem]:
        """This page's problems (from ``ethics_desk.intake.record``)."""
        return []

    # -- shared behaviour ---------------------------------------------------------------------

    def watch(self, *widgets: QWidget) -> None:
        """Save the draft shortly after any of these widgets change."""
        for widget in widgets:
            if isinstance(widget, (QLineEdit, QPlainTextEdit)):
                widget.textChanged.connect(self.intake_wizard.schedule_save)
            elif isinstance(widget, (QCheckBox, QRadioButton)):
                widget.toggled.connect(self.intake_wizard.schedule_save)
            elif isinstance(widget, QDateEdit):
                widget.dateChanged.connect(self.intake_wizard.schedule_save)

    def show_problems(self, problems: list[Problem]) -> None:
        """Each problem beside its field, with its citation."""
        self.form.show({p.field: f"{p.message} ({p.citation})" for p in problems})

    def validatePage(self) -> bool:
        """Next is never disabled: it checks this page and says what is missing, and where."""
        intake = self.intake_wizard.collect()
        problems = self.problems(intake)
        self.show_problems(problems)
        self.intake_wizard.save_draft()
        return not problems
