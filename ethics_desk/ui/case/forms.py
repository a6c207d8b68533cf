"""The data each action needs, as forms: one dialog, driven by a list of fields per event.

A form only collects values and builds the event's payload; the controller checks the rules
and writes. A refusal keeps the dialog open with everything the clerk typed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from ethics_desk.case_file import CaseFile
from ethics_desk.intake import AttachmentData
from ethics_desk.models import (
    CureKind,
    DefectItem,
    Determination,
    Disposition,
    MailMethod,
    PartyRole,
    ReviewerRole,
)
from ethics_desk.ui.intake.documents_page import FILE_FILTER, read_attachment
from ethics_desk.ui.intake.fields import FieldMessage, date_edit, get_date, set_date, text_box
from ethics_desk.workflow import (
    Accept,
    Delivery,
    DiscardDraft,
    Event,
    FileReply,
    FileResponse,
    ForwardCampaignFinance,
    ForwardForReview,
    ForwardToBoard,
    NotCured,
    Payload,
    RecordCure,
    RecordRespondentReceipt,
    RecordReview,
    RequestHearing,
    Resolve,
    ReturnDefective,
    ReturnUnsworn,
)


class Kind(StrEnum):
    """What sort of input a field is."""

    DATE = "date"
    OPTIONAL_DATE = "optional_date"
    TEXT = "text"
    LONG_TEXT = "long_text"
    BOOL = "bool"
    CHOICE = "choice"
    REVIEWERS = "reviewers"  # a received-on date and a name for each of the four reviewers
    DELIVERIES = "deliveries"  # mailed on / received on / method for each respondent
    DEFECTS = "defects"  # (c) item and a note, any number of rows
    FILE = "file"  # a scan of the paper filed (PDF or image), optional


@dataclass(frozen=True)
class Field:
    """One input of an action form."""

    key: str
    label: str
    kind: Kind
    default: Any = None
    choices: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class ActionForm:
    """An event's form: what it asks, and how the answers become the payload."""

    title: str
    citation: str
    intro: str
    fields: tuple[Field, ...]
    build: Callable[[dict[str, Any]], Payload]
    extra: dict[str, Any] = field(default_factory=dict)


DISPOSITIONS = (("Dismissed", Disposition.DISMISSED), ("No violation", Disposition.NO_VIOLATION),
                ("Violation found", Disposition.VIOLATION_FOUND),
                ("Withdrawn", Disposition.WITHDRAWN))
DETERMINATIONS = (("Complies", Determination.COMPLIES),
                  ("Substantially complies", Determination.SUBSTANTIALLY_COMPLIES),
                  ("Does not comply", Determination.DOES_NOT_COMPLY))
METHODS = (("Certified mail, return receipt", MailMethod.CERTIFIED_RRR),
           ("First class mail", MailMethod.FIRST_CLASS),
           ("Hand delivery", MailMethod.HAND_DELIVERY), ("E-mail", MailMethod.EMAIL))


def form_for(event: Event, case: CaseFile, today: date, staff: str) -> ActionForm | None:
    """The form for ``event`` on ``case``; None for events this window does not offer."""
    respondents = tuple((r.name, r.id) for r in case.respondents)
    pending_roles = tuple((r.role.label, r.role) for r in case.reviews if r.determination is None)
    forms: dict[Event, ActionForm] = {
        Event.RETURN_UNSWORN: ActionForm(
            "Return the complaint as not sworn", "§ 2-83(c), last paragraph",
            "The complaint is returned to the complainant with a letter; it is not forwarded "
            "to the Compliance Auditor.",
            (Field("on", "Returned on", Kind.DATE, today),),
            lambda v: ReturnUnsworn(returned_on=v["on"])),
        Event.FORWARD_FOR_REVIEW: ActionForm(
            "Forward to the four reviewers", "§ 2-83(d)(1)",
            "Copies go to the Chair and Vice Chair of the Ethics Review Board, the Compliance "
            "Auditor and the City Attorney's Office; each reviews within five business days of "
            "their own receipt. The respondents are told of the complaint for information only: "
            "no response is due yet.",
            (Field("on", "Forwarded on", Kind.DATE, today),
             Field("reviewers", "Received by each reviewer", Kind.REVIEWERS, today)),
            lambda v: ForwardForReview(forwarded_on=v["on"],
                                       received_on={r: d for r, (d, _n) in v["reviewers"].items()},
                                       reviewer_names={r: n for r, (_d, n)
                                                       in v["reviewers"].items() if n})),
        Event.RECORD_REVIEW: ActionForm(
            "Record a review", "§ 2-83(d)(1)",
            "One reviewer's independent finding on the filing requirements of § 2-83(c).",
            (Field("role", "Reviewer", Kind.CHOICE, None, pending_roles),
             Field("name", "Reviewer's name", Kind.TEXT, ""),
             Field("determination", "Finding", Kind.CHOICE, None, DETERMINATIONS),
             Field("face", "States on its face an allegation that, if true, is a violation",
                   Kind.BOOL, True),
             Field("defects", "Defects, by § 2-83(c) item", Kind.DEFECTS, ()),
             Field("on", "Completed on", Kind.DATE, today),
             Field("notes", "Notes", Kind.LONG_TEXT, "")),
            lambda v: RecordReview(role=v["role"], determination=v["determination"],
                                   states_allegation_on_face=v["face"], defects=v["defects"],
                                   completed_on=v["on"], reviewer_name=v["name"],
                                   notes=v["notes"])),
        Event.ACCEPT: ActionForm(
            "Accept for the Board", "§ 2-83(d)(3)",
            "The complaint substantially complies: it is to be forwarded to the members of the "
            "Ethics Review Board and the respondents within ten business days.",
            (Field("on", "Decided on", Kind.DATE, today), Field("notes", "Notes", Kind.LONG_TEXT,
                                                               "")),
            lambda v: Accept(decided_on=v["on"], notes=v["notes"])),
        Event.RETURN_DEFECTIVE: ActionForm(
            "Return as defective", "§ 2-83(d)(3)",
            "The Compliance Auditor returns the complaint with a letter explaining each defect "
            "the reviewers recorded.",
            (Field("on", "Returned on", Kind.DATE, today),
             Field("notes", "Notes", Kind.LONG_TEXT, "")),
            lambda v: ReturnDefective(returned_on=v["on"], notes=v["notes"])),
        Event.FORWARD_CAMPAIGN_FINANCE: ActionForm(
            "Forward to the respondent (campaign finance)", "§ 2-83(d)(2)",
            "A complaint under § 2-306 or § 2-307 is forwarded to the respondent within five "
            "business days of the Compliance Auditor's receipt.",
            (Field("on", "Forwarded on", Kind.DATE, today),
             Field("deliveries", "Each respondent", Kind.DELIVERIES, today)),
            lambda v: ForwardCampaignFinance(forwarded_on=v["on"], deliveries=v["deliveries"]),
            {"respondents": respondents}),
        Event.RECORD_CURE: ActionForm(
            "Record the cure", "§ 2-83(d)(2); § 2-82(b)(2)",
            "The timely filing of the bank statement or the amended report, as verified by the "
            "City Clerk, is not a violation; the complainant is told by first class mail.",
            (Field("kind", "What was filed", Kind.CHOICE, CureKind.BANK_STATEMENT,
                   (("Campaign bank account statement", CureKind.BANK_STATEMENT),
                    ("Amended report", CureKind.AMENDED_REPORT))),
             Field("filed", "Filed on", Kind.DATE, today),
             Field("timely", "Filed in time", Kind.BOOL, True),
             Field("by", "Verified by", Kind.TEXT, staff),
             Field("verified", "Verified on", Kind.DATE, today)),
            lambda v: RecordCure(kind=v["kind"], filed_on=v["filed"], timely=v["timely"],
                                 verified_by=v["by"], verified_on=v["verified"])),
        Event.NOT_CURED: ActionForm(
            "Not cured: go on to the Board", "§ 2-83(d)(2)",
            "No timely statement or amended report: the complaint goes on to the Board.",
            (Field("on", "Decided on", Kind.DATE, today), Field("notes", "Notes", Kind.LONG_TEXT,
                                                               "")),
            lambda v: NotCured(decided_on=v["on"], notes=v["notes"])),
        Event.FORWARD_TO_BOARD: ActionForm(
            "Forward to the Board and the respondents", "§ 2-83(d)(3), (e)",
            "Each respondent gets the complaint with the (e) notice and a copy of the Ethics "
            "Code. The response clock runs from each respondent's receipt: the delivery date "
            "when known, otherwise the presumed receipt after mailing.",
            (Field("on", "Forwarded on", Kind.DATE, today),
             Field("deliveries", "Each respondent", Kind.DELIVERIES, today)),
            lambda v: ForwardToBoard(forwarded_on=v["on"], deliveries=v["deliveries"]),
            {"respondents": respondents}),
        Event.RECORD_RESPONDENT_RECEIPT: ActionForm(
            "Record a respondent's receipt", "§ 2-83(e)(1)",
            "The response is due ten business days after the respondent received the complaint.",
            (Field("respondent", "Respondent", Kind.CHOICE, None, respondents),
             Field("on", "Received on", Kind.DATE, today),
             Field("detail", "How we know", Kind.TEXT, "delivered (return receipt)")),
            lambda v: RecordRespondentReceipt(respondent_id=v["respondent"], received_on=v["on"],
                                              detail=v["detail"])),
        Event.FILE_RESPONSE: ActionForm(
            "File a sworn response", "§ 2-83(e)(1), (e)(3)",
            "The response is forwarded to the Compliance Auditor, the City Attorney's Office and "
            "the Board; a copy goes to the complainant, who may reply within five business days "
            "of receiving it.",
            (Field("respondent", "Respondent", Kind.CHOICE, None, respondents),
             Field("on", "Received on", Kind.DATE, today),
             Field("sworn", "The response is sworn", Kind.BOOL, False),
             Field("forwarded", "Forwarded on", Kind.OPTIONAL_DATE, today),
             Field("copy_mailed", "Copy mailed to the complainant on", Kind.OPTIONAL_DATE, today),
             Field("copy_received", "Copy received by the complainant on", Kind.OPTIONAL_DATE),
             Field("scan", "Scan of the response", Kind.FILE),
             Field("notes", "Notes", Kind.LONG_TEXT, "")),
            lambda v: FileResponse(respondent_id=v["respondent"], received_on=v["on"],
                                   sworn=v["sworn"], forwarded_on=v["forwarded"],
                                   copy_mailed_on=v["copy_mailed"],
                                   copy_received_on=v["copy_received"], notes=v["notes"],
                                   attachment=v["scan"])),
        Event.FILE_REPLY: ActionForm(
            "File the complainant's sworn reply", "§ 2-83(e)(3)",
            "A copy of the reply goes to the respondents.",
            (Field("on", "Received on", Kind.DATE, today),
             Field("sworn", "The reply is sworn", Kind.BOOL, False),
             Field("copy", "Copy sent to the respondents on", Kind.OPTIONAL_DATE, today),
             Field("scan", "Scan of the reply", Kind.FILE),
             Field("notes", "Notes", Kind.LONG_TEXT, "")),
            lambda v: FileReply(received_on=v["on"], sworn=v["sworn"],
                                copy_to_respondents_on=v["copy"], notes=v["notes"],
                                attachment=v["scan"])),
        Event.REQUEST_HEARING: ActionForm(
            "Record a hearing request", "§ 2-83(e)(4)",
            "The complainant or a respondent may request a hearing.",
            (Field("party", "Requested by", Kind.CHOICE, None,
                   tuple((f"{p.name} (complainant)", (PartyRole.COMPLAINANT, p.name))
                         for p in case.complainants)
                   + tuple((f"{p.name} (respondent)", (PartyRole.RESPONDENT, p.name))
                           for p in case.respondents)),
             Field("on", "Received on", Kind.DATE, today)),
            lambda v: RequestHearing(party=v["party"][0], party_name=v["party"][1],
                                     received_on=v["on"])),
        Event.RESOLVE: ActionForm(
            "Resolve the complaint", "§ 2-83(d)(4)",
            "Every clock stops; the respondents are to be notified of the resolution.",
            (Field("disposition", "Disposition", Kind.CHOICE, None, DISPOSITIONS),
             Field("on", "Decided on", Kind.DATE, today),
             Field("notes", "Notes", Kind.LONG_TEXT, "")),
            lambda v: Resolve(disposition=v["disposition"], decided_on=v["on"],
                              notes=v["notes"])),
        Event.DISCARD: ActionForm(
            "Discard the draft", "—", "The draft is kept in the record but no longer listed.",
            (Field("reason", "Why", Kind.TEXT, ""),),
            lambda v: DiscardDraft(reason=v["reason"])),
    }
    return forms.get(event)


class DefectsTable(QWidget):
    """Rows of (the § 2-83(c) item, a note)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, 2, self)
        self.table.setHorizontalHeaderLabels(["§ 2-83(c) item", "Note"])
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.setMinimumHeight(110)
        add = QPushButton("Add a &defect", self)
        add.clicked.connect(lambda: self.add())
        remove = QPushButton("Remove the selected defect", self)
        remove.clicked.connect(lambda: self.table.removeRow(self.table.currentRow()))
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)

    def add(self, item: DefectItem | None = None, note: str = "") -> None:
        """A row for one defect."""
        row = self.table.rowCount()
        self.table.insertRow(row)
        combo = QComboBox(self.table)
        for member in DefectItem:
            combo.addItem(f"{member.citation} — {member.label}", member.value)
        if item is not None:
            combo.setCurrentIndex(list(DefectItem).index(item))
        self.table.setCellWidget(row, 0, combo)
        note_edit = QLineEdit(note, self.table)
        self.table.setCellWidget(row, 1, note_edit)

    def value(self) -> tuple[tuple[DefectItem, str], ...]:
        """The defects entered."""
        rows = []
        for row in range(self.table.rowCount()):
            combo = self.table.cellWidget(row, 0)
            note = self.table.cellWidget(row, 1)
            assert isinstance(combo, QComboBox) and isinstance(note, QLineEdit)
            rows.append((DefectItem(combo.currentData()), note.text().strip()))
        return tuple(rows)


class FileField(QWidget):
    """An optional scan: its name, a Choose… button, and the file as read and checked."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.attachment: AttachmentData | None = None
        self.name = QLineEdit(self)
        self.name.setReadOnly(True)
        self.name.setPlaceholderText("No file chosen (optional)")
        choose = QPushButton("C&hoose…", self)
        choose.clicked.connect(self.choose)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.name, 1)
        row.addWidget(choose)

    def choose(self) -> None:
        """The file dialog."""
        name, _ = QFileDialog.getOpenFileName(self, "Choose the scan", "", FILE_FILTER)
        if name:
            self.load(Path(name))

    def load(self, path: Path) -> None:
        """Read a file through the same checks as the intake's attachments."""
        self.attachment = read_attachment(path)
        self.name.setText(f"{self.attachment.file_name} (SHA-256 "
                          f"{self.attachment.sha256[:12]}…)")


class ActionDialog(QDialog):
    """The form of one action; OK hands the payload to ``submit``, which says if it was saved."""

    def __init__(self, form: ActionForm, submit: Callable[[Payload], bool],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.form = form
        self.submit = submit
        self.setWindowTitle(f"{form.title} — {form.citation}")
        self.inputs: dict[str, Any] = {}
        intro = QLabel(f"<b>{form.title}</b> ({form.citation})<br>{form.intro}", self)
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        grid = QFormLayout()
        for spec in form.fields:
            widget = self._widget(spec)
            if spec.kind is Kind.BOOL:
                grid.addRow("", widget)
            else:
                label = QLabel(f"{spec.label}:", self)
                label.setBuddy(widget)
                grid.addRow(label, widget)
        layout.addLayout(grid)
        self.message = FieldMessage(self)
        self.message.setObjectName("actionMessage")
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Save")
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, self.sizeHint().height())

    def _widget(self, spec: Field) -> QWidget:
        widget: QWidget
        if spec.kind in (Kind.DATE, Kind.OPTIONAL_DATE):
            edit: QDateEdit = date_edit(self)
            set_date(edit, spec.default)
            widget = edit
        elif spec.kind is Kind.TEXT:
            widget = QLineEdit(str(spec.default or ""), self)
        elif spec.kind is Kind.LONG_TEXT:
            box = text_box(self, 60)
            box.setPlainText(str(spec.default or ""))
            widget = box
        elif spec.kind is Kind.BOOL:
            check = QCheckBox(spec.label, self)
            check.setChecked(bool(spec.default))
            widget = check
        elif spec.kind is Kind.CHOICE:
            # Qt would turn enum values into plain strings: the items carry indexes instead.
            combo = QComboBox(self)
            if spec.default is None:
                combo.addItem("— choose —", -1)
            for number, (label, _value) in enumerate(spec.choices):
                combo.addItem(label, number)
            if spec.default is not None:
                combo.setCurrentIndex(max(0, [v for _l, v in spec.choices].index(spec.default)))
            widget = combo
        elif spec.kind is Kind.DEFECTS:
            widget = DefectsTable(self)
        elif spec.kind is Kind.FILE:
            widget = FileField(self)
        elif spec.kind is Kind.REVIEWERS:
            widget = self._reviewers(spec.default)
        else:
            widget = self._deliveries(spec.default)
        widget.setObjectName(spec.key)
        self.inputs[spec.key] = widget
        return widget

    def _reviewers(self, day: date) -> QWidget:
        holder = QWidget(self)
        grid = QGridLayout(holder)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel("<i>Received on</i>"), 0, 1)
        grid.addWidget(QLabel("<i>Reviewer's name (optional)</i>"), 0, 2)
        self.reviewer_inputs: dict[ReviewerRole, tuple[QDateEdit, QLineEdit]] = {}
        for row, role in enumerate(ReviewerRole, start=1):
            when = date_edit(holder)
            set_date(when, day)
            name = QLineEdit(holder)
            grid.addWidget(QLabel(role.label), row, 0)
            grid.addWidget(when, row, 1)
            grid.addWidget(name, row, 2)
            self.reviewer_inputs[role] = (when, name)
        return holder

    def _deliveries(self, day: date) -> QWidget:
        holder = QWidget(self)
        grid = QGridLayout(holder)
        grid.setContentsMargins(0, 0, 0, 0)
        for column, text in enumerate(("", "Mailed on", "Received on (if known)", "How"), 0):
            grid.addWidget(QLabel(f"<i>{text}</i>"), 0, column)
        self.delivery_inputs: dict[int, tuple[QDateEdit, QDateEdit, QComboBox]] = {}
        for row, (name, respondent_id) in enumerate(self.form.extra.get("respondents", ()), 1):
            mailed = date_edit(holder)
            set_date(mailed, day)
            received = date_edit(holder)
            method = QComboBox(holder)
            for number, (label, _value) in enumerate(METHODS):
                method.addItem(label, number)
            grid.addWidget(QLabel(name), row, 0)
            grid.addWidget(mailed, row, 1)
            grid.addWidget(received, row, 2)
            grid.addWidget(method, row, 3)
            self.delivery_inputs[respondent_id] = (mailed, received, method)
        return holder

    def values(self) -> dict[str, Any]:
        """The answers, typed as the payload wants them; a missing required answer raises."""
        out: dict[str, Any] = {}
        for spec in self.form.fields:
            widget = self.inputs[spec.key]
            if spec.kind is Kind.DATE:
                value = get_date(widget)
                if value is None:
                    raise ValueError(f"Enter the date: {spec.label.lower()}.")
                out[spec.key] = value
            elif spec.kind is Kind.OPTIONAL_DATE:
                out[spec.key] = get_date(widget)
            elif spec.kind is Kind.TEXT:
                out[spec.key] = widget.text().strip()
            elif spec.kind is Kind.LONG_TEXT:
                out[spec.key] = widget.toPlainText().strip()
            elif spec.kind is Kind.BOOL:
                out[spec.key] = widget.isChecked()
            elif spec.kind is Kind.CHOICE:
                number = widget.currentData()
                if number is None or number < 0:
                    raise ValueError(f"Choose: {spec.label.lower()}.")
                out[spec.key] = spec.choices[number][1]
            elif spec.kind is Kind.DEFECTS:
                out[spec.key] = widget.value()
            elif spec.kind is Kind.FILE:
                out[spec.key] = widget.attachment
            elif spec.kind is Kind.REVIEWERS:
                reviewers = {}
                for role, (when, name) in self.reviewer_inputs.items():
                    day = get_date(when)
                    if day is None:
                        raise ValueError(f"Enter the date the {role.label} received it.")
                    reviewers[role] = (day, name.text().strip())
                out[spec.key] = reviewers
            else:
                out[spec.key] = tuple(
                    Delivery(respondent_id, mailed_on=get_date(mailed),
                             received_on=get_date(received),
                             method=METHODS[method.currentData()][1],
                             detail="delivered" if get_date(received) else "")
                    for respondent_id, (mailed, received, method)
                    in self.delivery_inputs.items())
        return out

    def save(self) -> None:
        """Build the payload and hand it over; stay open (everything kept) if it is refused."""
        try:
            payload = self.form.build(self.values())
        except ValueError as exc:
            self.message.say(str(exc))
            return
        if self.submit(payload):
            self.accept()

    def show_refusal(self, text: str) -> None:
        """Say why the controller refused, under the form."""
        self.message.say(text)


