"""The records of Ethics Desk: SQLAlchemy 2 typed ORM, one module per aggregate."""

from ethics_desk.core.vocabulary import *  # noqa: F403 - the vocabularies are part of the model API
from ethics_desk.models import document_text  # noqa: F401 - reads each document's text once
from ethics_desk.models.audit import AuditRecord, AuditRedaction
from ethics_desk.models.base import Base
from ethics_desk.models.board import (
    Ballot,
    BoardMember,
    BoardTerm,
    BoardVote,
    CivilPenalty,
    Election,
    Hearing,
    Sanction,
    SanctionFactorNote,
    ShowCauseFactor,
    ShowCauseOrder,
)
from ethics_desk.models.calendar import CalendarDay
from ethics_desk.models.complaint import (
    Allegation,
    Attachment,
    Complainant,
    Complaint,
    DocumentItem,
    Oath,
    Provision,
    Respondent,
    Witness,
)
from ethics_desk.models.deadline import Deadline
from ethics_desk.models.filing import Filing, ResponseForward
from ethics_desk.models.hearing_record import RecordEntry
from ethics_desk.models.journal import JournalRecord, JournalRedaction
from ethics_desk.models.mail import IssuedDocument, Mailing
from ethics_desk.models.note import CaseNote
from ethics_desk.models.office_paper import OfficePaper
from ethics_desk.models.office_report import OfficeReport
from ethics_desk.models.outlook import CalendarEvent, CalendarFeed
from ethics_desk.models.party_link import PartyLink
from ethics_desk.models.public_information import (
    InformationRequest,
    RequestedRecord,
    RequestPaper,
)
from ethics_desk.models.register import CaseRegister
from ethics_desk.models.retention import DisposalRecord, HeldCase, LegalHold
from ethics_desk.models.review import (
    Cure,
    Decision,
    Review,
    ReviewDefect,
    RuleNotice,
    ViolationFinding,
)
from ethics_desk.models.saved_view import SavedInboxView
from ethics_desk.models.setting import Setting
from ethics_desk.models.staff import SignInDelay, StaffAccount
from ethics_desk.models.stated_date import StatedDate

__all__ = [
    "Allegation",
    "Attachment",
    "AuditRecord",
    "AuditRedaction",
    "Ballot",
    "Base",
    "BoardMember",
    "BoardTerm",
    "BoardVote",
    "CalendarDay",
    "CalendarEvent",
    "CalendarFeed",
    "CaseNote",
    "CaseRegister",
    "CivilPenalty",
    "Complainant",
    "Complaint",
    "Cure",
    "Deadline",
    "Decision",
    "DisposalRecord",
    "DocumentItem",
    "Election",
    "Filing",
    "Hearing",
    "HeldCase",
    "InformationRequest",
    "IssuedDocument",
    "JournalRecord",
    "JournalRedaction",
    "LegalHold",
    "Mailing",
    "Oath",
    "OfficePaper",
    "OfficeReport",
    "PartyLink",
    "Provision",
    "RecordEntry",
    "RequestPaper",
    "RequestedRecord",
    "Respondent",
    "ResponseForward",
    "Review",
    "ReviewDefect",
    "RuleNotice",
    "Sanction",
    "SanctionFactorNote",
    "SavedInboxView",
    "Setting",
    "ShowCauseFactor",
    "ShowCauseOrder",
    "SignInDelay",
    "StaffAccount",
    "StatedDate",
    "ViolationFinding",
    "Witness",
]
