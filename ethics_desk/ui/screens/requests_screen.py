"""Records requests: the Public Information Act request log (Gov't Code ch. 552; § 2-83(h)(3)).

The Records officer and the City Attorney's Office (the permission table's
``Act.PUBLIC_INFORMATION``) log a written request, see its clocks with their explanations and the
§ 2-83(h)(1) status of every record it asks for, record the ruling asked for, the arguments
sent, a date certified for release, the ruling of the Attorney General or the City Attorney's
decision, the release and the close, and preview or issue its papers. Every act and every date
is the domain's (:mod:`ethics_desk.public_information`); a refused act shows its message and the
dialog keeps what was typed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.core.permissions import Act, who_may
from ethics_desk.core.vocabulary import (
    DeadlineStatus,
    Language,
    RequestChannel,
    RequestStatus,
    RulingBy,
    RulingOutcome,
)
from ethics_desk.deadlines.clocks import ClockKind
from ethics_desk.documents.kinds import title_of
from ethics_desk.documents.render.periods import days_of
from ethics_desk.documents.request_papers import issue_paper, paper_choices, preview_paper
from ethics_desk.public_information import (
    NewRequest,
    RecordStatus,
    RequestClock,
    RequestView,
    certify_release_date,
    close_request,
    list_requests,
    log_request,
    record_arguments_sent,
    record_clarification_answered,
    record_clarification_asked,
    record_cost_estimate,
    record_exceptions,
    record_ruling,
    record_ruling_asked,
    release_information,
    typed_cost_items,
)
from ethics_desk.public_information.log import ON_HOLD
from ethics_desk.ui.accessibility import StatusLine, buddy
from ethics_desk.ui.acts import offer
from ethics_desk.ui.context import AppContext
from ethics_desk.ui.date_field import DateField, DateTimeField
from ethics_desk.ui.errors import FAILED, attempt
from ethics_desk.ui.mnemonics import give_alt_keys
from ethics_desk.ui.models.rows import Column, RowsModel, rows_view
from ethics_desk.ui.operations import operate
from ethics_desk.ui.pdf_view import PdfPreviewDialog
from ethics_desk.ui.sizing import fit_to_screen


def _next_due(view: RequestView) -> str:
    nxt = view.next_due
    return nxt.due_on.isoformat() if nxt else "—"


PIA_PREFIX = "Public Information Act: "
"""What every clock of a request's title starts with (the screen says it once, above)."""


def _next_what(view: RequestView, *, whole: bool = False) -> str:
    """What falls due next, in a few words (``whole``: the clock's full title)."""
    nxt = view.next_due
    if nxt is not None:
        named = nxt.rule.title if whole else nxt.rule.short
        return f"{named.removeprefix(PIA_PREFIX)} ({nxt.rule.citation})"
    return ON_HOLD if view.on_hold else "no clock running"


def _status(view: RequestView) -> str:
    """"Open", "Closed", and "presumed public (§ 552.302)" once a clock of § 552.301 is missed."""
    return (f"{view.status.label}, presumed public (§ 552.302)" if view.presumption
            else view.status.label)


def _h1(view: RequestView) -> str:
    return "Pending complaint, § 2-83(h)(1)" if view.touches_pending else ""


class FormDialog(QDialog):
    """A small form of labelled fields whose Save runs one act; refused, it stays open."""

    def __init__(self, title: str, rows: Sequence[tuple[str, QWidget]],
                 save: Callable[[], object], parent: QWidget | None = None, *,
                 intro: str = "", name: str = "requestForm") -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowTitle(title)
        self._save = save
        self.result_value: object = None
        layout = QVBoxLayout(self)
        if intro:
            text = QLabel(intro, self)
            text.setWordWrap(True)
            layout.addWidget(text)
        form = QFormLayout()
        for label_text, widget in rows:
            widget.setParent(self)
            label = QLabel(label_text, self)
            buddy(label, widget)
            form.addRow(label, widget)
        layout.addLayout(form)
        layout.addStretch(1)  # the fields at the top, the buttons at the foot
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        give_alt_keys(self)
        fit_to_screen(self, 640, 520)

    def accept(self) -> None:
        """Run the act; a refusal is shown and nothing typed is lost."""
        done = attempt(self, self._save)
        if done is FAILED:
            return
        self.result_value = done
        super().accept()


def _combo(items: Sequence[tuple[str, object]], name: str) -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    for text, data in items:
        box.addItem(text, data)
    return box


def _text(name: str, lines: int = 0, value: str = "") -> QLineEdit | QPlainTextEdit:
    if lines:
        edit = QPlainTextEdit(value)
        edit.setObjectName(name)
        edit.setTabChangesFocus(True)
        edit.setFixedHeight(22 * lines + 12)
        return edit
    line = QLineEdit(value)
    line.setObjectName(name)
    return line


def _value(widget: QLineEdit | QPlainTextEdit) -> str:
    return widget.toPlainText() if isinstance(widget, QPlainTextEdit) else widget.text()


class RequestsScreen(QWidget):
    """The request log: requests, the selected one's clocks and records, and its acts."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("requestsScreen")
        self.views: dict[int, RequestView] = {}
        self.requests = RowsModel[RequestView](
            [Column("Request", lambda v: v.number),
             Column("Received", lambda v: v.received_on.isoformat()),
             Column("Requester", lambda v: v.requester_name),
             Column("Next due", _next_due), Column("What is due", _next_what),
             Column("Status", _status),
             Column("§ 2-83(h)(1)", _h1)], self,
            tooltip=lambda v: f"{v.asked_for}\nNext: {_next_what(v, whole=True)}",
            user=lambda v: v.request_id,
            bold=lambda v, column: column == 6 and v.touches_pending)
        self.requests_view = rows_view(self.requests, "requestsView", 4, self, keep_for=self.context,
                                       spoken="Public Information Act requests")
        self.requests_view.selectionModel().currentRowChanged.connect(lambda *_: self._show())
        self.clocks = RowsModel[RequestClock](
            [Column("Clock", lambda c: c.rule.short.removeprefix(PIA_PREFIX)),
             Column("Rule", lambda c: c.rule.citation),
             Column("Due", lambda c: c.due_on.isoformat()),
             Column("Status", lambda c: c.status_label)], self,
            tooltip=lambda c: c.explain(),
            bold=lambda c, column: column == 2 and c.status is DeadlineStatus.OPEN)
        self.clocks_view = rows_view(self.clocks, "requestClocksView", 0, self,
                                     keep_for=self.context, compact=True,
                                     spoken="Clocks of the selected request")
        self.clocks_view.selectionModel().currentRowChanged.connect(
            lambda *_: self._explain())
        self.records = RowsModel[RecordStatus](
            [Column("Record asked for", lambda r: r.label),
             Column("§ 2-83(h)(1) status", lambda r: r.h1_status)], self,
            bold=lambda r, column: column == 1 and r.pending)
        self.records_view = rows_view(self.records, "requestRecordsView", 0, self,
                                      keep_for=self.context, compact=True,
                                      spoken="Records the selected request asks for")
        self.explanation = QPlainTextEdit(self)
        self.explanation.setObjectName("requestExplanation")
        self.explanation.setReadOnly(True)
        self.explanation.setAccessibleName("How the selected clock was counted")
        self.explanation.setTabChangesFocus(True)
        self.status = StatusLine(self)
        self.status.setObjectName("requestsStatus")
        self.status.setWordWrap(True)
        self.buttons: dict[str, QPushButton] = {}
        acts: list[tuple[str, str, Callable[[], object]]] = [
            ("log", "Log a &request…", self.open_log_dialog),
            ("exceptions", "E&xceptions claimed…", lambda: self.open_act("exceptions")),
            ("asked", "Ruling &asked…", lambda: self.open_act("asked")),
            ("arguments", "Ar&guments sent…", lambda: self.open_act("arguments")),
            ("certify", "Cer&tify release date…", lambda: self.open_act("certify")),
            ("ruling", "Record r&uling…", lambda: self.open_act("ruling")),
            ("release", "Re&lease…", lambda: self.open_act("release")),
            ("close", "Cl&ose…", lambda: self.open_act("close")),
            ("clarify", "Clarification as&ked…", lambda: self.open_act("clarify")),
            ("clarified", "Clarification ans&wered…", lambda: self.open_act("clarified")),
            ("estimate", "Cost esti&mate…", lambda: self.open_act("estimate")),
            ("papers", "&Papers…", self.open_papers),
        ]
        for key, text, slot in acts:
            button = QPushButton(text, self)
            button.setObjectName(f"request_{key}")
            button.clicked.connect(lambda _=False, slot=slot: slot())
            self.buttons[key] = button
        self.show_closed = QCheckBox("Show closed re&quests", self)
        self.show_closed.setObjectName("showClosed")
        self.show_closed.toggled.connect(lambda _on: self.refresh())
        layout = QVBoxLayout(self)
        heading = QLabel("<h2 style='margin:0'>Records requests</h2>Requests for records under "
                         "the Public Information Act (Gov't Code ch. 552), as § 2-83(h)(3) "
                         "provides. Clocks run on the State's business days (§ 552.0031).",
                         self)
        heading.setWordWrap(True)
        layout.addWidget(heading)
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.setObjectName("requestsSplit")
        split.setChildrenCollapsible(False)
        split.addWidget(self.requests_view)
        lower = QWidget(split)
        lower_layout = QHBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        left = QVBoxLayout()
        left.addWidget(self.clocks_view, 1)
        left.addWidget(self.records_view, 1)
        lower_layout.addLayout(left, 3)
        lower_layout.addWidget(self.explanation, 2)
        split.addWidget(lower)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        layout.addWidget(split, 1)
        row, second = QHBoxLayout(), QHBoxLayout()
        for key, button in self.buttons.items():
            (second if key in ("clarify", "clarified", "estimate", "papers") else row
             ).addWidget(button)
        row.addStretch(1)
        second.addStretch(1)
        second.addWidget(self.show_closed)
        layout.addLayout(row)
        layout.addLayout(second)
        layout.addWidget(self.status)
        self._loaded = False
        self.refresh()

    # -- reading -------------------------------------------------------------------------------

    def first_field(self) -> QWidget:
        """Where the cursor goes when the screen is shown: the list of requests."""
        return self.requests_view

    def showEvent(self, event: QShowEvent) -> None:
        """Read the log again whenever the screen comes into view."""
        super().showEvent(event)
        if self._loaded:
            self.refresh()

    def refresh(self, select: int | None = None) -> None:
        """Read the requests again, keeping (or moving to) the selected one."""
        self._loaded = True
        keep = select if select is not None else self.selected_id()
        if not self.context.may(Act.PUBLIC_INFORMATION):
            self.requests.set_rows([])
            self.status.setText(f"Requests are handled by the {who_may(Act.PUBLIC_INFORMATION)}.")
            self._show()
            return
        views = attempt(self, lambda: list_requests(
            self.context.database, account=self.context.signed_in,
            include_closed=self.show_closed.isChecked()))
        rows = [] if views is FAILED else views
        self.views = {view.request_id: view for view in rows}
        self.requests.set_rows(rows)
        for number, view in enumerate(rows):
            if view.request_id == keep:
                self.requests_view.setCurrentIndex(self.requests.index(number, 0))
                break
        else:
            if rows:
                self.requests_view.setCurrentIndex(self.requests.index(0, 0))
        self._show()

    def selected_id(self) -> int | None:
        """The selected request's id."""
        index = self.requests_view.currentIndex()
        if not index.isValid():
            return None
        rows = self.requests.rows()
        return rows[index.row()].request_id if 0 <= index.row() < len(rows) else None

    def selected(self) -> RequestView | None:
        """The selected request as last read."""
        chosen = self.selected_id()
        return None if chosen is None else self.views.get(chosen)

    def _show(self) -> None:
        view = self.selected()
        self.clocks.set_rows(list(view.clocks) if view else [])
        self.records.set_rows(list(view.records) if view else [])
        if view is not None and view.clocks:
            self.clocks_view.setCurrentIndex(self.clocks.index(0, 0))
        self._explain()
        allowed = self.context.may(Act.PUBLIC_INFORMATION)
        is_open = view is not None and view.status is RequestStatus.OPEN
        for key, button in self.buttons.items():
            if key == "log":
                button.setEnabled(allowed)
            elif key == "papers":
                button.setEnabled(allowed and view is not None)
            else:
                button.setEnabled(allowed and is_open)
                button.setToolTip("" if is_open or view is None
                                  else f"{view.number} is closed; a closed request is not "
                                       "changed.")
        offer(self.context, Act.PUBLIC_INFORMATION, "handle records requests",
              *self.buttons.values())

    def _explain(self) -> None:
        view = self.selected()
        index = self.clocks_view.currentIndex()
        lines: list[str] = []
        if view is not None:
            lines.append(f"{view.number}: {view.requester_name}, received "
                         f"{view.received_on.isoformat()} ({view.received_detail}).")
            lines.append(f"Asked for: {view.asked_for}")
            if view.exceptions_claimed:
                lines.append("Exceptions claimed (Gov't Code § 552.301(b)): "
                             + "; ".join(view.exceptions_claimed))
            if view.clarification_asked_on:
                answered = (f"answered {view.clarification_answered_on.isoformat()}"
                            if view.clarification_answered_on else "awaiting the answer")
                lines.append(f"Clarification asked {view.clarification_asked_on.isoformat()} "
                             f"({answered}, Gov't Code § 552.222(b)): "
                             f"{view.clarification_question}")
            if view.clocks_from:
                lines.append(f"The clocks run from {view.clocks_from}.")
            if view.estimate and view.estimate_sent_on and view.estimate_answer_due:
                lines.append(f"Estimated charges ${view.estimate_total_cents / 100:,.2f}, sent "
                             f"{view.estimate_sent_on.isoformat()}; the requester answers by "
                             f"{view.estimate_answer_due.isoformat()} (Gov't Code "
                             "§ 552.2615(b)).")
            if view.ruling_label:
                lines.append(view.ruling_label)
            if view.presumption:
                lines.append(view.presumption)
            if view.released_on:
                lines.append(f"Released on {view.released_on.isoformat()}.")
            if view.papers:
                lines.append("Papers issued: " + "; ".join(
                    f"{title_of(kind)} on {on.isoformat()}" for kind, on, _by in view.papers))
            clocks = self.clocks.rows()
            if index.isValid() and 0 <= index.row() < len(clocks):
                lines.append("")
                lines.append(clocks[index.row()].explain())
        self.explanation.setPlainText("\n".join(lines))

    # -- acts ----------------------------------------------------------------------------------

    def _done(self, dialog: FormDialog, message: str) -> object:
        dialog.show()
        dialog.exec()
        if dialog.result_value is not None:
            value = dialog.result_value
            self.refresh(value.request_id if isinstance(value, RequestView) else None)
            self.status.setText(message)
        return dialog.result_value

    def _date(self, name: str) -> DateField:
        field = DateField(self, today=self.context.today, value=self.context.today(), name=name)
        field.setObjectName(name)
        return field

    def log_dialog(self) -> FormDialog:
        """The dialog that logs a written request."""
        name, address = _text("requesterName"), _text("requesterAddress", 2)
        email, asked_for = _text("requesterEmail"), _text("askedFor", 3)
        cases, others = _text("caseNumbers"), _text("otherRecords", 2)
        cases.setPlaceholderText("ERB-2026-004, ERB-2026-007")
        channel = _combo([(c.label, c) for c in RequestChannel], "requestChannel")
        language = _combo([(lang.label, lang) for lang in Language], "requestLanguage")
        received = DateField(self, today=self.context.today, value=self.context.today(),
                             name="receivedOn")
        received.setObjectName("receivedOn")
        postmark = DateField(self, today=self.context.today, name="postmarkedOn")
        postmark.setObjectName("postmarkedOn")

        def save() -> RequestView:
            new = NewRequest(
                requester_name=_value(name), channel=RequestChannel(channel.currentData()),
                asked_for=_value(asked_for), received_on=received.date(),
                postmarked_on=postmark.date(), requester_address=_value(address),
                requester_email=_value(email), language=Language(language.currentData()),
                case_numbers=tuple(n.strip() for n in _value(cases).split(",")),
                other_records=tuple(_value(others).splitlines()))
            return log_request(self.context.database, new, account=self.context.signed_in,
                               clock=self.context.clock)

        return FormDialog("Log a Public Information Act request", [
            ("Re&quester:", name), ("A&ddress:", address), ("E-&mail:", email),
            ("Their &language:", language), ("Came &by:", channel),
            ("Received o&n:", received), ("Postmar&k (mail only):", postmark),
            ("&What is asked for:", asked_for), ("&Cases it touches:", cases),
            ("&Other records:", others)], save, self, name="logRequestDialog",
            intro="A mailed request whose date of receipt cannot be established: clear "
                  "“Received on” and enter the postmark; it is received on the third business "
                  "day after it (Gov't Code § 552.301(a-1)).")

    def open_log_dialog(self) -> object:
        """Log a request."""
        return self._done(self.log_dialog(), "Request logged; its clocks are running.")

    def _act(self, title: str, rows: Sequence[tuple[str, QWidget]],
             act: Callable[[RequestView], RequestView], message: str,
             intro: str = "") -> FormDialog | None:
        view = self.selected()
        if view is None:
            return None
        dialog = FormDialog(f"{title} — {view.number}", rows, lambda: act(view), self,
                            intro=intro, name=f"requestAct_{title.split()[0].lower()}")
        dialog.setProperty("doneMessage", message)
        return dialog

    def act_dialog(self, key: str) -> FormDialog | None:
        """The dialog of one act on the selected request ("asked", "arguments", "certify",
        "ruling", "release", "close"), not yet shown; None with no request selected."""
        builders: dict[str, Callable[[], FormDialog | None]] = {
            "exceptions": self._exceptions, "asked": self._ruling_asked,
            "clarify": self._clarify, "clarified": self._clarified,
            "estimate": self._estimate, "arguments": self._arguments,
            "certify": self._certify, "ruling": self._ruling, "release": self._release,
            "close": self._close}
        return builders[key]()

    def open_act(self, key: str) -> object:
        """Show the dialog of one act and, once saved, read the log again."""
        dialog = self.act_dialog(key)
        if dialog is None:
            return None
        return self._done(dialog, str(dialog.property("doneMessage")))

    def _exceptions_field(self) -> QLineEdit | QPlainTextEdit:
        view = self.selected()
        field = _text("exceptionsClaimed", 3,
                      "\n".join(view.exceptions_claimed) if view is not None else "")
        field.setPlaceholderText("§ 552.101 — information confidential by law: City Code "
                                 "§ 2-83(h)(1)")
        return field

    def _exceptions(self) -> FormDialog | None:
        """Record the exceptions claimed, which the request for a ruling states (§ 552.301(b))."""
        claimed = self._exceptions_field()

        def act(view: RequestView) -> RequestView:
            return record_exceptions(
                self.context.database, view.request_id, account=self.context.signed_in,
                exceptions=_value(claimed).splitlines(), clock=self.context.clock,
                seen_version=view.version)

        return self._act("Exceptions claimed", [("&Exceptions, one a line:", claimed)], act,
                         "Recorded the exceptions claimed.",
                         "The request for the Attorney General's ruling states the exceptions "
                         "that apply, each with its section (Gov't Code § 552.301(b)); its "
                         "letter lists them.")

    def _ruling_asked(self) -> FormDialog | None:
        """Record the request for a ruling, the exceptions it states and the notice to the
        requester (§ 552.301(b), (d))."""
        asked, told = self._date("rulingAskedOn"), self._date("requesterToldOn")
        claimed = self._exceptions_field()

        def act(view: RequestView) -> RequestView:
            return record_ruling_asked(
                self.context.database, view.request_id, account=self.context.signed_in,
                asked_on=asked.required("the date the ruling was asked for"),
                told_on=told.required("the date the requester was told"), clock=self.context.clock,
                exceptions=_value(claimed).splitlines(), seen_version=view.version)

        return self._act("Ruling asked of the Attorney General",
                         [("&Asked on:", asked), ("Requester &told on:", told),
                          ("&Exceptions claimed, one a line:", claimed)], act,
                         "Recorded: a ruling was asked for.",
                         "Both by the 10th business day after receipt, stating the exceptions "
                         "that apply (Gov't Code § 552.301(b), (d)).")

    def _clarify(self) -> FormDialog | None:
        """Record the request to the requester to clarify the request (§ 552.222(b))."""
        asked, question = self._date("clarificationAskedOn"), _text("clarificationQuestion", 3)

        def act(view: RequestView) -> RequestView:
            return record_clarification_asked(
                self.context.database, view.request_id, account=self.context.signed_in,
                asked_on=asked.required("the date the clarification was asked for"),
                question=_value(question), clock=self.context.clock, seen_version=view.version)

        return self._act("Clarification asked of the requester",
                         [("&Asked on:", asked), ("&Question:", question)], act,
                         "Recorded: the clocks wait for the requester's answer.",
                         "Asked by the 10th business day, the clocks wait for the answer and "
                         "run again from the day it is received (Gov't Code § 552.222(b)). "
                         "Send the letter from Papers….")

    def _clarified(self) -> FormDialog | None:
        """Record the day the requester's answer was received: the clocks run again from it."""
        answered = self._date("clarificationAnsweredOn")

        def act(view: RequestView) -> RequestView:
            return record_clarification_answered(
                self.context.database, view.request_id, account=self.context.signed_in,
                answered_on=answered.required("the date the answer was received"),
                clock=self.context.clock, seen_version=view.version)

        return self._act("Clarification answered by the requester",
                         [("Answer &received on:", answered)], act,
                         "Recorded: the clocks run again from the answer.",
                         f"The {days_of(ClockKind.PIA_RULING)} run again from the day the "
                         "answer is received (Gov't Code § 552.222(b)).")

    def _estimate(self) -> FormDialog | None:
        """Record the itemized statement of estimated charges (§ 552.2615)."""
        sent = self._date("estimateSentOn")
        items = _text("estimateItems", 4)
        items.setPlaceholderText("Paper copies; 120; 0.10\nLabor, hours; 2.5; 15.00")

        def act(view: RequestView) -> RequestView:
            return record_cost_estimate(
                self.context.database, view.request_id, account=self.context.signed_in,
                items=typed_cost_items(_value(items).splitlines()),
                sent_on=sent.required("the date the statement was sent"),
                clock=self.context.clock, seen_version=view.version)

        return self._act("Itemized statement of estimated charges",
                         [("&Items (what; how many; charge for one):", items),
                          ("&Sent on:", sent)], act,
                         "Recorded the statement of estimated charges.",
                         "Owed before charges over $40 accrue; the requester answers by the "
                         "10th business day after it is sent (Gov't Code § 552.2615). Send "
                         "the statement from Papers….")

    def _arguments(self) -> FormDialog | None:
        """Record the arguments and the information sent (§ 552.301(e), (e-1))."""
        sent = self._date("argumentsSentOn")

        def act(view: RequestView) -> RequestView:
            return record_arguments_sent(
                self.context.database, view.request_id, account=self.context.signed_in,
                sent_on=sent.required("the date sent"), clock=self.context.clock, seen_version=view.version)

        return self._act("Arguments sent to the Attorney General", [("&Sent on:", sent)], act,
                         "Recorded: the arguments were sent.",
                         "By the 15th business day: the reasons, a copy of the request, a "
                         "signed statement of the date received and the information "
                         "(Gov't Code § 552.301(e), (e-1)).")

    def _certify(self) -> FormDialog | None:
        """Record the § 552.221(d) certification of a date and hour for release."""
        certified = self._date("certifiedOn")
        release_at = DateTimeField(self, today=self.context.today, name="releaseAt")
        release_at.setObjectName("releaseAt")

        def act(view: RequestView) -> RequestView:
            release_at.required("the date and hour of release")
            moment = release_at.moment()
            assert moment is not None
            return certify_release_date(
                self.context.database, view.request_id, account=self.context.signed_in,
                certified_on=certified.required("the date certified"), release_at=moment,
                clock=self.context.clock, seen_version=view.version)

        return self._act("Certify a date for release", [
            ("&Certified on:", certified), ("&Release on (date and hour):", release_at)], act,
            "Recorded: the date and hour of release were certified.",
            "When the information cannot be produced within "
            f"{days_of(ClockKind.PIA_RELEASE_DATE)} (Gov't Code § 552.221(d)).")

    def _ruling(self) -> FormDialog | None:
        """Record the Attorney General's ruling or the City Attorney's decision."""
        by = _combo([(b.label, b) for b in RulingBy], "rulingBy")
        outcome = _combo([(o.label, o) for o in RulingOutcome], "rulingOutcome")
        decided = self._date("rulingOn")
        reference = _text("rulingReference")
        reference.setPlaceholderText("OR2026-01234")
        previous = _text("previousDetermination")
        previous.setPlaceholderText("Open Records Decision No. 684")

        def act(view: RequestView) -> RequestView:
            return record_ruling(
                self.context.database, view.request_id, account=self.context.signed_in,
                by=RulingBy(by.currentData()), outcome=RulingOutcome(outcome.currentData()),
                decided_on=decided.required("the date of the ruling"), reference=_value(reference),
                previous_determination=_value(previous), clock=self.context.clock,
                seen_version=view.version)

        return self._act("Record the ruling or decision", [
            ("&Decided by:", by), ("&Outcome:", outcome), ("D&ecided on:", decided),
            ("Re&ference:", reference), ("&Previous determination:", previous)], act,
            "Recorded the ruling.",
            "Withholding needs a request for the Attorney General's ruling or, for the City "
            "Attorney's decision without one, the previous determination it relies on "
            "(Gov't Code § 552.301(a)).")

    def _release(self) -> FormDialog | None:
        """Record the release (refused for a pending complaint without a ruling)."""
        released = self._date("releasedOn")

        def act(view: RequestView) -> RequestView:
            return release_information(
                self.context.database, view.request_id, account=self.context.signed_in,
                released_on=released.required("the date released"), clock=self.context.clock,
                seen_version=view.version)

        return self._act("Release the information", [("&Released on:", released)], act,
                         "Recorded the release.")

    def _close(self) -> FormDialog | None:
        """Close the request, with a note."""
        closed = self._date("closedOn")
        note = _text("closeNote", 2)

        def act(view: RequestView) -> RequestView:
            return close_request(
                self.context.database, view.request_id, account=self.context.signed_in,
                closed_on=closed.required("the date closed"), note=_value(note), clock=self.context.clock,
                seen_version=view.version)

        return self._act("Close the request", [("&Closed on:", closed), ("&Note:", note)], act,
                         "Request closed.")

    def papers_dialog(self) -> QDialog | None:
        """The dialog that previews or issues a paper of the selected request."""
        view = self.selected()
        if view is None:
            return None
        dialog = QDialog(self)
        dialog.setObjectName("requestPapersDialog")
        dialog.setWindowTitle(f"Papers — {view.number}")
        kind = _combo([(label, key) for key, label in paper_choices()], "paperKind")
        language = _combo([(lang.label, lang) for lang in Language], "paperLanguage")
        language.setCurrentIndex(language.findData(view.language))
        form = QFormLayout()
        for text, widget in (("&Paper:", kind), ("&Language:", language)):
            label = QLabel(text, dialog)
            buddy(label, widget)
            widget.setParent(dialog)
            form.addRow(label, widget)
        status = StatusLine(dialog)
        status.setObjectName("paperStatus")
        status.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
        preview = buttons.addButton("Pre&view…", QDialogButtonBox.ButtonRole.ActionRole)
        issue = buttons.addButton("&Issue…", QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(dialog.reject)

        def show(issued: bool) -> None:
            chosen, lang = str(kind.currentData()), Language(language.currentData())
            if issued:
                made = operate(dialog, "Issuing the paper", lambda: issue_paper(
                    self.context.database, view.request_id, chosen, account=self.context.signed_in,
                    clock=self.context.clock, language=lang))
                if made is FAILED:
                    return
                from ethics_desk.documents.request_papers import issued_paper

                data = attempt(dialog, lambda: issued_paper(
                    self.context.database, made.paper_id, account=self.context.signed_in))
                status.setText(f"Issued {made.title} to {made.recipient} "
                               f"(SHA-256 {made.sha256[:12]}…).")
            else:
                data = operate(dialog, "Making the preview", lambda: preview_paper(
                    self.context.database, view.request_id, chosen, account=self.context.signed_in,
                    clock=self.context.clock, language=lang))
            if data is FAILED:
                return
            PdfPreviewDialog(kind.currentText(), data, dialog).exec()

        preview.clicked.connect(lambda: show(False))
        issue.clicked.connect(lambda: show(True))
        layout = QVBoxLayout(dialog)
        layout.addLayout(form)
        layout.addWidget(status)
        layout.addWidget(buttons)
        give_alt_keys(dialog)
        fit_to_screen(dialog, 720, 320)
        return dialog

    def open_papers(self) -> object:
        """Preview or issue a paper of the selected request."""
        dialog = self.papers_dialog()
        if dialog is None:
            return None
        dialog.exec()
        self.refresh()
        return None
