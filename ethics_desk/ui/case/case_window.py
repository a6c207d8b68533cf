"""The case view: header, parties and allegation, documents, reviews, deadlines with their
explanations, the history from the audit trail, the notes of calls, visits and e-mails — and
the actions the controller allows. Ctrl+K finds any other case the person receives.

What matters comes first. The steps this person may take now are the first buttons; those the
controller does not allow follow, greyed, each with its reason as a tooltip and an accessible
description, and the reasons are one line under them (the one reason, or how many steps wait,
with **Why not?** to unfold the list). What stops a step (a block) and what the clerk should
know but may go on with (a warning) differ in sign, colour and words: "⊘ Not possible now" in
the error colour, "⚠ Warning" in the warning colour (:mod:`ethics_desk.ui.palette`). An overdue
deadline says so in the overdue colour with its business days, as the deadline engine counts
them ("Overdue by 3 business days"), in the header and on the Deadlines tab. The header names
every issued paper that states a date which no longer holds (a closure moved the response date
it gives); the Papers tab offers its corrected reissue. Every
save checks the version the clerk was looking at, so a change made at another workstation is
never overwritten silently.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, Qt, QUrl, Signal
from PySide6.QtGui import QCloseEvent, QColor, QDesktopServices, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.cases.case_file import (
    CaseFile,
    DeadlineLine,
    DocumentLine,
    PartyLine,
    TimelineLine,
    load_case,
    verified_attachment,
)
from ethics_desk.core.errors import ConflictError, RuleError, UserError
from ethics_desk.core.office_time import stamp
from ethics_desk.core.permissions import Act
from ethics_desk.deadlines.clocks import short_title
from ethics_desk.documents.stated_dates import StalePaper
from ethics_desk.models import CaseState, in_a_sentence
from ethics_desk.storage.private_files import ExhibitFolder
from ethics_desk.ui import palette
from ethics_desk.ui.accessibility import announce
from ethics_desk.ui.acts import declare, offer
from ethics_desk.ui.case.access_panel import AccessPanel
from ethics_desk.ui.case.documents_page import DocumentsPage
from ethics_desk.ui.case.forms import ActionDialog, form_for
from ethics_desk.ui.case.hearing_record_panel import HearingRecordPanel
from ethics_desk.ui.case.notes_panel import NotesPanel
from ethics_desk.ui.case.papers_panel import PapersPanel
from ethics_desk.ui.case.witnesses_panel import WitnessesPanel
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.errors import FAILED, attempt, show_user_error
from ethics_desk.ui.find_case import SHORTCUT, FindCaseDialog, find_a_case
from ethics_desk.ui.flow_layout import FlowLayout, flow_policy
from ethics_desk.ui.mnemonics import mnemonic_of, window_mnemonics, with_mnemonic, with_mnemonics
from ethics_desk.ui.models.rows import ROW_ROLE, Column, RowsModel, rows_view
from ethics_desk.ui.office_display import office_time_zone
from ethics_desk.ui.operations import operate, perform
from ethics_desk.ui.sizing import fit_to_screen
from ethics_desk.ui.tab_pages import TabPages
from ethics_desk.workflow import Payload
from ethics_desk.workflow.controller import EventOption
from ethics_desk.workflow.table import BY_EVENT

OUTCOME = 4
"""The Deadlines tab's column that says how each clock stands."""

CHOOSE_A_DEADLINE = "Select a deadline to see how its date was counted."
"""The Deadlines tab's explanation while no deadline is chosen."""


def _e(text: str) -> str:
    return html.escape(text or "").replace("\n", "<br>")


class CaseWindow(QMainWindow):
    """One complaint, opened from the inbox or the calendar."""

    changed = Signal(int)
    resume_draft = Signal(int)
    case_requested = Signal(int)
    """Another case to open, found with Ctrl+K (:mod:`ethics_desk.ui.find_case`)."""

    def __init__(self, context: AppContext, case_id: int, parent: QWidget | None = None, *,
                 opened: CaseFile | None = None) -> None:
        """``opened`` is the case as the main window read it on opening it (audited then,
        :meth:`~ethics_desk.ui.main_window.MainWindow.open_case`, with ``shown_on`` today, so
        that the header's warnings were read with it), shown as it is instead of read again;
        without it the first reading here is the opening, audited with it."""
        super().__init__(parent)
        self.context = context
        self.case_id = case_id
        self.case: CaseFile | None = None
        self._party_members: list[str] = []
        self.stale: list[StalePaper] = []
        self.exhibits = ExhibitFolder()
        self._deadline_parts: tuple[QTableView, QPlainTextEdit] | None = None
        self.setObjectName("caseWindow")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.header = QLabel(self)
        self.header.setObjectName("caseHeader")
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.header.setWordWrap(True)
        self.actions_box = QWidget(self)  # the steps allowed now, in rows that wrap
        self.actions_row = FlowLayout(self.actions_box)
        flow_policy(self.actions_box)
        self.action_buttons: dict[str, QPushButton] = {}
        self.reasons = QLabel(self)  # one line: what stops the greyed steps
        self.reasons.setObjectName("actionReasons")
        self.reasons.setWordWrap(True)
        self.reasons.setAccessibleName("Steps not possible now")
        palette.set_style(self.reasons, "error, regular")
        self.why_button = QToolButton(self)
        self.why_button.setObjectName("whyNot")
        self.why_button.setCheckable(True)
        self.why_button.setAccessibleName("Why the greyed steps are not possible now")
        self.why_button.toggled.connect(self._unfold_reasons)
        declare(None, self.why_button)  # shows what is on screen already
        self.reasons_list = QLabel(self)  # unfolded: each greyed step and its reason
        self.reasons_list.setObjectName("actionReasonsList")
        self.reasons_list.setWordWrap(True)
        self.reasons_list.setTextFormat(Qt.TextFormat.RichText)
        self.reasons_list.setAccessibleName("Each step not possible now, and why")
        palette.set_style(self.reasons_list, "error, regular")
        self.reasons_list.hide()
        reasons_row = QWidget(self)
        reasons_line = QHBoxLayout(reasons_row)
        reasons_line.setContentsMargins(0, 0, 0, 0)
        reasons_line.addWidget(self.reasons, 1)
        reasons_line.addWidget(self.why_button, 0, Qt.AlignmentFlag.AlignTop)
        self.tabs = QTabWidget(self)
        self.pages = TabPages(self.tabs)  # each page but the summary built when first chosen
        self.summary = QTextBrowser(self)
        self.summary.setObjectName("caseSummary")
        self.documents = RowsModel[DocumentLine](
            [Column("List", lambda d: d.section), Column("Document", lambda d: d.description),
             Column("Location", lambda d: d.location),
             Column("File", lambda d: f"{d.file_name} ({d.size / 1024:,.0f} KB)"
                    if d.file_name else ""),
             Column("SHA-256", lambda d: d.sha256[:16] + "…" if d.sha256 else "")], self)
        self.deadlines = RowsModel[DeadlineLine](
            [Column("Deadline", lambda d: short_title(d.title)),
             Column("Rule", lambda d: d.citation),
             Column("Started", lambda d: f"{d.trigger_on} ({d.trigger_basis})"),
             Column("Due", lambda d: d.due_on.isoformat()),
             Column("Outcome", self._standing)], self,
            tooltip=lambda d: f"{d.title} ({d.citation})\n{d.explanation}",
            bold=lambda d, column: column == OUTCOME and d.is_overdue(self.context.today()),
            style=self._overdue_colour)
        self.timeline = RowsModel[TimelineLine](
            [Column("When", lambda t: stamp(t.at, office_time_zone(), with_zone=False)),
             Column("Who", lambda t: t.actor), Column("What", lambda t: t.summary)], self,
            tooltip=lambda t: t.action)
        self._build_tabs()
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.addWidget(self.header)
        layout.addWidget(self.actions_box)
        layout.addWidget(reasons_row)
        layout.addWidget(self.reasons_list)
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(body)
        QShortcut(QKeySequence.StandardKey.Refresh, self).activated.connect(self.reload)
        QShortcut(QKeySequence.StandardKey.Close, self).activated.connect(self.close)
        QShortcut(QKeySequence(SHORTCUT), self).activated.connect(self.find_case)
        QShortcut(QKeySequence.StandardKey.HelpContents, self).activated.connect(
            self.show_manual)
        fit_to_screen(self, 1100, 780)
        self._opened = opened is not None
        if opened is None:
            self.reload()
        else:
            self._show(opened)

    # -- building ---------------------------------------------------------------------------

    def _table(self, model: QAbstractTableModel, name: str, stretch: int,
               spoken: str) -> QTableView:
        """A read-only table whose ``stretch`` column takes the spare width."""
        return rows_view(model, name, stretch, self, keep_for=self.context, spoken=spoken)

    def _build_tabs(self) -> None:
        """The tabs, in their order; every page but the summary is built when it is first
        chosen (:class:`~ethics_desk.ui.tab_pages.TabPages`), and the tabs that
        list more of the case read it only when first shown (``fill_when_shown``)."""
        self.tabs.addTab(self.summary, "&Summary")
        self.pages.add("documents", "&Documents", self._documents_page,
                       keys=DocumentsPage.ALT_KEYS | HearingRecordPanel.ALT_KEYS)
        self.pages.add("papers", "&Papers", self._papers_page, keys=PapersPanel.ALT_KEYS)
        self.pages.add("witnesses", "Witn&esses", self._witnesses_page,
                       keys=WitnessesPanel.ALT_KEYS)
        self.pages.add("reviews", "Re&views", self._reviews_page)
        self.pages.add("deadlines", "Dead&lines", self._deadlines_page)
        self.pages.add("history", "&History", self._history_page)
        self.pages.add("notes", "&Notes", self._notes_page, keys=NotesPanel.ALT_KEYS)
        if self.context.may(Act.ACCESS_HISTORY):  # who saw the case: the Clerk's, § 2-83(h)
            self.pages.add("access", "A&ccess", self._access_page, keys=AccessPanel.ALT_KEYS)

    def _documents_page(self) -> DocumentsPage:
        page = DocumentsPage(self.context, self.case_id, self.documents, self)
        page.view.doubleClicked.connect(lambda _i: self.open_attachment())
        page.open_button.clicked.connect(self.open_attachment)
        page.case_file_button.clicked.connect(lambda: self.save_case_file())
        page.hearing_record.changed.connect(self.reload)
        if self.case is not None:
            page.open_button.setEnabled(any(d.attachment_id for d in self.case.documents))
        return page

    def _papers_page(self) -> PapersPanel:
        panel = PapersPanel(self.context, self.case_id, self, fill_when_shown=True)
        panel.changed.connect(self.reload)
        return panel

    def _witnesses_page(self) -> WitnessesPanel:
        panel = WitnessesPanel(self.context, self.case_id, self, fill_when_shown=True)
        panel.changed.connect(self.reload)
        return panel

    def _reviews_page(self) -> QTextBrowser:
        page = QTextBrowser(self)
        page.setObjectName("reviewsView")
        if self.case is not None:
            page.setHtml(self._reviews_html(self.case))
        return page

    def _deadlines_page(self) -> QSplitter:
        page = QSplitter(Qt.Orientation.Vertical, self)
        page.setObjectName("deadlinesPage")
        view = self._table(self.deadlines, "deadlinesView", 0, "Deadlines of the case")
        explanation = QPlainTextEdit(self)
        explanation.setObjectName("deadlineExplanation")
        explanation.setAccessibleName("How the chosen deadline was counted")
        explanation.setReadOnly(True)
        explanation.setPlainText(CHOOSE_A_DEADLINE)
        page.addWidget(view)
        page.addWidget(explanation)
        page.setSizes([300, 200])
        self._deadline_parts = view, explanation
        view.selectionModel().currentRowChanged.connect(self._explain)
        return page

    def _history_page(self) -> QTableView:
        return self._table(self.timeline, "timelineView", 2, "History of the case")

    def _notes_page(self) -> NotesPanel:
        panel = NotesPanel(self.context, self.case_id, self)  # calls, visits, e-mails
        panel.changed.connect(self.reload)
        if self.case is not None:
            panel.set_notes(self.case.notes)
        return panel

    def _access_page(self) -> AccessPanel:
        return AccessPanel(self.context, self.case_id, self)

    # The widgets of each tab, built if the tab was not chosen yet (as choosing it builds them)

    def _documents(self) -> DocumentsPage:
        page = self.pages.page("documents")
        assert isinstance(page, DocumentsPage)
        return page

    @property
    def documents_view(self) -> QTableView:
        """The Documents tab's table."""
        return self._documents().view

    @property
    def open_button(self) -> QPushButton:
        """*Open the attached file*, on the Documents tab."""
        return self._documents().open_button

    @property
    def case_file_button(self) -> QPushButton:
        """*Save the whole case file…*, on the Documents tab."""
        return self._documents().case_file_button

    @property
    def hearing_record(self) -> HearingRecordPanel:
        """The papers entered into a hearing's record, on the Documents tab, § 2-83(h)(2)."""
        return self._documents().hearing_record

    @property
    def papers(self) -> PapersPanel:
        """The Papers tab."""
        panel = self.pages.page("papers")
        assert isinstance(panel, PapersPanel)
        return panel

    @property
    def witnesses(self) -> WitnessesPanel:
        """The Witnesses tab."""
        panel = self.pages.page("witnesses")
        assert isinstance(panel, WitnessesPanel)
        return panel

    @property
    def reviews(self) -> QTextBrowser:
        """The Reviews tab: each reviewer's record, (d)(1)."""
        page = self.pages.page("reviews")
        assert isinstance(page, QTextBrowser)
        return page

    @property
    def deadlines_view(self) -> QTableView:
        """The Deadlines tab's table."""
        self.pages.page("deadlines")
        assert self._deadline_parts is not None
        return self._deadline_parts[0]

    @property
    def explanation(self) -> QPlainTextEdit:
        """How the deadline chosen on the Deadlines tab was counted."""
        self.pages.page("deadlines")
        assert self._deadline_parts is not None
        return self._deadline_parts[1]

    @property
    def timeline_view(self) -> QTableView:
        """The History tab's table."""
        view = self.pages.page("history")
        assert isinstance(view, QTableView)
        return view

    @property
    def notes(self) -> NotesPanel:
        """The Notes tab: the calls, visits and e-mails."""
        panel = self.pages.page("notes")
        assert isinstance(panel, NotesPanel)
        return panel

    @property
    def access(self) -> AccessPanel | None:
        """The Access tab, for those the table lets see who read the case; else None."""
        if not self.context.may(Act.ACCESS_HISTORY):
            return None
        panel = self.pages.page("access")
        assert isinstance(panel, AccessPanel)
        return panel

    def show_manual(self) -> QWidget:
        """F1: the manual, at the page about working a case."""
        from ethics_desk.ui.manual_window import show_manual

        self._manual = show_manual("case", self)
        return self._manual

    def find_case(self) -> FindCaseDialog:
        """Ctrl+K: find any case the person receives; the one chosen is asked for
        (:attr:`case_requested`), to open in its own window."""
        return find_a_case(self.context, self, self.case_requested.emit)

    # -- showing ----------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the case again and show it, with the actions now possible."""
        opened = None if self._opened else self.context.clock
        case = attempt(self, lambda: load_case(self.context.database, self.case_id,
                                               account=self.context.signed_in, opened=opened,
                                               shown_on=self.context.today()))
        if case is FAILED:
            return
        self._opened = True
        self._show(case)

    def _show(self, case: CaseFile) -> None:
        """Show the case as read, with the actions now possible."""
        self.case = case
        self.setWindowTitle(f"{case.number} — {case.state.label}")
        self._party_members = list(case.party_members)  # read with the case, on today
        self.stale = list(case.stale)
        self._show_header_and_summary(case)
        self.documents.set_rows(case.documents)
        if self.pages.is_built("documents"):
            self.open_button.setEnabled(any(d.attachment_id for d in case.documents))
        if self.pages.is_built("reviews"):
            self.reviews.setHtml(self._reviews_html(case))
        self.deadlines.set_rows(case.deadlines)
        self.timeline.set_rows(case.timeline)
        if self.pages.is_built("notes"):
            self.notes.set_notes(case.notes)
        if self.pages.is_built("deadlines"):
            self.explanation.setPlainText(CHOOSE_A_DEADLINE)
        self._show_actions()

    def _show_header_and_summary(self, case: CaseFile) -> None:
        """The header (number, state, route, next deadline, Board members who are parties)
        and the summary, in the scheme's colours."""
        received = stamp(case.received_at, office_time_zone()) \
            if case.received_at else "not filed"
        route = case.route.label if case.route else "route not set"
        due = self._next_deadline_html(case)
        if case.steps:
            due += f" · <b>{len(case.steps)} outstanding step(s)</b> (see the summary)"
        self.header.setText(
            f"<h2 style='margin:0'>{_e(case.number)} — {_e(case.state.label)}</h2>"
            f"{_e(route)} · received {received} · {due}" + self._party_members_html()
            + self._staff_parties_html(case)
            + self._stale_papers_html())
        self.summary.setHtml(self._summary_html(case))

    def _standing(self, line: DeadlineLine) -> str:
        """The Outcome cell: an open clock's standing today, as the deadline engine counts it
        ("⚠ Overdue by 3 business days"), a closed one's outcome."""
        words = line.standing(self.context.today())
        return f"⚠ {words}" if line.is_overdue(self.context.today()) else words

    def _overdue_colour(self, line: DeadlineLine, column: int, role: int) -> QColor | None:
        """An overdue clock's Outcome in the scheme's overdue colour (with its words)."""
        if (role == Qt.ItemDataRole.ForegroundRole and column == OUTCOME
                and line.is_overdue(self.context.today())):
            return QColor(palette.colours().overdue)
        return None

    def _next_deadline_html(self, case: CaseFile) -> str:
        """The next open deadline; overdue, in the overdue colour with its business days."""
        today = self.context.today()
        line = next((d for d in case.deadlines if d.business_days_left(today) is not None
                     and d.due_on == case.next_due_on), None)
        if case.next_due_on is None:
            return "No deadline running"
        if line is not None and line.is_overdue(today):
            overdue = palette.colours().overdue
            return (f"<span style='color:{overdue}'><b>⚠ {_e(line.standing(today))}</b>: "
                    f"{_e(case.next_due_title)} was due {case.next_due_on}</span>")
        standing = f" ({_e(line.standing(today).lower())})" if line is not None else ""
        return (f"Next deadline: <b>{case.next_due_on}</b> — {_e(case.next_due_title)}"
                f"{standing}")

    def scheme_changed(self) -> None:
        """Show the header and summary again in the desktop's new colours (nothing is read)."""
        if self.case is not None:
            self._show_header_and_summary(self.case)
            self.deadlines.set_rows(self.case.deadlines)  # the overdue colour of the scheme

    def _party_members_html(self) -> str:
        """The flag for each serving Board member who is a party to this complaint."""
        warning = palette.colours().warning
        return "".join(f"<br><span style='color:{warning}'><b>⚠ Warning: Board member {_e(name)} is a "
                       "party: recused from every vote on this case</b> (§ 2-83(h); § 2-85)"
                       "</span>" for name in self._party_members)

    @staticmethod
    def _staff_parties_html(case: CaseFile) -> str:
        """The warning for each member of the Clerk's staff who is, or may be, a party."""
        warning = palette.colours().warning
        return "".join(f"<br><span style='color:{warning}'><b>⚠ Warning: this complaint names "
                       f"{_e(name)} of the Clerk's staff as a party</b>: they cannot see this "
                       f"case; tell {_e(case.tell_of_staff_party)} (§ 2-83(h)(1)).</span>"
                       for name in case.staff_parties)

    def _stale_papers_html(self) -> str:
        """A line for each issued paper stating a date that no longer holds."""
        warning = palette.colours().warning
        return "".join(f"<br><span style='color:{warning}'><b>⚠ Warning: “{_e(s.title)}” to "
                       f"{_e(s.recipient or '—')} issued {s.issued_on.isoformat()} states "
                       f"{_e(s.label)} {s.stated_on.isoformat()}; it is now "
                       f"{s.now_on.isoformat()}</b>: reissue it corrected from the Papers tab "
                       "(Fix: prepare the corrected reissue).</span>" for s in self.stale)

    def _summary_html(self, case: CaseFile) -> str:
        muted = palette.colours().muted

        def people(rows: tuple[PartyLine, ...]) -> str:
            return "".join(
                f"<li><b>{_e(p.name)}</b>{', ' + _e(p.title) if p.title else ''}"
                f"{', ' + _e(p.department) if p.department else ''}<br>"
                f"<span style='color:{muted}'>{_e(p.address) or '<i>no address</i>'}"
                f"{' · ' + _e(p.phone) if p.phone else ''}"
                f"{' · ' + _e(p.email) if p.email else ''}</span></li>" for p in rows)

        steps = "".join(f"<li>{_e(step.what)} ({_e(step.citation)})</li>" for step in case.steps)
        owed = f"<h3>Outstanding steps</h3><ul>{steps}</ul>" if steps else ""
        sworn = {None: "not recorded", True: "sworn", False: "<b>not sworn</b>"}[case.sworn]
        belief = (f"<br>Source and basis: {_e(case.source_and_basis)}"
                  if case.source_and_basis else "")
        links = ((f"<p><b>Refiling of {_e(case.refiling_of)}</b>, which was returned to the "
                  "complainant (§ 2-83(c), (d)(3)).</p>" if case.refiling_of else "")
                 + (f"<p><b>Refiled as {_e(', '.join(case.refiled_as))}</b>.</p>"
                    if case.refiled_as else ""))
        return (f"{owed}{links}<h3>Complainant</h3><ul>{people(case.complainants)}</ul>"
                f"<h3>Respondents</h3><ul>{people(case.respondents)}</ul>"
                f"<h3>Allegation — § 2-83(c)(5)</h3>{_e(case.nature)}<br><i>Provisions:</i> "
                f"{_e('; '.join(case.provisions)) or 'none'}"
                f"<h3>Facts — § 2-83(c)(6)</h3><i>{_e(case.period)}</i><br>{_e(case.facts)}"
                f"<h3>Affidavit and oath — § 2-83(c)</h3>{_e(case.affirmation)}; "
                f"{_e(in_a_sentence(case.knowledge))}; {sworn}{belief}"
                + self._penalties_html(case))

    def _penalties_html(self, case: CaseFile) -> str:
        """Each civil penalty: amount, when imposed, when due, and paid, waived or owed."""
        if not case.penalties:
            return ""
        today = self.context.today()
        error = palette.colours().error
        rows = "".join(
            f"<li><b>{_e(p.amount)}</b>, imposed {p.imposed_on.isoformat()}, due {_e(p.due)} — "
            + (f"<span style='color:{error}'><b>{_e(p.status(today))}</b></span>"
               if p.overdue(today) else _e(p.status(today))) + "</li>"
            for p in case.penalties)
        return f"<h3>Civil penalties — § 2-83(g)(2)(a)</h3><ul>{rows}</ul>"

    @staticmethod
    def _reviews_html(case: CaseFile) -> str:
        if not case.reviews:
            return "<p>Not yet forwarded for review (§ 2-83(d)(1)).</p>"
        parts = []
        for r in case.reviews:
            if r.determination is None:
                status = f"received {r.received_on}; <b>review not yet recorded</b>"
            else:
                face = {True: "states an allegation on its face", False:
                        "<b>no allegation that, if true, is a violation</b>", None: ""}[
                    r.states_allegation_on_face]
                status = (f"received {r.received_on}; "
                          f"<b>{_e(in_a_sentence(r.determination.label))}</b> on "
                          f"{r.completed_on}; {face}")
            defects = "".join(f"<li>{_e(c)} — {_e(label)}{': ' + _e(n) if n else ''}</li>"
                              for c, label, n in r.defects)
            who = f" ({_e(r.reviewer_name)})" if r.reviewer_name else ""
            parts.append(f"<h3>{_e(r.role.label)}{who}</h3>{status}"
                         + (f"<ul>{defects}</ul>" if defects else "")
                         + (f"<p>{_e(r.notes)}</p>" if r.notes else ""))
        return "".join(parts)

    def _explain(self) -> None:
        assert self._deadline_parts is not None
        view, explanation = self._deadline_parts
        index = view.currentIndex()
        line = index.data(ROW_ROLE) if index.isValid() else None
        explanation.setPlainText(line.explanation if line else "")

    # -- actions ----------------------------------------------------------------------------

    def _show_actions(self) -> None:
        while self.actions_row.count():
            item = self.actions_row.takeAt(0)
            old = item.widget() if item is not None else None
            if old is not None:
                old.hide()  # gone from the window now, deleted later
                old.deleteLater()
        self.action_buttons.clear()
        assert self.case is not None
        options = attempt(self, lambda: self.context.controller().available_events(self.case_id))
        blocked = []
        if self.case.state is CaseState.DRAFT:
            button = QPushButton("Continue in the &intake wizard", self)
            button.clicked.connect(lambda: self.resume_draft.emit(self.case_id))
            offer(self.context, Act.TAKE_COMPLAINT, "take a complaint at the counter "
                  "(§ 2-83(c))", button)
            self.actions_row.addWidget(button)
        # The table's labels have no Alt-key: give each a letter no other control here uses,
        # on any tab if one is free (the buttons stay beside every tab, and the Papers tab's
        # own are hidden till it is shown), else one no control shown now uses.
        shown = set(window_mnemonics(self, leave_out=[*self.action_buttons.values(),
                                                      self.why_button]))
        every_tab = (shown | set(window_mnemonics(self.tabs, shown_only=False))
                     | self.pages.waiting_keys())  # the tabs not built yet keep their letters
        offered = [option for option in options or [] if option.in_state and form_for(
            option.event, self.case, self.context.today(), self.context.actor) is not None]
        labels = with_mnemonics([option.label for option in offered], every_tab)
        unmarked = [n for n, label in enumerate(labels) if mnemonic_of(label) is None]
        shown |= {mnemonic_of(label) or "" for label in labels}
        for n, label in zip(unmarked, with_mnemonics([labels[n] for n in unmarked], shown),
                            strict=True):
            labels[n] = label
        # What this person may do now comes first; the greyed steps follow, each saying why.
        pairs = sorted(zip(offered, labels, strict=True), key=lambda pair: not pair[0].allowed)
        for option, label in pairs:
            button = QPushButton(label, self)
            button.setObjectName(f"action_{option.event.value}")
            button.setEnabled(option.allowed)
            button.setToolTip(f"{option.citation}" if option.allowed else option.why_not)
            if not option.allowed:
                button.setAccessibleDescription(f"Not possible now: {option.why_not}")
            declare(option.event, button)  # allowed: the controller asked the table
            button.clicked.connect(lambda _c=False, o=option: self.start(o))
            self.actions_row.addWidget(button)
            self.action_buttons[option.event.value] = button
            if not option.allowed:
                blocked.append((option.label, option.why_not))
        refused = self.context.read_only()  # one sentence for every action, not one each
        if refused is not None and blocked:
            blocked = [("", refused.sentence)]
        self._show_reasons(blocked, shown | every_tab)

    def _show_reasons(self, blocked: list[tuple[str, str]], taken: set[str]) -> None:
        """The greyed steps' reasons in one line: the one reason, or how many steps wait, with
        **Why not?** to unfold each step and its reason (folded again on each reading)."""
        def said(label: str, why: str) -> str:
            return f"{label}: {why}" if label else why

        if len(blocked) == 1:
            self.reasons.setText(f"⊘ Not possible now — {said(*blocked[0])}")
        elif blocked:
            self.reasons.setText(f"⊘ Not possible now: {len(blocked)} steps (greyed; each "
                                 "says why when pointed at, or Why not? lists them)")
        self.reasons.setToolTip("\n".join(said(*pair) for pair in blocked))
        self.reasons.setVisible(bool(blocked))
        self.reasons_list.setText("<br>".join(
            f"⊘ <b>{_e(label)}</b>: {_e(why)}" if label else f"⊘ {_e(why)}"
            for label, why in blocked))
        self.why_button.setText(with_mnemonic("Why not?", set(taken)))
        self.why_button.setVisible(len(blocked) > 1)
        self.why_button.setChecked(False)
        self._unfold_reasons(False)

    def _unfold_reasons(self, unfolded: bool) -> None:
        self.reasons_list.setVisible(unfolded and self.why_button.isVisible())

    def start(self, option: EventOption) -> ActionDialog | None:
        """Open the action's form (non-modal, so the case stays readable); returns the dialog."""
        assert self.case is not None
        form = form_for(option.event, self.case, self.context.today(),
                        self.context.actor, self.context.database, self.context.signed_in)
        if form is None:
            return None
        dialog = ActionDialog(form, lambda payload: self.fire(payload, dialog), self)
        dialog.setObjectName(f"dialog_{option.event.value}")
        self.dialog = dialog
        dialog.open()
        return dialog

    def fire(self, payload: Payload, dialog: ActionDialog | None = None) -> bool:
        """Hand the event to the controller at the version shown; True when saved."""
        assert self.case is not None
        controller, version = self.context.controller(), self.case.version
        try:
            perform(self, BY_EVENT[payload.event].label,
                    lambda: controller.fire(self.case_id, payload, expected_version=version))
        except ConflictError as error:
            show_user_error(self, error)
            self.reload()
            return False
        except RuleError as error:
            if dialog is not None:
                dialog.show_refusal(str(error))
            else:
                show_user_error(self, error)
            return False
        except UserError as error:
            show_user_error(self, error)
            return False
        self.reload()
        if self.pages.is_built("papers") and self.papers.isVisible():  # they follow the state
            self.papers.refresh()
        announce(self, f"Saved. {self.case.number} is now {self.case.state.label}.")
        self.changed.emit(self.case_id)
        return True

    def open_attachment(self) -> Path | None:
        """Verify the selected attachment's SHA-256, then open it with the system viewer.

        The copy the viewer opens is in this window's private exhibit folder
        (:class:`~ethics_desk.storage.private_files.ExhibitFolder`), removed when it closes.
        """
        index = self.documents_view.currentIndex()
        line = index.data(ROW_ROLE) if index.isValid() else None
        if line is None or line.attachment_id is None:
            line = next((d for d in self.documents.rows() if d.attachment_id), None)
        if line is None or line.attachment_id is None:
            return None
        attachment_id = line.attachment_id
        found = attempt(self, lambda: verified_attachment(
            self.context.database, attachment_id, account=self.context.signed_in,
            clock=self.context.clock))
        if found is FAILED:
            return None
        name, content = found
        path = self.exhibits.place(name, content)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
        return path

    def save_case_file(self, path: Path | None = None, *,
                       preview: bool | None = None) -> Path | None:
        """*Save the whole case file…*: ask where (or ``path``), make the file off the GUI
        thread with its progress window, write it beside the target and put it in place, the
        making recorded once it is written; then offer to show it (``preview``: answer the
        offer without asking). The file written, or ``None`` when cancelled or refused."""
        from ethics_desk.cases.case_file_pdf import save_case_file, write_case_file
        from ethics_desk.ui.pdf_view import PdfPreviewDialog, ask_pdf_path, file_name_for

        number = self.case.number if self.case is not None else str(self.case_id)
        target = path or ask_pdf_path(self, "Save the whole case file as a PDF",
                                      file_name_for(number, "case file"))
        if target is None:
            return None

        def write(data: bytes) -> str:
            write_case_file(target, data)  # readable by this user only, never partial
            return target.name

        made = operate(self, "Making the whole case file", lambda: save_case_file(
            self.context.database, self.case_id, write, account=self.context.signed_in,
            clock=self.context.clock))
        if made is FAILED:
            return None
        announce(self, f"Saved the whole case file ({made.page_count} pages) as {target.name}")
        self.reload()
        if preview is None:
            preview = QMessageBox.question(
                self, "Ethics Desk — case file saved",
                f"The whole case file of {made.number} ({made.page_count} pages) was saved as "
                f"{target}.\n\nShow it now?") == QMessageBox.StandardButton.Yes
        if preview:
            self.case_file_preview = PdfPreviewDialog(f"{made.number} — the whole case file",
                                                      made.pdf, self)
            self.case_file_preview.show()
        return target

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the case removes the copies of its exhibits opened from it (§ 2-83(h)(1))."""
        self.exhibits.empty()
        super().closeEvent(event)
