"""The choice of a paper's language, as the intake, the Papers tab and the information sheet
offer it: one combo box of :class:`~ethics_desk.core.vocabulary.Language` labels."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from ethics_desk.core.vocabulary import Language


def language_box(parent: QWidget, accessible_name: str) -> QComboBox:
    """A combo box of the languages the papers are printed in (English first)."""
    box = QComboBox(parent)
    for language in Language:
        box.addItem(language.label, language.value)
    box.setAccessibleName(accessible_name)
    return box


def chosen_language(box: QComboBox) -> Language:
    """The language chosen in ``box``."""
    return Language(str(box.currentData()))


def choose_language(box: QComboBox, language: Language) -> None:
    """Show ``language`` as chosen in ``box``."""
    box.setCurrentIndex(max(0, box.findData(language.value)))
