"""What the clerk collects at the counter, as plain data, and the § 2-83(c) checks on it.

The intake wizard fills an :class:`Intake`; the workflow controller stores it as a draft and
files it. Nothing here touches the database except :func:`apply_intake`, which the controller
calls inside its transaction.
"""

from __future__ import annotations

import hashlib
import mimetypes
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.chosen_files import FileTooLarge, NotARegularFile, read_chosen_file
from ethics_desk.core.errors import UserError
from ethics_desk.core.parties import respondent_key
from ethics_desk.models import (
    NOTARY_PUBLIC,
    Affirmation,
    Allegation,
    Attachment,
    CaseState,
    Complainant,
    Complaint,
    DocumentItem,
    DocumentList,
    KnowledgeBasis,
    Language,
    Oath,
    Provision,
    Respondent,
    Route,
    ViolationPeriod,
    Witness,
    is_notary,
)

MAX_WITNESS_NAME = 200
"""The longest name a witness row holds (the case window's limit too)."""

MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024
"""The largest attachment accepted (a scanned exhibit); larger files are refused with a message."""
ACCEPTED_TYPES = frozenset({"application/pdf", "image/png", "image/jpeg", "image/tiff",
                            "image/gif", "image/bmp", "image/webp"})
"""The kinds of file an attachment may be, by its name: a PDF or an image."""

PHONE_PATTERN = re.compile(
    r"^\s*(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}"
    r"(?:\s*(?:x|ext\.?|extension)\s*\d{1,6})?\s*$", re.IGNORECASE)


@dataclass
class ComplainantData:
    """(c)(1)–(2): who files, and how to reach them."""

    name: str = ""
    address: str = ""
    phone: str = ""
    email: str = ""
    is_board_member_or_staff: bool = False
    acting_for_board: bool = False
    preferred_language: Language = Language.ENGLISH
    """The language of the papers addressed to the complainant (the receipt, the letters)."""


@dataclass
class RespondentData:
    """(c)(3)–(4): each person complained about."""

    name: str = ""
    title: str = ""
    department: str = ""
    address: str = ""
    email: str = ""
    preferred_language: Language = Language.ENGLISH
    """The language of the papers addressed to the respondent (the notice of resolution)."""


@dataclass
class AttachmentData:
    """A file the complainant hands over (c)(7)."""

    file_name: str
    media_type: str
    content: bytes

    @property
    def sha256(self) -> str:
        """The file's SHA-256, recorded with it."""
        return hashlib.sha256(self.content).hexdigest()


def read_attachment(path: Path) -> AttachmentData:
    """The file ``path`` as an attachment (an exhibit at the intake, a scan in a case's papers),
    read only when it is a PDF or an image by its name, a regular file — never a device, a
    pipe or a folder, nor a link to one (a link named ``exhibit.pdf`` to ``/dev/zero`` was once
    read until memory ran out) — and of at most :data:`MAX_ATTACHMENT_BYTES`; otherwise a
    :class:`UserError` naming the file and the fix."""
    media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if media_type not in ACCEPTED_TYPES:
        raise UserError(f"“{path.name}” is not a PDF or an image.",
                        "Scan or save it as a PDF, then attach that.")
    limit = MAX_ATTACHMENT_BYTES
    try:
        content = read_chosen_file(path, limit)
    except NotARegularFile:
        raise UserError(f"“{path}” is not a file that can be attached: it is a device, a pipe "
                        "or a folder (or a link to one), so it was not read.",
                        "Choose the scanned file itself, a PDF or an image.") from None
    except FileTooLarge as exc:
        size = (f"{exc.size / 1024 / 1024:.1f} MB" if exc.size > limit + 1
                else f"more than {limit // 1024 // 1024} MB")
        raise UserError(f"“{path.name}” is {size}; the limit is {limit // 1024 // 1024} MB.",
                        "Scan it at a lower resolution or split it into parts.") from None
    except OSError as exc:
        raise UserError(f"“{path.name}” could not be read: {exc.strerror or exc}.",
                        "Check that the file is there and that you may read it.") from exc
    return AttachmentData(path.name, media_type, content)


@dataclass
class DocumentData:
    """One entry on a (c)(7) list; ``attachment`` only for documents in possession."""

    list_kind: DocumentList
    description: str = ""
    location: str = ""
    attachment: AttachmentData | None = None


@dataclass
class WitnessData:
    """A witness or potential witness named at the counter, § 2-83(h)(1), with who identified them.

    ``identified_by`` is a key into the intake itself: ``"complainant"``, the
    :func:`~ethics_desk.core.parties.respondent_key` of a respondent's position in
    :attr:`Intake.respondents` (an intake's respondents have no ids yet) or ``"witness:<j>"`` (a
    witness listed before this one); ``""`` while nobody is chosen. The stored row holds the
    label instead ("José Peña (complainant)"), as the case window records it
    (:func:`identifier_label`).
    """

    name: str = ""
    identified_by: str = ""
    contact: str = ""


@dataclass
class OathData:
    """The affidavit and the oath (c): what is affirmed, on what basis, sworn before whom."""

    affirmation: Affirmation | None = None
    knowledge: KnowledgeBasis | None = None
    source_and_basis: str = ""
    sworn: bool | None = None  # None: not yet recorded
    officer_title: str = NOTARY_PUBLIC
    """Before whom it was sworn: a notary public or another officer authorised to administer
    oaths (Gov't Code § 602.002); ``notary_name`` is that officer's name."""
    notary_name: str = ""
    notary_commission_number: str = ""
    notary_commission_expires: date | None = None
    county: str = ""
    sworn_on: date | None = None


@dataclass
class Intake:
    """Everything § 2-83(c) asks of a complaint, as the clerk collected it."""

    complainant: ComplainantData = field(default_factory=ComplainantData)
    respondents: list[RespondentData] = field(default_factory=list)
    nature: str = ""
    provision_ids: list[int] = field(default_factory=list)
    provision_unsure: bool = False
    route: Route | None = None
    facts: str = ""
    violation_period: ViolationPeriod | None = None
    violation_start: date | None = None
    violation_end: date | None = None
    documents: list[DocumentData] = field(default_factory=list)
    oath: OathData = field(default_factory=OathData)
    witnesses: list[WitnessData] = field(default_factory=list)
    """Optional: the witnesses the complainant names at the counter, § 2-83(h)(1)."""
    refiling_of: int | None = None
    """The complaint this one refiles, one returned as not sworn (§ 2-83(c), last paragraph) or
    as defective (§ 2-83(d)(3)), as the Clerk chose it at the review
    (:mod:`ethics_desk.intake.refiling`)."""


@dataclass(frozen=True)
class Problem:
    """A missing or invalid element: where (a field path), what, and the rule it comes from.

    ``warning``: an element of § 2-83(c) the complaint lacks — the Clerk files what the
    complainant brings, and the Compliance Auditor's review decides whether it substantially
    complies (§ 2-83(d)(3)); the intake shows it, with its citation, and goes on. Any other
    problem (no complainant's name, the oath not recorded, a mistyped entry) stops the filing:
    without it there is no record to file.
    """

    field: str
    message: str
    citation: str
    warning: bool = False


def blocking(problems: list[Problem]) -> list[Problem]:
    """The problems that stop a filing (not the warnings of a missing (c) element)."""
    return [p for p in problems if not p.warning]


def _missing(field: str, message: str, citation: str) -> Problem:
    """A (c) element the complaint lacks: a warning for the Compliance Auditor's review."""
    return Problem(field, message, citation, warning=True)


def valid_phone(phone: str) -> bool:
    """A US telephone number: 10 digits, optional +1, separators and extension."""
    return bool(PHONE_PATTERN.match(phone))


def check_complainant(data: ComplainantData) -> list[Problem]:
    """(c)(1)–(2)."""
    problems = []
    if not data.name.strip():
        problems.append(Problem("complainant.name", "Enter the complainant's name.",
                                "§ 2-83(c)(1)"))
    if not data.address.strip():
        problems.append(_missing("complainant.address",
                                 "Enter the complainant's street or mailing address.",
                                 "§ 2-83(c)(2)"))
    if not data.phone.strip():
        problems.append(_missing("complainant.phone", "Enter the complainant's telephone number.",
                                 "§ 2-83(c)(2)"))
    elif not valid_phone(data.phone):
        problems.append(_missing("complainant.phone",
                                 f"“{data.phone}” is not a US telephone number; check it — a "
                                 "number abroad is kept as given.", "§ 2-83(c)(2)"))
    if data.email.strip() and not re.match(r"^[^@\s]+@[^@\s]+\.[^@\s]+$", data.email.strip()):
        problems.append(Problem("complainant.email",
                                f"“{data.email}” is not an e-mail address; correct it or leave it "
                                "empty.", "§ 2-83(c)(2)"))
    if data.acting_for_board and not data.is_board_member_or_staff:
        problems.append(Problem("complainant.acting_for_board",
                                "Only a Board member or staff can act on behalf of the Board.",
                                "§ 2-83(a)"))
    return problems


def check_respondents(respondents: list[RespondentData]) -> list[Problem]:
    """(c)(3)–(4): at least one, each with a name and a position or title."""
    if not respondents:
        return [_missing("respondents", "Add at least one person complained about.",
                         "§ 2-83(c)(3)")]
    problems = []
    for index, respondent in enumerate(respondents):
        label = f"respondent {index + 1}"
        if not respondent.name.strip():
            problems.append(Problem(f"respondents[{index}].name",
                                    f"Enter the name of {label}.", "§ 2-83(c)(3)"))
        if not respondent.title.strip():
            problems.append(_missing(f"respondents[{index}].title",
                                     f"Enter the position or title of {label}.", "§ 2-83(c)(4)"))
    return problems


def check_allegation(intake: Intake) -> list[Problem]:
    """(c)(5): the nature of the alleged violation."""
    if not intake.nature.strip():
        return [_missing("nature", "Describe the nature of the alleged violation.",
                         "§ 2-83(c)(5)")]
    return []


def check_facts(intake: Intake) -> list[Problem]:
    """(c)(6): the facts, and the date or period."""
    problems = []
    if not intake.facts.strip():
        problems.append(_missing("facts", "Enter the statement of facts.", "§ 2-83(c)(6)"))
    if intake.violation_period is None or intake.violation_start is None:
        problems.append(_missing("violation_start",
                                 "Give the date or period of the alleged violation.",
                                 "§ 2-83(c)(6)"))
    elif intake.violation_period is ViolationPeriod.RANGE and (
            intake.violation_end is None or intake.violation_end < intake.violation_start):
        problems.append(Problem("violation_end",
                                "Give the end of the period, on or after its start.",
                                "§ 2-83(c)(6)"))
    return problems


def identifiers(intake: Intake, before: int) -> list[tuple[str, str]]:
    """Who may identify witness ``before`` (0-based), as ``(key, label)``: the complainant, each
    respondent, and each witness listed above it, § 2-83(h)(1) — each only once named."""
    found = []
    if intake.complainant.name.strip():
        found.append(("complainant", f"{intake.complainant.name.strip()} (complainant)"))
    found += [(respondent_key(i), f"{r.name.strip()} (respondent)")
              for i, r in enumerate(intake.respondents) if r.name.strip()]
    found += [(f"witness:{j}", f"{w.name.strip()} (witness)")
              for j, w in enumerate(intake.witnesses[:before]) if w.name.strip()]
    return found


def identifier_label(intake: Intake, index: int) -> str:
    """The label of who identified witness ``index`` ("José Peña (complainant)"), as the Witness
    row keeps it; ``""`` when nobody (or nobody the intake still holds) is chosen."""
    key = intake.witnesses[index].identified_by
    return dict(identifiers(intake, index)).get(key, "") if key else ""


def check_witnesses(intake: Intake) -> list[Problem]:
    """(h)(1): none are required; each one listed has a name and who identified them."""
    problems = []
    for index, witness in enumerate(intake.witnesses):
        label = f"witness {index + 1}"
        name = witness.name.strip()
        if not name:
            problems.append(Problem(f"witnesses[{index}].name",
                                    f"Enter the name of {label}, or remove the row.",
                                    "§ 2-83(h)(1)"))
        elif len(name) > MAX_WITNESS_NAME:
            problems.append(Problem(f"witnesses[{index}].name",
                                    f"The name of {label} is longer than {MAX_WITNESS_NAME} "
                                    "characters; shorten it.", "§ 2-83(h)(1)"))
        if not identifier_label(intake, index):
            problems.append(Problem(f"witnesses[{index}].identified_by",
                                    f"Choose who identified {label}: the complainant, a "
                                    "respondent or a witness listed above.", "§ 2-83(h)(1)"))
    return problems


def check_documents(intake: Intake) -> list[Problem]:
    """(c)(7): attachments within the size limit; every listed item described."""
    problems = []
    for index, doc in enumerate(intake.documents):
        if not doc.description.strip() and doc.attachment is None:
            problems.append(Problem(f"documents[{index}].description",
                                    "Describe the document or remove the empty line.",
                                    "§ 2-83(c)(7)"))
        if doc.attachment is not None and len(doc.attachment.content) > MAX_ATTACHMENT_BYTES:
            size_mb = len(doc.attachment.content) / 1024 / 1024
            problems.append(Problem(f"documents[{index}].attachment",
                                    f"“{doc.attachment.file_name}” is {size_mb:.1f} MB; the limit "
                                    f"is {MAX_ATTACHMENT_BYTES // 1024 // 1024} MB. Scan it at a "
                                    "lower resolution or split it.", "§ 2-83(c)(7)"))
    return problems


def check_affidavit(oath: OathData) -> list[Problem]:
    """The affidavit of (c), and the source and basis of information and belief."""
    problems = []
    if oath.affirmation is None:
        problems.append(_missing("oath.affirmation",
                                 "Choose what the affidavit states: true and correct, or good "
                                 "reason to believe.", "§ 2-83(c)"))
    if oath.knowledge is None:
        problems.append(_missing("oath.knowledge",
                                 "Choose personal knowledge or information and belief.",
                                 "§ 2-83(c)"))
    elif oath.knowledge is KnowledgeBasis.INFORMATION_AND_BELIEF and \
            not oath.source_and_basis.strip():
        problems.append(_missing("oath.source_and_basis",
                                 "A complaint on information and belief must state the source "
                                 "and basis of the information and belief.", "§ 2-83(c)"))
    return problems


def check_oath(oath: OathData) -> list[Problem]:
    """The oath record: sworn or not, and before whom when sworn."""
    if oath.sworn is None:
        return [Problem("oath.sworn", "Record whether the complainant swore to the complaint.",
                        "§ 2-83(c)")]
    if not oath.sworn:
        return []
    problems = []
    if not oath.officer_title.strip():
        problems.append(Problem("oath.officer_title",
                                "Enter the title of the officer who administered the oath: a "
                                "notary public, or another officer the law authorises.",
                                "§ 2-83(c); Gov't Code § 602.002"))
    notary = is_notary(oath.officer_title)
    for attr, label in (("notary_name", "the notary's name" if notary else
                         "the name of the officer who administered the oath"),
                        ("county", "the county where it was sworn")):
        if not getattr(oath, attr).strip():
            problems.append(Problem(f"oath.{attr}", f"Enter {label}.", "§ 2-83(c)"))
    if oath.sworn_on is None:
        problems.append(Problem("oath.sworn_on", "Enter the date it was sworn.", "§ 2-83(c)"))
    if notary and oath.notary_commission_expires is not None and oath.sworn_on is not None \
            and oath.notary_commission_expires < oath.sworn_on:
        problems.append(_missing("oath.notary_commission_expires",
                                 "The notary's commission had expired on the date sworn; check "
                                 "the dates or have the oath taken again.",
                                 "Gov't Code § 406.013"))
    return problems


def check_intake(intake: Intake) -> list[Problem]:
    """Every problem of the intake, in the order of § 2-83(c) (the witnesses of (h)(1), entered
    with the facts, after them): those that stop the filing, and the warnings of a (c) element
    missing (:func:`blocking` keeps the first)."""
    return (check_complainant(intake.complainant) + check_respondents(intake.respondents)
            + check_allegation(intake) + check_facts(intake) + check_witnesses(intake)
            + check_documents(intake) + check_affidavit(intake.oath) + check_oath(intake.oath))


REFILABLE = frozenset({CaseState.RETURNED_UNSWORN, CaseState.RETURNED_DEFECTIVE})
"""The states of a complaint a new one may refile: returned to the complainant as not sworn
(§ 2-83(c), last paragraph) or as defective (§ 2-83(d)(3))."""


def _refiled(session: Session, complaint: Complaint, earlier_id: int | None) -> int | None:
    """The complaint ``complaint`` refiles, checked: a filed one returned to the complainant."""
    if earlier_id is None:
        return None
    earlier = session.get(Complaint, earlier_id)
    if earlier is None or earlier.id == complaint.id or earlier.case_number is None:
        raise UserError("The complaint this one refiles is not on record.",
                        "Choose it again at the review step, or choose none.")
    if earlier.state not in REFILABLE:
        raise UserError(f"{earlier.case_number} is “{earlier.state.label}”: only a complaint "
                        "returned as not sworn or as defective is refiled (§ 2-83(c), (d)(3)).",
                        "Choose none at the review step; if it is the same complaint, tell the "
                        "complainant it is already on file.")
    return earlier.id


def route_for(session: Session, provision_ids: list[int]) -> Route:
    """(d)(2): any §§ 2-306/2-307 provision puts the complaint on the campaign-finance route."""
    if provision_ids and session.scalar(
            select(Provision.id).where(Provision.id.in_(provision_ids),
                                       Provision.campaign_finance_route.is_(True)).limit(1)):
        return Route.CAMPAIGN_FINANCE
    return Route.ETHICS_CODE


AT_INTAKE = "the sworn complaint, at intake"
"""Who gave an e-mail address taken at the counter: the complaint form (§ 2-83(c)) — the
complainant's own, and the respondent's as the complainant gave it."""


def apply_intake(session: Session, complaint: Complaint, intake: Intake, actor: str,
                 now: datetime) -> None:
    """Replace the draft's parties, allegations, documents, oath and witnesses with ``intake``.

    Attachments already stored with the same SHA-256 are kept, not written again (the draft is
    saved as the clerk types); new ones are stamped ``now``, the time of the save. The inbox's
    listing columns are the caller's to refresh (:func:`ethics_desk.cases.listing.
    refresh_listing`; the cases lie above the counter).
    """
    with session.no_autoflush:
        _apply(session, complaint, intake, actor, now)


def _apply(session: Session, complaint: Complaint, intake: Intake, actor: str,
           now: datetime) -> None:
    c = intake.complainant
    complainant = Complainant(address=c.address.strip(), phone=c.phone.strip(),
                              email=c.email.strip(),
                              email_given_by=AT_INTAKE if c.email.strip() else "",
                              is_board_member_or_staff=c.is_board_member_or_staff,
                              acting_for_board=c.acting_for_board,
                              preferred_language=c.preferred_language)
    complainant.set_name(c.name.strip())
    complaint.complainants = [complainant]
    respondents = []
    for position, r in enumerate(intake.respondents):
        respondent = Respondent(position=position, title=r.title.strip(),
                                department=r.department.strip(), address=r.address.strip(),
                                email=r.email.strip(),
                                email_given_by=AT_INTAKE if r.email.strip() else "",
                                preferred_language=r.preferred_language)
        respondent.set_name(r.name.strip())
        respondents.append(respondent)
    complaint.respondents = respondents
    complaint.nature = intake.nature.strip()
    complaint.allegations = [
        Allegation(position=i, provision_id=pid, description=intake.nature.strip())
        for i, pid in enumerate(intake.provision_ids)
    ] or ([Allegation(position=0, provision_id=None, description=intake.nature.strip())]
          if intake.nature.strip() or intake.provision_unsure else [])
    complaint.route = intake.route or route_for(session, intake.provision_ids)
    complaint.route_confirmed = intake.route is not None
    complaint.facts = intake.facts
    complaint.violation_period = intake.violation_period
    complaint.refiling_of_id = _refiled(session, complaint, intake.refiling_of)
    complaint.violation_start = intake.violation_start
    complaint.violation_end = intake.violation_end if \
        intake.violation_period is ViolationPeriod.RANGE else None
    stored = {(a.sha256, a.file_name): a for a in complaint.attachments}
    documents = []
    attachments = []
    for position, doc in enumerate(intake.documents):
        item = DocumentItem(position=position, list_kind=doc.list_kind,
                            description=doc.description.strip(), location=doc.location.strip())
        if doc.attachment is not None and doc.list_kind is DocumentList.IN_POSSESSION:
            key = (doc.attachment.sha256, doc.attachment.file_name)
            attachment = stored.pop(key, None) or Attachment(
                file_name=doc.attachment.file_name, media_type=doc.attachment.media_type,
                size=len(doc.attachment.content), sha256=doc.attachment.sha256,
                content=doc.attachment.content, added_by=actor, added_at=now)
            attachments.append(attachment)
            item.attachment = attachment
        documents.append(item)
    complaint.attachments = attachments
    complaint.documents = documents
    o = intake.oath
    oath = complaint.oath or Oath()
    oath.affirmation = o.affirmation
    oath.knowledge = o.knowledge
    oath.source_and_basis = o.source_and_basis.strip()
    oath.sworn = o.sworn
    oath.officer_title = o.officer_title.strip()
    oath.notary_name = o.notary_name.strip()
    notary = is_notary(o.officer_title)  # a commission and seal are a notary's only
    oath.notary_commission_number = o.notary_commission_number.strip() if notary else ""
    oath.notary_commission_expires = o.notary_commission_expires if notary else None
    oath.county = o.county.strip()
    oath.sworn_on = o.sworn_on
    complaint.oath = oath
    witnesses = []
    for index, w in enumerate(intake.witnesses):
        witness = Witness(identified_by=identifier_label(intake, index), contact=w.contact.strip())
        witness.set_name(w.name.strip())
        witnesses.append(witness)
    complaint.witnesses = witnesses
