"""Drives the intake wizard through its real widgets, the way a clerk would."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QWizard
from pytestqt.qtbot import QtBot

from ethics_desk.ui.intake.facts_page import FactsPage
from ethics_desk.ui.intake.wizard import IntakeWizard
from tests.ui.conftest import type_text


def click(qtbot: QtBot, button: QAbstractButton) -> None:
    """Click a check box or radio button on its indicator, where a person clicks."""
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))


def next_page(qtbot: QtBot, wizard: IntakeWizard) -> None:
    """Click Next."""
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)


def fill_complainant(qtbot: QtBot, wizard: IntakeWizard, name: str = "José Peña") -> None:
    """Step 1."""
    page = wizard.currentPage()
    type_text(qtbot, page.name, name)
    type_text(qtbot, page.address, "411 W. Nueva St.\nSan Antonio, TX 78207")
    qtbot.keyClicks(page.phone, "(210) 555-0143")


def fill_respondent(qtbot: QtBot, wizard: IntakeWizard,
                    name: str = "Nguyễn Thị Minh Khai") -> None:
    """Step 2, first respondent."""
    box = wizard.currentPage().boxes[0]
    type_text(qtbot, box.name, name)
    qtbot.keyClicks(box.title_edit, "Director")
    qtbot.keyClicks(box.department, "Parks and Recreation")
    qtbot.keyClicks(box.address, "P.O. Box 839966, San Antonio, TX 78283")


def fill_allegation(qtbot: QtBot, wizard: IntakeWizard, search: str = "public property") -> None:
    """Step 3: nature, a provision found by typing, the route confirmed."""
    page = wizard.currentPage()
    qtbot.keyClicks(page.nature, "Used City trucks for a private catering business.")
    qtbot.keyClicks(page.search, search)
    assert page.proxy.rowCount() >= 1
    index = page.proxy.index(0, 0)
    page.proxy.setData(index, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    click(qtbot, page.ethics if "2-30" not in search else page.campaign)


def fill_facts(qtbot: QtBot, wizard: IntakeWizard) -> None:
    """Step 4: facts over a period."""
    page = wizard.currentPage()
    qtbot.keyClicks(page.facts, "On three Saturdays in October the respondent drove a City "
                                "truck to private events.")
    click(qtbot, page.range)
    page.start.set_date(date(2026, 10, 3))
    page.end.set_date(date(2026, 10, 17))


def add_witness(qtbot: QtBot, wizard: IntakeWizard, name: str, identified_by: str,
                contact: str = "") -> None:
    """Step 4: Add a witness, type their name, choose who identified them (as the list offers
    them: "José Peña (complainant)"), type how to reach them."""
    page = wizard.page_of(FactsPage)
    assert wizard.currentPage() is page
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    row = page.rows[-1]
    type_text(qtbot, row.name, name)
    offered = row.identified_by.findText(identified_by)
    assert offered >= 0, [row.identified_by.itemText(i) for i in range(row.identified_by.count())]
    row.identified_by.setCurrentIndex(offered)
    type_text(qtbot, row.contact, contact)


def fill_witnesses(qtbot: QtBot, wizard: IntakeWizard) -> None:
    """Step 4, § 2-83(h)(1): a witness the complainant names, and one that witness names."""
    add_witness(qtbot, wizard, "Ana Lucía Ortiz", "José Peña (complainant)", "210-555-0199")
    add_witness(qtbot, wizard, "Søren Kierkegård", "Ana Lucía Ortiz (witness)")


def fill_documents(qtbot: QtBot, wizard: IntakeWizard, exhibit: Path) -> None:
    """Step 5: one attachment, one document held elsewhere."""
    page = wizard.currentPage()
    assert page.attach_paths([exhibit]) == []
    page.elsewhere.add_row("Fleet GPS logs", "Fleet Services Division")


def fill_affidavit(qtbot: QtBot, wizard: IntakeWizard) -> None:
    """Step 6: true and correct, personal knowledge."""
    page = wizard.currentPage()
    click(qtbot, page.true)
    click(qtbot, page.personal)


def fill_oath(qtbot: QtBot, wizard: IntakeWizard, sworn: bool = True) -> None:
    """Step 7: the oath."""
    page = wizard.currentPage()
    if not sworn:
        click(qtbot, page.unsworn)
        return
    click(qtbot, page.sworn)
    type_text(qtbot, page.notary, "Ana María Treviño")
    qtbot.keyClicks(page.commission, "13245678-9")
    page.expires.set_date(date(2028, 5, 31))
    assert page.sworn_on.date() == date(2026, 11, 30)
    assert page.county.text() == "Bexar"


def drive_to_review(qtbot: QtBot, wizard: IntakeWizard, exhibit: Path, *,
                    sworn: bool = True) -> None:
    """Every step, from an empty wizard to the review page."""
    for fill in (fill_complainant, fill_respondent, fill_allegation, fill_facts):
        fill(qtbot, wizard)
        next_page(qtbot, wizard)
    fill_documents(qtbot, wizard, exhibit)
    next_page(qtbot, wizard)
    fill_affidavit(qtbot, wizard)
    next_page(qtbot, wizard)
    fill_oath(qtbot, wizard, sworn)
    next_page(qtbot, wizard)
    assert wizard.currentId() == IntakeWizard.REVIEW


def exhibit_pdf(folder: Path) -> Path:
    """A small real PDF to attach."""
    from reportlab.pdfgen import canvas

    path = folder / "truck-photos.pdf"
    pdf = canvas.Canvas(str(path), invariant=1)
    pdf.drawString(72, 720, f"Photographs, {date(2026, 10, 3).isoformat()}")
    pdf.save()
    return path
