"""The base of every intake page: load from and store into the wizard's :class:`Intake`,
check its own § 2-83(c) items, and show each problem beside its field."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QWidget,
    QWizardPage,
)

from ethics_desk.intake.record import Intake, Problem, blocking
from ethics_desk.ui.date_field import DateField
from ethics_desk.ui.intake.fields import FieldForm

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter
    from PySide6.QtWidgets import QWizard

    from ethics_desk.ui.context import AppContext


class IntakeHost(Protocol):
    """What a page asks of the wizard it is a step of (:class:`~ethics_desk.ui.intake.wizard.
    IntakeWizard`): the application's context, the intake as typed, and the wizard's acts. The
    pages know the wizard by this alone, so the wizard imports its pages and none of them
    imports it back."""

    context: AppContext
    draft_id: int | None
    COMPLAINANT: int
    RESPONDENTS: int
    ALLEGATION: int
    FACTS: int
    DOCUMENTS: int
    AFFIDAVIT: int
    SIGNING: int
    REVIEW: int

    @property
    def loading(self) -> bool:
        """Whether the pages are being filled from the intake (a change then is no edit)."""

    def collect(self) -> Intake:
        """The intake as typed on every page."""

    def provision_problems(self, intake: Intake) -> list[Problem]:
        """The problems of the provisions chosen."""

    def provision_citations(self, ids: list[int]) -> list[str]:
        """The citations of the provisions ``ids``."""

    def period_words(self, intake: Intake) -> str:
        """The date or period of (c)(6) in words."""

    def default_county(self) -> str:
        """The county a notary's venue names when none is typed."""

    def schedule_save(self) -> None:
        """Save the draft shortly."""

    def save_draft(self) -> bool:
        """Save the draft now; whether it was saved."""

    def go_to(self, page_id: int) -> None:
        """Show the step ``page_id``."""

    def sworn_complaint_pdf(self) -> bytes:
        """The sworn complaint for the intake as typed."""

    def print_sworn_complaint(self, printer: QPrinter | None = None) -> int:
        """Print the complaint for signing; the pages printed."""

    def show_info_sheet(self) -> None:
        """Show the information sheet of § 2-83(b)."""

    def buttonText(self, which: QWizard.WizardButton) -> str:
        """The text of one of the wizard's buttons."""

    def currentPage(self) -> QWizardPage:
        """The step shown."""


def warning_words(problem: Problem) -> str:
    """A problem as shown beside its field: a warning says the filing goes on."""
    text = f"{problem.message} ({problem.citation})"
    return (f"⚠ {text}. It can be filed without it: the Compliance Auditor decides."
            if problem.warning else text)


class IntakePage(QWizardPage):
    """One step of the intake, named with its § 2-83 item."""

    def __init__(self, wizard: IntakeHost, title: str, subtitle: str) -> None:
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
        """Save the draft shortly after any of these widgets change, and take a message off a
        field as soon as it is fixed."""
        for widget in widgets:
            if isinstance(widget, (QLineEdit, QPlainTextEdit)):
                widget.textChanged.connect(self.intake_wizard.schedule_save)
                widget.textChanged.connect(self.recheck)
            elif isinstance(widget, (QCheckBox, QRadioButton)):
                widget.toggled.connect(self.intake_wizard.schedule_save)
                widget.toggled.connect(self.recheck)
            elif isinstance(widget, DateField):
                widget.changed.connect(self.intake_wizard.schedule_save)
                widget.changed.connect(self.recheck)

    def show_problems(self, problems: list[Problem]) -> None:
        """Each problem beside its field, with its citation (a warning says it is one)."""
        self.form.show({p.field: warning_words(p) for p in problems})

    def field_forms(self) -> list[FieldForm]:
        """The forms whose messages this page shows (a page of boxes has one per box)."""
        return [self.form]

    def clear_fixed(self, problems: list[Problem]) -> None:
        """Take the message off every field that no longer has a problem."""
        self.form.clear_except({p.field for p in problems})

    def recheck(self) -> None:
        """After an edit, check the page again: a fixed field's message goes (a field not yet
        complained about is not complained about while it is being typed)."""
        if self.intake_wizard.loading or not any(f.any_showing() for f in self.field_forms()):
            return
        self.clear_fixed(self.problems(self.intake_wizard.collect()))

    def date_fields(self) -> list[DateField]:
        """The page's date fields."""
        return [w for form in self.field_forms() for w in form.widgets.values()
                if isinstance(w, DateField)]

    def validatePage(self) -> bool:
        """Next is never disabled: it checks this page and says what is missing, and where.
        A date that is not a date keeps its text and says so beside itself.

        A (c) element the complaint lacks is a warning, not a block (the Compliance Auditor's
        review decides substantial compliance, § 2-83(d)(3)): Next shows it, with its citation,
        and stays once; pressed again with the same warnings, it goes on."""
        intake = self.intake_wizard.collect()
        problems = self.problems(intake)
        mistyped = [w for w in self.date_fields() if w.problem()]
        names = {w.objectName() for w in mistyped}
        self.show_problems([p for p in problems if p.field not in names])
        for field in mistyped:
            field.show_problem()
        if mistyped:
            mistyped[0].setFocus(Qt.FocusReason.OtherFocusReason)
        self.intake_wizard.save_draft()
        warnings = frozenset((p.field, p.message) for p in problems if p.warning)
        seen: frozenset[tuple[str, str]] = getattr(self, "_warned", frozenset())
        self._warned = warnings
        return not blocking(problems) and not mistyped and warnings <= seen
