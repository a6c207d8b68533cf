"""Step 3 — the allegation: its nature, the provisions, and the route, § 2-83(c)(5), (d)(2)–(3)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QLabel,
    QLineEdit,
    QListView,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.folding import fold
from ethics_desk.intake.catalogue import ProvisionChoice, provision_choices, suggested_route
from ethics_desk.intake.record import Intake, Problem, check_allegation
from ethics_desk.models import Route
from ethics_desk.ui import palette
from ethics_desk.ui.intake.base import IntakeHost, IntakePage
from ethics_desk.ui.intake.fields import text_box

ID_ROLE = Qt.ItemDataRole.UserRole + 1
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 2


class FoldedFilter(QSortFilterProxyModel):
    """Type-to-search that ignores case and accents (“peña” finds “Peña”)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.needle = ""

    def set_needle(self, text: str) -> None:
        """Filter on the folded words of ``text`` (every word must appear)."""
        self.beginFilterChange()
        self.needle = fold(text)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, row: int, parent: QModelIndex | QPersistentModelIndex) -> bool:
        """Rows whose folded text contains every word typed."""
        if not self.needle:
            return True
        index = self.sourceModel().index(row, 0, parent)
        haystack = str(index.data(SEARCH_ROLE))
        return all(word in haystack for word in self.needle.split())


class AllegationPage(IntakePage):
    """The nature in the complainant's words, the provisions ("not sure" allowed), the route."""

    def __init__(self, wizard: IntakeHost) -> None:
        super().__init__(wizard, "3. The allegation — § 2-83(c)(5)",
                         "The nature of the alleged violation, and if possible the provision of "
                         "the Ethics Code or the Campaign Finance Code alleged to be violated.")
        self.choices: list[ProvisionChoice] = provision_choices(wizard.context.database)
        self.nature = self.form.add("nature", "Na&ture of the violation (in the complainant's "
                                    "words):", text_box(self, 80))
        self.search = QLineEdit(self)
        self.search.setObjectName("provisionSearch")
        self.search.setAccessibleName("Search the provisions")
        self.search.setPlaceholderText("Type to search: a section number or words, e.g. “gifts”")
        self.model = QStandardItemModel(self)
        for choice in self.choices:
            item = QStandardItem(choice.label)
            item.setCheckable(True)
            item.setEditable(False)
            item.setData(choice.id, ID_ROLE)
            item.setData(choice.search_key, SEARCH_ROLE)
            self.model.appendRow(item)
        self.proxy = FoldedFilter(self)
        self.proxy.setSourceModel(self.model)
        self.list = QListView(self)
        self.list.setObjectName("provisions")
        self.list.setAccessibleName("Provisions of the Ethics Code")
        self.list.setAccessibleDescription("Space ticks or unticks the provision under the cursor")
        self.list.setModel(self.proxy)
        self.search.textChanged.connect(self.proxy.set_needle)
        self.unsure = QCheckBox("The complainant is not &sure which provision", self)
        self.unsure.setObjectName("provisionUnsure")
        picker = QWidget(self)
        column = QVBoxLayout(picker)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.search)
        column.addWidget(self.list)
        column.addWidget(self.unsure)
        self.form.add("provision_ids", "&Provisions:", picker)
        self.ethics = QRadioButton("&Ethics Code — to the Board if it substantially complies "
                                   "(§ 2-83(d)(3))", self)
        self.campaign = QRadioButton("&Campaign finance, §§ 2-306 / 2-307 (§ 2-83(d)(2))", self)
        self.campaign.setToolTip("A complaint under § 2-306 or § 2-307 of the Municipal "
                                 "Campaign Finance Code is forwarded to the respondent "
                                 "(§ 2-83(d)(2))")
        self.routes = QButtonGroup(self)
        self.routes.addButton(self.ethics)
        self.routes.addButton(self.campaign)
        self.route_note = QLabel(self)
        self.route_note.setObjectName("routeNote")
        self.route_note.setWordWrap(True)
        self.route_confirmed = False
        route_box = QWidget(self)
        route_column = QVBoxLayout(route_box)
        route_column.setContentsMargins(0, 0, 0, 0)
        route_column.addWidget(self.ethics)
        route_column.addWidget(self.campaign)
        route_column.addWidget(self.route_note)
        self.form.add("route", "&Route:", route_box)
        self.model.itemChanged.connect(self._provisions_changed)
        self.ethics.clicked.connect(self._route_chosen)
        self.campaign.clicked.connect(self._route_chosen)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form.layout)
        self.watch(self.nature, self.unsure)

    def chosen_ids(self) -> list[int]:
        """The provisions ticked, in catalogue order."""
        return [int(self.model.item(r).data(ID_ROLE)) for r in range(self.model.rowCount())
                if self.model.item(r).checkState() == Qt.CheckState.Checked]

    def _provisions_changed(self, _item: QStandardItem) -> None:
        self._follow_route()
        self.intake_wizard.schedule_save()

    def _route_chosen(self) -> None:
        self.route_confirmed = True
        self._follow_route()
        self.intake_wizard.schedule_save()

    def suggested(self) -> Route:
        """The route the provisions ticked point to (§ 2-83(d)(2): a §§ 2-306/2-307
        provision, campaign finance; otherwise, and with none ticked, the Ethics Code)."""
        return suggested_route(self.choices, self.chosen_ids())

    def chosen_route(self) -> Route:
        """The route shown as selected (one always is)."""
        return Route.CAMPAIGN_FINANCE if self.campaign.isChecked() else Route.ETHICS_CODE

    def _follow_route(self) -> None:
        """The route shown follows the provisions until the clerk chooses one."""
        suggested = self.suggested()
        if not self.route_confirmed:
            (self.campaign if suggested is Route.CAMPAIGN_FINANCE else self.ethics).setChecked(True)
        chosen = self.chosen_route()
        if chosen is suggested:
            self.route_note.setText(f"The provisions chosen point to: {suggested.label}."
                                    if self.chosen_ids() else
                                    f"No provision ticked: {suggested.label}, unless the "
                                    "complainant alleges a campaign-finance violation.")
            palette.set_style(self.route_note, None)
        else:
            self.route_note.setText(f"⚠ The provisions chosen point to {suggested.label}, but "
                                    f"{chosen.label} is chosen. Check with the complainant.")
            palette.set_style(self.route_note, "warning")

    def load(self, intake: Intake) -> None:
        """Fill from the intake."""
        self.nature.setPlainText(intake.nature)
        chosen = set(intake.provision_ids)
        self.model.blockSignals(True)
        for r in range(self.model.rowCount()):
            item = self.model.item(r)
            item.setCheckState(Qt.CheckState.Checked if int(item.data(ID_ROLE)) in chosen
                               else Qt.CheckState.Unchecked)
        self.model.blockSignals(False)
        self.unsure.setChecked(intake.provision_unsure)
        # A route other than the provisions' was chosen by the clerk and stays; the one they
        # point to keeps following them.
        self.route_confirmed = intake.route is not None and intake.route is not self.suggested()
        if intake.route is not None:
            (self.campaign if intake.route is Route.CAMPAIGN_FINANCE else self.ethics).setChecked(
                True)
        self._follow_route()

    def store(self, intake: Intake) -> None:
        """Write into the intake, with the route shown as selected (Next takes it as it is:
        it is preselected from the provisions, and needs no second click)."""
        intake.nature = self.nature.toPlainText()
        intake.provision_ids = self.chosen_ids()
        intake.provision_unsure = self.unsure.isChecked()
        intake.route = self.chosen_route()

    def problems(self, intake: Intake) -> list[Problem]:
        """(c)(5). The provision is asked for "if possible": none ticked, and "not sure" not
        ticked either, is a warning (ask the complainant), never a block; "not sure" alone is
        enough. The route is always one of the two, preselected."""
        problems = check_allegation(intake)
        if not intake.provision_ids and not intake.provision_unsure:
            problems.append(Problem("provision_ids", "No provision is ticked: ask the "
                                    "complainant, or tick “not sure”", "§ 2-83(c)(5)",
                                    warning=True))
        return problems
